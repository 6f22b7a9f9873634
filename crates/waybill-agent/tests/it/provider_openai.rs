//! The OpenAI Responses adapter against a fake server streaming OpenAI's own event
//! format: `event:` names, `type`/`sequence_number` fields, item and call ids, usage and
//! error bodies as the Responses API sends them.

use crate::support;

use serde_json::{Value, json};
use support::{Canned, FakeServer, collect, error_of, reasoning_of, text_of, tool_calls_of};
use waybill_agent::provider::openai::OpenAiResponses;
use waybill_agent::provider::{
    AssistantContent, ModelEvent, ModelMessage, ModelOptions, ModelProvider, ModelRequest, ProviderError, StopReason, ToolCall, ToolResult, ToolSpec,
    UserContent,
};

const KEY: &str = "sk-proj-test0123456789abcdef";

fn provider(server: &FakeServer) -> OpenAiResponses {
    OpenAiResponses::new(&format!("{}/v1", server.base_url), Some(KEY.into()))
}

fn track_tool() -> ToolSpec {
    ToolSpec {
        name: "trackShipment".into(),
        description: "Current position and ETA of a shipment".into(),
        input_schema: json!({"type": "object", "properties": {"shipmentId": {"type": "string"}, "includeHistory": {"type": "boolean"}}, "required": ["shipmentId"]}),
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

/// Frames events as OpenAI does: `event: <type>` and the JSON with its sequence number.
fn sse(events: Vec<Value>) -> Vec<String> {
    events
        .into_iter()
        .enumerate()
        .map(|(n, mut data)| {
            data["sequence_number"] = json!(n);
            format!("event: {}\ndata: {}\n\n", data["type"].as_str().expect("fixture has a type"), data)
        })
        .collect()
}

fn response(model: &str, status: &str, output: Value, usage: Value) -> Value {
    json!({
        "id": "resp_68d1c0a5f4e88196a1b2c3d4e5f60718", "object": "response", "created_at": 1758560421, "status": status,
        "background": false, "error": null, "incomplete_details": null, "instructions": "You are Waybill, a logistics assistant.",
        "max_output_tokens": null, "model": model, "output": output, "parallel_tool_calls": true, "previous_response_id": null,
        "reasoning": {"effort": null, "summary": null}, "store": false, "temperature": 1.0, "text": {"format": {"type": "text"}},
        "tool_choice": "auto", "top_p": 1.0, "truncation": "disabled", "usage": usage, "user": null, "metadata": {}
    })
}

fn created(model: &str) -> Vec<Value> {
    vec![
        json!({"type": "response.created", "response": response(model, "in_progress", json!([]), Value::Null)}),
        json!({"type": "response.in_progress", "response": response(model, "in_progress", json!([]), Value::Null)}),
    ]
}

fn usage(input: u64, output: u64, reasoning: u64) -> Value {
    json!({"input_tokens": input, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": output,
           "output_tokens_details": {"reasoning_tokens": reasoning}, "total_tokens": input + output})
}

/// A complete assistant message item streamed as the given deltas.
fn message(output_index: u64, id: &str, deltas: &[&str]) -> Vec<Value> {
    let text: String = deltas.concat();
    let mut events = vec![
        json!({"type": "response.output_item.added", "output_index": output_index, "item": {"id": id, "type": "message", "status": "in_progress", "content": [], "role": "assistant"}}),
        json!({"type": "response.content_part.added", "item_id": id, "output_index": output_index, "content_index": 0, "part": {"type": "output_text", "annotations": [], "logprobs": [], "text": ""}}),
    ];
    events.extend(
        deltas.iter().map(
            |d| json!({"type": "response.output_text.delta", "item_id": id, "output_index": output_index, "content_index": 0, "delta": d, "logprobs": []}),
        ),
    );
    events.extend([
        json!({"type": "response.output_text.done", "item_id": id, "output_index": output_index, "content_index": 0, "text": text, "logprobs": []}),
        json!({"type": "response.content_part.done", "item_id": id, "output_index": output_index, "content_index": 0, "part": {"type": "output_text", "annotations": [], "logprobs": [], "text": text}}),
        json!({"type": "response.output_item.done", "output_index": output_index, "item": {"id": id, "type": "message", "status": "completed", "role": "assistant",
               "content": [{"type": "output_text", "annotations": [], "logprobs": [], "text": text}]}}),
    ]);
    events
}

fn completed(model: &str, usage: Value) -> Value {
    json!({"type": "response.completed", "response": response(model, "completed", json!([]), usage)})
}

fn function_call_added(output_index: u64, item_id: &str, call_id: &str, name: &str) -> Value {
    json!({"type": "response.output_item.added", "output_index": output_index,
           "item": {"id": item_id, "type": "function_call", "status": "in_progress", "arguments": "", "call_id": call_id, "name": name}})
}

fn arguments_delta(output_index: u64, item_id: &str, delta: &str) -> Value {
    json!({"type": "response.function_call_arguments.delta", "item_id": item_id, "output_index": output_index, "delta": delta, "obfuscation": "x1"})
}

fn function_call_done(output_index: u64, item_id: &str, call_id: &str, name: &str, arguments: &str) -> Vec<Value> {
    vec![
        json!({"type": "response.function_call_arguments.done", "item_id": item_id, "output_index": output_index, "arguments": arguments}),
        json!({"type": "response.output_item.done", "output_index": output_index,
               "item": {"id": item_id, "type": "function_call", "status": "completed", "arguments": arguments, "call_id": call_id, "name": name}}),
    ]
}

/// Splits text into pieces of at most `size` characters.
fn pieces(text: &str, size: usize) -> Vec<String> {
    text.chars().collect::<Vec<_>>().chunks(size).map(|c| c.iter().collect()).collect()
}

fn ok_events(events: &[Result<ModelEvent, ProviderError>]) -> Vec<ModelEvent> {
    events.iter().map(|e| e.clone().expect("no error")).collect()
}

#[tokio::test]
async fn text_streams_over_several_events_with_usage() {
    let mut events = created("gpt-4.1-2025-04-14");
    events.extend(message(0, "msg_68d1c0a6b1f48196", &["Shipment SH-1042 ", "is in Rotterdam", ", due Friday."]));
    events.push(completed("gpt-4.1-2025-04-14", usage(118, 14, 0)));
    let mut chunks = sse(events);
    // One event split across two writes, as TCP may deliver it.
    let split = chunks.remove(4);
    let (head, tail) = split.split_at(split.len() / 2);
    chunks.insert(4, tail.to_owned());
    chunks.insert(4, head.to_owned());
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;

    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Where is shipment SH-1042?")))).await;

    assert_eq!(
        ok_events(&events),
        [
            ModelEvent::TextDelta("Shipment SH-1042 ".into()),
            ModelEvent::TextDelta("is in Rotterdam".into()),
            ModelEvent::TextDelta(", due Friday.".into()),
            ModelEvent::Usage { input_tokens: 118, output_tokens: 14 },
            ModelEvent::Finish(StopReason::Stop),
        ]
    );
    let sent = server.last_request();
    assert_eq!((sent.method.as_str(), sent.path.as_str()), ("POST", "/v1/responses"));
    assert_eq!(sent.header("authorization"), Some(format!("Bearer {KEY}").as_str()));
    assert_eq!(sent.header("accept"), Some("text/event-stream"));
    assert_eq!(
        sent.body,
        json!({
            "model": "gpt-4.1",
            "stream": true,
            "store": false,
            "instructions": "You are Waybill, a logistics assistant.",
            "input": [{"role": "user", "content": [{"type": "input_text", "text": "Where is shipment SH-1042?"}]}],
            "tools": [{
                "type": "function",
                "name": "trackShipment",
                "description": "Current position and ETA of a shipment",
                "parameters": {"type": "object", "properties": {"shipmentId": {"type": "string"}, "includeHistory": {"type": "boolean"}}, "required": ["shipmentId"]},
                "strict": false
            }]
        }),
        "gpt-4.1 is not a reasoning model: no reasoning, no verbosity"
    );
}

#[tokio::test]
async fn reasoning_summaries_stream_as_reasoning_and_gpt5_gets_the_picker_options() {
    let mut events = created("gpt-5-2025-08-07");
    let rs = "rs_68d1c0a71b2c8196b0d9e8f7a6b5c4d3";
    events.extend([
        json!({"type": "response.output_item.added", "output_index": 0, "item": {"id": rs, "type": "reasoning", "summary": []}}),
        json!({"type": "response.reasoning_summary_part.added", "item_id": rs, "output_index": 0, "summary_index": 0, "part": {"type": "summary_text", "text": ""}}),
        json!({"type": "response.reasoning_summary_text.delta", "item_id": rs, "output_index": 0, "summary_index": 0, "delta": "**Checking the lane**\n\n", "obfuscation": "a"}),
        json!({"type": "response.reasoning_summary_text.delta", "item_id": rs, "output_index": 0, "summary_index": 0, "delta": "The vessel left Shanghai on Monday.", "obfuscation": "b"}),
        json!({"type": "response.reasoning_summary_text.done", "item_id": rs, "output_index": 0, "summary_index": 0, "text": "**Checking the lane**\n\nThe vessel left Shanghai on Monday."}),
        json!({"type": "response.reasoning_summary_part.done", "item_id": rs, "output_index": 0, "summary_index": 0, "part": {"type": "summary_text", "text": "**Checking the lane**\n\nThe vessel left Shanghai on Monday."}}),
        json!({"type": "response.reasoning_summary_part.added", "item_id": rs, "output_index": 0, "summary_index": 1, "part": {"type": "summary_text", "text": ""}}),
        json!({"type": "response.reasoning_summary_text.delta", "item_id": rs, "output_index": 0, "summary_index": 1, "delta": "**Estimating arrival**", "obfuscation": "c"}),
        json!({"type": "response.reasoning_summary_text.done", "item_id": rs, "output_index": 0, "summary_index": 1, "text": "**Estimating arrival**"}),
        json!({"type": "response.reasoning_summary_part.done", "item_id": rs, "output_index": 0, "summary_index": 1, "part": {"type": "summary_text", "text": "**Estimating arrival**"}}),
        json!({"type": "response.output_item.done", "output_index": 0, "item": {"id": rs, "type": "reasoning", "summary": [
            {"type": "summary_text", "text": "**Checking the lane**\n\nThe vessel left Shanghai on Monday."}, {"type": "summary_text", "text": "**Estimating arrival**"}]}}),
    ]);
    events.extend(message(1, "msg_68d1c0a8", &["About 24 days."]));
    events.push(completed("gpt-5-2025-08-07", usage(96, 210, 192)));
    let server = FakeServer::start(vec![Canned::sse(sse(events))]).await;
    let provider = provider(&server);

    let mut req = request("gpt-5", ask("How long from Shanghai to Rotterdam?"));
    req.options = ModelOptions {
        reasoning_effort: Some("high".into()),
        verbosity: Some("medium".into()),
        reasoning_summary: Some("detailed".into()),
        ..Default::default()
    };
    let events = collect(provider.stream(req)).await;

    assert_eq!(reasoning_of(&events), "**Checking the lane**\n\nThe vessel left Shanghai on Monday.\n\n**Estimating arrival**");
    assert_eq!(text_of(&events), "About 24 days.");
    let first_text = events.iter().position(|e| matches!(e, Ok(ModelEvent::TextDelta(_))));
    let last_reasoning = events.iter().rposition(|e| matches!(e, Ok(ModelEvent::ReasoningDelta(_))));
    assert!(last_reasoning < first_text);
    assert_eq!(events[events.len() - 2..], [Ok(ModelEvent::Usage { input_tokens: 96, output_tokens: 210 }), Ok(ModelEvent::Finish(StopReason::Stop))]);
    let sent = server.last_request().body;
    assert_eq!(sent["reasoning"], json!({"effort": "high", "summary": "detailed"}));
    assert_eq!(sent["text"], json!({"verbosity": "medium"}));

    // Defaults: low effort, automatic summary, low verbosity.
    collect(provider.stream(request("gpt-5-mini", ask("Hi")))).await;
    let sent = server.last_request().body;
    assert_eq!(sent["reasoning"], json!({"effort": "low", "summary": "auto"}));
    assert_eq!(sent["text"], json!({"verbosity": "low"}));
}

#[tokio::test]
async fn a_tool_call_split_over_many_deltas_is_reassembled() {
    let arguments = r#"{"shipmentId":"SH-1042","includeHistory":true}"#;
    let (item, call) = ("fc_68d1c0a9d3e48196a7b6c5d4e3f2a1b0", "call_Qx7mTzP2bN4kLr8vYw1sDf3G");
    let mut events = created("gpt-4.1-2025-04-14");
    events.push(function_call_added(0, item, call, "trackShipment"));
    events.extend(pieces(arguments, 3).iter().map(|p| arguments_delta(0, item, p)));
    events.extend(function_call_done(0, item, call, "trackShipment", arguments));
    events.push(completed("gpt-4.1-2025-04-14", usage(130, 25, 0)));
    let server = FakeServer::start(vec![Canned::sse(sse(events))]).await;

    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Track SH-1042 with history")))).await;

    let calls = tool_calls_of(&events);
    assert_eq!(calls.len(), 1);
    assert_eq!((calls[0].0.as_str(), calls[0].1.as_str()), (call, "trackShipment"), "the call is known by its call_id, not its item id");
    assert_eq!(serde_json::from_str::<Value>(&calls[0].2).unwrap(), json!({"shipmentId": "SH-1042", "includeHistory": true}));
    assert!(events.iter().filter(|e| matches!(e, Ok(ModelEvent::ToolCallDelta { .. }))).count() > 10);
    assert_eq!(text_of(&events), "");
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::ToolCalls))));
}

