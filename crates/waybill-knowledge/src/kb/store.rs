//! Knowledge bases and their documents, stored per tenant. A company knowledge base is
//! read by every member of the tenant and changed by its admins; a personal one belongs
//! to one member. Every method takes who asks and filters by it, so another member's or
//! tenant's knowledge base answers "not found", as one that does not exist.

use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;
use ts_rs::TS;
use waybill_store::Store;

use crate::Who;

/// The longest name and description of a knowledge base.
pub const MAX_NAME: usize = 100;
pub const MAX_DESCRIPTION: usize = 500;
/// How many knowledge bases a tenant keeps, and a member of their own.
pub const MAX_COMPANY_BASES: i64 = 200;
pub const MAX_PERSONAL_BASES: i64 = 20;
/// How many documents one knowledge base holds.
pub const MAX_DOCUMENTS: i64 = 2_000;

/// Whose a knowledge base is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "tools/knowledge/")]
pub enum KbScope {
    /// The tenant's, managed by its admins, read by every member.
    Company,
    /// One member's own.
    Personal,
}

impl KbScope {
    pub fn as_str(self) -> &'static str {
        match self {
            KbScope::Company => "company",
            KbScope::Personal => "personal",
        }
    }
}

/// Where a document's ingestion stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "tools/knowledge/")]
pub enum DocStatus {
    /// Waiting for a worker.
    Queued,
    /// Its text is being read (progress in pages or parts).
    Extracting,
    /// Its passages are being stored and embedded (progress in passages).
    Indexing,
    /// Searchable.
    Ready,
    /// Could not be indexed; `error` says why.
    Failed,
}

