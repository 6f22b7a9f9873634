//! The proving-ground family: registered only when tests ask for it
//! (`[testing] proving_family`, `WAYBILL_PROVING_FAMILY`). Each tool exercises one seam of
//! the platform end to end, in the browser as in Rust tests, on the offline model:
//!
//! - `provingMarkTool` changes something (a row in the family's own table) and so asks
//!   for the user's approval first ("put a proving mark on …");
//! - `provingAskTool` runs in the browser: its card asks the user and posts the answer
//!   ("ask me for a dock number");
//! - `provingCountTool` streams `data-proving-count` parts into its card as it counts
//!   ("count to five");
//! - `provingDelegateTool` runs a sub-agent turn with the counting tool and itself, so
//!   nesting and its bound can be seen ("delegate: count to three").

use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use ts_rs::TS;
use waybill_store::Store;
use waybill_tools::codes::ErrorCode;
use waybill_tools::lang::Lang;
use waybill_tools::{Family, Migrations, Scope, Services, SubAgentRequest, Tool, ToolContext, ToolError, TypedTool, typed};

/// Whether the tenant asking is among `only` (or `only` is empty).
fn offered_to<'a>(only: &'a [String], scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
    Box::pin(std::future::ready(only.is_empty() || only.contains(&scope.caller.tenant_id)))
}

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./src/proving/migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./src/proving/migrations/postgres");

/// The family's one error code, so the generated union of codes shows families' codes.
pub const MARK_REFUSED: ErrorCode = ErrorCode::new("proving_mark_refused", 422, "The proving mark's label is not one it takes");

pub struct Proving;

/// `[tools.proving]`.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ProvingConfig {
    /// Offer the proving tools only to these tenants (empty: to every tenant), which shows
    /// a turn's tools being resolved from who asks.
    pub only_tenants: Vec<String>,
}

impl Family for Proving {
    const NAME: &'static str = "proving";
    type Config = ProvingConfig;

    fn tools(&self, config: &ProvingConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let only = Arc::new(config.only_tenants.clone());
        vec![
            typed(MarkTool { store: services.store.clone(), only: only.clone() }),
            typed(AskTool { only: only.clone() }),
            typed(CountTool { only: only.clone() }),
            typed(DelegateTool { only }),
        ]
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &SQLITE, postgres: &POSTGRES })
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        &[MARK_REFUSED]
    }
}

