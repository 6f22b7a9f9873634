//! The live-agent service: hand-over sessions from creation to close, the queue, the
//! messages both ways with their checks, and the agent who leaves. Every method is
//! scoped by tenant; every change is stored first, then announced on the event bus.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use waybill_files::FileService;
use waybill_store::Store;
use waybill_tools::bus::EventBus;

use crate::LiveError;
use crate::events::{self, AgentEvent, QueueEvent, RevokedEvent, SessionEvent};
use crate::model::{
    DeskSession, LiveMessage, MAX_FIELD_CHARS, MAX_RESOLUTION_CHARS, MAX_TEXT_CHARS, MessageType, PREVIEW_CHARS, SenderKind, Session, SessionStatus, cmd,
};
use crate::store::{LiveStore, NewMessage, NewSession};
use crate::tokens::Tokens;

/// What happens to an agent's conversations when they leave for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentGone {
    /// Back in the queue, in the place the customer's first request gave them.
    Requeue,
    Close,
}

/// The service's settings (the server's `[live_agent]` section).
#[derive(Debug, Clone)]
pub struct Settings {
    pub agent_gone: AgentGone,
    pub agent_grace: Duration,
    pub messages_per_minute: u32,
    pub token_minutes: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Self { agent_gone: AgentGone::Requeue, agent_grace: Duration::from_secs(30), messages_per_minute: 60, token_minutes: 30 }
    }
}

/// The system notice when an agent takes a conversation.
pub const AGENT_JOINED: &str = "An agent joined";
/// The system notice when an agent left and the conversation waits for another.
pub const AGENT_LEFT_REQUEUED: &str = "The agent was disconnected. You are back in the queue for the next available agent.";
/// The system notice when an agent left and the conversation ended.
pub const AGENT_LEFT_CLOSED: &str = "The agent was disconnected and the conversation has ended.";
/// The resolution recorded when the customer ends the conversation.
pub const CLOSED_BY_CUSTOMER: &str = "Closed by the customer";
/// The resolution recorded when the agent left for good.
pub const CLOSED_AGENT_GONE: &str = "The agent left the conversation";

/// Where a queued session stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub session: Session,
    /// 1 is next; 0 once claimed or closed.
    pub position: i64,
    /// Seconds in the queue.
    pub wait_seconds: i64,
    pub agent_available: bool,
}

/// A customer's request for a person.
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub chat_id: Option<String>,
    pub facility_id: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// The customer's question, for the queue.
    pub preview: String,
}

/// Who writes a message.
pub struct Writer<'a> {
    pub kind: SenderKind,
    pub user_id: &'a str,
    pub name: &'a str,
}

#[derive(Clone)]
pub struct LiveAgents {
    pub store: LiveStore,
    pub tokens: Tokens,
    files: Arc<FileService>,
    bus: Arc<dyn EventBus>,
    pub settings: Settings,
}

fn now_ms() -> i64 {
    waybill_store::now_ms()
}

/// At most `max` characters, and no NUL (which PostgreSQL cannot store).
fn bounded(text: &str, max: usize, what: &str) -> Result<(), LiveError> {
    if text.contains('\0') {
        return Err(LiveError::Invalid(format!("{what} must not contain NUL characters")));
    }
    if text.chars().count() > max { Err(LiveError::Invalid(format!("{what} must be at most {max} characters"))) } else { Ok(()) }
}

/// Whether `id` could name a session, a group or a reply: anything else is not found
/// without asking the database.
pub fn plausible_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_FIELD_CHARS && !id.contains('\0')
}

impl LiveAgents {
    pub fn new(store: Store, files: Arc<FileService>, bus: Arc<dyn EventBus>, settings: Settings) -> Self {
        let tokens = Tokens::new(store.clone(), settings.token_minutes);
        Self { store: LiveStore::new(store), tokens, files, bus, settings }
    }

    pub fn bus(&self) -> &dyn EventBus {
        self.bus.as_ref()
    }

