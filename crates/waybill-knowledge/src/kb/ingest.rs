//! Ingestion: the background worker that turns queued documents into searchable
//! passages. It claims a document with a lease in the database, reads its file, extracts
//! its text (on a blocking thread, bounded by [`waybill_extract::Limits`]), cuts it into
//! passages that keep their page or section, embeds them when a model is configured, and
//! stores them; progress is written as it goes, so the page can show it. A worker that
//! stops (a restart, a crash) lets its lease lapse and the document is taken up again from
//! the start; after [`MAX_ATTEMPTS`] it is marked failed rather than retried forever.
//! When idle, the worker embeds passages stored before a model was configured (or under
//! another one).

use std::sync::Arc;
use std::time::Duration;

use sqlx::Row;
use waybill_store::{Backend, Owner};

use super::embed::{Purpose, unit};
use super::index::vector_bytes;
use super::service::KnowledgeBases;
use super::store::{DOC_COLUMNS, KbDocument, bump, document_of};

/// How often a document is taken up before it is given up on.
pub const MAX_ATTEMPTS: i64 = 3;
/// Passages written (and embedded) per transaction.
const BATCH: usize = 64;
/// How often an idle worker looks for work queued by other instances.
const IDLE_POLL: Duration = Duration::from_secs(2);
/// How often progress is written while a document is read.
const PROGRESS_EVERY: Duration = Duration::from_millis(400);

/// The worker of one instance.
pub struct Worker {
    kb: Arc<KnowledgeBases>,
    /// Names this instance's leases.
    instance: String,
    /// How long a lease holds without being renewed.
    lease: Duration,
    /// How long to wait before embedding stored passages again after the model failed.
    retry: Duration,
}

/// Why a document could not be indexed, in words for the page.
struct Failure(String);

impl Worker {
    pub fn new(kb: Arc<KnowledgeBases>, lease: Duration) -> Self {
        Worker { kb, instance: format!("worker-{}", uuid::Uuid::new_v4().simple()), lease, retry: Duration::from_secs(60) }
    }

    /// Waits `retry` (instead of a minute) before asking a failing embedding model again.
    pub fn retrying_after(self, retry: Duration) -> Self {
        Worker { retry, ..self }
    }

    /// Works until the task is dropped.
    pub async fn run(self) {
        if let Err(e) = self.release_stale().await {
            tracing::warn!(error = %e, "releasing the knowledge worker's old leases failed");
        }
        let mut backfill_after = tokio::time::Instant::now();
        loop {
            match self.claim().await {
                Ok(Some(doc)) => {
                    self.process(doc).await;
                    continue;
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "looking for documents to index failed"),
            }
            if tokio::time::Instant::now() >= backfill_after {
                match self.backfill().await {
                    Ok(true) => continue,
                    Ok(false) => {}
                    Err(e) => {
                        tracing::warn!(error = %e, "embedding stored passages failed; trying again later");
                        backfill_after = tokio::time::Instant::now() + self.retry;
                    }
                }
            }
            tokio::select! {
                _ = self.kb.wake.notified() => {}
                _ = tokio::time::sleep(IDLE_POLL) => {}
            }
        }
    }

    /// With SQLite only this process works on the database: the leases of the process
    /// before it (stopped mid-document) are released at once instead of lapsing.
    async fn release_stale(&self) -> Result<(), sqlx::Error> {
        let store = self.kb.store.store();
        if store.backend() == Backend::Sqlite {
            sqlx::query("UPDATE knowledge_documents SET lease_until = NULL, lease_owner = NULL WHERE status IN ('queued', 'extracting', 'indexing')")
                .execute(store.writes())
                .await?;
        }
        Ok(())
    }

