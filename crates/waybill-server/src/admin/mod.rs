//! Administration of a tenant, for its admins: its users, its Jira site, and the audit trail of the tool calls its users approved or denied.

mod approvals;
mod jira;
mod users;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

use waybill_routes::require_admin;

pub use approvals::{ApprovalDecision, ApprovalInfo, ApprovalList};
pub use users::{CreateMemberRequest, InvitationLink, MemberInfo, MemberList, MemberStatus, NewMemberResponse, SetStatus, UpdateMemberRequest};
pub(crate) use users::{checked_password, optional_name};
pub use waybill_systems::routes::{OperationList, Reimport, SafeOperations, SystemList};

/// Routes behind `require_auth`; each one also requires the tenant's admin role.
pub fn router() -> OpenApiRouter<AppState> {
    users::router().merge(approvals::router()).merge(jira::router())
}

/// Public routes: Atlassian's redirect back after an admin signed in to connect Jira.
pub fn public_router() -> OpenApiRouter<AppState> {
    jira::public_router()
}
