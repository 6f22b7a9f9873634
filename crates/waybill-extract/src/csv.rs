//! CSV: each row becomes one paragraph that names its columns ("Carrier: UPS; Cut-off:
//! 16:00"), so any passage cut from the table can be read on its own. Commas, semicolons
//! (spreadsheets in many European locales) and tabs are told apart by looking at the first
//! lines.

use std::borrow::Cow;

use csv_core::{ReadRecordResult, ReaderBuilder};

use crate::sections::SectionsBuilder;
use crate::{Document, ExtractError, Limits, group_thousands, human_bytes, progress_bytes, text};

/// The start of the file the delimiter is chosen from.
const SNIFF_BYTES: usize = 1024 * 1024;
/// UTF-16 is turned into UTF-8 this many code units at a time.
const UTF16_CHUNK: usize = 32 * 1024;

/// Reads the table row by row. Nothing the size of the file is built: UTF-8 is parsed
/// where it lies, UTF-16 is converted a chunk at a time, and each row is parsed into
/// buffers that may not grow past [`Limits::max_columns`] values and
/// [`Limits::max_row_bytes`] bytes, so a file that is one endless line is refused after
/// one row's worth of memory.
pub(crate) fn extract(bytes: &[u8], limits: &Limits, progress: &mut dyn FnMut(u32, u32)) -> Result<Document, ExtractError> {
    let total = bytes.len() as u64;
    progress_bytes(progress, 0, total);
    let mut input = Input::new(bytes);
    let delimiter = sniff_delimiter(&input.sample());
    let mut records = Records::new(delimiter, limits);
    let mut builder = SectionsBuilder::new(limits);
    let mut header: Option<Vec<String>> = None;
    let mut rows = 0usize;
    while let Some(record) = records.next(&mut input)? {
        let fields: Vec<Cow<'_, str>> = record.iter().map(field_text).collect();
        let fields: Vec<&str> = fields.iter().map(|f| f.trim()).collect();
        if fields.iter().all(|f| f.is_empty()) {
            continue;
        }
        let Some(names) = &header else {
            header = Some(fields.iter().map(|f| f.to_string()).collect());
            continue;
        };
        rows += 1;
        if rows > limits.max_rows {
            return Err(ExtractError::TooLarge(format!(
                "The CSV file has more than {} rows; split it into smaller files and upload them separately",
                group_thousands(limits.max_rows as u64)
            )));
        }
        builder.paragraph(&describe_row(names, &fields))?;
        if rows.is_multiple_of(4096) {
            progress_bytes(progress, input.position(), total);
        }
    }
    // A header alone is still a table's worth of words.
    if rows == 0
        && let Some(names) = &header
    {
        builder.paragraph(&names.join("; "))?;
    }
    progress_bytes(progress, total, total);
    Ok(Document { title: None, pages: None, sections: builder.finish() })
}

/// A value as text: invalid UTF-8 becomes U+FFFD, line breaks become `\n`.
fn field_text(bytes: &[u8]) -> Cow<'_, str> {
    let text = String::from_utf8_lossy(bytes);
    if text.contains('\r') { Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n")) } else { text }
}

