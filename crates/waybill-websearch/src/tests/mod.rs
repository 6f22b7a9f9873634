//! The family against local servers speaking the providers' real JSON and serving pages:
//! results parsed and cleaned, refusals worded, the guarded client's refusals kept, the
//! family built from its section, and the golden samples the web cards render.

mod fake;
mod family;
mod read;
mod search;

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use waybill_tools::outbound::{Outbound, Policy};
use waybill_tools::{Registry, ToolContext, ToolError, typed};

use crate::{Endpoint, ReadWebPageTool, SearchProvider, Settings, Web, WebSearchTool};

/// Settings for `provider` at `base_url`, with `key`.
fn settings(provider: SearchProvider, base_url: &str, key: &str) -> Settings {
    Settings {
        endpoint: Some(Endpoint { provider, base_url: base_url.to_owned(), api_key: key.to_owned() }),
        timeout: Duration::from_secs(5),
        ..Settings::default()
    }
}

/// Both tools over `settings`, through a guarded client that lets 127.0.0.1 through (as an
/// admin would allow a SearXNG on this machine), or one with the given policy.
fn tools_with(settings: Settings, policy: Policy) -> Registry {
    let web = Arc::new(Web::new(Outbound::new(policy), settings));
    Registry::new(vec![typed(WebSearchTool::new(web.clone())), typed(ReadWebPageTool::new(web))])
}

fn tools(settings: Settings) -> Registry {
    tools_with(settings, Policy::allowing(["127.0.0.1"]))
}

async fn run(registry: &Registry, tool: &str, input: Value) -> Result<Value, ToolError> {
    registry.run(tool, input, &ToolContext::detached()).await
}

async fn failure(registry: &Registry, tool: &str, input: Value) -> String {
    run(registry, tool, input).await.expect_err("the call fails").to_string()
}
