//! `GET /app-api/im/ws`: the customer's socket (spec 002 §4 and §7). The page must be
//! this server's own (`Origin`); the first frame must authenticate with the messaging
//! access token within 10 seconds, else the socket closes with 4401. Then: heartbeats
//! echoed (a socket silent for 30 seconds is closed), and the session's messages (cmd 3),
//! notices (cmd 4) and close (cmd 2) as any instance publishes them.

use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use futures::{Sink, SinkExt, Stream, StreamExt};
use serde_json::json;
use waybill_liveagent::model::{Frame, SenderKind, cmd};
use waybill_liveagent::service::wire;
use waybill_liveagent::tokens::Holder;

use super::registry::{Kind, Outgoing};
use crate::AppState;
use crate::error::Error;

/// Where the socket is served.
pub const PATH: &str = "/app-api/im/ws";
/// How long the first frame may take.
pub const AUTH_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a socket may stay silent.
pub const SILENCE: Duration = Duration::from_secs(30);
/// Close code: no valid authentication.
pub const UNAUTHENTICATED: u16 = 4401;
/// Close code: the client fell silent.
pub const SILENT: u16 = 4408;
/// Close code: the client did not keep up.
const TOO_SLOW: u16 = 1008;

pub async fn customer_socket(
    State(state): State<AppState>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, Error> {
    if !crate::realtime::same_origin(&state, &headers) {
        return Err(Error::Forbidden("This page may not open a connection here"));
    }
    let upgrade = upgrade.map_err(|_| Error::BadRequest("Expected a WebSocket upgrade".into()))?;
    Ok(crate::realtime::limited(upgrade).on_upgrade(move |socket: WebSocket| async move {
        let (sink, stream) = socket.split();
        serve(state, sink, stream).await;
    }))
}

fn text(frame: &Frame) -> Message {
    Message::Text(Utf8Bytes::from(serde_json::to_string(frame).unwrap_or_default()))
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) }))
}

/// Waits for the authenticating frame: `{cmd: 0, data: {accessToken}}`.
async fn authenticate<R>(state: &AppState, stream: &mut R) -> Option<Holder>
where
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let first = tokio::time::timeout(AUTH_TIMEOUT, async {
        loop {
            match stream.next().await {
                Some(Ok(Message::Text(text))) => return Some(text),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                _ => return None,
            }
        }
    })
    .await
    .ok()
    .flatten()?;
    let frame: Frame = serde_json::from_str(first.as_str()).ok()?;
    let token = frame.data.get("accessToken").and_then(|t| t.as_str()).filter(|_| frame.cmd == cmd::AUTH)?;
    state.live.service.tokens.verify(token, waybill_store::now_ms()).await.ok().flatten()
}

/// What the agent and the service said in the customer's open session before this socket
/// was there: the notice and the first words at the claim (the client connects only once
/// its poll sees the claim), or whatever came while the socket was down. Messages (cmd 3)
/// and notices (cmd 4) as they were sent; the client keeps each once, by id.
async fn said_before(state: &AppState, holder: &Holder) -> Vec<Frame> {
    let store = &state.live.service.store;
    let Ok(Some(session)) = store.open_session_of(&holder.tenant_id, &holder.user_id).await else {
        return Vec::new();
    };
    let messages = match store.messages(&session).await {
        Ok(messages) => messages,
        Err(err) => {
            tracing::warn!(error = %err, "reading a live session's messages for a new socket failed");
            return Vec::new();
        }
    };
    messages
        .iter()
        .filter_map(|message| match message.sender_kind {
            SenderKind::Customer => None,
            SenderKind::Agent => Some(Frame { cmd: cmd::MESSAGE, data: wire(message) }),
            SenderKind::System => Some(Frame { cmd: cmd::GROUP, data: wire(message) }),
        })
        .collect()
}

/// The socket's life, over its two halves.
pub async fn serve<W, R>(state: AppState, mut sink: W, mut stream: R)
where
    W: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let Some(holder) = authenticate(&state, &mut stream).await else {
        let _ = sink.send(close(UNAUTHENTICATED, "authentication required")).await;
        return;
    };
    let (_registration, mut outgoing) = state.live.registry.add(&holder.tenant_id, &holder.user_id, Kind::Customer);
    if sink.send(text(&Frame { cmd: cmd::AUTH, data: json!({"userId": holder.user_id}) })).await.is_err() {
        return;
    }
    for frame in said_before(&state, &holder).await {
        if sink.send(text(&frame)).await.is_err() {
            return;
        }
    }
    let mut silent_until = tokio::time::Instant::now() + SILENCE;
    loop {
        tokio::select! {
            next = outgoing.recv() => match next {
                Some(Outgoing::Text(text)) => {
                    if sink.send(Message::Text(Utf8Bytes::from(text))).await.is_err() {
                        return;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    let _ = sink.send(close(code, reason)).await;
                    return;
                }
                Some(Outgoing::Queue) => {}
                None => {
                    let _ = sink.send(close(TOO_SLOW, "too slow to read")).await;
                    return;
                }
            },
            _ = tokio::time::sleep_until(silent_until) => {
                let _ = sink.send(close(SILENT, "no heartbeat")).await;
                return;
            }
            received = stream.next() => match received {
                Some(Ok(Message::Text(text))) => {
                    silent_until = tokio::time::Instant::now() + SILENCE;
                    if let Ok(frame) = serde_json::from_str::<Frame>(text.as_str())
                        && frame.cmd == cmd::HEARTBEAT
                        && sink.send(self::text(&frame)).await.is_err()
                    {
                        return;
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => silent_until = tokio::time::Instant::now() + SILENCE,
            },
        }
    }
}
