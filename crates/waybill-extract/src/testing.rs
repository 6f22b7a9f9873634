//! Generators of test inputs: valid files of each binary format, and the hostile ones the
//! extractor must refuse (password-protected, declaring absurd page counts, inflating to
//! gigabytes). Built in memory, cheaply, so tests and benchmarks in any crate can use them.

use std::io::Write;

use flate2::{Compress, Compression, FlushCompress};
use pdf_extract::{Document as Pdf, EncryptionState, EncryptionVersion, Permissions};

/// A valid PDF with one page per entry, set in Helvetica. Lines of an entry become lines
/// on the page and a blank line starts a new paragraph. Characters outside Latin-1 are
/// written as `?`, because the standard fonts cannot show them.
pub fn pdf(pages: &[&str]) -> Vec<u8> {
    let mut w = PdfWriter::new();
    let font = 3;
    let first_page = 4;
    let kids: Vec<String> = (0..pages.len()).map(|i| format!("{} 0 R", first_page + 2 * i)).collect();
    w.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
    w.object(2, &format!("<< /Type /Pages /Kids [{}] /Count {} >>", kids.join(" "), pages.len()));
    w.object(font, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
    for (i, text) in pages.iter().enumerate() {
        let page = first_page + 2 * i;
        w.object(
            page,
            &format!("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 {font} 0 R >> >> /Contents {} 0 R >>", page + 1),
        );
        w.stream(page + 1, &page_content(text));
    }
    w.finish(first_page + 2 * pages.len())
}

/// A PDF whose page tree holds `n` pages, all showing the same small content stream: a
/// few bytes a page, so a file declaring 100,000 pages is about 7 MB.
pub fn pdf_with_pages_declared(n: u32) -> Vec<u8> {
    let mut w = PdfWriter::new();
    let first_page = 5usize;
    w.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
    let mut kids = String::with_capacity(n as usize * 10);
    for i in 0..n as usize {
        kids.push_str(&format!("{} 0 R ", first_page + i));
    }
    w.object(2, &format!("<< /Type /Pages /Kids [{kids}] /Count {n} >>"));
    w.object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
    w.stream(4, &page_content("Same page"));
    for i in 0..n as usize {
        w.object(first_page + i, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>");
    }
    w.finish(first_page + n as usize)
}

/// A PDF whose one page shows only a picture, as a scanner makes: no text layer.
pub fn scanned_pdf() -> Vec<u8> {
    let mut w = PdfWriter::new();
    w.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
    w.object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
    w.object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>");
    w.stream(4, b"q 612 0 0 792 0 0 cm /Im1 Do Q");
    let pixels = vec![0x80u8; 16 * 16];
    w.object_stream(5, "/Type /XObject /Subtype /Image /Width 16 /Height 16 /ColorSpace /DeviceGray /BitsPerComponent 8", &pixels);
    w.finish(6)
}

/// A PDF whose page draws a reusable drawing (form XObject) that draws itself, which
/// would make a naive reader recurse until the stack overflows.
pub fn pdf_with_self_drawing_form() -> Vec<u8> {
    let mut w = PdfWriter::new();
    w.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
    w.object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
    w.object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> /XObject << /X1 5 0 R >> >> /Contents 4 0 R >>");
    w.stream(4, b"BT /F1 12 Tf 72 740 Td (Before the loop) Tj ET /X1 Do");
    w.object_stream(5, "/Type /XObject /Subtype /Form /BBox [0 0 612 792]", b"/X1 Do");
    w.object(6, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
    w.finish(7)
}

/// A one-page PDF that opens only with the user password "secret" (RC4, 128 bits).
pub fn encrypted_pdf() -> Vec<u8> {
    encrypt(&pdf(&["Quarterly carrier rates are confidential."]), "secret")
}

/// A PDF with an owner password but an empty user password: it opens without asking,
/// and only printing and copying are restricted.
pub fn pdf_with_owner_password(pages: &[&str]) -> Vec<u8> {
    encrypt(&pdf(pages), "")
}

fn encrypt(plain: &[u8], user_password: &str) -> Vec<u8> {
    let mut doc = Pdf::load_mem(plain).expect("generated PDF loads");
    let version = EncryptionVersion::V2 { document: &doc, owner_password: "owner", user_password, key_length: 128, permissions: Permissions::PRINTABLE };
    let state = EncryptionState::try_from(version).expect("encryption state");
    doc.encrypt(&state).expect("encrypts");
    let mut out = Vec::new();
    doc.save_to(&mut out).expect("saves");
    out
}

fn page_content(text: &str) -> Vec<u8> {
    let mut content = b"BT /F1 12 Tf 14 TL 72 740 Td\n".to_vec();
    for line in text.lines() {
        if !line.trim().is_empty() {
            content.push(b'(');
            for c in line.chars() {
                match c {
                    '(' | ')' | '\\' => {
                        content.push(b'\\');
                        content.push(c as u8);
                    }
                    c if (c as u32) < 0x20 => content.push(b' '),
                    c if (c as u32) < 0x80 || (0xA0..=0xFF).contains(&(c as u32)) => content.push(c as u32 as u8),
                    _ => content.push(b'?'),
                }
            }
            content.extend_from_slice(b") Tj");
        }
        content.extend_from_slice(b" T*\n");
    }
    content.extend_from_slice(b"ET\n");
    content
}

/// Writes objects and records where each starts, for the cross-reference table.
struct PdfWriter {
    out: Vec<u8>,
    offsets: Vec<(usize, usize)>,
}

impl PdfWriter {
    fn new() -> Self {
        PdfWriter { out: b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n".to_vec(), offsets: Vec::new() }
    }

    fn object(&mut self, id: usize, body: &str) {
        self.offsets.push((id, self.out.len()));
        write!(self.out, "{id} 0 obj\n{body}\nendobj\n").expect("writes to memory");
    }

    fn stream(&mut self, id: usize, data: &[u8]) {
        self.offsets.push((id, self.out.len()));
        write!(self.out, "{id} 0 obj\n<< /Length {} >>\nstream\n", data.len()).expect("writes to memory");
        self.out.extend_from_slice(data);
        self.out.extend_from_slice(b"\nendstream\nendobj\n");
    }

    /// A stream with extra dictionary entries.
    fn object_stream(&mut self, id: usize, dict: &str, data: &[u8]) {
        self.offsets.push((id, self.out.len()));
        write!(self.out, "{id} 0 obj\n<< {dict} /Length {} >>\nstream\n", data.len()).expect("writes to memory");
        self.out.extend_from_slice(data);
        self.out.extend_from_slice(b"\nendstream\nendobj\n");
    }

    fn finish(mut self, size: usize) -> Vec<u8> {
        let mut offsets = vec![None; size];
        for (id, at) in &self.offsets {
            offsets[*id] = Some(*at);
        }
        let xref = self.out.len();
        write!(self.out, "xref\n0 {size}\n0000000000 65535 f \n").expect("writes to memory");
        for at in offsets.iter().skip(1) {
            match at {
                Some(at) => writeln!(self.out, "{at:010} 00000 n "),
                None => writeln!(self.out, "0000000000 65535 f "),
            }
            .expect("writes to memory");
        }
        write!(
            self.out,
            "trailer\n<< /Size {size} /Root 1 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] >>\nstartxref\n{xref}\n%%EOF\n"
        )
        .expect("writes to memory");
        self.out
    }
}

const WORD_NS: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/// A valid Word document: each entry is a paragraph, a heading of the given level (1–6)
/// when `Some`. Line breaks and tabs in the text become Word's breaks and tabs.
pub fn docx(paragraphs: &[(Option<u8>, &str)]) -> Vec<u8> {
    let mut body = String::new();
    for (level, text) in paragraphs {
        body.push_str("<w:p>");
        if let Some(level) = level {
            body.push_str(&format!("<w:pPr><w:pStyle w:val=\"Heading{level}\"/></w:pPr>"));
        }
        body.push_str("<w:r>");
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                body.push_str("<w:br/>");
            }
            for (j, piece) in line.split('\t').enumerate() {
                if j > 0 {
                    body.push_str("<w:tab/>");
                }
                body.push_str(&format!("<w:t xml:space=\"preserve\">{}</w:t>", xml_escape(piece)));
            }
        }
        body.push_str("</w:r></w:p>");
    }
    docx_with_body(&body)
}

/// A Word document around the given `<w:body>` content, with styles for Title and
/// Heading 1–6, for tests that need tables, text boxes or other markup.
pub fn docx_with_body(body: &str) -> Vec<u8> {
    let document = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<w:document xmlns:w=\"{WORD_NS}\"><w:body>{body}<w:sectPr/></w:body></w:document>"
    );
    let mut styles = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><w:styles xmlns:w=\"{WORD_NS}\"><w:style w:type=\"paragraph\" w:default=\"1\" w:styleId=\"Normal\"><w:name w:val=\"Normal\"/></w:style><w:style w:type=\"paragraph\" w:styleId=\"Title\"><w:name w:val=\"Title\"/></w:style>"
    );
    for level in 1..=6 {
        styles.push_str(&format!(
            "<w:style w:type=\"paragraph\" w:styleId=\"Heading{level}\"><w:name w:val=\"heading {level}\"/><w:basedOn w:val=\"Normal\"/><w:pPr><w:outlineLvl w:val=\"{}\"/></w:pPr></w:style>",
            level - 1
        ));
    }
    styles.push_str("</w:styles>");
    let mut zip = ZipWriter::default();
    zip.stored("[Content_Types].xml", CONTENT_TYPES.as_bytes());
    zip.stored("_rels/.rels", RELS.as_bytes());
    zip.stored("word/document.xml", document.as_bytes());
    zip.stored("word/styles.xml", styles.as_bytes());
    zip.finish()
}

