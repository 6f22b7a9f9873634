//! From a parsed description to a [`Catalogue`].
//!
//! Building is synchronous and runs over the documents fetched so far. A reference into a
//! document not fetched yet is noted and stands in as `{}`; when a pass ends with notes,
//! [`crate::import`] fetches those documents and builds again, so only documents the
//! operations actually use are fetched, each once.

use std::collections::HashSet;

use serde_json::{Map, Value, json};
use url::Url;

use crate::inline::{Inliner, Mode};
use crate::model::{Body, Catalogue, Location, Operation, Parameter};
use crate::refs::{DocId, Docs};
use crate::{ImportError, Limits};

const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/// Checks the root document is OpenAPI 3.0 or 3.1 with paths; its version when it is.
pub(crate) fn check(root: &Value) -> Result<String, ImportError> {
    let Value::Object(object) = root else {
        return Err(ImportError::NotAnObject { found: kind(root).into() });
    };
    if let Some(found) = object.get("swagger") {
        return Err(ImportError::Swagger { found: text(found) });
    }
    let version = object.get("openapi").ok_or(ImportError::NoVersion)?;
    let version = text(version);
    let supported = ["3.0", "3.1"].iter().any(|major_minor| {
        version == *major_minor
            || version.strip_prefix(major_minor).and_then(|rest| rest.strip_prefix('.')).is_some_and(|patch| patch.starts_with(|c: char| c.is_ascii_digit()))
    });
    if !supported {
        return Err(ImportError::UnsupportedVersion { found: version });
    }
    if !object.get("paths").is_some_and(Value::is_object) {
        return Err(ImportError::NoPaths);
    }
    Ok(version)
}

/// Segments of the endpoints a service has for its operators (probes, metrics), which
/// answer nothing a user asks about.
const INFRASTRUCTURE_SEGMENTS: [&str; 14] = [
    "health",
    "healthz",
    "healthcheck",
    "health-check",
    "livez",
    "live",
    "liveness",
    "readyz",
    "ready",
    "readiness",
    "metrics",
    "prometheus",
    "ping",
    "actuator",
];

/// A path made only of probe and metrics segments, after an optional `api` and version
/// prefix: `/health`, `/v1/health/live`, `/api/metrics`, `/actuator/health`.
fn is_infrastructure(path: &str) -> bool {
    let segments: Vec<String> = path.split('/').filter(|s| !s.is_empty()).map(str::to_ascii_lowercase).collect();
    let is_prefix = |s: &str| s == "api" || (s.len() > 1 && s.starts_with('v') && s[1..].chars().all(|c| c.is_ascii_digit()));
    let rest: Vec<&String> = segments.iter().skip_while(|s| is_prefix(s)).collect();
    !rest.is_empty() && rest.iter().all(|s| INFRASTRUCTURE_SEGMENTS.contains(&s.as_str()))
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "empty",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A scalar as text: YAML reads `openapi: 3.0` as a number.
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One pass over the documents: the catalogue, and the documents still to fetch.
pub(crate) fn build(docs: &Docs, limits: &Limits, openapi: &str) -> Result<(Catalogue, Vec<Url>), ImportError> {
    let mut builder = Builder { inliner: Inliner::new(docs, limits), limits, warnings: Vec::new() };
    let root = docs.root();
    let info = root.get("info");
    let field = |name: &str| info.and_then(|i| i.get(name)).map(text).unwrap_or_default();
    let mut catalogue = Catalogue {
        title: field("title"),
        version: field("version"),
        openapi: openapi.to_owned(),
        servers: servers(root, docs.url(0)),
        operations: builder.operations(root.get("paths").and_then(Value::as_object).into_iter().flatten())?,
        warnings: Vec::new(),
    };
    unique_keys(&mut catalogue.operations);
    catalogue.warnings = builder.warnings;
    catalogue.warnings.append(&mut builder.inliner.warnings);
    Ok((catalogue, builder.inliner.missing.into_values().collect()))
}

struct Builder<'d> {
    inliner: Inliner<'d>,
    limits: &'d Limits,
    warnings: Vec<String>,
}

