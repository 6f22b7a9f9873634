//! The built-in tracker on SQLite and PostgreSQL: the demo seed, JQL searches with paging
//! and ordering, creating issues against the create screens, the workflow's transitions,
//! comments, and tenants kept apart. Bad JQL, bad fields and transitions not open are
//! refused with Jira's words and change nothing.

use waybill_store::{NewUser, Store, backend_tests};
use waybill_tools::Family;
use waybill_tracker::builtin::seed::{ISSUES, seed};
use waybill_tracker::builtin::{BuiltIn, NewIssue, Person, TrackerError, TransitionFields};
use waybill_tracker::{Asker, Jira, Tracker};

const NOW: i64 = 1_793_491_200_000;

/// A tenant with two facilities and two members; answers the tracker and the members.
async fn tenant(store: &Store, tenant: &str) -> (BuiltIn, Person, Person) {
    let m = Jira.migrations().expect("the family has tables");
    store.migrate_family("jira", m.sqlite, m.postgres).await.unwrap();
    store.ensure_tenant(tenant, "Demo").await.unwrap();
    for f in ["dc-ontario", "yard-fontana"] {
        store.ensure_facility(tenant, f, f).await.unwrap();
    }
    let mut people = Vec::new();
    for name in ["ada", "ben"] {
        let email = format!("{name}@{tenant}.test");
        let user = store.create_user(NewUser { email: &email, password_hash: "x", first_name: Some(name), user_name: name }).await.unwrap();
        store.grant(&user.id, tenant, &["dc-ontario"], name == "ada").await.unwrap();
        people.push(Person { id: Some(user.id), name: name.to_owned(), email: Some(email) });
    }
    let ben = people.pop().unwrap();
    (BuiltIn::new(store.clone()), people.pop().unwrap(), ben)
}

fn draft(summary: &str) -> NewIssue {
    NewIssue { project_key: "OPS".into(), issue_type: "Task".into(), summary: Some(summary.into()), ..NewIssue::default() }
}

fn fields_of(e: TrackerError) -> Vec<(String, String)> {
    match e {
        TrackerError::Invalid { fields, .. } => fields.into_iter().collect(),
        other => panic!("expected field errors, got {other}"),
    }
}

