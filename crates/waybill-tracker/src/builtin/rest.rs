//! The built-in tracker over the subset of Jira Data Center's REST API v2 that the tools,
//! the `/tracker` page and Jira clients use: projects, create metadata, creating and
//! reading issues, JQL search with `startAt` paging, transitions, comments and assignable
//! users. Requests and answers are Jira's JSON, refusals Jira's error body
//! (`errorMessages`, `errors` by field). The HTTP layer only routes here: every answer is
//! built, and every request body read, in this module.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::api::issue as wire_issue;
use super::scheme::{self, FACILITY_FIELD};
use super::store::{BuiltIn, Comment, Issue, MAX_RESULTS, NewIssue, Person, Project, TrackerError, TransitionFields};
use crate::tracker::{Asker, Tracker};
use crate::wire::IssueTypeMeta;

/// Where the subset is served: a Jira client's site URL is Waybill's address with
/// `/tracker`, so its links to `/browse/KEY` open the `/tracker` page.
pub const REST_BASE: &str = "/tracker/rest/api/2";
/// A search page's size when the request names none, as Jira's.
const DEFAULT_PAGE: i64 = 50;

/// A refusal in Jira's words: the status and `{"errorMessages": […], "errors": {…}}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub status: u16,
    pub body: Value,
}

impl Refusal {
    pub fn new(status: u16, messages: &[String], fields: &BTreeMap<String, String>) -> Self {
        Refusal { status, body: json!({"errorMessages": messages, "errors": fields}) }
    }

    pub fn message(status: u16, message: impl Into<String>) -> Self {
        Refusal::new(status, &[message.into()], &BTreeMap::new())
    }

    fn field(field: &str, message: impl Into<String>) -> Self {
        Refusal::new(400, &[], &BTreeMap::from([(field.to_owned(), message.into())]))
    }
}

impl From<TrackerError> for Refusal {
    fn from(e: TrackerError) -> Self {
        match e {
            TrackerError::IssueNotFound | TrackerError::ProjectNotFound(_) => Refusal::message(404, e.to_string()),
            TrackerError::Invalid { messages, fields } => Refusal::new(400, &messages, &fields),
            TrackerError::Jql(_) => Refusal::message(400, e.to_string()),
            TrackerError::Store(_) => Refusal::message(500, "Internal server error"),
            other => Refusal::message(502, other.to_string()),
        }
    }
}

/// What an answer is: its status and Jira's JSON (null for 204).
pub type Answer = Result<(u16, Value), Refusal>;

fn ok(value: Value) -> Answer {
    Ok((200, value))
}

/// A person as Data Center names them: `name`, `key` and `accountId` are all the member's
/// user id (absent for floor staff with no account).
pub fn user(person: &Person) -> Value {
    let mut value = json!({"displayName": person.name, "active": true});
    if let Some(id) = &person.id {
        value["name"] = json!(id);
        value["key"] = json!(id);
        value["accountId"] = json!(id);
    }
    if let Some(email) = &person.email {
        value["emailAddress"] = json!(email);
    }
    value
}

fn project(p: &Project) -> Value {
    json!({"self": format!("{REST_BASE}/project/{}", p.id), "id": p.id, "key": p.key, "name": p.name, "description": p.description,
           "projectTypeKey": "business"})
}

fn comment(c: &Comment) -> Value {
    let at = crate::wire::time(c.created_ms);
    json!({"id": c.id, "author": user(&c.author), "body": c.body, "created": at, "updated": at})
}

