//! Following `$ref`s and inlining schemas so each one stands alone.
//!
//! A chain of references with nothing in between that comes back to where it started
//! describes nothing and is an error. A schema that contains itself somewhere below its
//! top (a tree node's children) is legitimate: the inlined copy stops where the
//! recursion repeats, with a placeholder that says so, so every schema is finite.
//!
//! Inlining a reference graph can multiply it (ten properties each referring to a schema
//! with ten properties, …), so each schema has a node budget past which further
//! references are left unexpanded, and the whole catalogue a budget past which the import
//! fails.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};
use url::Url;

use crate::refs::{DocId, Docs, Target, last_segment};
use crate::{ImportError, Limits};

/// Nesting of an inlined schema past which it is cut, so that a stored catalogue stays
/// within serde_json's default recursion limit (128) when read back.
const MAX_SCHEMA_DEPTH: usize = 100;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A parameter, request body or path item: every sibling of `$ref` but `summary` and
    /// `description` is ignored, as OpenAPI says.
    Object,
    /// A schema: a `$ref` with only annotations beside it is followed; one with other
    /// keywords beside it is combined with them (`allOf`).
    Schema,
}

/// What a value is once its references are followed.
pub(crate) struct Node<'v> {
    /// The document the value is in: its own references are relative to it.
    pub doc: DocId,
    pub value: &'v Value,
    /// Annotations written beside the references followed, nearest first.
    pub overlay: Map<String, Value>,
    /// The location reached, when at least one reference was followed.
    pub at: Option<(DocId, String)>,
}

pub(crate) struct Inliner<'d> {
    docs: &'d Docs,
    limits: &'d Limits,
    /// Documents referred to but not fetched yet: the import fetches them and runs again.
    pub missing: BTreeMap<String, Url>,
    pub warnings: Vec<String>,
    total_nodes: usize,
    schema_nodes: usize,
    schema_cut: bool,
}

impl<'d> Inliner<'d> {
    pub(crate) fn new(docs: &'d Docs, limits: &'d Limits) -> Self {
        Inliner { docs, limits, missing: BTreeMap::new(), warnings: Vec::new(), total_nodes: 0, schema_nodes: 0, schema_cut: false }
    }

