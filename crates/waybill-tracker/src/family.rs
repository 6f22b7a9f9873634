//! The `jira` family: the issue-tracker tools over each tenant's tracker — its Jira site
//! when one is connected, else the built-in tracker. The jira-agent (`family:jira`) gets
//! these tools.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};
use waybill_tools::codes::ErrorCode;
use waybill_tools::config::{ConfigError, section};
use waybill_tools::{Built, Family, Migrations, Services, Slice, typed};

use crate::connections::Trackers;
use crate::jira::oauth::OAuthApp;
use crate::tools::{CreateIssueTool, CreateMetaTool, DoTransitionTool, ProjectsTool, SearchTool, TrackerFor, TransitionsTool};

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// `[tools.jira]`: signing in with Atlassian (OAuth 2.0 3LO). Each tenant's Jira site is
/// connected by its administrators; with no client id they sign in with tokens only.
#[derive(Clone, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct JiraConfig {
    /// The client id of Waybill's OAuth 2.0 (3LO) app in Atlassian's developer console.
    /// Unset: "Connect with Atlassian" is not offered.
    pub oauth_client_id: String,
    /// The app's secret.
    pub oauth_client_secret: String,
    /// Where administrators consent.
    pub oauth_authorize_url: String,
    /// Where codes and refresh tokens are traded for tokens.
    pub oauth_token_url: String,
    /// The sites a grant reaches, with their cloud ids.
    pub oauth_resources_url: String,
    /// Jira's API through Atlassian's gateway; calls go to `{oauth_api_url}/{cloudid}/rest/api/3/…`.
    pub oauth_api_url: String,
    /// The scopes asked for, separated by spaces; `offline_access` lets Waybill renew the token.
    pub oauth_scopes: String,
}

impl Default for JiraConfig {
    fn default() -> Self {
        JiraConfig {
            oauth_client_id: String::new(),
            oauth_client_secret: String::new(),
            oauth_authorize_url: "https://auth.atlassian.com/authorize".into(),
            oauth_token_url: "https://auth.atlassian.com/oauth/token".into(),
            oauth_resources_url: "https://api.atlassian.com/oauth/token/accessible-resources".into(),
            oauth_api_url: "https://api.atlassian.com/ex/jira".into(),
            oauth_scopes: "read:jira-work write:jira-work read:jira-user offline_access".into(),
        }
    }
}

impl std::fmt::Debug for JiraConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JiraConfig")
            .field("oauth_client_id", &self.oauth_client_id)
            .field("oauth_client_secret", &if self.oauth_client_secret.is_empty() { "" } else { "***" })
            .field("oauth_authorize_url", &self.oauth_authorize_url)
            .field("oauth_token_url", &self.oauth_token_url)
            .field("oauth_resources_url", &self.oauth_resources_url)
            .field("oauth_api_url", &self.oauth_api_url)
            .field("oauth_scopes", &self.oauth_scopes)
            .finish()
    }
}

impl JiraConfig {
    /// The section as `waybill serve` reads it: the `[tools]` table's `jira`, then the
    /// environment (`WAYBILL_JIRA_OAUTH_CLIENT_ID`, …). The server's admin routes read it
    /// so; the tools get it from their family.
    pub fn read(sections: &Map<String, Value>, var: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        section(Jira::NAME, sections.get(Jira::NAME), var)
    }

    /// The OAuth app these settings describe.
    pub fn oauth_app(&self) -> OAuthApp {
        OAuthApp {
            client_id: self.oauth_client_id.trim().to_owned(),
            client_secret: self.oauth_client_secret.trim().to_owned(),
            authorize_url: self.oauth_authorize_url.trim().to_owned(),
            token_url: self.oauth_token_url.trim().to_owned(),
            resources_url: self.oauth_resources_url.trim().to_owned(),
            api_url: self.oauth_api_url.trim().trim_end_matches('/').to_owned(),
            scopes: self.oauth_scopes.split(|c: char| c.is_whitespace() || c == ',').filter(|s| !s.is_empty()).map(str::to_owned).collect(),
        }
    }
}

/// The issue-tracker family.
pub struct Jira;

impl Family for Jira {
    const NAME: &'static str = "jira";
    type Config = JiraConfig;

    /// The tools, the tracker's and Jira connection's routes over each tenant's trackers,
    /// which are also the family's handle (the form selectors' assignees read it).
    fn build(&self, config: &JiraConfig, services: &Services) -> Built {
        let trackers = Trackers::new(services.store.clone(), services.sealer.clone(), services.outbound.clone()).with_oauth(config.oauth_app());
        let state =
            crate::routes::TrackerRoutes { trackers: trackers.clone(), store: services.store.clone(), public_url: services.files.public_url().to_owned() };
        let slice = Slice::new().part(crate::routes::routes(state)).handle(Arc::new(trackers.clone()));
        let trackers: Arc<dyn TrackerFor> = Arc::new(trackers);
        Built::tools(vec![
            typed(ProjectsTool { trackers: trackers.clone() }),
            typed(CreateMetaTool { trackers: trackers.clone() }),
            typed(CreateIssueTool { trackers: trackers.clone() }),
            typed(SearchTool { trackers: trackers.clone() }),
            typed(TransitionsTool { trackers: trackers.clone() }),
            typed(DoTransitionTool { trackers }),
        ])
        .with(slice)
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &SQLITE, postgres: &POSTGRES })
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        crate::connections::CODES
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_section_reads_the_file_then_the_environment_and_never_prints_the_secret() {
        let sections = Map::from_iter([("jira".to_owned(), json!({"oauth_client_id": "from-file", "oauth_scopes": "read:jira-work offline_access"}))]);
        let config = JiraConfig::read(&sections, &|name| (name == "WAYBILL_JIRA_OAUTH_CLIENT_SECRET").then(|| "shh-secret".to_owned())).unwrap();
        let app = config.oauth_app();
        assert_eq!((app.client_id.as_str(), app.client_secret.as_str()), ("from-file", "shh-secret"));
        assert_eq!(app.scopes, ["read:jira-work", "offline_access"]);
        assert_eq!(app.token_url, "https://auth.atlassian.com/oauth/token");
        assert!(app.available());
        assert!(!format!("{config:?}").contains("shh-secret"));
        assert!(!JiraConfig::default().oauth_app().available(), "not offered without a client id");
        let names: Vec<String> = waybill_tools::config::env_vars::<JiraConfig>("jira").into_iter().map(|v| v.name).collect();
        assert!(names.contains(&"WAYBILL_JIRA_OAUTH_CLIENT_ID".to_owned()) && names.contains(&"WAYBILL_JIRA_OAUTH_API_URL".to_owned()), "{names:?}");
    }
}