/// An issue in Jira's JSON, with its due date, facility and (when given) comments.
fn issue(stored: &Issue, facilities: &[(String, String)], comments: Option<&[Comment]>) -> Value {
    let mut value = serde_json::to_value(wire_issue(stored)).unwrap_or(Value::Null);
    value["self"] = json!(format!("{REST_BASE}/issue/{}", stored.id));
    let fields = &mut value["fields"];
    fields["duedate"] = json!(stored.due_date);
    fields[FACILITY_FIELD] = match &stored.facility_id {
        Some(id) => json!({"id": id, "value": facilities.iter().find(|(f, _)| f == id).map_or(id.as_str(), |(_, name)| name)}),
        None => Value::Null,
    };
    if let Some(comments) = comments {
        let n = comments.len();
        fields["comment"] = json!({"startAt": 0, "maxResults": n, "total": n, "comments": comments.iter().map(comment).collect::<Vec<_>>()});
    }
    value
}

fn paged(values: Vec<Value>, max_results: usize) -> Value {
    json!({"startAt": 0, "maxResults": max_results, "total": values.len(), "isLast": true, "values": values})
}

async fn facilities(tracker: &BuiltIn, tenant_id: &str) -> Result<Vec<(String, String)>, TrackerError> {
    Ok(tracker.store().facilities_of(tenant_id).await?.into_iter().map(|f| (f.id, f.name)).collect())
}

/// `GET /project`
pub async fn projects(tracker: &BuiltIn, asker: Asker<'_>) -> Answer {
    ok(Value::Array(BuiltIn::projects(tracker, asker.tenant_id).await?.iter().map(project).collect()))
}

/// `GET /project/{key or id}`
pub async fn project_of(tracker: &BuiltIn, asker: Asker<'_>, key: &str) -> Answer {
    ok(project(&tracker.project(asker.tenant_id, key).await?))
}

/// `GET /issue/{key or id}`, with its comments.
pub async fn issue_of(tracker: &BuiltIn, asker: Asker<'_>, key: &str) -> Answer {
    let stored = tracker.issue(asker.tenant_id, key).await?;
    let comments = tracker.comments(asker.tenant_id, &stored.id).await?;
    ok(issue(&stored, &facilities(tracker, asker.tenant_id).await?, Some(&comments)))
}

/// What a search asks for, from the query string (`GET`) or the body (`POST`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchRequest {
    pub jql: String,
    pub start_at: i64,
    pub max_results: i64,
}

impl SearchRequest {
    /// From `GET /search?jql=&startAt=&maxResults=`.
    pub fn from_query(params: &[(String, String)]) -> Result<Self, Refusal> {
        let get = |name: &str| params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        let number = |name: &str, default: i64| match get(name).map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(default),
            Some(v) => v.parse::<i64>().map_err(|_| Refusal::message(400, format!("The value '{}' of {name} is not a number.", clip(v, 32)))),
        };
        Ok(SearchRequest { jql: get("jql").unwrap_or_default().to_owned(), start_at: number("startAt", 0)?, max_results: number("maxResults", DEFAULT_PAGE)? })
    }

    /// From `POST /search` with `{"jql", "startAt", "maxResults", "fields"}`.
    pub fn from_body(body: &Value) -> Result<Self, Refusal> {
        let object = body.as_object().ok_or_else(|| Refusal::message(400, "The request body is a JSON object."))?;
        let number = |name: &str, default: i64| match object.get(name) {
            None | Some(Value::Null) => Ok(default),
            Some(v) => v.as_i64().ok_or_else(|| Refusal::message(400, format!("{name} is a whole number."))),
        };
        let jql = match object.get("jql") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(_) => return Err(Refusal::message(400, "jql is a string.")),
        };
        Ok(SearchRequest { jql, start_at: number("startAt", 0)?, max_results: number("maxResults", DEFAULT_PAGE)? })
    }
}

/// `GET|POST /search`
pub async fn search(tracker: &BuiltIn, asker: Asker<'_>, request: &SearchRequest) -> Answer {
    if request.start_at < 0 || request.max_results < 0 {
        return Err(Refusal::message(400, "startAt and maxResults cannot be negative."));
    }
    let page = BuiltIn::search(tracker, asker.tenant_id, asker.user_id, &request.jql, request.start_at, request.max_results.min(MAX_RESULTS)).await?;
    let facilities = facilities(tracker, asker.tenant_id).await?;
    ok(json!({
        "expand": "schema,names",
        "startAt": page.start_at,
        "maxResults": page.max_results,
        "total": page.total,
        "issues": page.issues.iter().map(|i| issue(i, &facilities, None)).collect::<Vec<_>>(),
    }))
}

