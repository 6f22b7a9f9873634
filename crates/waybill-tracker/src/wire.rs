//! What the tools answer, in Jira's own shapes (spec 001 §3): issues with `key` and
//! `fields.status.name`, `fields.assignee.displayName`…, a search with `total` and
//! `pagination`, transitions with `to.name`, create metadata as `data.projects` with
//! issue types and their fields. The built-in tracker and a Jira site both answer these.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Something Jira names: a status, a priority, an issue type, a resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct Named {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
}

impl Named {
    pub fn new(id: Option<&str>, name: &str) -> Self {
        Named { id: id.map(str::to_owned), name: name.to_owned(), description: None }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct StatusCategory {
    /// `new`, `indeterminate` or `done`.
    pub key: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct StatusRef {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status_category: Option<StatusCategory>,
}

/// A person: Jira Cloud names them by `accountId`, Data Center by `name`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct UserRef {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub account_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    pub display_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub email_address: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct ProjectRef {
    pub id: String,
    pub key: String,
    pub name: String,
}

/// An issue's fields as the cards read them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct IssueFields {
    pub summary: String,
    pub status: StatusRef,
    pub assignee: Option<UserRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reporter: Option<UserRef>,
    pub priority: Option<Named>,
    pub issuetype: Named,
    pub project: ProjectRef,
    /// RFC 3339.
    pub created: String,
    pub updated: String,
    #[serde(default)]
    pub labels: Vec<String>,
    /// Plain text (a Jira Cloud document is flattened to its text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub resolution: Option<Named>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct Issue {
    pub id: String,
    pub key: String,
    pub fields: IssueFields,
}

/// A value a field allows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct AllowedValue {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    /// Issue types, priorities and projects have a name; options of custom fields a value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub value: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct FieldSchema {
    /// `string`, `priority`, `user`, `array`, `date`, `option`, `project`, `issuetype`…
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub items: Option<String>,
}

/// A field of an issue type's create screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/jira/")]
pub struct FieldMeta {
    pub name: String,
    pub required: bool,
    pub schema: FieldSchema,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub allowed_values: Option<Vec<AllowedValue>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct IssueTypeMeta {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// By field id (`summary`, `customfield_10010`).
    pub fields: BTreeMap<String, FieldMeta>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct ProjectMeta {
    pub id: String,
    pub key: String,
    pub name: String,
    pub issuetypes: Vec<IssueTypeMeta>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct CreateMeta {
    pub projects: Vec<ProjectMeta>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/jira/")]
pub struct TransitionRef {
    pub id: String,
    pub name: String,
    pub to: StatusRef,
}

/// Milliseconds since the epoch as RFC 3339, as Jira writes times.
pub fn time(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms).map(|t| t.to_string()).unwrap_or_default()
}
