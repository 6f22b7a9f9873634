use thiserror::Error;

/// Why a document could not be imported. Every message names what was found, so it can
/// be shown to the administrator who registered the system as it is.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ImportError {
    #[error("{document} is {size} bytes, over the limit of {limit} bytes")]
    TooLarge { document: String, size: usize, limit: usize },

    #[error("{document} could not be parsed: {message}")]
    Syntax { document: String, message: String },

    #[error("the document is not an OpenAPI description: its top level is {found}, not an object")]
    NotAnObject { found: String },

    #[error("this is a Swagger {found} document; only OpenAPI 3.0 and 3.1 are supported (convert it to OpenAPI 3 first)")]
    Swagger { found: String },

    #[error("the document has no `openapi` version field; only OpenAPI 3.0 and 3.1 are supported")]
    NoVersion,

    #[error("OpenAPI version {found} is not supported; expected 3.0.x or 3.1.x")]
    UnsupportedVersion { found: String },

    #[error("the document has no `paths` object, so it describes no operations")]
    NoPaths,

    #[error("$ref '{reference}' in {document} is refused: {reason}")]
    RefRefused { reference: String, document: String, reason: String },

    #[error("$ref '{reference}' in {document} cannot be resolved: {reason}")]
    RefNotFound { reference: String, document: String, reason: String },

    #[error("cyclic $ref: {}", chain.join(" → "))]
    CyclicRef { chain: Vec<String> },

    #[error("$ref '{reference}' nests more than {limit} references deep")]
    RefTooDeep { reference: String, limit: usize },

    #[error("fetching {url} failed: {message}")]
    Fetch { url: String, message: String },

    #[error("the description spans more than {limit} documents")]
    TooManyDocuments { limit: usize },

    #[error("the description has more than {limit} operations")]
    TooManyOperations { limit: usize },

    #[error("the schemas expand to more than {limit} nodes once their references are inlined")]
    TooManyNodes { limit: usize },
}
