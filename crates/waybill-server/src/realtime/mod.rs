//! The one way Waybill serves WebSockets. Browsers cannot set headers on a WebSocket, so
//! the access token comes as a subprotocol (`bearer.<token>`, next to the protocol name)
//! and the tenant as a query parameter; the token and the tenant's grant are checked as
//! on every other route. A browser's `Origin` must be this server's own. Once open, the
//! server pings every [`HEARTBEAT`] and closes a socket that answers none for two, and
//! what is to be sent waits in a bounded queue: a client that does not read is closed
//! rather than allowed to grow the server's memory.

pub mod events;

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderValue, header};
use futures::{SinkExt, StreamExt};
use tokio::sync::mpsc;

use crate::AppState;
use crate::auth::{RequestContext, TENANT_HEADER};
use crate::error::Error;

/// How often the server pings; two missed pongs close the socket.
pub const HEARTBEAT: Duration = Duration::from_secs(20);
/// Messages waiting for a slow client before the socket is closed.
pub const SEND_BUFFER: usize = 64;
/// The prefix of the subprotocol that carries the access token.
const BEARER_PROTOCOL: &str = "bearer.";

/// How long one send may wait for a client that reads nothing before it is dropped.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// Close code 1008 (policy violation): the client did not keep up.
const TOO_SLOW: u16 = 1008;

/// The largest frame or message a client may send: its frames are small JSON (a token, a
/// heartbeat), so anything near this is refused rather than buffered.
pub const MAX_CLIENT_MESSAGE: usize = 64 * 1024;
/// What each socket reads into and gathers writes in. The library's defaults (128 KiB
/// each) would hold about a quarter of a megabyte per idle socket; these frames are small.
const SOCKET_BUFFER: usize = 4 * 1024;

/// Every socket's limits: small buffers (an idle socket costs kilobytes, not hundreds of
/// them) and a bound on what a client may send.
pub fn limited(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade.read_buffer_size(SOCKET_BUFFER).write_buffer_size(SOCKET_BUFFER).max_message_size(MAX_CLIENT_MESSAGE).max_frame_size(MAX_CLIENT_MESSAGE)
}

/// Checks a WebSocket request: its `Origin`, its token and the tenant's grant. Answers
/// who is asking.
pub async fn authorize(state: &AppState, headers: &HeaderMap, tenant_id: &str) -> Result<RequestContext, Error> {
    if !same_origin(state, headers) {
        return Err(Error::Forbidden("This page may not open a connection here"));
    }
    let token = headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .find_map(|p| p.strip_prefix(BEARER_PROTOCOL))
        .filter(|t| !t.is_empty())
        .ok_or(Error::Unauthorized("Authentication is required"))?;
    let mut checked = HeaderMap::new();
    checked.insert(header::AUTHORIZATION, HeaderValue::from_str(&format!("Bearer {token}")).map_err(|_| Error::Unauthorized("Invalid token"))?);
    checked.insert(TENANT_HEADER, HeaderValue::from_str(tenant_id).map_err(|_| Error::BadRequest("Invalid tenant".into()))?);
    crate::auth::authenticate(state, &checked, true).await
}

/// A browser's page must come from this server (its `Host`, or the configured public
/// address); clients that are not browsers send no `Origin`.
pub(crate) fn same_origin(state: &AppState, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else { return true };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let authority = origin.split_once("://").map(|(_, rest)| rest).unwrap_or_default();
    let public = state.config.files.public_url.as_deref().map(|u| u.trim_end_matches('/'));
    (!host.is_empty() && authority.eq_ignore_ascii_case(host)) || public.is_some_and(|p| p.eq_ignore_ascii_case(origin))
}

/// What is for one socket, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Push {
    /// Send this text.
    Text(String),
    /// Close with this code and reason.
    Close(u16, &'static str),
}

/// Close code: the account was suspended in or removed from the tenant (as on the
/// live-agent sockets).
pub const REVOKED: u16 = 4403;
/// Close code 1012 (service restart): the server can no longer tell this socket what it
/// must hear; the client connects again.
pub const RECONNECT: u16 = 1012;

/// Sends what `outgoing` yields to the socket, pinging it, until either side ends.
pub async fn pump(socket: WebSocket, mut outgoing: mpsc::Receiver<Push>) {
    let (mut sink, mut incoming) = socket.split();
    // A client that stops reading fills its TCP window and a send waits: not for long.
    let mut send = async move |message: Message| matches!(tokio::time::timeout(WRITE_TIMEOUT, sink.send(message)).await, Ok(Ok(())));
    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    heartbeat.tick().await;
    let mut unanswered = 0u32;
    loop {
        tokio::select! {
            message = outgoing.recv() => match message {
                Some(Push::Text(text)) => {
                    if !send(Message::Text(Utf8Bytes::from(text))).await {
                        return;
                    }
                }
                Some(Push::Close(code, reason)) => {
                    send(Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) }))).await;
                    return;
                }
                None => {
                    // The sender gave up on this client: it fell too far behind.
                    let close = CloseFrame { code: TOO_SLOW, reason: Utf8Bytes::from_static("too slow to read") };
                    send(Message::Close(Some(close))).await;
                    return;
                }
            },
            _ = heartbeat.tick() => {
                if unanswered >= 2 || !send(Message::Ping(Default::default())).await {
                    return;
                }
                unanswered += 1;
            }
            received = incoming.next() => match received {
                Some(Ok(Message::Pong(_))) => unanswered = 0,
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

/// A bounded queue towards one socket: `send` fails (and the socket is closed by
/// [`pump`]) once the client has left `SEND_BUFFER` messages unread.
pub fn send_queue() -> (mpsc::Sender<Push>, mpsc::Receiver<Push>) {
    mpsc::channel(SEND_BUFFER)
}
