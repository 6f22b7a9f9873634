//! The knowledge service: the knowledge bases' store, their in-process indexes, the
//! embedding model when one is configured, and the file service their documents live in.
//! One per process, shared by the tool, the API and the ingestion worker.

use std::collections::HashMap;
use std::sync::Arc;

use sqlx::Row;
use waybill_files::FileService;
use waybill_store::Owner;

use super::embed::{Embedder, Purpose, unit};
use super::index::{self, Hit, Indexes, Query};
use super::store::{KbError, KbStore, KnowledgeBase};
use crate::Who;

/// How search scores are read and how documents are cut.
#[derive(Debug, Clone)]
pub struct Settings {
    /// A cosine at or below this is no match (semantic 0), at or above `ceiling` a full one.
    pub semantic_floor: f32,
    pub semantic_ceiling: f32,
    /// About how many characters a passage holds.
    pub chunk_chars: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { semantic_floor: 0.2, semantic_ceiling: 0.7, chunk_chars: 1_000 }
    }
}

/// A passage found, with where it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct Passage {
    pub kb_id: String,
    pub kb_name: String,
    pub document_id: String,
    pub document_name: String,
    pub media_type: String,
    pub file_id: String,
    /// The document's view link (the file viewer opens it).
    pub view_url: Option<String>,
    pub page: Option<i64>,
    pub section: String,
    pub text: String,
    pub score: f64,
    pub lexical: f64,
    pub semantic: Option<f64>,
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct Found {
    /// The knowledge bases searched.
    pub bases: Vec<KnowledgeBase>,
    pub passages: Vec<Passage>,
    /// Whether semantic ranking took part.
    pub semantic: bool,
    /// When the embedding model could not be asked: why (the search went on by words).
    pub degraded: Option<String>,
}

/// A passage's document, as it is answered with the passage.
#[derive(Clone)]
struct Source {
    filename: String,
    media_type: String,
    file_id: String,
    view_url: Option<String>,
}

pub struct KnowledgeBases {
    pub store: KbStore,
    pub files: Arc<FileService>,
    pub indexes: Indexes,
    pub embedder: Option<Arc<dyn Embedder>>,
    pub settings: Settings,
    /// Wakes this instance's ingestion worker when documents are queued.
    pub wake: tokio::sync::Notify,
    /// Whether the warm-up has read every knowledge base's index since the start.
    warm: std::sync::RwLock<Warm>,
}

/// How the indexes' warm-up stands.
#[derive(Debug, Clone)]
enum Warm {
    /// No warm-up runs: each index is read by its first search.
    Idle,
    Loading(std::time::Instant),
    Ready,
    Failed(String),
}

impl KnowledgeBases {
    pub fn new(store: waybill_store::Store, files: Arc<FileService>, embedder: Option<Arc<dyn Embedder>>, settings: Settings) -> Self {
        KnowledgeBases {
            store: KbStore::new(store),
            files,
            indexes: Indexes::default(),
            embedder,
            settings,
            wake: tokio::sync::Notify::new(),
            warm: std::sync::RwLock::new(Warm::Idle),
        }
    }

    /// Marks the indexes as loading, from now until [`KnowledgeBases::warm_up`] ends.
    pub fn warming(&self) {
        let mut warm = self.warm.write().unwrap();
        if !matches!(*warm, Warm::Loading(_)) {
            *warm = Warm::Loading(std::time::Instant::now());
        }
    }

    /// Reads every knowledge base's index into this instance, so the first search after a
    /// start does not wait for it (the family's worker runs it once at start).
    pub async fn warm_up(&self) {
        self.warming();
        let started = std::time::Instant::now();
        let outcome = async {
            let bases = self.store.all_with_versions().await?;
            for (tenant_id, kb_id, version) in &bases {
                self.indexes.at(self.store.store(), tenant_id, kb_id, *version, self.model()).await?;
            }
            Ok::<usize, KbError>(bases.len())
        }
        .await;
        *self.warm.write().unwrap() = match outcome {
            Ok(bases) => {
                tracing::info!(bases, elapsed_ms = started.elapsed().as_millis() as u64, "the knowledge indexes are loaded");
                Warm::Ready
            }
            Err(e) => {
                tracing::warn!(error = %e, "loading the knowledge indexes failed; each is read by its first search");
                Warm::Failed(e.to_string())
            }
        };
    }

    /// How ready the family is, for `/readyz`.
    pub fn readiness(&self) -> waybill_tools::Readiness {
        use waybill_tools::Readiness;
        match &*self.warm.read().unwrap() {
            Warm::Idle | Warm::Ready => Readiness::Ready,
            Warm::Loading(since) => Readiness::Warming(format!("loading the knowledge bases' indexes ({} s so far)", since.elapsed().as_secs())),
            Warm::Failed(why) => Readiness::Failed(why.clone()),
        }
    }

    /// The embedding model's name, when there is one.
    pub fn model(&self) -> Option<&str> {
        self.embedder.as_deref().map(|e| e.model())
    }

