//! Reads the files people upload to a knowledge base — PDF, Word (.docx), HTML, Markdown,
//! plain text and CSV — and turns them into text that can be indexed and quoted with its
//! source.
//!
//! Three steps, each usable alone:
//!
//! 1. [`detect`] decides what a file is from its name, its declared media type and its
//!    first bytes. The bytes win over the name: a PDF named `.txt` is read as a PDF.
//! 2. [`extract`] reads the bytes into a [`Document`]: a title and a list of [`Section`]s,
//!    each with the page it comes from (PDFs) or the path of headings it sits under
//!    (Word, HTML, Markdown). A progress callback lets a screen show a bar.
//! 3. [`chunk`] cuts the sections into passages of about a thousand characters, on
//!    paragraph, then sentence, then word boundaries, with a small overlap, never mixing
//!    two pages or two sections in one passage.
//!
//! [`html::main_text`] is also used on its own by the web-page reading tool: it keeps the
//! article and drops menus, cookie banners, adverts and scripts.
//!
//! # Limits
//!
//! Uploaded files are untrusted. A small file can claim a hundred thousand pages or
//! inflate to gigabytes, and document libraries can panic on damaged input. [`Limits`]
//! bounds the work and memory of one extraction, and every refusal is an
//! [`ExtractError`] whose text tells the person what to do:
//!
//! | limit | default | why |
//! | --- | --- | --- |
//! | `max_bytes` | 100 MB | the upload itself; larger files are refused before parsing |
//! | `max_pages` | 2,000 pages | the page count is read from the PDF's page tree before any text is, so a file declaring 100,000 pages is refused at once |
//! | `max_chars` | 20,000,000 characters | about 10,000 pages of dense text; extraction stops as soon as it is passed |
//! | `max_unzipped` | 200 MB | compressed data inflated while reading: a DOCX's XML parts, a PDF's compressed streams and the drawing instructions its pages run; enforced while inflating, since declared sizes can lie |
//! | `max_rows` | 200,000 rows | a CSV's data rows |
//! | `max_columns` | 1,000 values | one CSV row; checked while the row is parsed, so a file that is one endless line (`a,a,a,…`) costs one row's buffer, not the file's |
//! | `max_row_bytes` | 1 MB | one CSV row's values (an unclosed quote makes the rest of the file one value) |
//! | `max_cells` | 20,000,000 values | a whole CSV file, blank ones included |
//!
//! Extraction is data: text that looks like an instruction ("ignore previous instructions
//! …") is returned as it is, like any other text, and nothing in a file is ever run.
//!
//! A panic inside a parser is caught and reported as [`ExtractError::Malformed`]; it never
//! unwinds out of this crate. Password-protected files are refused, except PDFs that open
//! with an empty user password (files that only restrict printing or copying), which
//! every PDF viewer opens without asking and which are read.

mod chunk;
mod csv;
mod docx;
pub mod html;
mod markdown;
mod pdf;
mod sections;
mod text;

#[cfg(feature = "testing")]
pub mod testing;

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

pub use chunk::{Chunk, DEFAULT_TARGET, chunk};

/// The kinds of file that can be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    Pdf,
    Docx,
    Html,
    Markdown,
    Text,
    Csv,
}

