//! The Chat Completions format (`POST {base}/chat/completions`, streamed): DeepSeek and
//! any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio…).
//!
//! These servers differ in small ways, so the decoder is lenient where that costs nothing:
//! reasoning arrives as `reasoning_content` (DeepSeek, vLLM) or `reasoning` (Ollama,
//! OpenRouter); a tool call may lack its `index` or `id`, or arrive whole in one chunk;
//! usage may come with the finish chunk, after it, or not at all. We send only what every
//! one of them accepts: no verbosity or reasoning options.

use serde_json::{Value, json};

use super::http::{self, Call, Decoder, SseEvent};
use super::openai::output_text;
use super::{AssistantContent, EventStream, ModelEvent, ModelMessage, ModelProvider, ModelRequest, ProviderError, StopReason, ToolSpec, UserContent};

pub struct ChatCompletions {
    provider: &'static str,
    client: reqwest::Client,
    base_url: String,
    api_key: Option<String>,
}

impl ChatCompletions {
    /// `provider_name` is what users read in error texts ("DeepSeek", "Ollama"); `base_url`
    /// is the API root, e.g. `https://api.deepseek.com` or `http://localhost:11434/v1`.
    /// Without a key no `Authorization` header is sent (local servers).
    pub fn new(provider_name: &'static str, base_url: &str, api_key: Option<String>) -> Self {
        Self { provider: provider_name, client: http::client(), base_url: base_url.to_owned(), api_key: api_key.filter(|k| !k.trim().is_empty()) }
    }
}

impl ModelProvider for ChatCompletions {
    fn stream(&self, request: ModelRequest) -> EventStream {
        let mut builder = self.client.post(http::url(&self.base_url, "chat/completions"));
        let mut secrets = Vec::new();
        if let Some(key) = &self.api_key {
            builder = builder.bearer_auth(key);
            secrets.push(key.clone());
        }
        let call = Call { provider: self.provider, request: builder, body: request_body(&request), secrets };
        http::drive(call, ChatDecoder::new(self.provider))
    }
}

// ---------------------------------------------------------------------------------------
// Request

fn request_body(request: &ModelRequest) -> Value {
    let mut messages = Vec::new();
    if let Some(system) = request.system.as_deref().filter(|s| !s.trim().is_empty()) {
        messages.push(json!({ "role": "system", "content": system }));
    }
    for message in &request.messages {
        match message {
            ModelMessage::User(content) if !content.is_empty() => messages.push(json!({ "role": "user", "content": user_content(content) })),
            ModelMessage::User(_) => {}
            ModelMessage::Assistant(content) => messages.extend(assistant_message(content)),
            ModelMessage::Tool(results) => {
                messages.extend(results.iter().map(|r| json!({ "role": "tool", "tool_call_id": r.id, "content": output_text(r) })));
            }
        }
    }
    let mut body = json!({
        "model": request.model,
        "stream": true,
        "stream_options": { "include_usage": true },
        "messages": messages,
    });
    if !request.tools.is_empty() {
        body["tools"] = Value::Array(request.tools.iter().map(tool).collect());
    }
    body
}

/// A plain string when the turn is only text: DeepSeek and several local servers accept
/// nothing else.
fn user_content(content: &[UserContent]) -> Value {
    let texts: Option<Vec<&str>> = content.iter().map(|c| if let UserContent::Text(t) = c { Some(t.as_str()) } else { None }).collect();
    if let Some(texts) = texts {
        return json!(texts.join("\n\n"));
    }
    Value::Array(
        content
            .iter()
            .map(|part| match part {
                UserContent::Text(text) => json!({ "type": "text", "text": text }),
                UserContent::Image { url, .. } => json!({ "type": "image_url", "image_url": { "url": url } }),
                UserContent::Document { url, filename, .. } if http::data_url(url).is_some() => {
                    json!({ "type": "file", "file": { "filename": filename.as_deref().unwrap_or("document.pdf"), "file_data": url } })
                }
                // The `file` part takes no URL; name the document so the model knows of it.
                UserContent::Document { url, filename, .. } => {
                    json!({ "type": "text", "text": format!("[Attached document: {} at {url}]", filename.as_deref().unwrap_or("document.pdf")) })
                }
            })
            .collect(),
    )
}

