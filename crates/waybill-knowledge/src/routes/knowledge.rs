//! `/api/knowledge-bases`: the knowledge bases page. Members list the company's knowledge
//! bases and their own, create their own, add documents (files they uploaded through the
//! file service) and remove them, watch their ingestion, and try a question; admins also
//! manage the company's. Another member's or tenant's knowledge base answers 404; a member
//! changing the company's, 403.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_files::FileService;
use waybill_routes::{ApiError, Error, Json, Path, Query, RequestContext, Result};
use waybill_store::{Owner, Store};

use crate::Who;
use crate::kb::KnowledgeBases;
use crate::kb::tools::{DEFAULT_LIMIT, DEFAULT_THRESHOLD, KbPassage};
use crate::kb::{DocStatus, KbDocument, KbError, KbScope, KnowledgeBase, NewDocument};

/// A knowledge base as the page shows it.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeBaseItem {
    pub id: String,
    pub name: String,
    pub description: String,
    #[ts(type = "import(\"./tools/knowledge/KbScope\").KbScope")]
    pub scope: KbScope,
    /// Its documents, those ready to search, and their passages.
    pub documents: i64,
    pub ready: i64,
    pub chunks: i64,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    pub updated_at: i64,
    /// Whether the caller may change it and its documents.
    pub editable: bool,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeBaseList {
    pub knowledge_bases: Vec<KnowledgeBaseItem>,
    /// Whether the caller may create the company's (administrators).
    pub can_create_company: bool,
    /// Whether meaning (an embedding model) ranks passages besides their words.
    pub semantic: bool,
    /// The file types a document may be.
    pub supported: String,
}

/// A document as the page shows it, with its ingestion's progress.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KbDocumentItem {
    pub id: String,
    pub file_id: String,
    pub filename: String,
    pub media_type: String,
    pub size: i64,
    #[ts(type = "import(\"./tools/knowledge/DocStatus\").DocStatus")]
    pub status: DocStatus,
    /// Progress: `done` of `total` pages (or parts) while extracting, passages while indexing.
    pub done: i64,
    pub total: i64,
    /// Why it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// Something to know about a ready document.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub notice: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pages: Option<i64>,
    pub chunks: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// Its file's link, for the file viewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub view_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeBaseDetail {
    pub knowledge_base: KnowledgeBaseItem,
    /// Newest first.
    pub documents: Vec<KbDocumentItem>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct KbDocumentList {
    pub documents: Vec<KbDocumentItem>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct NewKnowledgeBase {
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub name: String,
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 500)]
    pub description: Option<String>,
    /// `personal` (the default) or `company` (administrators only).
    #[serde(default)]
    #[ts(optional, type = "import(\"./tools/knowledge/KbScope\").KbScope")]
    pub scope: Option<KbScope>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct KnowledgeBaseChange {
    #[serde(default)]
    #[ts(optional)]
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 500)]
    pub description: Option<String>,
}

/// Files the caller uploaded (through the file service) to add as documents.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct AddDocuments {
    #[schema(min_items = 1, max_items = 50)]
    pub file_ids: Vec<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KnowledgeSearchQuery {
    /// The question.
    #[param(min_length = 1, max_length = 1000)]
    pub q: String,
    /// Knowledge base ids, comma-separated; every readable one when absent.
    #[param(max_length = 2000)]
    pub kb: Option<String>,
    /// At most this many passages (1–20, default 5).
    #[param(minimum = 1, maximum = 20)]
    pub limit: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeSearchResult {
    #[schema(value_type = Vec<Object>)]
    #[ts(type = "Array<import(\"./tools/knowledge/KbPassage\").KbPassage>")]
    pub results: Vec<KbPassage>,
    pub semantic: bool,
}

/// What the knowledge routes reach: the knowledge bases, and the store and file service
/// their documents' files live in.
#[derive(Clone)]
pub struct KbRoutes {
    pub kb: Arc<KnowledgeBases>,
    pub store: Store,
    pub files: Arc<FileService>,
}

pub fn router() -> OpenApiRouter<KbRoutes> {
    OpenApiRouter::new()
        .routes(routes!(list_bases, create_base))
        .routes(routes!(search))
        .routes(routes!(get_base, change_base, delete_base))
        .routes(routes!(add_documents))
        .routes(routes!(remove_document))
        .routes(routes!(retry_document))
}

fn who(ctx: &RequestContext) -> Who<'_> {
    Who { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id, admin: ctx.is_admin }
}

