//! The authorization matrix, generated from the served OpenAPI document: every route
//! and method is tried without a token, with forged tokens, with a tenant or facility
//! outside the token's grants, and (for routes naming a chat) as another user of the
//! same tenant and as a user of another tenant.

use crate::common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::{Session, TestApp, assert_error, forged_tokens, user_message};
use serde_json::{Value, json};
use waybill_store::backend_tests;

/// Routes without a session: sign-in, and the file and invitation links whose unguessable
/// token is the permission (tested in files.rs and admin_users.rs: they 404 when the token
/// is altered), and Atlassian's redirect back whose single-use state is (jira_oauth.rs).
const PUBLIC: &[&str] = &[
    "/api/auth/login",
    "/api/auth/refresh",
    "/api/auth/invitations/{token}",
    "/api/file-app/v1/file/view/{token}",
    "/api/file-app/v1/file/view/{token}/{name}",
    "/api/file-app/v1/file/thumbnail/{token}",
    "/api/jira/oauth/callback",
];

/// The live-agent messaging service's routes take its own token and answer in its own
/// shape (`live_agent.rs` tests them with it).
fn messaging(path: &str) -> bool {
    path.starts_with("/app-api/")
}

struct Route {
    method: Method,
    path: String,
    body: Option<Value>,
}

/// Every operation in the document, with a body built from its request schema.
async fn routes(app: &TestApp) -> Vec<Route> {
    let doc = app.call(Method::GET, "/api/openapi.json", None, None).await.body;
    assert!(doc["paths"].as_object().is_some_and(|p| p.len() >= 4), "the document lists the routes");
    let mut routes = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let method: Method = method.to_uppercase().parse().unwrap();
            let schema = &op["requestBody"]["content"]["application/json"]["schema"];
            let body = (!schema.is_null()).then(|| sample(&doc, schema));
            routes.push(Route { method, path: path.clone(), body });
        }
    }
    routes
}

/// A minimal valid value for `schema`: required properties only, resolving `$ref`s.
fn sample(doc: &Value, schema: &Value) -> Value {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap();
        return sample(doc, &doc["components"]["schemas"][name]);
    }
    if let Some(first) = schema["oneOf"].as_array().and_then(|v| v.iter().find(|s| s["type"] != "null")) {
        return sample(doc, first);
    }
    let kind = match &schema["type"] {
        Value::Array(kinds) => kinds.iter().find(|k| *k != "null").cloned().unwrap_or(Value::Null),
        other => other.clone(),
    };
    match kind.as_str() {
        Some("object") => {
            let required: Vec<&str> = schema["required"].as_array().map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
            let props = schema["properties"].as_object().cloned().unwrap_or_default();
            Value::Object(required.iter().map(|name| ((*name).to_owned(), sample(doc, &props[*name]))).collect())
        }
        Some("array") => json!([]),
        Some("string") => json!("sample text"),
        Some("integer") | Some("number") => json!(1),
        Some("boolean") => json!(false),
        _ => Value::Null,
    }
}

async fn call_as(app: &TestApp, route: &Route, path: &str, session: Option<&Session>) -> common::Response {
    app.call(route.method.clone(), path, session, route.body.clone()).await
}

backend_tests! {
    async fn every_route_refuses_missing_and_forged_tokens(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        for route in routes(&app).await {
            if PUBLIC.contains(&route.path.as_str()) || messaging(&route.path) {
                continue;
            }
            let path = route.path.replace("{chatId}", "some-chat");
            let res = call_as(&app, &route, &path, None).await;
            assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{} {path} without a token: {}", route.method, res.text);
            for (what, token) in forged_tokens(&alice.access) {
                let forged = Session { access: token, ..alice.clone() };
                let res = call_as(&app, &route, &path, Some(&forged)).await;
                assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{} {path} with a {what} token: {}", route.method, res.text);
            }
            let res = app
                .send(Request::builder().method(route.method.clone()).uri(&path).header(header::AUTHORIZATION, "Basic YTpi").body(Body::empty()).unwrap())
                .await;
            assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{} {path} with Basic auth", route.method);
        }
    }

    async fn every_route_refuses_tenants_and_facilities_outside_the_grants(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        for route in routes(&app).await {
            if PUBLIC.contains(&route.path.as_str()) || messaging(&route.path) {
                continue;
            }
            let path = route.path.replace("{chatId}", "some-chat");
            let other_tenant = Session { tenant: "t2".into(), facility: "f3".into(), ..alice.clone() };
            assert_error(&call_as(&app, &route, &path, Some(&other_tenant)).await, StatusCode::FORBIDDEN, "forbidden");
            let unknown_tenant = Session { tenant: "nope".into(), ..alice.clone() };
            assert_error(&call_as(&app, &route, &path, Some(&unknown_tenant)).await, StatusCode::FORBIDDEN, "forbidden");
            let ungranted_facility = Session { facility: "f2".into(), ..bob.clone() };
            assert_error(&call_as(&app, &route, &path, Some(&ungranted_facility)).await, StatusCode::FORBIDDEN, "forbidden");
            let foreign_facility = Session { facility: "f3".into(), ..alice.clone() };
            assert_error(&call_as(&app, &route, &path, Some(&foreign_facility)).await, StatusCode::FORBIDDEN, "forbidden");
        }
    }

    async fn another_users_chat_answers_404_on_every_route(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let carol = app.login("carol@t2.test").await;
        let messages = json!([user_message("m1", "Inbound dock schedule"), {"id": "m2", "role": "assistant", "parts": [{"type": "text", "text": "Here it is"}]}]);
        let created = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": messages, "model": "gpt-5"}))).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        let chat_id = created.body["id"].as_str().unwrap().to_owned();
        let before = app.call(Method::GET, &format!("/api/chat-history/{chat_id}"), Some(&alice), None).await;

        let mut chat_routes = 0;
        for route in routes(&app).await {
            if PUBLIC.contains(&route.path.as_str()) || messaging(&route.path) {
                continue;
            }
            if route.path.contains("{chatId}") {
                chat_routes += 1;
                let path = route.path.replace("{chatId}", &chat_id);
                for (who, session) in [("bob (same tenant)", &bob), ("carol (other tenant)", &carol)] {
                    let res = call_as(&app, &route, &path, Some(session)).await;
                    assert_error(&res, StatusCode::NOT_FOUND, "not_found");
                    // PUT on a free id creates a chat, so only the other methods have a "missing" twin.
                    if route.method != Method::PUT {
                        let missing = call_as(&app, &route, &route.path.replace("{chatId}", "missing-chat-id"), Some(&alice)).await;
                        assert_eq!(res.text, missing.text, "{who}: {} {path} must look exactly like a missing chat", route.method);
                    }
                }
            } else {
                // Collection routes act only on the caller's own chats.
                for session in [&bob, &carol] {
                    let res = call_as(&app, &route, &route.path, Some(session)).await;
                    assert!(res.status.is_success() || res.status.is_client_error(), "{} {}: {}", route.method, route.path, res.text);
                    assert!(!res.text.contains(&chat_id), "{} {} leaked alice's chat", route.method, route.path);
                }
            }
        }
        assert!(chat_routes >= 4, "the matrix covered the chat routes");
        let after = app.call(Method::GET, &format!("/api/chat-history/{chat_id}"), Some(&alice), None).await;
        assert_eq!(after.status, StatusCode::OK);
        assert_eq!(before.body, after.body, "alice's chat is untouched");
        let listed = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(listed.body[0]["id"], chat_id.as_str());
    }
}
