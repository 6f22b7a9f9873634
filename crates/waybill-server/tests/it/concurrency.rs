//! No request fails because another one writes: hundreds of chat saves, creations,
//! renames, uploads and answers from several tasks at once, with zero 5xx answers and
//! every write present afterwards.

use crate::common;

use std::sync::Arc;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp, user_message};
use serde_json::json;
use waybill_server::config::{Config, LimitsConfig};
use waybill_store::backend_tests;

const TASKS: usize = 8;
const ROUNDS: usize = 30;

/// One task's share; answers the chats it created (with how many messages each must
/// hold) and how many files it uploaded.
async fn writes(app: Arc<TestApp>, session: Session, task: usize) -> (Vec<(String, usize)>, usize) {
    let mut chats = Vec::new();
    let mut files = 0;
    for round in 0..ROUNDS {
        let chat = format!("t{task}-r{round}");
        let messages = json!([user_message(&format!("{chat}-u"), &format!("round {round}"))]);
        let res = match (task + round) % 4 {
            0 => app.call(Method::PUT, &format!("/api/chat-history/{chat}"), Some(&session), Some(json!({"messages": messages, "model": "m"}))).await,
            1 => {
                let created = app.call(Method::POST, "/api/chat-history", Some(&session), Some(json!({"messages": messages, "model": "m"}))).await;
                assert!(!created.status.is_server_error(), "{}", created.text);
                let id = created.body["id"].as_str().unwrap().to_owned();
                chats.push((id.clone(), 1));
                app.call(Method::PATCH, &format!("/api/chat-history/{id}"), Some(&session), Some(json!({"title": format!("renamed {round}")}))).await
            }
            2 => {
                files += 1;
                common::upload(&app, &session, "", &format!("{chat}.txt"), "text/plain", chat.as_bytes()).await
            }
            _ => app.call(Method::POST, "/api/chat", Some(&session), Some(json!({"id": chat, "messages": messages, "model": "waybill-offline"}))).await,
        };
        assert!(!res.status.is_server_error(), "{chat}: {} {}", res.status, res.text);
        assert!(res.status.is_success(), "{chat}: {} {}", res.status, res.text);
        match (task + round) % 4 {
            0 => chats.push((chat, 1)),
            3 => chats.push((chat, 2)),
            _ => {}
        }
    }
    (chats, files)
}

backend_tests! {
    async fn mixed_writes_from_many_tasks_never_fail_and_all_land(store) {
        let unlimited = LimitsConfig { chat_requests_per_minute: 0, tenant_chat_requests_per_minute: 0, tool_calls_per_minute: 0, tenant_tool_calls_per_minute: 0 };
        let config = Config { limits: unlimited, ..Config::default() };
        let app = Arc::new(TestApp::configured(store, config).await);
        let alice = app.login("alice@t1.test").await;
        let tasks: Vec<_> = (0..TASKS).map(|t| tokio::spawn(writes(app.clone(), alice.clone(), t))).collect();
        let mut chats = Vec::new();
        let mut files = 0;
        for task in tasks {
            let (mine, uploaded) = task.await.expect("no request failed");
            chats.extend(mine);
            files += uploaded;
        }
        // Answers finish in the background: wait for the last ones to be saved.
        for _ in 0..500 {
            if app.state.runs.is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let listed = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(listed.status, StatusCode::OK);
        let listed: Vec<&str> = listed.body.as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
        assert_eq!(listed.len(), chats.len());
        for (chat, messages) in &chats {
            assert!(listed.contains(&chat.as_str()), "{chat} is listed");
            let loaded = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(&alice), None).await;
            assert_eq!(loaded.body["messages"].as_array().unwrap().len(), *messages, "{chat}: every message is stored");
        }
        let stored_files = app.call(Method::GET, "/api/file-app/v1/files?limit=200", Some(&alice), None).await;
        assert_eq!(stored_files.body.as_array().unwrap().len(), files);
    }
}
