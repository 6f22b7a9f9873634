//! Sign-in, refresh-token rotation and reuse detection, logout, rate limits.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{PASSWORD, Session, TestApp, assert_error};
use serde_json::json;
use waybill_store::backend_tests;

async fn refresh(app: &TestApp, token: &str) -> common::Response {
    app.call(Method::POST, "/api/auth/refresh", None, Some(json!({"refreshToken": token}))).await
}

backend_tests! {
    async fn login_answers_tokens_user_and_grants(store) {
        let app = TestApp::new(store).await;
        let res = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "Alice@T1.test", "password": PASSWORD}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!(res.body["user"], json!({"firstName": "alice", "userName": "alice", "email": "alice@t1.test"}));
        assert_eq!(res.body["tenants"], json!([{"id": "t1", "name": "Tenant t1", "facilities": [{"id": "f1", "name": "Facility f1"}, {"id": "f2", "name": "Facility f2"}], "roles": []}]));
        assert_eq!(res.body["accessToken"].as_str().unwrap().split('.').count(), 3);
        let session = app.login("alice@t1.test").await;
        let me = app.call(Method::GET, "/api/auth/me", Some(&session), None).await;
        assert_eq!(me.status, StatusCode::OK);
        assert_eq!(me.body["user"]["email"], "alice@t1.test");
        assert_eq!(me.body["tenants"][0]["id"], "t1");
    }

    async fn wrong_passwords_and_unknown_accounts_look_the_same(store) {
        let app = TestApp::new(store).await;
        let wrong = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "alice@t1.test", "password": "nope"}))).await;
        let unknown = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "nobody@t1.test", "password": "nope"}))).await;
        assert_error(&wrong, StatusCode::UNAUTHORIZED, "invalid_credentials");
        assert_eq!(wrong.text, unknown.text);
        let blank = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": " ", "password": ""}))).await;
        assert_error(&blank, StatusCode::BAD_REQUEST, "invalid_body");
    }

    async fn refresh_rotates_and_a_reused_token_revokes_the_family(store) {
        let app = TestApp::new(store).await;
        let first = app.login("alice@t1.test").await;
        let other_login = app.login("alice@t1.test").await;

        let rotated = refresh(&app, &first.refresh).await;
        assert_eq!(rotated.status, StatusCode::OK, "{}", rotated.text);
        let second_refresh = rotated.body["refreshToken"].as_str().unwrap().to_owned();
        assert_ne!(second_refresh, first.refresh);
        let access = rotated.body["accessToken"].as_str().unwrap().to_owned();
        let me = app.call(Method::GET, "/api/auth/me", Some(&Session { access, ..first.clone() }), None).await;
        assert_eq!(me.status, StatusCode::OK);

        // The old token again: refused, and the newer token of the same family dies with it.
        assert_error(&refresh(&app, &first.refresh).await, StatusCode::UNAUTHORIZED, "unauthorized");
        assert_error(&refresh(&app, &second_refresh).await, StatusCode::UNAUTHORIZED, "unauthorized");
        // Another sign-in is another family and lives on.
        assert_eq!(refresh(&app, &other_login.refresh).await.status, StatusCode::OK);
        assert_error(&refresh(&app, "made-up").await, StatusCode::UNAUTHORIZED, "unauthorized");
    }

    async fn logout_revokes_the_session(store) {
        let app = TestApp::new(store).await;
        let a = app.login("alice@t1.test").await;
        let b = app.login("alice@t1.test").await;
        let res = app.call(Method::POST, "/api/auth/logout", Some(&a), Some(json!({"refreshToken": a.refresh}))).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text);
        assert_error(&refresh(&app, &a.refresh).await, StatusCode::UNAUTHORIZED, "unauthorized");
        // Without a body, the access token's own session ends.
        let res = app.call(Method::POST, "/api/auth/logout", Some(&b), None).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text);
        assert_error(&refresh(&app, &b.refresh).await, StatusCode::UNAUTHORIZED, "unauthorized");
        // A token of another user is not revoked by this one's logout.
        let carol = app.login("carol@t2.test").await;
        let c = app.login("alice@t1.test").await;
        app.call(Method::POST, "/api/auth/logout", Some(&c), Some(json!({"refreshToken": carol.refresh}))).await;
        assert_eq!(refresh(&app, &carol.refresh).await.status, StatusCode::OK);
    }

    async fn login_attempts_are_rate_limited_per_account(store) {
        let app = TestApp::new(store).await;
        let attempts = app.state.config.auth.login_attempts_per_account;
        for _ in 0..attempts {
            let res = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "bob@t1.test", "password": "guess"}))).await;
            assert_eq!(res.status, StatusCode::UNAUTHORIZED);
        }
        let res = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "bob@t1.test", "password": PASSWORD}))).await;
        assert_error(&res, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        assert!(res.headers.get("retry-after").is_some());
        // Another account from the same address is still allowed.
        assert_eq!(app.login("alice@t1.test").await.tenant, "t1");
    }

    async fn health_and_openapi_are_public(store) {
        let app = TestApp::new(store).await;
        let health = app.call(Method::GET, "/healthz", None, None).await;
        assert_eq!((health.status, health.body["status"].as_str()), (StatusCode::OK, Some("ok")));
        let doc = app.call(Method::GET, "/api/openapi.json", None, None).await;
        assert_eq!(doc.status, StatusCode::OK);
        assert!(doc.body["paths"]["/api/chat-history/{chatId}"]["patch"].is_object());
        // What follows from a route's place and inputs is documented on every route.
        for (path, item) in doc.body["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let responses = op["responses"].as_object().unwrap();
                assert!(responses.values().all(|r| r["description"].is_string()), "{method} {path}: every response is described");
                if op["security"].is_array() {
                    for status in ["400", "401", "403"] {
                        assert!(responses.contains_key(status), "{method} {path} documents {status}");
                    }
                    let headers: Vec<&str> = op["parameters"].as_array().unwrap().iter().filter(|p| p["in"] == "header").map(|p| p["name"].as_str().unwrap()).collect();
                    assert!(headers.contains(&"X-Tenant-Id") && headers.contains(&"X-Facility-Id"), "{method} {path}: {headers:?}");
                }
                if op["requestBody"]["content"]["application/json"].is_object() {
                    for status in ["400", "413", "415"] {
                        assert!(responses.contains_key(status), "{method} {path} documents {status}");
                    }
                }
            }
        }
        assert!(doc.body["paths"]["/api/chat"]["post"]["security"].is_array());
        assert!(doc.body["paths"]["/api/auth/login"]["post"]["security"].is_null(), "sign-in needs no token");
        assert_eq!(doc.body["components"]["schemas"]["ChatRequest"]["properties"]["model"]["enum"], json!(["waybill-offline", null]), "only usable models may be named");
        let chat_id = doc.body["paths"]["/api/chat-history/{chatId}"]["get"]["parameters"].as_array().unwrap().iter().find(|p| p["name"] == "chatId").unwrap().clone();
        assert_eq!(chat_id["schema"]["pattern"], "^[A-Za-z0-9._-]{1,128}$");
    }
}

#[tokio::test]
async fn login_attempts_are_rate_limited_per_address() {
    let db = waybill_store::testing::sqlite().await;
    let app = TestApp::new(db.store.clone()).await;
    let attempts = app.state.config.auth.login_attempts_per_ip;
    // The budget refills one attempt every 2 s, so a slow machine may need a few more
    // than the burst; it must still be limited well before twice the burst.
    let mut limited_after = None;
    for i in 0..attempts * 2 {
        let res = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": format!("u{i}@x.test"), "password": "guess"}))).await;
        if res.status == StatusCode::TOO_MANY_REQUESTS {
            limited_after = Some(i);
            break;
        }
    }
    let limited_after = limited_after.expect("the same address is limited across accounts");
    assert!(limited_after >= attempts, "not limited before the burst is spent ({limited_after})");
    db.cleanup().await;
}
