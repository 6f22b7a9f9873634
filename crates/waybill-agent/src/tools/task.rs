//! `taskCompleted` (spec 001 §2.18): the model reports that the user's task is done,
//! with a message in markdown; the card shows it cut to 60 characters, whole when opened.

use futures::future::BoxFuture;
use serde_json::{Value, json};

use super::{Tool, ToolContext, ToolError};
use crate::lang::Lang;

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
        &["task completed", "mark as done", "mark it done", "mark the task", "finished the task", "任务完成", "任務完成", "タスク完了", "tarea completada", "aufgabe erledigt", "tâche terminée"]
    }

    fn execute<'a>(&'a self, input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            let message = input["message"].as_str().map(str::trim).filter(|m| !m.is_empty()).unwrap_or(DEFAULT_MESSAGE);
            Ok(json!({"success": true, "message": message}))
        })
    }

    /// What the user said was done, after the colon ("mark the task completed: moved 12
    /// pallets to door 4"); without one, the default message.
    fn offline_input(&self, text: &str, _ctx: &ToolContext) -> Option<Value> {
        let said = text.split_once([':', '：']).map(|(_, rest)| rest.trim()).filter(|rest| !rest.is_empty());
        Some(match said {
            Some(message) => json!({"message": message}),
            None => json!({}),
        })
    }

    fn summarize(&self, output: &Value, lang: Lang) -> Option<String> {
        let message = output["message"].as_str()?;
        if message != DEFAULT_MESSAGE {
            return Some(message.to_owned());
        }
        Some(
            lang.pick([
                DEFAULT_MESSAGE,
                "任务已成功完成",
                "任務已成功完成",
                "Tarea completada correctamente",
                "タスクは正常に完了しました",
                "Aufgabe erfolgreich abgeschlossen",
                "Tâche terminée avec succès",
            ])
            .to_owned(),
        )
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Marking the task done", "标记任务完成", "標記任務完成", "Marcar la tarea como hecha", "タスクの完了登録", "Das Abschließen der Aufgabe", "Le marquage de la tâche"]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offline_model_carries_what_the_user_said_was_done() {
        let ctx = ToolContext::new("t", "f", "u", "UTC", "c");
        assert_eq!(TaskCompletedTool.offline_input("mark the task completed: moved 12 pallets to door 4", &ctx), Some(json!({"message": "moved 12 pallets to door 4"})));
        assert_eq!(TaskCompletedTool.offline_input("任务完成：已装车", &ctx), Some(json!({"message": "已装车"})));
        assert_eq!(TaskCompletedTool.offline_input("mark the task completed", &ctx), Some(json!({})));
        assert_eq!(TaskCompletedTool.summarize(&json!({"message": DEFAULT_MESSAGE}), Lang::De).as_deref(), Some("Aufgabe erfolgreich abgeschlossen"));
        assert_eq!(TaskCompletedTool.summarize(&json!({"message": "moved"}), Lang::De).as_deref(), Some("moved"));
    }

    #[tokio::test]
    async fn a_blank_message_reads_as_the_default() {
        let ctx = ToolContext::new("t", "f", "u", "UTC", "c");
        assert_eq!(TaskCompletedTool.execute(json!({}), &ctx).await.unwrap()["message"], DEFAULT_MESSAGE);
        assert_eq!(TaskCompletedTool.execute(json!({"message": "  "}), &ctx).await.unwrap()["message"], DEFAULT_MESSAGE);
        assert_eq!(TaskCompletedTool.execute(json!({"message": "Moved **12** pallets"}), &ctx).await.unwrap()["message"], "Moved **12** pallets");
    }
}
