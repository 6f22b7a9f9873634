//! The tracker family's routes: `GET /api/tracker/status` and the built-in tracker's
//! Jira-compatible REST subset (`/tracker/rest/api/2/…`, [`rest`]) for every member, and
//! the admins' Jira connection (`/api/admin/jira…`, [`jira`]) with Atlassian's redirect
//! back (`/api/jira/oauth/callback`).

pub mod jira;
pub mod rest;

use waybill_routes::Routes;
use waybill_store::Store;

use crate::connections::Trackers;

/// What the routes reach: each tenant's tracker and Jira connection, the store (members'
/// emails and roles), and the address Waybill is reached at (`[files] public_url`), for
/// Atlassian's redirect back.
#[derive(Clone)]
pub struct TrackerRoutes {
    pub trackers: Trackers,
    pub store: Store,
    pub public_url: String,
}

/// The family's routes over `state`.
pub fn routes(state: TrackerRoutes) -> Routes {
    Routes::protected(rest::router().merge(jira::router()).with_state(state.clone()))
        .with_public(jira::public_router().with_state(state.clone()))
        .with_default_scope(rest::rest_router().with_state(state))
}
