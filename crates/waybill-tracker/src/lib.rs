//! The issue tracker for Waybill: the assistant searches, creates and moves tickets — a
//! damaged pallet, a dock door out of service, a carrier claim — in Jira when the company
//! uses it, and in Waybill's own tracker when it does not, with the same tools and cards.
//!
//! [`jql`] reads the JQL subset the built-in tracker answers; [`builtin`] is that tracker;
//! [`Tracker`] is what the [`tools`] work through; [`wire`] holds Jira's shapes they answer in.

pub mod builtin;
pub mod connections;
mod family;
pub mod jira;
pub mod jql;
mod offline;
pub mod routes;
pub mod tools;
mod tracker;
pub mod wire;

pub use family::{Jira, JiraConfig};
pub use tracker::{Asker, Filed, Found, IssueDraft, Tracker};
