//! The Jira REST client: the subset the tools need, on Cloud (v3) and Data Center (v2).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use reqwest::Method;
use serde_json::{Value, json};
use waybill_tools::outbound::{Outbound, OutboundError};

use super::adf::{plain_text, to_adf};
use crate::builtin::{TrackerError, TransitionFields};
use crate::tracker::{Asker, Filed, Found, IssueDraft, Tracker};
use crate::wire::{
    AllowedValue, CreateMeta, FieldMeta, FieldSchema, Issue, IssueFields, IssueTypeMeta, Named, ProjectMeta, ProjectRef, StatusCategory, StatusRef,
    TransitionRef, UserRef,
};

/// The most a Jira answer may weigh.
const MAX_BODY: usize = 8 * 1024 * 1024;
/// The fields a search asks for.
const SEARCH_FIELDS: [&str; 11] =
    ["summary", "status", "assignee", "reporter", "priority", "issuetype", "project", "created", "updated", "labels", "resolution"];

/// Which Jira: Cloud speaks REST v3 (documents for text, account ids for people),
/// Data Center REST v2 (plain text, user names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "tracker/", rename = "JiraFlavour")]
#[schema(as = JiraFlavour)]
pub enum Flavour {
    Cloud,
    DataCenter,
}

/// How the client signs in.
#[derive(Clone)]
pub enum JiraAuth {
    /// Cloud: the account's email and an API token.
    Basic { email: String, token: String },
    /// Data Center's personal access token, or an access token an administrator entered.
    Bearer(String),
    /// A grant from signing in with Atlassian: bearer tokens that are renewed.
    OAuth(Arc<dyn TokenSource>),
}

impl std::fmt::Debug for JiraAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JiraAuth::Basic { email, .. } => write!(f, "Basic({email}, ***)"),
            JiraAuth::Bearer(_) => f.write_str("Bearer(***)"),
            JiraAuth::OAuth(_) => f.write_str("OAuth(***)"),
        }
    }
}

/// Access tokens of an OAuth grant: the current one, renewed shortly before it expires.
pub trait TokenSource: Send + Sync {
    /// A token to send now.
    fn token(&self) -> BoxFuture<'_, Result<String, TrackerError>>;
    /// Jira refused `stale`: a token renewed since (by this call or a concurrent one).
    fn renewed(&self, stale: String) -> BoxFuture<'_, Result<String, TrackerError>>;
}

/// A tenant's Jira site.
#[derive(Debug, Clone)]
pub struct JiraSite {
    /// `https://example.atlassian.net`, no trailing slash.
    pub base_url: String,
    pub flavour: Flavour,
    pub auth: JiraAuth,
}

/// The client for one site.
#[derive(Clone)]
pub struct JiraClient {
    site: JiraSite,
    /// Where REST calls go: the site itself, or Atlassian's gateway for an OAuth grant.
    api_base: String,
    outbound: Outbound,
}

/// Jira's error body as one sentence: `errorMessages` then `errors` by field.
fn refusal(status: u16, body: &Value) -> TrackerError {
    let messages: Vec<String> = body["errorMessages"].as_array().map(|m| m.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()).unwrap_or_default();
    let fields: BTreeMap<String, String> = body["errors"]
        .as_object()
        .map(|m| m.iter().map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_owned))).collect())
        .unwrap_or_default();
    TrackerError::Upstream { status, messages, fields }
}

fn text(value: &Value) -> String {
    value.as_str().map(str::to_owned).unwrap_or_default()
}

fn named(value: &Value) -> Option<Named> {
    value.get("name").and_then(Value::as_str).map(|name| Named {
        id: value.get("id").and_then(Value::as_str).map(str::to_owned),
        name: name.to_owned(),
        description: value.get("description").and_then(Value::as_str).filter(|d| !d.is_empty()).map(str::to_owned),
    })
}

fn user(value: &Value) -> Option<UserRef> {
    let display_name = value.get("displayName").and_then(Value::as_str)?;
    Some(UserRef {
        account_id: value.get("accountId").and_then(Value::as_str).map(str::to_owned),
        name: value.get("name").and_then(Value::as_str).map(str::to_owned),
        display_name: display_name.to_owned(),
        email_address: value.get("emailAddress").and_then(Value::as_str).map(str::to_owned),
    })
}

fn status(value: &Value) -> StatusRef {
    StatusRef {
        id: value.get("id").and_then(Value::as_str).map(str::to_owned),
        name: text(&value["name"]),
        description: value.get("description").and_then(Value::as_str).filter(|d| !d.is_empty()).map(str::to_owned),
        status_category: value.get("statusCategory").filter(|c| c.is_object()).map(|c| StatusCategory { key: text(&c["key"]), name: text(&c["name"]) }),
    }
}

