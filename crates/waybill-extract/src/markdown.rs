//! Markdown: `#` and underlined headings make the section path; code blocks are kept as
//! text; links and images become their text; front matter is dropped.

use crate::sections::SectionsBuilder;
use crate::{Document, ExtractError, Limits, progress_bytes, text};

pub(crate) fn extract(bytes: &[u8], limits: &Limits, progress: &mut dyn FnMut(u32, u32)) -> Result<Document, ExtractError> {
    let total = bytes.len() as u64;
    progress_bytes(progress, 0, total);
    let source = text::decode(bytes);
    let mut builder = SectionsBuilder::new(limits);
    let mut title = None;
    parse(&source, &mut builder, &mut title)?;
    progress_bytes(progress, total, total);
    Ok(Document { title, pages: None, sections: builder.finish() })
}

fn parse(source: &str, out: &mut SectionsBuilder, title: &mut Option<String>) -> Result<(), ExtractError> {
    let lines: Vec<&str> = source.lines().collect();
    let mut i = skip_front_matter(&lines);
    let mut paragraph: Vec<String> = Vec::new();
    let mut heading = |out: &mut SectionsBuilder, level: u8, text: &str| {
        let text = inline(text);
        if level == 1 && title.is_none() && !text.trim().is_empty() {
            *title = Some(text.trim().to_string());
        }
        out.heading(level, &text)
    };
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(fence) = fence_of(trimmed).filter(|_| indent < 4) {
            flush(out, &mut paragraph)?;
            let mut code = Vec::new();
            i += 1;
            while i < lines.len() && !closes_fence(lines[i], fence) {
                code.push(lines[i]);
                i += 1;
            }
            out.paragraph(&code.join("\n"))?;
            i += 1;
            continue;
        }
        if trimmed.is_empty() {
            flush(out, &mut paragraph)?;
        } else if let Some((level, text)) = atx_heading(trimmed).filter(|_| indent < 4) {
            flush(out, &mut paragraph)?;
            heading(out, level, text)?;
        } else if let Some(level) = setext_underline(trimmed).filter(|_| !paragraph.is_empty()) {
            let text = paragraph.join(" ");
            paragraph.clear();
            heading(out, level, &text)?;
        } else if is_thematic_break(trimmed) {
            flush(out, &mut paragraph)?;
        } else if is_link_definition(trimmed) {
            // A reference target is a URL, not prose.
        } else {
            let content = trimmed.trim_start_matches('>').trim_start();
            paragraph.push(inline(content));
        }
        i += 1;
    }
    flush(out, &mut paragraph)
}

fn flush(out: &mut SectionsBuilder, paragraph: &mut Vec<String>) -> Result<(), ExtractError> {
    if !paragraph.is_empty() {
        out.paragraph(&paragraph.join("\n"))?;
        paragraph.clear();
    }
    Ok(())
}

/// Index of the first line after YAML (`---`) or TOML (`+++`) front matter.
fn skip_front_matter(lines: &[&str]) -> usize {
    let Some(first) = lines.first().map(|l| l.trim_end()) else {
        return 0;
    };
    if first != "---" && first != "+++" {
        return 0;
    }
    lines
        .iter()
        .skip(1)
        .position(|l| {
            let l = l.trim_end();
            l == first || (first == "---" && l == "...")
        })
        .map_or(0, |end| end + 2)
}

fn fence_of(line: &str) -> Option<&str> {
    let marker = line.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let run = line.len() - line.trim_start_matches(marker).len();
    (run >= 3).then(|| &line[..run])
}

fn closes_fence(line: &str, fence: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with(fence) && trimmed.trim_start_matches(&fence[..1]).is_empty()
}

fn atx_heading(line: &str) -> Option<(u8, &str)> {
    let hashes = line.len() - line.trim_start_matches('#').len();
    if !(1..=6).contains(&hashes) {
        return None;
    }
    let rest = &line[hashes..];
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return None;
    }
    let rest = rest.trim();
    let without_closing = rest.trim_end_matches('#');
    let text = if without_closing.is_empty() || without_closing.ends_with([' ', '\t']) { without_closing.trim_end() } else { rest };
    Some((hashes as u8, text))
}

fn setext_underline(line: &str) -> Option<u8> {
    let line = line.trim_end();
    if line.is_empty() {
        return None;
    }
    if line.chars().all(|c| c == '=') {
        Some(1)
    } else if line.chars().all(|c| c == '-') {
        Some(2)
    } else {
        None
    }
}

fn is_thematic_break(line: &str) -> bool {
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    compact.len() >= 3 && ['-', '*', '_'].iter().any(|m| compact.chars().all(|c| c == *m))
}

