//! The agents' desk (`/api/desk`): members with the `agent` role take the tenant's
//! queue, talk with customers and close conversations with a resolution; administrators
//! and agents keep the canned replies and read the statistics. Another tenant's session
//! answers 404, exactly as one that does not exist.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_liveagent::model::{
    CannedReply, DeskSession, DeskStats, DeskStatus, LiveMessage, MAX_FIELD_CHARS, MAX_TEXT_CHARS, QueueEntry, SenderKind, Session,
};
use waybill_liveagent::service::Writer;
use waybill_routes::require_agent_or_admin;

use crate::AppState;
use crate::auth::RequestContext;
use crate::error::{ApiError, Error, Json, Path, Query, Result};

/// `GET /api/desk/me`.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "live_agent/")]
pub struct DeskMe {
    pub status: DeskStatus,
    pub canned: Vec<CannedReply>,
}

/// `PUT /api/desk/me`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "live_agent/")]
pub struct DeskPresence {
    pub status: DeskStatus,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SessionsQuery {
    /// The caller's active sessions (the default); `false`: every active session of the tenant.
    #[serde(default)]
    pub mine: Option<bool>,
}

/// `GET /api/desk/sessions/{id}`.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "live_agent/")]
pub struct SessionDetail {
    pub session: DeskSession,
    pub messages: Vec<LiveMessage>,
    /// The chat's UI messages (`{id, role, parts, metadata}`) before the hand-over, read only; empty when the chat is gone.
    #[schema(value_type = Vec<Object>)]
    #[ts(type = "unknown[]")]
    pub conversation: Vec<Value>,
}

/// `POST /api/desk/sessions/{id}/messages`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "live_agent/")]
pub struct NewDeskMessage {
    /// The text (up to 4,000 characters), or (type 1) the image's Waybill file link.
    #[schema(min_length = 1)]
    pub content: String,
    /// 0 text, 1 image.
    #[serde(rename = "type")]
    #[schema(minimum = 0, maximum = 1)]
    #[ts(type = "0 | 1")]
    pub msg_type: i64,
}

/// What a send answers, as the customer's send does.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub struct SentMessage {
    pub send_id: String,
    pub id: String,
    pub timestamp: i64,
}

/// `POST /api/desk/sessions/{id}/close`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "live_agent/")]
pub struct CloseSession {
    /// What was done about it.
    #[schema(min_length = 1, max_length = 2000, pattern = "[^ \\t\\n\\r\\u000b\\u000c]")]
    pub resolution: String,
}

/// `POST /api/desk/canned`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export, export_to = "live_agent/")]
pub struct NewCannedReply {
    #[schema(min_length = 1, max_length = 200, pattern = "[^ \\t\\n\\r\\u000b\\u000c]")]
    pub title: String,
    #[schema(min_length = 1, max_length = 4000, pattern = "[^ \\t\\n\\r\\u000b\\u000c]")]
    pub text: String,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me, set_me))
        .routes(routes!(queue))
        .routes(routes!(sessions))
        .routes(routes!(session))
        .routes(routes!(claim))
        .routes(routes!(send))
        .routes(routes!(close))
        .routes(routes!(canned, add_canned))
        .routes(routes!(delete_canned))
        .routes(routes!(stats))
}

fn require_agent(ctx: &RequestContext) -> Result<()> {
    if ctx.is_agent { Ok(()) } else { Err(Error::Forbidden("Only the tenant's agents can use the desk")) }
}

/// A session of the caller's tenant; an id no session could have is not found either.
async fn tenant_session(state: &AppState, ctx: &RequestContext, id: &str) -> Result<Session> {
    Ok(state.live.service.tenant_session(&ctx.tenant_id, id).await?)
}

