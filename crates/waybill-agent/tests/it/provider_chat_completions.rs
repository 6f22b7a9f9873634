//! The Chat Completions adapter against a fake server streaming the format as DeepSeek,
//! vLLM and Ollama send it: `data:` chunks without event names, `: keep-alive` comments,
//! usage in the finish chunk or a chunk of its own, `data: [DONE]`, and their error bodies.

use crate::support;

use serde_json::{Value, json};
use support::{Canned, FakeServer, collect, error_of, reasoning_of, text_of, tool_calls_of};
use waybill_agent::provider::openai_compatible::ChatCompletions;
use waybill_agent::provider::{
    AssistantContent, ModelEvent, ModelMessage, ModelOptions, ModelProvider, ModelRequest, ProviderError, StopReason, ToolCall, ToolResult, ToolSpec,
    UserContent,
};

const KEY: &str = "sk-5f0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f";

fn deepseek(server: &FakeServer) -> ChatCompletions {
    ChatCompletions::new("DeepSeek", &server.base_url, Some(KEY.into()))
}

fn track_tool() -> ToolSpec {
    ToolSpec {
        name: "trackShipment".into(),
        description: "Current position and ETA of a shipment".into(),
        input_schema: json!({"type": "object", "properties": {"shipmentId": {"type": "string"}}, "required": ["shipmentId"]}),
    }
}

fn request(model: &str, messages: Vec<ModelMessage>) -> ModelRequest {
    ModelRequest {
        model: model.into(),
        system: Some("You are Waybill, a logistics assistant.".into()),
        messages,
        tools: vec![track_tool()],
        options: ModelOptions::default(),
        audience: Default::default(),
    }
}

fn ask(text: &str) -> Vec<ModelMessage> {
    vec![ModelMessage::User(vec![UserContent::Text(text.into())])]
}

/// A DeepSeek chunk with one choice.
fn chunk(model: &str, delta: Value, finish_reason: Value) -> Value {
    json!({"id": "3f9c1a7e-5b2d-4c8e-9a61-0d7e2b4f8c13", "object": "chat.completion.chunk", "created": 1758560421, "model": model,
           "system_fingerprint": "fp_ffc7281d48_prod0820_fp8_kvcache",
           "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish_reason}]})
}

fn with_usage(mut chunk: Value, prompt: u64, completion: u64) -> Value {
    chunk["usage"] = json!({"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
                            "prompt_tokens_details": {"cached_tokens": 0}, "prompt_cache_hit_tokens": 0, "prompt_cache_miss_tokens": prompt});
    chunk
}

fn sse(chunks: impl IntoIterator<Item = Value>) -> Vec<String> {
    chunks.into_iter().map(|c| format!("data: {c}\n\n")).collect()
}

fn done() -> String {
    "data: [DONE]\n\n".into()
}

fn pieces(text: &str, size: usize) -> Vec<String> {
    text.chars().collect::<Vec<_>>().chunks(size).map(|c| c.iter().collect()).collect()
}

fn ok_events(events: &[Result<ModelEvent, ProviderError>]) -> Vec<ModelEvent> {
    events.iter().map(|e| e.clone().expect("no error")).collect()
}

#[tokio::test]
async fn text_streams_over_several_chunks_with_usage() {
    let m = "deepseek-chat";
    let mut chunks = vec![": keep-alive\n\n".to_owned()];
    chunks.extend(sse([
        chunk(m, json!({"role": "assistant", "content": ""}), Value::Null),
        chunk(m, json!({"content": "Shipment SH-1042 "}), Value::Null),
        chunk(m, json!({"content": "is in Rotterdam"}), Value::Null),
        chunk(m, json!({"content": ", due Friday."}), Value::Null),
        with_usage(chunk(m, json!({"content": ""}), json!("stop")), 87, 12),
    ]));
    chunks.push(done());
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;

    let events = collect(deepseek(&server).stream(request(m, ask("Where is shipment SH-1042?")))).await;

    assert_eq!(
        ok_events(&events),
        [
            ModelEvent::TextDelta("Shipment SH-1042 ".into()),
            ModelEvent::TextDelta("is in Rotterdam".into()),
            ModelEvent::TextDelta(", due Friday.".into()),
            ModelEvent::Usage { input_tokens: 87, output_tokens: 12 },
            ModelEvent::Finish(StopReason::Stop),
        ]
    );
    let sent = server.last_request();
    assert_eq!((sent.method.as_str(), sent.path.as_str()), ("POST", "/chat/completions"));
    assert_eq!(sent.header("authorization"), Some(format!("Bearer {KEY}").as_str()));
    assert_eq!(
        sent.body,
        json!({
            "model": "deepseek-chat",
            "stream": true,
            "stream_options": {"include_usage": true},
            "messages": [
                {"role": "system", "content": "You are Waybill, a logistics assistant."},
                {"role": "user", "content": "Where is shipment SH-1042?"}
            ],
            "tools": [{"type": "function", "function": {
                "name": "trackShipment",
                "description": "Current position and ETA of a shipment",
                "parameters": {"type": "object", "properties": {"shipmentId": {"type": "string"}}, "required": ["shipmentId"]}
            }}]
        })
    );
}

#[tokio::test]
async fn deepseek_reasoning_content_streams_as_reasoning_and_no_picker_options_are_sent() {
    let m = "deepseek-reasoner";
    let mut chunks = sse([
        chunk(m, json!({"role": "assistant", "content": null, "reasoning_content": ""}), Value::Null),
        chunk(m, json!({"content": null, "reasoning_content": "The user asks about"}), Value::Null),
        chunk(m, json!({"content": null, "reasoning_content": " transit time."}), Value::Null),
        chunk(m, json!({"content": "About ", "reasoning_content": null}), Value::Null),
        chunk(m, json!({"content": "24 days.", "reasoning_content": null}), Value::Null),
        with_usage(chunk(m, json!({"content": "", "reasoning_content": null}), json!("stop")), 20, 240),
    ]);
    chunks.push(done());
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;

    let mut req = request(m, ask("Shanghai to Rotterdam?"));
    req.tools.clear();
    req.options = ModelOptions {
        reasoning_effort: Some("high".into()),
        verbosity: Some("low".into()),
        reasoning_summary: Some("auto".into()),
        thinking: true,
        interleaved_thinking: true,
    };
    let events = collect(deepseek(&server).stream(req)).await;

    assert_eq!(reasoning_of(&events), "The user asks about transit time.");
    assert_eq!(text_of(&events), "About 24 days.");
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::Stop))));
    let sent = server.last_request().body;
    let mut keys: Vec<&str> = sent.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["messages", "model", "stream", "stream_options"], "no tools key without tools, no reasoning or verbosity options");
}

