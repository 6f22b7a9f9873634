//! The tool seam: one [`Tool`] trait and a [`Registry`] whose contents follow
//! configuration. Inputs are validated against each tool's JSON schema before it runs;
//! a bad input, an error, a panic or a timeout becomes an error result the model sees,
//! never a crash.

mod task;
mod thinking;
mod time;
mod weather;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use futures::FutureExt;
use futures::future::BoxFuture;
use serde_json::Value;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

pub use task::TaskCompletedTool;
pub use thinking::SequentialThinkingTool;
pub use time::TimeTool;
pub use weather::{DEFAULT_FORECAST_URL, DEFAULT_GEOCODING_URL, WeatherTool};

use crate::lang::Lang;
use crate::ui_stream::{DataChunk, UiChunk};

/// Who runs a tool call, and how it reports progress.
#[derive(Clone)]
pub struct ToolContext {
    pub tenant_id: String,
    pub facility_id: String,
    pub user_id: String,
    /// IANA time zone of the user (from `X-Timezone`), `UTC` when unknown.
    pub timezone: String,
    pub chat_id: String,
    pub tool_call_id: String,
    pub cancel: CancellationToken,
    /// Decides whether each call may run now (quotas); none admits every call.
    pub admission: Option<Arc<dyn CallAdmission>>,
    progress: Option<mpsc::UnboundedSender<UiChunk>>,
}

/// Whether a tool call may run now. A refusal is the call's error: the model and the
/// card see why, and the turn goes on.
pub trait CallAdmission: Send + Sync {
    fn admit(&self, ctx: &ToolContext, tool: &str) -> Result<(), ToolError>;
}

impl ToolContext {
    pub fn new(tenant_id: &str, facility_id: &str, user_id: &str, timezone: &str, chat_id: &str) -> Self {
        Self {
            tenant_id: tenant_id.into(),
            facility_id: facility_id.into(),
            user_id: user_id.into(),
            timezone: timezone.into(),
            chat_id: chat_id.into(),
            tool_call_id: String::new(),
            cancel: CancellationToken::new(),
            admission: None,
            progress: None,
        }
    }

    pub fn for_call(&self, tool_call_id: &str, progress: mpsc::UnboundedSender<UiChunk>) -> Self {
        Self { tool_call_id: tool_call_id.into(), progress: Some(progress), ..self.clone() }
    }

    /// Sends a `data-NAME` part to the client; parts with the same id replace each other.
    pub fn progress(&self, name: &str, id: &str, data: Value) {
        if let Some(tx) = &self.progress {
            let _ = tx.send(DataChunk::new(name, Some(id.into()), data).into());
        }
    }
}

/// The error of a call that Stop ended before it finished. The stored part also carries
/// `resultProviderMetadata.waybill.stopped`, which cards show as a stopped state.
pub const STOPPED_ERROR: &str = "Stopped before it finished";

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum ToolError {
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    Failed(String),
}

pub trait Tool: Send + Sync {
    fn name(&self) -> &str;
    fn description(&self) -> &str;
    /// JSON Schema of the input object.
    fn input_schema(&self) -> Value;
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
    /// What the tool does, as a user would name it in `lang` ("The weather lookup"), for
    /// the offline model's sentences; without one it is named after `name()`.
    fn title(&self, _lang: Lang) -> Option<&'static str> {
        None
    }
}

struct Entry {
    tool: Arc<dyn Tool>,
    validator: jsonschema::Validator,
}

/// The tools that need no configuration, services or network.
pub fn builtin_tools() -> Vec<Arc<dyn Tool>> {
    vec![Arc::new(TimeTool), Arc::new(SequentialThinkingTool), Arc::new(TaskCompletedTool)]
}

/// The tools offered in a chat, by name.
#[derive(Clone, Default)]
pub struct Registry {
    tools: Arc<BTreeMap<String, Arc<Entry>>>,
}

impl Registry {
    /// Builds the registry; a tool whose schema does not compile is a programming error.
    pub fn new(tools: Vec<Arc<dyn Tool>>) -> Self {
        let tools = tools
            .into_iter()
            .map(|tool| {
                let validator = jsonschema::validator_for(&tool.input_schema())
                    .unwrap_or_else(|e| panic!("the input schema of {} is invalid: {e}", tool.name()));
                (tool.name().to_owned(), Arc::new(Entry { tool, validator }))
            })
            .collect();
        Self { tools: Arc::new(tools) }
    }

    /// A registry of the built-in tools that need no configuration.
    pub fn builtin() -> Self {
        Self::new(builtin_tools())
    }

    pub fn get(&self, name: &str) -> Option<&Arc<dyn Tool>> {
        self.tools.get(name).map(|e| &e.tool)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn Tool>> {
        self.tools.values().map(|e| &e.tool)
    }

    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// Checks `input` against the tool's schema, naming every problem.
    pub fn validate(&self, name: &str, input: &Value) -> Result<(), ToolError> {
        let entry = self.tools.get(name).ok_or_else(|| ToolError::Invalid(format!("There is no tool named {name}")))?;
        let problems: Vec<String> = entry
            .validator
            .iter_errors(input)
            .map(|e| {
                let at = e.instance_path().to_string();
                if at.is_empty() { e.to_string() } else { format!("{at}: {e}") }
            })
            .collect();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(ToolError::Invalid(format!("Invalid input for {name}: {}", problems.join("; "))))
        }
    }

