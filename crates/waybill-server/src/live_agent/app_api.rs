//! The messaging service's REST protocol (`/app-api`, spec 002 §7): sign-in with the
//! Waybill session, token refresh, the customer's session (create or resume, poll, the
//! third variant's temporary session), messages, close, and the group's members.
//!
//! Every answer is `{code: 0, msg: "success", data}`; a refusal carries its HTTP status
//! and `{code: <status>, msg}`. The messaging access token travels in `accessToken`.

use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_liveagent::model::{SenderKind, Session};
use waybill_liveagent::service::{CLOSED_BY_CUSTOMER, Request, Standing, Writer};
use waybill_liveagent::tokens::{Holder, TokenPair};

use crate::AppState;
use crate::error::{Error, Json, Path};

/// The header that carries the messaging access token.
pub const TOKEN_HEADER: &str = "accesstoken";

/// A refusal in the protocol's shape.
#[derive(Debug)]
pub struct AppError(Error);

impl From<Error> for AppError {
    fn from(err: Error) -> Self {
        Self(err)
    }
}

impl From<waybill_liveagent::LiveError> for AppError {
    fn from(err: waybill_liveagent::LiveError) -> Self {
        Self(err.into())
    }
}

impl From<waybill_store::StoreError> for AppError {
    fn from(err: waybill_store::StoreError) -> Self {
        Self(err.into())
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        // The core's response logs internal errors and sets Retry-After; its body is
        // rewritten in the protocol's shape.
        let status = self.0.status();
        let message = self.0.to_string();
        let core = self.0.into_response();
        let mut response = (status, axum::Json(json!({"code": status.as_u16(), "msg": message}))).into_response();
        if let Some(retry) = core.headers().get(header::RETRY_AFTER) {
            response.headers_mut().insert(header::RETRY_AFTER, retry.clone());
        }
        response
    }
}

type AppResult<T> = std::result::Result<Envelope<T>, AppError>;

/// A success in the protocol's shape.
pub struct Envelope<T>(T);

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        axum::Json(json!({"code": 0, "msg": "success", "data": self.0})).into_response()
    }
}

/// The protocol's envelope, as documented.
#[derive(Debug, Serialize, ToSchema)]
pub struct AppEnvelope {
    /// 0 on success, else the HTTP status.
    pub code: u16,
    pub msg: String,
    /// The answer: an object, or a list for the group's members; absent on a refusal.
    pub data: Option<Value>,
}

/// The caller of a messaging route, by their `accessToken`.
pub struct Messenger(pub Holder);

impl FromRequestParts<AppState> for Messenger {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = parts.headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok()).map(str::trim).unwrap_or_default();
        match state.live.service.tokens.verify(token, waybill_store::now_ms()).await? {
            Some(holder) => Ok(Self(holder)),
            None => Err(Error::Unauthorized("The access token is missing, expired or revoked").into()),
        }
    }
}

/// A JSON body whose refusal is in the protocol's shape.
pub struct Body<T>(pub T);

impl<T: serde::de::DeserializeOwned + Send> axum::extract::FromRequest<AppState> for Body<T> {
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let Json(value) = Json::<T>::from_request(req, state).await?;
        Ok(Self(value))
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tokens {
    pub access_token: String,
    pub refresh_token: String,
    /// Seconds.
    pub access_token_expires_in: i64,
    /// Seconds.
    pub refresh_token_expires_in: i64,
    pub user_id: String,
    pub nick_name: String,
}

fn tokens(pair: TokenPair, user_id: String, nick_name: String) -> Tokens {
    Tokens {
        access_token: pair.access_token,
        refresh_token: pair.refresh_token,
        access_token_expires_in: pair.access_expires_in,
        refresh_token_expires_in: pair.refresh_expires_in,
        user_id,
        nick_name,
    }
}

/// A member as others see them: their first name, else their user name.
pub(crate) async fn nick_name(state: &AppState, user_id: &str) -> Result<String, Error> {
    Ok(state.store.user_by_id(user_id).await?.map(|u| u.first_name.filter(|n| !n.trim().is_empty()).unwrap_or(u.user_name)).unwrap_or_default())
}

/// Signs in to the messaging service with the Waybill session (`Authorization: Bearer`, `X-Tenant-Id`).
#[utoipa::path(post, path = "/app-api/iam/login/0", tag = "live-agent",
    params(("x-tenant-id" = Option<String>, Header, description = "The tenant; the token's first when absent")),
    responses((status = 200, body = AppEnvelope), (status = 401, body = AppEnvelope), (status = 403, body = AppEnvelope)))]
