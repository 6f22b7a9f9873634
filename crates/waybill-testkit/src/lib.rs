//! Test helpers shared by Waybill's crates (a dev-dependency only).

pub mod fake_http;

pub use fake_http::{Canned, FakeServer, Recorded};
