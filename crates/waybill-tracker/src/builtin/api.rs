//! The built-in tracker behind the [`Tracker`] trait: its issues, schemes and people in
//! Jira's shapes.

use std::collections::BTreeMap;

use futures::future::BoxFuture;

use super::scheme::{self, FieldKind, FieldSpec};
use super::store::{BuiltIn, Issue as Stored, NewIssue, Person, TrackerError, TransitionFields};
use crate::tracker::{Asker, Filed, Found, IssueDraft, Tracker};
use crate::wire::{self, AllowedValue, CreateMeta, FieldMeta, FieldSchema, IssueTypeMeta, Named, ProjectMeta, ProjectRef, StatusRef, TransitionRef, UserRef};

/// Where the web app shows an issue of the built-in tracker.
pub const BROWSE: &str = "/tracker/browse/";

fn user(person: &Person) -> UserRef {
    UserRef { account_id: person.id.clone(), name: None, display_name: person.name.clone(), email_address: person.email.clone() }
}

pub(crate) fn status(name: &str) -> StatusRef {
    let known = scheme::status_named(name);
    StatusRef {
        id: known.map(|s| s.id.to_owned()),
        name: name.to_owned(),
        description: known.map(|s| s.description.to_owned()),
        status_category: known.map(|s| wire::StatusCategory { key: s.category_key.to_owned(), name: s.category_name.to_owned() }),
    }
}

/// A stored issue in Jira's shape.
pub fn issue(stored: &Stored) -> wire::Issue {
    let type_id = scheme::issue_type_named(&stored.issue_type).map(|t| t.id);
    wire::Issue {
        id: stored.id.clone(),
        key: stored.key.clone(),
        fields: wire::IssueFields {
            summary: stored.summary.clone(),
            status: status(&stored.status),
            assignee: stored.assignee.as_ref().map(user),
            reporter: stored.reporter.as_ref().map(user),
            priority: Some(Named::new(scheme::PRIORITIES.iter().find(|p| p.1 == stored.priority).map(|p| p.0), &stored.priority)),
            issuetype: Named::new(type_id, &stored.issue_type),
            project: ProjectRef { id: stored.project_id.clone(), key: stored.project_key.clone(), name: stored.project_name.clone() },
            created: wire::time(stored.created_ms),
            updated: wire::time(stored.updated_ms),
            labels: stored.labels.clone(),
            description: (!stored.description.is_empty()).then(|| stored.description.clone()),
            resolution: stored.resolution.as_deref().map(|r| Named::new(None, r)),
        },
    }
}

fn field_meta(spec: &FieldSpec, project: &ProjectRef, facilities: &[(String, String)]) -> FieldMeta {
    let named = |id: &str, name: &str| AllowedValue { id: Some(id.to_owned()), name: Some(name.to_owned()), value: None };
    let (kind, items, allowed) = match spec.kind {
        FieldKind::String | FieldKind::Text => ("string", None, None),
        FieldKind::Priority => ("priority", None, Some(scheme::PRIORITIES.iter().map(|(id, name, _)| named(id, name)).collect())),
        FieldKind::User => ("user", None, None),
        FieldKind::Labels => ("array", Some("string".to_owned()), None),
        FieldKind::Date => ("date", None, None),
        FieldKind::IssueType => ("issuetype", None, Some(scheme::ISSUE_TYPES.iter().map(|t| named(t.id, t.name)).collect())),
        FieldKind::Project => {
            ("project", None, Some(vec![AllowedValue { id: Some(project.id.clone()), name: Some(project.name.clone()), value: Some(project.key.clone()) }]))
        }
        FieldKind::Facility => {
            ("option", None, Some(facilities.iter().map(|(id, name)| AllowedValue { id: Some(id.clone()), name: None, value: Some(name.clone()) }).collect()))
        }
    };
    FieldMeta { name: spec.name.to_owned(), required: spec.required, schema: FieldSchema { kind: kind.to_owned(), items }, allowed_values: allowed }
}

