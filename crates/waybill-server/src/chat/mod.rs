//! `POST /api/chat` and its companions (spec 000 §7; DESIGN §3–4): the UI message stream
//! the web client's `useChat` reads, with stop and resume, and the model catalogue.
//!
//! Durability: the request's messages (with the new user message) are saved before the
//! model is called; the answer runs in a task of its own, is checkpointed while it
//! streams and saved when it finishes, fails or is stopped. A client that disconnects
//! does not cancel it; `GET /api/chat/{id}/stream` replays it from the beginning.

mod attachments;
mod continuation;
pub mod models;
pub mod runs;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::sync::mpsc;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_agent::agent::{self, Sink, Turn};
use waybill_agent::assembler::Assembler;
use waybill_agent::nested::SubAgents;
use waybill_agent::provider::offline;
use waybill_agent::provider::{Audience, ModelOptions, ModelProvider, ModelRequest, ToolSpec};
use waybill_agent::{context, convert};
use waybill_store::{ChatCreation, Creation, MessageRecord, NewApproval, Owner, SaveOutcome};
use waybill_tools::ui_stream::{self, Chunk, UiChunk};
use waybill_tools::{Scope, ToolContext, Toolset};

use self::continuation::Continuation;
use self::models::{ApiKeys, ModelInfo};
use self::runs::{MessageContent, RemoteRun, Run};
use crate::AppState;
use crate::auth::RequestContext;
use crate::chat_events::{self, ChatEvent};
use crate::chat_history::{auto_title, check_chat_id, ui_messages};
use crate::error::{ApiError, Error, Json, Path, Result};

/// How often a streaming answer is written to the store.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// The body `DefaultChatTransport` posts. Unknown fields are the client's own and ignored.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatRequest {
    /// The chat; a new id creates it.
    #[schema(pattern = "^[A-Za-z0-9._-]{1,128}$")]
    pub id: String,
    #[schema(value_type = Vec<crate::chat_history::UiMessage>, min_items = 1)]
    #[ts(type = "Array<unknown>")]
    pub messages: Vec<Box<RawValue>>,
    /// One of the usable models (`GET /api/models`); absent means the server's default.
    #[serde(default)]
    #[ts(optional)]
    pub model: Option<String>,
    /// `false` offers the model no tools.
    #[serde(default)]
    #[ts(optional)]
    pub tools: Option<bool>,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "unknown", optional)]
    pub provider_options: Option<Value>,
    #[serde(default)]
    #[ts(optional)]
    pub trigger: Option<Trigger>,
    /// The message being continued (after a client tool result) or edited.
    #[serde(default)]
    #[ts(optional)]
    pub message_id: Option<String>,
    /// For a client that loaded only the newest pages of the chat: the id of the oldest
    /// message it loaded. Stored messages before it are kept (and sent to the model as
    /// history); the rest are replaced by `messages`. Absent: `messages` is the whole chat.
    #[serde(default)]
    #[ts(optional)]
    pub loaded_from: Option<String>,
}

/// One server-sent event of the UI message stream.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UiStreamEvent {
    /// A UI message chunk as JSON (`{"type": "text-delta", …}`), or `[DONE]` last.
    data: String,
}

/// Why the client sends the request: a new message, or a new answer to one already answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(export)]
pub enum Trigger {
    SubmitMessage,
    RegenerateMessage,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct StopResponse {
    /// Whether an answer was running and is now stopped.
    pub stopped: bool,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(chat)).routes(routes!(stop)).routes(routes!(resume)).routes(routes!(list_models)).routes(routes!(check_api_keys))
}

/// The models usable now (those whose provider key is configured, plus the offline model).
#[utoipa::path(get, path = "/api/models", tag = "chat", responses((status = 200, body = Vec<ModelInfo>)))]
async fn list_models(State(state): State<AppState>, _ctx: RequestContext) -> Json<Vec<ModelInfo>> {
    Json(state.models.menu())
}

/// Which provider keys are configured.
#[utoipa::path(get, path = "/api/check-api-keys", tag = "chat", responses((status = 200, body = ApiKeys)))]
async fn check_api_keys(State(state): State<AppState>, _ctx: RequestContext) -> Json<ApiKeys> {
    Json(state.models.keys().clone())
}

