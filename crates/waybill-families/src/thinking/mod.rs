//! The thinking family: `sequentialThinkingTool` (spec 001 §2.5). The model writes down
//! one numbered thought at a time; the card shows the thought.

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_tools::lang::Lang;
use waybill_tools::{Family, Services, Tool, ToolContext, ToolError, TypedTool, typed};

use crate::NoConfig;

pub struct Thinking;

impl Family for Thinking {
    const NAME: &'static str = "thinking";
    type Config = NoConfig;

    fn tools(&self, _: &NoConfig, _: &Services) -> Vec<Arc<dyn Tool>> {
        vec![typed(SequentialThinkingTool)]
    }
}

/// One thought, as the model writes it; the result says the same, with the total kept at
/// least the thought's number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/thinking/")]
pub struct Thought {
    /// The current thinking step
    #[schemars(length(min = 1))]
    pub thought: String,
    #[schemars(range(min = 1))]
    pub thought_number: u32,
    /// Estimated number of thoughts
    #[schemars(range(min = 1))]
    pub total_thoughts: u32,
    pub next_thought_needed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub is_revision: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    #[ts(optional)]
    pub revises_thought: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    #[ts(optional)]
    pub branch_from_thought: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub branch_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub needs_more_thoughts: Option<bool>,
}

pub struct SequentialThinkingTool;

impl TypedTool for SequentialThinkingTool {
    type Input = Thought;
    type Output = Thought;
    const NAME: &'static str = "sequentialThinkingTool";

    fn description(&self) -> &str {
        "Think through a problem step by step. Call once per thought; revise or branch earlier \
         thoughts when needed, and set nextThoughtNeeded to false when done."
    }

    fn call<'a>(&'a self, input: Thought, _: &'a ToolContext) -> BoxFuture<'a, Result<Thought, ToolError>> {
        let total_thoughts = input.total_thoughts.max(input.thought_number);
        Box::pin(std::future::ready(Ok(Thought { total_thoughts, ..input })))
    }

    /// A language model's tool: the offline model never picks it (it has no keywords),
    /// since echoing the user's words back as a "thought" helps no one.
    fn offline_input(&self, _text: &str, _: &ToolContext) -> Option<Thought> {
        None
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Thinking", "思考", "思考", "El razonamiento", "思考", "Das Nachdenken", "La réflexion"]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::context_in;
    use serde_json::json;

    #[tokio::test]
    async fn echoes_the_thought_and_keeps_the_total_consistent() {
        let tool = typed(SequentialThinkingTool);
        let ctx = context_in("UTC");
        let out = tool
            .execute(json!({"thought": "Check dock 4", "thoughtNumber": 3, "totalThoughts": 2, "nextThoughtNeeded": true, "isRevision": true}), &ctx)
            .await
            .unwrap();
        assert_eq!(out, json!({"thought": "Check dock 4", "thoughtNumber": 3, "totalThoughts": 3, "nextThoughtNeeded": true, "isRevision": true}));
        crate::testing::golden(SequentialThinkingTool::NAME, &out);
        let schema = tool.input_schema();
        assert_eq!(schema["required"], json!(["thought", "thoughtNumber", "totalThoughts", "nextThoughtNeeded"]));
        assert_eq!(schema["additionalProperties"], false);
        assert_eq!(schema["properties"]["thought"]["minLength"], 1);
    }
}
