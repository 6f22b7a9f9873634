//! Typed tools: the input is a Rust type whose JSON Schema is derived, the output a Rust
//! type exported to the web app (`web/src/generated/tools/`), so a card reads exactly what
//! the tool writes. [`typed`] adapts one to the [`Tool`] trait.

use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::context::{Caller, ToolContext};
use crate::lang::Lang;
use crate::registry::Scope;
use crate::tool::{Tool, ToolError, TypeRef, Wire};
use ts_rs::TS;

pub trait TypedTool: Send + Sync + 'static {
    /// `Serialize` too: the offline model writes the arguments it fills as JSON. `TS`
    /// with `#[ts(export_to = "tools/<family>/")]`: the cards read these types.
    type Input: Serialize + DeserializeOwned + JsonSchema + TS + Send + 'static;
    type Output: Serialize + DeserializeOwned + JsonSchema + TS + Send + 'static;

    /// The tool's name as models and cards know it (`weatherTool`).
    const NAME: &'static str;

    fn description(&self) -> &str;
    fn call<'a>(&'a self, input: Self::Input, ctx: &'a ToolContext) -> BoxFuture<'a, Result<Self::Output, ToolError>>;

    fn keywords(&self) -> &[&str] {
        &[]
    }
    fn runs_on_client(&self) -> bool {
        false
    }
    fn timeout(&self) -> Duration {
        Duration::from_secs(60)
    }
    /// The offline model's arguments for a user's words. By default the empty input, when
    /// the tool takes one.
    fn offline_input(&self, _text: &str, _ctx: &ToolContext) -> Option<Self::Input> {
        serde_json::from_value(Value::Object(Default::default())).ok()
    }
    fn summarize(&self, _output: &Self::Output, _lang: Lang) -> Option<String> {
        None
    }
    fn title(&self, _lang: Lang) -> Option<&'static str> {
        None
    }
    fn needs_approval(&self, _input: &Self::Input, _scope: &Scope<'_>) -> bool {
        false
    }
    /// See [`Tool::precheck`].
    fn precheck<'a>(&'a self, _input: &'a Self::Input, _ctx: &'a ToolContext) -> BoxFuture<'a, Result<(), ToolError>> {
        Box::pin(std::future::ready(Ok(())))
    }
    /// See [`Tool::summarize_call`].
    fn summarize_call(&self, _input: &Self::Input, output: &Self::Output, lang: Lang) -> Option<String> {
        self.summarize(output, lang)
    }
    /// See [`Tool::offline_follow_up`].
    fn offline_follow_up(&self, _text: &str, _answers: &Value, _ctx: &ToolContext) -> Option<Self::Input> {
        None
    }
    fn offered<'a>(&'a self, _scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        Box::pin(std::future::ready(true))
    }
    fn prompt_note(&self) -> Option<&str> {
        None
    }
    /// See [`Tool::setup_hint`].
    fn setup_hint(&self, _lang: Lang) -> Option<&'static str> {
        None
    }
    /// See [`Tool::turn_context`].
    fn turn_context<'a>(&'a self, _caller: &'a Caller, _question: &'a str, _budget: usize) -> BoxFuture<'a, Option<String>> {
        Box::pin(std::future::ready(None))
    }
}

/// The JSON Schema of `T` as tools offer it to models: draft 7, every sub-schema inlined
/// (some providers take no `$ref`), without the `$schema` and `title` keys.
pub fn schema_of<T: JsonSchema>() -> Value {
    let generator = schemars::generate::SchemaSettings::draft07().with(|s| s.inline_subschemas = true).into_generator();
    let mut schema = generator.into_root_schema_for::<T>().to_value();
    if let Some(object) = schema.as_object_mut() {
        object.remove("$schema");
        object.remove("title");
    }
    schema
}

/// A typed tool as a [`Tool`].
pub fn typed<T: TypedTool>(tool: T) -> Arc<dyn Tool> {
    Arc::new(Typed { tool, input_schema: schema_of::<T::Input>() })
}

struct Typed<T: TypedTool> {
    tool: T,
    input_schema: Value,
}

