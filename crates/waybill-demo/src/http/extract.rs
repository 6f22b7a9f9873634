//! Extractors whose rejections answer in the demo's JSON error shape, and the facility
//! the guard read from `X-Facility-Id`.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::error::ApiError;
use crate::FACILITIES;

/// A JSON request body.
pub(crate) struct Json<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Json(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => ApiError::UnsupportedMediaType,
        JsonRejection::JsonSyntaxError(err) => ApiError::BadRequest { code: "invalid_json", message: err.body_text() },
        JsonRejection::JsonDataError(err) => ApiError::BadRequest { code: "invalid_body", message: err.body_text() },
        other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge("request body"),
        other => ApiError::BadRequest { code: "invalid_body", message: other.body_text() },
    }
}

/// Query parameters.
pub(crate) struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(rejection) => Err(query_rejection(rejection)),
        }
    }
}

fn query_rejection(rejection: QueryRejection) -> ApiError {
    ApiError::BadRequest { code: "invalid_query", message: rejection.body_text() }
}

/// Path parameters.
pub(crate) struct Path<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(path_rejection(rejection)),
        }
    }
}

fn path_rejection(rejection: PathRejection) -> ApiError {
    ApiError::BadRequest { code: "invalid_path", message: rejection.body_text() }
}

/// The `X-Facility-Id` of the request, checked by the guard; put in the request's
/// extensions for the handlers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FacilityHeader(pub Option<&'static str>);

/// The facility a facility-scoped operation acts in: 400 without one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Facility(pub &'static str);

impl<S: Send + Sync> FromRequestParts<S> for Facility {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        match parts.extensions.get::<FacilityHeader>() {
            Some(FacilityHeader(Some(id))) => Ok(Facility(id)),
            _ => Err(ApiError::BadRequest { code: "facility_required", message: facility_required_message() }),
        }
    }
}

pub(crate) fn facility_required_message() -> String {
    let ids: Vec<&str> = FACILITIES.iter().map(|(id, _)| *id).collect();
    format!("This operation needs the X-Facility-Id header: one of {}", ids.join(", "))
}

/// The facility when the request names one; operations across facilities filter by it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MaybeFacility(pub Option<&'static str>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeFacility {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        Ok(MaybeFacility(parts.extensions.get::<FacilityHeader>().and_then(|f| f.0)))
    }
}
