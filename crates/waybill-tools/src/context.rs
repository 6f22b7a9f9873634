//! What a running tool call knows: who asks and where ([`Caller`]), the chat and the call,
//! the cancellation that Stop triggers, a sink for `data-*` parts streamed into the call's
//! card, and the way to run a sub-agent turn ([`SubAgentRunner`]).

use std::sync::Arc;

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use ts_rs::TS;

use crate::lang::Lang;
use crate::tool::ToolError;
use crate::ui_stream::{DataChunk, UiChunk};

/// How deep sub-agent runs may nest: a tool's sub-agent may call a tool that runs another
/// sub-agent, and no further.
pub const MAX_NESTING: u32 = 2;

/// How the error of a run past [`MAX_NESTING`] begins: the runner passes it up the tree,
/// so the outermost call fails with it rather than report a sub-agent's apology.
pub const TOO_DEEP: &str = "Sub-agents may nest at most";

/// Who makes a request, and where: checked against the token's grants by the HTTP layer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Caller {
    pub tenant_id: String,
    pub facility_id: String,
    pub user_id: String,
    /// IANA time zone of the user (from `X-Timezone`), `UTC` when unknown.
    pub timezone: String,
    /// The interface language.
    pub lang: Lang,
    /// An administrator of the tenant.
    pub admin: bool,
}

/// Whether a tool call may run now. A refusal is the call's error: the model and the
/// card see why, and the turn goes on.
pub trait CallAdmission: Send + Sync {
    fn admit(&self, ctx: &ToolContext, tool: &str) -> Result<(), ToolError>;
}

/// A sub-agent turn a tool asks for: its own instructions and task, a subset of the tools
/// (by name; empty means none), on the current model.
#[derive(Debug, Clone, PartialEq)]
pub struct SubAgentRequest {
    /// Who the sub-agent is, in a line (its system prompt).
    pub instructions: String,
    /// What it is asked to do (its user message).
    pub task: String,
    pub tools: Vec<String>,
    /// Most model calls in the sub-agent's turn.
    pub max_steps: usize,
}

/// How a sub-agent turn ended.
#[derive(Debug, Clone, PartialEq)]
pub struct SubAgentOutcome {
    /// The sub-agent's final text.
    pub text: String,
    /// Model calls it made.
    pub steps: usize,
    /// Tool calls it made, by tool name.
    pub tool_calls: Vec<String>,
}

/// What a sub-agent streams into its calling tool's card (`data-subagent`), replaced in
/// place as it grows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "tools/")]
pub struct SubAgentProgress {
    pub status: SubAgentStatus,
    /// Its text so far.
    pub text: String,
    /// Model calls so far.
    pub steps: u32,
    pub tool_calls: Vec<SubAgentCall>,
}

/// One tool call a sub-agent made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "tools/")]
pub struct SubAgentCall {
    pub id: String,
    pub name: String,
    pub state: SubAgentCallState,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "tools/")]
pub enum SubAgentStatus {
    #[default]
    Running,
    Completed,
    Stopped,
    Failed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "tools/")]
pub enum SubAgentCallState {
    Running,
    Done,
    Failed,
}

/// Runs sub-agent turns; the agent crate provides it (it knows the models).
pub trait SubAgentRunner: Send + Sync {
    fn run<'a>(&'a self, request: SubAgentRequest, ctx: &'a ToolContext) -> BoxFuture<'a, Result<SubAgentOutcome, ToolError>>;
}

#[derive(Clone)]
pub struct ToolContext {
    pub caller: Arc<Caller>,
    pub chat_id: String,
    /// The model answering (a sub-agent runs on it too).
    pub model_id: String,
    pub tool_call_id: String,
    pub cancel: CancellationToken,
    /// Decides whether each call may run now (quotas); none admits every call.
    pub admission: Option<Arc<dyn CallAdmission>>,
    /// Runs sub-agent turns; none where nesting is not possible (the offline model's
    /// argument filling, unit tests).
    pub runner: Option<Arc<dyn SubAgentRunner>>,
    /// How many sub-agent runs enclose this call.
    pub depth: u32,
    progress: Option<mpsc::UnboundedSender<UiChunk>>,
}

impl ToolContext {
    pub fn new(caller: Caller, chat_id: &str) -> Self {
        Self {
            caller: Arc::new(caller),
            chat_id: chat_id.into(),
            model_id: String::new(),
            tool_call_id: String::new(),
            cancel: CancellationToken::new(),
            admission: None,
            runner: None,
            depth: 0,
            progress: None,
        }
    }

    /// A context for tests and tools that need no caller.
    pub fn detached() -> Self {
        Self::new(Caller { timezone: "UTC".into(), ..Caller::default() }, "")
    }

    pub fn for_call(&self, tool_call_id: &str, progress: mpsc::UnboundedSender<UiChunk>) -> Self {
        Self { tool_call_id: tool_call_id.into(), progress: Some(progress), ..self.clone() }
    }

    pub fn tenant_id(&self) -> &str {
        &self.caller.tenant_id
    }

    pub fn facility_id(&self) -> &str {
        &self.caller.facility_id
    }

    pub fn user_id(&self) -> &str {
        &self.caller.user_id
    }

    pub fn timezone(&self) -> &str {
        &self.caller.timezone
    }

    /// Sends a `data-NAME` part to the client; parts with the same id replace each other.
    pub fn progress(&self, name: &str, id: &str, data: Value) {
        if let Some(tx) = &self.progress {
            let _ = tx.send(DataChunk::new(name, Some(id.into()), data).into());
        }
    }

    /// Runs a sub-agent turn for this call, bounded in depth; Stop cancels it with the rest.
    pub async fn run_sub_agent(&self, request: SubAgentRequest) -> Result<SubAgentOutcome, ToolError> {
        if self.depth >= MAX_NESTING {
            return Err(ToolError::Failed(format!("{TOO_DEEP} {MAX_NESTING} levels deep; this one would be level {}", self.depth + 1)));
        }
        let runner = self.runner.clone().ok_or_else(|| ToolError::Failed("Sub-agents cannot run here".into()))?;
        runner.run(request, self).await
    }

    /// The context a sub-agent's own tool calls run in: one level deeper, the same
    /// cancellation (Stop ends the whole tree).
    pub fn nested(&self) -> Self {
        Self { depth: self.depth + 1, progress: None, tool_call_id: String::new(), ..self.clone() }
    }
}
