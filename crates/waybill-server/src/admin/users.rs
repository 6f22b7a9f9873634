//! `/api/admin/users`: a tenant's admins list and search its members, add them (with a
//! password, or by an invitation link), set their roles and facilities, suspend and
//! reactivate them, and take them out of the tenant.
//!
//! Everything acts on the membership in the admin's own tenant: a user who also belongs
//! to another tenant keeps that access and their password. An admin cannot suspend,
//! demote or remove themselves, and the tenant always keeps one active admin.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_store::{Member, MemberFilter, MemberQuery, MemberUpdate, NewMember};

use super::require_admin;
use crate::AppState;
use crate::auth::{FacilityInfo, RequestContext, Role, password, random_token};
use crate::chat_history::rfc3339;
use crate::error::{ApiError, Error, Json, Path, Query, Result};
use crate::text;

/// How long an invitation link works.
const INVITATION_TTL_MS: i64 = 7 * 24 * 3600 * 1000;
const MIN_PASSWORD_CHARS: usize = 8;
const MAX_PASSWORD_CHARS: usize = 1024;
const MAX_EMAIL_CHARS: usize = 254;
const MAX_NAME_CHARS: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum MemberStatus {
    Active,
    Suspended,
    /// Added by invitation and has not set a password yet.
    Invited,
}

/// One member of the tenant.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberInfo {
    pub id: String,
    pub email: String,
    pub first_name: Option<String>,
    pub user_name: String,
    pub roles: Vec<Role>,
    /// Granted facility ids.
    pub facilities: Vec<String>,
    pub status: MemberStatus,
    /// RFC 3339.
    pub joined_at: String,
    /// RFC 3339; absent until the first sign-in.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_login_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct MemberList {
    pub members: Vec<MemberInfo>,
    /// How many members match, across all pages.
    pub total: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MemberListQuery {
    /// Part of an email, user name or first name; case is ignored.
    #[param(max_length = 200)]
    pub search: Option<String>,
    /// `active`, `suspended` or `invited`; absent means all.
    pub status: Option<MemberStatus>,
    /// At most this many (1–200, default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<i64>,
    #[param(minimum = 0, maximum = 1_000_000_000)]
    pub offset: Option<i64>,
}

/// A new member: with a password they can sign in at once; without one they are
/// invited, and the answer carries the link with which they set it.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CreateMemberRequest {
    #[schema(max_length = 254, pattern = "^[^@ \\t\\n\\r\\u000b\\u000c]+@[^@ \\t\\n\\r\\u000b\\u000c]+$")]
    pub email: String,
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 100, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub first_name: Option<String>,
    /// Shown in the app; defaults to the part of the email before '@'.
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 100, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub user_name: Option<String>,
    /// At least 8 characters. Ignored for a user who already has an account elsewhere.
    #[serde(default)]
    #[ts(optional)]
    #[schema(min_length = 8, max_length = 1024)]
    pub password: Option<String>,
    #[serde(default)]
    pub roles: Vec<Role>,
    /// Facility ids of this tenant; at least one.
    #[schema(min_items = 1)]
    pub facilities: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NewMemberResponse {
    pub member: MemberInfo,
    /// For an invited member: the link to send them, valid for seven days.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invitation: Option<InvitationLink>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InvitationLink {
    /// `/invite/{token}`, under the public URL when one is configured.
    pub url: String,
    /// RFC 3339.
    pub expires_at: String,
}

/// Changes to a member; absent fields stay as they are.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct UpdateMemberRequest {
    #[serde(default)]
    #[ts(optional)]
    pub roles: Option<Vec<Role>>,
    #[serde(default)]
    #[ts(optional)]
    #[schema(min_items = 1)]
    pub facilities: Option<Vec<String>>,
    /// A suspended member's sessions stop working at once.
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<SetStatus>,
}

/// The status an admin can set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SetStatus {
    Active,
    Suspended,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_members, add_member))
        .routes(routes!(get_member, update_member, remove_member))
        .routes(routes!(new_invitation))
        .routes(routes!(list_facilities))
}

fn info(member: Member) -> MemberInfo {
    let status = if member.suspended {
        MemberStatus::Suspended
    } else if member.invited {
        MemberStatus::Invited
    } else {
        MemberStatus::Active
    };
    MemberInfo {
        roles: Role::list(member.is_admin, member.is_agent),
        id: member.user_id,
        email: member.email,
        first_name: member.first_name,
        user_name: member.user_name,
        facilities: member.facilities,
        status,
        joined_at: rfc3339(member.joined_at_ms),
        last_login_at: member.last_login_at_ms.map(rfc3339),
    }
}

/// The tenant's members in email order, searched and filtered.
#[utoipa::path(get, path = "/api/admin/users", tag = "admin", params(MemberListQuery),
    responses((status = 200, body = MemberList), (status = 400, body = ApiError), (status = 403, body = ApiError)))]