#[tokio::test]
async fn two_parallel_calls_interleaved_stay_apart() {
    let first = r#"{"shipmentId":"SH-1042"}"#;
    let second = r#"{"shipmentId":"SH-2077"}"#;
    let mut events = created("gpt-4.1-2025-04-14");
    events.push(function_call_added(0, "fc_a", "call_A", "trackShipment"));
    events.push(function_call_added(1, "fc_b", "call_B", "trackShipment"));
    for (a, b) in pieces(first, 5).iter().zip(pieces(second, 5).iter()) {
        events.push(arguments_delta(1, "fc_b", b));
        events.push(arguments_delta(0, "fc_a", a));
    }
    events.extend(function_call_done(0, "fc_a", "call_A", "trackShipment", first));
    events.extend(function_call_done(1, "fc_b", "call_B", "trackShipment", second));
    events.push(completed("gpt-4.1-2025-04-14", usage(140, 40, 0)));
    let server = FakeServer::start(vec![Canned::sse(sse(events))]).await;

    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Track SH-1042 and SH-2077")))).await;

    assert_eq!(
        tool_calls_of(&events),
        [("call_A".to_owned(), "trackShipment".to_owned(), first.to_owned()), ("call_B".to_owned(), "trackShipment".to_owned(), second.to_owned())]
    );
    assert_eq!(events.last(), Some(&Ok(ModelEvent::Finish(StopReason::ToolCalls))));
}