    /// Creates the customer's session, or answers the one still queued or active.
    pub async fn create_or_resume(&self, tenant_id: &str, customer_id: &str, request: Request) -> Result<Standing, LiveError> {
        for (value, what) in [(&request.first_name, "firstName"), (&request.last_name, "lastName"), (&request.email, "email")] {
            bounded(value, MAX_FIELD_CHARS, what)?;
        }
        for (value, what) in [(&request.chat_id, "chatId"), (&request.facility_id, "facilityId")] {
            bounded(value.as_deref().unwrap_or_default(), MAX_FIELD_CHARS, what)?;
        }
        let preview: String = request.preview.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(PREVIEW_CHARS).collect();
        let new = NewSession {
            tenant_id,
            customer_id,
            chat_id: request.chat_id.as_deref().filter(|c| !c.trim().is_empty()),
            facility_id: request.facility_id.as_deref().filter(|f| !f.trim().is_empty()),
            first_name: request.first_name.trim(),
            last_name: request.last_name.trim(),
            email: request.email.trim(),
            preview: &preview,
        };
        let (session, created) = self.store.create_or_resume(new, now_ms()).await?;
        if created {
            self.queue_changed(tenant_id).await;
        }
        self.standing(session).await
    }

    /// The customer's open (queued or active) session if it was handed over from
    /// `chat_id`: what a chat page that loads again resumes. Nothing is created.
    pub async fn open_session_of_chat(&self, tenant_id: &str, customer_id: &str, chat_id: &str) -> Result<Option<Standing>, LiveError> {
        if !plausible_id(chat_id) {
            return Ok(None);
        }
        match self.store.open_session_of(tenant_id, customer_id).await? {
            Some(session) if session.chat_id.as_deref() == Some(chat_id) => Ok(Some(self.standing(session).await?)),
            _ => Ok(None),
        }
    }

    /// Where the session stands now, read from the database.
    pub async fn standing(&self, session: Session) -> Result<Standing, LiveError> {
        let now = now_ms();
        let (position, wait_seconds) = match session.status {
            SessionStatus::Queued => (self.store.position(&session).await?, (now - session.queued_ms).max(0) / 1000),
            _ => (0, session.claimed_ms.unwrap_or(now).saturating_sub(session.queued_ms).max(0) / 1000),
        };
        let agent_available = session.status == SessionStatus::Active;
        Ok(Standing { session, position, wait_seconds, agent_available })
    }

    /// The customer's own session; another's, or another tenant's, is not found.
    pub async fn customer_session(&self, tenant_id: &str, customer_id: &str, session_id: &str) -> Result<Session, LiveError> {
        if !plausible_id(session_id) {
            return Err(LiveError::NotFound);
        }
        match self.store.session(tenant_id, session_id).await? {
            Some(session) if session.customer_id == customer_id => Ok(session),
            _ => Err(LiveError::NotFound),
        }
    }

    /// A session of the tenant, for its agents.
    pub async fn tenant_session(&self, tenant_id: &str, session_id: &str) -> Result<Session, LiveError> {
        if !plausible_id(session_id) {
            return Err(LiveError::NotFound);
        }
        self.store.session(tenant_id, session_id).await?.ok_or(LiveError::NotFound)
    }

    /// Checks a message's type and content: text up to 4,000 characters, or an image
    /// that is a Waybill file of the tenant.
    pub async fn check_content(&self, tenant_id: &str, msg_type: i64, content: &str) -> Result<MessageType, LiveError> {
        let Some(kind) = MessageType::from_code(msg_type) else {
            return Err(LiveError::Invalid("type must be 0 (text) or 1 (image)".into()));
        };
        match kind {
            MessageType::Text => {
                if content.trim().is_empty() {
                    return Err(LiveError::Invalid("content must not be blank".into()));
                }
                bounded(content, MAX_TEXT_CHARS, "content")?;
            }
            MessageType::Image => {
                bounded(content, MAX_TEXT_CHARS, "content")?;
                let file = match self.files.token_in(content.trim()) {
                    Some(token) if content.len() <= 2_000 => self.store.store().file_by_view_token(token).await?,
                    _ => None,
                };
                if !file.is_some_and(|f| f.tenant_id == tenant_id && f.media_type.starts_with("image/")) {
                    return Err(LiveError::Invalid("An image message's content must be the link of an image uploaded to Waybill".into()));
                }
            }
        }
        Ok(kind)
    }