impl Builder<'_> {
    fn operations<'a>(&mut self, paths: impl Iterator<Item = (&'a String, &'a Value)>) -> Result<Vec<Operation>, ImportError> {
        let mut operations = Vec::new();
        for (path, item) in paths {
            if path.starts_with("x-") {
                continue;
            }
            if !path.starts_with('/') {
                self.warnings.push(format!("path '{path}' does not start with '/': left out"));
                continue;
            }
            if is_infrastructure(path) {
                self.warnings.push(format!("path '{path}' is the service's own health or metrics endpoint, not business data: left out"));
                continue;
            }
            let Some(item) = self.inliner.follow(0, item, Mode::Object)? else { continue };
            let Some(object) = item.value.as_object() else {
                self.warnings.push(format!("path '{path}' is not an object: left out"));
                continue;
            };
            let shared = self.parameters(item.doc, object.get("parameters"), path)?;
            for method in METHODS {
                let Some(operation) = object.get(method) else { continue };
                let context = format!("{} {path}", method.to_uppercase());
                let Some(operation) = operation.as_object() else {
                    self.warnings.push(format!("{context} is not an object: left out"));
                    continue;
                };
                let own = self.parameters(item.doc, operation.get("parameters"), &context)?;
                let operation_id = string(operation, "operationId").map(|id| id.trim().to_owned()).filter(|id| !id.is_empty());
                let inherited = |name: &str| item.overlay.get(name).and_then(Value::as_str).or_else(|| string(object, name)).map(str::to_owned);
                operations.push(Operation {
                    key: operation_id.clone().unwrap_or_else(|| context.clone()),
                    operation_id,
                    method: method.to_uppercase(),
                    path: path.clone(),
                    summary: string(operation, "summary").map(str::to_owned).or_else(|| inherited("summary")),
                    description: string(operation, "description").map(str::to_owned).or_else(|| inherited("description")),
                    tags: operation.get("tags").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).map(str::to_owned).collect(),
                    parameters: merge(shared.clone(), own),
                    body: self.body(item.doc, operation.get("requestBody"), &context)?,
                    deprecated: operation.get("deprecated") == Some(&Value::Bool(true)),
                });
                if operations.len() > self.limits.max_operations {
                    return Err(ImportError::TooManyOperations { limit: self.limits.max_operations });
                }
            }
        }
        Ok(operations)
    }

    fn parameters(&mut self, doc: DocId, list: Option<&Value>, context: &str) -> Result<Vec<Parameter>, ImportError> {
        let items = match list {
            None => return Ok(Vec::new()),
            Some(Value::Array(items)) => items,
            Some(_) => {
                self.warnings.push(format!("{context}: `parameters` is not a list: left out"));
                return Ok(Vec::new());
            }
        };
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let Some(node) = self.inliner.follow(doc, item, Mode::Object)? else { continue };
            let Some(object) = node.value.as_object() else {
                self.warnings.push(format!("{context}: parameter {} is not an object: left out", i + 1));
                continue;
            };
            let (Some(name), Some(location)) = (string(object, "name"), string(object, "in").and_then(Location::parse)) else {
                self.warnings.push(format!("{context}: parameter {} has no name or no valid `in`: left out", i + 1));
                continue;
            };
            // OpenAPI: these are set from the request itself, and definitions of them are ignored.
            if location == Location::Header && ["accept", "content-type", "authorization"].contains(&name.to_ascii_lowercase().as_str()) {
                continue;
            }
            let schema = object
                .get("schema")
                .or_else(|| object.get("content").and_then(Value::as_object).and_then(|c| c.values().next()).and_then(|media| media.get("schema")));
            let schema = match schema {
                Some(schema) => self.inliner.top_schema(node.doc, schema, &format!("{context} {} parameter '{name}'", location.as_str()))?,
                None => json!({}),
            };
            out.push(Parameter {
                name: name.to_owned(),
                location,
                required: location == Location::Path || object.get("required") == Some(&Value::Bool(true)),
                description: node.overlay.get("description").and_then(Value::as_str).or_else(|| string(object, "description")).map(str::to_owned),
                schema,
            });
        }
        Ok(merge(Vec::new(), out))
    }

    fn body(&mut self, doc: DocId, body: Option<&Value>, context: &str) -> Result<Option<Body>, ImportError> {
        let Some(body) = body else { return Ok(None) };
        let Some(node) = self.inliner.follow(doc, body, Mode::Object)? else { return Ok(None) };
        let Some(object) = node.value.as_object() else {
            self.warnings.push(format!("{context}: `requestBody` is not an object: left out"));
            return Ok(None);
        };
        let required = object.get("required") == Some(&Value::Bool(true));
        let Some((content_type, media)) = object.get("content").and_then(Value::as_object).and_then(choose_media_type) else {
            self.warnings.push(format!("{context}: the request body lists no media type; JSON assumed"));
            return Ok(Some(Body { required, content_type: "application/json".into(), schema: json!({}) }));
        };
        let schema = match media.get("schema") {
            Some(schema) => self.inliner.top_schema(node.doc, schema, &format!("{context} request body"))?,
            None => json!({}),
        };
        Ok(Some(Body { required, content_type: content_type.to_owned(), schema }))
    }
}

