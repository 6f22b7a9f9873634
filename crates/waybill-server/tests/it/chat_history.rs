//! The chat history API as the web app uses it.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, user_message};
use serde_json::json;
use waybill_store::backend_tests;

backend_tests! {
    async fn create_list_load_save_rename_delete(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let messages = json!([user_message("u1", "  How many pallets   are in aisle 4? ")]);
        let created = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": messages, "model": "claude-sonnet-4-5"}))).await;
        assert_eq!(created.status, StatusCode::CREATED);
        let id = created.body["id"].as_str().unwrap().to_owned();

        let loaded = app.call(Method::GET, &format!("/api/chat-history/{id}"), Some(&alice), None).await;
        assert_eq!(loaded.body["messages"], messages);
        assert_eq!(loaded.body["model"], "claude-sonnet-4-5");
        assert_eq!(loaded.body["audioRecordings"], json!([]));

        let listed = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(listed.body[0]["title"], "How many pallets are in aisle 4?");
        let updated_at = listed.body[0]["updatedAt"].as_str().unwrap().to_owned();
        assert!(updated_at.parse::<jiff::Timestamp>().is_ok(), "{updated_at}");

        let more = json!([user_message("u1", "  How many pallets   are in aisle 4? "), {"id": "a1", "role": "assistant", "parts": [{"type": "text", "text": "42"}], "metadata": null}]);
        for _ in 0..2 {
            let saved = app.call(Method::PUT, &format!("/api/chat-history/{id}"), Some(&alice), Some(json!({"messages": more, "model": "gpt-5"}))).await;
            assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
        }
        let loaded = app.call(Method::GET, &format!("/api/chat-history/{id}"), Some(&alice), None).await;
        assert_eq!(loaded.body["messages"], more);
        assert_eq!(loaded.body["model"], "gpt-5");

        let renamed = app.call(Method::PATCH, &format!("/api/chat-history/{id}"), Some(&alice), Some(json!({"title": "  Aisle 4  "}))).await;
        assert_eq!(renamed.status, StatusCode::NO_CONTENT);
        let listed = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(listed.body[0]["title"], "Aisle 4");

        let deleted = app.call(Method::DELETE, &format!("/api/chat-history/{id}"), Some(&alice), None).await;
        assert_eq!(deleted.status, StatusCode::NO_CONTENT);
        assert_eq!(app.call(Method::GET, &format!("/api/chat-history/{id}"), Some(&alice), None).await.status, StatusCode::NOT_FOUND);
    }

    async fn put_creates_a_chat_under_a_client_chosen_id(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let res = app.call(Method::PUT, "/api/chat-history/client-chosen_1", Some(&alice), Some(json!({"messages": [user_message("u", "hi")], "model": "m"}))).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text);
        let res = app.call(Method::PUT, "/api/chat-history/client-chosen_1", Some(&bob), Some(json!({"messages": [], "model": "m"}))).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "the id is alice's: {}", res.text);
        let loaded = app.call(Method::GET, "/api/chat-history/client-chosen_1", Some(&alice), None).await;
        assert_eq!(loaded.body["messages"][0]["id"], "u");
    }

    async fn the_index_is_newest_first_and_delete_all_is_per_user(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let mut ids = Vec::new();
        for title in ["first", "second", "third"] {
            let res = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": [], "model": "m", "title": title}))).await;
            ids.push(res.body["id"].as_str().unwrap().to_owned());
            tokio::time::sleep(std::time::Duration::from_millis(3)).await;
        }
        app.call(Method::POST, "/api/chat-history", Some(&bob), Some(json!({"messages": [], "model": "m"}))).await;
        // Saving the oldest chat moves it to the top.
        app.call(Method::PUT, &format!("/api/chat-history/{}", ids[0]), Some(&alice), Some(json!({"messages": [user_message("x", "bump")], "model": "m"}))).await;
        let listed = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        let titles: Vec<_> = listed.body.as_array().unwrap().iter().map(|c| c["title"].as_str().unwrap().to_owned()).collect();
        assert_eq!(titles, ["first", "third", "second"], "a title set by the user is kept over the automatic one");

        let res = app.call(Method::DELETE, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(res.body["deleted"], 3);
        assert_eq!(app.call(Method::GET, "/api/chat-history", Some(&alice), None).await.body, json!([]));
        assert_eq!(app.call(Method::GET, "/api/chat-history", Some(&bob), None).await.body.as_array().unwrap().len(), 1);
    }
}
