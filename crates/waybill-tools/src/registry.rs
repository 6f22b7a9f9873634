//! Every registered tool by name ([`Registry`], built once, schemas compiled once), and
//! the tools one turn is offered ([`Toolset`]), resolved per request from a [`Scope`].
//! Inputs are validated against each tool's JSON schema before it runs; a bad input, an
//! error, a panic or a timeout becomes an error result the model sees, never a crash.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::FutureExt;
use serde_json::Value;

use crate::context::{Caller, ToolContext};
use crate::tool::{STOPPED_ERROR, Tool, ToolError};

struct Entry {
    tool: Arc<dyn Tool>,
    /// The family that registered it; empty for tools registered alone (tests).
    family: &'static str,
    validator: jsonschema::Validator,
}

/// How a sub-agent's subset names every tool of a family, present and future:
/// `family:systems`.
pub const FAMILY_PREFIX: &str = "family:";

impl Entry {
    /// Whether a subset entry (a tool name or `family:<name>`) names this tool.
    fn named_by(&self, wanted: &str) -> bool {
        match wanted.strip_prefix(FAMILY_PREFIX) {
            Some(family) => !self.family.is_empty() && family == self.family,
            None => wanted == self.tool.name(),
        }
    }
}

/// What a turn's toolset is resolved from.
#[derive(Clone, Copy)]
pub struct Scope<'a> {
    pub caller: &'a Caller,
    pub chat_id: &'a str,
    pub model_id: &'a str,
    /// A sub-agent's subset: tool names, or whole families as `family:<name>`
    /// ([`FAMILY_PREFIX`]); `None` for the main turn.
    pub only: Option<&'a [String]>,
}

/// The tools offered, by name.
#[derive(Clone, Default)]
pub struct Registry {
    tools: Arc<BTreeMap<String, Arc<Entry>>>,
}

impl Registry {
    /// Builds the registry; a tool whose schema does not compile, or two tools of one
    /// name, are programming errors.
    pub fn new(tools: Vec<Arc<dyn Tool>>) -> Self {
        Self::of_families(tools.into_iter().map(|tool| ("", tool)).collect())
    }

