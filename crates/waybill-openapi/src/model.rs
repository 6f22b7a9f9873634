//! The catalogue an import produces: plain data, serialisable, with every schema
//! self-contained.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Everything the assistant needs from one OpenAPI document.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// `info.title`, or empty.
    pub title: String,
    /// `info.version`, or empty.
    pub version: String,
    /// The document's `openapi` field, e.g. "3.0.3".
    pub openapi: String,
    /// Top-level server URLs with their variables set to their defaults; relative ones
    /// resolved against the document's URL when it has one.
    pub servers: Vec<String>,
    /// In path order (paths sorted), then method order (get, put, post, delete, options,
    /// head, patch, trace).
    pub operations: Vec<Operation>,
    /// What was left out and why (a parameter with no name, a path that does not start
    /// with `/`, a schema cut short for size): for the administrator, never fatal.
    #[serde(default)]
    pub warnings: Vec<String>,
}

/// One operation: a method on a path.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Operation {
    /// Unique in the catalogue: the operationId, or "METHOD /path" when there is none; a
    /// repeated one gets `_2`, `_3`, … in catalogue order.
    pub key: String,
    #[serde(default)]
    pub operation_id: Option<String>,
    /// Upper case: GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH or TRACE.
    pub method: String,
    /// The path template as written in the document, e.g. `/orders/{orderId}/lines`.
    pub path: String,
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    /// Path-level parameters merged with the operation's own (the operation's win by
    /// name and location).
    #[serde(default)]
    pub parameters: Vec<Parameter>,
    #[serde(default)]
    pub body: Option<Body>,
    #[serde(default)]
    pub deprecated: bool,
}

/// Where a parameter goes.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Location {
    Path,
    Query,
    Header,
    Cookie,
}

impl Location {
    /// The OpenAPI spelling (`in`), also the prefix of [`crate::Issue::path`].
    pub fn as_str(self) -> &'static str {
        match self {
            Location::Path => "path",
            Location::Query => "query",
            Location::Header => "header",
            Location::Cookie => "cookie",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Self> {
        match text {
            "path" => Some(Location::Path),
            "query" => Some(Location::Query),
            "header" => Some(Location::Header),
            "cookie" => Some(Location::Cookie),
            _ => None,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Parameter {
    pub name: String,
    pub location: Location,
    /// Always true for path parameters.
    pub required: bool,
    #[serde(default)]
    pub description: Option<String>,
    /// A JSON Schema (2020-12) with every `$ref` inlined; `{}` when the document gave none.
    pub schema: Value,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    pub required: bool,
    /// The media type chosen from the request body's `content`: JSON when offered.
    pub content_type: String,
    /// A JSON Schema (2020-12) with every `$ref` inlined; `{}` when the document gave none.
    pub schema: Value,
}
