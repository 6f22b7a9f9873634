//! A Jira site behind the [`Tracker`] trait: Jira Cloud (REST v3) or Jira Data Center
//! (REST v2), reached through the guarded outbound client with the tenant's credentials
//! (never shown to the model). Jira's answers become the same shapes the built-in
//! tracker gives; its refusals (`errorMessages`, `errors`), 401, 403, 404, 429 with
//! `Retry-After` and 5xx become clear errors — a Jira 401 is a tool error, never a
//! reason to sign the user out of Waybill. [`oauth`] signs in with Atlassian instead of a
//! token: a grant whose access tokens are renewed.

mod adf;
mod client;
pub mod oauth;

pub use adf::{plain_text, to_adf};
pub use client::{Flavour, JiraAuth, JiraClient, JiraSite, TokenSource};
