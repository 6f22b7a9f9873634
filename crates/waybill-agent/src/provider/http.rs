//! What every HTTP provider adapter shares: one client, the POST that opens a
//! server-sent event stream, the mapping of HTTP failures to [`ProviderError`], and
//! [`drive`], which turns a provider's [`Decoder`] into an [`EventStream`].
//!
//! Provider base URLs come from the administrator's configuration, not from users or
//! model output, so these calls do not go through the guarded client that tools use.

use std::time::Duration;

use eventsource_stream::{EventStreamError, Eventsource};
use futures::{StreamExt, stream};
use serde_json::Value;

use super::{EventStream, ModelEvent, ProviderError};
use waybill_tools::redact::{Refusal, clean, refusal};

/// One server-sent event as the provider sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field; `"message"` when the provider sends none (OpenAI chat, Gemini).
    pub event: String,
    pub data: String,
}

/// A provider's stream format: events in, model events out.
pub trait Decoder: Send + 'static {
    /// The provider's name as users read it in error texts.
    fn provider(&self) -> &'static str;
    /// One event; an `Err` ends the stream with that error.
    fn event(&mut self, event: &SseEvent) -> Result<Vec<ModelEvent>, ProviderError>;
    /// The body ended. Returns what is still owed (a final `Finish`), or an error when
    /// the stream ended before the answer was complete.
    fn end(&mut self) -> Result<Vec<ModelEvent>, ProviderError>;
}

/// The client every adapter uses: no overall timeout (answers stream for minutes), but
/// bounded connect and idle-read times.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(15))
        .read_timeout(Duration::from_secs(180))
        .user_agent(concat!("waybill/", env!("CARGO_PKG_VERSION")))
        .build()
        .expect("the HTTP client builds")
}

/// A prepared request to a provider.
pub struct Call {
    pub provider: &'static str,
    pub request: reqwest::RequestBuilder,
    pub body: Value,
    /// Values that must never appear in an error text (the API key).
    pub secrets: Vec<String>,
}

/// Sends the call and decodes its event stream. Events are yielded as they arrive; the
/// stream ends after the decoder's last events or the first error.
pub fn drive<D: Decoder>(call: Call, decoder: D) -> EventStream {
    // One state per stream, moved through `unfold`: boxing the call would only add an
    // allocation.
    #[allow(clippy::large_enum_variant)]
    enum State<D> {
        Start(Call, D),
        Reading { body: stream::BoxStream<'static, Result<SseEvent, ProviderError>>, decoder: D, secrets: Vec<String> },
        Done,
    }

    let opened = stream::unfold(State::Start(call, decoder), |state| async move {
        match state {
            State::Done => None,
            State::Start(call, decoder) => {
                let secrets = call.secrets.clone();
                match open(call).await {
                    Ok(body) => Some((Vec::new(), State::Reading { body, decoder, secrets })),
                    Err(err) => Some((vec![Err(err)], State::Done)),
                }
            }
            State::Reading { mut body, mut decoder, secrets } => match body.next().await {
                Some(Ok(event)) => match decoder.event(&event) {
                    // A `Finish` ends the stream: whatever the connection does afterwards
                    // (more bytes, a reset) must not add an error after a finished answer.
                    Ok(events) if events.iter().any(|e| matches!(e, ModelEvent::Finish(_))) => Some((events.into_iter().map(Ok).collect(), State::Done)),
                    Ok(events) => Some((events.into_iter().map(Ok).collect(), State::Reading { body, decoder, secrets })),
                    Err(err) => Some((vec![Err(clean_error(err, &secrets))], State::Done)),
                },
                Some(Err(err)) => Some((vec![Err(clean_error(err, &secrets))], State::Done)),
                None => match decoder.end() {
                    Ok(events) => Some((events.into_iter().map(Ok).collect(), State::Done)),
                    Err(err) => Some((vec![Err(clean_error(err, &secrets))], State::Done)),
                },
            },
        }
    });
    opened.flat_map(stream::iter).boxed()
}

async fn open(call: Call) -> Result<stream::BoxStream<'static, Result<SseEvent, ProviderError>>, ProviderError> {
    let Call { provider, request, body, secrets } = call;
    let response = request
        .header(reqwest::header::ACCEPT, "text/event-stream")
        .json(&body)
        .send()
        .await
        .map_err(|e| ProviderError::Connection { provider, message: clean(&describe(&e), &secrets) })?;
    let status = response.status();
    if !status.is_success() {
        let text = response.text().await.unwrap_or_default();
        return Err(status_error(provider, status.as_u16(), &text, &secrets));
    }
    let events = response.bytes_stream().eventsource().map(move |item| match item {
        Ok(event) => Ok(SseEvent { event: event.event, data: event.data }),
        Err(EventStreamError::Transport(e)) => Err(ProviderError::Connection { provider, message: format!("the stream was cut off ({})", describe(&e)) }),
        Err(EventStreamError::Utf8(e)) => Err(ProviderError::Malformed { provider, message: e.to_string() }),
        Err(EventStreamError::Parser(e)) => Err(ProviderError::Malformed { provider, message: e.to_string() }),
    });
    Ok(events.boxed())
}

