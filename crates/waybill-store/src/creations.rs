//! New chats with their first messages, written in batches: every creation waiting when
//! the writer is free goes into one transaction with one multi-row insert for the chats
//! and one for their messages. A burst of users starting chats at the same moment (each
//! of whom must have their message stored before the model is called) then costs a few
//! statements instead of a transaction each; alone, a creation is a batch of one.
//!
//! A chat id that is taken already is answered [`Creation::Exists`], and its message
//! is left to the ordinary save path (which checks ownership and what was answered).

use std::sync::Arc;

use sqlx::Row;
use tokio::sync::{mpsc, oneshot};

use crate::{MessageRecord, Result, Store, StoreError, now_ms, sha256_hex};

/// Creations one transaction takes at most (bound variables stay far below the backends'
/// limits: 9 per chat, 8 per message).
const BATCH: usize = 256;

/// A chat to create with its first messages.
#[derive(Debug, Clone)]
pub struct ChatCreation {
    pub id: String,
    pub tenant_id: String,
    pub owner_id: String,
    pub facility_id: String,
    /// The title: the automatic one from the first message, or the default.
    pub title: String,
    pub model: String,
    pub messages: Vec<MessageRecord>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Creation {
    Created,
    /// A chat with this id exists (anyone's): nothing was written.
    Exists,
}

type Job = (ChatCreation, oneshot::Sender<Result<Creation>>);

/// The queue to the batching writer, started with the store.
#[derive(Clone)]
pub(crate) struct Creator {
    tx: mpsc::UnboundedSender<Job>,
}

impl Creator {
    /// Starts the writer on `store`'s pools; it ends when the store's last handle is gone.
    pub(crate) fn start(store: &Store) -> Self {
        let (tx, rx) = mpsc::unbounded_channel();
        // The writer's own handle leaves the creator out, or the queue would keep itself open.
        let pools = Store { creator: Arc::default(), ..store.clone() };
        tokio::spawn(write_batches(pools, rx));
        Self { tx }
    }
}

async fn write_batches(store: Store, mut rx: mpsc::UnboundedReceiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(BATCH);
    while let Some(first) = rx.recv().await {
        batch.push(first);
        while batch.len() < BATCH
            && let Ok(next) = rx.try_recv()
        {
            batch.push(next);
        }
        let jobs: Vec<&ChatCreation> = batch.iter().map(|(job, _)| job).collect();
        match store.create_batch(&jobs).await {
            Ok(outcomes) => {
                for ((_, reply), outcome) in batch.drain(..).zip(outcomes) {
                    let _ = reply.send(Ok(outcome));
                }
            }
            // A batch that fails as a whole is tried one creation at a time, so one bad
            // creation fails alone.
            Err(_) => {
                for (job, reply) in batch.drain(..) {
                    let _ = reply.send(store.create_batch(&[&job]).await.map(|mut o| o.remove(0)));
                }
            }
        }
    }
}

impl Store {
    /// Creates a chat with its first messages, batched with the creations arriving at the
    /// same moment; answers when it is stored.
    pub async fn create_chat_with_messages(&self, creation: ChatCreation) -> Result<Creation> {
        let (reply, answer) = oneshot::channel();
        self.creator().tx.send((creation, reply)).map_err(|_| StoreError::Corrupt("the chat writer has stopped".into()))?;
        answer.await.map_err(|_| StoreError::Corrupt("the chat writer has stopped".into()))?
    }

    fn creator(&self) -> Arc<Creator> {
        self.creator.get_or_init(|| Arc::new(Creator::start(self))).clone()
    }

    /// One transaction: the chats whose ids are free, then their messages.
    async fn create_batch(&self, jobs: &[&ChatCreation]) -> Result<Vec<Creation>> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let mut chats = String::from("INSERT INTO chats (id, tenant_id, owner_id, facility_id, title, title_by_user, model, created_at, updated_at) VALUES ");
        for (i, _) in jobs.iter().enumerate() {
            let n = i * 8;
            if i > 0 {
                chats.push(',');
            }
            chats.push_str(&format!("(${}, ${}, ${}, ${}, ${}, 0, ${}, ${}, ${})", n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7, n + 8));
        }
        chats.push_str(" ON CONFLICT (id) DO NOTHING RETURNING id");
        let mut insert = sqlx::query(sqlx::AssertSqlSafe(chats));
        for job in jobs {
            insert = insert
                .bind(job.id.clone())
                .bind(job.tenant_id.clone())
                .bind(job.owner_id.clone())
                .bind(job.facility_id.clone())
                .bind(job.title.clone().into_bytes())
                .bind(job.model.clone())
                .bind(now)
                .bind(now);
        }
        let mut free: std::collections::HashSet<String> = insert.fetch_all(&mut *tx).await?.iter().map(|r| r.try_get("id")).collect::<Result<_, _>>()?;
        // Two creations of one id in a batch: the first takes it.
        let outcomes: Vec<Creation> = jobs.iter().map(|job| if free.remove(&job.id) { Creation::Created } else { Creation::Exists }).collect();

        let messages: Vec<(&ChatCreation, usize, &MessageRecord)> = jobs
            .iter()
            .zip(&outcomes)
            .filter(|(_, outcome)| **outcome == Creation::Created)
            .flat_map(|(job, _)| job.messages.iter().enumerate().map(move |(position, m)| (*job, position, m)))
            .collect();
        for chunk in messages.chunks(BATCH) {
            let mut sql = String::from("INSERT INTO chat_messages (chat_id, id, position, role, body, body_hash, created_at, updated_at) VALUES ");
            for (i, _) in chunk.iter().enumerate() {
                let n = i * 7;
                if i > 0 {
                    sql.push(',');
                }
                sql.push_str(&format!("(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})", n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7, n + 7));
            }
            let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql));
            for (job, position, message) in chunk {
                insert = insert
                    .bind(job.id.clone())
                    .bind(message.id.clone())
                    .bind(*position as i64)
                    .bind(message.role.clone())
                    .bind(message.body.clone())
                    .bind(sha256_hex(&message.body))
                    .bind(now);
            }
            insert.execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(outcomes)
    }
}
