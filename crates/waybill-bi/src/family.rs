//! The BI family: its config section, the cube tools, and the [`Warehouse`] they query.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use schemars::JsonSchema;
use serde::Deserialize;
use waybill_routes::Routes;
use waybill_tools::codes::ErrorCode;
use waybill_tools::{Built, Family, Migrations, Services, Slice, typed};

use crate::dashboard::{DashboardTool, Dashboards};
use crate::engine::Limits;
use crate::export::{DownloadTool, FileNameTool};
use crate::tools::{CubeDescTool, CubeSchemaTool, EnumQueryIdsTool, EnumValuesTool, QueryTool};
use crate::warehouse::{Source, Warehouse};

/// Where the cubes' queries run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EngineKind {
    /// The embedded engine over a snapshot of the operational data (the demo facility's).
    #[default]
    Datafusion,
    /// Pushed down to the PostgreSQL database (or read replica) at `postgres_url`.
    Postgres,
}

/// `[tools.bi]`; environment overrides are derived from the fields:
/// `WAYBILL_BI_ENGINE`, `WAYBILL_BI_POSTGRES_URL`, `WAYBILL_BI_POSTGRES_SCHEMA`,
/// `WAYBILL_BI_TENANT`, `WAYBILL_BI_REFRESH_MINUTES`, `WAYBILL_BI_MAX_ROWS`,
/// `WAYBILL_BI_TIMEOUT_SECONDS`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct BiConfig {
    /// `datafusion` (embedded, the default) or `postgres`.
    pub engine: EngineKind,
    /// With `engine = "postgres"`: the database holding the operational tables, ideally
    /// a read replica and a read-only role.
    pub postgres_url: Option<String>,
    /// The schema of the operational tables in that database.
    pub postgres_schema: String,
    /// With `engine = "postgres"`: the tenant whose data that database holds (default:
    /// the demo tenant).
    pub tenant: Option<String>,
    /// How old the engine's snapshot of the operational data may grow before a query
    /// reads it again.
    pub refresh_minutes: u64,
    /// Most rows a query answers.
    pub max_rows: usize,
    /// Longest a query may run.
    pub timeout_seconds: u64,
}

impl Default for BiConfig {
    fn default() -> Self {
        BiConfig {
            engine: EngineKind::Datafusion,
            postgres_url: None,
            postgres_schema: "public".into(),
            tenant: None,
            refresh_minutes: 5,
            max_rows: 10_000,
            timeout_seconds: 20,
        }
    }
}

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// The BI family over one tenant's operational database.
pub struct Bi {
    /// The database file and the tenant whose data it is; none: the family offers nothing
    /// (unless the configuration names a PostgreSQL database).
    source: Option<(PathBuf, String)>,
}

impl Bi {
    /// Cubes over the SQLite database at `path`, the data of `tenant` (the demo facility's).
    pub fn over(path: PathBuf, tenant: &str) -> Self {
        Bi { source: Some((path, tenant.to_owned())) }
    }

    /// No operational data: the cube tools are offered to no one.
    pub fn none() -> Self {
        Bi { source: None }
    }
}

impl Family for Bi {
    const NAME: &'static str = "bi";
    type Config = BiConfig;

    /// The cube tools, the dashboards' and cubes' routes, over one warehouse, which with
    /// the saved dashboards is also the family's handle ([`crate::BiService`]).
    fn build(&self, config: &BiConfig, services: &Services) -> Built {
        let limits =
            Limits { max_rows: config.max_rows.clamp(1, 100_000), timeout: Duration::from_secs(config.timeout_seconds.clamp(1, 600)), ..Limits::default() };
        let source = match (config.engine, &config.postgres_url) {
            (EngineKind::Postgres, Some(url)) => {
                let tenant = config.tenant.clone().or_else(|| self.source.as_ref().map(|(_, t)| t.clone()));
                tenant.map(|t| (Source::Postgres { url: url.clone(), schema: config.postgres_schema.clone() }, t))
            }
            _ => self.source.clone().map(|(path, tenant)| (Source::Sqlite(path), tenant)),
        };
        let refresh = Duration::from_secs(config.refresh_minutes.max(1) * 60);
        let warehouse = Arc::new(Warehouse::new(source, services.store.clone(), limits, refresh));
        let dashboards = Dashboards::new(services.store.clone(), services.sealer.clone());
        let service = crate::BiService::new(warehouse.clone(), dashboards.clone());
        let (warm, ready) = (warehouse.clone(), warehouse.clone());
        let slice = Slice::new()
            .part(Routes::protected(crate::routes::router().with_state(service.clone())))
            .worker("BI snapshot", move |stop| {
                warm.warming();
                warm.keep_warm(stop)
            })
            .readiness(move || ready.readiness())
            .handle(Arc::new(service));
        Built::tools(vec![
            typed(CubeDescTool { warehouse: warehouse.clone() }),
            typed(CubeSchemaTool { warehouse: warehouse.clone() }),
            typed(EnumQueryIdsTool { warehouse: warehouse.clone() }),
            typed(EnumValuesTool { warehouse: warehouse.clone() }),
            typed(QueryTool { warehouse: warehouse.clone() }),
            typed(FileNameTool { warehouse: warehouse.clone() }),
            typed(DownloadTool { warehouse: warehouse.clone(), files: services.files.clone(), store: services.store.clone() }),
            typed(DashboardTool { warehouse, dashboards }),
        ])
        .with(slice)
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &SQLITE, postgres: &POSTGRES })
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        crate::tenant::CODES
    }
}
