//! Sub-agent turns a tool runs ([`SubAgents`]): their own instructions and task, a subset
//! of the tools, on the current model. Their progress streams into the calling tool's
//! card as one `data-subagent` part, replaced in place as it grows; their final text is
//! the tool's to return. Nesting is bounded ([`waybill_tools::context::MAX_NESTING`]),
//! and the parent's cancellation ends the whole tree.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use serde_json::json;
use tokio::sync::mpsc;
use waybill_tools::context::{SubAgentCall, SubAgentCallState, SubAgentProgress, SubAgentStatus, TOO_DEEP};
use waybill_tools::ui_stream::{Chunk, UiChunk};
use waybill_tools::{Registry, STOPPED_ERROR, Scope, SubAgentOutcome, SubAgentRequest, SubAgentRunner, ToolContext, ToolError};

use crate::agent::{self, Outcome, Sink, Turn};
use crate::provider::{Audience, ModelMessage, ModelOptions, ModelProvider, ModelRequest, ToolSpec, UserContent};

/// The name of the data part a sub-agent's progress streams in.
pub const PROGRESS_PART: &str = "subagent";
/// Most steps a sub-agent may take, whatever it asks for.
pub const MAX_SUB_AGENT_STEPS: usize = 10;
/// How often the progress part is rewritten while text streams.
const PROGRESS_EVERY: Duration = Duration::from_millis(150);

/// Runs sub-agent turns on the model answering the parent turn.
pub struct SubAgents {
    pub provider: Arc<dyn ModelProvider>,
    pub registry: Registry,
    /// The provider's own model name.
    pub model: String,
    pub options: ModelOptions,
    pub audience: Audience,
}

/// Folds one chunk of the sub-agent's stream into its progress; answers whether the card
/// should hear now (text deltas wait for the next tick).
fn apply(progress: &mut SubAgentProgress, chunk: &UiChunk) -> bool {
    let UiChunk::Chunk(chunk) = chunk else { return false };
    let mut set = |id: &str, state: SubAgentCallState| {
        if let Some(c) = progress.tool_calls.iter_mut().find(|c| c.id == id) {
            c.state = state;
        }
    };
    match chunk {
        Chunk::StartStep => progress.steps += 1,
        Chunk::TextDelta { delta, .. } => {
            progress.text.push_str(delta);
            return false;
        }
        Chunk::ToolInputStart { tool_call_id, tool_name, .. } => {
            progress.tool_calls.push(SubAgentCall { id: tool_call_id.clone(), name: tool_name.clone(), state: SubAgentCallState::Running })
        }
        Chunk::ToolOutputAvailable { tool_call_id, .. } => set(tool_call_id, SubAgentCallState::Done),
        Chunk::ToolOutputError { tool_call_id, .. } => set(tool_call_id, SubAgentCallState::Failed),
        _ => return false,
    }
    true
}

/// A run past the nesting bound somewhere below, as its error says.
fn too_deep(chunk: &UiChunk) -> Option<&str> {
    match chunk {
        UiChunk::Chunk(Chunk::ToolOutputError { error_text, .. }) if error_text.starts_with(TOO_DEEP) => Some(error_text),
        _ => None,
    }
}

impl SubAgentRunner for SubAgents {
    fn run<'a>(&'a self, request: SubAgentRequest, ctx: &'a ToolContext) -> BoxFuture<'a, Result<SubAgentOutcome, ToolError>> {
        Box::pin(async move {
            let scope = Scope { caller: &ctx.caller, chat_id: &ctx.chat_id, model_id: &ctx.model_id, only: Some(&request.tools) };
            let toolset = self.registry.toolset(&scope).await;
            let tools =
                toolset.tools().map(|t| ToolSpec { name: t.name().into(), description: t.description().into(), input_schema: t.input_schema() }).collect();
            let model_request = ModelRequest {
                model: self.model.clone(),
                system: Some(request.instructions),
                messages: vec![ModelMessage::User(vec![UserContent::Text(request.task)])],
                tools,
                options: self.options.clone(),
                audience: self.audience.clone(),
            };
            let child = ctx.nested();
            let (tx, mut rx) = mpsc::unbounded_channel();
            let turn = Turn {
                provider: self.provider.as_ref(),
                toolset: &toolset,
                request: model_request,
                ctx: child,
                max_steps: request.max_steps.clamp(1, MAX_SUB_AGENT_STEPS),
                approvals: false,
            };
            let sink = Sink(tx);
            let running = async move {
                let outcome = agent::run(turn, &sink).await;
                drop(sink);
                outcome
            };
            let watch = async {
                let mut progress = SubAgentProgress::default();
                let mut deepest = None;
                let mut told = Instant::now();
                while let Some(chunk) = rx.recv().await {
                    if deepest.is_none() {
                        deepest = too_deep(&chunk).map(str::to_owned);
                    }
                    if apply(&mut progress, &chunk) || told.elapsed() >= PROGRESS_EVERY {
                        ctx.progress(PROGRESS_PART, &ctx.tool_call_id, json!(progress));
                        told = Instant::now();
                    }
                }
                (progress, deepest)
            };
            let (outcome, (mut progress, deepest)) = tokio::join!(running, watch);
            let failed = deepest.is_some() || matches!(outcome, Outcome::Failed(_));
            progress.status = match &outcome {
                Outcome::Stopped => SubAgentStatus::Stopped,
                _ if failed => SubAgentStatus::Failed,
                _ => SubAgentStatus::Completed,
            };
            ctx.progress(PROGRESS_PART, &ctx.tool_call_id, json!(progress));
            let tool_calls = progress.tool_calls.iter().map(|c| c.name.clone()).collect();
            match (outcome, deepest) {
                (Outcome::Stopped, _) => Err(ToolError::Failed(STOPPED_ERROR.into())),
                // Past the bound below: this call fails with that error, and so up the tree.
                (_, Some(error)) => Err(ToolError::Failed(error)),
                (Outcome::Failed(error), None) => Err(ToolError::Failed(format!("The sub-agent failed: {error}"))),
                (Outcome::Finished(_), None) => Ok(SubAgentOutcome { text: progress.text, steps: progress.steps as usize, tool_calls }),
            }
        })
    }
}