async fn login(State(state): State<AppState>, headers: HeaderMap) -> AppResult<Tokens> {
    let ctx = crate::auth::authenticate(&state, &headers, true).await?;
    let holder = Holder { tenant_id: ctx.tenant_id.clone(), user_id: ctx.user_id.clone() };
    let pair = state.live.service.tokens.issue(&holder, waybill_store::now_ms()).await?;
    let name = nick_name(&state, &ctx.user_id).await?;
    Ok(Envelope(tokens(pair, ctx.user_id, name)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefreshRequest {
    #[schema(min_length = 1, max_length = 200)]
    pub refresh_token: String,
}

/// Trades the refresh token for new tokens; the refresh token rotates.
#[utoipa::path(put, path = "/app-api/refreshToken", tag = "live-agent", request_body = RefreshRequest,
    responses((status = 200, body = AppEnvelope), (status = 401, body = AppEnvelope)))]
async fn refresh(State(state): State<AppState>, Body(body): Body<RefreshRequest>) -> AppResult<Tokens> {
    let Some((holder, pair)) = state.live.service.tokens.refresh(body.refresh_token.trim(), waybill_store::now_ms()).await? else {
        return Err(Error::Unauthorized("The refresh token is invalid or expired").into());
    };
    let name = nick_name(&state, &holder.user_id).await?;
    Ok(Envelope(tokens(pair, holder.user_id, name)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolRequest {
    /// "1" creates (or resumes) the caller's session; "2" polls `sessionId`.
    #[schema(example = "1")]
    pub status: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub session_id: Option<String>,
    /// The chat the customer hands over from; the desk reads its conversation.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub chat_id: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub facility_id: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub first_name: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub last_name: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub email: Option<String>,
    /// What the customer said they need, shown to the agents with the request; the
    /// chat's last question to the assistant when not given.
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub question: Option<String>,
}

fn standing_json(standing: &Standing) -> Value {
    json!({
        "sessionId": standing.session.id,
        "position": standing.position,
        "waitTime": standing.wait_seconds,
        "agentAvailable": standing.agent_available,
        "status": standing.session.status.as_str(),
        "groupId": standing.session.group_id,
    })
}

/// The last thing the customer asked the assistant in the chat they hand over from.
async fn question(state: &AppState, holder: &Holder, chat_id: Option<&str>) -> Result<String, AppError> {
    let Some(chat_id) = chat_id.filter(|c| waybill_liveagent::service::plausible_id(c)) else { return Ok(String::new()) };
    let messages = state.store.chat_messages(&holder.tenant_id, &holder.user_id, chat_id).await?;
    let last_user = messages.iter().rev().filter(|m| m.role == "user").find_map(|m| {
        let body: Value = serde_json::from_str(&m.body).ok()?;
        if body.pointer("/metadata/source").and_then(Value::as_str) == Some("live_agent") {
            return None;
        }
        let text: Vec<&str> = body["parts"].as_array()?.iter().filter(|p| p["type"] == "text").filter_map(|p| p["text"].as_str()).collect();
        (!text.is_empty()).then(|| text.join(" "))
    });
    Ok(last_user.unwrap_or_default())
}

/// Creates the session (`status` "1"), resuming the caller's queued or active one, or polls it (`status` "2").
#[utoipa::path(post, path = "/app-api/customer/server/pool", tag = "live-agent", request_body = PoolRequest,
    params(("accessToken" = String, Header, description = "The messaging access token")),
    responses((status = 200, body = AppEnvelope), (status = 400, body = AppEnvelope), (status = 401, body = AppEnvelope), (status = 404, body = AppEnvelope)))]
async fn pool(State(state): State<AppState>, Messenger(holder): Messenger, Body(body): Body<PoolRequest>) -> AppResult<Value> {
    let live = &state.live.service;
    match body.status.as_str() {
        "1" => {
            let user = state.store.user_by_id(&holder.user_id).await?;
            let given = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
            let request = Request {
                preview: match given(body.question) {
                    Some(need) => need,
                    None => question(&state, &holder, body.chat_id.as_deref()).await?,
                },
                chat_id: body.chat_id,
                facility_id: body.facility_id,
                first_name: given(body.first_name).or_else(|| user.as_ref().and_then(|u| u.first_name.clone())).unwrap_or_default(),
                last_name: given(body.last_name).unwrap_or_default(),
                email: given(body.email).or_else(|| user.as_ref().map(|u| u.email.clone())).unwrap_or_default(),
            };
            let standing = live.create_or_resume(&holder.tenant_id, &holder.user_id, request).await?;
            Ok(Envelope(json!({"data": standing_json(&standing)})))
        }
        "2" => {
            let id = body.session_id.ok_or_else(|| Error::InvalidBody("sessionId is required to poll".into()))?;
            let session = live.customer_session(&holder.tenant_id, &holder.user_id, &id).await?;
            let standing = live.standing(session).await?;
            let mut data = standing_json(&standing);
            if let Some(data) = data.as_object_mut() {
                data.remove("groupId");
            }
            Ok(Envelope(data))
        }
        _ => Err(Error::InvalidBody("status must be \"1\" (create) or \"2\" (poll)".into()).into()),
    }
}

/// The caller's open session handed over from chat `chatId`, or `data: null`: a chat page
/// that loads again resumes it (queued: polling; active: the socket). Signed in with the
/// Waybill session like the login, so a page that finds nothing needs no messaging tokens;
/// nothing is created.
#[utoipa::path(get, path = "/app-api/customer/server/open/{chatId}", tag = "live-agent",
    params(("chatId" = String, Path), ("x-tenant-id" = Option<String>, Header, description = "The tenant; the token's first when absent")),
    responses((status = 200, body = AppEnvelope), (status = 400, body = AppEnvelope), (status = 401, body = AppEnvelope), (status = 403, body = AppEnvelope)))]
