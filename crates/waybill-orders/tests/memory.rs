//! What a hostile 100 MB CSV costs the order import to check. The tool reads a file
//! whole (at most `Limits::max_bytes`, 50 MiB; larger files are refused by their size
//! before any is read), so here the limit is raised to let 100 MB in and show that the
//! reading itself stays bounded. Each file is read in a child process of this test (the
//! binary run again with `ORDER_MEMORY_SHAPE` set), so the resident-memory high-water
//! mark it reports is that file's alone; a counting allocator gives the peak of live
//! allocations as well.

use std::alloc::{GlobalAlloc, Layout, System};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use waybill_orders::{Format, Limits, read_orders};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; only sizes are counted.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, size) };
        if !q.is_null() {
            if size >= layout.size() {
                let now = LIVE.fetch_add(size - layout.size(), Ordering::Relaxed) + size - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - size, Ordering::Relaxed);
            }
        }
        q
    }
}

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

fn vm_hwm() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok()).map_or(0, |kb| kb * 1024)
}

/// Fills a buffer of [`SIZE`] bytes (less than one `unit` short) by repeating `unit` after `head`.
fn repeated(head: &[u8], unit: &[u8], tail: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(SIZE);
    bytes.extend_from_slice(head);
    while bytes.len() + unit.len() + tail.len() <= SIZE {
        bytes.extend_from_slice(unit);
    }
    bytes.extend_from_slice(tail);
    bytes
}

fn shape(name: &str) -> Vec<u8> {
    match name {
        "one-line-of-commas" => repeated(b"", b"a,", b"a"),
        "only-commas" => repeated(b"", b",", b""),
        "one-giant-quoted-field" => repeated(b"\"", b"x", b"\""),
        "header-then-a-giant-quoted-field" => repeated(format!("{HEADER}SO-1,A,1,\"").as_bytes(), b"x", b"\""),
        "rows-of-3000-columns" => {
            let row = format!("SO-1,A,1,Acme,1 Main St,Reno,NV,89501,UPS{}\n", ",a".repeat(2_991));
            repeated(HEADER.as_bytes(), row.as_bytes(), b"")
        }
        "rows-of-999-columns" => {
            let row = format!("SO-1,A,1,Acme,1 Main St,Reno,NV,89501,UPS{}\n", ",".repeat(990));
            repeated(HEADER.as_bytes(), row.as_bytes(), b"")
        }
        "only-newlines" => repeated(b"", b"\n", b""),
        "header-then-only-newlines" => repeated(HEADER.as_bytes(), b"\n", b""),
        other => panic!("no shape {other}"),
    }
}

/// In the child: reads one shape and prints what it cost.
fn measure(name: &str) {
    let idle = vm_hwm();
    let bytes = shape(name);
    assert!(bytes.len() > SIZE - 10_000 && bytes.len() <= SIZE, "{name}: {}", bytes.len());
    let limits = Limits { max_bytes: SIZE as u64, ..Limits::default() };
    let held = LIVE.load(Ordering::Relaxed);
    PEAK.store(held, Ordering::Relaxed);
    let outcome = read_orders(&bytes, Format::Csv, &limits);
    let peak_live = PEAK.load(Ordering::Relaxed);
    let answer = match outcome {
        Ok(orders) => format!("read {} rows", orders.rows),
        Err(e) => e.to_string(),
    };
    println!("\nMEASURED\t{name}\t{}\t{}\t{answer}", vm_hwm().saturating_sub(idle), peak_live - held);
}

#[test]
fn hostile_order_files_of_100_mb_cost_at_most_200_mb() {
    if let Ok(name) = std::env::var("ORDER_MEMORY_SHAPE") {
        measure(&name);
        return;
    }
    let me = std::env::current_exe().unwrap();
    for (name, expected) in SHAPES {
        let out = Command::new(&me)
            .args(["--exact", "hostile_order_files_of_100_mb_cost_at_most_200_mb", "--nocapture", "--test-threads=1"])
            .env("ORDER_MEMORY_SHAPE", name)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{name}: {stdout}\n{}", String::from_utf8_lossy(&out.stderr));
        let line = stdout.lines().find_map(|l| l.split_once("MEASURED\t")).unwrap_or_else(|| panic!("{name}: {stdout}")).1;
        let parts: Vec<&str> = line.split('\t').collect();
        let (rss, live): (u64, u64) = (parts[1].parse().unwrap(), parts[2].parse().unwrap());
        let answer = parts[3];
        println!(
            "{name:<34} peak RSS above idle {:>6.1} MB (the 100 MB file included); reading it: {:>5.1} MB of allocations; {answer}",
            rss as f64 / MB,
            live as f64 / MB
        );
        assert!(answer.starts_with(expected), "{name}: {answer}");
        assert!(rss <= BUDGET, "{name}: {rss} bytes above idle");
        assert!(live <= BUDGET - SIZE as u64, "{name}: reading took {live} bytes");
    }
}
