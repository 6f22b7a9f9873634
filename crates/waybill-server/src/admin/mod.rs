//! Administration of a tenant, for its admins: its users, its business systems, its BI
//! cubes, its Jira site, and the audit trail of the tool calls its users approved or denied.

mod approvals;
mod cubes;
mod jira;
mod systems;
mod users;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::auth::RequestContext;
use crate::error::Error;

pub use approvals::{ApprovalDecision, ApprovalInfo, ApprovalList};
pub use systems::{OperationList, Reimport, SafeOperations, SystemList};
pub use users::{CreateMemberRequest, InvitationLink, MemberInfo, MemberList, MemberStatus, NewMemberResponse, SetStatus, UpdateMemberRequest};
pub(crate) use users::{checked_password, optional_name};

/// Routes behind `require_auth`; each one also requires the tenant's admin role.
pub fn router() -> OpenApiRouter<AppState> {
    users::router().merge(approvals::router()).merge(systems::router()).merge(cubes::router()).merge(jira::router())
}

/// Public routes: Atlassian's redirect back after an admin signed in to connect Jira.
pub fn public_router() -> OpenApiRouter<AppState> {
    jira::public_router()
}

/// Refuses callers who are not admins of the request's tenant.
fn require_admin(ctx: &RequestContext) -> Result<(), Error> {
    if ctx.is_admin { Ok(()) } else { Err(Error::Forbidden("Only administrators of this tenant can do this")) }
}