    /// Follows `value`'s references, if any. `None` when one leads into a document not
    /// fetched yet (noted in `missing`).
    pub(crate) fn follow<'v>(&mut self, doc: DocId, value: &'v Value, mode: Mode) -> Result<Option<Node<'v>>, ImportError>
    where
        'd: 'v,
    {
        let mut node = Node { doc, value, overlay: Map::new(), at: None };
        let mut chain: Vec<(DocId, String)> = Vec::new();
        while let Some(reference) = reference_of(node.value) {
            if mode == Mode::Schema && !is_plain_reference(node.value) {
                break;
            }
            for (key, sibling) in node.value.as_object().into_iter().flatten() {
                if is_annotation(key, mode) {
                    node.overlay.entry(key.clone()).or_insert_with(|| sibling.clone());
                }
            }
            if chain.len() >= self.limits.max_ref_depth {
                return Err(ImportError::RefTooDeep { reference: reference.to_owned(), limit: self.limits.max_ref_depth });
            }
            match self.docs.resolve(node.doc, reference)? {
                Target::Missing(url) => {
                    self.missing.insert(url.to_string(), url);
                    return Ok(None);
                }
                Target::Found { doc, pointer, value } => {
                    let key = (doc, pointer);
                    let repeated = chain.contains(&key);
                    chain.push(key.clone());
                    if repeated {
                        return Err(ImportError::CyclicRef { chain: chain.iter().map(|(d, p)| self.docs.name(*d, p)).collect() });
                    }
                    node = Node { doc, value, overlay: node.overlay, at: Some(key) };
                }
            }
        }
        Ok(Some(node))
    }

    /// Inlines one parameter's or body's schema; `context` names it in warnings.
    pub(crate) fn top_schema(&mut self, doc: DocId, value: &Value, context: &str) -> Result<Value, ImportError> {
        self.schema_nodes = 0;
        self.schema_cut = false;
        let out = self.schema(doc, value, &mut Vec::new(), 0)?;
        if self.schema_cut {
            self.warnings
                .push(format!("{context}: the schema was cut short (over {} nodes or {MAX_SCHEMA_DEPTH} levels once inlined)", self.limits.max_schema_nodes));
        }
        Ok(out)
    }

    fn count(&mut self, nodes: usize) -> Result<(), ImportError> {
        self.schema_nodes += nodes;
        self.total_nodes += nodes;
        if self.total_nodes > self.limits.max_total_nodes {
            return Err(ImportError::TooManyNodes { limit: self.limits.max_total_nodes });
        }
        Ok(())
    }

    /// `stack` holds the locations being inlined around this one, outermost first.
    fn schema(&mut self, doc: DocId, value: &Value, stack: &mut Vec<(DocId, String)>, depth: usize) -> Result<Value, ImportError> {
        let Value::Object(object) = value else {
            return self.literal(value, depth).map(|v| v.unwrap_or(Value::Bool(true)));
        };
        self.count(1)?;
        if depth > MAX_SCHEMA_DEPTH {
            self.schema_cut = true;
            return Ok(json!({ "description": "(nested too deeply to show)" }));
        }
        let Some(reference) = reference_of(value) else {
            return Ok(normalise(self.keywords(doc, object, stack, depth)?));
        };
        if is_plain_reference(value) {
            return self.reference(doc, value, stack, depth);
        }
        // Keywords beside a reference (OpenAPI 3.1) apply together with it.
        let referenced = self.reference(doc, &json!({ "$ref": reference }), stack, depth + 2)?;
        let mut out = self.keywords(doc, object, stack, depth)?;
        match out.get_mut("allOf") {
            Some(Value::Array(all)) => all.push(referenced),
            _ => {
                out.insert("allOf".into(), Value::Array(vec![referenced]));
            }
        }
        Ok(normalise(out))
    }

    fn reference(&mut self, doc: DocId, value: &Value, stack: &mut Vec<(DocId, String)>, depth: usize) -> Result<Value, ImportError> {
        if self.schema_nodes >= self.limits.max_schema_nodes {
            self.schema_cut = true;
            let name = reference_of(value).map(|r| last_segment(r.rsplit_once('#').map_or(r, |(_, f)| f))).unwrap_or_default();
            return Ok(json!({ "description": format!("(not expanded: {name})") }));
        }
        let Some(node) = self.follow(doc, value, Mode::Schema)? else {
            return Ok(json!({}));
        };
        let Some(at) = node.at else {
            return self.schema(node.doc, node.value, stack, depth);
        };
        if stack.contains(&at) {
            // Typed like the schema it stands for, so a value there is still checked that far.
            let mut cut = Map::new();
            if let Some(kind) = node.value.get("type").filter(|t| t.is_string() || t.is_array()) {
                cut.insert("type".into(), kind.clone());
            }
            let note = format!("(recursive: {})", last_segment(&at.1));
            let description = match node.overlay.get("description").and_then(Value::as_str) {
                Some(said) => format!("{said} {note}"),
                None => note,
            };
            let mut out = overlay(Value::Object(cut), node.overlay);
            if let Value::Object(object) = &mut out {
                object.insert("description".into(), description.into());
            }
            return Ok(out);
        }
        if stack.len() >= self.limits.max_ref_depth {
            return Err(ImportError::RefTooDeep { reference: self.docs.name(at.0, &at.1), limit: self.limits.max_ref_depth });
        }
        stack.push(at);
        let out = self.schema(node.doc, node.value, stack, depth)?;
        stack.pop();
        Ok(overlay(out, node.overlay))
    }

    fn keywords(&mut self, doc: DocId, object: &Map<String, Value>, stack: &mut Vec<(DocId, String)>, depth: usize) -> Result<Map<String, Value>, ImportError> {
        let mut out = Map::new();
        for (key, value) in object {
            let inlined = match key.as_str() {
                // Identifiers and definitions only matter to references, which are gone.
                "$ref" | "$id" | "$schema" | "$anchor" | "$dynamicAnchor" | "$comment" | "$defs" | "definitions" => None,
                // Values, not schemas: a `$ref` inside an example is data.
                "enum" | "const" | "default" | "example" | "examples" | "discriminator" | "xml" | "externalDocs" => self.literal(value, depth + 1)?,
                _ if key.starts_with("x-") => self.literal(value, depth + 1)?,
                "properties" | "patternProperties" | "dependentSchemas" if value.is_object() => {
                    let mut map = Map::new();
                    for (name, schema) in value.as_object().into_iter().flatten() {
                        map.insert(name.clone(), self.schema(doc, schema, stack, depth + 2)?);
                    }
                    Some(Value::Object(map))
                }
                _ => match value {
                    Value::Object(_) => Some(self.schema(doc, value, stack, depth + 1)?),
                    Value::Array(items) => {
                        let mut list = Vec::with_capacity(items.len());
                        for item in items {
                            match item {
                                Value::Object(_) => list.push(self.schema(doc, item, stack, depth + 2)?),
                                _ => list.extend(self.literal(item, depth + 2)?),
                            }
                        }
                        Some(Value::Array(list))
                    }
                    _ => self.literal(value, depth + 1)?,
                },
            };
            if let Some(inlined) = inlined {
                out.insert(key.clone(), inlined);
            }
        }
        Ok(out)
    }

    /// A copy of a value that is data, not schema; `None` if it would nest too deeply.
    fn literal(&mut self, value: &Value, depth: usize) -> Result<Option<Value>, ImportError> {
        let (nodes, nesting) = measure(value);
        self.count(nodes)?;
        if depth + nesting > MAX_SCHEMA_DEPTH {
            self.schema_cut = true;
            return Ok(None);
        }
        Ok(Some(value.clone()))
    }
}