/// A Jira issue in the tools' shape.
pub(crate) fn issue(value: &Value) -> Issue {
    let f = &value["fields"];
    Issue {
        id: text(&value["id"]),
        key: text(&value["key"]),
        fields: IssueFields {
            summary: text(&f["summary"]),
            status: status(&f["status"]),
            assignee: user(&f["assignee"]),
            reporter: user(&f["reporter"]),
            priority: named(&f["priority"]),
            issuetype: named(&f["issuetype"]).unwrap_or(Named { id: None, name: String::new(), description: None }),
            project: ProjectRef { id: text(&f["project"]["id"]), key: text(&f["project"]["key"]), name: text(&f["project"]["name"]) },
            created: text(&f["created"]),
            updated: text(&f["updated"]),
            labels: f["labels"].as_array().map(|l| l.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()).unwrap_or_default(),
            description: plain_text(&f["description"]).filter(|d| !d.is_empty()),
            resolution: named(&f["resolution"]),
        },
    }
}

fn field_meta(value: &Value) -> FieldMeta {
    let allowed = value["allowedValues"].as_array().map(|values| {
        values
            .iter()
            .map(|v| AllowedValue {
                id: v.get("id").and_then(Value::as_str).map(str::to_owned),
                name: v.get("name").and_then(Value::as_str).map(str::to_owned),
                value: v.get("value").or_else(|| v.get("key")).and_then(Value::as_str).map(str::to_owned),
            })
            .collect()
    });
    FieldMeta {
        name: text(&value["name"]),
        required: value["required"].as_bool().unwrap_or(false),
        schema: FieldSchema { kind: text(&value["schema"]["type"]), items: value["schema"]["items"].as_str().map(str::to_owned) },
        allowed_values: allowed,
    }
}

/// The items of a paged Jira list, whichever key holds them.
fn items<'a>(body: &'a Value, keys: &[&str]) -> &'a [Value] {
    keys.iter().find_map(|k| body.get(*k).and_then(Value::as_array)).map(Vec::as_slice).or_else(|| body.as_array().map(Vec::as_slice)).unwrap_or_default()
}

/// Path segments are keys and ids: letters, digits, `-` and `_` only.
fn segment(value: &str) -> Result<&str, TrackerError> {
    let value = value.trim();
    if !value.is_empty() && value.len() <= 64 && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        Ok(value)
    } else {
        Err(TrackerError::IssueNotFound)
    }
}

impl JiraClient {
    pub fn new(site: JiraSite, outbound: Outbound) -> Self {
        let base_url = site.base_url.trim_end_matches('/').to_owned();
        JiraClient { api_base: base_url.clone(), site: JiraSite { base_url, ..site }, outbound }
    }

    /// REST calls go to `api_base` (`https://api.atlassian.com/ex/jira/{cloudid}`) while
    /// links still name the site.
    pub fn through(self, api_base: &str) -> Self {
        JiraClient { api_base: api_base.trim_end_matches('/').to_owned(), ..self }
    }

    fn api(&self) -> &'static str {
        match self.site.flavour {
            Flavour::Cloud => "/rest/api/3",
            Flavour::DataCenter => "/rest/api/2",
        }
    }

    /// Sends one request; answers the JSON body of a 2xx (null when empty). With an OAuth
    /// grant, a 401 renews the token once and sends the request again.
    async fn call(&self, method: Method, path: &str, query: &[(&str, String)], body: Option<Value>) -> Result<Value, TrackerError> {
        let url = format!("{}{path}", self.api_base);
        let mut token = match &self.site.auth {
            JiraAuth::OAuth(source) => Some(source.token().await?),
            _ => None,
        };
        let mut renewed = false;
        let (code, headers, bytes) = loop {
            let mut request =
                self.outbound.request(method.clone(), &url).map_err(unreachable)?.header("Accept", "application/json").timeout(Duration::from_secs(30));
            if !query.is_empty() {
                request = request.query(query);
            }
            request = match (&self.site.auth, &token) {
                (JiraAuth::Basic { email, token }, _) => request.basic_auth(email, Some(token)),
                (JiraAuth::Bearer(token), _) | (JiraAuth::OAuth(_), Some(token)) => request.bearer_auth(token),
                (JiraAuth::OAuth(_), None) => request,
            };
            if let Some(body) = &body {
                request = request.json(body);
            }
            let answer = self.outbound.fetch_with_headers(request, MAX_BODY).await.map_err(unreachable)?;
            if answer.0.as_u16() == 401
                && !renewed
                && let (JiraAuth::OAuth(source), Some(stale)) = (&self.site.auth, token.take())
            {
                token = Some(source.renewed(stale).await?);
                renewed = true;
                continue;
            }
            break answer;
        };
        let parsed: Value = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).unwrap_or(Value::Null) };
        match code.as_u16() {
            200..=299 => Ok(parsed),
            401 => Err(TrackerError::Unauthorized),
            403 => Err(TrackerError::Forbidden),
            404 => Err(match refusal(404, &parsed) {
                TrackerError::Upstream { messages, .. } if !messages.is_empty() => TrackerError::Upstream { status: 404, messages, fields: BTreeMap::new() },
                _ => TrackerError::IssueNotFound,
            }),
            429 => {
                let seconds = headers.get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
                Err(TrackerError::RateLimited { retry_after: seconds })
            }
            status => Err(refusal(status, &parsed)),
        }
    }

    async fn get(&self, path: &str, query: &[(&str, String)]) -> Result<Value, TrackerError> {
        self.call(Method::GET, path, query, None).await
    }

    fn browse(&self, key: &str) -> String {
        format!("{}/browse/{key}", self.site.base_url)
    }
}

