//! `/api/memories`: what the assistant remembers, for the memories page. Members list,
//! search, change and delete their personal memories and read the company's system
//! memories; admins also write those. Another member's or tenant's memory answers 404;
//! a member writing a system memory, 403.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_routes::{ApiError, Error, Json, Path, Query, RequestContext, Result};

use crate::memory::{Importance, ListQuery, Memories, Memory, MemoryError, MemoryType, Source, Who};

/// A memory as the page shows it.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemoryItem {
    pub id: String,
    pub memory: String,
    #[ts(type = "import(\"./tools/memory/MemoryType\").MemoryType")]
    pub memory_type: MemoryType,
    #[ts(type = "import(\"./tools/memory/Importance\").Importance")]
    pub importance: Importance,
    #[ts(type = "import(\"./tools/memory/Source\").Source")]
    pub source: Source,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    pub updated_at: i64,
    /// Whether the caller may change or delete it.
    pub editable: bool,
    /// How well it matches a search, 0–1.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub score: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct MemoryList {
    pub memories: Vec<MemoryItem>,
    /// How many match, across all pages.
    pub total: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MemoryListQuery {
    /// `personal` or `system`; both when absent.
    #[serde(rename = "type")]
    pub memory_type: Option<MemoryType>,
    /// Text the memory holds; case is ignored.
    #[param(max_length = 200)]
    pub q: Option<String>,
    /// At most this many (1–200, default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<i64>,
    #[param(minimum = 0, maximum = 1_000_000_000)]
    pub offset: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MemorySearchQuery {
    /// What to look for, ranked as the assistant ranks it.
    #[param(min_length = 1, max_length = 500)]
    pub q: String,
    /// `personal` or `system`; both when absent.
    #[serde(rename = "type")]
    pub memory_type: Option<MemoryType>,
    /// The least score, 0–1 (default 0.3).
    #[param(minimum = 0, maximum = 1)]
    pub threshold: Option<f64>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct NewMemory {
    #[schema(min_length = 1, max_length = 2000, pattern = "\\S")]
    pub memory: String,
    #[serde(default)]
    #[ts(optional, type = "import(\"./tools/memory/Importance\").Importance")]
    pub importance: Option<Importance>,
    /// `personal` (the default) or `system` (admins only).
    #[serde(default)]
    #[ts(optional, type = "import(\"./tools/memory/MemoryType\").MemoryType")]
    pub memory_type: Option<MemoryType>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct MemoryChange {
    #[serde(default)]
    #[ts(optional)]
    #[schema(min_length = 1, max_length = 2000, pattern = "\\S")]
    pub memory: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "import(\"./tools/memory/Importance\").Importance")]
    pub importance: Option<Importance>,
}

pub fn router() -> OpenApiRouter<Memories> {
    OpenApiRouter::new().routes(routes!(list_memories, add_memory)).routes(routes!(search_memories)).routes(routes!(change_memory, delete_memory))
}

fn who(ctx: &RequestContext) -> Who<'_> {
    Who { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id, admin: ctx.is_admin }
}

fn item(ctx: &RequestContext, memory: Memory, score: Option<f64>) -> MemoryItem {
    MemoryItem {
        editable: memory.memory_type == MemoryType::Personal || ctx.is_admin,
        id: memory.id,
        memory: memory.content,
        memory_type: memory.memory_type,
        importance: memory.importance,
        source: memory.source,
        created_at: memory.created_ms,
        updated_at: memory.updated_ms,
        score: score.map(|s| (s * 1000.0).round() / 1000.0),
    }
}

fn api(e: MemoryError) -> Error {
    match e {
        MemoryError::NotFound => Error::NotFound("Memory"),
        MemoryError::Forbidden => Error::Forbidden("Only administrators can change the company's system memories"),
        e @ (MemoryError::Empty | MemoryError::TooLong(_)) => Error::InvalidBody(e.to_string()),
        MemoryError::Full(message) => Error::Conflict(message),
        MemoryError::Store(detail) => Error::Internal(anyhow::anyhow!("the memory store failed: {detail}")),
    }
}

