//! The todo family: the assistant's plan for a chat (spec 001 §2.17, §3) — an overall
//! goal and tasks with a status (pending, in_progress, completed, failed), an assigned
//! agent and dependencies. `createTodoList` writes the plan (replacing the chat's earlier
//! one), `updateTodoTask` moves one task on, `getTodoList` reads it back. One plan per
//! chat, stored per tenant and owner.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_store::Store;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Family, Migrations, Services, Tool, ToolContext, ToolError, TypedTool, typed};

use crate::NoConfig;

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./src/todo/migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./src/todo/migrations/postgres");

/// The most tasks a plan holds.
pub const MAX_TASKS: usize = 50;

pub struct Todo;

impl Family for Todo {
    const NAME: &'static str = "todo";
    type Config = NoConfig;

    fn tools(&self, _: &NoConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let plans = Plans { store: services.store.clone() };
        vec![typed(CreateTool { plans: plans.clone() }), typed(UpdateTool { plans: plans.clone() }), typed(GetTool { plans })]
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &SQLITE, postgres: &POSTGRES })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export_to = "tools/todo/")]
pub enum TodoStatus {
    #[default]
    Pending,
    InProgress,
    Completed,
    Failed,
}

/// One task of a plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/todo/")]
pub struct TodoTask {
    pub id: String,
    pub description: String,
    pub status: TodoStatus,
    /// wms-agent, bi-agent, jira-agent or fms-agent, when one is to do it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assigned_agent: Option<String>,
    /// Ids of the tasks that must be completed first.
    #[serde(default)]
    pub dependencies: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// What doing it produced, in a line or two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub output: Option<String>,
}

/// A task as the model plans it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/todo/")]
pub struct NewTask {
    /// A short id such as "1" or "count-aisle-12"; numbered in order when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 64))]
    #[ts(optional)]
    pub id: Option<String>,
    #[schemars(length(min = 1, max = 500))]
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 64))]
    #[ts(optional)]
    pub assigned_agent: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub dependencies: Vec<String>,
}

/// `createTodoList`'s input: the plan for this chat.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/todo/")]
pub struct CreateTodoInput {
    #[schemars(length(min = 1, max = 1000))]
    pub overall_goal: String,
    #[schemars(length(min = 1, max = 50))]
    pub tasks: Vec<NewTask>,
}

/// `updateTodoTask`'s input.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/todo/")]
pub struct UpdateTodoInput {
    #[schemars(length(min = 1, max = 64))]
    pub task_id: String,
    pub status: TodoStatus,
    /// What the task produced (when completed) in a line or two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 2000))]
    #[ts(optional)]
    pub output: Option<String>,
    /// Why it failed (when failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 2000))]
    #[ts(optional)]
    pub error: Option<String>,
}

/// `getTodoList`'s input: nothing.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/todo/")]
pub struct GetTodoInput {}

/// The stored plan.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Plan {
    overall_goal: String,
    todos: Vec<TodoTask>,
}

impl Plan {
    /// The task in progress, else the first pending one whose dependencies are done.
    fn current(&self) -> Option<&TodoTask> {
        let done: HashSet<&str> = self.todos.iter().filter(|t| t.status == TodoStatus::Completed).map(|t| t.id.as_str()).collect();
        self.todos
            .iter()
            .find(|t| t.status == TodoStatus::InProgress)
            .or_else(|| self.todos.iter().find(|t| t.status == TodoStatus::Pending && t.dependencies.iter().all(|d| done.contains(d.as_str()))))
    }

    fn counts(&self) -> (usize, usize) {
        (self.todos.iter().filter(|t| t.status == TodoStatus::Completed).count(), self.todos.len())
    }
}

/// The plan as `createTodoList` and `getTodoList` answer it (spec 001 §3 "Todo list").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/todo/")]
pub struct TodoList {
    pub success: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub overall_goal: Option<String>,
    #[serde(default)]
    pub todos: Vec<TodoTask>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub current_task_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
    /// The chat has no plan yet.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub no_todo_list: bool,
}

/// `updateTodoTask`'s result (spec 001 §3 "Update result"), with the whole plan after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/todo/")]
pub struct TodoUpdate {
    pub success: bool,
    pub task_id: String,
    /// The task before the update.
    pub task: TodoTask,
    pub updated_task: TodoTask,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub output: Option<String>,
    pub list: TodoList,
}

