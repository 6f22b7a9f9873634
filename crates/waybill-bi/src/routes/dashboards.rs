//! Saved BI dashboards: their owner's list, link and delete routes (`/api/dashboards…`).
//! The dashboard page itself (`GET /d/{token}`) is the server's, which serves the built
//! page and fills it with [`crate::Warehouse::render`].

use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_routes::{ApiError, Error, Json, Path, RequestContext, Result};
use waybill_tools::ToolError;

use super::BiService;
use crate::dashboard::{DashboardLink, DashboardList, Dashboards};

pub fn router() -> OpenApiRouter<BiService> {
    OpenApiRouter::new().routes(routes!(list_dashboards)).routes(routes!(new_link, revoke_link)).routes(routes!(delete_dashboard))
}

fn dashboards(state: &BiService) -> Result<&Dashboards> {
    state.dashboards().ok_or(Error::NotFound("Dashboard"))
}

fn failed(e: ToolError) -> Error {
    Error::Internal(anyhow::anyhow!("{e}"))
}

/// The caller's saved dashboards, newest first, with their live links.
#[utoipa::path(get, path = "/api/dashboards", tag = "bi", responses((status = 200, body = DashboardList)))]
async fn list_dashboards(State(state): State<BiService>, ctx: RequestContext) -> Result<Json<DashboardList>> {
    let list = match state.dashboards() {
        Some(d) => d.list(&ctx.tenant_id, &ctx.user_id).await.map_err(failed)?,
        None => DashboardList { dashboards: Vec::new() },
    };
    Ok(Json(list))
}

/// A new link to one of the caller's dashboards; the old link stops working.
#[utoipa::path(post, path = "/api/dashboards/{id}/link", tag = "bi",
    params(("id" = String, Path, max_length = 64)),
    responses((status = 200, body = DashboardLink), (status = 404, body = ApiError)))]
async fn new_link(State(state): State<BiService>, ctx: RequestContext, Path(id): Path<String>) -> Result<Json<DashboardLink>> {
    let link = dashboards(&state)?.relink(&ctx.tenant_id, &ctx.user_id, &id).await.map_err(failed)?;
    link.map(Json).ok_or(Error::NotFound("Dashboard"))
}

/// Revokes the link to one of the caller's dashboards: the page answers 404 from then on.
#[utoipa::path(delete, path = "/api/dashboards/{id}/link", tag = "bi",
    params(("id" = String, Path, max_length = 64)),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn revoke_link(State(state): State<BiService>, ctx: RequestContext, Path(id): Path<String>) -> Result<StatusCode> {
    let done = dashboards(&state)?.revoke(&ctx.tenant_id, &ctx.user_id, &id).await.map_err(failed)?;
    if done { Ok(StatusCode::NO_CONTENT) } else { Err(Error::NotFound("Dashboard")) }
}

/// Deletes one of the caller's dashboards and its link.
#[utoipa::path(delete, path = "/api/dashboards/{id}", tag = "bi",
    params(("id" = String, Path, max_length = 64)),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn delete_dashboard(State(state): State<BiService>, ctx: RequestContext, Path(id): Path<String>) -> Result<StatusCode> {
    let done = dashboards(&state)?.delete(&ctx.tenant_id, &ctx.user_id, &id).await.map_err(failed)?;
    if done { Ok(StatusCode::NO_CONTENT) } else { Err(Error::NotFound("Dashboard")) }
}
