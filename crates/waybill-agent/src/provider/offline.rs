//! `waybill-offline`: the built-in model for machines without an AI provider.
//!
//! It is not a language model and never pretends to be one. It picks the tool whose
//! name or keywords best match the user's words, fills the arguments from the text,
//! and after the tools ran it answers with each tool's own one-line summary. With no
//! matching tool it explains how to configure a provider. Same input, same output.

use futures::stream;

use super::{EventStream, ModelEvent, ModelMessage, ModelProvider, ModelRequest, StopReason};
use crate::convert::last_user_text;
use crate::tools::{Registry, ToolContext};

pub const MODEL_ID: &str = "waybill-offline";

pub const NO_PROVIDER_TEXT: &str = "No AI provider is configured, so I can only run the built-in tools that match your words \
(for example: \"What time is it in Tokyo?\"). To chat with a language model, set OPENAI_API_KEY, ANTHROPIC_API_KEY, \
GEMINI_API_KEY or DEEPSEEK_API_KEY for the server, or add an OpenAI-compatible server such as Ollama under [[models]] \
in waybill.toml, then restart Waybill.";

pub struct OfflineModel {
    registry: Registry,
}

impl OfflineModel {
    pub fn new(registry: Registry) -> Self {
        Self { registry }
    }

    /// The best matching tool for `text` among the offered ones, with its score.
    fn pick(&self, text: &str, offered: &[String]) -> Option<(String, usize)> {
        let lower = text.to_lowercase();
        let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).collect();
        let mut best: Option<(String, usize)> = None;
        for name in offered {
            // Client tools (forms, captures) are picked too: the card asks the user, and
            // the answer summarises what they sent back.
            let Some(tool) = self.registry.get(name) else { continue };
            let score = tool
                .keywords()
                .iter()
                .filter(|k| {
                    // ASCII keywords match whole words (or phrases); others match anywhere.
                    if k.is_ascii() && !k.contains(' ') { words.contains(k) } else { lower.contains(&k.to_lowercase()) }
                })
                .count()
                + usize::from(lower.contains(&name.to_lowercase()));
            if score > 0 && best.as_ref().is_none_or(|(_, s)| score > *s) {
                best = Some((name.clone(), score));
            }
        }
        best
    }

    fn answer(&self, request: &ModelRequest) -> Vec<ModelEvent> {
        let mut events = Vec::new();
        match request.messages.last() {
            Some(ModelMessage::Tool(results)) => {
                let sentences: Vec<String> = results
                    .iter()
                    .map(|r| {
                        if r.is_error {
                            format!("{} failed: {}", r.name, r.output.as_str().map_or_else(|| r.output.to_string(), str::to_owned))
                        } else {
                            self.registry
                                .get(&r.name)
                                .and_then(|t| t.summarize(&r.output))
                                .unwrap_or_else(|| format!("{} returned a result; see the card above.", r.name))
                        }
                    })
                    .collect();
                push_text(&mut events, &sentences.join(" "));
                events.push(ModelEvent::Finish(StopReason::Stop));
            }
            _ => {
                let text = last_user_text(&request.messages).unwrap_or_default();
                let offered: Vec<String> = request.tools.iter().map(|t| t.name.clone()).collect();
                let ctx = ToolContext::new("", "", "", "UTC", "");
                let call = self
                    .pick(&text, &offered)
                    .and_then(|(name, _)| self.registry.get(&name).and_then(|t| t.offline_input(&text, &ctx)).map(|input| (name, input)));
                match call {
                    Some((name, input)) => {
                        let id = format!("call_{}", uuid::Uuid::new_v4().simple());
                        events.push(ModelEvent::ToolCallStart { id: id.clone(), name });
                        let json = input.to_string();
                        for piece in chunks(&json, 16) {
                            events.push(ModelEvent::ToolCallDelta { id: id.clone(), delta: piece.to_owned() });
                        }
                        events.push(ModelEvent::Finish(StopReason::ToolCalls));
                    }
                    None => {
                        push_text(&mut events, NO_PROVIDER_TEXT);
                        events.push(ModelEvent::Finish(StopReason::Stop));
                    }
                }
            }
        }
        events
    }
}

