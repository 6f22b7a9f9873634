//! `taskCompleted` (spec 001 §2.18): the model reports that the user's task is done,
//! with a message in markdown; the card shows it cut to 60 characters, whole when opened.

use futures::future::BoxFuture;
use serde_json::{Value, json};

use super::{Tool, ToolContext, ToolError};

pub const DEFAULT_MESSAGE: &str = "Task completed successfully";

pub struct TaskCompletedTool;

impl Tool for TaskCompletedTool {
    fn name(&self) -> &str {
        "taskCompleted"
    }

    fn description(&self) -> &str {
        "Report that the user's task is finished, with a short markdown summary of what was done. Call it once, at the end of a multi-step task."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "message": {"type": "string", "description": "What was done, in markdown"}
            },
            "additionalProperties": false
        })
    }

    fn keywords(&self) -> &[&str] {
        &["task completed", "mark as done", "mark it done", "mark the task", "finished the task", "任务完成"]
    }

    fn execute<'a>(&'a self, input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            let message = input["message"].as_str().map(str::trim).filter(|m| !m.is_empty()).unwrap_or(DEFAULT_MESSAGE);
            Ok(json!({"success": true, "message": message}))
        })
    }

    fn offline_input(&self, _text: &str, _ctx: &ToolContext) -> Option<Value> {
        Some(json!({}))
    }

    fn summarize(&self, output: &Value) -> Option<String> {
        output["message"].as_str().map(str::to_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_blank_message_reads_as_the_default() {
        let ctx = ToolContext::new("t", "f", "u", "UTC", "c");
        assert_eq!(TaskCompletedTool.execute(json!({}), &ctx).await.unwrap()["message"], DEFAULT_MESSAGE);
        assert_eq!(TaskCompletedTool.execute(json!({"message": "  "}), &ctx).await.unwrap()["message"], DEFAULT_MESSAGE);
        assert_eq!(TaskCompletedTool.execute(json!({"message": "Moved **12** pallets"}), &ctx).await.unwrap()["message"], "Moved **12** pallets");
    }
}
