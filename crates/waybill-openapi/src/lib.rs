//! OpenAPI 3.0/3.1 import into an operation catalogue, ranked operation search, argument
//! validation and safe request building for business-system connectors.
//!
//! An administrator registers a business system (WMS, FMS, YMS, OMS) by its OpenAPI
//! description; the assistant then finds operations in it and calls them. This crate is
//! the logic of that, with no I/O of its own:
//!
//! 1. [`import`] turns the description into a [`Catalogue`]: one [`Operation`] per method
//!    of each path, with path-level parameters merged in and every schema made
//!    self-contained (all `$ref`s inlined, OpenAPI 3.0's dialect turned into JSON Schema
//!    2020-12). Documents that other documents refer to are fetched through the caller's
//!    [`Fetch`] — its guarded HTTP client decides which addresses may be reached — and
//!    never from the local filesystem. [`Limits`] bound everything a hostile description
//!    could inflate: bytes, documents, reference depth, operations, inlined schema size
//!    and YAML alias expansion. Responses, security schemes, callbacks and webhooks are
//!    not part of the catalogue; authentication is the caller's business.
//! 2. The catalogue is plain data; store it as JSON and read it back.
//! 3. [`Index::build`] makes it searchable: [`Index::search`] ranks operations for a
//!    request in words ("inventory by item") with BM25 over the operation id, summary,
//!    path, tags, parameter names and description, and says how well each matched.
//! 4. [`validate`] checks a model's arguments for one operation and lists every problem
//!    as an [`Issue`] the model can act on (what was expected, what was received).
//! 5. [`request_url`] builds the URL to call, keeping the request on the system's base
//!    URL whatever the path parameters contain.

mod error;
mod import;
mod inline;
mod model;
mod parse;
mod refs;
mod request;
mod search;
mod validate;

use futures::future::BoxFuture;
use url::Url;

pub use error::ImportError;
pub use model::{Body, Catalogue, Location, Operation, Parameter};
pub use request::{UrlError, request_url};
pub use search::{Hit, Index};
pub use validate::{CallArgs, Issue, validate};

/// Bounds on what one import may read and produce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Size of each document, the root and every fetched one, checked before parsing.
    pub max_bytes: usize,
    /// Documents in one description, the root included.
    pub max_documents: usize,
    /// References followed in one chain, and references nested inside one another while
    /// a schema is inlined.
    pub max_ref_depth: usize,
    /// Operations in one description.
    pub max_operations: usize,
    /// Nodes of one inlined schema past which its remaining references are left
    /// unexpanded (with a warning): references can multiply a schema's size.
    pub max_schema_nodes: usize,
    /// Nodes of all inlined schemas together past which the import fails.
    pub max_total_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 10 * 1024 * 1024,
            max_documents: 20,
            max_ref_depth: 64,
            max_operations: 20_000,
            max_schema_nodes: 10_000,
            max_total_nodes: 2_000_000,
        }
    }
}

/// Fetches a document another document refers to. The caller's implementation decides
/// which URLs may be reached (and should cap the size it downloads); its error text is
/// reported in [`ImportError::Fetch`].
pub trait Fetch: Send + Sync {
    fn fetch<'a>(&'a self, url: &'a Url) -> BoxFuture<'a, Result<Vec<u8>, String>>;
}

/// For descriptions that must stand alone: refuses every fetch.
pub struct NoFetch;

impl Fetch for NoFetch {
    fn fetch<'a>(&'a self, _url: &'a Url) -> BoxFuture<'a, Result<Vec<u8>, String>> {
        Box::pin(async { Err("references to other documents are not allowed here".to_owned()) })
    }
}

/// The description to import.
#[derive(Clone, Debug)]
pub struct Source {
    pub bytes: Vec<u8>,
    /// Where it came from: relative references resolve against it. Without one, only
    /// references inside the document and absolute http(s) ones can be followed.
    pub url: Option<Url>,
}

/// Imports an OpenAPI 3.0 or 3.1 description, JSON or YAML.
///
/// Parsing is CPU work proportional to the document (up to [`Limits::max_bytes`]);
/// callers on an async runtime may prefer to run this where blocking is fine.
pub async fn import(source: Source, fetch: &dyn Fetch, limits: &Limits) -> Result<Catalogue, ImportError> {
    let root = parse::document(&source.bytes, limits, source.url.as_ref())?;
    drop(source.bytes);
    let openapi = import::check(&root)?;
    let mut docs = refs::Docs::new(root, source.url);
    loop {
        let (catalogue, missing) = import::build(&docs, limits, &openapi)?;
        if missing.is_empty() {
            return Ok(catalogue);
        }
        if docs.len() + missing.len() > limits.max_documents {
            return Err(ImportError::TooManyDocuments { limit: limits.max_documents });
        }
        for url in missing {
            let bytes = fetch.fetch(&url).await.map_err(|message| ImportError::Fetch { url: url.to_string(), message })?;
            let value = parse::document(&bytes, limits, Some(&url))?;
            docs.insert(url, value);
        }
    }
}
