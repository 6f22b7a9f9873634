//! Text from outside services (model providers, business systems, image APIs) made safe
//! to show and log: secrets and keys removed, and the words the web client takes as the
//! end of its own session ("401", "unauthorized") reworded, since an outside service
//! refusing a key is not the user's sign-in ending.

use serde_json::Value;

/// The human part of a provider's error body: `error.message` (OpenAI, Anthropic,
/// Gemini, DeepSeek), `message`, the first element of a JSON array (Gemini), or the text.
pub fn error_message(body: &str) -> String {
    let Ok(value) = serde_json::from_str::<Value>(body) else {
        let text = body.trim();
        return if text.is_empty() { "no details".into() } else { truncate(text, 300) };
    };
    let value = value.as_array().and_then(|a| a.first()).unwrap_or(&value);
    let message = value["error"]["message"].as_str().or_else(|| value["message"].as_str()).or_else(|| value["error"].as_str());
    match message {
        Some(m) if !m.trim().is_empty() => truncate(m.trim(), 300),
        _ => truncate(&value.to_string(), 300),
    }
}

/// Removes secrets, credentials in URLs, and the words the web client treats as its own
/// session ending ("401", "unauthorized") from a provider's text.
pub fn clean(text: &str, secrets: &[String]) -> String {
    let mut text = text.to_owned();
    for secret in secrets.iter().filter(|s| s.len() >= 4) {
        text = text.replace(secret.as_str(), "***");
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split_inclusive(char::is_whitespace) {
        let bare = word.trim_end();
        let lower = bare.to_ascii_lowercase();
        let redacted = if looks_like_key(bare) {
            Some("***".to_owned())
        } else if lower.contains("unauthorized") || lower.contains("unauthorised") {
            Some(replace_ci(bare, "unauthori", "not authori"))
        } else if bare.trim_matches(|c: char| !c.is_ascii_digit()) == "401" {
            Some(bare.replace("401", "4xx"))
        } else {
            None
        };
        match redacted {
            Some(r) => {
                out.push_str(&r);
                out.push_str(&word[bare.len()..]);
            }
            None => out.push_str(word),
        }
    }
    out
}

fn looks_like_key(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_');
    (word.starts_with("sk-") || word.starts_with("AIza") || word.starts_with("key=")) && word.len() >= 12
}

fn replace_ci(text: &str, needle: &str, with: &str) -> String {
    match text.to_ascii_lowercase().find(needle) {
        Some(at) => format!("{}{}{}", &text[..at], with, &text[at + needle.len()..]),
        None => text.to_owned(),
    }
}

/// What a non-success answer from an outside service means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// It refused our key (never phrased with "401" or "unauthorized").
    BadKey,
    RateLimited,
    /// Anything else: the service's own message, cleaned, with the status.
    Failed(String),
}

/// Reads a non-success answer: its status and the service's own error body.
pub fn refusal(status: u16, body: &str, secrets: &[String]) -> Refusal {
    match status {
        401 | 403 => Refusal::BadKey,
        // Gemini answers a wrong key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID.
        400 if body.contains("API_KEY_INVALID") || body.contains("API key not valid") => Refusal::BadKey,
        429 => Refusal::RateLimited,
        _ => Refusal::Failed(clean(&format!("{} (HTTP {status})", error_message(body)), secrets)),
    }
}

/// `text` cut at `max` characters, with an ellipsis when cut.
pub fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_never_carry_the_key_or_the_words_the_client_signs_out_on() {
        let secrets = vec!["sk-live-abcdef123456".to_owned()];
        let text = clean("Incorrect API key provided: sk-live-abcdef123456. Unauthorized (401); other key sk-proj-zzzzzzzzzzzz", &secrets);
        assert!(!text.contains("sk-live"), "{text}");
        assert!(!text.contains("sk-proj"), "{text}");
        assert!(!text.to_lowercase().contains("unauthorized"), "{text}");
        assert!(!text.contains("401"), "{text}");
        assert_eq!(clean("order 4017 is late", &secrets), "order 4017 is late");
    }

    #[test]
    fn error_bodies_read_as_their_message() {
        assert_eq!(error_message(r#"{"error":{"message":"Overloaded"}}"#), "Overloaded");
        assert_eq!(error_message("  "), "no details");
        assert_eq!(truncate("abcdef", 3), "abc…");
    }
}
