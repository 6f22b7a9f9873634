//! The agent loop against a scripted provider: the chunk sequences the client sees.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::BoxFuture;
use futures::stream;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use waybill_agent::agent::{self, Outcome, Sink, Turn};
use waybill_agent::assembler::Assembler;
use waybill_agent::provider::offline::OfflineModel;
use waybill_agent::provider::{EventStream, ModelEvent, ModelMessage, ModelProvider, ModelRequest, ProviderError, StopReason, ToolSpec, UserContent};
use waybill_tools::ui_stream::{FinishReason, UiChunk};
use waybill_tools::{Caller, Registry, SystemClock, Tool, ToolContext, ToolError, typed};

/// Answers each model call with the next scripted step and records the requests.
struct Scripted {
    steps: Mutex<Vec<Vec<Result<ModelEvent, ProviderError>>>>,
    seen: Arc<Mutex<Vec<ModelRequest>>>,
}

impl Scripted {
    fn new(steps: Vec<Vec<Result<ModelEvent, ProviderError>>>) -> Self {
        Self { steps: Mutex::new(steps.into_iter().rev().collect()), seen: Arc::default() }
    }
}

impl ModelProvider for Scripted {
    fn stream(&self, request: ModelRequest) -> EventStream {
        self.seen.lock().unwrap().push(request);
        let step =
            self.steps.lock().unwrap().pop().unwrap_or_else(|| vec![Ok(ModelEvent::TextDelta("again".into())), Ok(ModelEvent::Finish(StopReason::Stop))]);
        Box::pin(stream::iter(step))
    }
}

struct AskUser;

impl Tool for AskUser {
    fn name(&self) -> &str {
        "requestUserInputTool"
    }
    fn description(&self) -> &str {
        "Ask the user to fill a form"
    }
    fn input_schema(&self) -> Value {
        json!({"type": "object"})
    }
    fn runs_on_client(&self) -> bool {
        true
    }
    fn execute<'a>(&'a self, _: Value, _: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async { Err(ToolError::Failed("runs on the client".into())) })
    }
}

struct Slow;

impl Tool for Slow {
    fn name(&self) -> &str {
        "slowTool"
    }
    fn description(&self) -> &str {
        "Takes a while, reporting progress"
    }
    fn input_schema(&self) -> Value {
        json!({"type": "object"})
    }
    fn execute<'a>(&'a self, _: Value, ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            ctx.progress("progress", "slow", json!({"percent": 50}));
            tokio::time::sleep(Duration::from_millis(20)).await;
            Ok(json!({"done": true}))
        })
    }
}

fn registry() -> Registry {
    use waybill_families::{task::TaskCompletedTool, thinking::SequentialThinkingTool, time::TimeTool};
    let mut tools: Vec<Arc<dyn Tool>> = vec![typed(TimeTool::new(Arc::new(SystemClock))), typed(SequentialThinkingTool), typed(TaskCompletedTool)];
    tools.push(Arc::new(AskUser));
    tools.push(Arc::new(Slow));
    Registry::new(tools)
}

fn request(text: &str, registry: &Registry) -> ModelRequest {
    let tools = registry.iter().map(|t| ToolSpec { name: t.name().into(), description: t.description().into(), input_schema: t.input_schema() }).collect();
    ModelRequest {
        model: "m".into(),
        system: None,
        messages: vec![ModelMessage::User(vec![UserContent::Text(text.into())])],
        tools,
        options: Default::default(),
        audience: Default::default(),
    }
}

async fn drive(provider: &dyn ModelProvider, registry: &Registry, text: &str, ctx: ToolContext, max_steps: usize) -> (Outcome, Vec<Value>) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let toolset = registry.everything();
    let outcome = agent::run(Turn { provider, toolset: &toolset, request: request(text, registry), ctx, max_steps, approvals: true }, &Sink(tx)).await;
    let mut chunks = Vec::new();
    while let Ok(chunk) = rx.try_recv() {
        chunks.push(serde_json::to_value(&chunk).unwrap());
    }
    (outcome, chunks)
}

fn ctx() -> ToolContext {
    let caller = Caller { tenant_id: "t".into(), facility_id: "f".into(), user_id: "u".into(), timezone: "Europe/Berlin".into(), ..Caller::default() };
    ToolContext::new(caller, "chat")
}

