//! The built-in tracker's storage, scoped by tenant on every method: projects, issues,
//! transitions through the workflow, comments, and the tenant's members as assignees.

use std::collections::BTreeMap;

use sqlx::Row;
use sqlx::any::AnyRow;
use waybill_store::{MemberFilter, MemberQuery, Store};

use super::scheme::{self, FACILITY_FIELD, FieldKind, IssueType, Status, Transition};
use super::search::{Bind, SearchContext, compile};
use crate::jql::{self, JqlError};

/// The most issues a search page holds.
pub const MAX_RESULTS: i64 = 100;
/// The longest summary kept, as Jira's.
pub const MAX_SUMMARY: usize = 255;
/// The longest description or comment kept.
pub const MAX_TEXT: usize = 32_000;

/// What goes wrong, as Jira answers it: messages, and messages per field.
#[derive(Debug, thiserror::Error)]
pub enum TrackerError {
    #[error("Issue does not exist or you do not have permission to see it.")]
    IssueNotFound,
    #[error("No project could be found with key '{0}'.")]
    ProjectNotFound(String),
    #[error("{}", describe(.messages, .fields))]
    Invalid { messages: Vec<String>, fields: BTreeMap<String, String> },
    #[error(transparent)]
    Jql(#[from] JqlError),
    #[error("Jira refused the connection's credentials (401): an administrator should check the site's email and API token or access token.")]
    Unauthorized,
    #[error("Jira refused this (403): the connection's account may not see or change it.")]
    Forbidden,
    #[error("Jira is limiting requests (429); try again {}.", .retry_after.map_or_else(|| "shortly".to_owned(), |s| format!("in {s} seconds")))]
    RateLimited { retry_after: Option<u64> },
    #[error("Jira answered {status}: {}", describe(.messages, .fields))]
    Upstream { status: u16, messages: Vec<String>, fields: BTreeMap<String, String> },
    #[error("Jira could not be reached: {0}")]
    Unreachable(String),
    /// Atlassian refused to renew the connection's OAuth grant (revoked, or unused too long).
    #[error("The Jira connection's authorization has expired; an administrator must connect it again.")]
    GrantExpired,
    /// Renewing the connection's OAuth grant failed otherwise (Atlassian down, the client's secret changed).
    #[error("The Jira connection's authorization could not be renewed: {0}")]
    Renewal(String),
    #[error("the tracker's storage failed: {0}")]
    Store(String),
}

fn describe(messages: &[String], fields: &BTreeMap<String, String>) -> String {
    messages.iter().cloned().chain(fields.iter().map(|(f, m)| format!("{f}: {m}"))).collect::<Vec<_>>().join(" ")
}

impl From<sqlx::Error> for TrackerError {
    fn from(e: sqlx::Error) -> Self {
        tracing::error!(error = %e, "the tracker's storage failed");
        TrackerError::Store(e.to_string())
    }
}

impl From<waybill_store::StoreError> for TrackerError {
    fn from(e: waybill_store::StoreError) -> Self {
        TrackerError::Store(e.to_string())
    }
}

fn field_error(field: &str, message: impl Into<String>) -> TrackerError {
    TrackerError::Invalid { messages: Vec::new(), fields: BTreeMap::from([(field.to_owned(), message.into())]) }
}

/// Someone an issue names: a member of the tenant (or, in seeded data, floor staff with no account).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub id: Option<String>,
    pub name: String,
    pub email: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    pub id: String,
    pub key: String,
    pub name: String,
    pub description: String,
    pub lead_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    pub id: String,
    pub key: String,
    pub project_key: String,
    pub project_id: String,
    pub project_name: String,
    pub issue_type: String,
    pub summary: String,
    pub description: String,
    pub status: String,
    pub resolution: Option<String>,
    pub priority: String,
    pub assignee: Option<Person>,
    pub reporter: Option<Person>,
    pub labels: Vec<String>,
    pub facility_id: Option<String>,
    pub due_date: Option<String>,
    pub created_ms: i64,
    pub updated_ms: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    pub id: String,
    pub author: Person,
    pub body: String,
    pub created_ms: i64,
}

