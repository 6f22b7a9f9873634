//! The dashboard page (`GET /d/{token}`), reached by its capability link so the
//! sandboxed side-panel frame needs no session: the built page from the web assets,
//! filled with the BI family's rendering of the dashboard, its tiles run now with the
//! owner's grants. An unknown, altered or revoked link, or one whose owner is no longer
//! an active member, answers 404.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use waybill_bi::BiService;

use crate::AppState;
use crate::error::Error;

const GONE: &str = "<!doctype html><meta charset=utf-8><title>Not found</title><p>This dashboard link does not exist or was revoked.";

fn not_found() -> Response {
    let mut response = (StatusCode::NOT_FOUND, axum::response::Html(GONE)).into_response();
    response.headers_mut().insert(axum::http::header::CACHE_CONTROL, axum::http::HeaderValue::from_static("no-store"));
    response
}

/// The dashboard page a capability link names.
pub async fn page(State(state): State<AppState>, axum::extract::Path(token): axum::extract::Path<String>) -> Response {
    let Some(bi) = state.slices.handle::<BiService>() else { return not_found() };
    let (Some(dashboards), Some(warehouse)) = (bi.dashboards(), bi.warehouse()) else { return not_found() };
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
