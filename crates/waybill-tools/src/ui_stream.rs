//! The AI SDK UI message stream (`x-vercel-ai-ui-message-stream: v1`): one JSON chunk per
//! SSE event, `data: [DONE]` at the end. The client validates every chunk strictly, so
//! the chunk types here mirror its schema exactly; optional fields are omitted, never null.

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const HEADER_NAME: &str = "x-vercel-ai-ui-message-stream";
pub const HEADER_VALUE: &str = "v1";
pub const DONE_FRAME: &str = "data: [DONE]\n\n";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinishReason {
    Stop,
    Length,
    ContentFilter,
    ToolCalls,
    Error,
    Interrupted,
    Other,
}

/// Every chunk type except `data-*`, which [`UiChunk::Data`] carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", rename_all_fields = "camelCase")]
pub enum Chunk {
    Start {
        #[serde(skip_serializing_if = "Option::is_none")]
        message_id: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        message_metadata: Option<Value>,
    },
    StartStep,
    FinishStep,
    Finish {
        #[serde(skip_serializing_if = "Option::is_none")]
        finish_reason: Option<FinishReason>,
        #[serde(skip_serializing_if = "Option::is_none")]
        message_metadata: Option<Value>,
    },
    Abort {
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    Error {
        error_text: String,
    },
    MessageMetadata {
        message_metadata: Value,
    },
    TextStart {
        id: String,
    },
    TextDelta {
        id: String,
        delta: String,
    },
    TextEnd {
        id: String,
    },
    ReasoningStart {
        id: String,
    },
    ReasoningDelta {
        id: String,
        delta: String,
    },
    ReasoningEnd {
        id: String,
        /// `{"waybill": {"signature", "model"}}` when the provider signed the reasoning, so
        /// a later request can replay it to the same model.
        #[serde(skip_serializing_if = "Option::is_none")]
        provider_metadata: Option<Value>,
    },
    ToolInputStart {
        tool_call_id: String,
        tool_name: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        provider_executed: Option<bool>,
    },
    ToolInputDelta {
        tool_call_id: String,
        input_text_delta: String,
    },
    ToolInputAvailable {
        tool_call_id: String,
        tool_name: String,
        input: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        provider_executed: Option<bool>,
    },
    ToolInputError {
        tool_call_id: String,
        tool_name: String,
        input: Value,
        error_text: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        provider_executed: Option<bool>,
        /// Kept by the client as the part's `resultProviderMetadata`.
        #[serde(skip_serializing_if = "Option::is_none")]
        provider_metadata: Option<Value>,
    },
    ToolOutputAvailable {
        tool_call_id: String,
        output: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        provider_executed: Option<bool>,
        #[serde(skip_serializing_if = "Option::is_none")]
        preliminary: Option<bool>,
    },
    ToolOutputError {
        tool_call_id: String,
        error_text: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        provider_executed: Option<bool>,
    },
    /// The call waits for the user's approval (the card shows Approve and Deny).
    ToolApprovalRequest {
        approval_id: String,
        tool_call_id: String,
    },
    /// The user denied the call; nothing ran.
    ToolOutputDenied {
        tool_call_id: String,
    },
    SourceUrl {
        source_id: String,
        url: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        title: Option<String>,
    },
    File {
        url: String,
        media_type: String,
    },
}

/// A `data-NAME` chunk: progress and other structured parts; same `id` replaces in place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DataChunk {
    /// `data-` followed by the part's name.
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub data: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transient: Option<bool>,
}

impl DataChunk {
    pub fn new(name: &str, id: Option<String>, data: Value) -> Self {
        Self { kind: format!("data-{name}"), id, data, transient: None }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum UiChunk {
    Chunk(Chunk),
    Data(DataChunk),
}

impl From<Chunk> for UiChunk {
    fn from(chunk: Chunk) -> Self {
        Self::Chunk(chunk)
    }
}

impl From<DataChunk> for UiChunk {
    fn from(chunk: DataChunk) -> Self {
        Self::Data(chunk)
    }
}

impl UiChunk {
    /// The chunk as one SSE event: `data: {json}\n\n`.
    pub fn to_sse(&self) -> String {
        let mut frame = String::with_capacity(64);
        frame.push_str("data: ");
        // Serialising these types cannot fail: every field is a string, bool or Value.
        frame.push_str(&serde_json::to_string(self).unwrap_or_default());
        frame.push_str("\n\n");
        frame
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn wire(chunk: impl Into<UiChunk>) -> Value {
        serde_json::to_value(chunk.into()).unwrap()
    }

    #[test]
    fn chunks_serialise_as_the_client_schema_expects() {
        assert_eq!(wire(Chunk::Start { message_id: Some("m".into()), message_metadata: None }), json!({"type": "start", "messageId": "m"}));
        assert_eq!(wire(Chunk::StartStep), json!({"type": "start-step"}));
        assert_eq!(
            wire(Chunk::Finish { finish_reason: Some(FinishReason::ToolCalls), message_metadata: None }),
            json!({"type": "finish", "finishReason": "tool-calls"})
        );
        assert_eq!(wire(Chunk::TextDelta { id: "t".into(), delta: "hi".into() }), json!({"type": "text-delta", "id": "t", "delta": "hi"}));
        assert_eq!(
            wire(Chunk::ToolInputAvailable { tool_call_id: "c".into(), tool_name: "timeTool".into(), input: Value::Null, provider_executed: Some(true) }),
            json!({"type": "tool-input-available", "toolCallId": "c", "toolName": "timeTool", "input": null, "providerExecuted": true})
        );
        assert_eq!(
            wire(Chunk::ToolOutputAvailable { tool_call_id: "c".into(), output: json!({"a": 1}), provider_executed: None, preliminary: None }),
            json!({"type": "tool-output-available", "toolCallId": "c", "output": {"a": 1}})
        );
        assert_eq!(
            wire(Chunk::ToolInputDelta { tool_call_id: "c".into(), input_text_delta: "{".into() }),
            json!({"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": "{"})
        );
        assert_eq!(wire(Chunk::Error { error_text: "x".into() }), json!({"type": "error", "errorText": "x"}));
        assert_eq!(wire(DataChunk::new("progress", Some("p1".into()), Value::Null)), json!({"type": "data-progress", "id": "p1", "data": null}));
        assert_eq!(Chunk::StartStep.to_owned().into_sse(), "data: {\"type\":\"start-step\"}\n\n");
    }

    impl Chunk {
        fn into_sse(self) -> String {
            UiChunk::from(self).to_sse()
        }
    }
}