const CONTENT_TYPES: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/word/document.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/></Types>";
const RELS: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"word/document.xml\"/></Relationships>";

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A Word document whose main part inflates to `inflated_bytes` (under 4 GiB) of empty
/// paragraphs, honestly declared. About a thousandth of that is written: one compressed
/// megabyte block is repeated.
pub fn docx_bomb(inflated_bytes: u64) -> Vec<u8> {
    bomb(inflated_bytes, None)
}

/// Like [`docx_bomb`], but the zip declares the main part to be 1 KB, as a hostile file
/// would, so only counting while inflating catches it.
pub fn docx_bomb_understated(inflated_bytes: u64) -> Vec<u8> {
    bomb(inflated_bytes, Some(1000))
}

fn bomb(inflated_bytes: u64, declared: Option<u32>) -> Vec<u8> {
    let prefix = format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?><w:document xmlns:w=\"{WORD_NS}\"><w:body><w:p><w:r><w:t>Start</w:t></w:r></w:p>");
    let suffix = "<w:p><w:r><w:t>End</w:t></w:r></w:p></w:body></w:document>";
    let frame = (prefix.len() + suffix.len()) as u64;
    assert!(inflated_bytes >= frame && inflated_bytes < u64::from(u32::MAX), "a bomb inflates to between {frame} bytes and 4 GiB");
    let block = "<w:p/>".repeat(174_763).into_bytes();
    let filler = inflated_bytes - frame;
    let blocks = filler / block.len() as u64;
    let rest = " ".repeat((filler % block.len() as u64) as usize);

    // Each part is deflated from a fresh state and ends on a byte boundary, so identical
    // parts compress to identical bytes and the parts can be concatenated.
    let mut data = deflate_part(prefix.as_bytes(), FlushCompress::Full);
    let compressed_block = deflate_part(&block, FlushCompress::Full);
    let mut crc = crc32fast::Hasher::new();
    crc.update(prefix.as_bytes());
    let mut block_crc = crc32fast::Hasher::new();
    block_crc.update(&block);
    for _ in 0..blocks {
        data.extend_from_slice(&compressed_block);
        crc.combine(&block_crc);
    }
    let tail = [rest.as_bytes(), suffix.as_bytes()].concat();
    data.extend_from_slice(&deflate_part(&tail, FlushCompress::Finish));
    crc.update(&tail);

    let mut zip = ZipWriter::default();
    zip.stored("[Content_Types].xml", CONTENT_TYPES.as_bytes());
    zip.stored("_rels/.rels", RELS.as_bytes());
    zip.entry("word/document.xml", 8, crc.finalize(), &data, declared.unwrap_or(inflated_bytes as u32));
    zip.finish()
}

