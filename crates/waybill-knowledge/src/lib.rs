//! What the assistant knows beyond the conversation:
//!
//! - [`memory`]: facts a member or their company asked it to keep;
//! - [`kb`]: knowledge bases, the company's and a member's documents, ingested in the
//!   background and searched with their sources.
//!
//! Both rank by [`text`], a lexical ranking that works offline in the seven interface
//! languages; knowledge bases add ranking by meaning when an embedding model is configured.

mod family;
pub mod kb;
pub mod memory;
mod routes;
pub mod text;

pub use family::{EmbeddingProvider, Knowledge, KnowledgeConfig, Memory, MemoryConfig};
pub use memory::Who;
pub use routes::{knowledge as knowledge_routes, memories as memory_routes};
