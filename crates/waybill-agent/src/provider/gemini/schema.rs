//! Tool schemas for Gemini. Function `parameters` take an OpenAPI 3.0 subset, not JSON
//! Schema, and Gemini rejects the whole request on a keyword it does not know
//! (`additionalProperties`, `$schema`, `$defs`, unsupported `format`s, …). So schemas
//! are rebuilt from an allow-list: local `$ref`s are inlined, `oneOf` becomes `anyOf`,
//! `const` becomes a one-value `enum`, and `["string", "null"]` types become `nullable`.

use serde_json::{Map, Value, json};

/// Keywords Gemini's `Schema` accepts that are copied unchanged.
const PLAIN: &[&str] = &[
    "title",
    "description",
    "nullable",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "propertyOrdering",
    "example",
];

/// `format`s Gemini accepts; any other one fails the request.
const FORMATS: &[&str] = &["enum", "date-time", "int32", "int64", "float", "double"];

/// Bounds `$ref` inlining so a recursive schema cannot recurse forever.
const MAX_DEPTH: usize = 12;

/// The `parameters` for a tool, or `None` for a tool without arguments: Gemini rejects
/// an object schema whose `properties` are empty.
pub fn parameters(schema: &Value) -> Option<Value> {
    let cleaned = clean(schema, schema, 0);
    let empty_object = cleaned["type"] == "object" && cleaned.get("properties").is_none();
    (!empty_object && cleaned.as_object().is_some_and(|m| !m.is_empty())).then_some(cleaned)
}

fn clean(schema: &Value, root: &Value, depth: usize) -> Value {
    let Some(map) = schema.as_object() else { return json!({}) };
    if depth > MAX_DEPTH {
        return json!({"type": "object"});
    }
    if let Some(target) = map.get("$ref").and_then(Value::as_str).and_then(|r| resolve(root, r)) {
        let mut merged = target.as_object().cloned().unwrap_or_default();
        for key in ["description", "title"] {
            if let Some(value) = map.get(key) {
                merged.insert(key.to_owned(), value.clone());
            }
        }
        return clean(&Value::Object(merged), root, depth + 1);
    }

    let mut out = Map::new();
    for (key, value) in map {
        match key.as_str() {
            "type" => kind(value, &mut out),
            "properties" => {
                let properties: Map<String, Value> =
                    value.as_object().into_iter().flatten().map(|(name, s)| (name.clone(), clean(s, root, depth + 1))).collect();
                if !properties.is_empty() {
                    out.insert(key.clone(), Value::Object(properties));
                }
            }
            "items" if value.is_object() => {
                out.insert(key.clone(), clean(value, root, depth + 1));
            }
            "anyOf" | "oneOf" => {
                let options: Vec<Value> = value.as_array().into_iter().flatten().map(|s| clean(s, root, depth + 1)).collect();
                if !options.is_empty() {
                    out.insert("anyOf".into(), Value::Array(options));
                }
            }
            "enum" if value.as_array().is_some_and(|v| v.iter().all(Value::is_string)) => {
                out.insert(key.clone(), value.clone());
            }
            "const" if value.is_string() => {
                out.insert("enum".into(), json!([value]));
            }
            "format" if value.as_str().is_some_and(|f| FORMATS.contains(&f)) => {
                out.insert(key.clone(), value.clone());
            }
            "required" => {
                out.insert(key.clone(), value.clone());
            }
            k if PLAIN.contains(&k) => {
                out.insert(key.clone(), value.clone());
            }
            _ => {}
        }
    }
    // Gemini rejects required names that are not declared properties.
    if let Some(required) = out.remove("required") {
        let declared = out.get("properties").and_then(Value::as_object);
        let kept: Vec<Value> =
            required.as_array().into_iter().flatten().filter(|n| n.as_str().is_some_and(|n| declared.is_some_and(|d| d.contains_key(n)))).cloned().collect();
        if !kept.is_empty() {
            out.insert("required".into(), Value::Array(kept));
        }
    }
    // Gemini only knows `enum` on strings.
    if out.contains_key("enum") && !out.contains_key("type") {
        out.insert("type".into(), json!("string"));
    }
    Value::Object(out)
}

/// `type`, where JSON Schema allows a list: `null` becomes `nullable`, one other type
/// stays a type, several become an `anyOf`.
fn kind(value: &Value, out: &mut Map<String, Value>) {
    let Some(types) = value.as_array() else {
        out.insert("type".into(), value.clone());
        return;
    };
    let mut rest: Vec<&Value> = types.iter().filter(|t| t.as_str() != Some("null")).collect();
    if rest.len() < types.len() {
        out.insert("nullable".into(), json!(true));
    }
    match rest.len() {
        0 => {}
        1 => {
            out.insert("type".into(), rest.remove(0).clone());
        }
        _ => {
            out.insert("anyOf".into(), Value::Array(rest.into_iter().map(|t| json!({"type": t})).collect()));
        }
    }
}

/// A local reference such as `#/$defs/Dock` or `#/definitions/Dock`.
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    root.pointer(reference.strip_prefix('#')?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_schema_becomes_the_subset_gemini_accepts() {
        let schema = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "urn:dock",
            "type": "object",
            "additionalProperties": false,
            "$defs": {"Dock": {"type": "object", "properties": {"id": {"type": "integer", "default": 1}}, "additionalProperties": false}},
            "properties": {
                "dock": {"$ref": "#/$defs/Dock", "description": "The dock"},
                "when": {"type": "string", "format": "date-time"},
                "email": {"type": ["string", "null"], "format": "email", "default": "x"},
                "mode": {"const": "fast"},
                "size": {"oneOf": [{"type": "integer", "exclusiveMinimum": 0}, {"type": "string", "enum": ["S", "M"]}]},
                "tags": {"type": "array", "items": {"type": "string", "minLength": 1}, "uniqueItems": true},
                "code": {"type": "integer", "enum": [1, 2]}
            },
            "required": ["dock", "ghost"]
        });
        assert_eq!(
            parameters(&schema),
            Some(json!({
                "type": "object",
                "properties": {
                    "dock": {"type": "object", "properties": {"id": {"type": "integer"}}, "description": "The dock"},
                    "when": {"type": "string", "format": "date-time"},
                    "email": {"type": "string", "nullable": true},
                    "mode": {"type": "string", "enum": ["fast"]},
                    "size": {"anyOf": [{"type": "integer"}, {"type": "string", "enum": ["S", "M"]}]},
                    "tags": {"type": "array", "items": {"type": "string", "minLength": 1}},
                    "code": {"type": "integer"}
                },
                "required": ["dock"]
            }))
        );
    }

    #[test]
    fn tools_without_arguments_send_no_parameters_and_recursion_is_bounded() {
        assert_eq!(parameters(&json!({"type": "object", "properties": {}, "additionalProperties": false})), None);
        assert_eq!(parameters(&json!({"type": "object"})), None);
        let recursive = json!({"type": "object", "properties": {"next": {"$ref": "#"}}});
        assert!(parameters(&recursive).is_some());
    }
}
