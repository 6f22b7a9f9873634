//! The built-in issue tracker over HTTP, for every member of a tenant.
//!
//! `/tracker/rest/api/2/…` is the subset of Jira Data Center's REST API v2 that the
//! `/tracker` page uses and that Jira clients speak (see `docs/tracker.md`): to a Jira
//! client, Waybill's address with `/tracker` is a Jira site, whose `/browse/KEY` links
//! open the `/tracker` page. It answers Jira's JSON and Jira's error body, so it is
//! described by Jira's own API rather than by Waybill's OpenAPI document. A client that
//! sends only the bearer token is scoped to its first tenant and facility, as the file
//! service's clients are. `GET /api/tracker/status`
//! says whether the tenant's assistant works in a Jira site instead.

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_routes::{Error, Json, RequestContext, Result};

use super::TrackerRoutes;
use crate::Asker;
use crate::builtin::rest::{self, Answer, REST_BASE, Refusal, SearchRequest};

/// Which tracker the tenant's assistant works in.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TrackerStatus {
    /// The Jira site the tools use, when the tenant's admins connected one; null: the
    /// built-in tracker.
    pub jira_site: Option<String>,
}

/// `GET /api/tracker/status`, with Waybill's other protected routes.
pub fn router() -> OpenApiRouter<TrackerRoutes> {
    OpenApiRouter::new().routes(routes!(tracker_status))
}

/// Whether the tenant's assistant files and finds issues in a Jira site or in the built-in tracker.
#[utoipa::path(get, path = "/api/tracker/status", tag = "tracker", responses((status = 200, body = TrackerStatus)))]
async fn tracker_status(State(state): State<TrackerRoutes>, ctx: RequestContext) -> Result<Json<TrackerStatus>> {
    let connection = state.trackers.connection(&ctx.tenant_id).await.map_err(|e| Error::Internal(anyhow::anyhow!(e)))?;
    Ok(Json(TrackerStatus { jira_site: connection.map(|c| c.base_url) }))
}

/// The Jira-compatible REST subset; any other path under it is Jira's 404. The server
/// puts it behind the sign-in guard that defaults the tenant and facility.
pub fn rest_router() -> Router<TrackerRoutes> {
    let api = Router::new()
        .route("/project", get(projects))
        .route("/project/{key}", get(project))
        .route("/search", get(search).post(search_by_body))
        .route("/issue", post(create))
        .route("/issue/createmeta/{project}/issuetypes", get(issue_types))
        .route("/issue/createmeta/{project}/issuetypes/{id}", get(issue_type_fields))
        .route("/issue/{key}", get(issue))
        .route("/issue/{key}/transitions", get(transitions).post(transition))
        .route("/issue/{key}/comment", get(comments).post(add_comment))
        .route("/user/assignable/search", get(assignable))
        .route("/myself", get(myself))
        .fallback(|| async { refused(404, "No such resource in this tracker's REST API.".to_owned()) })
        .method_not_allowed_fallback(|| async { refused(405, "This method is not allowed here.".to_owned()) });
    Router::new().nest(REST_BASE, api)
}

fn asker(ctx: &RequestContext) -> Asker<'_> {
    Asker { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id }
}

fn respond(answer: Answer) -> Response {
    let (status, body) = match answer {
        Ok((204, _)) => return StatusCode::NO_CONTENT.into_response(),
        Ok(done) => done,
        Err(Refusal { status, body }) => {
            if status >= 500 {
                tracing::error!(status, body = %body, "the built-in tracker failed a request");
            }
            (status, body)
        }
    };
    (StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR), axum::Json(body)).into_response()
}

fn refused(status: u16, message: String) -> Response {
    respond(Err(Refusal::message(status, message)))
}

type Body = std::result::Result<Bytes, BytesRejection>;
type Params = std::result::Result<Query<Vec<(String, String)>>, QueryRejection>;

