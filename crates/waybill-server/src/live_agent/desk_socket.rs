//! `GET /api/desk/ws?tenant=…`: an agent's desk socket, with the bearer subprotocol like
//! `/api/events/ws`. It pushes the queue whenever it changes, the messages of the
//! agent's sessions, and their sessions when claimed or closed. When an agent's last
//! socket closes and none comes back within `agent_grace_seconds`, their conversations go
//! back to the queue or end (`agent_gone`).

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures::{SinkExt, StreamExt};
use serde::Deserialize;
use waybill_liveagent::model::DeskEvent;

use super::registry::{Kind, Outgoing};
use crate::AppState;
use crate::error::{Error, Result};
use crate::realtime::{HEARTBEAT, WRITE_TIMEOUT};

/// The subprotocol a desk names next to its `bearer.<token>`.
pub const PROTOCOL: &str = "waybill.desk.v1";

#[derive(Debug, Deserialize)]
pub struct DeskQuery {
    tenant: String,
}

pub async fn desk_socket(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: std::result::Result<Query<DeskQuery>, axum::extract::rejection::QueryRejection>,
    upgrade: std::result::Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response> {
    let Query(query) = query.map_err(|_| Error::BadRequest("The tenant query parameter is required".into()))?;
    let ctx = crate::realtime::authorize(&state, &headers, &query.tenant).await?;
    if !ctx.is_agent {
        return Err(Error::Forbidden("Only the tenant's agents can use the desk"));
    }
    let upgrade = upgrade.map_err(|_| Error::BadRequest("Expected a WebSocket upgrade".into()))?;
    // Registered before the upgrade, so nothing that happens meanwhile is missed.
    let (registration, mut outgoing) = state.live.registry.add(&ctx.tenant_id, &ctx.user_id, Kind::Desk);
    let live = state.live.clone();
    let response = crate::realtime::limited(upgrade).protocols([PROTOCOL]).on_upgrade(move |socket| async move {
        if let Err(err) = live.service.store.agent_connected(&ctx.tenant_id, &ctx.user_id, waybill_store::now_ms()).await {
            tracing::warn!(error = %err, "recording an agent's desk socket failed");
        }
        let (mut sink, mut incoming) = socket.split();
        let mut send = async move |message: Message| matches!(tokio::time::timeout(WRITE_TIMEOUT, sink.send(message)).await, Ok(Ok(())));
        let queue = |state: AppState, tenant: String| async move {
            let queue = super::desk::queue_of(&state, &tenant).await.unwrap_or_default();
            serde_json::to_string(&DeskEvent::Queue { queue }).unwrap_or_default()
        };
        let mut heartbeat = tokio::time::interval(HEARTBEAT);
        heartbeat.tick().await;
        let mut unanswered = 0u32;
        let mut open = send(Message::Text(Utf8Bytes::from(queue(state.clone(), ctx.tenant_id.clone()).await))).await;
        while open {
            tokio::select! {
                next = outgoing.recv() => match next {
                    Some(Outgoing::Text(text)) => open = send(Message::Text(Utf8Bytes::from(text))).await,
                    Some(Outgoing::Queue) => open = send(Message::Text(Utf8Bytes::from(queue(state.clone(), ctx.tenant_id.clone()).await))).await,
                    Some(Outgoing::Close(code, reason)) => {
                        send(Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) }))).await;
                        open = false;
                    }
                    None => {
                        send(Message::Close(Some(CloseFrame { code: 1008, reason: Utf8Bytes::from_static("too slow to read") }))).await;
                        open = false;
                    }
                },
                _ = heartbeat.tick() => {
                    open = unanswered < 2 && send(Message::Ping(Default::default())).await;
                    unanswered += 1;
                }
                received = incoming.next() => match received {
                    Some(Ok(Message::Pong(_))) => unanswered = 0,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => open = false,
                    Some(Ok(_)) => {}
                },
            }
        }
        drop(registration);
        left(live, ctx.tenant_id, ctx.user_id).await;
    });
    Ok(response.into_response())
}

/// The agent's socket closed: if it was their last, their conversations wait the grace
/// period for them to come back (on any instance), then `agent_gone` applies.
async fn left(live: std::sync::Arc<super::Live>, tenant: String, user: String) {
    let last = match live.service.store.agent_disconnected(&tenant, &user, waybill_store::now_ms()).await {
        Ok(last) => last,
        Err(err) => {
            tracing::warn!(error = %err, "recording an agent's departure failed");
            return;
        }
    };
    if !last {
        return;
    }
    tokio::spawn(async move {
        tokio::time::sleep(live.service.settings.agent_grace).await;
        match live.service.agent_gone(&tenant, &user).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(tenant = %tenant, agent = %user, sessions = n, "an agent left; their conversations were handed on"),
            Err(err) => tracing::warn!(error = %err, "handing on a departed agent's conversations failed"),
        }
    });
}