/// Streams the assistant's answer as an AI SDK UI message stream.
#[utoipa::path(post, path = "/api/chat", tag = "chat", request_body = ChatRequest,
    responses((status = 200, description = "the UI message stream of the answer", body = UiStreamEvent, content_type = "text/event-stream"), (status = 400, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError),
        (status = 429, body = ApiError, description = "a chat-request quota is spent; see Retry-After")))]
async fn chat(State(state): State<AppState>, ctx: RequestContext, Json(body): Json<ChatRequest>) -> Result<Response> {
    state.quotas.admit_chat(&ctx)?;
    check_chat_id(&body.id)?;
    if body.messages.is_empty() {
        return Err(Error::InvalidBody("messages must not be empty".into()));
    }
    let records = ui_messages(&body.messages)?;
    let model_id = body.model.clone().unwrap_or_else(|| state.models.default_id().to_owned());
    let (provider, provider_model) = state.models.resolve(&model_id)?;
    let owner = Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id };
    let last = records.last().expect("not empty");

    // One answer at a time per chat; the same message again joins the running answer, and
    // a different message under the id being answered is refused.
    let trigger = MessageContent::of(&last.body);
    if let Some(run) = state.runs.get(&body.id) {
        if run.tenant_id != ctx.tenant_id || run.user_id != ctx.user_id {
            return Err(Error::NotFound("Chat"));
        }
        return join(&run.trigger_id, &run.trigger, &last.id, &trigger).map(|()| sse(run));
    }
    // An answer running on another instance is joined the same way. With the bus down,
    // this instance answers on its own rather than refuse the user.
    match state.runs.find_remote(&body.id, &ctx.tenant_id, &ctx.user_id).await {
        Ok(Some(remote)) => return join(&remote.trigger_id, &remote.trigger, &last.id, &trigger).map(|()| relayed(remote)),
        Ok(None) => {}
        Err(err) => tracing::warn!(error = %err, chat = %body.id, "other instances could not be asked about this chat"),
    }

    let loaded_from = body.loaded_from.as_deref().filter(|id| !id.is_empty());
    // The first message of a chat id nobody uses yet: the chat is created with it (in one
    // batch with the chats other users start at the same moment), and there is nothing
    // stored to check it against.
    let fresh =
        body.message_id.is_none() && loaded_from.is_none() && records.len() == 1 && last.role == "user" && body.trigger != Some(Trigger::RegenerateMessage);
    let created = fresh && {
        let creation = ChatCreation {
            id: body.id.clone(),
            tenant_id: ctx.tenant_id.clone(),
            owner_id: ctx.user_id.clone(),
            facility_id: ctx.facility_id.clone(),
            title: auto_title(&body.messages).unwrap_or_else(|| crate::chat_history::DEFAULT_TITLE.into()),
            model: model_id.clone(),
            messages: records.clone(),
        };
        state.store.create_chat_with_messages(creation).await? == Creation::Created
    };
    let stored = if created { Vec::new() } else { state.store.chat_message_heads(owner, &body.id).await? };
    if let Some(message_id) = &body.message_id
        && (!stored.iter().any(|(id, _)| id == message_id) || !records.iter().any(|m| &m.id == message_id))
    {
        return Err(Error::NotFound("Message"));
    }
    let caller = ctx.caller();
    let toolset = if body.tools == Some(false) {
        Toolset::none(&state.tools)
    } else {
        state.tools.toolset(&Scope { caller: &caller, chat_id: &body.id, model_id: &model_id, only: None }).await
    };
    // A continuation carries what the turn waited for: check it against what was stored.
    let continued = if last.role == "assistant" {
        let sent: Value = serde_json::from_str(&last.body).map_err(|e| Error::InvalidBody(e.to_string()))?;
        let stored: Option<Value> = state.store.chat_message(owner, &body.id, &last.id).await?.and_then(|m| serde_json::from_str(&m.body).ok());
        continuation::inspect(&state.store, owner, &body.id, &sent, stored.as_ref(), &state.tools).await?
    } else {
        Continuation::default()
    };
    let budget = state.config.agent.history_budget_chars;
    let older = if created {
        chat_events::publish(&state, &ctx.tenant_id, &ctx.user_id, ChatEvent::Created { chat_id: body.id.clone() }).await;
        Vec::new()
    } else {
        store_question(&state, &ctx, &body, &records, &model_id, loaded_from, &stored, &trigger).await?
    };

    let sent: Vec<Value> =
        body.messages.iter().map(|m| serde_json::from_str(m.get())).collect::<Result<_, _>>().map_err(|e| Error::InvalidBody(e.to_string()))?;
    let continuing = (last.role == "assistant").then(|| sent.last().cloned()).flatten();
    let assistant_id = match &continuing {
        Some(_) => last.id.clone(),
        None => format!("msg_{}", uuid::Uuid::now_v7().simple()),
    };
    let tools: Vec<ToolSpec> =
        toolset.tools().map(|t| ToolSpec { name: t.name().into(), description: t.description().into(), input_schema: t.input_schema() }).collect();
    let mut history = older;
    history.extend(sent);
    let mut window = context::fit(&history, budget);
    drop(history);
    if model_id != offline::MODEL_ID {
        attachments::resolve(&state.files, &state.store, &state.outbound, &mut window).await;
        // Attachments read as text may have pushed the history over the budget.
        window = context::fit(&window, budget);
    }
    let options = model_options(body.provider_options.as_ref());
    // What the tools know that bears on the question (memories), quoted as data.
    let known = match question(body.messages.last().map(|m| &**m)) {
        Some(q) if continuing.is_none() => toolset.turn_context(&caller, &q, TURN_CONTEXT_BUDGET).await,
        _ => Vec::new(),
    };
    let audience = Audience { lang: ctx.language, admin: ctx.is_admin, caller: Some(Arc::new(caller.clone())) };
    let request = ModelRequest {
        model: provider_model.clone(),
        system: Some(system_prompt(&ctx, &toolset, &known)),
        // Built when the job starts, once what the continuation brought is carried out.
        messages: Vec::new(),
        tools,
        options: options.clone(),
        audience: audience.clone(),
    };

    let run = match state.runs.start(&body.id, Run::new(&ctx.tenant_id, &ctx.user_id, &last.id, trigger.clone())) {
        Ok(run) => run,
        Err(existing) => return join(&existing.trigger_id, &existing.trigger, &last.id, &trigger).map(|()| sse(existing)),
    };
    let mut tool_ctx = ToolContext::new(caller, &body.id);
    tool_ctx.model_id = model_id.clone();
    tool_ctx.runner = Some(Arc::new(SubAgents { provider: provider.clone(), registry: state.tools.clone(), model: provider_model, options, audience }));
    let job = Job {
        state: state.clone(),
        run: run.clone(),
        chat_id: body.id.clone(),
        tenant_id: ctx.tenant_id.clone(),
        user_id: ctx.user_id.clone(),
        assistant: Assembler::new(&assistant_id, continuing.as_ref()),
        provider,
        request,
        window,
        continued,
        toolset,
        tool_ctx,
        model_id,
    };
    let (runs, chat_id, watched) = (state.runs.clone(), body.id.clone(), run.clone());
    tokio::spawn(async move {
        // A panic in the job must not leave the chat "busy" forever or readers hanging.
        if let Err(err) = tokio::spawn(job.run()).await {
            tracing::error!(error = %err, chat = %chat_id, "the answer job failed");
            watched.push(Bytes::from(UiChunk::from(Chunk::Error { error_text: "The answer failed on the server; please try again".into() }).to_sse()));
            watched.push(Bytes::from_static(ui_stream::DONE_FRAME.as_bytes()));
            watched.close();
            runs.finish(&chat_id);
        }
    });
    Ok(sse(run))
}

