//! What the families' tests share.

use waybill_tools::{Caller, Clock, ToolContext};

/// A clock that always reads one instant (RFC 3339).
pub struct FixedClock(pub &'static str);

impl Clock for FixedClock {
    fn now(&self) -> jiff::Timestamp {
        self.0.parse().expect("a valid instant")
    }
}

/// A call's context for a user in time zone `zone`.
pub fn context_in(zone: &str) -> ToolContext {
    ToolContext::new(Caller { tenant_id: "t".into(), facility_id: "f".into(), user_id: "u".into(), timezone: zone.into(), ..Caller::default() }, "c")
}

pub use waybill_tools::golden::write as golden;