fn types(chunks: &[Value]) -> Vec<&str> {
    chunks.iter().map(|c| c["type"].as_str().unwrap()).collect()
}

fn call(id: &str, name: &str, args: &[&str]) -> Vec<Result<ModelEvent, ProviderError>> {
    let mut events = vec![Ok(ModelEvent::ToolCallStart { id: id.into(), name: name.into() })];
    events.extend(args.iter().map(|a| Ok(ModelEvent::ToolCallDelta { id: id.into(), delta: (*a).into() })));
    events
}

#[tokio::test]
async fn the_offline_model_calls_the_time_tool_and_answers() {
    let registry = registry();
    let model = OfflineModel::new(registry.clone());
    let (outcome, chunks) = drive(&model, &registry, "what time is it?", ctx(), 20).await;
    assert_eq!(outcome, Outcome::Finished(FinishReason::Stop));
    let kinds = types(&chunks);
    assert_eq!(&kinds[..2], ["start-step", "tool-input-start"]);
    let available = chunks.iter().find(|c| c["type"] == "tool-input-available").unwrap();
    assert_eq!((available["toolName"].as_str(), available["providerExecuted"].as_bool()), (Some("timeTool"), Some(true)));
    let output = chunks.iter().find(|c| c["type"] == "tool-output-available").unwrap();
    assert_eq!(output["output"]["timezone"], "Europe/Berlin");
    let text: String = chunks.iter().filter(|c| c["type"] == "text-delta").map(|c| c["delta"].as_str().unwrap()).collect();
    assert!(text.starts_with("It is ") && text.contains("Europe/Berlin"), "{text}");
    assert_eq!(kinds.iter().filter(|k| **k == "start-step").count(), 2, "every step starts with start-step");
    assert_eq!(kinds.last(), Some(&"finish"));
    assert_eq!(chunks.last().unwrap()["finishReason"], "stop");
}

#[tokio::test]
async fn a_split_tool_call_and_parallel_calls_run_and_feed_back() {
    let registry = registry();
    let mut first = call("a", "timeTool", &["{\"time", "zone\":", "\"UTC\"}"]);
    first.extend(call("b", "slowTool", &["{}"]));
    first.push(Ok(ModelEvent::Finish(StopReason::ToolCalls)));
    let provider = Scripted::new(vec![first, vec![Ok(ModelEvent::TextDelta("Done.".into())), Ok(ModelEvent::Finish(StopReason::Stop))]]);
    let (outcome, chunks) = drive(&provider, &registry, "x", ctx(), 20).await;
    assert_eq!(outcome, Outcome::Finished(FinishReason::Stop));
    let outputs: Vec<&str> = chunks.iter().filter(|c| c["type"] == "tool-output-available").map(|c| c["toolCallId"].as_str().unwrap()).collect();
    assert_eq!(outputs.len(), 2);
    assert!(chunks.iter().any(|c| c["type"] == "data-progress" && c["data"]["percent"] == 50));
    let seen = provider.seen.lock().unwrap();
    assert_eq!(seen.len(), 2);
    let ModelMessage::Tool(results) = seen[1].messages.last().unwrap() else { panic!() };
    assert_eq!(results.len(), 2);
    assert_eq!(results.iter().find(|r| r.id == "a").unwrap().output["timezone"], "UTC");

    // The client assembles one message with both steps.
    let mut assembler = Assembler::new("m", None);
    for chunk in &chunks {
        let chunk: UiChunk = chunk_from(chunk);
        assembler.apply(&chunk).unwrap();
    }
    let message = assembler.message();
    assert_eq!(message["parts"].as_array().unwrap().iter().filter(|p| p["type"] == "tool-timeTool").count(), 1);
}

/// Rebuilds a chunk from its JSON (the tests read what went on the wire).
fn chunk_from(value: &Value) -> UiChunk {
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{e}: {value}"))
}

