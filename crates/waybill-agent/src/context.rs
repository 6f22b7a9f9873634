//! What of a chat's history is sent to the model: the newest turns that fit a character
//! budget, always within it.
//!
//! The current turn (the last user message and everything after it) is always sent; when
//! it alone is larger than the budget, its longest texts — message text, reasoning, tool
//! inputs and outputs — are cut, each marked with how much was left out, whatever their
//! role or position. Older turns are added, newest first, while they fit, so the history
//! sent always starts at a user message and every tool result keeps its call.
//!
//! File parts count a fixed amount rather than their bytes: providers read images and
//! documents as attachments, not as text, and their links must not be cut.

use serde_json::{Map, Value};

/// What one file part counts against the budget.
pub const FILE_PART_CHARS: usize = 1_000;
/// Room kept for the marker that replaces each cut text.
const MARKER_CHARS: usize = 64;
/// Texts shorter than this are never cut: ids, names and states must survive.
const MIN_CUT_CHARS: usize = 200;

/// The marker appended where `left_out` characters were cut.
pub fn truncation_marker(left_out: usize) -> String {
    format!("\n[… {left_out} characters left out to fit the model's context]")
}

/// The newest history that fits in `budget_chars`, with oversized messages of the
/// current turn cut to fit.
pub fn fit(messages: &[Value], budget_chars: usize) -> Vec<Value> {
    if messages.is_empty() {
        return Vec::new();
    }
    let turn_start = messages.iter().rposition(|m| m["role"] == "user").unwrap_or(messages.len() - 1);
    let mut current: Vec<Value> = messages[turn_start..].to_vec();
    let mut used: usize = current.iter().map(cost).sum();
    // Escapes in cut JSON can make one pass fall a little short; the next pass sees them.
    for _ in 0..4 {
        if used <= budget_chars {
            break;
        }
        shrink(&mut current, budget_chars);
        used = current.iter().map(cost).sum();
    }

    // Older turns, newest first, whole or not at all.
    let mut start = turn_start;
    let mut turn_end = turn_start;
    while start > 0 {
        let begin = messages[..turn_end].iter().rposition(|m| m["role"] == "user").unwrap_or(0);
        let size: usize = messages[begin..turn_end].iter().map(cost).sum();
        if used + size > budget_chars {
            break;
        }
        used += size;
        start = begin;
        turn_end = begin;
    }
    let mut out = messages[start..turn_start].to_vec();
    out.append(&mut current);
    out
}

/// What a message counts against the budget: the characters of its JSON, with file
/// parts at a fixed amount.
pub fn cost(message: &Value) -> usize {
    let chars = |v: &Value| v.to_string().chars().count();
    let Some(parts) = message["parts"].as_array() else { return chars(message) };
    let parts_cost: usize = parts.iter().map(|p| if p["type"] == "file" { FILE_PART_CHARS } else { chars(p) }).sum();
    let shell: usize = message.as_object().map_or(0, |o| o.iter().filter(|(k, _)| *k != "parts").map(|(k, v)| k.len() + chars(v) + 4).sum());
    parts_cost + shell + 16
}

/// One text inside a message that may be cut: where it is and how long it is.
struct Cuttable {
    message: usize,
    part: usize,
    field: Field,
    chars: usize,
}

#[derive(Clone, Copy)]
enum Field {
    Text,
    ErrorText,
    /// A tool output, cut as its JSON text.
    Output,
    /// A tool input, replaced by an object holding its cut JSON text.
    Input,
}

impl Field {
    fn key(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::ErrorText => "errorText",
            Self::Output => "output",
            Self::Input => "input",
        }
    }
}

