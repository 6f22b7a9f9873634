//! The built-in tracker over Jira's REST subset (`/tracker/rest/api/2/…`): Waybill's
//! own Jira client, as Data Center, signed in with a member's access token, reads and
//! writes the built-in tracker over HTTP and gets what the tracker answers directly —
//! projects, create screens, searches, transitions, assignable people. Bad requests get
//! Jira's error body; another tenant's members see none of it.

use crate::common::{Session, TestApp};

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::outbound::{Outbound, Policy};
use waybill_tracker::builtin::{BuiltIn, TransitionFields};
use waybill_tracker::jira::{Flavour, JiraAuth, JiraClient, JiraSite};
use waybill_tracker::wire::{Issue, UserRef};
use waybill_tracker::{Asker, IssueDraft, Tracker};

const REST: &str = "/tracker/rest/api/2";

async fn seeded(app: &TestApp) -> BuiltIn {
    let tracker = BuiltIn::new(app.state.store.clone());
    assert!(waybill_tracker::builtin::seed::seed(&tracker, "t1", jiff::Timestamp::now().as_millisecond()).await.unwrap());
    tracker
}

/// Data Center names people by `name` as well; the built-in tracker's own answers by account id only.
fn without_names(mut issues: Vec<Issue>) -> Vec<Issue> {
    let clear = |u: &mut Option<UserRef>| {
        if let Some(u) = u {
            u.name = None;
        }
    };
    for issue in &mut issues {
        clear(&mut issue.fields.assignee);
        clear(&mut issue.fields.reporter);
    }
    issues
}

fn jira_error(res: &crate::common::Response) -> (Vec<String>, Value) {
    let messages = res.body["errorMessages"].as_array().unwrap_or_else(|| panic!("not Jira's error body: {}", res.text));
    (messages.iter().map(|m| m.as_str().unwrap().to_owned()).collect(), res.body["errors"].clone())
}

async fn rest(app: &TestApp, method: Method, path: &str, session: &Session, body: Option<Value>) -> crate::common::Response {
    app.call(method, &format!("{REST}{path}"), Some(session), body).await
}

