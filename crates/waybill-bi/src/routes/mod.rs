//! The BI family's routes: the owner's saved dashboards (`/api/dashboards…`) and the
//! admins' cubes (`/api/admin/cubes…`), over the family's warehouse when it has one.

mod cubes;
mod dashboards;

use std::sync::Arc;

use utoipa_axum::router::OpenApiRouter;

use crate::Warehouse;
use crate::dashboard::Dashboards;

/// The family's service: the warehouse its cube tools query and the saved dashboards;
/// none when the deployment has no operational data for BI.
#[derive(Clone, Default)]
pub struct BiService(Option<Arc<(Arc<Warehouse>, Dashboards)>>);

impl BiService {
    pub fn new(warehouse: Arc<Warehouse>, dashboards: Dashboards) -> Self {
        BiService(Some(Arc::new((warehouse, dashboards))))
    }

    pub fn warehouse(&self) -> Option<&Warehouse> {
        self.0.as_ref().map(|parts| parts.0.as_ref())
    }

    pub fn dashboards(&self) -> Option<&Dashboards> {
        self.0.as_ref().map(|parts| &parts.1)
    }
}

pub fn router() -> OpenApiRouter<BiService> {
    dashboards::router().merge(cubes::router())
}
