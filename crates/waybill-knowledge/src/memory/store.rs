//! Memories, stored per tenant: a member's personal memories are theirs alone; the
//! tenant's system memories are read by every member and written by its admins. Every
//! method takes who asks and filters by it, so another member's or tenant's memory
//! answers "not found", as one that does not exist.

use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;
use ts_rs::TS;
use waybill_store::Store;

use crate::text::Ranker;

/// The longest memory kept: a fact, not a document.
pub const MAX_CONTENT: usize = 2_000;
/// How many personal memories a member keeps.
pub const MAX_PERSONAL: i64 = 1_000;
/// How many system memories a tenant keeps.
pub const MAX_SYSTEM: i64 = 5_000;

/// Whose a memory is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "tools/memory/")]
pub enum MemoryType {
    /// The member's own.
    Personal,
    /// The tenant's, managed by its admins.
    System,
}

impl MemoryType {
    fn as_str(self) -> &'static str {
        match self {
            MemoryType::Personal => "personal",
            MemoryType::System => "system",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "tools/memory/")]
pub enum Importance {
    Low,
    #[default]
    Medium,
    High,
}

impl Importance {
    fn as_str(self) -> &'static str {
        match self {
            Importance::Low => "low",
            Importance::Medium => "medium",
            Importance::High => "high",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "low" => Importance::Low,
            "high" => Importance::High,
            _ => Importance::Medium,
        }
    }
}

/// How a memory came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "tools/memory/")]
pub enum Source {
    /// The assistant saved it in a chat.
    Chat,
    /// Someone wrote it on the memories page.
    Manual,
}

impl Source {
    fn as_str(self) -> &'static str {
        match self {
            Source::Chat => "chat",
            Source::Manual => "manual",
        }
    }
}

/// Who asks: the tenant, the member, and whether they administer the tenant.
#[derive(Debug, Clone, Copy)]
pub struct Who<'a> {
    pub tenant_id: &'a str,
    pub user_id: &'a str,
    pub admin: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Memory {
    pub id: String,
    pub memory_type: MemoryType,
    pub content: String,
    pub importance: Importance,
    pub source: Source,
    pub created_by: String,
    pub created_ms: i64,
    pub updated_ms: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum MemoryError {
    #[error("Memory not found")]
    NotFound,
    #[error("Only administrators can change the company's system memories")]
    Forbidden,
    #[error("A memory needs some text")]
    Empty,
    #[error("A memory is at most {MAX_CONTENT} characters; this one has {0}")]
    TooLong(usize),
    #[error("{0}")]
    Full(String),
    #[error("the memory store failed: {0}")]
    Store(String),
}

impl From<sqlx::Error> for MemoryError {
    fn from(e: sqlx::Error) -> Self {
        tracing::error!(error = %e, "the memory store failed");
        MemoryError::Store(e.to_string())
    }
}

/// One page of a member's memories and how many match.
#[derive(Debug, Clone)]
pub struct MemoryPage {
    pub memories: Vec<Memory>,
    pub total: i64,
}

/// What a listing asks for.
#[derive(Debug, Clone, Default)]
pub struct ListQuery<'a> {
    pub memory_type: Option<MemoryType>,
    /// Words the memory holds (any case).
    pub search: Option<&'a str>,
    pub limit: i64,
    pub offset: i64,
}

const COLUMNS: &str = "id, kind, content, importance, source, created_by, created_at, updated_at";

fn memory_of(row: &AnyRow) -> Result<Memory, sqlx::Error> {
    let kind: String = row.try_get("kind")?;
    let importance: String = row.try_get("importance")?;
    let source: String = row.try_get("source")?;
    Ok(Memory {
        id: row.try_get("id")?,
        memory_type: if kind == "system" { MemoryType::System } else { MemoryType::Personal },
        content: row.try_get("content")?,
        importance: Importance::parse(&importance),
        source: if source == "manual" { Source::Manual } else { Source::Chat },
        created_by: row.try_get("created_by")?,
        created_ms: row.try_get("created_at")?,
        updated_ms: row.try_get("updated_at")?,
    })
}

/// The condition of the memories `who` may read (binds `$1` tenant and `$2` user).
const VISIBLE: &str = "tenant_id = $1 AND (kind = 'system' OR owner_id = $2)";

fn checked(content: &str) -> Result<String, MemoryError> {
    let content = content.trim();
    if content.is_empty() {
        return Err(MemoryError::Empty);
    }
    let n = content.chars().count();
    if n > MAX_CONTENT {
        return Err(MemoryError::TooLong(n));
    }
    Ok(content.to_owned())
}

/// The memories service over the store.
#[derive(Clone)]
pub struct Memories {
    store: Store,
}

impl Memories {
    pub fn new(store: Store) -> Self {
        Memories { store }
    }

