//! What a family brings besides its tools, built once at start with the same
//! configuration: background workers the server starts and stops with itself, its
//! readiness (for `/readyz`), and parts the server knows how to use — its HTTP routes
//! (`waybill_routes::Routes`), a page, or a handle other parts of the server reach the
//! family by. This crate holds no HTTP framework: a part is any value, and whoever knows
//! its type takes it out.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde::Serialize;
use tokio_util::sync::CancellationToken;

/// A family's tools and the rest of its slice.
#[derive(Default)]
pub struct Built {
    pub tools: Vec<Arc<dyn crate::Tool>>,
    pub slice: Slice,
}

impl Built {
    pub fn tools(tools: Vec<Arc<dyn crate::Tool>>) -> Self {
        Self { tools, slice: Slice::default() }
    }

    pub fn with(mut self, slice: Slice) -> Self {
        self.slice = slice;
        self
    }
}

/// A family's routes, workers, readiness and handles.
#[derive(Default)]
pub struct Slice {
    parts: Vec<Box<dyn Any + Send + Sync>>,
    workers: Vec<Worker>,
    readiness: Option<Arc<dyn Fn() -> Readiness + Send + Sync>>,
}

impl Slice {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a part the server takes by its type (routes, a page).
    pub fn part<T: Any + Send + Sync>(mut self, part: T) -> Self {
        self.parts.push(Box::new(part));
        self
    }

    /// Adds a handle other parts of the server reach the family by ([`Slices::handle`]).
    pub fn handle<T: Any + Send + Sync>(self, handle: Arc<T>) -> Self {
        self.part(Handle(handle))
    }

    /// Adds a worker: `run` is called once when the server starts, before it serves (what
    /// it does before its first `.await` is done by then: a readiness set to warming is
    /// seen by the first `/readyz`), and its future should end when `stop` is cancelled
    /// (it is aborted soon after otherwise).
    pub fn worker<F, Fut>(mut self, name: &'static str, run: F) -> Self
    where
        F: FnOnce(CancellationToken) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        self.workers.push(Worker { name, run: Box::new(move |stop| Box::pin(run(stop))) });
        self
    }

    /// How ready the family is now; asked on every `/readyz`, so it must be cheap.
    pub fn readiness(mut self, state: impl Fn() -> Readiness + Send + Sync + 'static) -> Self {
        self.readiness = Some(Arc::new(state));
        self
    }

    /// Takes every part of type `T` out of the slice.
    pub fn take<T: Any>(&mut self) -> Vec<T> {
        let (taken, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.parts).into_iter().partition(|p| p.is::<T>());
        self.parts = kept;
        taken.into_iter().filter_map(|p| p.downcast::<T>().ok().map(|p| *p)).collect()
    }
}

/// A family's handle as a slice holds it.
struct Handle<T>(Arc<T>);

type Run = Box<dyn FnOnce(CancellationToken) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// Background work of a family: knowledge ingestion, a snapshot refresh, a simulator.
pub struct Worker {
    pub name: &'static str,
    run: Run,
}

impl Worker {
    /// Starts the work on the runtime; it ends when `stop` is cancelled.
    pub fn spawn(self, stop: CancellationToken) -> tokio::task::JoinHandle<()> {
        let name = self.name;
        let work = (self.run)(stop);
        tokio::spawn(async move {
            work.await;
            tracing::debug!(worker = name, "worker stopped");
        })
    }
}

/// Whether a family can serve now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "state", content = "detail", rename_all = "camelCase")]
pub enum Readiness {
    Ready,
    /// Loading what it serves (a snapshot, an index); says what.
    Warming(String),
    /// Not configured here: nothing to wait for.
    Off(String),
    /// Its last load failed; it answers with the error until a load succeeds.
    Failed(String),
}

impl Readiness {
    /// Whether an instance should take traffic as far as this family is concerned: only
    /// a family still warming holds it back (a failed one answers its error either way).
    pub fn takes_traffic(&self) -> bool {
        !matches!(self, Readiness::Warming(_))
    }
}

/// Every family's slice, after the server took the parts it uses.
#[derive(Default)]
pub struct Slices {
    by_family: Vec<(&'static str, Slice)>,
}

impl Slices {
    pub(crate) fn push(&mut self, family: &'static str, slice: Slice) {
        self.by_family.push((family, slice));
    }

    /// Takes every part of type `T`, with the family that gave it.
    pub fn take<T: Any>(&mut self) -> Vec<(&'static str, T)> {
        self.by_family.iter_mut().flat_map(|(name, slice)| slice.take::<T>().into_iter().map(|part| (*name, part))).collect()
    }

    /// The handle of type `T` a family gave, if one did.
    pub fn handle<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        self.by_family.iter().flat_map(|(_, slice)| &slice.parts).find_map(|p| p.downcast_ref::<Handle<T>>()).map(|h| h.0.clone())
    }

    /// Takes every family's workers, to start them.
    pub fn take_workers(&mut self) -> Vec<Worker> {
        self.by_family.iter_mut().flat_map(|(_, slice)| std::mem::take(&mut slice.workers)).collect()
    }

    /// The readiness of every family that reports one.
    pub fn readiness(&self) -> Vec<(&'static str, Readiness)> {
        self.by_family.iter().filter_map(|(name, slice)| slice.readiness.as_ref().map(|state| (*name, state()))).collect()
    }
}