fn deflate_part(data: &[u8], flush: FlushCompress) -> Vec<u8> {
    let mut compress = Compress::new(Compression::best(), false);
    let mut out = Vec::with_capacity(data.len() / 100 + 1024);
    let mut input = data;
    loop {
        if out.capacity() - out.len() < 1024 {
            out.reserve(out.capacity());
        }
        let before = compress.total_in();
        compress.compress_vec(input, &mut out, flush).expect("deflates in memory");
        input = &input[(compress.total_in() - before) as usize..];
        if input.is_empty() && out.capacity() > out.len() {
            break;
        }
    }
    out
}

/// An encrypted Office file as Word saves it: an OLE compound file (not a zip) holding an
/// `EncryptedPackage` stream. The header and the stream name are enough to recognise it.
pub fn encrypted_docx() -> Vec<u8> {
    let mut out = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    out.resize(512, 0);
    for (i, b) in out.iter_mut().enumerate().skip(8) {
        *b = (i * 31 % 251) as u8;
    }
    let name: Vec<u8> = "EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes).collect();
    out.extend_from_slice(&name);
    out.resize(4096, 0x5A);
    out
}

/// A zip archive written by hand, so that tests control every declared size.
#[derive(Default)]
struct ZipWriter {
    out: Vec<u8>,
    central: Vec<u8>,
    entries: u16,
}

