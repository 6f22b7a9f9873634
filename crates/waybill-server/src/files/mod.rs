//! The file service over HTTP (spec 002 §7 Upload): upload, the non-expiring view link
//! and thumbnail (capabilities: no session, an unguessable token), and the owner's list,
//! details and delete.
//!
//! What a browser may run is never served inline: HTML, SVG, XML and unknown types are
//! attachments, every file carries `nosniff`, and all but PDFs a sandboxing CSP.

use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_files::names;
use waybill_store::{FileRecord, Owner};

use crate::AppState;
use crate::auth::RequestContext;
use crate::error::{ApiError, Error, Json, Path, Query, Result};
use waybill_files::{FileError, UPLOAD_LIMIT, UPLOAD_LIMIT_LABEL, UploadOptions, Uploader};

/// The operator named in watermarks when the uploader names none.
pub const DEFAULT_OPERATOR: &str = "Waybill";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// The file's name; defaults to the name in the multipart part.
    pub filename: Option<String>,
    /// Who uploads, written into watermarks.
    pub operator: Option<String>,
    /// Stamp images with the operator and date.
    pub add_watermark: Option<bool>,
    /// Make a small preview of images.
    pub create_thumbnail: Option<bool>,
}

/// The multipart body of an upload: one field, `file`.
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
#[serde(deny_unknown_fields)]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct UploadResponse {
    pub success: bool,
    pub msg: String,
    pub data: UploadedFile,
}

/// An uploaded file as the upload answers it (field names as file services spell them).
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct UploadedFile {
    pub id: String,
    pub filename: String,
    /// Works without a session for as long as the file exists.
    pub non_expire_view_url: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    pub mime_type: String,
    pub size: i64,
    pub watermarked: bool,
}

/// A stored file as the owner sees it.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FileInfo {
    pub id: String,
    pub file_name: String,
    pub mime_type: String,
    pub size: i64,
    /// RFC 3339.
    pub created_at: String,
    pub view_url: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    pub watermarked: bool,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ViewQuery {
    /// `1` (or `true`) to download instead of showing the file in the browser.
    pub download: Option<String>,
}

impl ViewQuery {
    fn wants_download(&self) -> bool {
        matches!(self.download.as_deref(), Some("1" | "true"))
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// At most this many (1–200, default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<i64>,
    #[param(minimum = 0, maximum = 1_000_000_000)]
    pub offset: Option<i64>,
}

/// Routes that need a session; the tenant and facility headers default from the token.
pub fn router() -> OpenApiRouter<AppState> {
    let upload_limit = DefaultBodyLimit::max(UPLOAD_LIMIT as usize + 1024 * 1024);
    OpenApiRouter::new()
        .merge(OpenApiRouter::new().routes(routes!(upload)).layer(upload_limit))
        .routes(routes!(list_files))
        .routes(routes!(file_info, delete_file))
}

/// The capability routes: the token is the permission.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(view_named)).routes(routes!(view)).routes(routes!(thumbnail))
}

