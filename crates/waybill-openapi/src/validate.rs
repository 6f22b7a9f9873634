//! Checking a model's arguments against an operation before calling it.
//!
//! Path, query and header values travel as text, and models often write them as text
//! ("12", "true") or as numbers where the schema says string: such values are converted
//! to what the schema wants before it is checked. Bodies are JSON and are checked as
//! given.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::model::{Location, Operation, Parameter};

/// Arguments for one call, as a model gives them.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default)]
pub struct CallArgs {
    pub path: Map<String, Value>,
    pub query: Map<String, Value>,
    pub headers: Map<String, Value>,
    pub body: Option<Value>,
}

/// One problem with the arguments.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// Where: `query.pageSize`, `path.orderId`, `header.X-Request-Id`,
    /// `body.lines[0].quantity`.
    pub path: String,
    /// What was wanted: "integer", "one of: open, shipped", "required", ">= 1", …
    pub expected: String,
    /// A short rendering of what was given, or "nothing".
    pub received: String,
    pub message: String,
}

const NOTHING: &str = "nothing";

/// Every problem with `args` for `op`; empty when the call may go ahead. Null values count
/// as absent. Cookie parameters are not checked: calls do not carry cookies.
pub fn validate(op: &Operation, args: &CallArgs) -> Vec<Issue> {
    let mut issues = Vec::new();
    for (location, given) in [(Location::Path, &args.path), (Location::Query, &args.query), (Location::Header, &args.headers)] {
        let declared: Vec<&Parameter> = op.parameters.iter().filter(|p| p.location == location).collect();
        let prefix = location.as_str();
        for parameter in &declared {
            let path = format!("{prefix}.{}", parameter.name);
            match lookup(given, &parameter.name, location).filter(|v| !v.is_null()) {
                None if parameter.required => {
                    issues.push(Issue { message: format!("{path} is required"), path, expected: "required".into(), received: NOTHING.into() })
                }
                None => {}
                Some(value) => check(&parameter.schema, &coerce(value, &parameter.schema), &path, &mut issues),
            }
        }
        for (name, value) in given {
            if value.is_null() || declared.iter().any(|p| same_name(&p.name, name, location)) {
                continue;
            }
            let path = format!("{prefix}.{name}");
            let expected = if declared.is_empty() {
                format!("no {prefix} parameters")
            } else {
                format!("one of: {}", declared.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "))
            };
            issues.push(Issue { message: format!("{path} is not a {prefix} parameter of {}", op.key), path, expected, received: render(value) });
        }
    }
    let body = args.body.as_ref().filter(|b| !b.is_null());
    match (&op.body, body) {
        (None, Some(value)) => issues.push(Issue {
            path: "body".into(),
            expected: "no body".into(),
            received: render(value),
            message: format!("{} {} takes no request body", op.method, op.path),
        }),
        (Some(declared), None) if declared.required => {
            issues.push(Issue { path: "body".into(), expected: "required".into(), received: NOTHING.into(), message: "body is required".into() })
        }
        (Some(declared), Some(value)) => check(&declared.schema, value, "body", &mut issues),
        _ => {}
    }
    issues
}

fn same_name(declared: &str, given: &str, location: Location) -> bool {
    if location == Location::Header { declared.eq_ignore_ascii_case(given) } else { declared == given }
}

fn lookup<'a>(given: &'a Map<String, Value>, name: &str, location: Location) -> Option<&'a Value> {
    given.get(name).or_else(|| given.iter().find(|(k, _)| same_name(name, k, location)).map(|(_, v)| v))
}

/// The JSON types a schema allows at its top, if it says.
fn types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).collect(),
        _ => match schema.get("enum").and_then(Value::as_array) {
            Some(options) if !options.is_empty() && options.iter().all(Value::is_string) => vec!["string"],
            _ => Vec::new(),
        },
    }
}

