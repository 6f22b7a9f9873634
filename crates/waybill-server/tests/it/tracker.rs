//! The issue tracker end to end over the built-in tracker: the offline model answers
//! "show my open tickets", "create a ticket: …" and "move OPS-n to In Progress" with the
//! tracker tools; creating and moving wait for the user's approval; the other tools read
//! projects, create metadata and transitions; another tenant sees none of it.

use crate::common::{self, TestApp, approve, ask, input_of, output_of};

use serde_json::{Value, json};
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Caller, ToolContext, golden};

async fn seeded(app: &TestApp) {
    let tracker = waybill_tracker::builtin::BuiltIn::new(app.state.store.clone());
    assert!(waybill_tracker::builtin::seed::seed(&tracker, "t1", jiff::Timestamp::now().as_millisecond()).await.unwrap());
}

/// A result as its golden sample: what changes from run to run (ids, people's account
/// ids, times) fixed; the rest follows from the seed.
fn steady(result: &Value) -> Value {
    fn walk(v: &mut Value, people: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for (k, child) in map.iter_mut() {
                    match (k.as_str(), child.as_str()) {
                        ("accountId", Some(id)) => {
                            let at = people.iter().position(|p| p == id).unwrap_or_else(|| {
                                people.push(id.to_owned());
                                people.len() - 1
                            });
                            *child = json!(format!("account-{}", at + 1));
                        }
                        ("id" | "issueId", Some(id)) if id.len() == 36 => *child = json!("0193a7e2-5c1d-7a40-9b1e-6f2d4c8a1b00"),
                        ("created" | "updated", Some(_)) => *child = json!("2026-11-16T08:00:00Z"),
                        _ => walk(child, people),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|i| walk(i, people)),
            _ => {}
        }
    }
    let mut sample = result.clone();
    walk(&mut sample, &mut Vec::new());
    sample
}

fn context(app_user: &str, tenant: &str) -> ToolContext {
    ToolContext::new(Caller { tenant_id: tenant.into(), facility_id: "f1".into(), user_id: app_user.into(), timezone: "UTC".into(), ..Caller::default() }, "c")
}

