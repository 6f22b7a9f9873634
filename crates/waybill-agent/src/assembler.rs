//! Rebuilds the assistant's UI message from the chunks sent to the client, the way the
//! AI SDK's `processUIMessageStream` does, so the stored message renders exactly like
//! the one the client assembled.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use waybill_tools::STOPPED_ERROR;
use waybill_tools::ui_stream::{Chunk, FinishReason, UiChunk};

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum AssembleError {
    #[error("{0} for an unknown part id {1}")]
    UnknownPart(&'static str, String),
}

#[derive(Debug, Clone)]
pub struct Assembler {
    message: Map<String, Value>,
    active_text: HashMap<String, usize>,
    active_reasoning: HashMap<String, usize>,
    partial_inputs: HashMap<String, String>,
    pub finish_reason: Option<FinishReason>,
}

impl Assembler {
    /// Starts a new assistant message, or continues `last` when it is the assistant's.
    pub fn new(message_id: &str, last: Option<&Value>) -> Self {
        let message = match last {
            Some(Value::Object(m)) if m.get("role").and_then(Value::as_str) == Some("assistant") => m.clone(),
            _ => {
                let mut m = Map::new();
                m.insert("id".into(), json!(message_id));
                m.insert("role".into(), json!("assistant"));
                m.insert("parts".into(), json!([]));
                m
            }
        };
        Self { message, active_text: HashMap::new(), active_reasoning: HashMap::new(), partial_inputs: HashMap::new(), finish_reason: None }
    }

    pub fn id(&self) -> &str {
        self.message.get("id").and_then(Value::as_str).unwrap_or_default()
    }

    /// The message as it stands.
    pub fn message(&self) -> Value {
        Value::Object(self.message.clone())
    }

    /// After Stop: a chunk for every tool call that had not finished, ending it as stopped
    /// (`output-error` with [`STOPPED_ERROR`] and `resultProviderMetadata.waybill.stopped`),
    /// and one marking the message as stopped. Streamed before the abort and applied here,
    /// so the client and the stored message agree, and a reload shows the same.
    pub fn stop_chunks(&self) -> Vec<Chunk> {
        let parts = self.message.get("parts").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        let mut chunks: Vec<Chunk> = parts.iter().filter_map(stopped_call).collect();
        chunks.push(Chunk::MessageMetadata { message_metadata: json!({"stopped": true}) });
        chunks
    }

    /// Closes parts left streaming (after a stop or an error) so the stored message is final.
    pub fn finalize(&mut self) -> Value {
        for index in self.active_text.drain().map(|(_, i)| i).chain(self.active_reasoning.drain().map(|(_, i)| i)).collect::<Vec<_>>() {
            if let Some(part) = self.parts().get_mut(index) {
                part["state"] = json!("done");
            }
        }
        self.message()
    }

    fn parts(&mut self) -> &mut Vec<Value> {
        let parts = self.message.entry("parts").or_insert_with(|| json!([]));
        if !parts.is_array() {
            *parts = json!([]);
        }
        parts.as_array_mut().expect("parts is an array")
    }

    fn push(&mut self, part: Value) -> usize {
        let parts = self.parts();
        parts.push(part);
        parts.len() - 1
    }

    fn tool_part(&mut self, tool_call_id: &str) -> Option<&mut Map<String, Value>> {
        self.parts().iter_mut().rev().filter_map(Value::as_object_mut).find(|p| p.get("toolCallId").and_then(Value::as_str) == Some(tool_call_id))
    }

    fn merge_metadata(&mut self, metadata: &Option<Value>) {
        let Some(Value::Object(new)) = metadata else { return };
        match self.message.get_mut("metadata") {
            Some(Value::Object(existing)) => existing.extend(new.clone()),
            _ => {
                self.message.insert("metadata".into(), Value::Object(new.clone()));
            }
        }
    }

    pub fn apply(&mut self, chunk: &UiChunk) -> Result<(), AssembleError> {
        let chunk = match chunk {
            UiChunk::Data(data) => {
                if data.transient == Some(true) {
                    return Ok(());
                }
                let existing = data
                    .id
                    .as_ref()
                    .and_then(|id| self.parts().iter_mut().find(|p| p["type"] == data.kind.as_str() && p.get("id").and_then(Value::as_str) == Some(id)));
                match existing {
                    Some(part) => part["data"] = data.data.clone(),
                    None => {
                        let mut part = json!({"type": data.kind, "data": data.data});
                        if let Some(id) = &data.id {
                            part["id"] = json!(id);
                        }
                        self.push(part);
                    }
                }
                return Ok(());
            }
            UiChunk::Chunk(chunk) => chunk,
        };
        match chunk {
            Chunk::Start { message_id, message_metadata } => {
                if let Some(id) = message_id {
                    self.message.insert("id".into(), json!(id));
                }
                self.merge_metadata(message_metadata);
            }
            Chunk::StartStep => {
                self.push(json!({"type": "step-start"}));
            }
            Chunk::FinishStep | Chunk::Abort { .. } | Chunk::Error { .. } => {}
            Chunk::Finish { finish_reason, message_metadata } => {
                if finish_reason.is_some() {
                    self.finish_reason = *finish_reason;
                }
                self.merge_metadata(message_metadata);
            }
            Chunk::MessageMetadata { message_metadata } => self.merge_metadata(&Some(message_metadata.clone())),
            Chunk::TextStart { id } => {
                let index = self.push(json!({"type": "text", "text": "", "state": "streaming"}));
                self.active_text.insert(id.clone(), index);
            }
            Chunk::TextDelta { id, delta } => {
                let index = *self.active_text.get(id).ok_or_else(|| AssembleError::UnknownPart("text-delta", id.clone()))?;
                append_text(&mut self.parts()[index], delta);
            }
            Chunk::TextEnd { id } => {
                let index = self.active_text.remove(id).ok_or_else(|| AssembleError::UnknownPart("text-end", id.clone()))?;
                self.parts()[index]["state"] = json!("done");
            }
            Chunk::ReasoningStart { id } => {
                let index = self.push(json!({"type": "reasoning", "text": "", "state": "streaming"}));
                self.active_reasoning.insert(id.clone(), index);
            }
            Chunk::ReasoningDelta { id, delta } => {
                let index = *self.active_reasoning.get(id).ok_or_else(|| AssembleError::UnknownPart("reasoning-delta", id.clone()))?;
                append_text(&mut self.parts()[index], delta);
            }
            Chunk::ReasoningEnd { id, provider_metadata } => {
                let index = self.active_reasoning.remove(id).ok_or_else(|| AssembleError::UnknownPart("reasoning-end", id.clone()))?;
                let part = &mut self.parts()[index];
                part["state"] = json!("done");
                if let Some(metadata) = provider_metadata {
                    part["providerMetadata"] = metadata.clone();
                }
            }
            Chunk::ToolInputStart { tool_call_id, tool_name, provider_executed } => {
                let mut part = json!({"type": format!("tool-{tool_name}"), "toolCallId": tool_call_id, "state": "input-streaming"});
                if let Some(executed) = provider_executed {
                    part["providerExecuted"] = json!(executed);
                }
                self.partial_inputs.insert(tool_call_id.clone(), String::new());
                self.push(part);
            }
            Chunk::ToolInputDelta { tool_call_id, input_text_delta } => {
                let text = self.partial_inputs.get_mut(tool_call_id).ok_or_else(|| AssembleError::UnknownPart("tool-input-delta", tool_call_id.clone()))?;
                text.push_str(input_text_delta);
                // The client shows partial input; the stored message only needs it once complete.
                if let Ok(input) = serde_json::from_str::<Value>(text)
                    && let Some(part) = self.tool_part(tool_call_id)
                {
                    part.insert("input".into(), input);
                }
            }
            Chunk::ToolInputAvailable { tool_call_id, tool_name, input, provider_executed } => {
                self.partial_inputs.remove(tool_call_id);
                self.set_tool_state(tool_call_id, tool_name, "input-available", *provider_executed, |part| {
                    part.insert("input".into(), input.clone());
                });
            }
            Chunk::ToolInputError { tool_call_id, tool_name, input, error_text, provider_executed, provider_metadata } => {
                self.partial_inputs.remove(tool_call_id);
                self.set_tool_state(tool_call_id, tool_name, "output-error", *provider_executed, |part| {
                    part.insert("input".into(), input.clone());
                    part.insert("errorText".into(), json!(error_text));
                    if let Some(metadata) = provider_metadata {
                        part.insert("resultProviderMetadata".into(), metadata.clone());
                    }
                });
            }
            Chunk::ToolOutputAvailable { tool_call_id, output, preliminary, .. } => {
                let part = self.tool_part(tool_call_id).ok_or_else(|| AssembleError::UnknownPart("tool-output-available", tool_call_id.clone()))?;
                part.insert("state".into(), json!("output-available"));
                part.insert("output".into(), output.clone());
                match preliminary {
                    Some(p) => part.insert("preliminary".into(), json!(p)),
                    None => part.remove("preliminary"),
                };
            }
            Chunk::ToolOutputError { tool_call_id, error_text, .. } => {
                let part = self.tool_part(tool_call_id).ok_or_else(|| AssembleError::UnknownPart("tool-output-error", tool_call_id.clone()))?;
                part.insert("state".into(), json!("output-error"));
                part.insert("errorText".into(), json!(error_text));
            }
            Chunk::ToolApprovalRequest { approval_id, tool_call_id } => {
                let part = self.tool_part(tool_call_id).ok_or_else(|| AssembleError::UnknownPart("tool-approval-request", tool_call_id.clone()))?;
                part.insert("state".into(), json!("approval-requested"));
                part.insert("approval".into(), json!({"id": approval_id}));
            }
            Chunk::ToolOutputDenied { tool_call_id } => {
                let part = self.tool_part(tool_call_id).ok_or_else(|| AssembleError::UnknownPart("tool-output-denied", tool_call_id.clone()))?;
                part.insert("state".into(), json!("output-denied"));
            }
            Chunk::SourceUrl { source_id, url, title } => {
                let mut part = json!({"type": "source-url", "sourceId": source_id, "url": url});
                if let Some(title) = title {
                    part["title"] = json!(title);
                }
                self.push(part);
            }
            Chunk::File { url, media_type } => {
                self.push(json!({"type": "file", "url": url, "mediaType": media_type}));
            }
        }
        Ok(())
    }

    fn set_tool_state(
        &mut self,
        tool_call_id: &str,
        tool_name: &str,
        state: &str,
        provider_executed: Option<bool>,
        fill: impl FnOnce(&mut Map<String, Value>),
    ) {
        if self.tool_part(tool_call_id).is_none() {
            self.push(json!({"type": format!("tool-{tool_name}"), "toolCallId": tool_call_id}));
        }
        let part = self.tool_part(tool_call_id).expect("just ensured");
        part.insert("state".into(), json!(state));
        if let Some(executed) = provider_executed {
            part.insert("providerExecuted".into(), json!(executed));
        }
        fill(part);
    }
}

/// The chunk that ends one tool part as stopped, unless it had already ended on its own.
fn stopped_call(part: &Value) -> Option<Chunk> {
    let call = part.as_object()?;
    let tool_call_id = call.get("toolCallId")?.as_str()?;
    let state = call.get("state").and_then(Value::as_str).unwrap_or_default();
    let cut_short = call.get("errorText").and_then(Value::as_str) == Some(STOPPED_ERROR);
    // A call waiting for the user's approval has not started: Stop leaves it waiting.
    if matches!(state, "output-available" | "output-denied" | "approval-requested" | "approval-responded") || (state == "output-error" && !cut_short) {
        return None;
    }
    let tool_name = call.get("type").and_then(Value::as_str).and_then(|t| t.strip_prefix("tool-")).unwrap_or("dynamic");
    let input = call.get("input").filter(|i| i.is_object()).cloned().unwrap_or_else(|| json!({}));
    Some(Chunk::ToolInputError {
        tool_call_id: tool_call_id.to_owned(),
        tool_name: tool_name.to_owned(),
        input,
        error_text: STOPPED_ERROR.to_owned(),
        provider_executed: call.get("providerExecuted").and_then(Value::as_bool),
        provider_metadata: Some(json!({"waybill": {"stopped": true}})),
    })
}

fn append_text(part: &mut Value, delta: &str) {
    if let Some(Value::String(text)) = part.get_mut("text") {
        text.push_str(delta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use waybill_tools::ui_stream::DataChunk;

    fn run(assembler: &mut Assembler, chunks: Vec<UiChunk>) {
        for chunk in chunks {
            assembler.apply(&chunk).unwrap();
        }
    }

    #[test]
    fn a_stop_ends_every_unfinished_call_as_stopped_and_marks_the_message() {
        let mut a = Assembler::new("msg_s", None);
        run(
            &mut a,
            vec![
                Chunk::Start { message_id: Some("msg_s".into()), message_metadata: Some(json!({"model": "m"})) }.into(),
                Chunk::StartStep.into(),
                Chunk::ToolInputStart { tool_call_id: "done".into(), tool_name: "timeTool".into(), provider_executed: Some(true) }.into(),
                Chunk::ToolInputAvailable { tool_call_id: "done".into(), tool_name: "timeTool".into(), input: json!({}), provider_executed: Some(true) }.into(),
                Chunk::ToolOutputAvailable { tool_call_id: "done".into(), output: json!({"t": 1}), provider_executed: Some(true), preliminary: None }.into(),
                Chunk::ToolInputStart { tool_call_id: "failed".into(), tool_name: "weatherTool".into(), provider_executed: Some(true) }.into(),
                Chunk::ToolInputAvailable { tool_call_id: "failed".into(), tool_name: "weatherTool".into(), input: json!({}), provider_executed: Some(true) }
                    .into(),
                Chunk::ToolOutputError { tool_call_id: "failed".into(), error_text: "No such place".into(), provider_executed: Some(true) }.into(),
                Chunk::ToolInputStart { tool_call_id: "running".into(), tool_name: "gateTool".into(), provider_executed: Some(true) }.into(),
                Chunk::ToolInputAvailable {
                    tool_call_id: "running".into(),
                    tool_name: "gateTool".into(),
                    input: json!({"g": 1}),
                    provider_executed: Some(true),
                }
                .into(),
                Chunk::ToolOutputError { tool_call_id: "running".into(), error_text: STOPPED_ERROR.into(), provider_executed: Some(true) }.into(),
                Chunk::ToolInputStart { tool_call_id: "streaming".into(), tool_name: "timeTool".into(), provider_executed: Some(true) }.into(),
                Chunk::ToolInputDelta { tool_call_id: "streaming".into(), input_text_delta: "{\"time".into() }.into(),
            ],
        );
        for chunk in a.stop_chunks() {
            a.apply(&chunk.into()).unwrap();
        }
        let message = a.finalize();
        let part = |id: &str| message["parts"].as_array().unwrap().iter().find(|p| p["toolCallId"] == id).unwrap().clone();
        assert_eq!(part("done")["state"], "output-available");
        assert_eq!(part("failed")["errorText"], "No such place", "a real failure stays what it was");
        for id in ["running", "streaming"] {
            let p = part(id);
            assert_eq!((p["state"].as_str(), p["errorText"].as_str()), (Some("output-error"), Some(STOPPED_ERROR)), "{p}");
            assert_eq!(p["resultProviderMetadata"]["waybill"]["stopped"], true);
            assert!(p["input"].is_object());
        }
        assert_eq!(message["metadata"], json!({"model": "m", "stopped": true}));
    }

    #[test]
    fn a_tool_step_then_text_assembles_like_the_client() {
        let mut a = Assembler::new("msg_1", None);
        run(
            &mut a,
            vec![
                Chunk::Start { message_id: Some("msg_1".into()), message_metadata: None }.into(),
                Chunk::StartStep.into(),
                Chunk::ToolInputStart { tool_call_id: "c1".into(), tool_name: "timeTool".into(), provider_executed: Some(true) }.into(),
                Chunk::ToolInputDelta { tool_call_id: "c1".into(), input_text_delta: "{\"a\":".into() }.into(),
                Chunk::ToolInputDelta { tool_call_id: "c1".into(), input_text_delta: "1}".into() }.into(),
                Chunk::ToolInputAvailable { tool_call_id: "c1".into(), tool_name: "timeTool".into(), input: json!({"a": 1}), provider_executed: Some(true) }
                    .into(),
                DataChunk::new("progress", Some("p".into()), json!(1)).into(),
                DataChunk::new("progress", Some("p".into()), json!(2)).into(),
                Chunk::ToolOutputAvailable { tool_call_id: "c1".into(), output: json!({"time": "10:00"}), provider_executed: Some(true), preliminary: None }
                    .into(),
                Chunk::FinishStep.into(),
                Chunk::StartStep.into(),
                Chunk::TextStart { id: "t1".into() }.into(),
                Chunk::TextDelta { id: "t1".into(), delta: "It is ".into() }.into(),
                Chunk::TextDelta { id: "t1".into(), delta: "10:00.".into() }.into(),
                Chunk::TextEnd { id: "t1".into() }.into(),
                Chunk::FinishStep.into(),
                Chunk::Finish { finish_reason: Some(FinishReason::Stop), message_metadata: Some(json!({"model": "waybill-offline"})) }.into(),
            ],
        );
        assert_eq!(
            a.message(),
            json!({"id": "msg_1", "role": "assistant", "metadata": {"model": "waybill-offline"}, "parts": [
                {"type": "step-start"},
                {"type": "tool-timeTool", "toolCallId": "c1", "state": "output-available", "providerExecuted": true, "input": {"a": 1}, "output": {"time": "10:00"}},
                {"type": "data-progress", "id": "p", "data": 2},
                {"type": "step-start"},
                {"type": "text", "text": "It is 10:00.", "state": "done"},
            ]})
        );
        assert_eq!(a.finish_reason, Some(FinishReason::Stop));
    }

    #[test]
    fn a_continuation_appends_to_the_last_assistant_message() {
        let last = json!({"id": "m", "role": "assistant", "parts": [{"type": "step-start"}, {"type": "tool-askUser", "toolCallId": "c", "state": "output-available", "input": {}, "output": {"ok": true}}]});
        let mut a = Assembler::new("ignored", Some(&last));
        run(
            &mut a,
            vec![Chunk::StartStep.into(), Chunk::TextStart { id: "t".into() }.into(), Chunk::TextDelta { id: "t".into(), delta: "thanks".into() }.into()],
        );
        let message = a.finalize();
        assert_eq!(message["id"], "m");
        assert_eq!(message["parts"].as_array().unwrap().len(), 4);
        assert_eq!(message["parts"][3], json!({"type": "text", "text": "thanks", "state": "done"}));
    }

    #[test]
    fn deltas_for_unknown_parts_are_errors() {
        let mut a = Assembler::new("m", None);
        assert!(a.apply(&Chunk::TextDelta { id: "x".into(), delta: "a".into() }.into()).is_err());
        assert!(a.apply(&Chunk::ToolOutputError { tool_call_id: "x".into(), error_text: "e".into(), provider_executed: None }.into()).is_err());
    }
}
