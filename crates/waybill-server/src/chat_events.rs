//! Changes to a user's chat list (a chat created, renamed, answered, deleted), published
//! on the event bus so every tab the user has open — on whichever instance — updates its
//! list (`GET /api/events/ws`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::AppState;

/// One change to the signed-in user's chat list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum ChatEvent {
    /// A new chat was stored.
    Created {
        chat_id: String,
    },
    /// Its title, messages or model changed.
    Updated {
        chat_id: String,
    },
    Deleted {
        chat_id: String,
    },
    /// Every chat of the user in the tenant was deleted.
    Cleared,
}

/// The subject of a user's chat-list events in a tenant.
pub fn subject(tenant_id: &str, user_id: &str) -> String {
    let token = |s: &str| s.replace('.', "%2E").replace(['*', '>', ' '], "_");
    format!("waybill.users.{}.{}.chats", token(tenant_id), token(user_id))
}

/// Tells the user's other tabs; a bus that is down loses the notice, never the change.
pub async fn publish(state: &AppState, tenant_id: &str, user_id: &str, event: ChatEvent) {
    let payload = serde_json::to_vec(&event).unwrap_or_default();
    if let Err(err) = state.events.publish(&subject(tenant_id, user_id), payload).await {
        tracing::debug!(error = %err, "a chat-list event was not published");
    }
}