impl DocStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            DocStatus::Queued => "queued",
            DocStatus::Extracting => "extracting",
            DocStatus::Indexing => "indexing",
            DocStatus::Ready => "ready",
            DocStatus::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "extracting" => DocStatus::Extracting,
            "indexing" => DocStatus::Indexing,
            "ready" => DocStatus::Ready,
            "failed" => DocStatus::Failed,
            _ => DocStatus::Queued,
        }
    }

    /// Still on its way to ready or failed.
    pub fn pending(self) -> bool {
        matches!(self, DocStatus::Queued | DocStatus::Extracting | DocStatus::Indexing)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct KnowledgeBase {
    pub id: String,
    pub scope: KbScope,
    pub owner_id: Option<String>,
    pub name: String,
    pub description: String,
    pub created_by: String,
    pub created_ms: i64,
    pub updated_ms: i64,
    pub version: i64,
    /// Its documents, those ready, and their passages.
    pub documents: i64,
    pub ready: i64,
    pub chunks: i64,
}

impl KnowledgeBase {
    /// Whether `who` may change it: its owner, or for the company's an admin.
    pub fn writable_by(&self, who: Who<'_>) -> bool {
        match self.scope {
            KbScope::Company => who.admin,
            KbScope::Personal => self.owner_id.as_deref() == Some(who.user_id),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct KbDocument {
    pub tenant_id: String,
    pub id: String,
    pub kb_id: String,
    pub file_id: String,
    pub filename: String,
    pub media_type: String,
    pub size: i64,
    pub status: DocStatus,
    pub done: i64,
    pub total: i64,
    pub error: Option<String>,
    /// Something to know about a ready document (indexed for word search only, say).
    pub notice: Option<String>,
    pub pages: Option<i64>,
    pub chunks: i64,
    pub attempts: i64,
    pub created_by: String,
    pub created_ms: i64,
    pub updated_ms: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum KbError {
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    Unsupported(String),
    #[error("{0}")]
    Full(String),
    #[error("the knowledge store failed: {0}")]
    Store(String),
    /// The index is still being loaded after a start; says since when.
    #[error("{0}")]
    Warming(String),
}

impl From<sqlx::Error> for KbError {
    fn from(e: sqlx::Error) -> Self {
        tracing::error!(error = %e, "the knowledge store failed");
        KbError::Store(e.to_string())
    }
}

const KB_COLUMNS: &str = "kb.id, kb.scope, kb.owner_id, kb.name, kb.description, kb.created_by, kb.created_at, kb.updated_at, kb.version, \
     (SELECT COUNT(*) FROM knowledge_documents d WHERE d.tenant_id = kb.tenant_id AND d.kb_id = kb.id) AS documents, \
     (SELECT COUNT(*) FROM knowledge_documents d WHERE d.tenant_id = kb.tenant_id AND d.kb_id = kb.id AND d.status = 'ready') AS ready, \
     (SELECT CAST(COALESCE(SUM(d.chunks), 0) AS BIGINT) FROM knowledge_documents d WHERE d.tenant_id = kb.tenant_id AND d.kb_id = kb.id AND d.status = 'ready') AS chunks";

/// The knowledge bases `who` may read (binds `$1` tenant and `$2` user).
const READABLE: &str = "kb.tenant_id = $1 AND (kb.scope = 'company' OR kb.owner_id = $2)";

fn base_of(row: &AnyRow) -> Result<KnowledgeBase, sqlx::Error> {
    let scope: String = row.try_get("scope")?;
    Ok(KnowledgeBase {
        id: row.try_get("id")?,
        scope: if scope == "company" { KbScope::Company } else { KbScope::Personal },
        owner_id: row.try_get("owner_id")?,
        name: row.try_get("name")?,
        description: row.try_get("description")?,
        created_by: row.try_get("created_by")?,
        created_ms: row.try_get("created_at")?,
        updated_ms: row.try_get("updated_at")?,
        version: row.try_get("version")?,
        documents: row.try_get("documents")?,
        ready: row.try_get("ready")?,
        chunks: row.try_get("chunks")?,
    })
}

pub(crate) const DOC_COLUMNS: &str = "tenant_id, id, kb_id, file_id, filename, media_type, size, status, done, total, error, notice, pages, chunks, attempts, created_by, created_at, updated_at";

pub(crate) fn document_of(row: &AnyRow) -> Result<KbDocument, sqlx::Error> {
    let status: String = row.try_get("status")?;
    Ok(KbDocument {
        tenant_id: row.try_get("tenant_id")?,
        id: row.try_get("id")?,
        kb_id: row.try_get("kb_id")?,
        file_id: row.try_get("file_id")?,
        filename: row.try_get("filename")?,
        media_type: row.try_get("media_type")?,
        size: row.try_get("size")?,
        status: DocStatus::parse(&status),
        done: row.try_get("done")?,
        total: row.try_get("total")?,
        error: row.try_get("error")?,
        notice: row.try_get("notice")?,
        pages: row.try_get("pages")?,
        chunks: row.try_get("chunks")?,
        attempts: row.try_get("attempts")?,
        created_by: row.try_get("created_by")?,
        created_ms: row.try_get("created_at")?,
        updated_ms: row.try_get("updated_at")?,
    })
}

/// A name or description trimmed and checked against its limit.
fn bounded(text: &str, what: &str, most: usize, required: bool) -> Result<String, KbError> {
    let text = text.trim();
    if required && text.is_empty() {
        return Err(KbError::Invalid(format!("A knowledge base needs a {what}")));
    }
    let n = text.chars().count();
    if n > most {
        return Err(KbError::Invalid(format!("A knowledge base's {what} is at most {most} characters; this one has {n}")));
    }
    Ok(text.to_owned())
}

/// A file to add to a knowledge base, as the file service recorded it.
#[derive(Debug, Clone)]
pub struct NewDocument<'a> {
    pub file_id: &'a str,
    pub filename: &'a str,
    pub media_type: &'a str,
    pub size: i64,
}

/// Knowledge bases and their documents over the store.
#[derive(Clone)]
pub struct KbStore {
    store: Store,
}

impl KbStore {
    pub fn new(store: Store) -> Self {
        KbStore { store }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The knowledge bases `who` may read: the company's, then their own, by name.
    pub async fn list(&self, who: Who<'_>) -> Result<Vec<KnowledgeBase>, KbError> {
        let rows =
            sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {KB_COLUMNS} FROM knowledge_bases kb WHERE {READABLE} ORDER BY kb.scope, LOWER(kb.name), kb.id")))
                .bind(who.tenant_id)
                .bind(who.user_id)
                .fetch_all(self.store.reads())
                .await?;
        Ok(rows.iter().map(base_of).collect::<Result<_, _>>()?)
    }

    /// Every knowledge base of every tenant that has a document ready, as (tenant, id,
    /// version): what the warm-up reads. Not scoped by a caller: no route may use it.
    pub(crate) async fn all_with_versions(&self) -> Result<Vec<(String, String, i64)>, KbError> {
        let rows = sqlx::query(
            "SELECT kb.tenant_id, kb.id, kb.version FROM knowledge_bases kb \
             WHERE EXISTS (SELECT 1 FROM knowledge_documents d WHERE d.tenant_id = kb.tenant_id AND d.kb_id = kb.id AND d.status = 'ready') \
             ORDER BY kb.tenant_id, kb.id",
        )
        .fetch_all(self.store.reads())
        .await?;
        Ok(rows.iter().map(|r| Ok((r.try_get("tenant_id")?, r.try_get("id")?, r.try_get("version")?))).collect::<Result<_, sqlx::Error>>()?)
    }

    /// A knowledge base `who` may read.
    pub async fn get(&self, who: Who<'_>, id: &str) -> Result<KnowledgeBase, KbError> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {KB_COLUMNS} FROM knowledge_bases kb WHERE {READABLE} AND kb.id = $3")))
            .bind(who.tenant_id)
            .bind(who.user_id)
            .bind(id)
            .fetch_optional(self.store.reads())
            .await?;
        row.as_ref().map(base_of).transpose()?.ok_or(KbError::NotFound("Knowledge base"))
    }

    /// A knowledge base `who` may change.
    pub async fn writable(&self, who: Who<'_>, id: &str) -> Result<KnowledgeBase, KbError> {
        let kb = self.get(who, id).await?;
        if !kb.writable_by(who) {
            return Err(KbError::Forbidden("Only administrators can change the company's knowledge bases"));
        }
        Ok(kb)
    }

    pub async fn create(&self, who: Who<'_>, scope: KbScope, name: &str, description: &str) -> Result<KnowledgeBase, KbError> {
        if scope == KbScope::Company && !who.admin {
            return Err(KbError::Forbidden("Only administrators can create the company's knowledge bases"));
        }
        let name = bounded(name, "name", MAX_NAME, true)?;
        let description = bounded(description, "description", MAX_DESCRIPTION, false)?;
        let (held, most) = match scope {
            KbScope::Company => {
                (sqlx::query("SELECT COUNT(*) AS n FROM knowledge_bases WHERE tenant_id = $1 AND scope = 'company'").bind(who.tenant_id), MAX_COMPANY_BASES)
            }
            KbScope::Personal => (
                sqlx::query("SELECT COUNT(*) AS n FROM knowledge_bases WHERE tenant_id = $1 AND scope = 'personal' AND owner_id = $2")
                    .bind(who.tenant_id)
                    .bind(who.user_id),
                MAX_PERSONAL_BASES,
            ),
        };
        let held: i64 = held.fetch_one(self.store.reads()).await?.try_get("n")?;
        if held >= most {
            return Err(KbError::Full(format!("There are already {most} {} knowledge bases; delete one first", scope.as_str())));
        }
        let id = format!("kb-{}", uuid::Uuid::now_v7().simple());
        let now = waybill_store::now_ms();
        sqlx::query(
            "INSERT INTO knowledge_bases (tenant_id, id, scope, owner_id, name, description, created_by, created_at, updated_at, version) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1)",
        )
        .bind(who.tenant_id)
        .bind(&id)
        .bind(scope.as_str())
        .bind((scope == KbScope::Personal).then_some(who.user_id))
        .bind(&name)
        .bind(&description)
        .bind(who.user_id)
        .bind(now)
        .bind(now)
        .execute(self.store.writes())
        .await?;
        self.get(who, &id).await
    }

    pub async fn update(&self, who: Who<'_>, id: &str, name: Option<&str>, description: Option<&str>) -> Result<KnowledgeBase, KbError> {
        let current = self.writable(who, id).await?;
        let name = name.map(|n| bounded(n, "name", MAX_NAME, true)).transpose()?.unwrap_or(current.name);
        let description = description.map(|d| bounded(d, "description", MAX_DESCRIPTION, false)).transpose()?.unwrap_or(current.description);
        sqlx::query("UPDATE knowledge_bases SET name = $1, description = $2, updated_at = $3 WHERE tenant_id = $4 AND id = $5")
            .bind(&name)
            .bind(&description)
            .bind(waybill_store::now_ms())
            .bind(who.tenant_id)
            .bind(id)
            .execute(self.store.writes())
            .await?;
        self.get(who, id).await
    }

    /// Deletes a knowledge base with its documents and passages; answers the documents'
    /// files, which the caller removes from the file service.
    pub async fn delete(&self, who: Who<'_>, id: &str) -> Result<Vec<String>, KbError> {
        self.writable(who, id).await?;
        let files: Vec<String> = sqlx::query("SELECT file_id FROM knowledge_documents WHERE tenant_id = $1 AND kb_id = $2")
            .bind(who.tenant_id)
            .bind(id)
            .fetch_all(self.store.reads())
            .await?
            .iter()
            .map(|r| r.try_get("file_id"))
            .collect::<Result<_, _>>()?;
        let mut tx = self.store.begin_write().await.map_err(|e| KbError::Store(e.to_string()))?;
        for sql in [
            "DELETE FROM knowledge_chunks WHERE tenant_id = $1 AND kb_id = $2",
            "DELETE FROM knowledge_documents WHERE tenant_id = $1 AND kb_id = $2",
            "DELETE FROM knowledge_bases WHERE tenant_id = $1 AND id = $2",
        ] {
            sqlx::query(sql).bind(who.tenant_id).bind(id).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(files)
    }

    /// The documents of a knowledge base `who` may read, newest first.
    pub async fn documents(&self, who: Who<'_>, kb_id: &str) -> Result<Vec<KbDocument>, KbError> {
        self.get(who, kb_id).await?;
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {DOC_COLUMNS} FROM knowledge_documents WHERE tenant_id = $1 AND kb_id = $2 ORDER BY created_at DESC, id DESC"
        )))
        .bind(who.tenant_id)
        .bind(kb_id)
        .fetch_all(self.store.reads())
        .await?;
        Ok(rows.iter().map(document_of).collect::<Result<_, _>>()?)
    }

    /// One document of a knowledge base `who` may read.
    pub async fn document(&self, who: Who<'_>, kb_id: &str, id: &str) -> Result<KbDocument, KbError> {
        self.get(who, kb_id).await?;
        let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {DOC_COLUMNS} FROM knowledge_documents WHERE tenant_id = $1 AND kb_id = $2 AND id = $3")))
            .bind(who.tenant_id)
            .bind(kb_id)
            .bind(id)
            .fetch_optional(self.store.reads())
            .await?;
        row.as_ref().map(document_of).transpose()?.ok_or(KbError::NotFound("Document"))
    }

    /// Queues files for ingestion into a knowledge base `who` may change.
    pub async fn add_documents(&self, who: Who<'_>, kb_id: &str, files: &[NewDocument<'_>]) -> Result<Vec<KbDocument>, KbError> {
        let kb = self.writable(who, kb_id).await?;
        if kb.documents + files.len() as i64 > MAX_DOCUMENTS {
            return Err(KbError::Full(format!("A knowledge base holds at most {MAX_DOCUMENTS} documents; this one has {}", kb.documents)));
        }
        let now = waybill_store::now_ms();
        let mut ids = Vec::new();
        let mut tx = self.store.begin_write().await.map_err(|e| KbError::Store(e.to_string()))?;
        for file in files {
            let id = format!("doc-{}", uuid::Uuid::now_v7().simple());
            sqlx::query(
                "INSERT INTO knowledge_documents (tenant_id, id, kb_id, file_id, filename, media_type, size, status, done, total, chunks, attempts, created_by, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', 0, 0, 0, 0, $8, $9, $10)",
            )
            .bind(who.tenant_id)
            .bind(&id)
            .bind(kb_id)
            .bind(file.file_id)
            .bind(file.filename)
            .bind(file.media_type)
            .bind(file.size)
            .bind(who.user_id)
            .bind(now)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            ids.push(id);
        }
        sqlx::query("UPDATE knowledge_bases SET updated_at = $1 WHERE tenant_id = $2 AND id = $3")
            .bind(now)
            .bind(who.tenant_id)
            .bind(kb_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        let mut added = Vec::new();
        for id in ids {
            added.push(self.document(who, kb_id, &id).await?);
        }
        Ok(added)
    }

    /// Removes a document and its passages; answers its file, which the caller removes
    /// from the file service.
    pub async fn remove_document(&self, who: Who<'_>, kb_id: &str, id: &str) -> Result<KbDocument, KbError> {
        self.writable(who, kb_id).await?;
        let doc = self.document(who, kb_id, id).await?;
        let mut tx = self.store.begin_write().await.map_err(|e| KbError::Store(e.to_string()))?;
        sqlx::query("DELETE FROM knowledge_chunks WHERE tenant_id = $1 AND document_id = $2").bind(who.tenant_id).bind(id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM knowledge_documents WHERE tenant_id = $1 AND id = $2").bind(who.tenant_id).bind(id).execute(&mut *tx).await?;
        bump(&mut tx, who.tenant_id, kb_id).await?;
        tx.commit().await?;
        Ok(doc)
    }

    /// Queues a failed document again.
    pub async fn retry_document(&self, who: Who<'_>, kb_id: &str, id: &str) -> Result<KbDocument, KbError> {
        self.writable(who, kb_id).await?;
        let doc = self.document(who, kb_id, id).await?;
        if doc.status != DocStatus::Failed {
            return Err(KbError::Invalid("Only a document that failed can be tried again".into()));
        }
        sqlx::query(
            "UPDATE knowledge_documents SET status = 'queued', done = 0, total = 0, error = NULL, attempts = 0, lease_owner = NULL, lease_until = NULL, updated_at = $1 \
             WHERE tenant_id = $2 AND id = $3",
        )
        .bind(waybill_store::now_ms())
        .bind(who.tenant_id)
        .bind(id)
        .execute(self.store.writes())
        .await?;
        self.document(who, kb_id, id).await
    }
}

/// Marks a knowledge base's searchable content as changed.
pub(crate) async fn bump(tx: &mut sqlx::Transaction<'static, sqlx::Any>, tenant_id: &str, kb_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE knowledge_bases SET version = version + 1, updated_at = $1 WHERE tenant_id = $2 AND id = $3")
        .bind(waybill_store::now_ms())
        .bind(tenant_id)
        .bind(kb_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