/// The file as UTF-8 bytes, read front to back: a UTF-8 file (its byte-order mark left
/// out) as it is, a UTF-16 one converted a chunk at a time.
enum Input<'a> {
    Utf8 { bytes: &'a [u8], at: usize, skipped: usize },
    Utf16 { units: &'a [u8], at: usize, little_endian: bool, chunk: Vec<u8>, used: usize, skipped: usize },
}

impl<'a> Input<'a> {
    fn new(bytes: &'a [u8]) -> Input<'a> {
        if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
            return Input::Utf8 { bytes: rest, at: 0, skipped: 3 };
        }
        let utf16 = |units: &'a [u8], little_endian: bool, skipped: usize| Input::Utf16 { units, at: 0, little_endian, chunk: Vec::new(), used: 0, skipped };
        if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
            return utf16(rest, true, 2);
        }
        if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
            return utf16(rest, false, 2);
        }
        match text::bom_less_utf16(bytes) {
            Some(little_endian) => utf16(bytes, little_endian, 0),
            None => Input::Utf8 { bytes, at: 0, skipped: 0 },
        }
    }

    /// The next bytes not yet consumed; empty at the end.
    fn fill(&mut self) -> &[u8] {
        match self {
            Input::Utf8 { bytes, at, .. } => &bytes[*at..],
            Input::Utf16 { units, at, little_endian, chunk, used, .. } => {
                if *used == chunk.len() && *at < units.len() {
                    chunk.clear();
                    *used = 0;
                    let end = (*at + 2 * UTF16_CHUNK).min(units.len());
                    // Keep a surrogate pair together.
                    let end = if end < units.len() && is_high_surrogate(&units[end - 2..end], *little_endian) { end - 2 } else { end };
                    chunk.extend_from_slice(utf16_to_string(&units[*at..end], *little_endian).as_bytes());
                    *at = end;
                }
                &chunk[*used..]
            }
        }
    }

    fn consume(&mut self, n: usize) {
        match self {
            Input::Utf8 { at, .. } => *at += n,
            Input::Utf16 { used, .. } => *used += n,
        }
    }

    /// Bytes of the file read so far, for progress.
    fn position(&self) -> u64 {
        match self {
            Input::Utf8 { at, skipped, .. } => (*at + *skipped) as u64,
            Input::Utf16 { at, skipped, .. } => (*at + *skipped) as u64,
        }
    }

    /// The text of the first lines, at most about [`SNIFF_BYTES`]; a line cut short by
    /// that bound is left out unless it is the only one.
    fn sample(&self) -> String {
        let (text, cut) = match self {
            Input::Utf8 { bytes, .. } => (String::from_utf8_lossy(&bytes[..bytes.len().min(SNIFF_BYTES)]).into_owned(), bytes.len() > SNIFF_BYTES),
            Input::Utf16 { units, little_endian, .. } => {
                let end = units.len().min(2 * SNIFF_BYTES) & !1;
                (utf16_to_string(&units[..end], *little_endian), units.len() > end)
            }
        };
        let mut text = text.replace("\r\n", "\n").replace('\r', "\n");
        if cut && let Some(last_break) = text.rfind('\n') {
            text.truncate(last_break);
        }
        text
    }
}

fn is_high_surrogate(unit: &[u8], little_endian: bool) -> bool {
    let unit = if little_endian { u16::from_le_bytes([unit[0], unit[1]]) } else { u16::from_be_bytes([unit[0], unit[1]]) };
    (0xD800..0xDC00).contains(&unit)
}

fn utf16_to_string(bytes: &[u8], little_endian: bool) -> String {
    let units = bytes.chunks_exact(2).map(|pair| if little_endian { u16::from_le_bytes([pair[0], pair[1]]) } else { u16::from_be_bytes([pair[0], pair[1]]) });
    let mut text: String = char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect();
    if bytes.len() % 2 == 1 {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    text
}

/// Records parsed into bounded buffers.
struct Records {
    core: csv_core::Reader,
    data: Vec<u8>,
    ends: Vec<usize>,
    max_columns: usize,
    max_row_bytes: usize,
    max_cells: u64,
    cells: u64,
    /// Line breaks consumed so far, to say where a refused row starts.
    lines: u64,
    done: bool,
}

struct Record<'r> {
    data: &'r [u8],
    ends: &'r [usize],
}

impl<'r> Record<'r> {
    fn iter(&self) -> impl Iterator<Item = &'r [u8]> + '_ {
        let (data, ends) = (self.data, self.ends);
        (0..ends.len()).map(move |i| &data[if i == 0 { 0 } else { ends[i - 1] }..ends[i]])
    }
}

impl Records {
    fn new(delimiter: u8, limits: &Limits) -> Records {
        Records {
            core: ReaderBuilder::new().delimiter(delimiter).build(),
            data: vec![0; limits.max_row_bytes.clamp(1, 4096)],
            ends: vec![0; limits.max_columns.clamp(1, 64)],
            max_columns: limits.max_columns,
            max_row_bytes: limits.max_row_bytes,
            max_cells: limits.max_cells,
            cells: 0,
            lines: 0,
            done: false,
        }
    }