/// `GET /issue/createmeta/{project}/issuetypes`
pub async fn issue_types(tracker: &BuiltIn, asker: Asker<'_>, project_key: &str) -> Answer {
    tracker.project(asker.tenant_id, project_key).await?;
    let types = scheme::ISSUE_TYPES
        .iter()
        .map(|t| json!({"self": format!("{REST_BASE}/issuetype/{}", t.id), "id": t.id, "name": t.name, "description": t.description, "subtask": false}))
        .collect();
    ok(paged(types, 50))
}

/// `GET /issue/createmeta/{project}/issuetypes/{type id}`: the type's create screen.
pub async fn issue_type_fields(tracker: &BuiltIn, asker: Asker<'_>, project_key: &str, type_id: &str) -> Answer {
    let kind = scheme::ISSUE_TYPES
        .iter()
        .find(|t| t.id == type_id.trim())
        .ok_or_else(|| Refusal::message(404, format!("The issue type with id '{}' does not exist or is not used in this project.", clip(type_id, 32))))?;
    let meta = Tracker::create_meta(tracker, asker, project_key, Some(kind.name)).await?;
    let types: Vec<IssueTypeMeta> = meta.projects.into_iter().flat_map(|p| p.issuetypes).collect();
    let fields = types
        .iter()
        .flat_map(|t| t.fields.iter())
        .map(|(id, field)| {
            let mut value = serde_json::to_value(field).unwrap_or(Value::Null);
            value["fieldId"] = json!(id);
            value["key"] = json!(id);
            value["hasDefaultValue"] = json!(id == "priority");
            value
        })
        .collect();
    ok(paged(fields, 200))
}

/// `POST /issue`: answers 201 `{"id", "key", "self"}`.
pub async fn create(tracker: &BuiltIn, asker: Asker<'_>, body: &Value) -> Answer {
    let facilities = facilities(tracker, asker.tenant_id).await?;
    let new = new_issue(body, &facilities)?;
    let reporter = tracker.member(asker.tenant_id, asker.user_id).await?.ok_or(TrackerError::IssueNotFound)?;
    let filed = BuiltIn::create(tracker, asker.tenant_id, &reporter, new).await?;
    Ok((201, json!({"id": filed.id, "key": filed.key, "self": format!("{REST_BASE}/issue/{}", filed.id)})))
}

/// `GET /issue/{key}/transitions`: each with the fields its screen takes.
pub async fn transitions(tracker: &BuiltIn, asker: Asker<'_>, key: &str) -> Answer {
    let (_, open) = BuiltIn::transitions(tracker, asker.tenant_id, key).await?;
    let transitions: Vec<Value> = open
        .iter()
        .map(|t| {
            let mut fields = Map::new();
            for field in t.fields {
                let screen = match *field {
                    "resolution" => json!({"required": false, "name": "Resolution", "schema": {"type": "resolution", "system": "resolution"},
                        "allowedValues": RESOLUTION_IDS.iter().zip(scheme::RESOLUTIONS).map(|(id, name)| json!({"id": id, "name": name})).collect::<Vec<_>>()}),
                    _ => json!({"required": false, "name": "Assignee", "schema": {"type": "user", "system": "assignee"}}),
                };
                fields.insert((*field).to_owned(), screen);
            }
            let to = serde_json::to_value(super::api::status(t.to.name)).unwrap_or(Value::Null);
            json!({"id": t.id, "name": t.name, "to": to, "hasScreen": !t.fields.is_empty(), "fields": fields})
        })
        .collect();
    ok(json!({"expand": "transitions", "transitions": transitions}))
}

