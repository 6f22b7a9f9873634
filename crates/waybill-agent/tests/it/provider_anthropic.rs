//! The Anthropic adapter against a fake server speaking the Messages API's streaming
//! wire format: named events, content blocks by index, its usage and error bodies.

use crate::support;

use serde_json::{Value, json};
use support::{Canned, FakeServer, collect, error_of, reasoning_of, text_of, tool_calls_of};
use waybill_agent::provider::anthropic::Anthropic;
use waybill_agent::provider::{
    AssistantContent, ModelEvent, ModelMessage, ModelOptions, ModelProvider, ModelRequest, ProviderError, StopReason, ToolCall, ToolResult, ToolSpec,
    UserContent,
};

const KEY: &str = "sk-ant-api03-test-key-0123456789";
const MODEL: &str = "claude-sonnet-4-5";

/// One server-sent event as Anthropic frames it.
fn event(name: &str, data: Value) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

fn message_start(input_tokens: u64) -> String {
    event(
        "message_start",
        json!({"type": "message_start", "message": {
            "id": "msg_01XFDUDYJgAACzvnptvVoYEL", "type": "message", "role": "assistant", "content": [], "model": MODEL,
            "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": input_tokens, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "output_tokens": 1}
        }}),
    )
}

fn block_start(index: u64, block: Value) -> String {
    event("content_block_start", json!({"type": "content_block_start", "index": index, "content_block": block}))
}

fn delta(index: u64, delta: Value) -> String {
    event("content_block_delta", json!({"type": "content_block_delta", "index": index, "delta": delta}))
}

fn text_delta(index: u64, text: &str) -> String {
    delta(index, json!({"type": "text_delta", "text": text}))
}

fn json_delta(index: u64, partial: &str) -> String {
    delta(index, json!({"type": "input_json_delta", "partial_json": partial}))
}

fn block_stop(index: u64) -> String {
    event("content_block_stop", json!({"type": "content_block_stop", "index": index}))
}

fn message_end(stop_reason: &str, output_tokens: u64) -> Vec<String> {
    vec![
        event(
            "message_delta",
            json!({"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": null}, "usage": {"output_tokens": output_tokens}}),
        ),
        event("message_stop", json!({"type": "message_stop"})),
    ]
}

fn ping() -> String {
    event("ping", json!({"type": "ping"}))
}

fn track_tool() -> ToolSpec {
    ToolSpec {
        name: "trackShipment".into(),
        description: "Where a shipment is and when it arrives".into(),
        input_schema: json!({"type": "object", "properties": {"orderId": {"type": "string"}}, "required": ["orderId"], "additionalProperties": false}),
    }
}

fn request(messages: Vec<ModelMessage>, tools: Vec<ToolSpec>, options: ModelOptions) -> ModelRequest {
    ModelRequest { model: MODEL.into(), system: Some("You are Waybill, a logistics assistant.".into()), messages, tools, options, audience: Default::default() }
}

fn ask(text: &str) -> Vec<ModelMessage> {
    vec![ModelMessage::User(vec![UserContent::Text(text.into())])]
}

async fn run(server: &FakeServer, request: ModelRequest) -> Vec<Result<ModelEvent, ProviderError>> {
    let provider = Anthropic::new(&format!("{}/v1", server.base_url), Some(KEY.into()));
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
async fn text_streams_over_several_events_and_the_request_matches_the_messages_api() {
    let mut chunks = vec![message_start(25), block_start(0, json!({"type": "text", "text": ""})), ping()];
    chunks.push(text_delta(0, "Order 42 left "));
    // One event split across two network chunks.
    let split = text_delta(0, "the Rotterdam hub ");
    let (a, b) = split.split_at(30);
    chunks.extend([a.to_owned(), b.to_owned()]);
    chunks.push(text_delta(0, "this morning."));
    chunks.push(block_stop(0));
    chunks.extend(message_end("end_turn", 15));
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;

    let events = run(&server, request(ask("Where is order 42?"), vec![track_tool()], ModelOptions::default())).await;

    assert_eq!(text_of(&events), "Order 42 left the Rotterdam hub this morning.");
    assert!(events.contains(&Ok(ModelEvent::Usage { input_tokens: 25, output_tokens: 15 })), "{events:?}");
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::Stop))));
    assert_eq!(finishes(&events).len(), 1);

    let sent = server.last_request();
    assert_eq!(sent.method, "POST");
    assert_eq!(sent.path, "/v1/messages");
    assert_eq!(sent.header("x-api-key"), Some(KEY));
    assert_eq!(sent.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(sent.header("anthropic-beta"), None);
    assert_eq!(sent.header("content-type"), Some("application/json"));
    assert_eq!(
        sent.body,
        json!({
            "model": MODEL,
            "max_tokens": 16000,
            "stream": true,
            "system": "You are Waybill, a logistics assistant.",
            "messages": [{"role": "user", "content": [{"type": "text", "text": "Where is order 42?"}]}],
            "tools": [{
                "name": "trackShipment",
                "description": "Where a shipment is and when it arrives",
                "input_schema": {"type": "object", "properties": {"orderId": {"type": "string"}}, "required": ["orderId"], "additionalProperties": false}
            }]
        })
    );
}