fn list_of(plan: &Plan, message: String) -> TodoList {
    TodoList {
        success: true,
        overall_goal: Some(plan.overall_goal.clone()),
        todos: plan.todos.clone(),
        current_task_id: plan.current().map(|t| t.id.clone()),
        message: Some(message),
        no_todo_list: false,
    }
}

#[derive(Clone)]
struct Plans {
    store: Store,
}

fn storage(e: sqlx::Error) -> ToolError {
    tracing::error!(error = %e, "the todo list store failed");
    ToolError::Failed("The todo list could not be stored right now".into())
}

impl Plans {
    async fn load(&self, ctx: &ToolContext) -> Result<Option<Plan>, ToolError> {
        let text: Option<String> = sqlx::query_scalar("SELECT plan FROM todo_lists WHERE tenant_id = $1 AND user_id = $2 AND chat_id = $3")
            .bind(ctx.tenant_id())
            .bind(ctx.user_id())
            .bind(&ctx.chat_id)
            .fetch_optional(self.store.reads())
            .await
            .map_err(storage)?;
        text.map(|t| serde_json::from_str(&t).map_err(|e| ToolError::Failed(format!("The stored todo list is unreadable: {e}")))).transpose()
    }

    async fn save(&self, ctx: &ToolContext, plan: &Plan) -> Result<(), ToolError> {
        sqlx::query(
            "INSERT INTO todo_lists (tenant_id, user_id, chat_id, plan, updated_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (tenant_id, user_id, chat_id) DO UPDATE SET plan = excluded.plan, updated_at = excluded.updated_at",
        )
        .bind(ctx.tenant_id())
        .bind(ctx.user_id())
        .bind(&ctx.chat_id)
        .bind(serde_json::to_string(plan).expect("plans serialise"))
        .bind(jiff::Timestamp::now().as_millisecond())
        .execute(self.store.writes())
        .await
        .map_err(storage)?;
        Ok(())
    }
}

/// The plan the input describes, checked: unique ids, dependencies on tasks of the plan,
/// no cycles.
fn planned(input: CreateTodoInput) -> Result<Plan, ToolError> {
    if input.tasks.is_empty() || input.tasks.len() > MAX_TASKS {
        return Err(ToolError::Failed(format!("A todo list holds 1 to {MAX_TASKS} tasks")));
    }
    let todos: Vec<TodoTask> = input
        .tasks
        .into_iter()
        .enumerate()
        .map(|(i, t)| TodoTask {
            id: t.id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).unwrap_or_else(|| (i + 1).to_string()),
            description: t.description.trim().to_owned(),
            status: TodoStatus::Pending,
            assigned_agent: t.assigned_agent.map(|a| a.trim().to_owned()).filter(|a| !a.is_empty()),
            dependencies: t.dependencies.into_iter().map(|d| d.trim().to_owned()).collect(),
            error: None,
            output: None,
        })
        .collect();
    let mut ids = HashSet::new();
    for task in &todos {
        if task.description.is_empty() {
            return Err(ToolError::Failed(format!("Task {} has no description", task.id)));
        }
        if !ids.insert(task.id.as_str()) {
            return Err(ToolError::Failed(format!("Two tasks have the id '{}'", task.id)));
        }
    }
    for task in &todos {
        if let Some(unknown) = task.dependencies.iter().find(|d| !ids.contains(d.as_str()) || **d == task.id) {
            return Err(ToolError::Failed(format!("Task {} depends on '{unknown}', which is not another task of this list", task.id)));
        }
    }
    // Kahn's algorithm: a plan whose tasks cannot all be ordered has a cycle.
    let mut waiting: HashMap<&str, usize> = todos.iter().map(|t| (t.id.as_str(), t.dependencies.len())).collect();
    let mut ready: Vec<&str> = waiting.iter().filter(|(_, n)| **n == 0).map(|(id, _)| *id).collect();
    let mut ordered = 0;
    while let Some(id) = ready.pop() {
        ordered += 1;
        for t in todos.iter().filter(|t| t.dependencies.iter().any(|d| d == id)) {
            let n = waiting.get_mut(t.id.as_str()).expect("every task waits");
            *n -= 1;
            if *n == 0 {
                ready.push(t.id.as_str());
            }
        }
    }
    if ordered < todos.len() {
        return Err(ToolError::Failed("The tasks' dependencies go round in a circle".into()));
    }
    Ok(Plan { overall_goal: input.overall_goal.trim().to_owned(), todos })
}

