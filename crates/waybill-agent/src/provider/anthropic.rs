//! Anthropic's Messages API, streamed: `POST {base}/messages` with `stream: true`.
//!
//! The request maps our messages onto Anthropic's alternating user/assistant turns
//! (tool results travel in a user turn). The answer is a sequence of named events in
//! which every content block is opened, filled with deltas and closed by its `index`;
//! [`Decode`] follows those blocks so tool argument fragments reach the right call.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use super::http::{self, Call, Decoder, SseEvent};
use super::{AssistantContent, EventStream, ModelEvent, ModelMessage, ModelProvider, ModelRequest, ProviderError, StopReason, ToolResult, UserContent};

const PROVIDER: &str = "Anthropic";
const API_VERSION: &str = "2023-06-01";
/// Lets the model think between tool calls, not only before its first block.
const INTERLEAVED_THINKING_BETA: &str = "interleaved-thinking-2025-05-14";
/// Anthropic requires `max_tokens`; this leaves room for the thinking budget plus an answer.
const MAX_TOKENS: u64 = 16_000;
const THINKING_BUDGET: u64 = 8_000;

pub struct Anthropic {
    client: reqwest::Client,
    base_url: String,
    api_key: Option<String>,
}

impl Anthropic {
    /// `base_url` includes the version, as in `https://api.anthropic.com/v1`.
    pub fn new(base_url: &str, api_key: Option<String>) -> Self {
        Self { client: http::client(), base_url: base_url.to_owned(), api_key }
    }
}

impl ModelProvider for Anthropic {
    fn stream(&self, request: ModelRequest) -> EventStream {
        let mut builder = self.client.post(http::url(&self.base_url, "messages")).header("anthropic-version", API_VERSION);
        if let Some(key) = &self.api_key {
            builder = builder.header("x-api-key", secret_header(key));
        }
        if thinking(&request) && request.options.interleaved_thinking {
            builder = builder.header("anthropic-beta", INTERLEAVED_THINKING_BETA);
        }
        let call = Call { provider: PROVIDER, request: builder, body: body(&request), secrets: self.api_key.iter().cloned().collect() };
        http::drive(call, Decode::default())
    }
}

/// A header value marked sensitive so it never shows in debug output. A key that is not
/// a valid header value is sent empty, and the provider then rejects it as a bad key.
fn secret_header(value: &str) -> reqwest::header::HeaderValue {
    let mut header = reqwest::header::HeaderValue::from_str(value).unwrap_or_else(|_| reqwest::header::HeaderValue::from_static(""));
    header.set_sensitive(true);
    header
}

/// Whether this call thinks. With thinking on, Anthropic rejects a tool-use loop whose
/// last assistant turn does not start with a signed thinking block ("a final assistant
/// message must start with a thinking block"). That happens when the history lost its
/// signatures (stored messages, redacted thinking, another provider's turn); the error
/// itself advises turning thinking off, so for such a call it is off.
fn thinking(request: &ModelRequest) -> bool {
    if !request.options.thinking {
        return false;
    }
    let mut rest = request.messages.iter().rev();
    if !matches!(rest.next(), Some(ModelMessage::Tool(_))) {
        return true;
    }
    match rest.find(|m| !matches!(m, ModelMessage::Tool(_))) {
        Some(ModelMessage::Assistant(content)) => {
            matches!(content.iter().find(|c| assistant_block(c, true).is_some()), Some(AssistantContent::Reasoning { signature: Some(_), .. }))
        }
        _ => true,
    }
}

/// The JSON body of one Messages call.
fn body(request: &ModelRequest) -> Value {
    let thinking = thinking(request);
    let mut body = json!({
        "model": request.model,
        "max_tokens": MAX_TOKENS,
        "stream": true,
        "messages": messages(&request.messages, thinking),
    });
    if let Some(system) = request.system.as_deref().filter(|s| !s.trim().is_empty()) {
        body["system"] = json!(system);
    }
    if !request.tools.is_empty() {
        let tools: Vec<Value> = request.tools.iter().map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.input_schema})).collect();
        body["tools"] = json!(tools);
    }
    // With thinking on Anthropic rejects a temperature other than 1, so none is ever sent.
    if thinking {
        body["thinking"] = json!({"type": "enabled", "budget_tokens": THINKING_BUDGET});
    }
    body
}

