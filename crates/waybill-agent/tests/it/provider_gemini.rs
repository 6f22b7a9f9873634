//! The Gemini adapter against a fake server speaking `streamGenerateContent?alt=sse`:
//! `data:` lines each holding a whole GenerateContentResponse, CRLF-framed as Google
//! sends them, with Gemini's usage metadata and error bodies.

use crate::support;

use serde_json::{Value, json};
use support::{Canned, FakeServer, collect, error_of, reasoning_of, text_of, tool_calls_of};
use waybill_agent::provider::gemini::Gemini;
use waybill_agent::provider::{
    AssistantContent, ModelEvent, ModelMessage, ModelOptions, ModelProvider, ModelRequest, ProviderError, StopReason, ToolCall, ToolResult, ToolSpec,
    UserContent,
};

const KEY: &str = "AIzaSyD-test-key-0123456789abcdefghij";
const MODEL: &str = "gemini-2.5-flash";

/// One chunk as Gemini frames it.
fn chunk(data: Value) -> String {
    format!("data: {data}\r\n\r\n")
}

/// A response chunk with these parts, optionally the last one.
fn parts(parts: Value, finish: Option<&str>, usage: Value) -> String {
    let mut candidate = json!({"content": {"parts": parts, "role": "model"}, "index": 0});
    if let Some(reason) = finish {
        candidate["finishReason"] = json!(reason);
    }
    chunk(json!({"candidates": [candidate], "usageMetadata": usage, "modelVersion": MODEL, "responseId": "mJ0saN3qBaGSgLUP3qrwiAw"}))
}

fn early_usage() -> Value {
    json!({"promptTokenCount": 31, "totalTokenCount": 31, "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 31}]})
}

fn final_usage(candidates: u64, thoughts: u64) -> Value {
    let mut usage = json!({"promptTokenCount": 31, "candidatesTokenCount": candidates, "totalTokenCount": 31 + candidates + thoughts});
    if thoughts > 0 {
        usage["thoughtsTokenCount"] = json!(thoughts);
    }
    usage
}

fn track_tool() -> ToolSpec {
    ToolSpec {
        name: "trackShipment".into(),
        description: "Where a shipment is and when it arrives".into(),
        input_schema: json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
                "orderId": {"type": "string", "minLength": 1},
                "include": {"type": "array", "items": {"type": "string", "enum": ["eta", "position"]}, "default": ["eta"]}
            },
            "required": ["orderId"],
            "additionalProperties": false
        }),
    }
}

fn time_tool() -> ToolSpec {
    ToolSpec {
        name: "timeTool".into(),
        description: "The current time".into(),
        input_schema: json!({"type": "object", "properties": {}, "additionalProperties": false}),
    }
}

fn request(model: &str, messages: Vec<ModelMessage>, tools: Vec<ToolSpec>, options: ModelOptions) -> ModelRequest {
    ModelRequest { model: model.into(), system: Some("You are Waybill, a logistics assistant.".into()), messages, tools, options, audience: Default::default() }
}

fn ask(text: &str) -> Vec<ModelMessage> {
    vec![ModelMessage::User(vec![UserContent::Text(text.into())])]
}

async fn run(server: &FakeServer, request: ModelRequest) -> Vec<Result<ModelEvent, ProviderError>> {
    let provider = Gemini::new(&format!("{}/v1beta", server.base_url), Some(KEY.into()));
    collect(provider.stream(request)).await
}

