//! Plain text: decoding (UTF-8 with or without a byte-order mark, UTF-16 either way
//! round) and paragraphs.

use crate::sections::SectionsBuilder;
use crate::{Document, ExtractError, Limits, progress_bytes};

pub(crate) fn extract(bytes: &[u8], limits: &Limits, progress: &mut dyn FnMut(u32, u32)) -> Result<Document, ExtractError> {
    let total = bytes.len() as u64;
    progress_bytes(progress, 0, total);
    let text = decode(bytes);
    let mut builder = SectionsBuilder::new(limits);
    for paragraph in paragraphs(&text) {
        builder.paragraph(&paragraph)?;
    }
    progress_bytes(progress, total, total);
    Ok(Document { title: None, pages: None, sections: builder.finish() })
}

/// Blocks of text separated by blank (or whitespace-only) lines.
pub(crate) fn paragraphs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            if !current.is_empty() {
                current.push('\n');
            }
            current.push_str(line.trim_end());
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Text from bytes, never refusing: byte-order marks pick UTF-8 or UTF-16; without one,
/// UTF-16 is recognised by its zero bytes, and invalid UTF-8 becomes U+FFFD. Line endings
/// become `\n`.
pub(crate) fn decode(bytes: &[u8]) -> String {
    let text = if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        String::from_utf8_lossy(rest).into_owned()
    } else if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        utf16(rest, u16::from_le_bytes)
    } else if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        utf16(rest, u16::from_be_bytes)
    } else {
        match bom_less_utf16(bytes) {
            Some(true) => utf16(bytes, u16::from_le_bytes),
            Some(false) => utf16(bytes, u16::from_be_bytes),
            None => String::from_utf8_lossy(bytes).into_owned(),
        }
    };
    normalise_line_ends(&text)
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    let mut text: String = char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect();
    if bytes.len() % 2 == 1 {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    text
}

/// `Some(true)` for little-endian UTF-16 without a byte-order mark, `Some(false)` for
/// big-endian: mostly-ASCII UTF-16 has a zero in every other byte, which UTF-8 text never
/// has.
pub(crate) fn bom_less_utf16(bytes: &[u8]) -> Option<bool> {
    let sample = &bytes[..bytes.len().min(4096) & !1];
    if sample.len() < 4 {
        return None;
    }
    let pairs = sample.len() / 2;
    let even_zero = sample.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd_zero = sample.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
    if odd_zero * 10 >= pairs * 3 && even_zero * 20 <= pairs {
        Some(true)
    } else if even_zero * 10 >= pairs * 3 && odd_zero * 20 <= pairs {
        Some(false)
    } else {
        None
    }
}

fn normalise_line_ends(text: &str) -> String {
    if !text.contains('\r') {
        return text.to_string();
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Whether the first bytes of a file look like text rather than binary data.
pub(crate) fn looks_like_text(head: &[u8]) -> bool {
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return true;
    }
    if bom_less_utf16(head).is_some() {
        return true;
    }
    let sample = &head[..head.len().min(4096)];
    let binary = sample.iter().filter(|&&b| b == 0 || (b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t' | 0x0C))).count();
    binary * 100 <= sample.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    fn be(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_be_bytes).collect()
    }

    #[test]
    fn decodes_boms_and_bom_less_utf16() {
        assert_eq!(decode(b"\xEF\xBB\xBFcaf\xC3\xA9"), "café");
        let mut with_bom = vec![0xFF, 0xFE];
        with_bom.extend(le("Dock 7 — 倉庫\r\nline"));
        assert_eq!(decode(&with_bom), "Dock 7 — 倉庫\nline");
        let mut be_bom = vec![0xFE, 0xFF];
        be_bom.extend(be("Gate B"));
        assert_eq!(decode(&be_bom), "Gate B");
        assert_eq!(decode(&le("Pallet count: 12")), "Pallet count: 12");
        assert_eq!(decode(&be("Pallet count: 12")), "Pallet count: 12");
    }

    #[test]
    fn invalid_utf8_is_replaced_not_refused() {
        assert_eq!(decode(b"ok \xFF\xFE\xFD end"), "ok \u{FFFD}\u{FFFD}\u{FFFD} end");
        assert_eq!(decode(b"caf\xE9"), "caf\u{FFFD}");
    }

    #[test]
    fn paragraphs_split_on_blank_lines() {
        assert_eq!(paragraphs("a\nb\n\n\n c \n \t \nd"), ["a\nb", " c", "d"]);
    }
}