    /// Keeps a new memory; a system memory only from an admin.
    pub async fn add(&self, who: Who<'_>, memory_type: MemoryType, content: &str, importance: Importance, source: Source) -> Result<Memory, MemoryError> {
        if memory_type == MemoryType::System && !who.admin {
            return Err(MemoryError::Forbidden);
        }
        let content = checked(content)?;
        let (held, most) = match memory_type {
            MemoryType::Personal => (
                sqlx::query("SELECT COUNT(*) AS n FROM memories WHERE tenant_id = $1 AND kind = 'personal' AND owner_id = $2")
                    .bind(who.tenant_id)
                    .bind(who.user_id),
                MAX_PERSONAL,
            ),
            MemoryType::System => (sqlx::query("SELECT COUNT(*) AS n FROM memories WHERE tenant_id = $1 AND kind = 'system'").bind(who.tenant_id), MAX_SYSTEM),
        };
        let held: i64 = held.fetch_one(self.store.reads()).await?.try_get("n")?;
        if held >= most {
            return Err(MemoryError::Full(format!("There are already {most} {} memories; delete some first", memory_type.as_str())));
        }
        let now = waybill_store::now_ms();
        let memory = Memory {
            id: uuid::Uuid::now_v7().to_string(),
            memory_type,
            content,
            importance,
            source,
            created_by: who.user_id.to_owned(),
            created_ms: now,
            updated_ms: now,
        };
        sqlx::query(
            "INSERT INTO memories (tenant_id, id, kind, owner_id, content, importance, source, created_by, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(who.tenant_id)
        .bind(&memory.id)
        .bind(memory_type.as_str())
        .bind((memory_type == MemoryType::Personal).then_some(who.user_id))
        .bind(&memory.content)
        .bind(importance.as_str())
        .bind(source.as_str())
        .bind(who.user_id)
        .bind(now)
        .bind(now)
        .execute(self.store.writes())
        .await?;
        Ok(memory)
    }

    /// A memory `who` may read.
    pub async fn get(&self, who: Who<'_>, id: &str) -> Result<Memory, MemoryError> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM memories WHERE {VISIBLE} AND id = $3")))
            .bind(who.tenant_id)
            .bind(who.user_id)
            .bind(id)
            .fetch_optional(self.store.reads())
            .await?;
        row.as_ref().map(memory_of).transpose()?.ok_or(MemoryError::NotFound)
    }

    /// The memories `who` may read, newest first.
    pub async fn list(&self, who: Who<'_>, query: &ListQuery<'_>) -> Result<MemoryPage, MemoryError> {
        let pattern = waybill_store::like_pattern(query.search);
        let kind = query.memory_type.map_or("", MemoryType::as_str);
        let condition = format!("{VISIBLE} AND ($3 = '' OR kind = $3) AND ($4 = '' OR LOWER(content) LIKE $4 ESCAPE '\\')");
        let bind = |sql: String| sqlx::query(sqlx::AssertSqlSafe(sql)).bind(who.tenant_id).bind(who.user_id).bind(kind).bind(pattern.clone());
        let total: i64 = bind(format!("SELECT COUNT(*) AS n FROM memories WHERE {condition}")).fetch_one(self.store.reads()).await?.try_get("n")?;
        let rows = bind(format!(
            "SELECT {COLUMNS} FROM memories WHERE {condition} ORDER BY created_at DESC, id DESC LIMIT {} OFFSET {}",
            query.limit.clamp(1, 200),
            query.offset.max(0)
        ))
        .fetch_all(self.store.reads())
        .await?;
        Ok(MemoryPage { memories: rows.iter().map(memory_of).collect::<Result<_, _>>()?, total })
    }

    /// The memories most like `query`, best first, scored 0–1 and at least `threshold`.
    pub async fn search(
        &self,
        who: Who<'_>,
        query: &str,
        memory_type: Option<MemoryType>,
        limit: usize,
        threshold: f64,
    ) -> Result<Vec<(Memory, f64)>, MemoryError> {
        let all = self.list(who, &ListQuery { memory_type, search: None, limit: 200, offset: 0 }).await?;
        let mut memories = all.memories;
        // Beyond one page, read the rest: a member holds at most MAX_PERSONAL of their own.
        let mut offset = memories.len() as i64;
        while offset < all.total {
            let next = self.list(who, &ListQuery { memory_type, search: None, limit: 200, offset }).await?;
            if next.memories.is_empty() {
                break;
            }
            offset += next.memories.len() as i64;
            memories.extend(next.memories);
        }
        let ranker = Ranker::new(memories.iter().map(|m| m.content.as_str()));
        let mut scored: Vec<(Memory, f64)> = memories.into_iter().zip(ranker.scores(query)).filter(|(_, s)| *s >= threshold && *s > 0.0).collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.0.created_ms.cmp(&a.0.created_ms)));
        scored.truncate(limit);
        Ok(scored)
    }

    /// Changes a memory's text or importance: the owner's personal one, or a system one by an admin.
    pub async fn update(&self, who: Who<'_>, id: &str, content: Option<&str>, importance: Option<Importance>) -> Result<Memory, MemoryError> {
        let current = self.writable(who, id).await?;
        let content = match content {
            Some(text) => checked(text)?,
            None => current.content,
        };
        let importance = importance.unwrap_or(current.importance);
        sqlx::query("UPDATE memories SET content = $1, importance = $2, updated_at = $3 WHERE tenant_id = $4 AND id = $5")
            .bind(&content)
            .bind(importance.as_str())
            .bind(waybill_store::now_ms())
            .bind(who.tenant_id)
            .bind(id)
            .execute(self.store.writes())
            .await?;
        self.get(who, id).await
    }

    /// Deletes a memory: the owner's personal one, or a system one by an admin.
    pub async fn delete(&self, who: Who<'_>, id: &str) -> Result<Memory, MemoryError> {
        let memory = self.writable(who, id).await?;
        sqlx::query("DELETE FROM memories WHERE tenant_id = $1 AND id = $2").bind(who.tenant_id).bind(id).execute(self.store.writes()).await?;
        Ok(memory)
    }

    async fn writable(&self, who: Who<'_>, id: &str) -> Result<Memory, MemoryError> {
        let memory = self.get(who, id).await?;
        if memory.memory_type == MemoryType::System && !who.admin {
            return Err(MemoryError::Forbidden);
        }
        Ok(memory)
    }
}
