//! The agent loop: stream the model, run the server tools it calls, feed the results
//! back, and repeat (bounded). Everything the client sees goes out as UI chunks on
//! `sink`, from the first `start-step` to the final `finish` (the caller sends `start`).

use std::collections::HashMap;

use futures::StreamExt;
use futures::stream::FuturesUnordered;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use waybill_tools::ui_stream::{Chunk, FinishReason, UiChunk};
use waybill_tools::{Scope, ToolContext, ToolError, Toolset};

use crate::provider::{AssistantContent, ModelEvent, ModelMessage, ModelProvider, ModelRequest, ProviderError, StopReason, ToolCall, ToolResult};

pub const DEFAULT_MAX_STEPS: usize = 20;

/// How a turn ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Finished(FinishReason),
    /// Stopped on purpose (the stop endpoint); the client got an `abort` chunk.
    Stopped,
    /// The provider failed; the client got an `error` chunk with this text.
    Failed(String),
}

pub struct Turn<'a> {
    pub provider: &'a dyn ModelProvider,
    /// The tools this turn is offered (the request's tool specs are made from it).
    pub toolset: &'a Toolset,
    pub request: ModelRequest,
    pub ctx: ToolContext,
    pub max_steps: usize,
    /// Whether calls that need the user's approval may ask for it. A sub-agent cannot: such
    /// a call fails there, and the main conversation can ask.
    pub approvals: bool,
}

/// The text a model reads when a call that needs approval is made where none can be asked.
pub const NO_APPROVAL_HERE: &str = "This action needs the user's approval, which cannot be asked for here; ask for it in the main conversation";

/// Where chunks go; a closed receiver does not stop the turn (the answer is still saved).
pub struct Sink(pub mpsc::UnboundedSender<UiChunk>);

impl Sink {
    fn send(&self, chunk: impl Into<UiChunk>) {
        let _ = self.0.send(chunk.into());
    }
}

/// The open text and reasoning parts of a step, closed at its end.
#[derive(Default)]
struct OpenParts {
    text: Option<String>,
    reasoning: Option<String>,
    /// The provider's signature of the open reasoning part, and the model that made it.
    signature: Option<(String, String)>,
    count: usize,
}

impl OpenParts {
    fn close_reasoning(&mut self, sink: &Sink) {
        if let Some(id) = self.reasoning.take() {
            let provider_metadata = self.signature.take().map(|(signature, model)| json!({"waybill": {"signature": signature, "model": model}}));
            sink.send(Chunk::ReasoningEnd { id, provider_metadata });
        }
    }

    fn close_text(&mut self, sink: &Sink) {
        if let Some(id) = self.text.take() {
            sink.send(Chunk::TextEnd { id });
        }
    }

    fn close_all(&mut self, sink: &Sink) {
        self.close_reasoning(sink);
        self.close_text(sink);
    }

    fn next_id(&mut self, step: usize, kind: &str) -> String {
        self.count += 1;
        format!("{kind}{step}-{}", self.count)
    }
}

struct PendingCall {
    name: String,
    arguments: String,
}