backend_tests! {
    async fn the_offline_model_searches_creates_and_moves_tickets(store) {
        let app = TestApp::new(store).await;
        seeded(&app).await;
        let alice = app.login("alice@t1.test").await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;

        // "show my open tickets": her open issues, highest priority first.
        let out = ask(&app, &alice, "c-mine", "show my open tickets").await;
        assert_eq!(input_of(&out, "jiraSearchIssues")["jql"], "assignee = currentUser() AND statusCategory != Done ORDER BY priority DESC, updated DESC");
        let found = output_of(&out);
        assert_eq!(found["tracker"], "Waybill Tracker");
        let issues = found["issues"].as_array().unwrap();
        assert!(!issues.is_empty() && found["total"].as_u64().unwrap() >= issues.len() as u64, "{found}");
        assert!(issues.iter().all(|i| i["fields"]["assignee"]["accountId"] == alice_id.as_str() && i["fields"]["status"]["name"] != "Done"), "{found}");
        assert_eq!(found["pagination"]["currentPage"], 1);
        golden::write("jiraSearchIssues", &steady(found));

        // "create a ticket": asks first, then files it in OPS as a high-priority incident at her facility.
        let asked = ask(&app, &alice, "c-new", "create a ticket: dock door 7 sensor broken, high priority").await;
        let input = input_of(&asked, "jiraCreateIssue");
        assert_eq!(input["fields"]["summary"], "Dock door 7 sensor broken");
        assert_eq!((input["fields"]["issuetype"]["name"].as_str(), input["fields"]["priority"]["name"].as_str()), (Some("Incident"), Some("High")));
        assert!(asked.iter().any(|c| c["type"] == "tool-approval-request"), "creating waits for approval");
        assert!(!asked.iter().any(|c| c["type"] == "tool-output-available"), "nothing was filed before approval");
        let filed = approve(&app, &alice, "c-new", "jiraCreateIssue").await;
        let created = output_of(&filed);
        let key = created["issueKey"].as_str().unwrap().to_owned();
        assert!(key.starts_with("OPS-") && created["issueUrl"] == format!("/tracker/browse/{key}"), "{created}");
        let issue = waybill_tracker::builtin::BuiltIn::new(app.state.store.clone()).issue("t1", &key).await.unwrap();
        assert_eq!((issue.status.as_str(), issue.priority.as_str(), issue.facility_id.as_deref()), ("To Do", "High", Some(alice.facility.as_str())));
        golden::write("jiraCreateIssue", &steady(created));

        // "move it to In Progress": asks, then moves it.
        let asked = ask(&app, &alice, "c-move", &format!("move {key} to In Progress")).await;
        assert_eq!(input_of(&asked, "jiraDoTransition")["toStatus"], "In Progress");
        let moved = approve(&app, &alice, "c-move", "jiraDoTransition").await;
        let done = output_of(&moved);
        assert_eq!((done["transitionId"].as_str(), done["toStatus"].as_str(), done["fieldsUpdated"].clone()), (Some("11"), Some("In Progress"), json!(["status"])));
        golden::write("jiraDoTransition", &steady(done));
    }

    async fn the_reading_tools_and_refusals(store) {
        let app = TestApp::new(store).await;
        seeded(&app).await;
        let alice = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        let carol = app.state.store.user_by_email("carol@t2.test").await.unwrap().unwrap().id;
        let ctx = context(&alice, "t1");
        let run = |name: &'static str, input: Value, ctx: ToolContext| {
            let tool = app.state.tools.get(name).unwrap().clone();
            async move { tool.execute(input, &ctx).await }
        };
        let projects = run("jiraGetProjects", json!({}), ctx.clone()).await.unwrap();
        assert_eq!(projects["projects"].as_array().unwrap().iter().map(|p| p["key"].as_str().unwrap()).collect::<Vec<_>>(), ["CLM", "OPS", "WMS"]);
        golden::write("jiraGetProjects", &steady(&projects));
        let meta = run("jiraGetCreateMeta", json!({"projectKey": "ops", "issueTypeName": "Incident"}), ctx.clone()).await.unwrap();
        let fields = &meta["data"]["projects"][0]["issuetypes"][0]["fields"];
        assert_eq!((fields["summary"]["required"].as_bool(), fields["customfield_10010"]["required"].as_bool()), (Some(true), Some(true)));
        assert_eq!(fields["priority"]["allowedValues"].as_array().unwrap().len(), 5);
        assert_eq!(fields["customfield_10010"]["allowedValues"][0], json!({"id": "f1", "value": "Facility f1"}));
        golden::write("jiraGetCreateMeta", &steady(&meta));
        let transitions = run("jiraGetTransitions", json!({"issueIdOrKey": "OPS-1"}), ctx.clone()).await.unwrap();
        assert!(!transitions["transitions"].as_array().unwrap().is_empty());
        golden::write("jiraGetTransitions", &steady(&transitions));

        // Bad input: a clear error each, nothing changed.
        let status_before = waybill_tracker::builtin::BuiltIn::new(app.state.store.clone()).issue("t1", "OPS-1").await.unwrap().status;
        let closed_ids: Vec<String> = ["11", "21", "31", "41", "51", "61", "71"]
            .iter()
            .filter(|id| !transitions["transitions"].as_array().unwrap().iter().any(|t| t["id"] == **id))
            .map(|id| (*id).to_owned())
            .collect();
        let refused = run("jiraDoTransition", json!({"issueIdOrKey": "OPS-1", "transitionId": closed_ids[0]}), ctx.clone()).await.unwrap_err();
        assert!(refused.to_string().contains("is not a transition open for OPS-1"), "{refused}");
        assert_eq!(waybill_tracker::builtin::BuiltIn::new(app.state.store.clone()).issue("t1", "OPS-1").await.unwrap().status, status_before);
        let jql = run("jiraSearchIssues", json!({"jql": "project = OPS AND (status = Done"}), ctx.clone()).await.unwrap_err();
        assert!(jql.to_string().contains("Error in the JQL Query: Expecting ')'"), "{jql}");
        let missing = run("jiraCreateIssue", json!({"fields": {"project": {"key": "OPS"}, "issuetype": {"name": "Incident"}, "summary": "Spill in aisle 4"}}), ctx.clone())
            .await
            .unwrap_err();
        assert!(missing.to_string().contains("customfield_10010: Facility is required."), "{missing}");

        // Another tenant sees none of t1's tickets.
        let theirs = context(&carol, "t2");
        let none = run("jiraSearchIssues", json!({"jql": "key = OPS-1"}), theirs.clone()).await.unwrap();
        assert_eq!(none["total"], 0);
        let hidden = run("jiraGetTransitions", json!({"issueIdOrKey": "OPS-1"}), theirs.clone()).await.unwrap_err();
        assert!(hidden.to_string().contains("Issue does not exist"), "{hidden}");
        let _ = common::PASSWORD;
    }
}
