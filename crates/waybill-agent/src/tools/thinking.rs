//! `sequentialThinkingTool` (spec 001 §2.5): the model writes down one numbered thought
//! at a time; the card shows the thought.

use futures::future::BoxFuture;
use serde_json::{Value, json};

use super::{Tool, ToolContext, ToolError};
use crate::lang::Lang;

pub struct SequentialThinkingTool;

impl Tool for SequentialThinkingTool {
    fn name(&self) -> &str {
        "sequentialThinkingTool"
    }

    fn description(&self) -> &str {
        "Think through a problem step by step. Call once per thought; revise or branch earlier \
         thoughts when needed, and set nextThoughtNeeded to false when done."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "thought": {"type": "string", "minLength": 1, "description": "The current thinking step"},
                "thoughtNumber": {"type": "integer", "minimum": 1},
                "totalThoughts": {"type": "integer", "minimum": 1, "description": "Estimated number of thoughts"},
                "nextThoughtNeeded": {"type": "boolean"},
                "isRevision": {"type": "boolean"},
                "revisesThought": {"type": "integer", "minimum": 1},
                "branchFromThought": {"type": "integer", "minimum": 1},
                "branchId": {"type": "string"},
                "needsMoreThoughts": {"type": "boolean"}
            },
            "required": ["thought", "thoughtNumber", "totalThoughts", "nextThoughtNeeded"],
            "additionalProperties": false
        })
    }

    fn execute<'a>(&'a self, input: Value, _: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            let number = input["thoughtNumber"].as_u64().unwrap_or(1);
            let total = input["totalThoughts"].as_u64().unwrap_or(1).max(number);
            let mut out = json!({
                "thought": input["thought"],
                "thoughtNumber": number,
                "totalThoughts": total,
                "nextThoughtNeeded": input["nextThoughtNeeded"],
            });
            for key in ["isRevision", "revisesThought", "branchFromThought", "branchId", "needsMoreThoughts"] {
                if let Some(v) = input.get(key) {
                    out[key] = v.clone();
                }
            }
            Ok(out)
        })
    }

    /// A language model's tool: the offline model never picks it (it has no keywords),
    /// since echoing the user's words back as a "thought" helps no one.
    fn offline_input(&self, _text: &str, _: &ToolContext) -> Option<Value> {
        None
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Thinking", "思考", "思考", "El razonamiento", "思考", "Das Nachdenken", "La réflexion"]))
    }

}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn echoes_the_thought_and_keeps_the_total_consistent() {
        let ctx = ToolContext::new("t", "f", "u", "UTC", "c");
        let out = SequentialThinkingTool
            .execute(json!({"thought": "Check dock 4", "thoughtNumber": 3, "totalThoughts": 2, "nextThoughtNeeded": true, "isRevision": true}), &ctx)
            .await
            .unwrap();
        assert_eq!(out, json!({"thought": "Check dock 4", "thoughtNumber": 3, "totalThoughts": 3, "nextThoughtNeeded": true, "isRevision": true}));
    }
}