/// Cuts the longest texts of `messages` to a common length so that their cost fits
/// `budget` (as nearly as fixed parts allow).
fn shrink(messages: &mut [Value], budget: usize) {
    let mut cuttable = Vec::new();
    for (m, message) in messages.iter().enumerate() {
        let Some(parts) = message["parts"].as_array() else { continue };
        for (p, part) in parts.iter().enumerate() {
            let kind = part["type"].as_str().unwrap_or_default();
            let fields: &[Field] = match kind {
                "text" | "reasoning" => &[Field::Text],
                "file" | "step-start" | "source-url" | "source-document" => &[],
                _ if part.get("toolCallId").is_some() => &[Field::Input, Field::Output, Field::ErrorText],
                _ => &[],
            };
            for &field in fields {
                let chars = match (field, &part[field.key()]) {
                    (_, Value::Null) => continue,
                    (_, Value::String(s)) => s.chars().count(),
                    (Field::Text | Field::ErrorText, _) => continue,
                    (Field::Input, value) => cut_input_text(value).chars().count(),
                    (Field::Output, value) => value.to_string().chars().count(),
                };
                cuttable.push(Cuttable { message: m, part: p, field, chars });
            }
        }
    }
    let total: usize = messages.iter().map(cost).sum();
    let cuttable_chars: usize = cuttable.iter().map(|c| c.chars).sum();
    let fixed = total.saturating_sub(cuttable_chars);
    let room = budget.saturating_sub(fixed + cuttable.len() * MARKER_CHARS);
    let cap = water_level(&cuttable.iter().map(|c| c.chars).collect::<Vec<_>>(), room).max(MIN_CUT_CHARS);
    for c in cuttable.iter().filter(|c| c.chars > cap) {
        let part = &mut messages[c.message]["parts"][c.part];
        let value = part[c.field.key()].take();
        part[c.field.key()] = match (c.field, value) {
            (_, Value::String(text)) => Value::String(cut(&text, cap)),
            (Field::Input, value) => {
                let mut holder = Map::new();
                holder.insert(CUT_INPUT.into(), Value::String(cut(&cut_input_text(&value), cap)));
                Value::Object(holder)
            }
            (_, value) => Value::String(cut(&value.to_string(), cap)),
        };
    }
}

/// The key of the object that stands in for a tool input too long to send whole.
const CUT_INPUT: &str = "truncatedInput";

/// A tool input as the text that is cut: its JSON, or the text already cut once.
fn cut_input_text(input: &Value) -> String {
    match input.get(CUT_INPUT).and_then(Value::as_str) {
        Some(text) if input.as_object().is_some_and(|o| o.len() == 1) => text.to_owned(),
        _ => input.to_string(),
    }
}

/// The largest `cap` such that the sizes, each limited to `cap`, add up to at most `room`.
fn water_level(sizes: &[usize], room: usize) -> usize {
    let mut sorted = sizes.to_vec();
    sorted.sort_unstable();
    let mut remaining = room;
    let mut left = sorted.len();
    for size in sorted {
        // Every size from here on is at least `size`: can all of them be kept whole up to it?
        if size.saturating_mul(left) > remaining {
            return remaining / left.max(1);
        }
        remaining -= size;
        left -= 1;
    }
    usize::MAX
}

