//! An in-process Waybill with three users, driven through the real router.
//!
//! Tenant t1 (facilities f1, f2): alice (f1, f2) and bob (f1). Tenant t2 (f3): carol.

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use base64::Engine;
use http_body_util::BodyExt;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};
use tower::ServiceExt;
use waybill_server::auth::{TokenKeys, password};
use waybill_server::config::Config;
use waybill_server::waybill_store::{NewUser, Store};
use waybill_server::waybill_tools::Registry;
use waybill_server::{AppState, app};

pub const SECRET: &[u8] = b"test-secret-test-secret-test-secret!";
pub const PASSWORD: &str = "correct horse battery";

pub struct TestApp {
    pub state: AppState,
    pub router: axum::Router,
}

#[derive(Clone, Debug)]
pub struct Session {
    pub access: String,
    pub refresh: String,
    pub tenant: String,
    pub facility: String,
}

pub struct Response {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Value,
    pub text: String,
}

impl TestApp {
    pub async fn new(store: Store) -> Self {
        Self::configured(store, Config::default()).await
    }

    /// An app with its own configuration and tools.
    pub async fn build(store: Store, config: Config, tools: Registry) -> Self {
        Self::assemble(store, config, Some(tools)).await
    }

    /// An app with the tools its configuration enables, as `waybill serve` builds it.
    pub async fn configured(store: Store, config: Config) -> Self {
        Self::assemble(store, config, None).await
    }

    async fn assemble(store: Store, config: Config, tools: Option<Registry>) -> Self {
        let data_dir = std::env::temp_dir().join(format!("waybill-test-{}", uuid::Uuid::new_v4().simple()));
        let config = Config { data_dir, ..config };
        for (tenant, facilities) in [("t1", &["f1", "f2"][..]), ("t2", &["f3"][..])] {
            store.ensure_tenant(tenant, &format!("Tenant {tenant}")).await.unwrap();
            for f in facilities {
                store.ensure_facility(tenant, f, &format!("Facility {f}")).await.unwrap();
            }
        }
        let hash = password::hash(PASSWORD).unwrap();
        for (email, tenant, facilities) in
            [("alice@t1.test", "t1", &["f1", "f2"][..]), ("bob@t1.test", "t1", &["f1"][..]), ("carol@t2.test", "t2", &["f3"][..])]
        {
            let name = email.split('@').next().unwrap();
            let user = store.create_user(NewUser { email, password_hash: &hash, first_name: Some(name), user_name: name }).await.unwrap();
            store.grant(&user.id, tenant, facilities, false).await.unwrap();
        }
        let keys = TokenKeys::from_secret(SECRET, 900);
        let state = match tools {
            Some(tools) => AppState::with_tools(store, config, keys, tools).await,
            None => AppState::new(store, config, keys).await,
        }
        .expect("the app state builds");
        let router = app(state.clone());
        Self { state, router }
    }

    /// Another instance over the same database, signing with the same key (as several
    /// instances behind a load balancer share `WAYBILL_JWT_SECRET`).
    pub async fn another_instance(&self, config: Config) -> Self {
        let data_dir = std::env::temp_dir().join(format!("waybill-test-{}", uuid::Uuid::new_v4().simple()));
        let config = Config { data_dir, ..config };
        let state = AppState::new(self.state.store.clone(), config, TokenKeys::from_secret(SECRET, 900)).await.expect("the app state builds");
        let router = app(state.clone());
        Self { state, router }
    }

    /// Serves this app on a free local port, as `waybill serve` does; answers its base URL.
    pub async fn serve(&self) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let state = self.state.clone();
        tokio::spawn(async move { waybill_server::serve(listener, state, std::future::pending()).await });
        base
    }

    pub async fn login(&self, email: &str) -> Session {
        let res = self.call(Method::POST, "/api/auth/login", None, Some(serde_json::json!({"email": email, "password": PASSWORD}))).await;
        assert_eq!(res.status, StatusCode::OK, "login {email}: {}", res.text);
        let tenant = &res.body["tenants"][0];
        Session {
            access: res.body["accessToken"].as_str().unwrap().into(),
            refresh: res.body["refreshToken"].as_str().unwrap().into(),
            tenant: tenant["id"].as_str().unwrap().into(),
            facility: tenant["facilities"][0]["id"].as_str().unwrap().into(),
        }
    }

    /// A JSON call; `session` adds the bearer token, tenant, facility and timezone headers.
    pub async fn call(&self, method: Method, path: &str, session: Option<&Session>, body: Option<Value>) -> Response {
        self.send(json_request(method, path, session, body)).await
    }

    pub async fn send(&self, req: Request<Body>) -> Response {
        let res = self.router.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Response { status, headers, body, text }
    }
}

