//! Which tracker each tenant uses: its Jira site when its administrators connected one,
//! else the built-in tracker. A connection's secret (an API token, a personal access
//! token or an OAuth access token) is sealed at rest, bound to the tenant, and never
//! leaves the server: the admin API shows whether one is set, not what it is.
//!
//! A connection can also be made by signing in with Atlassian (OAuth 2.0 3LO): an
//! administrator starts it ([`Trackers::start_oauth`]), consents at Atlassian, and the
//! callback ([`Trackers::take_oauth_state`], [`Trackers::finish_oauth`]) stores the grant:
//! the access and refresh tokens sealed, the site's cloud id. Its access token is renewed
//! shortly before it expires, and once when Jira refuses it; the refresh token rotates.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use ts_rs::TS;
use waybill_store::{Store, now_ms, random_token, sha256_hex};
use waybill_tools::ToolError;
use waybill_tools::codes::{ErrorCode, FamilyError};
use waybill_tools::outbound::Outbound;
use waybill_tools::sealing::Sealer;

use crate::builtin::{BuiltIn, TrackerError};
use crate::family::JiraConfig;
use crate::jira::oauth::{AtlassianSite, GrantError, OAuthApp};
use crate::jira::{Flavour, JiraAuth, JiraClient, JiraSite, TokenSource};
use crate::tools::TrackerFor;
use crate::tracker::{Asker, Tracker};

const SEAL_CONTEXT: &str = "jira-connection";
/// The refresh token is sealed apart, so one can never be opened as the other.
const REFRESH_CONTEXT: &str = "jira-connection-refresh";
/// How long an administrator has to consent at Atlassian.
const STATE_LIFETIME_MS: i64 = 10 * 60 * 1000;
/// An access token expiring sooner than this is renewed before it is sent.
const RENEW_MARGIN_MS: i64 = 60 * 1000;

/// How a connection signs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "tracker/")]
pub enum AuthKind {
    /// Jira Cloud: the account's email and an API token.
    ApiToken,
    /// Jira Data Center: a personal access token.
    PersonalAccessToken,
    /// OAuth 2.0 (3LO): signed in with Atlassian (the connection's `grant` says so, and its
    /// token is renewed), or an access token an administrator entered (sent as it is).
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
    /// Set when the connection was made by signing in with Atlassian.
    pub grant: Option<OAuthGrant>,
}

/// A connection made by signing in with Atlassian (OAuth 2.0 3LO). Its tokens stay on the server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "tracker/")]
pub struct OAuthGrant {
    /// The site's cloud id: Jira is reached through Atlassian's API gateway under it.
    pub cloud_id: String,
    /// The site's name at Atlassian.
    pub site_name: String,
    /// The scopes Atlassian granted.
    pub scopes: Vec<String>,
    /// Every site the grant reaches; the connection uses the one at `baseUrl`.
    pub sites: Vec<AtlassianSite>,
    /// Atlassian refused to renew the grant (revoked, or unused too long): an
    /// administrator must connect again.
    pub expired: bool,
}

pub const JIRA_NOT_CONNECTED: ErrorCode = ErrorCode::new("jira_not_connected", 404, "No Jira site is connected to this tenant");
pub const JIRA_INVALID: ErrorCode = ErrorCode::new("jira_invalid", 400, "A Jira connection's settings are not usable (URL, sign-in)");
pub const JIRA_REFUSED: ErrorCode = ErrorCode::new("jira_refused", 422, "The Jira site's address is private or local, or its name does not resolve");
pub const JIRA_FAILED: ErrorCode = ErrorCode::new("jira_failed", 502, "The Jira site could not be reached or refused the connection's credentials");
pub const JIRA_OAUTH_UNAVAILABLE: ErrorCode =
    ErrorCode::new("jira_oauth_unavailable", 404, "Signing in with Atlassian is not set up on this server ([tools.jira] oauth_client_id)");

pub const CODES: &[ErrorCode] = &[JIRA_NOT_CONNECTED, JIRA_INVALID, JIRA_REFUSED, JIRA_FAILED, JIRA_OAUTH_UNAVAILABLE];

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
    #[error("Signing in with Atlassian is not set up on this server: set [tools.jira] oauth_client_id and oauth_client_secret")]
    OAuthUnavailable,
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
            ConnectionError::OAuthUnavailable => JIRA_OAUTH_UNAVAILABLE,
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