fn finishes(events: &[Result<ModelEvent, ProviderError>]) -> Vec<StopReason> {
    events
        .iter()
        .filter_map(|e| match e {
            Ok(ModelEvent::Finish(reason)) => Some(*reason),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn text_streams_over_several_chunks_and_the_request_matches_generate_content() {
    let server = FakeServer::start(vec![Canned::sse([
        parts(json!([{"text": "Order 42 left "}]), None, early_usage()),
        parts(json!([{"text": "the Rotterdam hub "}]), None, early_usage()),
        parts(json!([{"text": "this morning."}]), Some("STOP"), final_usage(12, 0)),
    ])])
    .await;

    let events = run(&server, request(MODEL, ask("Where is order 42?"), vec![track_tool(), time_tool()], ModelOptions::default())).await;

    assert_eq!(text_of(&events), "Order 42 left the Rotterdam hub this morning.");
    assert!(events.contains(&Ok(ModelEvent::Usage { input_tokens: 31, output_tokens: 12 })), "{events:?}");
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::Stop))));
    assert_eq!(finishes(&events).len(), 1);

    let sent = server.last_request();
    assert_eq!(sent.method, "POST");
    assert_eq!(sent.path, "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    assert_eq!(sent.header("x-goog-api-key"), Some(KEY));
    assert!(!sent.path.contains("key="), "the key never travels in the URL");
    assert_eq!(
        sent.body,
        json!({
            "contents": [{"role": "user", "parts": [{"text": "Where is order 42?"}]}],
            "systemInstruction": {"parts": [{"text": "You are Waybill, a logistics assistant."}]},
            "tools": [{"functionDeclarations": [
                {
                    "name": "trackShipment",
                    "description": "Where a shipment is and when it arrives",
                    "parameters": {
                        "type": "object",
                        "properties": {
                            "orderId": {"type": "string", "minLength": 1},
                            "include": {"type": "array", "items": {"type": "string", "enum": ["eta", "position"]}}
                        },
                        "required": ["orderId"]
                    }
                },
                {"name": "timeTool", "description": "The current time"}
            ]}]
        })
    );
}

#[tokio::test]
async fn thought_parts_stream_as_reasoning_when_thinking_is_on() {
    let server = FakeServer::start(vec![Canned::sse([
        parts(json!([{"text": "**Checking the dock schedule**\n\nDock 4 ", "thought": true}]), None, early_usage()),
        parts(json!([{"text": "frees up at 14:00.", "thought": true}]), None, early_usage()),
        parts(json!([{"text": "Dock 4 is free "}]), None, early_usage()),
        parts(json!([{"text": "after 14:00."}]), Some("STOP"), final_usage(9, 120)),
    ])])
    .await;

    let events = run(&server, request(MODEL, ask("Is dock 4 free?"), Vec::new(), ModelOptions { thinking: true, ..ModelOptions::default() })).await;

    assert_eq!(reasoning_of(&events), "**Checking the dock schedule**\n\nDock 4 frees up at 14:00.");
    assert_eq!(text_of(&events), "Dock 4 is free after 14:00.");
    assert!(events.contains(&Ok(ModelEvent::Usage { input_tokens: 31, output_tokens: 129 })), "thoughts count as output: {events:?}");
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::Stop))));
    let sent = server.last_request();
    assert_eq!(sent.body["generationConfig"], json!({"thinkingConfig": {"includeThoughts": true}}));
    assert!(sent.body.get("tools").is_none());

    run(&server, request(MODEL, ask("Is dock 4 free?"), Vec::new(), ModelOptions::default())).await;
    assert!(server.last_request().body.get("generationConfig").is_none());
}

#[tokio::test]
async fn a_function_call_arrives_whole_after_text_split_over_chunks() {
    let server = FakeServer::start(vec![Canned::sse([
        parts(json!([{"text": "Let"}]), None, early_usage()),
        parts(json!([{"text": " me"}]), None, early_usage()),
        parts(json!([{"text": " check."}]), None, early_usage()),
        parts(
            json!([{"functionCall": {"name": "trackShipment", "args": {"orderId": "42", "include": ["eta", "position"]}}, "thoughtSignature": "CiQBVKhc7nQ8kQ=="}]),
            Some("STOP"),
            final_usage(24, 0),
        ),
    ])])
    .await;

    let events = run(&server, request(MODEL, ask("Where is order 42?"), vec![track_tool()], ModelOptions::default())).await;

    assert_eq!(text_of(&events), "Let me check.");
    let calls = tool_calls_of(&events);
    assert_eq!(calls.len(), 1);
    assert!(!calls[0].0.is_empty());
    assert_eq!(calls[0].1, "trackShipment");
    assert_eq!(serde_json::from_str::<Value>(&calls[0].2).expect("arguments are JSON"), json!({"orderId": "42", "include": ["eta", "position"]}));
    assert!(events.contains(&Ok(ModelEvent::ReasoningSignature("CiQBVKhc7nQ8kQ==".into()))));
    assert_eq!(finishes(&events), vec![StopReason::ToolCalls]);
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::ToolCalls))));
}