/// The plan with `input` applied to its task, and the task before and after.
fn updated(mut plan: Plan, input: &UpdateTodoInput) -> Result<(Plan, TodoTask, TodoTask), ToolError> {
    let Some(at) = plan.todos.iter().position(|t| t.id == input.task_id.trim()) else {
        let ids: Vec<&str> = plan.todos.iter().map(|t| t.id.as_str()).collect();
        return Err(ToolError::Failed(format!("The todo list has no task '{}' (its tasks: {})", input.task_id, ids.join(", "))));
    };
    let before = plan.todos[at].clone();
    if matches!(input.status, TodoStatus::InProgress | TodoStatus::Completed) {
        let open: Vec<&str> = before
            .dependencies
            .iter()
            .filter(|d| plan.todos.iter().any(|t| &t.id == *d && t.status != TodoStatus::Completed))
            .map(String::as_str)
            .collect();
        if !open.is_empty() {
            return Err(ToolError::Failed(format!("Task {} waits for {} to be completed first", before.id, open.join(", "))));
        }
    }
    let task = &mut plan.todos[at];
    task.status = input.status;
    if let Some(output) = input.output.as_deref().map(str::trim).filter(|o| !o.is_empty()) {
        task.output = Some(output.to_owned());
    }
    task.error = match input.status {
        TodoStatus::Failed => Some(input.error.as_deref().map(str::trim).filter(|e| !e.is_empty()).unwrap_or("Unknown error").to_owned()),
        _ => None,
    };
    let after = task.clone();
    Ok((plan, before, after))
}

fn progress(plan: &Plan, lang: Lang) -> String {
    let (done, all) = plan.counts();
    let template = lang.pick([
        "{done} of {all} tasks completed.",
        "已完成 {done}/{all} 项任务。",
        "已完成 {done}/{all} 項任務。",
        "{done} de {all} tareas completadas.",
        "{all} 件中 {done} 件のタスクが完了しました。",
        "{done} von {all} Aufgaben erledigt.",
        "{done} tâche(s) sur {all} terminée(s).",
    ]);
    fill(template, &[("done", &done.to_string()), ("all", &all.to_string())])
}

pub struct CreateTool {
    plans: Plans,
}

pub struct UpdateTool {
    plans: Plans,
}

pub struct GetTool {
    plans: Plans,
}

/// The offline model's plan for `text`: a cycle count gets the usual four steps, anything
/// else a generic three.
fn offline_plan(text: &str) -> CreateTodoInput {
    let goal = text.trim().trim_end_matches(['.', '!', '?']).to_owned();
    let lower = goal.to_lowercase();
    let steps: &[(&str, &str)] = if lower.contains("cycle count") {
        &[
            ("List the locations and the quantities the system expects", "wms-agent"),
            ("Count every location and record what is found", "wms-agent"),
            ("Compare the counts with the system and flag variances", "bi-agent"),
            ("Recount the variances and post the adjustments", "wms-agent"),
        ]
    } else {
        &[("Gather what the work needs", "wms-agent"), ("Do the work", "wms-agent"), ("Check the result", "bi-agent")]
    };
    let tasks = steps
        .iter()
        .enumerate()
        .map(|(i, (description, agent))| NewTask {
            id: Some((i + 1).to_string()),
            description: (*description).into(),
            assigned_agent: Some((*agent).into()),
            dependencies: if i == 0 { Vec::new() } else { vec![i.to_string()] },
        })
        .collect();
    CreateTodoInput { overall_goal: goal, tasks }
}

impl TypedTool for CreateTool {
    type Input = CreateTodoInput;
    type Output = TodoList;
    const NAME: &'static str = "createTodoList";

    fn description(&self) -> &str {
        "Writes the plan for this chat: the overall goal and its tasks (description, the agent to do it — wms-agent, bi-agent, jira-agent or fms-agent — and the ids of tasks that must be done first). Replaces the chat's earlier plan. Use it for work of several steps, then move each task on with updateTodoTask."
    }