fn item(ctx: &RequestContext, kb: KnowledgeBase) -> KnowledgeBaseItem {
    KnowledgeBaseItem {
        editable: kb.writable_by(who(ctx)),
        id: kb.id,
        name: kb.name,
        description: kb.description,
        scope: kb.scope,
        documents: kb.documents,
        ready: kb.ready,
        chunks: kb.chunks,
        created_at: kb.created_ms,
        updated_at: kb.updated_ms,
    }
}

async fn document_item(state: &KbRoutes, ctx: &RequestContext, doc: KbDocument) -> Result<KbDocumentItem> {
    let file = state.store.file(Owner { tenant_id: &ctx.tenant_id, user_id: &doc.created_by }, &doc.file_id).await?;
    Ok(KbDocumentItem {
        view_url: file.map(|f| state.files.view_url(&f)),
        id: doc.id,
        file_id: doc.file_id,
        filename: doc.filename,
        media_type: doc.media_type,
        size: doc.size,
        status: doc.status,
        done: doc.done,
        total: doc.total,
        error: doc.error,
        notice: doc.notice,
        pages: doc.pages,
        chunks: doc.chunks,
        created_at: doc.created_ms,
        updated_at: doc.updated_ms,
    })
}

fn api(e: KbError) -> Error {
    match e {
        KbError::NotFound(what) => Error::NotFound(what),
        KbError::Forbidden(message) => Error::Forbidden(message),
        KbError::Invalid(message) => Error::InvalidBody(message),
        KbError::Unsupported(message) => Error::Unprocessable(message),
        KbError::Full(message) => Error::Conflict(message),
        KbError::Store(detail) => Error::Internal(anyhow::anyhow!("the knowledge store failed: {detail}")),
        KbError::Warming(message) => Error::WarmingUp(message),
    }
}

/// The knowledge bases the caller may read: the company's and their own.
#[utoipa::path(get, path = "/api/knowledge-bases", tag = "knowledge", responses((status = 200, body = KnowledgeBaseList)))]
async fn list_bases(State(state): State<KbRoutes>, ctx: RequestContext) -> Result<Json<KnowledgeBaseList>> {
    let bases = state.kb.store.list(who(&ctx)).await.map_err(api)?;
    Ok(Json(KnowledgeBaseList {
        knowledge_bases: bases.into_iter().map(|kb| item(&ctx, kb)).collect(),
        can_create_company: ctx.is_admin,
        semantic: state.kb.embedder.is_some(),
        supported: crate::kb::SUPPORTED.into(),
    }))
}

/// Creates a knowledge base: the caller's own, or (administrators) the company's.
#[utoipa::path(post, path = "/api/knowledge-bases", tag = "knowledge", request_body = NewKnowledgeBase,
    responses((status = 201, body = KnowledgeBaseItem), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 409, body = ApiError)))]
async fn create_base(State(state): State<KbRoutes>, ctx: RequestContext, Json(body): Json<NewKnowledgeBase>) -> Result<(StatusCode, Json<KnowledgeBaseItem>)> {
    let scope = body.scope.unwrap_or(KbScope::Personal);
    let kb = state.kb.store.create(who(&ctx), scope, &body.name, body.description.as_deref().unwrap_or_default()).await.map_err(api)?;
    tracing::info!(knowledge_base = %kb.id, scope = scope.as_str(), "knowledge base created");
    Ok((StatusCode::CREATED, Json(item(&ctx, kb))))
}

