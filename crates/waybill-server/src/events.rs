//! The event bus this instance uses: NATS when `[events] nats_url` is set (several
//! instances), else the in-process bus. NATS unreachable at start is not fatal: the
//! instance serves on its own and joins the others when NATS answers.

use std::sync::Arc;

use waybill_tools::bus::{EventBus, InProcessBus};

use crate::config::EventsConfig;

pub async fn connect(config: &EventsConfig) -> Arc<dyn EventBus> {
    let Some(url) = &config.nats_url else { return Arc::new(InProcessBus::new()) };
    match waybill_nats::NatsBus::connect(url.expose()).await {
        Ok(bus) => Arc::new(bus),
        Err(err) => {
            // Only a malformed address gets here (an unreachable server is retried).
            tracing::error!(error = %err, "the NATS address is not usable; events stay inside this instance");
            Arc::new(InProcessBus::new())
        }
    }
}
