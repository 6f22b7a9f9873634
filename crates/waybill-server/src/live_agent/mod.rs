//! Live human agents, the HTTP side (docs/live-agent.md): the messaging service's
//! `/app-api` routes and customer WebSocket, the agents' desk (`/api/desk`) and its
//! WebSocket, `GET /api/live-agent/config`, and the registry of sockets this instance
//! holds. The domain — sessions, the queue, tokens, events — is `waybill-liveagent`.

pub mod app_api;
pub mod customer_socket;
pub mod desk;
pub mod desk_socket;
pub mod registry;

use std::sync::Arc;

use axum::extract::State;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_liveagent::LiveAgents;

use crate::AppState;
use crate::auth::RequestContext;
use crate::config::LiveAgentConfig;
use crate::error::{Json, Result};

pub use registry::Registry;

/// The live-agent service and the sockets this instance holds.
pub struct Live {
    pub service: LiveAgents,
    pub registry: Arc<Registry>,
    pub config: LiveAgentConfig,
}

impl Live {
    /// The service over `services`, its registry fed from the bus.
    pub fn start(services: &waybill_tools::Services, config: &LiveAgentConfig) -> Arc<Self> {
        let service = LiveAgents::new(services.store.clone(), services.files.clone(), services.events.clone(), config.settings());
        let registry = Arc::new(Registry::default());
        registry.clone().feed(services.events.clone());
        Arc::new(Self { service, registry, config: config.clone() })
    }
}

/// The account was suspended or removed from the tenant: its messaging tokens stop
/// working and its sockets close, on every instance. A failure is logged; the
/// membership change stands, and tokens are refused anyway once the grant is gone.
pub async fn revoke(state: &AppState, tenant_id: &str, user_id: &str) {
    if let Err(err) = state.live.service.revoke(tenant_id, user_id).await {
        tracing::error!(error = %err, "revoking a member's messaging tokens failed");
    }
}

/// Where the chat page reaches the messaging service.
#[derive(Debug, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "live_agent/")]
pub struct LiveAgentClientConfig {
    /// Empty for Waybill's own service at the page's origin; else the outside service's base URL.
    pub service_url: String,
    /// The customer WebSocket's address: a path on the page's origin for the built-in service.
    pub ws_url: String,
    /// `primary`, `portal` or `third`.
    pub site: String,
}

/// The socket's address for a service at `base` (`http(s)://…`), or the path on this origin.
fn ws_url(service_url: &str) -> String {
    let base = service_url.trim().trim_end_matches('/');
    if base.is_empty() {
        return customer_socket::PATH.to_owned();
    }
    let base = if let Some(rest) = base.strip_prefix("https://") {
        format!("wss://{rest}")
    } else if let Some(rest) = base.strip_prefix("http://") {
        format!("ws://{rest}")
    } else {
        base.to_owned()
    };
    format!("{base}{}", customer_socket::PATH)
}

/// Where the chat page connects to a live agent.
#[utoipa::path(get, path = "/api/live-agent/config", tag = "live-agent", responses((status = 200, body = LiveAgentClientConfig)))]
async fn client_config(State(state): State<AppState>, _ctx: RequestContext) -> Result<Json<LiveAgentClientConfig>> {
    let config = &state.live.config;
    let service_url = config.service_url.trim().trim_end_matches('/').to_owned();
    Ok(Json(LiveAgentClientConfig { ws_url: ws_url(&service_url), service_url, site: config.site().to_owned() }))
}

/// `/api/live-agent/config` and the desk: behind `require_auth`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(client_config)).merge(desk::router())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_socket_address_follows_the_service() {
        assert_eq!(ws_url(""), "/app-api/im/ws");
        assert_eq!(ws_url("https://im.example.com/"), "wss://im.example.com/app-api/im/ws");
        assert_eq!(ws_url("http://127.0.0.1:9000"), "ws://127.0.0.1:9000/app-api/im/ws");
    }

    #[test]
    fn the_section_reads_the_environment() {
        let mut config = crate::config::Config::default();
        config
            .apply_env(|name| {
                let value = match name {
                    "WAYBILL_LIVE_AGENT_SITE" => "portal",
                    "WAYBILL_LIVE_AGENT_AGENT_GONE" => "close",
                    "WAYBILL_LIVE_AGENT_AGENT_GRACE_SECONDS" => "5",
                    "WAYBILL_LIVE_AGENT_MESSAGES_PER_MINUTE" => "20",
                    "WAYBILL_LIVE_AGENT_TOKEN_MINUTES" => "10",
                    "WAYBILL_LIVE_AGENT_SERVICE_URL" => "https://im.example.com",
                    _ => return None,
                };
                Some(value.to_owned())
            })
            .unwrap();
        let live = &config.live_agent;
        assert_eq!((live.site(), live.service_url.as_str()), ("portal", "https://im.example.com"));
        let settings = live.settings();
        assert_eq!(
            (settings.agent_gone, settings.agent_grace.as_secs(), settings.messages_per_minute, settings.token_minutes),
            (waybill_liveagent::AgentGone::Close, 5, 20, 10)
        );
        let defaults = LiveAgentConfig::default();
        assert_eq!((defaults.agent_grace_seconds, defaults.messages_per_minute, defaults.token_minutes, defaults.site()), (30, 60, 30, "primary"));
    }

    #[test]
    fn an_unknown_site_is_primary_and_agent_gone_reads_close() {
        let config = LiveAgentConfig { site: "mobile".into(), agent_gone: "close".into(), ..Default::default() };
        assert_eq!(config.site(), "primary");
        assert_eq!(config.settings().agent_gone, waybill_liveagent::AgentGone::Close);
        assert_eq!(LiveAgentConfig { site: "third".into(), ..Default::default() }.site(), "third");
    }
}
