//! Stored UI messages → model messages, the same for every provider.
//!
//! Each assistant UI message is split at its `step-start` parts into assistant turns and
//! tool-result turns. Inline image data inside tool outputs is replaced by a placeholder
//! before every model call (spec 000 §5). What of a long history is sent at all is
//! decided by [`crate::context::fit`].

use serde_json::Value;

use crate::provider::{AssistantContent, ModelMessage, ToolCall, ToolResult, UserContent};

pub const IMAGE_PLACEHOLDER: &str = "[image data redacted]";

/// What a model is told of a call the user chose not to send: a decision, not a failure
/// to work around. The user's reason follows when they gave one.
pub const DENIED: &str = "The user chose not to run this call; do not retry it unless they ask";

/// Whether a tool result is a call the user chose not to send.
pub fn is_denied(result: &ToolResult) -> bool {
    result.is_error && result.output.as_str().is_some_and(|text| text.starts_with(DENIED))
}

/// The result of a denied call's part, with the reason the user gave, if any.
fn denied(part: &Value) -> Value {
    let reason = part.pointer("/approval/reason").and_then(Value::as_str).map(str::trim).filter(|r| !r.is_empty());
    Value::String(match reason {
        Some(reason) => format!("{DENIED}. Their reason: {}", waybill_tools::redact::truncate(reason, 500)),
        None => DENIED.to_owned(),
    })
}

/// Converts `messages` (UI messages) to model messages, keeping at most about
/// `budget_chars` characters of the most recent history.
pub fn to_model_messages(messages: &[Value], budget_chars: usize) -> Vec<ModelMessage> {
    to_model_messages_for(messages, budget_chars, None)
}

/// As [`to_model_messages`], keeping only reasoning signatures made by `model`: a
/// signature means nothing to another model, and providers reject foreign ones.
pub fn to_model_messages_for(messages: &[Value], budget_chars: usize, model: Option<&str>) -> Vec<ModelMessage> {
    convert(&crate::context::fit(messages, budget_chars), model)
}

/// Converts every message given (no trimming; see [`trim`]).
pub fn convert(messages: &[Value], model: Option<&str>) -> Vec<ModelMessage> {
    let mut out = Vec::new();
    for message in messages {
        let parts = message["parts"].as_array().map(Vec::as_slice).unwrap_or_default();
        match message["role"].as_str() {
            Some("user") => {
                let content: Vec<UserContent> = parts.iter().filter_map(user_content).collect();
                if !content.is_empty() {
                    out.push(ModelMessage::User(content));
                }
            }
            Some("assistant") => assistant_turns(parts, model, &mut out),
            _ => {}
        }
    }
    out
}

fn user_content(part: &Value) -> Option<UserContent> {
    match part["type"].as_str()? {
        "text" => part["text"].as_str().filter(|t| !t.is_empty()).map(|t| UserContent::Text(t.to_owned())),
        "file" => {
            let url = part["url"].as_str()?.to_owned();
            let media_type = part["mediaType"].as_str().unwrap_or("application/octet-stream").to_owned();
            let filename = part["filename"].as_str().map(str::to_owned);
            if media_type.starts_with("image/") {
                Some(UserContent::Image { url, media_type })
            } else if media_type == "application/pdf" {
                Some(UserContent::Document { url, media_type, filename })
            } else {
                let name = filename.unwrap_or_else(|| "file".into());
                Some(UserContent::Text(format!("[Attached file: {name} ({media_type}) at {url}]")))
            }
        }
        _ => None,
    }
}

/// The tool name of a tool part: `tool-NAME`, or `dynamic-tool` with `toolName`.
pub fn tool_name(part: &Value) -> Option<&str> {
    match part["type"].as_str()? {
        "dynamic-tool" => part["toolName"].as_str(),
        kind => kind.strip_prefix("tool-"),
    }
}