/// Stops the answer being generated in the chat, on purpose.
#[utoipa::path(post, path = "/api/chat/{chatId}/stop", tag = "chat", params(("chatId" = String, Path)),
    responses((status = 200, body = StopResponse), (status = 404, body = ApiError)))]
async fn stop(State(state): State<AppState>, ctx: RequestContext, Path(chat_id): Path<String>) -> Result<Json<StopResponse>> {
    state.store.chat_meta(&ctx.tenant_id, &ctx.user_id, &chat_id).await?.ok_or(Error::NotFound("Chat"))?;
    let stopped = state.runs.stop(&chat_id, &ctx.tenant_id, &ctx.user_id).await.map_err(bus_unavailable)?;
    Ok(Json(StopResponse { stopped }))
}

/// Replays the answer being generated in the chat from its beginning; 204 when none is.
#[utoipa::path(get, path = "/api/chat/{chatId}/stream", tag = "chat", params(("chatId" = String, Path)),
    responses((status = 200, description = "the running answer's stream from its start", body = UiStreamEvent, content_type = "text/event-stream"), (status = 204, description = "no answer is running"), (status = 404, body = ApiError)))]
async fn resume(State(state): State<AppState>, ctx: RequestContext, Path(chat_id): Path<String>) -> Result<Response> {
    state.store.chat_meta(&ctx.tenant_id, &ctx.user_id, &chat_id).await?.ok_or(Error::NotFound("Chat"))?;
    if let Some(run) = state.runs.get(&chat_id).filter(|r| r.tenant_id == ctx.tenant_id && r.user_id == ctx.user_id) {
        return Ok(sse(run));
    }
    match state.runs.find_remote(&chat_id, &ctx.tenant_id, &ctx.user_id).await.map_err(bus_unavailable)? {
        Some(remote) => Ok(relayed(remote)),
        None => Ok(StatusCode::NO_CONTENT.into_response()),
    }
}

