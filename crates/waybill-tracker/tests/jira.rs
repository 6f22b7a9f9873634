//! The Jira client against a fake Jira that answers with Jira's own JSON, as Cloud (REST
//! v3: documents, account ids, token paging with an approximate count) and as Data
//! Center (REST v2: plain text, user names, `startAt` and `total`). Jira's refusals —
//! 401, 403, 404, 429 with `Retry-After`, 400 with `errorMessages` and `errors`, 500 —
//! become clear errors; a site on an internal address is refused by the guarded client.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use waybill_tools::outbound::{Outbound, Policy};
use waybill_tracker::builtin::{TrackerError, TransitionFields};
use waybill_tracker::jira::{Flavour, JiraAuth, JiraClient, JiraSite};
use waybill_tracker::{Asker, IssueDraft, Tracker};

/// What the fake saw: method, path and body of each write, and each request's auth header.
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<(String, Value)>>>);

fn issue_json(key: &str, cloud: bool) -> Value {
    let description = if cloud {
        json!({"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Sensor at door 7"}]}]})
    } else {
        json!("Sensor at door 7")
    };
    let assignee = if cloud {
        json!({"accountId": "5b10a2844c20165700ede21g", "displayName": "Maria Lopez", "active": true})
    } else {
        json!({"name": "mlopez", "key": "JIRAUSER10100", "displayName": "Maria Lopez", "emailAddress": "maria@example.com", "active": true})
    };
    json!({
        "expand": "renderedFields,names,schema",
        "id": "10042",
        "self": format!("https://example.atlassian.net/rest/api/3/issue/10042"),
        "key": key,
        "fields": {
            "summary": "Dock door 7 sensor broken",
            "status": {"self": "x", "description": "", "iconUrl": "x", "name": "In Progress", "id": "3",
                       "statusCategory": {"self": "x", "id": 4, "key": "indeterminate", "colorName": "yellow", "name": "In Progress"}},
            "assignee": assignee,
            "reporter": null,
            "priority": {"self": "x", "iconUrl": "x", "name": "High", "id": "2"},
            "issuetype": {"self": "x", "id": "10003", "description": "An incident", "name": "Incident", "subtask": false},
            "project": {"self": "x", "id": "10000", "key": "OPS", "name": "Operations", "projectTypeKey": "software"},
            "created": "2026-11-20T09:15:02.000+0000",
            "updated": "2026-11-21T10:00:00.000+0000",
            "labels": ["dock"],
            "description": description,
            "resolution": null
        }
    })
}

fn error_for(key: &str) -> Option<Response> {
    let (status, body): (u16, Value) = match key {
        "ERR-401" => (401, json!({"errorMessages": ["You are not authenticated. Authentication required to perform this operation."], "errors": {}})),
        "ERR-403" => (403, json!({"errorMessages": ["You do not have the permission to see the specified issue."], "errors": {}})),
        "ERR-404" => (404, json!({"errorMessages": ["Issue does not exist or you do not have permission to see it."], "errors": {}})),
        "ERR-429" => {
            let mut headers = HeaderMap::new();
            headers.insert("retry-after", "17".parse().unwrap());
            return Some((StatusCode::TOO_MANY_REQUESTS, headers, axum::Json(json!({"errorMessages": ["Rate limit exceeded."]}))).into_response());
        }
        "ERR-500" => (500, json!({"errorMessages": ["Internal server error"], "errors": {}})),
        _ => return None,
    };
    Some((StatusCode::from_u16(status).unwrap(), axum::Json(body)).into_response())
}

