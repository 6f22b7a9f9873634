//! `/api/chat` with configured providers, against a local fake server that speaks the
//! providers' wire formats: the menu follows the keys, an OpenAI-compatible model streams
//! through to the client and the store, and a rejected key reaches the client as an error
//! text that cannot be mistaken for the user's own session ending.

use crate::common;

use axum::Router;
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use common::{TestApp, user_message};
use serde_json::{Value, json};
use waybill_server::config::{Config, ExtraModel, ProvidersConfig, Secret};
use waybill_server::waybill_store::backend_tests;

const KEY: &str = "sk-test-abcdefghijklmnop";

async fn fake_provider() -> String {
    async fn responses() -> Response {
        let body = json!({"error": {"message": format!("Incorrect API key provided: {KEY}. You can find your API key in your account."), "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}});
        (StatusCode::UNAUTHORIZED, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response()
    }
    async fn completions() -> Response {
        let chunk = |delta: Value, finish: Value| {
            format!(
                "data: {}\n\n",
                json!({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "llama3", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
            )
        };
        let mut body = chunk(json!({"role": "assistant", "content": ""}), Value::Null);
        for token in ["Dock ", "4 ", "is ", "free."] {
            body.push_str(&chunk(json!({"content": token}), Value::Null));
        }
        body.push_str(&chunk(json!({}), json!("stop")));
        body.push_str("data: [DONE]\n\n");
        ([(header::CONTENT_TYPE, "text/event-stream")], body).into_response()
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    let app = Router::new().route("/v1/responses", post(responses)).route("/v1/chat/completions", post(completions));
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

async fn app_with_providers(store: waybill_server::waybill_store::Store) -> TestApp {
    let base = fake_provider().await;
    let config = Config {
        providers: ProvidersConfig {
            openai_api_key: Some(Secret::new(KEY)),
            openai_base_url: base.clone(),
            gemini_api_key: Some(Secret::new("AIza-test-key-0000")),
            ..ProvidersConfig::default()
        },
        models: vec![ExtraModel { id: "llama-local".into(), name: "Llama (local)".into(), base_url: base, model: "llama3".into(), api_key: None }],
        ..Config::default()
    };
    TestApp::configured(store, config).await
}

fn texts(sse: &str, kind: &str, field: &str) -> String {
    sse.split("\n\n")
        .filter_map(|f| f.strip_prefix("data: "))
        .filter_map(|d| serde_json::from_str::<Value>(d).ok())
        .filter(|c| c["type"] == kind)
        .map(|c| c[field].as_str().unwrap_or_default().to_owned())
        .collect()
}

backend_tests! {
    async fn the_menu_follows_the_configured_keys(store) {
        let app = app_with_providers(store).await;
        let alice = app.login("alice@t1.test").await;
        let keys = app.call(Method::GET, "/api/check-api-keys", Some(&alice), None).await;
        assert_eq!(keys.body, json!({"openai": true, "anthropic": false, "google": true, "deepseek": false}));
        let models = app.call(Method::GET, "/api/models", Some(&alice), None).await;
        let ids: Vec<&str> = models.body.as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["gpt-4.1", "gpt-5", "llama-local", "waybill-offline"], "Gemini is usable but left out of the menu");
        assert_eq!(app.state.models.default_id(), "gpt-4.1", "without an Anthropic key the first usable model is the default");
    }

    async fn an_openai_compatible_model_streams_to_the_client_and_the_store(store) {
        let app = app_with_providers(store).await;
        let alice = app.login("alice@t1.test").await;
        let body = json!({"id": "c-llama", "messages": [user_message("u1", "Which dock is free?")], "model": "llama-local"});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(body)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!(texts(&res.text, "text-delta", "delta"), "Dock 4 is free.");
        assert!(res.text.contains(r#""finishReason":"stop""#), "{}", res.text);
        let chat = app.call(Method::GET, "/api/chat-history/c-llama", Some(&alice), None).await;
        assert_eq!(chat.body["messages"][1]["parts"][1]["text"], "Dock 4 is free.");
        assert_eq!(chat.body["model"], "llama-local");
    }

    async fn a_rejected_provider_key_is_an_error_text_without_the_key_or_sign_out_words(store) {
        let app = app_with_providers(store).await;
        let alice = app.login("alice@t1.test").await;
        let body = json!({"id": "c-key", "messages": [user_message("u1", "hello")], "model": "gpt-4.1"});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(body)).await;
        assert_eq!(res.status, StatusCode::OK, "the stream starts; the failure is in it");
        let error = texts(&res.text, "error", "errorText");
        assert!(error.contains("OpenAI API key was rejected"), "{error}");
        assert!(!res.text.contains(KEY), "the key never reaches the client");
        // The client signs the user out when an error text says 401 or unauthorized (ids
        // elsewhere in the stream are random hex and may contain "401").
        assert!(!error.contains("401") && !error.to_lowercase().contains("unauthorized"), "{error}");
        let chat = app.call(Method::GET, "/api/chat-history/c-key", Some(&alice), None).await;
        assert_eq!(chat.body["messages"][0]["id"], "u1", "the user's message was stored before the model was called");
        let me = app.call(Method::GET, "/api/auth/me", Some(&alice), None).await;
        assert_eq!(me.status, StatusCode::OK, "the user's own session is untouched");
    }
}
