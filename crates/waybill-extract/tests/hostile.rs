//! Damaged, protected, empty and oversized inputs: each is refused with the right error,
//! quickly, and never with a panic.

use std::time::{Duration, Instant};

use waybill_extract::{ExtractError, Format, Limits, extract, testing};

fn try_read(format: Format, bytes: &[u8]) -> Result<waybill_extract::Document, ExtractError> {
    extract(format, bytes, &Limits::default(), &mut |_, _| {})
}

#[test]
fn encrypted_pdf_is_refused() {
    let err = try_read(Format::Pdf, &testing::encrypted_pdf()).unwrap_err();
    assert_eq!(err, ExtractError::Encrypted(Format::Pdf));
    assert_eq!(err.to_string(), "This PDF is password-protected; remove the password and upload it again");
}

#[test]
fn encrypted_docx_is_refused() {
    let bytes = testing::encrypted_docx();
    assert_eq!(waybill_extract::detect("locked.docx", "", &bytes), Some(Format::Docx));
    let err = try_read(Format::Docx, &bytes).unwrap_err();
    assert_eq!(err, ExtractError::Encrypted(Format::Docx));
    assert!(err.to_string().contains("password-protected"));
}

#[test]
fn legacy_doc_is_unsupported() {
    let mut bytes = testing::encrypted_docx();
    let marker: Vec<u8> = "EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes).collect();
    let at = bytes.windows(marker.len()).position(|w| w == marker).unwrap();
    bytes[at..at + marker.len()].fill(0);
    let err = try_read(Format::Docx, &bytes).unwrap_err();
    assert!(matches!(err, ExtractError::Unsupported(_)), "{err:?}");
    assert!(err.to_string().contains("save it as .docx"));
}

#[test]
fn pdf_declaring_100000_pages_is_refused_at_once() {
    let bytes = testing::pdf_with_pages_declared(100_000);
    let started = Instant::now();
    let err = try_read(Format::Pdf, &bytes).unwrap_err();
    let took = started.elapsed();
    assert_eq!(err, ExtractError::TooManyPages { pages: 100_000, max: 2_000 });
    assert_eq!(err.to_string(), "The PDF has 100000 pages; at most 2000 are read. Split it into smaller files and upload them separately");
    assert!(took < Duration::from_secs(2), "took {took:?}");
}

