//! The Waybill server: one axum application over a [`Store`].
//!
//! `app(state)` builds the whole router (tests drive it in-process); `serve` runs it on a
//! listener until the shutdown future resolves. The route table reads top to bottom in
//! [`app`].

pub mod admin;
pub mod auth;
pub mod chat;
pub mod chat_events;
pub mod chat_history;
pub mod config;
mod dashboard_page;
pub mod demo;
pub mod error;
pub mod events;
pub mod families;
pub mod files;
mod http;
pub mod live_agent;
mod memory;
pub mod options;
pub mod quotas;
pub mod realtime;
pub mod seed;
pub mod slices;
pub mod text;

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

use waybill_files::{FileService, FileSettings};
use waybill_tools::bus::EventBus;
use waybill_tools::outbound::{Outbound, Policy};
use waybill_tools::sealing::Sealer;
use waybill_tools::services::{ProviderEndpoint, Providers};
use waybill_tools::{Clock, FamilySet, Registry, Services, SystemClock};

use crate::auth::{LoginLimits, TokenKeys};
use crate::chat::models::Models;
use crate::chat::runs::Runs;
use crate::config::Config;
use crate::http::openapi::SecurityAddon;
use crate::quotas::Quotas;

pub use waybill_agent;
pub use waybill_store;
pub use waybill_tools;

/// Everything a handler may need. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    pub keys: Arc<TokenKeys>,
    pub login_limits: Arc<LoginLimits>,
    /// The registered tool families.
    pub families: FamilySet,
    /// Every tool the families offer; each turn is offered its own subset.
    pub tools: Registry,
    pub models: Arc<Models>,
    /// Answers being generated now.
    pub runs: Arc<Runs>,
    pub files: Arc<FileService>,
    /// The guarded client for fetches users and models can steer.
    pub outbound: Outbound,
    /// Events between the parts of this instance, and between instances.
    pub events: Arc<dyn EventBus>,
    pub clock: Arc<dyn Clock>,
    /// Chat-request and tool-call quotas.
    pub quotas: Arc<Quotas>,
    /// Seals stored credentials.
    pub sealer: Arc<Sealer>,
    /// The built-in demo facility, served under `/demo/…` when set.
    pub demo: Option<waybill_demo::Demo>,
    /// What the families brought besides their tools: routes, workers, handles, readiness.
    pub slices: Arc<slices::FamilySlices>,
    /// Live human agents: the service and the sockets this instance holds.
    pub live: Arc<live_agent::Live>,
}

impl AppState {
    /// The state as `waybill serve` builds it: the registered families (their pending
    /// migrations applied) and the tools their configuration enables.
    pub async fn new(store: Store, config: Config, keys: TokenKeys) -> anyhow::Result<Self> {
        let families = families::registered(&config);
        Self::build(store, config, keys, families, None).await
    }

    /// The state with exactly `tools` (tests offer their own).
    pub async fn with_tools(store: Store, config: Config, keys: TokenKeys, tools: Registry) -> anyhow::Result<Self> {
        let families = families::registered(&config);
        Self::build(store, config, keys, families, Some(tools)).await
    }

    async fn build(store: Store, config: Config, keys: TokenKeys, families: FamilySet, tools: Option<Registry>) -> anyhow::Result<Self> {
        families.migrate(&store).await?;
        let files = Arc::new(FileService::new(&file_settings(&config))?);
        let outbound = Outbound::new(Policy::allowing(&config.outbound.allow_hosts));
        let events = events::connect(&config.events).await;
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let sealer = Arc::new(Sealer::load_or_create(&config.data_dir, config.auth.sealing_key.as_ref().map(|k| k.expose()))?);
        let services = Services {
            store: store.clone(),
            files: files.clone(),
            outbound: outbound.clone(),
            events: events.clone(),
            clock: clock.clone(),
            providers: Arc::new(providers(&config)),
            sealer: sealer.clone(),
        };
        let (registry, slices) = families.build(&config.tools, &|name| std::env::var(name).ok(), &services)?;
        let tools = tools.unwrap_or(registry);
        let slices = Arc::new(slices::FamilySlices::new(slices));
        let login_limits = Arc::new(LoginLimits::new(&config.auth));
        let models = Arc::new(Models::new(&config, tools.clone()));
        let quotas = Arc::new(Quotas::new(&config.limits));
        let live = live_agent::Live::start(&services, &config.live_agent);
        Ok(Self {
            store,
            config: Arc::new(config),
            keys: Arc::new(keys),
            login_limits,
            families,
            tools,
            models,
            runs: Arc::new(Runs::new(events.clone())),
            files,
            outbound,
            events,
            clock,
            quotas,
            sealer,
            demo: None,
            slices,
            live,
        })
    }