backend_tests! {
    async fn the_jira_client_reads_and_writes_the_built_in_tracker_over_its_rest_api(store) {
        let app = TestApp::new(store).await;
        let tracker = seeded(&app).await;
        let base = app.serve().await;
        let alice = app.login("alice@t1.test").await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        let asker = Asker { tenant_id: "t1", user_id: &alice_id };
        // Only the bearer token, as a Jira client sends: the tenant is the token's first.
        let client = JiraClient::new(
            JiraSite { base_url: format!("{base}/tracker"), flavour: Flavour::DataCenter, auth: JiraAuth::Bearer(alice.access.clone()) },
            Outbound::new(Policy::allowing(["127.0.0.1"])),
        );

        assert_eq!(client.projects(asker).await.unwrap(), Tracker::projects(&tracker, asker).await.unwrap());
        for kind in ["Task", "Incident"] {
            assert_eq!(client.create_meta(asker, "OPS", Some(kind)).await.unwrap(), Tracker::create_meta(&tracker, asker, "OPS", Some(kind)).await.unwrap());
        }
        for jql in ["project = OPS AND statusCategory != Done ORDER BY priority DESC, key ASC", "assignee = currentUser() ORDER BY key DESC", "text ~ \"dock\" ORDER BY key"] {
            let over_http = client.search(asker, jql, 5, 10).await.unwrap();
            let direct = Tracker::search(&tracker, asker, jql, 5, 10).await.unwrap();
            assert_eq!((over_http.total, over_http.start_at, over_http.max_results), (direct.total, direct.start_at, direct.max_results), "{jql}");
            assert_eq!(without_names(over_http.issues), without_names(direct.issues), "{jql}");
        }
        assert_eq!(client.transitions(asker, "OPS-1").await.unwrap(), Tracker::transitions(&tracker, asker, "OPS-1").await.unwrap());
        let people: Vec<String> = client.assignable(asker, Some("OPS"), Some("bob")).await.unwrap().into_iter().map(|u| u.display_name).collect();
        assert_eq!(people, ["bob"]);

        // A create missing the Incident's facility is refused with the field named; then one is filed and moved.
        let draft = IssueDraft { project_key: "OPS".into(), issue_type: "Incident".into(), summary: Some("Spill in aisle 4".into()), ..IssueDraft::default() };
        let refused = client.create(asker, draft.clone()).await.unwrap_err();
        assert!(refused.to_string().contains("customfield_10010: Facility is required."), "{refused}");
        let draft = IssueDraft { facility: None, other: [("customfield_10010".to_owned(), json!({"id": "f1"}))].into(), priority: Some("High".into()), ..draft };
        let filed = client.create(asker, draft).await.unwrap();
        assert_eq!(filed.url, format!("{base}/tracker/browse/{}", filed.key));
        let stored = tracker.issue("t1", &filed.key).await.unwrap();
        assert_eq!((stored.summary.as_str(), stored.priority.as_str(), stored.facility_id.as_deref()), ("Spill in aisle 4", "High", Some("f1")));
        let set = TransitionFields { resolution: Some("Fixed".into()), comment: Some("Cleaned and signed off".into()), ..TransitionFields::default() };
        assert_eq!(client.transition(asker, &filed.key, "41", set).await.unwrap(), ["status", "resolution", "comment"]);
        let after = tracker.issue("t1", &filed.key).await.unwrap();
        assert_eq!((after.status.as_str(), after.resolution.as_deref()), ("Done", Some("Fixed")));
        assert_eq!(tracker.comments("t1", &filed.key).await.unwrap()[0].body, "Cleaned and signed off");
        // A transition not open from Done is refused in Jira's words, and changes nothing.
        let closed = client.transition(asker, &filed.key, "11", TransitionFields::default()).await.unwrap_err();
        assert!(closed.to_string().contains("Transition id '11' is not valid for this issue"), "{closed}");
        assert_eq!(tracker.issue("t1", &filed.key).await.unwrap().status, "Done");
    }

    async fn the_rest_api_answers_jiras_json_and_refuses_in_jiras_words(store) {
        let app = TestApp::new(store).await;
        let tracker = seeded(&app).await;
        let alice = app.login("alice@t1.test").await;

        let issue = rest(&app, Method::GET, "/issue/ops-1", &alice, None).await;
        assert_eq!(issue.status, StatusCode::OK, "{}", issue.text);
        let ops = rest(&app, Method::GET, "/project/OPS", &alice, None).await;
        assert_eq!((issue.body["key"].as_str(), &issue.body["fields"]["project"]["id"]), (Some("OPS-1"), &ops.body["id"]));
        assert!(ops.body["id"].as_str().unwrap().parse::<u32>().is_ok(), "a project's id is Jira's number: {}", ops.text);
        assert!(issue.body["fields"]["comment"]["comments"].is_array() && issue.body["fields"].get("duedate").is_some(), "{}", issue.text);
        let types = rest(&app, Method::GET, "/issue/createmeta/OPS/issuetypes", &alice, None).await;
        assert_eq!(types.body["values"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect::<Vec<_>>(), ["Task", "Bug", "Incident", "Claim"]);
        let fields = rest(&app, Method::GET, "/issue/createmeta/OPS/issuetypes/10003", &alice, None).await;
        let facility = fields.body["values"].as_array().unwrap().iter().find(|f| f["fieldId"] == "customfield_10010").unwrap().clone();
        assert_eq!((facility["required"].as_bool(), facility["allowedValues"][0]["value"].as_str()), (Some(true), Some("Facility f1")));
        let moves = rest(&app, Method::GET, "/issue/OPS-1/transitions", &alice, None).await;
        assert!(moves.body["transitions"].as_array().unwrap().iter().all(|t| t["fields"].is_object()), "{}", moves.text);
        let me = rest(&app, Method::GET, "/myself", &alice, None).await;
        assert_eq!(me.body["emailAddress"], "alice@t1.test");

        // Created through the API with Jira's body; HTML and RTL marks are kept as text.
        let summary = "<img src=x onerror=alert(1)> \u{202E}kcod";
        let made = rest(&app, Method::POST, "/issue", &alice, Some(json!({"fields": {
            "project": {"key": "WMS"}, "issuetype": {"name": "Bug"}, "summary": summary, "description": "<script>alert(1)</script>", "labels": ["rf-gun"]
        }}))).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
        let key = made.body["key"].as_str().unwrap().to_owned();
        assert_eq!(tracker.issue("t1", &key).await.unwrap().summary, summary);
        let read = rest(&app, Method::GET, &format!("/issue/{key}"), &alice, None).await;
        assert_eq!((read.body["fields"]["summary"].as_str(), read.body["fields"]["description"].as_str()), (Some(summary), Some("<script>alert(1)</script>")));
        let comment = rest(&app, Method::POST, &format!("/issue/{key}/comment"), &alice, Some(json!({"body": "Scanner replaced"}))).await;
        assert_eq!((comment.status, comment.body["author"]["emailAddress"].as_str()), (StatusCode::CREATED, Some("alice@t1.test")));
        let moved = rest(&app, Method::POST, &format!("/issue/{key}/transitions"), &alice, Some(json!({"transition": {"id": "11"}}))).await;
        assert_eq!(moved.status, StatusCode::NO_CONTENT, "{}", moved.text);
        let found = rest(&app, Method::POST, "/search", &alice, Some(json!({"jql": format!("key = {key}"), "maxResults": 5}))).await;
        assert_eq!((found.body["total"].as_i64(), found.body["issues"][0]["fields"]["status"]["name"].as_str()), (Some(1), Some("In Progress")));

        // Bad input: Jira's error body each time, nothing changed.
        let cases: Vec<(Method, String, Option<Value>, StatusCode, &str)> = vec![
            (Method::GET, "/search?jql=project%20%3D%20OPS%20AND%20(status%20%3D%20Done".into(), None, StatusCode::BAD_REQUEST, "Error in the JQL Query: Expecting ')'"),
            (Method::GET, "/search?jql=project%20%3D%20OPS%3B%20DROP%20TABLE%20tracker_issues".into(), None, StatusCode::BAD_REQUEST, "Error in the JQL Query"),
            (Method::GET, "/search?maxResults=lots".into(), None, StatusCode::BAD_REQUEST, "is not a number"),
            (Method::GET, "/search?startAt=-1".into(), None, StatusCode::BAD_REQUEST, "cannot be negative"),
            (Method::GET, "/issue/OPS-999999".into(), None, StatusCode::NOT_FOUND, "Issue does not exist or you do not have permission to see it."),
            (Method::GET, "/project/NOPE".into(), None, StatusCode::NOT_FOUND, "No project could be found with key 'NOPE'."),
            (Method::GET, "/issue/createmeta/OPS/issuetypes/99".into(), None, StatusCode::NOT_FOUND, "does not exist"),
            (Method::POST, format!("/issue/{key}/transitions"), Some(json!({"transition": {"id": "61"}})), StatusCode::BAD_REQUEST, "Transition id '61' is not valid"),
            (Method::POST, format!("/issue/{key}/transitions"), Some(json!({"fields": {}})), StatusCode::BAD_REQUEST, "Missing 'transition' identifier"),
            (Method::POST, format!("/issue/{key}/comment"), Some(json!({"body": "   "})), StatusCode::BAD_REQUEST, ""),
        ];
        for (method, path, body, status, message) in cases {
            let res = rest(&app, method, &path, &alice, body).await;
            assert_eq!(res.status, status, "{path}: {}", res.text);
            let (messages, _) = jira_error(&res);
            assert!(messages.join(" ").contains(message), "{path}: {}", res.text);
        }
        assert_eq!(tracker.issue("t1", &key).await.unwrap().status, "In Progress", "refused transitions changed nothing");
        let long = rest(&app, Method::POST, "/issue", &alice, Some(json!({"fields": {"project": {"key": "OPS"}, "issuetype": {"name": "Task"}, "summary": "x".repeat(10_000)}}))).await;
        assert_eq!((long.status, jira_error(&long).1["summary"].as_str()), (StatusCode::BAD_REQUEST, Some("Summary must be less than 255 characters.")));
        let missing = rest(&app, Method::POST, "/issue", &alice, Some(json!({"fields": {"project": {"key": "OPS"}, "issuetype": {"name": "Task"}, "bogus": 1}}))).await;
        let (_, errors) = jira_error(&missing);
        assert_eq!(errors.as_object().unwrap().keys().collect::<Vec<_>>(), ["bogus"], "unknown fields are refused before anything else");
        let missing = rest(&app, Method::POST, "/issue", &alice, Some(json!({"fields": {"project": {"key": "OPS"}, "issuetype": {"name": "Task"}}}))).await;
        assert_eq!(jira_error(&missing).1["summary"], "You must specify a summary of the issue.");
        let broken = app
            .send(
                axum::http::Request::builder()
                    .method(Method::POST)
                    .uri(format!("{REST}/issue"))
                    .header("authorization", format!("Bearer {}", alice.access))
                    .header("content-type", "application/json")
                    .body(axum::body::Body::from("{\"fields\": "))
                    .unwrap(),
            )
            .await;
        assert_eq!(broken.status, StatusCode::BAD_REQUEST);
        assert!(jira_error(&broken).0[0].starts_with("The request body is not valid JSON"), "{}", broken.text);
        let huge = rest(&app, Method::POST, &format!("/issue/{key}/comment"), &alice, Some(json!({"body": "x".repeat(11 * 1024 * 1024)}))).await;
        assert_eq!((huge.status, jira_error(&huge).0.len()), (StatusCode::PAYLOAD_TOO_LARGE, 1), "the body limit holds");
        let unknown = rest(&app, Method::GET, "/issue/OPS-1/worklog", &alice, None).await;
        assert_eq!((unknown.status, jira_error(&unknown).0.len()), (StatusCode::NOT_FOUND, 1));
    }

    async fn another_tenant_and_strangers_see_nothing(store) {
        let app = TestApp::new(store).await;
        seeded(&app).await;
        let carol = app.login("carol@t2.test").await;
        let alice = app.login("alice@t1.test").await;
        assert_eq!(rest(&app, Method::GET, "/issue/OPS-1", &carol, None).await.status, StatusCode::NOT_FOUND);
        let theirs = rest(&app, Method::GET, "/search?jql=project%20%3D%20OPS", &carol, None).await;
        assert_eq!((theirs.status, theirs.body["total"].as_i64()), (StatusCode::OK, Some(0)));
        assert_eq!(rest(&app, Method::GET, "/project", &carol, None).await.body, json!([]));
        let comment = rest(&app, Method::POST, "/issue/OPS-1/comment", &carol, Some(json!({"body": "hi"}))).await;
        assert_eq!(comment.status, StatusCode::NOT_FOUND);
        let moved = rest(&app, Method::POST, "/issue/OPS-1/transitions", &carol, Some(json!({"transition": {"id": "11"}}))).await;
        assert_eq!(moved.status, StatusCode::NOT_FOUND);
        // Naming the other tenant is refused before any tracker code runs.
        let forged = Session { tenant: alice.tenant.clone(), facility: alice.facility.clone(), ..carol.clone() };
        assert_eq!(rest(&app, Method::GET, "/issue/OPS-1", &forged, None).await.status, StatusCode::FORBIDDEN);
        let anonymous = app.call(Method::GET, &format!("{REST}/project"), None, None).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
        assert!(comment.body["errorMessages"].is_array() && alice.tenant == "t1");
    }

    async fn the_status_says_which_tracker_the_assistant_uses(store) {
        let mut config = Config::default();
        config.outbound.allow_hosts = vec!["127.0.0.1".into()];
        let app = TestApp::configured(store, config).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let status = app.call(Method::GET, "/api/tracker/status", Some(&bob), None).await;
        assert_eq!((status.status, status.body.clone()), (StatusCode::OK, json!({"jiraSite": null})));
        let connect = json!({"baseUrl": "http://127.0.0.1:9", "flavour": "dataCenter", "auth": "personalAccessToken", "secret": "pat"});
        let admin = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        app.state.store.grant(&admin, "t1", &["f1", "f2"], true).await.unwrap();
        assert_eq!(app.call(Method::PUT, "/api/admin/jira", Some(&alice), Some(connect)).await.status, StatusCode::OK);
        let status = app.call(Method::GET, "/api/tracker/status", Some(&bob), None).await;
        assert_eq!(status.body, json!({"jiraSite": "http://127.0.0.1:9"}), "members see the site, never its token");
    }
}