/// A JSON request; `session` adds the bearer token, tenant, facility and timezone headers.
pub fn json_request(method: Method, path: &str, session: Option<&Session>, body: Option<Value>) -> Request<Body> {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(s) = session {
        req = req
            .header(header::AUTHORIZATION, format!("Bearer {}", s.access))
            .header("x-tenant-id", &s.tenant)
            .header("x-facility-id", &s.facility)
            .header("x-timezone", "America/Los_Angeles");
    }
    match body {
        Some(body) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())).unwrap(),
        None => req.body(Body::empty()).unwrap(),
    }
}

/// A response's whole body as text.
pub async fn read_body(res: axum::response::Response) -> String {
    String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned()
}

pub fn user_message(id: &str, text: &str) -> Value {
    serde_json::json!({"id": id, "role": "user", "parts": [{"type": "text", "text": text}], "metadata": {"k": [1, 2]}})
}

/// Every error response has the one shape.
pub fn assert_error(res: &Response, status: StatusCode, code: &str) {
    assert_eq!(res.status, status, "{}", res.text);
    assert_eq!(res.body["code"], code, "{}", res.text);
    assert!(res.body["message"].as_str().is_some_and(|m| !m.is_empty()), "{}", res.text);
}

/// Chat-completions requests a fake model received, as JSON bodies.
pub type Seen = std::sync::Arc<std::sync::Mutex<Vec<Value>>>;