    fn keywords(&self) -> &[&str] {
        &["plan", "todo", "to-do", "steps", "计划", "規劃", "planifier", "planen", "planificar", "計画"]
    }

    fn call<'a>(&'a self, input: CreateTodoInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<TodoList, ToolError>> {
        Box::pin(async move {
            let plan = planned(input)?;
            self.plans.save(ctx, &plan).await?;
            Ok(list_of(&plan, format!("Created a todo list of {} tasks", plan.todos.len())))
        })
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<CreateTodoInput> {
        Some(offline_plan(text))
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The plan", "计划", "計畫", "El plan", "計画", "Der Plan", "Le plan"]))
    }

    fn summarize(&self, output: &TodoList, lang: Lang) -> Option<String> {
        let plan = Plan { overall_goal: output.overall_goal.clone().unwrap_or_default(), todos: output.todos.clone() };
        let template = lang.pick([
            "Here is the plan: {n} tasks. {progress}",
            "计划如下：共 {n} 项任务。{progress}",
            "計畫如下：共 {n} 項任務。{progress}",
            "Este es el plan: {n} tareas. {progress}",
            "計画は {n} 件のタスクです。{progress}",
            "Der Plan: {n} Aufgaben. {progress}",
            "Voici le plan : {n} tâches. {progress}",
        ]);
        Some(fill(template, &[("n", &plan.todos.len().to_string()), ("progress", &progress(&plan, lang))]))
    }
}

impl TypedTool for UpdateTool {
    type Input = UpdateTodoInput;
    type Output = TodoUpdate;
    const NAME: &'static str = "updateTodoTask";

    fn description(&self) -> &str {
        "Moves one task of this chat's plan on: in_progress when starting it, completed with its output, or failed with the error. A task starts only once the tasks it depends on are completed."
    }

