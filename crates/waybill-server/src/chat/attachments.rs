//! File parts of user messages, made safe and readable for a model provider.
//!
//! A provider is only ever sent data, never a link to follow: a self-hosted provider
//! would fetch a link from its own network, where it may reach what users cannot. So:
//! - our own file links become inline data (images, PDFs) or text (CSV, markdown, JSON…);
//! - `data:` URLs are sent as they are;
//! - any other http(s) link is fetched here, through the guarded outbound client (which
//!   refuses private and local addresses), and sent as data or text;
//! - anything else, or what cannot be read, becomes a short note saying so.
//!
//! Only the copy sent to the model changes; the stored messages keep their links.

use base64::Engine;
use serde_json::{Value, json};
use waybill_store::Store;
use waybill_tools::outbound::{Outbound, OutboundError};

use waybill_files::FileService;

/// Largest image or PDF sent inline.
const MAX_INLINE_BINARY: u64 = 20 * 1024 * 1024;
/// Largest text file sent as text.
const MAX_INLINE_TEXT: u64 = 256 * 1024;
/// Most attachment bytes read for one request; later ones become notes.
const MAX_TOTAL: u64 = 48 * 1024 * 1024;

fn is_text(media_type: &str) -> bool {
    (media_type.starts_with("text/") && media_type != "text/html") || matches!(media_type, "application/json" | "application/xml" | "application/x-yaml")
}

fn is_binary(media_type: &str) -> bool {
    media_type.starts_with("image/") || media_type == "application/pdf"
}

/// What an attachment became.
enum Resolved {
    /// Bytes to send as data or text.
    Bytes { bytes: Vec<u8>, media_type: String },
    /// A sentence for the model in place of the file.
    Note(String),
}

/// Replaces every file part of the user messages with data, text or a note, in place.
pub async fn resolve(files: &FileService, store: &Store, outbound: &Outbound, messages: &mut [Value]) {
    let mut budget = MAX_TOTAL;
    for message in messages.iter_mut().filter(|m| m["role"] == "user") {
        let Some(parts) = message["parts"].as_array_mut() else { continue };
        for part in parts.iter_mut().filter(|p| p["type"] == "file") {
            let url = part["url"].as_str().unwrap_or_default().to_owned();
            if url.starts_with("data:") {
                continue;
            }
            let media_type = part["mediaType"].as_str().unwrap_or("application/octet-stream").to_owned();
            let name = part["filename"].as_str().map(str::to_owned).unwrap_or_else(|| "file".into());
            let resolved = if let Some(token) = files.token_in(&url) {
                ours(files, store, token, &name, budget).await
            } else if url.starts_with("http://") || url.starts_with("https://") {
                fetched(outbound, &url, &name, &media_type, budget).await
            } else {
                Resolved::Note(format!("[Attachment {name} was not sent: only uploaded files and data URLs can be attached]"))
            };
            *part = match resolved {
                Resolved::Bytes { bytes, media_type } => {
                    budget = budget.saturating_sub(bytes.len() as u64);
                    if is_binary(&media_type) {
                        let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
                        json!({"type": "file", "url": format!("data:{media_type};base64,{data}"), "mediaType": media_type, "filename": name})
                    } else {
                        let text = String::from_utf8_lossy(&bytes);
                        json!({"type": "text", "text": format!("Attached file {name} ({media_type}):\n```\n{text}\n```")})
                    }
                }
                Resolved::Note(note) => json!({"type": "text", "text": note}),
            };
        }
    }
}

/// How much of a file of `media_type` may be read, or `None` when it is not readable.
fn limit_for(media_type: &str, budget: u64) -> Option<u64> {
    let limit = if is_binary(media_type) {
        MAX_INLINE_BINARY
    } else if is_text(media_type) {
        MAX_INLINE_TEXT
    } else {
        return None;
    };
    Some(limit.min(budget))
}

fn unreadable(name: &str, media_type: &str) -> Resolved {
    Resolved::Note(format!("[Attached file: {name} ({media_type}); its contents cannot be read here]"))
}

fn too_large(name: &str) -> Resolved {
    Resolved::Note(format!("[Attachment {name} was left out: it is too large to send to the model]"))
}

async fn ours(files: &FileService, store: &Store, token: &str, name: &str, budget: u64) -> Resolved {
    let gone = || Resolved::Note(format!("[Attachment {name} is no longer available]"));
    let file = match store.file_by_view_token(token).await {
        Ok(Some(file)) => file,
        Ok(None) => return gone(),
        Err(err) => {
            tracing::warn!(error = %err, "looking up an attachment failed");
            return gone();
        }
    };
    let Some(limit) = limit_for(&file.media_type, budget) else { return unreadable(name, &file.media_type) };
    match files.read(&file, limit).await {
        Ok(Some(bytes)) => Resolved::Bytes { bytes: bytes.to_vec(), media_type: file.media_type },
        Ok(None) => too_large(name),
        Err(err) => {
            tracing::warn!(error = %err, file = %file.id, "reading an attachment failed");
            gone()
        }
    }
}

async fn fetched(outbound: &Outbound, url: &str, name: &str, declared: &str, budget: u64) -> Resolved {
    let Some(limit) = limit_for(declared, budget) else { return unreadable(name, declared) };
    let failed = |reason: String| Resolved::Note(format!("[Attachment {name} could not be fetched: {reason}]"));
    let request = match outbound.get(url) {
        Ok(request) => request,
        Err(err) => return failed(err.to_string()),
    };
    let (status, bytes) = match outbound.fetch(request, limit as usize).await {
        Ok(answer) => answer,
        Err(OutboundError::TooLarge { .. }) => return too_large(name),
        Err(err) => return failed(err.to_string()),
    };
    if !status.is_success() {
        return failed(format!("the server answered {status}"));
    }
    // Believe the bytes, not the link: an image must look like one.
    let media_type = if declared.starts_with("image/") {
        match sniff_image(&bytes) {
            Some(kind) => kind.to_owned(),
            None => return failed("it is not an image".into()),
        }
    } else if declared == "application/pdf" && !bytes.starts_with(b"%PDF") {
        return failed("it is not a PDF".into());
    } else {
        declared.to_owned()
    };
    Resolved::Bytes { bytes, media_type }
}

fn sniff_image(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn images_are_recognised_by_their_bytes() {
        assert_eq!(super::sniff_image(b"\x89PNG\r\n\x1a\nrest"), Some("image/png"));
        assert_eq!(super::sniff_image(&[0xff, 0xd8, 0xff, 0xe0]), Some("image/jpeg"));
        assert_eq!(super::sniff_image(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(super::sniff_image(b"<html>"), None);
    }
}
