//! Fetching a page for the reading tool through the guarded outbound client, and reading
//! its main text.
//!
//! The request is sent with the guarded client itself (its resolver refuses private and
//! local addresses at connect time, its redirect policy checks every hop), so a link to
//! `127.0.0.1`, or a public page that redirects to one, is refused like any other fetch.
//! The response is read here rather than by `Outbound::fetch` because the tool reports
//! where the redirects ended and looks at the type before downloading the body.

use std::time::Duration;

use futures::StreamExt;
use reqwest::StatusCode;
use reqwest::header::{ACCEPT, CONTENT_LENGTH, CONTENT_TYPE, LOCATION};
use url::Url;
use waybill_extract::{ExtractError, Format, Limits};
use waybill_tools::ToolError;
use waybill_tools::outbound::{Outbound, OutboundError};

use crate::text::{cut, site_of};

/// The most of a page that is downloaded. HTML and text past it are left unread (the
/// text is marked truncated); a larger PDF cannot be read in part and is refused.
pub const MAX_PAGE_BYTES: usize = 5 * 1024 * 1024;

/// What the tool reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Html,
    Text,
    Pdf,
}

/// A page as downloaded.
pub struct Fetched {
    pub final_url: Url,
    /// The media type, lower case, without parameters (`text/html`).
    pub content_type: String,
    pub charset: Option<String>,
    pub kind: Kind,
    pub body: Vec<u8>,
    /// Whether the body was longer than [`MAX_PAGE_BYTES`] and only its start was read.
    pub cut: bool,
}

/// A page as read.
pub struct Read {
    pub title: Option<String>,
    pub text: String,
    pub lang: Option<String>,
}

/// Downloads `url` (already checked to be http(s)).
pub async fn fetch(http: &Outbound, url: &Url, timeout: Duration, limit: usize) -> Result<Fetched, ToolError> {
    let request = http.get(url.as_str()).map_err(|e| refusal(url, e))?;
    let request = request.header(ACCEPT, "text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1").timeout(timeout);
    let (client, request) = request.build_split();
    let request = request.map_err(|_| refusal(url, OutboundError::BadUrl(url.to_string())))?;
    let response = client.execute(request).await.map_err(|e| refusal(url, describe(url, &e)))?;
    let final_url = response.url().clone();
    let status = response.status();
    if status.is_redirection() {
        // The client follows every redirect it may; one left is to where no page can be.
        let to = response.headers().get(LOCATION).and_then(|v| v.to_str().ok()).unwrap_or("nowhere");
        return Err(ToolError::Failed(format!("{final_url} redirects to {}, which is not an http(s) web page", cut(to, 200).0)));
    }
    if !status.is_success() {
        return Err(not_served(&final_url, status));
    }
    let header = response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let (media, charset) = media_type(&header);
    let declared = match media.as_str() {
        "text/html" | "application/xhtml+xml" => Some(Kind::Html),
        "text/plain" => Some(Kind::Text),
        "application/pdf" => Some(Kind::Pdf),
        // Servers that do not say what they send: the bytes tell.
        "" | "application/octet-stream" | "binary/octet-stream" => None,
        other => return Err(unreadable(&final_url, other)),
    };
    let length: Option<usize> = response.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
    if declared == Some(Kind::Pdf) && length.is_some_and(|n| n > limit) {
        return Err(too_large_pdf(&final_url, limit));
    }

    let mut body = Vec::new();
    let mut cut = false;
    let mut stream = response.bytes_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| refusal(&final_url, describe(&final_url, &e)))?;
        let room = limit - body.len();
        if chunk.len() > room {
            body.extend_from_slice(&chunk[..room]);
            cut = true;
            break;
        }
        body.extend_from_slice(&chunk);
    }

    let kind = match declared {
        Some(kind) => kind,
        None => match waybill_extract::detect("", "", &body[..body.len().min(4096)]) {
            Some(Format::Html) => Kind::Html,
            Some(Format::Pdf) => Kind::Pdf,
            Some(Format::Text | Format::Markdown | Format::Csv) => Kind::Text,
            _ => return Err(unreadable(&final_url, if media.is_empty() { "of an unknown type" } else { &media })),
        },
    };
    if kind == Kind::Pdf && cut {
        return Err(too_large_pdf(&final_url, limit));
    }
    let content_type = match (kind, media.as_str()) {
        (_, "text/html" | "application/xhtml+xml" | "text/plain" | "application/pdf") => media,
        (Kind::Html, _) => "text/html".into(),
        (Kind::Text, _) => "text/plain".into(),
        (Kind::Pdf, _) => "application/pdf".into(),
    };
    Ok(Fetched { final_url, content_type, charset, kind, body, cut })
}

/// Reads the page's main text (CPU work: run it off the async threads).
pub fn read(page: &Fetched) -> Result<Read, ToolError> {
    match page.kind {
        Kind::Html => {
            let html = decode(&page.body, page.charset.as_deref(), true);
            let read = waybill_extract::html::main_text(&html);
            Ok(Read { title: read.title, text: read.text, lang: read.lang })
        }
        Kind::Text => Ok(Read { title: None, text: tidy_text(&decode(&page.body, page.charset.as_deref(), false)), lang: None }),
        Kind::Pdf => {
            let limits = Limits { max_bytes: MAX_PAGE_BYTES, max_pages: 500, max_chars: 5_000_000, max_unzipped: 100 * 1000 * 1000, ..Limits::default() };
            let document = waybill_extract::extract(Format::Pdf, &page.body, &limits, &mut |_, _| {}).map_err(pdf_error)?;
            Ok(Read { title: document.title.clone(), text: document.text(), lang: None })
        }
    }
}