/// The agent's presence and the tenant's canned replies.
#[utoipa::path(get, path = "/api/desk/me", tag = "desk", responses((status = 200, body = DeskMe), (status = 403, body = ApiError)))]
async fn me(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<DeskMe>> {
    require_agent(&ctx)?;
    let store = &state.live.service.store;
    Ok(Json(DeskMe { status: store.agent_status(&ctx.tenant_id, &ctx.user_id).await?, canned: store.canned(&ctx.tenant_id).await? }))
}

/// Sets the agent's presence.
#[utoipa::path(put, path = "/api/desk/me", tag = "desk", request_body = DeskPresence, responses((status = 200, body = DeskMe), (status = 403, body = ApiError)))]
async fn set_me(State(state): State<AppState>, ctx: RequestContext, Json(body): Json<DeskPresence>) -> Result<Json<DeskMe>> {
    require_agent(&ctx)?;
    let store = &state.live.service.store;
    store.set_agent_status(&ctx.tenant_id, &ctx.user_id, body.status, waybill_store::now_ms()).await?;
    Ok(Json(DeskMe { status: body.status, canned: store.canned(&ctx.tenant_id).await? }))
}

/// The tenant's waiting customers, oldest first.
#[utoipa::path(get, path = "/api/desk/queue", tag = "desk", responses((status = 200, body = Vec<QueueEntry>), (status = 403, body = ApiError)))]
async fn queue(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<Vec<QueueEntry>>> {
    require_agent(&ctx)?;
    Ok(Json(queue_of(&state, &ctx.tenant_id).await?))
}

/// The tenant's queue as the desk shows it.
pub async fn queue_of(state: &AppState, tenant_id: &str) -> Result<Vec<QueueEntry>> {
    let now = waybill_store::now_ms();
    Ok(state.live.service.store.queue(tenant_id).await?.iter().map(|s| s.queue_entry(now)).collect())
}

/// Active sessions: the caller's, or (`mine=false`) the tenant's.
#[utoipa::path(get, path = "/api/desk/sessions", tag = "desk", params(SessionsQuery), responses((status = 200, body = Vec<DeskSession>), (status = 403, body = ApiError)))]
async fn sessions(State(state): State<AppState>, ctx: RequestContext, Query(query): Query<SessionsQuery>) -> Result<Json<Vec<DeskSession>>> {
    require_agent(&ctx)?;
    let store = &state.live.service.store;
    let sessions = if query.mine.unwrap_or(true) { store.active_of_agent(&ctx.tenant_id, &ctx.user_id).await? } else { store.active(&ctx.tenant_id).await? };
    Ok(Json(sessions.iter().map(DeskSession::from).collect()))
}

/// A session, its messages, and the customer's conversation with the assistant before the hand-over.
#[utoipa::path(get, path = "/api/desk/sessions/{id}", tag = "desk", params(("id" = String, Path)),
    responses((status = 200, body = SessionDetail), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn session(State(state): State<AppState>, ctx: RequestContext, Path(id): Path<String>) -> Result<Json<SessionDetail>> {
    require_agent(&ctx)?;
    let session = tenant_session(&state, &ctx, &id).await?;
    let messages = state.live.service.store.messages(&session).await?;
    let conversation = match &session.chat_id {
        // The customer's own chat in this tenant, read only; live-agent messages saved
        // with it since are the session's messages already.
        Some(chat) => state
            .store
            .chat_messages(&ctx.tenant_id, &session.customer_id, chat)
            .await?
            .iter()
            .filter_map(|m| serde_json::from_str::<Value>(&m.body).ok())
            .filter(|m| m.pointer("/metadata/source").and_then(Value::as_str) != Some("live_agent"))
            .collect(),
        None => Vec::new(),
    };
    Ok(Json(SessionDetail { session: DeskSession::from(&session), messages, conversation }))
}

/// Takes a waiting session; 409 when another agent took it first.
#[utoipa::path(post, path = "/api/desk/sessions/{id}/claim", tag = "desk", params(("id" = String, Path)),
    responses((status = 200, body = DeskSession), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn claim(State(state): State<AppState>, ctx: RequestContext, Path(id): Path<String>) -> Result<Json<DeskSession>> {
    require_agent(&ctx)?;
    tenant_session(&state, &ctx, &id).await?;
    let session = state.live.service.claim(&ctx.tenant_id, &id, &ctx.user_id).await?;
    Ok(Json(DeskSession::from(&session)))
}

/// The agent's message to the customer.
#[utoipa::path(post, path = "/api/desk/sessions/{id}/messages", tag = "desk", params(("id" = String, Path)), request_body = NewDeskMessage,
    responses((status = 200, body = SentMessage), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn send(State(state): State<AppState>, ctx: RequestContext, Path(id): Path<String>, Json(body): Json<NewDeskMessage>) -> Result<Json<SentMessage>> {
    require_agent(&ctx)?;
    let session = tenant_session(&state, &ctx, &id).await?;
    let name = super::app_api::nick_name(&state, &ctx.user_id).await?;
    let writer = Writer { kind: SenderKind::Agent, user_id: &ctx.user_id, name: &name };
    let sent = state.live.service.agent_send(&session, writer, body.msg_type, &body.content).await?;
    Ok(Json(SentMessage { send_id: sent.send_id, id: sent.id, timestamp: sent.timestamp }))
}

/// Ends a session with what was done about it.
#[utoipa::path(post, path = "/api/desk/sessions/{id}/close", tag = "desk", params(("id" = String, Path)), request_body = CloseSession,
    responses((status = 200, body = DeskSession), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn close(State(state): State<AppState>, ctx: RequestContext, Path(id): Path<String>, Json(body): Json<CloseSession>) -> Result<Json<DeskSession>> {
    require_agent(&ctx)?;
    tenant_session(&state, &ctx, &id).await?;
    let session = state.live.service.agent_close(&ctx.tenant_id, &id, &ctx.user_id, &body.resolution).await?;
    Ok(Json(DeskSession::from(&session)))
}

/// The tenant's canned replies.
#[utoipa::path(get, path = "/api/desk/canned", tag = "desk", responses((status = 200, body = Vec<CannedReply>), (status = 403, body = ApiError)))]
async fn canned(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<Vec<CannedReply>>> {
    require_agent_or_admin(&ctx)?;
    Ok(Json(state.live.service.store.canned(&ctx.tenant_id).await?))
}

/// Adds a canned reply.
#[utoipa::path(post, path = "/api/desk/canned", tag = "desk", request_body = NewCannedReply,
    responses((status = 201, body = CannedReply), (status = 403, body = ApiError)))]
async fn add_canned(State(state): State<AppState>, ctx: RequestContext, Json(body): Json<NewCannedReply>) -> Result<(StatusCode, Json<CannedReply>)> {
    require_agent_or_admin(&ctx)?;
    let (title, text) = (crate::text::trim(&body.title), crate::text::trim(&body.text));
    if title.is_empty() || text.is_empty() {
        return Err(Error::InvalidBody("title and text are required".into()));
    }
    if title.contains('\0') || text.contains('\0') {
        return Err(Error::InvalidBody("title and text must not contain NUL characters".into()));
    }
    if title.chars().count() > MAX_FIELD_CHARS || text.chars().count() > MAX_TEXT_CHARS {
        return Err(Error::InvalidBody(format!("title must be at most {MAX_FIELD_CHARS} characters and text at most {MAX_TEXT_CHARS}")));
    }
    let reply = state.live.service.store.add_canned(&ctx.tenant_id, &ctx.user_id, title, text, waybill_store::now_ms()).await?;
    Ok((StatusCode::CREATED, Json(reply)))
}

/// Deletes a canned reply.
#[utoipa::path(delete, path = "/api/desk/canned/{id}", tag = "desk", params(("id" = String, Path)),
    responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn delete_canned(State(state): State<AppState>, ctx: RequestContext, Path(id): Path<String>) -> Result<StatusCode> {
    require_agent_or_admin(&ctx)?;
    if !waybill_liveagent::service::plausible_id(&id) || !state.live.service.store.delete_canned(&ctx.tenant_id, &id).await? {
        return Err(Error::NotFound("Canned reply"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Today's figures: queue length, waits, active sessions and agents online.
#[utoipa::path(get, path = "/api/desk/stats", tag = "desk", responses((status = 200, body = DeskStats), (status = 403, body = ApiError)))]
async fn stats(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<DeskStats>> {
    require_agent_or_admin(&ctx)?;
    let now = waybill_store::now_ms();
    let day_start = now - now.rem_euclid(86_400_000);
    Ok(Json(state.live.service.store.stats(&ctx.tenant_id, day_start, now).await?))
}
