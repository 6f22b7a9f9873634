//! The credentials Waybill sent to a system, taken out of whatever comes back from it.
//!
//! A system may repeat what it was sent — an error body quoting the `Authorization`
//! header, a debug echo of the request, a URL with its key — and what comes back is
//! shown on the card, stored with the chat and given to the model. So every credential a
//! call carried is replaced by [`MARKER`] in the answer before anything reads it, and in
//! the whole result (its error message included) before it leaves the call: the stored
//! secret, each header that signs the request (`Authorization`, an API key's header, any
//! header but the plain ones such as `Accept` and the tenant's) whole and without its scheme, the user name and password inside basic credentials, a
//! password in the URL, each in the forms a system echoes them in — as sent,
//! percent-encoded, JSON-escaped.

use base64::Engine;
use reqwest::RequestBuilder;
use serde_json::Value;

use crate::auth::Auth;
use crate::tools::ApiCallResult;

/// What a credential is replaced with.
pub const MARKER: &str = "[redacted]";
/// Shorter values are not looked for: replacing every "ab" would ruin the answer, and
/// something that short is not a secret anyone relies on.
pub const MIN_CHARS: usize = 4;

/// Headers a call carries that hold nothing secret.
const PLAIN_HEADERS: [&str; 7] = ["accept", "content-type", "content-length", "user-agent", "host", "x-tenant-id", "x-facility-id"];

/// The credentials one call sent, in every form looked for, longest first.
#[derive(Default)]
pub struct Sent {
    needles: Vec<String>,
}

impl std::fmt::Debug for Sent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sent").field("needles", &self.needles.len()).finish()
    }
}

impl Sent {
    /// The credentials `request` (signed) carries, with the stored secret of `auth`.
    pub fn capture(request: RequestBuilder, auth: &Auth) -> (RequestBuilder, Sent) {
        let mut values: Vec<String> = auth.secret.iter().cloned().collect();
        let built = request.try_clone().and_then(|copy| copy.build().ok());
        if let Some(built) = &built {
            // Every header but those known to say nothing secret: whatever signs the call
            // (`Authorization`, the API key's header, any header added to sign it later).
            let signing = built.headers().iter().filter(|(name, _)| !PLAIN_HEADERS.contains(&name.as_str()));
            for (_, value) in signing {
                values.extend(value.to_str().ok().map(header_parts).unwrap_or_default());
            }
            if let Some(password) = built.url().password() {
                values.push(password.to_owned());
                values.push(format!("{}:{password}", built.url().username()));
            }
        }
        (request, Sent::of(values))
    }

    /// These values, in every form looked for.
    pub fn of(values: impl IntoIterator<Item = String>) -> Sent {
        let mut needles: Vec<String> = values.into_iter().filter(|v| v.trim().chars().count() >= MIN_CHARS).flat_map(|v| forms(&v)).collect();
        needles.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        needles.dedup();
        Sent { needles }
    }

    /// `text` with every credential replaced.
    pub fn text(&self, text: &str) -> String {
        let mut text = text.to_owned();
        for needle in &self.needles {
            if text.contains(needle.as_str()) {
                text = text.replace(needle.as_str(), MARKER);
            }
        }
        text
    }

    /// A raw answer with every credential replaced, before it is parsed, summarised or
    /// cut (a cut must not leave half a secret).
    pub fn bytes(&self, bytes: Vec<u8>) -> Vec<u8> {
        if self.needles.is_empty() {
            return bytes;
        }
        let bytes = match String::from_utf8(bytes) {
            Ok(text) => return self.text(&text).into_bytes(),
            Err(not_text) => not_text.into_bytes(),
        };
        let mut bytes = bytes;
        for needle in &self.needles {
            let needle = needle.as_bytes();
            if bytes.windows(needle.len()).any(|w| w == needle) {
                bytes = replace_bytes(&bytes, needle, MARKER.as_bytes());
            }
        }
        bytes
    }

    /// Every string in `value` (keys too) with every credential replaced, in place: only
    /// what holds a credential is rewritten, so a large answer is not copied.
    pub fn value(&self, value: &mut Value) {
        match value {
            Value::String(text) => self.clean(text),
            Value::Array(items) => items.iter_mut().for_each(|item| self.value(item)),
            Value::Object(map) => {
                map.values_mut().for_each(|item| self.value(item));
                if map.keys().any(|key| self.holds_any(key)) {
                    let entries = std::mem::take(map);
                    map.extend(entries.into_iter().map(|(key, item)| (self.text(&key), item)));
                }
            }
            _ => {}
        }
    }