#[tokio::test]
async fn a_tool_call_split_over_many_deltas_is_reassembled() {
    let m = "deepseek-chat";
    let arguments = r#"{"shipmentId":"SH-1042"}"#;
    let mut chunks = vec![chunk(
        m,
        json!({"role": "assistant", "content": null, "tool_calls": [{"index": 0, "id": "call_0_8a5c2f1e-7d3b-4e9a-b6c0-1f2e3d4c5b6a", "type": "function", "function": {"name": "trackShipment", "arguments": ""}}]}),
        Value::Null,
    )];
    chunks.extend(pieces(arguments, 2).into_iter().map(|p| chunk(m, json!({"tool_calls": [{"index": 0, "function": {"arguments": p}}]}), Value::Null)));
    chunks.push(with_usage(chunk(m, json!({"content": null}), json!("tool_calls")), 150, 22));
    let mut body = sse(chunks);
    body.push(done());
    let server = FakeServer::start(vec![Canned::sse(body)]).await;

    let events = collect(deepseek(&server).stream(request(m, ask("Track SH-1042")))).await;

    let calls = tool_calls_of(&events);
    assert_eq!(calls.len(), 1);
    assert_eq!((calls[0].0.as_str(), calls[0].1.as_str()), ("call_0_8a5c2f1e-7d3b-4e9a-b6c0-1f2e3d4c5b6a", "trackShipment"));
    assert_eq!(serde_json::from_str::<Value>(&calls[0].2).unwrap(), json!({"shipmentId": "SH-1042"}));
    assert!(events.iter().filter(|e| matches!(e, Ok(ModelEvent::ToolCallDelta { .. }))).count() >= 10);
    assert_eq!(events[events.len() - 2..], [Ok(ModelEvent::Usage { input_tokens: 150, output_tokens: 22 }), Ok(ModelEvent::Finish(StopReason::ToolCalls))]);
}

