//! Google Gemini, streamed: `POST {base}/models/{model}:streamGenerateContent?alt=sse`.
//!
//! Each server-sent event carries a whole `GenerateContentResponse` whose parts are new
//! content: text, thought text, or a complete function call (Gemini never splits call
//! arguments). The key travels in the `x-goog-api-key` header, never in the URL, so it
//! cannot leak through logged or echoed URLs.

mod schema;

use serde_json::{Map, Value, json};

use super::http::{self, Call, Decoder, SseEvent};
use super::{AssistantContent, EventStream, ModelEvent, ModelMessage, ModelProvider, ModelRequest, ProviderError, StopReason, ToolResult, UserContent};

const PROVIDER: &str = "Gemini";
/// Prefix of the ids we make up for calls Gemini sent without one; such ids are ours and
/// are never sent back.
const LOCAL_ID_PREFIX: &str = "gemini_call_";
/// Google's documented stand-in for a thought signature we no longer have. Gemini 3
/// rejects a replayed function call of the current turn without any signature.
const SKIP_SIGNATURE: &str = "skip_thought_signature_validator";

pub struct Gemini {
    client: reqwest::Client,
    base_url: String,
    api_key: Option<String>,
}

impl Gemini {
    /// `base_url` includes the version, as in `https://generativelanguage.googleapis.com/v1beta`.
    pub fn new(base_url: &str, api_key: Option<String>) -> Self {
        Self { client: http::client(), base_url: base_url.to_owned(), api_key }
    }
}

