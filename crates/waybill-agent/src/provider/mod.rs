//! Model providers behind one trait, speaking our own message and event types so that
//! no provider's format leaks into storage or the UI stream.

pub mod anthropic;
pub mod gemini;
pub mod http;
pub mod offline;
pub mod openai;
pub mod openai_compatible;

use futures::stream::BoxStream;
use serde_json::Value;

use waybill_tools::lang::Lang;

/// Content a user turn can carry.
#[derive(Debug, Clone, PartialEq)]
pub enum UserContent {
    Text(String),
    /// An image as a URL or a `data:` URL.
    Image {
        url: String,
        media_type: String,
    },
    /// A document (PDF) as a URL or a `data:` URL.
    Document {
        url: String,
        media_type: String,
        filename: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum AssistantContent {
    Text(String),
    Reasoning { text: String, signature: Option<String> },
    ToolCall(ToolCall),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub input: Value,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ToolResult {
    pub id: String,
    pub name: String,
    pub output: Value,
    pub is_error: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ModelMessage {
    User(Vec<UserContent>),
    Assistant(Vec<AssistantContent>),
    Tool(Vec<ToolResult>),
}

/// A tool as offered to the model.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

/// Options from the model picker (spec 000 §3).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModelOptions {
    pub reasoning_effort: Option<String>,
    pub verbosity: Option<String>,
    pub reasoning_summary: Option<String>,
    pub thinking: bool,
    pub interleaved_thinking: bool,
}

/// Who reads the answer: their interface language, and whether they administer the
/// tenant (the offline model tells admins how to add a provider, and others whom to ask).
#[derive(Debug, Clone, Default)]
pub struct Audience {
    pub lang: Lang,
    pub admin: bool,
    /// Who asks: the offline model fills tool arguments from what the caller's tenant has
    /// (its registered systems, say).
    pub caller: Option<std::sync::Arc<waybill_tools::Caller>>,
}

#[derive(Debug, Clone)]
pub struct ModelRequest {
    /// The provider's own model name.
    pub model: String,
    pub system: Option<String>,
    pub messages: Vec<ModelMessage>,
    pub tools: Vec<ToolSpec>,
    pub options: ModelOptions,
    pub audience: Audience,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    Stop,
    ToolCalls,
    Length,
    ContentFilter,
    Other,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ModelEvent {
    TextDelta(String),
    ReasoningDelta(String),
    /// The signature of the reasoning block just streamed (Anthropic), for replay.
    ReasoningSignature(String),
    ToolCallStart {
        id: String,
        name: String,
    },
    ToolCallDelta {
        id: String,
        delta: String,
    },
    Usage {
        input_tokens: u64,
        output_tokens: u64,
    },
    Finish(StopReason),
}

#[derive(Debug, Clone, thiserror::Error, PartialEq)]
pub enum ProviderError {
    /// The provider refused our key. Never phrased with "401" or "unauthorized": the web
    /// client signs the user out on those words, and this is not the user's token.
    #[error("The {provider} API key was rejected; check the key configured for this provider")]
    BadKey { provider: &'static str },
    #[error("{provider} is rate limiting requests; try again shortly")]
    RateLimited { provider: &'static str },
    #[error("{provider} returned an error: {message}")]
    Upstream { provider: &'static str, message: String },
    #[error("The connection to {provider} failed: {message}")]
    Connection { provider: &'static str, message: String },
    #[error("{provider} sent a malformed response: {message}")]
    Malformed { provider: &'static str, message: String },
}

pub type EventStream = BoxStream<'static, Result<ModelEvent, ProviderError>>;

pub trait ModelProvider: Send + Sync {
    /// Starts one model call; the stream ends after [`ModelEvent::Finish`] or an error.
    fn stream(&self, request: ModelRequest) -> EventStream;
}