impl ModelProvider for OfflineModel {
    fn stream(&self, request: ModelRequest) -> EventStream {
        Box::pin(stream::iter(self.answer(&request).into_iter().map(Ok)))
    }
}

/// Streams text a few words at a time, like a model would.
fn push_text(events: &mut Vec<ModelEvent>, text: &str) {
    let mut piece = String::new();
    for (i, word) in text.split_inclusive(' ').enumerate() {
        piece.push_str(word);
        if i % 4 == 3 {
            events.push(ModelEvent::TextDelta(std::mem::take(&mut piece)));
        }
    }
    if !piece.is_empty() {
        events.push(ModelEvent::TextDelta(piece));
    }
}

fn chunks(text: &str, size: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        out.push(&text[start..end]);
        start = end;
    }
    out
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{ToolResult, ToolSpec, UserContent};
    use futures::StreamExt;
    use serde_json::{Value, json};

    fn request(messages: Vec<ModelMessage>, registry: &Registry) -> ModelRequest {
        let tools = registry.iter().map(|t| ToolSpec { name: t.name().into(), description: t.description().into(), input_schema: t.input_schema() }).collect();
        ModelRequest { model: MODEL_ID.into(), system: None, messages, tools, options: Default::default() }
    }

    async fn events(model: &OfflineModel, req: ModelRequest) -> Vec<ModelEvent> {
        model.stream(req).map(Result::unwrap).collect().await
    }

    #[tokio::test]
    async fn a_time_question_calls_the_time_tool_with_the_place() {
        let registry = Registry::builtin();
        let model = OfflineModel::new(registry.clone());
        let out = events(&model, request(vec![ModelMessage::User(vec![UserContent::Text("What time is it in Tokyo?".into())])], &registry)).await;
        let ModelEvent::ToolCallStart { name, .. } = &out[0] else { panic!("{out:?}") };
        assert_eq!(name, "timeTool");
        let args: String = out.iter().filter_map(|e| if let ModelEvent::ToolCallDelta { delta, .. } = e { Some(delta.as_str()) } else { None }).collect();
        assert_eq!(serde_json::from_str::<Value>(&args).unwrap(), json!({"timezone": "Asia/Tokyo"}));
        assert_eq!(out.last(), Some(&ModelEvent::Finish(StopReason::ToolCalls)));
    }

    #[tokio::test]
    async fn results_are_summarised_and_unmatched_words_explain_the_setup() {
        let registry = Registry::builtin();
        let model = OfflineModel::new(registry.clone());
        let output = json!({"time": "09:30:00", "weekday": "Monday", "date": "2026-11-23", "timezone": "UTC", "utcOffset": "+00:00"});
        let after = vec![ModelMessage::Tool(vec![ToolResult { id: "c".into(), name: "timeTool".into(), output, is_error: false }])];
        let text: String = events(&model, request(after, &registry)).await.iter().filter_map(|e| if let ModelEvent::TextDelta(t) = e { Some(t.as_str()) } else { None }).collect();
        assert_eq!(text, "It is 09:30:00 on Monday, 2026-11-23 in UTC (UTC+00:00).");

        let hello = vec![ModelMessage::User(vec![UserContent::Text("Hello there".into())])];
        let out = events(&model, request(hello.clone(), &registry)).await;
        let text: String = out.iter().filter_map(|e| if let ModelEvent::TextDelta(t) = e { Some(t.as_str()) } else { None }).collect();
        assert_eq!(text, NO_PROVIDER_TEXT);
        assert_eq!(events(&model, request(hello, &registry)).await, out, "deterministic");
    }
}