/// Why a sign-in with Atlassian connected nothing. [`OAuthFailure::reason`] is the short
/// code the administrator's browser is sent back with; the detail stays in the log.
#[derive(Debug, thiserror::Error)]
pub enum OAuthFailure {
    #[error("the administrator declined at Atlassian")]
    Denied,
    #[error("the state is missing, unknown, forged or already used")]
    State,
    #[error("the state expired")]
    Expired,
    #[error("the callback came to another browser than the one that started")]
    Browser,
    #[error("who started it is no longer an administrator of the tenant")]
    Forbidden,
    #[error("Atlassian gave no tokens: {0}")]
    Token(String),
    #[error("the grant reaches no Jira site")]
    NoSite,
    #[error("signing in with Atlassian is not set up")]
    Unavailable,
    #[error("storing the connection failed: {0}")]
    Store(String),
}

impl OAuthFailure {
    pub fn reason(&self) -> &'static str {
        match self {
            OAuthFailure::Denied => "denied",
            OAuthFailure::State => "state",
            OAuthFailure::Expired => "expired",
            OAuthFailure::Browser => "browser",
            OAuthFailure::Forbidden => "forbidden",
            OAuthFailure::Token(_) => "token",
            OAuthFailure::NoSite => "site",
            OAuthFailure::Unavailable => "unavailable",
            OAuthFailure::Store(_) => "failed",
        }
    }
}

impl From<sqlx::Error> for OAuthFailure {
    fn from(e: sqlx::Error) -> Self {
        tracing::error!(error = %e, "the Jira connection store failed");
        OAuthFailure::Store(e.to_string())
    }
}

/// A sign-in an administrator started: where to send the browser, and the key the
/// browser keeps (in a cookie) to prove, when Atlassian sends it back, that it is the same.
pub struct OAuthStart {
    pub authorize_url: String,
    pub browser_key: String,
}

/// A sign-in Atlassian sent back, its state taken: whose it is.
#[derive(Debug, Clone)]
pub struct PendingGrant {
    pub tenant_id: String,
    pub user_id: String,
    redirect_uri: String,
    site_hint: Option<String>,
}

/// Each tenant's tracker, and their Jira connections.
#[derive(Clone)]
pub struct Trackers {
    builtin: Arc<BuiltIn>,
    store: Store,
    sealer: Arc<Sealer>,
    outbound: Outbound,
    oauth: Arc<OAuthApp>,
}

struct Stored {
    info: ConnectionInfo,
    sealed: String,
    grant: Option<StoredGrant>,
}

struct StoredGrant {
    cloud_id: String,
    expires_at: i64,
    lost: bool,
}

/// An OAuth connection's tokens, opened.
struct GrantTokens {
    access: String,
    /// Empty when Atlassian gave none (no `offline_access`).
    refresh: String,
    /// The sealed refresh token: what a renewal replaces, so two never both win.
    sealed_refresh: String,
    expires_at: i64,
    lost: bool,
}

/// One renewal at a time per tenant, so concurrent calls share one refresh (a rotating
/// refresh token is spent by its first use). The tools and the admin routes each hold a
/// `Trackers`, so the locks are the process's, by tenant.
fn renewal_lock(tenant_id: &str) -> Arc<tokio::sync::Mutex<()>> {
    static LOCKS: LazyLock<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>> = LazyLock::new(Default::default);
    LOCKS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).entry(tenant_id.to_owned()).or_default().clone()
}

/// A cloud id goes into the API's path: letters, digits and `-` only.
fn cloud_id_ok(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// `host[:port]` of a site's address, as the admin may type it (`acme.atlassian.net`).
fn authority(site: &str) -> Option<String> {
    let site = site.trim();
    let url = if site.contains("://") { reqwest::Url::parse(site) } else { reqwest::Url::parse(&format!("https://{site}")) }.ok()?;
    let host = url.host_str()?.to_ascii_lowercase();
    Some(match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host,
    })
}

fn store_error(e: ConnectionError) -> TrackerError {
    TrackerError::Store(e.to_string())
}