/// One assistant message, or none when the turn held only reasoning.
///
/// Reasoning is sent back only with tool calls: DeepSeek's thinking mode requires the
/// `reasoning_content` of a turn that called tools in every later request (HTTP 400
/// without it), and ignores it elsewhere. It is never sent on plain answers, which is
/// where the older `deepseek-reasoner` (which had no tools) refused it.
fn assistant_message(content: &[AssistantContent]) -> Option<Value> {
    let mut text = String::new();
    let mut reasoning = String::new();
    let mut tool_calls = Vec::new();
    for part in content {
        match part {
            AssistantContent::Text(t) => text.push_str(t),
            AssistantContent::Reasoning { text: r, .. } => reasoning.push_str(r),
            AssistantContent::ToolCall(call) => tool_calls.push(json!({
                "id": call.id,
                "type": "function",
                "function": { "name": call.name, "arguments": call.input.to_string() },
            })),
        }
    }
    if text.is_empty() && tool_calls.is_empty() {
        return None;
    }
    let mut message = json!({ "role": "assistant", "content": text });
    if !tool_calls.is_empty() {
        if !reasoning.is_empty() {
            message["reasoning_content"] = json!(reasoning);
        }
        message["tool_calls"] = Value::Array(tool_calls);
    }
    Some(message)
}

fn tool(spec: &ToolSpec) -> Value {
    let mut function = json!({ "name": spec.name, "parameters": spec.input_schema });
    if !spec.description.is_empty() {
        function["description"] = json!(spec.description);
    }
    json!({ "type": "function", "function": function })
}

// ---------------------------------------------------------------------------------------
// Stream

/// A tool call being streamed. Its start is held back until its name is known, and
/// argument text that arrives before that is kept for then.
struct PendingCall {
    index: Option<u64>,
    id: String,
    name: Option<String>,
    started: bool,
    held: String,
}

/// Decodes `data:` chunks. `Finish` goes out once: when a finish reason and usage have
/// both arrived, at `[DONE]`, or at the end of the body if a finish reason came.
struct ChatDecoder {
    provider: &'static str,
    calls: Vec<PendingCall>,
    stop: Option<StopReason>,
    usage: Option<(u64, u64)>,
    finished: bool,
}

impl ChatDecoder {
    fn new(provider: &'static str) -> Self {
        Self { provider, calls: Vec::new(), stop: None, usage: None, finished: false }
    }
}

impl Decoder for ChatDecoder {
    fn provider(&self) -> &'static str {
        self.provider
    }

    fn event(&mut self, event: &SseEvent) -> Result<Vec<ModelEvent>, ProviderError> {
        let data = event.data.trim();
        if self.finished || data.is_empty() {
            return Ok(Vec::new());
        }
        if data == "[DONE]" {
            return self.finish();
        }
        let chunk: Value = serde_json::from_str(data).map_err(|e| self.malformed(format!("a chunk is not valid JSON ({e})")))?;
        if let Some((kind, message)) = in_stream_error(&chunk) {
            return Err(http::stream_error(self.provider, kind, message));
        }
        if chunk["usage"].is_object() {
            let usage = &chunk["usage"];
            self.usage = Some((usage["prompt_tokens"].as_u64().unwrap_or(0), usage["completion_tokens"].as_u64().unwrap_or(0)));
        }
        let mut events = Vec::new();
        let choices = chunk["choices"].as_array().map(Vec::as_slice).unwrap_or_default();
        if let Some(choice) = choices.iter().find(|c| c["index"].as_u64().unwrap_or(0) == 0) {
            let delta = &choice["delta"];
            let reasoning = delta["reasoning_content"].as_str().or_else(|| delta["reasoning"].as_str());
            events.extend(reasoning.filter(|r| !r.is_empty()).map(|r| ModelEvent::ReasoningDelta(r.to_owned())));
            for text in [delta["content"].as_str(), delta["refusal"].as_str()].into_iter().flatten().filter(|t| !t.is_empty()) {
                events.push(ModelEvent::TextDelta(text.to_owned()));
            }
            if let Some(calls) = delta["tool_calls"].as_array() {
                for call in calls {
                    events.extend(self.tool_call_delta(call)?);
                }
            }
            if let Some(reason) = choice["finish_reason"].as_str() {
                self.stop = Some(self.stop_reason(reason)?);
            }
        }
        if self.stop.is_some() && self.usage.is_some() {
            events.extend(self.finish()?);
        }
        Ok(events)
    }

    fn end(&mut self) -> Result<Vec<ModelEvent>, ProviderError> {
        if self.finished {
            return Ok(Vec::new());
        }
        if self.stop.is_none() {
            return Err(ProviderError::Connection { provider: self.provider, message: "the answer ended before it was complete".into() });
        }
        self.finish()
    }
}