    /// Takes the oldest document waiting, or one whose lease lapsed.
    async fn claim(&self) -> Result<Option<KbDocument>, sqlx::Error> {
        let store = self.kb.store.store();
        let now = waybill_store::now_ms();
        let candidates = sqlx::query(
            "SELECT tenant_id, id FROM knowledge_documents WHERE status IN ('queued', 'extracting', 'indexing') \
             AND (lease_until IS NULL OR lease_until < $1) ORDER BY created_at, id LIMIT 8",
        )
        .bind(now)
        .fetch_all(store.reads())
        .await?;
        for row in candidates {
            let tenant_id: String = row.try_get("tenant_id")?;
            let id: String = row.try_get("id")?;
            let taken = sqlx::query(
                "UPDATE knowledge_documents SET lease_owner = $1, lease_until = $2, attempts = attempts + 1, status = 'extracting', done = 0, total = 0, updated_at = $3 \
                 WHERE tenant_id = $4 AND id = $5 AND status IN ('queued', 'extracting', 'indexing') AND (lease_until IS NULL OR lease_until < $6)",
            )
            .bind(&self.instance)
            .bind(now + self.lease.as_millis() as i64)
            .bind(now)
            .bind(&tenant_id)
            .bind(&id)
            .bind(now)
            .execute(store.writes())
            .await?;
            if taken.rows_affected() == 1 {
                let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {DOC_COLUMNS} FROM knowledge_documents WHERE tenant_id = $1 AND id = $2")))
                    .bind(&tenant_id)
                    .bind(&id)
                    .fetch_optional(store.reads())
                    .await?;
                if let Some(row) = row {
                    return Ok(Some(document_of(&row)?));
                }
            }
        }
        Ok(None)
    }

    async fn process(&self, doc: KbDocument) {
        let outcome = if doc.attempts > MAX_ATTEMPTS {
            Err(Failure(format!("It could not be indexed in {MAX_ATTEMPTS} attempts: the service stopped while reading it each time")))
        } else {
            self.index(&doc).await
        };
        let result = match outcome {
            Ok(()) => Ok(()),
            Err(Failure(reason)) => self.fail(&doc, &reason).await,
        };
        if let Err(e) = result {
            tracing::warn!(error = %e, document = %doc.id, "recording a document's ingestion failed");
        }
    }

    /// Marks a document failed (and its passages gone), keeping the knowledge base as it was.
    async fn fail(&self, doc: &KbDocument, reason: &str) -> Result<(), sqlx::Error> {
        let store = self.kb.store.store();
        let mut tx = store.begin_write().await.map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        sqlx::query("DELETE FROM knowledge_chunks WHERE tenant_id = $1 AND document_id = $2").bind(&doc.tenant_id).bind(&doc.id).execute(&mut *tx).await?;
        sqlx::query(
            "UPDATE knowledge_documents SET status = 'failed', error = $1, chunks = 0, lease_owner = NULL, lease_until = NULL, updated_at = $2 \
             WHERE tenant_id = $3 AND id = $4 AND lease_owner = $5",
        )
        .bind(reason)
        .bind(waybill_store::now_ms())
        .bind(&doc.tenant_id)
        .bind(&doc.id)
        .bind(&self.instance)
        .execute(&mut *tx)
        .await?;
        tx.commit().await
    }

    /// Writes progress and renews the lease; false when the document is no longer ours
    /// (removed meanwhile, or taken over after our lease lapsed).
    async fn progress(&self, doc: &KbDocument, status: &str, done: i64, total: i64) -> Result<bool, Failure> {
        let now = waybill_store::now_ms();
        let updated = sqlx::query(
            "UPDATE knowledge_documents SET status = $1, done = $2, total = $3, lease_until = $4, updated_at = $5 WHERE tenant_id = $6 AND id = $7 AND lease_owner = $8",
        )
        .bind(status)
        .bind(done)
        .bind(total)
        .bind(now + self.lease.as_millis() as i64)
        .bind(now)
        .bind(&doc.tenant_id)
        .bind(&doc.id)
        .bind(&self.instance)
        .execute(self.kb.store.store().writes())
        .await
        .map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
        Ok(updated.rows_affected() == 1)
    }

