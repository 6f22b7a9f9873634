//! The `jira` family: the issue-tracker tools over each tenant's tracker — its Jira site
//! when one is connected, else the built-in tracker. The jira-agent (`family:jira`) gets
//! these tools.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;
use waybill_tools::codes::ErrorCode;
use waybill_tools::{Family, Migrations, Services, Tool, typed};

use crate::connections::Trackers;
use crate::tools::{CreateIssueTool, CreateMetaTool, DoTransitionTool, ProjectsTool, SearchTool, TrackerFor, TransitionsTool};

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// `[tools.jira]`: nothing to set yet (a tenant's Jira site is connected by its admins).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct JiraConfig {}

/// The issue-tracker family.
pub struct Jira;

impl Family for Jira {
    const NAME: &'static str = "jira";
    type Config = JiraConfig;

    fn tools(&self, _: &JiraConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let trackers: Arc<dyn TrackerFor> = Arc::new(Trackers::new(services.store.clone(), services.sealer.clone(), services.outbound.clone()));
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

    fn error_codes(&self) -> &'static [ErrorCode] {
        crate::connections::CODES
    }
}