impl Format {
    /// The name a person knows the format by, for messages.
    pub fn label(self) -> &'static str {
        match self {
            Format::Pdf => "PDF",
            Format::Docx => "Word document",
            Format::Html => "web page",
            Format::Markdown => "Markdown file",
            Format::Text => "text file",
            Format::Csv => "CSV file",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

const OLE_MAGIC: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
const DOCX_MEDIA_TYPE: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/// Decides the format of an upload from its file name, its declared media type and its
/// first bytes (a few hundred are enough). Returns `None` for formats that cannot be read.
///
/// Signatures in the bytes win over the name and the media type, because both are chosen
/// by whoever uploads the file: `%PDF-` is a PDF; a zip holding `word/` parts is a Word
/// document; an OLE container named `.docx` is a Word document (it is how Word stores a
/// password-protected file, which [`extract`] then reports as such). Other zips, OLE files
/// and binary data are refused. Text formats are told apart by extension, then by media
/// type, then by a look at the text.
pub fn detect(filename: &str, media_type: &str, head: &[u8]) -> Option<Format> {
    let ext = filename.rsplit_once('.').map(|(_, e)| e.trim().to_ascii_lowercase()).unwrap_or_default();
    let media = media_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    let says_docx = ext == "docx" || media == DOCX_MEDIA_TYPE;

    // PDF readers accept a header anywhere in the first kilobyte.
    if head.len() >= 5 && head[..head.len().min(1024)].windows(5).any(|w| w == b"%PDF-") {
        return Some(Format::Pdf);
    }
    if head.starts_with(b"PK\x03\x04") {
        let names_word_part = head.windows(5).any(|w| w == b"word/");
        return (says_docx || names_word_part).then_some(Format::Docx);
    }
    if head.starts_with(OLE_MAGIC) {
        return says_docx.then_some(Format::Docx);
    }

    let by_name = match ext.as_str() {
        "pdf" => Some(Format::Pdf),
        "docx" => Some(Format::Docx),
        "html" | "htm" | "xhtml" => Some(Format::Html),
        "md" | "markdown" | "mdown" | "mkd" => Some(Format::Markdown),
        "csv" | "tsv" => Some(Format::Csv),
        "txt" | "text" | "log" => Some(Format::Text),
        _ => None,
    };
    let by_media = match media.as_str() {
        "application/pdf" => Some(Format::Pdf),
        DOCX_MEDIA_TYPE => Some(Format::Docx),
        "text/html" | "application/xhtml+xml" => Some(Format::Html),
        "text/markdown" | "text/x-markdown" => Some(Format::Markdown),
        "text/csv" | "text/tab-separated-values" => Some(Format::Csv),
        "text/plain" => Some(Format::Text),
        _ => None,
    };
    match by_name.or(by_media) {
        // A binary container without its signature is damaged or mislabelled; let
        // extraction say so in the format's words.
        Some(f) => Some(f),
        None if text::looks_like_text(head) => {
            let start = text::decode(head);
            let start = start.trim_start().to_ascii_lowercase();
            if start.starts_with("<!doctype html") || start.starts_with("<html") {
                Some(Format::Html)
            } else if ext.is_empty() || media.starts_with("text/") {
                Some(Format::Text)
            } else {
                None
            }
        }
        None => None,
    }
}

/// Bounds on one extraction. See the crate documentation for why each exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Largest input accepted, in bytes.
    pub max_bytes: usize,
    /// Most pages a PDF may have.
    pub max_pages: u32,
    /// Most characters of text extracted from one file.
    pub max_chars: usize,
    /// Most bytes inflated from compressed data while reading one file (DOCX parts, PDF
    /// streams and the drawing instructions its pages run).
    pub max_unzipped: u64,
    /// Most data rows read from a CSV file.
    pub max_rows: usize,
    /// Most values in one CSV row, the header included.
    pub max_columns: usize,
    /// Most bytes of values in one CSV row (line breaks inside a value count, quotes and
    /// delimiters do not).
    pub max_row_bytes: usize,
    /// Most values in a whole CSV file, blank ones included.
    pub max_cells: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 100 * 1000 * 1000,
            max_pages: 2_000,
            max_chars: 20_000_000,
            max_unzipped: 200 * 1000 * 1000,
            max_rows: 200_000,
            max_columns: 1_000,
            max_row_bytes: 1000 * 1000,
            max_cells: 20_000_000,
        }
    }
}

/// A run of text from one place in a document.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Section {
    /// The 1-based page the text is on (PDFs only).
    pub page: Option<u32>,
    /// The headings the text sits under, outermost first; empty when there are none.
    pub headings: Vec<String>,
    /// Paragraphs separated by a blank line.
    pub text: String,
}

/// What was read from a file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    pub title: Option<String>,
    /// Number of pages (PDFs only).
    pub pages: Option<u32>,
    /// In reading order; never empty, and no section has empty text.
    pub sections: Vec<Section>,
}

impl Document {
    /// All the text, sections separated by a blank line.
    pub fn text(&self) -> String {
        let parts: Vec<&str> = self.sections.iter().map(|s| s.text.as_str()).collect();
        parts.join("\n\n")
    }
}

/// Why a file could not be read. The texts are sentences a person can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtractError {
    /// The file is of a kind that cannot be read; the text says which and what to do.
    #[error("{0}")]
    Unsupported(String),
    #[error("{}", encrypted_message(*.0))]
    Encrypted(Format),
    /// The file is damaged or is not what it claims to be; the text says which.
    #[error("{0}")]
    Malformed(String),
    #[error("The PDF has {pages} pages; at most {max} are read. Split it into smaller files and upload them separately")]
    TooManyPages { pages: u32, max: u32 },
    /// A size limit was reached; the text says which.
    #[error("{0}")]
    TooLarge(String),
    #[error("{}", empty_message(*.0))]
    Empty(Format),
}

fn encrypted_message(format: Format) -> &'static str {
    match format {
        Format::Pdf => "This PDF is password-protected; remove the password and upload it again",
        _ => "This Word document is password-protected; remove the password (File › Info › Protect Document) and upload it again",
    }
}

fn empty_message(format: Format) -> String {
    match format {
        Format::Pdf => "This PDF has no text to index; it may be a scanned image, and OCR is not supported. Upload a PDF with selectable text".to_string(),
        other => format!("This {other} has no text to index"),
    }
}

