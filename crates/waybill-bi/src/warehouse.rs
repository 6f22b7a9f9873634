//! The warehouse the cube tools query: the catalogue of cubes (the shipped ones and the
//! ones the tenant's administrators added) and the engine over the operational data —
//! embedded over a snapshot, or pushed down to PostgreSQL. The catalogue is read on first
//! use and again when older than the configured refresh, so another instance's change to
//! the tenant's cubes shows within that time (this instance's at once).
//!
//! The embedded engine's snapshot is kept warm by the family's worker ([`Warehouse::keep_warm`]):
//! loaded in the background when the server starts and again every refresh, the previous
//! snapshot serving meanwhile. A query that arrives before the very first load has ended
//! waits a moment for it, then says BI is still loading instead of hanging. Without the
//! worker (a tool run on its own) the first query reads the snapshot itself.

use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use tokio::sync::{Mutex, MutexGuard, watch};
use tokio_util::sync::CancellationToken;
use waybill_store::Store;
use waybill_tools::{Readiness, Scope, ToolContext, ToolError};

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
    /// How the background snapshot stands.
    warm: watch::Sender<Warm>,
}

/// The background snapshot's state.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Warm {
    /// No worker keeps it: the first query reads it.
    Idle,
    /// The first load is under way, since then.
    Loading(Instant),
    /// A snapshot is in use; the worker refreshes it.
    Ready,
    /// The last load failed, with why; the previous snapshot, if any, still serves.
    Failed(String),
}

/// How long a query waits for the first snapshot before saying BI is still loading.
const FIRST_LOAD_WAIT: Duration = Duration::from_secs(3);

fn failed(e: impl std::fmt::Display) -> ToolError {
    ToolError::Failed(e.to_string())
}

impl Warehouse {
    pub(crate) fn new(source: Option<(Source, String)>, store: Store, limits: Limits, refresh: Duration) -> Self {
        let (warm, _) = watch::channel(Warm::Idle);
        Warehouse { source, store, limits, refresh, state: Mutex::new(None), current: RwLock::new(Arc::new(Catalogue::demo())), warm }
    }

    /// Keeps the embedded engine's snapshot warm until `stop`: loads it now, then again
    /// every refresh, each time in the background, installing it when it is read (over
    /// PostgreSQL: connects once). The family's worker.
    pub async fn keep_warm(self: Arc<Self>, stop: CancellationToken) {
        if self.source.is_none() {
            return;
        }
        self.warming();
        loop {
            let started = Instant::now();
            match self.reload().await {
                Ok(()) => {
                    self.warm.send_replace(Warm::Ready);
                    tracing::info!(elapsed_ms = started.elapsed().as_millis() as u64, "the BI snapshot is loaded");
                }
                Err(e) => {
                    tracing::warn!(error = %e, "loading the BI snapshot failed");
                    self.warm.send_replace(Warm::Failed(e.to_string()));
                }
            }
            let pushed_down = matches!(self.source, Some((Source::Postgres { .. }, _)));
            let ready = *self.warm.borrow() == Warm::Ready;
            if pushed_down && ready {
                return;
            }
            tokio::select! {
                () = tokio::time::sleep(self.refresh) => {}
                () = stop.cancelled() => return,
            }
        }
    }

    /// Marks the snapshot as loading, from now until the first load ends.
    pub fn warming(&self) {
        if self.source.is_some() {
            self.warm.send_if_modified(|warm| match warm {
                Warm::Idle => {
                    *warm = Warm::Loading(Instant::now());
                    true
                }
                _ => false,
            });
        }
    }

    /// Builds an engine over the catalogue in use, away from the lock, and installs it
    /// unless the catalogue changed meanwhile (then the change's own engine stands).
    async fn reload(&self) -> Result<(), ToolError> {
        let catalogue = self.loaded().await?.as_ref().expect("loaded").catalogue.clone();
        let engine = self.build(catalogue.clone()).await?;
        let mut state = self.state.lock().await;
        if let Some(loaded) = state.as_mut()
            && Arc::ptr_eq(&loaded.catalogue, &catalogue)
        {
            loaded.engine = Some((engine, Instant::now()));
        }
        Ok(())
    }

    /// How ready the family is, for `/readyz`.
    pub fn readiness(&self) -> Readiness {
        let warm = self.warm.borrow().clone();
        match (&warm, &self.source) {
            (_, None) => Readiness::Off("no operational data is connected for BI".into()),
            (Warm::Idle, _) => Readiness::Ready,
            (Warm::Loading(since), _) => Readiness::Warming(format!("loading the snapshot of the operational data ({} s so far)", since.elapsed().as_secs())),
            (Warm::Ready, _) => Readiness::Ready,
            (Warm::Failed(why), _) => Readiness::Failed(why.clone()),
        }
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

    /// The engine: over PostgreSQL, connected once; embedded, over the snapshot the
    /// worker keeps warm (the previous one while it reads the next), or without the
    /// worker over a snapshot no older than the refresh (the first call reads it).
    pub async fn engine(&self) -> Result<Arc<dyn QueryEngine>, ToolError> {
        let loading = match &*self.warm.borrow() {
            Warm::Loading(since) => Some(*since),
            _ => None,
        };
        if let Some(since) = loading {
            let mut warm = self.warm.subscribe();
            let waited = tokio::time::timeout(FIRST_LOAD_WAIT, warm.wait_for(|w| !matches!(w, Warm::Loading(_)))).await;
            if waited.is_err() {
                return Err(ToolError::Failed(format!(
                    "BI is still loading the operational data after a start ({} s so far); try again in a moment",
                    since.elapsed().as_secs()
                )));
            }
        }
        let kept_warm = !matches!(*self.warm.borrow(), Warm::Idle);
        let mut state = self.loaded().await?;
        let loaded = state.as_mut().expect("loaded");
        let pushed_down = matches!(self.source, Some((Source::Postgres { .. }, _)));
        if let Some((engine, at)) = &loaded.engine
            && (at.elapsed() < self.refresh || pushed_down || kept_warm)
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
