//! Invitation links: whoever holds one sees whom it invites, and sets that account's
//! password once, which signs them in.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{LoginResponse, password, sign_in};
use crate::AppState;
use crate::admin::checked_password;
use crate::chat_history::rfc3339;
use crate::error::{ApiError, Error, Json, Path, Result};

#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InvitationInfo {
    pub email: String,
    pub first_name: Option<String>,
    pub tenant_name: String,
    /// RFC 3339.
    pub expires_at: String,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct AcceptInvitationRequest {
    /// At least 8 characters.
    #[schema(min_length = 8, max_length = 1024)]
    pub password: String,
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 100, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub first_name: Option<String>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, accept))
}

/// Whom an open invitation is for.
#[utoipa::path(get, path = "/api/auth/invitations/{token}", tag = "auth", params(("token" = String, Path)),
    responses((status = 200, body = InvitationInfo), (status = 404, body = ApiError)))]
async fn show(State(state): State<AppState>, Path(token): Path<String>) -> Result<Json<InvitationInfo>> {
    let invitation = state.store.invitation(&token).await?.ok_or(Error::NotFound("Invitation"))?;
    Ok(Json(InvitationInfo {
        email: invitation.email,
        first_name: invitation.first_name,
        tenant_name: invitation.tenant_name,
        expires_at: rfc3339(invitation.expires_at_ms),
    }))
}

/// Sets the invited account's password and signs in. Each link works once.
#[utoipa::path(post, path = "/api/auth/invitations/{token}", tag = "auth", params(("token" = String, Path)), request_body = AcceptInvitationRequest,
    responses((status = 200, body = LoginResponse), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn accept(State(state): State<AppState>, Path(token): Path<String>, Json(body): Json<AcceptInvitationRequest>) -> Result<Json<LoginResponse>> {
    let hash = password::hash(checked_password(&body.password)?)?;
    let first_name = crate::admin::optional_name(body.first_name.as_deref(), "firstName")?;
    let user_id = state.store.accept_invitation(&token, &hash, first_name).await?.ok_or(Error::NotFound("Invitation"))?;
    let user = state.store.user_by_id(&user_id).await?.ok_or(Error::NotFound("Invitation"))?;
    let grants = state.store.grants_of(&user.id).await?;
    if grants.is_empty() {
        return Err(Error::Forbidden("This account has no active access to any tenant; ask an administrator"));
    }
    tracing::info!(user = %user.id, "invitation accepted");
    Ok(Json(sign_in(&state, &user, grants).await?))
}
