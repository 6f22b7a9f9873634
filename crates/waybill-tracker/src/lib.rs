//! The issue tracker for Waybill: the assistant searches, creates and moves tickets — a
//! damaged pallet, a dock door out of service, a carrier claim — in Jira when the company
//! uses it, and in Waybill's own tracker when it does not, with the same tools and cards.
//!
//! [`jql`] reads the JQL subset the built-in tracker answers; [`builtin`] is that tracker.

pub mod builtin;
pub mod jql;