/// A knowledge base with its documents and where their ingestion stands.
#[utoipa::path(get, path = "/api/knowledge-bases/{id}", tag = "knowledge", params(("id" = String, Path)),
    responses((status = 200, body = KnowledgeBaseDetail), (status = 404, body = ApiError)))]
async fn get_base(State(state): State<KbRoutes>, ctx: RequestContext, Path(id): Path<String>) -> Result<Json<KnowledgeBaseDetail>> {
    let kb = state.kb.store.get(who(&ctx), &id).await.map_err(api)?;
    let docs = state.kb.store.documents(who(&ctx), &id).await.map_err(api)?;
    let mut documents = Vec::with_capacity(docs.len());
    for doc in docs {
        documents.push(document_item(&state, &ctx, doc).await?);
    }
    Ok(Json(KnowledgeBaseDetail { knowledge_base: item(&ctx, kb), documents }))
}

/// Renames a knowledge base or changes its description.
#[utoipa::path(patch, path = "/api/knowledge-bases/{id}", tag = "knowledge", params(("id" = String, Path)), request_body = KnowledgeBaseChange,
    responses((status = 200, body = KnowledgeBaseItem), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn change_base(
    State(state): State<KbRoutes>,
    ctx: RequestContext,
    Path(id): Path<String>,
    Json(body): Json<KnowledgeBaseChange>,
) -> Result<Json<KnowledgeBaseItem>> {
    let kb = state.kb.store.update(who(&ctx), &id, body.name.as_deref(), body.description.as_deref()).await.map_err(api)?;
    Ok(Json(item(&ctx, kb)))
}

/// Deletes a knowledge base, its documents, their passages and their files.
#[utoipa::path(delete, path = "/api/knowledge-bases/{id}", tag = "knowledge", params(("id" = String, Path)),
    responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn delete_base(State(state): State<KbRoutes>, ctx: RequestContext, Path(id): Path<String>) -> Result<StatusCode> {
    let docs = state.kb.store.documents(who(&ctx), &id).await.map_err(api)?;
    state.kb.store.delete(who(&ctx), &id).await.map_err(api)?;
    state.kb.indexes.forget(&ctx.tenant_id, &id);
    for doc in docs {
        state.files.delete(&state.store, Owner { tenant_id: &ctx.tenant_id, user_id: &doc.created_by }, &doc.file_id).await?;
    }
    tracing::info!(knowledge_base = %id, "knowledge base deleted");
    Ok(StatusCode::NO_CONTENT)
}

/// Adds files the caller uploaded as documents; they are indexed in the background.
#[utoipa::path(post, path = "/api/knowledge-bases/{id}/documents", tag = "knowledge", params(("id" = String, Path)), request_body = AddDocuments,
    responses((status = 202, body = KbDocumentList), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError),
        (status = 409, body = ApiError), (status = 422, body = ApiError)))]
async fn add_documents(
    State(state): State<KbRoutes>,
    ctx: RequestContext,
    Path(id): Path<String>,
    Json(body): Json<AddDocuments>,
) -> Result<(StatusCode, Json<KbDocumentList>)> {
    if body.file_ids.is_empty() || body.file_ids.len() > 50 {
        return Err(Error::InvalidBody("Add 1 to 50 files at a time".into()));
    }
    state.kb.store.writable(who(&ctx), &id).await.map_err(api)?;
    let mut files = Vec::with_capacity(body.file_ids.len());
    for file_id in &body.file_ids {
        let file = state.store.file(Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id }, file_id).await?.ok_or(Error::NotFound("File"))?;
        let head = head_of(&state, &file.object_key).await?;
        if waybill_extract::detect(&file.filename, &file.media_type, &head).is_none() {
            return Err(Error::Unprocessable(crate::kb::unsupported(&file.filename)));
        }
        files.push(file);
    }
    let new: Vec<NewDocument<'_>> =
        files.iter().map(|f| NewDocument { file_id: &f.id, filename: &f.filename, media_type: &f.media_type, size: f.size }).collect();
    let added = state.kb.store.add_documents(who(&ctx), &id, &new).await.map_err(api)?;
    state.kb.wake.notify_one();
    let mut documents = Vec::with_capacity(added.len());
    for doc in added {
        documents.push(document_item(&state, &ctx, doc).await?);
    }
    Ok((StatusCode::ACCEPTED, Json(KbDocumentList { documents })))
}