/// A parameter value as the schema wants it, when text or a scalar can be read so:
/// "12" → 12, "true" → true, 12 → "12", "a" → ["a"].
pub(crate) fn coerce(value: &Value, schema: &Value) -> Value {
    let wanted = types(schema);
    if wanted.is_empty() {
        return value.clone();
    }
    let wants = |t: &str| wanted.contains(&t);
    match value {
        Value::Array(items) if wants("array") => {
            let item_schema = schema.get("items").cloned().unwrap_or(Value::Bool(true));
            Value::Array(items.iter().map(|i| coerce(i, &item_schema)).collect())
        }
        Value::String(text) if !wants("string") => {
            let trimmed = text.trim();
            if (wants("integer") || wants("number"))
                && let Ok(n) = trimmed.parse::<i64>()
            {
                return n.into();
            }
            if wants("number")
                && let Ok(n) = trimmed.parse::<f64>()
                && let Some(n) = serde_json::Number::from_f64(n)
            {
                return Value::Number(n);
            }
            if wants("boolean") {
                match trimmed.to_ascii_lowercase().as_str() {
                    "true" => return Value::Bool(true),
                    "false" => return Value::Bool(false),
                    _ => {}
                }
            }
            if wants("null") && trimmed == "null" {
                return Value::Null;
            }
            if wants("array") {
                return Value::Array(vec![coerce(value, schema.get("items").unwrap_or(&Value::Bool(true)))]);
            }
            value.clone()
        }
        Value::Number(_) | Value::Bool(_) if wants("array") => Value::Array(vec![coerce(value, schema.get("items").unwrap_or(&Value::Bool(true)))]),
        Value::Number(n) if wants("string") && !wants("number") && !(wants("integer") && n.is_i64()) => Value::String(n.to_string()),
        Value::Bool(b) if wants("string") && !wants("boolean") => Value::String(b.to_string()),
        _ => value.clone(),
    }
}

fn check(schema: &Value, value: &Value, path: &str, issues: &mut Vec<Issue>) {
    let validator = match jsonschema::options().with_draft(jsonschema::Draft::Draft202012).should_validate_formats(true).build(schema) {
        Ok(validator) => validator,
        Err(e) => {
            // The administrator's document is at fault, not the call: let it through.
            tracing::warn!(path, error = %e, "a schema in an imported API description does not compile; the value is not checked");
            return;
        }
    };
    for error in validator.iter_errors(value) {
        issues.extend(describe(&error, path));
    }
}

fn describe(error: &jsonschema::ValidationError<'_>, base: &str) -> Vec<Issue> {
    use jsonschema::error::ValidationErrorKind as Kind;
    let at = join(base, error.instance_path().as_str());
    let received = render(error.instance());
    let issue = |expected: String| {
        let message = format!("{at} should be {expected}, got {received}");
        Issue { path: at.clone(), expected, received: received.clone(), message }
    };
    let expected = match error.kind() {
        Kind::Required { property } => {
            let name = property.as_str().map_or_else(|| property.to_string(), str::to_owned);
            let path = format!("{at}.{name}");
            return vec![Issue { message: format!("{path} is required"), path, expected: "required".into(), received: NOTHING.into() }];
        }
        Kind::AdditionalProperties { unexpected } | Kind::UnevaluatedProperties { unexpected } => {
            return unexpected
                .iter()
                .map(|name| {
                    let path = format!("{at}.{name}");
                    let received = error.instance().get(name).map_or_else(|| NOTHING.to_owned(), render);
                    Issue { message: format!("{path} is not an allowed property"), path, expected: "no such property".into(), received }
                })
                .collect();
        }
        Kind::Type { kind } => match kind {
            jsonschema::error::TypeKind::Single(t) => t.to_string(),
            jsonschema::error::TypeKind::Multiple(set) => set.into_iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" or "),
        },
        Kind::Enum { options } => format!("one of: {}", options.as_array().map(|o| list(o)).unwrap_or_else(|| options.to_string())),
        Kind::Constant { expected_value } => format!("exactly {}", bare(expected_value)),
        Kind::Minimum { limit } => format!(">= {limit}"),
        Kind::Maximum { limit } => format!("<= {limit}"),
        Kind::ExclusiveMinimum { limit } => format!("> {limit}"),
        Kind::ExclusiveMaximum { limit } => format!("< {limit}"),
        Kind::MultipleOf { multiple_of } => format!("a multiple of {multiple_of}"),
        Kind::MinLength { limit } => format!("at least {limit} characters"),
        Kind::MaxLength { limit } => format!("at most {limit} characters"),
        Kind::MinItems { limit } => format!("at least {limit} items"),
        Kind::MaxItems { limit } => format!("at most {limit} items"),
        Kind::UniqueItems => "items without repeats".into(),
        Kind::MinProperties { limit } => format!("at least {limit} properties"),
        Kind::MaxProperties { limit } => format!("at most {limit} properties"),
        Kind::Pattern { pattern } => format!("text matching {pattern}"),
        Kind::Format { format } => format!("a valid {format}"),
        Kind::AnyOf { .. } | Kind::OneOfNotValid { .. } => "a value matching one of the allowed forms".into(),
        Kind::OneOfMultipleValid { .. } => "a value matching exactly one of the allowed forms".into(),
        Kind::Not { .. } => "a value of another form".into(),
        Kind::FalseSchema => "nothing (not allowed here)".into(),
        _ => {
            let mut issue = issue(format!("a value meeting `{}`", error.kind().keyword()));
            issue.message = format!("{at}: {error}");
            return vec![issue];
        }
    };
    vec![issue(expected)]
}