    /// The customer writes to their session: it must be active, and the customer under
    /// `messages_per_minute`.
    pub async fn customer_send(&self, session: &Session, writer: Writer<'_>, msg_type: i64, content: &str) -> Result<LiveMessage, LiveError> {
        let kind = self.check_content(&session.tenant_id, msg_type, content).await?;
        if session.status != SessionStatus::Active {
            return Err(LiveError::Conflict(format!("Cannot send message while in state: {}", session.status.as_str())));
        }
        let limit = Some(i64::from(self.settings.messages_per_minute)).filter(|l| *l > 0);
        self.deliver(session, writer, kind.code(), content, cmd::MESSAGE, limit).await
    }

    /// The agent writes to a session they hold.
    pub async fn agent_send(&self, session: &Session, writer: Writer<'_>, msg_type: i64, content: &str) -> Result<LiveMessage, LiveError> {
        let kind = self.check_content(&session.tenant_id, msg_type, content).await?;
        if session.status != SessionStatus::Active {
            return Err(LiveError::Conflict(format!("Cannot send message while in state: {}", session.status.as_str())));
        }
        if session.agent_id.as_deref() != Some(writer.user_id) {
            return Err(LiveError::Conflict("Another agent holds this conversation".into()));
        }
        self.deliver(session, writer, kind.code(), content, cmd::MESSAGE, None).await
    }

    /// Stores a message and announces it to the session's sockets wherever they are.
    async fn deliver(
        &self,
        session: &Session,
        writer: Writer<'_>,
        msg_type: i64,
        content: &str,
        command: u8,
        limit: Option<i64>,
    ) -> Result<LiveMessage, LiveError> {
        let new = NewMessage { kind: writer.kind, sender_id: writer.user_id, sender_name: writer.name, msg_type, content };
        let message = self.store.add_message(session, new, limit, now_ms()).await?.map_err(|retry_after| LiveError::RateLimited { retry_after })?;
        let frame = events::frame(command, wire(&message));
        let event = SessionEvent {
            tenant_id: session.tenant_id.clone(),
            session_id: session.id.clone(),
            customer_id: session.customer_id.clone(),
            agent_id: session.agent_id.clone(),
            frame,
            message: Some(message.clone()),
        };
        events::publish(self.bus.as_ref(), &events::session_subject(&session.tenant_id, &session.id), &event).await;
        Ok(message)
    }

    /// A system notice to the session (cmd 4).
    async fn notice(&self, session: &Session, text: &str) -> Result<LiveMessage, LiveError> {
        self.deliver(session, Writer { kind: SenderKind::System, user_id: "system", name: "System" }, 0, text, cmd::GROUP, None).await
    }

    /// An agent takes a queued session: of two agents, one wins, the other gets 409.
    pub async fn claim(&self, tenant_id: &str, session_id: &str, agent_id: &str) -> Result<Session, LiveError> {
        let session = self.tenant_session(tenant_id, session_id).await?;
        if !self.store.claim(tenant_id, session_id, agent_id, now_ms()).await? {
            return Err(match session.status {
                SessionStatus::Closed => LiveError::Conflict("This conversation has ended".into()),
                _ => LiveError::Conflict("Another agent took this conversation first".into()),
            });
        }
        let session = self.tenant_session(tenant_id, session_id).await?;
        self.notice(&session, AGENT_JOINED).await?;
        self.announce_agent(&session, agent_id).await;
        self.queue_changed(tenant_id).await;
        Ok(session)
    }

    /// Ends a session with its resolution: the customer's sockets get cmd 2, the agent's
    /// desk the closed session.
    pub async fn close(&self, session: &Session, resolution: Option<&str>, reason: &str) -> Result<Session, LiveError> {
        if let Some(resolution) = resolution {
            bounded(resolution, MAX_RESOLUTION_CHARS, "resolution")?;
        }
        if !self.store.close(&session.tenant_id, &session.id, resolution, now_ms()).await? {
            return self.tenant_session(&session.tenant_id, &session.id).await;
        }
        let closed = self.tenant_session(&session.tenant_id, &session.id).await?;
        let event = SessionEvent {
            tenant_id: closed.tenant_id.clone(),
            session_id: closed.id.clone(),
            customer_id: closed.customer_id.clone(),
            agent_id: closed.agent_id.clone(),
            frame: events::frame(cmd::CLOSE, json!({"sessionId": closed.id, "reason": reason})),
            message: None,
        };
        events::publish(self.bus.as_ref(), &events::session_subject(&closed.tenant_id, &closed.id), &event).await;
        if let Some(agent) = &closed.agent_id {
            self.announce_agent(&closed, agent).await;
        }
        if session.status == SessionStatus::Queued {
            self.queue_changed(&closed.tenant_id).await;
        }
        Ok(closed)
    }

