//! What the live-agent service speaks: a session's status, messages in the spec's wire
//! form, the socket frames, and the desk's views. The desk's and the chat's types are
//! exported to the web app (`web/src/generated/live_agent/`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The longest text message, in characters.
pub const MAX_TEXT_CHARS: usize = 4_000;
/// The longest resolution note, in characters.
pub const MAX_RESOLUTION_CHARS: usize = 2_000;
/// The longest name, email, title of a canned reply or facility id a caller may give.
pub const MAX_FIELD_CHARS: usize = 200;
/// The first characters of the customer's question a queue entry shows.
pub const PREVIEW_CHARS: usize = 160;

/// A session's state (docs/live-agent.md, "A session's status").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub enum SessionStatus {
    Queued,
    Active,
    Closed,
}

impl SessionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Active => "active",
            Self::Closed => "closed",
        }
    }

    pub fn parse(text: &str) -> Self {
        match text {
            "queued" => Self::Queued,
            "active" => Self::Active,
            _ => Self::Closed,
        }
    }
}

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub enum SenderKind {
    Customer,
    Agent,
    System,
}

impl SenderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Customer => "customer",
            Self::Agent => "agent",
            Self::System => "system",
        }
    }

    pub fn parse(text: &str) -> Self {
        match text {
            "customer" => Self::Customer,
            "agent" => Self::Agent,
            _ => Self::System,
        }
    }
}

/// A message's type: 0 text, 1 image (its content is the image's Waybill file link).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageType {
    Text,
    Image,
}

impl MessageType {
    /// The type a caller named; 2 (file) and anything else are refused.
    pub fn from_code(code: i64) -> Option<Self> {
        match code {
            0 => Some(Self::Text),
            1 => Some(Self::Image),
            _ => None,
        }
    }

    pub fn code(self) -> i64 {
        match self {
            Self::Text => 0,
            Self::Image => 1,
        }
    }
}

/// One session as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub tenant_id: String,
    pub id: String,
    pub group_id: String,
    pub customer_id: String,
    pub chat_id: Option<String>,
    pub facility_id: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub preview: String,
    pub status: SessionStatus,
    pub agent_id: Option<String>,
    pub created_ms: i64,
    pub queued_ms: i64,
    pub claimed_ms: Option<i64>,
    pub closed_ms: Option<i64>,
    pub resolution: Option<String>,
}

impl Session {
    /// The customer as the desk names them: their name, else their email.
    pub fn customer_name(&self) -> String {
        let name = format!("{} {}", self.first_name, self.last_name).trim().to_owned();
        if name.is_empty() { self.email.clone() } else { name }
    }

    /// The conversation's title (spec 002 §7).
    pub fn title(&self) -> String {
        format!("Conversation with {}", self.customer_name())
    }
}

/// A message of a session in the wire form of spec 002 §3, with who wrote it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub struct LiveMessage {
    pub id: String,
    /// The text, or an image's Waybill file link.
    pub content: String,
    /// The sender's user id, or `system`.
    pub sender: String,
    pub sender_kind: SenderKind,
    /// The sender's messaging user id.
    pub send_id: String,
    /// Milliseconds since the epoch.
    pub timestamp: i64,
    /// 0 text, 1 image (2, a file, is in the spec's wire form but never sent).
    #[serde(rename = "type")]
    #[ts(type = "0 | 1 | 2")]
    pub msg_type: i64,
    pub group_id: String,
    pub send_nick_name: String,
    pub user_avatar: String,
}

/// A frame of the customer's socket: `{cmd, data}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    pub cmd: u8,
    #[serde(default)]
    pub data: serde_json::Value,
}

/// The socket commands (docs/live-agent.md, "The customer WebSocket").
pub mod cmd {
    pub const AUTH: u8 = 0;
    pub const HEARTBEAT: u8 = 1;
    pub const CLOSE: u8 = 2;
    pub const MESSAGE: u8 = 3;
    pub const GROUP: u8 = 4;
}

/// Who is waiting, as the customer gave it when they asked for a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "live_agent/")]
pub struct DeskCustomer {
    pub name: String,
    pub email: String,
}

/// One waiting customer (oldest first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub struct QueueEntry {
    pub id: String,
    pub customer: DeskCustomer,
    pub facility_id: Option<String>,
    /// Seconds in the queue when the server answered.
    pub waiting_seconds: i64,
    /// The first words of the customer's question.
    pub preview: String,
}

/// A session as the desk lists and pushes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub struct DeskSession {
    pub id: String,
    pub status: SessionStatus,
    pub customer: DeskCustomer,
    pub facility_id: Option<String>,
    pub group_id: String,
    pub preview: String,
    /// RFC 3339.
    pub created_at: String,
    pub claimed_at: Option<String>,
    pub closed_at: Option<String>,
    pub resolution: Option<String>,
}

fn rfc3339(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms).map(|t| t.to_string()).unwrap_or_default()
}

impl From<&Session> for DeskSession {
    fn from(s: &Session) -> Self {
        DeskSession {
            id: s.id.clone(),
            status: s.status,
            customer: DeskCustomer { name: s.customer_name(), email: s.email.clone() },
            facility_id: s.facility_id.clone(),
            group_id: s.group_id.clone(),
            preview: s.preview.clone(),
            created_at: rfc3339(s.created_ms),
            claimed_at: s.claimed_ms.map(rfc3339),
            closed_at: s.closed_ms.map(rfc3339),
            resolution: s.resolution.clone(),
        }
    }
}

impl Session {
    pub fn queue_entry(&self, now_ms: i64) -> QueueEntry {
        QueueEntry {
            id: self.id.clone(),
            customer: DeskCustomer { name: self.customer_name(), email: self.email.clone() },
            facility_id: self.facility_id.clone(),
            waiting_seconds: (now_ms - self.queued_ms).max(0) / 1000,
            preview: self.preview.clone(),
        }
    }
}

/// An agent's availability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub enum DeskStatus {
    Online,
    Away,
}

impl DeskStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Online => "online",
            Self::Away => "away",
        }
    }
}

/// A reply an agent inserts and edits before sending; the tenant's agents share them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "live_agent/")]
pub struct CannedReply {
    pub id: String,
    pub title: String,
    pub text: String,
}

/// Today's figures for the tenant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub struct DeskStats {
    pub queue_length: i64,
    pub average_wait_seconds: i64,
    pub longest_wait_seconds: i64,
    pub active_sessions: i64,
    pub agents_online: i64,
}

/// What the desk socket pushes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema, TS)]
#[serde(tag = "type", rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub enum DeskEvent {
    Queue {
        queue: Vec<QueueEntry>,
    },
    #[serde(rename_all = "camelCase")]
    Message {
        session_id: String,
        message: LiveMessage,
    },
    Session {
        session: DeskSession,
    },
}