impl Trackers {
    pub fn new(store: Store, sealer: Arc<Sealer>, outbound: Outbound) -> Self {
        let oauth = Arc::new(JiraConfig::default().oauth_app());
        Trackers { builtin: Arc::new(BuiltIn::new(store.clone())), store, sealer, outbound, oauth }
    }

    /// Signing in with Atlassian through `app` (offered when it has a client id and secret).
    pub fn with_oauth(self, app: OAuthApp) -> Self {
        Trackers { oauth: Arc::new(app), ..self }
    }

    /// Whether administrators may connect by signing in with Atlassian.
    pub fn oauth_available(&self) -> bool {
        self.oauth.available()
    }

    pub fn builtin(&self) -> &BuiltIn {
        &self.builtin
    }

    async fn stored(&self, tenant_id: &str) -> Result<Option<Stored>, ConnectionError> {
        let row = sqlx::query(
            "SELECT base_url, flavour, auth_kind, email, sealed_secret, updated_by, updated_at, cloud_id, token_expires_at, scopes, sites, grant_lost_at \
             FROM tracker_jira_connections WHERE tenant_id = $1",
        )
        .bind(tenant_id)
        .fetch_optional(self.store.reads())
        .await?;
        let Some(r) = row else { return Ok(None) };
        let flavour: String = r.try_get("flavour")?;
        let auth: String = r.try_get("auth_kind")?;
        let sealed: String = r.try_get("sealed_secret")?;
        let cloud_id: Option<String> = r.try_get("cloud_id")?;
        let grant = match cloud_id {
            Some(cloud_id) => {
                let sites: Vec<AtlassianSite> = serde_json::from_str(&r.try_get::<Option<String>, _>("sites")?.unwrap_or_default()).unwrap_or_default();
                let scopes: Option<String> = r.try_get("scopes")?;
                let lost = r.try_get::<Option<i64>, _>("grant_lost_at")?.is_some();
                let info = OAuthGrant {
                    site_name: sites.iter().find(|s| s.id == cloud_id).map(|s| s.name.clone()).unwrap_or_default(),
                    cloud_id: cloud_id.clone(),
                    scopes: scopes.unwrap_or_default().split_whitespace().map(str::to_owned).collect(),
                    sites,
                    expired: lost,
                };
                Some((info, StoredGrant { cloud_id, expires_at: r.try_get::<Option<i64>, _>("token_expires_at")?.unwrap_or(0), lost }))
            }
            None => None,
        };
        let (grant_info, grant) = grant.map_or((None, None), |(info, stored)| (Some(info), Some(stored)));
        Ok(Some(Stored {
            info: ConnectionInfo {
                base_url: r.try_get("base_url")?,
                flavour: if flavour == "datacenter" { Flavour::DataCenter } else { Flavour::Cloud },
                auth: kind_of(&auth),
                email: r.try_get("email")?,
                has_secret: !sealed.is_empty(),
                updated_by: r.try_get("updated_by")?,
                updated_at: r.try_get("updated_at")?,
                grant: grant_info,
            },
            sealed,
            grant,
        }))
    }

    fn open(&self, tenant_id: &str, context: &str, sealed: &str) -> Result<String, ConnectionError> {
        let secret = self
            .sealer
            .open(sealed, &format!("{context}:{tenant_id}"))
            .map_err(|e| ConnectionError::Store(format!("the stored Jira secret cannot be opened: {e}")))?;
        String::from_utf8(secret).map_err(|_| ConnectionError::Store("the stored Jira secret is not text".into()))
    }

    fn seal(&self, tenant_id: &str, context: &str, secret: &str) -> String {
        self.sealer.seal(secret.as_bytes(), &format!("{context}:{tenant_id}"))
    }

    /// The tenant's Jira connection, without its secret.
    pub async fn connection(&self, tenant_id: &str) -> Result<Option<ConnectionInfo>, ConnectionError> {
        Ok(self.stored(tenant_id).await?.map(|s| s.info))
    }