#[tokio::test]
async fn invalid_json_and_invalid_input_become_tool_errors_and_the_loop_goes_on() {
    let registry = registry();
    let mut first = call("bad-json", "timeTool", &["{\"timezone\": "]);
    first.extend(call("bad-input", "timeTool", &["{\"timezone\": 5}"]));
    first.extend(call("unknown", "noSuchTool", &["{}"]));
    let provider = Scripted::new(vec![first, vec![Ok(ModelEvent::TextDelta("Sorry.".into()))]]);
    let (outcome, chunks) = drive(&provider, &registry, "x", ctx(), 20).await;
    assert_eq!(outcome, Outcome::Finished(FinishReason::Stop));
    let errors: Vec<(&str, &str)> =
        chunks.iter().filter(|c| c["type"] == "tool-output-error").map(|c| (c["toolCallId"].as_str().unwrap(), c["errorText"].as_str().unwrap())).collect();
    assert_eq!(errors.len(), 3, "{chunks:#?}");
    assert!(errors[0].1.contains("not valid JSON"), "{errors:?}");
    assert!(errors.iter().any(|(id, e)| *id == "bad-input" && e.contains("Invalid input for timeTool") && e.contains("/timezone")), "{errors:?}");
    assert!(errors.iter().any(|(id, e)| *id == "unknown" && e.contains("no tool named noSuchTool")), "{errors:?}");
    let seen = provider.seen.lock().unwrap();
    let ModelMessage::Tool(results) = seen[1].messages.last().unwrap() else { panic!() };
    assert!(results.iter().all(|r| r.is_error));
}

#[tokio::test]
async fn a_client_tool_ends_the_turn_with_tool_calls() {
    let registry = registry();
    let mut first = vec![Ok(ModelEvent::TextDelta("I need details.".into()))];
    first.extend(call("form", "requestUserInputTool", &["{\"title\":\"Carrier\"}"]));
    let provider = Scripted::new(vec![first]);
    let (outcome, chunks) = drive(&provider, &registry, "x", ctx(), 20).await;
    assert_eq!(outcome, Outcome::Finished(FinishReason::ToolCalls));
    let available = chunks.iter().find(|c| c["type"] == "tool-input-available").unwrap();
    assert!(available.get("providerExecuted").is_none(), "client tools are not marked providerExecuted");
    assert!(!chunks.iter().any(|c| c["type"].as_str().unwrap().starts_with("tool-output")));
    assert_eq!(chunks.last().unwrap()["finishReason"], "tool-calls");
    assert_eq!(provider.seen.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn a_provider_error_closes_open_parts_and_sends_its_text() {
    let registry = registry();
    let provider = Scripted::new(vec![vec![Ok(ModelEvent::TextDelta("Half an ans".into())), Err(ProviderError::BadKey { provider: "OpenAI" })]]);
    let (outcome, chunks) = drive(&provider, &registry, "x", ctx(), 20).await;
    let Outcome::Failed(text) = outcome else { panic!() };
    assert!(!text.contains("401") && !text.to_lowercase().contains("unauthorized"), "{text}");
    assert_eq!(types(&chunks), ["start-step", "text-start", "text-delta", "text-end", "error"]);
}

#[tokio::test]
async fn steps_are_bounded() {
    let registry = registry();
    let looping: Vec<_> = (0..5).map(|i| call(&format!("c{i}"), "timeTool", &["{}"])).collect();
    let provider = Scripted::new(looping);
    let (outcome, chunks) = drive(&provider, &registry, "x", ctx(), 3).await;
    assert_eq!(outcome, Outcome::Finished(FinishReason::Other));
    assert_eq!(types(&chunks).iter().filter(|k| **k == "start-step").count(), 3);
    assert_eq!(provider.seen.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn cancelling_aborts_the_turn() {
    let registry = registry();
    let provider = Scripted::new(vec![call("s", "slowTool", &["{}"])]);
    let ctx = ctx();
    ctx.cancel.cancel();
    let (outcome, chunks) = drive(&provider, &registry, "x", ctx, 20).await;
    assert_eq!(outcome, Outcome::Stopped);
    assert_eq!(types(&chunks).last(), Some(&"abort"));
}

#[tokio::test]
async fn a_reasoning_signature_is_stored_with_its_model_and_replayed_only_to_it() {
    let provider = Scripted::new(vec![vec![
        Ok(ModelEvent::ReasoningDelta("Dock 4 is free".into())),
        Ok(ModelEvent::ReasoningSignature("sig-abc".into())),
        Ok(ModelEvent::TextDelta("Use dock 4.".into())),
        Ok(ModelEvent::Finish(StopReason::Stop)),
    ]]);
    let (_, chunks) = drive(&provider, &registry(), "which dock?", ctx(), 5).await;
    let end = chunks.iter().find(|c| c["type"] == "reasoning-end").expect("reasoning ends");
    assert_eq!(end["providerMetadata"], json!({"waybill": {"signature": "sig-abc", "model": "m"}}));

    // The stored message (what the client assembles) gives the signature back to the same
    // model only.
    let mut assembler = Assembler::new("a1", None);
    for chunk in &chunks {
        assembler.apply(&chunk_from(chunk)).unwrap();
    }
    let history = vec![json!({"id": "u1", "role": "user", "parts": [{"type": "text", "text": "which dock?"}]}), assembler.finalize()];
    let signature_for = |model: &str| {
        waybill_agent::convert::to_model_messages_for(&history, 100_000, Some(model)).into_iter().find_map(|m| match m {
            ModelMessage::Assistant(content) => content.into_iter().find_map(|c| match c {
                waybill_agent::provider::AssistantContent::Reasoning { signature, .. } => Some(signature),
                _ => None,
            }),
            _ => None,
        })
    };
    assert_eq!(signature_for("m"), Some(Some("sig-abc".into())));
    assert_eq!(signature_for("other-model"), Some(None), "the reasoning text stays, the foreign signature goes");
}

/// A write that needs approval and checks its input first: `{"dock": n}` needs a dock
/// that exists (1 or 2).
struct BookDock;

impl Tool for BookDock {
    fn name(&self) -> &str {
        "bookDock"
    }
    fn description(&self) -> &str {
        "Books a dock"
    }
    fn input_schema(&self) -> Value {
        json!({"type": "object", "properties": {"dock": {"type": "integer"}}})
    }
    fn needs_approval(&self, _: &Value, _: &waybill_tools::Scope<'_>) -> bool {
        true
    }
    fn precheck<'a>(&'a self, input: &'a Value, _: &'a ToolContext) -> BoxFuture<'a, Result<(), ToolError>> {
        Box::pin(async move {
            match input.get("dock").and_then(Value::as_i64) {
                None => Err(waybill_tools::tool::missing_values("the dock to book")),
                Some(1 | 2) => Ok(()),
                Some(n) => Err(ToolError::Invalid(format!("There is no dock {n}"))),
            }
        })
    }
    fn execute<'a>(&'a self, _: Value, _: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async { Ok(json!({"booked": true})) })
    }
}