#[tokio::test]
async fn a_follow_up_replays_calls_results_and_attachments() {
    let mut events = created("gpt-4.1-2025-04-14");
    events.extend(message(0, "msg_1", &["Yes, it is covered."]));
    events.push(completed("gpt-4.1-2025-04-14", usage(900, 6, 0)));
    let server = FakeServer::start(vec![Canned::sse(sse(events))]).await;

    let messages = vec![
        ModelMessage::User(vec![
            UserContent::Text("Is the damage on this pallet covered?".into()),
            UserContent::Image { url: "data:image/jpeg;base64,/9j/4AAQSkZJRg==".into(), media_type: "image/jpeg".into() },
            UserContent::Document {
                url: "data:application/pdf;base64,JVBERi0xLjcK".into(),
                media_type: "application/pdf".into(),
                filename: Some("bill-of-lading.pdf".into()),
            },
        ]),
        ModelMessage::Assistant(vec![
            AssistantContent::Reasoning { text: "I should check the shipment and the policy.".into(), signature: None },
            AssistantContent::Text("Let me check the shipment and the policy.".into()),
            AssistantContent::ToolCall(ToolCall { id: "call_A1".into(), name: "trackShipment".into(), input: json!({"shipmentId": "SH-1042"}) }),
            AssistantContent::ToolCall(ToolCall { id: "call_B2".into(), name: "lookupPolicy".into(), input: json!({"policyId": "P-7"}) }),
        ]),
        ModelMessage::Tool(vec![
            ToolResult { id: "call_A1".into(), name: "trackShipment".into(), output: json!({"status": "delivered", "damaged": true}), is_error: false },
            ToolResult { id: "call_B2".into(), name: "lookupPolicy".into(), output: json!("Policy P-7 was not found"), is_error: true },
        ]),
        ModelMessage::Assistant(vec![AssistantContent::Text("It was delivered damaged; I could not find policy P-7.".into())]),
        ModelMessage::User(vec![
            UserContent::Text("Try with these".into()),
            UserContent::Image { url: "https://cdn.example.com/pallet-2.jpg".into(), media_type: "image/jpeg".into() },
            UserContent::Document {
                url: "https://docs.example.com/policy-p7.pdf".into(),
                media_type: "application/pdf".into(),
                filename: Some("policy-p7.pdf".into()),
            },
        ]),
    ];
    let events = collect(provider(&server).stream(request("gpt-4.1", messages))).await;
    assert_eq!(text_of(&events), "Yes, it is covered.");

    assert_eq!(
        server.last_request().body["input"],
        json!([
            {"role": "user", "content": [
                {"type": "input_text", "text": "Is the damage on this pallet covered?"},
                {"type": "input_image", "image_url": "data:image/jpeg;base64,/9j/4AAQSkZJRg==", "detail": "auto"},
                {"type": "input_file", "filename": "bill-of-lading.pdf", "file_data": "data:application/pdf;base64,JVBERi0xLjcK"}
            ]},
            {"role": "assistant", "content": [{"type": "output_text", "text": "Let me check the shipment and the policy."}]},
            {"type": "function_call", "call_id": "call_A1", "name": "trackShipment", "arguments": "{\"shipmentId\":\"SH-1042\"}"},
            {"type": "function_call", "call_id": "call_B2", "name": "lookupPolicy", "arguments": "{\"policyId\":\"P-7\"}"},
            {"type": "function_call_output", "call_id": "call_A1", "output": "{\"damaged\":true,\"status\":\"delivered\"}"},
            {"type": "function_call_output", "call_id": "call_B2", "output": "Policy P-7 was not found"},
            {"role": "assistant", "content": [{"type": "output_text", "text": "It was delivered damaged; I could not find policy P-7."}]},
            {"role": "user", "content": [
                {"type": "input_text", "text": "Try with these"},
                {"type": "input_image", "image_url": "https://cdn.example.com/pallet-2.jpg", "detail": "auto"},
                {"type": "input_file", "file_url": "https://docs.example.com/policy-p7.pdf"}
            ]}
        ])
    );
}