/// A fake Jira of `flavour` on a free local port; answers its base URL.
async fn fake(flavour: Flavour, seen: Seen) -> String {
    let cloud = flavour == Flavour::Cloud;
    let api = if cloud { "/rest/api/3" } else { "/rest/api/2" };
    let record = |seen: &Seen, what: String, body: Value| seen.0.lock().unwrap().push((what, body));
    let mut app: Router<Seen> = Router::new()
        .route(&format!("{api}/project/{{key}}"), get(|Path(key): Path<String>| async move { axum::Json(json!({"id": "10000", "key": key, "name": "Operations"})) }))
        .route(
            &format!("{api}/issue/createmeta/{{key}}/issuetypes"),
            get(|| async { axum::Json(json!({"maxResults": 50, "startAt": 0, "total": 2, "issueTypes": [
                {"self": "x", "id": "10001", "description": "A task", "iconUrl": "x", "name": "Task", "subtask": false},
                {"self": "x", "id": "10003", "description": "An incident", "iconUrl": "x", "name": "Incident", "subtask": false}],
                "values": [
                {"self": "x", "id": "10001", "description": "A task", "iconUrl": "x", "name": "Task", "subtask": false},
                {"self": "x", "id": "10003", "description": "An incident", "iconUrl": "x", "name": "Incident", "subtask": false}]})) }),
        )
        .route(
            &format!("{api}/issue/createmeta/{{key}}/issuetypes/{{id}}"),
            get(|| async { axum::Json(json!({"maxResults": 200, "startAt": 0, "total": 3, "fields": [
                {"required": true, "schema": {"type": "string", "system": "summary"}, "name": "Summary", "key": "summary", "fieldId": "summary", "hasDefaultValue": false, "operations": ["set"]},
                {"required": false, "schema": {"type": "priority", "system": "priority"}, "name": "Priority", "key": "priority", "fieldId": "priority",
                 "allowedValues": [{"self": "x", "name": "High", "id": "2"}, {"self": "x", "name": "Low", "id": "4"}]},
                {"required": true, "schema": {"type": "option", "custom": "com.atlassian.jira.plugin.system.customfieldtypes:select", "customId": 10010},
                 "name": "Facility", "key": "customfield_10010", "fieldId": "customfield_10010",
                 "allowedValues": [{"self": "x", "value": "dc-ontario", "id": "10100"}]}]})) }),
        )
        .route(
            &format!("{api}/issue"),
            post(move |State(seen): State<Seen>, axum::Json(body): axum::Json<Value>| async move {
                if body["fields"]["summary"].as_str().unwrap_or_default().is_empty() {
                    return (StatusCode::BAD_REQUEST, axum::Json(json!({"errorMessages": [], "errors": {"summary": "You must specify a summary of the issue.", "customfield_10010": "Facility is required."}}))).into_response();
                }
                record(&seen, "create".into(), body);
                (StatusCode::CREATED, axum::Json(json!({"id": "10043", "key": "OPS-43", "self": "https://example.atlassian.net/rest/api/3/issue/10043"}))).into_response()
            }),
        )
        .route(
            &format!("{api}/issue/{{key}}/transitions"),
            get(|Path(key): Path<String>| async move {
                if let Some(error) = error_for(&key) {
                    return error;
                }
                axum::Json(json!({"expand": "transitions", "transitions": [
                    {"id": "21", "name": "In Progress", "to": {"self": "x", "description": "Being worked on", "name": "In Progress", "id": "3",
                      "statusCategory": {"id": 4, "key": "indeterminate", "name": "In Progress"}}, "hasScreen": false, "isGlobal": true},
                    {"id": "31", "name": "Done", "to": {"self": "x", "description": "", "name": "Done", "id": "10002",
                      "statusCategory": {"id": 3, "key": "done", "name": "Done"}}, "hasScreen": true}]})).into_response()
            })
            .post(move |State(seen): State<Seen>, Path(key): Path<String>, axum::Json(body): axum::Json<Value>| async move {
                if let Some(error) = error_for(&key) {
                    return error;
                }
                if body["transition"]["id"] == "99" {
                    return (StatusCode::BAD_REQUEST, axum::Json(json!({"errorMessages": ["Transition id '99' is not valid for this issue."], "errors": {}}))).into_response();
                }
                record(&seen, format!("transition {key}"), body);
                StatusCode::NO_CONTENT.into_response()
            }),
        )
        .route(
            &format!("{api}/user/assignable/search"),
            get(|Query(q): Query<std::collections::BTreeMap<String, String>>| async move {
                axum::Json(json!([{"accountId": "5b10a2844c20165700ede21g", "name": "mlopez", "displayName": format!("Maria Lopez ({})", q.get("project").cloned().unwrap_or_default()), "active": true}]))
            }),
        );
    app = if cloud {
        app.route(
            "/rest/api/3/project/search",
            get(|| async {
                axum::Json(json!({"isLast": true, "maxResults": 100, "startAt": 0, "total": 1,
                "values": [{"self": "x", "id": "10000", "key": "OPS", "name": "Operations", "projectTypeKey": "software"}]}))
            }),
        )
        .route(
            "/rest/api/3/search/jql",
            post(move |State(seen): State<Seen>, axum::Json(body): axum::Json<Value>| async move {
                record(&seen, "search".into(), body.clone());
                if body["jql"] == "project = ERR" {
                    return (
                        StatusCode::BAD_REQUEST,
                        axum::Json(json!({"errorMessages": ["Error in the JQL Query: Expecting operator but got 'ERR'."], "errors": {}})),
                    )
                        .into_response();
                }
                // Three issues in all, pages of what was asked.
                let from = match body["nextPageToken"].as_str() {
                    Some(t) => t.parse::<usize>().unwrap(),
                    None => 0,
                };
                let want = body["maxResults"].as_u64().unwrap() as usize;
                let keys: Vec<String> = (from..3.min(from + want)).map(|i| format!("OPS-{}", i + 1)).collect();
                let mut page = json!({"issues": keys.iter().map(|k| issue_json(k, true)).collect::<Vec<_>>(), "isLast": from + want >= 3});
                if from + want < 3 {
                    page["nextPageToken"] = json!((from + want).to_string());
                }
                axum::Json(page).into_response()
            }),
        )
        .route("/rest/api/3/search/approximate-count", post(|| async { axum::Json(json!({"count": 3})) }))
    } else {
        app.route("/rest/api/2/project", get(|| async { axum::Json(json!([{"self": "x", "id": "10000", "key": "OPS", "name": "Operations"}])) })).route(
            "/rest/api/2/search",
            get(|Query(q): Query<std::collections::BTreeMap<String, String>>| async move {
                let start: usize = q["startAt"].parse().unwrap();
                axum::Json(json!({"expand": "names,schema", "startAt": start, "maxResults": q["maxResults"].parse::<u64>().unwrap(), "total": 3,
                        "issues": (start..3).map(|i| issue_json(&format!("OPS-{}", i + 1), false)).collect::<Vec<_>>()}))
            }),
        )
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app.with_state(seen)).await });
    base
}

