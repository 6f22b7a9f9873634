//! Waybill's light tool families, one folder each. A family folder holds its tools (typed
//! input and output), its config section, its offline-model words and its tests; its web
//! half (cards, strings in seven languages, icons) is `web/src/tools/<family>/`. The
//! server registers each with one line.
//!
//! Every folder of `src/` with a `mod.rs` is a family module (the build script lists
//! them), so a new family is a new folder and nothing else here.

include!(concat!(env!("OUT_DIR"), "/families.rs"));

#[cfg(test)]
mod testing;

use schemars::JsonSchema;
use serde::Deserialize;

/// The config section of a family that has nothing to configure.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoConfig {}