fn reference_of(value: &Value) -> Option<&str> {
    value.get("$ref").and_then(Value::as_str)
}

/// A `$ref` with nothing but annotations beside it.
fn is_plain_reference(value: &Value) -> bool {
    value.as_object().is_some_and(|o| o.keys().all(|k| k == "$ref" || is_annotation(k, Mode::Schema)))
}

fn is_annotation(key: &str, mode: Mode) -> bool {
    match mode {
        Mode::Object => matches!(key, "summary" | "description"),
        Mode::Schema => {
            matches!(key, "description" | "title" | "example" | "examples" | "default" | "deprecated" | "readOnly" | "writeOnly" | "nullable" | "$comment")
        }
    }
}

/// Annotations written beside a reference win over the referenced schema's own.
fn overlay(out: Value, overlay: Map<String, Value>) -> Value {
    if overlay.is_empty() {
        return out;
    }
    match out {
        Value::Object(mut object) => {
            object.extend(overlay.into_iter().filter(|(k, _)| k != "$comment"));
            normalise(object)
        }
        Value::Bool(true) => normalise(overlay),
        other => other,
    }
}

/// Brings OpenAPI 3.0's schema dialect to JSON Schema 2020-12, which 3.1 uses and the
/// validator speaks: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`. Also drops
/// read-only properties from `required`, since these schemas describe requests.
fn normalise(mut object: Map<String, Value>) -> Value {
    for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
        if let Some(Value::Bool(on)) = object.get(exclusive) {
            let on = *on;
            object.remove(exclusive);
            if on && let Some(limit) = object.remove(bound) {
                object.insert(exclusive.into(), limit);
            }
        }
    }
    if let (Some(Value::Object(properties)), Some(Value::Array(required))) = (object.get("properties"), object.get("required")) {
        let kept: Vec<Value> = required
            .iter()
            .filter(|name| !name.as_str().and_then(|n| properties.get(n)).and_then(|p| p.get("readOnly")).and_then(Value::as_bool).unwrap_or(false))
            .cloned()
            .collect();
        if kept.len() != required.len() {
            if kept.is_empty() {
                object.remove("required");
            } else {
                object.insert("required".into(), Value::Array(kept));
            }
        }
    }
    if let Some(nullable) = object.remove("nullable")
        && nullable == Value::Bool(true)
    {
        if let Some(Value::Array(options)) = object.get_mut("enum")
            && !options.contains(&Value::Null)
        {
            options.push(Value::Null);
        }
        let composed = ["allOf", "anyOf", "oneOf"].iter().any(|k| object.contains_key(*k));
        match object.get_mut("type") {
            Some(Value::String(kind)) if kind != "null" => {
                let kind = std::mem::take(kind);
                object.insert("type".into(), json!([kind, "null"]));
            }
            Some(Value::Array(kinds)) if !kinds.contains(&json!("null")) => kinds.push(json!("null")),
            Some(_) => {}
            None if composed => return json!({ "anyOf": [{ "type": "null" }, Value::Object(object)] }),
            None => {}
        }
    }
    Value::Object(object)
}

/// Node count and nesting depth of a value.
fn measure(value: &Value) -> (usize, usize) {
    match value {
        Value::Array(items) => items.iter().map(measure).fold((1, 1), |(n, d), (cn, cd)| (n + cn, d.max(cd + 1))),
        Value::Object(map) => map.values().map(measure).fold((1, 1), |(n, d), (cn, cd)| (n + cn, d.max(cd + 1))),
        _ => (1, 0),
    }
}
