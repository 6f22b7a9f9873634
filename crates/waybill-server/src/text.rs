//! What the API calls blank and printable: defined with what every route is built from.

pub use waybill_routes::text::*;