/// `body` + `/lines/0/quantity` → `body.lines[0].quantity`.
fn join(base: &str, pointer: &str) -> String {
    let mut out = base.to_owned();
    for segment in pointer.split('/').skip(1) {
        let segment = segment.replace("~1", "/").replace("~0", "~");
        if !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str(&format!("[{segment}]"));
        } else {
            out.push('.');
            out.push_str(&segment);
        }
    }
    out
}

/// Values as a person would list them: strings without quotes.
fn list(options: &[Value]) -> String {
    const SHOWN: usize = 20;
    let mut shown: Vec<String> = options.iter().take(SHOWN).map(bare).collect();
    if options.len() > SHOWN {
        shown.push(format!("… ({} more)", options.len() - SHOWN));
    }
    shown.join(", ")
}

fn bare(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A short rendering of a value: JSON, cut at 60 characters.
pub(crate) fn render(value: &Value) -> String {
    const MAX: usize = 60;
    let text = value.to_string();
    if text.chars().count() <= MAX { text } else { text.chars().take(MAX).chain(['…']).collect() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn coercion_follows_the_schema() {
        assert_eq!(coerce(&json!("12"), &json!({"type": "integer"})), json!(12));
        assert_eq!(coerce(&json!(" 2.5 "), &json!({"type": "number"})), json!(2.5));
        assert_eq!(coerce(&json!("TRUE"), &json!({"type": "boolean"})), json!(true));
        assert_eq!(coerce(&json!(12345), &json!({"type": "string"})), json!("12345"));
        assert_eq!(coerce(&json!("7"), &json!({"type": "array", "items": {"type": "integer"}})), json!([7]));
        assert_eq!(coerce(&json!(["1", "2"]), &json!({"type": "array", "items": {"type": "integer"}})), json!([1, 2]));
        assert_eq!(coerce(&json!("12x"), &json!({"type": "integer"})), json!("12x"));
        assert_eq!(coerce(&json!("12"), &json!({"type": ["integer", "null"]})), json!(12));
        assert_eq!(coerce(&json!("12"), &json!({})), json!("12"));
    }

    #[test]
    fn paths_read_like_code() {
        assert_eq!(join("body", "/lines/0/quantity"), "body.lines[0].quantity");
        assert_eq!(join("query.ids", "/1"), "query.ids[1]");
        assert_eq!(join("body", ""), "body");
        assert_eq!(join("body", "/a~1b"), "body.a/b");
    }
}
