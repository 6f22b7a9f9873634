//! The one error type of the demo's routes. Every failure answers
//! `{"error": {"code", "message", "details"?}}` with a stable `code`; database failures
//! are logged and answered with a generic message.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ErrorBody {
    pub error: ErrorDetail,
}

/// What went wrong.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ErrorDetail {
    /// Stable, machine-readable code such as `not_found`, `invalid_query` or `conflict`.
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
    /// With `invalid_rows` (422): every problem found, so a whole batch can be fixed at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Vec<RowError>>,
}

/// One problem in a batch: which row (the index in `orders`, from 0), which field (a path
/// inside that row such as `lines[2].sku`), and what is wrong.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RowError {
    /// The index of the row in the request's list, from 0; absent for a problem of the whole request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    pub field: String,
    pub message: String,
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum ApiError {
    /// A value that breaks a rule; `code` says which kind (`invalid_body`, `invalid_query`…).
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("A valid 'Authorization: Bearer <token>' header for this system is required")]
    Unauthorized,
    /// No valid statement of whom the call is made for.
    #[error("{0}")]
    CallerUnverified(String),
    #[error("{message}")]
    Forbidden { code: &'static str, message: String },
    #[error("{0}")]
    NotFound(String),
    #[error("No such route")]
    RouteNotFound,
    #[error("This route does not accept that method")]
    MethodNotAllowed,
    #[error("{0}")]
    Conflict(String),
    #[error("The request body is larger than the {0} limit")]
    PayloadTooLarge(&'static str),
    #[error("Expected a JSON body with Content-Type: application/json")]
    UnsupportedMediaType,
    #[error("{} problem(s) found; nothing was stored", .0.len())]
    InvalidRows(Vec<RowError>),
    #[error("An internal error occurred")]
    Internal(sqlx::Error),
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        // Handlers check keys first and say which; this covers a concurrent insert.
        if let sqlx::Error::Database(db) = &err
            && db.is_unique_violation()
        {
            return ApiError::Conflict("A record with the same identifier already exists".into());
        }
        ApiError::Internal(err)
    }
}

pub(crate) type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    /// A request value that breaks a rule.
    pub fn invalid(message: impl Into<String>) -> Self {
        ApiError::BadRequest { code: "invalid_request", message: message.into() }
    }

    /// `what` (such as "Order ORD-00000001") does not exist here.
    pub fn not_found(what: impl std::fmt::Display) -> Self {
        ApiError::NotFound(format!("{what} was not found"))
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError::Conflict(message.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized | ApiError::CallerUnverified(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden { .. } => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) | ApiError::RouteNotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::InvalidRows(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest { code, .. } | ApiError::Forbidden { code, .. } => code,
            ApiError::Unauthorized => "unauthorized",
            ApiError::CallerUnverified(_) => "caller_unverified",
            ApiError::NotFound(_) => "not_found",
            ApiError::RouteNotFound => "route_not_found",
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::Conflict(_) => "conflict",
            ApiError::PayloadTooLarge(_) => "payload_too_large",
            ApiError::UnsupportedMediaType => "unsupported_media_type",
            ApiError::InvalidRows(_) => "invalid_rows",
            ApiError::Internal(_) => "internal",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(err) = &self {
            tracing::error!(error = %err, "demo request failed");
        }
        let status = self.status();
        let code = self.code();
        let message = self.to_string();
        let details = match self {
            ApiError::InvalidRows(rows) => Some(rows),
            _ => None,
        };
        let mut response = (status, Json(ErrorBody { error: ErrorDetail { code, message, details } })).into_response();
        if status == StatusCode::UNAUTHORIZED {
            response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}
