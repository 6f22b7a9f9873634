//! Who is calling and on behalf of which tenant and facility.
//!
//! `require_auth` guards every protected route: a valid bearer token (else 401), then
//! `X-Tenant-Id` and `X-Facility-Id` that the user holds now (else 403). The token proves
//! who is calling; what they may do is read from the store on every request, so a
//! suspension, a revoked grant or a deleted account takes effect at once rather than when
//! the token expires. Handlers take [`RequestContext`] and scope every query by its
//! tenant and user.

use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;

use waybill_store::Access;
use waybill_tools::lang::Lang;

use crate::AppState;
use crate::error::Error;

pub use waybill_routes::{FACILITY_HEADER, RequestContext, TENANT_HEADER, TIMEZONE_HEADER};

pub async fn require_auth(State(state): State<AppState>, mut req: Request, next: Next) -> Result<Response, Error> {
    let context = authenticate(&state, req.headers(), false).await?;
    req.extensions_mut().insert(context);
    Ok(next.run(req).await)
}

/// As [`require_auth`], for clients of the file service that send only the bearer token
/// and perhaps `X-Tenant-Id`: a missing tenant is the token's first, a missing facility
/// the first granted in that tenant. Headers that are present are checked as usual.
pub async fn require_auth_with_default_scope(State(state): State<AppState>, mut req: Request, next: Next) -> Result<Response, Error> {
    let context = authenticate(&state, req.headers(), true).await?;
    req.extensions_mut().insert(context);
    Ok(next.run(req).await)
}

pub(crate) async fn authenticate(state: &AppState, headers: &HeaderMap, default_scope: bool) -> Result<RequestContext, Error> {
    let token = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(Error::Unauthorized("Authentication is required"))?;
    let claims = state.keys.verify(token)?;

    let default_tenant = default_scope.then(|| claims.grants.first().map(|g| g.t.as_str())).flatten();
    let tenant_id = header(headers, TENANT_HEADER).or(default_tenant).ok_or(Error::BadRequest("The X-Tenant-Id header is required".into()))?;
    // With a default scope, a tenant that has no facility to default to is left for the
    // access check to refuse (403), as any other tenant outside the grants is.
    let default_facility = default_scope.then(|| claims.grant(tenant_id).and_then(|g| g.f.first()).map_or("", String::as_str));
    let facility_id = header(headers, FACILITY_HEADER).or(default_facility).ok_or(Error::BadRequest("The X-Facility-Id header is required".into()))?;
    let (is_admin, is_agent) = match state.store.access(&claims.sub, tenant_id, facility_id).await? {
        Access::Granted { is_admin, is_agent } => (is_admin, is_agent),
        Access::UserGone => return Err(Error::Unauthorized("The account no longer exists")),
        Access::Suspended => return Err(Error::Suspended),
        Access::NoTenant => return Err(Error::Forbidden("You have no access to this tenant")),
        Access::NoFacility => return Err(Error::Forbidden("You have no access to this facility")),
    };
    let timezone = header(headers, TIMEZONE_HEADER).filter(|tz| jiff::tz::TimeZone::get(tz).is_ok()).unwrap_or("UTC").to_owned();
    Ok(RequestContext {
        tenant_id: tenant_id.to_owned(),
        facility_id: facility_id.to_owned(),
        is_admin,
        is_agent,
        user_id: claims.sub,
        session_id: claims.sid,
        timezone,
        language: header(headers, "accept-language").map_or(Lang::En, Lang::from_accept_language),
    })
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty())
}