impl ChatDecoder {
    fn tool_call_delta(&mut self, delta: &Value) -> Result<Vec<ModelEvent>, ProviderError> {
        let index = delta["index"].as_u64();
        let id = delta["id"].as_str().filter(|id| !id.is_empty());
        let name = delta["function"]["name"].as_str().filter(|n| !n.is_empty());
        let arguments = match &delta["function"]["arguments"] {
            Value::String(text) => text.clone(),
            Value::Null => String::new(),
            // A few servers send the arguments as an object.
            other => other.to_string(),
        };

        let existing = match (index, id) {
            (Some(index), _) => self.calls.iter().position(|c| c.index == Some(index)),
            (None, Some(id)) => self.calls.iter().position(|c| c.id == id),
            // Neither: a continuation of the last call, unless it names a new one.
            (None, None) => self.calls.len().checked_sub(1).filter(|&last| name.is_none() || self.calls[last].name.is_none()),
        };
        let at = match existing {
            Some(at) => at,
            None => {
                let id = id.map_or_else(|| format!("call_{}", uuid::Uuid::new_v4().simple()), str::to_owned);
                self.calls.push(PendingCall { index, id, name: None, started: false, held: String::new() });
                self.calls.len() - 1
            }
        };
        let call = &mut self.calls[at];
        if call.name.is_none() {
            call.name = name.map(str::to_owned);
        }
        call.held.push_str(&arguments);

        let mut events = Vec::new();
        if let (false, Some(name)) = (call.started, &call.name) {
            call.started = true;
            events.push(ModelEvent::ToolCallStart { id: call.id.clone(), name: name.clone() });
        }
        if call.started && !call.held.is_empty() {
            events.push(ModelEvent::ToolCallDelta { id: call.id.clone(), delta: std::mem::take(&mut call.held) });
        }
        Ok(events)
    }

    fn stop_reason(&self, reason: &str) -> Result<StopReason, ProviderError> {
        Ok(match reason {
            "stop" | "eos" | "end_turn" => StopReason::Stop,
            "tool_calls" | "function_call" => StopReason::ToolCalls,
            "length" => StopReason::Length,
            "content_filter" => StopReason::ContentFilter,
            // DeepSeek cut the answer short for lack of capacity: not a finished answer.
            "insufficient_system_resource" => {
                return Err(ProviderError::Upstream {
                    provider: self.provider,
                    message: "the server ran out of capacity and stopped the answer early; try again".into(),
                });
            }
            _ => StopReason::Other,
        })
    }

    fn finish(&mut self) -> Result<Vec<ModelEvent>, ProviderError> {
        self.finished = true;
        if self.calls.iter().any(|c| !c.started) {
            return Err(self.malformed("a tool call arrived without a name".into()));
        }
        // Some servers say "stop" after calling tools; what the agent must do is run them.
        let stop = match self.stop {
            Some(StopReason::Stop) | None if !self.calls.is_empty() => StopReason::ToolCalls,
            Some(stop) => stop,
            None => StopReason::Stop,
        };
        let mut events = Vec::new();
        if let Some((input_tokens, output_tokens)) = self.usage {
            events.push(ModelEvent::Usage { input_tokens, output_tokens });
        }
        events.push(ModelEvent::Finish(stop));
        Ok(events)
    }

    fn malformed(&self, message: String) -> ProviderError {
        ProviderError::Malformed { provider: self.provider, message }
    }
}

