//! One rule for every route: what a request says holds no NUL character and no lone UTF-16
//! surrogate. Neither is text anyone means, PostgreSQL's text type cannot store a NUL,
//! and SQLite would store what PostgreSQL refuses; so both are refused at the edge with
//! 400, before any handler runs, on both backends alike:
//!
//! - the path and the query string, percent-decoded (`%00`, or a surrogate's UTF-8 form);
//! - a body that is JSON (`application/json`, `…+json`), plain text or undeclared: a NUL
//!   byte, a `\u0000` escape, or a `\uD800`–`\uDFFF` escape that is not half of a
//!   high–low pair. The body is checked as it streams to the handler's extractor: each
//!   route's body limit still applies, nothing is buffered twice, and the extractor
//!   answers the refusal ([`crate::error::Json`], and through it the messaging service's
//!   own envelope);
//! - any other `text/…` body: a NUL byte.
//!
//! Uploads (multipart, images, files) are not text and pass untouched; the names they
//! carry are cleaned by the file service.
//!
//! Each route group answers in its own shape: `{code, message}`, the messaging service's
//! `{code, msg}` under `/app-api/`, Jira's `{errorMessages, errors}` under the tracker's
//! REST API.

use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper::body::{Frame, SizeHint};

use crate::error::Error;

pub use waybill_routes::error::{Forbidden, ForbiddenInBody};

/// Refuses a request whose path or query holds a forbidden character, and checks a text
/// body as it is read.
pub async fn refuse_forbidden_characters(req: Request, next: Next) -> Response {
    if let Some(message) = uri_refusal(req.uri()) {
        return refusal(req.uri().path(), Error::BadRequest(message));
    }
    let req = match body_rules(req.headers()) {
        Some(rules) => req.map(|body| Body::new(Checked { inner: body, scanner: Scanner::new(rules) })),
        None => req,
    };
    next.run(req).await
}

/// What is wrong with the path or the query, if anything.
fn uri_refusal(uri: &Uri) -> Option<String> {
    if let Some(found) = forbidden_in_encoded(uri.path()) {
        return Some(format!("The path holds {}, which no id or name can contain", found.describe()));
    }
    if let Some(found) = uri.query().and_then(forbidden_in_encoded) {
        return Some(format!("The query string holds {}, which no value can contain", found.describe()));
    }
    None
}

/// The refusal in the shape of the route group `path` belongs to.
fn refusal(path: &str, error: Error) -> Response {
    if path.starts_with("/app-api/") {
        return crate::live_agent::app_api::AppError::from(error).into_response();
    }
    if path.starts_with(waybill_tracker::builtin::rest::REST_BASE) {
        let refused = waybill_tracker::builtin::rest::Refusal::message(StatusCode::BAD_REQUEST.as_u16(), error.to_string());
        return (StatusCode::BAD_REQUEST, axum::Json(refused.body)).into_response();
    }
    error.into_response()
}

/// `%00`, or the UTF-8 form of a surrogate (`%ED%A0%80`–`%ED%BF%BF`), in percent-encoded text.
fn forbidden_in_encoded(text: &str) -> Option<Forbidden> {
    let bytes = text.as_bytes();
    let mut previous = None;
    let mut i = 0;
    while i < bytes.len() {
        let byte = match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    i += 2;
                    high << 4 | low
                }
                _ => b'%',
            },
            other => other,
        };
        if byte == 0 {
            return Some(Forbidden::Nul);
        }
        if previous == Some(0xED) && (0xA0..=0xBF).contains(&byte) {
            return Some(Forbidden::Surrogate);
        }
        previous = Some(byte);
        i += 1;
    }
    None
}

fn hex(digit: u8) -> Option<u8> {
    (digit as char).to_digit(16).map(|d| d as u8)
}

/// Which rules a body is read with, from its declared type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rules {
    /// JSON text (or text a handler may read as JSON): NUL bytes and escapes, surrogates.
    Json,
    /// Other text: NUL bytes.
    Text,
}

fn body_rules(headers: &HeaderMap) -> Option<Rules> {
    let Some(value) = headers.get(header::CONTENT_TYPE) else { return Some(Rules::Json) };
    let essence = value.to_str().unwrap_or_default().split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    if essence.is_empty() || essence == "text/plain" || essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json")) {
        Some(Rules::Json)
    } else if essence.starts_with("text/") {
        Some(Rules::Text)
    } else {
        None
    }
}

/// A body read through a [`Scanner`]: the first forbidden character ends it with
/// [`ForbiddenInBody`].
struct Checked {
    inner: Body,
    scanner: Scanner,
}