#[tokio::test]
async fn two_parallel_calls_interleaved_stay_apart_and_no_key_means_no_authorization() {
    // vLLM: usage in a chunk of its own with no choices.
    let m = "Qwen/Qwen3-8B";
    let first = r#"{"shipmentId":"SH-1042"}"#;
    let second = r#"{"shipmentId":"SH-2077"}"#;
    let mut chunks = vec![chunk(m, json!({"role": "assistant", "content": ""}), Value::Null)];
    chunks.push(chunk(
        m,
        json!({"tool_calls": [{"index": 0, "id": "chatcmpl-tool-a1", "type": "function", "function": {"name": "trackShipment"}}]}),
        Value::Null,
    ));
    chunks.push(chunk(
        m,
        json!({"tool_calls": [{"index": 1, "id": "chatcmpl-tool-b2", "type": "function", "function": {"name": "trackShipment"}}]}),
        Value::Null,
    ));
    for (a, b) in pieces(first, 4).into_iter().zip(pieces(second, 4)) {
        chunks.push(chunk(m, json!({"tool_calls": [{"index": 1, "function": {"arguments": b}}]}), Value::Null));
        chunks.push(chunk(m, json!({"tool_calls": [{"index": 0, "function": {"arguments": a}}]}), Value::Null));
    }
    chunks.push(chunk(m, json!({"content": ""}), json!("tool_calls")));
    chunks.push(json!({"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1758560421, "model": m, "choices": [],
                       "usage": {"prompt_tokens": 200, "total_tokens": 260, "completion_tokens": 60}}));
    let mut body = sse(chunks);
    body.push(done());
    let server = FakeServer::start(vec![Canned::sse(body)]).await;

    let provider = ChatCompletions::new("vLLM", &format!("{}/v1", server.base_url), None);
    let events = collect(provider.stream(request(m, ask("Track SH-1042 and SH-2077")))).await;

    assert_eq!(
        tool_calls_of(&events),
        [
            ("chatcmpl-tool-a1".to_owned(), "trackShipment".to_owned(), first.to_owned()),
            ("chatcmpl-tool-b2".to_owned(), "trackShipment".to_owned(), second.to_owned())
        ]
    );
    assert_eq!(events[events.len() - 2..], [Ok(ModelEvent::Usage { input_tokens: 200, output_tokens: 60 }), Ok(ModelEvent::Finish(StopReason::ToolCalls))]);
    let sent = server.last_request();
    assert_eq!(sent.path, "/v1/chat/completions");
    assert_eq!(sent.header("authorization"), None);
}