    /// Builds the registry from tools tagged with the family that registered them, so a
    /// sub-agent's subset can name a family and gain the tools it adds later.
    pub fn of_families(tools: Vec<(&'static str, Arc<dyn Tool>)>) -> Self {
        let mut map = BTreeMap::new();
        for (family, tool) in tools {
            let validator = jsonschema::validator_for(&tool.input_schema()).unwrap_or_else(|e| panic!("the input schema of {} is invalid: {e}", tool.name()));
            let name = tool.name().to_owned();
            assert!(!map.contains_key(&name), "two tools are named {name}");
            map.insert(name, Arc::new(Entry { tool, family, validator }));
        }
        Self { tools: Arc::new(map) }
    }

    pub fn get(&self, name: &str) -> Option<&Arc<dyn Tool>> {
        self.tools.get(name).map(|e| &e.tool)
    }

    /// The family that registered the tool `name` (empty for tools registered alone).
    pub fn family_of(&self, name: &str) -> Option<&'static str> {
        self.tools.get(name).map(|e| e.family)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn Tool>> {
        self.tools.values().map(|e| &e.tool)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.tools.keys().map(String::as_str)
    }

    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// The tools offered to a turn: those `scope` allows (a sub-agent's subset) that say
    /// they are offered to it, asked together.
    pub async fn toolset(&self, scope: &Scope<'_>) -> Toolset {
        let candidates: Vec<&Arc<Entry>> = self.tools.values().filter(|e| scope.only.is_none_or(|only| only.iter().any(|n| e.named_by(n)))).collect();
        let offered = futures::future::join_all(candidates.iter().map(|e| e.tool.offered(scope))).await;
        let names = candidates.into_iter().zip(offered).filter(|(_, yes)| *yes).map(|(e, _)| e.tool.name().to_owned()).collect();
        Toolset { registry: self.clone(), names }
    }

    /// Every tool, offered whatever the scope (tests, tools that need no resolution).
    pub fn everything(&self) -> Toolset {
        Toolset { registry: self.clone(), names: self.tools.keys().cloned().collect() }
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
        if problems.is_empty() { Ok(()) } else { Err(ToolError::Invalid(format!("Invalid input for {name}: {}", problems.join("; ")))) }
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

/// The tools one turn is offered.
#[derive(Clone)]
pub struct Toolset {
    registry: Registry,
    names: Vec<String>,
}

impl Toolset {
    /// No tools at all (a request that asks for none).
    pub fn none(registry: &Registry) -> Self {
        Self { registry: registry.clone(), names: Vec::new() }
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn contains(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }

    /// The offered tools.
    pub fn tools(&self) -> impl Iterator<Item = &Arc<dyn Tool>> {
        self.names.iter().filter_map(|n| self.registry.get(n))
    }

    /// A tool of this toolset; tools not offered to the turn are not found.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn Tool>> {
        if self.contains(name) { self.registry.get(name) } else { None }
    }

    /// The system prompt's lines from the offered tools.
    pub fn prompt_notes(&self) -> Vec<&str> {
        self.tools().filter_map(|t| t.prompt_note()).collect()
    }

    /// What the offered tools know that bears on `question`, each within `budget` characters.
    pub async fn turn_context(&self, caller: &Caller, question: &str, budget: usize) -> Vec<String> {
        let mut found = Vec::new();
        for tool in self.tools() {
            if let Some(context) = tool.turn_context(caller, question, budget).await {
                found.push(context);
            }
        }
        found
    }

    /// Validates and runs a call of an offered tool.
    pub async fn run(&self, name: &str, input: Value, ctx: &ToolContext) -> Result<Value, ToolError> {
        if !self.contains(name) {
            return Err(ToolError::Invalid(format!("There is no tool named {name} in this conversation")));
        }
        self.registry.run(name, input, ctx).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::future::BoxFuture;
    use serde_json::json;
    use std::time::Duration;

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
        fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
            Box::pin(async move { scope.caller.tenant_id != "closed" })
        }
    }

    fn ctx() -> ToolContext {
        ToolContext::detached()
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
        impl crate::context::CallAdmission for Closed {
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

    #[tokio::test]
    async fn a_toolset_holds_what_the_scope_is_offered_and_runs_nothing_else() {
        let registry = Registry::new(vec![Arc::new(Flaky("a")), Arc::new(Flaky("b"))]);
        let open = Caller { tenant_id: "open".into(), ..Caller::default() };
        let closed = Caller { tenant_id: "closed".into(), ..Caller::default() };
        let scope = |caller| Scope { caller, chat_id: "c", model_id: "m", only: None };
        assert_eq!(registry.toolset(&scope(&open)).await.names(), ["a", "b"]);
        assert!(registry.toolset(&scope(&closed)).await.names().is_empty(), "the tools said no to this tenant");
        let only = vec!["b".to_owned()];
        let sub = registry.toolset(&Scope { only: Some(&only), ..scope(&open) }).await;
        assert_eq!(sub.names(), ["b"]);
        assert!(sub.get("a").is_none());
        assert!(sub.run("a", json!({"n": 5}), &ctx()).await.unwrap_err().to_string().contains("no tool named a"));
        assert_eq!(sub.run("b", json!({"n": 5}), &ctx()).await.unwrap(), json!({"n": 5}));
    }

    #[tokio::test]
    async fn a_subset_may_name_a_family_and_gets_every_tool_it_registered() {
        let registry = Registry::of_families(vec![("yard", Arc::new(Flaky("a"))), ("yard", Arc::new(Flaky("b"))), ("dock", Arc::new(Flaky("c")))]);
        let caller = Caller { tenant_id: "open".into(), ..Caller::default() };
        let only = vec!["family:yard".to_owned(), "c".to_owned()];
        let scope = Scope { caller: &caller, chat_id: "c", model_id: "m", only: Some(&only) };
        assert_eq!(registry.toolset(&scope).await.names(), ["a", "b", "c"]);
        let only = vec!["family:dock".to_owned(), "family:nowhere".to_owned()];
        assert_eq!(registry.toolset(&Scope { only: Some(&only), ..scope }).await.names(), ["c"]);
        assert_eq!(registry.family_of("b"), Some("yard"));
        // Tools registered alone belong to no family, not to an empty-named one.
        let alone = Registry::new(vec![Arc::new(Flaky("a"))]);
        let only = vec!["family:".to_owned()];
        assert!(alone.toolset(&Scope { only: Some(&only), ..scope }).await.names().is_empty());
    }
}
