//! Live human agents (docs/live-agent.md): the hand-over from the assistant to a person.
//!
//! - [`store`]: sessions, messages, agents' presence and canned replies, per tenant, on
//!   SQLite and PostgreSQL; the queue is the tenant's queued sessions, oldest first.
//! - [`tokens`]: the messaging service's access and rotating refresh tokens.
//! - [`service`]: sessions from creation to close, messages both ways with their checks,
//!   claims, and what happens when an agent leaves.
//! - [`events`]: what goes between instances, and on which subjects.
//! - [`family`]: the `live_agent` family — its tables, and `connectLiveAgent`, which
//!   offers the user the connect button.
//!
//! No HTTP here: the server's `live_agent` module speaks the protocol.

pub mod events;
pub mod family;
pub mod model;
pub mod service;
pub mod store;
pub mod tokens;

pub use family::LiveAgent;
pub use service::{AgentGone, LiveAgents, Settings};

/// What goes wrong, each with its status in the protocol.
#[derive(Debug, thiserror::Error)]
pub enum LiveError {
    /// Not the caller's, another tenant's, or none at all: the same answer.
    #[error("Session not found")]
    NotFound,
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Invalid(String),
    #[error("Too many messages; try again in {retry_after} seconds")]
    RateLimited { retry_after: u64 },
    #[error("the live-agent storage failed: {0}")]
    Store(String),
}

/// The API's answer to each: the routes (the desk's, the messaging service's) map them so.
impl From<LiveError> for waybill_routes::Error {
    fn from(err: LiveError) -> Self {
        use waybill_routes::Error;
        match err {
            LiveError::NotFound => Error::NotFound("Session"),
            LiveError::Conflict(message) => Error::Conflict(message),
            LiveError::Invalid(message) => Error::InvalidBody(message),
            LiveError::RateLimited { retry_after } => Error::TooManyRequests {
                retry_after: u32::try_from(retry_after).unwrap_or(60),
                message: format!("Too many messages; try again in {retry_after} seconds"),
            },
            LiveError::Store(message) => Error::Internal(anyhow::anyhow!(message)),
        }
    }
}

impl From<sqlx::Error> for LiveError {
    fn from(e: sqlx::Error) -> Self {
        tracing::error!(error = %e, "the live-agent storage failed");
        LiveError::Store(e.to_string())
    }
}

impl From<waybill_store::StoreError> for LiveError {
    fn from(e: waybill_store::StoreError) -> Self {
        LiveError::Store(e.to_string())
    }
}
