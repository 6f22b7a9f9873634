//! PDFs: the text of each page, with its page number and the headings found in it.
//!
//! Text is laid out by `pdf-extract` (fonts, encodings and glyph positions, so that words
//! and lines come out separated) over `lopdf`'s parser. Both were written for trusted
//! files, so before any text is read this module checks what they would otherwise trust:
//!
//! - the page count, from the page tree's declared `/Count` before the file is parsed,
//!   then by walking the tree (a tree that is cyclic, shared or absurdly deep is refused,
//!   since the libraries would loop or recurse without end);
//! - the size every compressed stream inflates to, against [`Limits::max_unzipped`],
//!   counted while inflating: object streams before parsing, the rest after;
//! - the drawing instructions each page would run, with reused drawings (form
//!   XObjects) counted every time they are drawn: a drawing that draws itself is
//!   refused, and so is a page that would run more than the budget;
//! - pictures are emptied first: they hold no text, and the text layout would otherwise
//!   decode them.
//!
//! A panic inside the libraries is caught. A page that fails is skipped and the other
//! pages are read; a file that fails as a whole is reported as damaged.
//!
//! Encryption: a file whose trailer has `/Encrypt` is opened only if the empty user
//! password opens it (owner-password files that restrict printing or copying, which
//! viewers open without asking); otherwise it is refused as password-protected. No other
//! password is tried.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pdf_extract::{Document as Pdf, MediaBox, OutputDev, OutputError, Transform};

use crate::{Document, ExtractError, Format, Limits, malformed, too_many_chars};

/// Deeper page trees and drawing nests than this are not made by any real program, and the
/// libraries recurse once per level.
const MAX_DEPTH: usize = 64;

mod checks;
mod headings;

use checks::{check_drawing, check_object_streams, check_page_tree, check_streams, declared_pages, empty_pictures};

pub(crate) fn extract(bytes: &[u8], limits: &Limits, progress: &mut dyn FnMut(u32, u32)) -> Result<Document, ExtractError> {
    let Some(start) = header_offset(bytes) else {
        return Err(ExtractError::Malformed("This file is not a PDF (it does not start with %PDF-); check the file and upload it again".to_string()));
    };
    let bytes = &bytes[start..];
    check_object_streams(bytes, limits)?;

    // The declared count, read without parsing the whole file: first straight from the
    // bytes when the page tree is stored plainly, then by the parser's metadata reader.
    if let Some(pages) = declared_pages(bytes)
        && pages > u64::from(limits.max_pages)
    {
        return Err(ExtractError::TooManyPages { pages: u32::try_from(pages).unwrap_or(u32::MAX), max: limits.max_pages });
    }
    let metadata = catch_unwind(|| Pdf::load_metadata_mem(bytes)).ok().and_then(Result::ok);
    if let Some(meta) = &metadata
        && meta.page_count > limits.max_pages
    {
        return Err(ExtractError::TooManyPages { pages: meta.page_count, max: limits.max_pages });
    }

    let mut pdf = match catch_unwind(|| Pdf::load_mem(bytes)) {
        Ok(Ok(pdf)) => pdf,
        Ok(Err(pdf_extract::Error::Decryption(_) | pdf_extract::Error::InvalidPassword)) => {
            return Err(ExtractError::Encrypted(Format::Pdf));
        }
        Ok(Err(_)) | Err(_) => return Err(malformed(Format::Pdf)),
    };
    // The empty user password did not open it.
    if pdf.is_encrypted() {
        return Err(ExtractError::Encrypted(Format::Pdf));
    }

    let pages = catch_unwind(AssertUnwindSafe(|| check_page_tree(&pdf))).map_err(|_| malformed(Format::Pdf))??;
    let page_count = u32::try_from(pages.len()).unwrap_or(u32::MAX);
    if page_count > limits.max_pages {
        return Err(ExtractError::TooManyPages { pages: page_count, max: limits.max_pages });
    }
    if page_count == 0 {
        return Err(malformed(Format::Pdf));
    }

    empty_pictures(&mut pdf);
    let checked = catch_unwind(AssertUnwindSafe(|| -> Result<(), ExtractError> {
        let sizes = check_streams(&pdf, limits)?;
        check_drawing(&pdf, &pages, &sizes, limits)
    }));
    checked.map_err(|_| malformed(Format::Pdf))??;

    let title = metadata.and_then(|m| m.title).map(|t| crate::sections::collapse_whitespace(&t)).filter(|t| !t.is_empty());

    let texts = read_pages(&pdf, page_count, limits, progress)?;
    let sections = headings::sections(texts.into_iter().map(|(page, text)| (page, tidy(&text))).filter(|(_, text)| !text.is_empty()).collect());
    Ok(Document { title, pages: Some(page_count), sections })
}

