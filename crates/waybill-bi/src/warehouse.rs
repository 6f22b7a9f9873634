//! The warehouse the cube tools query: the catalogue of cubes (the shipped ones and the
//! ones the tenant's administrators added) and the engine over the operational data —
//! embedded over a snapshot, or pushed down to PostgreSQL. Both are read on first use and
//! again when older than the configured refresh, so another instance's change to the
//! tenant's cubes shows within that time (this instance's at once).

use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use tokio::sync::{Mutex, MutexGuard};
use waybill_store::Store;
use waybill_tools::{Scope, ToolContext, ToolError};

use crate::engine::{DataFusionEngine, Limits, QueryEngine, RowScope};
use crate::load::{Catalogue, CubeError};
use crate::postgres::PostgresEngine;
use crate::tenant::{StoredCube, catalogue_of, stored_cubes};

/// The operational data the cubes read.
#[derive(Debug, Clone)]
pub(crate) enum Source {
    /// An SQLite database file, read into the embedded engine.
    Sqlite(PathBuf),
    /// A PostgreSQL database the queries are pushed down to.
    Postgres { url: String, schema: String },
}

/// The catalogue as last read, and the engine built over it.
pub(crate) struct Loaded {
    pub catalogue: Arc<Catalogue>,
    /// The tenant's own cube files the catalogue was built from.
    pub files: Vec<StoredCube>,
    /// Stored files that no longer load beside the others, with why.
    pub refused: Vec<(String, CubeError)>,
    read_at: Instant,
    pub engine: Option<(Arc<dyn QueryEngine>, Instant)>,
}

/// The cubes and the engine the tools share.
pub struct Warehouse {
    pub(crate) source: Option<(Source, String)>,
    pub(crate) store: Store,
    pub(crate) limits: Limits,
    refresh: Duration,
    state: Mutex<Option<Loaded>>,
    /// The catalogue as last read, for what cannot wait on the database (the offline
    /// model's guesses).
    current: RwLock<Arc<Catalogue>>,
}

fn failed(e: impl std::fmt::Display) -> ToolError {
    ToolError::Failed(e.to_string())
}

impl Warehouse {
    pub(crate) fn new(source: Option<(Source, String)>, store: Store, limits: Limits, refresh: Duration) -> Self {
        Warehouse { source, store, limits, refresh, state: Mutex::new(None), current: RwLock::new(Arc::new(Catalogue::demo())) }
    }

    /// The tenant whose operational data this is.
    pub fn tenant(&self) -> Option<&str> {
        self.source.as_ref().map(|(_, tenant)| tenant.as_str())
    }

    /// Offered to the tenant whose data it is.
    pub fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        let yes = self.tenant() == Some(scope.caller.tenant_id.as_str());
        Box::pin(std::future::ready(yes))
    }

    /// The catalogue as last read, without waiting.
    pub fn current_catalogue(&self) -> Arc<Catalogue> {
        self.current.read().expect("the catalogue lock is never poisoned").clone()
    }

    /// The catalogue: the shipped cubes and the tenant's own.
    pub async fn catalogue(&self) -> Result<Arc<Catalogue>, ToolError> {
        let mut state = self.loaded().await?;
        Ok(state.as_mut().expect("loaded").catalogue.clone())
    }

    /// The state with the tenant's cube files read no longer ago than the refresh.
    pub(crate) async fn loaded(&self) -> Result<MutexGuard<'_, Option<Loaded>>, ToolError> {
        let mut state = self.state.lock().await;
        if state.as_ref().is_some_and(|l| l.read_at.elapsed() < self.refresh) {
            return Ok(state);
        }
        let files = match self.tenant() {
            Some(tenant) => stored_cubes(&self.store, tenant).await.map_err(|e| {
                tracing::error!(error = %e, "the tenant's cubes cannot be read");
                ToolError::Failed("The tenant's cubes cannot be read right now".into())
            })?,
            None => Vec::new(),
        };
        match state.as_mut() {
            Some(loaded) if loaded.files == files => loaded.read_at = Instant::now(),
            _ => {
                let (catalogue, refused) = catalogue_of(&files);
                for (file, why) in &refused {
                    tracing::warn!(file, error = %why, "a tenant's cube file no longer loads and is left out");
                }
                self.install(&mut state, Arc::new(catalogue), files, refused, None);
            }
        }
        Ok(state)
    }

    /// Makes `catalogue` (and the engine over it, when built) the one in use.
    pub(crate) fn install(
        &self,
        state: &mut Option<Loaded>,
        catalogue: Arc<Catalogue>,
        files: Vec<StoredCube>,
        refused: Vec<(String, CubeError)>,
        engine: Option<Arc<dyn QueryEngine>>,
    ) {
        *self.current.write().expect("the catalogue lock is never poisoned") = catalogue.clone();
        *state = Some(Loaded { catalogue, files, refused, read_at: Instant::now(), engine: engine.map(|e| (e, Instant::now())) });
    }

    /// The engine: over PostgreSQL, connected once; embedded, over a snapshot no older
    /// than the refresh (the first call reads it).
    pub async fn engine(&self) -> Result<Arc<dyn QueryEngine>, ToolError> {
        let mut state = self.loaded().await?;
        let loaded = state.as_mut().expect("loaded");
        let pushed_down = matches!(self.source, Some((Source::Postgres { .. }, _)));
        if let Some((engine, at)) = &loaded.engine
            && (at.elapsed() < self.refresh || pushed_down)
        {
            return Ok(engine.clone());
        }
        let engine = self.build(loaded.catalogue.clone()).await?;
        loaded.engine = Some((engine.clone(), Instant::now()));
        Ok(engine)
    }

    /// An engine over the operational data for `catalogue`.
    pub(crate) async fn build(&self, catalogue: Arc<Catalogue>) -> Result<Arc<dyn QueryEngine>, ToolError> {
        let (source, _) = self.source.as_ref().ok_or_else(|| ToolError::Failed("No operational data is connected for BI".into()))?;
        let path = match source {
            Source::Sqlite(path) => path,
            Source::Postgres { url, schema } => {
                return Ok(Arc::new(PostgresEngine::connect(url, schema, catalogue, self.limits.clone()).await.map_err(failed)?));
            }
        };
        let options = SqliteConnectOptions::new().filename(path).read_only(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .map_err(|e| ToolError::Failed(format!("The operational data cannot be read: {e}")))?;
        let loaded = DataFusionEngine::load(&pool, catalogue, self.limits.clone()).await.map_err(failed);
        pool.close().await;
        Ok(Arc::new(loaded?))
    }

    /// The caller's rows: the facilities the tenant granted them.
    pub async fn scope(&self, ctx: &ToolContext) -> Result<RowScope, ToolError> {
        Ok(self.grants(ctx.tenant_id(), ctx.user_id()).await?.unwrap_or(RowScope { facilities: Vec::new() }))
    }

    /// The rows `user_id` sees in `tenant_id`; none when they are not an active member.
    pub async fn grants(&self, tenant_id: &str, user_id: &str) -> Result<Option<RowScope>, ToolError> {
        let member = self.store.member(tenant_id, user_id).await.map_err(|e| ToolError::Failed(format!("The caller's grants cannot be read: {e}")))?;
        Ok(member.filter(|m| !m.suspended).map(|m| RowScope { facilities: m.facilities }))
    }
}