    /// An agent's close: a session they hold, or one still waiting.
    pub async fn agent_close(&self, tenant_id: &str, session_id: &str, agent_id: &str, resolution: &str) -> Result<Session, LiveError> {
        // Blank as the API's schema says: ASCII spaces, tabs, line breaks, vertical tabs, form feeds.
        let resolution = resolution.trim_matches([' ', '\t', '\n', '\r', '\u{b}', '\u{c}']);
        if resolution.is_empty() {
            return Err(LiveError::Invalid("resolution is required".into()));
        }
        bounded(resolution, MAX_RESOLUTION_CHARS, "resolution")?;
        let session = self.tenant_session(tenant_id, session_id).await?;
        match (session.status, session.agent_id.as_deref()) {
            (SessionStatus::Closed, _) => Err(LiveError::Conflict("This conversation has ended".into())),
            (SessionStatus::Active, Some(holder)) if holder != agent_id => Err(LiveError::Conflict("Another agent holds this conversation".into())),
            _ => self.close(&session, Some(resolution), "closed by the agent").await,
        }
    }

    /// The agent's socket closed and did not come back within the grace period: their
    /// conversations go back to the queue or end, as configured, each with a notice to
    /// the customer. Nothing happens when the agent came back meanwhile (anywhere).
    pub async fn agent_gone(&self, tenant_id: &str, agent_id: &str) -> Result<usize, LiveError> {
        let grace = i64::try_from(self.settings.agent_grace.as_millis()).unwrap_or(i64::MAX);
        if !self.store.agent_gone_since(tenant_id, agent_id, now_ms() - grace).await? {
            return Ok(0);
        }
        let sessions = self.store.active_of_agent(tenant_id, agent_id).await?;
        let mut handled = 0;
        for session in sessions {
            match self.settings.agent_gone {
                AgentGone::Requeue => {
                    if self.store.requeue(tenant_id, &session.id, agent_id, now_ms()).await? {
                        let requeued = self.tenant_session(tenant_id, &session.id).await?;
                        self.notice(&requeued, AGENT_LEFT_REQUEUED).await?;
                        self.announce_agent(&requeued, agent_id).await;
                        self.queue_changed(tenant_id).await;
                        handled += 1;
                    }
                }
                AgentGone::Close => {
                    self.notice(&session, AGENT_LEFT_CLOSED).await?;
                    self.close(&session, Some(CLOSED_AGENT_GONE), "agent left").await?;
                    handled += 1;
                }
            }
        }
        Ok(handled)
    }

    /// Tells the agent's desks, wherever they are, about a session of theirs.
    async fn announce_agent(&self, session: &Session, agent_id: &str) {
        let event = AgentEvent { tenant_id: session.tenant_id.clone(), agent_id: agent_id.to_owned(), session: DeskSession::from(session) };
        events::publish(self.bus.as_ref(), &events::agent_subject(&session.tenant_id, agent_id), &event).await;
    }

    /// Tells every desk of the tenant to read the queue again.
    pub async fn queue_changed(&self, tenant_id: &str) {
        events::publish(self.bus.as_ref(), &events::queue_subject(tenant_id), &QueueEvent { tenant_id: tenant_id.to_owned() }).await;
    }

    /// The account was suspended or removed: its tokens stop working now, and every
    /// instance closes its sockets.
    pub async fn revoke(&self, tenant_id: &str, user_id: &str) -> Result<(), LiveError> {
        self.tokens.revoke(tenant_id, user_id).await?;
        let event = RevokedEvent { tenant_id: tenant_id.to_owned(), user_id: user_id.to_owned() };
        events::publish(self.bus.as_ref(), &events::revoked_subject(user_id), &event).await;
        Ok(())
    }
}

/// A message in the customer's wire form (spec 002 §3), without the desk's sender kind.
pub fn wire(message: &LiveMessage) -> serde_json::Value {
    json!({
        "id": message.id,
        "content": message.content,
        "sender": message.sender,
        "sendId": message.send_id,
        "timestamp": message.timestamp,
        "type": message.msg_type,
        "groupId": message.group_id,
        "sendNickName": message.send_nick_name,
        "userAvatar": message.user_avatar,
    })
}
