//! The URL of a call: the system's base URL, the operation's path with its parameters
//! filled in, and the query.
//!
//! Path parameter values come from a model, which may have been talked into writing
//! `../admin`, `@evil.host` or a whole URL. Each value is percent-encoded as exactly one
//! path segment (everything but letters, digits and `-._~` is encoded, so `/`, `?`, `#`,
//! `@`, `%` and `\` cannot act), a value that would be a `.` or `..` segment is refused,
//! and the finished URL is checked to have the base's scheme, host and port and to lie
//! under the base's path.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;
use thiserror::Error;
use url::Url;

use crate::model::Operation;
use crate::validate::CallArgs;

/// Everything but RFC 3986's unreserved characters.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// Literal text of a path template: also keeps the separators and sub-delimiters a
/// document may legitimately use (`/`, `:`, `@`, `,`, `;`, `=`, …) but not `?` or `#`.
const TEMPLATE: &AsciiSet = &SEGMENT
    .remove(b'/')
    .remove(b':')
    .remove(b'@')
    .remove(b'!')
    .remove(b'$')
    .remove(b'&')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')')
    .remove(b'*')
    .remove(b'+')
    .remove(b',')
    .remove(b';')
    .remove(b'=');

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum UrlError {
    #[error("the base URL {0} is not an http or https URL")]
    BadBase(String),
    #[error("path parameter '{0}' is missing")]
    MissingPathParameter(String),
    #[error("path parameter '{0}' is empty")]
    EmptyPathParameter(String),
    #[error("path parameter '{0}' would be a '.' or '..' path segment")]
    DotSegment(String),
    #[error("{location} parameter '{name}' is an object, which has no place in a URL {location}")]
    Unsupported { location: &'static str, name: String },
    #[error("the path '{0}' has a '.' or '..' segment")]
    DotInTemplate(String),
    #[error("the request would leave the base URL {0}")]
    OutsideBase(String),
}

/// The URL to call `op` with `args` on the system at `base` (which may have a path of its
/// own, e.g. `https://wms.example.com/api/v2`). Query parameters are appended in the
/// order given, arrays as repeated keys, objects as JSON text; nulls are left out.
pub fn request_url(base: &Url, op: &Operation, args: &CallArgs) -> Result<Url, UrlError> {
    if !matches!(base.scheme(), "http" | "https") || base.cannot_be_a_base() || base.host_str().is_none() {
        return Err(UrlError::BadBase(base.to_string()));
    }
    let base_path = base.path().trim_end_matches('/');
    let mut path = String::from(base_path);
    if !op.path.starts_with('/') {
        path.push('/');
    }
    path.push_str(&fill(&op.path, args)?);

    let mut url = base.clone();
    url.set_fragment(None);
    url.set_path(&path);
    for (name, value) in &args.query {
        match value {
            Value::Null => {}
            Value::Array(items) => {
                for item in items.iter().filter(|i| !i.is_null()) {
                    url.query_pairs_mut().append_pair(name, &scalar(item));
                }
            }
            other => {
                url.query_pairs_mut().append_pair(name, &scalar(other));
            }
        }
    }
    if url.query() == Some("") {
        url.set_query(None);
    }

    let outside = || UrlError::OutsideBase(base.to_string());
    let same_origin = url.scheme() == base.scheme()
        && url.host_str() == base.host_str()
        && url.port_or_known_default() == base.port_or_known_default()
        && url.username() == base.username();
    let under_base = url.path() == path && url.path().strip_prefix(base_path).is_some_and(|rest| rest.starts_with('/'));
    if !same_origin || !under_base || url.path().split('/').any(is_dot_segment) {
        return Err(outside());
    }
    Ok(url)
}

/// The operation's path with its `{name}`s replaced by encoded values.
fn fill(template: &str, args: &CallArgs) -> Result<String, UrlError> {
    let mut segments = Vec::new();
    for segment in template.split('/') {
        let mut filled = String::new();
        let mut rest = segment;
        let mut from_parameter = None;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
            literal(&rest[..open], &mut filled);
            let name = &rest[open + 1..close];
            let value = match args.path.get(name) {
                None | Some(Value::Null) => return Err(UrlError::MissingPathParameter(name.to_owned())),
                Some(Value::Object(_)) => return Err(UrlError::Unsupported { location: "path", name: name.to_owned() }),
                Some(Value::Array(items)) => items.iter().map(scalar).collect::<Vec<_>>().join(","),
                Some(other) => scalar(other),
            };
            if value.is_empty() {
                return Err(UrlError::EmptyPathParameter(name.to_owned()));
            }
            filled.extend(utf8_percent_encode(&value, SEGMENT));
            from_parameter = Some(name);
            rest = &rest[close + 1..];
        }
        literal(rest, &mut filled);
        if is_dot_segment(&filled) {
            return Err(match from_parameter {
                Some(name) => UrlError::DotSegment(name.to_owned()),
                None => UrlError::DotInTemplate(template.to_owned()),
            });
        }
        segments.push(filled);
    }
    Ok(segments.join("/"))
}

/// Template text, encoded where needed; percent-escapes already in it are kept.
fn literal(text: &str, out: &mut String) {
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        out.extend(utf8_percent_encode(&rest[..at], TEMPLATE));
        let escape = rest.get(at..at + 3).filter(|e| e[1..].bytes().all(|b| b.is_ascii_hexdigit()));
        out.push_str(escape.unwrap_or("%25"));
        rest = &rest[at + escape.map_or(1, str::len)..];
    }
    out.extend(utf8_percent_encode(rest, TEMPLATE));
}

/// `.`, `..` and what servers read as them: dots only (`...` too, to be safe), whatever
/// follows a `;` (Tomcat's `..;`), and percent-encoded dots.
fn is_dot_segment(segment: &str) -> bool {
    let decoded = percent_encoding::percent_decode_str(segment).decode_utf8_lossy();
    let core = decoded.split(';').next().unwrap_or_default();
    !core.is_empty() && core.chars().all(|c| c == '.')
}

/// A scalar as URL text; anything else as JSON.
fn scalar(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}
