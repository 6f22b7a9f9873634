//! What a hostile 100 MB CSV costs the order import to check. The tool reads a file
//! whole (at most `Limits::max_bytes`, 50 MiB; larger files are refused by their size
//! before any is read), so here the limit is raised to let 100 MB in and show that the
//! reading itself stays bounded. Each file is read in a child process of this test (the
//! binary run again with `ORDER_MEMORY_SHAPE` set), so the resident-memory high-water
//! mark it reports is that file's alone; a counting allocator gives the peak of live
//! allocations as well.

use waybill_orders::{Format, Limits, read_orders};
use waybill_testkit::memory::{Counting, cost_in_child, measure, repeated};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const SIZE: usize = 100 * 1000 * 1000;
const MB: f64 = 1000.0 * 1000.0;
/// The bound: a 100 MB file held in memory, and everything checking it costs, at
/// most this far above an idle process.
const BUDGET: u64 = 200 * 1000 * 1000;

const HEADER: &str = "Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip,Carrier\n";

/// The hostile files, and what reading each must answer.
const SHAPES: &[(&str, &str)] = &[
    ("one-line-of-commas", "row 1 has more than 1,000 columns, the most a row may have"),
    ("only-commas", "row 1 has more than 1,000 columns"),
    ("one-giant-quoted-field", "row 1 is longer than 1 MiB, the most a row may be; check for a quote (\") that is never closed"),
    ("header-then-a-giant-quoted-field", "row 2 is longer than 1 MiB"),
    ("rows-of-3000-columns", "row 2 has more than 1,000 columns"),
    ("rows-of-999-columns", "the file has more than 20,000,000 cells, the most a file may have"),
    ("only-newlines", "the file has no order rows"),
    ("header-then-only-newlines", "the file has no order rows"),
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
        "header-then-a-giant-quoted-field" => filled(format!("{HEADER}SO-1,A,1,\"").as_bytes(), b"x", b"\""),
        "rows-of-3000-columns" => {
            let row = format!("SO-1,A,1,Acme,1 Main St,Reno,NV,89501,UPS{}\n", ",a".repeat(2_991));
            filled(HEADER.as_bytes(), row.as_bytes(), b"")
        }
        "rows-of-999-columns" => {
            let row = format!("SO-1,A,1,Acme,1 Main St,Reno,NV,89501,UPS{}\n", ",".repeat(990));
            filled(HEADER.as_bytes(), row.as_bytes(), b"")
        }
        "only-newlines" => filled(b"", b"\n", b""),
        "header-then-only-newlines" => filled(HEADER.as_bytes(), b"\n", b""),
        other => panic!("no shape {other}"),
    }
}

#[test]
fn hostile_order_files_of_100_mb_cost_at_most_200_mb() {
    if let Ok(name) = std::env::var("ORDER_MEMORY_SHAPE") {
        let make = || {
            let bytes = shape(&name);
            assert!(bytes.len() > SIZE - 10_000 && bytes.len() <= SIZE, "{name}: {}", bytes.len());
            bytes
        };
        let limits = Limits { max_bytes: SIZE as u64, ..Limits::default() };
        measure(&name, make, |bytes| match read_orders(bytes, Format::Csv, &limits) {
            Ok(orders) => format!("read {} rows", orders.rows),
            Err(e) => e.to_string(),
        });
        return;
    }
    for (name, expected) in SHAPES {
        let cost = cost_in_child("hostile_order_files_of_100_mb_cost_at_most_200_mb", "ORDER_MEMORY_SHAPE", name);
        println!(
            "{name:<34} peak RSS above idle {:>6.1} MB (the 100 MB file included); reading it: {:>5.1} MB of allocations; {}",
            cost.rss as f64 / MB,
            cost.live as f64 / MB,
            cost.answer
        );
        assert!(cost.answer.starts_with(expected), "{name}: {}", cost.answer);
        assert!(cost.rss <= BUDGET, "{name}: {} bytes above idle", cost.rss);
        assert!(cost.live <= BUDGET - SIZE as u64, "{name}: reading took {} bytes", cost.live);
    }
}