async fn list_members(State(state): State<AppState>, ctx: RequestContext, Query(query): Query<MemberListQuery>) -> Result<Json<MemberList>> {
    require_admin(&ctx)?;
    if query.search.as_deref().is_some_and(|s| s.chars().count() > 200) {
        return Err(Error::BadRequest("search must be at most 200 characters".into()));
    }
    let search = query.search.as_deref().map(text::trim).filter(|s| !s.is_empty());
    let filter = match query.status {
        None => MemberFilter::All,
        Some(MemberStatus::Active) => MemberFilter::Active,
        Some(MemberStatus::Suspended) => MemberFilter::Suspended,
        Some(MemberStatus::Invited) => MemberFilter::Invited,
    };
    let limit = query.limit.unwrap_or(50);
    let offset = query.offset.unwrap_or(0);
    if !(1..=200).contains(&limit) || !(0..=1_000_000_000).contains(&offset) {
        return Err(Error::BadRequest("limit must be 1 to 200 and offset 0 to 1000000000".into()));
    }
    let (members, total) = state.store.members(&ctx.tenant_id, &MemberQuery { search, filter, limit, offset }).await?;
    Ok(Json(MemberList { members: members.into_iter().map(info).collect(), total }))
}

/// The tenant's facilities, for granting.
#[utoipa::path(get, path = "/api/admin/facilities", tag = "admin",
    responses((status = 200, body = Vec<FacilityInfo>), (status = 403, body = ApiError)))]
async fn list_facilities(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<Vec<FacilityInfo>>> {
    require_admin(&ctx)?;
    let facilities = state.store.facilities_of(&ctx.tenant_id).await?;
    Ok(Json(facilities.into_iter().map(|f| FacilityInfo { id: f.id, name: f.name }).collect()))
}

/// Adds a member: a new account, or an account that already exists in another tenant.
#[utoipa::path(post, path = "/api/admin/users", tag = "admin", request_body = CreateMemberRequest,
    responses((status = 201, body = NewMemberResponse), (status = 400, body = ApiError), (status = 403, body = ApiError),
        (status = 404, body = ApiError, description = "a facility named is not the tenant's"), (status = 409, body = ApiError)))]
async fn add_member(
    State(state): State<AppState>,
    ctx: RequestContext,
    Json(body): Json<CreateMemberRequest>,
) -> Result<(StatusCode, Json<NewMemberResponse>)> {
    require_admin(&ctx)?;
    let email = body.email.as_str();
    let valid_email = email.chars().count() <= MAX_EMAIL_CHARS
        && email.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && !domain.is_empty() && !domain.contains('@'))
        && !email.contains(text::SPACE);
    if !valid_email {
        return Err(Error::InvalidBody("email must be an email address".into()));
    }
    let first_name = optional_name(body.first_name.as_deref(), "firstName")?;
    let user_name = match optional_name(body.user_name.as_deref(), "userName")? {
        Some(name) => name.to_owned(),
        None => email.split('@').next().unwrap_or(email).to_owned(),
    };
    let hash = match body.password.as_deref() {
        Some(password) => Some(password::hash(checked_password(password)?)?),
        None => None,
    };
    let facilities = checked_facilities(&body.facilities)?;
    let new = NewMember {
        email,
        first_name,
        user_name: &user_name,
        password_hash: hash.as_deref(),
        is_admin: body.roles.contains(&Role::Admin),
        is_agent: body.roles.contains(&Role::Agent),
        facilities: &facilities,
    };
    let (member, created) = state.store.add_member(&ctx.tenant_id, new).await?;
    tracing::info!(admin = %ctx.user_id, member = %member.user_id, tenant = %ctx.tenant_id, created, "member added");
    let invitation = if member.invited { Some(invite(&state, &ctx, &member.user_id).await?) } else { None };
    Ok((StatusCode::CREATED, Json(NewMemberResponse { member: info(member), invitation })))
}