fn sse(run: Arc<Run>) -> Response {
    stream_response(Body::from_stream(run.subscribe()))
}

/// A run another instance holds, its frames relayed through the bus.
fn relayed(remote: RemoteRun) -> Response {
    stream_response(Body::from_stream(remote.frames))
}

/// The bus is configured but down: answers that live on other instances cannot be reached.
fn bus_unavailable(err: waybill_tools::bus::BusError) -> Error {
    Error::Unavailable(anyhow::anyhow!(err))
}

fn stream_response(body: Body) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(ui_stream::HEADER_NAME, HeaderValue::from_static(ui_stream::HEADER_VALUE));
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// Whether a request may join the running answer: it must name the message being
/// answered (`trigger_id`), with the same content.
fn join(trigger_id: &str, trigger: &MessageContent, message_id: &str, content: &MessageContent) -> Result<()> {
    if trigger_id != message_id {
        return Err(Error::Conflict("An answer is already being generated in this chat; stop it or wait".into()));
    }
    if trigger != content {
        return Err(Error::Conflict("A different message with this id is already being answered".into()));
    }
    Ok(())
}

/// Stores the user's message in a chat that may hold others, before the model is called:
/// an answered message sent again is refused (unless edited), the history a client did
/// not load is read first (and answered, to go to the model), and the chat is saved.
#[allow(clippy::too_many_arguments)]
async fn store_question(
    state: &AppState,
    ctx: &RequestContext,
    body: &ChatRequest,
    records: &[MessageRecord],
    model_id: &str,
    loaded_from: Option<&str>,
    stored: &[(String, String)],
    trigger: &MessageContent,
) -> Result<Vec<Value>> {
    let owner = Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id };
    let last = records.last().expect("not empty");
    let regenerate = body.trigger == Some(Trigger::RegenerateMessage);
    // An answered message is not answered again by sending it again, and it is changed
    // only by an edit: the same id with other content (its parts: words and files; not its
    // metadata) and `messageId` naming it. Other content without that would overwrite
    // what was asked under the answer given to it. Regenerating asks the same question.
    if last.role == "user" && already_answered(stored, &last.id) {
        let before = state.store.chat_message(owner, &body.id, &last.id).await?;
        let same = before.as_ref().is_none_or(|m| MessageContent::of(&m.body) == *trigger);
        let edit = !regenerate && body.message_id.as_deref() == Some(last.id.as_str());
        if !same && !edit {
            return Err(Error::Conflict(format!(
                "Message {:?} was already answered as it was first sent; to change it, edit it (send messageId {0:?}), or ask in a new message",
                last.id
            )));
        }
        if same && !regenerate {
            return Err(Error::Conflict("This message has already been answered".into()));
        }
    }
    // The history the client did not load, read before the save may replace its first message.
    let budget = state.config.agent.history_budget_chars;
    let older = match loaded_from {
        Some(from) => older_history(state, owner, &body.id, from, budget).await?,
        None => Vec::new(),
    };

    // Store the user's message before the model is called.
    let auto = auto_title(&body.messages);
    let outcome = match loaded_from {
        Some(from) => state.store.save_chat_from(owner, &body.id, model_id, from, records, auto.as_deref()).await?,
        None => {
            let create = waybill_store::NewChat {
                id: &body.id,
                tenant_id: &ctx.tenant_id,
                owner_id: &ctx.user_id,
                facility_id: &ctx.facility_id,
                title: crate::chat_history::DEFAULT_TITLE,
                title_by_user: false,
                model: model_id,
            };
            state.store.save_chat(owner, &body.id, model_id, records, Some(create), auto.as_deref()).await?
        }
    };
    let event = match outcome {
        SaveOutcome::NotFound => return Err(Error::NotFound("Chat")),
        SaveOutcome::Stale => return Err(crate::chat_history::stale()),
        SaveOutcome::Created => ChatEvent::Created { chat_id: body.id.clone() },
        SaveOutcome::Saved => ChatEvent::Updated { chat_id: body.id.clone() },
    };
    chat_events::publish(state, &ctx.tenant_id, &ctx.user_id, event).await;
    Ok(older)
}