/// Text in the declared charset, else the one a `<meta>` names (HTML), else UTF-8; a
/// byte-order mark wins over both.
fn decode(bytes: &[u8], charset: Option<&str>, html: bool) -> String {
    let named = charset.map(str::to_owned).or_else(|| if html { meta_charset(bytes) } else { None });
    let encoding = named.and_then(|label| encoding_rs::Encoding::for_label(label.trim().as_bytes())).unwrap_or(encoding_rs::UTF_8);
    let (text, _, _) = encoding.decode(bytes);
    text.into_owned()
}

/// The charset a page's `<meta charset=…>` or `<meta http-equiv … content="…; charset=…">`
/// names in its first kilobytes.
fn meta_charset(bytes: &[u8]) -> Option<String> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(2048)]).to_ascii_lowercase();
    let at = head.find("charset=")? + "charset=".len();
    let value: String =
        head[at..].trim_start_matches(['"', '\'']).chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.')).collect();
    (!value.is_empty()).then_some(value)
}

/// Plain text with its line ends made `\n`, trailing spaces and runs of blank lines gone.
fn tidy_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.trim_start_matches('\u{feff}').lines() {
        let line = line.trim_end();
        if line.is_empty() {
            blank += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank > 0 { "\n\n" } else { "\n" });
        }
        blank = 0;
        out.push_str(line);
    }
    out
}

/// `text/html; charset=ISO-8859-1` → (`text/html`, `ISO-8859-1`).
fn media_type(header: &str) -> (String, Option<String>) {
    let mut parts = header.split(';');
    let media = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
    let charset =
        parts.filter_map(|p| p.split_once('=')).find(|(k, _)| k.trim().eq_ignore_ascii_case("charset")).map(|(_, v)| v.trim().trim_matches('"').to_owned());
    (media, charset.filter(|c| !c.is_empty()))
}

/// The guarded client's error for a reqwest error, however deep it is wrapped.
fn describe(url: &Url, err: &reqwest::Error) -> OutboundError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = source {
        if let Some(ours) = e.downcast_ref::<OutboundError>() {
            return ours.clone();
        }
        source = e.source();
    }
    let message = if err.is_timeout() {
        "it timed out"
    } else if err.is_redirect() {
        "it redirected too many times"
    } else if err.is_connect() {
        "could not connect"
    } else {
        "the connection failed"
    };
    OutboundError::Failed { host: url.host_str().unwrap_or_default().to_owned(), message: message.into() }
}

fn refusal(url: &Url, error: OutboundError) -> ToolError {
    ToolError::Failed(match error {
        OutboundError::Refused(host) => {
            format!("Refused to read {url}: it leads to {host}, a private or local address. Pages on internal networks and this server are not read")
        }
        OutboundError::BadUrl(to) => format!("Refused to read {url}: it leads to {to}, which is not an http(s) web page"),
        OutboundError::TooLarge { limit, .. } => format!("The page at {url} is larger than {} MB", limit / (1024 * 1024)),
        OutboundError::Failed { host, message } => format!("The page at {url} could not be read ({host}: {message})"),
    })
}

fn not_served(url: &Url, status: StatusCode) -> ToolError {
    let site = site_of(url);
    ToolError::Failed(match status.as_u16() {
        401 | 403 => format!("{site} refused to show {url}: it needs a sign-in or does not serve automated readers"),
        404 | 410 => format!("There is no page at {url} (HTTP {})", status.as_u16()),
        429 => format!("{site} is limiting requests; try reading {url} again later"),
        code @ 500..=599 => format!("{site} failed to serve {url} (HTTP {code}); try again later"),
        code => format!("{site} did not serve {url} (HTTP {code} {})", status.canonical_reason().unwrap_or_default()),
    })
}

fn unreadable(url: &Url, media: &str) -> ToolError {
    ToolError::Failed(format!("{url} is {media}, not a web page: readWebPage reads HTML pages, plain text and PDF documents only"))
}

fn too_large_pdf(url: &Url, limit: usize) -> ToolError {
    ToolError::Failed(format!("The PDF at {url} is larger than {} MB, more than readWebPage downloads", limit / (1024 * 1024)))
}

fn pdf_error(error: ExtractError) -> ToolError {
    ToolError::Failed(match error {
        ExtractError::Encrypted(_) => "The PDF is password-protected, so its text cannot be read".into(),
        ExtractError::Empty(_) => "The PDF has no text to read; it may be a scanned image".into(),
        ExtractError::TooManyPages { pages, max } => format!("The PDF has {pages} pages; at most {max} are read"),
        ExtractError::TooLarge(_) => "The PDF holds more text than can be read at once".into(),
        ExtractError::Malformed(_) | ExtractError::Unsupported(_) => "The PDF could not be read; it may be damaged".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_types_and_charsets() {
        assert_eq!(media_type("Text/HTML; Charset=\"ISO-8859-1\""), ("text/html".into(), Some("ISO-8859-1".into())));
        assert_eq!(media_type(""), (String::new(), None));
        assert_eq!(meta_charset(b"<html><head><meta charset=\"windows-1252\"></head>").as_deref(), Some("windows-1252"));
        assert_eq!(meta_charset(b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=shift_jis\">").as_deref(), Some("shift_jis"));
        assert_eq!(decode(b"caf\xe9", Some("iso-8859-1"), true), "café");
        assert_eq!(decode(b"<meta charset=windows-1252><p>caf\xe9</p>", None, true), "<meta charset=windows-1252><p>café</p>");
        assert_eq!(decode("café".as_bytes(), None, false), "café");
    }

    #[test]
    fn plain_text_is_tidied() {
        assert_eq!(tidy_text("\u{feff}Title  \r\n\r\n\r\n\r\nBody line\r\nnext  \n\n"), "Title\n\nBody line\nnext");
    }
}
