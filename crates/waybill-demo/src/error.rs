//! The error of opening the demo.

/// Why the demo could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("the demo database could not be opened, created or seeded")]
    Database(#[from] sqlx::Error),
    #[error("the demo database was written by an incompatible version (schema {found}, expected {expected}); remove the file to start afresh")]
    Incompatible { found: String, expected: &'static str },
    #[error("the demo database holds an unreadable {0}")]
    Corrupt(&'static str),
}
