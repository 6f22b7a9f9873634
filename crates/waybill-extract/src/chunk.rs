//! Cutting sections into passages for the index.
//!
//! A passage is a contiguous slice of one section's text, so it never mixes two pages or
//! two sections. Cuts fall on the strongest boundary in the second half of the window —
//! paragraph, then sentence or line, then word — so passages read as whole thoughts, and
//! a word is cut only when it alone is longer than a passage. Chinese and Japanese have no
//! spaces: a break is allowed between any two of their characters, and after 。！？ as
//! after a full stop. Lengths are counted in characters, not bytes.

use crate::Document;

/// A good passage length for retrieval, in characters.
pub const DEFAULT_TARGET: usize = 1000;

/// Passages shorter than this would carry too little context to be found again.
const MIN_TARGET: usize = 20;

/// One passage, ready to index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// Position in the document, from 0.
    pub seq: u32,
    /// The 1-based page (PDFs).
    pub page: Option<u32>,
    /// The heading path joined with " › ", empty when there are no headings.
    pub section: String,
    pub text: String,
}

/// Splits a document's sections into passages of about `target` characters (at least
/// 20). A passage starts with up to 15% of the end of the previous passage of the same
/// section — whole sentences when they fit — so text near a cut is found with its
/// context.
pub fn chunk(doc: &Document, target: usize) -> Vec<Chunk> {
    let target = target.max(MIN_TARGET);
    let mut chunks = Vec::new();
    for section in &doc.sections {
        let path = section.headings.join(" › ");
        for text in split(&section.text, target) {
            chunks.push(Chunk { seq: chunks.len() as u32, page: section.page, section: path.clone(), text: text.to_string() });
        }
    }
    chunks
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    Char,
    Word,
    Sentence,
    Paragraph,
}

/// A place where a passage may start or end: the start of a token.
#[derive(Debug, Clone, Copy)]
struct Bound {
    byte: usize,
    /// Characters from the window's start.
    chars: usize,
    strength: Strength,
}

/// The window starting at `start` (always the start of a token): the places to cut within
/// `target` characters, and whether the rest of the text fits.
struct Window {
    bounds: Vec<Bound>,
    rest_fits: bool,
    /// Where the character after `target` starts, for a cut through an over-long word.
    hard_cut: usize,
}

fn scan(text: &str, start: usize, target: usize) -> Window {
    let mut bounds = Vec::new();
    let mut gap: Option<Strength> = None;
    let mut newlines = 0;
    let mut prev: Option<char> = None;
    let mut sentence_end = false;
    let mut cjk_sentence_end = false;
    let mut hard_cut = text.len();
    for (n, (offset, c)) in text[start..].char_indices().enumerate() {
        if n > target {
            return Window { bounds, rest_fits: false, hard_cut };
        }
        if n == target {
            hard_cut = start + offset;
        }
        if c.is_whitespace() {
            if c == '\n' {
                newlines += 1;
            }
            let here = match newlines {
                0 if sentence_end => Strength::Sentence,
                0 => Strength::Word,
                1 => Strength::Sentence,
                _ => Strength::Paragraph,
            };
            gap = gap.max(Some(here));
            continue;
        }
        if gap.is_none()
            && let Some(p) = prev
            && !is_closer(c)
        {
            if cjk_sentence_end || (sentence_end && is_cjk(c)) {
                gap = Some(Strength::Sentence);
            } else if is_cjk(p) || is_cjk(c) {
                gap = Some(Strength::Word);
            }
        }
        if let (Some(strength), Some(_)) = (gap, prev) {
            bounds.push(Bound { byte: start + offset, chars: n, strength });
        }
        if is_terminator(c) {
            sentence_end = true;
            cjk_sentence_end = is_cjk_terminator(c);
        } else if !(is_closer(c) && sentence_end) {
            sentence_end = false;
            cjk_sentence_end = false;
        }
        gap = None;
        newlines = 0;
        prev = Some(c);
    }
    Window { bounds, rest_fits: true, hard_cut }
}

fn split(text: &str, target: usize) -> Vec<&str> {
    let overlap = target * 15 / 100;
    let mut out = Vec::new();
    let mut start = text.len() - text.trim_start().len();
    while start < text.len() {
        let window = scan(text, start, target);
        if window.rest_fits {
            push_trimmed(&mut out, &text[start..]);
            break;
        }
        let cut = best_cut(&window.bounds, target).unwrap_or(Bound { byte: window.hard_cut, chars: target, strength: Strength::Char });
        push_trimmed(&mut out, &text[start..cut.byte]);
        let from = cut.chars.saturating_sub(overlap);
        let in_overlap = || window.bounds.iter().filter(move |b| b.chars >= from && b.chars < cut.chars);
        // Start the overlap on the strongest boundary, as early as possible. Mid-sentence
        // only when the cut itself split a sentence, so that the sentence appears whole.
        let weakest = cut.strength.min(Strength::Sentence);
        let strongest = in_overlap().map(|b| b.strength).max();
        start = strongest.filter(|s| *s >= weakest).and_then(|s| in_overlap().find(|b| b.strength == s)).map_or(cut.byte, |b| b.byte);
    }
    out
}

/// The strongest boundary in the second half of the window, the furthest of equals; else
/// the furthest boundary at all.
fn best_cut(bounds: &[Bound], target: usize) -> Option<Bound> {
    let half = target / 2;
    bounds.iter().filter(|b| b.chars >= half).max_by_key(|b| (b.strength, b.chars)).or_else(|| bounds.last()).copied()
}

