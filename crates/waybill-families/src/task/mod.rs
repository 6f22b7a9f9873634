//! The task family: `taskCompleted` (spec 001 §2.18): the model reports that the user's task is done,
//! with a message in markdown; the card shows it cut to 60 characters, whole when opened.

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_tools::lang::Lang;
use waybill_tools::{Family, Services, Tool, ToolContext, ToolError, TypedTool, typed};

use crate::NoConfig;

pub const DEFAULT_MESSAGE: &str = "Task completed successfully";

pub struct Task;

impl Family for Task {
    const NAME: &'static str = "task";
    type Config = NoConfig;

    fn tools(&self, _: &NoConfig, _: &Services) -> Vec<Arc<dyn Tool>> {
        vec![typed(TaskCompletedTool)]
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/task/")]
pub struct TaskCompletedInput {
    /// What was done, in markdown
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
}

/// `taskCompleted`'s result (spec 001 §3): the message, the default one when none was given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/task/")]
pub struct TaskCompletedReport {
    pub success: bool,
    pub message: String,
}

pub struct TaskCompletedTool;

impl TypedTool for TaskCompletedTool {
    type Input = TaskCompletedInput;
    type Output = TaskCompletedReport;
    const NAME: &'static str = "taskCompleted";

    fn description(&self) -> &str {
        "Report that the user's task is finished, with a short markdown summary of what was done. Call it once, at the end of a multi-step task."
    }

    fn keywords(&self) -> &[&str] {
        &[
            "task completed",
            "mark as done",
            "mark it done",
            "mark the task",
            "finished the task",
            "任务完成",
            "任務完成",
            "タスク完了",
            "tarea completada",
            "aufgabe erledigt",
            "tâche terminée",
        ]
    }

    fn call<'a>(&'a self, input: TaskCompletedInput, _: &'a ToolContext) -> BoxFuture<'a, Result<TaskCompletedReport, ToolError>> {
        let message = input.message.as_deref().map(str::trim).filter(|m| !m.is_empty()).unwrap_or(DEFAULT_MESSAGE).to_owned();
        Box::pin(std::future::ready(Ok(TaskCompletedReport { success: true, message })))
    }

    /// What the user said was done, after the colon ("mark the task completed: moved 12
    /// pallets to door 4"); without one, the default message.
    fn offline_input(&self, text: &str, _ctx: &ToolContext) -> Option<TaskCompletedInput> {
        let said = text.split_once([':', '：']).map(|(_, rest)| rest.trim()).filter(|rest| !rest.is_empty());
        Some(TaskCompletedInput { message: said.map(str::to_owned) })
    }

    fn summarize(&self, output: &TaskCompletedReport, lang: Lang) -> Option<String> {
        if output.message != DEFAULT_MESSAGE {
            return Some(output.message.clone());
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
        Some(lang.pick([
            "Marking the task done",
            "标记任务完成",
            "標記任務完成",
            "Marcar la tarea como hecha",
            "タスクの完了登録",
            "Das Abschließen der Aufgabe",
            "Le marquage de la tâche",
        ]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::context_in;
    use serde_json::json;

    #[test]
    fn the_offline_model_carries_what_the_user_said_was_done() {
        let ctx = context_in("UTC");
        let said = |text: &str| TaskCompletedTool.offline_input(text, &ctx).unwrap().message;
        assert_eq!(said("mark the task completed: moved 12 pallets to door 4").as_deref(), Some("moved 12 pallets to door 4"));
        assert_eq!(said("任务完成：已装车").as_deref(), Some("已装车"));
        assert_eq!(said("mark the task completed"), None);
        let report = |message: &str| TaskCompletedReport { success: true, message: message.into() };
        assert_eq!(TaskCompletedTool.summarize(&report(DEFAULT_MESSAGE), Lang::De).as_deref(), Some("Aufgabe erfolgreich abgeschlossen"));
        assert_eq!(TaskCompletedTool.summarize(&report("moved"), Lang::De).as_deref(), Some("moved"));
    }

    #[tokio::test]
    async fn a_blank_message_reads_as_the_default() {
        let ctx = context_in("UTC");
        let tool = typed(TaskCompletedTool);
        assert_eq!(tool.execute(json!({}), &ctx).await.unwrap()["message"], DEFAULT_MESSAGE);
        assert_eq!(tool.execute(json!({"message": "  "}), &ctx).await.unwrap()["message"], DEFAULT_MESSAGE);
        let out = tool.execute(json!({"message": "Moved **12** pallets to door 4"}), &ctx).await.unwrap();
        assert_eq!(out["message"], "Moved **12** pallets to door 4");
        crate::testing::golden(TaskCompletedTool::NAME, &out);
    }
}
