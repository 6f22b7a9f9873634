//! `/api/admin/jira`: the tenant's Jira site, for its admins — connect it (the tools then
//! work on Jira instead of the built-in tracker), test it, disconnect it. The token goes
//! in, never out; a site on a private or local address is refused.
//!
//! Or connect it by signing in with Atlassian (OAuth 2.0 3LO), when the server has an
//! OAuth app (`[tools.jira] oauth_client_id`): `POST /api/admin/jira/oauth/start` answers
//! where to send the browser, and Atlassian sends it back to the public
//! `GET /api/jira/oauth/callback`, which stores the grant and sends the browser on to
//! `/admin/tracker?jira=connected` (or `?jira=error&reason=…`). A redirect carries no
//! bearer token: the single-use state, and a cookie set for the browser that started,
//! prove whose sign-in it is.

use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, COOKIE, ORIGIN, SET_COOKIE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse, Redirect, Response};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_routes::{ApiError, Error, Json, Query, RequestContext, Result, require_admin};

use super::TrackerRoutes;
use crate::connections::{ConnectionError, ConnectionInfo, ConnectionInput, OAuthFailure};

/// Where Atlassian sends the administrator's browser back.
pub const CALLBACK_PATH: &str = "/api/jira/oauth/callback";
/// The cookie naming the browser that started a sign-in, sent back only to the callback.
const BROWSER_COOKIE: &str = "waybill_jira_oauth";
/// As long as the state lives.
const BROWSER_COOKIE_SECS: u32 = 600;

/// The tenant's Jira connection; none: the built-in tracker is in use.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JiraConnection {
    #[ts(type = "import(\"./tracker/ConnectionInfo\").ConnectionInfo | null")]
    pub connection: Option<ConnectionInfo>,
    /// Whether administrators may connect by signing in with Atlassian (the server has an OAuth app).
    pub oauth_available: bool,
}

/// Starts signing in with Atlassian.
#[derive(Debug, Default, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct JiraOAuthStart {
    /// The site to connect should the Atlassian account reach several, e.g.
    /// `https://example.atlassian.net`; else the first it reaches.
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 2048)]
    pub site: Option<String>,
}

/// Where to send the browser: Atlassian's consent page.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JiraOAuthStarted {
    pub authorize_url: String,
}

/// What Atlassian sends back: a code and the state, or an error (`access_denied` when
/// the administrator declined).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OAuthCallback {
    pub code: Option<String>,
    pub state: Option<String>,
    pub error: Option<String>,
    pub error_description: Option<String>,
}

/// A successful sign-in to the site.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JiraTest {
    pub project_count: u32,
}

pub fn router() -> OpenApiRouter<TrackerRoutes> {
    OpenApiRouter::new().routes(routes!(jira_connection, connect_jira, disconnect_jira)).routes(routes!(test_jira)).routes(routes!(start_oauth))
}

/// Atlassian's redirect back: no session, the state is the proof.
pub fn public_router() -> OpenApiRouter<TrackerRoutes> {
    OpenApiRouter::new().routes(routes!(oauth_callback))
}

fn api(e: ConnectionError) -> Error {
    match e.for_api() {
        Ok(family) => Error::Family(family),
        Err(other) => Error::Internal(anyhow::anyhow!(other)),
    }
}

/// The tenant's Jira connection, without its token.
#[utoipa::path(get, path = "/api/admin/jira", tag = "admin", responses((status = 200, body = JiraConnection), (status = 403, body = ApiError)))]
async fn jira_connection(State(state): State<TrackerRoutes>, ctx: RequestContext) -> Result<Json<JiraConnection>> {
    require_admin(&ctx)?;
    let connection = state.trackers.connection(&ctx.tenant_id).await.map_err(api)?;
    Ok(Json(JiraConnection { connection, oauth_available: state.trackers.oauth_available() }))
}

/// Connects the tenant's Jira site (or changes it; a missing token keeps the stored one).
#[utoipa::path(put, path = "/api/admin/jira", tag = "admin", request_body = ConnectionInput,
    responses((status = 200, body = ConnectionInfo), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 422, body = ApiError)))]
async fn connect_jira(State(state): State<TrackerRoutes>, ctx: RequestContext, Json(input): Json<ConnectionInput>) -> Result<Json<ConnectionInfo>> {
    require_admin(&ctx)?;
    let who = state.store.member(&ctx.tenant_id, &ctx.user_id).await?.map_or_else(|| ctx.user_id.clone(), |m| m.email);
    let info = state.trackers.connect(&ctx.tenant_id, &who, input).await.map_err(api)?;
    tracing::info!(tenant_id = %ctx.tenant_id, site = %info.base_url, "connected a Jira site");
    Ok(Json(info))
}

/// Disconnects the tenant's Jira site: the built-in tracker is used again.
#[utoipa::path(delete, path = "/api/admin/jira", tag = "admin", responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn disconnect_jira(State(state): State<TrackerRoutes>, ctx: RequestContext) -> Result<StatusCode> {
    require_admin(&ctx)?;
    state.trackers.disconnect(&ctx.tenant_id).await.map_err(api)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Signs in to the tenant's Jira site and lists its projects once.
#[utoipa::path(post, path = "/api/admin/jira/test", tag = "admin",
    responses((status = 200, body = JiraTest), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 502, body = ApiError)))]
async fn test_jira(State(state): State<TrackerRoutes>, ctx: RequestContext) -> Result<Json<JiraTest>> {
    require_admin(&ctx)?;
    let count = state.trackers.test(&ctx.tenant_id, &ctx.user_id).await.map_err(api)?;
    Ok(Json(JiraTest { project_count: u32::try_from(count).unwrap_or(u32::MAX) }))
}