fn unreachable(e: OutboundError) -> TrackerError {
    TrackerError::Unreachable(e.to_string())
}

impl Tracker for JiraClient {
    fn name(&self) -> &'static str {
        "Jira"
    }

    fn projects<'a>(&'a self, _: Asker<'a>) -> BoxFuture<'a, Result<Vec<ProjectRef>, TrackerError>> {
        Box::pin(async move {
            let body = match self.site.flavour {
                Flavour::Cloud => self.get(&format!("{}/project/search", self.api()), &[("maxResults", "100".into())]).await?,
                Flavour::DataCenter => self.get(&format!("{}/project", self.api()), &[]).await?,
            };
            Ok(items(&body, &["values"]).iter().map(|p| ProjectRef { id: text(&p["id"]), key: text(&p["key"]), name: text(&p["name"]) }).collect())
        })
    }

    fn create_meta<'a>(&'a self, _: Asker<'a>, project_key: &'a str, issue_type: Option<&'a str>) -> BoxFuture<'a, Result<CreateMeta, TrackerError>> {
        Box::pin(async move {
            let key = segment(project_key)?;
            let project = self.get(&format!("{}/project/{key}", self.api()), &[]).await?;
            let base = format!("{}/issue/createmeta/{key}/issuetypes", self.api());
            let types = self.get(&base, &[("maxResults", "50".into())]).await?;
            let mut issuetypes = Vec::new();
            for t in items(&types, &["issueTypes", "values"]) {
                let name = text(&t["name"]);
                if issue_type.is_some_and(|wanted| !wanted.trim().eq_ignore_ascii_case(&name)) {
                    continue;
                }
                let id = text(&t["id"]);
                let fields = self.get(&format!("{base}/{}", segment(&id)?), &[("maxResults", "200".into())]).await?;
                let fields = items(&fields, &["fields", "values"]).iter().map(|f| (text(&f["fieldId"]), field_meta(f))).collect();
                issuetypes.push(IssueTypeMeta { id, name, description: text(&t["description"]), fields });
            }
            if let (Some(wanted), true) = (issue_type, issuetypes.is_empty()) {
                return Err(TrackerError::Invalid { messages: vec![format!("The issue type '{wanted}' does not exist in {key}.")], fields: BTreeMap::new() });
            }
            Ok(CreateMeta { projects: vec![ProjectMeta { id: text(&project["id"]), key: text(&project["key"]), name: text(&project["name"]), issuetypes }] })
        })
    }

    fn create<'a>(&'a self, _: Asker<'a>, draft: IssueDraft) -> BoxFuture<'a, Result<Filed, TrackerError>> {
        Box::pin(async move {
            let cloud = self.site.flavour == Flavour::Cloud;
            let mut fields = serde_json::Map::new();
            fields.insert("project".into(), json!({"key": draft.project_key}));
            fields.insert("issuetype".into(), json!({"name": draft.issue_type}));
            if let Some(summary) = draft.summary {
                fields.insert("summary".into(), json!(summary));
            }
            if let Some(description) = draft.description {
                fields.insert("description".into(), if cloud { to_adf(&description) } else { json!(description) });
            }
            if let Some(priority) = draft.priority {
                fields.insert("priority".into(), json!({"name": priority}));
            }
            if let Some(assignee) = draft.assignee {
                fields.insert("assignee".into(), if cloud { json!({"accountId": assignee}) } else { json!({"name": assignee}) });
            }
            if !draft.labels.is_empty() {
                fields.insert("labels".into(), json!(draft.labels));
            }
            if let Some(due) = draft.due_date {
                fields.insert("duedate".into(), json!(due));
            }
            for (id, value) in draft.other {
                fields.insert(id, value);
            }
            let made = self.call(Method::POST, &format!("{}/issue", self.api()), &[], Some(json!({"fields": fields}))).await?;
            let key = text(&made["key"]);
            Ok(Filed { id: text(&made["id"]), url: self.browse(&key), key })
        })
    }

    fn search<'a>(&'a self, _: Asker<'a>, jql: &'a str, start_at: i64, max_results: i64) -> BoxFuture<'a, Result<Found, TrackerError>> {
        Box::pin(async move {
            let fields = SEARCH_FIELDS.join(",");
            match self.site.flavour {
                Flavour::DataCenter => {
                    let query = [("jql", jql.to_owned()), ("startAt", start_at.to_string()), ("maxResults", max_results.to_string()), ("fields", fields)];
                    let body = self.get(&format!("{}/search", self.api()), &query).await?;
                    Ok(Found {
                        issues: items(&body, &["issues"]).iter().map(issue).collect(),
                        total: body["total"].as_i64().unwrap_or(0),
                        start_at,
                        max_results,
                    })
                }
                Flavour::Cloud => {
                    // Pages are reached by token: walk to `start_at`, then read one page.
                    let page = |token: Option<String>, want: i64| {
                        let mut request = json!({"jql": jql, "maxResults": want, "fields": SEARCH_FIELDS});
                        if let Some(t) = token {
                            request["nextPageToken"] = json!(t);
                        }
                        self.call(Method::POST, "/rest/api/3/search/jql", &[], Some(request))
                    };
                    let mut token = None;
                    let mut skipped = 0;
                    let mut exhausted = false;
                    while skipped < start_at && !exhausted {
                        let body = page(token.take(), (start_at - skipped).min(100)).await?;
                        skipped += items(&body, &["issues"]).len() as i64;
                        token = body["nextPageToken"].as_str().map(str::to_owned);
                        exhausted = token.is_none();
                    }
                    let page = if exhausted { json!({"issues": []}) } else { page(token, max_results).await? };
                    let counted = self.call(Method::POST, "/rest/api/3/search/approximate-count", &[], Some(json!({"jql": jql}))).await?;
                    Ok(Found {
                        issues: items(&page, &["issues"]).iter().map(issue).collect(),
                        total: counted["count"].as_i64().unwrap_or(0),
                        start_at,
                        max_results,
                    })
                }
            }
        })
    }

    fn transitions<'a>(&'a self, _: Asker<'a>, key: &'a str) -> BoxFuture<'a, Result<(String, Vec<TransitionRef>), TrackerError>> {
        Box::pin(async move {
            let key = segment(key)?;
            let body = self.get(&format!("{}/issue/{key}/transitions", self.api()), &[]).await?;
            let open =
                items(&body, &["transitions"]).iter().map(|t| TransitionRef { id: text(&t["id"]), name: text(&t["name"]), to: status(&t["to"]) }).collect();
            Ok((key.to_uppercase(), open))
        })
    }

    fn transition<'a>(&'a self, _: Asker<'a>, key: &'a str, id: &'a str, fields: TransitionFields) -> BoxFuture<'a, Result<Vec<String>, TrackerError>> {
        Box::pin(async move {
            let key = segment(key)?;
            let cloud = self.site.flavour == Flavour::Cloud;
            let mut updated = vec!["status".to_owned()];
            let mut set = serde_json::Map::new();
            if let Some(assignee) = fields.assignee_id {
                set.insert("assignee".into(), if cloud { json!({"accountId": assignee}) } else { json!({"name": assignee}) });
                updated.push("assignee".into());
            }
            if let Some(resolution) = fields.resolution {
                set.insert("resolution".into(), json!({"name": resolution}));
                updated.push("resolution".into());
            }
            let mut body = json!({"transition": {"id": id}, "fields": set});
            if let Some(comment) = fields.comment.filter(|c| !c.trim().is_empty()) {
                body["update"] = json!({"comment": [{"add": {"body": if cloud { to_adf(&comment) } else { json!(comment) }}}]});
                updated.push("comment".into());
            }
            self.call(Method::POST, &format!("{}/issue/{key}/transitions", self.api()), &[], Some(body)).await?;
            Ok(updated)
        })
    }

    fn assignable<'a>(&'a self, _: Asker<'a>, project: Option<&'a str>, query: Option<&'a str>) -> BoxFuture<'a, Result<Vec<UserRef>, TrackerError>> {
        Box::pin(async move {
            let mut params = vec![("maxResults", "1000".to_owned())];
            if let Some(project) = project {
                params.push(("project", segment(project)?.to_owned()));
            }
            let by = if self.site.flavour == Flavour::Cloud { "query" } else { "username" };
            params.push((by, query.unwrap_or_default().to_owned()));
            let body = self.get(&format!("{}/user/assignable/search", self.api()), &params).await?;
            Ok(items(&body, &[]).iter().filter_map(user).collect())
        })
    }
}
