//! What the provider adapter tests share: the fake HTTP server (it answers each request
//! with the next canned response, streamed a piece at a time, and records what the
//! adapter sent) and readers of the event streams.

#![allow(dead_code)]

use futures::StreamExt;
use waybill_agent::provider::{EventStream, ModelEvent, ProviderError};

pub use waybill_testkit::{Canned, FakeServer};

/// Everything the stream yields, errors included.
pub async fn collect(stream: EventStream) -> Vec<Result<ModelEvent, ProviderError>> {
    stream.collect().await
}

/// The text the events spell out.
pub fn text_of(events: &[Result<ModelEvent, ProviderError>]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Ok(ModelEvent::TextDelta(t)) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

pub fn reasoning_of(events: &[Result<ModelEvent, ProviderError>]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            Ok(ModelEvent::ReasoningDelta(t)) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

/// `(id, name, joined argument text)` for each tool call, in start order.
pub fn tool_calls_of(events: &[Result<ModelEvent, ProviderError>]) -> Vec<(String, String, String)> {
    let mut calls: Vec<(String, String, String)> = Vec::new();
    for event in events.iter().flatten() {
        match event {
            ModelEvent::ToolCallStart { id, name } => calls.push((id.clone(), name.clone(), String::new())),
            ModelEvent::ToolCallDelta { id, delta } => {
                if let Some(call) = calls.iter_mut().find(|c| &c.0 == id) {
                    call.2.push_str(delta);
                }
            }
            _ => {}
        }
    }
    calls
}

/// The single error the stream ended with.
pub fn error_of(events: &[Result<ModelEvent, ProviderError>]) -> ProviderError {
    let errors: Vec<&ProviderError> = events.iter().filter_map(|e| e.as_ref().err()).collect();
    assert_eq!(errors.len(), 1, "exactly one error: {events:?}");
    assert!(events.last().is_some_and(|e| e.is_err()), "the error ends the stream");
    errors[0].clone()
}
