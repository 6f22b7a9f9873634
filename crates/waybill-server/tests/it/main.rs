//! The crate's integration tests, in one binary so that two cores link one executable
//! rather than one per file.

mod admin_users;
mod auth;
mod authorization;
mod bad_input;
mod bi;
mod bi_cubes;
mod chat;
mod chat_context;
mod chat_history;
mod chat_pages;
mod chat_providers;
mod checked_approvals;
mod common;
mod concurrency;
mod dashboards;
mod files;
mod files_s3;
mod forbidden_characters;
mod forms;
mod instances;
mod jira;
mod jira_oauth;
mod knowledge;
mod live_agent;
mod memory;
mod platform;
mod quotas;
mod schema;
mod slow_clients;
mod systems;
mod todo;
mod tools;
mod tracker;
mod tracker_rest;
mod ui_stream_conformance;