/// Uploads one file (multipart field `file`), up to 100 MB.
#[utoipa::path(post, path = "/api/file-app/v1/file/upload", tag = "files", params(UploadQuery),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = UploadResponse), (status = 400, body = ApiError), (status = 413, body = ApiError), (status = 422, body = ApiError)))]
async fn upload(
    State(state): State<AppState>,
    ctx: RequestContext,
    headers: HeaderMap,
    Query(query): Query<UploadQuery>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<UploadResponse>> {
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > UPLOAD_LIMIT + 1024 * 1024) {
        return Err(Error::PayloadTooLarge(UPLOAD_LIMIT_LABEL));
    }
    let mut multipart = multipart.map_err(|_| Error::BadRequest("Expected a multipart/form-data body with a `file` field".into()))?;
    let field = multipart.next_field().await.map_err(multipart_error)?.ok_or_else(|| Error::BadRequest("The multipart field `file` is missing".into()))?;
    if field.name() != Some("file") {
        return Err(unexpected_field(field.name()));
    }
    let part_name = field.file_name().map(str::to_owned);
    let declared_type = field.content_type().map(str::to_owned);
    let filename = query.filename.clone().filter(|n| !crate::text::is_blank(n)).or(part_name).unwrap_or_else(|| "file".into());
    let operator = query.operator.as_deref().map(crate::text::trim).filter(|o| !o.is_empty()).unwrap_or(DEFAULT_OPERATOR);
    let options = UploadOptions {
        filename: &filename,
        declared_type: declared_type.as_deref(),
        operator,
        watermark: query.add_watermark.unwrap_or(false),
        thumbnail: query.create_thumbnail.unwrap_or(false),
    };
    let who = Uploader { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id, facility_id: &ctx.facility_id };
    let body = field.map(|chunk| chunk.map_err(body_error));
    let file = state.files.upload(&state.store, who, options, body).await?;
    // The form holds the file and nothing else.
    let extra = match multipart.next_field().await {
        Ok(None) => None,
        Ok(Some(field)) => Some(unexpected_field(field.name())),
        Err(err) => Some(multipart_error(err)),
    };
    if let Some(err) = extra {
        state.files.delete(&state.store, Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id }, &file.id).await?;
        return Err(err);
    }
    tracing::info!(file = %file.id, size = file.size, media_type = %file.media_type, "file uploaded");
    Ok(Json(UploadResponse {
        success: true,
        msg: "Upload succeeded".into(),
        data: UploadedFile {
            non_expire_view_url: state.files.view_url(&file),
            thumbnail_url: state.files.thumbnail_url(&file),
            id: file.id,
            filename: file.filename,
            mime_type: file.media_type,
            size: file.size,
            watermarked: file.watermarked,
        },
    }))
}

fn unexpected_field(name: Option<&str>) -> Error {
    Error::BadRequest(format!("Unexpected multipart field {:?}: send only `file`", name.unwrap_or_default()))
}

/// An upload's body that broke off, for the file service (which maps it back to the same answer).
fn body_error(err: axum::extract::multipart::MultipartError) -> FileError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        FileError::TooLarge(UPLOAD_LIMIT_LABEL)
    } else {
        FileError::Body(format!("The multipart body is malformed: {}", err.body_text()))
    }
}

fn multipart_error(err: axum::extract::multipart::MultipartError) -> Error {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        Error::PayloadTooLarge(UPLOAD_LIMIT_LABEL)
    } else {
        Error::BadRequest(format!("The multipart body is malformed: {}", err.body_text()))
    }
}

fn info(state: &AppState, file: FileRecord) -> FileInfo {
    FileInfo {
        view_url: state.files.view_url(&file),
        thumbnail_url: state.files.thumbnail_url(&file),
        created_at: jiff::Timestamp::from_millisecond(file.created_at_ms).map(|t| t.to_string()).unwrap_or_default(),
        id: file.id,
        file_name: file.filename,
        mime_type: file.media_type,
        size: file.size,
        watermarked: file.watermarked,
    }
}

/// The caller's files, newest first.
#[utoipa::path(get, path = "/api/file-app/v1/files", tag = "files", params(ListQuery), responses((status = 200, body = Vec<FileInfo>)))]
async fn list_files(State(state): State<AppState>, ctx: RequestContext, Query(query): Query<ListQuery>) -> Result<Json<Vec<FileInfo>>> {
    let owner = Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id };
    let (limit, offset) = (query.limit.unwrap_or(50), query.offset.unwrap_or(0));
    if !(1..=200).contains(&limit) || !(0..=1_000_000_000).contains(&offset) {
        return Err(Error::BadRequest("limit must be 1 to 200 and offset 0 to 1000000000".into()));
    }
    let files = state.store.list_files(owner, limit, offset).await?;
    Ok(Json(files.into_iter().map(|f| info(&state, f)).collect()))
}

