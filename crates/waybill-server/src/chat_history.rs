//! Chat history (spec 000 §3–5): the index, load, save, rename and delete.
//!
//! Messages are AI SDK UI messages (`{id, role, parts, metadata}`) kept byte for byte as
//! the client sent them, so a reloaded chat renders exactly as it did. Every query is
//! scoped by tenant and owner; another user's chat answers 404 like a missing one.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_store::{MessageRecord, NewChat, Owner, SaveOutcome};

use crate::AppState;
use crate::auth::RequestContext;
use crate::error::{ApiError, Error, Json, Result};

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
    #[schema(value_type = Vec<Object>)]
    #[ts(type = "Array<unknown>")]
    pub messages: Vec<Box<RawValue>>,
    pub model: String,
    #[serde(default)]
    #[ts(optional)]
    pub title: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct ChatId {
    pub id: String,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SaveChatRequest {
    #[schema(value_type = Vec<Object>)]
    #[ts(type = "Array<unknown>")]
    pub messages: Vec<Box<RawValue>>,
    pub model: String,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct RenameChatRequest {
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
}

/// The caller's chats, most recently updated first.
#[utoipa::path(get, path = "/api/chat-history", tag = "chat-history", responses((status = 200, body = Vec<ChatSummary>)))]
async fn list_chats(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<Vec<ChatSummary>>> {
    let chats = state.store.list_chats(&ctx.tenant_id, &ctx.user_id).await?;
    Ok(Json(
        chats.into_iter().map(|c| ChatSummary { id: c.id, title: c.title, updated_at: rfc3339(c.updated_at_ms) }).collect(),
    ))
}

/// Creates a chat and answers its id.
#[utoipa::path(post, path = "/api/chat-history", tag = "chat-history", request_body = CreateChatRequest,
    responses((status = 201, body = ChatId), (status = 400, body = ApiError)))]
async fn create_chat(State(state): State<AppState>, ctx: RequestContext, Json(body): Json<CreateChatRequest>) -> Result<(StatusCode, Json<ChatId>)> {
    let messages = ui_messages(&body.messages)?;
    let model = model_name(&body.model)?;
    let user_title = match body.title.as_deref().map(str::trim) {
        Some("") | None => None,
        Some(title) => Some(checked_title(title)?),
    };
    let id = uuid::Uuid::now_v7().simple().to_string();
    let auto = auto_title(&body.messages);
    let create = new_chat(&ctx, &id, model, user_title);
    state.store.save_chat(owner(&ctx), &id, model, &messages, Some(create), auto.as_deref()).await?;
    Ok((StatusCode::CREATED, Json(ChatId { id })))
}

/// Loads a chat: its messages, model and voice recordings.
#[utoipa::path(get, path = "/api/chat-history/{chatId}", tag = "chat-history", params(("chatId" = String, Path)),
    responses((status = 200, body = ChatHistory), (status = 404, body = ApiError)))]
async fn load_chat(State(state): State<AppState>, ctx: RequestContext, Path(chat_id): Path<String>) -> Result<Json<ChatHistory>> {
    let meta = state.store.chat_meta(&ctx.tenant_id, &ctx.user_id, &chat_id).await?.ok_or(Error::NotFound("Chat"))?;
    let stored = state.store.chat_messages(&ctx.tenant_id, &ctx.user_id, &chat_id).await?;
    let messages = stored
        .into_iter()
        .map(|m| RawValue::from_string(m.body).map_err(|e| Error::Internal(anyhow::anyhow!("stored message {} is not JSON: {e}", m.id))))
        .collect::<Result<_>>()?;
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
    Ok(Json(ChatHistory { messages, model: meta.model, title: meta.title, audio_recordings }))
}