    fn call<'a>(&'a self, input: UpdateTodoInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<TodoUpdate, ToolError>> {
        Box::pin(async move {
            let plan = self.plans.load(ctx).await?.ok_or_else(|| ToolError::Failed("This chat has no todo list yet: create one first".into()))?;
            let (plan, task, updated_task) = updated(plan, &input)?;
            self.plans.save(ctx, &plan).await?;
            let (done, all) = plan.counts();
            Ok(TodoUpdate {
                success: true,
                task_id: updated_task.id.clone(),
                output: updated_task.output.clone(),
                list: list_of(&plan, format!("Task {} is {}; {done} of {all} completed", updated_task.id, serde_json::to_value(updated_task.status).unwrap_or_default().as_str().unwrap_or_default())),
                task,
                updated_task,
            })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The task update", "任务更新", "任務更新", "La actualización de la tarea", "タスクの更新", "Die Aufgabenänderung", "La mise à jour de la tâche"]))
    }

    fn summarize(&self, output: &TodoUpdate, lang: Lang) -> Option<String> {
        let plan = Plan { overall_goal: String::new(), todos: output.list.todos.clone() };
        Some(progress(&plan, lang))
    }
}

impl TypedTool for GetTool {
    type Input = GetTodoInput;
    type Output = TodoList;
    const NAME: &'static str = "getTodoList";

    fn description(&self) -> &str {
        "Reads this chat's plan: the overall goal, every task with its status, and the task to do next."
    }

    fn keywords(&self) -> &[&str] {
        &["todo list", "show the todo list", "the plan", "progress", "任务列表", "查看计划"]
    }

    fn call<'a>(&'a self, _: GetTodoInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<TodoList, ToolError>> {
        Box::pin(async move {
            Ok(match self.plans.load(ctx).await? {
                Some(plan) => {
                    let (done, all) = plan.counts();
                    list_of(&plan, format!("{done} of {all} tasks completed"))
                }
                None => TodoList { success: true, no_todo_list: true, message: Some("This chat has no todo list yet".into()), ..TodoList::default() },
            })
        })
    }

    fn offline_input(&self, _: &str, _: &ToolContext) -> Option<GetTodoInput> {
        Some(GetTodoInput {})
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The todo list", "任务列表", "任務清單", "La lista de tareas", "タスク一覧", "Die Aufgabenliste", "La liste de tâches"]))
    }

    fn summarize(&self, output: &TodoList, lang: Lang) -> Option<String> {
        if output.no_todo_list {
            return Some(
                lang.pick([
                    "This chat has no todo list yet.",
                    "此对话还没有任务列表。",
                    "此對話還沒有任務清單。",
                    "Este chat aún no tiene lista de tareas.",
                    "このチャットにはまだタスク一覧がありません。",
                    "Dieser Chat hat noch keine Aufgabenliste.",
                    "Cette conversation n'a pas encore de liste de tâches.",
                ])
                .to_owned(),
            );
        }
        let plan = Plan { overall_goal: String::new(), todos: output.todos.clone() };
        Some(progress(&plan, lang))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(id: &str, deps: &[&str]) -> NewTask {
        NewTask { id: Some(id.into()), description: format!("do {id}"), assigned_agent: Some("wms-agent".into()), dependencies: deps.iter().map(|d| (*d).into()).collect() }
    }

    #[test]
    fn plans_are_checked_for_ids_dependencies_and_cycles() {
        let plan = planned(CreateTodoInput { overall_goal: " Count aisle 12 ".into(), tasks: vec![task("a", &[]), task("b", &["a"])] }).unwrap();
        assert_eq!(plan.overall_goal, "Count aisle 12");
        assert_eq!(plan.current().unwrap().id, "a");
        let twice = planned(CreateTodoInput { overall_goal: "g".into(), tasks: vec![task("a", &[]), task("a", &[])] }).unwrap_err();
        assert_eq!(twice.to_string(), "Two tasks have the id 'a'");
        let unknown = planned(CreateTodoInput { overall_goal: "g".into(), tasks: vec![task("a", &["z"])] }).unwrap_err();
        assert!(unknown.to_string().contains("depends on 'z'"), "{unknown}");
        let cycle = planned(CreateTodoInput { overall_goal: "g".into(), tasks: vec![task("a", &["b"]), task("b", &["a"])] }).unwrap_err();
        assert!(cycle.to_string().contains("circle"), "{cycle}");
        let numbered = planned(CreateTodoInput { overall_goal: "g".into(), tasks: vec![NewTask { id: None, ..task("x", &[]) }, NewTask { id: None, ..task("y", &[]) }] }).unwrap();
        assert_eq!(numbered.todos.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(), ["1", "2"]);
    }

    #[test]
    fn a_task_starts_after_its_dependencies_and_a_failure_keeps_its_error() {
        let plan = planned(CreateTodoInput { overall_goal: "g".into(), tasks: vec![task("a", &[]), task("b", &["a"])] }).unwrap();
        let early = updated(plan.clone(), &UpdateTodoInput { task_id: "b".into(), status: TodoStatus::InProgress, output: None, error: None }).unwrap_err();
        assert_eq!(early.to_string(), "Task b waits for a to be completed first");
        let (plan, before, after) = updated(plan, &UpdateTodoInput { task_id: "a".into(), status: TodoStatus::Completed, output: Some("42 locations".into()), error: None }).unwrap();
        assert_eq!((before.status, after.status, after.output.as_deref()), (TodoStatus::Pending, TodoStatus::Completed, Some("42 locations")));
        assert_eq!(plan.current().unwrap().id, "b");
        let (plan, _, failed) = updated(plan, &UpdateTodoInput { task_id: "b".into(), status: TodoStatus::Failed, output: None, error: None }).unwrap();
        assert_eq!(failed.error.as_deref(), Some("Unknown error"));
        assert!(plan.current().is_none());
        let missing = updated(plan, &UpdateTodoInput { task_id: "q".into(), status: TodoStatus::Completed, output: None, error: None }).unwrap_err();
        assert!(missing.to_string().starts_with("The todo list has no task 'q'"), "{missing}");
    }

    #[test]
    fn the_offline_model_plans_a_cycle_count_in_four_chained_steps() {
        let plan = planned(offline_plan("plan the cycle count for aisle 12")).unwrap();
        assert_eq!(plan.overall_goal, "plan the cycle count for aisle 12");
        assert_eq!(plan.todos.len(), 4);
        assert_eq!(plan.todos[3].dependencies, ["3"]);
        assert_eq!(plan.todos[2].assigned_agent.as_deref(), Some("bi-agent"));
    }
}