fn client(base: &str, flavour: Flavour) -> JiraClient {
    let auth = match flavour {
        Flavour::Cloud => JiraAuth::Basic { email: "ops@example.com".into(), token: "api-token".into() },
        Flavour::DataCenter => JiraAuth::Bearer("personal-access-token".into()),
    };
    JiraClient::new(JiraSite { base_url: base.into(), flavour, auth }, Outbound::new(Policy::allowing(["127.0.0.1"])))
}

const ASKER: Asker<'static> = Asker { tenant_id: "t1", user_id: "u1" };

#[tokio::test]
async fn cloud_reads_and_writes_in_jiras_shapes() {
    let seen = Seen::default();
    let base = fake(Flavour::Cloud, seen.clone()).await;
    let jira = client(&base, Flavour::Cloud);
    assert_eq!(jira.name(), "Jira");
    let projects = jira.projects(ASKER).await.unwrap();
    assert_eq!((projects[0].key.as_str(), projects[0].name.as_str()), ("OPS", "Operations"));

    let meta = jira.create_meta(ASKER, "OPS", Some("incident")).await.unwrap();
    let types = &meta.projects[0].issuetypes;
    assert_eq!(types.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), ["Incident"]);
    let facility = &types[0].fields["customfield_10010"];
    assert!(facility.required);
    assert_eq!(facility.allowed_values.as_ref().unwrap()[0].value.as_deref(), Some("dc-ontario"));
    assert_eq!(types[0].fields["priority"].allowed_values.as_ref().unwrap().len(), 2);

    // Page 2 of size 2: the client walks the tokens; the total is Jira's approximate count.
    let page = jira.search(ASKER, "project = OPS", 2, 2).await.unwrap();
    assert_eq!((page.total, page.issues.len()), (3, 1));
    let issue = &page.issues[0];
    assert_eq!((issue.key.as_str(), issue.fields.status.name.as_str()), ("OPS-3", "In Progress"));
    assert_eq!(
        issue.fields.assignee.as_ref().map(|a| (a.display_name.as_str(), a.account_id.as_deref())),
        Some(("Maria Lopez", Some("5b10a2844c20165700ede21g")))
    );
    assert_eq!(issue.fields.description.as_deref(), Some("Sensor at door 7"), "the document is flattened to its text");
    assert_eq!(issue.fields.status.status_category.as_ref().map(|c| c.key.as_str()), Some("indeterminate"));

    let filed = jira
        .create(
            ASKER,
            IssueDraft {
                project_key: "OPS".into(),
                issue_type: "Incident".into(),
                summary: Some("Dock door 7 sensor broken".into()),
                description: Some("Line one\nLine two".into()),
                priority: Some("High".into()),
                assignee: Some("5b10a2844c20165700ede21g".into()),
                other: [("customfield_10010".to_owned(), json!({"value": "dc-ontario"}))].into(),
                ..IssueDraft::default()
            },
        )
        .await
        .unwrap();
    assert_eq!((filed.key.as_str(), filed.url.as_str()), ("OPS-43", format!("{base}/browse/OPS-43").as_str()));
    let (key, open) = jira.transitions(ASKER, "ops-43").await.unwrap();
    assert_eq!((key.as_str(), open.len(), open[1].to.name.as_str()), ("OPS-43", 2, "Done"));
    let updated = jira
        .transition(ASKER, "OPS-43", "31", TransitionFields { resolution: Some("Done".into()), comment: Some("Fixed the sensor".into()), ..Default::default() })
        .await
        .unwrap();
    assert_eq!(updated, ["status", "resolution", "comment"]);

    let writes = seen.0.lock().unwrap().clone();
    let create = &writes.iter().find(|(w, _)| w == "create").unwrap().1;
    assert_eq!(create["fields"]["description"]["type"], "doc", "Cloud takes documents");
    assert_eq!(create["fields"]["assignee"], json!({"accountId": "5b10a2844c20165700ede21g"}));
    assert_eq!(create["fields"]["customfield_10010"], json!({"value": "dc-ontario"}));
    let moved = &writes.iter().find(|(w, _)| w == "transition OPS-43").unwrap().1;
    assert_eq!(moved["transition"]["id"], "31");
    assert_eq!(moved["update"]["comment"][0]["add"]["body"]["type"], "doc");
    let users = jira.assignable(ASKER, Some("OPS"), Some("mar")).await.unwrap();
    assert_eq!(users[0].display_name, "Maria Lopez (OPS)");
}

