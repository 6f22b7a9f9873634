//! The Waybill chat engine.
//!
//! The agent loop ([`agent`]) streams a model's answer as UI message chunks (the wire
//! format the web client's `useChat` reads, `waybill_tools::ui_stream`), runs the tools a
//! turn is offered, and nests sub-agent turns; [`assembler`] rebuilds the assistant's UI
//! message from those same chunks so the server can checkpoint and store exactly what
//! the client renders.

pub mod agent;
pub mod assembler;
pub mod context;
pub mod convert;
pub mod nested;
pub mod provider;