impl Tracker for BuiltIn {
    fn name(&self) -> &'static str {
        "Waybill Tracker"
    }

    fn projects<'a>(&'a self, asker: Asker<'a>) -> BoxFuture<'a, Result<Vec<ProjectRef>, TrackerError>> {
        Box::pin(
            async move { Ok(BuiltIn::projects(self, asker.tenant_id).await?.into_iter().map(|p| ProjectRef { id: p.id, key: p.key, name: p.name }).collect()) },
        )
    }

    fn create_meta<'a>(&'a self, asker: Asker<'a>, project_key: &'a str, issue_type: Option<&'a str>) -> BoxFuture<'a, Result<CreateMeta, TrackerError>> {
        Box::pin(async move {
            let project = self.project(asker.tenant_id, project_key).await?;
            let reference = ProjectRef { id: project.id.clone(), key: project.key.clone(), name: project.name.clone() };
            let facilities: Vec<(String, String)> = self.store().facilities_of(asker.tenant_id).await?.into_iter().map(|f| (f.id, f.name)).collect();
            let types: Vec<&scheme::IssueType> = match issue_type {
                Some(name) => vec![scheme::issue_type_named(name).ok_or_else(|| TrackerError::Invalid {
                    messages: vec![format!("The issue type '{name}' does not exist in {}; the types are Task, Bug, Incident, Claim.", project.key)],
                    fields: BTreeMap::new(),
                })?],
                None => scheme::ISSUE_TYPES.iter().collect(),
            };
            let issuetypes = types
                .into_iter()
                .map(|t| IssueTypeMeta {
                    id: t.id.to_owned(),
                    name: t.name.to_owned(),
                    description: t.description.to_owned(),
                    fields: t.fields.iter().map(|f| (f.id.to_owned(), field_meta(f, &reference, &facilities))).collect(),
                })
                .collect();
            Ok(CreateMeta { projects: vec![ProjectMeta { id: project.id, key: project.key, name: project.name, issuetypes }] })
        })
    }

    fn create<'a>(&'a self, asker: Asker<'a>, draft: IssueDraft) -> BoxFuture<'a, Result<Filed, TrackerError>> {
        Box::pin(async move {
            if let Some(field) = draft.other.keys().next() {
                return Err(TrackerError::Invalid {
                    messages: Vec::new(),
                    fields: BTreeMap::from([(field.clone(), format!("Field '{field}' cannot be set. It is not on the appropriate screen, or unknown."))]),
                });
            }
            let reporter = self.member(asker.tenant_id, asker.user_id).await?.ok_or(TrackerError::IssueNotFound)?;
            let new = NewIssue {
                project_key: draft.project_key,
                issue_type: draft.issue_type,
                summary: draft.summary,
                description: draft.description,
                priority: draft.priority,
                assignee_id: draft.assignee,
                labels: draft.labels,
                due_date: draft.due_date,
                facility_id: draft.facility,
            };
            let filed = BuiltIn::create(self, asker.tenant_id, &reporter, new).await?;
            Ok(Filed { url: format!("{BROWSE}{}", filed.key), id: filed.id, key: filed.key })
        })
    }

    fn search<'a>(&'a self, asker: Asker<'a>, jql: &'a str, start_at: i64, max_results: i64) -> BoxFuture<'a, Result<Found, TrackerError>> {
        Box::pin(async move {
            let page = BuiltIn::search(self, asker.tenant_id, asker.user_id, jql, start_at, max_results).await?;
            Ok(Found { issues: page.issues.iter().map(issue).collect(), total: page.total, start_at: page.start_at, max_results: page.max_results })
        })
    }

    fn transitions<'a>(&'a self, asker: Asker<'a>, key: &'a str) -> BoxFuture<'a, Result<(String, Vec<TransitionRef>), TrackerError>> {
        Box::pin(async move {
            let (issue, open) = BuiltIn::transitions(self, asker.tenant_id, key).await?;
            let refs = open.into_iter().map(|t| TransitionRef { id: t.id.to_owned(), name: t.name.to_owned(), to: status(t.to.name) }).collect();
            Ok((issue.key, refs))
        })
    }

    fn transition<'a>(&'a self, asker: Asker<'a>, key: &'a str, id: &'a str, fields: TransitionFields) -> BoxFuture<'a, Result<Vec<String>, TrackerError>> {
        Box::pin(async move {
            let actor = self.member(asker.tenant_id, asker.user_id).await?.ok_or(TrackerError::IssueNotFound)?;
            let (_, updated) = BuiltIn::transition(self, asker.tenant_id, &actor, key, id, fields).await?;
            Ok(updated)
        })
    }

    fn assignable<'a>(&'a self, asker: Asker<'a>, _: Option<&'a str>, query: Option<&'a str>) -> BoxFuture<'a, Result<Vec<UserRef>, TrackerError>> {
        Box::pin(async move { Ok(BuiltIn::assignable(self, asker.tenant_id, query, 1000).await?.iter().map(user).collect()) })
    }
}