#[tokio::test]
async fn thinking_streams_reasoning_and_its_signature_and_asks_for_a_budget() {
    let chunks = [
        vec![
            message_start(40),
            block_start(0, json!({"type": "thinking", "thinking": ""})),
            delta(0, json!({"type": "thinking_delta", "thinking": "The user asks about dock 4. "})),
            delta(0, json!({"type": "thinking_delta", "thinking": "It is free after 14:00."})),
            delta(0, json!({"type": "signature_delta", "signature": "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"})),
            block_stop(0),
            block_start(1, json!({"type": "text", "text": ""})),
            text_delta(1, "Dock 4 is free after 14:00."),
            block_stop(1),
        ],
        message_end("end_turn", 60),
    ]
    .concat();
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;
    let thinking = ModelOptions { thinking: true, ..ModelOptions::default() };

    let events = run(&server, request(ask("Is dock 4 free?"), Vec::new(), thinking.clone())).await;

    assert_eq!(reasoning_of(&events), "The user asks about dock 4. It is free after 14:00.");
    assert_eq!(text_of(&events), "Dock 4 is free after 14:00.");
    let signature_at = events.iter().position(|e| e == &Ok(ModelEvent::ReasoningSignature("EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds".into())));
    let first_text = events.iter().position(|e| matches!(e, Ok(ModelEvent::TextDelta(_))));
    assert!(signature_at.is_some() && signature_at < first_text, "the signature closes the reasoning block: {events:?}");
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::Stop))));

    let sent = server.last_request();
    assert_eq!(sent.body["thinking"], json!({"type": "enabled", "budget_tokens": 8000}));
    assert_eq!(sent.body["max_tokens"], 16000);
    assert!(sent.body.get("temperature").is_none());
    assert!(sent.body.get("tools").is_none(), "no tools, no tools field");
    assert_eq!(sent.header("anthropic-beta"), None, "interleaved thinking was not asked for");

    run(&server, request(ask("Is dock 4 free?"), Vec::new(), ModelOptions { interleaved_thinking: true, ..thinking })).await;
    assert_eq!(server.last_request().header("anthropic-beta"), Some("interleaved-thinking-2025-05-14"));

    run(&server, request(ask("Is dock 4 free?"), Vec::new(), ModelOptions { interleaved_thinking: true, ..ModelOptions::default() })).await;
    let sent = server.last_request();
    assert_eq!(sent.header("anthropic-beta"), None, "interleaved without thinking means no thinking");
    assert!(sent.body.get("thinking").is_none());
}

