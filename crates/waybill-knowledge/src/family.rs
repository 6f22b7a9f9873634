//! The families of this crate: `memory` (the memory tools over the tenant's memories,
//! and the memories page's routes) and `knowledge` (the knowledge-base tool over the
//! tenant's and members' knowledge bases, the knowledge bases page's routes and the
//! ingestion worker).

use std::sync::Arc;
use std::time::Duration;

use schemars::JsonSchema;
use serde::Deserialize;
use waybill_routes::Routes;
use waybill_tools::{Built, Family, Migrations, Services, Slice, typed};

use crate::kb::embed::{Embedder, Flavour, HttpEmbedder};
use crate::kb::tools::QueryKnowledgeBaseTool;
use crate::kb::{KnowledgeBases, Settings};
use crate::memory::Memories;
use crate::memory::tools::{DeleteMemoryTool, SaveMemoryTool, SearchMemoriesTool};

static MEMORY_SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/memory/sqlite");
static MEMORY_POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/memory/postgres");
static KNOWLEDGE_SQLITE: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/knowledge/sqlite");
static KNOWLEDGE_POSTGRES: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/knowledge/postgres");

/// `[tools.memory]`: nothing to set (memories live in the database).
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MemoryConfig {}

/// The memory family.
pub struct Memory;

impl Family for Memory {
    const NAME: &'static str = "memory";
    type Config = MemoryConfig;

    fn build(&self, _: &MemoryConfig, services: &Services) -> Built {
        let memories = Memories::new(services.store.clone());
        let routes = Routes::protected(crate::routes::memories::router().with_state(memories.clone()));
        let memories = Arc::new(memories);
        Built::tools(vec![
            typed(SearchMemoriesTool { memories: memories.clone() }),
            typed(SaveMemoryTool { memories: memories.clone() }),
            typed(DeleteMemoryTool { memories }),
        ])
        .with(Slice::new().part(routes))
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &MEMORY_SQLITE, postgres: &MEMORY_POSTGRES })
    }
}

/// Which embedding API ranks passages by meaning.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EmbeddingProvider {
    /// Words only: lexical ranking, always available offline.
    #[default]
    None,
    /// OpenAI's `/v1/embeddings`.
    Openai,
    /// Gemini's `batchEmbedContents`.
    Gemini,
    /// Any server speaking OpenAI's `/v1/embeddings` (Ollama, vLLM, llama.cpp).
    OpenaiCompatible,
}

/// `[tools.knowledge]`; environment overrides: `WAYBILL_KNOWLEDGE_EMBEDDING_PROVIDER`, …
#[derive(Clone, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct KnowledgeConfig {
    /// `none` (the default: words only), `openai`, `gemini` or `openai-compatible`.
    pub embedding_provider: EmbeddingProvider,
    /// The embedding model; defaults: `text-embedding-3-small` (openai),
    /// `gemini-embedding-001` (gemini); required for openai-compatible (e.g. `nomic-embed-text`).
    pub embedding_model: String,
    /// The endpoint; defaults: OpenAI's (or `OPENAI_BASE_URL`), Gemini's (or
    /// `GEMINI_BASE_URL`), and Ollama's on this machine (`http://127.0.0.1:11434/v1`).
    pub embedding_base_url: String,
    /// The key; for openai and gemini `OPENAI_API_KEY` and `GEMINI_API_KEY` when empty.
    pub embedding_api_key: String,
    /// The vector size asked of models that can shorten theirs; 0 for the model's own.
    /// Default 512 for OpenAI's text-embedding-3 models and 768 for Gemini's.
    pub embedding_dimensions: u32,
    /// The cosine at or below which a passage is no match by meaning (semantic score 0).
    pub semantic_floor: f64,
    /// The cosine at or above which a passage is a full match by meaning (semantic score 1).
    pub semantic_ceiling: f64,
    /// The least score (0–1) of a passage answered.
    pub threshold: f64,
    /// About how many characters a passage holds.
    pub chunk_chars: u32,
}

impl Default for KnowledgeConfig {
    fn default() -> Self {
        let settings = Settings::default();
        KnowledgeConfig {
            embedding_provider: EmbeddingProvider::None,
            embedding_model: String::new(),
            embedding_base_url: String::new(),
            embedding_api_key: String::new(),
            embedding_dimensions: 0,
            semantic_floor: f64::from(settings.semantic_floor),
            semantic_ceiling: f64::from(settings.semantic_ceiling),
            threshold: crate::kb::tools::DEFAULT_THRESHOLD,
            chunk_chars: settings.chunk_chars as u32,
        }
    }
}