#[tokio::test]
async fn only_a_call_that_passes_its_checks_is_offered_for_approval() {
    let registry = Registry::new(vec![Arc::new(BookDock)]);
    let mut first = call("none", "bookDock", &["{}"]);
    first.extend(call("wrong", "bookDock", &["{\"dock\": 9}"]));
    let provider = Scripted::new(vec![first, vec![Ok(ModelEvent::TextDelta("Which dock?".into()))]]);
    let (outcome, chunks) = drive(&provider, &registry, "book a dock", ctx(), 20).await;
    assert_eq!(outcome, Outcome::Finished(FinishReason::Stop), "the model reads the refusals and goes on");
    assert!(!chunks.iter().any(|c| c["type"] == "tool-approval-request"), "{chunks:#?}");
    let errors: Vec<(&str, &str)> =
        chunks.iter().filter(|c| c["type"] == "tool-output-error").map(|c| (c["toolCallId"].as_str().unwrap(), c["errorText"].as_str().unwrap())).collect();
    assert!(errors.contains(&("none", "Values this call needs are missing: the dock to book")), "{errors:?}");
    assert!(errors.contains(&("wrong", "There is no dock 9")), "{errors:?}");
    {
        let seen = provider.seen.lock().unwrap();
        let ModelMessage::Tool(results) = seen[1].messages.last().unwrap() else { panic!() };
        assert!(results.iter().all(|r| r.is_error) && results.len() == 2);
    }

    let provider = Scripted::new(vec![call("ok", "bookDock", &["{\"dock\": 2}"])]);
    let (outcome, chunks) = drive(&provider, &registry, "book dock 2", ctx(), 20).await;
    assert_eq!(outcome, Outcome::Finished(FinishReason::ToolCalls), "a call that would run waits for the user");
    assert_eq!(chunks.iter().filter(|c| c["type"] == "tool-approval-request").count(), 1, "{chunks:#?}");
    assert!(!chunks.iter().any(|c| c["type"].as_str().unwrap().starts_with("tool-output")));
}