    fn next(&mut self, input: &mut Input<'_>) -> Result<Option<Record<'_>>, ExtractError> {
        if self.done {
            return Ok(None);
        }
        // Blank lines are skipped here (the parser would skip them the same way) so that
        // the line a row starts on is known.
        loop {
            let buffer = input.fill();
            if buffer.is_empty() {
                break;
            }
            let blank = buffer.iter().take_while(|b| matches!(b, b'\r' | b'\n')).count();
            let more = blank < buffer.len();
            self.lines += newlines(&buffer[..blank]);
            input.consume(blank);
            if more {
                break;
            }
        }
        let line = self.lines + 1;
        let (mut out, mut fields) = (0, 0);
        loop {
            let buffer = input.fill();
            let (result, nin, nout, nend) = self.core.read_record(buffer, &mut self.data[out..], &mut self.ends[fields..]);
            self.lines += newlines(&buffer[..nin]);
            input.consume(nin);
            out += nout;
            fields += nend;
            match result {
                ReadRecordResult::InputEmpty => {}
                ReadRecordResult::OutputFull => {
                    if self.data.len() >= self.max_row_bytes {
                        return Err(ExtractError::TooLarge(format!(
                            "The row on line {line} of the CSV file is longer than {}, the most a row may be; check for a quote (\") that is never closed, or split the long values",
                            human_bytes(self.max_row_bytes as u64)
                        )));
                    }
                    let grown = (self.data.len() * 2).min(self.max_row_bytes);
                    self.data.resize(grown, 0);
                }
                ReadRecordResult::OutputEndsFull => {
                    if self.ends.len() >= self.max_columns {
                        return Err(ExtractError::TooLarge(format!(
                            "The row on line {line} of the CSV file has more than {} columns, the most a row may have; check that the file is a table with one row per line",
                            group_thousands(self.max_columns as u64)
                        )));
                    }
                    let grown = (self.ends.len() * 2).min(self.max_columns);
                    self.ends.resize(grown, 0);
                }
                ReadRecordResult::Record => {
                    self.cells += fields as u64;
                    if self.cells > self.max_cells {
                        return Err(ExtractError::TooLarge(format!(
                            "The CSV file has more than {} cells, the most a file may have; split it into smaller files and upload them separately",
                            group_thousands(self.max_cells)
                        )));
                    }
                    return Ok(Some(Record { data: &self.data[..out], ends: &self.ends[..fields] }));
                }
                ReadRecordResult::End => {
                    self.done = true;
                    return Ok(None);
                }
            }
        }
    }
}

fn newlines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|b| **b == b'\n').count() as u64
}

fn describe_row(names: &[String], fields: &[&str]) -> String {
    let mut out = String::new();
    for (i, value) in fields.iter().enumerate() {
        if value.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push_str("; ");
        }
        match names.get(i).filter(|n| !n.is_empty()) {
            Some(name) => out.push_str(name),
            None => out.push_str(&format!("Column {}", i + 1)),
        }
        out.push_str(": ");
        out.push_str(&value.replace(['\r', '\n'], " "));
    }
    out
}

/// The delimiter that splits the first lines into the same, largest number of fields.
fn sniff_delimiter(source: &str) -> u8 {
    let sample: Vec<&str> = source.lines().filter(|l| !l.trim().is_empty()).take(20).collect();
    let mut best = (b',', 0usize, false);
    for delimiter in [b',', b';', b'\t'] {
        let counts: Vec<usize> = sample.iter().map(|line| count_outside_quotes(line, delimiter)).collect();
        let first = counts.first().copied().unwrap_or(0);
        if first == 0 {
            continue;
        }
        let consistent = counts.iter().all(|&c| c == first);
        let better = match (consistent, best.2) {
            (true, false) => true,
            (false, true) => false,
            _ => first > best.1,
        };
        if better {
            best = (delimiter, first, consistent);
        }
    }
    best.0
}