#[tokio::test]
async fn parallel_function_calls_in_one_chunk_get_distinct_ids() {
    let server = FakeServer::start(vec![Canned::sse([parts(
        json!([
            {"functionCall": {"name": "trackShipment", "args": {"orderId": "42"}}},
            {"functionCall": {"name": "timeTool", "args": {}}}
        ]),
        Some("STOP"),
        final_usage(20, 0),
    )])])
    .await;

    let events = run(&server, request(MODEL, ask("Where is 42, and what time is it?"), vec![track_tool(), time_tool()], ModelOptions::default())).await;

    let calls = tool_calls_of(&events);
    assert_eq!(calls.len(), 2);
    assert_ne!(calls[0].0, calls[1].0);
    assert_eq!((calls[0].1.as_str(), serde_json::from_str::<Value>(&calls[0].2).unwrap()), ("trackShipment", json!({"orderId": "42"})));
    assert_eq!((calls[1].1.as_str(), serde_json::from_str::<Value>(&calls[1].2).unwrap()), ("timeTool", json!({})));
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::ToolCalls))));

    // Gemini 3 names its calls; those ids are kept.
    let server = FakeServer::start(vec![Canned::sse([parts(
        json!([
            {"functionCall": {"id": "gp737npz", "name": "trackShipment", "args": {"orderId": "42"}}, "thoughtSignature": "Es8CCswCAb4"},
            {"functionCall": {"id": "k2m9x0qa", "name": "timeTool", "args": {}}}
        ]),
        Some("STOP"),
        final_usage(20, 55),
    )])])
    .await;
    let events = run(&server, request("gemini-3-flash-preview", ask("Where is 42, and what time is it?"), Vec::new(), ModelOptions::default())).await;
    let ids: Vec<String> = tool_calls_of(&events).into_iter().map(|c| c.0).collect();
    assert_eq!(ids, vec!["gp737npz", "k2m9x0qa"]);
}

/// A second call after tools ran, on Gemini 3: an earlier exchange, attachments, a step
/// with a signature and two calls (one id from Gemini, one made up), and their results.
fn follow_up(local_id: &str) -> Vec<ModelMessage> {
    vec![
        ModelMessage::User(vec![UserContent::Text("Hi".into())]),
        ModelMessage::Assistant(vec![
            AssistantContent::Text("Hello! How can I help?".into()),
            AssistantContent::ToolCall(ToolCall { id: "old1".into(), name: "timeTool".into(), input: json!({}) }),
        ]),
        ModelMessage::Tool(vec![ToolResult { id: "old1".into(), name: "timeTool".into(), output: json!({"time": "09:00"}), is_error: false }]),
        ModelMessage::User(vec![
            UserContent::Text("Check this label and the manifest.".into()),
            UserContent::Image { url: "data:image/png;base64,iVBORw0KGgo=".into(), media_type: "image/png".into() },
            UserContent::Document {
                url: "data:application/pdf;base64,JVBERi0xLjQK".into(),
                media_type: "application/pdf".into(),
                filename: Some("manifest.pdf".into()),
            },
            UserContent::Image { url: "https://cdn.example.com/dock.jpg".into(), media_type: "image/jpeg".into() },
        ]),
        ModelMessage::Assistant(vec![
            AssistantContent::Reasoning { text: "I need the shipment and the time.".into(), signature: Some("CiQBVKhc7nQ8kQ==".into()) },
            AssistantContent::Text("Checking.".into()),
            AssistantContent::ToolCall(ToolCall { id: "gp737npz".into(), name: "trackShipment".into(), input: json!({"orderId": "42"}) }),
            AssistantContent::ToolCall(ToolCall { id: local_id.into(), name: "timeTool".into(), input: json!({}) }),
        ]),
        ModelMessage::Tool(vec![
            ToolResult { id: "gp737npz".into(), name: "trackShipment".into(), output: json!({"status": "in transit", "eta": "2025-06-02"}), is_error: false },
            ToolResult { id: local_id.into(), name: "timeTool".into(), output: json!("The clock is unavailable"), is_error: true },
        ]),
    ]
}

