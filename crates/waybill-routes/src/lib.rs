//! What a family's HTTP routes are built from, so that a family crate never depends on
//! the server: who is calling ([`RequestContext`], which the server's sign-in guard puts
//! on every protected request), the one error body every route answers with
//! ([`ApiError`], from [`Error`]) and the JSON, path and query extractors that answer
//! their rejections in it.
//!
//! A family hands its routes to the server through its [`waybill_tools::Slice`]; the
//! server puts the protected ones behind sign-in, tenant and facility checks and the
//! body limit, and lists them in the API document.

mod context;
pub mod error;
mod routes;
pub mod text;

pub use context::{FACILITY_HEADER, RequestContext, TENANT_HEADER, TIMEZONE_HEADER, require_admin, require_agent_or_admin};
pub use error::{ApiError, Code, Error, ForbiddenInBody, JSON_LIMIT, JSON_LIMIT_LABEL, Json, Path, Query, Result};
pub use routes::Routes;