impl HttpBody for Checked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref()
                    && let Err(found) = this.scanner.feed(data)
                {
                    return Poll::Ready(Some(Err(axum::Error::new(ForbiddenInBody(found)))));
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(None) => match this.scanner.finish() {
                Ok(()) => Poll::Ready(None),
                Err(found) => Poll::Ready(Some(Err(axum::Error::new(ForbiddenInBody(found))))),
            },
            other => other,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Reads JSON text byte by byte, across chunk boundaries, for what [`Forbidden`] names:
/// raw NUL bytes anywhere, and inside strings the escapes `\u0000` and lone surrogates.
/// It follows strings and escapes only; whether the JSON is well formed is the parser's
/// business.
#[derive(Debug)]
struct Scanner {
    rules: Rules,
    state: State,
    /// The byte before, for a surrogate's UTF-8 form (0xED, then 0xA0–0xBF).
    previous: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Outside,
    InString,
    /// After a backslash in a string.
    Escape,
    /// Reading the hex digits of `\u`: how many so far and their value; `high` is set
    /// when this escape must be the low half of a pair.
    Hex {
        digits: u8,
        value: u16,
        high: bool,
    },
    /// After a high surrogate's escape: a `\` must follow…
    WantBackslash,
    /// …then a `u`.
    WantU,
}

impl Scanner {
    fn new(rules: Rules) -> Self {
        Self { rules, state: State::Outside, previous: 0 }
    }

    fn feed(&mut self, data: &[u8]) -> Result<(), Forbidden> {
        for &byte in data {
            if byte == 0 {
                return Err(Forbidden::Nul);
            }
            if self.previous == 0xED && (0xA0..=0xBF).contains(&byte) {
                return Err(Forbidden::Surrogate);
            }
            self.previous = byte;
            if self.rules == Rules::Json {
                self.state = self.step(byte)?;
            }
        }
        Ok(())
    }

    /// The body ended: a high surrogate still waiting for its low half is lone.
    fn finish(&self) -> Result<(), Forbidden> {
        match self.state {
            State::WantBackslash | State::WantU | State::Hex { high: true, .. } => Err(Forbidden::Surrogate),
            _ => Ok(()),
        }
    }

    fn step(&self, byte: u8) -> Result<State, Forbidden> {
        Ok(match self.state {
            State::Outside => {
                if byte == b'"' {
                    State::InString
                } else {
                    State::Outside
                }
            }
            State::InString => match byte {
                b'\\' => State::Escape,
                b'"' => State::Outside,
                _ => State::InString,
            },
            State::Escape => {
                if byte == b'u' {
                    State::Hex { digits: 0, value: 0, high: false }
                } else {
                    State::InString
                }
            }
            State::Hex { digits, value, high } => {
                let Some(digit) = hex(byte) else {
                    // Not an escape the parser accepts: it refuses the body itself. A high
                    // surrogate's partner that is not one leaves the high half alone.
                    return if high { Err(Forbidden::Surrogate) } else { Ok(State::InString) };
                };
                let value = value << 4 | u16::from(digit);
                if digits < 3 {
                    return Ok(State::Hex { digits: digits + 1, value, high });
                }
                match (high, value) {
                    (false, 0) => return Err(Forbidden::Nul),
                    (false, 0xD800..=0xDBFF) => State::WantBackslash,
                    (false, 0xDC00..=0xDFFF) => return Err(Forbidden::Surrogate),
                    (false, _) => State::InString,
                    (true, 0xDC00..=0xDFFF) => State::InString,
                    (true, _) => return Err(Forbidden::Surrogate),
                }
            }
            State::WantBackslash => {
                if byte == b'\\' {
                    State::WantU
                } else {
                    return Err(Forbidden::Surrogate);
                }
            }
            State::WantU => {
                if byte == b'u' {
                    State::Hex { digits: 0, value: 0, high: true }
                } else {
                    return Err(Forbidden::Surrogate);
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(rules: Rules, chunks: &[&[u8]]) -> Result<(), Forbidden> {
        let mut scanner = Scanner::new(rules);
        for chunk in chunks {
            scanner.feed(chunk)?;
        }
        scanner.finish()
    }

    fn json(text: &str) -> Result<(), Forbidden> {
        scan(Rules::Json, &[text.as_bytes()])
    }

    #[test]
    fn nul_and_lone_surrogates_are_found_in_json_and_nothing_else_is() {
        assert_eq!(json(r#"{"name": "dock\u0000 7"}"#), Err(Forbidden::Nul));
        assert_eq!(json("{\"name\": \"dock\u{0} 7\"}"), Err(Forbidden::Nul));
        assert_eq!(json("{\"a\": 1}\u{0}"), Err(Forbidden::Nul), "anywhere in the body");
        assert_eq!(json(r#"{"name": "\ud800"}"#), Err(Forbidden::Surrogate));
        assert_eq!(json(r#"{"name": "\uD800x"}"#), Err(Forbidden::Surrogate));
        assert_eq!(json(r#"{"name": "\ud800\u0041"}"#), Err(Forbidden::Surrogate));
        assert_eq!(json(r#"{"name": "\udc00"}"#), Err(Forbidden::Surrogate), "a low half alone");
        assert_eq!(json(r#"{"\ud800": 1}"#), Err(Forbidden::Surrogate), "keys too");
        assert_eq!(json(r#"{"name": "\ud800"#), Err(Forbidden::Surrogate), "at the end of the body");
        assert_eq!(json(r#"{"name": "\ud83d\ude9a truck \u00e9 \u4e2d"}"#), Ok(()), "a pair and other escapes are text");
        assert_eq!(json(r#"{"name": "not an escape: \\u0000 \\ud800"}"#), Ok(()), "an escaped backslash, then letters");
        assert_eq!(json(r#"{"name": "\"\u0000"}"#), Err(Forbidden::Nul), "after an escaped quote, still in the string");
        assert_eq!(json(r#"{"u0000": "u0000", "n": 0}"#), Ok(()));
        assert_eq!(json("{\"name\": \"Lagerhalle \u{1F69A} Tür\"}"), Ok(()));
        // The UTF-8 form of a surrogate is not UTF-8 at all.
        assert_eq!(scan(Rules::Json, &[b"{\"a\": \"\xED\xA0\x80\"}"]), Err(Forbidden::Surrogate));
        assert_eq!(scan(Rules::Json, &["{\"a\": \"\u{D7FF}\u{E000}\"}".as_bytes()]), Ok(()));
    }

    #[test]
    fn an_escape_split_across_chunks_is_still_found() {
        let body = br#"{"memory": "pallet \u0000 here", "x": "\ud83d\ude9a"}"#;
        for cut in 1..body.len() {
            let (a, b) = body.split_at(cut);
            assert_eq!(scan(Rules::Json, &[a, b]), Err(Forbidden::Nul), "cut at {cut}");
        }
        let body = br#"{"x": "\ud83d\ude9a", "y": "\ud83d"}"#;
        for cut in 1..body.len() {
            let (a, b) = body.split_at(cut);
            assert_eq!(scan(Rules::Json, &[a, b]), Err(Forbidden::Surrogate), "cut at {cut}");
        }
        let body = b"{\"a\": \"\xED\xA0\x80\"}";
        assert_eq!(scan(Rules::Json, &[&body[..8], &body[8..]]), Err(Forbidden::Surrogate));
    }

    #[test]
    fn other_text_is_refused_only_for_nul_bytes() {
        assert_eq!(scan(Rules::Text, &[br#"name,note\nA,"\u0000""#]), Ok(()));
        assert_eq!(scan(Rules::Text, &[b"name,note\nA,\x00"]), Err(Forbidden::Nul));
    }

    #[test]
    fn percent_encoded_nul_and_surrogates_are_found() {
        assert_eq!(forbidden_in_encoded("/api/chat-history/c%00"), Some(Forbidden::Nul));
        assert_eq!(forbidden_in_encoded("q=a%2500b"), None, "an encoded percent sign, then digits");
        assert_eq!(forbidden_in_encoded("q=%ed%a0%80"), Some(Forbidden::Surrogate));
        assert_eq!(forbidden_in_encoded("q=%ED%9F%BF"), None, "U+D7FF is a character");
        assert_eq!(forbidden_in_encoded("q=%E4%B8%AD&r=%"), None);
        assert_eq!(forbidden_in_encoded("q=%0"), None);
        assert_eq!(forbidden_in_encoded("/api/x%FF%FE"), None, "bytes that are not UTF-8 are the extractors' to refuse");
    }

    #[test]
    fn the_refusal_is_found_behind_the_errors_that_wrap_it() {
        let wrapped = axum::Error::new(axum::Error::new(ForbiddenInBody(Forbidden::Nul)));
        assert_eq!(ForbiddenInBody::behind(&wrapped), Some(ForbiddenInBody(Forbidden::Nul)));
        assert_eq!(ForbiddenInBody::behind(&axum::Error::new(std::io::Error::other("reset"))), None);
    }
}