/// Our messages as Anthropic turns. Consecutive turns of one role are merged, because a
/// tool-result turn followed by a user message must reach Anthropic as one user turn.
fn messages(messages: &[ModelMessage], thinking: bool) -> Vec<Value> {
    let mut turns: Vec<(&str, Vec<Value>)> = Vec::new();
    for message in messages {
        let (role, blocks): (&str, Vec<Value>) = match message {
            ModelMessage::User(content) => ("user", content.iter().filter_map(user_block).collect()),
            ModelMessage::Assistant(content) => ("assistant", content.iter().filter_map(|c| assistant_block(c, thinking)).collect()),
            ModelMessage::Tool(results) => ("user", results.iter().map(tool_result).collect()),
        };
        if blocks.is_empty() {
            continue;
        }
        match turns.last_mut() {
            Some((last, existing)) if *last == role => existing.extend(blocks),
            _ => turns.push((role, blocks)),
        }
    }
    turns.into_iter().map(|(role, content)| json!({"role": role, "content": content})).collect()
}

fn user_block(content: &UserContent) -> Option<Value> {
    match content {
        // Anthropic rejects empty text blocks.
        UserContent::Text(text) if text.is_empty() => None,
        UserContent::Text(text) => Some(json!({"type": "text", "text": text})),
        UserContent::Image { url, .. } => Some(match source(url) {
            Some(source) => json!({"type": "image", "source": source}),
            None => unreadable(),
        }),
        UserContent::Document { url, filename, .. } => Some(match source(url) {
            Some(source) => {
                let mut block = json!({"type": "document", "source": source});
                if let Some(name) = filename {
                    block["title"] = json!(name);
                }
                block
            }
            None => unreadable(),
        }),
    }
}

/// An attachment's `source`: inline base64 for `data:` URLs, else the URL for Anthropic
/// to fetch. `None` for a `data:` URL that is not base64, which Anthropic cannot take.
fn source(url: &str) -> Option<Value> {
    if let Some((media_type, data)) = http::data_url(url) {
        return Some(json!({"type": "base64", "media_type": media_type, "data": data}));
    }
    (!url.starts_with("data:")).then(|| json!({"type": "url", "url": url}))
}

fn unreadable() -> Value {
    json!({"type": "text", "text": "[An attachment could not be sent: it is not a base64 data URL]"})
}

/// Reasoning is replayed only with its signature (Anthropic verifies it and rejects
/// thinking blocks without one) and only when this call thinks.
fn assistant_block(content: &AssistantContent, thinking: bool) -> Option<Value> {
    match content {
        AssistantContent::Reasoning { text, signature: Some(signature) } if thinking => {
            Some(json!({"type": "thinking", "thinking": text, "signature": signature}))
        }
        AssistantContent::Reasoning { .. } => None,
        AssistantContent::Text(text) if text.is_empty() => None,
        AssistantContent::Text(text) => Some(json!({"type": "text", "text": text})),
        AssistantContent::ToolCall(call) => {
            let input = if call.input.is_object() { call.input.clone() } else { Value::Object(Map::new()) };
            Some(json!({"type": "tool_use", "id": call.id, "name": call.name, "input": input}))
        }
    }
}