pub async fn run(turn: Turn<'_>, sink: &Sink) -> Outcome {
    let Turn { provider, toolset, mut request, ctx, max_steps, approvals } = turn;
    let scope = Scope { caller: &ctx.caller, chat_id: &ctx.chat_id, model_id: &ctx.model_id, only: None };
    for step in 0..max_steps.max(1) {
        sink.send(Chunk::StartStep);
        let mut parts = OpenParts::default();
        let mut calls: Vec<(String, PendingCall)> = Vec::new();
        let mut index_of: HashMap<String, usize> = HashMap::new();
        let mut assistant: Vec<AssistantContent> = Vec::new();
        let mut stop = StopReason::Stop;

        let mut events = provider.stream(request.clone());
        loop {
            let event = tokio::select! {
                biased;
                _ = ctx.cancel.cancelled() => {
                    parts.close_all(sink);
                    sink.send(Chunk::FinishStep);
                    sink.send(Chunk::Abort { reason: Some("stopped by the user".into()) });
                    return Outcome::Stopped;
                }
                event = events.next() => event,
            };
            let Some(event) = event else { break };
            match event {
                Err(err) => return fail(err, &mut parts, sink),
                Ok(ModelEvent::TextDelta(delta)) => {
                    parts.close_reasoning(sink);
                    let id = match &parts.text {
                        Some(id) => id.clone(),
                        None => {
                            let id = parts.next_id(step, "t");
                            sink.send(Chunk::TextStart { id: id.clone() });
                            parts.text = Some(id.clone());
                            id
                        }
                    };
                    match assistant.last_mut() {
                        Some(AssistantContent::Text(text)) => text.push_str(&delta),
                        _ => assistant.push(AssistantContent::Text(delta.clone())),
                    }
                    sink.send(Chunk::TextDelta { id, delta });
                }
                Ok(ModelEvent::ReasoningDelta(delta)) => {
                    parts.close_text(sink);
                    let id = match &parts.reasoning {
                        Some(id) => id.clone(),
                        None => {
                            let id = parts.next_id(step, "r");
                            sink.send(Chunk::ReasoningStart { id: id.clone() });
                            parts.reasoning = Some(id.clone());
                            id
                        }
                    };
                    match assistant.last_mut() {
                        Some(AssistantContent::Reasoning { text, .. }) => text.push_str(&delta),
                        _ => assistant.push(AssistantContent::Reasoning { text: delta.clone(), signature: None }),
                    }
                    sink.send(Chunk::ReasoningDelta { id, delta });
                }
                Ok(ModelEvent::ReasoningSignature(signature)) => {
                    if parts.reasoning.is_some() {
                        parts.signature = Some((signature.clone(), request.model.clone()));
                    }
                    if let Some(AssistantContent::Reasoning { signature: slot, .. }) =
                        assistant.iter_mut().rev().find(|c| matches!(c, AssistantContent::Reasoning { .. }))
                    {
                        *slot = Some(signature);
                    }
                }
                Ok(ModelEvent::ToolCallStart { id, name }) => {
                    parts.close_all(sink);
                    let on_client = toolset.get(&name).is_some_and(|t| t.runs_on_client());
                    sink.send(Chunk::ToolInputStart { tool_call_id: id.clone(), tool_name: name.clone(), provider_executed: executed(on_client) });
                    index_of.insert(id.clone(), calls.len());
                    calls.push((id, PendingCall { name, arguments: String::new() }));
                }
                Ok(ModelEvent::ToolCallDelta { id, delta }) => {
                    if let Some(&i) = index_of.get(&id) {
                        calls[i].1.arguments.push_str(&delta);
                        sink.send(Chunk::ToolInputDelta { tool_call_id: id, input_text_delta: delta });
                    }
                }
                Ok(ModelEvent::Usage { .. }) => {}
                Ok(ModelEvent::Finish(reason)) => stop = reason,
            }
        }
        parts.close_all(sink);

        // Parse every call, then run the server ones together.
        let mut results: Vec<ToolResult> = Vec::new();
        let mut runnable = Vec::new();
        let mut waiting = 0;
        for (id, call) in calls {
            let tool = toolset.get(&call.name);
            let on_client = tool.is_some_and(|t| t.runs_on_client());
            let arguments = if call.arguments.trim().is_empty() { "{}" } else { call.arguments.as_str() };
            let input = match serde_json::from_str::<Value>(arguments) {
                Ok(input) => input,
                Err(e) => {
                    let error = format!("The model's arguments for {} are not valid JSON ({e})", call.name);
                    sink.send(Chunk::ToolInputAvailable {
                        tool_call_id: id.clone(),
                        tool_name: call.name.clone(),
                        input: Value::String(call.arguments.clone()),
                        provider_executed: executed(on_client),
                    });
                    sink.send(Chunk::ToolOutputError { tool_call_id: id.clone(), error_text: error.clone(), provider_executed: executed(on_client) });
                    assistant.push(AssistantContent::ToolCall(ToolCall { id: id.clone(), name: call.name.clone(), input: Value::Object(Default::default()) }));
                    results.push(ToolResult { id, name: call.name, output: Value::String(error), is_error: true });
                    continue;
                }
            };
            sink.send(Chunk::ToolInputAvailable {
                tool_call_id: id.clone(),
                tool_name: call.name.clone(),
                input: input.clone(),
                provider_executed: executed(on_client),
            });
            assistant.push(AssistantContent::ToolCall(ToolCall { id: id.clone(), name: call.name.clone(), input: input.clone() }));
            if let Some(tool) = tool.filter(|t| t.needs_approval(&input, &scope)) {
                // Only a call that would run is offered for approval: what can be checked
                // first is, and a failing check is the call's result the model reads.
                if let Err(error) = before_approval(toolset, tool.as_ref(), &call.name, &input, &ctx).await {
                    let text = error.to_string();
                    sink.send(Chunk::ToolOutputError { tool_call_id: id.clone(), error_text: text.clone(), provider_executed: Some(true) });
                    results.push(ToolResult { id, name: call.name, output: Value::String(text), is_error: true });
                } else if approvals {
                    sink.send(Chunk::ToolApprovalRequest { approval_id: format!("apr_{}", uuid::Uuid::now_v7().simple()), tool_call_id: id });
                    waiting += 1;
                } else {
                    sink.send(Chunk::ToolOutputError { tool_call_id: id.clone(), error_text: NO_APPROVAL_HERE.into(), provider_executed: Some(true) });
                    results.push(ToolResult { id, name: call.name, output: Value::String(NO_APPROVAL_HERE.into()), is_error: true });
                }
            } else if on_client {
                waiting += 1;
            } else {
                runnable.push((id, call.name, input));
            }
        }
        results.extend(run_tools(toolset, &ctx, runnable, sink).await);
        sink.send(Chunk::FinishStep);

        if ctx.cancel.is_cancelled() {
            sink.send(Chunk::Abort { reason: Some("stopped by the user".into()) });
            return Outcome::Stopped;
        }
        // Calls that wait for the browser (a client tool's result, the user's approval)
        // end the turn; the client posts again when it has them.
        if waiting > 0 {
            return finish(sink, FinishReason::ToolCalls);
        }
        if results.is_empty() {
            return finish(sink, finish_reason(stop));
        }
        request.messages.push(ModelMessage::Assistant(assistant));
        request.messages.push(ModelMessage::Tool(results));
    }
    finish(sink, FinishReason::Other)
}