#[tokio::test]
async fn data_center_speaks_v2() {
    let seen = Seen::default();
    let base = fake(Flavour::DataCenter, seen.clone()).await;
    let jira = client(&base, Flavour::DataCenter);
    assert_eq!(jira.projects(ASKER).await.unwrap().len(), 1);
    let page = jira.search(ASKER, "assignee = currentUser()", 1, 20).await.unwrap();
    assert_eq!((page.total, page.issues.len(), page.issues[0].key.as_str()), (3, 2, "OPS-2"));
    assert_eq!(page.issues[0].fields.assignee.as_ref().and_then(|a| a.name.as_deref()), Some("mlopez"));
    assert_eq!(page.issues[0].fields.description.as_deref(), Some("Sensor at door 7"));
    jira.create(
        ASKER,
        IssueDraft {
            project_key: "OPS".into(),
            issue_type: "Task".into(),
            summary: Some("x".into()),
            description: Some("plain".into()),
            assignee: Some("mlopez".into()),
            ..IssueDraft::default()
        },
    )
    .await
    .unwrap();
    let create = seen.0.lock().unwrap().iter().find(|(w, _)| w == "create").unwrap().1.clone();
    assert_eq!((create["fields"]["description"].clone(), create["fields"]["assignee"].clone()), (json!("plain"), json!({"name": "mlopez"})));
}