#[tokio::test]
async fn ollama_reasoning_and_a_whole_call_in_one_chunk() {
    // Ollama: `reasoning` instead of `reasoning_content`, the call whole in one delta, and
    // (older versions) "stop" as the finish reason after a call; no usage before [DONE].
    let m = "qwen3:8b";
    let ollama = |delta: Value, finish: Value| {
        json!({"id": "chatcmpl-412", "object": "chat.completion.chunk", "created": 1758560421, "model": m, "system_fingerprint": "fp_ollama",
               "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    };
    let mut body = sse([
        ollama(json!({"role": "assistant", "content": "", "reasoning": "Need to look it up."}), Value::Null),
        ollama(
            json!({"role": "assistant", "content": "", "tool_calls": [{"id": "call_k3b2x9qe", "index": 0, "type": "function",
                      "function": {"name": "trackShipment", "arguments": "{\"shipmentId\":\"SH-1042\"}"}}]}),
            Value::Null,
        ),
        ollama(json!({"role": "assistant", "content": ""}), json!("stop")),
    ]);
    body.push(done());
    let server = FakeServer::start(vec![Canned::sse(body)]).await;

    let provider = ChatCompletions::new("Ollama", &format!("{}/v1", server.base_url), None);
    let events = collect(provider.stream(request(m, ask("Track SH-1042")))).await;

    assert_eq!(reasoning_of(&events), "Need to look it up.");
    assert_eq!(tool_calls_of(&events), [("call_k3b2x9qe".to_owned(), "trackShipment".to_owned(), r#"{"shipmentId":"SH-1042"}"#.to_owned())]);
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::ToolCalls))));
}

#[tokio::test]
async fn a_follow_up_replays_calls_results_and_attachments() {
    let m = "deepseek-chat";
    let mut body = sse([with_usage(chunk(m, json!({"content": "Covered."}), json!("stop")), 900, 3)]);
    body.push(done());
    let server = FakeServer::start(vec![Canned::sse(body)]).await;

    let messages = vec![
        ModelMessage::User(vec![UserContent::Text("Track SH-1042".into())]),
        ModelMessage::Assistant(vec![
            AssistantContent::Reasoning { text: "Look up both.".into(), signature: None },
            AssistantContent::Text("Checking.".into()),
            AssistantContent::ToolCall(ToolCall { id: "call_A1".into(), name: "trackShipment".into(), input: json!({"shipmentId": "SH-1042"}) }),
            AssistantContent::ToolCall(ToolCall { id: "call_B2".into(), name: "lookupPolicy".into(), input: json!({"policyId": "P-7"}) }),
        ]),
        ModelMessage::Tool(vec![
            ToolResult { id: "call_A1".into(), name: "trackShipment".into(), output: json!({"status": "delivered", "damaged": true}), is_error: false },
            ToolResult { id: "call_B2".into(), name: "lookupPolicy".into(), output: json!("Policy P-7 was not found"), is_error: true },
        ]),
        ModelMessage::Assistant(vec![
            AssistantContent::Reasoning { text: "Summarise.".into(), signature: None },
            AssistantContent::Text("It was delivered damaged.".into()),
        ]),
        ModelMessage::User(vec![
            UserContent::Text("Is this covered?".into()),
            UserContent::Image { url: "data:image/jpeg;base64,/9j/4AAQSkZJRg==".into(), media_type: "image/jpeg".into() },
            UserContent::Document {
                url: "data:application/pdf;base64,JVBERi0xLjcK".into(),
                media_type: "application/pdf".into(),
                filename: Some("bill-of-lading.pdf".into()),
            },
            UserContent::Document {
                url: "https://docs.example.com/policy-p7.pdf".into(),
                media_type: "application/pdf".into(),
                filename: Some("policy-p7.pdf".into()),
            },
        ]),
    ];
    let events = collect(deepseek(&server).stream(request(m, messages))).await;
    assert_eq!(text_of(&events), "Covered.");

    assert_eq!(
        server.last_request().body["messages"],
        json!([
            {"role": "system", "content": "You are Waybill, a logistics assistant."},
            {"role": "user", "content": "Track SH-1042"},
            {"role": "assistant", "content": "Checking.", "reasoning_content": "Look up both.", "tool_calls": [
                {"id": "call_A1", "type": "function", "function": {"name": "trackShipment", "arguments": "{\"shipmentId\":\"SH-1042\"}"}},
                {"id": "call_B2", "type": "function", "function": {"name": "lookupPolicy", "arguments": "{\"policyId\":\"P-7\"}"}}
            ]},
            {"role": "tool", "tool_call_id": "call_A1", "content": "{\"damaged\":true,\"status\":\"delivered\"}"},
            {"role": "tool", "tool_call_id": "call_B2", "content": "Policy P-7 was not found"},
            {"role": "assistant", "content": "It was delivered damaged."},
            {"role": "user", "content": [
                {"type": "text", "text": "Is this covered?"},
                {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64,/9j/4AAQSkZJRg=="}},
                {"type": "file", "file": {"filename": "bill-of-lading.pdf", "file_data": "data:application/pdf;base64,JVBERi0xLjcK"}},
                {"type": "text", "text": "[Attached document: policy-p7.pdf at https://docs.example.com/policy-p7.pdf]"}
            ]}
        ])
    );
}

#[tokio::test]
async fn a_rejected_key_reads_as_a_bad_key_without_the_words_that_sign_users_out() {
    let body = r#"{"error":{"message":"Authentication Fails, Your api key: ****3e4f is invalid","type":"authentication_error","param":null,"code":"invalid_request_error"}}"#;
    let server = FakeServer::start(vec![Canned::json(401, body)]).await;
    let events = collect(deepseek(&server).stream(request("deepseek-chat", ask("Hi")))).await;
    let err = error_of(&events);
    assert_eq!(err, ProviderError::BadKey { provider: "DeepSeek" });
    let text = err.to_string().to_lowercase();
    assert!(!text.contains("401") && !text.contains("unauthorized"), "{text}");
}

#[tokio::test]
async fn rate_limits_and_server_errors() {
    let rate = r#"{"error":{"message":"Rate limit reached for requests","type":"rate_limit_error","param":null,"code":"rate_limit_exceeded"}}"#;
    let server = FakeServer::start(vec![Canned::json(429, rate)]).await;
    let events = collect(deepseek(&server).stream(request("deepseek-chat", ask("Hi")))).await;
    assert_eq!(error_of(&events), ProviderError::RateLimited { provider: "DeepSeek" });

    let internal =
        format!(r#"{{"error":{{"message":"Internal server error while serving key {KEY}","type":"internal_error","param":null,"code":"internal_error"}}}}"#);
    let server = FakeServer::start(vec![Canned::json(500, &internal)]).await;
    let err = error_of(&collect(deepseek(&server).stream(request("deepseek-chat", ask("Hi")))).await);
    assert!(matches!(&err, ProviderError::Upstream { provider: "DeepSeek", message } if message.contains("Internal server error")), "{err:?}");
    assert!(!err.to_string().contains(KEY) && !err.to_string().contains("sk-5f0c"), "{err}");

    let balance = r#"{"error":{"message":"Insufficient Balance","type":"unknown_error","param":null,"code":"invalid_request_error"}}"#;
    let server = FakeServer::start(vec![Canned::json(402, balance)]).await;
    let err = error_of(&collect(deepseek(&server).stream(request("deepseek-chat", ask("Hi")))).await);
    assert_eq!(err.to_string(), "DeepSeek returned an error: Insufficient Balance (HTTP 402)");
}

#[tokio::test]
async fn a_chunk_with_invalid_json_ends_the_stream_as_malformed() {
    let m = "deepseek-chat";
    let mut body = sse([chunk(m, json!({"role": "assistant", "content": "Shipment "}), Value::Null)]);
    body.push("data: {\"id\":\"3f9c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Rott\n\n".into());
    body.extend(sse([with_usage(chunk(m, json!({"content": ""}), json!("stop")), 1, 1)]));
    body.push(done());
    let server = FakeServer::start(vec![Canned::sse(body)]).await;

    let events = collect(deepseek(&server).stream(request(m, ask("Where?")))).await;

    assert_eq!(text_of(&events), "Shipment ");
    assert!(matches!(error_of(&events), ProviderError::Malformed { provider: "DeepSeek", .. }));
    assert!(!events.iter().any(|e| matches!(e, Ok(ModelEvent::Finish(_)))));
}

#[tokio::test]
async fn a_dropped_connection_ends_with_one_connection_error_after_the_text() {
    let m = "deepseek-chat";
    let body = sse([chunk(m, json!({"role": "assistant", "content": "Shipment SH-1042 "}), Value::Null), chunk(m, json!({"content": "is in"}), Value::Null)]);
    let server = FakeServer::start(vec![Canned::sse(body).dropped()]).await;

    let events = collect(deepseek(&server).stream(request(m, ask("Where?")))).await;

    assert_eq!(text_of(&events), "Shipment SH-1042 is in");
    let err = error_of(&events);
    assert!(matches!(&err, ProviderError::Connection { provider: "DeepSeek", message } if message.contains("cut off")), "{err:?}");
}

#[tokio::test]
async fn a_body_that_ends_without_a_finish_reason_is_a_connection_error() {
    let m = "deepseek-chat";
    let body = sse([chunk(m, json!({"role": "assistant", "content": "Shipment"}), Value::Null)]);
    let server = FakeServer::start(vec![Canned::sse(body)]).await;

    let events = collect(deepseek(&server).stream(request(m, ask("Where?")))).await;

    assert_eq!(text_of(&events), "Shipment");
    let err = error_of(&events);
    assert!(matches!(&err, ProviderError::Connection { message, .. } if message.contains("ended before")), "{err:?}");
}

#[tokio::test]
async fn an_error_object_inside_the_stream() {
    let m = "deepseek-chat";
    let mut body = sse([
        chunk(m, json!({"role": "assistant", "content": "Shipment"}), Value::Null),
        json!({"error": {"message": "The server had an error processing your request. Sorry about that!", "type": "server_error", "param": null, "code": null}}),
        chunk(m, json!({"content": " never shown"}), Value::Null),
    ]);
    body.push(done());
    let server = FakeServer::start(vec![Canned::sse(body)]).await;

    let events = collect(deepseek(&server).stream(request(m, ask("Where?")))).await;

    assert_eq!(text_of(&events), "Shipment");
    assert_eq!(
        error_of(&events),
        ProviderError::Upstream { provider: "DeepSeek", message: "The server had an error processing your request. Sorry about that!".into() }
    );

    // The same with a rate limit code reads as a rate limit.
    let body = sse([json!({"error": {"message": "Rate limit reached", "type": "requests", "param": null, "code": "rate_limit_exceeded"}})]);
    let server = FakeServer::start(vec![Canned::sse(body)]).await;
    let err = error_of(&collect(deepseek(&server).stream(request(m, ask("Where?")))).await);
    assert_eq!(err, ProviderError::RateLimited { provider: "DeepSeek" });
}

#[tokio::test]
async fn a_connection_closed_untidily_after_the_usage_chunk_is_not_an_error() {
    let m = "deepseek-chat";
    let body =
        sse([chunk(m, json!({"role": "assistant", "content": "Done."}), Value::Null), with_usage(chunk(m, json!({"content": ""}), json!("stop")), 10, 2)]);
    let server = FakeServer::start(vec![Canned::sse(body).dropped()]).await;

    let events = collect(deepseek(&server).stream(request(m, ask("Hi")))).await;

    assert_eq!(
        ok_events(&events),
        [ModelEvent::TextDelta("Done.".into()), ModelEvent::Usage { input_tokens: 10, output_tokens: 2 }, ModelEvent::Finish(StopReason::Stop)]
    );
}