/// JSON when offered, then forms, then whatever comes first.
fn choose_media_type(content: &Map<String, Value>) -> Option<(&str, &Value)> {
    let essence = |key: &str| key.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let preference = |key: &str| {
        let essence = essence(key);
        match essence.as_str() {
            "application/json" => 0,
            _ if essence.ends_with("+json") || essence.contains("json") => 1,
            "application/x-www-form-urlencoded" => 2,
            "multipart/form-data" => 3,
            _ => 4,
        }
    };
    content.iter().min_by_key(|(key, _)| preference(key)).map(|(key, media)| (key.as_str(), media))
}

fn string<'v>(object: &'v Map<String, Value>, key: &str) -> Option<&'v str> {
    object.get(key).and_then(Value::as_str)
}

/// `base` then `own`, a parameter of `own` replacing one of `base` with the same name and
/// location.
fn merge(base: Vec<Parameter>, own: Vec<Parameter>) -> Vec<Parameter> {
    let mut out = base;
    for parameter in own {
        match out.iter_mut().find(|p| p.name == parameter.name && p.location == parameter.location) {
            Some(existing) => *existing = parameter,
            None => out.push(parameter),
        }
    }
    out
}

/// Repeated keys (operationIds used twice) get `_2`, `_3`, … in catalogue order.
fn unique_keys(operations: &mut [Operation]) {
    let mut used = HashSet::new();
    for operation in operations {
        let mut key = operation.key.clone();
        let mut n = 2;
        while !used.insert(key.clone()) {
            key = format!("{}_{n}", operation.key);
            n += 1;
        }
        operation.key = key;
    }
}

/// Top-level server URLs with variables set to their defaults.
fn servers(root: &Value, document: Option<&Url>) -> Vec<String> {
    let list = root.get("servers").and_then(Value::as_array).into_iter().flatten();
    list.filter_map(|server| {
        let mut url = server.get("url")?.as_str()?.to_owned();
        for (name, variable) in server.get("variables").and_then(Value::as_object).into_iter().flatten() {
            if let Some(default) = variable.get("default") {
                url = url.replace(&format!("{{{name}}}"), &text(default));
            }
        }
        match (Url::parse(&url), document) {
            (Err(url::ParseError::RelativeUrlWithoutBase), Some(document)) => document.join(&url).ok().map(String::from).or(Some(url)),
            _ => Some(url),
        }
    })
    .collect()
}
