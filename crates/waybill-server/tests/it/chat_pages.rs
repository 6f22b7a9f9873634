//! Long chats in pages: the newest page loads first, older pages follow by cursor, and a
//! client holding only the newest pages saves and chats without losing the rest.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{Seen, TestApp, assert_error, recording_model, user_message, with_local_model};
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_store::backend_tests;

fn history(n: usize) -> Vec<Value> {
    (0..n)
        .map(|i| {
            if i % 2 == 0 {
                user_message(&format!("m{i:05}"), &format!("question {i}"))
            } else {
                json!({"id": format!("m{i:05}"), "role": "assistant", "parts": [{"type": "text", "text": format!("answer {i}")}]})
            }
        })
        .collect()
}

fn ids(messages: &Value) -> Vec<String> {
    messages.as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_owned()).collect()
}

backend_tests! {
    async fn a_5000_message_chat_opens_with_its_newest_page(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let created = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": history(5000), "model": "m"}))).await;
        let chat = created.body["id"].as_str().unwrap().to_owned();

        let whole = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(&alice), None).await;
        let first = app.call(Method::GET, &format!("/api/chat-history/{chat}?limit=50"), Some(&alice), None).await;
        assert_eq!(first.status, StatusCode::OK, "{}", first.text);
        assert_eq!(ids(&first.body["messages"]).first().unwrap(), "m04950");
        assert_eq!(ids(&first.body["messages"]).last().unwrap(), "m04999");
        assert_eq!((first.body["hasMore"].as_bool(), first.body["cursor"].as_str()), (Some(true), Some("m04950")));
        assert!(first.text.len() * 50 < whole.text.len(), "the first page is a small part of the chat: {} of {} bytes", first.text.len(), whole.text.len());
        assert_eq!(whole.body["hasMore"], false);
        assert!(whole.body.get("cursor").is_none());

        // Walk back to the start, page by page.
        let mut seen = ids(&first.body["messages"]);
        let mut cursor = first.body["cursor"].as_str().unwrap().to_owned();
        let mut pages = 1;
        loop {
            let page = app.call(Method::GET, &format!("/api/chat-history/{chat}/messages?before={cursor}&limit=1000"), Some(&alice), None).await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.text);
            let mut older = ids(&page.body["messages"]);
            older.append(&mut seen);
            seen = older;
            pages += 1;
            match page.body["cursor"].as_str() {
                Some(next) => cursor = next.to_owned(),
                None => {
                    assert_eq!(page.body["hasMore"], false);
                    break;
                }
            }
        }
        assert_eq!(pages, 6);
        assert_eq!(seen, ids(&whole.body["messages"]), "the pages make up the chat, in order, without gaps or repeats");
        let newest = app.call(Method::GET, &format!("/api/chat-history/{chat}/messages"), Some(&alice), None).await;
        assert_eq!(newest.body["messages"].as_array().unwrap().len(), 100, "the default page");
    }

    async fn bad_page_requests_are_clear_and_other_users_see_nothing(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let created = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": history(10), "model": "m"}))).await;
        let chat = created.body["id"].as_str().unwrap().to_owned();
        for query in ["?limit=0", "?limit=1001", "?limit=-5", "?limit=many", "?limit=1&limit=2"] {
            assert_error(&app.call(Method::GET, &format!("/api/chat-history/{chat}{query}"), Some(&alice), None).await, StatusCode::BAD_REQUEST, "bad_request");
            assert_error(&app.call(Method::GET, &format!("/api/chat-history/{chat}/messages{query}"), Some(&alice), None).await, StatusCode::BAD_REQUEST, "bad_request");
        }
        let unknown = app.call(Method::GET, &format!("/api/chat-history/{chat}/messages?before=nope"), Some(&alice), None).await;
        assert_error(&unknown, StatusCode::NOT_FOUND, "not_found");
        assert!(unknown.body["message"].as_str().unwrap().contains("Message"));
        let theirs = app.call(Method::GET, &format!("/api/chat-history/{chat}/messages?before=m00005"), Some(&bob), None).await;
        let missing = app.call(Method::GET, "/api/chat-history/missing/messages?before=m00005", Some(&alice), None).await;
        assert_error(&theirs, StatusCode::NOT_FOUND, "not_found");
        assert_eq!(theirs.text, missing.text, "another user's chat looks missing");
    }

    async fn a_client_holding_the_newest_page_saves_and_chats_without_losing_the_rest(store) {
        let seen = Seen::default();
        let base = recording_model(seen.clone(), "The yard is quiet.").await;
        let app = TestApp::configured(store, with_local_model(base, Config::default())).await;
        let alice = app.login("alice@t1.test").await;
        app.call(Method::PUT, "/api/chat-history/c-long", Some(&alice), Some(json!({"messages": history(300), "model": "local"}))).await;
        let page = app.call(Method::GET, "/api/chat-history/c-long?limit=20", Some(&alice), None).await;
        let mut held: Vec<Value> = page.body["messages"].as_array().unwrap().clone();
        let loaded_from = page.body["cursor"].as_str().unwrap().to_owned();

        // Autosave of the held page with one message edited.
        held[1]["parts"][0]["text"] = json!("edited answer");
        let saved = app.call(Method::PUT, "/api/chat-history/c-long", Some(&alice), Some(json!({"messages": held, "model": "local", "loadedFrom": loaded_from}))).await;
        assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
        let whole = app.call(Method::GET, "/api/chat-history/c-long", Some(&alice), None).await;
        assert_eq!(whole.body["messages"].as_array().unwrap().len(), 300, "the 280 messages it did not load are kept");
        assert_eq!(whole.body["messages"][281]["parts"][0]["text"], "edited answer");

        // A new question with only the held page: the model still gets the older history.
        held.push(user_message("m00300", "how is the yard?"));
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-long", "messages": held, "model": "local", "loadedFrom": loaded_from}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let sent = seen.lock().unwrap()[0]["messages"].to_string();
        assert!(sent.contains("question 0") && sent.contains("how is the yard?"), "the model saw the whole history");
        for _ in 0..200 {
            if app.call(Method::GET, "/api/chat-history/c-long", Some(&alice), None).await.body["messages"].as_array().unwrap().len() == 302 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let whole = app.call(Method::GET, "/api/chat-history/c-long", Some(&alice), None).await;
        let all = whole.body["messages"].as_array().unwrap();
        assert_eq!(all.len(), 302, "300 + the question + the answer");
        assert_eq!(all[0]["id"], "m00000");
        assert!(all[301]["parts"].to_string().contains("The yard is quiet."));

        // A save naming a message that is gone is refused and writes nothing.
        let stale = app.call(Method::PUT, "/api/chat-history/c-long", Some(&alice), Some(json!({"messages": [], "model": "local", "loadedFrom": "not-there"}))).await;
        assert_error(&stale, StatusCode::CONFLICT, "conflict");
        let chat = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-long", "messages": [user_message("x1", "hi")], "model": "local", "loadedFrom": "not-there"}))).await;
        assert_error(&chat, StatusCode::CONFLICT, "conflict");
        assert_eq!(app.call(Method::GET, "/api/chat-history/c-long", Some(&alice), None).await.body["messages"].as_array().unwrap().len(), 302);
    }
}
