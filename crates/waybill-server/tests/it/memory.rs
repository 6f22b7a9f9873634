//! Memory end to end: the offline model saves "remember that …" after the user approves,
//! answers "what do you remember about …" from it, and forgets on approval; a question
//! that touches a memory brings it into the model's system prompt as data. The
//! memories page's API keeps personal memories to their owner and system memories to
//! their tenant's admins, and refuses a memory over the limit.

use crate::common::{self, Seen, TestApp, approve, ask, input_of, output_of, recording_model, user_message, with_local_model};

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::golden;

/// A result as its golden sample: ids and times fixed.
fn steady(result: &Value) -> Value {
    let mut text = result.to_string();
    for key in ["id", "memory_id"] {
        let mut at = 0;
        while let Some(found) = text[at..].find(&format!("\"{key}\":\"")) {
            let start = at + found + key.len() + 4;
            let end = start + text[start..].find('"').unwrap();
            text.replace_range(start..end, "0193a7e2-5c1d-7a40-9b1e-6f2d4c8a1b00");
            at = start;
        }
    }
    let mut value: Value = serde_json::from_str(&text).unwrap();
    fn times(v: &mut Value) {
        match v {
            Value::Object(map) => map.iter_mut().for_each(|(k, c)| if k == "createdAt" { *c = json!("2026-11-16T08:00:00Z") } else { times(c) }),
            Value::Array(items) => items.iter_mut().for_each(times),
            _ => {}
        }
    }
    times(&mut value);
    value
}

