//! What a model provider is sent: a history always within the budget, whatever the size
//! and position of its messages, and attachments only as data — never a link the
//! provider would fetch itself.

use crate::common;

use std::io::Cursor;

use axum::Router;
use axum::http::{Method, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use base64::Engine;
use common::{Seen, TestApp, recording_model, user_message, with_local_model};
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;

const BUDGET: usize = 20_000;

fn png() -> Vec<u8> {
    let image = image::RgbImage::from_fn(8, 8, |x, y| image::Rgb([x as u8 * 30, y as u8 * 30, 90]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image).write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

async fn app(store: waybill_server::waybill_store::Store, seen: &Seen, allow_local_fetches: bool) -> TestApp {
    let base = recording_model(seen.clone(), "Noted.").await;
    let mut config = with_local_model(base, Config::default());
    config.agent.history_budget_chars = BUDGET;
    if allow_local_fetches {
        config.outbound.allow_hosts = vec!["127.0.0.1".into()];
    }
    // The test's fake model is on 127.0.0.1 too, but model calls do not go through the
    // guarded client: only fetches that users and models steer do.
    TestApp::configured(store, config).await
}

/// The characters of the messages a provider request carried.
fn sent_chars(request: &Value) -> usize {
    request["messages"].to_string().chars().count()
}

/// A site serving a picture, a page that claims to be one, and a text file.
async fn picture_site() -> String {
    let app = Router::new()
        .route("/dock.png", get(|| async { ([(header::CONTENT_TYPE, "image/png")], png()).into_response() }))
        .route("/fake.png", get(|| async { ([(header::CONTENT_TYPE, "image/png")], "<html>not a picture</html>").into_response() }))
        .route("/notes.txt", get(|| async { "bay 4 is closed" }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

backend_tests! {
    async fn a_huge_last_assistant_message_is_cut_to_the_budget(store) {
        let seen = Seen::default();
        let app = app(store, &seen, false).await;
        let alice = app.login("alice@t1.test").await;
        let huge = json!({"id": "a1", "role": "assistant", "parts": [
            {"type": "step-start"},
            {"type": "tool-yardTool", "toolCallId": "c1", "state": "output-available", "input": {"q": "all"}, "output": {"rows": "r".repeat(1_400_000)}},
            {"type": "text", "text": "t".repeat(200_000)}
        ]});
        let body = json!({"id": "c-huge", "model": "local", "messages": [user_message("u1", "list the yard"), huge]});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(body)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", &res.text[..res.text.len().min(300)]);
        let request = seen.lock().unwrap()[0].clone();
        assert!(sent_chars(&request) < BUDGET + 2_000, "sent {} characters", sent_chars(&request));
        let text = request["messages"].to_string();
        assert!(text.contains("list the yard"), "the user message is kept");
        assert!(text.contains("characters left out"), "the cut is marked");
    }

    async fn a_one_megabyte_user_message_is_cut_with_a_note(store) {
        let seen = Seen::default();
        let app = app(store, &seen, false).await;
        let alice = app.login("alice@t1.test").await;
        let older: Vec<Value> = (0..50).flat_map(|i| [user_message(&format!("u{i}"), &format!("question {i}")), json!({"id": format!("a{i}"), "role": "assistant", "parts": [{"type": "text", "text": "ok"}]})]).collect();
        let mut messages = older;
        messages.push(user_message("big", &format!("START{}END", "x".repeat(1_000_000))));
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-mb", "model": "local", "messages": messages}))).await;
        assert_eq!(res.status, StatusCode::OK);
        let request = seen.lock().unwrap()[0].clone();
        assert!(sent_chars(&request) < BUDGET + 2_000, "sent {} characters", sent_chars(&request));
        let user_turns: Vec<&Value> = request["messages"].as_array().unwrap().iter().filter(|m| m["role"] == "user").collect();
        assert_eq!(user_turns.len(), 1, "older turns did not fit beside it");
        let text = user_turns[0]["content"].to_string();
        assert!(text.contains("START") && !text.contains("END") && text.contains("characters left out"));
        let stored = app.call(Method::GET, "/api/chat-history/c-mb", Some(&alice), None).await;
        assert!(stored.body["messages"][100]["parts"][0]["text"].as_str().unwrap().ends_with("END"), "the stored message is whole");
    }

    async fn links_are_fetched_here_and_sent_as_data_never_as_links(store) {
        let seen = Seen::default();
        let app = app(store, &seen, true).await;
        let alice = app.login("alice@t1.test").await;
        let site = picture_site().await;
        let data_url = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png()));
        let parts = json!([
            {"type": "text", "text": "what is in these?"},
            {"type": "file", "url": format!("{site}/dock.png"), "mediaType": "image/png", "filename": "dock.png"},
            {"type": "file", "url": format!("{site}/fake.png"), "mediaType": "image/png", "filename": "fake.png"},
            {"type": "file", "url": format!("{site}/notes.txt"), "mediaType": "text/plain", "filename": "notes.txt"},
            {"type": "file", "url": format!("{site}/missing.pdf"), "mediaType": "application/pdf", "filename": "missing.pdf"},
            {"type": "file", "url": data_url, "mediaType": "image/png", "filename": "inline.png"},
            {"type": "file", "url": "file:///etc/passwd", "mediaType": "text/plain", "filename": "passwd"},
            {"type": "file", "url": "/api/file-app/v1/file/view/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/gone.png", "mediaType": "image/png", "filename": "gone.png"}
        ]);
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-links", "model": "local", "messages": [{"id": "u1", "role": "user", "parts": parts}]}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let request = seen.lock().unwrap()[0].clone();
        let text = request["messages"].to_string();
        assert!(!text.contains(&site), "no link to the site reached the provider: {}", &text[..text.len().min(600)]);
        assert!(!text.contains("file:///") && !text.contains("/api/file-app"), "no other link either");
        let fetched = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png()));
        let images = text.matches(&fetched).count();
        assert_eq!(images, 2, "the fetched picture and the data URL went as data");
        assert!(text.contains("fake.png could not be fetched: it is not an image"));
        assert!(text.contains("bay 4 is closed"), "the text file went as text");
        assert!(text.contains("missing.pdf could not be fetched: the server answered 404"));
        assert!(text.contains("passwd was not sent"));
        assert!(text.contains("gone.png is no longer available"));
    }

    async fn private_addresses_are_refused_unless_allowed(store) {
        let seen = Seen::default();
        let app = app(store, &seen, false).await;
        let alice = app.login("alice@t1.test").await;
        let site = picture_site().await;
        let parts = json!([
            {"type": "text", "text": "look"},
            {"type": "file", "url": format!("{site}/dock.png"), "mediaType": "image/png", "filename": "dock.png"},
            {"type": "file", "url": "http://169.254.169.254/latest/meta-data/iam", "mediaType": "text/plain", "filename": "meta"}
        ]);
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-ssrf", "model": "local", "messages": [{"id": "u1", "role": "user", "parts": parts}]}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let text = seen.lock().unwrap()[0]["messages"].to_string();
        assert!(text.contains("dock.png could not be fetched: Refused"), "{text}");
        assert!(text.contains("meta could not be fetched: Refused"), "{text}");
        assert!(!text.contains("169.254.169.254/latest") && !text.contains(&site));
    }
}
