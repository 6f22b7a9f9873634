//! The OpenAPI document, built from the same route table the server runs.

use std::sync::Arc;

use axum::response::{IntoResponse, Response};
use utoipa::Modify;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};

pub struct SecurityAddon;

impl Modify for SecurityAddon {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

pub async fn document(openapi: Arc<utoipa::openapi::OpenApi>) -> Response {
    axum::Json(openapi.as_ref()).into_response()
}