impl ModelProvider for Gemini {
    fn stream(&self, request: ModelRequest) -> EventStream {
        let model = request.model.strip_prefix("models/").unwrap_or(&request.model);
        let path = format!("models/{model}:streamGenerateContent?alt=sse");
        let mut builder = self.client.post(http::url(&self.base_url, &path));
        if let Some(key) = &self.api_key {
            builder = builder.header("x-goog-api-key", secret_header(key));
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

/// The JSON body of one `streamGenerateContent` call.
fn body(request: &ModelRequest) -> Value {
    let mut body = json!({"contents": contents(&request.messages, needs_signatures(&request.model))});
    if let Some(system) = request.system.as_deref().filter(|s| !s.trim().is_empty()) {
        body["systemInstruction"] = json!({"parts": [{"text": system}]});
    }
    if !request.tools.is_empty() {
        let declarations: Vec<Value> = request
            .tools
            .iter()
            .map(|tool| {
                let mut declaration = json!({"name": tool.name, "description": tool.description});
                if let Some(parameters) = schema::parameters(&tool.input_schema) {
                    declaration["parameters"] = parameters;
                }
                declaration
            })
            .collect();
        body["tools"] = json!([{"functionDeclarations": declarations}]);
    }
    if request.options.thinking {
        body["generationConfig"] = json!({"thinkingConfig": {"includeThoughts": true}});
    }
    body
}

/// Whether the model validates thought signatures on replayed function calls: Gemini 3
/// and later, and the unversioned aliases that point at them.
fn needs_signatures(model: &str) -> bool {
    let model = model.strip_prefix("models/").unwrap_or(model);
    let Some(rest) = model.strip_prefix("gemini-") else { return false };
    let major: String = rest.chars().take_while(char::is_ascii_digit).collect();
    major.parse::<u32>().map_or(true, |major| major >= 3)
}

/// Our messages as Gemini contents. Tool results travel in a `user` turn, merged with a
/// user message that follows. Signatures and Gemini's own call ids are replayed only for
/// the current turn (after the last user message): that is where Gemini checks them, and
/// older turns may come from another provider whose signatures Gemini would reject.
fn contents(messages: &[ModelMessage], needs_signatures: bool) -> Vec<Value> {
    let current_turn = messages.iter().rposition(|m| matches!(m, ModelMessage::User(_))).map_or(0, |i| i + 1);
    let mut turns: Vec<(&str, Vec<Value>)> = Vec::new();
    for (i, message) in messages.iter().enumerate() {
        let replay = i >= current_turn;
        let (role, parts) = match message {
            ModelMessage::User(content) => ("user", content.iter().filter_map(user_part).collect()),
            ModelMessage::Assistant(content) => ("model", model_parts(content, replay, replay && needs_signatures)),
            ModelMessage::Tool(results) => ("user", results.iter().map(|r| function_response(r, replay)).collect()),
        };
        if parts.is_empty() {
            continue;
        }
        // Model turns stay apart: each is one step, and its signature belongs to it.
        match turns.last_mut() {
            Some((last, existing)) if *last == "user" && role == "user" => existing.extend(parts),
            _ => turns.push((role, parts)),
        }
    }
    turns.into_iter().map(|(role, parts)| json!({"role": role, "parts": parts})).collect()
}

fn user_part(content: &UserContent) -> Option<Value> {
    match content {
        UserContent::Text(text) if text.is_empty() => None,
        UserContent::Text(text) => Some(json!({"text": text})),
        UserContent::Image { url, media_type } | UserContent::Document { url, media_type, .. } => Some(match http::data_url(url) {
            Some((mime, data)) => json!({"inlineData": {"mimeType": mime, "data": data}}),
            None if url.starts_with("data:") => json!({"text": "[An attachment could not be sent: it is not a base64 data URL]"}),
            None => json!({"fileData": {"mimeType": media_type, "fileUri": url}}),
        }),
    }
}

/// One model step. Thought text is not sent back (Gemini ignores it); its signature is,
/// on the first function call, or on the last part of a step without calls, which is
/// where Gemini put it.
fn model_parts(content: &[AssistantContent], replay: bool, needs_signature: bool) -> Vec<Value> {
    let mut parts = Vec::new();
    for item in content {
        match item {
            AssistantContent::Text(text) if !text.is_empty() => parts.push(json!({"text": text})),
            AssistantContent::ToolCall(call) => {
                let args = if call.input.is_object() { call.input.clone() } else { Value::Object(Map::new()) };
                let mut function_call = json!({"name": call.name, "args": args});
                if replay && !call.id.starts_with(LOCAL_ID_PREFIX) {
                    function_call["id"] = json!(call.id);
                }
                parts.push(json!({"functionCall": function_call}));
            }
            AssistantContent::Text(_) | AssistantContent::Reasoning { .. } => {}
        }
    }
    let signature = content.iter().rev().find_map(|c| match c {
        AssistantContent::Reasoning { signature: Some(signature), .. } if replay => Some(signature.as_str()),
        _ => None,
    });
    let first_call = parts.iter().position(|p| p.get("functionCall").is_some());
    match (signature, first_call) {
        (Some(signature), Some(at)) => parts[at]["thoughtSignature"] = json!(signature),
        (Some(signature), None) => {
            if let Some(last) = parts.last_mut() {
                last["thoughtSignature"] = json!(signature);
            }
        }
        (None, Some(at)) if needs_signature => parts[at]["thoughtSignature"] = json!(SKIP_SIGNATURE),
        (None, _) => {}
    }
    parts
}

fn function_response(result: &ToolResult, replay: bool) -> Value {
    let key = if result.is_error { "error" } else { "result" };
    let mut response = json!({"name": result.name, "response": {key: result.output}});
    if replay && !result.id.starts_with(LOCAL_ID_PREFIX) {
        response["id"] = json!(result.id);
    }
    json!({"functionResponse": response})
}

/// Gemini's chunks in, model events out. The finish reason arrives on the last chunk,
/// possibly before its usage, so `Finish` is emitted when the body ends.
#[derive(Default)]
struct Decode {
    finish_reason: Option<String>,
    saw_call: bool,
    usage: Option<(u64, u64)>,
}

impl Decoder for Decode {
    fn provider(&self) -> &'static str {
        PROVIDER
    }

    fn event(&mut self, event: &SseEvent) -> Result<Vec<ModelEvent>, ProviderError> {
        let data: Value = serde_json::from_str(&event.data).map_err(|e| malformed(format!("a chunk is not valid JSON ({e})")))?;
        if let Some(error) = data.get("error") {
            let message = error["message"].as_str().unwrap_or("an unknown error");
            let status = if error["code"] == 429 { "RESOURCE_EXHAUSTED" } else { error["status"].as_str().unwrap_or_default() };
            return Err(http::stream_error(PROVIDER, status, message));
        }
        if let Some(reason) = data["promptFeedback"]["blockReason"].as_str() {
            return Err(ProviderError::Upstream { provider: PROVIDER, message: format!("the prompt was blocked ({reason})") });
        }
        if let Some(usage) = data.get("usageMetadata") {
            let count = |key: &str| usage[key].as_u64().unwrap_or(0);
            // Thought tokens are billed as output.
            self.usage = Some((count("promptTokenCount"), count("candidatesTokenCount") + count("thoughtsTokenCount")));
        }
        let candidate = &data["candidates"][0];
        let mut events = Vec::new();
        for part in candidate["content"]["parts"].as_array().into_iter().flatten() {
            self.part(part, &mut events)?;
        }
        if let Some(reason) = candidate["finishReason"].as_str() {
            self.finish_reason = Some(reason.to_owned());
        }
        Ok(events)
    }

    fn end(&mut self) -> Result<Vec<ModelEvent>, ProviderError> {
        let Some(reason) = &self.finish_reason else {
            return Err(ProviderError::Connection { provider: PROVIDER, message: "the stream ended before the answer was complete".into() });
        };
        let stop = match reason.as_str() {
            "STOP" if self.saw_call => StopReason::ToolCalls,
            "STOP" => StopReason::Stop,
            "MAX_TOKENS" => StopReason::Length,
            "SAFETY" | "RECITATION" | "BLOCKLIST" | "PROHIBITED_CONTENT" | "SPII" | "IMAGE_SAFETY" | "IMAGE_PROHIBITED_CONTENT" => StopReason::ContentFilter,
            _ => StopReason::Other,
        };
        let mut events: Vec<ModelEvent> =
            self.usage.map(|(input_tokens, output_tokens)| ModelEvent::Usage { input_tokens, output_tokens }).into_iter().collect();
        events.push(ModelEvent::Finish(stop));
        Ok(events)
    }
}

impl Decode {
    fn part(&mut self, part: &Value, events: &mut Vec<ModelEvent>) -> Result<(), ProviderError> {
        if let Some(call) = part.get("functionCall") {
            let name = call["name"].as_str().ok_or_else(|| malformed("a function call without a name".into()))?;
            // Gemini 3 names its calls; older models do not, and then the id is ours.
            let id = match call["id"].as_str().filter(|id| !id.is_empty()) {
                Some(id) => id.to_owned(),
                None => format!("{LOCAL_ID_PREFIX}{}", uuid::Uuid::new_v4().simple()),
            };
            let args = match call.get("args") {
                Some(args @ Value::Object(_)) => args.to_string(),
                None | Some(Value::Null) => "{}".to_owned(),
                Some(_) => return Err(malformed(format!("the arguments of {name} are not an object"))),
            };
            self.saw_call = true;
            events.push(ModelEvent::ToolCallStart { id: id.clone(), name: name.to_owned() });
            events.push(ModelEvent::ToolCallDelta { id, delta: args });
        } else if let Some(text) = part["text"].as_str().filter(|t| !t.is_empty()) {
            events.push(if part["thought"] == true { ModelEvent::ReasoningDelta(text.to_owned()) } else { ModelEvent::TextDelta(text.to_owned()) });
        }
        if let Some(signature) = part["thoughtSignature"].as_str().filter(|s| !s.is_empty()) {
            events.push(ModelEvent::ReasoningSignature(signature.to_owned()));
        }
        Ok(())
    }
}

fn malformed(message: String) -> ProviderError {
    ProviderError::Malformed { provider: PROVIDER, message }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::ToolCall;

    #[test]
    fn signature_rules_follow_the_model_generation() {
        assert!(needs_signatures("gemini-3-pro-preview"));
        assert!(needs_signatures("models/gemini-3.1-flash"));
        assert!(needs_signatures("gemini-flash-latest"));
        assert!(!needs_signatures("gemini-2.5-flash"));
        assert!(!needs_signatures("gemma-3-27b-it"));
    }

    #[test]
    fn a_current_step_without_its_signature_gets_the_documented_stand_in() {
        let call = |id: &str| AssistantContent::ToolCall(ToolCall { id: id.into(), name: "timeTool".into(), input: json!({}) });
        let messages =
            vec![ModelMessage::User(vec![UserContent::Text("time?".into())]), ModelMessage::Assistant(vec![call("gemini_call_1"), call("gemini_call_2")])];
        let out = contents(&messages, true);
        assert_eq!(out[1]["parts"][0]["thoughtSignature"], SKIP_SIGNATURE);
        assert!(out[1]["parts"][1].get("thoughtSignature").is_none());
        assert!(out[1]["parts"][0]["functionCall"].get("id").is_none(), "made-up ids stay ours");
        assert!(contents(&messages, false)[1]["parts"][0].get("thoughtSignature").is_none());
    }

    #[test]
    fn an_unknown_finish_reason_is_other_and_a_missing_one_is_a_cut_stream() {
        let mut decoder = Decode::default();
        let chunk = json!({"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "MALFORMED_FUNCTION_CALL"}]});
        assert_eq!(decoder.event(&SseEvent { event: "message".into(), data: chunk.to_string() }), Ok(Vec::new()));
        assert_eq!(decoder.end(), Ok(vec![ModelEvent::Finish(StopReason::Other)]));
        assert!(matches!(Decode::default().end(), Err(ProviderError::Connection { .. })));
    }
}