#[tokio::test]
async fn a_follow_up_sends_calls_results_attachments_and_the_steps_signature() {
    let server = FakeServer::start(vec![Canned::sse([parts(json!([{"text": "It arrives on 2 June."}]), Some("STOP"), final_usage(7, 0))])]).await;

    // The id the adapter made up for a call Gemini sent without one.
    let local = local_id().await;
    let events = run(&server, request("gemini-3-pro-preview", follow_up(&local), vec![track_tool()], ModelOptions::default())).await;
    assert_eq!(text_of(&events), "It arrives on 2 June.");
    assert_eq!(
        server.last_request().body["contents"],
        json!([
            {"role": "user", "parts": [{"text": "Hi"}]},
            {"role": "model", "parts": [{"text": "Hello! How can I help?"}, {"functionCall": {"name": "timeTool", "args": {}}}]},
            {"role": "user", "parts": [
                {"functionResponse": {"name": "timeTool", "response": {"result": {"time": "09:00"}}}},
                {"text": "Check this label and the manifest."},
                {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}},
                {"inlineData": {"mimeType": "application/pdf", "data": "JVBERi0xLjQK"}},
                {"fileData": {"mimeType": "image/jpeg", "fileUri": "https://cdn.example.com/dock.jpg"}}
            ]},
            {"role": "model", "parts": [
                {"text": "Checking."},
                {"functionCall": {"id": "gp737npz", "name": "trackShipment", "args": {"orderId": "42"}}, "thoughtSignature": "CiQBVKhc7nQ8kQ=="},
                {"functionCall": {"name": "timeTool", "args": {}}}
            ]},
            {"role": "user", "parts": [
                {"functionResponse": {"id": "gp737npz", "name": "trackShipment", "response": {"result": {"status": "in transit", "eta": "2025-06-02"}}}},
                {"functionResponse": {"name": "timeTool", "response": {"error": "The clock is unavailable"}}}
            ]}
        ])
    );
}

/// Streams one call without an id and returns the id the adapter gave it.
async fn local_id() -> String {
    let server =
        FakeServer::start(vec![Canned::sse([parts(json!([{"functionCall": {"name": "timeTool", "args": {}}}]), Some("STOP"), final_usage(3, 0))])]).await;
    let events = run(&server, request(MODEL, ask("time?"), Vec::new(), ModelOptions::default())).await;
    tool_calls_of(&events).remove(0).0
}

#[tokio::test]
async fn a_bad_key_reads_as_a_bad_key_whether_gemini_says_400_or_403() {
    let invalid = r#"[{
  "error": {
    "code": 400,
    "message": "API key not valid. Please pass a valid API key.",
    "status": "INVALID_ARGUMENT",
    "details": [
      {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com", "metadata": {"service": "generativelanguage.googleapis.com"}},
      {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US", "message": "API key not valid. Please pass a valid API key."}
    ]
  }
}]"#;
    let denied = r#"{"error": {"code": 403, "message": "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.", "status": "PERMISSION_DENIED"}}"#;
    let unauthenticated = r#"{"error": {"code": 401, "message": "Request had invalid authentication credentials.", "status": "UNAUTHENTICATED"}}"#;
    for (status, body) in [(400, invalid), (403, denied), (401, unauthenticated)] {
        let server = FakeServer::start(vec![Canned::json(status, body)]).await;
        let err = error_of(&run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await);
        assert_eq!(err, ProviderError::BadKey { provider: "Gemini" }, "HTTP {status}");
        let text = err.to_string().to_lowercase();
        assert!(!text.contains("401") && !text.contains("unauthorized"), "{text}");
    }
}