/// Reads `bytes` as `format` into sections of text.
///
/// `progress` is called with `(done, total)`: pages for PDFs, bytes of input (or of the
/// Word document's main part) for the other formats. `done` never decreases and the last
/// call has `done == total`.
pub fn extract(format: Format, bytes: &[u8], limits: &Limits, progress: &mut dyn FnMut(u32, u32)) -> Result<Document, ExtractError> {
    if bytes.len() > limits.max_bytes {
        return Err(ExtractError::TooLarge(format!(
            "The file is {}; at most {} are accepted. Split it into smaller files and upload them separately",
            human_bytes(bytes.len() as u64),
            human_bytes(limits.max_bytes as u64)
        )));
    }
    let outcome = catch_unwind(AssertUnwindSafe(|| match format {
        Format::Pdf => pdf::extract(bytes, limits, progress),
        Format::Docx => docx::extract(bytes, limits, progress),
        Format::Html => html::extract(bytes, limits, progress),
        Format::Markdown => markdown::extract(bytes, limits, progress),
        Format::Text => text::extract(bytes, limits, progress),
        Format::Csv => csv::extract(bytes, limits, progress),
    }));
    let doc = match outcome {
        Ok(result) => result?,
        Err(_) => return Err(malformed(format)),
    };
    if doc.sections.is_empty() {
        return Err(ExtractError::Empty(format));
    }
    Ok(doc)
}

/// The refusal for a file a parser could not make sense of.
fn malformed(format: Format) -> ExtractError {
    ExtractError::Malformed(format!("This file could not be read as a {format}; it may be damaged. Open it, save it again and upload the new copy"))
}

fn too_many_chars(max_chars: usize) -> ExtractError {
    ExtractError::TooLarge(format!(
        "The document has more than {} characters of text; split it into smaller files and upload them separately",
        group_thousands(max_chars as u64)
    ))
}

/// Reports progress in bytes, which may not fit the callback's `u32`.
fn progress_bytes(progress: &mut dyn FnMut(u32, u32), done: u64, total: u64) {
    let scale = total.div_ceil(u64::from(u32::MAX)).max(1);
    let total = total / scale;
    let done = (done / scale).min(total);
    progress(done as u32, total as u32);
}

fn human_bytes(n: u64) -> String {
    const MB: u64 = 1000 * 1000;
    if n >= MB { format!("{} MB", group_thousands(n.div_ceil(MB))) } else { format!("{} KB", group_thousands(n.div_ceil(1000))) }
}

fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_by_signature_before_name() {
        assert_eq!(detect("notes.txt", "text/plain", b"%PDF-1.7\n"), Some(Format::Pdf));
        assert_eq!(detect("a.bin", "", b"PK\x03\x04....word/document.xml"), Some(Format::Docx));
        assert_eq!(detect("a.zip", "application/zip", b"PK\x03\x04....xl/workbook"), None);
        assert_eq!(detect("locked.docx", "", OLE_MAGIC), Some(Format::Docx));
        assert_eq!(detect("old.doc", "application/msword", OLE_MAGIC), None);
    }

    #[test]
    fn detects_text_formats_by_name_then_media_type_then_content() {
        assert_eq!(detect("a.md", "", b"# Title"), Some(Format::Markdown));
        assert_eq!(detect("a.CSV", "", b"a,b"), Some(Format::Csv));
        assert_eq!(detect("a.tsv", "", b"a\tb"), Some(Format::Csv));
        assert_eq!(detect("page", "text/html; charset=utf-8", b"<p>x"), Some(Format::Html));
        assert_eq!(detect("upload", "", b"<!DOCTYPE html><html>"), Some(Format::Html));
        assert_eq!(detect("readme", "", b"Just words"), Some(Format::Text));
        assert_eq!(detect("a.txt", "", b"\xEF\xBB\xBFhello"), Some(Format::Text));
        assert_eq!(detect("a.txt", "", b"\xFF\xFEh\0i\0"), Some(Format::Text));
        assert_eq!(detect("photo.jpg", "image/jpeg", b"\xFF\xD8\xFF\xE0\0\x10JFIF\0"), None);
        assert_eq!(detect("data.bin", "", b"\0\x01\x02\x03\0\0"), None);
        assert_eq!(detect("", "", b""), Some(Format::Text));
    }

    #[test]
    fn numbers_read_well() {
        assert_eq!(group_thousands(100_000), "100,000");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(human_bytes(100 * 1000 * 1000), "100 MB");
        assert_eq!(human_bytes(1500), "2 KB");
    }

    #[test]
    fn messages_are_sentences_a_person_can_act_on() {
        assert_eq!(ExtractError::Encrypted(Format::Pdf).to_string(), "This PDF is password-protected; remove the password and upload it again");
        assert!(ExtractError::TooManyPages { pages: 100_000, max: 2000 }.to_string().starts_with("The PDF has 100000 pages; at most 2000 are read"));
        assert!(ExtractError::Empty(Format::Pdf).to_string().contains("OCR is not supported"));
        assert_eq!(ExtractError::Empty(Format::Csv).to_string(), "This CSV file has no text to index");
    }
}
