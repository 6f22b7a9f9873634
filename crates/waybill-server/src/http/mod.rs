//! Cross-cutting HTTP pieces: fallbacks, health, headers, request spans, the characters
//! no request may hold.

pub mod input;
pub mod openapi;
pub mod server;
pub mod web;

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::AppState;
use crate::error::{Error, Json};

pub async fn api_not_found() -> Error {
    Error::NotFound("Route")
}

pub async fn method_not_allowed() -> Response {
    let body = crate::error::ApiError {
        code: crate::error::Code::MethodNotAllowed.as_str().into(),
        message: "This method is not allowed here".into(),
        retry_after: None,
    };
    (StatusCode::METHOD_NOT_ALLOWED, Json(body)).into_response()
}

/// Whether this instance should take traffic: the database answers and no family is
/// still loading what it serves (a BI snapshot, a knowledge index). 503 while one is,
/// with every family's state, so a load balancer waits for a warm instance.
pub async fn readyz(State(state): State<AppState>) -> Response {
    let database = state.store.ping().await.is_ok();
    let readiness = state.slices.readiness();
    let warm = readiness.iter().all(|(_, r)| r.takes_traffic());
    let families: serde_json::Map<String, serde_json::Value> =
        readiness.into_iter().map(|(name, r)| (name.to_owned(), serde_json::to_value(r).unwrap_or_default())).collect();
    let ready = database && warm;
    let status = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let body = serde_json::json!({ "status": if ready { "ready" } else { "not_ready" }, "database": if database { "ok" } else { "unreachable" }, "families": families });
    (status, Json(body)).into_response()
}

/// Liveness and database reachability.
pub async fn healthz(State(state): State<AppState>) -> Result<Json<serde_json::Value>, Error> {
    state.store.ping().await.map_err(|e| Error::Unavailable(e.into()))?;
    Ok(Json(serde_json::json!({ "status": "ok" })))
}

pub fn request_span(req: &Request) -> tracing::Span {
    let request_id = req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("");
    tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id)
}

/// Headers every response carries unless a handler set its own.
pub fn security_headers() -> tower::layer::util::Stack<
    SetResponseHeaderLayer<HeaderValue>,
    tower::layer::util::Stack<SetResponseHeaderLayer<HeaderValue>, SetResponseHeaderLayer<HeaderValue>>,
> {
    let nosniff = SetResponseHeaderLayer::if_not_present(HeaderName::from_static("x-content-type-options"), HeaderValue::from_static("nosniff"));
    let referrer =
        SetResponseHeaderLayer::if_not_present(HeaderName::from_static("referrer-policy"), HeaderValue::from_static("strict-origin-when-cross-origin"));
    let frames = SetResponseHeaderLayer::if_not_present(HeaderName::from_static("x-frame-options"), HeaderValue::from_static("SAMEORIGIN"));
    tower::layer::util::Stack::new(nosniff, tower::layer::util::Stack::new(referrer, frames))
}
