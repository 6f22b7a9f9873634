//! `GET /api/events/ws?tenant=…`: the signed-in user's chat-list changes, pushed as they
//! happen (JSON [`crate::chat_events::ChatEvent`] text messages), so two tabs — or two
//! instances — stay in step.

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use serde::Deserialize;
use tokio::sync::mpsc::error::TrySendError;

use crate::AppState;
use crate::chat_events;
use crate::error::{Error, Result};

/// The subprotocol a client names next to its `bearer.<token>`.
pub const PROTOCOL: &str = "waybill.events.v1";

#[derive(Debug, Deserialize)]
pub struct EventsQuery {
    tenant: String,
}

pub async fn chat_events(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: std::result::Result<Query<EventsQuery>, axum::extract::rejection::QueryRejection>,
    upgrade: std::result::Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response> {
    let Query(query) = query.map_err(|_| Error::BadRequest("The tenant query parameter is required".into()))?;
    let ctx = super::authorize(&state, &headers, &query.tenant).await?;
    let upgrade = upgrade.map_err(|_| Error::BadRequest("Expected a WebSocket upgrade".into()))?;
    // Listening before the upgrade, so nothing that happens meanwhile is missed.
    let mut changes = state.events.subscribe(&chat_events::subject(&ctx.tenant_id, &ctx.user_id)).await.map_err(|e| Error::Unavailable(e.into()))?;
    let (tx, rx) = super::send_queue();
    let response = super::limited(upgrade).protocols([PROTOCOL]).on_upgrade(move |socket| async move {
        let forward = async move {
            while let Some(message) = changes.next().await {
                let Ok(text) = String::from_utf8(message.payload) else { continue };
                match tx.try_send(text) {
                    Ok(()) => {}
                    // Closing the queue tells the pump to close the socket.
                    Err(TrySendError::Full(_) | TrySendError::Closed(_)) => return,
                }
            }
        };
        let forwarding = tokio::spawn(forward);
        super::pump(socket, rx).await;
        forwarding.abort();
    });
    Ok(response.into_response())
}
