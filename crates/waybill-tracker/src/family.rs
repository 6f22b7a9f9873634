//! The `jira` family: the issue-tracker tools over each tenant's tracker. Every tenant
//! has the built-in tracker; the jira-agent (`family:jira`) gets these tools.

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::Deserialize;
use waybill_tools::{Family, Migrations, Services, Tool, ToolError, typed};

use crate::builtin::BuiltIn;
use crate::tools::{CreateIssueTool, CreateMetaTool, DoTransitionTool, ProjectsTool, SearchTool, TrackerFor, TransitionsTool};
use crate::tracker::Tracker;

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// `[tools.jira]`: nothing to set yet (a tenant's Jira site is connected by its admins).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct JiraConfig {}

/// The issue-tracker family.
pub struct Jira;

/// Each tenant's tracker: the built-in one.
struct Trackers {
    builtin: Arc<BuiltIn>,
}

impl TrackerFor for Trackers {
    fn tracker_for<'a>(&'a self, _: &'a str) -> BoxFuture<'a, Result<Arc<dyn Tracker>, ToolError>> {
        let tracker: Arc<dyn Tracker> = self.builtin.clone();
        Box::pin(std::future::ready(Ok(tracker)))
    }
}

impl Family for Jira {
    const NAME: &'static str = "jira";
    type Config = JiraConfig;

    fn tools(&self, _: &JiraConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let trackers: Arc<dyn TrackerFor> = Arc::new(Trackers { builtin: Arc::new(BuiltIn::new(services.store.clone())) });
        vec![
            typed(ProjectsTool { trackers: trackers.clone() }),
            typed(CreateMetaTool { trackers: trackers.clone() }),
            typed(CreateIssueTool { trackers: trackers.clone() }),
            typed(SearchTool { trackers: trackers.clone() }),
            typed(TransitionsTool { trackers: trackers.clone() }),
            typed(DoTransitionTool { trackers }),
        ]
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &SQLITE, postgres: &POSTGRES })
    }
}
