//! The one error type of the HTTP layer and the extractors that use it.
//!
//! Every failure answers `{code, message}` with a stable `code`. Internal errors are
//! logged with their detail and answered with a generic message.

use axum::body::Bytes;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
use ts_rs::TS;
use utoipa::ToSchema;
use waybill_store::StoreError;

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ApiError {
    /// Stable, machine-readable code such as `not_found` or `invalid_body`: the core's
    /// [`Code`]s and the families' own (the server writes the union `ErrorCode`).
    #[ts(type = "import(\"./ErrorCode\").ErrorCode")]
    pub code: String,
    /// A sentence for people.
    pub message: String,
    /// With `rate_limited`, `too_many_requests` and `warming_up`: seconds until a retry
    /// can succeed (also sent as `Retry-After`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub retry_after: Option<u32>,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    InvalidBody(String),
    #[error("Expected a JSON body with Content-Type: application/json")]
    UnsupportedMediaType,
    #[error("The request body is larger than the {0} limit")]
    PayloadTooLarge(&'static str),
    #[error("{0}")]
    Unauthorized(&'static str),
    #[error("The access token has expired")]
    TokenExpired,
    #[error("This account is suspended in this tenant; ask an administrator")]
    Suspended,
    #[error("Email or password is incorrect")]
    InvalidCredentials,
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("{0} not found")]
    NotFound(&'static str),
    /// Something the request names does not exist; the message says what.
    #[error("{0}")]
    Missing(String),
    #[error("{0}")]
    Conflict(String),
    /// The request is well-formed but its content cannot be used (an unreadable image).
    #[error("{0}")]
    Unprocessable(String),
    #[error("Too many attempts; try again in {0} seconds")]
    RateLimited(u64),
    /// A quota (chat requests, per user or tenant) is spent for now.
    #[error("{message}")]
    TooManyRequests { retry_after: u32, message: String },
    #[error("The service is unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// What the request needs is still being loaded after a start; the message says what.
    #[error("{0}")]
    WarmingUp(String),
    #[error("An internal error occurred")]
    Internal(#[from] anyhow::Error),
    /// A family's route failed with one of the family's own codes.
    #[error(transparent)]
    Family(#[from] waybill_tools::codes::FamilyError),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) | Self::InvalidBody(_) => StatusCode::BAD_REQUEST,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Unauthorized(_) | Self::TokenExpired | Self::Suspended | Self::InvalidCredentials => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) | Self::Missing(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::RateLimited(_) | Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) | Self::WarmingUp(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Family(err) => StatusCode::from_u16(err.code.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest(_) => Code::BadRequest,
            Self::InvalidBody(_) => Code::InvalidBody,
            Self::UnsupportedMediaType => Code::UnsupportedMediaType,
            Self::PayloadTooLarge(_) => Code::PayloadTooLarge,
            Self::Unauthorized(_) => Code::Unauthorized,
            Self::TokenExpired => Code::TokenExpired,
            Self::Suspended => Code::AccountSuspended,
            Self::InvalidCredentials => Code::InvalidCredentials,
            Self::Forbidden(_) => Code::Forbidden,
            Self::NotFound(_) | Self::Missing(_) => Code::NotFound,
            Self::Conflict(_) => Code::Conflict,
            Self::Unprocessable(_) => Code::Unprocessable,
            Self::RateLimited(_) => Code::RateLimited,
            Self::TooManyRequests { .. } => Code::TooManyRequests,
            Self::Unavailable(_) => Code::Unavailable,
            Self::WarmingUp(_) => Code::WarmingUp,
            Self::Internal(_) => Code::Internal,
            Self::Family(err) => return err.code.code,
        }
        .as_str()
    }
}

/// The core's stable error codes. Families declare theirs next to their code
/// (`Family::error_codes`); both end up in the generated TypeScript union `ErrorCode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    BadRequest,
    InvalidBody,
    UnsupportedMediaType,
    PayloadTooLarge,
    Unauthorized,
    TokenExpired,
    AccountSuspended,
    InvalidCredentials,
    Forbidden,
    NotFound,
    Conflict,
    Unprocessable,
    RateLimited,
    TooManyRequests,
    Unavailable,
    WarmingUp,
    Internal,
    MethodNotAllowed,
}

impl Code {
    pub const ALL: [Code; 18] = [
        Code::BadRequest,
        Code::InvalidBody,
        Code::UnsupportedMediaType,
        Code::PayloadTooLarge,
        Code::Unauthorized,
        Code::TokenExpired,
        Code::AccountSuspended,
        Code::InvalidCredentials,
        Code::Forbidden,
        Code::NotFound,
        Code::Conflict,
        Code::Unprocessable,
        Code::RateLimited,
        Code::TooManyRequests,
        Code::Unavailable,
        Code::WarmingUp,
        Code::Internal,
        Code::MethodNotAllowed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::BadRequest => "bad_request",
            Self::InvalidBody => "invalid_body",
            Self::UnsupportedMediaType => "unsupported_media_type",
            Self::PayloadTooLarge => "payload_too_large",
            Self::Unauthorized => "unauthorized",
            Self::TokenExpired => "token_expired",
            Self::AccountSuspended => "account_suspended",
            Self::InvalidCredentials => "invalid_credentials",
            Self::Forbidden => "forbidden",
            Self::NotFound => "not_found",
            Self::Conflict => "conflict",
            Self::Unprocessable => "unprocessable",
            Self::RateLimited => "rate_limited",
            Self::TooManyRequests => "too_many_requests",
            Self::Unavailable => "unavailable",
            Self::WarmingUp => "warming_up",
            Self::Internal => "internal",
            Self::MethodNotAllowed => "method_not_allowed",
        }
    }
}

