//! Chat history (spec 000 §3–5): the index, load, save, rename and delete.
//!
//! Messages are AI SDK UI messages (`{id, role, parts, metadata}`) kept byte for byte as
//! the client sent them, so a reloaded chat renders exactly as it did. Every query is
//! scoped by tenant and owner; another user's chat answers 404 like a missing one.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_store::{MessageRecord, NewChat, Owner, SaveOutcome};

use crate::AppState;
use crate::auth::RequestContext;
use crate::chat_events::{self, ChatEvent};
use crate::error::{ApiError, Error, Json, Path, Query, Result};
use crate::text;

/// The title a chat has until its first user message names it.
pub const DEFAULT_TITLE: &str = "New Chat";
const MAX_TITLE_CHARS: usize = 500;
const AUTO_TITLE_CHARS: usize = 80;
const MAX_MODEL_CHARS: usize = 200;

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatSummary {
    pub id: String,
    pub title: String,
    /// RFC 3339.
    pub updated_at: String,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct CreateChatRequest {
    #[schema(value_type = Vec<UiMessage>)]
    #[ts(type = "Array<unknown>")]
    pub messages: Vec<Box<RawValue>>,
    /// The model the chat uses; stored as given.
    #[schema(min_length = 1, max_length = 200, pattern = "[^ \\t\\n\\r\\u000b\\u000c]")]
    pub model: String,
    /// A title of the user's choice; blank means an automatic one.
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 500)]
    pub title: Option<String>,
}

/// A UI message as the AI SDK's `useChat` sends and renders it. The server reads these
/// fields and keeps the whole message exactly as sent.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UiMessage {
    #[schema(min_length = 1, max_length = 200)]
    id: String,
    role: UiRole,
    parts: Vec<UiPart>,
    /// Anything the client keeps with the message, as an object.
    #[schema(value_type = Option<Object>, required = false)]
    metadata: Option<serde_json::Value>,
}

#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum UiRole {
    User,
    Assistant,
    System,
}

/// One part of a UI message; every kind names itself in `type` (`text`, `file`,
/// `tool-{name}`, …) and carries fields of its own.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UiPart {
    #[schema(min_length = 1)]
    r#type: String,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct ChatId {
    pub id: String,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct SaveChatRequest {
    #[schema(value_type = Vec<UiMessage>)]
    #[ts(type = "Array<unknown>")]
    pub messages: Vec<Box<RawValue>>,
    #[schema(min_length = 1, max_length = 200, pattern = "[^ \\t\\n\\r\\u000b\\u000c]")]
    pub model: String,
    /// For a client that loaded only the newest pages of the chat: the id of the oldest
    /// message it loaded. Stored messages before that one are kept; the rest are replaced
    /// by `messages`. Absent: `messages` is the whole chat.
    #[serde(default)]
    #[ts(optional)]
    pub loaded_from: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct RenameChatRequest {
    /// Not blank; trimmed.
    #[schema(min_length = 1, max_length = 500, pattern = "[^ \\t\\n\\r\\u000b\\u000c]")]
    pub title: String,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AudioRecordingInfo {
    pub file_name: String,
    pub display_name: String,
    /// Where to download it: `/api/chat-history/{chatId}/audio/{fileName}`.
    pub path: String,
    pub size: i64,
    /// Seconds.
    pub duration: f64,
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatHistory {
    #[schema(value_type = Vec<Object>)]
    #[ts(type = "Array<unknown>")]
    pub messages: Vec<Box<RawValue>>,
    pub model: String,
    pub title: String,
    pub audio_recordings: Vec<AudioRecordingInfo>,
    /// Whether older messages than these exist (only when a `limit` was asked for).
    pub has_more: bool,
    /// With `hasMore`: pass as `before` to `GET /api/chat-history/{chatId}/messages`
    /// for the page before these.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LoadQuery {
    /// Only the newest this many messages (1–1000); absent means all of them.
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The id of the oldest message already held: the page ends just before it. Absent:
    /// the newest page.
    #[param(max_length = 200)]
    pub before: Option<String>,
    /// Messages per page (1–1000, default 100).
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<i64>,
}

/// A page of a chat's messages, oldest first.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MessagePage {
    #[schema(value_type = Vec<Object>)]
    #[ts(type = "Array<unknown>")]
    pub messages: Vec<Box<RawValue>>,
    /// Whether messages older than these exist.
    pub has_more: bool,
    /// With `hasMore`: the `before` of the next (older) page.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct DeletedChats {
    pub deleted: u64,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_chats, create_chat, delete_all_chats))
        .routes(routes!(load_chat, save_chat, rename_chat, delete_chat))
        .routes(routes!(message_page))
}