async fn open(State(state): State<AppState>, headers: HeaderMap, path: Result<Path<String>, Error>) -> AppResult<Value> {
    let ctx = crate::auth::authenticate(&state, &headers, true).await?;
    let Path(chat_id) = path?;
    crate::chat_history::check_chat_id(&chat_id)?;
    let standing = state.live.service.open_session_of_chat(&ctx.tenant_id, &ctx.user_id, &chat_id).await?;
    Ok(Envelope(json!({"data": standing.as_ref().map(standing_json)})))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TempRequest {
    #[schema(min_length = 1, max_length = 200)]
    pub email: String,
    #[schema(min_length = 1, max_length = 200)]
    pub first_name: String,
    #[schema(min_length = 1, max_length = 200)]
    pub last_name: String,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub biz_type: Option<String>,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub channel: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub chat_id: Option<String>,
}

/// The third site variant's session: created with the user's details (or resumed).
#[utoipa::path(post, path = "/app-api/customer/server/temp", tag = "live-agent", request_body = TempRequest,
    params(("accessToken" = String, Header, description = "The messaging access token")),
    responses((status = 200, body = AppEnvelope), (status = 400, body = AppEnvelope), (status = 401, body = AppEnvelope)))]
async fn temp(State(state): State<AppState>, Messenger(holder): Messenger, Body(body): Body<TempRequest>) -> AppResult<Value> {
    let (email, first_name, last_name) = (body.email.trim().to_owned(), body.first_name.trim().to_owned(), body.last_name.trim().to_owned());
    if email.is_empty() || first_name.is_empty() || last_name.is_empty() {
        return Err(Error::InvalidBody("User info is required for UNIS live agent".into()).into());
    }
    let request = Request {
        preview: question(&state, &holder, body.chat_id.as_deref()).await?,
        chat_id: body.chat_id,
        facility_id: None,
        first_name: first_name.clone(),
        last_name: last_name.clone(),
        email: email.clone(),
    };
    let standing = state.live.service.create_or_resume(&holder.tenant_id, &holder.user_id, request).await?;
    let mut data = standing_json(&standing);
    if let Some(data) = data.as_object_mut() {
        data.remove("waitTime");
    }
    Ok(Envelope(json!({
        "userSessionInfo": {"userId": holder.user_id, "email": email, "firstName": first_name, "lastName": last_name},
        "data": data,
    })))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendRequest {
    #[schema(min_length = 1, max_length = 200)]
    pub session_id: String,
    /// The text, or (type 1) the image's Waybill file link.
    pub content: String,
    /// 0 text, 1 image.
    #[serde(rename = "type")]
    pub msg_type: i64,
    /// Ignored: a session has one agent.
    #[serde(default)]
    pub recv_id: Option<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sent {
    pub send_id: String,
    pub id: String,
    /// Milliseconds since the epoch.
    pub timestamp: i64,
}

/// The customer's message to the agent.
#[utoipa::path(post, path = "/app-api/customer/server/message", tag = "live-agent", request_body = SendRequest,
    params(("accessToken" = String, Header, description = "The messaging access token")),
    responses((status = 200, body = AppEnvelope), (status = 400, body = AppEnvelope), (status = 401, body = AppEnvelope), (status = 404, body = AppEnvelope),
        (status = 409, body = AppEnvelope, description = "the session is not active"), (status = 429, body = AppEnvelope, description = "too many messages; see Retry-After")))]