/// The first `keep` characters of `text` and a marker saying how many were left out.
fn cut(text: &str, keep: usize) -> String {
    let total = text.chars().count();
    if total <= keep {
        return text.to_owned();
    }
    let end = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
    format!("{}{}", &text[..end], truncation_marker(total - keep))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text(id: &str, role: &str, text: &str) -> Value {
        json!({"id": id, "role": role, "parts": [{"type": "text", "text": text}]})
    }

    fn total(messages: &[Value]) -> usize {
        messages.iter().map(cost).sum()
    }

    #[test]
    fn the_water_level_fills_small_sizes_first() {
        assert_eq!(water_level(&[10, 20, 30], 100), usize::MAX);
        assert_eq!(water_level(&[10, 1000, 1000], 210), 100);
        assert_eq!(water_level(&[], 5), usize::MAX);
        assert_eq!(water_level(&[50], 0), 0);
    }

    #[test]
    fn a_one_megabyte_user_message_is_cut_and_marked() {
        let history = vec![text("u1", "user", "earlier"), text("a1", "assistant", "reply"), text("u2", "user", &"x".repeat(1_000_000))];
        let out = fit(&history, 10_000);
        assert_eq!(out.len(), 1, "older turns do not fit beside it");
        assert!(total(&out) <= 10_000, "{}", total(&out));
        let sent = out[0]["parts"][0]["text"].as_str().unwrap();
        assert!(sent.starts_with("xxxx") && sent.contains("characters left out"), "{}", &sent[sent.len() - 80..]);
        assert_eq!(out[0]["id"], "u2");
    }

    #[test]
    fn a_huge_last_assistant_message_is_cut_and_its_user_message_kept() {
        // The case that sent 1.4 MB: the part that fits held no user message.
        let history = vec![
            text("u1", "user", "summarise the yard"),
            json!({"id": "a1", "role": "assistant", "parts": [
                {"type": "step-start"},
                {"type": "tool-yardTool", "toolCallId": "c1", "state": "output-available", "input": {"q": "all"}, "output": {"rows": "r".repeat(1_400_000)}},
                {"type": "text", "text": "Here is the yard."}
            ]}),
        ];
        let out = fit(&history, 50_000);
        assert_eq!(out.iter().map(|m| m["id"].as_str().unwrap()).collect::<Vec<_>>(), ["u1", "a1"]);
        assert!(total(&out) <= 50_000, "{}", total(&out));
        let output = out[1]["parts"][1]["output"].as_str().unwrap();
        assert!(output.contains("characters left out"));
        assert_eq!(out[1]["parts"][1]["input"], json!({"q": "all"}), "small texts are not cut");
        assert_eq!(out[1]["parts"][2]["text"], "Here is the yard.");
    }

    #[test]
    fn older_turns_are_added_whole_while_they_fit() {
        let mut history = Vec::new();
        for i in 0..100 {
            history.push(text(&format!("u{i}"), "user", &format!("question {i} {}", "q".repeat(100))));
            history.push(json!({"id": format!("a{i}"), "role": "assistant", "parts": [
                {"type": "step-start"},
                {"type": "tool-timeTool", "toolCallId": format!("c{i}"), "state": "output-available", "input": {}, "output": {"t": "now"}},
                {"type": "text", "text": "answer"}
            ]}));
        }
        let out = fit(&history, 5_000);
        assert!(total(&out) <= 5_000);
        assert_eq!(out[0]["role"], "user", "starts at a user message");
        assert_eq!(out.last().unwrap()["id"], "a99");
        assert_eq!(out.len() % 2, 0, "whole turns only");
        assert!(out.len() > 4);
        assert_eq!(fit(&history, 10_000_000).len(), 200, "everything fits a large budget");
    }

    #[test]
    fn many_long_texts_share_the_budget_and_file_parts_stay_whole() {
        let image = format!("data:image/png;base64,{}", "A".repeat(500_000));
        let turn = vec![
            json!({"id": "u", "role": "user", "parts": [
                {"type": "text", "text": "a".repeat(300_000)},
                {"type": "file", "url": image, "mediaType": "image/png"},
                {"type": "text", "text": "b".repeat(300_000)}
            ]}),
            json!({"id": "a", "role": "assistant", "parts": [{"type": "reasoning", "text": "c".repeat(300_000)}]}),
        ];
        let out = fit(&turn, 40_000);
        assert!(total(&out) <= 40_000, "{}", total(&out));
        assert_eq!(out[0]["parts"][1]["url"].as_str().unwrap().len(), image.len(), "a file's data is never cut");
        for text in [&out[0]["parts"][0]["text"], &out[0]["parts"][2]["text"], &out[1]["parts"][0]["text"]] {
            let text = text.as_str().unwrap();
            assert!(text.len() > 5_000 && text.contains("left out"), "each long text keeps a fair share");
        }
    }

    #[test]
    fn a_history_without_user_messages_is_still_bounded() {
        let history = vec![text("a1", "assistant", &"z".repeat(100_000)), text("a2", "assistant", &"y".repeat(100_000))];
        let out = fit(&history, 8_000);
        assert!(total(&out) <= 8_000);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0]["id"], "a2");
        assert!(fit(&[], 100).is_empty());
    }

    #[test]
    fn quote_heavy_outputs_and_inputs_still_fit() {
        let rows: Vec<Value> = (0..20_000).map(|i| json!({"id": i, "name": "\"dock\"", "tags": ["a", "b"]})).collect();
        let turn = vec![
            text("u", "user", "list everything"),
            json!({"id": "a", "role": "assistant", "parts": [
                {"type": "tool-listTool", "toolCallId": "c", "state": "output-available", "input": {"filter": rows.clone()}, "output": rows}
            ]}),
        ];
        let out = fit(&turn, 20_000);
        assert!(total(&out) <= 20_000, "{}", total(&out));
        assert!(out[1]["parts"][0]["input"]["truncatedInput"].as_str().unwrap().contains("left out"));
    }

    #[test]
    fn cutting_respects_characters_not_bytes() {
        let cut_text = cut(&"送".repeat(1000), 300);
        assert!(cut_text.starts_with(&"送".repeat(300)));
        assert!(cut_text.contains("700 characters left out"));
    }
}