/// The words after the colon of "…: words", if any.
fn after_colon(text: &str) -> Option<String> {
    text.split_once([':', '：']).map(|(_, rest)| rest.trim().to_owned()).filter(|rest| !rest.is_empty())
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/proving/")]
pub struct MarkInput {
    /// What the mark says
    #[schemars(length(min = 1, max = 200))]
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/proving/")]
pub struct MarkReport {
    pub mark_id: String,
    pub label: String,
    /// How many marks this user has now.
    pub marks: i64,
}

pub struct MarkTool {
    store: Store,
    only: Arc<Vec<String>>,
}

impl TypedTool for MarkTool {
    type Input = MarkInput;
    type Output = MarkReport;
    const NAME: &'static str = "provingMarkTool";

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        offered_to(&self.only, scope)
    }

    fn prompt_note(&self) -> Option<&str> {
        Some("Proving marks change stored data: the user approves each one before it is made.")
    }

    fn description(&self) -> &str {
        "Put a proving mark with a label in the proving table. It changes stored data, so the user approves it first."
    }

    fn keywords(&self) -> &[&str] {
        &["proving mark", "mark"]
    }

    fn needs_approval(&self, _: &MarkInput, _: &Scope<'_>) -> bool {
        true
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<MarkInput> {
        Some(MarkInput { label: after_colon(text).unwrap_or_else(|| "proving".into()) })
    }

    fn call<'a>(&'a self, input: MarkInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<MarkReport, ToolError>> {
        Box::pin(async move {
            let failed = |e: sqlx::Error| {
                tracing::error!(error = %e, "the proving mark was not stored");
                ToolError::Failed("The mark could not be stored".into())
            };
            let id = format!("mark_{}", uuid::Uuid::now_v7().simple());
            sqlx::query("INSERT INTO proving_marks (id, tenant_id, user_id, label, created_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(&id)
                .bind(ctx.tenant_id())
                .bind(ctx.user_id())
                .bind(&input.label)
                .bind(waybill_store::now_ms())
                .execute(self.store.writes())
                .await
                .map_err(failed)?;
            let marks: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM proving_marks WHERE tenant_id = $1 AND user_id = $2")
                .bind(ctx.tenant_id())
                .bind(ctx.user_id())
                .fetch_one(self.store.reads())
                .await
                .map_err(failed)?;
            Ok(MarkReport { mark_id: id, label: input.label, marks })
        })
    }

    fn summarize(&self, output: &MarkReport, _: Lang) -> Option<String> {
        Some(format!("Marked “{}” ({} marks in all).", output.label, output.marks))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/proving/")]
pub struct AskInput {
    /// What to ask the user
    #[schemars(length(min = 1, max = 200))]
    pub question: String,
}

/// What the browser posts back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/proving/")]
pub struct AskAnswer {
    #[schemars(length(min = 1, max = 200))]
    pub answer: String,
}

pub struct AskTool {
    only: Arc<Vec<String>>,
}

impl TypedTool for AskTool {
    type Input = AskInput;
    type Output = AskAnswer;
    const NAME: &'static str = "provingAskTool";

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        offered_to(&self.only, scope)
    }

    fn description(&self) -> &str {
        "Ask the user a question in the card and wait for the answer they type."
    }

    fn keywords(&self) -> &[&str] {
        &["ask me"]
    }

    fn runs_on_client(&self) -> bool {
        true
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<AskInput> {
        Some(AskInput { question: after_colon(text).unwrap_or_else(|| text.trim().to_owned()) })
    }

    fn call<'a>(&'a self, _: AskInput, _: &'a ToolContext) -> BoxFuture<'a, Result<AskAnswer, ToolError>> {
        Box::pin(std::future::ready(Err(ToolError::Failed("provingAskTool runs in the browser".into()))))
    }

    fn summarize(&self, output: &AskAnswer, _: Lang) -> Option<String> {
        Some(format!("You answered “{}”.", output.answer))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/proving/")]
pub struct CountInput {
    /// Count from 1 to this
    #[schemars(range(min = 1, max = 20))]
    pub to: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/proving/")]
pub struct CountReport {
    pub counted: u32,
}

/// The `data-proving-count` part streamed while counting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export, export_to = "tools/proving/")]
pub struct CountProgress {
    pub at: u32,
    pub to: u32,
}

pub const COUNT_PART: &str = "proving-count";
/// Between two counts, so a browser sees the card change.
const COUNT_PAUSE: Duration = Duration::from_millis(250);

pub struct CountTool {
    only: Arc<Vec<String>>,
}

const NUMBERS: [(&str, u32); 10] =
    [("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7), ("eight", 8), ("nine", 9), ("ten", 10)];

impl TypedTool for CountTool {
    type Input = CountInput;
    type Output = CountReport;
    const NAME: &'static str = "provingCountTool";

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        offered_to(&self.only, scope)
    }

    fn description(&self) -> &str {
        "Count from 1 to a number, showing each count in the card as it happens."
    }

    fn keywords(&self) -> &[&str] {
        &["count"]
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<CountInput> {
        let lower = text.to_lowercase();
        let to = lower.split(|c: char| !c.is_alphanumeric()).find_map(|w| w.parse().ok().or_else(|| NUMBERS.iter().find(|(n, _)| *n == w).map(|(_, v)| *v)));
        Some(CountInput { to: to.unwrap_or(3).clamp(1, 20) })
    }

    fn call<'a>(&'a self, input: CountInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<CountReport, ToolError>> {
        Box::pin(async move {
            for at in 1..=input.to {
                ctx.progress(COUNT_PART, &ctx.tool_call_id, json!(CountProgress { at, to: input.to }));
                tokio::time::sleep(COUNT_PAUSE).await;
            }
            Ok(CountReport { counted: input.to })
        })
    }

    fn summarize(&self, output: &CountReport, _: Lang) -> Option<String> {
        Some(format!("Counted to {}.", output.counted))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/proving/")]
pub struct DelegateInput {
    /// What the sub-agent is asked to do
    #[schemars(length(min = 1, max = 500))]
    pub task: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/proving/")]
pub struct DelegateReport {
    /// The sub-agent's final text.
    pub text: String,
    pub steps: u32,
    pub tool_calls: Vec<String>,
}

pub struct DelegateTool {
    only: Arc<Vec<String>>,
}

impl TypedTool for DelegateTool {
    type Input = DelegateInput;
    type Output = DelegateReport;
    const NAME: &'static str = "provingDelegateTool";

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        offered_to(&self.only, scope)
    }

    fn description(&self) -> &str {
        "Hand a task to a sub-agent that can count (and delegate again); its progress shows in this card."
    }

    fn keywords(&self) -> &[&str] {
        &["delegate"]
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<DelegateInput> {
        Some(DelegateInput { task: after_colon(text).unwrap_or_else(|| "count to three".into()) })
    }

    fn call<'a>(&'a self, input: DelegateInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<DelegateReport, ToolError>> {
        Box::pin(async move {
            let request = SubAgentRequest {
                instructions: "You are a proving sub-agent: do the task with your tools, then say what you did in one sentence.".into(),
                task: input.task,
                tools: vec![CountTool::NAME.into(), DelegateTool::NAME.into()],
                max_steps: 4,
            };
            let outcome = ctx.run_sub_agent(request).await?;
            Ok(DelegateReport { text: outcome.text, steps: outcome.steps as u32, tool_calls: outcome.tool_calls })
        })
    }

    fn summarize(&self, output: &DelegateReport, _: Lang) -> Option<String> {
        Some(format!("The sub-agent said: {}", output.text.trim()))
    }
}
