//! `/api/admin/approvals`: the audit trail of state-changing tool calls — what the agent
//! asked to do, for whom, in which chat, and what the user decided — for the tenant's
//! admins.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_store::{ApprovalFilter, ApprovalRecord};

use super::require_admin;
use crate::AppState;
use crate::auth::RequestContext;
use crate::chat_history::rfc3339;
use crate::error::{ApiError, Error, Json, Query, Result};

/// Where an approval stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ApprovalDecision {
    Pending,
    Approved,
    Denied,
}

/// One request for the user's approval.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ApprovalInfo {
    pub id: String,
    pub user_id: String,
    pub chat_id: String,
    pub message_id: String,
    pub tool_call_id: String,
    pub tool_name: String,
    /// The call's input, exactly as it would run.
    #[schema(value_type = Object)]
    #[ts(type = "unknown")]
    pub input: serde_json::Value,
    pub decision: ApprovalDecision,
    /// RFC 3339.
    pub requested_at: String,
    /// RFC 3339; absent while pending.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decided_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct ApprovalList {
    pub approvals: Vec<ApprovalInfo>,
    /// How many match, across all pages.
    pub total: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalQuery {
    /// Only this user's.
    #[param(max_length = 128)]
    pub user_id: Option<String>,
    /// Only this tool's.
    #[param(max_length = 128)]
    pub tool: Option<String>,
    pub decision: Option<ApprovalDecision>,
    /// At most this many (1–200, default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<i64>,
    #[param(minimum = 0, maximum = 1_000_000_000)]
    pub offset: Option<i64>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_approvals))
}

fn info(record: ApprovalRecord) -> ApprovalInfo {
    ApprovalInfo {
        decision: match record.approved {
            None => ApprovalDecision::Pending,
            Some(true) => ApprovalDecision::Approved,
            Some(false) => ApprovalDecision::Denied,
        },
        input: serde_json::from_str(&record.input).unwrap_or(serde_json::Value::Null),
        requested_at: rfc3339(record.requested_at_ms),
        decided_at: record.decided_at_ms.map(rfc3339),
        id: record.id,
        user_id: record.user_id,
        chat_id: record.chat_id,
        message_id: record.message_id,
        tool_call_id: record.tool_call_id,
        tool_name: record.tool_name,
    }
}

/// The tenant's approvals, newest first.
#[utoipa::path(get, path = "/api/admin/approvals", tag = "admin", params(ApprovalQuery),
    responses((status = 200, body = ApprovalList), (status = 400, body = ApiError), (status = 403, body = ApiError)))]
async fn list_approvals(State(state): State<AppState>, ctx: RequestContext, Query(query): Query<ApprovalQuery>) -> Result<Json<ApprovalList>> {
    require_admin(&ctx)?;
    let too_long = |v: &Option<String>| v.as_deref().is_some_and(|s| s.chars().count() > 128);
    if too_long(&query.user_id) || too_long(&query.tool) {
        return Err(Error::BadRequest("userId and tool must be at most 128 characters".into()));
    }
    let limit = query.limit.unwrap_or(50);
    let offset = query.offset.unwrap_or(0);
    if !(1..=200).contains(&limit) || !(0..=1_000_000_000).contains(&offset) {
        return Err(Error::BadRequest("limit must be 1 to 200 and offset 0 to 1000000000".into()));
    }
    let filter = ApprovalFilter {
        user_id: query.user_id.as_deref(),
        tool_name: query.tool.as_deref(),
        approved: query.decision.map(|d| match d {
            ApprovalDecision::Pending => None,
            ApprovalDecision::Approved => Some(true),
            ApprovalDecision::Denied => Some(false),
        }),
    };
    let (records, total) = state.store.approvals(&ctx.tenant_id, &filter, limit, offset).await?;
    Ok(Json(ApprovalList { approvals: records.into_iter().map(info).collect(), total }))
}
