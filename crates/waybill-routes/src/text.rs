//! What the API calls blank and printable, defined once so the server and its OpenAPI
//! document agree character for character: a value the document calls valid is never
//! refused, and one it calls invalid is never taken.
//!
//! Blank means made only of ASCII spaces, tabs, line feeds, carriage returns, vertical
//! tabs and form feeds — the set every regex dialect agrees on (Unicode spaces differ
//! between JavaScript, Python and Rust). Printable means without control characters
//! (Unicode category Cc).

/// The characters trimmed from names and titles.
pub const SPACE: &[char] = &[' ', '\t', '\n', '\r', '\u{b}', '\u{c}'];

/// `pattern` of a text that must not be blank: it holds one character outside [`SPACE`].
pub const NOT_BLANK_PATTERN: &str = "[^ \\t\\n\\r\\u000b\\u000c]";

/// `pattern` of a text without control characters.
pub const PRINTABLE_PATTERN: &str = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$";

pub fn trim(text: &str) -> &str {
    text.trim_matches(SPACE)
}

pub fn is_blank(text: &str) -> bool {
    trim(text).is_empty()
}

pub fn is_printable(text: &str) -> bool {
    !text.chars().any(char::is_control)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_means_ascii_space_only_and_printable_means_no_controls() {
        assert!(is_blank(" \t\n\r\u{b}\u{c}"));
        assert!(!is_blank("\u{3000}"), "an ideographic space is content, as the pattern says");
        assert_eq!(trim("  Dock 4\t"), "Dock 4");
        assert!(is_printable("Ada Lovelace 送货"));
        assert!(!is_printable("a\u{0}b") && !is_printable("a\u{85}") && !is_printable("\u{7f}"));
    }
}
