//! The live-agent tables, scoped by tenant on every query: sessions and the queue they
//! form, messages, agents' presence and canned replies.

use sqlx::Row;
use sqlx::any::AnyRow;
use waybill_store::Store;

use crate::LiveError;
use crate::model::{CannedReply, DeskStats, DeskStatus, LiveMessage, SenderKind, Session, SessionStatus};

/// A session's columns, for `concat!`.
macro_rules! session_columns {
    () => {
        "tenant_id, id, group_id, customer_id, chat_id, facility_id, first_name, last_name, email, preview, status, agent_id, \
         created_at, queued_at, claimed_at, closed_at, resolution"
    };
}

/// The queue's order: oldest request first. A session an agent handed back keeps the
/// place its first request gave it, ahead of everyone who asked later and behind those
/// who have waited longer.
macro_rules! queue_order {
    () => {
        "created_at, id"
    };
}

fn session_of(row: &AnyRow) -> Result<Session, sqlx::Error> {
    Ok(Session {
        tenant_id: row.try_get("tenant_id")?,
        id: row.try_get("id")?,
        group_id: row.try_get("group_id")?,
        customer_id: row.try_get("customer_id")?,
        chat_id: row.try_get("chat_id")?,
        facility_id: row.try_get("facility_id")?,
        first_name: row.try_get("first_name")?,
        last_name: row.try_get("last_name")?,
        email: row.try_get("email")?,
        preview: row.try_get("preview")?,
        status: SessionStatus::parse(&row.try_get::<String, _>("status")?),
        agent_id: row.try_get("agent_id")?,
        created_ms: row.try_get("created_at")?,
        queued_ms: row.try_get("queued_at")?,
        claimed_ms: row.try_get("claimed_at")?,
        closed_ms: row.try_get("closed_at")?,
        resolution: row.try_get("resolution")?,
    })
}

fn message_of(row: &AnyRow, group_id: &str) -> Result<LiveMessage, sqlx::Error> {
    let kind = SenderKind::parse(&row.try_get::<String, _>("sender_kind")?);
    let sender_id: String = row.try_get("sender_id")?;
    Ok(LiveMessage {
        id: row.try_get("id")?,
        content: row.try_get("content")?,
        sender: sender_id.clone(),
        sender_kind: kind,
        send_id: sender_id,
        timestamp: row.try_get("sent_at")?,
        msg_type: row.try_get("msg_type")?,
        group_id: group_id.to_owned(),
        send_nick_name: row.try_get("sender_name")?,
        user_avatar: String::new(),
    })
}

/// A new session's fields.
pub struct NewSession<'a> {
    pub tenant_id: &'a str,
    pub customer_id: &'a str,
    pub chat_id: Option<&'a str>,
    pub facility_id: Option<&'a str>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub preview: &'a str,
}

/// A new message's fields.
pub struct NewMessage<'a> {
    pub kind: SenderKind,
    pub sender_id: &'a str,
    pub sender_name: &'a str,
    pub msg_type: i64,
    pub content: &'a str,
}

/// The live-agent tables over the shared store.
#[derive(Clone)]
pub struct LiveStore {
    store: Store,
}

impl LiveStore {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The caller's queued or active session, if any: what a second create returns.
    pub async fn open_session_of(&self, tenant_id: &str, customer_id: &str) -> Result<Option<Session>, LiveError> {
        let row = sqlx::query(concat!(
            "SELECT ",
            session_columns!(),
            " FROM live_sessions WHERE tenant_id = $1 AND customer_id = $2 AND status IN ('queued', 'active') \
             ORDER BY created_at DESC, id DESC LIMIT 1"
        ))
        .bind(tenant_id)
        .bind(customer_id)
        .fetch_optional(self.store.writes())
        .await?;
        Ok(row.as_ref().map(session_of).transpose()?)
    }

