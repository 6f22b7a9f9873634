//! Chats, their messages (stored verbatim as the client's UI message JSON) and recordings.

use std::collections::HashMap;

use sqlx::Row;

use crate::error::conflict_as;
use crate::{Result, Store, StoreError, now_ms, sha256_hex};

pub struct NewChat<'a> {
    pub id: &'a str,
    pub tenant_id: &'a str,
    pub owner_id: &'a str,
    pub facility_id: &'a str,
    pub title: &'a str,
    pub title_by_user: bool,
    pub model: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatSummary {
    pub id: String,
    pub title: String,
    pub updated_at_ms: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMeta {
    pub id: String,
    pub title: String,
    pub title_by_user: bool,
    pub model: String,
    pub facility_id: String,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

/// One message as stored: its id and role, and its JSON text exactly as received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageRecord {
    pub id: String,
    pub role: String,
    pub body: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AudioRecording {
    pub id: String,
    pub file_name: String,
    pub display_name: String,
    pub path: String,
    pub size: i64,
    pub duration_secs: f64,
    pub created_at_ms: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveOutcome {
    Created,
    Saved,
    /// The chat exists for another tenant or owner, or does not exist and creation was not asked.
    NotFound,
    /// The message a partial save was loaded from is no longer stored: nothing was written.
    Stale,
}

/// One save: the messages from the first position the saver may change.
struct Save<'m, 'n> {
    model: &'m str,
    messages: &'m [MessageRecord],
    create: Option<NewChat<'n>>,
    auto_title: Option<&'m str>,
    loaded_from: Option<&'m str>,
}

/// Who is asking: every chat query is scoped by both.
#[derive(Debug, Clone, Copy)]
pub struct Owner<'a> {
    pub tenant_id: &'a str,
    pub user_id: &'a str,
}

fn title_from(row: &sqlx::any::AnyRow) -> Result<String> {
    let bytes: Vec<u8> = row.try_get("title")?;
    String::from_utf8(bytes).map_err(|_| StoreError::Corrupt("a chat title is not UTF-8".into()))
}

impl Store {
    /// The owner's chats, most recently updated first.
    pub async fn list_chats(&self, tenant_id: &str, owner_id: &str) -> Result<Vec<ChatSummary>> {
        let rows = sqlx::query(
            "SELECT id, title, updated_at FROM chats WHERE tenant_id = $1 AND owner_id = $2 \
             ORDER BY updated_at DESC, id DESC",
        )
        .bind(tenant_id)
        .bind(owner_id)
        .fetch_all(self.reads())
        .await?;
        rows.iter().map(|r| Ok(ChatSummary { id: r.try_get("id")?, title: title_from(r)?, updated_at_ms: r.try_get("updated_at")? })).collect()
    }

    /// Creates an empty chat. An id taken by anyone answers [`crate::StoreError::Conflict`].
    pub async fn create_chat(&self, chat: NewChat<'_>) -> Result<()> {
        let now = now_ms();
        sqlx::query(
            "INSERT INTO chats (id, tenant_id, owner_id, facility_id, title, title_by_user, model, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
        )
        .bind(chat.id)
        .bind(chat.tenant_id)
        .bind(chat.owner_id)
        .bind(chat.facility_id)
        .bind(chat.title.as_bytes())
        .bind(i64::from(chat.title_by_user))
        .bind(chat.model)
        .bind(now)
        .execute(self.writes())
        .await
        .map_err(conflict_as("a chat with this id"))?;
        Ok(())
    }

    pub async fn chat_meta(&self, tenant_id: &str, owner_id: &str, chat_id: &str) -> Result<Option<ChatMeta>> {
        let row = sqlx::query(
            "SELECT id, title, title_by_user, model, facility_id, created_at, updated_at FROM chats \
             WHERE id = $1 AND tenant_id = $2 AND owner_id = $3",
        )
        .bind(chat_id)
        .bind(tenant_id)
        .bind(owner_id)
        .fetch_optional(self.reads())
        .await?;
        row.map(|r| {
            Ok(ChatMeta {
                id: r.try_get("id")?,
                title: title_from(&r)?,
                title_by_user: r.try_get::<i64, _>("title_by_user")? != 0,
                model: r.try_get("model")?,
                facility_id: r.try_get("facility_id")?,
                created_at_ms: r.try_get("created_at")?,
                updated_at_ms: r.try_get("updated_at")?,
            })
        })
        .transpose()
    }

    /// The chat's messages in order; empty when the chat is not the owner's.
    pub async fn chat_messages(&self, tenant_id: &str, owner_id: &str, chat_id: &str) -> Result<Vec<MessageRecord>> {
        let rows = sqlx::query(
            "SELECT m.id, m.role, m.body FROM chat_messages m JOIN chats c ON c.id = m.chat_id \
             WHERE m.chat_id = $1 AND c.tenant_id = $2 AND c.owner_id = $3 ORDER BY m.position",
        )
        .bind(chat_id)
        .bind(tenant_id)
        .bind(owner_id)
        .fetch_all(self.reads())
        .await?;
        rows.iter().map(|r| Ok(MessageRecord { id: r.try_get("id")?, role: r.try_get("role")?, body: r.try_get("body")? })).collect()
    }

    /// Replaces the chat's message list with `messages`, writing only rows that changed.
    ///
    /// Idempotent by message id: saving the same list twice writes nothing the second
    /// time. `create` (when given) creates the chat if the id is free; `auto_title`
    /// replaces the title unless the user has set one.
    pub async fn save_chat(
        &self,
        owner: Owner<'_>,
        chat_id: &str,
        model: &str,
        messages: &[MessageRecord],
        create: Option<NewChat<'_>>,
        auto_title: Option<&str>,
    ) -> Result<SaveOutcome> {
        self.save(owner, chat_id, Save { model, messages, create, auto_title, loaded_from: None }).await
    }

    /// As [`Store::save_chat`] for a client that holds only the newest part of a long
    /// chat, loaded from the message `loaded_from` on: messages stored before that one are
    /// kept as they are, and the rest are replaced by `messages`. Answers
    /// [`SaveOutcome::Stale`] when `loaded_from` is no longer stored.
    pub async fn save_chat_from(
        &self,
        owner: Owner<'_>,
        chat_id: &str,
        model: &str,
        loaded_from: &str,
        messages: &[MessageRecord],
        auto_title: Option<&str>,
    ) -> Result<SaveOutcome> {
        self.save(owner, chat_id, Save { model, messages, create: None, auto_title, loaded_from: Some(loaded_from) }).await
    }

    async fn save(&self, owner: Owner<'_>, chat_id: &str, save: Save<'_, '_>) -> Result<SaveOutcome> {
        let Save { model, messages, create, auto_title, loaded_from } = save;
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let found = sqlx::query("SELECT tenant_id, owner_id, title, title_by_user FROM chats WHERE id = $1").bind(chat_id).fetch_optional(&mut *tx).await?;
        let mut outcome = SaveOutcome::Saved;
        let mut title_to_set = None;
        match found {
            None => {
                let Some(new) = create else { return Ok(SaveOutcome::NotFound) };
                sqlx::query(
                    "INSERT INTO chats (id, tenant_id, owner_id, facility_id, title, title_by_user, model, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
                )
                .bind(chat_id)
                .bind(owner.tenant_id)
                .bind(owner.user_id)
                .bind(new.facility_id)
                .bind(auto_title.filter(|_| !new.title_by_user).unwrap_or(new.title).as_bytes())
                .bind(i64::from(new.title_by_user))
                .bind(model)
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(conflict_as("a chat with this id"))?;
                outcome = SaveOutcome::Created;
            }
            Some(row) => {
                let tenant: String = row.try_get("tenant_id")?;
                let user: String = row.try_get("owner_id")?;
                if tenant != owner.tenant_id || user != owner.user_id {
                    return Ok(SaveOutcome::NotFound);
                }
                let title = title_from(&row)?;
                let by_user = row.try_get::<i64, _>("title_by_user")? != 0;
                if let Some(auto) = auto_title.filter(|t| !by_user && *t != title) {
                    title_to_set = Some(auto.to_owned());
                }
            }
        }

        // Messages before the one the client loaded from are not the client's to change.
        let first_position = match loaded_from {
            None => 0,
            Some(id) => {
                let row =
                    sqlx::query("SELECT position FROM chat_messages WHERE chat_id = $1 AND id = $2").bind(chat_id).bind(id).fetch_optional(&mut *tx).await?;
                match row {
                    Some(row) => row.try_get::<i64, _>("position")?,
                    None => return Ok(SaveOutcome::Stale),
                }
            }
        };
        let existing: HashMap<String, (i64, String)> = sqlx::query("SELECT id, position, body_hash FROM chat_messages WHERE chat_id = $1 AND position >= $2")
            .bind(chat_id)
            .bind(first_position)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| Ok((r.try_get("id")?, (r.try_get("position")?, r.try_get("body_hash")?))))
            .collect::<Result<_>>()?;

        let mut changed = outcome == SaveOutcome::Created || title_to_set.is_some();
        for (index, message) in messages.iter().enumerate() {
            let position = first_position + index as i64;
            let hash = sha256_hex(&message.body);
            if existing.get(&message.id).is_some_and(|(p, h)| *p == position && *h == hash) {
                continue;
            }
            changed = true;
            sqlx::query(
                "INSERT INTO chat_messages (chat_id, id, position, role, body, body_hash, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
                 ON CONFLICT (chat_id, id) DO UPDATE SET position = excluded.position, role = excluded.role, \
                 body = excluded.body, body_hash = excluded.body_hash, updated_at = excluded.updated_at",
            )
            .bind(chat_id)
            .bind(&message.id)
            .bind(position)
            .bind(&message.role)
            .bind(&message.body)
            .bind(&hash)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        let keep: std::collections::HashSet<&str> = messages.iter().map(|m| m.id.as_str()).collect();
        for gone in existing.keys().filter(|id| !keep.contains(id.as_str())) {
            changed = true;
            sqlx::query("DELETE FROM chat_messages WHERE chat_id = $1 AND id = $2").bind(chat_id).bind(gone).execute(&mut *tx).await?;
        }
        if changed || outcome == SaveOutcome::Saved {
            sqlx::query(
                "UPDATE chats SET model = $1, title = COALESCE($2, title), updated_at = CASE WHEN $3 = 1 THEN $4 ELSE updated_at END \
                 WHERE id = $5",
            )
            .bind(model)
            .bind(title_to_set.map(String::into_bytes))
            .bind(i64::from(changed))
            .bind(now)
            .bind(chat_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(outcome)
    }

    /// A page of the chat's messages in order: the newest `limit`, or the newest `limit`
    /// before the message `before`. Answers `None` when the chat is not the owner's or
    /// `before` is not one of its messages; with the page, whether older messages exist.
    pub async fn chat_messages_page(&self, owner: Owner<'_>, chat_id: &str, before: Option<&str>, limit: i64) -> Result<Option<(Vec<MessageRecord>, bool)>> {
        if self.chat_meta(owner.tenant_id, owner.user_id, chat_id).await?.is_none() {
            return Ok(None);
        }
        let below = match before {
            None => i64::MAX,
            Some(id) => {
                let row = sqlx::query("SELECT position FROM chat_messages WHERE chat_id = $1 AND id = $2")
                    .bind(chat_id)
                    .bind(id)
                    .fetch_optional(self.reads())
                    .await?;
                match row {
                    Some(row) => row.try_get("position")?,
                    None => return Ok(None),
                }
            }
        };
        let rows = sqlx::query("SELECT id, role, body FROM chat_messages WHERE chat_id = $1 AND position < $2 ORDER BY position DESC LIMIT $3")
            .bind(chat_id)
            .bind(below)
            .bind(limit.saturating_add(1))
            .fetch_all(self.reads())
            .await?;
        let more = rows.len() as i64 > limit;
        let mut page = rows
            .iter()
            .take(limit.max(0) as usize)
            .map(|r| Ok(MessageRecord { id: r.try_get("id")?, role: r.try_get("role")?, body: r.try_get("body")? }))
            .collect::<Result<Vec<_>>>()?;
        page.reverse();
        Ok(Some((page, more)))
    }

    /// One message of the owner's chat.
    pub async fn chat_message(&self, owner: Owner<'_>, chat_id: &str, message_id: &str) -> Result<Option<MessageRecord>> {
        let row = sqlx::query(
            "SELECT m.id, m.role, m.body FROM chat_messages m JOIN chats c ON c.id = m.chat_id \
             WHERE m.chat_id = $1 AND m.id = $2 AND c.tenant_id = $3 AND c.owner_id = $4",
        )
        .bind(chat_id)
        .bind(message_id)
        .bind(owner.tenant_id)
        .bind(owner.user_id)
        .fetch_optional(self.reads())
        .await?;
        row.map(|r| Ok(MessageRecord { id: r.try_get("id")?, role: r.try_get("role")?, body: r.try_get("body")? })).transpose()
    }

    /// The ids and roles of the chat's messages in order (bodies left out); empty when the
    /// chat is not the owner's.
    pub async fn chat_message_heads(&self, owner: Owner<'_>, chat_id: &str) -> Result<Vec<(String, String)>> {
        let rows = sqlx::query(
            "SELECT m.id, m.role FROM chat_messages m JOIN chats c ON c.id = m.chat_id \
             WHERE m.chat_id = $1 AND c.tenant_id = $2 AND c.owner_id = $3 ORDER BY m.position",
        )
        .bind(chat_id)
        .bind(owner.tenant_id)
        .bind(owner.user_id)
        .fetch_all(self.reads())
        .await?;
        rows.iter().map(|r| Ok((r.try_get("id")?, r.try_get("role")?))).collect()
    }

    /// Writes one message of the owner's chat: in place when its id exists, else after the
    /// last one. Cheap enough to checkpoint a streaming answer. Answers whether the chat
    /// was the owner's.
    pub async fn upsert_message(&self, owner: Owner<'_>, chat_id: &str, message: &MessageRecord) -> Result<bool> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let owned = sqlx::query("SELECT 1 AS one FROM chats WHERE id = $1 AND tenant_id = $2 AND owner_id = $3")
            .bind(chat_id)
            .bind(owner.tenant_id)
            .bind(owner.user_id)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        if !owned {
            return Ok(false);
        }
        let hash = sha256_hex(&message.body);
        let updated = sqlx::query("UPDATE chat_messages SET role = $1, body = $2, body_hash = $3, updated_at = $4 WHERE chat_id = $5 AND id = $6")
            .bind(&message.role)
            .bind(&message.body)
            .bind(&hash)
            .bind(now)
            .bind(chat_id)
            .bind(&message.id)
            .execute(&mut *tx)
            .await?;
        if updated.rows_affected() == 0 {
            sqlx::query(
                "INSERT INTO chat_messages (chat_id, id, position, role, body, body_hash, created_at, updated_at) \
                 SELECT $1, $2, COALESCE(MAX(position), -1) + 1, $3, $4, $5, $6, $6 FROM chat_messages WHERE chat_id = $1",
            )
            .bind(chat_id)
            .bind(&message.id)
            .bind(&message.role)
            .bind(&message.body)
            .bind(&hash)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("UPDATE chats SET updated_at = $1 WHERE id = $2").bind(now).bind(chat_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Sets a title chosen by the user. A rename is not activity: the chat keeps its
    /// place in the list and its date. Answers whether the chat was the owner's.
    pub async fn rename_chat(&self, tenant_id: &str, owner_id: &str, chat_id: &str, title: &str) -> Result<bool> {
        let done = sqlx::query("UPDATE chats SET title = $1, title_by_user = 1 WHERE id = $2 AND tenant_id = $3 AND owner_id = $4")
            .bind(title.as_bytes())
            .bind(chat_id)
            .bind(tenant_id)
            .bind(owner_id)
            .execute(self.writes())
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Deletes one chat with its messages and recordings. Answers whether it was the owner's.
    pub async fn delete_chat(&self, tenant_id: &str, owner_id: &str, chat_id: &str) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        let owned = sqlx::query("SELECT 1 AS one FROM chats WHERE id = $1 AND tenant_id = $2 AND owner_id = $3")
            .bind(chat_id)
            .bind(tenant_id)
            .bind(owner_id)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        if owned {
            delete_chat_rows(&mut tx, chat_id).await?;
        }
        tx.commit().await?;
        Ok(owned)
    }

    /// Deletes every chat of the owner in the tenant. Answers how many.
    pub async fn delete_all_chats(&self, tenant_id: &str, owner_id: &str) -> Result<u64> {
        let mut tx = self.begin_write().await?;
        let ids: Vec<String> = sqlx::query("SELECT id FROM chats WHERE tenant_id = $1 AND owner_id = $2")
            .bind(tenant_id)
            .bind(owner_id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?;
        for id in &ids {
            delete_chat_rows(&mut tx, id).await?;
        }
        tx.commit().await?;
        Ok(ids.len() as u64)
    }

    /// The chat's voice recordings, oldest first; empty when the chat is not the owner's.
    pub async fn audio_recordings(&self, tenant_id: &str, owner_id: &str, chat_id: &str) -> Result<Vec<AudioRecording>> {
        let rows = sqlx::query(
            "SELECT a.id, a.file_name, a.display_name, a.path, a.size, a.duration_secs, a.created_at \
             FROM audio_recordings a JOIN chats c ON c.id = a.chat_id \
             WHERE a.chat_id = $1 AND c.tenant_id = $2 AND c.owner_id = $3 ORDER BY a.created_at",
        )
        .bind(chat_id)
        .bind(tenant_id)
        .bind(owner_id)
        .fetch_all(self.reads())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(AudioRecording {
                    id: r.try_get("id")?,
                    file_name: r.try_get("file_name")?,
                    display_name: r.try_get("display_name")?,
                    path: r.try_get("path")?,
                    size: r.try_get("size")?,
                    duration_secs: r.try_get("duration_secs")?,
                    created_at_ms: r.try_get("created_at")?,
                })
            })
            .collect()
    }
}

/// Children first: the same order works whether or not the backend enforces cascades.
pub(crate) async fn delete_chat_rows(tx: &mut sqlx::Transaction<'_, sqlx::Any>, chat_id: &str) -> Result<()> {
    for sql in ["DELETE FROM chat_messages WHERE chat_id = $1", "DELETE FROM audio_recordings WHERE chat_id = $1", "DELETE FROM chats WHERE id = $1"] {
        sqlx::query(sql).bind(chat_id).execute(&mut **tx).await?;
    }
    Ok(())
}
