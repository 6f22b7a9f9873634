//! `/api/admin/jira`: the tenant's Jira site, for its admins — connect it (the tools then
//! work on Jira instead of the built-in tracker), test it, disconnect it. The token goes
//! in, never out; a site on a private or local address is refused.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_tracker::connections::{ConnectionError, ConnectionInfo, ConnectionInput};

use super::require_admin;
use crate::AppState;
use crate::auth::RequestContext;
use crate::error::{ApiError, Error, Json, Result};

/// The tenant's Jira connection; none: the built-in tracker is in use.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct JiraConnection {
    #[ts(type = "import(\"./tracker/ConnectionInfo\").ConnectionInfo | null")]
    pub connection: Option<ConnectionInfo>,
}

/// A successful sign-in to the site.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JiraTest {
    pub project_count: u32,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(jira_connection, connect_jira, disconnect_jira)).routes(routes!(test_jira))
}

fn api(e: ConnectionError) -> Error {
    match e.for_api() {
        Ok(family) => Error::Family(family),
        Err(other) => Error::Internal(anyhow::anyhow!(other)),
    }
}

/// The tenant's Jira connection, without its token.
#[utoipa::path(get, path = "/api/admin/jira", tag = "admin", responses((status = 200, body = JiraConnection), (status = 403, body = ApiError)))]
async fn jira_connection(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<JiraConnection>> {
    require_admin(&ctx)?;
    Ok(Json(JiraConnection { connection: state.trackers.connection(&ctx.tenant_id).await.map_err(api)? }))
}

/// Connects the tenant's Jira site (or changes it; a missing token keeps the stored one).
#[utoipa::path(put, path = "/api/admin/jira", tag = "admin", request_body = ConnectionInput,
    responses((status = 200, body = ConnectionInfo), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 422, body = ApiError)))]
async fn connect_jira(State(state): State<AppState>, ctx: RequestContext, Json(input): Json<ConnectionInput>) -> Result<Json<ConnectionInfo>> {
    require_admin(&ctx)?;
    let who = state.store.member(&ctx.tenant_id, &ctx.user_id).await?.map_or_else(|| ctx.user_id.clone(), |m| m.email);
    let info = state.trackers.connect(&ctx.tenant_id, &who, input).await.map_err(api)?;
    tracing::info!(tenant_id = %ctx.tenant_id, site = %info.base_url, "connected a Jira site");
    Ok(Json(info))
}

/// Disconnects the tenant's Jira site: the built-in tracker is used again.
#[utoipa::path(delete, path = "/api/admin/jira", tag = "admin", responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn disconnect_jira(State(state): State<AppState>, ctx: RequestContext) -> Result<StatusCode> {
    require_admin(&ctx)?;
    state.trackers.disconnect(&ctx.tenant_id).await.map_err(api)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Signs in to the tenant's Jira site and lists its projects once.
#[utoipa::path(post, path = "/api/admin/jira/test", tag = "admin",
    responses((status = 200, body = JiraTest), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 502, body = ApiError)))]
async fn test_jira(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<JiraTest>> {
    require_admin(&ctx)?;
    let count = state.trackers.test(&ctx.tenant_id, &ctx.user_id).await.map_err(api)?;
    Ok(Json(JiraTest { project_count: u32::try_from(count).unwrap_or(u32::MAX) }))
}