/// A JSON body, or Jira's refusal of it.
fn body_of(bytes: Body) -> std::result::Result<Value, Refusal> {
    let bytes = bytes.map_err(|e| Refusal::message(e.status().as_u16(), e.body_text()))?;
    serde_json::from_slice(&bytes).map_err(|e| Refusal::message(400, format!("The request body is not valid JSON: {e}")))
}

fn params_of(params: Params) -> std::result::Result<Vec<(String, String)>, Refusal> {
    params.map(|Query(p)| p).map_err(|e| Refusal::message(400, e.body_text()))
}

async fn projects(State(state): State<TrackerRoutes>, ctx: RequestContext) -> Response {
    respond(rest::projects(state.trackers.builtin(), asker(&ctx)).await)
}

async fn project(State(state): State<TrackerRoutes>, ctx: RequestContext, Path(key): Path<String>) -> Response {
    respond(rest::project_of(state.trackers.builtin(), asker(&ctx), &key).await)
}

async fn search(State(state): State<TrackerRoutes>, ctx: RequestContext, params: Params) -> Response {
    let answer = async { rest::search(state.trackers.builtin(), asker(&ctx), &SearchRequest::from_query(&params_of(params)?)?).await };
    respond(answer.await)
}

async fn search_by_body(State(state): State<TrackerRoutes>, ctx: RequestContext, bytes: Body) -> Response {
    let answer = async { rest::search(state.trackers.builtin(), asker(&ctx), &SearchRequest::from_body(&body_of(bytes)?)?).await };
    respond(answer.await)
}

async fn create(State(state): State<TrackerRoutes>, ctx: RequestContext, bytes: Body) -> Response {
    respond(async { rest::create(state.trackers.builtin(), asker(&ctx), &body_of(bytes)?).await }.await)
}

async fn issue_types(State(state): State<TrackerRoutes>, ctx: RequestContext, Path(project): Path<String>) -> Response {
    respond(rest::issue_types(state.trackers.builtin(), asker(&ctx), &project).await)
}

async fn issue_type_fields(State(state): State<TrackerRoutes>, ctx: RequestContext, Path((project, id)): Path<(String, String)>) -> Response {
    respond(rest::issue_type_fields(state.trackers.builtin(), asker(&ctx), &project, &id).await)
}

async fn issue(State(state): State<TrackerRoutes>, ctx: RequestContext, Path(key): Path<String>) -> Response {
    respond(rest::issue_of(state.trackers.builtin(), asker(&ctx), &key).await)
}

async fn transitions(State(state): State<TrackerRoutes>, ctx: RequestContext, Path(key): Path<String>) -> Response {
    respond(rest::transitions(state.trackers.builtin(), asker(&ctx), &key).await)
}

async fn transition(State(state): State<TrackerRoutes>, ctx: RequestContext, Path(key): Path<String>, bytes: Body) -> Response {
    respond(async { rest::transition(state.trackers.builtin(), asker(&ctx), &key, &body_of(bytes)?).await }.await)
}

async fn comments(State(state): State<TrackerRoutes>, ctx: RequestContext, Path(key): Path<String>) -> Response {
    respond(rest::comments(state.trackers.builtin(), asker(&ctx), &key).await)
}

async fn add_comment(State(state): State<TrackerRoutes>, ctx: RequestContext, Path(key): Path<String>, bytes: Body) -> Response {
    respond(async { rest::add_comment(state.trackers.builtin(), asker(&ctx), &key, &body_of(bytes)?).await }.await)
}

async fn assignable(State(state): State<TrackerRoutes>, ctx: RequestContext, params: Params) -> Response {
    respond(async { rest::assignable(state.trackers.builtin(), asker(&ctx), &params_of(params)?).await }.await)
}

async fn myself(State(state): State<TrackerRoutes>, ctx: RequestContext) -> Response {
    respond(rest::myself(state.trackers.builtin(), asker(&ctx)).await)
}