fn is_link_definition(line: &str) -> bool {
    line.starts_with('[') && line.find("]:").is_some_and(|end| !line[1..end].contains(']'))
}

/// Inline markup to plain text: links and images become their text, autolinks their
/// address, and emphasis and code marks are dropped.
fn inline(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && i + 1 < chars.len() && chars[i + 1].is_ascii_punctuation() {
            out.push(chars[i + 1]);
            i += 2;
            continue;
        }
        let image = c == '!' && chars.get(i + 1) == Some(&'[');
        if c == '[' || image {
            let open = if image { i + 1 } else { i };
            if let Some((label_end, after)) = link_end(&chars, open) {
                out.push_str(&inline(&chars[open + 1..label_end].iter().collect::<String>()));
                i = after;
                continue;
            }
        }
        if c == '<'
            && let Some(len) = chars[i + 1..].iter().position(|&c| c == '>')
        {
            let inner: String = chars[i + 1..i + 1 + len].iter().collect();
            if inner.contains("://") || inner.starts_with("mailto:") {
                out.push_str(&inner);
                i += len + 2;
                continue;
            }
        }
        if c == '`' {
            i += 1;
            continue;
        }
        if (c == '*' || c == '_') && chars.get(i + 1) == Some(&c) {
            i += 2;
            continue;
        }
        if c == '~' && chars.get(i + 1) == Some(&'~') {
            i += 2;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// For a `[` at `open`: the index of its `]` and the index just past the link's target,
/// when it is a link (`[text](url)`, `[text][ref]` or `[text][]`).
fn link_end(chars: &[char], open: usize) -> Option<(usize, usize)> {
    let mut depth = 0;
    let mut close = None;
    for (k, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(k);
                    break;
                }
            }
            _ => {}
        }
    }
    let close = close?;
    let (opener, closer) = match chars.get(close + 1) {
        Some('(') => ('(', ')'),
        Some('[') => ('[', ']'),
        _ => return None,
    };
    let mut depth = 0;
    for (k, &c) in chars.iter().enumerate().skip(close + 1) {
        if c == opener {
            depth += 1;
        } else if c == closer {
            depth -= 1;
            if depth == 0 {
                return Some((close, k + 1));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;
    use crate::extract as extract_any;

    fn read(md: &str) -> Document {
        extract_any(Format::Markdown, md.as_bytes(), &Limits::default(), &mut |_, _| {}).unwrap()
    }

    #[test]
    fn headings_make_the_section_path() {
        let doc = read(
            "---\ntitle: SOP\nowner: ops\n---\n\n# Receiving\n\nCheck the seal.\n\n## Damaged goods ##\n\nPhoto first,\nthen report.\n\nReturns\n=======\n\nRMA needed.\n\nLabels\n------\nZebra printers.\n",
        );
        assert_eq!(doc.title.as_deref(), Some("Receiving"));
        let got: Vec<(String, &str)> = doc.sections.iter().map(|s| (s.headings.join(" › "), s.text.as_str())).collect();
        assert_eq!(
            got,
            [
                ("Receiving".to_string(), "Check the seal."),
                ("Receiving › Damaged goods".to_string(), "Photo first,\nthen report."),
                ("Returns".to_string(), "RMA needed."),
                ("Returns › Labels".to_string(), "Zebra printers."),
            ]
        );
        assert!(!doc.text().contains("owner: ops"));
    }

    #[test]
    fn code_is_kept_and_links_become_text() {
        let doc = read(
            "Read [the **carrier** guide](https://example.com/g \"t\") and ![dock map](map.png) or [ref][1].\n\n[1]: https://example.com\n\n```sh\n# not a heading\ncurl -X POST\n```\n\nMail <mailto:ops@example.com>, `code` and \\*stars\\*.\n",
        );
        let text = doc.text();
        assert_eq!(text, "Read the carrier guide and dock map or ref.\n\n# not a heading\ncurl -X POST\n\nMail mailto:ops@example.com, code and *stars*.");
        assert!(doc.sections.iter().all(|s| s.headings.is_empty()));
    }

    #[test]
    fn not_headings() {
        assert_eq!(atx_heading("#hashtag"), None);
        assert_eq!(atx_heading("####### seven"), None);
        assert_eq!(atx_heading("## Closed ##"), Some((2, "Closed")));
        assert_eq!(atx_heading("# C#"), Some((1, "C#")));
        let doc = read("Some text\n\n---\n\nMore text");
        assert_eq!(doc.text(), "Some text\n\nMore text");
        assert!(doc.sections[0].headings.is_empty());
    }

    #[test]
    fn unclosed_front_matter_is_text() {
        let doc = read("---\nnot front matter");
        assert_eq!(doc.text(), "not front matter");
    }
}