impl std::fmt::Debug for KnowledgeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KnowledgeConfig")
            .field("embedding_provider", &self.embedding_provider)
            .field("embedding_model", &self.embedding_model)
            .field("embedding_base_url", &self.embedding_base_url)
            .field("embedding_api_key", &if self.embedding_api_key.is_empty() { "" } else { "***" })
            .field("embedding_dimensions", &self.embedding_dimensions)
            .field("threshold", &self.threshold)
            .finish_non_exhaustive()
    }
}

impl KnowledgeConfig {
    /// The embedding model this configuration names, if any.
    pub fn embedder(&self, services: &Services) -> Option<Arc<dyn Embedder>> {
        let providers = &services.providers;
        let key = (!self.embedding_api_key.is_empty()).then(|| self.embedding_api_key.clone());
        let (flavour, base, key, model, dimensions) = match self.embedding_provider {
            EmbeddingProvider::None => return None,
            EmbeddingProvider::Openai => {
                let base = providers.openai.as_ref().map_or("https://api.openai.com/v1", |p| p.base_url.as_str());
                let model = self.model_or("text-embedding-3-small");
                let dimensions = model.starts_with("text-embedding-3").then_some(512);
                (Flavour::OpenAi, base, key.or_else(|| providers.openai.as_ref().map(|p| p.api_key.clone())), model, dimensions)
            }
            EmbeddingProvider::Gemini => {
                let base = providers.gemini.as_ref().map_or("https://generativelanguage.googleapis.com/v1beta", |p| p.base_url.as_str());
                (Flavour::Gemini, base, key.or_else(|| providers.gemini.as_ref().map(|p| p.api_key.clone())), self.model_or("gemini-embedding-001"), Some(768))
            }
            EmbeddingProvider::OpenaiCompatible => {
                if self.embedding_model.is_empty() {
                    tracing::error!("[tools.knowledge] embedding_provider = \"openai-compatible\" needs embedding_model: ranking by words only");
                    return None;
                }
                (Flavour::OpenAi, "http://127.0.0.1:11434/v1", key, self.embedding_model.clone(), None)
            }
        };
        let base = if self.embedding_base_url.is_empty() { base } else { self.embedding_base_url.as_str() };
        let dimensions = if self.embedding_dimensions > 0 { Some(self.embedding_dimensions) } else { dimensions };
        Some(Arc::new(HttpEmbedder::new(flavour, base, key, &model, dimensions)))
    }

    fn model_or(&self, default: &str) -> String {
        if self.embedding_model.is_empty() { default.to_owned() } else { self.embedding_model.clone() }
    }

    pub fn settings(&self) -> Settings {
        Settings {
            semantic_floor: self.semantic_floor as f32,
            semantic_ceiling: self.semantic_ceiling as f32,
            chunk_chars: (self.chunk_chars as usize).clamp(200, 8_000),
        }
    }
}

/// How long a knowledge document stays claimed by an instance that stopped renewing it.
const INGESTION_LEASE: Duration = Duration::from_secs(30);

/// The knowledge family.
pub struct Knowledge;

impl Family for Knowledge {
    const NAME: &'static str = "knowledge";
    type Config = KnowledgeConfig;

    /// The tool, the page's routes and the ingestion worker over one knowledge service,
    /// which is also the family's handle (the demo seeds its SOPs through it).
    fn build(&self, config: &KnowledgeConfig, services: &Services) -> Built {
        let kb = Arc::new(KnowledgeBases::new(services.store.clone(), services.files.clone(), config.embedder(services), config.settings()));
        let state = crate::routes::knowledge::KbRoutes { kb: kb.clone(), store: services.store.clone(), files: services.files.clone() };
        let worker = crate::kb::ingest::Worker::new(kb.clone(), INGESTION_LEASE);
        let (warm, ready) = (kb.clone(), kb.clone());
        let slice = Slice::new()
            .part(Routes::protected(crate::routes::knowledge::router().with_state(state)))
            .worker("knowledge ingestion", move |stop| async move {
                tokio::select! {
                    () = worker.run() => {}
                    () = stop.cancelled() => {}
                }
            })
            .worker("knowledge warm-up", move |stop| {
                warm.warming();
                async move {
                    tokio::select! {
                        () = warm.warm_up() => {}
                        () = stop.cancelled() => {}
                    }
                }
            })
            .readiness(move || ready.readiness())
            .handle(kb.clone());
        Built::tools(vec![typed(QueryKnowledgeBaseTool { kb, threshold: config.threshold.clamp(0.0, 1.0) })]).with(slice)
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &KNOWLEDGE_SQLITE, postgres: &KNOWLEDGE_POSTGRES })
    }
}