    async fn index(&self, doc: &KbDocument) -> Result<(), Failure> {
        let kb = &self.kb;
        let store = kb.store.store();
        let file = store
            .file(Owner { tenant_id: &doc.tenant_id, user_id: &doc.created_by }, &doc.file_id)
            .await
            .map_err(|e| Failure(format!("The knowledge store failed: {e}")))?
            .ok_or_else(|| Failure("The document's file is no longer there; upload it again".into()))?;
        let bytes = kb
            .files
            .read(&file, waybill_files::UPLOAD_LIMIT)
            .await
            .map_err(|e| Failure(format!("The document's file could not be read: {e}")))?
            .ok_or_else(|| Failure(format!("The document is larger than {}", waybill_files::UPLOAD_LIMIT_LABEL)))?;
        let head = &bytes[..bytes.len().min(8192)];
        let format = waybill_extract::detect(&doc.filename, &doc.media_type, head).ok_or_else(|| Failure(super::unsupported(&doc.filename)))?;

        // Extract on a blocking thread; progress comes back through a watch channel.
        let (tx, mut rx) = tokio::sync::watch::channel((0u32, 0u32));
        let limits = waybill_extract::Limits::default();
        let chunk_chars = kb.settings.chunk_chars;
        let work = tokio::task::spawn_blocking(move || {
            let mut report = |done: u32, total: u32| {
                let _ = tx.send((done, total));
            };
            let document = waybill_extract::extract(format, &bytes, &limits, &mut report)?;
            Ok::<_, waybill_extract::ExtractError>((document.pages, waybill_extract::chunk(&document, chunk_chars)))
        });
        tokio::pin!(work);
        let extracted = loop {
            tokio::select! {
                done = &mut work => break done,
                _ = tokio::time::sleep(PROGRESS_EVERY) => {
                    let (done, total) = *rx.borrow_and_update();
                    if !self.progress(doc, "extracting", i64::from(done), i64::from(total)).await? {
                        return Ok(());
                    }
                }
            }
        };
        let (pages, chunks) = match extracted {
            Ok(Ok(done)) => done,
            Ok(Err(e)) => return Err(Failure(e.to_string())),
            Err(e) => {
                tracing::error!(error = %e, document = %doc.id, "extracting a document's text failed");
                return Err(Failure("The document's text could not be read".into()));
            }
        };
        if chunks.is_empty() {
            return Err(Failure("The document has no text to index".into()));
        }

        let total = chunks.len() as i64;
        if !self.progress(doc, "indexing", 0, total).await? {
            return Ok(());
        }
        sqlx::query("DELETE FROM knowledge_chunks WHERE tenant_id = $1 AND document_id = $2")
            .bind(&doc.tenant_id)
            .bind(&doc.id)
            .execute(store.writes())
            .await
            .map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
        let mut notice = None;
        let mut written = 0i64;
        for batch in chunks.chunks(BATCH) {
            let vectors = match (&kb.embedder, &notice) {
                (Some(embedder), None) => {
                    let texts: Vec<String> = batch.iter().map(|c| super::index::indexed_text(&doc.filename, &c.section, &c.text)).collect();
                    match embedder.embed(&texts, Purpose::Document).await {
                        Ok(v) => Some(v),
                        Err(e) => {
                            tracing::warn!(error = %e, document = %doc.id, "embedding passages failed; the document is searchable by words");
                            notice = Some(format!("Indexed for word search only: {e}. Its passages are embedded later."));
                            None
                        }
                    }
                }
                _ => None,
            };
            let model = vectors.as_ref().and(kb.model());
            let mut tx = store.begin_write().await.map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
            for (i, c) in batch.iter().enumerate() {
                let vector = vectors.as_ref().map(|v| vector_bytes(&unit(v[i].clone())));
                sqlx::query(
                    "INSERT INTO knowledge_chunks (tenant_id, kb_id, document_id, seq, page, section, text, embedding, embedding_model) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(&doc.tenant_id)
                .bind(&doc.kb_id)
                .bind(&doc.id)
                .bind(i64::from(c.seq))
                .bind(c.page.map(i64::from))
                .bind(&c.section)
                .bind(&c.text)
                .bind(vector)
                .bind(model)
                .execute(&mut *tx)
                .await
                .map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
            }
            tx.commit().await.map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
            written += batch.len() as i64;
            if !self.progress(doc, "indexing", written, total).await? {
                return self.discard(doc).await;
            }
        }

        let mut tx = store.begin_write().await.map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
        let finished = sqlx::query(
            "UPDATE knowledge_documents SET status = 'ready', done = $1, total = $1, chunks = $1, pages = $2, notice = $3, error = NULL, \
             lease_owner = NULL, lease_until = NULL, updated_at = $4 WHERE tenant_id = $5 AND id = $6 AND lease_owner = $7",
        )
        .bind(total)
        .bind(pages.map(i64::from))
        .bind(notice)
        .bind(waybill_store::now_ms())
        .bind(&doc.tenant_id)
        .bind(&doc.id)
        .bind(&self.instance)
        .execute(&mut *tx)
        .await
        .map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
        if finished.rows_affected() == 0 {
            drop(tx);
            return self.discard(doc).await;
        }
        bump(&mut tx, &doc.tenant_id, &doc.kb_id).await.map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
        tx.commit().await.map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
        Ok(())
    }

    /// Drops what was written for a document removed (or taken over) while it was indexed.
    async fn discard(&self, doc: &KbDocument) -> Result<(), Failure> {
        let still = sqlx::query("SELECT lease_owner FROM knowledge_documents WHERE tenant_id = $1 AND id = $2")
            .bind(&doc.tenant_id)
            .bind(&doc.id)
            .fetch_optional(self.kb.store.store().reads())
            .await
            .map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
        if still.is_none() {
            sqlx::query("DELETE FROM knowledge_chunks WHERE tenant_id = $1 AND document_id = $2")
                .bind(&doc.tenant_id)
                .bind(&doc.id)
                .execute(self.kb.store.store().writes())
                .await
                .map_err(|e| Failure(format!("The knowledge store failed: {e}")))?;
        }
        Ok(())
    }

    /// Embeds one batch of passages stored without a vector of the current model; answers
    /// whether there was any.
    async fn backfill(&self) -> Result<bool, String> {
        let (Some(embedder), Some(model)) = (&self.kb.embedder, self.kb.model()) else { return Ok(false) };
        let store = self.kb.store.store();
        let rows = sqlx::query(
            "SELECT c.tenant_id, c.kb_id, c.document_id, c.seq, c.section, c.text, d.filename FROM knowledge_chunks c \
             JOIN knowledge_documents d ON d.tenant_id = c.tenant_id AND d.id = c.document_id \
             WHERE d.status = 'ready' AND (c.embedding_model IS NULL OR c.embedding_model <> $1) LIMIT 64",
        )
        .bind(model)
        .fetch_all(store.reads())
        .await
        .map_err(|e| e.to_string())?;
        if rows.is_empty() {
            return Ok(false);
        }
        let get = |row: &sqlx::any::AnyRow, col: &str| row.try_get::<String, _>(col).unwrap_or_default();
        let texts: Vec<String> = rows.iter().map(|r| super::index::indexed_text(&get(r, "filename"), &get(r, "section"), &get(r, "text"))).collect();
        let vectors = embedder.embed(&texts, Purpose::Document).await.map_err(|e| e.to_string())?;
        let mut tx = store.begin_write().await.map_err(|e| e.to_string())?;
        let mut touched = std::collections::BTreeSet::new();
        for (row, vector) in rows.iter().zip(vectors) {
            let seq: i64 = row.try_get("seq").map_err(|e| e.to_string())?;
            sqlx::query("UPDATE knowledge_chunks SET embedding = $1, embedding_model = $2 WHERE tenant_id = $3 AND document_id = $4 AND seq = $5")
                .bind(vector_bytes(&unit(vector)))
                .bind(model)
                .bind(get(row, "tenant_id"))
                .bind(get(row, "document_id"))
                .bind(seq)
                .execute(&mut *tx)
                .await
                .map_err(|e| e.to_string())?;
            touched.insert((get(row, "tenant_id"), get(row, "kb_id"), get(row, "document_id")));
        }
        for (tenant, kb, document) in &touched {
            sqlx::query("UPDATE knowledge_documents SET notice = NULL, updated_at = $1 WHERE tenant_id = $2 AND id = $3")
                .bind(waybill_store::now_ms())
                .bind(tenant)
                .bind(document)
                .execute(&mut *tx)
                .await
                .map_err(|e| e.to_string())?;
            bump(&mut tx, tenant, kb).await.map_err(|e| e.to_string())?;
        }
        tx.commit().await.map_err(|e| e.to_string())?;
        Ok(true)
    }
}