    /// The call's result with every credential replaced, wherever it is. Field by field
    /// and in place: an answer listing every order of an import would otherwise be held
    /// two and three times over while it is cleaned.
    pub fn result(&self, mut result: ApiCallResult) -> ApiCallResult {
        if self.needles.is_empty() {
            return result;
        }
        // Named one by one, so that a field added to the result cannot be left out.
        let ApiCallResult {
            success: _,
            system,
            operation,
            method,
            path,
            status_code: _,
            data,
            summary,
            message,
            error,
            issues,
            parameters,
            suggestions,
            truncated: _,
            card_only,
        } = &mut result;
        let optional = [method, path, summary, message, error].into_iter().flatten();
        let issues = issues.iter_mut().flat_map(|i| [&mut i.path, &mut i.expected, &mut i.received, &mut i.message]);
        for text in [system, operation].into_iter().chain(optional).chain(issues).chain(suggestions.iter_mut()) {
            self.clean(text);
        }
        for value in [data, parameters, card_only].into_iter().flatten() {
            self.value(value);
        }
        result
    }

    /// Whether `text` holds any credential.
    fn holds_any(&self, text: &str) -> bool {
        self.needles.iter().any(|needle| text.contains(needle.as_str()))
    }

    /// `text` with every credential replaced, rewritten only when it holds one.
    fn clean(&self, text: &mut String) {
        if self.holds_any(text) {
            *text = self.text(text);
        }
    }
}

/// A signing header's value whole, its credential without the scheme, and for basic
/// credentials what they encode.
fn header_parts(value: &str) -> Vec<String> {
    let mut parts = vec![value.to_owned()];
    let Some((scheme, credential)) = value.trim().split_once(' ') else { return parts };
    let credential = credential.trim();
    parts.push(credential.to_owned());
    if scheme.eq_ignore_ascii_case("basic")
        && let Ok(decoded) = base64::engine::general_purpose::STANDARD.decode(credential)
        && let Ok(decoded) = String::from_utf8(decoded)
    {
        if let Some((_, password)) = decoded.split_once(':') {
            parts.push(password.to_owned());
        }
        parts.push(decoded);
    }
    parts
}

/// The forms a system echoes a value in: as sent; percent-encoded the ways encoders do
/// (a form's, with a space as `+` or `%20`; all but RFC 3986's unreserved characters;
/// all but letters and digits), with upper- or lower-case hex digits; JSON-escaped (with
/// `/` as `\/` too); base64 unpadded.
fn forms(value: &str) -> Vec<String> {
    let mut forms = vec![value.to_owned()];
    let form_encoded: String = url::form_urlencoded::byte_serialize(value.as_bytes()).collect();
    let unreserved = escaped(value, |b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'));
    let alphanumeric = escaped(value, |b| b.is_ascii_alphanumeric());
    for encoded in [form_encoded.replace('+', "%20"), form_encoded, unreserved, alphanumeric] {
        forms.push(lower_hex(&encoded));
        forms.push(encoded);
    }
    let escaped = serde_json::to_string(value).unwrap_or_default();
    let escaped = escaped.trim_matches('"').to_owned();
    forms.push(escaped.replace('/', "\\/"));
    forms.push(escaped);
    forms.push(base64::engine::general_purpose::STANDARD_NO_PAD.encode(value));
    forms.push(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(value));
    forms
}

/// `value` with every byte `kept` refuses percent-escaped (upper-case hex digits).
fn escaped(value: &str, kept: fn(u8) -> bool) -> String {
    value.bytes().map(|b| if kept(b) { char::from(b).to_string() } else { format!("%{b:02X}") }).collect()
}

/// Percent-escapes with lower-case hex digits.
fn lower_hex(encoded: &str) -> String {
    let mut out = String::with_capacity(encoded.len());
    let mut chars = encoded.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '%' {
            out.extend(chars.by_ref().take(2).map(|d| d.to_ascii_lowercase()));
        }
    }
    out
}

