//! `GET /api/events/ws?tenant=…`: the signed-in user's chat-list changes, pushed as they
//! happen (JSON [`crate::chat_events::ChatEvent`] text messages), so two tabs — or two
//! instances — stay in step. A member suspended in or removed from the tenant is
//! disconnected (close code 4403) by whichever instance holds the socket, as the
//! live-agent sockets are: the notice travels on the event bus.

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use serde::Deserialize;
use tokio::sync::mpsc::error::TrySendError;
use waybill_liveagent::events::{self as live_events, RevokedEvent};

use super::{Push, RECONNECT, REVOKED};
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
    // Listening before the upgrade, so nothing that happens meanwhile is missed: the
    // user's changes, and the notice, from whichever instance, that the user was
    // suspended in or removed from a tenant.
    let unavailable = |e: waybill_tools::bus::BusError| Error::Unavailable(e.into());
    let mut changes = state.events.subscribe(&chat_events::subject(&ctx.tenant_id, &ctx.user_id)).await.map_err(unavailable)?;
    let mut revocations = state.events.subscribe(&live_events::revoked_subject(&ctx.user_id)).await.map_err(unavailable)?;
    // Suspended or removed between the check and the subscriptions: refused all the same.
    super::authorize(&state, &headers, &query.tenant).await?;
    let (tx, rx) = super::send_queue();
    let response = super::limited(upgrade).protocols([PROTOCOL]).on_upgrade(move |socket| async move {
        let forward = async move {
            let close = loop {
                tokio::select! {
                    message = changes.next() => {
                        let Some(message) = message else { break Push::Close(RECONNECT, "try again") };
                        let Ok(text) = String::from_utf8(message.payload) else { continue };
                        match tx.try_send(Push::Text(text)) {
                            Ok(()) => {}
                            // Closing the queue tells the pump to close the socket.
                            Err(TrySendError::Full(_) | TrySendError::Closed(_)) => return,
                        }
                    }
                    notice = revocations.next() => {
                        let Some(notice) = notice else { break Push::Close(RECONNECT, "try again") };
                        let revoked = serde_json::from_slice::<RevokedEvent>(&notice.payload)
                            .is_ok_and(|e| e.tenant_id == ctx.tenant_id && e.user_id == ctx.user_id);
                        if revoked {
                            break Push::Close(REVOKED, "access revoked");
                        }
                    }
                }
            };
            // Waits for room: the close must not be lost behind a full queue.
            let _ = tx.send(close).await;
        };
        let forwarding = tokio::spawn(forward);
        super::pump(socket, rx).await;
        forwarding.abort();
    });
    Ok(response.into_response())
}