#[test]
fn pdf_whose_count_understates_its_pages_is_refused_after_counting() {
    let bytes = testing::pdf_with_pages_declared(5_000);
    // Same length, so the cross-reference offsets stay right.
    let lie = replace_once(&bytes, b"/Count 5000 ", b"/Count 1    ");
    let started = Instant::now();
    let err = try_read(Format::Pdf, &lie).unwrap_err();
    assert_eq!(err, ExtractError::TooManyPages { pages: 5_000, max: 2_000 });
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_small_page_limit_is_honoured() {
    let bytes = testing::pdf(&["one", "two", "three"]);
    let limits = Limits { max_pages: 2, ..Limits::default() };
    let err = extract(Format::Pdf, &bytes, &limits, &mut |_, _| {}).unwrap_err();
    assert_eq!(err, ExtractError::TooManyPages { pages: 3, max: 2 });
}

#[test]
fn truncated_pdfs_give_text_or_malformed_never_a_panic() {
    let bytes = testing::pdf(&["First page of the manifest.", "Second page.", "Third."]);
    let mut outcomes = (0, 0);
    for len in (0..bytes.len()).step_by(7) {
        match try_read(Format::Pdf, &bytes[..len]) {
            Ok(doc) => {
                outcomes.0 += 1;
                assert!(!doc.sections.is_empty());
            }
            Err(ExtractError::Malformed(msg)) => {
                outcomes.1 += 1;
                assert!(msg.contains("PDF"), "{msg}");
            }
            Err(other) => panic!("cut at {len}: {other:?}"),
        }
    }
    assert!(outcomes.1 > 10, "{outcomes:?}");
}

#[test]
fn corrupted_pdfs_give_text_or_malformed_never_a_panic() {
    let bytes = testing::pdf(&["Manifest page one.", "Manifest page two."]);
    // Overwrite a run of bytes at every position, with bytes that matter to a parser.
    for (i, at) in (9..bytes.len()).step_by(11).enumerate() {
        let mut bad = bytes.clone();
        let junk: &[u8] = match i % 4 {
            0 => b"<<<<",
            1 => b")))(",
            2 => b"9999",
            _ => b"\0\xFF\0\xFF",
        };
        let end = (at + junk.len()).min(bad.len());
        bad[at..end].copy_from_slice(&junk[..end - at]);
        match try_read(Format::Pdf, &bad) {
            Ok(_) | Err(ExtractError::Malformed(_)) | Err(ExtractError::Empty(Format::Pdf)) => {}
            Err(other) => panic!("corrupted at {at}: {other:?}"),
        }
    }
}

#[test]
fn garbage_after_the_header_is_malformed() {
    let mut bytes = b"%PDF-1.7\n".to_vec();
    bytes.extend((0..5000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8));
    let err = try_read(Format::Pdf, &bytes).unwrap_err();
    assert!(matches!(err, ExtractError::Malformed(_)), "{err:?}");
    assert!(err.to_string().contains("PDF"));
}

#[test]
fn broken_cross_reference_is_malformed() {
    let bytes = testing::pdf(&["Text"]);
    let xref = find(&bytes, b"startxref\n").unwrap() + 10;
    let mut bad = bytes[..xref].to_vec();
    bad.extend_from_slice(b"12\n%%EOF\n");
    let err = try_read(Format::Pdf, &bad).unwrap_err();
    assert!(matches!(err, ExtractError::Malformed(_)), "{err:?}");
}

#[test]
fn not_a_pdf_at_all() {
    let err = try_read(Format::Pdf, b"Dear carrier, please find attached").unwrap_err();
    assert!(err.to_string().starts_with("This file is not a PDF"), "{err}");
}

#[test]
fn self_drawing_form_is_refused_without_overflowing_the_stack() {
    let err = try_read(Format::Pdf, &testing::pdf_with_self_drawing_form()).unwrap_err();
    assert!(matches!(err, ExtractError::Malformed(_)), "{err:?}");
    assert!(err.to_string().contains("draws itself"), "{err}");
}

#[test]
fn scanned_pdf_is_empty_with_a_hint() {
    let err = try_read(Format::Pdf, &testing::scanned_pdf()).unwrap_err();
    assert_eq!(err, ExtractError::Empty(Format::Pdf));
    assert!(err.to_string().contains("scanned image; OCR is not supported") || err.to_string().contains("OCR is not supported"));
}

#[test]
fn empty_files_are_empty() {
    for format in [Format::Text, Format::Markdown, Format::Html, Format::Csv] {
        let err = try_read(format, b"").unwrap_err();
        assert_eq!(err, ExtractError::Empty(format));
        assert!(err.to_string().contains("no text to index"));
        assert!(matches!(try_read(format, b" \n\t\r\n "), Err(ExtractError::Empty(_))));
    }
    assert!(matches!(try_read(Format::Docx, b""), Err(ExtractError::Malformed(_))));
    assert!(matches!(try_read(Format::Pdf, b""), Err(ExtractError::Malformed(_))));
    let no_text = testing::docx(&[(None, ""), (Some(1), "  ")]);
    assert_eq!(try_read(Format::Docx, &no_text), Err(ExtractError::Empty(Format::Docx)));
}

#[test]
fn zip_without_a_word_document_is_malformed() {
    let mut docx = testing::docx(&[(None, "x")]);
    while let Some(at) = find(&docx, b"word/document.xml") {
        docx[at..at + 4].copy_from_slice(b"xxxx");
    }
    let err = try_read(Format::Docx, &docx).unwrap_err();
    assert!(err.to_string().contains("not a Word document"), "{err}");
    let err = try_read(Format::Docx, b"PK\x03\x04 but truncated").unwrap_err();
    assert!(matches!(err, ExtractError::Malformed(_)), "{err:?}");
}

#[test]
fn damaged_docx_xml_is_malformed() {
    let docx = testing::docx_with_body("<w:p><w:r><w:t>open</w:t></w:r></w:p></w:body><<<");
    let err = try_read(Format::Docx, &docx).unwrap_err();
    assert!(matches!(err, ExtractError::Malformed(_)), "{err:?}");
}

#[test]
fn truncated_docx_never_panics() {
    let bytes = testing::docx(&[(Some(1), "Heading"), (None, "Body text of the SOP.")]);
    for len in (0..bytes.len()).step_by(13) {
        match try_read(Format::Docx, &bytes[..len]) {
            Ok(_) | Err(ExtractError::Malformed(_)) | Err(ExtractError::Empty(_)) => {}
            Err(other) => panic!("cut at {len}: {other:?}"),
        }
    }
}

#[test]
fn upload_size_limit() {
    let limits = Limits { max_bytes: 10, ..Limits::default() };
    let err = extract(Format::Text, b"more than ten bytes", &limits, &mut |_, _| {}).unwrap_err();
    assert!(matches!(err, ExtractError::TooLarge(_)));
    assert!(err.to_string().contains("at most"), "{err}");
}

#[test]
fn character_limit_applies_to_every_format() {
    let limits = Limits { max_chars: 50, ..Limits::default() };
    let long = "Pallet wrapping procedure step. ".repeat(10);
    let inputs = [
        (Format::Pdf, testing::pdf(&[&long])),
        (Format::Docx, testing::docx(&[(None, &long)])),
        (Format::Html, format!("<p>{long}</p>").into_bytes()),
        (Format::Markdown, long.clone().into_bytes()),
        (Format::Text, long.clone().into_bytes()),
        (Format::Csv, format!("Step\n{long}").into_bytes()),
    ];
    for (format, bytes) in inputs {
        let err = extract(format, &bytes, &limits, &mut |_, _| {}).unwrap_err();
        assert!(matches!(err, ExtractError::TooLarge(_)), "{format:?}: {err:?}");
        assert!(err.to_string().contains("more than 50 characters"), "{err}");
    }
}

#[test]
fn pdf_stream_inflating_past_the_limit_is_too_large() {
    let bytes = testing::pdf(&["Some text to pad the content stream a little."]);
    let limits = Limits { max_unzipped: 20, ..Limits::default() };
    let err = extract(Format::Pdf, &bytes, &limits, &mut |_, _| {}).unwrap_err();
    assert!(matches!(err, ExtractError::TooLarge(_)), "{err:?}");
}

#[test]
fn pdf_object_stream_bomb_is_refused_before_parsing() {
    use std::io::Write;
    let mut zipped = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    let block = vec![b' '; 1 << 20];
    for _ in 0..30 {
        zipped.write_all(&block).unwrap();
    }
    let data = zipped.finish().unwrap();
    let mut pdf = b"%PDF-1.5\n1 0 obj\n<< /Type /Obj#53tm /N 1 /First 4 /Filter /FlateDecode /Length ".to_vec();
    pdf.extend_from_slice(format!("{} >>\nstream\n", data.len()).as_bytes());
    pdf.extend_from_slice(&data);
    pdf.extend_from_slice(b"\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    let limits = Limits { max_unzipped: 10 * 1000 * 1000, ..Limits::default() };
    let err = extract(Format::Pdf, &pdf, &limits, &mut |_, _| {}).unwrap_err();
    assert!(matches!(err, ExtractError::TooLarge(_)), "{err:?}");
    assert!(err.to_string().contains("unpacks to more than 10 MB"), "{err}");
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn replace_once(bytes: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let at = find(bytes, from).expect("pattern present");
    let mut out = bytes.to_vec();
    out[at..at + from.len()].copy_from_slice(to);
    out
}