/// The first bytes of a stored file, to tell its kind by more than its name.
async fn head_of(state: &KbRoutes, key: &str) -> Result<Vec<u8>> {
    let mut stream = Box::pin(state.files.open(key, Some(0..8192)).await?);
    let mut head = Vec::new();
    while let Some(chunk) = stream.next().await {
        head.extend_from_slice(&chunk.map_err(|e| Error::Internal(e.into()))?);
        if head.len() >= 8192 {
            break;
        }
    }
    Ok(head)
}

/// Removes a document, its passages and its file.
#[utoipa::path(delete, path = "/api/knowledge-bases/{id}/documents/{document}", tag = "knowledge", params(("id" = String, Path), ("document" = String, Path)),
    responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn remove_document(State(state): State<KbRoutes>, ctx: RequestContext, Path((id, document)): Path<(String, String)>) -> Result<StatusCode> {
    let doc = state.kb.store.remove_document(who(&ctx), &id, &document).await.map_err(api)?;
    state.files.delete(&state.store, Owner { tenant_id: &ctx.tenant_id, user_id: &doc.created_by }, &doc.file_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Queues a document that failed again.
#[utoipa::path(post, path = "/api/knowledge-bases/{id}/documents/{document}/retry", tag = "knowledge", params(("id" = String, Path), ("document" = String, Path)),
    responses((status = 200, body = KbDocumentItem), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn retry_document(State(state): State<KbRoutes>, ctx: RequestContext, Path((id, document)): Path<(String, String)>) -> Result<Json<KbDocumentItem>> {
    let doc = state.kb.store.retry_document(who(&ctx), &id, &document).await.map_err(api)?;
    state.kb.wake.notify_one();
    Ok(Json(document_item(&state, &ctx, doc).await?))
}

/// The passages that best answer a question, as the assistant finds them.
#[utoipa::path(get, path = "/api/knowledge-bases/search", tag = "knowledge", params(KnowledgeSearchQuery),
    responses((status = 200, body = KnowledgeSearchResult), (status = 400, body = ApiError), (status = 404, body = ApiError)))]
async fn search(State(state): State<KbRoutes>, ctx: RequestContext, Query(query): Query<KnowledgeSearchQuery>) -> Result<Json<KnowledgeSearchResult>> {
    let n = query.q.chars().count();
    if query.q.trim().is_empty() || n > 1000 {
        return Err(Error::BadRequest("q is 1 to 1,000 characters of text".into()));
    }
    let refs: Vec<String> = query.kb.as_deref().unwrap_or_default().split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect();
    let bases = state.kb.resolve(who(&ctx), &refs).await.map_err(|e| match e {
        KbError::Invalid(_) => Error::NotFound("Knowledge base"),
        other => api(other),
    })?;
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=20).contains(&limit) {
        return Err(Error::BadRequest("limit must be between 1 and 20".into()));
    }
    let limit = limit as usize;
    let found = state.kb.search(who(&ctx), bases, &query.q, limit, DEFAULT_THRESHOLD).await.map_err(api)?;
    Ok(Json(KnowledgeSearchResult { results: found.passages.iter().map(KbPassage::from).collect(), semantic: found.semantic }))
}