/// The first problem serde finds, as a sentence naming the tool.
fn mismatch(name: &str, what: &str, err: serde_json::Error) -> ToolError {
    ToolError::Invalid(format!("The {what} of {name} does not match its type: {err}"))
}

impl<T: TypedTool> Tool for Typed<T> {
    fn name(&self) -> &str {
        T::NAME
    }
    fn description(&self) -> &str {
        self.tool.description()
    }
    fn input_schema(&self) -> Value {
        self.input_schema.clone()
    }
    fn check_output(&self, output: &Value) -> Result<(), ToolError> {
        T::Output::deserialize(output).map(drop).map_err(|e| mismatch(T::NAME, "result", e))
    }
    fn keywords(&self) -> &[&str] {
        self.tool.keywords()
    }
    fn runs_on_client(&self) -> bool {
        self.tool.runs_on_client()
    }
    fn timeout(&self) -> Duration {
        self.tool.timeout()
    }
    fn execute<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            let input: T::Input = serde_json::from_value(input).map_err(|e| mismatch(T::NAME, "input", e))?;
            let output = self.tool.call(input, ctx).await?;
            serde_json::to_value(output).map_err(|e| ToolError::Failed(format!("{} wrote a result that cannot be sent: {e}", T::NAME)))
        })
    }
    fn offline_input(&self, text: &str, ctx: &ToolContext) -> Option<Value> {
        self.tool.offline_input(text, ctx).and_then(|input| serde_json::to_value(input).ok())
    }
    fn summarize(&self, output: &Value, lang: Lang) -> Option<String> {
        let output = T::Output::deserialize(output).ok()?;
        self.tool.summarize(&output, lang)
    }
    fn title(&self, lang: Lang) -> Option<&'static str> {
        self.tool.title(lang)
    }
    fn needs_approval(&self, input: &Value, scope: &Scope<'_>) -> bool {
        // An input that does not parse never runs, so it needs no approval either.
        T::Input::deserialize(input).is_ok_and(|input| self.tool.needs_approval(&input, scope))
    }
    fn precheck<'a>(&'a self, input: &'a Value, ctx: &'a ToolContext) -> BoxFuture<'a, Result<(), ToolError>> {
        Box::pin(async move {
            let input = T::Input::deserialize(input).map_err(|e| mismatch(T::NAME, "input", e))?;
            self.tool.precheck(&input, ctx).await
        })
    }
    fn summarize_call(&self, input: &Value, output: &Value, lang: Lang) -> Option<String> {
        let output = T::Output::deserialize(output).ok()?;
        match T::Input::deserialize(input) {
            Ok(input) => self.tool.summarize_call(&input, &output, lang),
            Err(_) => self.tool.summarize(&output, lang),
        }
    }
    fn offline_follow_up(&self, text: &str, answers: &Value, ctx: &ToolContext) -> Option<Value> {
        self.tool.offline_follow_up(text, answers, ctx).and_then(|input| serde_json::to_value(input).ok())
    }
    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.tool.offered(scope)
    }
    fn prompt_note(&self) -> Option<&str> {
        self.tool.prompt_note()
    }
    fn setup_hint(&self, lang: Lang) -> Option<&'static str> {
        self.tool.setup_hint(lang)
    }
    fn turn_context<'a>(&'a self, caller: &'a Caller, question: &'a str, budget: usize) -> BoxFuture<'a, Option<String>> {
        self.tool.turn_context(caller, question, budget)
    }
    fn wire(&self, cfg: &ts_rs::Config) -> Option<Wire> {
        let type_ref = |name: String, path: Option<std::path::PathBuf>| TypeRef { name, path };
        Some(Wire { input: type_ref(T::Input::ident(cfg), T::Input::output_path()), output: type_ref(T::Output::ident(cfg), T::Output::output_path()) })
    }
    fn export_types(&self, cfg: &ts_rs::Config) -> Result<(), ts_rs::ExportError> {
        T::Input::export_all(cfg)?;
        T::Output::export_all(cfg)
    }
}