#[tokio::test]
async fn a_rejected_key_reads_as_a_bad_key_without_the_words_that_sign_users_out() {
    let body = r#"{
  "error": {
    "message": "Incorrect API key provided: sk-proj-********************cdef. You can find your API key at https://platform.openai.com/account/api-keys.",
    "type": "invalid_request_error",
    "param": null,
    "code": "invalid_api_key"
  }
}"#;
    let server = FakeServer::start(vec![Canned::json(401, body)]).await;
    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Hi")))).await;
    let err = error_of(&events);
    assert_eq!(err, ProviderError::BadKey { provider: "OpenAI" });
    let text = err.to_string().to_lowercase();
    assert!(!text.contains("401") && !text.contains("unauthorized"), "{text}");
    assert_eq!(events.len(), 1);
}

#[tokio::test]
async fn rate_limits_and_server_errors() {
    let rate = r#"{"error":{"message":"Rate limit reached for gpt-4.1 in organization org-Ab12Cd34 on tokens per min (TPM): Limit 30000, Used 29410, Requested 1200. Please try again in 1.22s. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}"#;
    let server = FakeServer::start(vec![Canned::json(429, rate)]).await;
    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Hi")))).await;
    assert_eq!(error_of(&events), ProviderError::RateLimited { provider: "OpenAI" });

    let internal =
        r#"{"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}"#;
    let server = FakeServer::start(vec![Canned::json(500, internal)]).await;
    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Hi")))).await;
    let err = error_of(&events);
    assert!(
        matches!(&err, ProviderError::Upstream { provider: "OpenAI", message } if message.contains("The server had an error while processing your request")),
        "{err:?}"
    );
    assert!(!err.to_string().contains(KEY));

    // A gateway in front of OpenAI that echoes the request headers back.
    let echoed = format!(r#"{{"error":{{"message":"upstream timed out (request had Authorization: Bearer {KEY})","type":"server_error"}}}}"#);
    let server = FakeServer::start(vec![Canned::json(504, &echoed)]).await;
    let err = error_of(&collect(provider(&server).stream(request("gpt-4.1", ask("Hi")))).await);
    assert!(matches!(&err, ProviderError::Upstream { message, .. } if message.contains("upstream timed out")), "{err:?}");
    assert!(!err.to_string().contains(KEY) && !err.to_string().contains("sk-proj"), "{err}");
}

#[tokio::test]
async fn an_event_with_invalid_json_ends_the_stream_as_malformed() {
    let mut chunks = sse(created("gpt-4.1-2025-04-14"));
    chunks.extend(sse(message(0, "msg_1", &["Shipment "])).into_iter().take(3));
    chunks.push("event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"item_id\":\"msg_1\",\"delta\":\"Rott\n\n".into());
    chunks.extend(sse(vec![completed("gpt-4.1-2025-04-14", usage(1, 1, 0))]));
    let server = FakeServer::start(vec![Canned::sse(chunks)]).await;

    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Where?")))).await;

    assert_eq!(text_of(&events), "Shipment ");
    assert!(matches!(error_of(&events), ProviderError::Malformed { provider: "OpenAI", .. }));
    assert!(!events.iter().any(|e| matches!(e, Ok(ModelEvent::Finish(_)))));
}

#[tokio::test]
async fn a_dropped_connection_ends_with_one_connection_error_after_the_text() {
    let mut events = created("gpt-4.1-2025-04-14");
    events.extend(message(0, "msg_1", &["Shipment SH-1042 ", "is in"]).into_iter().take(4));
    let server = FakeServer::start(vec![Canned::sse(sse(events)).dropped()]).await;

    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Where?")))).await;

    assert_eq!(text_of(&events), "Shipment SH-1042 is in");
    let err = error_of(&events);
    assert!(matches!(&err, ProviderError::Connection { provider: "OpenAI", message } if message.contains("cut off")), "{err:?}");
}

#[tokio::test]
async fn a_body_that_ends_without_completion_is_a_connection_error() {
    let mut events = created("gpt-4.1-2025-04-14");
    events.extend(message(0, "msg_1", &["Shipment"]));
    let server = FakeServer::start(vec![Canned::sse(sse(events))]).await;

    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Where?")))).await;

    assert_eq!(text_of(&events), "Shipment");
    let err = error_of(&events);
    assert!(matches!(&err, ProviderError::Connection { message, .. } if message.contains("ended before")), "{err:?}");
}

#[tokio::test]
async fn error_events_inside_the_stream() {
    // The top-level `error` event.
    let mut events = created("gpt-4.1-2025-04-14");
    events.extend(message(0, "msg_1", &["Shipment"]).into_iter().take(3));
    events.push(json!({"type": "error", "code": "server_error", "param": null,
        "message": "An error occurred while processing your request. You can retry your request, or contact us through our help center at help.openai.com if the error persists. Please include the request ID req_6f1b2c3d4e5f in your message."}));
    let server = FakeServer::start(vec![Canned::sse(sse(events))]).await;
    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Where?")))).await;
    assert_eq!(text_of(&events), "Shipment");
    let err = error_of(&events);
    assert!(
        matches!(&err, ProviderError::Upstream { provider: "OpenAI", message } if message.starts_with("An error occurred while processing your request")),
        "{err:?}"
    );

    // `response.failed` with the response's error object.
    let mut events = created("gpt-4.1-2025-04-14");
    let mut failed = response("gpt-4.1-2025-04-14", "failed", json!([]), Value::Null);
    failed["error"] = json!({"code": "server_error", "message": "The model produced invalid content."});
    events.push(json!({"type": "response.failed", "response": failed}));
    let server = FakeServer::start(vec![Canned::sse(sse(events))]).await;
    let err = error_of(&collect(provider(&server).stream(request("gpt-4.1", ask("Where?")))).await);
    assert_eq!(err, ProviderError::Upstream { provider: "OpenAI", message: "The model produced invalid content.".into() });
}

#[tokio::test]
async fn an_answer_cut_at_the_token_limit_finishes_with_length() {
    let mut events = created("gpt-4.1-2025-04-14");
    events.extend(message(0, "msg_1", &["The route goes via"]));
    let mut incomplete = response("gpt-4.1-2025-04-14", "incomplete", json!([]), usage(50, 16, 0));
    incomplete["incomplete_details"] = json!({"reason": "max_output_tokens"});
    events.push(json!({"type": "response.incomplete", "response": incomplete}));
    // Anything after the end is ignored.
    events.push(json!({"type": "keepalive"}));
    let server = FakeServer::start(vec![Canned::sse(sse(events))]).await;

    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Route?")))).await;

    assert_eq!(events[events.len() - 2..], [Ok(ModelEvent::Usage { input_tokens: 50, output_tokens: 16 }), Ok(ModelEvent::Finish(StopReason::Length))]);
}

#[tokio::test]
async fn a_connection_closed_untidily_after_completion_is_not_an_error() {
    let mut events = created("gpt-4.1-2025-04-14");
    events.extend(message(0, "msg_1", &["Done."]));
    events.push(completed("gpt-4.1-2025-04-14", usage(10, 2, 0)));
    let server = FakeServer::start(vec![Canned::sse(sse(events)).dropped()]).await;

    let events = collect(provider(&server).stream(request("gpt-4.1", ask("Hi")))).await;

    assert_eq!(
        ok_events(&events),
        [ModelEvent::TextDelta("Done.".into()), ModelEvent::Usage { input_tokens: 10, output_tokens: 2 }, ModelEvent::Finish(StopReason::Stop)]
    );
}
