//! The [`Tool`] trait: what the agent loop and the offline model call. Families rarely
//! implement it by hand: a [`crate::TypedTool`] (typed input and output) is adapted to it.

use std::time::Duration;

use futures::future::BoxFuture;
use serde_json::Value;

use crate::context::{Caller, ToolContext};
use crate::lang::Lang;
use crate::registry::Scope;

/// The error of a call that Stop ended before it finished. The stored part also carries
/// `resultProviderMetadata.waybill.stopped`, which cards show as a stopped state.
pub const STOPPED_ERROR: &str = "Stopped before it finished";

/// The top-level key of a tool output that is for the card only: the model is given the
/// output without it (a response too large for the model's context, kept whole for the
/// card, say).
pub const CARD_ONLY: &str = "cardOnly";

/// How the error of a check before approval begins when values the call needs are
/// missing: the model (and the offline model) then asks the user for them, with a form
/// where one fits, instead of asking to approve a call that cannot work.
pub const MISSING_VALUES: &str = "Values this call needs are missing:";

/// The error of a check before approval that found values missing; `detail` names them.
pub fn missing_values(detail: &str) -> ToolError {
    ToolError::Invalid(format!("{MISSING_VALUES} {detail}"))
}

/// Whether a call's error text says values are missing (see [`missing_values`]).
pub fn is_missing_values(error: &str) -> bool {
    error.starts_with(MISSING_VALUES)
}

/// A tool output as the model is given it: without its [`CARD_ONLY`] part.
pub fn for_model(output: Value) -> Value {
    match output {
        Value::Object(mut map) if map.contains_key(CARD_ONLY) => {
            map.remove(CARD_ONLY);
            Value::Object(map)
        }
        other => other,
    }
}

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum ToolError {
    /// The input (or a client's result) is not what the tool takes.
    #[error("{0}")]
    Invalid(String),
    /// The tool ran and failed; the text is for the user and the model.
    #[error("{0}")]
    Failed(String),
}

pub trait Tool: Send + Sync {
    fn name(&self) -> &str;
    fn description(&self) -> &str;
    /// JSON Schema of the input object.
    fn input_schema(&self) -> Value;
    /// Checks an output that did not come from [`Tool::execute`] (a client tool's result
    /// posted by the browser) against the tool's output type.
    fn check_output(&self, _output: &Value) -> Result<(), ToolError> {
        Ok(())
    }
    /// Words that make the offline model pick this tool.
    fn keywords(&self) -> &[&str] {
        &[]
    }
    /// Client tools (forms, camera capture) end the turn; the client posts their result.
    fn runs_on_client(&self) -> bool {
        false
    }
    /// How long a call may run before it is abandoned.
    fn timeout(&self) -> Duration {
        Duration::from_secs(60)
    }
    fn execute<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>>;
    /// The offline model's arguments for a user's words; `None` when it cannot fill them.
    fn offline_input(&self, _text: &str, _ctx: &ToolContext) -> Option<Value> {
        Some(Value::Object(Default::default()))
    }
    /// A sentence about a result in `lang`, for the offline model's answer.
    fn summarize(&self, _output: &Value, _lang: Lang) -> Option<String> {
        None
    }
    /// Like [`Tool::summarize`], knowing the call's input too (a form's field labels).
    fn summarize_call(&self, _input: &Value, output: &Value, lang: Lang) -> Option<String> {
        self.summarize(output, lang)
    }
    /// The offline model's arguments for carrying out what a submitted form was asked for:
    /// `text` is the user's words that asked for it, `answers` the form's result (its
    /// values and the labels of what was picked). `None` when this tool does not.
    fn offline_follow_up(&self, _text: &str, _answers: &Value, _ctx: &ToolContext) -> Option<Value> {
        None
    }
    /// What the tool does, as a user would name it in `lang` ("The weather lookup"), for
    /// the offline model's sentences; without one it is named after `name()`.
    fn title(&self, _lang: Lang) -> Option<&'static str> {
        None
    }
    /// Whether this call changes something the user must agree to first. The agent loop
    /// then streams an approval request instead of running it.
    fn needs_approval(&self, _input: &Value, _scope: &Scope<'_>) -> bool {
        false
    }
    /// Everything that can be checked before the user is asked to approve the call: the
    /// agent loop runs it first, and an error becomes the call's result (no approval is
    /// asked), so only a call that would run is offered. Use [`missing_values`] when the
    /// user has values to give.
    fn precheck<'a>(&'a self, _input: &'a Value, _ctx: &'a ToolContext) -> BoxFuture<'a, Result<(), ToolError>> {
        Box::pin(std::future::ready(Ok(())))
    }
    /// Whether the tool is offered to this turn (a tenant's registered systems, a chat's
    /// workspace, a sub-agent's subset). Ready at once for most tools.
    fn offered<'a>(&'a self, _scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        Box::pin(std::future::ready(true))
    }
    /// A line for the system prompt, added only when the tool is offered.
    fn prompt_note(&self) -> Option<&str> {
        None
    }
    /// How to make this tool available, in `lang`, for someone who asks for it while it is
    /// not offered because its service is not configured (web search without a provider).
    /// The offline model says it.
    fn setup_hint(&self, _lang: Lang) -> Option<&'static str> {
        None
    }
    /// What the tool knows that bears on the user's question, for the system prompt at the
    /// start of a turn (memories that match it), within `budget` characters. Quoted as data.
    fn turn_context<'a>(&'a self, _caller: &'a Caller, _question: &'a str, _budget: usize) -> BoxFuture<'a, Option<String>> {
        Box::pin(std::future::ready(None))
    }
    /// The TypeScript types of the input and output, for typed tools.
    fn wire(&self, _cfg: &ts_rs::Config) -> Option<Wire> {
        None
    }
    /// Writes the input and output types (and what they use) under the config's folder.
    fn export_types(&self, _cfg: &ts_rs::Config) -> Result<(), ts_rs::ExportError> {
        Ok(())
    }
}

/// A TypeScript type: its name and the file it is written to, relative to the export folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeRef {
    pub name: String,
    pub path: Option<std::path::PathBuf>,
}

/// The TypeScript types of a tool's input and output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wire {
    pub input: TypeRef,
    pub output: TypeRef,
}