#[tokio::test]
async fn a_tool_call_streams_its_arguments_in_fragments() {
    let mut chunks = vec![
        message_start(310),
        block_start(0, json!({"type": "text", "text": ""})),
        text_delta(0, "Let me look that up."),
        block_stop(0),
        block_start(1, json!({"type": "tool_use", "id": "toolu_01T1x1fJ34qAmk2tNTrN7Up6", "name": "trackShipment", "input": {}})),
        json_delta(1, ""),
    ];
    for fragment in ["{\"ord", "erId\": \"4", "2\", \"incl", "ude\": [\"e", "ta\", \"posi", "tion\"]", "}"] {
        chunks.push(json_delta(1, fragment));
    }
    chunks.push(block_stop(1));
    chunks.extend(message_end("tool_use", 89));
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;

    let events = run(&server, request(ask("Where is order 42?"), vec![track_tool()], ModelOptions::default())).await;

    assert_eq!(text_of(&events), "Let me look that up.");
    let calls = tool_calls_of(&events);
    assert_eq!(calls.len(), 1);
    assert_eq!((calls[0].0.as_str(), calls[0].1.as_str()), ("toolu_01T1x1fJ34qAmk2tNTrN7Up6", "trackShipment"));
    let arguments: Value = serde_json::from_str(&calls[0].2).expect("joined arguments are JSON");
    assert_eq!(arguments, json!({"orderId": "42", "include": ["eta", "position"]}));
    assert_eq!(finishes(&events), vec![StopReason::ToolCalls]);
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::ToolCalls))));
}

#[tokio::test]
async fn parallel_tool_calls_keep_their_own_ids_and_arguments() {
    let chunks = [
        vec![
            message_start(300),
            block_start(0, json!({"type": "tool_use", "id": "toolu_01A", "name": "trackShipment", "input": {}})),
            json_delta(0, ""),
            json_delta(0, "{\"orderId\": "),
            json_delta(0, "\"42\"}"),
            block_stop(0),
            // A call without arguments streams only an empty fragment.
            block_start(1, json!({"type": "tool_use", "id": "toolu_01B", "name": "timeTool", "input": {}})),
            json_delta(1, ""),
            block_stop(1),
        ],
        message_end("tool_use", 70),
    ]
    .concat();
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;

    let events = run(&server, request(ask("Where is 42, and what time is it?"), vec![track_tool()], ModelOptions::default())).await;

    let calls = tool_calls_of(&events);
    assert_eq!(calls.len(), 2);
    assert_ne!(calls[0].0, calls[1].0);
    assert_eq!((calls[0].1.as_str(), serde_json::from_str::<Value>(&calls[0].2).unwrap()), ("trackShipment", json!({"orderId": "42"})));
    assert_eq!((calls[1].1.as_str(), serde_json::from_str::<Value>(&calls[1].2).unwrap()), ("timeTool", json!({})));
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::ToolCalls))));
}

/// A second call after tools ran: an earlier exchange, attachments, a signed reasoning
/// block, two calls and their results.
fn follow_up() -> Vec<ModelMessage> {
    vec![
        ModelMessage::User(vec![
            UserContent::Text("Hi".into()),
            UserContent::Image { url: "https://cdn.example.com/dock.jpg".into(), media_type: "image/jpeg".into() },
        ]),
        ModelMessage::Assistant(vec![
            AssistantContent::Reasoning { text: "An old thought without signature".into(), signature: None },
            AssistantContent::Text("Hello! How can I help?".into()),
        ]),
        ModelMessage::User(vec![
            UserContent::Text("Check this label and the manifest.".into()),
            UserContent::Image { url: "data:image/png;base64,iVBORw0KGgo=".into(), media_type: "image/png".into() },
            UserContent::Document {
                url: "data:application/pdf;base64,JVBERi0xLjQK".into(),
                media_type: "application/pdf".into(),
                filename: Some("manifest.pdf".into()),
            },
            UserContent::Document { url: "https://cdn.example.com/terms.pdf".into(), media_type: "application/pdf".into(), filename: None },
        ]),
        ModelMessage::Assistant(vec![
            AssistantContent::Reasoning { text: "I need the shipment and the time.".into(), signature: Some("sig-EqQBCgIYAh".into()) },
            AssistantContent::Text("Checking.".into()),
            AssistantContent::ToolCall(ToolCall { id: "toolu_01A".into(), name: "trackShipment".into(), input: json!({"orderId": "42"}) }),
            AssistantContent::ToolCall(ToolCall { id: "toolu_01B".into(), name: "timeTool".into(), input: json!({}) }),
        ]),
        ModelMessage::Tool(vec![
            ToolResult { id: "toolu_01A".into(), name: "trackShipment".into(), output: json!({"status": "in transit", "eta": "2025-06-02"}), is_error: false },
            ToolResult { id: "toolu_01B".into(), name: "timeTool".into(), output: json!("The clock is unavailable"), is_error: true },
        ]),
    ]
}

