//! The `memory` family: the memory tools over the tenant's memories.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;
use waybill_tools::{Family, Migrations, Services, Tool, typed};

use crate::memory::Memories;
use crate::memory::tools::{DeleteMemoryTool, SaveMemoryTool, SearchMemoriesTool};

static SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// `[tools.memory]`: nothing to set (memories live in the database).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MemoryConfig {}

/// The memory family.
pub struct Memory;

impl Family for Memory {
    const NAME: &'static str = "memory";
    type Config = MemoryConfig;

    fn tools(&self, _: &MemoryConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let memories = Arc::new(Memories::new(services.store.clone()));
        vec![
            typed(SearchMemoriesTool { memories: memories.clone() }),
            typed(SaveMemoryTool { memories: memories.clone() }),
            typed(DeleteMemoryTool { memories }),
        ]
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &SQLITE, postgres: &POSTGRES })
    }
}
