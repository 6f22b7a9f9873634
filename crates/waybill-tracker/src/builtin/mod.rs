//! Waybill's own issue tracker, for companies without Jira: projects, issue types with
//! their fields, one workflow with transitions, issues keyed `OPS-123`, comments, and
//! assignees from the tenant's members — searched with a JQL subset.

mod api;
pub mod rest;
pub mod scheme;
pub mod search;
pub mod seed;
pub mod store;

pub use api::{BROWSE, issue};
pub use store::{BuiltIn, Comment, Issue, NewIssue, Person, Project, SearchPage, TrackerError, TransitionFields};
