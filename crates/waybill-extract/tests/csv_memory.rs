//! What a hostile 100 MB CSV costs to read for a knowledge base: the extraction and the
//! passages, as the ingestion worker runs them. Each file is read in a child process of
//! this test (the binary run again with `CSV_MEMORY_SHAPE` set), so the resident-memory
//! high-water mark it reports is that file's alone; a counting allocator gives the peak
//! of live allocations as well.

use waybill_extract::{DEFAULT_TARGET, Format, Limits, chunk, extract};
use waybill_testkit::memory::{Counting, cost_in_child, measure, repeated};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const SIZE: usize = 100 * 1000 * 1000;
const MB: f64 = 1000.0 * 1000.0;
/// The bound: a 100 MB file, held in memory as the worker holds it, and
/// everything reading it costs, at most this far above an idle process.
const BUDGET: u64 = 200 * 1000 * 1000;

/// The hostile files, and what reading each must answer.
const SHAPES: &[(&str, &str)] = &[
    ("one-line-of-commas", "The row on line 1 of the CSV file has more than 1,000 columns, the most a row may have"),
    ("only-commas", "The row on line 1 of the CSV file has more than 1,000 columns"),
    ("one-giant-quoted-field", "The row on line 1 of the CSV file is longer than 1 MB, the most a row may be; check for a quote (\") that is never closed"),
    ("rows-of-3000-columns", "The row on line 2 of the CSV file has more than 1,000 columns"),
    ("rows-of-1000-columns", "The document has more than 20,000,000 characters of text"),
    ("only-newlines", "This CSV file has no text to index"),
    ("utf16-one-line", "The row on line 1 of the CSV file has more than 1,000 columns"),
    ("many-empty-cells", "The CSV file has more than 20,000,000 cells, the most a file may have"),
];

/// [`SIZE`] bytes (less than one `unit` short): `head`, `unit` repeated, then `tail`.
fn filled(head: &[u8], unit: &[u8], tail: &[u8]) -> Vec<u8> {
    repeated(SIZE, head, unit, tail)
}

fn shape(name: &str) -> Vec<u8> {
    match name {
        "one-line-of-commas" => filled(b"", b"a,", b"a"),
        "only-commas" => filled(b"", b",", b""),
        "one-giant-quoted-field" => filled(b"\"", b"x", b"\""),
        "rows-of-3000-columns" => {
            let row = format!("{}a\n", "a,".repeat(2_999));
            filled(b"Carrier,Cut-off,Dock\n", row.as_bytes(), b"")
        }
        "rows-of-1000-columns" => {
            let header: String = (0..1_000).map(|i| format!("c{i}")).collect::<Vec<_>>().join(",") + "\n";
            let row = format!("{}a\n", "a,".repeat(999));
            filled(header.as_bytes(), row.as_bytes(), b"")
        }
        "only-newlines" => filled(b"", b"\n", b""),
        "utf16-one-line" => filled(b"\xFF\xFE", b"a\0,\0", b""),
        "many-empty-cells" => {
            let row = format!("{}\n", ",".repeat(99));
            filled(b"a,b\n", row.as_bytes(), b"")
        }
        other => panic!("no shape {other}"),
    }
}

#[test]
fn hostile_csv_files_of_100_mb_cost_at_most_200_mb() {
    if let Ok(name) = std::env::var("CSV_MEMORY_SHAPE") {
        let make = || {
            let bytes = shape(&name);
            assert!(bytes.len() > SIZE - 10_000 && bytes.len() <= SIZE, "{name}: {}", bytes.len());
            bytes
        };
        measure(&name, make, |bytes| match extract(Format::Csv, bytes, &Limits::default(), &mut |_, _| {}).map(|doc| chunk(&doc, DEFAULT_TARGET).len()) {
            Ok(passages) => format!("read into {passages} passages"),
            Err(e) => e.to_string(),
        });
        return;
    }
    for (name, expected) in SHAPES {
        let cost = cost_in_child("hostile_csv_files_of_100_mb_cost_at_most_200_mb", "CSV_MEMORY_SHAPE", name);
        println!(
            "{name:<24} peak RSS above idle {:>6.1} MB (the 100 MB file included); reading it: {:>5.1} MB of allocations; {}",
            cost.rss as f64 / MB,
            cost.live as f64 / MB,
            cost.answer
        );
        assert!(cost.answer.starts_with(expected), "{name}: {}", cost.answer);
        assert!(cost.rss <= BUDGET, "{name}: {} bytes above idle", cost.rss);
        assert!(cost.live <= BUDGET - SIZE as u64, "{name}: reading took {} bytes", cost.live);
    }
}
