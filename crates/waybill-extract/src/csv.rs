//! CSV: each row becomes one paragraph that names its columns ("Carrier: UPS; Cut-off:
//! 16:00"), so any passage cut from the table can be read on its own. Commas, semicolons
//! (spreadsheets in many European locales) and tabs are told apart by looking at the first
//! lines.

use crate::sections::SectionsBuilder;
use crate::{Document, ExtractError, Limits, group_thousands, progress_bytes, text};

pub(crate) fn extract(bytes: &[u8], limits: &Limits, progress: &mut dyn FnMut(u32, u32)) -> Result<Document, ExtractError> {
    let total = bytes.len() as u64;
    progress_bytes(progress, 0, total);
    let source = text::decode(bytes);
    let delimiter = sniff_delimiter(&source);
    let mut reader = ::csv::ReaderBuilder::new().delimiter(delimiter).has_headers(false).flexible(true).from_reader(source.as_bytes());
    let mut builder = SectionsBuilder::new(limits);
    let mut header: Option<Vec<String>> = None;
    let mut rows = 0usize;
    let mut record = ::csv::StringRecord::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                return Err(ExtractError::Malformed(format!("This CSV file could not be read ({e}); check that it is saved as text and upload it again")));
            }
        }
        let fields: Vec<&str> = record.iter().map(str::trim).collect();
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
            progress_bytes(progress, reader.position().byte().min(total), total);
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