/// Which error a case expects.
type Kind = fn(&TrackerError) -> bool;

#[tokio::test]
async fn jiras_refusals_become_clear_errors() {
    let base = fake(Flavour::Cloud, Seen::default()).await;
    let jira = client(&base, Flavour::Cloud);
    let cases: [(&str, Kind, &str); 5] = [
        ("ERR-401", |e| matches!(e, TrackerError::Unauthorized), "Jira refused the connection's credentials (401)"),
        ("ERR-403", |e| matches!(e, TrackerError::Forbidden), "Jira refused this (403)"),
        ("ERR-404", |e| matches!(e, TrackerError::Upstream { status: 404, .. }), "Issue does not exist or you do not have permission to see it."),
        ("ERR-429", |e| matches!(e, TrackerError::RateLimited { retry_after: Some(17) }), "try again in 17 seconds"),
        ("ERR-500", |e| matches!(e, TrackerError::Upstream { status: 500, .. }), "Jira answered 500: Internal server error"),
    ];
    for (key, kind, text) in cases {
        let err = jira.transitions(ASKER, key).await.unwrap_err();
        assert!(kind(&err) && err.to_string().contains(text), "{key}: {err}");
    }
    let missing = jira.create(ASKER, IssueDraft { project_key: "OPS".into(), issue_type: "Incident".into(), ..IssueDraft::default() }).await.unwrap_err();
    assert_eq!(missing.to_string(), "Jira answered 400: customfield_10010: Facility is required. summary: You must specify a summary of the issue.");
    let jql = jira.search(ASKER, "project = ERR", 0, 10).await.unwrap_err();
    assert!(jql.to_string().contains("Error in the JQL Query"), "{jql}");
    let bad = jira.transition(ASKER, "OPS-1", "99", TransitionFields::default()).await.unwrap_err();
    assert!(bad.to_string().contains("Transition id '99' is not valid"), "{bad}");
    // Keys are path segments: nothing else reaches the URL.
    assert!(matches!(jira.transitions(ASKER, "../../admin").await, Err(TrackerError::IssueNotFound)));
}

#[tokio::test]
async fn a_site_on_an_internal_address_is_refused() {
    let base = fake(Flavour::Cloud, Seen::default()).await;
    let guarded =
        JiraClient::new(JiraSite { base_url: base.clone(), flavour: Flavour::Cloud, auth: JiraAuth::Bearer("t".into()) }, Outbound::new(Policy::default()));
    let err = guarded.projects(ASKER).await.unwrap_err();
    assert!(matches!(&err, TrackerError::Unreachable(m) if m.contains("private or local address")), "{err}");
    let metadata = JiraClient::new(
        JiraSite { base_url: "http://169.254.169.254".into(), flavour: Flavour::DataCenter, auth: JiraAuth::Bearer("t".into()) },
        Outbound::new(Policy::default()),
    );
    assert!(matches!(metadata.projects(ASKER).await, Err(TrackerError::Unreachable(_))));
}
