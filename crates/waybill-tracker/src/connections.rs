//! Which tracker each tenant uses: its Jira site when its administrators connected one,
//! else the built-in tracker. A connection's secret (an API token, a personal access
//! token or an OAuth access token) is sealed at rest, bound to the tenant, and never
//! leaves the server: the admin API shows whether one is set, not what it is.

use std::sync::Arc;

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use ts_rs::TS;
use waybill_store::Store;
use waybill_tools::ToolError;
use waybill_tools::codes::{ErrorCode, FamilyError};
use waybill_tools::outbound::Outbound;
use waybill_tools::sealing::Sealer;

use crate::builtin::{BuiltIn, TrackerError};
use crate::jira::{Flavour, JiraAuth, JiraClient, JiraSite};
use crate::tools::TrackerFor;
use crate::tracker::{Asker, Tracker};

const SEAL_CONTEXT: &str = "jira-connection";

/// How a connection signs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "tracker/")]
pub enum AuthKind {
    /// Jira Cloud: the account's email and an API token.
    ApiToken,
    /// Jira Data Center: a personal access token.
    PersonalAccessToken,
    /// An OAuth 2.0 (3LO) access token.
    OAuth,
}

/// A connection as an administrator sets it.
#[derive(Debug, Clone, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export, export_to = "tracker/")]
pub struct ConnectionInput {
    /// `https://example.atlassian.net`
    #[schema(max_length = 2048)]
    pub base_url: String,
    pub flavour: Flavour,
    pub auth: AuthKind,
    /// With `apiToken`: the account's email.
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 320)]
    pub email: Option<String>,
    /// The token; omitted to keep the stored one.
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 4096)]
    pub secret: Option<String>,
}

/// A connection as the admin API shows it: everything but the secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "tracker/")]
pub struct ConnectionInfo {
    pub base_url: String,
    pub flavour: Flavour,
    pub auth: AuthKind,
    pub email: Option<String>,
    pub has_secret: bool,
    pub updated_by: String,
    /// Milliseconds since the epoch.
    pub updated_at: i64,
}

pub const JIRA_NOT_CONNECTED: ErrorCode = ErrorCode::new("jira_not_connected", 404, "No Jira site is connected to this tenant");
pub const JIRA_INVALID: ErrorCode = ErrorCode::new("jira_invalid", 400, "A Jira connection's settings are not usable (URL, sign-in)");
pub const JIRA_REFUSED: ErrorCode = ErrorCode::new("jira_refused", 422, "The Jira site's address is private or local, or its name does not resolve");
pub const JIRA_FAILED: ErrorCode = ErrorCode::new("jira_failed", 502, "The Jira site could not be reached or refused the connection's credentials");

pub const CODES: &[ErrorCode] = &[JIRA_NOT_CONNECTED, JIRA_INVALID, JIRA_REFUSED, JIRA_FAILED];

#[derive(Debug, thiserror::Error)]
pub enum ConnectionError {
    #[error("{0}")]
    Invalid(String),
    #[error("No Jira site is connected to this tenant")]
    NotConnected,
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    Tracker(#[from] TrackerError),
    #[error("the connection store failed: {0}")]
    Store(String),
}

impl ConnectionError {
    /// The error as the admin API answers it; storage faults stay `Err` (a logged 500).
    /// Jira refusing the credentials is a 502 here, never a 401: that is Jira's answer
    /// about its own account, not about the Waybill session.
    pub fn for_api(self) -> Result<FamilyError, ConnectionError> {
        let code = match &self {
            ConnectionError::Invalid(_) => JIRA_INVALID,
            ConnectionError::NotConnected => JIRA_NOT_CONNECTED,
            ConnectionError::Refused(_) => JIRA_REFUSED,
            ConnectionError::Tracker(_) => JIRA_FAILED,
            ConnectionError::Store(_) => return Err(self),
        };
        Ok(FamilyError::new(code, self.to_string()))
    }
}

impl From<sqlx::Error> for ConnectionError {
    fn from(e: sqlx::Error) -> Self {
        tracing::error!(error = %e, "the Jira connection store failed");
        ConnectionError::Store(e.to_string())
    }
}

fn kind_name(kind: AuthKind) -> &'static str {
    match kind {
        AuthKind::ApiToken => "api_token",
        AuthKind::PersonalAccessToken => "pat",
        AuthKind::OAuth => "oauth",
    }
}

fn kind_of(name: &str) -> AuthKind {
    match name {
        "pat" => AuthKind::PersonalAccessToken,
        "oauth" => AuthKind::OAuth,
        _ => AuthKind::ApiToken,
    }
}

/// Each tenant's tracker, and their Jira connections.
#[derive(Clone)]
pub struct Trackers {
    builtin: Arc<BuiltIn>,
    store: Store,
    sealer: Arc<Sealer>,
    outbound: Outbound,
}

struct Stored {
    info: ConnectionInfo,
    sealed: String,
}

impl Trackers {
    pub fn new(store: Store, sealer: Arc<Sealer>, outbound: Outbound) -> Self {
        Trackers { builtin: Arc::new(BuiltIn::new(store.clone())), store, sealer, outbound }
    }

    pub fn builtin(&self) -> &BuiltIn {
        &self.builtin
    }