/// A new issue's fields, by the ids the create screen names them (`summary`,
/// `priority`, `assignee`, `customfield_10010`…).
#[derive(Debug, Clone, Default)]
pub struct NewIssue {
    pub project_key: String,
    pub issue_type: String,
    pub summary: Option<String>,
    pub description: Option<String>,
    pub priority: Option<String>,
    /// A member's user id.
    pub assignee_id: Option<String>,
    pub labels: Vec<String>,
    pub due_date: Option<String>,
    pub facility_id: Option<String>,
}

/// What a transition may set besides the status.
#[derive(Debug, Clone, Default)]
pub struct TransitionFields {
    pub assignee_id: Option<String>,
    pub resolution: Option<String>,
    pub comment: Option<String>,
}

/// A page of issues and how many match.
#[derive(Debug, Clone)]
pub struct SearchPage {
    pub issues: Vec<Issue>,
    pub total: i64,
    pub start_at: i64,
    pub max_results: i64,
}

/// The built-in tracker over the store.
#[derive(Clone)]
pub struct BuiltIn {
    store: Store,
}

const ISSUE_COLUMNS: &str = "i.id, i.issue_key, i.project_key, p.id AS project_id, p.name AS project_name, i.issue_type, i.summary, i.description, i.status, i.resolution, \
     i.priority, i.assignee_id, i.assignee_name, i.assignee_email, i.reporter_id, i.reporter_name, i.reporter_email, i.labels, i.facility_id, \
     i.due_date, i.created_at, i.updated_at";

fn person(row: &AnyRow, prefix: &str) -> Result<Option<Person>, sqlx::Error> {
    let name: Option<String> = row.try_get(format!("{prefix}_name").as_str())?;
    Ok(match name {
        Some(name) => Some(Person { id: row.try_get(format!("{prefix}_id").as_str())?, name, email: row.try_get(format!("{prefix}_email").as_str())? }),
        None => None,
    })
}

fn issue_of(row: &AnyRow) -> Result<Issue, sqlx::Error> {
    let labels: String = row.try_get("labels")?;
    Ok(Issue {
        id: row.try_get("id")?,
        key: row.try_get("issue_key")?,
        project_key: row.try_get("project_key")?,
        project_id: row.try_get("project_id")?,
        project_name: row.try_get("project_name")?,
        issue_type: row.try_get("issue_type")?,
        summary: row.try_get("summary")?,
        description: row.try_get("description")?,
        status: row.try_get("status")?,
        resolution: row.try_get("resolution")?,
        priority: row.try_get("priority")?,
        assignee: person(row, "assignee")?,
        reporter: person(row, "reporter")?,
        labels: labels.split(',').filter(|l| !l.is_empty()).map(str::to_owned).collect(),
        facility_id: row.try_get("facility_id")?,
        due_date: row.try_get("due_date")?,
        created_ms: row.try_get("created_at")?,
        updated_ms: row.try_get("updated_at")?,
    })
}

/// Labels as stored: `,a,b,` so one can be matched whole.
pub(crate) fn stored_labels(labels: &[String]) -> String {
    if labels.is_empty() { String::new() } else { format!(",{},", labels.join(",")) }
}

/// A tenant's active member as an issue names them: by first name when they gave one.
fn person_of(member: waybill_store::Member) -> Person {
    Person { id: Some(member.user_id), name: member.first_name.filter(|n| !n.trim().is_empty()).unwrap_or(member.user_name), email: Some(member.email) }
}

/// An issue as it is written (by a create, or by the demo's seed).
pub(crate) struct IssueRow<'a> {
    pub project_key: &'a str,
    pub number: i64,
    pub issue_type: &'a str,
    pub summary: &'a str,
    pub description: &'a str,
    pub status: Status,
    pub resolution: Option<&'a str>,
    /// The priority's name and rank.
    pub priority: (&'a str, i64),
    pub assignee: Option<&'a Person>,
    pub reporter: &'a Person,
    /// As stored: see [`stored_labels`].
    pub labels: &'a str,
    pub facility_id: Option<&'a str>,
    pub due_date: Option<&'a str>,
    pub created_ms: i64,
    pub updated_ms: i64,
}

