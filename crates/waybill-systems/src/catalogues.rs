//! A tenant's systems with their operations parsed and indexed, kept in memory while the
//! tenant's rows are unchanged (one small query per turn tells), so a search never
//! parses a document.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use waybill_openapi::{Catalogue, Index, Operation};
use waybill_store::Store;

use crate::errors::SystemError;
use crate::records::{self, Kind, SystemRecord};

/// One system, ready to search and call.
pub struct Loaded {
    /// The row, without its catalogue text (parsed below).
    pub record: SystemRecord,
    pub catalogue: Catalogue,
    pub index: Index,
}

impl Loaded {
    pub fn from_record(mut record: SystemRecord) -> Result<Self, SystemError> {
        let catalogue: Catalogue = serde_json::from_str(&record.catalogue).map_err(|e| SystemError::Corrupt(e.to_string()))?;
        record.catalogue = String::new();
        let index = Index::build(&catalogue.operations);
        Ok(Self { record, catalogue, index })
    }

    /// The operation by its key, its operation id (any case) or "METHOD /path".
    pub fn operation(&self, wanted: &str) -> Option<&Operation> {
        let wanted = wanted.trim();
        let ops = &self.catalogue.operations;
        ops.iter()
            .find(|op| op.key == wanted)
            .or_else(|| ops.iter().find(|op| op.operation_id.as_deref().is_some_and(|id| id.eq_ignore_ascii_case(wanted))))
            .or_else(|| {
                let (method, path) = wanted.split_once(' ')?;
                ops.iter().find(|op| op.method.eq_ignore_ascii_case(method) && op.path == path.trim())
            })
    }

    /// Whether calling `op` changes something: anything but GET, HEAD and OPTIONS,
    /// unless an admin marked it safe.
    pub fn writes(&self, op: &Operation) -> bool {
        !matches!(op.method.as_str(), "GET" | "HEAD" | "OPTIONS") && !self.record.safe_operations.iter().any(|s| s == &op.key)
    }
}

/// A tenant's systems as loaded.
pub struct TenantSystems {
    version: (i64, i64),
    pub systems: Vec<Arc<Loaded>>,
}

impl TenantSystems {
    /// The system a model named: its name (any case), else its kind when the tenant has
    /// exactly one of that kind.
    pub fn find(&self, wanted: &str) -> Option<&Arc<Loaded>> {
        let wanted = wanted.trim();
        self.systems.iter().find(|s| s.record.name.eq_ignore_ascii_case(wanted)).or_else(|| {
            let kind = Kind::parse(wanted)?;
            let mut of_kind = self.systems.iter().filter(|s| s.record.kind == kind);
            match (of_kind.next(), of_kind.next()) {
                (Some(only), None) => Some(only),
                _ => None,
            }
        })
    }

    pub fn names(&self) -> Vec<String> {
        self.systems.iter().map(|s| s.record.name.clone()).collect()
    }
}

#[derive(Default)]
pub struct Catalogues {
    tenants: Mutex<HashMap<String, Arc<TenantSystems>>>,
}

impl Catalogues {
    /// The tenant's systems, reloaded when their rows changed.
    pub async fn tenant(&self, store: &Store, tenant_id: &str) -> Result<Arc<TenantSystems>, SystemError> {
        let version = records::version(store, tenant_id).await?;
        if let Some(cached) = self.cached(tenant_id)
            && cached.version == version
        {
            return Ok(cached);
        }
        let mut systems = Vec::new();
        for record in records::list(store, tenant_id).await? {
            let name = record.name.clone();
            match Loaded::from_record(record) {
                Ok(loaded) => systems.push(Arc::new(loaded)),
                Err(e) => tracing::warn!(tenant_id, system = %name, error = %e, "a business system's catalogue is unreadable: left out"),
            }
        }
        let loaded = Arc::new(TenantSystems { version, systems });
        self.tenants.lock().expect("catalogues lock").insert(tenant_id.to_owned(), loaded.clone());
        Ok(loaded)
    }

    /// What was last loaded for the tenant, without asking the database.
    pub fn cached(&self, tenant_id: &str) -> Option<Arc<TenantSystems>> {
        self.tenants.lock().expect("catalogues lock").get(tenant_id).cloned()
    }
}