/// The chunk and its SSE frame, any NUL character in it (a document's text, a system's
/// answer) made U+FFFD: the stored chat is sent back by the client, and no request may
/// hold a NUL (`crate::http::input`).
fn without_nul(chunk: UiChunk) -> (UiChunk, String) {
    let frame = chunk.to_sse();
    if !frame.contains("\\u0000") {
        return (chunk, frame);
    }
    fn clean(value: &mut Value) {
        match value {
            Value::String(text) => *text = text.replace('\0', "\u{FFFD}"),
            Value::Array(items) => items.iter_mut().for_each(clean),
            Value::Object(map) => {
                for (key, mut item) in std::mem::take(map) {
                    clean(&mut item);
                    map.insert(key.replace('\0', "\u{FFFD}"), item);
                }
            }
            _ => {}
        }
    }
    let Ok(mut value) = serde_json::to_value(&chunk) else { return (chunk, frame) };
    clean(&mut value);
    match serde_json::from_value::<UiChunk>(value) {
        Ok(cleaned) => {
            let frame = cleaned.to_sse();
            (cleaned, frame)
        }
        Err(_) => (chunk, frame),
    }
}

/// Whether the stored chat already holds an assistant message after `user_message_id`.
fn already_answered(stored: &[(String, String)], user_message_id: &str) -> bool {
    stored.iter().skip_while(|(id, _)| id != user_message_id).skip(1).any(|(_, role)| role == "assistant")
}

/// The stored messages before `loaded_from`, newest pages first, until they fill `budget`
/// characters: the part of the history the client did not load.
async fn older_history(state: &AppState, owner: Owner<'_>, chat_id: &str, loaded_from: &str, budget: usize) -> Result<Vec<Value>> {
    const PAGE: i64 = 200;
    let mut pages: Vec<Vec<MessageRecord>> = Vec::new();
    let mut before = loaded_from.to_owned();
    let mut size = 0usize;
    loop {
        let Some((page, more)) = state.store.chat_messages_page(owner, chat_id, Some(&before), PAGE).await? else {
            // The chat is not the caller's, or the message is gone: the save says which.
            break;
        };
        size += page.iter().map(|m| m.body.len()).sum::<usize>();
        let Some(first) = page.first() else { break };
        before = first.id.clone();
        pages.push(page);
        if !more || size > budget {
            break;
        }
    }
    pages
        .into_iter()
        .rev()
        .flatten()
        .map(|m| serde_json::from_str(&m.body).map_err(|e| Error::Internal(anyhow::anyhow!("stored message {} is not JSON: {e}", m.id))))
        .collect()
}

/// The most characters each tool's turn context may add to the system prompt.
const TURN_CONTEXT_BUDGET: usize = 1_500;

/// The text of a user message: its text parts, joined.
fn question(message: Option<&RawValue>) -> Option<String> {
    let message: Value = serde_json::from_str(message?.get()).ok()?;
    if message["role"] != "user" {
        return None;
    }
    let text: Vec<&str> = message["parts"].as_array()?.iter().filter(|p| p["type"] == "text").filter_map(|p| p["text"].as_str()).collect();
    let text = text.join("\n");
    (!text.trim().is_empty()).then_some(text)
}