    /// Validates and runs a call, turning panics, timeouts and cancellation into errors.
    pub async fn run(&self, name: &str, input: Value, ctx: &ToolContext) -> Result<Value, ToolError> {
        self.validate(name, &input)?;
        if let Some(admission) = &ctx.admission {
            admission.admit(ctx, name)?;
        }
        let tool = self.get(name).cloned().ok_or_else(|| ToolError::Invalid(format!("There is no tool named {name}")))?;
        let timeout = tool.timeout();
        let ctx = ctx.clone();
        let cancel = ctx.cancel.clone();
        // A task of its own, so a panicking tool is caught at the join.
        let task = tokio::spawn(async move { std::panic::AssertUnwindSafe(tool.execute(input, &ctx)).catch_unwind().await });
        let abort = task.abort_handle();
        // Cancellation wins over a result that lands at the same moment: a tool that
        // watches the token itself still reads as cancelled.
        tokio::select! {
            biased;
            _ = cancel.cancelled() => {
                abort.abort();
                Err(ToolError::Failed(STOPPED_ERROR.into()))
            }
            joined = tokio::time::timeout(timeout, task) => match joined {
                Ok(Ok(Ok(result))) => result,
                Ok(Ok(Err(_))) | Ok(Err(_)) => {
                    tracing::error!(tool = name, "tool panicked");
                    Err(ToolError::Failed(format!("{name} failed unexpectedly")))
                }
                Err(_) => {
                    abort.abort();
                    Err(ToolError::Failed(format!("{name} did not finish within {} seconds", timeout.as_secs())))
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    struct Flaky(&'static str);

    impl Tool for Flaky {
        fn name(&self) -> &str {
            self.0
        }
        fn description(&self) -> &str {
            "test"
        }
        fn input_schema(&self) -> Value {
            json!({"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}}, "required": ["n"], "additionalProperties": false})
        }
        fn timeout(&self) -> Duration {
            Duration::from_millis(50)
        }
        fn execute<'a>(&'a self, input: Value, _: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
            Box::pin(async move {
                match input["n"].as_i64() {
                    Some(0) => panic!("boom"),
                    Some(1) => std::future::pending().await,
                    Some(2) => Err(ToolError::Failed("no such dock".into())),
                    n => Ok(json!({"n": n})),
                }
            })
        }
    }

    fn ctx() -> ToolContext {
        ToolContext::new("t", "f", "u", "UTC", "c")
    }

    #[tokio::test]
    async fn bad_input_panics_timeouts_and_errors_become_errors() {
        let registry = Registry::new(vec![Arc::new(Flaky("flaky"))]);
        let err = registry.run("flaky", json!({"n": "x", "extra": 1}), &ctx()).await.unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("Invalid input for flaky") && text.contains("/n") && text.contains("extra"), "{text}");
        assert_eq!(registry.run("flaky", json!({"n": 0}), &ctx()).await.unwrap_err().to_string(), "flaky failed unexpectedly");
        assert!(registry.run("flaky", json!({"n": 1}), &ctx()).await.unwrap_err().to_string().contains("did not finish"));
        assert_eq!(registry.run("flaky", json!({"n": 2}), &ctx()).await.unwrap_err().to_string(), "no such dock");
        assert_eq!(registry.run("flaky", json!({"n": 5}), &ctx()).await.unwrap(), json!({"n": 5}));
        assert!(registry.run("nope", json!({}), &ctx()).await.is_err());
    }

    #[tokio::test]
    async fn a_refused_admission_is_the_calls_error_and_nothing_runs() {
        struct Closed;
        impl CallAdmission for Closed {
            fn admit(&self, _: &ToolContext, tool: &str) -> Result<(), ToolError> {
                Err(ToolError::Failed(format!("{tool} is over its quota")))
            }
        }
        let registry = Registry::new(vec![Arc::new(Flaky("flaky"))]);
        let mut ctx = ctx();
        ctx.admission = Some(Arc::new(Closed));
        assert_eq!(registry.run("flaky", json!({"n": 0}), &ctx).await.unwrap_err().to_string(), "flaky is over its quota", "the panicking call never ran");
        assert!(registry.run("flaky", json!({"n": "bad"}), &ctx).await.unwrap_err().to_string().starts_with("Invalid input"), "bad input is refused first");
    }

    #[tokio::test]
    async fn cancellation_stops_a_running_tool() {
        let registry = Registry::new(vec![Arc::new(Flaky("flaky"))]);
        let ctx = ctx();
        ctx.cancel.cancel();
        assert_eq!(registry.run("flaky", json!({"n": 1}), &ctx).await.unwrap_err().to_string(), STOPPED_ERROR);
    }
}
