//! An answered message is changed only by an edit: the same message id with other
//! content sent without `messageId` naming it (a stale tab, a replayed request) is a 409
//! that leaves the stored question and its answer as they were, on SQLite and
//! PostgreSQL; the same message again changes nothing either; the message's parts
//! (words and files) are its content, its metadata is not.

use crate::common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp, assert_error, user_message};
use serde_json::{Value, json};
use waybill_server::waybill_store::backend_tests;

async fn send(app: &TestApp, session: &Session, body: Value) -> common::Response {
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    for _ in 0..500 {
        if app.state.runs.get("c-edit").is_none() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    res
}

fn ask(messages: Value) -> Value {
    json!({"id": "c-edit", "model": "waybill-offline", "trigger": "submit-message", "messages": messages})
}

async fn stored(app: &TestApp, session: &Session) -> Vec<Value> {
    let res = app.call(Method::GET, "/api/chat-history/c-edit", Some(session), None).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["messages"].as_array().unwrap().clone()
}

backend_tests! {
    async fn other_content_under_an_answered_message_id_is_a_409_and_changes_nothing(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let first = send(&app, &alice, ask(json!([user_message("u1", "time in Paris")]))).await;
        assert_eq!(first.status, StatusCode::OK, "{}", first.text);
        let before = stored(&app, &alice).await;
        assert_eq!(before.len(), 2);
        assert!(before[1]["parts"].to_string().contains("Europe/Paris"), "{}", before[1]);

        let with_file = json!({"id": "u1", "role": "user", "parts": [
            {"type": "text", "text": "time in Paris"},
            {"type": "file", "mediaType": "image/png", "url": "/api/file-app/v1/files/f-1/view", "filename": "dock.png"}
        ]});
        for (what, body) in [
            ("other words", ask(json!([user_message("u1", "time in Tokyo")]))),
            ("a file added", ask(json!([with_file]))),
            ("other words, regenerating", json!({"id": "c-edit", "model": "waybill-offline", "trigger": "regenerate-message", "messages": [user_message("u1", "time in Tokyo")]})),
        ] {
            let res = send(&app, &alice, body).await;
            assert_error(&res, StatusCode::CONFLICT, "conflict");
            let message = res.body["message"].as_str().unwrap();
            assert!(message.contains("already answered") && message.contains("edit"), "{what}: {message}");
            assert_eq!(stored(&app, &alice).await, before, "{what}: the question and its answer are as they were");
        }

        // The same message again, with other metadata: the same question, not answered twice.
        let mut again = user_message("u1", "time in Paris");
        again["metadata"] = json!({"createdAt": 2});
        let res = send(&app, &alice, ask(json!([again]))).await;
        assert_error(&res, StatusCode::CONFLICT, "conflict");
        assert_eq!(res.body["message"], "This message has already been answered");
        assert_eq!(stored(&app, &alice).await, before);

        // An edit names the message: then the new words are a new question.
        let edit = json!({"id": "c-edit", "model": "waybill-offline", "trigger": "submit-message", "messageId": "u1", "messages": [user_message("u1", "time in Tokyo")]});
        let res = send(&app, &alice, edit).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let after = stored(&app, &alice).await;
        assert_eq!(after.len(), 2);
        assert_eq!(after[0]["parts"][0]["text"], "time in Tokyo");
        assert!(after[1]["parts"].to_string().contains("Asia/Tokyo"), "{}", after[1]);
    }
}