fn assistant_turns(parts: &[Value], model: Option<&str>, out: &mut Vec<ModelMessage>) {
    for step in parts.split(|p| p["type"] == "step-start") {
        let mut content = Vec::new();
        let mut results = Vec::new();
        for part in step {
            match part["type"].as_str() {
                Some("text") => {
                    if let Some(text) = part["text"].as_str().filter(|t| !t.is_empty()) {
                        content.push(AssistantContent::Text(text.to_owned()));
                    }
                }
                Some("reasoning") => {
                    let signature = signature(part, model);
                    if let Some(text) = part["text"].as_str().filter(|t| !t.is_empty()) {
                        content.push(AssistantContent::Reasoning { text: text.to_owned(), signature });
                    }
                }
                _ => {
                    let (Some(name), Some(id)) = (tool_name(part), part["toolCallId"].as_str()) else { continue };
                    let (output, is_error) = match part["state"].as_str() {
                        Some("output-available") => (redact_images(waybill_tools::tool::for_model(part["output"].clone())), false),
                        Some("output-error") => (Value::String(part["errorText"].as_str().unwrap_or("The tool failed").to_owned()), true),
                        Some("output-denied") => (denied(part), true),
                        Some("input-available") => (Value::String("The tool call did not complete".into()), true),
                        _ => continue,
                    };
                    let input = if part["input"].is_object() { part["input"].clone() } else { Value::Object(Default::default()) };
                    content.push(AssistantContent::ToolCall(ToolCall { id: id.to_owned(), name: name.to_owned(), input }));
                    results.push(ToolResult { id: id.to_owned(), name: name.to_owned(), output, is_error });
                }
            }
        }
        if !content.is_empty() {
            out.push(ModelMessage::Assistant(content));
        }
        if !results.is_empty() {
            out.push(ModelMessage::Tool(results));
        }
    }
}

/// Replaces inline image data (data URLs, base64 fields) anywhere in a tool output.
pub fn redact_images(value: Value) -> Value {
    match value {
        Value::String(s) if s.starts_with("data:image/") => Value::String(IMAGE_PLACEHOLDER.into()),
        Value::Array(items) => Value::Array(items.into_iter().map(redact_images).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let inline_base64 =
                        matches!(k.as_str(), "base64" | "base64Content" | "b64_json" | "imageData") && v.as_str().is_some_and(|s| s.len() > 256);
                    let v = if inline_base64 { Value::String(IMAGE_PLACEHOLDER.into()) } else { redact_images(v) };
                    (k, v)
                })
                .collect(),
        ),
        other => other,
    }
}