fn system_prompt(ctx: &RequestContext, toolset: &Toolset, known: &[String]) -> String {
    let today = jiff::Zoned::now().with_time_zone(jiff::tz::TimeZone::get(&ctx.timezone).unwrap_or(jiff::tz::TimeZone::UTC));
    format!(
        "You are Waybill, an assistant for people who run warehouses, freight, yards and order management. \
         Answer briefly and practically, and use the tools when they help; every tool call is shown to the user as a card. \
         The user works in tenant {} at facility {}. Their time zone is {}; it is now {}. \
         Their interface is in {}: answer in that language unless they write in another.",
        ctx.tenant_id,
        ctx.facility_id,
        ctx.timezone,
        today.strftime("%A %Y-%m-%d %H:%M"),
        ctx.language.english_name(),
    ) + &toolset.prompt_notes().iter().map(|note| format!("\n{note}")).collect::<String>()
        + &known.iter().map(|k| format!("\n{k}")).collect::<String>()
}

/// `providerOptions` from the model picker (spec 000 §7).
fn model_options(options: Option<&Value>) -> ModelOptions {
    let Some(options) = options else { return ModelOptions::default() };
    let text = |v: &Value| v.as_str().map(str::to_owned);
    let openai = &options["openai"];
    let anthropic = &options["anthropic"];
    ModelOptions {
        reasoning_effort: text(&openai["reasoningEffort"]),
        verbosity: text(&openai["verbosity"]),
        reasoning_summary: text(&openai["reasoningSummary"]),
        thinking: anthropic["thinking"].as_bool().unwrap_or(false) || anthropic["thinking"]["type"] == "enabled",
        interleaved_thinking: anthropic["interleavedThinking"].as_bool().unwrap_or(false),
    }
}

/// One answer being generated, detached from the request that started it.
struct Job {
    state: AppState,
    run: Arc<Run>,
    chat_id: String,
    tenant_id: String,
    user_id: String,
    assistant: Assembler,
    provider: Arc<dyn ModelProvider>,
    /// The request without its messages, which are `window` converted.
    request: ModelRequest,
    /// The UI messages the model reads (the continued assistant message last, if any).
    window: Vec<Value>,
    continued: Continuation,
    toolset: Toolset,
    tool_ctx: ToolContext,
    model_id: String,
}

impl Job {
    async fn run(mut self) {
        self.emit(
            Chunk::Start { message_id: Some(self.assistant.id().to_owned()), message_metadata: Some(serde_json::json!({"model": self.model_id})) }.into(),
        )
        .await;
        let mut tool_ctx = self.tool_ctx.clone();
        tool_ctx.cancel = self.run.cancel.clone();
        tool_ctx.admission = Some(self.state.quotas.clone());
        if !self.continued.is_empty() {
            self.carry_out(&tool_ctx).await;
        }
        let mut request = self.request.clone();
        request.messages = convert::convert(&self.window, Some(&self.request.model));
        let (tx, mut rx) = mpsc::unbounded_channel::<UiChunk>();
        let sink = Sink(tx);
        let provider = self.provider.clone();
        let toolset = self.toolset.clone();
        let turn =
            Turn { provider: provider.as_ref(), toolset: &toolset, request, ctx: tool_ctx, max_steps: self.state.config.agent.max_steps, approvals: true };
        let agent = async move {
            let outcome = agent::run(turn, &sink).await;
            drop(sink);
            outcome
        };
        let collect = async {
            let mut last_checkpoint = Instant::now();
            while let Some(chunk) = rx.recv().await {
                self.emit(chunk).await;
                if last_checkpoint.elapsed() >= CHECKPOINT_EVERY {
                    self.save().await;
                    last_checkpoint = Instant::now();
                }
            }
        };
        let (outcome, ()) = tokio::join!(agent, collect);
        tracing::info!(chat = %self.chat_id, ?outcome, "answer finished");
        self.assistant.finalize();
        self.save().await;
        chat_events::publish(&self.state, &self.tenant_id, &self.user_id, ChatEvent::Updated { chat_id: self.chat_id.clone() }).await;
        self.run.push(Bytes::from_static(ui_stream::DONE_FRAME.as_bytes()));
        self.run.close();
        self.state.runs.finish(&self.chat_id);
    }

