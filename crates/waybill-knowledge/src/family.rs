//! The families of this crate: `memory` (the memory tools over the tenant's memories) and
//! `knowledge` (the knowledge-base tool over the tenant's and members' knowledge bases).

use std::sync::{Arc, OnceLock};

use schemars::JsonSchema;
use serde::Deserialize;
use waybill_tools::{Family, Migrations, Services, Tool, typed};

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

    fn tools(&self, _: &MemoryConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let memories = Arc::new(Memories::new(services.store.clone()));
        vec![
            typed(SearchMemoriesTool { memories: memories.clone() }),
            typed(SaveMemoryTool { memories: memories.clone() }),
            typed(DeleteMemoryTool { memories }),
        ]
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

/// The knowledge service the family's tool uses, for the server's routes and its
/// ingestion worker: made when the family's tools are built, or by the server when the
/// family is not registered with its tools (tests that offer their own).
#[derive(Clone, Default)]
pub struct KnowledgeHandle(Arc<OnceLock<Arc<KnowledgeBases>>>);

impl KnowledgeHandle {
    /// The service, made with `config` the first time.
    pub fn get_or_init(&self, config: &KnowledgeConfig, services: &Services) -> Arc<KnowledgeBases> {
        self.0
            .get_or_init(|| Arc::new(KnowledgeBases::new(services.store.clone(), services.files.clone(), config.embedder(services), config.settings())))
            .clone()
    }
}

/// The knowledge family.
#[derive(Default)]
pub struct Knowledge {
    handle: KnowledgeHandle,
}

impl Knowledge {
    pub fn handle(&self) -> KnowledgeHandle {
        self.handle.clone()
    }
}

impl Family for Knowledge {
    const NAME: &'static str = "knowledge";
    type Config = KnowledgeConfig;

    fn tools(&self, config: &KnowledgeConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let kb = self.handle.get_or_init(config, services);
        vec![typed(QueryKnowledgeBaseTool { kb, threshold: config.threshold.clamp(0.0, 1.0) })]
    }

    fn migrations(&self) -> Option<Migrations> {
        Some(Migrations { sqlite: &KNOWLEDGE_SQLITE, postgres: &KNOWLEDGE_POSTGRES })
    }
}
