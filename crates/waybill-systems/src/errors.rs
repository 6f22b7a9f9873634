//! What goes wrong with a business system, and the stable codes the admin API answers.

use waybill_tools::codes::{ErrorCode, FamilyError};

pub const SYSTEM_NOT_FOUND: ErrorCode = ErrorCode::new("system_not_found", 404, "No such business system in this tenant");
pub const SYSTEM_NAME_TAKEN: ErrorCode = ErrorCode::new("system_name_taken", 409, "The tenant already has a business system of this name");
pub const SYSTEM_INVALID: ErrorCode = ErrorCode::new("system_invalid", 400, "A business system's settings are not usable (URL, sign-in, kind)");
pub const OPENAPI_REJECTED: ErrorCode = ErrorCode::new("openapi_rejected", 422, "The OpenAPI document could not be imported");
pub const SYSTEM_UNREACHABLE: ErrorCode = ErrorCode::new("system_unreachable", 502, "The business system or its document could not be reached");
pub const SYSTEM_BUILT_IN: ErrorCode = ErrorCode::new("system_built_in", 409, "A system Waybill registered itself cannot be changed this way");

pub const CODES: &[ErrorCode] = &[SYSTEM_NOT_FOUND, SYSTEM_NAME_TAKEN, SYSTEM_INVALID, OPENAPI_REJECTED, SYSTEM_UNREACHABLE, SYSTEM_BUILT_IN];

#[derive(Debug, thiserror::Error)]
pub enum SystemError {
    #[error("No such business system")]
    NotFound,
    #[error("A business system named '{0}' already exists")]
    NameTaken(String),
    #[error("{0}")]
    Invalid(String),
    #[error("The OpenAPI document was rejected: {0}")]
    Import(String),
    #[error("{0}")]
    Upstream(String),
    #[error("The stored credentials cannot be used: {0}")]
    Credentials(String),
    #[error("A stored business system is unreadable: {0}")]
    Corrupt(String),
    #[error("This system was registered by Waybill and cannot be changed or removed")]
    BuiltIn,
    #[error("storage: {0}")]
    Store(#[from] sqlx::Error),
}

impl SystemError {
    /// The error as the admin API answers it; storage faults stay `Err` (a 500 that is
    /// logged, not shown).
    pub fn for_api(self) -> Result<FamilyError, SystemError> {
        let code = match &self {
            SystemError::NotFound => SYSTEM_NOT_FOUND,
            SystemError::NameTaken(_) => SYSTEM_NAME_TAKEN,
            SystemError::Invalid(_) => SYSTEM_INVALID,
            SystemError::Import(_) => OPENAPI_REJECTED,
            SystemError::Upstream(_) => SYSTEM_UNREACHABLE,
            SystemError::BuiltIn => SYSTEM_BUILT_IN,
            SystemError::Credentials(_) | SystemError::Corrupt(_) | SystemError::Store(_) => return Err(self),
        };
        Ok(FamilyError::new(code, self.to_string()))
    }
}