fn replace_bytes(haystack: &[u8], needle: &[u8], with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(haystack.len());
    let mut i = 0;
    while i < haystack.len() {
        if haystack[i..].starts_with(needle) {
            out.extend_from_slice(with);
            i += needle.len();
        } else {
            out.push(haystack[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::auth::AuthSettings;
    use crate::tools::CallIssue;

    fn signed(settings: AuthSettings, secret: &str, url: &str) -> Sent {
        let auth = Auth { settings: settings.clone(), secret: Some(secret.into()) };
        let request = reqwest::Client::new().get(url);
        let request = match &settings {
            AuthSettings::Bearer => request.bearer_auth(secret),
            AuthSettings::ApiKey { header } => request.header(header.as_str(), secret),
            AuthSettings::Basic { username } => request.basic_auth(username, Some(secret)),
            _ => request,
        };
        Sent::capture(request, &auth).1
    }

    #[test]
    fn a_bearer_token_is_taken_out_in_every_form_it_comes_back_in() {
        let token = "sk/live+tok en=42";
        let sent = signed(AuthSettings::Bearer, token, "https://wms.example.com/v1/orders");
        let form: String = url::form_urlencoded::byte_serialize(token.as_bytes()).collect();
        for echoed in [
            format!("Authorization: Bearer {token}"),
            format!("bad token {token}!"),
            format!("url ?access_token={form}"),
            format!("url ?t={}", form.replace('+', "%20")),
            format!("url ?t={}", lower_hex(&form)),
            format!("json {}", serde_json::to_string(token).unwrap()),
            format!("php {}", token.replace('/', "\\/")),
        ] {
            let cleaned = sent.text(&echoed);
            assert!(!cleaned.contains("live") && cleaned.contains(MARKER), "{echoed} → {cleaned}");
        }
        assert_eq!(sent.text("nothing secret here"), "nothing secret here");
    }

    #[test]
    fn basic_credentials_are_taken_out_encoded_and_decoded() {
        let sent = signed(AuthSettings::Basic { username: "svc-waybill".into() }, "pa:ss-w0rd", "https://fms.example.com/");
        let encoded = base64::engine::general_purpose::STANDARD.encode("svc-waybill:pa:ss-w0rd");
        for echoed in [format!("Basic {encoded}"), "svc-waybill:pa:ss-w0rd".to_owned(), "password pa:ss-w0rd".to_owned()] {
            let cleaned = sent.text(&echoed);
            assert!(!cleaned.contains(&encoded) && !cleaned.contains("ss-w0rd"), "{echoed} → {cleaned}");
        }
        assert!(sent.text("user svc-waybill").contains("svc-waybill"), "the user name alone is not a secret");
    }

    #[test]
    fn an_api_key_and_a_password_in_the_url_are_taken_out() {
        let sent = signed(AuthSettings::ApiKey { header: "X-Api-Key".into() }, "key-123456", "https://ops:url-pass-99@yms.example.com/v1");
        let mut body = json!({"headers": {"x-api-key": "key-123456"}, "key-123456": "as a key", "url": "https://ops:url-pass-99@yms.example.com/v1?api_key=key-123456", "n": 3});
        sent.value(&mut body);
        let text = body.to_string();
        assert!(!text.contains("key-123456") && !text.contains("url-pass-99"), "{text}");
        assert_eq!(body["n"], 3);
    }

    #[test]
    fn any_header_that_signs_the_call_is_taken_out_and_the_plain_ones_are_kept() {
        let request = reqwest::Client::new()
            .get("https://wms.example.com/v1")
            .header("Accept", "application/json")
            .header("X-Tenant-Id", "demo")
            .header("X-Facility-Id", "dc-ontario")
            .header("X-Waybill-Call", "v1.c2lnbmVk.statement");
        let (_, sent) = Sent::capture(request, &Auth { settings: AuthSettings::None, secret: None });
        assert_eq!(
            sent.text("got v1.c2lnbmVk.statement for demo at dc-ontario as application/json"),
            "got [redacted] for demo at dc-ontario as application/json"
        );
    }

    #[test]
    fn the_raw_answer_is_cleaned_before_it_is_cut() {
        let sent = Sent::of(["tok-abcdef".to_owned()]);
        let bytes = sent.bytes(format!("{}tok-abcdef{}", "x".repeat(295), "y".repeat(10)).into_bytes());
        let text = String::from_utf8(bytes).unwrap();
        assert!(!text.contains("tok-") && text.contains(MARKER));
        assert!(Sent::of(["ab".to_owned()]).needles.is_empty(), "too short to look for");
    }

    #[test]
    fn the_whole_result_is_cleaned() {
        let sent = Sent::of(["tok-abcdef".to_owned()]);
        let echoed = |at: &str| format!("{at} tok-abcdef");
        let result = ApiCallResult {
            success: false,
            system: "Acme".into(),
            operation: echoed("operation"),
            method: Some(echoed("method")),
            path: Some(echoed("path")),
            status_code: Some(401),
            data: Some(json!({"echo": "Bearer tok-abcdef", "tok-abcdef": [1, {"as a key": "tok-abcdef"}]})),
            summary: Some(echoed("summary")),
            message: Some(echoed("message")),
            error: Some("Acme answered 401: bad token tok-abcdef".into()),
            issues: vec![CallIssue { path: echoed("path"), expected: echoed("expected"), received: echoed("received"), message: echoed("message") }],
            parameters: Some(json!({"query": {"token": "tok-abcdef"}})),
            suggestions: vec![echoed("suggestion")],
            truncated: true,
            card_only: Some(json!({"data": {"echo": "tok-abcdef"}})),
        };
        let cleaned = serde_json::to_string(&sent.result(result)).unwrap();
        assert!(!cleaned.contains("tok-abcdef"), "{cleaned}");
        assert!(cleaned.contains("Acme answered 401: bad token [redacted]"), "{cleaned}");
        assert_eq!(cleaned.matches(MARKER).count(), 16, "{cleaned}");
        let untouched = json!({"id": "ORD-1", "lines": [{"sku": "POC-1"}]});
        let mut same = untouched.clone();
        sent.value(&mut same);
        assert_eq!(same, untouched);
    }
}