/// One of the caller's files.
#[utoipa::path(get, path = "/api/file-app/v1/file/{fileId}", tag = "files", params(("fileId" = String, Path)),
    responses((status = 200, body = FileInfo), (status = 404, body = ApiError)))]
async fn file_info(State(state): State<AppState>, ctx: RequestContext, Path(file_id): Path<String>) -> Result<Json<FileInfo>> {
    let owner = Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id };
    let file = state.store.file(owner, &file_id).await?.ok_or(Error::NotFound("File"))?;
    Ok(Json(info(&state, file)))
}

/// Deletes one of the caller's files; its links stop working.
#[utoipa::path(delete, path = "/api/file-app/v1/file/{fileId}", tag = "files", params(("fileId" = String, Path)),
    responses((status = 204), (status = 404, body = ApiError)))]
async fn delete_file(State(state): State<AppState>, ctx: RequestContext, Path(file_id): Path<String>) -> Result<StatusCode> {
    let owner = Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id };
    if state.files.delete(&state.store, owner, &file_id).await? { Ok(StatusCode::NO_CONTENT) } else { Err(Error::NotFound("File")) }
}

/// The file behind a view link, with its name in the path for browsers and downloads.
#[utoipa::path(get, path = "/api/file-app/v1/file/view/{token}/{name}", tag = "files",
    params(("token" = String, Path), ("name" = String, Path), ViewQuery),
    responses((status = 200, description = "the file, as its own type", body = Vec<u8>, content_type = "*/*"),
        (status = 206, description = "a byte range", body = Vec<u8>, content_type = "*/*"), (status = 404, body = ApiError),
        (status = 416, description = "the range cannot be satisfied")))]
async fn view_named(
    State(state): State<AppState>,
    Path((token, _name)): Path<(String, String)>,
    Query(query): Query<ViewQuery>,
    headers: HeaderMap,
) -> Result<Response> {
    serve_file(&state, &token, query.wants_download(), &headers).await
}

/// The file behind a view link.
#[utoipa::path(get, path = "/api/file-app/v1/file/view/{token}", tag = "files", params(("token" = String, Path), ViewQuery),
    responses((status = 200, description = "the file, as its own type", body = Vec<u8>, content_type = "*/*"),
        (status = 206, description = "a byte range", body = Vec<u8>, content_type = "*/*"), (status = 404, body = ApiError),
        (status = 416, description = "the range cannot be satisfied")))]
async fn view(State(state): State<AppState>, Path(token): Path<String>, Query(query): Query<ViewQuery>, headers: HeaderMap) -> Result<Response> {
    serve_file(&state, &token, query.wants_download(), &headers).await
}

/// The thumbnail of an image uploaded with `create_thumbnail`.
#[utoipa::path(get, path = "/api/file-app/v1/file/thumbnail/{token}", tag = "files", params(("token" = String, Path)),
    responses((status = 200, description = "a JPEG or PNG", content((Vec<u8> = "image/jpeg"), (Vec<u8> = "image/png"))), (status = 404, body = ApiError)))]
async fn thumbnail(State(state): State<AppState>, Path(token): Path<String>) -> Result<Response> {
    let file = by_token(&state, &token).await?;
    let key = file.thumbnail_key.ok_or(Error::NotFound("File"))?;
    let mut bytes = Vec::new();
    let mut stream = std::pin::pin!(state.files.open(&key, None).await?);
    while let Some(chunk) = stream.next().await {
        bytes.extend_from_slice(&chunk.map_err(|e| Error::Unavailable(e.into()))?);
    }
    let media_type = if bytes.starts_with(b"\x89PNG") { "image/png" } else { "image/jpeg" };
    let mut response = Body::from(bytes).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(media_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=86400"));
    Ok(response)
}

async fn by_token(state: &AppState, token: &str) -> Result<FileRecord> {
    // Tokens are 32 random bytes in base64url; anything else cannot exist.
    if token.len() != 43 || !token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(Error::NotFound("File"));
    }
    state.store.file_by_view_token(token).await?.ok_or(Error::NotFound("File"))
}