fn tool_result(result: &ToolResult) -> Value {
    let content = match &result.output {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    json!({"type": "tool_result", "tool_use_id": result.id, "content": content, "is_error": result.is_error})
}

/// What a content block index stands for while it is open.
enum Block {
    Text,
    Thinking,
    /// A tool call, and whether any argument text arrived for it yet.
    Tool {
        id: String,
        has_input: bool,
    },
    /// Blocks we do not surface (`redacted_thinking`, server tools, later additions).
    Other,
}

/// Anthropic's event stream as a state machine over open content blocks.
#[derive(Default)]
struct Decode {
    blocks: HashMap<u64, Block>,
    input_tokens: u64,
    output_tokens: u64,
    stop: Option<StopReason>,
    saw_tool: bool,
    finished: bool,
}

impl Decoder for Decode {
    fn provider(&self) -> &'static str {
        PROVIDER
    }

    fn event(&mut self, event: &SseEvent) -> Result<Vec<ModelEvent>, ProviderError> {
        let data: Value = serde_json::from_str(&event.data).map_err(|e| malformed(format!("an event is not valid JSON ({e})")))?;
        // The `type` field repeats the `event:` name; it is the one Anthropic documents as authoritative.
        let kind = data["type"].as_str().unwrap_or(event.event.as_str());
        match kind {
            "message_start" => {
                self.usage(&data["message"]["usage"]);
                Ok(Vec::new())
            }
            "content_block_start" => self.block_start(&data),
            "content_block_delta" => self.block_delta(&data),
            "content_block_stop" => self.block_stop(&data),
            "message_delta" => {
                if let Some(reason) = data["delta"]["stop_reason"].as_str() {
                    self.stop = Some(stop_reason(reason));
                }
                self.usage(&data["usage"]);
                Ok(Vec::new())
            }
            "message_stop" => {
                self.finished = true;
                let fallback = if self.saw_tool { StopReason::ToolCalls } else { StopReason::Stop };
                Ok(vec![
                    ModelEvent::Usage { input_tokens: self.input_tokens, output_tokens: self.output_tokens },
                    ModelEvent::Finish(self.stop.unwrap_or(fallback)),
                ])
            }
            "error" => {
                let error = &data["error"];
                let message = error["message"].as_str().unwrap_or("an unknown error");
                Err(http::stream_error(PROVIDER, error["type"].as_str().unwrap_or_default(), message))
            }
            // `ping`, and event types Anthropic may add later.
            _ => Ok(Vec::new()),
        }
    }

    fn end(&mut self) -> Result<Vec<ModelEvent>, ProviderError> {
        if self.finished {
            Ok(Vec::new())
        } else {
            Err(ProviderError::Connection { provider: PROVIDER, message: "the stream ended before the answer was complete".into() })
        }
    }
}

impl Decode {
    /// Usage counts are running totals; cached prompt tokens count as input too.
    fn usage(&mut self, usage: &Value) {
        let input: Option<u64> =
            ["input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"].iter().filter_map(|k| usage[*k].as_u64()).reduce(|a, b| a + b);
        if let Some(input) = input {
            self.input_tokens = input;
        }
        if let Some(output) = usage["output_tokens"].as_u64() {
            self.output_tokens = output;
        }
    }

    fn block_start(&mut self, data: &Value) -> Result<Vec<ModelEvent>, ProviderError> {
        let index = index(data)?;
        let block = &data["content_block"];
        let mut events = Vec::new();
        let state = match block["type"].as_str() {
            Some("text") => {
                events.extend(block["text"].as_str().and_then(non_empty).map(ModelEvent::TextDelta));
                Block::Text
            }
            Some("thinking") => {
                events.extend(block["thinking"].as_str().and_then(non_empty).map(ModelEvent::ReasoningDelta));
                Block::Thinking
            }
            Some("tool_use") => {
                let (Some(id), Some(name)) = (block["id"].as_str(), block["name"].as_str()) else {
                    return Err(malformed("a tool_use block without an id or name".into()));
                };
                self.saw_tool = true;
                events.push(ModelEvent::ToolCallStart { id: id.to_owned(), name: name.to_owned() });
                Block::Tool { id: id.to_owned(), has_input: false }
            }
            _ => Block::Other,
        };
        self.blocks.insert(index, state);
        Ok(events)
    }

    fn block_delta(&mut self, data: &Value) -> Result<Vec<ModelEvent>, ProviderError> {
        let index = index(data)?;
        let delta = &data["delta"];
        let field = |name: &str| delta[name].as_str().ok_or_else(|| malformed(format!("a content_block_delta without `{name}`")));
        let event = match delta["type"].as_str() {
            Some("text_delta") => non_empty(field("text")?).map(ModelEvent::TextDelta),
            Some("thinking_delta") => non_empty(field("thinking")?).map(ModelEvent::ReasoningDelta),
            Some("signature_delta") => Some(ModelEvent::ReasoningSignature(field("signature")?.to_owned())),
            Some("input_json_delta") => {
                let partial = field("partial_json")?;
                let Some(Block::Tool { id, has_input }) = self.blocks.get_mut(&index) else {
                    return Err(malformed(format!("tool arguments for block {index}, which is not an open tool call")));
                };
                // The first delta of a call is often empty; only real text counts as input.
                if partial.is_empty() {
                    None
                } else {
                    *has_input = true;
                    Some(ModelEvent::ToolCallDelta { id: id.clone(), delta: partial.to_owned() })
                }
            }
            // `citations_delta` and later additions.
            _ => None,
        };
        Ok(event.into_iter().collect())
    }

