//! One trait for the tools to work through, whichever tracker a tenant uses: Waybill's
//! own ([`crate::builtin::BuiltIn`]) or a Jira site.

use std::collections::BTreeMap;

use futures::future::BoxFuture;

use crate::builtin::{TrackerError, TransitionFields};
use crate::wire::{CreateMeta, Issue, ProjectRef, TransitionRef, UserRef};

/// Who asks: the tenant whose tracker it is, and the member asking.
#[derive(Debug, Clone, Copy)]
pub struct Asker<'a> {
    pub tenant_id: &'a str,
    pub user_id: &'a str,
}

/// A new issue's fields.
#[derive(Debug, Clone, Default)]
pub struct IssueDraft {
    pub project_key: String,
    pub issue_type: String,
    pub summary: Option<String>,
    pub description: Option<String>,
    pub priority: Option<String>,
    /// The assignee's account id (a member's user id in the built-in tracker).
    pub assignee: Option<String>,
    pub labels: Vec<String>,
    pub due_date: Option<String>,
    /// The facility the issue is about (a custom field).
    pub facility: Option<String>,
    /// Other fields by id, passed on as given (a Jira site's custom fields).
    pub other: BTreeMap<String, serde_json::Value>,
}

/// A filed issue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filed {
    pub id: String,
    pub key: String,
    /// Where people open it.
    pub url: String,
}

/// A page of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub issues: Vec<Issue>,
    pub total: i64,
    pub start_at: i64,
    pub max_results: i64,
}

pub trait Tracker: Send + Sync {
    /// What the cards call it: "Jira" or "Waybill Tracker".
    fn name(&self) -> &'static str;
    fn projects<'a>(&'a self, asker: Asker<'a>) -> BoxFuture<'a, Result<Vec<ProjectRef>, TrackerError>>;
    /// The create screen of a project's issue types (one type when named).
    fn create_meta<'a>(&'a self, asker: Asker<'a>, project_key: &'a str, issue_type: Option<&'a str>) -> BoxFuture<'a, Result<CreateMeta, TrackerError>>;
    fn create<'a>(&'a self, asker: Asker<'a>, draft: IssueDraft) -> BoxFuture<'a, Result<Filed, TrackerError>>;
    fn search<'a>(&'a self, asker: Asker<'a>, jql: &'a str, start_at: i64, max_results: i64) -> BoxFuture<'a, Result<Found, TrackerError>>;
    /// The issue's key and the transitions open from its status.
    fn transitions<'a>(&'a self, asker: Asker<'a>, issue: &'a str) -> BoxFuture<'a, Result<(String, Vec<TransitionRef>), TrackerError>>;
    /// Does a transition; answers the fields it set.
    fn transition<'a>(
        &'a self,
        asker: Asker<'a>,
        issue: &'a str,
        transition_id: &'a str,
        fields: TransitionFields,
    ) -> BoxFuture<'a, Result<Vec<String>, TrackerError>>;
    /// Who issues of `project` can be assigned to, by name or email.
    fn assignable<'a>(&'a self, asker: Asker<'a>, project: Option<&'a str>, query: Option<&'a str>) -> BoxFuture<'a, Result<Vec<UserRef>, TrackerError>>;
}