fn count_outside_quotes(line: &str, delimiter: u8) -> usize {
    let mut quoted = false;
    let mut count = 0;
    for b in line.bytes() {
        if b == b'"' {
            quoted = !quoted;
        } else if b == delimiter && !quoted {
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Format, extract as extract_any};

    fn read(csv: &str, limits: &Limits) -> Result<Document, ExtractError> {
        extract_any(Format::Csv, csv.as_bytes(), limits, &mut |_, _| {})
    }

    #[test]
    fn rows_name_their_columns() {
        let doc = read("Carrier,Cut-off,Notes\nUPS,16:00,\"Dock 3, door B\"\n\nDHL,15:30,\n", &Limits::default()).unwrap();
        assert_eq!(doc.text(), "Carrier: UPS; Cut-off: 16:00; Notes: Dock 3, door B\n\nCarrier: DHL; Cut-off: 15:30");
    }

    #[test]
    fn semicolons_and_tabs_are_sniffed() {
        let doc = read("Spediteur;Annahmeschluss;Preis\nDHL;15:30;4,20\nGLS;14:00;3,90\n", &Limits::default()).unwrap();
        assert_eq!(doc.sections[0].text, "Spediteur: DHL; Annahmeschluss: 15:30; Preis: 4,20\n\nSpediteur: GLS; Annahmeschluss: 14:00; Preis: 3,90");
        let doc = read("SKU\tBin\nA-1\tR12\n", &Limits::default()).unwrap();
        assert_eq!(doc.text(), "SKU: A-1; Bin: R12");
    }

    #[test]
    fn ragged_rows_and_missing_names_are_kept() {
        let doc = read("a,,c\n1,2,3,4\n5\n", &Limits::default()).unwrap();
        assert_eq!(doc.text(), "a: 1; Column 2: 2; c: 3; Column 4: 4\n\na: 5");
    }

    #[test]
    fn ordinary_files_read_as_before_in_every_encoding_and_line_ending() {
        let csv = "Carrier,Notes\r\nUPS,\"Dock 3\r\ndoor B\"\r\n\r\n  ,  \r\nDHL,\"say \"\"hi\"\"\"\r\n";
        let expected = "Carrier: UPS; Notes: Dock 3 door B\n\nCarrier: DHL; Notes: say \"hi\"";
        let mut with_bom = b"\xEF\xBB\xBF".to_vec();
        with_bom.extend_from_slice(csv.as_bytes());
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend(csv.encode_utf16().flat_map(u16::to_le_bytes));
        let bom_less_utf16_be: Vec<u8> = csv.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let lone_cr = csv.replace("\r\n", "\r");
        for bytes in [csv.as_bytes(), &with_bom, &utf16, &bom_less_utf16_be, lone_cr.as_bytes()] {
            let doc = extract_any(Format::Csv, bytes, &Limits::default(), &mut |_, _| {}).unwrap();
            assert_eq!(doc.text(), expected, "{:?}", String::from_utf8_lossy(bytes));
        }
        let invalid = extract_any(Format::Csv, b"Carrier\ncaf\xE9\n", &Limits::default(), &mut |_, _| {}).unwrap();
        assert_eq!(invalid.text(), "Carrier: caf\u{FFFD}");
    }

    #[test]
    fn long_rows_and_wide_rows_are_refused_with_the_limit() {
        let limits = Limits { max_columns: 3, max_row_bytes: 10, max_cells: 7, ..Limits::default() };
        assert_eq!(read("a,b,c\n1,2,3\n", &limits).unwrap().text(), "a: 1; b: 2; c: 3");
        let wide = read("a,b,c\n\n1,2,3,4\n", &limits).unwrap_err();
        assert_eq!(
            wide.to_string(),
            "The row on line 3 of the CSV file has more than 3 columns, the most a row may have; check that the file is a table with one row per line"
        );
        let long = read("a\n\"12345\n67890\n", &limits).unwrap_err();
        assert!(long.to_string().starts_with("The row on line 2 of the CSV file is longer than 1 KB"), "{long}");
        let many = read("a,b,c\n1,2,3\n4,5\n", &limits).unwrap_err();
        assert!(many.to_string().starts_with("The CSV file has more than 7 cells, the most a file may have"), "{many}");
    }

    #[test]
    fn row_limit() {
        let limits = Limits { max_rows: 2, ..Limits::default() };
        assert!(read("h\n1\n2\n", &limits).is_ok());
        let err = read("h\n1\n2\n3\n", &limits).unwrap_err();
        assert_eq!(err.to_string(), "The CSV file has more than 2 rows; split it into smaller files and upload them separately");
    }

    #[test]
    fn chunks_of_a_table_read_alone() {
        let mut csv = String::from("Carrier;Cut-off;Depot\n");
        for i in 0..200 {
            csv.push_str(&format!("Carrier {i};16:{:02};Depot {i}\n", i % 60));
        }
        let doc = read(&csv, &Limits::default()).unwrap();
        let chunks = crate::chunk(&doc, 300);
        assert!(chunks.len() > 10);
        for c in &chunks {
            for line in c.text.split("\n\n") {
                assert!(line.starts_with("Carrier: "), "{line:?}");
                assert!(line.contains("; Cut-off: ") && line.contains("; Depot: "), "{line:?}");
            }
        }
    }
}
