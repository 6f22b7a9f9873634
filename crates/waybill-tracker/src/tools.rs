//! The six issue-tracker tools (spec 001 §2.8): projects, create metadata, create an
//! issue, search, transitions and do a transition. Creating and transitioning change the
//! tracker, so the user approves each call first.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Scope, ToolContext, ToolError, TypedTool};

use crate::builtin::{TrackerError, TransitionFields};
use crate::offline;
use crate::tracker::{Asker, IssueDraft, Tracker};
use crate::wire::{CreateMeta, Issue, ProjectRef, TransitionRef};

/// The most issues one search answers.
pub const MAX_RESULTS: u32 = 50;
/// Issues a search answers unless told.
pub const DEFAULT_RESULTS: u32 = 20;

/// The tracker a call works on: the tenant's.
pub trait TrackerFor: Send + Sync {
    fn tracker_for<'a>(&'a self, tenant_id: &'a str) -> BoxFuture<'a, Result<Arc<dyn Tracker>, ToolError>>;
}

fn asker(ctx: &ToolContext) -> Asker<'_> {
    Asker { tenant_id: ctx.tenant_id(), user_id: ctx.user_id() }
}

/// A tracker's refusal as the model and the card read it.
pub fn tool_error(e: TrackerError) -> ToolError {
    match e {
        TrackerError::Store(_) => ToolError::Failed("The issue tracker could not be reached right now".into()),
        e @ (TrackerError::Unreachable(_) | TrackerError::RateLimited { .. } | TrackerError::GrantExpired | TrackerError::Renewal(_)) => {
            ToolError::Failed(e.to_string())
        }
        e @ TrackerError::Upstream { status: 500.., .. } => ToolError::Failed(e.to_string()),
        other => ToolError::Invalid(other.to_string()),
    }
}

// ---- projects ----

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct ProjectsInput {}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct ProjectsResult {
    pub success: bool,
    /// "Jira" or "Waybill Tracker".
    pub tracker: String,
    pub projects: Vec<ProjectRef>,
}

pub struct ProjectsTool {
    pub trackers: Arc<dyn TrackerFor>,
}

impl TypedTool for ProjectsTool {
    type Input = ProjectsInput;
    type Output = ProjectsResult;
    const NAME: &'static str = "jiraGetProjects";

    fn description(&self) -> &str {
        "The issue tracker's projects (key, name, id): where tickets can be filed and searched."
    }

    fn keywords(&self) -> &[&str] {
        &["projects", "jira projects", "tracker projects"]
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<ProjectsInput> {
        offline::wants_projects(text).then_some(ProjectsInput {})
    }

    fn call<'a>(&'a self, _: ProjectsInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<ProjectsResult, ToolError>> {
        Box::pin(async move {
            let tracker = self.trackers.tracker_for(ctx.tenant_id()).await?;
            let projects = tracker.projects(asker(ctx)).await.map_err(tool_error)?;
            Ok(ProjectsResult { success: true, tracker: tracker.name().into(), projects })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Projects", "项目", "專案", "Proyectos", "プロジェクト", "Projekte", "Projets"]))
    }

    fn summarize(&self, output: &ProjectsResult, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Found {n} projects: {keys}.",
            "找到 {n} 个项目：{keys}。",
            "找到 {n} 個專案：{keys}。",
            "Se encontraron {n} proyectos: {keys}.",
            "{n} 件のプロジェクトが見つかりました：{keys}。",
            "{n} Projekte gefunden: {keys}.",
            "{n} projets trouvés : {keys}.",
        ]);
        let keys: Vec<&str> = output.projects.iter().map(|p| p.key.as_str()).collect();
        Some(fill(template, &[("n", &output.projects.len().to_string()), ("keys", &keys.join(", "))]))
    }
}

// ---- create metadata ----

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct CreateMetaInput {
    /// The project's key, e.g. OPS
    #[schemars(length(min = 1, max = 64))]
    pub project_key: String,
    /// One issue type's fields only (Task, Bug, Incident, Claim…)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub issue_type_name: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct CreateMetaResult {
    pub success: bool,
    pub tracker: String,
    pub project_key: String,
    pub data: CreateMeta,
}

pub struct CreateMetaTool {
    pub trackers: Arc<dyn TrackerFor>,
}

impl TypedTool for CreateMetaTool {
    type Input = CreateMetaInput;
    type Output = CreateMetaResult;
    const NAME: &'static str = "jiraGetCreateMeta";

