//! Who is calling and on behalf of which tenant and facility.
//!
//! The server's sign-in guard checks the bearer token, then that the user holds the
//! `X-Tenant-Id` and `X-Facility-Id` they name now, and puts a [`RequestContext`] on the
//! request; every protected handler takes it and scopes every query by its tenant and
//! user. Without it (a route outside the guard) the extractor answers 401.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use waybill_tools::Caller;
use waybill_tools::lang::Lang;

use crate::error::Error;

pub const TENANT_HEADER: &str = "x-tenant-id";
pub const FACILITY_HEADER: &str = "x-facility-id";
pub const TIMEZONE_HEADER: &str = "x-timezone";

#[derive(Debug, Clone)]
pub struct RequestContext {
    pub user_id: String,
    pub tenant_id: String,
    pub facility_id: String,
    /// An IANA time zone name from `X-Timezone`; `UTC` when absent or unknown.
    pub timezone: String,
    pub is_admin: bool,
    /// Takes live-agent conversations at the agent desk.
    pub is_agent: bool,
    /// The sign-in session (refresh-token family) the access token belongs to.
    pub session_id: String,
    /// The interface language, from `Accept-Language` (English when none of ours).
    pub language: Lang,
}

impl RequestContext {
    /// The caller as tools and families see it.
    pub fn caller(&self) -> Caller {
        Caller {
            tenant_id: self.tenant_id.clone(),
            facility_id: self.facility_id.clone(),
            user_id: self.user_id.clone(),
            timezone: self.timezone.clone(),
            lang: self.language,
            admin: self.is_admin,
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for RequestContext {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<RequestContext>().cloned().ok_or(Error::Unauthorized("Authentication is required"))
    }
}

/// Refuses callers who are not admins of the request's tenant.
pub fn require_admin(ctx: &RequestContext) -> Result<(), Error> {
    if ctx.is_admin { Ok(()) } else { Err(Error::Forbidden("Only administrators of this tenant can do this")) }
}

/// Refuses callers who are neither agents nor admins of the request's tenant.
pub fn require_agent_or_admin(ctx: &RequestContext) -> Result<(), Error> {
    if ctx.is_agent || ctx.is_admin { Ok(()) } else { Err(Error::Forbidden("Only the tenant's agents and administrators can do this")) }
}
