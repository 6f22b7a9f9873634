//! Administration of a tenant, for its admins: its users and the audit trail of the tool
//! calls its users approved or denied. The families' own admin routes (business systems,
//! cubes, the Jira site) are in their crates.

mod approvals;
mod users;

use utoipa_axum::router::OpenApiRouter;
use waybill_routes::require_admin;

use crate::AppState;

pub use approvals::{ApprovalDecision, ApprovalInfo, ApprovalList};
pub use users::{CreateMemberRequest, InvitationLink, MemberInfo, MemberList, MemberStatus, NewMemberResponse, SetStatus, UpdateMemberRequest};
pub(crate) use users::{checked_password, optional_name};
pub use waybill_systems::routes::{OperationList, Reimport, SafeOperations, SystemList};

/// Routes behind `require_auth`; each one also requires the tenant's admin role.
pub fn router() -> OpenApiRouter<AppState> {
    users::router().merge(approvals::router())
}