/// Saves the chat's full message list (idempotent by message id). An unused id creates the chat.
#[utoipa::path(put, path = "/api/chat-history/{chatId}", tag = "chat-history", params(("chatId" = String, Path)),
    request_body = SaveChatRequest, responses((status = 200, body = ChatId), (status = 201, body = ChatId), (status = 404, body = ApiError)))]
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
    let create = new_chat(&ctx, &chat_id, model, None);
    let status = match state.store.save_chat(owner(&ctx), &chat_id, model, &messages, Some(create), auto.as_deref()).await? {
        SaveOutcome::Created => StatusCode::CREATED,
        SaveOutcome::Saved => StatusCode::OK,
        SaveOutcome::NotFound => return Err(Error::NotFound("Chat")),
    };
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
    let title = body.title.trim();
    if title.is_empty() {
        return Err(Error::InvalidBody("The title must not be blank".into()));
    }
    let title = checked_title(title)?;
    if !state.store.rename_chat(&ctx.tenant_id, &ctx.user_id, &chat_id, title).await? {
        return Err(Error::NotFound("Chat"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes one chat with its messages and recordings.
#[utoipa::path(delete, path = "/api/chat-history/{chatId}", tag = "chat-history", params(("chatId" = String, Path)),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn delete_chat(State(state): State<AppState>, ctx: RequestContext, Path(chat_id): Path<String>) -> Result<StatusCode> {
    if !state.store.delete_chat(&ctx.tenant_id, &ctx.user_id, &chat_id).await? {
        return Err(Error::NotFound("Chat"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes every chat of the caller in this tenant.
#[utoipa::path(delete, path = "/api/chat-history", tag = "chat-history", responses((status = 200, body = DeletedChats)))]
async fn delete_all_chats(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<DeletedChats>> {
    let deleted = state.store.delete_all_chats(&ctx.tenant_id, &ctx.user_id).await?;
    Ok(Json(DeletedChats { deleted }))
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
    /// Must be an array; its contents are the client's.
    #[serde(rename = "parts")]
    _parts: Vec<serde::de::IgnoredAny>,
}

/// Checks each message is a UI message and keeps its text verbatim.
pub fn ui_messages(raw: &[Box<RawValue>]) -> Result<Vec<MessageRecord>> {
    let mut seen = std::collections::HashSet::with_capacity(raw.len());
    raw.iter()
        .enumerate()
        .map(|(i, message)| {
            let head: UiMessageHead = serde_json::from_str(message.get())
                .map_err(|e| Error::InvalidBody(format!("messages[{i}] is not a UI message ({{id, role, parts}}): {e}")))?;
            if head.id.is_empty() || head.id.len() > 200 {
                return Err(Error::InvalidBody(format!("messages[{i}].id must be 1 to 200 characters")));
            }
            if !matches!(head.role.as_str(), "user" | "assistant" | "system") {
                return Err(Error::InvalidBody(format!("messages[{i}].role must be user, assistant or system")));
            }
            if !seen.insert(head.id.clone()) {
                return Err(Error::InvalidBody(format!("messages[{i}].id repeats an earlier message id")));
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

fn checked_title(title: &str) -> Result<&str> {
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(Error::InvalidBody(format!("The title must be at most {MAX_TITLE_CHARS} characters")));
    }
    Ok(title)
}

fn model_name(model: &str) -> Result<&str> {
    let model = model.trim();
    if model.is_empty() || model.chars().count() > MAX_MODEL_CHARS {
        return Err(Error::InvalidBody("model must be a model id".into()));
    }
    Ok(model)
}

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
        for bad in [r#"{"role":"user","parts":[]}"#, r#"{"id":"a","role":"robot","parts":[]}"#, r#"{"id":"a","role":"user","parts":{}}"#, r#""text""#, r#"{"id":"","role":"user","parts":[]}"#] {
            let err = ui_messages(&[raw(bad)]).unwrap_err();
            assert!(matches!(err, Error::InvalidBody(ref m) if m.starts_with("messages[0]")), "{bad}: {err:?}");
        }
        let dup = [raw(r#"{"id":"a","role":"user","parts":[]}"#), raw(r#"{"id":"a","role":"user","parts":[]}"#)];
        assert!(ui_messages(&dup).is_err());
    }

    #[test]
    fn chat_ids_are_url_safe() {
        assert!(check_chat_id("0193-abc_def.1").is_ok());
        for bad in ["", "a/b", "a b", "..\u{202e}", &"x".repeat(129)] {
            assert!(check_chat_id(bad).is_err(), "{bad}");
        }
    }
}