    fn description(&self) -> &str {
        "The fields a project's issue types take when an issue is created (name, required, allowed values): read it before creating an issue."
    }

    fn keywords(&self) -> &[&str] {
        &["create metadata", "issue fields", "required fields"]
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<CreateMetaInput> {
        offline::project_key(text).filter(|_| text.to_lowercase().contains("field")).map(|key| CreateMetaInput { project_key: key, issue_type_name: None })
    }

    fn call<'a>(&'a self, input: CreateMetaInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<CreateMetaResult, ToolError>> {
        Box::pin(async move {
            let tracker = self.trackers.tracker_for(ctx.tenant_id()).await?;
            let data = tracker.create_meta(asker(ctx), input.project_key.trim(), input.issue_type_name.as_deref()).await.map_err(tool_error)?;
            Ok(CreateMetaResult { success: true, tracker: tracker.name().into(), project_key: input.project_key.trim().to_uppercase(), data })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick([
            "Create metadata",
            "创建元数据",
            "建立中繼資料",
            "Metadatos de creación",
            "作成メタデータ",
            "Anlage-Metadaten",
            "Métadonnées de création",
        ]))
    }

    fn summarize(&self, output: &CreateMetaResult, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Retrieved field metadata for {project}: {types}.",
            "已获取 {project} 的字段元数据：{types}。",
            "已取得 {project} 的欄位中繼資料：{types}。",
            "Metadatos de campos de {project} obtenidos: {types}.",
            "{project} の項目メタデータを取得しました：{types}。",
            "Feldmetadaten für {project} abgerufen: {types}.",
            "Métadonnées des champs de {project} récupérées : {types}.",
        ]);
        let types: Vec<String> = output.data.projects.iter().flat_map(|p| p.issuetypes.iter().map(|t| t.name.clone())).collect();
        Some(fill(template, &[("project", &output.project_key), ("types", &types.join(", "))]))
    }
}

// ---- create an issue ----

/// Names a thing by key.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct KeyRef {
    #[schemars(length(min = 1, max = 64))]
    pub key: String,
}

/// Names a thing by name (an issue type, a priority).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct NameRef {
    #[schemars(length(min = 1, max = 64))]
    pub name: String,
}

/// Names a person by account id.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct AccountRef {
    #[schemars(length(min = 1, max = 128))]
    pub account_id: String,
}