    /// Streams one chunk and applies it to the stored message; an approval request is
    /// also recorded for the audit trail.
    async fn emit(&mut self, chunk: UiChunk) {
        if matches!(chunk, UiChunk::Chunk(Chunk::Abort { .. })) {
            self.end_calls_as_stopped();
        }
        let (chunk, frame) = without_nul(chunk);
        let frame = Bytes::from(frame);
        if matches!(chunk, UiChunk::Chunk(Chunk::TextDelta { .. } | Chunk::ReasoningDelta { .. } | Chunk::ToolInputDelta { .. })) {
            self.run.push_words(frame);
        } else {
            self.run.push(frame);
        }
        if let Err(err) = self.assistant.apply(&chunk) {
            tracing::warn!(error = %err, "a chunk did not apply to the stored message");
        }
        if let UiChunk::Chunk(Chunk::ToolApprovalRequest { approval_id, tool_call_id }) = &chunk {
            self.record_approval_request(approval_id, tool_call_id).await;
        }
    }

    /// Before the model is called again: the user's decisions carried out (approved calls
    /// run, denied ones say so) and mismatched client results made errors, streamed into
    /// their cards and applied to the continued message the model reads.
    async fn carry_out(&mut self, tool_ctx: &ToolContext) {
        self.emit(Chunk::StartStep.into()).await;
        for (tool_call_id, error_text) in std::mem::take(&mut self.continued.mismatched) {
            self.emit(Chunk::ToolOutputError { tool_call_id, error_text, provider_executed: None }.into()).await;
        }
        let (tx, mut rx) = mpsc::unbounded_channel::<UiChunk>();
        let decisions = std::mem::take(&mut self.continued.decisions);
        agent::carry_out(&self.toolset, tool_ctx, decisions, &Sink(tx)).await;
        while let Some(chunk) = rx.recv().await {
            self.emit(chunk).await;
        }
        if let Some(last) = self.window.last_mut() {
            *last = self.assistant.message();
        }
    }

    async fn record_approval_request(&self, approval_id: &str, tool_call_id: &str) {
        let message = self.assistant.message();
        let part = message["parts"].as_array().into_iter().flatten().find(|p| p["toolCallId"] == tool_call_id);
        let (Some(part), Some(tool_name)) = (part, part.and_then(convert::tool_name)) else { return };
        let approval = NewApproval {
            id: approval_id,
            tenant_id: &self.tenant_id,
            user_id: &self.user_id,
            chat_id: &self.chat_id,
            message_id: self.assistant.id(),
            tool_call_id,
            tool_name,
            input: &part["input"].to_string(),
        };
        if let Err(err) = self.state.store.insert_approval(approval).await {
            tracing::error!(error = %err, chat = %self.chat_id, "recording an approval request failed");
        }
    }

    /// Streams and stores the chunks that end every unfinished tool call as stopped.
    fn end_calls_as_stopped(&mut self) {
        for chunk in self.assistant.stop_chunks() {
            let chunk = UiChunk::from(chunk);
            self.run.push(Bytes::from(chunk.to_sse()));
            if let Err(err) = self.assistant.apply(&chunk) {
                tracing::warn!(error = %err, "a stop chunk did not apply to the stored message");
            }
        }
    }

    async fn save(&self) {
        let message = self.assistant.message();
        let record = MessageRecord { id: self.assistant.id().to_owned(), role: "assistant".into(), body: message.to_string() };
        let owner = Owner { tenant_id: &self.tenant_id, user_id: &self.user_id };
        if let Err(err) = self.state.store.upsert_message(owner, &self.chat_id, &record).await {
            tracing::error!(error = %err, chat = %self.chat_id, "saving the answer failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_in_what_a_tool_brought_is_neither_streamed_nor_stored() {
        let output = serde_json::json!({"text\u{0}key": ["page 1\u{0}page 2", 7]});
        let chunk = UiChunk::from(Chunk::ToolOutputAvailable { tool_call_id: "c\u{0}".into(), output, provider_executed: None, preliminary: None });
        let (cleaned, frame) = without_nul(chunk);
        assert!(!frame.contains("\\u0000"), "{frame}");
        let expected = serde_json::json!({"text\u{FFFD}key": ["page 1\u{FFFD}page 2", 7]});
        assert_eq!(
            cleaned,
            UiChunk::from(Chunk::ToolOutputAvailable { tool_call_id: "c\u{FFFD}".into(), output: expected, provider_executed: None, preliminary: None })
        );
        // A backslash followed by the letters is text, and kept.
        let text = UiChunk::from(Chunk::TextDelta { id: "t".into(), delta: "C:\\u0000".into() });
        assert_eq!(without_nul(text.clone()).0, text);
    }
}