/// One member of the tenant.
#[utoipa::path(get, path = "/api/admin/users/{userId}", tag = "admin", params(("userId" = String, Path)),
    responses((status = 200, body = MemberInfo), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn get_member(State(state): State<AppState>, ctx: RequestContext, Path(user_id): Path<String>) -> Result<Json<MemberInfo>> {
    require_admin(&ctx)?;
    let member = state.store.member(&ctx.tenant_id, &user_id).await?.ok_or(Error::NotFound("User"))?;
    Ok(Json(info(member)))
}

/// Sets a member's roles and facilities, or suspends or reactivates them.
#[utoipa::path(patch, path = "/api/admin/users/{userId}", tag = "admin", params(("userId" = String, Path)), request_body = UpdateMemberRequest,
    responses((status = 200, body = MemberInfo), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn update_member(
    State(state): State<AppState>,
    ctx: RequestContext,
    Path(user_id): Path<String>,
    Json(body): Json<UpdateMemberRequest>,
) -> Result<Json<MemberInfo>> {
    require_admin(&ctx)?;
    let facilities = body.facilities.as_deref().map(checked_facilities).transpose()?;
    let suspended = body.status.map(|status| status == SetStatus::Suspended);
    let is_admin = body.roles.as_ref().map(|roles| roles.contains(&Role::Admin));
    let is_agent = body.roles.as_ref().map(|roles| roles.contains(&Role::Agent));
    let current = state.store.member(&ctx.tenant_id, &user_id).await?.ok_or(Error::NotFound("User"))?;
    let loses_admin = current.is_admin && !current.suspended && (is_admin == Some(false) || suspended == Some(true));
    if loses_admin {
        if user_id == ctx.user_id {
            return Err(Error::Conflict("You cannot suspend yourself or give up your own admin role".into()));
        }
        keep_an_admin(&state, &ctx).await?;
    }
    if user_id == ctx.user_id && suspended == Some(true) {
        return Err(Error::Conflict("You cannot suspend yourself".into()));
    }
    let update = MemberUpdate { is_admin, is_agent, suspended, facilities: facilities.as_deref() };
    let member = state.store.update_member(&ctx.tenant_id, &user_id, &update).await?.ok_or(Error::NotFound("User"))?;
    if suspended == Some(true) {
        crate::live_agent::revoke(&state, &ctx.tenant_id, &user_id).await;
    }
    tracing::info!(admin = %ctx.user_id, member = %user_id, tenant = %ctx.tenant_id, ?suspended, ?is_admin, ?is_agent, "member updated");
    Ok(Json(info(member)))
}

/// Takes a member out of the tenant. Their account stays if it has a password or
/// belongs to another tenant; their chats and files in this tenant stay too.
#[utoipa::path(delete, path = "/api/admin/users/{userId}", tag = "admin", params(("userId" = String, Path)),
    responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn remove_member(State(state): State<AppState>, ctx: RequestContext, Path(user_id): Path<String>) -> Result<StatusCode> {
    require_admin(&ctx)?;
    if user_id == ctx.user_id {
        return Err(Error::Conflict("You cannot remove yourself".into()));
    }
    let current = state.store.member(&ctx.tenant_id, &user_id).await?.ok_or(Error::NotFound("User"))?;
    if current.is_admin && !current.suspended {
        keep_an_admin(&state, &ctx).await?;
    }
    if !state.store.remove_member(&ctx.tenant_id, &user_id).await? {
        return Err(Error::NotFound("User"));
    }
    crate::live_agent::revoke(&state, &ctx.tenant_id, &user_id).await;
    tracing::info!(admin = %ctx.user_id, member = %user_id, tenant = %ctx.tenant_id, "member removed");
    Ok(StatusCode::NO_CONTENT)
}

/// A new invitation link for a member who has not set a password yet; earlier links
/// stop working.
#[utoipa::path(post, path = "/api/admin/users/{userId}/invitation", tag = "admin", params(("userId" = String, Path)),
    responses((status = 200, body = InvitationLink), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn new_invitation(State(state): State<AppState>, ctx: RequestContext, Path(user_id): Path<String>) -> Result<Json<InvitationLink>> {
    require_admin(&ctx)?;
    let member = state.store.member(&ctx.tenant_id, &user_id).await?.ok_or(Error::NotFound("User"))?;
    if !member.invited {
        return Err(Error::Conflict("This user has already set a password".into()));
    }
    Ok(Json(invite(&state, &ctx, &user_id).await?))
}

async fn invite(state: &AppState, ctx: &RequestContext, user_id: &str) -> Result<InvitationLink> {
    let token = random_token();
    let expires_at = waybill_store::now_ms() + INVITATION_TTL_MS;
    state.store.create_invitation(&ctx.tenant_id, user_id, &ctx.user_id, &token, expires_at).await?;
    let base = state.config.files.public_url.as_deref().unwrap_or_default().trim_end_matches('/');
    Ok(InvitationLink { url: format!("{base}/invite/{token}"), expires_at: rfc3339(expires_at) })
}

/// Refuses a change that would leave the tenant without an active admin.
async fn keep_an_admin(state: &AppState, ctx: &RequestContext) -> Result<()> {
    if state.store.active_admins(&ctx.tenant_id).await? <= 1 {
        return Err(Error::Conflict("The tenant must keep at least one active admin".into()));
    }
    Ok(())
}

/// A name as given (at most 100 characters, no control characters), trimmed; blank is none.
pub(crate) fn optional_name<'a>(name: Option<&'a str>, field: &str) -> Result<Option<&'a str>> {
    let Some(name) = name else { return Ok(None) };
    if name.chars().count() > MAX_NAME_CHARS || !text::is_printable(name) {
        return Err(Error::InvalidBody(format!("{field} must be at most {MAX_NAME_CHARS} printable characters")));
    }
    Ok(Some(text::trim(name)).filter(|n| !n.is_empty()))
}

pub(crate) fn checked_password(password: &str) -> Result<&str> {
    let n = password.chars().count();
    if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&n) {
        return Err(Error::InvalidBody(format!("password must be {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters")));
    }
    Ok(password)
}

fn checked_facilities(facilities: &[String]) -> Result<Vec<String>> {
    if facilities.is_empty() {
        return Err(Error::InvalidBody("facilities must name at least one facility".into()));
    }
    let mut unique: Vec<String> = facilities.to_vec();
    unique.sort();
    unique.dedup();
    Ok(unique)
}
