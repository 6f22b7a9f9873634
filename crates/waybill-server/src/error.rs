//! The HTTP layer's error type lives with what every family's routes are built from
//! (`waybill-routes`); the server adds the union of every error code it can answer with,
//! the core's and its families', for the web app's types.

pub use waybill_routes::error::*;

use ts_rs::TS;

/// The TypeScript union `ErrorCode` of every stable code: the core's and those of every
/// family this server registers (the proving family's included).
pub struct ErrorCodeUnion;

impl ErrorCodeUnion {
    pub fn codes() -> Vec<&'static str> {
        let all_families = crate::config::Config { testing: crate::config::TestingConfig { proving_family: true }, ..Default::default() };
        let families = crate::families::registered(&all_families).error_codes();
        Code::ALL.iter().map(|c| c.as_str()).chain(families.into_iter().flat_map(|(_, codes)| codes.iter().map(|c| c.code))).collect()
    }
}

impl TS for ErrorCodeUnion {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn docs() -> Option<String> {
        Some("/**\n * Every stable error code the server answers with: the core's and the tool families'.\n */\n".into())
    }
    fn name(_: &ts_rs::Config) -> String {
        "ErrorCode".into()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }
    fn decl(_: &ts_rs::Config) -> String {
        let codes: Vec<String> = Self::codes().iter().map(|c| format!("\"{c}\"")).collect();
        format!("type ErrorCode = {};", codes.join(" | "))
    }
    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }
    fn output_path() -> Option<std::path::PathBuf> {
        Some("ErrorCode.ts".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ErrorCode.ts`, which `ApiError.ts` imports: written from the families registered.
    #[test]
    fn the_union_of_error_codes_is_exported() {
        ErrorCodeUnion::export(&ts_rs::Config::from_env()).unwrap();
        assert!(ErrorCodeUnion::codes().contains(&"not_found"));
    }
}
