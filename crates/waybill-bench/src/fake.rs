//! A fake OpenAI-compatible server: every `POST /v1/chat/completions` streams a reply of
//! [`TOKENS`] tokens in the Chat Completions wire format, with a fixed pause between
//! tokens, then usage and `[DONE]`.

use std::convert::Infallible;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::Response;
use axum::routing::post;
use futures::StreamExt;

pub const TOKENS: usize = 200;

/// Starts a fake server on a free loopback port; answers its base URL (`…/v1`).
pub async fn start(pause: Duration) -> anyhow::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}/v1", listener.local_addr()?);
    let app = Router::new().route("/v1/chat/completions", post(move || completions(pause)));
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(base)
}

fn frame(delta: &str, finish: Option<&str>) -> Bytes {
    let chunk = serde_json::json!({
        "id": "chatcmpl-bench",
        "object": "chat.completion.chunk",
        "created": 1_700_000_000,
        "model": "bench",
        "choices": [{"index": 0, "delta": {"content": delta}, "finish_reason": finish}],
    });
    Bytes::from(format!("data: {chunk}\n\n"))
}

async fn completions(pause: Duration) -> Response {
    let head = Bytes::from(
        "data: {\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,\"model\":\"bench\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n",
    );
    let tokens = futures::stream::iter(0..TOKENS).then(move |i| async move {
        if i > 0 && !pause.is_zero() {
            tokio::time::sleep(pause).await;
        }
        frame(&format!("tok{i} "), None)
    });
    let tail = futures::stream::iter([
        frame("", Some("stop")),
        Bytes::from(format!(
            "data: {{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,\"model\":\"bench\",\"choices\":[],\"usage\":{{\"prompt_tokens\":20,\"completion_tokens\":{TOKENS},\"total_tokens\":{}}}}}\n\n",
            TOKENS + 20
        )),
        Bytes::from_static(b"data: [DONE]\n\n"),
    ]);
    let body = futures::stream::once(async move { head }).chain(tokens).chain(tail).map(Ok::<_, Infallible>);
    Response::builder()
        .header(header::CONTENT_TYPE, "text/event-stream")
        .header(header::CACHE_CONTROL, "no-cache")
        .body(Body::from_stream(body))
        .expect("a valid response")
}
