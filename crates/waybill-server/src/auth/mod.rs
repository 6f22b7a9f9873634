//! Sign-in: login, refresh-token rotation, logout, and who am I.

mod context;
mod invitations;
mod keys;
mod limits;
pub mod password;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_store::{Grant, RefreshOutcome, User};

pub(crate) use context::authenticate;
pub use context::{FACILITY_HEADER, RequestContext, TENANT_HEADER, TIMEZONE_HEADER, require_auth, require_auth_with_default_scope};
pub use keys::{Claims, TokenKeys, random_token};
pub use limits::LoginLimits;

use crate::AppState;
use crate::error::{Error, Json, Result};

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LoginRequest {
    #[schema(min_length = 1, pattern = "[^ \\t\\n\\r\\u000b\\u000c]")]
    pub email: String,
    #[schema(min_length = 1)]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UserInfo {
    pub first_name: Option<String>,
    pub user_name: String,
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct FacilityInfo {
    pub id: String,
    pub name: String,
}

/// What a member may do in a tenant beyond using the assistant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum Role {
    /// Manages the tenant's users and settings.
    Admin,
    /// Takes live-agent conversations at the agent desk.
    Agent,
}

impl Role {
    pub fn list(is_admin: bool, is_agent: bool) -> Vec<Role> {
        [(is_admin, Role::Admin), (is_agent, Role::Agent)].into_iter().filter_map(|(on, role)| on.then_some(role)).collect()
    }
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct TenantInfo {
    pub id: String,
    pub name: String,
    pub facilities: Vec<FacilityInfo>,
    /// The signed-in user's roles in this tenant.
    pub roles: Vec<Role>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginResponse {
    /// Short-lived JWT for `Authorization: Bearer`.
    pub access_token: String,
    /// Opaque, single-use token for `POST /api/auth/refresh`.
    pub refresh_token: String,
    pub user: UserInfo,
    pub tenants: Vec<TenantInfo>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct RefreshRequest {
    pub refresh_token: String,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TokenPair {
    pub access_token: String,
    pub refresh_token: String,
}

#[derive(Debug, Default, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct LogoutRequest {
    /// The refresh token to revoke; absent means the session of the access token.
    #[serde(default)]
    pub refresh_token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct MeResponse {
    pub user: UserInfo,
    pub tenants: Vec<TenantInfo>,
}

/// Login and refresh: reachable without a token.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(refresh)).merge(invitations::router())
}

/// Logout and me: behind `require_auth`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(logout)).routes(routes!(me))
}

/// Signs in with email and password.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = LoginResponse), (status = 401, body = crate::error::ApiError),
        (status = 403, body = crate::error::ApiError, description = "the account has no active tenant"),
        (status = 429, body = crate::error::ApiError, description = "too many attempts; see Retry-After")))]
async fn login(State(state): State<AppState>, ClientIp(ip): ClientIp, Json(body): Json<LoginRequest>) -> Result<Json<LoginResponse>> {
    if crate::text::is_blank(&body.email) || body.password.is_empty() {
        return Err(Error::InvalidBody("Email and password are required".into()));
    }
    state.login_limits.check(ip, &body.email)?;
    let user = state.store.user_by_email(&body.email).await?;
    let verified = password::verify(body.password, user.as_ref().map(|u| u.password_hash.clone())).await;
    let user = match user {
        // An invited user who has not set a password yet cannot sign in.
        Some(user) if verified && !user.password_hash.is_empty() => user,
        _ => {
            tracing::info!(%ip, "sign-in refused");
            return Err(Error::InvalidCredentials);
        }
    };
    let grants = state.store.grants_of(&user.id).await?;
    if grants.is_empty() {
        return Err(Error::Forbidden("This account has no active access to any tenant; ask an administrator"));
    }
    let response = sign_in(&state, &user, grants).await?;
    tracing::info!(user = %user.id, "signed in");
    Ok(Json(response))
}

/// Starts a sign-in session for `user` with `grants`: a refresh token and an access token.
pub(crate) async fn sign_in(state: &AppState, user: &User, grants: Vec<Grant>) -> Result<LoginResponse> {
    let session_id = uuid::Uuid::now_v7().to_string();
    let refresh_token = keys::random_token();
    state.store.insert_refresh_token(&user.id, &session_id, &refresh_token, refresh_expiry(state)).await?;
    let access_token = state.keys.issue(&user.id, &session_id, &grants)?;
    state.store.record_sign_in(&user.id).await?;
    Ok(LoginResponse { access_token, refresh_token, user: user_info(user), tenants: tenants(grants) })
}

