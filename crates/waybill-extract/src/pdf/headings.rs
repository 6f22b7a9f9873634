//! Headings in a PDF's text. A PDF has no markup, but the documents people put in a
//! knowledge base (SOPs, contracts, manuals) number their headings — `6 Variances`,
//! `6.1 Recounts`, `2. Scope` — or set them in capitals. A line of that shape starts a
//! section under it, so a passage can be cited by its heading as well as its page; the
//! headings open at the end of a page carry over to the next.
//!
//! Only short lines count, and not ones that read as a sentence (ending in `.`, `,`, `;`
//! or `:`, or starting in lower case after the number), so a numbered list of steps stays
//! text.

use crate::Section;

/// The longest line taken for a heading, in characters.
const MAX_HEADING_CHARS: usize = 80;
/// The most words after the number.
const MAX_HEADING_WORDS: usize = 10;

/// The pages' tidied text (paragraphs split by a blank line) as sections under the
/// headings found in it, each keeping its page.
pub(super) fn sections(pages: Vec<(u32, String)>) -> Vec<Section> {
    let mut path: Vec<(u8, String)> = Vec::new();
    let mut sections = Vec::new();
    for (page, text) in pages {
        let mut current = String::new();
        let mut flush = |current: &mut String, path: &[(u8, String)]| {
            let text = current.trim_matches('\n').to_owned();
            current.clear();
            if !text.is_empty() {
                sections.push(Section { page: Some(page), headings: path.iter().map(|(_, h)| h.clone()).collect(), text });
            }
        };
        for line in text.split('\n') {
            if let Some((level, heading)) = heading(line) {
                flush(&mut current, &path);
                path.retain(|(l, _)| *l < level);
                path.push((level, heading));
                continue;
            }
            if !current.is_empty() || !line.is_empty() {
                current.push_str(line);
                current.push('\n');
            }
        }
        flush(&mut current, &path);
    }
    sections
}

/// A heading's level (1 outermost) and text, when `line` reads as one.
fn heading(line: &str) -> Option<(u8, String)> {
    let line = line.trim();
    if line.is_empty() || line.chars().count() > MAX_HEADING_CHARS || line.ends_with(['.', ',', ';', ':']) {
        return None;
    }
    numbered(line).or_else(|| capitals(line))
}

/// `6 Variances`, `6.1 Recounts`, `2. Scope`: the number's parts give the level.
fn numbered(line: &str) -> Option<(u8, String)> {
    let (number, rest) = line.split_once(char::is_whitespace)?;
    let number = number.strip_suffix('.').unwrap_or(number);
    let parts: Vec<&str> = number.split('.').collect();
    if parts.len() > 4 || parts.iter().any(|p| p.is_empty() || p.len() > 2 || !p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let rest = rest.trim();
    let first = rest.chars().next()?;
    let words = rest.split_whitespace().count();
    if !first.is_alphabetic() || first.is_lowercase() || words > MAX_HEADING_WORDS {
        return None;
    }
    Some((u8::try_from(parts.len()).unwrap_or(4), line.to_owned()))
}

/// `HAZMAT HANDLING`: every letter a capital, at least four of them, and no digits
/// leading (a part number or a code is not a heading).
fn capitals(line: &str) -> Option<(u8, String)> {
    let letters: Vec<char> = line.chars().filter(|c| c.is_alphabetic()).collect();
    let cased = letters.iter().all(|c| c.is_uppercase());
    let starts_with_letter = line.chars().next().is_some_and(char::is_alphabetic);
    let words = line.split_whitespace().count();
    (letters.len() >= 4 && cased && starts_with_letter && words <= MAX_HEADING_WORDS && line.chars().filter(|c| c.is_ascii_digit()).count() < 3)
        .then(|| (1, line.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_and_capital_lines_are_headings_and_sentences_are_not() {
        assert_eq!(heading("6 Variances"), Some((1, "6 Variances".into())));
        assert_eq!(heading("6.1 Recounts over 2 %"), Some((2, "6.1 Recounts over 2 %".into())));
        assert_eq!(heading("2. Scope"), Some((1, "2. Scope".into())));
        assert_eq!(heading("HAZMAT HANDLING"), Some((1, "HAZMAT HANDLING".into())));
        for text in [
            "1. Check the seal number against the waybill.",
            "2 pallets were damaged",
            "Receiving SOP",
            "Refuse damaged pallets",
            "SKU-12345",
            "12 345 678",
            "Rates valid until March:",
            "OK",
        ] {
            assert_eq!(heading(text), None, "{text}");
        }
    }

    #[test]
    fn headings_nest_and_carry_over_to_the_next_page() {
        let pages = vec![
            (1, "Cycle Count SOP\n\n6 Variances\nA variance over 2 % is recounted.\n\n6.1 Recounts\nA second counter recounts.".to_owned()),
            (2, "The supervisor signs the recount.\n\n7 Reporting\nVariances are reported weekly.".to_owned()),
        ];
        let found: Vec<(Option<u32>, Vec<String>, String)> = sections(pages).into_iter().map(|s| (s.page, s.headings, s.text)).collect();
        let headings = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            found,
            [
                (Some(1), headings(&[]), "Cycle Count SOP".to_owned()),
                (Some(1), headings(&["6 Variances"]), "A variance over 2 % is recounted.".to_owned()),
                (Some(1), headings(&["6 Variances", "6.1 Recounts"]), "A second counter recounts.".to_owned()),
                (Some(2), headings(&["6 Variances", "6.1 Recounts"]), "The supervisor signs the recount.".to_owned()),
                (Some(2), headings(&["7 Reporting"]), "Variances are reported weekly.".to_owned()),
            ]
        );
    }
}