    /// Closing a tool call that received no argument text completes it as `{}`, so the
    /// agent always parses valid JSON for an argument-less call.
    fn block_stop(&mut self, data: &Value) -> Result<Vec<ModelEvent>, ProviderError> {
        match self.blocks.remove(&index(data)?) {
            Some(Block::Tool { id, has_input: false }) => Ok(vec![ModelEvent::ToolCallDelta { id, delta: "{}".into() }]),
            _ => Ok(Vec::new()),
        }
    }
}

fn non_empty(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_owned())
}

fn index(data: &Value) -> Result<u64, ProviderError> {
    data["index"].as_u64().ok_or_else(|| malformed("a content block event without an index".into()))
}

fn stop_reason(reason: &str) -> StopReason {
    match reason {
        "end_turn" | "stop_sequence" => StopReason::Stop,
        "tool_use" => StopReason::ToolCalls,
        "max_tokens" | "model_context_window_exceeded" => StopReason::Length,
        "refusal" => StopReason::ContentFilter,
        // `pause_turn` (a server tool paused the turn) and later additions.
        _ => StopReason::Other,
    }
}

fn malformed(message: String) -> ProviderError {
    ProviderError::Malformed { provider: PROVIDER, message }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(decoder: &mut Decode, events: &[(&str, Value)]) -> Vec<ModelEvent> {
        events.iter().flat_map(|(name, data)| decoder.event(&SseEvent { event: (*name).into(), data: data.to_string() }).expect("decodes")).collect()
    }

    #[test]
    fn an_argument_less_tool_call_completes_as_an_empty_object() {
        let mut decoder = Decode::default();
        let events = feed(
            &mut decoder,
            &[
                (
                    "content_block_start",
                    json!({"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "timeTool", "input": {}}}),
                ),
                ("content_block_delta", json!({"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": ""}})),
                ("content_block_stop", json!({"type": "content_block_stop", "index": 0})),
                ("message_delta", json!({"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": null}, "usage": {"output_tokens": 9}})),
                ("message_stop", json!({"type": "message_stop"})),
            ],
        );
        assert_eq!(
            events,
            vec![
                ModelEvent::ToolCallStart { id: "toolu_1".into(), name: "timeTool".into() },
                ModelEvent::ToolCallDelta { id: "toolu_1".into(), delta: "{}".into() },
                ModelEvent::Usage { input_tokens: 0, output_tokens: 9 },
                ModelEvent::Finish(StopReason::ToolCalls),
            ]
        );
        assert_eq!(decoder.end(), Ok(Vec::new()));
    }

    #[test]
    fn redacted_thinking_and_unknown_events_are_skipped_and_stop_reasons_map() {
        let mut decoder = Decode::default();
        let events = feed(
            &mut decoder,
            &[
                ("content_block_start", json!({"type": "content_block_start", "index": 0, "content_block": {"type": "redacted_thinking", "data": "EmwKAhgB"}})),
                ("content_block_stop", json!({"type": "content_block_stop", "index": 0})),
                ("future_event", json!({"type": "future_event"})),
            ],
        );
        assert!(events.is_empty());
        assert_eq!(stop_reason("max_tokens"), StopReason::Length);
        assert_eq!(stop_reason("refusal"), StopReason::ContentFilter);
        assert_eq!(stop_reason("pause_turn"), StopReason::Other);
    }

    #[test]
    fn arguments_for_a_block_that_is_not_a_tool_call_are_malformed() {
        let mut decoder = Decode::default();
        let event = SseEvent {
            event: "content_block_delta".into(),
            data: json!({"type": "content_block_delta", "index": 3, "delta": {"type": "input_json_delta", "partial_json": "{"}}).to_string(),
        };
        assert!(matches!(decoder.event(&event), Err(ProviderError::Malformed { .. })));
    }

    #[test]
    fn unsigned_or_unwanted_reasoning_is_not_replayed_and_turns_merge() {
        let history = vec![
            ModelMessage::User(vec![UserContent::Text("hi".into()), UserContent::Text(String::new())]),
            ModelMessage::Assistant(vec![AssistantContent::Reasoning { text: "unsigned".into(), signature: None }]),
            ModelMessage::User(vec![UserContent::Image { url: "data:text/plain,hello".into(), media_type: "image/png".into() }]),
        ];
        assert_eq!(
            messages(&history, true),
            vec![json!({"role": "user", "content": [
                {"type": "text", "text": "hi"},
                {"type": "text", "text": "[An attachment could not be sent: it is not a base64 data URL]"}
            ]})]
        );
    }
}