fn expected_follow_up(signed_thinking: Option<Value>) -> Value {
    let mut step: Vec<Value> = signed_thinking.into_iter().collect();
    step.extend([
        json!({"type": "text", "text": "Checking."}),
        json!({"type": "tool_use", "id": "toolu_01A", "name": "trackShipment", "input": {"orderId": "42"}}),
        json!({"type": "tool_use", "id": "toolu_01B", "name": "timeTool", "input": {}}),
    ]);
    json!([
        {"role": "user", "content": [
            {"type": "text", "text": "Hi"},
            {"type": "image", "source": {"type": "url", "url": "https://cdn.example.com/dock.jpg"}}
        ]},
        {"role": "assistant", "content": [{"type": "text", "text": "Hello! How can I help?"}]},
        {"role": "user", "content": [
            {"type": "text", "text": "Check this label and the manifest."},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
            {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjQK"}, "title": "manifest.pdf"},
            {"type": "document", "source": {"type": "url", "url": "https://cdn.example.com/terms.pdf"}}
        ]},
        {"role": "assistant", "content": step},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01A", "content": json!({"status": "in transit", "eta": "2025-06-02"}).to_string(), "is_error": false},
            {"type": "tool_result", "tool_use_id": "toolu_01B", "content": "The clock is unavailable", "is_error": true}
        ]}
    ])
}

#[tokio::test]
async fn a_follow_up_replays_signed_reasoning_calls_results_and_attachments() {
    let chunks =
        [vec![message_start(900), block_start(0, json!({"type": "text", "text": ""})), text_delta(0, "It arrives on 2 June.")], message_end("end_turn", 12)]
            .concat();
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;

    let thinking = ModelOptions { thinking: true, ..ModelOptions::default() };
    let events = run(&server, request(follow_up(), vec![track_tool()], thinking)).await;
    assert_eq!(text_of(&events), "It arrives on 2 June.");
    let signed = json!({"type": "thinking", "thinking": "I need the shipment and the time.", "signature": "sig-EqQBCgIYAh"});
    assert_eq!(server.last_request().body["messages"], expected_follow_up(Some(signed)));

    run(&server, request(follow_up(), vec![track_tool()], ModelOptions::default())).await;
    assert_eq!(server.last_request().body["messages"], expected_follow_up(None), "without thinking no thinking block is replayed");
}

#[tokio::test]
async fn a_rejected_key_reads_as_a_bad_key_without_the_words_that_sign_users_out() {
    let body = r#"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"},"request_id":"req_011CSHoEeqs5C35K2UUqR7Fy"}"#;
    let server = FakeServer::start(vec![Canned::json(401, body)]).await;
    let events = run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await;
    let err = error_of(&events);
    assert_eq!(err, ProviderError::BadKey { provider: "Anthropic" });
    let text = err.to_string().to_lowercase();
    assert!(!text.contains("401") && !text.contains("unauthorized"), "{text}");
    assert_eq!(events.len(), 1);
}

