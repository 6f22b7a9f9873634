//! OpenAI through the Responses API (`POST {base}/responses`, streamed).
//!
//! We call with `store: false`: OpenAI keeps nothing, so every call carries the whole
//! conversation and replays tool calls by `call_id` only (item ids would point at stored
//! items that do not exist). Reasoning is shown to the user as its summary and is not
//! replayed: without stored items or encrypted reasoning there is nothing to send back.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::http::{self, Call, Decoder, SseEvent};
use super::{
    AssistantContent, EventStream, ModelEvent, ModelMessage, ModelOptions, ModelProvider, ModelRequest, ProviderError, StopReason, ToolResult, ToolSpec,
    UserContent,
};

const PROVIDER: &str = "OpenAI";

pub struct OpenAiResponses {
    client: reqwest::Client,
    base_url: String,
    api_key: Option<String>,
}

impl OpenAiResponses {
    /// `base_url` is the API root, e.g. `https://api.openai.com/v1`.
    pub fn new(base_url: &str, api_key: Option<String>) -> Self {
        Self { client: http::client(), base_url: base_url.to_owned(), api_key: api_key.filter(|k| !k.trim().is_empty()) }
    }
}

impl ModelProvider for OpenAiResponses {
    fn stream(&self, request: ModelRequest) -> EventStream {
        let mut builder = self.client.post(http::url(&self.base_url, "responses"));
        let mut secrets = Vec::new();
        if let Some(key) = &self.api_key {
            builder = builder.bearer_auth(key);
            secrets.push(key.clone());
        }
        let call = Call { provider: PROVIDER, request: builder, body: request_body(&request), secrets };
        http::drive(call, ResponsesDecoder::default())
    }
}

// ---------------------------------------------------------------------------------------
// Request

/// The JSON body for one streamed Responses call.
fn request_body(request: &ModelRequest) -> Value {
    let mut body = json!({
        "model": request.model,
        "stream": true,
        "store": false,
        "input": input_items(&request.messages),
    });
    if let Some(system) = request.system.as_deref().filter(|s| !s.trim().is_empty()) {
        body["instructions"] = json!(system);
    }
    if !request.tools.is_empty() {
        body["tools"] = Value::Array(request.tools.iter().map(tool).collect());
    }
    if is_reasoning_model(&request.model) {
        body["reasoning"] = reasoning(&request.options);
    }
    if takes_verbosity(&request.model) {
        body["text"] = json!({ "verbosity": request.options.verbosity.as_deref().unwrap_or("low") });
    }
    body
}

/// Reasoning models take `reasoning` (effort, summary): the GPT-5 family and the o-series
/// (`o1`, `o3`, `o4-mini`…). The `gpt-5…-chat` models are not reasoning models and reject
/// `reasoning.effort`.
fn is_reasoning_model(model: &str) -> bool {
    let o_series = model.strip_prefix('o').is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
    o_series || is_gpt5_reasoning(model)
}

/// `text.verbosity` other than "medium" is only accepted by the GPT-5 reasoning models;
/// the o-series and older models answer it with HTTP 400.
fn takes_verbosity(model: &str) -> bool {
    is_gpt5_reasoning(model)
}

fn is_gpt5_reasoning(model: &str) -> bool {
    model.starts_with("gpt-5") && !model.contains("-chat")
}

fn reasoning(options: &ModelOptions) -> Value {
    let mut reasoning = json!({ "effort": options.reasoning_effort.as_deref().unwrap_or("low") });
    match options.reasoning_summary.as_deref() {
        Some("none") => {}
        summary => reasoning["summary"] = json!(summary.unwrap_or("auto")),
    }
    reasoning
}

fn tool(spec: &ToolSpec) -> Value {
    let mut tool = json!({ "type": "function", "name": spec.name, "parameters": spec.input_schema, "strict": false });
    if !spec.description.is_empty() {
        tool["description"] = json!(spec.description);
    }
    tool
}