    /// Creates a queued session unless the customer already has an open one, in one
    /// write transaction so two creates at once make one session. Answers the session
    /// and whether it is new.
    pub async fn create_or_resume(&self, new: NewSession<'_>, now_ms: i64) -> Result<(Session, bool), LiveError> {
        let mut tx = self.store.begin_write().await?;
        let existing = sqlx::query(concat!(
            "SELECT ",
            session_columns!(),
            " FROM live_sessions WHERE tenant_id = $1 AND customer_id = $2 AND status IN ('queued', 'active') \
             ORDER BY created_at DESC, id DESC LIMIT 1"
        ))
        .bind(new.tenant_id)
        .bind(new.customer_id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(row) = existing {
            let session = session_of(&row)?;
            tx.commit().await?;
            return Ok((session, false));
        }
        let id = uuid::Uuid::now_v7().to_string();
        let group_id = format!("g-{}", uuid::Uuid::new_v4().simple());
        sqlx::query(
            "INSERT INTO live_sessions (tenant_id, id, group_id, customer_id, chat_id, facility_id, first_name, last_name, email, preview, status, \
             agent_id, requeued, created_at, queued_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'queued', NULL, 0, $11, $11)",
        )
        .bind(new.tenant_id)
        .bind(&id)
        .bind(&group_id)
        .bind(new.customer_id)
        .bind(new.chat_id)
        .bind(new.facility_id)
        .bind(new.first_name)
        .bind(new.last_name)
        .bind(new.email)
        .bind(new.preview)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        let session = self.session(new.tenant_id, &id).await?.ok_or(LiveError::NotFound)?;
        Ok((session, true))
    }

    /// One of the tenant's sessions.
    pub async fn session(&self, tenant_id: &str, id: &str) -> Result<Option<Session>, LiveError> {
        let row = sqlx::query(concat!("SELECT ", session_columns!(), " FROM live_sessions WHERE tenant_id = $1 AND id = $2"))
            .bind(tenant_id)
            .bind(id)
            .fetch_optional(self.store.reads())
            .await?;
        Ok(row.as_ref().map(session_of).transpose()?)
    }

    /// One of the tenant's sessions by its group.
    pub async fn session_by_group(&self, tenant_id: &str, group_id: &str) -> Result<Option<Session>, LiveError> {
        let row = sqlx::query(concat!("SELECT ", session_columns!(), " FROM live_sessions WHERE tenant_id = $1 AND group_id = $2"))
            .bind(tenant_id)
            .bind(group_id)
            .fetch_optional(self.store.reads())
            .await?;
        Ok(row.as_ref().map(session_of).transpose()?)
    }

    /// A queued session's place: 1 is next.
    pub async fn position(&self, session: &Session) -> Result<i64, LiveError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM live_sessions o, live_sessions s \
             WHERE s.tenant_id = $1 AND s.id = $2 AND o.tenant_id = s.tenant_id AND o.status = 'queued' \
               AND (o.created_at < s.created_at OR (o.created_at = s.created_at AND o.id < s.id))",
        )
        .bind(&session.tenant_id)
        .bind(&session.id)
        .fetch_one(self.store.writes())
        .await?;
        Ok(row.try_get::<i64, _>("n")? + 1)
    }

    /// The tenant's queue, in order.
    pub async fn queue(&self, tenant_id: &str) -> Result<Vec<Session>, LiveError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            session_columns!(),
            " FROM live_sessions WHERE tenant_id = $1 AND status = 'queued' ORDER BY ",
            queue_order!(),
            " LIMIT 500"
        ))
        .bind(tenant_id)
        .fetch_all(self.store.writes())
        .await?;
        Ok(rows.iter().map(session_of).collect::<Result<_, _>>()?)
    }

    /// The agent's active sessions, oldest claim first.
    pub async fn active_of_agent(&self, tenant_id: &str, agent_id: &str) -> Result<Vec<Session>, LiveError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            session_columns!(),
            " FROM live_sessions WHERE tenant_id = $1 AND agent_id = $2 AND status = 'active' ORDER BY claimed_at, id"
        ))
        .bind(tenant_id)
        .bind(agent_id)
        .fetch_all(self.store.writes())
        .await?;
        Ok(rows.iter().map(session_of).collect::<Result<_, _>>()?)
    }

    /// The tenant's active sessions, oldest claim first.
    pub async fn active(&self, tenant_id: &str) -> Result<Vec<Session>, LiveError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            session_columns!(),
            " FROM live_sessions WHERE tenant_id = $1 AND status = 'active' ORDER BY claimed_at, id LIMIT 500"
        ))
        .bind(tenant_id)
        .fetch_all(self.store.writes())
        .await?;
        Ok(rows.iter().map(session_of).collect::<Result<_, _>>()?)
    }

    /// Gives a queued session to `agent_id`: one statement, so of two agents one wins.
    pub async fn claim(&self, tenant_id: &str, id: &str, agent_id: &str, now_ms: i64) -> Result<bool, LiveError> {
        let done =
            sqlx::query("UPDATE live_sessions SET status = 'active', agent_id = $3, claimed_at = $4 WHERE tenant_id = $1 AND id = $2 AND status = 'queued'")
                .bind(tenant_id)
                .bind(id)
                .bind(agent_id)
                .bind(now_ms)
                .execute(self.store.writes())
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Closes an open session; false when it was closed already.
    pub async fn close(&self, tenant_id: &str, id: &str, resolution: Option<&str>, now_ms: i64) -> Result<bool, LiveError> {
        let done = sqlx::query(
            "UPDATE live_sessions SET status = 'closed', closed_at = $3, resolution = $4 WHERE tenant_id = $1 AND id = $2 AND status IN ('queued', 'active')",
        )
        .bind(tenant_id)
        .bind(id)
        .bind(now_ms)
        .bind(resolution)
        .execute(self.store.writes())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Puts an agent's active session back in the queue, in its first request's place.
    pub async fn requeue(&self, tenant_id: &str, id: &str, agent_id: &str, now_ms: i64) -> Result<bool, LiveError> {
        let done = sqlx::query(
            "UPDATE live_sessions SET status = 'queued', agent_id = NULL, claimed_at = NULL, requeued = 1, queued_at = $4 \
             WHERE tenant_id = $1 AND id = $2 AND agent_id = $3 AND status = 'active'",
        )
        .bind(tenant_id)
        .bind(id)
        .bind(agent_id)
        .bind(now_ms)
        .execute(self.store.writes())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Appends a message to a session with the next sequence number. With `limit`, the
    /// sender may have sent at most that many in the minute before, else the answer is
    /// the seconds until one more may go. The session's row is locked meanwhile
    /// (SQLite: the write lock), so concurrent sends neither share a number nor pass the
    /// limit together.
    pub async fn add_message(&self, session: &Session, new: NewMessage<'_>, limit: Option<i64>, now_ms: i64) -> Result<Result<LiveMessage, u64>, LiveError> {
        let mut tx = self.store.begin_write().await?;
        if self.store.backend() == waybill_store::Backend::Postgres {
            sqlx::query("SELECT id FROM live_sessions WHERE tenant_id = $1 AND id = $2 FOR UPDATE")
                .bind(&session.tenant_id)
                .bind(&session.id)
                .fetch_optional(&mut *tx)
                .await?;
        }
        if let Some(limit) = limit {
            let row = sqlx::query(
                "SELECT COUNT(*) AS n, MIN(sent_at) AS oldest FROM live_messages WHERE tenant_id = $1 AND session_id = $2 AND sender_kind = $3 AND sent_at > $4",
            )
            .bind(&session.tenant_id)
            .bind(&session.id)
            .bind(new.kind.as_str())
            .bind(now_ms - 60_000)
            .fetch_one(&mut *tx)
            .await?;
            let (count, oldest): (i64, Option<i64>) = (row.try_get("n")?, row.try_get("oldest")?);
            if count >= limit {
                tx.rollback().await?;
                let wait = oldest.map_or(60, |o| ((o + 60_000 - now_ms + 999) / 1000).clamp(1, 60));
                return Ok(Err(wait as u64));
            }
        }
        let id = uuid::Uuid::now_v7().to_string();
        sqlx::query(
            "INSERT INTO live_messages (tenant_id, id, session_id, seq, sender_kind, sender_id, sender_name, msg_type, content, sent_at) \
             SELECT $1, $2, $3, COALESCE(MAX(seq), 0) + 1, $4, $5, $6, $7, $8, $9 FROM live_messages WHERE tenant_id = $1 AND session_id = $3",
        )
        .bind(&session.tenant_id)
        .bind(&id)
        .bind(&session.id)
        .bind(new.kind.as_str())
        .bind(new.sender_id)
        .bind(new.sender_name)
        .bind(new.msg_type)
        .bind(new.content)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(LiveMessage {
            id,
            content: new.content.to_owned(),
            sender: new.sender_id.to_owned(),
            sender_kind: new.kind,
            send_id: new.sender_id.to_owned(),
            timestamp: now_ms,
            msg_type: new.msg_type,
            group_id: session.group_id.clone(),
            send_nick_name: new.sender_name.to_owned(),
            user_avatar: String::new(),
        }))
    }

    /// A session's messages in order.
    pub async fn messages(&self, session: &Session) -> Result<Vec<LiveMessage>, LiveError> {
        let rows = sqlx::query("SELECT id, content, sender_kind, sender_id, sender_name, msg_type, sent_at FROM live_messages WHERE tenant_id = $1 AND session_id = $2 ORDER BY seq LIMIT 5000")
            .bind(&session.tenant_id)
            .bind(&session.id)
            .fetch_all(self.store.writes())
            .await?;
        Ok(rows.iter().map(|r| message_of(r, &session.group_id)).collect::<Result<_, _>>()?)
    }

    /// An agent's presence; `online` for an agent never seen.
    pub async fn agent_status(&self, tenant_id: &str, user_id: &str) -> Result<DeskStatus, LiveError> {
        let row = sqlx::query("SELECT status FROM live_agents WHERE tenant_id = $1 AND user_id = $2")
            .bind(tenant_id)
            .bind(user_id)
            .fetch_optional(self.store.reads())
            .await?;
        Ok(match row.map(|r| r.try_get::<String, _>("status")).transpose()?.as_deref() {
            Some("away") => DeskStatus::Away,
            _ => DeskStatus::Online,
        })
    }

    async fn ensure_agent(&self, tenant_id: &str, user_id: &str, now_ms: i64) -> Result<(), LiveError> {
        sqlx::query(
            "INSERT INTO live_agents (tenant_id, user_id, status, sockets, left_at, last_seen_at) VALUES ($1, $2, 'online', 0, NULL, $3) \
             ON CONFLICT (tenant_id, user_id) DO NOTHING",
        )
        .bind(tenant_id)
        .bind(user_id)
        .bind(now_ms)
        .execute(self.store.writes())
        .await?;
        Ok(())
    }

    pub async fn set_agent_status(&self, tenant_id: &str, user_id: &str, status: DeskStatus, now_ms: i64) -> Result<(), LiveError> {
        self.ensure_agent(tenant_id, user_id, now_ms).await?;
        sqlx::query("UPDATE live_agents SET status = $3, last_seen_at = $4 WHERE tenant_id = $1 AND user_id = $2")
            .bind(tenant_id)
            .bind(user_id)
            .bind(status.as_str())
            .bind(now_ms)
            .execute(self.store.writes())
            .await?;
        Ok(())
    }

    /// An agent's desk socket opened.
    pub async fn agent_connected(&self, tenant_id: &str, user_id: &str, now_ms: i64) -> Result<(), LiveError> {
        self.ensure_agent(tenant_id, user_id, now_ms).await?;
        sqlx::query("UPDATE live_agents SET sockets = sockets + 1, left_at = NULL, last_seen_at = $3 WHERE tenant_id = $1 AND user_id = $2")
            .bind(tenant_id)
            .bind(user_id)
            .bind(now_ms)
            .execute(self.store.writes())
            .await?;
        Ok(())
    }

    /// An agent's desk socket closed; answers whether it was their last.
    pub async fn agent_disconnected(&self, tenant_id: &str, user_id: &str, now_ms: i64) -> Result<bool, LiveError> {
        sqlx::query(
            "UPDATE live_agents SET sockets = CASE WHEN sockets > 0 THEN sockets - 1 ELSE 0 END, last_seen_at = $3, \
             left_at = CASE WHEN sockets <= 1 THEN $3 ELSE left_at END WHERE tenant_id = $1 AND user_id = $2",
        )
        .bind(tenant_id)
        .bind(user_id)
        .bind(now_ms)
        .execute(self.store.writes())
        .await?;
        let row = sqlx::query("SELECT sockets FROM live_agents WHERE tenant_id = $1 AND user_id = $2")
            .bind(tenant_id)
            .bind(user_id)
            .fetch_optional(self.store.writes())
            .await?;
        Ok(row.map(|r| r.try_get::<i64, _>("sockets")).transpose()?.unwrap_or(0) == 0)
    }

    /// Whether the agent left (no desk socket anywhere) at or before `before_ms`.
    pub async fn agent_gone_since(&self, tenant_id: &str, user_id: &str, before_ms: i64) -> Result<bool, LiveError> {
        let row = sqlx::query("SELECT sockets, left_at FROM live_agents WHERE tenant_id = $1 AND user_id = $2")
            .bind(tenant_id)
            .bind(user_id)
            .fetch_optional(self.store.writes())
            .await?;
        let Some(row) = row else { return Ok(false) };
        let sockets: i64 = row.try_get("sockets")?;
        let left: Option<i64> = row.try_get("left_at")?;
        Ok(sockets == 0 && left.is_some_and(|left| left <= before_ms))
    }

    pub async fn canned(&self, tenant_id: &str) -> Result<Vec<CannedReply>, LiveError> {
        let rows = sqlx::query("SELECT id, title, body FROM live_canned WHERE tenant_id = $1 ORDER BY title, id LIMIT 500")
            .bind(tenant_id)
            .fetch_all(self.store.reads())
            .await?;
        rows.iter().map(|r| Ok(CannedReply { id: r.try_get("id")?, title: r.try_get("title")?, text: r.try_get("body")? })).collect()
    }

    pub async fn add_canned(&self, tenant_id: &str, created_by: &str, title: &str, text: &str, now_ms: i64) -> Result<CannedReply, LiveError> {
        let id = uuid::Uuid::now_v7().to_string();
        sqlx::query("INSERT INTO live_canned (tenant_id, id, title, body, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(tenant_id)
            .bind(&id)
            .bind(title)
            .bind(text)
            .bind(created_by)
            .bind(now_ms)
            .execute(self.store.writes())
            .await?;
        Ok(CannedReply { id, title: title.to_owned(), text: text.to_owned() })
    }

    pub async fn delete_canned(&self, tenant_id: &str, id: &str) -> Result<bool, LiveError> {
        let done = sqlx::query("DELETE FROM live_canned WHERE tenant_id = $1 AND id = $2").bind(tenant_id).bind(id).execute(self.store.writes()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Today's figures (since `day_start_ms`).
    pub async fn stats(&self, tenant_id: &str, day_start_ms: i64, now_ms: i64) -> Result<DeskStats, LiveError> {
        let row = sqlx::query(
            "SELECT \
               (SELECT COUNT(*) FROM live_sessions WHERE tenant_id = $1 AND status = 'queued') AS queued, \
               (SELECT COUNT(*) FROM live_sessions WHERE tenant_id = $1 AND status = 'active') AS active, \
               (SELECT COUNT(*) FROM live_agents WHERE tenant_id = $1 AND status = 'online' AND sockets > 0) AS online",
        )
        .bind(tenant_id)
        .fetch_one(self.store.reads())
        .await?;
        let waits = sqlx::query("SELECT status, queued_at, claimed_at FROM live_sessions WHERE tenant_id = $1 AND created_at >= $2 AND (status = 'queued' OR claimed_at IS NOT NULL)")
            .bind(tenant_id)
            .bind(day_start_ms)
            .fetch_all(self.store.reads())
            .await?;
        let mut waited = Vec::with_capacity(waits.len());
        for w in &waits {
            let queued: i64 = w.try_get("queued_at")?;
            let claimed: Option<i64> = w.try_get("claimed_at")?;
            let end = if w.try_get::<String, _>("status")? == "queued" { now_ms } else { claimed.unwrap_or(now_ms) };
            waited.push((end - queued).max(0) / 1000);
        }
        let average = if waited.is_empty() { 0 } else { waited.iter().sum::<i64>() / waited.len() as i64 };
        Ok(DeskStats {
            queue_length: row.try_get("queued")?,
            average_wait_seconds: average,
            longest_wait_seconds: waited.iter().copied().max().unwrap_or(0),
            active_sessions: row.try_get("active")?,
            agents_online: row.try_get("online")?,
        })
    }
}