    /// The handle families' tools and routes are built with.
    pub fn services(&self) -> Services {
        Services {
            store: self.store.clone(),
            files: self.files.clone(),
            outbound: self.outbound.clone(),
            events: self.events.clone(),
            clock: self.clock.clone(),
            providers: Arc::new(providers(&self.config)),
            sealer: self.sealer.clone(),
        }
    }
}

/// Where the file service keeps blobs and how it writes links.
fn file_settings(config: &Config) -> FileSettings {
    FileSettings {
        folder: config.data_dir.join("files"),
        s3: config.files.s3.as_ref().map(|s3| waybill_files::blobs::S3Settings {
            bucket: s3.bucket.clone(),
            endpoint: s3.endpoint.clone(),
            region: s3.region.clone(),
            access_key_id: s3.access_key_id.clone(),
            secret_access_key: s3.secret_access_key.expose().to_owned(),
        }),
        public_url: config.files.public_url.clone().unwrap_or_default(),
    }
}

/// The providers families may call themselves.
fn providers(config: &Config) -> Providers {
    let p = &config.providers;
    Providers {
        openai: p.openai_api_key.as_ref().map(|key| ProviderEndpoint { base_url: p.openai_base_url.clone(), api_key: key.expose().to_owned() }),
        gemini: p.gemini_api_key.as_ref().map(|key| ProviderEndpoint { base_url: p.gemini_base_url.clone(), api_key: key.expose().to_owned() }),
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
        .merge(options::router())
        .merge(live_agent::router());
    let protected = state
        .slices
        .routes()
        .fold(protected, |all, routes| all.merge(routes.protected.clone().with_state(())))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), auth::require_auth));
    let file_service = files::router().route_layer(axum::middleware::from_fn_with_state(state.clone(), auth::require_auth_with_default_scope));
    let public = OpenApiRouter::with_openapi(ApiDoc::openapi()).merge(auth::public_router()).merge(files::public_router()).merge(live_agent::app_api::router());
    let public = state.slices.routes().fold(public, |all, routes| all.merge(routes.public.clone().with_state(())));
    let scopes = http::openapi::Scopes {
        protected: http::openapi::operations(protected.get_openapi()),
        defaulted: http::openapi::operations(file_service.get_openapi()),
        models: state.models.usable_ids(),
    };
    let (router, openapi) = public.merge(protected).merge(file_service).split_for_parts();
    let signed_in = axum::middleware::from_fn_with_state(state.clone(), auth::require_auth_with_default_scope);
    let router = state.slices.routes().fold(router, |all, routes| {
        let all = all.merge(routes.unlisted.clone().with_state(()));
        if routes.default_scope.has_routes() { all.merge(routes.default_scope.clone().route_layer(signed_in.clone()).with_state(())) } else { all }
    });
    (router, http::openapi::complete(openapi, &scopes))
}

/// The whole application.
pub fn app(state: AppState) -> Router {
    let (api, openapi) = api(&state);
    let openapi = Arc::new(openapi);
    let api = api
        .route("/api/openapi.json", get(move || http::openapi::document(openapi.clone())))
        .route("/api/events/ws", get(realtime::events::chat_events))
        .route("/api/desk/ws", get(live_agent::desk_socket::desk_socket))
        .route(live_agent::customer_socket::PATH, get(live_agent::customer_socket::customer_socket))
        .layer(DefaultBodyLimit::max(error::JSON_LIMIT));
    let router = Router::new()
        .route("/healthz", get(http::healthz))
        .route("/readyz", get(http::readyz))
        .route("/d/{token}", get(dashboard_page::page))
        .nest("/api", Router::new().fallback(http::api_not_found))
        .merge(api)
        .fallback(http::web::serve_asset)
        .method_not_allowed_fallback(http::method_not_allowed)
        .with_state(state.clone());
    let router = match &state.demo {
        Some(demo) => router.merge(demo.router()),
        None => router,
    };
    router
        .layer(axum::middleware::from_fn(http::input::refuse_forbidden_characters))
        .layer(http::security_headers())
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(TraceLayer::new_for_http().make_span_with(http::request_span))
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
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
    memory::map_large_blocks();
    let housekeeping = tokio::spawn(housekeeping(state.clone()));
    let stop = tokio_util::sync::CancellationToken::new();
    let workers = state.slices.start_workers(&stop);
    let trimmer = tokio::spawn(memory::trim_after_bursts(state.runs.clone()));
    let limits = state.config.http.clone();
    let result = http::server::run(listener, app(state), &limits, shutdown).await;
    housekeeping.abort();
    trimmer.abort();
    stop.cancel();
    for worker in workers {
        // A worker that does not end on its own soon is stopped where it waits.
        let abort = worker.abort_handle();
        if tokio::time::timeout(Duration::from_secs(5), worker).await.is_err() {
            abort.abort();
        }
    }
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
        if let Err(err) = state.live.service.tokens.prune(waybill_store::now_ms()).await {
            tracing::warn!(error = %err, "pruning messaging tokens failed");
        }
    }
}
