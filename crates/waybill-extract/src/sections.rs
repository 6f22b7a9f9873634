//! Gathers paragraphs under the current heading path into [`Section`]s, for the formats
//! that have headings, and keeps the character budget.

use crate::{ExtractError, Limits, Section, too_many_chars};

pub(crate) struct SectionsBuilder {
    path: Vec<(u8, String)>,
    text: String,
    sections: Vec<Section>,
    chars: usize,
    max_chars: usize,
}

impl SectionsBuilder {
    pub(crate) fn new(limits: &Limits) -> Self {
        SectionsBuilder { path: Vec::new(), text: String::new(), sections: Vec::new(), chars: 0, max_chars: limits.max_chars }
    }

    /// Starts a section under a heading of `level` (1 outermost); deeper or equal headings
    /// of the current path are closed.
    pub(crate) fn heading(&mut self, level: u8, text: &str) -> Result<(), ExtractError> {
        let text = collapse_whitespace(text);
        if text.is_empty() {
            return Ok(());
        }
        self.count(&text)?;
        self.flush();
        self.path.retain(|(l, _)| *l < level);
        self.path.push((level, text));
        Ok(())
    }

    /// Adds a paragraph to the current section. Line breaks inside it are kept; blank
    /// lines would start a new paragraph, so they are folded.
    pub(crate) fn paragraph(&mut self, text: &str) -> Result<(), ExtractError> {
        let text = tidy_paragraph(text);
        if text.is_empty() {
            return Ok(());
        }
        self.count(&text)?;
        if !self.text.is_empty() {
            self.text.push_str("\n\n");
        }
        self.text.push_str(&text);
        Ok(())
    }

    fn count(&mut self, text: &str) -> Result<(), ExtractError> {
        self.chars += text.chars().count();
        if self.chars > self.max_chars {
            return Err(too_many_chars(self.max_chars));
        }
        Ok(())
    }

    fn flush(&mut self) {
        if self.text.is_empty() {
            return;
        }
        self.sections.push(Section { page: None, headings: self.path.iter().map(|(_, h)| h.clone()).collect(), text: std::mem::take(&mut self.text) });
    }

    pub(crate) fn finish(mut self) -> Vec<Section> {
        self.flush();
        self.sections
    }
}

/// One line: runs of whitespace become one space.
pub(crate) fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Keeps line breaks, trims each line, drops empty lines and control characters.
pub(crate) fn tidy_paragraph(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        for c in line.chars() {
            if c == '\t' {
                out.push(' ');
            } else if !c.is_control() {
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_nest_and_close() {
        let mut b = SectionsBuilder::new(&Limits::default());
        b.paragraph("Intro").unwrap();
        b.heading(1, "Safety").unwrap();
        b.paragraph("Wear boots.").unwrap();
        b.heading(2, "Forklifts").unwrap();
        b.paragraph("Horn at corners.").unwrap();
        b.paragraph("  Max 10 km/h \n\n on ramps ").unwrap();
        b.heading(2, "Ladders").unwrap();
        b.heading(3, "Empty").unwrap();
        b.heading(1, "Returns").unwrap();
        b.paragraph("RMA first.").unwrap();
        let s = b.finish();
        let paths: Vec<_> = s.iter().map(|s| s.headings.join("/")).collect();
        assert_eq!(paths, ["", "Safety", "Safety/Forklifts", "Returns"]);
        assert_eq!(s[2].text, "Horn at corners.\n\nMax 10 km/h\non ramps");
    }

    #[test]
    fn budget_is_enforced() {
        let limits = Limits { max_chars: 10, ..Limits::default() };
        let mut b = SectionsBuilder::new(&limits);
        b.paragraph("12345").unwrap();
        assert!(matches!(b.paragraph("678901"), Err(ExtractError::TooLarge(_))));
    }
}