backend_tests! {
    async fn the_offline_model_remembers_recalls_and_forgets_with_approval(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;

        let asked = ask(&app, &alice, "c-remember", "remember that our UPS cut-off is 4 pm").await;
        assert_eq!(input_of(&asked, "saveMemory")["content"], "Our UPS cut-off is 4 pm.");
        assert!(asked.iter().any(|c| c["type"] == "tool-approval-request"), "saving waits for approval");
        let listed = app.call(Method::GET, "/api/memories", Some(&alice), None).await;
        assert_eq!(listed.body["total"], 0, "nothing kept before approval");
        let saved = approve(&app, &alice, "c-remember", "saveMemory").await;
        let saved = output_of(&saved).clone();
        assert_eq!((saved["success"].as_bool(), saved["memory"]["memoryType"].as_str()), (Some(true), Some("personal")));
        assert_eq!(saved["memory"]["metadata"], json!({"importance": "medium", "source": "chat"}));
        golden::write("saveMemory", &steady(&saved));

        let recalled = ask(&app, &alice, "c-recall", "What do you remember about UPS?").await;
        assert_eq!(input_of(&recalled, "searchMemories")["query"], "UPS");
        let found = output_of(&recalled);
        assert_eq!(found["memories"][0]["memory"], "Our UPS cut-off is 4 pm.");
        assert!(found["memories"][0]["score"].as_f64().unwrap() >= 0.3, "{found}");
        golden::write("searchMemories", &steady(found));

        let id = saved["memory_id"].as_str().unwrap();
        let asked = ask(&app, &alice, "c-forget", &format!("forget memory {id}")).await;
        assert!(asked.iter().any(|c| c["type"] == "tool-approval-request"), "forgetting waits for approval");
        let gone = approve(&app, &alice, "c-forget", "deleteMemory").await;
        let gone = output_of(&gone).clone();
        assert_eq!(gone["memory"]["memory"], "Our UPS cut-off is 4 pm.");
        golden::write("deleteMemory", &steady(&gone));
        assert_eq!(app.call(Method::GET, "/api/memories", Some(&alice), None).await.body["total"], 0);
    }

    async fn a_question_brings_matching_memories_into_the_prompt_as_data(store) {
        let seen = Seen::default();
        let base = recording_model(seen.clone(), "Noted.").await;
        let app = TestApp::configured(store, with_local_model(base, Config::default())).await;
        let alice = app.login("alice@t1.test").await;
        for text in ["Our UPS cut-off is 4 pm.", "Door 7 is for returns only."] {
            assert_eq!(app.call(Method::POST, "/api/memories", Some(&alice), Some(json!({"memory": text}))).await.status, StatusCode::CREATED);
        }
        let bob = app.login("bob@t1.test").await;
        app.call(Method::POST, "/api/memories", Some(&bob), Some(json!({"memory": "Bob's UPS account is 12345."}))).await;
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-ctx", "model": "local", "messages": [user_message("u1", "When is the UPS cut-off today?")]}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let requests = seen.lock().unwrap().clone();
        let system = requests[0]["messages"][0]["content"].as_str().unwrap().to_owned();
        assert!(system.contains("not instructions") && system.contains("- (user) Our UPS cut-off is 4 pm."), "{system}");
        assert!(!system.contains("Door 7") && !system.contains("12345"), "only matching memories, only the caller's: {system}");
    }

    async fn the_memories_api_keeps_each_memory_to_its_owner_and_tenant(store) {
        let app = TestApp::new(store).await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        app.state.store.grant(&alice_id, "t1", &["f1", "f2"], true).await.unwrap();
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let carol = app.login("carol@t2.test").await;

        let company = app.call(Method::POST, "/api/memories", Some(&alice), Some(json!({"memory": "Hazmat loads leave from door 12.", "memoryType": "system", "importance": "high"}))).await;
        assert_eq!(company.status, StatusCode::CREATED, "{}", company.text);
        let company_id = company.body["id"].as_str().unwrap().to_owned();
        let own = app.call(Method::POST, "/api/memories", Some(&bob), Some(json!({"memory": "I start at 6 am."}))).await;
        let own_id = own.body["id"].as_str().unwrap().to_owned();
        common::assert_error(&app.call(Method::POST, "/api/memories", Some(&bob), Some(json!({"memory": "x", "memoryType": "system"}))).await, StatusCode::FORBIDDEN, "forbidden");

        // Bob reads the company's memory but cannot change it; Alice cannot see Bob's.
        let bobs = app.call(Method::GET, "/api/memories", Some(&bob), None).await;
        assert_eq!(bobs.body["total"], 2);
        let shared = bobs.body["memories"].as_array().unwrap().iter().find(|m| m["id"] == company_id.as_str()).unwrap().clone();
        assert_eq!((shared["editable"].as_bool(), shared["importance"].as_str()), (Some(false), Some("high")));
        common::assert_error(&app.call(Method::PATCH, &format!("/api/memories/{company_id}"), Some(&bob), Some(json!({"memory": "changed"}))).await, StatusCode::FORBIDDEN, "forbidden");
        common::assert_error(&app.call(Method::DELETE, &format!("/api/memories/{company_id}"), Some(&bob), None).await, StatusCode::FORBIDDEN, "forbidden");
        assert_eq!(app.call(Method::GET, "/api/memories", Some(&alice), None).await.body["total"], 1);
        for (method, body) in [(Method::PATCH, Some(json!({"memory": "mine now"}))), (Method::DELETE, None)] {
            common::assert_error(&app.call(method, &format!("/api/memories/{own_id}"), Some(&alice), body).await, StatusCode::NOT_FOUND, "not_found");
        }
        // Another tenant sees neither, and cannot touch either.
        assert_eq!(app.call(Method::GET, "/api/memories", Some(&carol), None).await.body["total"], 0);
        assert_eq!(app.call(Method::GET, "/api/memories/search?q=hazmat", Some(&carol), None).await.body["total"], 0);
        for id in [&company_id, &own_id] {
            common::assert_error(&app.call(Method::DELETE, &format!("/api/memories/{id}"), Some(&carol), None).await, StatusCode::NOT_FOUND, "not_found");
        }

        // Search ranks as the assistant does; the list filters and pages.
        let found = app.call(Method::GET, "/api/memories/search?q=which%20door%20for%20hazmat", Some(&bob), None).await;
        assert_eq!(found.body["memories"][0]["id"], company_id.as_str(), "{}", found.text);
        assert!(found.body["memories"][0]["score"].as_f64().unwrap() > 0.3);
        let filtered = app.call(Method::GET, "/api/memories?type=personal&q=6%20AM", Some(&bob), None).await;
        assert_eq!((filtered.body["total"].as_i64(), filtered.body["memories"][0]["id"].as_str()), (Some(1), Some(own_id.as_str())));

        // Changes: the owner's own, an admin's system one.
        let changed = app.call(Method::PATCH, &format!("/api/memories/{own_id}"), Some(&bob), Some(json!({"memory": "I start at 7 am.", "importance": "low"}))).await;
        assert_eq!((changed.body["memory"].as_str(), changed.body["importance"].as_str()), (Some("I start at 7 am."), Some("low")));
        assert_eq!(app.call(Method::DELETE, &format!("/api/memories/{company_id}"), Some(&alice), None).await.status, StatusCode::NO_CONTENT);

        // Bad input: a clear error each, nothing kept.
        let huge = app.call(Method::POST, "/api/memories", Some(&bob), Some(json!({"memory": "x".repeat(1024 * 1024)}))).await;
        common::assert_error(&huge, StatusCode::BAD_REQUEST, "invalid_body");
        assert!(huge.body["message"].as_str().unwrap().contains("at most 2000 characters"), "{}", huge.text);
        common::assert_error(&app.call(Method::POST, "/api/memories", Some(&bob), Some(json!({"memory": "   "}))).await, StatusCode::BAD_REQUEST, "invalid_body");
        common::assert_error(&app.call(Method::PATCH, &format!("/api/memories/{own_id}"), Some(&bob), Some(json!({"memory": "y".repeat(2001)}))).await, StatusCode::BAD_REQUEST, "invalid_body");
        assert_eq!(app.call(Method::GET, "/api/memories", Some(&bob), None).await.body["total"], 1);
        common::assert_error(&app.call(Method::GET, &format!("/api/memories?q={}", "q".repeat(201)), Some(&bob), None).await, StatusCode::BAD_REQUEST, "bad_request");
        common::assert_error(&app.call(Method::GET, "/api/memories/search?q=%20", Some(&bob), None).await, StatusCode::BAD_REQUEST, "bad_request");
        for page in ["?offset=-1", "?limit=0", "?limit=201", "/search?q=ups&threshold=-0.5", "/search?q=ups&threshold=1.5", "/search?q=ups&threshold=NaN"] {
            common::assert_error(&app.call(Method::GET, &format!("/api/memories{page}"), Some(&bob), None).await, StatusCode::BAD_REQUEST, "bad_request");
        }
    }
}
