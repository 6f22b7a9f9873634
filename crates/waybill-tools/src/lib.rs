//! The tool platform every tool family builds on, with no HTTP framework in it.
//!
//! - [`tool`]: the [`Tool`] trait the agent loop calls, and [`typed`]: tools whose input
//!   and output are Rust types (schemas derived, outputs exported to the web app).
//! - [`registry`]: every registered tool, validated once; [`Toolset`]: the tools offered
//!   to one turn, resolved from who asks, where, in which chat, on which model.
//! - [`context`]: what a running call knows (caller, chat, cancellation, progress parts,
//!   nested runs).
//! - [`family`]: a family is a slice (tools, config section, migrations, error codes,
//!   and [`slice`]: routes, workers, readiness and handles), registered with one line;
//!   [`config`] derives a section's environment overrides.
//! - [`services`]: the handle families get (store, files, outbound client, event bus,
//!   clock); [`bus`]: the event bus trait and its in-process implementation.
//! - [`outbound`]: the guarded HTTP client; [`ui_stream`]: the UI message stream chunks;
//!   [`lang`]: the seven interface languages; [`sealing`]: credentials sealed at rest.

pub mod bus;
pub mod codes;
pub mod config;
pub mod context;
pub mod family;
pub mod golden;
pub mod lang;
pub mod outbound;
pub mod redact;
pub mod registry;
pub mod sealing;
pub mod services;
pub mod slice;
pub mod tool;
pub mod typed;
pub mod ui_stream;

pub use context::{CallAdmission, Caller, SubAgentOutcome, SubAgentRequest, SubAgentRunner, ToolContext};
pub use family::{Family, FamilySet, Migrations};
pub use registry::{FAMILY_PREFIX, Registry, Scope, Toolset};
pub use services::{Clock, Services, SystemClock};
pub use slice::{Built, Readiness, Slice, Slices, Worker};
pub use tool::{STOPPED_ERROR, Tool, ToolError};
pub use typed::{TypedTool, typed};