/// Writes `row` as a new issue keyed `<project>-<number>`; answers its id and key.
pub(crate) async fn insert_issue(tx: &mut sqlx::Transaction<'_, sqlx::Any>, tenant_id: &str, row: &IssueRow<'_>) -> Result<(String, String), sqlx::Error> {
    let id = uuid::Uuid::now_v7().to_string();
    let key = format!("{}-{}", row.project_key, row.number);
    sqlx::query(
        "INSERT INTO tracker_issues (tenant_id, id, project_key, number, issue_key, issue_type, summary, description, status, status_category, resolution, \
         priority, priority_rank, assignee_id, assignee_name, assignee_email, reporter_id, reporter_name, reporter_email, labels, facility_id, due_date, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)",
    )
    .bind(tenant_id)
    .bind(&id)
    .bind(row.project_key)
    .bind(row.number)
    .bind(&key)
    .bind(row.issue_type)
    .bind(row.summary)
    .bind(row.description)
    .bind(row.status.name)
    .bind(row.status.category_key)
    .bind(row.resolution)
    .bind(row.priority.0)
    .bind(row.priority.1)
    .bind(row.assignee.and_then(|a| a.id.clone()))
    .bind(row.assignee.map(|a| a.name.clone()))
    .bind(row.assignee.and_then(|a| a.email.clone()))
    .bind(row.reporter.id.clone())
    .bind(&row.reporter.name)
    .bind(row.reporter.email.clone())
    .bind(row.labels)
    .bind(row.facility_id)
    .bind(row.due_date)
    .bind(row.created_ms)
    .bind(row.updated_ms)
    .execute(&mut **tx)
    .await?;
    Ok((id, key))
}

