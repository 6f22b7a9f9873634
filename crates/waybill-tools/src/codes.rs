//! Stable error codes. The HTTP layer owns the core ones; a family declares its own next
//! to its code ([`crate::Family::error_codes`]), and the registered families' codes join
//! the core ones in the generated TypeScript union `ErrorCode`, so the web app can tell
//! every code apart without a central list to edit.

/// One code: its wire name, the HTTP status it answers with, and what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ErrorCode {
    /// `snake_case`, stable once shipped.
    pub code: &'static str,
    pub status: u16,
    pub meaning: &'static str,
}

impl ErrorCode {
    pub const fn new(code: &'static str, status: u16, meaning: &'static str) -> Self {
        Self { code, status, meaning }
    }
}

/// An error a family's route answers with: one of its codes and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FamilyError {
    pub code: ErrorCode,
    pub message: String,
}

impl FamilyError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, message: message.into() }
    }
}