    async fn stored(&self, tenant_id: &str) -> Result<Option<Stored>, ConnectionError> {
        let row =
            sqlx::query("SELECT base_url, flavour, auth_kind, email, sealed_secret, updated_by, updated_at FROM tracker_jira_connections WHERE tenant_id = $1")
                .bind(tenant_id)
                .fetch_optional(self.store.reads())
                .await?;
        let Some(r) = row else { return Ok(None) };
        let flavour: String = r.try_get("flavour")?;
        let auth: String = r.try_get("auth_kind")?;
        let sealed: String = r.try_get("sealed_secret")?;
        Ok(Some(Stored {
            info: ConnectionInfo {
                base_url: r.try_get("base_url")?,
                flavour: if flavour == "datacenter" { Flavour::DataCenter } else { Flavour::Cloud },
                auth: kind_of(&auth),
                email: r.try_get("email")?,
                has_secret: !sealed.is_empty(),
                updated_by: r.try_get("updated_by")?,
                updated_at: r.try_get("updated_at")?,
            },
            sealed,
        }))
    }

    /// The tenant's Jira connection, without its secret.
    pub async fn connection(&self, tenant_id: &str) -> Result<Option<ConnectionInfo>, ConnectionError> {
        Ok(self.stored(tenant_id).await?.map(|s| s.info))
    }

    fn client(&self, tenant_id: &str, stored: &Stored) -> Result<JiraClient, ConnectionError> {
        let secret = self
            .sealer
            .open(&stored.sealed, &format!("{SEAL_CONTEXT}:{tenant_id}"))
            .map_err(|e| ConnectionError::Store(format!("the stored Jira secret cannot be opened: {e}")))?;
        let secret = String::from_utf8(secret).map_err(|_| ConnectionError::Store("the stored Jira secret is not text".into()))?;
        let auth = match stored.info.auth {
            AuthKind::ApiToken => JiraAuth::Basic { email: stored.info.email.clone().unwrap_or_default(), token: secret },
            AuthKind::PersonalAccessToken | AuthKind::OAuth => JiraAuth::Bearer(secret),
        };
        Ok(JiraClient::new(JiraSite { base_url: stored.info.base_url.clone(), flavour: stored.info.flavour, auth }, self.outbound.clone()))
    }

    /// Checks and stores the tenant's Jira connection (a missing secret keeps the stored one).
    pub async fn connect(&self, tenant_id: &str, by: &str, input: ConnectionInput) -> Result<ConnectionInfo, ConnectionError> {
        let base_url = input.base_url.trim().trim_end_matches('/').to_owned();
        let parsed = reqwest::Url::parse(&base_url).map_err(|_| ConnectionError::Invalid(format!("'{base_url}' is not a URL")))?;
        if parsed.scheme() != "https" && parsed.scheme() != "http" || parsed.query().is_some() || !parsed.username().is_empty() {
            return Err(ConnectionError::Invalid("The site URL is an http(s) address with no credentials or query, e.g. https://example.atlassian.net".into()));
        }
        self.outbound.check_destination(&base_url).await.map_err(|e| ConnectionError::Refused(e.to_string()))?;
        let email = input.email.map(|e| e.trim().to_owned()).filter(|e| !e.is_empty());
        if input.auth == AuthKind::ApiToken && !email.as_deref().is_some_and(|e| e.contains('@')) {
            return Err(ConnectionError::Invalid("An API token signs in with the account's email".into()));
        }
        let sealed = match input.secret.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) {
            Some(secret) => self.sealer.seal(secret.as_bytes(), &format!("{SEAL_CONTEXT}:{tenant_id}")),
            None => {
                self.stored(tenant_id).await?.map(|s| s.sealed).ok_or_else(|| ConnectionError::Invalid("Give the token the connection signs in with".into()))?
            }
        };
        let flavour = if input.flavour == Flavour::DataCenter { "datacenter" } else { "cloud" };
        let now = jiff::Timestamp::now().as_millisecond();
        let mut tx = self.store.writes().begin().await?;
        sqlx::query("DELETE FROM tracker_jira_connections WHERE tenant_id = $1").bind(tenant_id).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO tracker_jira_connections (tenant_id, base_url, flavour, auth_kind, email, sealed_secret, updated_by, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(tenant_id)
        .bind(&base_url)
        .bind(flavour)
        .bind(kind_name(input.auth))
        .bind(email)
        .bind(sealed)
        .bind(by)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        self.connection(tenant_id).await?.ok_or(ConnectionError::NotConnected)
    }

    /// Back to the built-in tracker.
    pub async fn disconnect(&self, tenant_id: &str) -> Result<(), ConnectionError> {
        let done = sqlx::query("DELETE FROM tracker_jira_connections WHERE tenant_id = $1").bind(tenant_id).execute(self.store.writes()).await?;
        if done.rows_affected() == 0 { Err(ConnectionError::NotConnected) } else { Ok(()) }
    }

    /// Signs in to the tenant's Jira site and lists its projects once.
    pub async fn test(&self, tenant_id: &str, user_id: &str) -> Result<usize, ConnectionError> {
        let stored = self.stored(tenant_id).await?.ok_or(ConnectionError::NotConnected)?;
        let client = self.client(tenant_id, &stored)?;
        Ok(client.projects(Asker { tenant_id, user_id }).await?.len())
    }
}

impl TrackerFor for Trackers {
    fn tracker_for<'a>(&'a self, tenant_id: &'a str) -> BoxFuture<'a, Result<Arc<dyn Tracker>, ToolError>> {
        Box::pin(async move {
            let stored = self.stored(tenant_id).await.map_err(|e| ToolError::Failed(e.to_string()))?;
            Ok(match stored {
                Some(stored) => Arc::new(self.client(tenant_id, &stored).map_err(|e| ToolError::Failed(e.to_string()))?) as Arc<dyn Tracker>,
                None => self.builtin.clone() as Arc<dyn Tracker>,
            })
        })
    }
}
