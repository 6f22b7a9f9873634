//! Jira Cloud writes descriptions and comments in the Atlassian Document Format: plain
//! text goes in as paragraphs, and a document comes out as its text.

use serde_json::{Value, json};

/// Plain text as a document: one paragraph per line.
pub fn to_adf(text: &str) -> Value {
    let paragraphs: Vec<Value> = text
        .lines()
        .map(|line| if line.is_empty() { json!({"type": "paragraph"}) } else { json!({"type": "paragraph", "content": [{"type": "text", "text": line}]}) })
        .collect();
    json!({"type": "doc", "version": 1, "content": paragraphs})
}

/// A description as text: a string as it is, a document as the text of its nodes (block
/// nodes end a line).
pub fn plain_text(value: &Value) -> Option<String> {
    fn walk(node: &Value, out: &mut String, depth: usize) {
        if depth > 64 {
            return;
        }
        if let Some(text) = node.get("text").and_then(Value::as_str) {
            out.push_str(text);
        }
        if node.get("type").and_then(Value::as_str) == Some("hardBreak") {
            out.push('\n');
        }
        for child in node.get("content").and_then(Value::as_array).into_iter().flatten() {
            walk(child, out, depth + 1);
        }
        // A paragraph ends its line (an empty one is an empty line); lists and quotes
        // are made of paragraphs.
        if matches!(node.get("type").and_then(Value::as_str), Some("paragraph" | "heading" | "codeBlock")) {
            out.push('\n');
        }
    }
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        doc => {
            let mut out = String::new();
            walk(doc, &mut out, 0);
            Some(out.trim_end().to_owned())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_goes_in_and_comes_out() {
        let doc = to_adf("Dock door 7\n\nSensor broken");
        assert_eq!(doc["content"].as_array().unwrap().len(), 3);
        assert_eq!(plain_text(&doc).as_deref(), Some("Dock door 7\n\nSensor broken"));
        assert_eq!(plain_text(&json!("plain")).as_deref(), Some("plain"));
        assert_eq!(plain_text(&Value::Null), None);
        let list = json!({"type": "doc", "content": [{"type": "bulletList", "content": [
            {"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "one"}]}]},
            {"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "two"}]}]}]}]});
        assert_eq!(plain_text(&list).as_deref(), Some("one\ntwo"));
    }
}