#[tokio::test]
async fn rate_limits_and_server_errors_map_to_their_kinds_without_the_key() {
    let exhausted = r#"[{"error": {"code": 429, "message": "You exceeded your current quota, please check your plan and billing details.", "status": "RESOURCE_EXHAUSTED"}}]"#;
    let server = FakeServer::start(vec![Canned::json(429, exhausted)]).await;
    assert_eq!(
        error_of(&run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await),
        ProviderError::RateLimited { provider: "Gemini" }
    );

    let internal = format!(r#"[{{"error": {{"code": 500, "message": "An internal error has occurred (request with key {KEY}).", "status": "INTERNAL"}}}}]"#);
    let server = FakeServer::start(vec![Canned::json(500, &internal)]).await;
    let err = error_of(&run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await);
    let text = err.to_string();
    assert!(matches!(err, ProviderError::Upstream { provider: "Gemini", .. }), "{err:?}");
    assert!(text.contains("An internal error has occurred"), "{text}");
    assert!(!text.contains(KEY) && !text.contains("AIza"), "{text}");

    let unavailable = r#"{"error": {"code": 503, "message": "The model is overloaded. Please try again later.", "status": "UNAVAILABLE"}}"#;
    let server = FakeServer::start(vec![Canned::json(503, unavailable)]).await;
    let err = error_of(&run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await);
    assert_eq!(err, ProviderError::Upstream { provider: "Gemini", message: "The model is overloaded. Please try again later. (HTTP 503)".into() });
}

#[tokio::test]
async fn a_chunk_that_is_not_json_is_one_malformed_error() {
    let server = FakeServer::start(vec![Canned::sse([
        parts(json!([{"text": "Order 42 "}]), None, early_usage()),
        "data: {\"candidates\": [{\"content\": {\"parts\": [{\"text\": \r\n\r\n".to_owned(),
        parts(json!([{"text": "never seen"}]), Some("STOP"), final_usage(3, 0)),
    ])])
    .await;
    let events = run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert!(matches!(error_of(&events), ProviderError::Malformed { provider: "Gemini", .. }));
    assert_eq!(text_of(&events), "Order 42 ");
    assert!(finishes(&events).is_empty());
}

#[tokio::test]
async fn a_connection_cut_mid_stream_is_one_connection_error_after_the_text_so_far() {
    let server = FakeServer::start(vec![
        Canned::sse([parts(json!([{"text": "Order 42 left "}]), None, early_usage()), parts(json!([{"text": "the hub"}]), None, early_usage())]).dropped(),
    ])
    .await;
    let events = run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert!(matches!(error_of(&events), ProviderError::Connection { provider: "Gemini", .. }));
    assert_eq!(text_of(&events), "Order 42 left the hub");
    assert!(finishes(&events).is_empty());
}

#[tokio::test]
async fn a_body_without_a_finish_reason_is_a_connection_error() {
    let server = FakeServer::start(vec![Canned::sse([parts(json!([{"text": "Order 42"}]), None, early_usage())])]).await;
    let events = run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert!(matches!(error_of(&events), ProviderError::Connection { .. }));
    assert_eq!(text_of(&events), "Order 42");
}

#[tokio::test]
async fn an_error_in_the_stream_ends_it_with_geminis_message() {
    let server = FakeServer::start(vec![Canned::sse([
        parts(json!([{"text": "Order 42 "}]), None, early_usage()),
        chunk(json!({"error": {"code": 503, "message": "The model is overloaded. Please try again later.", "status": "UNAVAILABLE"}})),
    ])])
    .await;
    let events = run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert_eq!(error_of(&events), ProviderError::Upstream { provider: "Gemini", message: "The model is overloaded. Please try again later.".into() });
    assert_eq!(text_of(&events), "Order 42 ");

    let server = FakeServer::start(vec![Canned::sse([chunk(
        json!({"error": {"code": 429, "message": "Resource has been exhausted (e.g. check quota).", "status": "RESOURCE_EXHAUSTED"}}),
    )])])
    .await;
    let events = run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert_eq!(error_of(&events), ProviderError::RateLimited { provider: "Gemini" });
}

#[tokio::test]
async fn a_blocked_prompt_and_a_safety_stop_read_as_such() {
    let server = FakeServer::start(vec![Canned::sse([chunk(json!({
        "promptFeedback": {"blockReason": "SAFETY", "safetyRatings": [{"category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH"}]},
        "usageMetadata": {"promptTokenCount": 12, "totalTokenCount": 12},
        "modelVersion": MODEL
    }))])])
    .await;
    let events = run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await;
    let err = error_of(&events);
    assert!(matches!(&err, ProviderError::Upstream { message, .. } if message.contains("prompt was blocked") && message.contains("SAFETY")), "{err:?}");

    let server = FakeServer::start(vec![Canned::sse([
        parts(json!([{"text": "Here is"}]), None, early_usage()),
        chunk(json!({"candidates": [{"content": {"parts": [{"text": ""}], "role": "model"}, "finishReason": "SAFETY", "index": 0,
            "safetyRatings": [{"category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH", "blocked": true}]}], "usageMetadata": final_usage(2, 0)})),
    ])])
    .await;
    let events = run(&server, request(MODEL, ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::ContentFilter))));
}