fn push_trimmed<'a>(out: &mut Vec<&'a str>, text: &'a str) {
    let text = text.trim();
    if !text.is_empty() {
        out.push(text);
    }
}

fn is_terminator(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '…') || is_cjk_terminator(c)
}

fn is_cjk_terminator(c: char) -> bool {
    matches!(c, '。' | '！' | '？' | '｡' | '．')
}

/// Closing quotes and brackets stay with the sentence they end.
fn is_closer(c: char) -> bool {
    matches!(c, '"' | '\'' | ')' | ']' | '’' | '”' | '」' | '』' | '）' | '》' | '〉' | '】' | '〕')
}

/// Scripts written without spaces between words, where any two characters may be split.
fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{303F}' // CJK punctuation
        | '\u{3040}'..='\u{30FF}' // kana
        | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FF00}'..='\u{FFEF}' // full-width forms
        | '\u{20000}'..='\u{2FA1F}'
        | '\u{0E00}'..='\u{0E7F}' // Thai
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Section;

    fn len(s: &str) -> usize {
        s.chars().count()
    }

    #[test]
    fn short_text_is_one_chunk() {
        assert_eq!(split("  One line. ", 100), ["One line."]);
        assert!(split("   \n ", 100).is_empty());
    }

    #[test]
    fn cuts_on_paragraphs_then_sentences_with_overlap() {
        let text = (1..=6)
            .map(|i| format!("Order {i} is wrapped before loading. Labels face aisle {i}. Damaged pallets go to bay {i}."))
            .collect::<Vec<_>>()
            .join("\n\n");
        let chunks = split(&text, 200);
        assert!(chunks.len() >= 3, "{chunks:?}");
        for c in &chunks {
            assert!(len(c) <= 200, "{c}");
            assert!(c.ends_with('.'), "cut inside a sentence: {c:?}");
        }
        for pair in chunks.windows(2) {
            let shared = overlap(pair[0], pair[1]);
            assert!((10..=30).contains(&shared), "{shared} shared between {pair:?}");
        }
    }

    /// Characters at the end of `a` that `b` starts with.
    fn overlap(a: &str, b: &str) -> usize {
        b.char_indices().map(|(i, c)| i + c.len_utf8()).filter(|&end| a.ends_with(&b[..end])).map(|end| len(&b[..end])).max().unwrap_or(0)
    }

    #[test]
    fn never_cuts_inside_a_word() {
        let text = "containerisation ".repeat(100);
        let words: Vec<&str> = text.split_whitespace().collect();
        for c in split(&text, 100) {
            assert!(len(c) <= 100);
            for w in c.split_whitespace() {
                assert!(words.contains(&w), "{w}");
            }
        }
    }

    #[test]
    fn cuts_a_word_longer_than_a_chunk() {
        let token = "x".repeat(250);
        let chunks = split(&token, 100);
        assert_eq!(chunks.concat(), token);
        assert!(chunks.iter().all(|c| len(c) <= 100));
    }

    #[test]
    fn cjk_is_counted_in_characters_and_cut_after_sentence_marks() {
        let sentence = "倉庫内ではヘルメットを着用してください。";
        let text = sentence.repeat(40);
        let chunks = split(&text, 100);
        assert!(chunks.len() >= 8, "{}", chunks.len());
        for c in &chunks {
            assert!(len(c) <= 100, "{}", len(c));
            assert!(c.ends_with('。'), "{c}");
            assert!(c.starts_with('倉'), "{c}");
        }
        let once: String = chunks[0].to_string();
        assert!(once.len() > 100 * 2, "bytes are not the measure");
        let mut marks = text.clone();
        marks.retain(|c| c == '。');
        assert_eq!(marks.chars().count(), 40);
    }

    #[test]
    fn cjk_without_marks_is_cut_between_characters() {
        let text = "中".repeat(350);
        let chunks = split(&text, 100);
        assert!(chunks.iter().all(|c| len(c) <= 100 && len(c) >= 50));
        assert_eq!(chunks.last().unwrap().chars().last(), Some('中'));
    }

    #[test]
    fn closing_quotes_stay_with_their_sentence() {
        let text = "「出荷は十六時までです。」".repeat(20);
        for c in split(&text, 50) {
            assert!(c.ends_with('」'), "{c}");
        }
    }

    #[test]
    fn sections_and_pages_are_never_mixed() {
        let doc = Document {
            title: None,
            pages: Some(2),
            sections: vec![
                Section { page: Some(1), headings: vec![], text: "Page one words. ".repeat(30) },
                Section { page: Some(2), headings: vec!["Safety".into(), "Forklifts".into()], text: "Page two words. ".repeat(30) },
            ],
        };
        let chunks = chunk(&doc, 120);
        assert!(chunks.len() > 4);
        for (i, c) in chunks.iter().enumerate() {
            assert_eq!(c.seq as usize, i);
            match c.page {
                Some(1) => {
                    assert!(!c.text.contains("two"));
                    assert_eq!(c.section, "");
                }
                Some(2) => {
                    assert!(!c.text.contains("one"));
                    assert_eq!(c.section, "Safety › Forklifts");
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn default_target_gives_about_a_thousand_characters() {
        let text = "The carrier collects at 16:00 from dock 3, and late pallets wait for the next day. ".repeat(200);
        let doc = Document { title: None, pages: None, sections: vec![Section { text, ..Section::default() }] };
        let chunks = chunk(&doc, DEFAULT_TARGET);
        for c in &chunks[..chunks.len() - 1] {
            let n = len(&c.text);
            assert!((500..=1000).contains(&n), "{n}");
        }
    }
}