/// The checks before a call is offered for approval: the tool's own
/// [`waybill_tools::Tool::precheck`] (bounded like a call, and stopped by Stop), whose
/// words about missing values are clearer than the schema's, then the input schema.
async fn before_approval(toolset: &Toolset, tool: &dyn waybill_tools::Tool, name: &str, input: &Value, ctx: &ToolContext) -> Result<(), ToolError> {
    tokio::select! {
        biased;
        _ = ctx.cancel.cancelled() => return Err(ToolError::Failed(waybill_tools::STOPPED_ERROR.into())),
        checked = tokio::time::timeout(tool.timeout(), tool.precheck(input, ctx)) => {
            checked.unwrap_or_else(|_| Err(ToolError::Failed(format!("Checking the call to {name} did not finish in time"))))?;
        }
    }
    toolset.registry().validate(name, input)
}

fn executed(on_client: bool) -> Option<bool> {
    (!on_client).then_some(true)
}

fn finish(sink: &Sink, reason: FinishReason) -> Outcome {
    sink.send(Chunk::Finish { finish_reason: Some(reason), message_metadata: None });
    Outcome::Finished(reason)
}

fn fail(err: ProviderError, parts: &mut OpenParts, sink: &Sink) -> Outcome {
    parts.close_all(sink);
    let text = err.to_string();
    tracing::warn!(error = %text, "model call failed");
    sink.send(Chunk::Error { error_text: text.clone() });
    Outcome::Failed(text)
}

fn finish_reason(stop: StopReason) -> FinishReason {
    match stop {
        StopReason::Stop | StopReason::ToolCalls => FinishReason::Stop,
        StopReason::Length => FinishReason::Length,
        StopReason::ContentFilter => FinishReason::ContentFilter,
        StopReason::Other => FinishReason::Other,
    }
}

/// Runs the calls concurrently, sending each result as it lands and progress parts as
/// they come.
async fn run_tools(toolset: &Toolset, ctx: &ToolContext, calls: Vec<(String, String, Value)>, sink: &Sink) -> Vec<ToolResult> {
    if calls.is_empty() {
        return Vec::new();
    }
    let (progress_tx, mut progress_rx) = mpsc::unbounded_channel();
    let mut running: FuturesUnordered<_> = calls
        .into_iter()
        .map(|(id, name, input)| {
            let call_ctx = ctx.for_call(&id, progress_tx.clone());
            async move {
                let result = toolset.run(&name, input, &call_ctx).await;
                (id, name, result)
            }
        })
        .collect();
    drop(progress_tx);
    let mut results = Vec::new();
    loop {
        tokio::select! {
            Some(chunk) = progress_rx.recv() => sink.send(chunk),
            done = running.next() => {
                let Some((id, name, result)) = done else { break };
                while let Ok(chunk) = progress_rx.try_recv() {
                    sink.send(chunk);
                }
                match result {
                    Ok(output) => {
                        sink.send(Chunk::ToolOutputAvailable { tool_call_id: id.clone(), output: output.clone(), provider_executed: Some(true), preliminary: None });
                        results.push(ToolResult { id, name, output: waybill_tools::tool::for_model(output), is_error: false });
                    }
                    Err(err) => {
                        let text = err.to_string();
                        sink.send(Chunk::ToolOutputError { tool_call_id: id.clone(), error_text: text.clone(), provider_executed: Some(true) });
                        results.push(ToolResult { id, name, output: Value::String(text), is_error: true });
                    }
                }
            }
        }
    }
    results
}

/// The user's answer to an approval request, as the client posted it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    pub tool_call_id: String,
    pub tool_name: String,
    pub input: Value,
    pub approved: bool,
}

/// Carries out the user's decisions before the model is called again: approved calls
/// run (their results stream into their cards), denied ones run nothing and say so.
pub async fn carry_out(toolset: &Toolset, ctx: &ToolContext, decisions: Vec<Decision>, sink: &Sink) {
    let mut approved = Vec::new();
    for decision in decisions {
        if decision.approved {
            approved.push((decision.tool_call_id, decision.tool_name, decision.input));
        } else {
            sink.send(Chunk::ToolOutputDenied { tool_call_id: decision.tool_call_id });
        }
    }
    run_tools(toolset, ctx, approved, sink).await;
}