/// The memories the caller may read, newest first: their own and the company's.
#[utoipa::path(get, path = "/api/memories", tag = "memory", params(MemoryListQuery), responses((status = 200, body = MemoryList), (status = 400, body = ApiError)))]
async fn list_memories(State(state): State<Memories>, ctx: RequestContext, Query(query): Query<MemoryListQuery>) -> Result<Json<MemoryList>> {
    if query.q.as_deref().is_some_and(|q| q.chars().count() > 200) {
        return Err(Error::BadRequest("q must be at most 200 characters".into()));
    }
    if query.limit.is_some_and(|limit| !(1..=200).contains(&limit)) {
        return Err(Error::BadRequest("limit must be between 1 and 200".into()));
    }
    if query.offset.is_some_and(|offset| !(0..=1_000_000_000).contains(&offset)) {
        return Err(Error::BadRequest("offset must be between 0 and 1,000,000,000".into()));
    }
    let search = query.q.as_deref().map(waybill_routes::text::trim).filter(|q| !q.is_empty());
    let page = state
        .list(who(&ctx), &ListQuery { memory_type: query.memory_type, search, limit: query.limit.unwrap_or(50), offset: query.offset.unwrap_or(0) })
        .await
        .map_err(api)?;
    Ok(Json(MemoryList { total: page.total, memories: page.memories.into_iter().map(|m| item(&ctx, m, None)).collect() }))
}

/// The memories that best match `q`, scored as the assistant scores them.
#[utoipa::path(get, path = "/api/memories/search", tag = "memory", params(MemorySearchQuery), responses((status = 200, body = MemoryList), (status = 400, body = ApiError)))]
async fn search_memories(State(state): State<Memories>, ctx: RequestContext, Query(query): Query<MemorySearchQuery>) -> Result<Json<MemoryList>> {
    let n = query.q.chars().count();
    if query.q.trim().is_empty() || n > 500 {
        return Err(Error::BadRequest("q is 1 to 500 characters of text".into()));
    }
    let threshold = query.threshold.unwrap_or(crate::memory::tools::DEFAULT_THRESHOLD);
    if !(0.0..=1.0).contains(&threshold) {
        return Err(Error::BadRequest("threshold must be between 0 and 1".into()));
    }
    let found = state.search(who(&ctx), &query.q, query.memory_type, 50, threshold).await.map_err(api)?;
    Ok(Json(MemoryList { total: found.len() as i64, memories: found.into_iter().map(|(m, s)| item(&ctx, m, Some(s))).collect() }))
}

/// Keeps a new memory: a personal one, or (admins) a system one.
#[utoipa::path(post, path = "/api/memories", tag = "memory", request_body = NewMemory,
    responses((status = 201, body = MemoryItem), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 409, body = ApiError)))]
async fn add_memory(State(state): State<Memories>, ctx: RequestContext, Json(body): Json<NewMemory>) -> Result<(StatusCode, Json<MemoryItem>)> {
    let kind = body.memory_type.unwrap_or(MemoryType::Personal);
    let memory = state.add(who(&ctx), kind, &body.memory, body.importance.unwrap_or_default(), Source::Manual).await.map_err(api)?;
    Ok((StatusCode::CREATED, Json(item(&ctx, memory, None))))
}

/// Changes a memory's text or importance.
#[utoipa::path(patch, path = "/api/memories/{id}", tag = "memory", params(("id" = String, Path, max_length = 64)), request_body = MemoryChange,
    responses((status = 200, body = MemoryItem), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn change_memory(State(state): State<Memories>, ctx: RequestContext, Path(id): Path<String>, Json(body): Json<MemoryChange>) -> Result<Json<MemoryItem>> {
    let memory = state.update(who(&ctx), &id, body.memory.as_deref(), body.importance).await.map_err(api)?;
    Ok(Json(item(&ctx, memory, None)))
}

/// Deletes a memory.
#[utoipa::path(delete, path = "/api/memories/{id}", tag = "memory", params(("id" = String, Path, max_length = 64)),
    responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn delete_memory(State(state): State<Memories>, ctx: RequestContext, Path(id): Path<String>) -> Result<StatusCode> {
    state.delete(who(&ctx), &id).await.map_err(api)?;
    Ok(StatusCode::NO_CONTENT)
}
