//! The tools offered to models, assembled from configuration: the built-in ones, the
//! ones that reach outside services (through the guarded client), and the ones that work
//! on this server's own data (files). A tool whose service is not configured is not
//! offered at all.

pub mod display_file;
pub mod image_generation;

use std::sync::Arc;

use waybill_agent::outbound::{Outbound, Policy};
use waybill_agent::tools::{self, Registry, Tool, WeatherTool};
use waybill_store::Store;

use crate::config::Config;
use crate::files::service::FileService;

pub use display_file::DisplayFileTool;
pub use image_generation::ImageGenerationTool;

/// The guarded client for every fetch a user or model can steer.
pub fn outbound(config: &Config) -> Outbound {
    Outbound::new(Policy::allowing(&config.outbound.allow_hosts))
}

pub fn registry(config: &Config, store: &Store, files: &Arc<FileService>) -> Registry {
    let mut offered: Vec<Arc<dyn Tool>> = tools::builtin_tools();
    let weather = &config.tools.weather;
    if weather.enabled {
        offered.push(Arc::new(WeatherTool::new(outbound(config), &weather.geocoding_url, &weather.forecast_url)));
    }
    offered.push(Arc::new(DisplayFileTool::new(store.clone(), files.clone())));
    if let Some(key) = &config.providers.openai_api_key {
        offered.push(Arc::new(ImageGenerationTool::new(
            &config.providers.openai_base_url,
            key.expose(),
            &config.tools.image_generation,
            store.clone(),
            files.clone(),
        )));
    }
    Registry::new(offered)
}
