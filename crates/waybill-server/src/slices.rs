//! What the families brought besides their tools, as the server uses it: their routes
//! (merged into the API, the protected ones behind the sign-in guard), their workers
//! (started and stopped with [`crate::serve`]), their handles and their readiness
//! (`/readyz`). No field of [`crate::AppState`] belongs to one family.

use std::any::Any;
use std::sync::{Arc, Mutex};

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use waybill_routes::Routes;
use waybill_tools::{Readiness, Slices, Worker};

pub struct FamilySlices {
    slices: Slices,
    routes: Vec<(&'static str, Routes)>,
    /// Taken by the first `start_workers`.
    workers: Mutex<Vec<Worker>>,
}

impl FamilySlices {
    pub fn new(mut slices: Slices) -> Self {
        let routes = slices.take::<Routes>();
        let workers = Mutex::new(slices.take_workers());
        Self { slices, routes, workers }
    }

    /// The handle of type `T` a family gave (its service, for the parts of the server
    /// that work across families: the demo's seeding, the housekeeping).
    pub fn handle<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        self.slices.handle::<T>()
    }

    /// Every family's routes.
    pub fn routes(&self) -> impl Iterator<Item = &Routes> {
        self.routes.iter().map(|(_, routes)| routes)
    }

    /// Starts every family's workers, once; they end when `stop` is cancelled.
    pub fn start_workers(&self, stop: &CancellationToken) -> Vec<JoinHandle<()>> {
        let workers = std::mem::take(&mut *self.workers.lock().unwrap_or_else(|e| e.into_inner()));
        workers.into_iter().map(|worker| worker.spawn(stop.child_token())).collect()
    }

    /// Each family's readiness, for those that report one.
    pub fn readiness(&self) -> Vec<(&'static str, Readiness)> {
        self.slices.readiness()
    }
}