/// `POST /issue/{key}/transitions`: answers 204.
pub async fn transition(tracker: &BuiltIn, asker: Asker<'_>, key: &str, body: &Value) -> Answer {
    let (id, fields) = transition_request(body)?;
    let actor = tracker.member(asker.tenant_id, asker.user_id).await?.ok_or(TrackerError::IssueNotFound)?;
    BuiltIn::transition(tracker, asker.tenant_id, &actor, key, &id, fields).await?;
    Ok((204, Value::Null))
}

/// `GET /issue/{key}/comment`
pub async fn comments(tracker: &BuiltIn, asker: Asker<'_>, key: &str) -> Answer {
    let comments = tracker.comments(asker.tenant_id, key).await?;
    let n = comments.len();
    ok(json!({"startAt": 0, "maxResults": n, "total": n, "comments": comments.iter().map(comment).collect::<Vec<_>>()}))
}

/// `POST /issue/{key}/comment` with `{"body"}`: answers 201 and the comment.
pub async fn add_comment(tracker: &BuiltIn, asker: Asker<'_>, key: &str, body: &Value) -> Answer {
    let text = match body.get("body") {
        Some(Value::String(s)) => s.as_str(),
        _ => return Err(Refusal::field("comment", "Comment body can not be empty!")),
    };
    let author = tracker.member(asker.tenant_id, asker.user_id).await?.ok_or(TrackerError::IssueNotFound)?;
    let added = tracker.add_comment(asker.tenant_id, &author, key, text).await?;
    Ok((201, comment(&added)))
}

/// `GET /user/assignable/search?project=&username=` (Cloud's `query=` too).
pub async fn assignable(tracker: &BuiltIn, asker: Asker<'_>, params: &[(String, String)]) -> Answer {
    let get = |name: &str| params.iter().find(|(k, _)| k == name).map(|(_, v)| v.trim()).filter(|v| !v.is_empty());
    if let Some(key) = get("project") {
        tracker.project(asker.tenant_id, key).await?;
    }
    let limit = get("maxResults").and_then(|m| m.parse::<i64>().ok()).unwrap_or(50);
    let people = BuiltIn::assignable(tracker, asker.tenant_id, get("username").or_else(|| get("query")), limit).await?;
    ok(Value::Array(people.iter().map(user).collect()))
}

/// `GET /myself`
pub async fn myself(tracker: &BuiltIn, asker: Asker<'_>) -> Answer {
    let me = tracker.member(asker.tenant_id, asker.user_id).await?.ok_or_else(|| Refusal::message(401, "You are not authenticated."))?;
    ok(user(&me))
}

/// The resolutions' ids, in the order of [`scheme::RESOLUTIONS`].
const RESOLUTION_IDS: [&str; 4] = ["1", "2", "3", "4"];

fn clip(text: &str, n: usize) -> String {
    text.chars().take(n).collect()
}

/// A field's value read as a reference: a string, or an object's first present key of `keys`.
fn reference<'a>(value: &'a Value, keys: &[&str]) -> Option<&'a str> {
    match value {
        Value::String(s) => Some(s.as_str()),
        Value::Object(o) => keys.iter().find_map(|k| o.get(*k).and_then(Value::as_str)),
        _ => None,
    }
}

