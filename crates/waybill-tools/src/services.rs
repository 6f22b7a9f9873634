//! The handle a family's tools and routes are built with: the store, the file service,
//! the guarded outbound client, the event bus, the clock and the sealer for stored
//! credentials. Cheap to clone.

use std::sync::Arc;

use waybill_files::FileService;
use waybill_store::Store;

use crate::bus::EventBus;
use crate::outbound::Outbound;
use crate::sealing::Sealer;

/// The time, from one place, so tests can hold it still.
pub trait Clock: Send + Sync {
    fn now(&self) -> jiff::Timestamp;
}

/// The system's clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> jiff::Timestamp {
        jiff::Timestamp::now()
    }
}

/// A model provider's endpoint and key, for families that call it themselves (image
/// generation). The key never reaches a model's context or the logs.
#[derive(Clone)]
pub struct ProviderEndpoint {
    pub base_url: String,
    pub api_key: String,
}

impl std::fmt::Debug for ProviderEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderEndpoint").field("base_url", &self.base_url).field("api_key", &"***").finish()
    }
}

/// The providers configured with a key.
#[derive(Debug, Clone, Default)]
pub struct Providers {
    pub openai: Option<ProviderEndpoint>,
    pub gemini: Option<ProviderEndpoint>,
}

#[derive(Clone)]
pub struct Services {
    pub store: Store,
    pub files: Arc<FileService>,
    /// The client for every fetch a user or model can steer.
    pub outbound: Outbound,
    pub events: Arc<dyn EventBus>,
    pub clock: Arc<dyn Clock>,
    pub providers: Arc<Providers>,
    /// Seals the credentials families store (business systems, issue trackers).
    pub sealer: Arc<Sealer>,
}