backend_tests! {
    async fn the_demo_seed_is_searched_with_jql(store) {
        let (tracker, ada, _) = tenant(&store, "demo").await;
        assert!(seed(&tracker, "demo", NOW).await.unwrap());
        assert!(!seed(&tracker, "demo", NOW).await.unwrap(), "seeding twice does nothing");
        let keys: Vec<String> = tracker.projects("demo").await.unwrap().into_iter().map(|p| p.key).collect();
        assert_eq!(keys, ["CLM", "OPS", "WMS"]);
        let me = ada.id.as_deref().unwrap();
        let all = tracker.search("demo", me, "", 0, 10).await.unwrap();
        assert_eq!((all.total, all.issues.len()), (ISSUES as i64, 10));
        assert!(all.issues.windows(2).all(|w| w[0].created_ms >= w[1].created_ms), "newest first by default");

        // Conditions, counted the long way round.
        let ops_done = tracker.search("demo", me, "project = OPS AND status = Done", 0, 100).await.unwrap();
        let every = tracker.search("demo", me, "ORDER BY key", 0, 100).await.unwrap().total;
        assert_eq!(every, ISSUES as i64);
        let mut counted = 0;
        let mut start = 0;
        loop {
            let page = tracker.search("demo", me, "ORDER BY key ASC", start, 100).await.unwrap();
            counted += page.issues.iter().filter(|i| i.project_key == "OPS" && i.status == "Done").count() as i64;
            start += 100;
            if start >= page.total { break; }
        }
        assert!(ops_done.total > 0);
        assert_eq!(ops_done.total, counted);
        assert!(ops_done.issues.iter().all(|i| i.project_key == "OPS" && i.status == "Done" && i.resolution.as_deref() == Some("Done")));

        // currentUser(), priorities, text, OR and parentheses, ordering.
        let mine = tracker.search("demo", me, "assignee = currentUser() AND statusCategory != Done ORDER BY priority DESC", 0, 100).await.unwrap();
        assert!(mine.total > 0, "the seed assigns some open issues to the members");
        assert!(mine.issues.iter().all(|i| i.assignee.as_ref().and_then(|a| a.id.as_deref()) == Some(me) && i.status != "Done"));
        let ranks: Vec<usize> = mine.issues.iter().map(|i| ["Highest", "High", "Medium", "Low", "Lowest"].iter().position(|p| *p == i.priority).unwrap()).collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "highest first: {ranks:?}");
        let doors = tracker.search("demo", me, "text ~ \"dock door\" AND (priority = High OR priority = Highest)", 0, 100).await.unwrap();
        assert!(doors.issues.iter().all(|i| i.summary.to_lowercase().contains("door") && ["High", "Highest"].contains(&i.priority.as_str())));
        let recent = tracker.search("demo", me, "created >= -7d", 0, 100).await.unwrap();
        let week = tracker.search("demo", me, "created < -7d", 0, 0).await.unwrap();
        assert_eq!(recent.total + week.total, ISSUES as i64);
        let by_name = tracker.search("demo", me, "assignee = \"Maria Lopez\"", 0, 5).await.unwrap();
        assert!(by_name.total > 0 && by_name.issues.iter().all(|i| i.assignee.as_ref().map(|a| a.name.as_str()) == Some("Maria Lopez")));

        // Paging: pages do not overlap.
        let first = tracker.search("demo", me, "ORDER BY key", 0, 5).await.unwrap();
        let second = tracker.search("demo", me, "ORDER BY key", 5, 5).await.unwrap();
        assert!(first.issues.iter().all(|a| second.issues.iter().all(|b| a.key != b.key)));
    }

    async fn bad_jql_is_refused_and_runs_nothing(store) {
        let (tracker, ada, _) = tenant(&store, "demo").await;
        seed(&tracker, "demo", NOW).await.unwrap();
        let me = ada.id.as_deref().unwrap();
        for (jql, expected) in [
            ("project = ", "Expecting a value"),
            ("status = Closed", "The value 'Closed' does not exist for the field 'status'"),
            ("summary ~ x'; DROP TABLE tracker_issues; --", "is not closed"),
            ("summary ~ x; DROP TABLE tracker_issues", "reserved JQL character"),
            ("project = OPS UNION SELECT password_hash FROM users", "Expecting 'AND', 'OR' or 'ORDER BY'"),
            ("colour = red", "Field 'colour' does not exist"),
        ] {
            let err = tracker.search("demo", me, jql, 0, 10).await.unwrap_err();
            assert!(matches!(err, TrackerError::Jql(_)) && err.to_string().contains(expected), "{jql}: {err}");
        }
        // Values that look like SQL are only values.
        let odd = tracker.search("demo", me, "assignee = \"x' OR '1'='1\" OR summary ~ \"100%_\"", 0, 10).await.unwrap();
        assert_eq!(odd.total, 0);
        assert_eq!(tracker.search("demo", me, "", 0, 0).await.unwrap().total, ISSUES as i64, "nothing was dropped");
    }

    async fn issues_are_created_against_their_screens(store) {
        let (tracker, ada, ben) = tenant(&store, "demo").await;
        tracker.ensure_project("demo", "OPS", "Operations", "", None).await.unwrap();
        let missing = tracker.create("demo", &ada, NewIssue { summary: None, ..draft("") }).await.unwrap_err();
        assert_eq!(fields_of(missing), [("summary".to_owned(), "You must specify a summary of the issue.".to_owned())]);
        let incident = tracker.create("demo", &ada, NewIssue { issue_type: "Incident".into(), ..draft("Dock door 7 sensor broken") }).await.unwrap_err();
        assert_eq!(fields_of(incident), [("customfield_10010".to_owned(), "Facility is required.".to_owned())]);
        let bad = tracker
            .create("demo", &ada, NewIssue {
                priority: Some("Urgent".into()),
                assignee_id: Some("nobody".into()),
                facility_id: Some("elsewhere".into()),
                due_date: Some("tomorrow".into()),
                labels: vec!["two words".into()],
                ..draft(&"x".repeat(300))
            })
            .await
            .unwrap_err();
        let fields: Vec<String> = fields_of(bad).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["assignee", "customfield_10010", "duedate", "labels", "priority", "summary"]);
        let wrong_type = tracker.create("demo", &ada, NewIssue { issue_type: "Epic".into(), ..draft("x") }).await.unwrap_err();
        assert_eq!(fields_of(wrong_type)[0].0, "issuetype");
        assert_eq!(tracker.search("demo", ada.id.as_deref().unwrap(), "", 0, 0).await.unwrap().total, 0, "nothing was filed");

        let html = "<img src=x onerror=alert(1)> \u{202e}pallet";
        let filed = tracker
            .create("demo", &ada, NewIssue {
                issue_type: "Incident".into(),
                priority: Some("high".into()),
                assignee_id: ben.id.clone(),
                facility_id: Some("dc-ontario".into()),
                labels: vec!["dock".into()],
                ..draft(html)
            })
            .await
            .unwrap();
        assert_eq!((filed.key.as_str(), filed.status.as_str(), filed.priority.as_str(), filed.summary.as_str()), ("OPS-1", "To Do", "High", html));
        assert_eq!(filed.assignee.as_ref().map(|a| a.name.as_str()), Some("ben"));
        assert_eq!(filed.reporter.as_ref().map(|a| a.name.as_str()), Some("ada"));
        let second = tracker.create("demo", &ben, draft("Order stretch wrap")).await.unwrap();
        assert_eq!(second.key, "OPS-2");
        let found = tracker.search("demo", ben.id.as_deref().unwrap(), "assignee = currentUser() AND labels = dock", 0, 10).await.unwrap();
        assert_eq!(found.issues.iter().map(|i| i.key.as_str()).collect::<Vec<_>>(), ["OPS-1"]);
    }

    async fn the_workflow_opens_only_its_transitions(store) {
        let (tracker, ada, ben) = tenant(&store, "demo").await;
        tracker.ensure_project("demo", "OPS", "Operations", "", None).await.unwrap();
        let issue = tracker.create("demo", &ada, draft("Re-slot aisle C")).await.unwrap();
        let (_, open) = tracker.transitions("demo", "ops-1").await.unwrap();
        assert_eq!(open.iter().map(|t| t.id).collect::<Vec<_>>(), ["11", "21", "41"]);

        // Reopen is not open from To Do: refused, nothing changed.
        let refused = tracker.transition("demo", &ada, &issue.key, "61", TransitionFields::default()).await.unwrap_err();
        assert!(refused.to_string().contains("Transition id '61' is not valid for this issue, which is To Do. The transitions open are 11 (Start Progress), 21 (Block), 41 (Done)."), "{refused}");
        assert_eq!(tracker.issue("demo", &issue.key).await.unwrap().status, "To Do");
        let wrong_field = tracker.transition("demo", &ada, &issue.key, "21", TransitionFields { resolution: Some("Fixed".into()), ..Default::default() }).await.unwrap_err();
        assert_eq!(fields_of(wrong_field)[0].0, "resolution");

        let (moved, updated) = tracker
            .transition("demo", &ada, &issue.key, "11", TransitionFields { assignee_id: ben.id.clone(), comment: Some("Starting after the huddle".into()), ..Default::default() })
            .await
            .unwrap();
        assert_eq!((moved.status.as_str(), moved.assignee.map(|a| a.name)), ("In Progress", Some("ben".to_owned())));
        assert_eq!(updated, ["status", "assignee", "comment"]);
        let (done, _) = tracker.transition("demo", &ben, &issue.key, "41", TransitionFields { resolution: Some("fixed".into()), ..Default::default() }).await.unwrap();
        assert_eq!((done.status.as_str(), done.resolution.as_deref()), ("Done", Some("Fixed")));
        let comments = tracker.comments("demo", &issue.key).await.unwrap();
        assert_eq!(comments.iter().map(|c| (c.author.name.as_str(), c.body.as_str())).collect::<Vec<_>>(), [("ada", "Starting after the huddle")]);
        assert!(tracker.add_comment("demo", &ben, &issue.key, "   ").await.is_err());
        tracker.add_comment("demo", &ben, &issue.key, "Done, photos attached").await.unwrap();
        assert_eq!(tracker.comments("demo", &issue.key).await.unwrap().len(), 2);
        let text = tracker.search("demo", ben.id.as_deref().unwrap(), "text ~ photos", 0, 10).await.unwrap();
        assert_eq!(text.total, 1, "text searches comments too");
    }

    async fn tenants_are_kept_apart(store) {
        let (tracker, ada, _) = tenant(&store, "t-a").await;
        let (_, bo, _) = tenant(&store, "t-b").await;
        tracker.ensure_project("t-a", "OPS", "Operations", "", None).await.unwrap();
        let issue = tracker.create("t-a", &ada, draft("Only for tenant A")).await.unwrap();
        assert!(matches!(tracker.issue("t-b", &issue.key).await, Err(TrackerError::IssueNotFound)));
        assert!(matches!(tracker.issue("t-b", &issue.id).await, Err(TrackerError::IssueNotFound)));
        assert!(matches!(tracker.transitions("t-b", &issue.key).await, Err(TrackerError::IssueNotFound)));
        assert_eq!(tracker.search("t-b", bo.id.as_deref().unwrap(), "", 0, 10).await.unwrap().total, 0);
        assert!(tracker.create("t-b", &bo, draft("x")).await.is_err(), "tenant B has no project OPS");
        // A member of A cannot be named as assignee in B.
        tracker.ensure_project("t-b", "OPS", "Operations", "", None).await.unwrap();
        let foreign = tracker.create("t-b", &bo, NewIssue { assignee_id: ada.id.clone(), ..draft("x") }).await.unwrap_err();
        assert_eq!(fields_of(foreign)[0].0, "assignee");
        let asker = Asker { tenant_id: "t-b", user_id: bo.id.as_deref().unwrap() };
        let mut people: Vec<String> =
            Tracker::assignable(&tracker, asker, None, None).await.unwrap().into_iter().map(|u| u.email_address.unwrap_or_default()).collect();
        people.sort();
        assert_eq!(people, ["ada@t-b.test", "ben@t-b.test"], "t-b's own members only");
    }
}