/// A `POST /issue` body as a new issue; every field that cannot be read is named.
pub fn new_issue(body: &Value, facilities: &[(String, String)]) -> Result<NewIssue, Refusal> {
    let fields =
        body.get("fields").and_then(Value::as_object).ok_or_else(|| Refusal::message(400, "The request body holds the issue's fields under \"fields\"."))?;
    let mut new = NewIssue::default();
    let mut errors = BTreeMap::new();
    let mut wrong = |field: &str, message: &str| {
        errors.insert(field.to_owned(), message.to_owned());
    };
    for (id, value) in fields {
        if value.is_null() {
            continue;
        }
        match id.as_str() {
            "project" => match reference(value, &["key", "id"]) {
                Some(key) => new.project_key = key.to_owned(),
                None => wrong(id, "project is given by its key or id."),
            },
            "issuetype" => match reference(value, &["id", "name"]) {
                Some(kind) => new.issue_type = kind.to_owned(),
                None => wrong(id, "issue type is given by its id or name."),
            },
            "summary" | "description" | "duedate" => match value.as_str() {
                Some(text) => {
                    let text = Some(text.to_owned());
                    match id.as_str() {
                        "summary" => new.summary = text,
                        "description" => new.description = text,
                        _ => new.due_date = text,
                    }
                }
                None => wrong(id, &format!("Field '{id}' is a string.")),
            },
            "priority" => match reference(value, &["name", "id"]) {
                Some(p) => new.priority = Some(scheme::PRIORITIES.iter().find(|(pid, _, _)| *pid == p).map_or(p, |(_, name, _)| name).to_owned()),
                None => wrong(id, "priority is given by its name or id."),
            },
            "assignee" => match reference(value, &["accountId", "name", "key"]) {
                Some(a) => new.assignee_id = Some(a.to_owned()),
                None => wrong(id, "assignee is given by accountId or name."),
            },
            "labels" => match value.as_array().map(|l| l.iter().map(|v| v.as_str().map(str::to_owned)).collect::<Option<Vec<_>>>()) {
                Some(Some(labels)) => new.labels = labels,
                _ => wrong(id, "labels are a list of strings."),
            },
            FACILITY_FIELD => match reference(value, &["id", "value"]) {
                // An option is named by its id or by its value, the facility's name.
                Some(f) => new.facility_id = Some(facilities.iter().find(|(fid, name)| fid == f || name == f).map_or(f, |(fid, _)| fid.as_str()).to_owned()),
                None => wrong(id, "Facility is given by its id or value."),
            },
            other => wrong(other, &format!("Field '{}' cannot be set. It is not on the appropriate screen, or unknown.", clip(other, 64))),
        }
    }
    if new.project_key.is_empty() {
        errors.entry("project".to_owned()).or_insert_with(|| "project is required".to_owned());
    }
    if new.issue_type.is_empty() {
        errors.entry("issuetype".to_owned()).or_insert_with(|| "issue type is required".to_owned());
    }
    if errors.is_empty() { Ok(new) } else { Err(Refusal::new(400, &[], &errors)) }
}