/// The caller's chats, most recently updated first.
#[utoipa::path(get, path = "/api/chat-history", tag = "chat-history", responses((status = 200, body = Vec<ChatSummary>)))]
async fn list_chats(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<Vec<ChatSummary>>> {
    let chats = state.store.list_chats(&ctx.tenant_id, &ctx.user_id).await?;
    Ok(Json(chats.into_iter().map(|c| ChatSummary { id: c.id, title: c.title, updated_at: rfc3339(c.updated_at_ms) }).collect()))
}

/// Creates a chat and answers its id.
#[utoipa::path(post, path = "/api/chat-history", tag = "chat-history", request_body = CreateChatRequest,
    responses((status = 201, body = ChatId), (status = 400, body = ApiError), (status = 409, body = ApiError, description = "two messages share an id")))]
async fn create_chat(State(state): State<AppState>, ctx: RequestContext, Json(body): Json<CreateChatRequest>) -> Result<(StatusCode, Json<ChatId>)> {
    let messages = ui_messages(&body.messages)?;
    let model = model_name(&body.model)?;
    let user_title = match body.title.as_deref() {
        Some(title) if !text::is_blank(title) => Some(checked_title(title)?),
        _ => None,
    };
    let id = uuid::Uuid::now_v7().simple().to_string();
    let auto = auto_title(&body.messages);
    let create = new_chat(&ctx, &id, model, user_title);
    state.store.save_chat(owner(&ctx), &id, model, &messages, Some(create), auto.as_deref()).await?;
    chat_events::publish(&state, &ctx.tenant_id, &ctx.user_id, ChatEvent::Created { chat_id: id.clone() }).await;
    Ok((StatusCode::CREATED, Json(ChatId { id })))
}