/// The error for a non-success HTTP answer, from the provider's own error body.
pub fn status_error(provider: &'static str, status: u16, body: &str, secrets: &[String]) -> ProviderError {
    match refusal(status, body, secrets) {
        Refusal::BadKey => ProviderError::BadKey { provider },
        Refusal::RateLimited => ProviderError::RateLimited { provider },
        Refusal::Failed(message) => ProviderError::Upstream { provider, message },
    }
}

/// The error text for an error event inside a stream (Anthropic `error`, OpenAI
/// `response.failed`/`error`): a rate limit or overload reads as such.
pub fn stream_error(provider: &'static str, kind: &str, message: &str) -> ProviderError {
    match kind {
        "rate_limit_error" | "rate_limit_exceeded" | "RESOURCE_EXHAUSTED" => ProviderError::RateLimited { provider },
        "authentication_error" | "permission_error" | "invalid_api_key" | "UNAUTHENTICATED" | "PERMISSION_DENIED" => ProviderError::BadKey { provider },
        _ => ProviderError::Upstream { provider, message: clean(message, &[]) },
    }
}

fn describe(err: &reqwest::Error) -> String {
    use std::error::Error as _;
    let mut text = if err.is_timeout() {
        "timed out".to_owned()
    } else if err.is_connect() {
        "could not connect".to_owned()
    } else {
        "request failed".to_owned()
    };
    let mut source = err.source();
    while let Some(inner) = source {
        text = format!("{text}: {inner}");
        source = inner.source();
    }
    text
}

fn clean_error(err: ProviderError, secrets: &[String]) -> ProviderError {
    match err {
        ProviderError::Upstream { provider, message } => ProviderError::Upstream { provider, message: clean(&message, secrets) },
        ProviderError::Connection { provider, message } => ProviderError::Connection { provider, message: clean(&message, secrets) },
        ProviderError::Malformed { provider, message } => ProviderError::Malformed { provider, message: clean(&message, secrets) },
        other => other,
    }
}

/// Joins a configured base URL and a path without doubling or losing the slash.
pub fn url(base: &str, path: &str) -> String {
    format!("{}/{}", base.trim_end_matches('/'), path.trim_start_matches('/'))
}

/// Splits a `data:` URL into media type and base64 payload.
pub fn data_url(url: &str) -> Option<(&str, &str)> {
    let rest = url.strip_prefix("data:")?;
    let (meta, data) = rest.split_once(',')?;
    let media = meta.strip_suffix(";base64")?;
    Some((media, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_errors_read_like_the_provider_meant_them() {
        assert_eq!(status_error("OpenAI", 401, "{}", &[]), ProviderError::BadKey { provider: "OpenAI" });
        assert_eq!(status_error("OpenAI", 429, "{}", &[]), ProviderError::RateLimited { provider: "OpenAI" });
        let err = status_error("Anthropic", 529, r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#, &[]);
        assert_eq!(err.to_string(), "Anthropic returned an error: Overloaded (HTTP 529)");
        let gemini = status_error("Gemini", 500, r#"[{"error":{"code":500,"message":"Internal error","status":"INTERNAL"}}]"#, &[]);
        assert!(gemini.to_string().contains("Internal error"));
        assert!(status_error("X", 502, "<html>bad gateway</html>", &[]).to_string().contains("bad gateway"));
        let gemini_key = r#"[{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}]"#;
        assert_eq!(status_error("Gemini", 400, gemini_key, &[]), ProviderError::BadKey { provider: "Gemini" });
        assert!(matches!(status_error("Gemini", 400, r#"{"error":{"message":"bad schema"}}"#, &[]), ProviderError::Upstream { .. }));
        assert!(!ProviderError::BadKey { provider: "OpenAI" }.to_string().to_lowercase().contains("unauthorized"));
    }

    #[test]
    fn urls_and_data_urls() {
        assert_eq!(url("http://h/v1/", "/chat/completions"), "http://h/v1/chat/completions");
        assert_eq!(data_url("data:image/png;base64,AAAA"), Some(("image/png", "AAAA")));
        assert_eq!(data_url("https://x/y.png"), None);
    }
}
