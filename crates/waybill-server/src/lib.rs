//! The Waybill server: one axum application over a [`Store`].
//!
//! `app(state)` builds the whole router (tests drive it in-process); `serve` runs it on a
//! listener until the shutdown future resolves. The route table reads top to bottom in
//! [`app`].

pub mod admin;
pub mod auth;
pub mod chat;
pub mod chat_history;
pub mod config;
pub mod error;
pub mod files;
mod http;
mod memory;
pub mod quotas;
pub mod seed;
pub mod text;
pub mod tools;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use tokio::net::TcpListener;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use waybill_store::Store;

use crate::auth::{LoginLimits, TokenKeys};
use crate::chat::models::Models;
use crate::chat::runs::Runs;
use crate::config::Config;
use crate::files::service::FileService;
use crate::http::openapi::SecurityAddon;
use crate::quotas::Quotas;
use waybill_agent::outbound::Outbound;
use waybill_agent::tools::Registry;

pub use waybill_agent;
pub use waybill_store;

/// Everything a handler may need. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    pub keys: Arc<TokenKeys>,
    pub login_limits: Arc<LoginLimits>,
    /// The tools offered to models.
    pub tools: Registry,
    pub models: Arc<Models>,
    /// Answers being generated now.
    pub runs: Arc<Runs>,
    pub files: Arc<FileService>,
    /// The guarded client for fetches users and models can steer.
    pub outbound: Outbound,
    /// Chat-request and tool-call quotas.
    pub quotas: Arc<Quotas>,
}

impl AppState {
    /// The state with the tools the configuration enables.
    pub fn new(store: Store, config: Config, keys: TokenKeys) -> anyhow::Result<Self> {
        let files = Arc::new(FileService::new(&config)?);
        let tools = tools::registry(&config, &store, &files);
        Ok(Self::assemble(store, config, keys, files, tools))
    }

    /// The state with exactly `tools` (tests offer their own).
    pub fn with_tools(store: Store, config: Config, keys: TokenKeys, tools: Registry) -> anyhow::Result<Self> {
        let files = Arc::new(FileService::new(&config)?);
        Ok(Self::assemble(store, config, keys, files, tools))
    }

    fn assemble(store: Store, config: Config, keys: TokenKeys, files: Arc<FileService>, tools: Registry) -> Self {
        let login_limits = Arc::new(LoginLimits::new(&config.auth));
        let models = Arc::new(Models::new(&config, tools.clone()));
        let outbound = tools::outbound(&config);
        let quotas = Arc::new(Quotas::new(&config.limits));
        Self { store, config: Arc::new(config), keys: Arc::new(keys), login_limits, tools, models, runs: Arc::default(), files, outbound, quotas }
    }
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Waybill API", description = "Chat assistant for warehouse, freight, yard and order operations."),
    components(schemas(error::ApiError)),
    modifiers(&SecurityAddon),
)]
struct ApiDoc;

/// The protected and public API with its OpenAPI document.
pub fn api(state: &AppState) -> (Router<AppState>, serde_json::Value) {
    let protected = OpenApiRouter::new()
        .merge(auth::router())
        .merge(chat_history::router())
        .merge(chat::router())
        .merge(admin::router())
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), auth::require_auth));
    let file_service = files::router().route_layer(axum::middleware::from_fn_with_state(state.clone(), auth::require_auth_with_default_scope));
    let public = OpenApiRouter::with_openapi(ApiDoc::openapi()).merge(auth::public_router()).merge(files::public_router());
    let scopes = http::openapi::Scopes {
        protected: http::openapi::operations(protected.get_openapi()),
        defaulted: http::openapi::operations(file_service.get_openapi()),
        models: state.models.usable_ids(),
    };
    let (router, openapi) = public.merge(protected).merge(file_service).split_for_parts();
    (router, http::openapi::complete(openapi, &scopes))
}

/// The whole application.
pub fn app(state: AppState) -> Router {
    let (api, openapi) = api(&state);
    let openapi = Arc::new(openapi);
    let api = api
        .route("/api/openapi.json", get(move || http::openapi::document(openapi.clone())))
        .layer(DefaultBodyLimit::max(error::JSON_LIMIT));
    Router::new()
        .route("/healthz", get(http::healthz))
        .nest("/api", Router::new().fallback(http::api_not_found))
        .merge(api)
        .fallback(http::web::serve_asset)
        .method_not_allowed_fallback(http::method_not_allowed)
        .layer(http::security_headers())
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(TraceLayer::new_for_http().make_span_with(http::request_span))
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(state)
}

/// Opens the store named by the configuration and runs its migrations.
pub async fn open_store(config: &Config) -> anyhow::Result<Store> {
    std::fs::create_dir_all(&config.data_dir)?;
    let store = Store::connect(&config.database_url()).await?;
    store.migrate().await?;
    Ok(store)
}

/// Serves `state` on `listener` until `shutdown` resolves, with periodic housekeeping.
pub async fn serve(listener: TcpListener, state: AppState, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
    let housekeeping = tokio::spawn(housekeeping(state.clone()));
    let trimmer = tokio::spawn(memory::trim_after_bursts(state.runs.clone()));
    let limits = state.config.http.clone();
    let result = http::server::run(listener, app(state), &limits, shutdown).await;
    housekeeping.abort();
    trimmer.abort();
    Ok(result?)
}

async fn housekeeping(state: AppState) {
    let mut tick = tokio::time::interval(Duration::from_secs(600));
    loop {
        tick.tick().await;
        state.login_limits.prune();
        state.quotas.prune();
        if let Err(err) = state.store.prune_refresh_tokens().await {
            tracing::warn!(error = %err, "pruning refresh tokens failed");
        }
    }
}
