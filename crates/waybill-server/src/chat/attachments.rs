//! Our own file links in user messages, made readable for a model: images and PDFs
//! become inline data (providers cannot reach this server's links), small text files
//! (CSV, markdown, JSON, …) become text. Only the copy sent to the model changes; the
//! stored messages keep their links.

use base64::Engine;
use serde_json::{Value, json};

use crate::files::service::FileService;
use waybill_store::Store;

/// Largest image or PDF sent inline.
const MAX_INLINE_BINARY: u64 = 20 * 1024 * 1024;
/// Largest text file sent as text.
const MAX_INLINE_TEXT: u64 = 256 * 1024;
/// Most attachment bytes read for one request; later ones stay links.
const MAX_TOTAL: u64 = 48 * 1024 * 1024;

fn is_text(media_type: &str) -> bool {
    (media_type.starts_with("text/") && media_type != "text/html") || matches!(media_type, "application/json" | "application/xml" | "application/x-yaml")
}

/// Replaces file parts of user messages that point at our file service, in place.
pub async fn resolve(files: &FileService, store: &Store, messages: &mut [Value]) {
    let mut budget = MAX_TOTAL;
    for message in messages.iter_mut().filter(|m| m["role"] == "user") {
        let Some(parts) = message["parts"].as_array_mut() else { continue };
        for part in parts.iter_mut().filter(|p| p["type"] == "file") {
            let Some(token) = part["url"].as_str().and_then(|url| files.token_in(url)) else { continue };
            let file = match store.file_by_view_token(token).await {
                Ok(Some(file)) => file,
                Ok(None) => continue,
                Err(err) => {
                    tracing::warn!(error = %err, "looking up an attachment failed");
                    continue;
                }
            };
            let binary = file.media_type.starts_with("image/") || file.media_type == "application/pdf";
            let limit = if binary { MAX_INLINE_BINARY } else if is_text(&file.media_type) { MAX_INLINE_TEXT } else { continue };
            if file.size as u64 > limit.min(budget) {
                continue;
            }
            let bytes = match files.read(&file, limit).await {
                Ok(Some(bytes)) => bytes,
                Ok(None) => continue,
                Err(err) => {
                    tracing::warn!(error = %err, file = %file.id, "reading an attachment failed");
                    continue;
                }
            };
            budget -= bytes.len() as u64;
            *part = if binary {
                let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
                json!({"type": "file", "url": format!("data:{};base64,{data}", file.media_type), "mediaType": file.media_type, "filename": file.filename})
            } else {
                let text = String::from_utf8_lossy(&bytes);
                json!({"type": "text", "text": format!("Attached file {} ({}):\n```\n{text}\n```", file.filename, file.media_type)})
            };
        }
    }
}
