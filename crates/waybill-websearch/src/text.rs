//! Text and links from outside: providers' titles and snippets may carry markup
//! (`<strong>`, entities, even `<script>`), result links may name any scheme. What the
//! tools pass on is plain text and http(s) links only.

use url::Url;

/// `html` as plain text on one line: tags dropped (scripts and styles with their
/// content), entities decoded, whitespace collapsed, at most `max` characters.
pub fn plain(html: &str, max: usize) -> String {
    let text = if html.contains(['<', '&']) { waybill_extract::html::main_text(html).text } else { html.to_owned() };
    let words: Vec<&str> = text.split_whitespace().collect();
    cut(&words.join(" "), max).0
}

/// The first `max` characters of `text` (never splitting a character), with an ellipsis
/// when cut, and whether it was.
pub fn cut(text: &str, max: usize) -> (String, bool) {
    match text.char_indices().nth(max) {
        Some((at, _)) => (format!("{}…", text[..at].trim_end()), true),
        None => (text.to_owned(), false),
    }
}

/// `raw` as an absolute http(s) link with a host; `None` for anything else
/// (`javascript:`, `file:`, `data:`, relative paths).
pub fn web_url(raw: &str) -> Option<Url> {
    let url = Url::parse(raw.trim()).ok()?;
    (matches!(url.scheme(), "http" | "https") && url.host_str().is_some_and(|h| !h.is_empty())).then_some(url)
}

/// The site a link is on, as people read it: its host without `www.`.
pub fn site_of(url: &Url) -> String {
    let host = url.host_str().unwrap_or_default();
    host.strip_prefix("www.").unwrap_or(host).to_owned()
}

/// A provider's date as the card shows it: `2024-05-01` from an ISO date-time, else the
/// provider's own words ("2 days ago"), bounded.
pub fn date(raw: &str) -> Option<String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return None;
    }
    let bytes = raw.as_bytes();
    let iso = bytes.len() >= 10 && bytes[..10].iter().enumerate().all(|(i, b)| if i == 4 || i == 7 { *b == b'-' } else { b.is_ascii_digit() });
    Some(if iso { raw[..10].to_owned() } else { plain(raw, 40) }).filter(|d| !d.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_becomes_plain_text_and_scripts_disappear() {
        assert_eq!(plain("Pallet <strong>racking</strong> &amp; shelving <script>alert(1)</script>prices", 200), "Pallet racking & shelving prices");
        assert_eq!(plain("<b>Bold</b>\n\n  <i>and</i>   spaced &lt;tag&gt; &#8364;5", 200), "Bold and spaced <tag> €5");
        assert_eq!(plain("<style>p{color:red}</style><p>Only this</p>", 200), "Only this");
        assert_eq!(plain("Plain text stays", 200), "Plain text stays");
        assert_eq!(plain("abcdef", 3), "abc…");
        assert_eq!(plain("", 10), "");
    }

    #[test]
    fn only_http_links_with_a_host_are_links() {
        assert_eq!(web_url(" https://www.example.com/a?b=1 ").map(|u| u.to_string()).as_deref(), Some("https://www.example.com/a?b=1"));
        for bad in ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,<b>x</b>", "/relative", "ftp://example.com/x", "http://", "mailto:a@b.c"] {
            assert!(web_url(bad).is_none(), "{bad}");
        }
        assert_eq!(site_of(&web_url("https://www.Example.com/x").unwrap()), "example.com");
        assert_eq!(site_of(&web_url("http://racks.example.org:8080/").unwrap()), "racks.example.org");
    }

    #[test]
    fn dates_read_short() {
        assert_eq!(date("2024-05-01T08:00:00").as_deref(), Some("2024-05-01"));
        assert_eq!(date("2024-05-01").as_deref(), Some("2024-05-01"));
        assert_eq!(date("2 days ago").as_deref(), Some("2 days ago"));
        assert_eq!(date("  ").as_deref(), None);
    }
}
