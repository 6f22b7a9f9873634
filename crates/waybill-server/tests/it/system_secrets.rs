//! A business system that repeats the credentials it was sent — in a 401's error body and
//! in a 200's data, whole, without the scheme, base64-encoded, decoded, percent-encoded,
//! at the point where an answer is cut — gives none of them back: not in `apiCall`'s
//! result, not in the streamed card, not in the stored chat, not in what the model
//! provider is sent next. On SQLite and PostgreSQL.

use crate::common;

use axum::http::{HeaderMap, Method, StatusCode, Uri};
use base64::Engine;
use common::{Session, TestApp, chunks, recording_model, user_message, with_local_model};
use serde_json::{Value, json};
use waybill_server::config::{Config, OutboundConfig};
use waybill_server::waybill_store::{MemberUpdate, backend_tests};
use waybill_server::waybill_tools::{Caller, ToolContext};

const TOKEN: &str = "sk-live/8f3a+Qz==9Lw";
const USER: &str = "svc-waybill";
const PASSWORD: &str = "p@ss:w0rd/42";
const API_KEY: &str = "key-7f9c2e1d";

/// Every byte but letters and digits as `%XX`.
fn percent(value: &str) -> String {
    value.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// The forms in which a secret must not come back.
fn leaks() -> Vec<String> {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{USER}:{PASSWORD}"));
    vec![
        TOKEN.into(),
        percent(TOKEN),
        PASSWORD.into(),
        percent(PASSWORD),
        basic.trim_end_matches('=').into(),
        API_KEY.into(),
        "8f3a+Qz".into(),
        "w0rd/42".into(),
    ]
}

fn assert_clean(what: &str, text: &str) {
    for leak in leaks() {
        assert!(!text.contains(&leak), "{what} holds {leak:?}: {text}");
    }
}

/// The system's answer: whatever it was sent, repeated every way it could be.
async fn echo(status: StatusCode, headers: HeaderMap, uri: Uri) -> (StatusCode, axum::Json<Value>) {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let (authorization, key) = (header("authorization"), header("x-api-key"));
    let credential = authorization.split_once(' ').map(|(_, c)| c.to_owned()).unwrap_or_else(|| key.clone());
    let decoded = base64::engine::general_purpose::STANDARD.decode(&credential).ok().and_then(|d| String::from_utf8(d).ok()).unwrap_or_default();
    let mut body = json!({
        "message": format!("Invalid credentials: {authorization}{key}"),
        "received": {"authorization": authorization, "x-api-key": key, "uri": uri.to_string()},
        "credential": credential,
        "decoded": decoded,
        "retry": format!("https://upstream.example/retry?token={}", percent(&credential)),
        "password": decoded.split_once(':').map(|(_, p)| p.to_owned()),
        // Where the card's 300-character error detail and the model's cut fall.
        "detail": format!("{}{credential}{}", "x".repeat(280), "y".repeat(40)),
        "data": [{"trailerId": "TRL-0042", "note": format!("checked in with {authorization}")}],
        "totalCount": 1,
    });
    body["received"][credential] = json!("as a key");
    (status, axum::Json(body))
}

/// A yard system on a local port whose every answer echoes the request.
async fn echoing_system() -> String {
    use axum::routing::get;
    let document = json!({"openapi": "3.1.0", "info": {"title": "Echo yard", "version": "1"}, "paths": {
        "/trailers": {"get": {"operationId": "listTrailers", "summary": "List trailers in the yard", "responses": {"200": {"description": "ok"}}}},
        "/refused": {"get": {"operationId": "refusedCall", "summary": "A call the system refuses", "responses": {"401": {"description": "refused"}}}}
    }});
    let app = axum::Router::new()
        .route("/api/openapi.json", get(move || std::future::ready(axum::Json(document.clone()))))
        .route("/api/trailers", get(|headers: HeaderMap, uri: Uri| echo(StatusCode::OK, headers, uri)))
        .route("/api/refused", get(|headers: HeaderMap, uri: Uri| echo(StatusCode::UNAUTHORIZED, headers, uri)));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/api", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

async fn admin(app: &TestApp) -> Session {
    let id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
    let update = MemberUpdate { is_admin: Some(true), is_agent: None, suspended: None, facilities: None };
    app.state.store.update_member("t1", &id, &update).await.unwrap().unwrap();
    app.login("alice@t1.test").await
}

backend_tests! {
    async fn credentials_an_upstream_echoes_are_redacted_before_anyone_sees_them(store) {
        let seen = common::Seen::default();
        let model = recording_model(seen.clone(), "Noted.").await;
        let config = Config { outbound: OutboundConfig { allow_hosts: vec!["127.0.0.1".into()] }, ..Config::default() };
        let app = TestApp::configured(store, with_local_model(model, config)).await;
        let alice = admin(&app).await;
        let base = echoing_system().await;
        for (name, auth, secret) in [
            ("Bearer yard", json!({"type": "bearer"}), TOKEN),
            ("Basic yard", json!({"type": "basic", "username": USER}), PASSWORD),
            ("Key yard", json!({"type": "apiKey", "header": "X-Api-Key"}), API_KEY),
        ] {
            let input = json!({"name": name, "kind": "yms", "baseUrl": base, "auth": auth, "secret": secret, "specUrl": format!("{base}/openapi.json")});
            let created = app.call(Method::POST, "/api/admin/systems", Some(&alice), Some(input)).await;
            assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        }

        // apiCall's result, for a 200 and for a 401, with each way of signing in.
        let tool = app.state.tools.get("apiCall").expect("apiCall is registered");
        let ctx = ToolContext::new(Caller { tenant_id: "t1".into(), facility_id: "f1".into(), user_id: "u".into(), timezone: "UTC".into(), ..Caller::default() }, "c");
        for system in ["Bearer yard", "Basic yard", "Key yard"] {
            let ok = tool.execute(json!({"system": system, "operation": "listTrailers"}), &ctx).await.unwrap();
            assert_eq!((ok["success"].as_bool(), ok["status_code"].as_u64()), (Some(true), Some(200)), "{ok}");
            assert_clean(&format!("{system}'s 200"), &ok.to_string());
            assert_eq!(ok["data"]["data"][0]["trailerId"], "TRL-0042", "the rest of the answer is kept: {ok}");
            assert!(ok["data"]["received"].to_string().contains("[redacted]"), "{ok}");
            assert_eq!(ok["summary"], "Total 1 record");

            let refused = tool.execute(json!({"system": system, "operation": "refusedCall"}), &ctx).await.unwrap();
            assert_eq!((refused["success"].as_bool(), refused["status_code"].as_u64()), (Some(false), Some(401)), "{refused}");
            assert_clean(&format!("{system}'s 401"), &refused.to_string());
            let error = refused["error"].as_str().unwrap();
            assert!(error.starts_with(&format!("{system} answered 401")) && error.contains("[redacted]"), "{error}");
        }

        // Through the chat: the streamed card, the stored chat, and the provider's next request.
        let asked = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-echo", "model": "waybill-offline", "messages": [user_message("u1", "show trailers at the yard")]}))).await;
        assert_eq!(asked.status, StatusCode::OK, "{}", asked.text);
        let streamed = chunks(&asked.text).0;
        let output = streamed.iter().find(|c| c["type"] == "tool-output-available").unwrap_or_else(|| panic!("no tool output: {}", asked.text));
        assert!(output["output"].to_string().contains("[redacted]"), "{output}");
        assert_clean("the stream", &asked.text);
        for _ in 0..200 {
            if app.state.runs.get("c-echo").is_none() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let stored = app.call(Method::GET, "/api/chat-history/c-echo", Some(&alice), None).await;
        assert!(stored.text.contains("[redacted]"), "{}", stored.text);
        assert_clean("the stored chat", &stored.text);
        let mut messages = stored.body["messages"].as_array().unwrap().clone();
        messages.push(user_message("u2", "thanks"));
        let next = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-echo", "model": "local", "messages": messages}))).await;
        assert_eq!(next.status, StatusCode::OK, "{}", next.text);
        let sent = seen.lock().unwrap().clone();
        let sent = serde_json::to_string(&sent).unwrap();
        assert!(sent.contains("TRL-0042") && sent.contains("[redacted]"), "the provider saw the answer: {sent}");
        assert_clean("the provider request", &sent);
    }
}
