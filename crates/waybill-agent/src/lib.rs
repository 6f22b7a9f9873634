//! The Waybill chat engine.
//!
//! [`ui_stream`] is the wire format the web client's `useChat` reads; [`assembler`]
//! rebuilds the assistant's UI message from those same chunks so the server can
//! checkpoint and store exactly what the client renders.

pub mod agent;
pub mod assembler;
pub mod context;
pub mod convert;
pub mod lang;
pub mod outbound;
pub mod provider;
pub mod tools;
pub mod ui_stream;