/// A `POST /issue/{key}/transitions` body: the transition's id and the fields it sets.
pub fn transition_request(body: &Value) -> Result<(String, TransitionFields), Refusal> {
    let id = match &body["transition"]["id"] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return Err(Refusal::message(400, "Missing 'transition' identifier")),
    };
    let mut set = TransitionFields::default();
    if let Some(fields) = body.get("fields").and_then(Value::as_object) {
        for (field, value) in fields {
            match field.as_str() {
                "assignee" => {
                    set.assignee_id = Some(
                        reference(value, &["accountId", "name", "key"])
                            .ok_or_else(|| Refusal::field("assignee", "assignee is given by accountId or name."))?
                            .to_owned(),
                    );
                }
                "resolution" => {
                    let named = reference(value, &["name", "id"]).ok_or_else(|| Refusal::field("resolution", "resolution is given by its name or id."))?;
                    let name = RESOLUTION_IDS.iter().position(|r| *r == named).map_or(named, |i| scheme::RESOLUTIONS[i]);
                    set.resolution = Some(name.to_owned());
                }
                other => {
                    return Err(Refusal::field(other, format!("Field '{}' cannot be set. It is not on the appropriate screen, or unknown.", clip(other, 64))));
                }
            }
        }
    }
    let added: Vec<&str> = body["update"]["comment"].as_array().into_iter().flatten().filter_map(|c| c["add"]["body"].as_str()).collect();
    if !added.is_empty() {
        set.comment = Some(added.join("\n\n"));
    }
    Ok((id, set))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_create_body_is_read_by_ids_names_and_values() {
        let facilities = vec![("dc-ontario".to_owned(), "Ontario DC".to_owned())];
        let body = json!({"fields": {
            "project": {"key": "OPS"}, "issuetype": {"id": "10003"}, "summary": "Dock door 7", "priority": {"id": "2"},
            "assignee": {"name": "u1"}, "labels": ["dock"], FACILITY_FIELD: {"value": "Ontario DC"}, "description": null
        }});
        let new = new_issue(&body, &facilities).unwrap();
        assert_eq!((new.project_key.as_str(), new.issue_type.as_str(), new.priority.as_deref()), ("OPS", "10003", Some("High")));
        assert_eq!((new.assignee_id.as_deref(), new.facility_id.as_deref(), new.labels), (Some("u1"), Some("dc-ontario"), vec!["dock".to_owned()]));
    }

    #[test]
    fn an_unreadable_create_body_names_each_field() {
        let refusal = new_issue(&json!({"fields": {"summary": 7, "labels": "dock", "customfield_99999": "x"}}), &[]).unwrap_err();
        assert_eq!(refusal.status, 400);
        let errors = refusal.body["errors"].as_object().unwrap();
        let named: Vec<&str> = errors.keys().map(String::as_str).collect();
        assert_eq!(named, ["customfield_99999", "issuetype", "labels", "project", "summary"]);
        assert!(errors["customfield_99999"].as_str().unwrap().contains("cannot be set"));
        assert_eq!(new_issue(&json!([]), &[]).unwrap_err().body["errorMessages"][0], "The request body holds the issue's fields under \"fields\".");
    }

    #[test]
    fn a_transition_body_is_read_as_jira_sends_it() {
        let (id, fields) = transition_request(&json!({
            "transition": {"id": 41}, "fields": {"resolution": {"id": "3"}}, "update": {"comment": [{"add": {"body": "Replaced"}}]}
        }))
        .unwrap();
        assert_eq!((id.as_str(), fields.resolution.as_deref(), fields.comment.as_deref()), ("41", Some("Won't Do"), Some("Replaced")));
        assert_eq!(transition_request(&json!({})).unwrap_err().body["errorMessages"][0], "Missing 'transition' identifier");
        assert_eq!(
            transition_request(&json!({"transition": {"id": "41"}, "fields": {"status": "Done"}})).unwrap_err().body["errors"].as_object().unwrap().len(),
            1
        );
    }

    #[test]
    fn search_paging_is_read_from_the_query_or_the_body() {
        let q = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect::<Vec<_>>();
        let read = SearchRequest::from_query(&q(&[("jql", "project = OPS"), ("startAt", "50")])).unwrap();
        assert_eq!(read, SearchRequest { jql: "project = OPS".into(), start_at: 50, max_results: 50 });
        assert_eq!(SearchRequest::from_query(&q(&[("maxResults", "lots")])).unwrap_err().status, 400);
        assert_eq!(SearchRequest::from_body(&json!({"jql": "x", "maxResults": 5})).unwrap().max_results, 5);
        assert_eq!(SearchRequest::from_body(&json!({"jql": 5})).unwrap_err().status, 400);
    }

    #[test]
    fn tracker_errors_become_jira_statuses() {
        assert_eq!(Refusal::from(TrackerError::IssueNotFound).status, 404);
        assert_eq!(Refusal::from(TrackerError::Store("disk".into())).body["errorMessages"][0], "Internal server error");
        let invalid = Refusal::from(TrackerError::Invalid {
            messages: vec![],
            fields: BTreeMap::from([("summary".into(), "You must specify a summary of the issue.".into())]),
        });
        assert_eq!((invalid.status, invalid.body["errors"]["summary"].as_str()), (400, Some("You must specify a summary of the issue.")));
    }
}