#[tokio::test]
async fn rate_limits_and_server_errors_map_to_their_kinds_without_the_key() {
    let rate = r#"{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}"#;
    let server = FakeServer::start(vec![Canned::json(429, rate)]).await;
    assert_eq!(error_of(&run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await), ProviderError::RateLimited { provider: "Anthropic" });

    let overloaded = r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#;
    let server = FakeServer::start(vec![Canned::json(529, overloaded)]).await;
    let err = error_of(&run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await);
    assert_eq!(err, ProviderError::Upstream { provider: "Anthropic", message: "Overloaded (HTTP 529)".into() });

    let internal = format!(r#"{{"type":"error","error":{{"type":"api_error","message":"Internal server error while handling key {KEY}"}}}}"#);
    let server = FakeServer::start(vec![Canned::json(500, &internal)]).await;
    let err = error_of(&run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await);
    let text = err.to_string();
    assert!(matches!(err, ProviderError::Upstream { .. }), "{err:?}");
    assert!(text.contains("Internal server error"), "{text}");
    assert!(!text.contains(KEY) && !text.contains("sk-ant"), "{text}");
}

#[tokio::test]
async fn an_event_that_is_not_json_is_one_malformed_error() {
    let chunks = vec![
        message_start(10),
        block_start(0, json!({"type": "text", "text": ""})),
        text_delta(0, "Order 42 "),
        "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\n\n".to_owned(),
        text_delta(0, "never seen"),
    ];
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;
    let events = run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert!(matches!(error_of(&events), ProviderError::Malformed { provider: "Anthropic", .. }));
    assert_eq!(text_of(&events), "Order 42 ");
    assert!(finishes(&events).is_empty());
}

#[tokio::test]
async fn a_connection_cut_mid_stream_is_one_connection_error_after_the_text_so_far() {
    let chunks = vec![message_start(10), block_start(0, json!({"type": "text", "text": ""})), text_delta(0, "Order 42 left "), text_delta(0, "the hub")];
    let server = FakeServer::start(vec![Canned::sse(chunks).dropped()]).await;
    let events = run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert!(matches!(error_of(&events), ProviderError::Connection { provider: "Anthropic", .. }));
    assert_eq!(text_of(&events), "Order 42 left the hub");
    assert!(finishes(&events).is_empty());
}

#[tokio::test]
async fn a_body_that_ends_before_message_stop_is_a_connection_error() {
    let chunks = vec![message_start(10), block_start(0, json!({"type": "text", "text": ""})), text_delta(0, "Order 42"), block_stop(0)];
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;
    let events = run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert!(matches!(error_of(&events), ProviderError::Connection { .. }));
    assert_eq!(text_of(&events), "Order 42");
}

#[tokio::test]
async fn an_error_event_in_the_stream_ends_it_with_the_providers_message() {
    let chunks = vec![
        message_start(10),
        block_start(0, json!({"type": "text", "text": ""})),
        text_delta(0, "Order 42 "),
        event("error", json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})),
    ];
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;
    let events = run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert_eq!(error_of(&events), ProviderError::Upstream { provider: "Anthropic", message: "Overloaded".into() });
    assert_eq!(text_of(&events), "Order 42 ");

    let rate = event("error", json!({"type": "error", "error": {"type": "rate_limit_error", "message": "Rate limited"}}));
    let server = FakeServer::start(vec![Canned::sse(vec![message_start(10), rate])]).await;
    let events = run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert_eq!(error_of(&events), ProviderError::RateLimited { provider: "Anthropic" });
}

#[tokio::test]
async fn a_connection_reset_after_message_stop_does_not_undo_the_finished_answer() {
    let chunks =
        [vec![message_start(10), block_start(0, json!({"type": "text", "text": ""})), text_delta(0, "Done."), block_stop(0)], message_end("end_turn", 3)]
            .concat();
    let server = FakeServer::start(vec![Canned::sse(chunks).dropped()]).await;
    let events = run(&server, request(ask("hi"), Vec::new(), ModelOptions::default())).await;
    assert!(events.iter().all(Result::is_ok), "{events:?}");
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::Stop))));
}

#[tokio::test]
async fn a_tool_loop_whose_reasoning_lost_its_signature_continues_without_thinking() {
    let chunks =
        [vec![message_start(900), block_start(0, json!({"type": "text", "text": ""})), text_delta(0, "It arrives on 2 June.")], message_end("end_turn", 12)]
            .concat();
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;
    // As stored messages come back: the reasoning text without its signature.
    let unsigned: Vec<ModelMessage> = follow_up()
        .into_iter()
        .map(|m| match m {
            ModelMessage::Assistant(content) => ModelMessage::Assistant(
                content
                    .into_iter()
                    .map(|c| match c {
                        AssistantContent::Reasoning { text, .. } => AssistantContent::Reasoning { text, signature: None },
                        other => other,
                    })
                    .collect(),
            ),
            other => other,
        })
        .collect();
    let options = ModelOptions { thinking: true, interleaved_thinking: true, ..ModelOptions::default() };

    let events = run(&server, request(unsigned, vec![track_tool()], options)).await;

    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::Stop))));
    let sent = server.last_request();
    assert!(sent.body.get("thinking").is_none(), "Anthropic would reject thinking here");
    assert_eq!(sent.header("anthropic-beta"), None);
    assert_eq!(sent.body["messages"], expected_follow_up(None));
}
