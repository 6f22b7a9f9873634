//! File names and types as they go back to a browser.
//!
//! An uploaded name may carry path separators, control characters or bidirectional
//! overrides (`"invoice\u{202E}fdp.exe"` shows as "invoiceexe.pdf"); [`sanitize`] removes them
//! before the name is stored. Only types a browser cannot run as part of our origin are
//! served inline ([`served_inline`]); HTML, SVG, XML and anything unknown download.

/// Longest stored name, in characters.
const MAX_NAME_CHARS: usize = 200;

/// Characters that change the direction text is shown in, or hide themselves.
fn is_invisible_control(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{061C}' | '\u{FEFF}')
}

/// The last path component of `name`, without control or direction characters,
/// at most 200 characters, never empty, never `.` or `..`.
pub fn sanitize(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = last.chars().filter(|c| !c.is_control() && !is_invisible_control(*c)).take(MAX_NAME_CHARS).collect();
    let clean = clean.trim().trim_start_matches('.').trim();
    if clean.is_empty() { "file".to_owned() } else { clean.to_owned() }
}

/// The media type for a stored file: by its extension when that is known, else what
/// the client declared, else `application/octet-stream`.
pub fn media_type(name: &str, declared: Option<&str>) -> String {
    if let Some(guess) = mime_guess::from_path(name).first_raw() {
        return guess.to_owned();
    }
    declared
        .map(|d| d.split(';').next().unwrap_or_default().trim().to_ascii_lowercase())
        .filter(|d| d.contains('/') && d.chars().all(|c| c.is_ascii_alphanumeric() || "/.+-_".contains(c)))
        .unwrap_or_else(|| "application/octet-stream".to_owned())
}

/// Types that cannot run script in a browser tab of our origin.
pub fn served_inline(media_type: &str) -> bool {
    matches!(
        media_type,
        "image/png"
            | "image/jpeg"
            | "image/gif"
            | "image/webp"
            | "image/avif"
            | "image/bmp"
            | "application/pdf"
            | "text/plain"
            | "text/csv"
            | "text/markdown"
            | "application/json"
    ) || media_type.starts_with("video/")
        || media_type.starts_with("audio/")
}

/// A `Content-Disposition` value: an ASCII fallback name and the exact UTF-8 name.
pub fn content_disposition(inline: bool, name: &str) -> String {
    let name = sanitize(name);
    let fallback: String = name.chars().map(|c| if c.is_ascii() && !matches!(c, '"' | '\\') && !c.is_ascii_control() { c } else { '_' }).collect();
    let encoded: String =
        name.bytes().map(|b| if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect();
    format!("{}; filename=\"{fallback}\"; filename*=UTF-8''{encoded}", if inline { "inline" } else { "attachment" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_paths_controls_and_direction_overrides() {
        assert_eq!(sanitize("../../etc/passwd"), "passwd");
        assert_eq!(sanitize("C:\\Users\\ops\\manifest.csv"), "manifest.csv");
        assert_eq!(sanitize("invoice\u{202E}fdp.exe"), "invoicefdp.exe");
        assert_eq!(sanitize("a\r\nb\0c.txt"), "abc.txt");
        assert_eq!(sanitize(".."), "file");
        assert_eq!(sanitize(".bashrc"), "bashrc");
        assert_eq!(sanitize(""), "file");
        assert_eq!(sanitize("送货单.pdf"), "送货单.pdf");
        assert_eq!(sanitize(&"x".repeat(500)).chars().count(), 200);
    }

    #[test]
    fn only_inert_types_are_inline_and_types_follow_the_extension() {
        assert!(served_inline("image/png") && served_inline("application/pdf") && served_inline("video/mp4"));
        assert!(
            !served_inline("text/html") && !served_inline("image/svg+xml") && !served_inline("application/xml") && !served_inline("application/octet-stream")
        );
        assert_eq!(media_type("page.html", Some("image/png")), "text/html", "the extension wins over a declared type");
        assert_eq!(media_type("blob", Some("Image/PNG; q=1")), "image/png");
        assert_eq!(media_type("blob", Some("<script>")), "application/octet-stream");
        assert_eq!(media_type("x.csv", None), "text/csv");
    }

    #[test]
    fn dispositions_quote_safely_and_carry_the_exact_name() {
        assert_eq!(content_disposition(true, "dock 7.pdf"), "inline; filename=\"dock 7.pdf\"; filename*=UTF-8''dock%207.pdf");
        let header = content_disposition(false, "a\"b\r\nSet-Cookie: x.html");
        assert!(!header.contains('\r') && !header.contains('\n'), "{header}");
        assert!(header.starts_with("attachment; filename=\"a_bSet-Cookie: x.html\""), "{header}");
        assert!(content_disposition(false, "送货单.pdf").ends_with("filename*=UTF-8''%E9%80%81%E8%B4%A7%E5%8D%95.pdf"));
    }
}