/// Loads a chat: its messages (all, or the newest `limit`), model and voice recordings.
#[utoipa::path(get, path = "/api/chat-history/{chatId}", tag = "chat-history", params(("chatId" = String, Path), LoadQuery),
    responses((status = 200, body = ChatHistory), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn load_chat(
    State(state): State<AppState>,
    ctx: RequestContext,
    Path(chat_id): Path<String>,
    Query(query): Query<LoadQuery>,
) -> Result<Json<ChatHistory>> {
    let meta = state.store.chat_meta(&ctx.tenant_id, &ctx.user_id, &chat_id).await?.ok_or(Error::NotFound("Chat"))?;
    let (stored, has_more) = match query.limit {
        None => (state.store.chat_messages(&ctx.tenant_id, &ctx.user_id, &chat_id).await?, false),
        Some(limit) => {
            check_limit(limit)?;
            state.store.chat_messages_page(owner(&ctx), &chat_id, None, limit).await?.ok_or(Error::NotFound("Chat"))?
        }
    };
    let cursor = has_more.then(|| stored.first().map(|m| m.id.clone())).flatten();
    let messages = raw_messages(stored)?;
    let recordings = state.store.audio_recordings(&ctx.tenant_id, &ctx.user_id, &chat_id).await?;
    let audio_recordings = recordings
        .into_iter()
        .map(|r| AudioRecordingInfo {
            path: format!("/api/chat-history/{chat_id}/audio/{}", r.file_name),
            file_name: r.file_name,
            display_name: r.display_name,
            size: r.size,
            duration: r.duration_secs,
            created_at: rfc3339(r.created_at_ms),
        })
        .collect();
    Ok(Json(ChatHistory { messages, model: meta.model, title: meta.title, audio_recordings, has_more, cursor }))
}

/// A page of a chat's messages, newest first by page and oldest first within it: the
/// newest `limit`, or the `limit` just before the message `before`.
#[utoipa::path(get, path = "/api/chat-history/{chatId}/messages", tag = "chat-history", params(("chatId" = String, Path), PageQuery),
    responses((status = 200, body = MessagePage), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn message_page(
    State(state): State<AppState>,
    ctx: RequestContext,
    Path(chat_id): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Json<MessagePage>> {
    let limit = query.limit.unwrap_or(DEFAULT_PAGE);
    check_limit(limit)?;
    let before = query.before.as_deref().filter(|b| !b.is_empty());
    let (stored, has_more) = match state.store.chat_messages_page(owner(&ctx), &chat_id, before, limit).await? {
        Some(page) => page,
        None if before.is_some() && state.store.chat_meta(&ctx.tenant_id, &ctx.user_id, &chat_id).await?.is_some() => {
            return Err(Error::NotFound("Message"));
        }
        None => return Err(Error::NotFound("Chat")),
    };
    let cursor = has_more.then(|| stored.first().map(|m| m.id.clone())).flatten();
    Ok(Json(MessagePage { messages: raw_messages(stored)?, has_more, cursor }))
}

const DEFAULT_PAGE: i64 = 100;
const MAX_PAGE: i64 = 1000;

fn check_limit(limit: i64) -> Result<()> {
    if (1..=MAX_PAGE).contains(&limit) { Ok(()) } else { Err(Error::BadRequest(format!("limit must be 1 to {MAX_PAGE}"))) }
}

fn raw_messages(stored: Vec<MessageRecord>) -> Result<Vec<Box<RawValue>>> {
    stored
        .into_iter()
        .map(|m| RawValue::from_string(m.body).map_err(|e| Error::Internal(anyhow::anyhow!("stored message {} is not JSON: {e}", m.id))))
        .collect()
}

/// Saves the chat's full message list (idempotent by message id). An unused id creates the chat.
#[utoipa::path(put, path = "/api/chat-history/{chatId}", tag = "chat-history", params(("chatId" = String, Path)),
    request_body = SaveChatRequest, responses((status = 200, body = ChatId), (status = 201, body = ChatId), (status = 400, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn save_chat(
    State(state): State<AppState>,
    ctx: RequestContext,
    Path(chat_id): Path<String>,
    Json(body): Json<SaveChatRequest>,
) -> Result<(StatusCode, Json<ChatId>)> {
    check_chat_id(&chat_id)?;
    let messages = ui_messages(&body.messages)?;
    let model = model_name(&body.model)?;
    let auto = auto_title(&body.messages);
    let outcome = match body.loaded_from.as_deref() {
        Some(from) => state.store.save_chat_from(owner(&ctx), &chat_id, model, from, &messages, auto.as_deref()).await?,
        None => {
            let create = new_chat(&ctx, &chat_id, model, None);
            state.store.save_chat(owner(&ctx), &chat_id, model, &messages, Some(create), auto.as_deref()).await?
        }
    };
    let (status, event) = match outcome {
        SaveOutcome::Created => (StatusCode::CREATED, ChatEvent::Created { chat_id: chat_id.clone() }),
        SaveOutcome::Saved => (StatusCode::OK, ChatEvent::Updated { chat_id: chat_id.clone() }),
        SaveOutcome::NotFound => return Err(Error::NotFound("Chat")),
        SaveOutcome::Stale => return Err(stale()),
    };
    chat_events::publish(&state, &ctx.tenant_id, &ctx.user_id, event).await;
    Ok((status, Json(ChatId { id: chat_id })))
}

/// Renames a chat. A blank title is refused and changes nothing.
#[utoipa::path(patch, path = "/api/chat-history/{chatId}", tag = "chat-history", params(("chatId" = String, Path)),
    request_body = RenameChatRequest, responses((status = 204), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn rename_chat(
    State(state): State<AppState>,
    ctx: RequestContext,
    Path(chat_id): Path<String>,
    Json(body): Json<RenameChatRequest>,
) -> Result<StatusCode> {
    if text::is_blank(&body.title) {
        return Err(Error::InvalidBody("The title must not be blank".into()));
    }
    let title = checked_title(&body.title)?;
    if !state.store.rename_chat(&ctx.tenant_id, &ctx.user_id, &chat_id, title).await? {
        return Err(Error::NotFound("Chat"));
    }
    chat_events::publish(&state, &ctx.tenant_id, &ctx.user_id, ChatEvent::Updated { chat_id }).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes one chat with its messages and recordings.
#[utoipa::path(delete, path = "/api/chat-history/{chatId}", tag = "chat-history", params(("chatId" = String, Path)),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn delete_chat(State(state): State<AppState>, ctx: RequestContext, Path(chat_id): Path<String>) -> Result<StatusCode> {
    if !state.store.delete_chat(&ctx.tenant_id, &ctx.user_id, &chat_id).await? {
        return Err(Error::NotFound("Chat"));
    }
    chat_events::publish(&state, &ctx.tenant_id, &ctx.user_id, ChatEvent::Deleted { chat_id }).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes every chat of the caller in this tenant.
#[utoipa::path(delete, path = "/api/chat-history", tag = "chat-history", responses((status = 200, body = DeletedChats)))]
async fn delete_all_chats(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<DeletedChats>> {
    let deleted = state.store.delete_all_chats(&ctx.tenant_id, &ctx.user_id).await?;
    chat_events::publish(&state, &ctx.tenant_id, &ctx.user_id, ChatEvent::Cleared).await;
    Ok(Json(DeletedChats { deleted }))
}

/// A partial save named a message that is no longer stored: another tab or device
/// changed the chat. Nothing was written; the client should reload it.
pub fn stale() -> Error {
    Error::Conflict("The chat changed since it was loaded; reload it and try again".into())
}

/// The chat to create for the caller when `id` is free; `title` is one the user chose.
fn new_chat<'a>(ctx: &'a RequestContext, id: &'a str, model: &'a str, title: Option<&'a str>) -> NewChat<'a> {
    NewChat {
        id,
        tenant_id: &ctx.tenant_id,
        owner_id: &ctx.user_id,
        facility_id: &ctx.facility_id,
        title: title.unwrap_or(DEFAULT_TITLE),
        title_by_user: title.is_some(),
        model,
    }
}

fn owner(ctx: &RequestContext) -> Owner<'_> {
    Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id }
}

/// The fields of a UI message the server reads; everything else is kept as sent.
#[derive(Deserialize)]
struct UiMessageHead {
    id: String,
    role: String,
    parts: Vec<UiPartHead>,
    /// Absent, null or an object; its contents are the client's.
    #[serde(default, rename = "metadata")]
    _metadata: Option<serde_json::Map<String, serde_json::Value>>,
}

/// A part must be an object naming its kind; its other fields are the client's.
#[derive(Deserialize)]
struct UiPartHead {
    #[serde(rename = "type")]
    kind: String,
}

/// Checks each message is a UI message and keeps its text verbatim.
pub fn ui_messages(raw: &[Box<RawValue>]) -> Result<Vec<MessageRecord>> {
    let mut seen = std::collections::HashSet::with_capacity(raw.len());
    raw.iter()
        .enumerate()
        .map(|(i, message)| {
            let head: UiMessageHead = serde_json::from_str(message.get())
                .map_err(|e| Error::InvalidBody(format!("messages[{i}] is not a UI message ({{id, role, parts: [{{type, …}}]}}): {e}")))?;
            if let Some(j) = head.parts.iter().position(|p| p.kind.is_empty()) {
                return Err(Error::InvalidBody(format!("messages[{i}].parts[{j}].type must not be empty")));
            }
            if head.id.is_empty() || head.id.chars().count() > 200 {
                return Err(Error::InvalidBody(format!("messages[{i}].id must be 1 to 200 characters")));
            }
            if !matches!(head.role.as_str(), "user" | "assistant" | "system") {
                return Err(Error::InvalidBody(format!("messages[{i}].role must be user, assistant or system")));
            }
            if !seen.insert(head.id.clone()) {
                // Well formed, but two messages cannot share an id.
                return Err(Error::Conflict(format!("messages[{i}].id repeats an earlier message id")));
            }
            Ok(MessageRecord { id: head.id, role: head.role, body: message.get().to_owned() })
        })
        .collect()
}

/// A title from the first user message's text, cut to a readable length.
pub fn auto_title(raw: &[Box<RawValue>]) -> Option<String> {
    #[derive(Deserialize)]
    struct Message {
        role: String,
        #[serde(default)]
        parts: Vec<Part>,
    }
    #[derive(Deserialize)]
    struct Part {
        #[serde(rename = "type")]
        kind: String,
        #[serde(default)]
        text: Option<String>,
    }
    let first_user = raw.iter().filter_map(|m| serde_json::from_str::<Message>(m.get()).ok()).find(|m| m.role == "user")?;
    let text = first_user.parts.into_iter().find(|p| p.kind == "text").and_then(|p| p.text)?;
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.is_empty() {
        return None;
    }
    Some(match words.char_indices().nth(AUTO_TITLE_CHARS) {
        Some((cut, _)) => format!("{}…", words[..cut].trim_end()),
        None => words,
    })
}

/// A title as given (at most 500 characters), trimmed.
fn checked_title(title: &str) -> Result<&str> {
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(Error::InvalidBody(format!("The title must be at most {MAX_TITLE_CHARS} characters")));
    }
    Ok(text::trim(title))
}

/// A model id as given (1 to 200 characters, not blank), trimmed.
fn model_name(model: &str) -> Result<&str> {
    if text::is_blank(model) || model.chars().count() > MAX_MODEL_CHARS {
        return Err(Error::InvalidBody("model must be a model id".into()));
    }
    Ok(text::trim(model))
}

/// The pattern of a chat id, as the OpenAPI document states it.
pub const CHAT_ID_PATTERN: &str = "^[A-Za-z0-9._-]{1,128}$";

/// Chat ids are chosen by clients too (the chat stream creates unknown ids): keep them
/// to URL-safe characters so they can travel in paths and file names.
pub fn check_chat_id(id: &str) -> Result<()> {
    let ok = !id.is_empty() && id.len() <= 128 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    if ok { Ok(()) } else { Err(Error::BadRequest("A chat id is 1 to 128 letters, digits, '-', '_' or '.'".into())) }
}

pub fn rfc3339(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms).map(|t| t.to_string()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(json: &str) -> Box<RawValue> {
        RawValue::from_string(json.into()).unwrap()
    }

    #[test]
    fn auto_titles_come_from_the_first_user_text() {
        let msgs = [
            raw(r#"{"id":"a","role":"assistant","parts":[{"type":"text","text":"hello"}]}"#),
            raw(r#"{"id":"b","role":"user","parts":[{"type":"file","url":"x"},{"type":"text","text":"  Where   is\ntruck 42? "}]}"#),
        ];
        assert_eq!(auto_title(&msgs).as_deref(), Some("Where is truck 42?"));
        let long = format!(r#"{{"id":"c","role":"user","parts":[{{"type":"text","text":"{}"}}]}}"#, "é".repeat(200));
        let title = auto_title(&[raw(&long)]).unwrap();
        assert_eq!(title.chars().count(), AUTO_TITLE_CHARS + 1);
        assert!(auto_title(&[]).is_none());
    }

    #[test]
    fn messages_must_look_like_ui_messages() {
        assert!(ui_messages(&[raw(r#"{"id":"a","role":"user","parts":[]}"#)]).is_ok());
        for bad in [
            r#"{"role":"user","parts":[]}"#,
            r#"{"id":"a","role":"robot","parts":[]}"#,
            r#"{"id":"a","role":"user","parts":{}}"#,
            r#""text""#,
            r#"{"id":"","role":"user","parts":[]}"#,
            &format!(r#"{{"id":"{}","role":"user","parts":[]}}"#, "x".repeat(201)),
        ] {
            let err = ui_messages(&[raw(bad)]).unwrap_err();
            assert!(matches!(err, Error::InvalidBody(ref m) if m.starts_with("messages[0]")), "{bad}: {err:?}");
        }
        let dup = [raw(r#"{"id":"a","role":"user","parts":[]}"#), raw(r#"{"id":"a","role":"user","parts":[]}"#)];
        assert!(matches!(ui_messages(&dup), Err(Error::Conflict(_))));
        for bad in [
            r#"{"id":"a","role":"user","parts":[1]}"#,
            r#"{"id":"a","role":"user","parts":[{"text":"x"}]}"#,
            r#"{"id":"a","role":"user","parts":[{"type":""}]}"#,
        ] {
            assert!(matches!(ui_messages(&[raw(bad)]), Err(Error::InvalidBody(_))), "{bad}");
        }
    }

    #[test]
    fn chat_ids_are_url_safe() {
        assert!(check_chat_id("0193-abc_def.1").is_ok());
        for bad in ["", "a/b", "a b", "..\u{202e}", &"x".repeat(129)] {
            assert!(check_chat_id(bad).is_err(), "{bad}");
        }
    }
}