impl ZipWriter {
    fn stored(&mut self, name: &str, data: &[u8]) {
        self.entry(name, 0, crc32fast::hash(data), data, data.len() as u32);
    }

    fn entry(&mut self, name: &str, method: u16, crc: u32, data: &[u8], size: u32) {
        let offset = self.out.len() as u32;
        let compressed = data.len() as u32;
        let common = |buf: &mut Vec<u8>| {
            buf.extend_from_slice(&20u16.to_le_bytes()); // version needed
            buf.extend_from_slice(&0u16.to_le_bytes()); // flags
            buf.extend_from_slice(&method.to_le_bytes());
            buf.extend_from_slice(&0u16.to_le_bytes()); // time
            buf.extend_from_slice(&0x21u16.to_le_bytes()); // date: 1980-01-01
            buf.extend_from_slice(&crc.to_le_bytes());
            buf.extend_from_slice(&compressed.to_le_bytes());
            buf.extend_from_slice(&size.to_le_bytes());
            buf.extend_from_slice(&(name.len() as u16).to_le_bytes());
            buf.extend_from_slice(&0u16.to_le_bytes()); // extra length
        };
        self.out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        common(&mut self.out);
        self.out.extend_from_slice(name.as_bytes());
        self.out.extend_from_slice(data);

        self.central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        self.central.extend_from_slice(&20u16.to_le_bytes()); // version made by
        common(&mut self.central);
        self.central.extend_from_slice(&0u16.to_le_bytes()); // comment length
        self.central.extend_from_slice(&0u16.to_le_bytes()); // disk
        self.central.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
        self.central.extend_from_slice(&0u32.to_le_bytes()); // external attributes
        self.central.extend_from_slice(&offset.to_le_bytes());
        self.central.extend_from_slice(name.as_bytes());
        self.entries += 1;
    }

    fn finish(mut self) -> Vec<u8> {
        let start = self.out.len() as u32;
        let size = self.central.len() as u32;
        self.out.extend_from_slice(&self.central);
        self.out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
        self.out.extend_from_slice(&0u16.to_le_bytes());
        self.out.extend_from_slice(&0u16.to_le_bytes());
        self.out.extend_from_slice(&self.entries.to_le_bytes());
        self.out.extend_from_slice(&self.entries.to_le_bytes());
        self.out.extend_from_slice(&size.to_le_bytes());
        self.out.extend_from_slice(&start.to_le_bytes());
        self.out.extend_from_slice(&0u16.to_le_bytes());
        self.out
    }
}