    /// The knowledge bases named by `refs` (ids or names, any case) among those `who` may
    /// read; all of them when `refs` is empty.
    pub async fn resolve(&self, who: Who<'_>, refs: &[String]) -> Result<Vec<KnowledgeBase>, KbError> {
        let readable = self.store.list(who).await?;
        if refs.is_empty() {
            return Ok(readable);
        }
        let mut chosen: Vec<KnowledgeBase> = Vec::new();
        for r in refs {
            let r = r.trim();
            let found = readable.iter().find(|kb| kb.id == r).or_else(|| readable.iter().find(|kb| kb.name.eq_ignore_ascii_case(r)));
            match found {
                Some(kb) if !chosen.iter().any(|c| c.id == kb.id) => chosen.push(kb.clone()),
                Some(_) => {}
                None => {
                    let names: Vec<String> = readable.iter().map(|kb| format!("{} ({})", kb.id, kb.name)).collect();
                    let known = if names.is_empty() { "there are none yet".to_owned() } else { format!("the knowledge bases are {}", names.join(", ")) };
                    return Err(KbError::Invalid(format!("No knowledge base is named \"{r}\"; {known}")));
                }
            }
        }
        Ok(chosen)
    }

    /// The passages of `bases` that best answer `message`, best first.
    pub async fn search(&self, who: Who<'_>, bases: Vec<KnowledgeBase>, message: &str, limit: usize, threshold: f64) -> Result<Found, KbError> {
        let mut degraded = None;
        let vector = match &self.embedder {
            Some(embedder) => match embedder.embed(&[message.to_owned()], Purpose::Query).await {
                Ok(mut v) => v.pop().map(unit),
                Err(e) => {
                    tracing::warn!(error = %e, "embedding a question failed; searching by words only");
                    degraded = Some(e.to_string());
                    None
                }
            },
            None => None,
        };
        let mut indexes = Vec::with_capacity(bases.len());
        for kb in &bases {
            let index = self.indexes.at(self.store.store(), who.tenant_id, &kb.id, kb.version, self.model()).await?;
            indexes.push((kb.id.clone(), index));
        }
        let query = Query {
            text: message,
            vector: vector.as_deref(),
            limit: limit.clamp(1, 50),
            threshold,
            floor: self.settings.semantic_floor,
            ceiling: self.settings.semantic_ceiling,
        };
        // Ranking is a few milliseconds even over many passages: not worth a thread hop.
        let hits = index::search(&indexes, &query);
        let passages = self.passages(who, &bases, &hits).await?;
        Ok(Found { semantic: vector.is_some(), bases, passages, degraded })
    }

    /// The text and source of each hit: one lookup by primary key per passage and per
    /// document (a single query with an `OR` per passage is planned as a scan of every
    /// passage by SQLite).
    async fn passages(&self, who: Who<'_>, bases: &[KnowledgeBase], hits: &[Hit]) -> Result<Vec<Passage>, KbError> {
        let db = self.store.store().reads();
        let mut documents: HashMap<String, Option<Source>> = HashMap::new();
        let mut out = Vec::with_capacity(hits.len());
        for hit in hits {
            if !documents.contains_key(&hit.document_id) {
                let row = sqlx::query("SELECT filename, media_type, file_id, created_by FROM knowledge_documents WHERE tenant_id = $1 AND id = $2")
                    .bind(who.tenant_id)
                    .bind(&hit.document_id)
                    .fetch_optional(db)
                    .await?;
                let document = match row {
                    Some(row) => {
                        let file_id: String = row.try_get("file_id")?;
                        let owner: String = row.try_get("created_by")?;
                        let file = self
                            .store
                            .store()
                            .file(Owner { tenant_id: who.tenant_id, user_id: &owner }, &file_id)
                            .await
                            .map_err(|e| KbError::Store(e.to_string()))?;
                        Some(Source {
                            filename: row.try_get("filename")?,
                            media_type: row.try_get("media_type")?,
                            view_url: file.map(|f| self.files.view_url(&f)),
                            file_id,
                        })
                    }
                    None => None,
                };
                documents.insert(hit.document_id.clone(), document);
            }
            // A passage or document removed since the index was read is left out.
            let Some(Source { filename, media_type, file_id, view_url }) = documents[&hit.document_id].clone() else { continue };
            let row = sqlx::query("SELECT page, section, text FROM knowledge_chunks WHERE tenant_id = $1 AND document_id = $2 AND seq = $3")
                .bind(who.tenant_id)
                .bind(&hit.document_id)
                .bind(i64::from(hit.seq))
                .fetch_optional(db)
                .await?;
            let Some(row) = row else { continue };
            out.push(Passage {
                kb_id: hit.kb_id.clone(),
                kb_name: bases.iter().find(|kb| kb.id == hit.kb_id).map(|kb| kb.name.clone()).unwrap_or_default(),
                document_id: hit.document_id.clone(),
                document_name: filename,
                media_type,
                view_url,
                file_id,
                page: row.try_get("page")?,
                section: row.try_get("section")?,
                text: row.try_get("text")?,
                score: hit.score,
                lexical: hit.lexical,
                semantic: hit.semantic,
            });
        }
        Ok(out)
    }
}