/// Exchanges a refresh token for a new pair. Each refresh token works once; presenting
/// a used one revokes the whole sign-in session.
#[utoipa::path(post, path = "/api/auth/refresh", tag = "auth", request_body = RefreshRequest,
    responses((status = 200, body = TokenPair), (status = 401, body = crate::error::ApiError)))]
async fn refresh(State(state): State<AppState>, Json(body): Json<RefreshRequest>) -> Result<Json<TokenPair>> {
    let replacement = keys::random_token();
    match state.store.rotate_refresh_token(&body.refresh_token, &replacement, refresh_expiry(&state)).await? {
        RefreshOutcome::Rotated(record) => {
            let Some(_user) = state.store.user_by_id(&record.user_id).await? else {
                return Err(Error::Unauthorized("The refresh token is invalid"));
            };
            let grants = state.store.grants_of(&record.user_id).await?;
            if grants.is_empty() {
                if state.store.is_suspended_anywhere(&record.user_id).await? {
                    return Err(Error::Suspended);
                }
                return Err(Error::Unauthorized("This account has no active access to any tenant"));
            }
            let access_token = state.keys.issue(&record.user_id, &record.family_id, &grants)?;
            Ok(Json(TokenPair { access_token, refresh_token: replacement }))
        }
        RefreshOutcome::Reused => {
            tracing::warn!("a used refresh token was presented again; its session is revoked");
            Err(Error::Unauthorized("This session has been revoked; please sign in again"))
        }
        RefreshOutcome::Expired => Err(Error::Unauthorized("The refresh token has expired")),
        RefreshOutcome::Unknown => Err(Error::Unauthorized("The refresh token is invalid")),
    }
}

/// Ends the sign-in session: the refresh token (or the access token's session) is revoked.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", request_body(content = Option<LogoutRequest>),
    responses((status = 204)))]
async fn logout(State(state): State<AppState>, ctx: RequestContext, body: axum::body::Bytes) -> Result<StatusCode> {
    // No body, or `null`, means the session of the access token.
    let body: LogoutRequest = if body.iter().all(u8::is_ascii_whitespace) {
        LogoutRequest::default()
    } else {
        serde_json::from_slice::<Option<LogoutRequest>>(&body).map_err(|e| Error::InvalidBody(format!("Invalid request body: {e}")))?.unwrap_or_default()
    };
    match body.refresh_token {
        Some(token) => state.store.revoke_refresh_family_of(&ctx.user_id, &token).await?,
        None => revoke_session(&state, &ctx).await?,
    }
    Ok(StatusCode::NO_CONTENT)
}

async fn revoke_session(state: &AppState, ctx: &RequestContext) -> Result<()> {
    // The access token names its family; revoking by family needs no token in hand.
    state.store.revoke_refresh_family(&ctx.user_id, &ctx.session_id).await?;
    Ok(())
}

/// The signed-in user and the tenants and facilities they may use.
#[utoipa::path(get, path = "/api/auth/me", tag = "auth", responses((status = 200, body = MeResponse)))]
async fn me(State(state): State<AppState>, ctx: RequestContext) -> Result<Json<MeResponse>> {
    let user = state.store.user_by_id(&ctx.user_id).await?.ok_or(Error::Unauthorized("The account no longer exists"))?;
    let grants = state.store.grants_of(&user.id).await?;
    Ok(Json(MeResponse { user: user_info(&user), tenants: tenants(grants) }))
}

fn refresh_expiry(state: &AppState) -> i64 {
    waybill_store::now_ms() + (state.config.auth.refresh_token_ttl_secs as i64) * 1000
}

pub(crate) fn user_info(user: &User) -> UserInfo {
    UserInfo { first_name: user.first_name.clone(), user_name: user.user_name.clone(), email: user.email.clone() }
}

pub(crate) fn tenants(grants: Vec<Grant>) -> Vec<TenantInfo> {
    grants
        .into_iter()
        .map(|g| TenantInfo {
            id: g.tenant.id,
            name: g.tenant.name,
            facilities: g.facilities.into_iter().map(|f| FacilityInfo { id: f.id, name: f.name }).collect(),
            roles: Role::list(g.is_admin, g.is_agent),
        })
        .collect()
}

/// The peer address of the connection (tests without one count as 0.0.0.0).
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ip = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip()).unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        Ok(Self(ip))
    }
}
