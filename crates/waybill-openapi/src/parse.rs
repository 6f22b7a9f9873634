//! Bytes to a JSON value: JSON or YAML, detected, with the size checked before parsing and
//! YAML's aliases bounded.

use serde_json::Value;
use url::Url;

use crate::{ImportError, Limits};

/// Nesting deeper than this is refused; serde_json refuses past 128 on its own.
const MAX_YAML_DEPTH: usize = 128;

/// Events a YAML document may replay through aliases, all aliases together. A document's
/// own text bounds everything else; this bounds what `*alias` can multiply it into.
const MAX_ALIAS_REPLAY: usize = 200_000;

pub(crate) fn describe(url: Option<&Url>) -> String {
    url.map_or_else(|| "the document".to_owned(), |u| u.to_string())
}

/// Parses one document of the description, the root or a referenced one.
pub(crate) fn document(bytes: &[u8], limits: &Limits, url: Option<&Url>) -> Result<Value, ImportError> {
    if bytes.len() > limits.max_bytes {
        return Err(ImportError::TooLarge { document: describe(url), size: bytes.len(), limit: limits.max_bytes });
    }
    let syntax = |message: String| ImportError::Syntax { document: describe(url), message };
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| syntax(format!("not UTF-8 text ({e})")))?;
    if text.trim_start().starts_with(['{', '[']) {
        // A JSON document; YAML's flow syntax also opens with a brace, so fall back to it
        // before reporting JSON's own complaint.
        return serde_json::from_str(text).or_else(|json| yaml(text, limits).map_err(|_| syntax(format!("invalid JSON: {json}"))));
    }
    yaml(text, limits).map_err(|e| syntax(format!("invalid YAML: {e}")))
}

fn yaml(text: &str, limits: &Limits) -> Result<Value, String> {
    let mut budget = serde_saphyr::Budget::default();
    // A node takes at least a byte of text, so the size limit already bounds these.
    budget.max_events = budget.max_events.max(limits.max_bytes.saturating_mul(2));
    budget.max_nodes = budget.max_nodes.max(limits.max_bytes);
    budget.max_depth = MAX_YAML_DEPTH;
    budget.max_documents = 1;
    // Shared parameters or error responses anchored once and aliased hundreds of times are
    // ordinary in hand-written descriptions; the replay cap below is the real bound.
    budget.enforce_alias_anchor_ratio = false;
    let mut options = serde_saphyr::Options::default();
    options.budget = Some(budget);
    options.alias_limits.max_total_replayed_events = MAX_ALIAS_REPLAY;
    options.alias_limits.max_replay_stack_depth = 32;
    options.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::LastWins;
    options.with_snippet = false;
    serde_saphyr::from_str_with_options::<Value>(text, options).map_err(|e| first_line(&e.to_string()))
}

fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    if line.chars().count() > 300 { line.chars().take(300).chain(['…']).collect() } else { line.to_owned() }
}