/// A local OpenAI-compatible server that records every chat-completions request and
/// streams `answer` back in the provider's own chunk format; answers its base URL.
pub async fn recording_model(seen: Seen, answer: &'static str) -> String {
    use axum::routing::post;
    let app = axum::Router::new().route(
        "/v1/chat/completions",
        post(move |body: axum::body::Bytes| {
            let seen = seen.clone();
            async move {
                seen.lock().unwrap().push(serde_json::from_slice(&body).unwrap());
                let chunk = |delta: Value, finish: Value| {
                    format!("data: {}\n\n", serde_json::json!({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}))
                };
                let body = [chunk(serde_json::json!({"role": "assistant", "content": answer}), Value::Null), chunk(serde_json::json!({}), serde_json::json!("stop")), "data: [DONE]\n\n".into()].concat();
                axum::response::Response::builder().header(header::CONTENT_TYPE, "text/event-stream").body(Body::from(body)).unwrap()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

/// A configuration offering the model at `base_url` as `local`.
pub fn with_local_model(base_url: String, config: Config) -> Config {
    let model = waybill_server::config::ExtraModel { id: "local".into(), name: "Local".into(), base_url, model: "m".into(), api_key: None };
    Config { models: vec![model], ..config }
}

/// A multipart upload body: the one `file` field.
pub const BOUNDARY: &str = "waybill-test-boundary-7MA4YWxkTrZu0gW";

pub fn multipart(name: &str, content_type: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body =
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: {content_type}\r\n\r\n").into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub fn upload_request(session: Option<&Session>, query: &str, body: Body) -> Request<Body> {
    let mut req = Request::builder()
        .method(Method::POST)
        .uri(format!("/api/file-app/v1/file/upload{query}"))
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"));
    if let Some(s) = session {
        req = req.header(header::AUTHORIZATION, format!("Bearer {}", s.access)).header("x-tenant-id", &s.tenant);
    }
    req.body(body).unwrap()
}

pub async fn upload(app: &TestApp, session: &Session, query: &str, name: &str, content_type: &str, bytes: &[u8]) -> Response {
    app.send(upload_request(Some(session), query, Body::from(multipart(name, content_type, bytes)))).await
}

/// The JSON chunks of an SSE body, and whether it ended with `[DONE]`.
pub fn chunks(text: &str) -> (Vec<Value>, bool) {
    let mut out = Vec::new();
    let mut done = false;
    for frame in text.split("\n\n").filter(|f| !f.trim().is_empty()) {
        let data = frame.strip_prefix("data: ").unwrap_or_else(|| panic!("every frame is a data line: {frame:?}"));
        if data == "[DONE]" {
            done = true;
        } else {
            assert!(!done, "nothing follows [DONE]");
            out.push(serde_json::from_str(data).unwrap_or_else(|e| panic!("{e}: {data}")));
        }
    }
    (out, done)
}

/// Tokens that must all be refused: expired, tampered, unsigned, signed with another key or
/// algorithm, and garbage — each made from a `valid` one.
pub fn forged_tokens(valid: &str) -> Vec<(&'static str, String)> {
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let parts: Vec<&str> = valid.split('.').collect();
    let mut claims: Value = serde_json::from_slice(&engine.decode(parts[1]).unwrap()).unwrap();
    let now = jiff::Timestamp::now().as_second();

    let tampered = {
        let mut c = claims.clone();
        c["grants"] = json!([{"t": "t2", "f": ["f3"], "a": true}, {"t": "t1", "f": ["f1", "f2"], "a": true}]);
        format!("{}.{}.{}", parts[0], engine.encode(c.to_string()), parts[2])
    };
    let none = format!("{}.{}.", engine.encode(r#"{"alg":"none","typ":"JWT"}"#), parts[1]);
    let wrong_key = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(b"some-other-secret-of-enough-length")).unwrap();
    let other_alg = jsonwebtoken::encode(&Header::new(Algorithm::HS512), &claims, &EncodingKey::from_secret(SECRET)).unwrap();
    claims["exp"] = json!(now - 3600);
    claims["iat"] = json!(now - 7200);
    let expired = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(SECRET)).unwrap();
    vec![("expired", expired), ("tampered", tampered), ("alg none", none), ("wrongly signed", wrong_key), ("HS512", other_alg), ("garbage", "not.a.jwt".into())]
}

/// The chat's stored messages (none for a new chat).
pub async fn stored(app: &TestApp, session: &Session, chat: &str) -> Vec<Value> {
    let res = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(session), None).await;
    if res.status == StatusCode::NOT_FOUND {
        return Vec::new();
    }
    res.body["messages"].as_array().cloned().unwrap_or_default()
}

/// Sends `text` to the offline model as the chat's next user message; answers the stream's chunks.
pub async fn ask(app: &TestApp, session: &Session, chat: &str, text: &str) -> Vec<Value> {
    let mut messages = stored(app, session, chat).await;
    messages.push(user_message(&format!("u{}", messages.len() + 1), text));
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(json!({"id": chat, "model": "waybill-offline", "messages": messages}))).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

/// The chunks of one type.
pub fn of_type<'a>(chunks: &'a [Value], kind: &str) -> Vec<&'a Value> {
    chunks.iter().filter(|c| c["type"] == kind).collect()
}

/// The answer's text, its deltas joined.
pub fn text_of(chunks: &[Value]) -> String {
    of_type(chunks, "text-delta").iter().map(|c| c["delta"].as_str().unwrap()).collect()
}

/// The stored chat with the last call of `tool` changed by `answer`, posted back as the
/// browser does once the user answered it.
pub async fn post_back(app: &TestApp, session: &Session, chat: &str, tool: &str, answer: impl FnOnce(&mut Value)) -> Vec<Value> {
    let mut messages = stored(app, session, chat).await;
    let last = messages.last_mut().unwrap();
    let part = last["parts"].as_array_mut().unwrap().iter_mut().rev().find(|p| p["type"] == format!("tool-{tool}")).expect("the call is stored");
    answer(part);
    let message_id = last["id"].clone();
    let body = json!({"id": chat, "model": "waybill-offline", "messages": messages, "trigger": "submit-message", "messageId": message_id});
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

/// The first option a selector's query answers.
pub async fn first_option(app: &TestApp, session: &Session, query: &str) -> Value {
    let res = app.call(Method::GET, &format!("/api/options/{query}"), Some(session), None).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["options"][0].clone()
}

/// Approves the last message's call of `tool` and continues the chat, as the card does.
pub async fn approve(app: &TestApp, session: &Session, chat: &str, tool: &str) -> Vec<Value> {
    let mut messages = stored(app, session, chat).await;
    let last = messages.last_mut().unwrap();
    let part = last["parts"].as_array_mut().unwrap().iter_mut().find(|p| p["type"] == format!("tool-{tool}")).expect("the call is stored");
    assert_eq!(part["state"], "approval-requested", "{part}");
    part["state"] = json!("approval-responded");
    part["approval"]["approved"] = json!(true);
    let message_id = last["id"].clone();
    let body = json!({"id": chat, "model": "waybill-offline", "messages": messages, "trigger": "submit-message", "messageId": message_id});
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

/// The input the stream gave `tool`.
pub fn input_of<'a>(chunks: &'a [Value], tool: &str) -> &'a Value {
    &chunks.iter().find(|c| c["type"] == "tool-input-available" && c["toolName"] == tool).unwrap_or_else(|| panic!("no {tool} call in {chunks:#?}"))["input"]
}

/// The stream's first tool output.
pub fn output_of(chunks: &[Value]) -> &Value {
    &chunks.iter().find(|c| c["type"] == "tool-output-available").unwrap_or_else(|| panic!("no output in {chunks:#?}"))["output"]
}