/// Where Atlassian sends the administrator back. `[files] public_url` when set: behind a
/// proxy it is the one address to trust. Else the origin the browser says the page is on
/// (the `Origin` its script cannot change), which serves a single machine; a forged one
/// only names a callback Atlassian does not know.
fn redirect_uri(public_url: &str, headers: &HeaderMap) -> std::result::Result<String, ConnectionError> {
    let configured = Some(public_url.trim()).filter(|u| !u.is_empty());
    let base = match configured {
        Some(url) => url.trim_end_matches('/').to_owned(),
        None => headers
            .get(ORIGIN)
            .and_then(|v| v.to_str().ok())
            .and_then(|o| reqwest::Url::parse(o).ok())
            .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
            .map(|u| u.origin().ascii_serialization())
            .ok_or_else(|| {
                ConnectionError::Invalid("Waybill does not know the address it is reached at: set [files] public_url (WAYBILL_PUBLIC_URL)".into())
            })?,
    };
    Ok(format!("{base}{CALLBACK_PATH}"))
}

fn browser_cookie(value: &str, max_age: u32, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{BROWSER_COOKIE}={value}; Path={CALLBACK_PATH}; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}")
}

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find_map(|(k, v)| (k == name).then_some(v))
}

/// Starts connecting the tenant's Jira Cloud site by signing in with Atlassian: answers
/// Atlassian's consent page to send the browser to, with a state good once for ten minutes.
#[utoipa::path(post, path = "/api/admin/jira/oauth/start", tag = "admin", request_body = JiraOAuthStart,
    responses((status = 200, body = JiraOAuthStarted, headers(("Set-Cookie" = String, description = "Names this browser to the callback"))),
        (status = 400, body = ApiError), (status = 403, body = ApiError),
        (status = 404, body = ApiError, description = "`jira_oauth_unavailable`: the server has no OAuth app")))]
async fn start_oauth(
    State(state): State<TrackerRoutes>,
    ctx: RequestContext,
    headers: HeaderMap,
    Json(body): Json<JiraOAuthStart>,
) -> Result<(AppendHeaders<[(axum::http::HeaderName, String); 2]>, Json<JiraOAuthStarted>)> {
    require_admin(&ctx)?;
    if !state.trackers.oauth_available() {
        return Err(api(ConnectionError::OAuthUnavailable));
    }
    let redirect_uri = redirect_uri(&state.public_url, &headers).map_err(api)?;
    let started = state.trackers.start_oauth(&ctx.tenant_id, &ctx.user_id, &redirect_uri, body.site.as_deref()).await.map_err(api)?;
    tracing::info!(tenant_id = %ctx.tenant_id, "started signing in with Atlassian for Jira");
    let cookie = browser_cookie(&started.browser_key, BROWSER_COOKIE_SECS, redirect_uri.starts_with("https:"));
    Ok((AppendHeaders([(SET_COOKIE, cookie), (CACHE_CONTROL, "no-store".into())]), Json(JiraOAuthStarted { authorize_url: started.authorize_url })))
}

/// Atlassian sends the administrator's browser back here. The grant is stored when the
/// state is known, unused, not expired and the browser's; then the browser goes on to
/// `/admin/tracker?jira=connected`, or `/admin/tracker?jira=error&reason=…` (`denied`,
/// `state`, `expired`, `browser`, `forbidden`, `token`, `site`, `unavailable`, `failed`).
#[utoipa::path(get, path = "/api/jira/oauth/callback", tag = "admin", params(OAuthCallback),
    responses((status = 303, description = "On to the issue-tracker page, saying how it went")))]
async fn oauth_callback(State(state): State<TrackerRoutes>, headers: HeaderMap, Query(callback): Query<OAuthCallback>) -> Response {
    let outcome = async {
        let given = callback.state.as_deref().unwrap_or_default();
        let pending = state.trackers.take_oauth_state(given, cookie(&headers, BROWSER_COOKIE)).await?;
        if let Some(error) = callback.error.as_deref() {
            tracing::info!(tenant_id = %pending.tenant_id, error, description = callback.error_description.as_deref().unwrap_or_default(), "Atlassian sent no grant");
            return Err(if error == "access_denied" { OAuthFailure::Denied } else { OAuthFailure::Token(format!("Atlassian answered {error}")) });
        }
        let code = callback.code.as_deref().filter(|c| !c.is_empty()).ok_or_else(|| OAuthFailure::Token("no code".into()))?;
        let member = state.store.member(&pending.tenant_id, &pending.user_id).await.map_err(|e| OAuthFailure::Store(e.to_string()))?;
        let admin = member.filter(|m| m.is_admin && !m.suspended).ok_or(OAuthFailure::Forbidden)?;
        let info = state.trackers.finish_oauth(&pending, code, &admin.email).await?;
        tracing::info!(tenant_id = %pending.tenant_id, site = %info.base_url, "connected a Jira site by signing in with Atlassian");
        Ok(info)
    }
    .await;
    let to = match outcome {
        Ok(_) => "/admin/tracker?jira=connected".to_owned(),
        Err(failure) => {
            tracing::warn!(reason = failure.reason(), error = %failure, "signing in with Atlassian connected nothing");
            format!("/admin/tracker?jira=error&reason={}", failure.reason())
        }
    };
    // Without `Secure`, the expired cookie replaces the one set over https or http alike.
    (AppendHeaders([(SET_COOKIE, browser_cookie("", 0, false)), (CACHE_CONTROL, "no-store".to_owned())]), Redirect::to(&to)).into_response()
}
