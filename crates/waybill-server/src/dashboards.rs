//! Saved BI dashboards: their owner's list, link and delete routes (`/api/dashboards…`),
//! and the dashboard page itself (`GET /d/{token}`), reached by its capability link so the
//! sandboxed side-panel frame needs no session. An unknown, altered or revoked link, or
//! one whose owner is no longer an active member, answers 404.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_bi::dashboard::{DashboardLink, DashboardList, Dashboards};
use waybill_tools::ToolError;

use crate::AppState;
use crate::auth::RequestContext;
use crate::error::{ApiError, Error, Json, Path, Result};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_dashboards)).routes(routes!(new_link, revoke_link)).routes(routes!(delete_dashboard))
}

fn dashboards(state: &AppState) -> Result<&Dashboards> {
    state.bi.dashboards().ok_or(Error::NotFound("Dashboard"))
}

fn failed(e: ToolError) -> Error {
    Error::Internal(anyhow::anyhow!("{e}"))
}

/// The caller's saved dashboards, newest first, with their live links.
#[utoipa::path(get, path = "/api/dashboards", tag = "bi", responses((status = 200, body = DashboardList)))]
async fn list_dashboards(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<DashboardList>> {
    let list = match state.bi.dashboards() {
        Some(d) => d.list(&ctx.tenant_id, &ctx.user_id).await.map_err(failed)?,
        None => DashboardList { dashboards: Vec::new() },
    };
    Ok(Json(list))
}

/// A new link to one of the caller's dashboards; the old link stops working.
#[utoipa::path(post, path = "/api/dashboards/{id}/link", tag = "bi",
    params(("id" = String, Path, max_length = 64)),
    responses((status = 200, body = DashboardLink), (status = 404, body = ApiError)))]
async fn new_link(State(state): State<AppState>, ctx: RequestContext, Path(id): Path<String>) -> Result<Json<DashboardLink>> {
    let link = dashboards(&state)?.relink(&ctx.tenant_id, &ctx.user_id, &id).await.map_err(failed)?;
    link.map(Json).ok_or(Error::NotFound("Dashboard"))
}

/// Revokes the link to one of the caller's dashboards: the page answers 404 from then on.
#[utoipa::path(delete, path = "/api/dashboards/{id}/link", tag = "bi",
    params(("id" = String, Path, max_length = 64)),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn revoke_link(State(state): State<AppState>, ctx: RequestContext, Path(id): Path<String>) -> Result<StatusCode> {
    let done = dashboards(&state)?.revoke(&ctx.tenant_id, &ctx.user_id, &id).await.map_err(failed)?;
    if done { Ok(StatusCode::NO_CONTENT) } else { Err(Error::NotFound("Dashboard")) }
}

/// Deletes one of the caller's dashboards and its link.
#[utoipa::path(delete, path = "/api/dashboards/{id}", tag = "bi",
    params(("id" = String, Path, max_length = 64)),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn delete_dashboard(State(state): State<AppState>, ctx: RequestContext, Path(id): Path<String>) -> Result<StatusCode> {
    let done = dashboards(&state)?.delete(&ctx.tenant_id, &ctx.user_id, &id).await.map_err(failed)?;
    if done { Ok(StatusCode::NO_CONTENT) } else { Err(Error::NotFound("Dashboard")) }
}

const GONE: &str = "<!doctype html><meta charset=utf-8><title>Not found</title><p>This dashboard link does not exist or was revoked.";

fn not_found() -> Response {
    let mut response = (StatusCode::NOT_FOUND, axum::response::Html(GONE)).into_response();
    response.headers_mut().insert(axum::http::header::CACHE_CONTROL, axum::http::HeaderValue::from_static("no-store"));
    response
}

/// The dashboard page a capability link names, its tiles run now with the owner's grants.
pub async fn page(State(state): State<AppState>, axum::extract::Path(token): axum::extract::Path<String>) -> Response {
    let (Some(dashboards), Some(warehouse)) = (state.bi.dashboards(), state.bi.warehouse()) else { return not_found() };
    let dashboard = match dashboards.by_link(&token).await {
        Ok(Some(d)) => d,
        Ok(None) => return not_found(),
        Err(e) => return Error::Internal(anyhow::anyhow!("{e}")).into_response(),
    };
    match warehouse.render(&dashboard).await {
        Ok(Some(page)) => crate::http::web::dashboard_page(&serde_json::to_string(&page).expect("pages serialise")),
        Ok(None) => not_found(),
        Err(e) => {
            tracing::warn!(error = %e, dashboard = %dashboard.id, "a dashboard page could not be rendered");
            (StatusCode::SERVICE_UNAVAILABLE, axum::response::Html("<!doctype html><meta charset=utf-8><p>The dashboard's data cannot be read right now."))
                .into_response()
        }
    }
}