async fn serve_file(state: &AppState, token: &str, download: bool, headers: &HeaderMap) -> Result<Response> {
    let file = by_token(state, token).await?;
    let size = file.size as u64;
    let range = match headers.get(header::RANGE).and_then(|v| v.to_str().ok()) {
        None => None,
        Some(spec) => match byte_range(spec, size) {
            Some(range) => Some(range),
            None => {
                let mut response = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
                response.headers_mut().insert(header::CONTENT_RANGE, header_value(&format!("bytes */{size}")));
                return Ok(response);
            }
        },
    };
    let stream = state.files.open(&file.object_key, range.clone()).await?;
    let mut response = Body::from_stream(stream).into_response();
    let inline = !download && names::served_inline(&file.media_type);
    let h = response.headers_mut();
    let content_type = if file.media_type.starts_with("text/") { format!("{}; charset=utf-8", file.media_type) } else { file.media_type.clone() };
    h.insert(header::CONTENT_TYPE, header_value(&content_type));
    h.insert(header::CONTENT_DISPOSITION, header_value(&names::content_disposition(inline, &file.filename)));
    h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=86400"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if file.media_type != "application/pdf" {
        // Opened in a tab of its own, a file cannot run script or reach our origin.
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox"),
        );
    }
    match range {
        Some(range) => {
            h.insert(header::CONTENT_LENGTH, header_value(&(range.end - range.start).to_string()));
            h.insert(header::CONTENT_RANGE, header_value(&format!("bytes {}-{}/{size}", range.start, range.end - 1)));
            *response.status_mut() = StatusCode::PARTIAL_CONTENT;
        }
        None => {
            h.insert(header::CONTENT_LENGTH, header_value(&size.to_string()));
        }
    }
    Ok(response)
}

/// Every value here is built from ASCII we control or sanitised names.
fn header_value(value: &str) -> HeaderValue {
    HeaderValue::from_str(value).unwrap_or_else(|_| HeaderValue::from_static("invalid"))
}

/// One `bytes=` range of a file of `size` bytes, as a half-open range; `None` when it
/// cannot be satisfied. Several ranges are answered with the first.
fn byte_range(spec: &str, size: u64) -> Option<std::ops::Range<u64>> {
    let first = spec.strip_prefix("bytes=")?.split(',').next()?.trim();
    let (start, end) = first.split_once('-')?;
    let (start, end) = match (start.trim(), end.trim()) {
        ("", suffix) => {
            let n: u64 = suffix.parse().ok()?;
            (size.checked_sub(n.min(size))?, size)
        }
        (from, "") => (from.parse().ok()?, size),
        (from, to) => (from.parse().ok()?, to.parse::<u64>().ok()?.saturating_add(1).min(size)),
    };
    (start < end && start < size).then_some(start..end)
}

#[cfg(test)]
mod tests {
    use super::byte_range;

    #[test]
    fn byte_ranges_follow_rfc_9110() {
        assert_eq!(byte_range("bytes=0-99", 1000), Some(0..100));
        assert_eq!(byte_range("bytes=500-", 1000), Some(500..1000));
        assert_eq!(byte_range("bytes=-100", 1000), Some(900..1000));
        assert_eq!(byte_range("bytes=900-5000", 1000), Some(900..1000));
        assert_eq!(byte_range("bytes=0-0,5-9", 1000), Some(0..1));
        assert_eq!(byte_range("bytes=1000-", 1000), None);
        assert_eq!(byte_range("bytes=5-2", 1000), None);
        assert_eq!(byte_range("items=0-1", 1000), None);
        assert_eq!(byte_range("bytes=-0", 1000), None);
    }
}