fn input_items(messages: &[ModelMessage]) -> Vec<Value> {
    let mut items = Vec::new();
    for message in messages {
        match message {
            ModelMessage::User(content) => {
                let parts: Vec<Value> = content.iter().map(user_part).collect();
                if !parts.is_empty() {
                    items.push(json!({ "role": "user", "content": parts }));
                }
            }
            ModelMessage::Assistant(content) => {
                for part in content {
                    match part {
                        AssistantContent::Text(text) if !text.is_empty() => {
                            items.push(json!({ "role": "assistant", "content": [{ "type": "output_text", "text": text }] }));
                        }
                        AssistantContent::ToolCall(call) => items.push(json!({
                            "type": "function_call",
                            "call_id": call.id,
                            "name": call.name,
                            "arguments": call.input.to_string(),
                        })),
                        AssistantContent::Text(_) | AssistantContent::Reasoning { .. } => {}
                    }
                }
            }
            ModelMessage::Tool(results) => {
                items.extend(results.iter().map(|r| json!({ "type": "function_call_output", "call_id": r.id, "output": output_text(r) })));
            }
        }
    }
    items
}

fn user_part(content: &UserContent) -> Value {
    match content {
        UserContent::Text(text) => json!({ "type": "input_text", "text": text }),
        UserContent::Image { url, .. } => json!({ "type": "input_image", "image_url": url, "detail": "auto" }),
        UserContent::Document { url, filename, .. } => {
            if http::data_url(url).is_some() {
                json!({ "type": "input_file", "filename": filename.as_deref().unwrap_or("document.pdf"), "file_data": url })
            } else {
                json!({ "type": "input_file", "file_url": url })
            }
        }
    }
}

