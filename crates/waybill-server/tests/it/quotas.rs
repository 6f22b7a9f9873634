//! Quotas: a user over their chat-request quota gets 429 with `Retry-After` and the
//! others go on; a tool call over its quota fails as a card the model sees, and the
//! answer still finishes.

use crate::common;

use axum::http::{Method, StatusCode, header};
use common::{TestApp, assert_error, user_message};
use serde_json::json;
use waybill_server::config::{Config, LimitsConfig};
use waybill_store::backend_tests;

fn limits(chat: u32, tenant_chat: u32, tools: u32) -> Config {
    Config {
        limits: LimitsConfig {
            chat_requests_per_minute: chat,
            tenant_chat_requests_per_minute: tenant_chat,
            tool_calls_per_minute: tools,
            tenant_tool_calls_per_minute: 0,
        },
        ..Config::default()
    }
}

fn ask(chat: &str, text: &str) -> serde_json::Value {
    json!({"id": chat, "messages": [user_message(&format!("{chat}-u"), text)], "model": "waybill-offline"})
}

backend_tests! {
    async fn a_user_over_the_chat_quota_waits_and_others_do_not(store) {
        let app = TestApp::configured(store, limits(2, 3, 0)).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        for chat in ["q1", "q2"] {
            assert_eq!(app.call(Method::POST, "/api/chat", Some(&alice), Some(ask(chat, "hello"))).await.status, StatusCode::OK);
        }
        for _ in 0..5 {
            let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(ask("q3", "hello"))).await;
            assert_error(&res, StatusCode::TOO_MANY_REQUESTS, "too_many_requests");
            let wait: u32 = res.headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
            assert!((1..=60).contains(&wait), "{wait}");
            assert_eq!(res.body["retryAfter"], wait);
            assert!(res.body["message"].as_str().unwrap().contains("2 chat requests a minute"), "{}", res.text);
        }
        assert_eq!(app.call(Method::GET, "/api/chat-history/q3", Some(&alice), None).await.status, StatusCode::NOT_FOUND, "a refused request stores nothing");
        // Alice's refusals did not spend the tenant's allowance: bob still gets one.
        assert_eq!(app.call(Method::POST, "/api/chat", Some(&bob), Some(ask("b1", "hello"))).await.status, StatusCode::OK);
        let res = app.call(Method::POST, "/api/chat", Some(&bob), Some(ask("b2", "hello"))).await;
        assert_error(&res, StatusCode::TOO_MANY_REQUESTS, "too_many_requests");
        assert!(res.body["message"].as_str().unwrap().contains("organisation"), "{}", res.text);
        // Other routes are not counted.
        assert_eq!(app.call(Method::GET, "/api/chat-history", Some(&alice), None).await.status, StatusCode::OK);
    }

    async fn a_tool_call_over_its_quota_fails_and_the_answer_finishes(store) {
        let app = TestApp::configured(store, limits(0, 0, 1)).await;
        let alice = app.login("alice@t1.test").await;
        let first = app.call(Method::POST, "/api/chat", Some(&alice), Some(ask("t1", "what time is it in Tokyo"))).await;
        assert!(first.text.contains("tool-output-available"), "{}", first.text);
        let second = app.call(Method::POST, "/api/chat", Some(&alice), Some(ask("t2", "what time is it in Paris"))).await;
        assert_eq!(second.status, StatusCode::OK);
        assert!(second.text.contains("tool-output-error") && second.text.contains("limit of 1 tool calls a minute"), "{}", second.text);
        assert!(second.text.contains("\"type\":\"finish\""), "the answer still finishes: {}", second.text);
        // Carol, in another tenant, has her own allowance.
        let carol = app.login("carol@t2.test").await;
        let third = app.call(Method::POST, "/api/chat", Some(&carol), Some(ask("t3", "what time is it in Oslo"))).await;
        assert!(third.text.contains("tool-output-available"), "{}", third.text);
    }
}
