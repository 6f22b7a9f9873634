//! Test helpers shared by Waybill's crates (a dev-dependency only).

pub mod fake_http;
pub mod memory;
pub mod order_file;

pub use fake_http::{Canned, FakeServer, Recorded};