/// A new issue's fields, as Jira's create call takes them.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct CreateFields {
    pub project: KeyRef,
    pub issuetype: NameRef,
    /// One line, at most 255 characters
    #[schemars(length(max = 255))]
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// Highest, High, Medium, Low or Lowest
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub priority: Option<NameRef>,
    /// An account id from the assignable users
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assignee: Option<AccountRef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub labels: Vec<String>,
    /// yyyy-MM-dd
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub duedate: Option<String>,
    /// The facility the issue is about (its id), for trackers with a facility field
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub facility: Option<String>,
    /// Other fields by id (a Jira site's custom fields), as the create metadata names them
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[ts(as = "Option<BTreeMap<String, serde_json::Value>>", optional)]
    pub custom_fields: BTreeMap<String, serde_json::Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct CreateIssueInput {
    pub fields: CreateFields,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct CreatedRef {
    pub id: String,
    pub key: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct CreateIssueResult {
    pub success: bool,
    pub tracker: String,
    pub issue_key: String,
    pub issue_id: String,
    pub issue_url: String,
    pub summary: String,
    pub data: CreatedRef,
}

pub struct CreateIssueTool {
    pub trackers: Arc<dyn TrackerFor>,
}

impl TypedTool for CreateIssueTool {
    type Input = CreateIssueInput;
    type Output = CreateIssueResult;
    const NAME: &'static str = "jiraCreateIssue";

    fn description(&self) -> &str {
        "Files an issue in the tracker: a damaged pallet, a dock door out of service, a WMS bug, a carrier claim. Read the project's create metadata first for its issue types and required fields. The user approves the call first."
    }

    fn keywords(&self) -> &[&str] {
        &["create", "ticket", "file", "open a ticket", "new issue", "report"]
    }

    fn offline_input(&self, text: &str, ctx: &ToolContext) -> Option<CreateIssueInput> {
        offline::new_ticket(text, ctx.facility_id())
    }

    fn needs_approval(&self, _: &CreateIssueInput, _: &Scope<'_>) -> bool {
        true
    }

    fn call<'a>(&'a self, input: CreateIssueInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<CreateIssueResult, ToolError>> {
        Box::pin(async move {
            let tracker = self.trackers.tracker_for(ctx.tenant_id()).await?;
            let f = input.fields;
            let summary = f.summary.trim().to_owned();
            let draft = IssueDraft {
                project_key: f.project.key,
                issue_type: f.issuetype.name,
                summary: Some(summary.clone()),
                description: f.description,
                priority: f.priority.map(|p| p.name),
                assignee: f.assignee.map(|a| a.account_id),
                labels: f.labels,
                due_date: f.duedate,
                facility: f.facility,
                other: f.custom_fields,
            };
            let filed = tracker.create(asker(ctx), draft).await.map_err(tool_error)?;
            Ok(CreateIssueResult {
                success: true,
                tracker: tracker.name().into(),
                issue_key: filed.key.clone(),
                issue_id: filed.id.clone(),
                issue_url: filed.url,
                summary,
                data: CreatedRef { id: filed.id, key: filed.key },
            })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Issue creation", "创建问题", "建立議題", "Creación de incidencia", "課題の作成", "Vorgangsanlage", "Création de ticket"]))
    }

    fn summarize(&self, output: &CreateIssueResult, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Created issue {key}: {summary}.",
            "已创建问题 {key}：{summary}。",
            "已建立議題 {key}：{summary}。",
            "Incidencia {key} creada: {summary}.",
            "課題 {key} を作成しました：{summary}。",
            "Vorgang {key} angelegt: {summary}.",
            "Ticket {key} créé : {summary}.",
        ]);
        Some(fill(template, &[("key", &output.issue_key), ("summary", &output.summary)]))
    }
}

// ---- search ----

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct SearchInput {
    /// JQL, e.g. assignee = currentUser() AND statusCategory != Done ORDER BY priority DESC
    #[schemars(length(max = 4000))]
    pub jql: String,
    /// The first result's index (0 is the first)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub start_at: Option<u32>,
    /// Results per page, at most 50 (default 20)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(range(max = 50))]
    pub max_results: Option<u32>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct Pagination {
    pub current_page: u32,
    pub total_pages: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct SearchResult {
    pub success: bool,
    pub tracker: String,
    pub jql: String,
    pub issues: Vec<Issue>,
    pub total: u32,
    pub start_at: u32,
    pub max_results: u32,
    pub pagination: Pagination,
}

pub struct SearchTool {
    pub trackers: Arc<dyn TrackerFor>,
}

impl TypedTool for SearchTool {
    type Input = SearchInput;
    type Output = SearchResult;
    const NAME: &'static str = "jiraSearchIssues";

    fn description(&self) -> &str {
        "Searches the issue tracker with JQL (project, key, status, statusCategory, assignee, reporter, priority, type, labels, text ~, summary ~, created, updated; AND, OR, NOT, parentheses, ORDER BY; currentUser(), now(), startOfDay(), periods like -7d). Answers a page of issues with the total."
    }

    fn keywords(&self) -> &[&str] {
        &["tickets", "issues", "jira", "my open tickets", "search issues", "jql"]
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<SearchInput> {
        offline::search_jql(text).map(|jql| SearchInput { jql, start_at: None, max_results: None })
    }

    fn call<'a>(&'a self, input: SearchInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<SearchResult, ToolError>> {
        Box::pin(async move {
            let tracker = self.trackers.tracker_for(ctx.tenant_id()).await?;
            let max = input.max_results.unwrap_or(DEFAULT_RESULTS).clamp(1, MAX_RESULTS);
            let start = input.start_at.unwrap_or(0);
            let found = tracker.search(asker(ctx), &input.jql, i64::from(start), i64::from(max)).await.map_err(tool_error)?;
            let total = u32::try_from(found.total).unwrap_or(u32::MAX);
            Ok(SearchResult {
                success: true,
                tracker: tracker.name().into(),
                jql: input.jql,
                issues: found.issues,
                total,
                start_at: start,
                max_results: max,
                pagination: Pagination { current_page: start / max + 1, total_pages: total.div_ceil(max).max(1) },
            })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Issue search", "问题搜索", "議題搜尋", "Búsqueda de incidencias", "課題の検索", "Vorgangssuche", "Recherche de tickets"]))
    }

    fn summarize(&self, output: &SearchResult, lang: Lang) -> Option<String> {
        if output.issues.is_empty() {
            return Some(
                lang.pick([
                    "No issues found.",
                    "未找到问题。",
                    "找不到議題。",
                    "No se encontraron incidencias.",
                    "課題は見つかりませんでした。",
                    "Keine Vorgänge gefunden.",
                    "Aucun ticket trouvé.",
                ])
                .to_owned(),
            );
        }
        let template = lang.pick([
            "Found {n} issues, showing {m}: {keys}.",
            "找到 {n} 个问题，显示 {m} 个：{keys}。",
            "找到 {n} 個議題，顯示 {m} 個：{keys}。",
            "Se encontraron {n} incidencias; se muestran {m}: {keys}.",
            "{n} 件の課題が見つかり、{m} 件を表示しています：{keys}。",
            "{n} Vorgänge gefunden, {m} angezeigt: {keys}.",
            "{n} tickets trouvés, {m} affichés : {keys}.",
        ]);
        let keys: Vec<String> = output.issues.iter().take(10).map(|i| format!("{} ({})", i.key, i.fields.status.name)).collect();
        Some(fill(template, &[("n", &output.total.to_string()), ("m", &output.issues.len().to_string()), ("keys", &keys.join(", "))]))
    }
}

// ---- transitions ----

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct TransitionsInput {
    /// The issue's key (OPS-12) or id
    #[schemars(length(min = 1, max = 64))]
    pub issue_id_or_key: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct TransitionsResult {
    pub success: bool,
    pub tracker: String,
    pub issue_key: String,
    pub transitions: Vec<TransitionRef>,
}

pub struct TransitionsTool {
    pub trackers: Arc<dyn TrackerFor>,
}

impl TypedTool for TransitionsTool {
    type Input = TransitionsInput;
    type Output = TransitionsResult;
    const NAME: &'static str = "jiraGetTransitions";

    fn description(&self) -> &str {
        "The transitions open from an issue's status (id, name, target status): the only way to change its status."
    }

    fn keywords(&self) -> &[&str] {
        &["transitions", "workflow", "next steps"]
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<TransitionsInput> {
        offline::issue_key(text).filter(|_| text.to_lowercase().contains("transition")).map(|key| TransitionsInput { issue_id_or_key: key })
    }

    fn call<'a>(&'a self, input: TransitionsInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<TransitionsResult, ToolError>> {
        Box::pin(async move {
            let tracker = self.trackers.tracker_for(ctx.tenant_id()).await?;
            let (issue_key, transitions) = tracker.transitions(asker(ctx), input.issue_id_or_key.trim()).await.map_err(tool_error)?;
            Ok(TransitionsResult { success: true, tracker: tracker.name().into(), issue_key, transitions })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Transitions", "流转", "轉換", "Transiciones", "トランジション", "Übergänge", "Transitions"]))
    }

    fn summarize(&self, output: &TransitionsResult, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Found {n} transitions for {key}: {names}.",
            "{key} 有 {n} 个可用流转：{names}。",
            "{key} 有 {n} 個可用轉換：{names}。",
            "Se encontraron {n} transiciones para {key}: {names}.",
            "{key} のトランジションが {n} 件見つかりました：{names}。",
            "{n} Übergänge für {key} gefunden: {names}.",
            "{n} transitions trouvées pour {key} : {names}.",
        ]);
        let names: Vec<String> = output.transitions.iter().map(|t| format!("{} → {}", t.name, t.to.name)).collect();
        Some(fill(template, &[("n", &output.transitions.len().to_string()), ("key", &output.issue_key), ("names", &names.join(", "))]))
    }
}

// ---- do a transition ----

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct TransitionSetFields {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assignee: Option<AccountRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub resolution: Option<NameRef>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/jira/")]
pub struct DoTransitionInput {
    /// The issue's key (OPS-12) or id
    #[schemars(length(min = 1, max = 64))]
    pub issue_id_or_key: String,
    /// The transition's id, from the issue's transitions
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub transition_id: Option<String>,
    /// Or the status to move it to (In Progress, Done…): the open transition leading there is used
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub to_status: Option<String>,
    /// Fields the transition sets
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fields: Option<TransitionSetFields>,
    /// A comment to add with it
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub comment: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct DoTransitionResult {
    pub success: bool,
    pub tracker: String,
    pub issue_key: String,
    pub transition_id: String,
    pub transition_name: String,
    pub to_status: String,
    pub fields_updated: Vec<String>,
}

pub struct DoTransitionTool {
    pub trackers: Arc<dyn TrackerFor>,
}

impl TypedTool for DoTransitionTool {
    type Input = DoTransitionInput;
    type Output = DoTransitionResult;
    const NAME: &'static str = "jiraDoTransition";

    fn description(&self) -> &str {
        "Moves an issue along one of the transitions open from its status (by transition id, or by the status to reach), optionally setting the transition's fields and adding a comment. The user approves the call first."
    }

    fn keywords(&self) -> &[&str] {
        &["move", "transition", "to in progress", "mark as done", "close ticket", "reopen"]
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<DoTransitionInput> {
        offline::move_to(text).map(|(key, status)| DoTransitionInput {
            issue_id_or_key: key,
            transition_id: None,
            to_status: Some(status),
            fields: None,
            comment: None,
        })
    }

    fn needs_approval(&self, _: &DoTransitionInput, _: &Scope<'_>) -> bool {
        true
    }

    fn call<'a>(&'a self, input: DoTransitionInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<DoTransitionResult, ToolError>> {
        Box::pin(async move {
            let tracker = self.trackers.tracker_for(ctx.tenant_id()).await?;
            let key = input.issue_id_or_key.trim();
            let (issue_key, open) = tracker.transitions(asker(ctx), key).await.map_err(tool_error)?;
            let chosen = match (&input.transition_id, &input.to_status) {
                (Some(id), _) => open.iter().find(|t| t.id == id.trim()),
                (None, Some(status)) => open.iter().find(|t| t.to.name.eq_ignore_ascii_case(status.trim()) || t.name.eq_ignore_ascii_case(status.trim())),
                (None, None) => return Err(ToolError::Invalid("Name the transition: a transitionId from the issue's transitions, or toStatus".into())),
            };
            let Some(chosen) = chosen.cloned() else {
                let names: Vec<String> = open.iter().map(|t| format!("{} ({} → {})", t.id, t.name, t.to.name)).collect();
                let asked = input.transition_id.as_deref().or(input.to_status.as_deref()).unwrap_or_default();
                return Err(ToolError::Invalid(format!(
                    "'{asked}' is not a transition open for {issue_key}; the open ones are {}",
                    if names.is_empty() { "none".to_owned() } else { names.join(", ") }
                )));
            };
            let set = input.fields.unwrap_or_default();
            let fields =
                TransitionFields { assignee_id: set.assignee.map(|a| a.account_id), resolution: set.resolution.map(|r| r.name), comment: input.comment };
            let fields_updated = tracker.transition(asker(ctx), &issue_key, &chosen.id, fields).await.map_err(tool_error)?;
            Ok(DoTransitionResult {
                success: true,
                tracker: tracker.name().into(),
                issue_key,
                transition_id: chosen.id,
                transition_name: chosen.name,
                to_status: chosen.to.name,
                fields_updated,
            })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Transition", "执行流转", "執行轉換", "Transición", "トランジションの実行", "Übergang", "Transition"]))
    }

    fn summarize(&self, output: &DoTransitionResult, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Transition completed: {key} is now {status}.",
            "流转已完成：{key} 现在是 {status}。",
            "轉換已完成：{key} 現在是 {status}。",
            "Transición completada: {key} ahora está en {status}.",
            "トランジションが完了しました：{key} は {status} になりました。",
            "Übergang abgeschlossen: {key} ist jetzt {status}.",
            "Transition effectuée : {key} est maintenant {status}.",
        ]);
        Some(fill(template, &[("key", &output.issue_key), ("status", &output.to_status)]))
    }
}