async fn message(State(state): State<AppState>, Messenger(holder): Messenger, Body(body): Body<SendRequest>) -> AppResult<Sent> {
    let live = &state.live.service;
    let session = live.customer_session(&holder.tenant_id, &holder.user_id, &body.session_id).await?;
    let name = session.customer_name();
    let writer = Writer { kind: SenderKind::Customer, user_id: &holder.user_id, name: &name };
    let sent = live.customer_send(&session, writer, body.msg_type, &body.content).await?;
    Ok(Envelope(Sent { send_id: sent.send_id, id: sent.id, timestamp: sent.timestamp }))
}

/// The customer ends the conversation.
#[utoipa::path(post, path = "/app-api/customer/server/close/{sessionId}", tag = "live-agent",
    params(("sessionId" = String, Path), ("accessToken" = String, Header, description = "The messaging access token")),
    responses((status = 200, body = AppEnvelope), (status = 401, body = AppEnvelope), (status = 404, body = AppEnvelope)))]
async fn close(State(state): State<AppState>, Messenger(holder): Messenger, path: Result<Path<String>, Error>) -> AppResult<Value> {
    let Path(id) = path?;
    let live = &state.live.service;
    let session = live.customer_session(&holder.tenant_id, &holder.user_id, &id).await?;
    live.close(&session, Some(CLOSED_BY_CUSTOMER), "closed by the customer").await?;
    Ok(Envelope(json!({})))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupMember {
    pub user_id: String,
    pub nick_name: String,
    pub head_image: String,
}

/// The conversation's members: the customer and the agent. Only they may ask.
#[utoipa::path(get, path = "/app-api/group/members/{groupId}", tag = "live-agent",
    params(("groupId" = String, Path), ("accessToken" = String, Header, description = "The messaging access token")),
    responses((status = 200, body = AppEnvelope), (status = 401, body = AppEnvelope), (status = 404, body = AppEnvelope)))]
async fn members(State(state): State<AppState>, Messenger(holder): Messenger, path: Result<Path<String>, Error>) -> AppResult<Vec<GroupMember>> {
    let Path(group_id) = path?;
    let session: Option<Session> =
        if waybill_liveagent::service::plausible_id(&group_id) { state.live.service.store.session_by_group(&holder.tenant_id, &group_id).await? } else { None };
    let Some(session) = session.filter(|s| s.customer_id == holder.user_id || s.agent_id.as_deref() == Some(holder.user_id.as_str())) else {
        return Err(Error::NotFound("Group").into());
    };
    let mut members = vec![GroupMember { user_id: session.customer_id.clone(), nick_name: session.customer_name(), head_image: String::new() }];
    if let Some(agent) = &session.agent_id {
        members.push(GroupMember { user_id: agent.clone(), nick_name: nick_name(&state, agent).await?, head_image: String::new() });
    }
    Ok(Envelope(members))
}

/// The protocol's routes (no Waybill session: the messaging token, or for sign-in the bearer token).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(refresh))
        .routes(routes!(pool))
        .routes(routes!(open))
        .routes(routes!(temp))
        .routes(routes!(message))
        .routes(routes!(close))
        .routes(routes!(members))
}