/// A tool result as the text OpenAI-style APIs take: a string output as is, anything else
/// as JSON.
pub(crate) fn output_text(result: &ToolResult) -> String {
    match &result.output {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// Stream

/// Decodes the Responses event stream. Tool calls are announced by
/// `response.output_item.added` with their `call_id` (the id we replay) and an item id
/// (the id the argument deltas refer to), so the decoder keeps that mapping.
#[derive(Default)]
struct ResponsesDecoder {
    /// Item id → call id.
    by_item: HashMap<String, String>,
    /// Output index → call id, for deltas that lack an item id.
    by_index: HashMap<u64, String>,
    /// Call id → argument text streamed so far, to fill in from `…arguments.done`.
    arguments: HashMap<String, String>,
    saw_call: bool,
    /// The summary part (item id, summary index) the last reasoning delta belonged to.
    summary_part: Option<(String, u64)>,
    finished: bool,
}

impl Decoder for ResponsesDecoder {
    fn provider(&self) -> &'static str {
        PROVIDER
    }

    fn event(&mut self, event: &SseEvent) -> Result<Vec<ModelEvent>, ProviderError> {
        if self.finished || event.data.trim().is_empty() {
            return Ok(Vec::new());
        }
        let data: Value = serde_json::from_str(&event.data).map_err(|e| malformed(format!("an event is not valid JSON ({e})")))?;
        let kind = data["type"].as_str().unwrap_or(&event.event);
        match kind {
            "response.output_item.added" => self.item_added(&data),
            "response.function_call_arguments.delta" => {
                let id = self.call_of(&data)?;
                let delta = str_field(&data, "delta")?;
                self.arguments.entry(id.clone()).or_default().push_str(delta);
                Ok(non_empty(delta).map(|d| ModelEvent::ToolCallDelta { id, delta: d }).into_iter().collect())
            }
            "response.function_call_arguments.done" => self.arguments_done(&data),
            "response.output_text.delta" | "response.refusal.delta" => {
                Ok(non_empty(str_field(&data, "delta")?).map(ModelEvent::TextDelta).into_iter().collect())
            }
            "response.reasoning_summary_text.delta" => self.summary_delta(&data),
            "response.completed" => Ok(self.finish(&data["response"], if self.saw_call { StopReason::ToolCalls } else { StopReason::Stop })),
            "response.incomplete" => {
                let reason = match data["response"]["incomplete_details"]["reason"].as_str() {
                    Some("max_output_tokens") => StopReason::Length,
                    Some("content_filter") => StopReason::ContentFilter,
                    _ => StopReason::Other,
                };
                Ok(self.finish(&data["response"], reason))
            }
            "response.failed" => {
                let error = &data["response"]["error"];
                Err(http::stream_error(PROVIDER, error["code"].as_str().unwrap_or_default(), message_or(error, "the response failed")))
            }
            "error" => {
                // Documented flat (`code`, `message`); some deployments nest it under `error`.
                let error = if data["error"].is_object() { &data["error"] } else { &data };
                let kind = error["code"].as_str().or_else(|| error["type"].as_str()).unwrap_or_default();
                Err(http::stream_error(PROVIDER, kind, message_or(error, "the stream reported an error")))
            }
            // response.created, content parts, `.done` events, keepalives and anything new.
            _ => Ok(Vec::new()),
        }
    }

    fn end(&mut self) -> Result<Vec<ModelEvent>, ProviderError> {
        if self.finished {
            Ok(Vec::new())
        } else {
            Err(ProviderError::Connection { provider: PROVIDER, message: "the answer ended before it was complete".into() })
        }
    }
}

impl ResponsesDecoder {
    fn item_added(&mut self, data: &Value) -> Result<Vec<ModelEvent>, ProviderError> {
        let item = &data["item"];
        if item["type"] != "function_call" {
            return Ok(Vec::new());
        }
        let call_id = str_field(item, "call_id")?.to_owned();
        let name = str_field(item, "name")?.to_owned();
        if let Some(item_id) = item["id"].as_str() {
            self.by_item.insert(item_id.to_owned(), call_id.clone());
        }
        if let Some(index) = data["output_index"].as_u64() {
            self.by_index.insert(index, call_id.clone());
        }
        self.saw_call = true;
        let mut events = vec![ModelEvent::ToolCallStart { id: call_id.clone(), name }];
        // Normally empty here; a proxy that sends the whole call at once puts it here.
        let initial = item["arguments"].as_str().unwrap_or_default();
        self.arguments.insert(call_id.clone(), initial.to_owned());
        events.extend(non_empty(initial).map(|delta| ModelEvent::ToolCallDelta { id: call_id, delta }));
        Ok(events)
    }

    /// The full arguments: sends whatever the deltas did not already carry.
    fn arguments_done(&mut self, data: &Value) -> Result<Vec<ModelEvent>, ProviderError> {
        let id = self.call_of(data)?;
        let full = str_field(data, "arguments")?;
        let streamed = self.arguments.entry(id.clone()).or_default();
        let rest = match full.strip_prefix(streamed.as_str()) {
            Some(rest) => rest.to_owned(),
            None if streamed.is_empty() => full.to_owned(),
            // The deltas disagree with the final text; keep what the client already has.
            None => String::new(),
        };
        streamed.push_str(&rest);
        Ok(non_empty(&rest).map(|delta| ModelEvent::ToolCallDelta { id, delta }).into_iter().collect())
    }

    /// Summary parts are separate paragraphs; the deltas do not carry the break.
    fn summary_delta(&mut self, data: &Value) -> Result<Vec<ModelEvent>, ProviderError> {
        let delta = str_field(data, "delta")?;
        if delta.is_empty() {
            return Ok(Vec::new());
        }
        let part = (data["item_id"].as_str().unwrap_or_default().to_owned(), data["summary_index"].as_u64().unwrap_or(0));
        let text = match &self.summary_part {
            Some(previous) if *previous != part => format!("\n\n{delta}"),
            _ => delta.to_owned(),
        };
        self.summary_part = Some(part);
        Ok(vec![ModelEvent::ReasoningDelta(text)])
    }

    fn call_of(&self, data: &Value) -> Result<String, ProviderError> {
        data["item_id"]
            .as_str()
            .and_then(|item| self.by_item.get(item))
            .or_else(|| data["output_index"].as_u64().and_then(|i| self.by_index.get(&i)))
            .cloned()
            .ok_or_else(|| malformed("arguments arrived for a function call that was never announced".into()))
    }

    fn finish(&mut self, response: &Value, reason: StopReason) -> Vec<ModelEvent> {
        self.finished = true;
        let mut events = Vec::new();
        let usage = &response["usage"];
        if usage.is_object() {
            events.push(ModelEvent::Usage {
                input_tokens: usage["input_tokens"].as_u64().unwrap_or(0),
                output_tokens: usage["output_tokens"].as_u64().unwrap_or(0),
            });
        }
        events.push(ModelEvent::Finish(reason));
        events
    }
}

fn str_field<'a>(value: &'a Value, field: &str) -> Result<&'a str, ProviderError> {
    value[field].as_str().ok_or_else(|| malformed(format!("an event lacks its \"{field}\" text")))
}

fn message_or<'a>(error: &'a Value, fallback: &'a str) -> &'a str {
    error["message"].as_str().filter(|m| !m.trim().is_empty()).unwrap_or(fallback)
}

fn non_empty(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_owned())
}