impl From<StoreError> for Error {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Conflict(subject) => Self::Conflict(format!("{subject} already exists")),
            StoreError::UnknownFacility(id) => Self::Missing(format!("This tenant has no facility {id:?}")),
            other => Self::Internal(other.into()),
        }
    }
}

impl From<waybill_files::FileError> for Error {
    fn from(err: waybill_files::FileError) -> Self {
        use waybill_files::FileError;
        match err {
            FileError::TooLarge(limit) => Self::PayloadTooLarge(limit),
            FileError::Unprocessable(message) => Self::Unprocessable(message),
            FileError::Body(message) => Self::BadRequest(message),
            FileError::Blobs(message) => Self::Unavailable(anyhow::anyhow!("blob store: {message}")),
            FileError::Store(err) => err.into(),
            FileError::Internal(message) => Self::Internal(anyhow::anyhow!(message)),
        }
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        match &self {
            Self::Internal(err) => tracing::error!(error = ?err, "internal error"),
            Self::Unavailable(err) => tracing::warn!(error = ?err, "service unavailable"),
            _ => {}
        }
        let retry_after = match &self {
            Self::RateLimited(secs) => Some(u32::try_from(*secs).unwrap_or(u32::MAX)),
            Self::TooManyRequests { retry_after, .. } => Some(*retry_after),
            Self::WarmingUp(_) => Some(WARMING_RETRY_SECONDS),
            _ => None,
        };
        let body = ApiError { code: self.code().into(), message: self.to_string(), retry_after };
        let mut response = (self.status(), axum::Json(body)).into_response();
        if let Some(secs) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// `axum::Json` whose rejections answer in the `{code, message}` shape.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !json_content_type(req.headers()) {
            return Err(Error::UnsupportedMediaType);
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if let Some(found) = ForbiddenInBody::behind(&e) {
                Error::InvalidBody(found.to_string())
            } else if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                Error::PayloadTooLarge(JSON_LIMIT_LABEL)
            } else {
                Error::BadRequest(format!("Unreadable request body ({})", e.status()))
            }
        })?;
        // serde would also read a struct from an array of its fields in order, which no
        // client of this API means to send: every body is an object.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()).is_some_and(|b| *b != b'{') {
            return Err(Error::InvalidBody("The body must be a JSON object".into()));
        }
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

fn json_rejection(rejection: JsonRejection) -> Error {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => Error::UnsupportedMediaType,
        JsonRejection::JsonSyntaxError(e) => Error::InvalidBody(format!("Malformed JSON: {}", clean(e.body_text()))),
        JsonRejection::JsonDataError(e) => Error::InvalidBody(format!("Invalid request body: {}", clean(e.body_text()))),
        JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => Error::PayloadTooLarge(JSON_LIMIT_LABEL),
        other => Error::BadRequest(format!("Unreadable request body ({})", other.status())),
    }
}

/// `axum::extract::Path` whose rejections (a parameter that is not UTF-8 or not of the
/// expected type) answer in the `{code, message}` shape.
#[derive(Debug, Clone, Copy, Default)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Self(value)),
            Err(PathRejection::FailedToDeserializePathParams(e)) => Err(Error::BadRequest(format!("Invalid path: {}", e.body_text()))),
            Err(other) => Err(Error::Internal(anyhow::anyhow!("path extraction failed: {}", other.body_text()))),
        }
    }
}

/// `axum::extract::Query` whose rejections answer in the `{code, message}` shape.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Self(value)),
            Err(QueryRejection::FailedToDeserializeQueryString(e)) => Err(Error::BadRequest(clean_query(e.body_text()))),
            Err(other) => Err(Error::BadRequest(format!("Invalid query string: {}", other.body_text()))),
        }
    }
}

fn clean_query(text: String) -> String {
    match text.strip_prefix("Failed to deserialize query string: ") {
        Some(rest) => format!("Invalid query string: {rest}"),
        None => text,
    }
}

/// `application/json` or any `+json` type, as axum's own extractor accepts.
fn json_content_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else { return false };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Drops axum's boilerplate prefix, keeping serde's own description of what is wrong.
fn clean(text: String) -> String {
    for prefix in ["Failed to deserialize the JSON body into the target type: ", "Failed to parse the request body as JSON: "] {
        if let Some(rest) = text.strip_prefix(prefix) {
            return rest.to_owned();
        }
    }
    text
}

/// When a client that met `warming_up` should try again.
const WARMING_RETRY_SECONDS: u32 = 5;

/// The JSON body limit, in bytes, and as people read it.
pub const JSON_LIMIT: usize = 10 * 1024 * 1024;
pub const JSON_LIMIT_LABEL: &str = "10 MB";

/// Why a body is refused before any route reads it: it holds a NUL character or a lone
/// UTF-16 surrogate, which no text can contain (PostgreSQL refuses them in text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forbidden {
    Nul,
    Surrogate,
}

impl Forbidden {
    pub fn describe(self) -> &'static str {
        match self {
            Forbidden::Nul => "a NUL character",
            Forbidden::Surrogate => "a lone UTF-16 surrogate (not a character)",
        }
    }
}

/// The body's refusal, as the extractor that reads the body finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("The request body holds {}, which no text can contain", .0.describe())]
pub struct ForbiddenInBody(pub Forbidden);

impl ForbiddenInBody {
    /// The refusal behind a body that failed to be read, if that is why it failed.
    pub fn behind(err: &(dyn std::error::Error + 'static)) -> Option<Self> {
        let mut next = Some(err);
        while let Some(err) = next {
            if let Some(found) = err.downcast_ref::<ForbiddenInBody>() {
                return Some(*found);
            }
            next = err.source();
        }
        None
    }
}