/// The kind and text of an error sent inside the stream: `{"error": {...}}` (OpenAI,
/// DeepSeek, vLLM, Ollama), `{"error": "text"}`, or a bare `{"object": "error", ...}`
/// (older vLLM).
fn in_stream_error(chunk: &Value) -> Option<(&str, &str)> {
    let error = match &chunk["error"] {
        Value::Object(_) => &chunk["error"],
        Value::String(text) => return Some(("", text.as_str())),
        _ if chunk["object"] == "error" => chunk,
        _ => return None,
    };
    let kind = error["code"].as_str().or_else(|| error["type"].as_str()).unwrap_or_default();
    let message = error["message"].as_str().filter(|m| !m.trim().is_empty()).unwrap_or("the stream reported an error");
    Some((kind, message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::ToolCall;

    fn decode(chunks: &[&str]) -> Vec<Result<ModelEvent, ProviderError>> {
        let mut decoder = ChatDecoder::new("Test");
        let mut out = Vec::new();
        for data in chunks {
            match decoder.event(&SseEvent { event: String::new(), data: (*data).to_owned() }) {
                Ok(events) => out.extend(events.into_iter().map(Ok)),
                Err(err) => {
                    out.push(Err(err));
                    return out;
                }
            }
        }
        match decoder.end() {
            Ok(events) => out.extend(events.into_iter().map(Ok)),
            Err(err) => out.push(Err(err)),
        }
        out
    }

    #[test]
    fn whole_calls_without_index_or_id_get_their_own_generated_ids() {
        let out = decode(&[
            r#"{"choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"a","arguments":{"x":1}}},{"function":{"name":"b","arguments":"{}"}}]},"finish_reason":null}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#,
        ]);
        let starts: Vec<(&str, &str)> = out
            .iter()
            .flatten()
            .filter_map(|e| if let ModelEvent::ToolCallStart { id, name } = e { Some((id.as_str(), name.as_str())) } else { None })
            .collect();
        assert_eq!(starts.len(), 2);
        assert_ne!(starts[0].0, starts[1].0);
        assert!(starts.iter().all(|(id, _)| id.starts_with("call_")));
        assert_eq!(out.last(), Some(&Ok(ModelEvent::Finish(StopReason::ToolCalls))));
        assert!(out.contains(&Ok(ModelEvent::ToolCallDelta { id: starts[0].0.to_owned(), delta: r#"{"x":1}"#.into() })));
    }

    #[test]
    fn arguments_before_the_name_wait_for_it() {
        let out = decode(&[
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","function":{"arguments":"{\"a\""}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"f","arguments":":1}"}}]}}]}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
            "[DONE]",
        ]);
        assert_eq!(
            out,
            [
                Ok(ModelEvent::ToolCallStart { id: "c1".into(), name: "f".into() }),
                Ok(ModelEvent::ToolCallDelta { id: "c1".into(), delta: "{\"a\":1}".into() }),
                Ok(ModelEvent::Finish(StopReason::ToolCalls)),
            ]
        );
    }

    #[test]
    fn finish_waits_for_usage_and_comes_once() {
        let out = decode(&[
            r#"{"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}],"usage":null}"#,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"length"}],"usage":null}"#,
            r#"{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}"#,
            "[DONE]",
        ]);
        assert_eq!(
            out,
            [Ok(ModelEvent::TextDelta("Hi".into())), Ok(ModelEvent::Usage { input_tokens: 5, output_tokens: 2 }), Ok(ModelEvent::Finish(StopReason::Length)),]
        );
        // A server that ignores stream_options and never sends [DONE] still finishes.
        let out = decode(&[r#"{"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}"#]);
        assert_eq!(out.last(), Some(&Ok(ModelEvent::Finish(StopReason::Stop))));
    }

    #[test]
    fn errors_inside_the_stream() {
        let out = decode(&[r#"{"object":"error","message":"The model `x` does not exist.","type":"NotFoundError","param":null,"code":404}"#]);
        assert_eq!(out, [Err(ProviderError::Upstream { provider: "Test", message: "The model `x` does not exist.".into() })]);
        let out = decode(&[r#"{"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"insufficient_system_resource"}]}"#]);
        assert!(matches!(out.last(), Some(Err(ProviderError::Upstream { .. }))));
    }

    #[test]
    fn reasoning_goes_back_only_with_tool_calls() {
        let answer = assistant_message(&[AssistantContent::Reasoning { text: "think".into(), signature: None }, AssistantContent::Text("Done.".into())]);
        assert_eq!(answer, Some(json!({"role": "assistant", "content": "Done."})));
        let only_reasoning = assistant_message(&[AssistantContent::Reasoning { text: "think".into(), signature: None }]);
        assert_eq!(only_reasoning, None);
        let call = assistant_message(&[
            AssistantContent::Reasoning { text: "think".into(), signature: None },
            AssistantContent::ToolCall(ToolCall { id: "c1".into(), name: "f".into(), input: json!({}) }),
        ]);
        assert_eq!(
            call,
            Some(json!({"role": "assistant", "content": "", "reasoning_content": "think",
                "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}))
        );
    }
}