impl BuiltIn {
    pub fn new(store: Store) -> Self {
        BuiltIn { store }
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// A member of the tenant as an issue names them; none when not an active member.
    pub async fn member(&self, tenant_id: &str, user_id: &str) -> Result<Option<Person>, TrackerError> {
        let member = self.store.member(tenant_id, user_id).await?;
        Ok(member.filter(|m| !m.suspended && !m.invited).map(person_of))
    }

    /// The tenant's active members whose name or email holds `query`: who issues can be assigned to.
    pub async fn assignable(&self, tenant_id: &str, query: Option<&str>, limit: i64) -> Result<Vec<Person>, TrackerError> {
        let (members, _) =
            self.store.members(tenant_id, &MemberQuery { search: query, filter: MemberFilter::Active, limit: limit.clamp(1, 1000), offset: 0 }).await?;
        Ok(members.into_iter().map(person_of).collect())
    }

    pub async fn projects(&self, tenant_id: &str) -> Result<Vec<Project>, TrackerError> {
        let rows = sqlx::query("SELECT id, project_key, name, description, lead_id FROM tracker_projects WHERE tenant_id = $1 ORDER BY project_key")
            .bind(tenant_id)
            .fetch_all(self.store.reads())
            .await?;
        rows.iter()
            .map(|r| {
                Ok(Project {
                    id: r.try_get("id")?,
                    key: r.try_get("project_key")?,
                    name: r.try_get("name")?,
                    description: r.try_get("description")?,
                    lead_id: r.try_get("lead_id")?,
                })
            })
            .collect()
    }

    pub async fn project(&self, tenant_id: &str, key_or_id: &str) -> Result<Project, TrackerError> {
        let key = key_or_id.trim();
        self.projects(tenant_id)
            .await?
            .into_iter()
            .find(|p| p.key.eq_ignore_ascii_case(key) || p.id == key)
            .ok_or_else(|| TrackerError::ProjectNotFound(key.chars().take(64).collect()))
    }

    /// Adds a project unless the tenant has one with this key.
    pub async fn ensure_project(&self, tenant_id: &str, key: &str, name: &str, description: &str, lead_id: Option<&str>) -> Result<(), TrackerError> {
        let id = format!("{}", 10_000 + self.projects(tenant_id).await?.len());
        sqlx::query(
            "INSERT INTO tracker_projects (tenant_id, id, project_key, name, description, lead_id, next_number, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, 1, $7) ON CONFLICT (tenant_id, project_key) DO NOTHING",
        )
        .bind(tenant_id)
        .bind(id)
        .bind(key)
        .bind(name)
        .bind(description)
        .bind(lead_id)
        .bind(waybill_store::now_ms())
        .execute(self.store.writes())
        .await?;
        Ok(())
    }

    /// An issue by its id or key.
    pub async fn issue(&self, tenant_id: &str, id_or_key: &str) -> Result<Issue, TrackerError> {
        let wanted = id_or_key.trim();
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {ISSUE_COLUMNS} FROM tracker_issues i JOIN tracker_projects p ON p.tenant_id = i.tenant_id AND p.project_key = i.project_key \
             WHERE i.tenant_id = $1 AND (i.issue_key = $2 OR i.id = $3)"
        )))
        .bind(tenant_id)
        .bind(wanted.to_uppercase())
        .bind(wanted)
        .fetch_optional(self.store.reads())
        .await?;
        row.as_ref().map(issue_of).transpose()?.ok_or(TrackerError::IssueNotFound)
    }

    /// The issues a JQL query matches, a page of them.
    pub async fn search(&self, tenant_id: &str, user_id: &str, jql: &str, start_at: i64, max_results: i64) -> Result<SearchPage, TrackerError> {
        let query = jql::parse(jql)?;
        let compiled = compile(&query, &SearchContext { tenant_id, user_id, now_ms: waybill_store::now_ms() })?;
        let start_at = start_at.max(0);
        let max_results = max_results.clamp(0, MAX_RESULTS);
        // The issues' own columns, unprefixed, as the conditions name them.
        let matching = format!("SELECT * FROM tracker_issues WHERE {}", compiled.condition);
        let count_sql = format!("SELECT COUNT(*) AS n FROM ({matching}) m");
        let order = compiled.order.replace("ORDER BY ", "ORDER BY m.").replace(", ", ", m.");
        let page_sql = format!(
            "SELECT {} FROM ({matching}) m JOIN tracker_projects p ON p.tenant_id = m.tenant_id AND p.project_key = m.project_key {order} LIMIT {max_results} OFFSET {start_at}",
            ISSUE_COLUMNS.replace("i.", "m.")
        );
        let bind_all = |sql: String| {
            let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(tenant_id.to_owned());
            for bind in &compiled.binds {
                q = match bind {
                    Bind::Text(t) => q.bind(t.clone()),
                    Bind::Int(i) => q.bind(*i),
                };
            }
            q
        };
        let total: i64 = bind_all(count_sql).fetch_one(self.store.reads()).await?.try_get("n")?;
        let issues = if max_results == 0 {
            Vec::new()
        } else {
            bind_all(page_sql).fetch_all(self.store.reads()).await?.iter().map(issue_of).collect::<Result<_, _>>()?
        };
        Ok(SearchPage { issues, total, start_at, max_results })
    }

    /// Checks a new issue against its type's create screen and files it.
    pub async fn create(&self, tenant_id: &str, reporter: &Person, new: NewIssue) -> Result<Issue, TrackerError> {
        let project = self.project(tenant_id, &new.project_key).await.map_err(|_| field_error("project", "valid project is required"))?;
        let kind: &IssueType = scheme::issue_type_named(&new.issue_type)
            .ok_or_else(|| field_error("issuetype", "valid issue type is required; the types are Task, Bug, Incident, Claim"))?;
        let mut fields = BTreeMap::new();
        let summary = new.summary.as_deref().map(str::trim).unwrap_or_default().to_owned();
        if summary.is_empty() {
            fields.insert("summary".to_owned(), "You must specify a summary of the issue.".to_owned());
        } else if summary.chars().count() > MAX_SUMMARY {
            fields.insert("summary".to_owned(), format!("Summary must be less than {MAX_SUMMARY} characters."));
        } else if summary.contains(['\n', '\r']) {
            fields.insert("summary".to_owned(), "Field 'summary' cannot contain new lines.".to_owned());
        }
        let description = new.description.unwrap_or_default();
        if description.chars().count() > MAX_TEXT {
            fields.insert("description".to_owned(), format!("Description must be less than {MAX_TEXT} characters."));
        }
        let (priority, rank) = match new.priority.as_deref() {
            None => scheme::priority_rank(scheme::DEFAULT_PRIORITY).expect("the default priority exists"),
            Some(p) => scheme::priority_rank(p).unwrap_or_else(|| {
                fields.insert("priority".to_owned(), format!("The priority '{p}' does not exist; the priorities are Highest, High, Medium, Low, Lowest."));
                ("", 0)
            }),
        };
        let assignee = match new.assignee_id.as_deref().filter(|a| !a.is_empty()) {
            None => None,
            Some(id) => {
                let found = self.member(tenant_id, id).await?;
                if found.is_none() {
                    fields.insert("assignee".to_owned(), format!("User '{id}' cannot be assigned issues."));
                }
                found
            }
        };
        if let Some(due) = &new.due_date
            && due.parse::<jiff::civil::Date>().is_err()
        {
            fields.insert("duedate".to_owned(), "Error parsing date string: use yyyy-MM-dd.".to_owned());
        }
        let facilities = self.store.facilities_of(tenant_id).await?;
        match &new.facility_id {
            Some(f) if !facilities.iter().any(|x| &x.id == f) => {
                fields.insert(FACILITY_FIELD.to_owned(), format!("Facility '{f}' is not one of this company's facilities."));
            }
            None if kind.fields.iter().any(|f| f.kind == FieldKind::Facility && f.required) => {
                fields.insert(FACILITY_FIELD.to_owned(), "Facility is required.".to_owned());
            }
            _ => {}
        }
        if new.labels.iter().any(|l| l.is_empty() || l.len() > 255 || l.contains([' ', ','])) {
            fields.insert("labels".to_owned(), "Labels are words without spaces or commas.".to_owned());
        }
        if !fields.is_empty() {
            return Err(TrackerError::Invalid { messages: Vec::new(), fields });
        }
        let now = waybill_store::now_ms();
        let mut tx = self.store.writes().begin().await?;
        let row = sqlx::query("UPDATE tracker_projects SET next_number = next_number + 1 WHERE tenant_id = $1 AND project_key = $2 RETURNING next_number")
            .bind(tenant_id)
            .bind(&project.key)
            .fetch_one(&mut *tx)
            .await?;
        let number: i64 = row.try_get::<i64, _>("next_number")? - 1;
        let row = IssueRow {
            project_key: &project.key,
            number,
            issue_type: kind.name,
            summary: &summary,
            description: &description,
            status: scheme::TO_DO,
            resolution: None,
            priority: (priority, rank),
            assignee: assignee.as_ref(),
            reporter,
            labels: &stored_labels(&new.labels),
            facility_id: new.facility_id.as_deref(),
            due_date: new.due_date.as_deref(),
            created_ms: now,
            updated_ms: now,
        };
        let key = insert_issue(&mut tx, tenant_id, &row).await?.1;
        tx.commit().await?;
        self.issue(tenant_id, &key).await
    }

    /// The transitions open from the issue's status.
    pub async fn transitions(&self, tenant_id: &str, id_or_key: &str) -> Result<(Issue, Vec<&'static Transition>), TrackerError> {
        let issue = self.issue(tenant_id, id_or_key).await?;
        let open = scheme::transitions_from(&issue.status).collect();
        Ok((issue, open))
    }

    /// Moves the issue along a transition open from its status, setting the transition's
    /// fields; answers the issue after and the fields it set.
    pub async fn transition(
        &self,
        tenant_id: &str,
        actor: &Person,
        id_or_key: &str,
        transition_id: &str,
        fields: TransitionFields,
    ) -> Result<(Issue, Vec<String>), TrackerError> {
        let (issue, open) = self.transitions(tenant_id, id_or_key).await?;
        let Some(transition) = open.iter().find(|t| t.id == transition_id.trim()) else {
            let allowed: Vec<String> = open.iter().map(|t| format!("{} ({})", t.id, t.name)).collect();
            return Err(TrackerError::Invalid {
                messages: vec![format!(
                    "Transition id '{}' is not valid for this issue, which is {}. The transitions open are {}.",
                    transition_id.chars().take(32).collect::<String>(),
                    issue.status,
                    allowed.join(", ")
                )],
                fields: BTreeMap::new(),
            });
        };
        let to: Status = transition.to;
        let mut updated = vec!["status".to_owned()];
        let assignee = match fields.assignee_id.as_deref() {
            Some(id) if transition.fields.contains(&"assignee") => {
                updated.push("assignee".to_owned());
                Some(self.member(tenant_id, id).await?.ok_or_else(|| field_error("assignee", format!("User '{id}' cannot be assigned issues.")))?)
            }
            Some(_) => return Err(field_error("assignee", format!("Field 'assignee' cannot be set on the '{}' transition.", transition.name))),
            None => None,
        };
        let resolution = match fields.resolution.as_deref() {
            Some(r) if transition.fields.contains(&"resolution") => {
                let known = scheme::RESOLUTIONS
                    .iter()
                    .find(|k| k.eq_ignore_ascii_case(r.trim()))
                    .ok_or_else(|| field_error("resolution", format!("The resolution '{r}' does not exist; they are {}.", scheme::RESOLUTIONS.join(", "))))?;
                updated.push("resolution".to_owned());
                Some((*known).to_owned())
            }
            Some(_) => return Err(field_error("resolution", format!("Field 'resolution' cannot be set on the '{}' transition.", transition.name))),
            None if to == scheme::DONE => Some("Done".to_owned()),
            None => None,
        };
        let now = waybill_store::now_ms();
        let mut tx = self.store.writes().begin().await?;
        let changed = sqlx::query(
            "UPDATE tracker_issues SET status = $1, status_category = $2, resolution = $3, \
             assignee_id = COALESCE($4, assignee_id), assignee_name = COALESCE($5, assignee_name), assignee_email = COALESCE($6, assignee_email), \
             updated_at = $7 WHERE tenant_id = $8 AND id = $9 AND status = $10",
        )
        .bind(to.name)
        .bind(to.category_key)
        .bind(resolution)
        .bind(assignee.as_ref().and_then(|a| a.id.clone()))
        .bind(assignee.as_ref().map(|a| a.name.clone()))
        .bind(assignee.as_ref().and_then(|a| a.email.clone()))
        .bind(now)
        .bind(tenant_id)
        .bind(&issue.id)
        .bind(&issue.status)
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() == 0 {
            return Err(TrackerError::Invalid { messages: vec!["The issue changed while it was being moved; read it again.".into()], fields: BTreeMap::new() });
        }
        if let Some(body) = fields.comment.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
            insert_comment(&mut tx, tenant_id, &issue.id, actor, body, now).await?;
            updated.push("comment".to_owned());
        }
        tx.commit().await?;
        Ok((self.issue(tenant_id, &issue.id).await?, updated))
    }

    pub async fn comments(&self, tenant_id: &str, id_or_key: &str) -> Result<Vec<Comment>, TrackerError> {
        let issue = self.issue(tenant_id, id_or_key).await?;
        let rows = sqlx::query(
            "SELECT id, author_id, author_name, body, created_at FROM tracker_comments WHERE tenant_id = $1 AND issue_id = $2 ORDER BY created_at, id",
        )
        .bind(tenant_id)
        .bind(&issue.id)
        .fetch_all(self.store.reads())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Comment {
                    id: r.try_get("id")?,
                    author: Person { id: r.try_get("author_id")?, name: r.try_get("author_name")?, email: None },
                    body: r.try_get("body")?,
                    created_ms: r.try_get("created_at")?,
                })
            })
            .collect()
    }

    pub async fn add_comment(&self, tenant_id: &str, author: &Person, id_or_key: &str, body: &str) -> Result<Comment, TrackerError> {
        let body = body.trim();
        if body.is_empty() {
            return Err(field_error("comment", "Comment body can not be empty!"));
        }
        if body.chars().count() > MAX_TEXT {
            return Err(field_error("comment", format!("A comment is at most {MAX_TEXT} characters.")));
        }
        let issue = self.issue(tenant_id, id_or_key).await?;
        let now = waybill_store::now_ms();
        let mut tx = self.store.writes().begin().await?;
        let id = insert_comment(&mut tx, tenant_id, &issue.id, author, body, now).await?;
        sqlx::query("UPDATE tracker_issues SET updated_at = $1 WHERE tenant_id = $2 AND id = $3")
            .bind(now)
            .bind(tenant_id)
            .bind(&issue.id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Comment { id, author: author.clone(), body: body.to_owned(), created_ms: now })
    }
}

pub(crate) async fn insert_comment(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    tenant_id: &str,
    issue_id: &str,
    author: &Person,
    body: &str,
    at: i64,
) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::now_v7().to_string();
    sqlx::query("INSERT INTO tracker_comments (tenant_id, id, issue_id, author_id, author_name, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(tenant_id)
        .bind(&id)
        .bind(issue_id)
        .bind(author.id.clone())
        .bind(&author.name)
        .bind(body)
        .bind(at)
        .execute(&mut **tx)
        .await?;
    Ok(id)
}
