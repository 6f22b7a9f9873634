//! Knowledge bases: the company's documents (SOPs, carrier contracts, safety rules) and a
//! member's own, ingested in the background from the file service ([`ingest`]), indexed in
//! process ([`index`]) with lexical ranking in every interface language and semantic
//! ranking when an embedding model is configured ([`embed`]), and searched by the
//! `queryKnowledgeBase` tool ([`tools`]) and the knowledge API.

pub mod demo;
pub mod embed;
pub mod index;
pub mod ingest;
pub mod offline;
pub mod service;
pub mod store;
pub mod tools;

pub use service::{Found, KnowledgeBases, Passage, Settings};
pub use store::{DocStatus, KbDocument, KbError, KbScope, KbStore, KnowledgeBase, NewDocument};

/// The file types documents may be: said when one is not.
pub const SUPPORTED: &str = "PDF, Word (.docx), Markdown, HTML, plain text and CSV";

/// Why a file cannot be a document.
pub fn unsupported(filename: &str) -> String {
    format!("\"{filename}\" is not a kind of document that can be indexed; use {SUPPORTED}")
}