fn header_offset(bytes: &[u8]) -> Option<usize> {
    bytes[..bytes.len().min(1024)].windows(5).position(|w| w == b"%PDF-")
}

/// Runs the text layout, page by page, keeping the pages that work.
fn read_pages(pdf: &Pdf, total: u32, limits: &Limits, progress: &mut dyn FnMut(u32, u32)) -> Result<Vec<(u32, String)>, ExtractError> {
    progress(0, total);
    let mut collector = Collector::new(limits.max_chars, total, progress);
    let first = catch_unwind(AssertUnwindSafe(|| pdf_extract::output_doc(pdf, &mut collector)));
    if collector.over_budget {
        return Err(too_many_chars(limits.max_chars));
    }
    if !matches!(first, Ok(Ok(()))) {
        // Carry on after the page that failed, one page at a time.
        let failed = collector.page;
        for page in failed + 1..=total {
            let result = catch_unwind(AssertUnwindSafe(|| pdf_extract::output_doc_page(pdf, &mut collector, page)));
            if collector.over_budget {
                return Err(too_many_chars(limits.max_chars));
            }
            if !matches!(result, Ok(Ok(()))) {
                collector.skip(page);
            }
        }
    }
    let done = collector.pages;
    progress(total, total);
    Ok(done)
}

/// Receives glyphs from the layout and writes them as lines and words, the way
/// `pdf-extract`'s plain-text output does, but page by page and within the budget.
struct Collector<'p> {
    pages: Vec<(u32, String)>,
    text: String,
    page: u32,
    height: f64,
    last_end: f64,
    last_y: f64,
    first_char: bool,
    chars: usize,
    max_chars: usize,
    over_budget: bool,
    done: u32,
    total: u32,
    progress: &'p mut dyn FnMut(u32, u32),
}

impl<'p> Collector<'p> {
    fn new(max_chars: usize, total: u32, progress: &'p mut dyn FnMut(u32, u32)) -> Self {
        Collector {
            pages: Vec::new(),
            text: String::new(),
            page: 0,
            height: 0.0,
            last_end: 100_000.0,
            last_y: 0.0,
            first_char: false,
            chars: 0,
            max_chars,
            over_budget: false,
            done: 0,
            total,
            progress,
        }
    }

    fn advance(&mut self) {
        self.done = (self.done + 1).min(self.total);
        (self.progress)(self.done, self.total);
    }

    fn skip(&mut self, page: u32) {
        self.page = page;
        self.text.clear();
        self.advance();
    }
}

impl OutputDev for Collector<'_> {
    fn begin_page(&mut self, page_num: u32, media_box: &MediaBox, _art_box: Option<(f64, f64, f64, f64)>) -> Result<(), OutputError> {
        self.page = page_num;
        self.text.clear();
        self.height = media_box.ury - media_box.lly;
        self.last_end = 100_000.0;
        self.last_y = 0.0;
        self.first_char = false;
        Ok(())
    }

    fn end_page(&mut self) -> Result<(), OutputError> {
        self.pages.push((self.page, std::mem::take(&mut self.text)));
        self.advance();
        Ok(())
    }

    fn output_character(&mut self, trm: &Transform, width: f64, _spacing: f64, font_size: f64, char: &str) -> Result<(), OutputError> {
        // The glyph's position with the page flipped so that y grows downwards, and the
        // font size as transformed onto the page.
        let (x, y) = (trm.m31, self.height - trm.m32);
        let vx = font_size * trm.m11 + font_size * trm.m21;
        let vy = font_size * trm.m12 + font_size * trm.m22;
        let size = (vx * vy).abs().sqrt();
        if self.first_char {
            if (y - self.last_y).abs() > size * 1.5 {
                self.text.push('\n');
            }
            if x < self.last_end && (y - self.last_y).abs() > size * 0.5 {
                self.text.push('\n');
            }
            if x > self.last_end + size * 0.1 {
                self.text.push(' ');
            }
        }
        self.chars += char.chars().count();
        if self.chars > self.max_chars {
            self.over_budget = true;
            return Err(OutputError::FormatError(std::fmt::Error));
        }
        self.text.push_str(char);
        self.first_char = false;
        self.last_y = y;
        self.last_end = x + width * size;
        Ok(())
    }

    fn begin_word(&mut self) -> Result<(), OutputError> {
        self.first_char = true;
        Ok(())
    }

    fn end_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
}

/// Lines trimmed, at most one blank line between paragraphs, no control characters.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines() {
        let line: String = line.trim().chars().filter(|c| !c.is_control() || *c == '\t').collect();
        if line.is_empty() {
            blank += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank > 0 { "\n\n" } else { "\n" });
        }
        blank = 0;
        out.push_str(&line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_keeps_paragraphs() {
        assert_eq!(tidy("  a  \nb\n\n\n\nc\u{7}\n"), "a\nb\n\nc");
    }
}