fn malformed(message: String) -> ProviderError {
    ProviderError::Malformed { provider: PROVIDER, message }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(events: &[Value]) -> Vec<Result<Vec<ModelEvent>, ProviderError>> {
        let mut decoder = ResponsesDecoder::default();
        let mut out: Vec<_> =
            events.iter().map(|data| decoder.event(&SseEvent { event: data["type"].as_str().unwrap_or_default().into(), data: data.to_string() })).collect();
        out.push(decoder.end());
        out
    }

    fn request(model: &str, options: ModelOptions) -> ModelRequest {
        ModelRequest { model: model.into(), system: None, messages: vec![], tools: vec![], options, audience: Default::default() }
    }

    #[test]
    fn reasoning_options_go_only_to_models_that_take_them() {
        for model in ["gpt-4.1", "gpt-4o-mini", "gpt-5-chat-latest", "omni-moderation-latest"] {
            let body = request_body(&request(model, ModelOptions::default()));
            assert!(body.get("reasoning").is_none() && body.get("text").is_none(), "{model}: {body}");
        }
        let body = request_body(&request("o4-mini", ModelOptions::default()));
        assert_eq!(body["reasoning"], json!({"effort": "low", "summary": "auto"}));
        assert!(body.get("text").is_none(), "o-series models reject verbosity: {body}");
        let body = request_body(&request("gpt-5.1", ModelOptions { reasoning_summary: Some("none".into()), ..Default::default() }));
        assert_eq!(body["reasoning"], json!({"effort": "low"}));
        assert_eq!(body["text"], json!({"verbosity": "low"}));
    }

    #[test]
    fn descriptions_are_left_out_rather_than_null() {
        let tool = tool(&ToolSpec { name: "t".into(), description: String::new(), input_schema: json!({"type": "object"}) });
        assert_eq!(tool, json!({"type": "function", "name": "t", "parameters": {"type": "object"}, "strict": false}));
    }

    #[test]
    fn summary_parts_are_separated_by_a_blank_line() {
        let delta = |item: &str, index: u64, text: &str| json!({"type": "response.reasoning_summary_text.delta", "item_id": item, "output_index": 0, "summary_index": index, "delta": text});
        let out = decode(&[delta("rs_1", 0, "Checking"), delta("rs_1", 0, " the route."), delta("rs_1", 1, "Then the ETA."), delta("rs_2", 0, "Next item.")]);
        let text: String = out.iter().flatten().flatten().filter_map(|e| if let ModelEvent::ReasoningDelta(t) = e { Some(t.as_str()) } else { None }).collect();
        assert_eq!(text, "Checking the route.\n\nThen the ETA.\n\nNext item.");
    }

    #[test]
    fn arguments_only_in_the_done_event_are_not_lost() {
        let out = decode(&[
            json!({"type": "response.output_item.added", "output_index": 0, "item": {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": ""}}),
            json!({"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 0, "delta": "{\"a\""}),
            json!({"type": "response.function_call_arguments.done", "item_id": "fc_1", "output_index": 0, "arguments": "{\"a\":1}"}),
        ]);
        let deltas: Vec<&ModelEvent> = out.iter().flatten().flatten().filter(|e| matches!(e, ModelEvent::ToolCallDelta { .. })).collect();
        assert_eq!(
            deltas,
            [
                &ModelEvent::ToolCallDelta { id: "call_1".into(), delta: "{\"a\"".into() },
                &ModelEvent::ToolCallDelta { id: "call_1".into(), delta: ":1}".into() }
            ]
        );
    }

    #[test]
    fn incomplete_answers_say_why_and_unannounced_calls_are_malformed() {
        let out = decode(&[
            json!({"type": "response.incomplete", "response": {"status": "incomplete", "incomplete_details": {"reason": "content_filter"}, "usage": null}}),
        ]);
        assert_eq!(out[0], Ok(vec![ModelEvent::Finish(StopReason::ContentFilter)]));
        assert_eq!(out[1], Ok(vec![]));
        let out = decode(&[json!({"type": "response.function_call_arguments.delta", "item_id": "fc_9", "output_index": 3, "delta": "{"})]);
        assert!(matches!(out[0], Err(ProviderError::Malformed { .. })));
    }

    #[test]
    fn stream_errors_map_their_codes() {
        let out = decode(&[json!({"type": "error", "code": "rate_limit_exceeded", "message": "Rate limit reached", "param": null, "sequence_number": 3})]);
        assert_eq!(out[0], Err(ProviderError::RateLimited { provider: "OpenAI" }));
        let out = decode(&[json!({"type": "error", "error": {"type": "invalid_request_error", "code": null, "message": "Bad input"}})]);
        assert_eq!(out[0], Err(ProviderError::Upstream { provider: "OpenAI", message: "Bad input".into() }));
    }
}