/// The texts of the last user message that `keep` accepts, joined by new lines.
fn last_user_texts(messages: &[ModelMessage], keep: fn(&str) -> bool) -> Option<String> {
    messages.iter().rev().find_map(|m| match m {
        ModelMessage::User(content) => Some(
            content
                .iter()
                .filter_map(|c| match c {
                    UserContent::Text(t) if keep(t) => Some(t.as_str()),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        _ => None,
    })
}

/// What the user typed in the last user message: its text without the texts the server
/// put in for attachments ("Attached file …", "[Attachment …]").
pub fn last_user_typed_text(messages: &[ModelMessage]) -> Option<String> {
    last_user_texts(messages, |t| !t.starts_with("Attached file ") && !t.starts_with("[Attach"))
}

/// The text of the last user message, for the offline model.
pub fn last_user_text(messages: &[ModelMessage]) -> Option<String> {
    last_user_texts(messages, |_| true)
}

/// The reasoning part's signature when it was made by `model` (or, without a model to
/// check, any signature).
fn signature(part: &Value, model: Option<&str>) -> Option<String> {
    let ours = &part["providerMetadata"]["waybill"];
    if let Some(signature) = ours["signature"].as_str() {
        return match model {
            Some(model) if ours["model"].as_str() != Some(model) => None,
            _ => Some(signature.to_owned()),
        };
    }
    part.pointer("/providerMetadata/anthropic/signature").and_then(Value::as_str).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn assistant_steps_become_calls_and_results_with_images_redacted() {
        let messages = vec![
            json!({"id": "u", "role": "user", "parts": [
                {"type": "text", "text": "look"},
                {"type": "file", "url": "data:image/png;base64,AAA", "mediaType": "image/png"},
                {"type": "file", "url": "https://x/a.pdf", "mediaType": "application/pdf", "filename": "a.pdf"},
                {"type": "file", "url": "https://x/b.csv", "mediaType": "text/csv", "filename": "b.csv"}
            ]}),
            json!({"id": "a", "role": "assistant", "parts": [
                {"type": "step-start"},
                {"type": "tool-cameraSnapshotTool", "toolCallId": "c1", "state": "output-available", "input": {"cameraId": "7"},
                 "output": {"image": "data:image/jpeg;base64,/9j/AAAA", "nested": [{"base64": "Q".repeat(300)}], "name": "Dock"}},
                {"type": "step-start"},
                {"type": "text", "text": "Dock 7 is clear.", "state": "done"}
            ]}),
        ];
        let out = to_model_messages(&messages, 1_000_000);
        assert_eq!(out.len(), 4);
        let ModelMessage::User(user) = &out[0] else { panic!() };
        assert!(matches!(&user[1], UserContent::Image { media_type, .. } if media_type == "image/png"));
        assert!(matches!(&user[2], UserContent::Document { filename: Some(f), .. } if f == "a.pdf"));
        assert!(matches!(&user[3], UserContent::Text(t) if t.contains("b.csv")));
        let ModelMessage::Tool(results) = &out[2] else { panic!() };
        assert_eq!(results[0].output, json!({"image": IMAGE_PLACEHOLDER, "nested": [{"base64": IMAGE_PLACEHOLDER}], "name": "Dock"}));
        assert_eq!(out[3], ModelMessage::Assistant(vec![AssistantContent::Text("Dock 7 is clear.".into())]));
    }

    #[test]
    fn a_denied_call_tells_the_model_the_user_chose_not_to_run_it() {
        let call = |id: &str, approval: Value| json!({"type": "tool-apiCall", "toolCallId": id, "state": "output-denied", "input": {"system": "wms"}, "approval": approval});
        let messages = vec![
            json!({"id": "u", "role": "user", "parts": [{"type": "text", "text": "cancel order SO-1"}]}),
            json!({"id": "a", "role": "assistant", "parts": [
                {"type": "step-start"},
                call("c1", json!({"id": "ap1", "approved": false, "reason": "  Not this dock "})),
                call("c2", json!({"id": "ap2", "approved": false})),
            ]}),
        ];
        let out = to_model_messages(&messages, 1_000_000);
        let ModelMessage::Tool(results) = &out[2] else { panic!("{out:?}") };
        assert_eq!(results[0].output, json!(format!("{DENIED}. Their reason: Not this dock")));
        assert_eq!(results[1].output, json!(DENIED));
        assert!(results.iter().all(is_denied), "{results:?}");
        assert!(!results[0].output.as_str().unwrap().contains("denied"), "not worded as a failure");
        let failed = ToolResult { id: "c3".into(), name: "apiCall".into(), output: json!("Demo WMS could not be reached"), is_error: true };
        assert!(!is_denied(&failed));
        assert!(!is_denied(&ToolResult { is_error: false, output: json!(DENIED), ..failed }), "only an error result is a denial");
    }

    #[test]
    fn long_histories_are_cut_to_start_at_a_user_message() {
        let messages: Vec<Value> = (0..5000)
            .map(|i| {
                let role = if i % 2 == 0 { "user" } else { "assistant" };
                json!({"id": format!("m{i}"), "role": role, "parts": [{"type": "text", "text": format!("message number {i}")}]})
            })
            .collect();
        let out = to_model_messages(&messages, 10_000);
        assert!(out.len() < 200 && out.len() > 10, "{}", out.len());
        assert!(matches!(out[0], ModelMessage::User(_)));
        assert_eq!(last_user_text(&out).unwrap(), "message number 4998");
        // A single message larger than the budget is sent cut to fit.
        let huge = vec![json!({"id": "h", "role": "user", "parts": [{"type": "text", "text": "x".repeat(2_000_000)}]})];
        let out = to_model_messages(&huge, 10_000);
        assert_eq!(out.len(), 1);
        assert!(last_user_text(&out).unwrap().len() < 10_000);
    }
}
