//! The live-agent events between instances (docs/live-agent.md, "Between instances"):
//! subjects and payloads. Each instance holds its own sockets; what must reach a socket
//! elsewhere is published here, and every instance hands what it hears to the sockets it
//! holds.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use waybill_tools::bus::EventBus;

use crate::model::{DeskSession, Frame, LiveMessage};

/// Every live-agent subject, as one instance subscribes to them.
pub const ALL: &str = "waybill.live.>";

/// A subject token: tenant and user ids cannot split or widen a subject.
fn token(s: &str) -> String {
    s.replace('.', "%2E").replace(['*', '>', ' '], "_")
}

pub fn session_subject(tenant_id: &str, session_id: &str) -> String {
    format!("waybill.live.{}.session.{}", token(tenant_id), token(session_id))
}

pub fn queue_subject(tenant_id: &str) -> String {
    format!("waybill.live.{}.queue", token(tenant_id))
}

pub fn agent_subject(tenant_id: &str, user_id: &str) -> String {
    format!("waybill.live.{}.agent.{}", token(tenant_id), token(user_id))
}

pub fn revoked_subject(user_id: &str) -> String {
    format!("waybill.live.user.{}.revoked", token(user_id))
}

/// What a session's subject carries: the customer's frame (cmd 2, 3 or 4), with whom it
/// is for — the session's customer, and the agent whose desk shows it — which the
/// receiving instance reads to pick sockets and leaves out of what it sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionEvent {
    pub tenant_id: String,
    pub session_id: String,
    pub customer_id: String,
    pub agent_id: Option<String>,
    pub frame: Frame,
    /// The message, for the desk (cmd 3 and 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<LiveMessage>,
}

/// What an agent's subject carries: a session of theirs was claimed or closed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentEvent {
    pub tenant_id: String,
    pub agent_id: String,
    pub session: DeskSession,
}

/// What the queue's subject carries: only that it changed; desks read it again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueEvent {
    pub tenant_id: String,
}

/// What a user's revocation subject carries: the tenant they lost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RevokedEvent {
    pub tenant_id: String,
    pub user_id: String,
}

/// A published notice; a bus that is down loses it, never the stored change.
pub async fn publish(bus: &dyn EventBus, subject: &str, payload: &impl Serialize) {
    let bytes = serde_json::to_vec(payload).unwrap_or_default();
    if let Err(err) = bus.publish(subject, bytes).await {
        tracing::warn!(error = %err, subject, "a live-agent event was not published");
    }
}

/// A frame as JSON text.
pub fn frame(cmd: u8, data: Value) -> Frame {
    Frame { cmd, data }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_cannot_widen_a_subject() {
        assert_eq!(session_subject("t1", "s.1"), "waybill.live.t1.session.s%2E1");
        assert_eq!(agent_subject("t*", "u>"), "waybill.live.t_.agent.u_");
        assert!(waybill_tools::bus::matches(ALL, &revoked_subject("u1")));
        assert!(waybill_tools::bus::matches(ALL, &queue_subject("t1")));
    }
}