    fn client(&self, tenant_id: &str, stored: &Stored) -> Result<JiraClient, ConnectionError> {
        let secret = self.open(tenant_id, SEAL_CONTEXT, &stored.sealed)?;
        let auth = match (&stored.grant, stored.info.auth) {
            (Some(grant), _) => JiraAuth::OAuth(Arc::new(Grant {
                trackers: self.clone(),
                tenant_id: tenant_id.to_owned(),
                access: secret,
                expires_at: grant.expires_at,
                lost: grant.lost,
            })),
            (None, AuthKind::ApiToken) => JiraAuth::Basic { email: stored.info.email.clone().unwrap_or_default(), token: secret },
            (None, AuthKind::PersonalAccessToken | AuthKind::OAuth) => JiraAuth::Bearer(secret),
        };
        let client = JiraClient::new(JiraSite { base_url: stored.info.base_url.clone(), flavour: stored.info.flavour, auth }, self.outbound.clone());
        Ok(match &stored.grant {
            Some(grant) => client.through(&self.oauth.api_base(&grant.cloud_id)),
            None => client,
        })
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
            Some(secret) => self.seal(tenant_id, SEAL_CONTEXT, &secret),
            // A grant from signing in with Atlassian is no token to keep: it goes with its site.
            None => match self.stored(tenant_id).await? {
                Some(stored) if stored.grant.is_none() => stored.sealed,
                _ => return Err(ConnectionError::Invalid("Give the token the connection signs in with".into())),
            },
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

    /// Starts a sign-in with Atlassian for the tenant's administrator `user_id`: a random
    /// state, kept hashed for ten minutes and bound to the tenant, the administrator and
    /// (through `browser_key`) their browser. `site` is the site to pick should the
    /// grant reach several.
    pub async fn start_oauth(&self, tenant_id: &str, user_id: &str, redirect_uri: &str, site: Option<&str>) -> Result<OAuthStart, ConnectionError> {
        if !self.oauth.available() {
            return Err(ConnectionError::OAuthUnavailable);
        }
        let site_hint = match site.map(str::trim).filter(|s| !s.is_empty()) {
            Some(site) => {
                Some(authority(site).ok_or_else(|| ConnectionError::Invalid(format!("'{site}' is not a site's address, e.g. https://example.atlassian.net")))?)
            }
            None => None,
        };
        let (state, browser_key) = (random_token(), random_token());
        let authorize_url = self.oauth.authorize(&state, redirect_uri).map_err(|e| ConnectionError::Invalid(e.to_string()))?;
        let now = now_ms();
        let mut tx = self.store.writes().begin().await?;
        sqlx::query("DELETE FROM tracker_jira_oauth_states WHERE expires_at <= $1").bind(now).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO tracker_jira_oauth_states (state_hash, tenant_id, user_id, browser_hash, redirect_uri, site_hint, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(sha256_hex(&state))
        .bind(tenant_id)
        .bind(user_id)
        .bind(sha256_hex(&browser_key))
        .bind(redirect_uri)
        .bind(site_hint)
        .bind(now)
        .bind(now + STATE_LIFETIME_MS)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(OAuthStart { authorize_url, browser_key })
    }

    /// Takes the state Atlassian sent back: once only, within its ten minutes, in the
    /// browser that started it (`browser_key`, from its cookie).
    pub async fn take_oauth_state(&self, state: &str, browser_key: Option<&str>) -> Result<PendingGrant, OAuthFailure> {
        if state.is_empty() || state.len() > 256 {
            return Err(OAuthFailure::State);
        }
        let row = sqlx::query(
            "DELETE FROM tracker_jira_oauth_states WHERE state_hash = $1 RETURNING tenant_id, user_id, browser_hash, redirect_uri, site_hint, expires_at",
        )
        .bind(sha256_hex(state))
        .fetch_optional(self.store.writes())
        .await?;
        let Some(r) = row else { return Err(OAuthFailure::State) };
        if r.try_get::<i64, _>("expires_at")? <= now_ms() {
            return Err(OAuthFailure::Expired);
        }
        if browser_key.map(sha256_hex) != Some(r.try_get::<String, _>("browser_hash")?) {
            return Err(OAuthFailure::Browser);
        }
        Ok(PendingGrant {
            tenant_id: r.try_get("tenant_id")?,
            user_id: r.try_get("user_id")?,
            redirect_uri: r.try_get("redirect_uri")?,
            site_hint: r.try_get("site_hint")?,
        })
    }

    /// Trades Atlassian's `code` for tokens, picks the site (the one asked for, else the
    /// first the grant reaches) and stores the connection in place of any other.
    pub async fn finish_oauth(&self, pending: &PendingGrant, code: &str, by: &str) -> Result<ConnectionInfo, OAuthFailure> {
        if !self.oauth.available() {
            return Err(OAuthFailure::Unavailable);
        }
        let tenant_id = pending.tenant_id.as_str();
        let granted = self.oauth.exchange(&self.outbound, code, &pending.redirect_uri).await.map_err(|e| OAuthFailure::Token(e.to_string()))?;
        let sites: Vec<AtlassianSite> = self
            .oauth
            .sites(&self.outbound, &granted.access_token)
            .await
            .map_err(|e| OAuthFailure::Token(e.to_string()))?
            .into_iter()
            .filter(|s| cloud_id_ok(&s.id) && reqwest::Url::parse(&s.url).is_ok_and(|u| matches!(u.scheme(), "https" | "http")))
            .collect();
        let wanted = pending.site_hint.as_deref();
        let site =
            wanted.and_then(|w| sites.iter().find(|s| authority(&s.url).as_deref() == Some(w))).or(sites.first()).cloned().ok_or(OAuthFailure::NoSite)?;
        let now = now_ms();
        let refresh = granted.refresh_token.as_deref().map_or_else(String::new, |r| self.seal(tenant_id, REFRESH_CONTEXT, r));
        let mut tx = self.store.writes().begin().await?;
        sqlx::query("DELETE FROM tracker_jira_connections WHERE tenant_id = $1").bind(tenant_id).execute(&mut *tx).await?;
        sqlx::query(
            "INSERT INTO tracker_jira_connections (tenant_id, base_url, flavour, auth_kind, email, sealed_secret, updated_by, updated_at, \
             cloud_id, sealed_refresh_token, token_expires_at, scopes, sites, grant_lost_at) \
             VALUES ($1, $2, 'cloud', $3, NULL, $4, $5, $6, $7, $8, $9, $10, $11, NULL)",
        )
        .bind(tenant_id)
        .bind(&site.url)
        .bind(kind_name(AuthKind::OAuth))
        .bind(self.seal(tenant_id, SEAL_CONTEXT, &granted.access_token))
        .bind(by)
        .bind(now)
        .bind(&site.id)
        .bind(refresh)
        .bind(now + granted.expires_in * 1000)
        .bind(granted.scopes.join(" "))
        .bind(serde_json::to_string(&sites).unwrap_or_default())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        self.connection(tenant_id).await.map_err(|e| OAuthFailure::Store(e.to_string()))?.ok_or(OAuthFailure::Store("the connection is gone".into()))
    }

    /// The tenant's OAuth tokens, opened; none when its connection is not a grant (any more).
    async fn grant_tokens(&self, tenant_id: &str) -> Result<Option<GrantTokens>, ConnectionError> {
        let row = sqlx::query(
            "SELECT sealed_secret, sealed_refresh_token, token_expires_at, grant_lost_at FROM tracker_jira_connections \
             WHERE tenant_id = $1 AND cloud_id IS NOT NULL",
        )
        .bind(tenant_id)
        .fetch_optional(self.store.writes())
        .await?;
        let Some(r) = row else { return Ok(None) };
        let sealed_refresh: String = r.try_get::<Option<String>, _>("sealed_refresh_token")?.unwrap_or_default();
        Ok(Some(GrantTokens {
            access: self.open(tenant_id, SEAL_CONTEXT, &r.try_get::<String, _>("sealed_secret")?)?,
            refresh: if sealed_refresh.is_empty() { String::new() } else { self.open(tenant_id, REFRESH_CONTEXT, &sealed_refresh)? },
            sealed_refresh,
            expires_at: r.try_get::<Option<i64>, _>("token_expires_at")?.unwrap_or(0),
            lost: r.try_get::<Option<i64>, _>("grant_lost_at")?.is_some(),
        }))
    }

    /// An access token for the tenant's grant that is not about to expire and is not
    /// `stale` (one Jira refused): the stored one when another call renewed it meanwhile,
    /// else a new one from the refresh token, whose successor is stored.
    async fn renew(&self, tenant_id: &str, stale: Option<&str>) -> Result<String, TrackerError> {
        let lock = renewal_lock(tenant_id);
        let _held = lock.lock().await;
        let current = self.grant_tokens(tenant_id).await.map_err(store_error)?.ok_or(TrackerError::GrantExpired)?;
        if current.lost {
            return Err(TrackerError::GrantExpired);
        }
        let now = now_ms();
        if current.expires_at - now > RENEW_MARGIN_MS && stale != Some(current.access.as_str()) {
            return Ok(current.access);
        }
        if current.refresh.is_empty() {
            // Granted without offline_access: the token serves until it expires, then the grant is over.
            return if current.expires_at > now && stale.is_none() { Ok(current.access) } else { Err(TrackerError::GrantExpired) };
        }
        if !self.oauth.available() {
            return Err(TrackerError::Renewal("signing in with Atlassian is no longer set up on this server ([tools.jira] oauth_client_id)".into()));
        }
        match self.oauth.refresh(&self.outbound, &current.refresh).await {
            Ok(granted) => {
                let refresh = granted.refresh_token.as_deref().map_or_else(|| current.sealed_refresh.clone(), |r| self.seal(tenant_id, REFRESH_CONTEXT, r));
                let query = sqlx::query(
                    "UPDATE tracker_jira_connections SET sealed_secret = $1, sealed_refresh_token = $2, token_expires_at = $3, scopes = COALESCE($4, scopes) \
                     WHERE tenant_id = $5 AND sealed_refresh_token = $6",
                )
                .bind(self.seal(tenant_id, SEAL_CONTEXT, &granted.access_token))
                .bind(refresh)
                .bind(now + granted.expires_in * 1000)
                .bind(Some(granted.scopes.join(" ")).filter(|s| !s.is_empty()))
                .bind(tenant_id)
                .bind(&current.sealed_refresh);
                let done = query.execute(self.store.writes()).await.map_err(|e| store_error(e.into()))?;
                if done.rows_affected() == 0 {
                    tracing::warn!(tenant_id, "the Jira connection changed while its token was renewed; the new token serves this call only");
                } else {
                    tracing::info!(tenant_id, "renewed the Jira connection's access token");
                }
                Ok(granted.access_token)
            }
            Err(GrantError::InvalidGrant(why)) => {
                let lost = sqlx::query("UPDATE tracker_jira_connections SET grant_lost_at = $1 WHERE tenant_id = $2 AND sealed_refresh_token = $3")
                    .bind(now)
                    .bind(tenant_id)
                    .bind(&current.sealed_refresh)
                    .execute(self.store.writes())
                    .await
                    .map_err(|e| store_error(e.into()))?;
                if lost.rows_affected() == 0 {
                    // Another instance spent the refresh token first and stored its successor.
                    let now_stored = self.grant_tokens(tenant_id).await.map_err(store_error)?;
                    if let Some(theirs) = now_stored.filter(|t| !t.lost && t.access != current.access && t.expires_at > now_ms()) {
                        return Ok(theirs.access);
                    }
                }
                tracing::warn!(tenant_id, reason = %why, "Atlassian refused to renew the Jira connection's grant");
                Err(TrackerError::GrantExpired)
            }
            Err(other) => {
                tracing::warn!(tenant_id, error = %other, "renewing the Jira connection's access token failed");
                Err(TrackerError::Renewal(other.to_string()))
            }
        }
    }
}

/// A tenant's OAuth grant as a Jira client uses it: the access token read with the
/// connection, renewed through [`Trackers::renew`] when it is about to expire or refused.
struct Grant {
    trackers: Trackers,
    tenant_id: String,
    access: String,
    expires_at: i64,
    lost: bool,
}

impl TokenSource for Grant {
    fn token(&self) -> BoxFuture<'_, Result<String, TrackerError>> {
        Box::pin(async move {
            if self.lost {
                return Err(TrackerError::GrantExpired);
            }
            if self.expires_at - now_ms() > RENEW_MARGIN_MS {
                return Ok(self.access.clone());
            }
            self.trackers.renew(&self.tenant_id, None).await
        })
    }

    fn renewed(&self, stale: String) -> BoxFuture<'_, Result<String, TrackerError>> {
        Box::pin(async move { self.trackers.renew(&self.tenant_id, Some(&stale)).await })
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
