//! Reads a 100,000-row order file as CSV and as a workbook and prints the time and peak
//! memory of each read.
//!
//! The files are generated deterministically into a temporary folder; each read runs in
//! a child process of this program so its peak memory (VmHWM, Linux only) is its own and
//! not the generator's.

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use rust_xlsxwriter::Workbook;
use waybill_orders::{Format, Limits, read_csv, read_orders, read_xlsx};

const ROWS: usize = 100_000;
const HEADERS: [&str; 14] =
    ["Sales Order", "SKU", "Qty", "UOM", "Ship To Name", "Address 1", "Address 2", "City", "State", "Zip", "Phone", "Country", "Ship Date", "Carrier"];
const STATES: [&str; 8] = ["CA", "NY", "TX", "IL", "MA", "WA", "GA", "FL"];
const CITIES: [&str; 8] = ["Los Angeles", "New York", "Austin", "Chicago", "Boston", "Seattle", "Atlanta", "Miami"];
const CARRIERS: [&str; 4] = ["UPS", "FedEx", "USPS", ""];

/// One order line as text cells, every order with its own address (the worst case for a
/// workbook's shared strings), 1 to 5 lines an order.
fn rows() -> Vec<[String; 14]> {
    let mut seed: u64 = 0x5EED;
    let mut next = move || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let mut rows = Vec::with_capacity(ROWS);
    let mut order = 0;
    while rows.len() < ROWS {
        order += 1;
        let lines = 1 + next() % 5;
        let place = next() % STATES.len();
        let street_no = 1 + next() % 9_000;
        let month = 1 + next() % 12;
        let day = 1 + next() % 28;
        let carrier = CARRIERS[next() % CARRIERS.len()];
        for _ in 0..lines.min(ROWS - rows.len()) {
            rows.push([
                format!("SO-{order:07}"),
                format!("SKU-{:05}", next() % 20_000),
                (1 + next() % 48).to_string(),
                if next() % 4 == 0 { "CS" } else { "" }.to_owned(),
                format!("Customer {order}"),
                format!("{street_no} Market Street"),
                if order % 3 == 0 { format!("Suite {}", order % 500) } else { String::new() },
                CITIES[place].to_owned(),
                STATES[place].to_owned(),
                format!("{:05}", 10_000 + (order * 7) % 89_999),
                format!("(555) {:03}-{:04}", order % 1000, order % 10_000),
                "US".to_owned(),
                format!("2025-{month:02}-{day:02}"),
                carrier.to_owned(),
            ]);
        }
    }
    rows
}

fn write_csv(path: &Path, rows: &[[String; 14]]) {
    let mut out = std::io::BufWriter::new(File::create(path).unwrap());
    writeln!(out, "{}", HEADERS.join(",")).unwrap();
    for row in rows {
        writeln!(out, "{}", row.join(",")).unwrap();
    }
    out.flush().unwrap();
}

fn write_xlsx(path: &Path, rows: &[[String; 14]]) {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Orders").unwrap();
    for (column, header) in HEADERS.iter().enumerate() {
        sheet.write_string(0, column as u16, *header).unwrap();
    }
    for (i, row) in rows.iter().enumerate() {
        let r = i as u32 + 1;
        for (column, cell) in row.iter().enumerate() {
            if cell.is_empty() {
                continue;
            }
            // Quantities as numbers, as a spreadsheet would hold them.
            if column == 2 {
                sheet.write_number(r, column as u16, cell.parse::<f64>().unwrap()).unwrap();
            } else {
                sheet.write_string(r, column as u16, cell).unwrap();
            }
        }
    }
    workbook.save(path).unwrap();
}

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|line| line.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or("n/a".to_owned(), |k| format!("{:.1} MiB", k as f64 / 1024.0))
}

/// Child: read one file one way and report.
fn child(mode: &str, path: &Path) {
    let limits = Limits::default();
    let bytes = match mode {
        "csv-bytes" | "xlsx-bytes" => std::fs::read(path).unwrap(),
        _ => Vec::new(),
    };
    let before = peak_rss_kib();
    let start = Instant::now();
    let orders = match mode {
        "csv-bytes" => read_orders(&bytes, Format::Csv, &limits),
        "csv-file" => read_csv(File::open(path).unwrap(), &limits),
        "xlsx-bytes" => read_orders(&bytes, Format::Xlsx, &limits),
        "xlsx-file" => read_xlsx(BufReader::new(File::open(path).unwrap()), &limits),
        other => panic!("unknown mode {other}"),
    }
    .unwrap_or_else(|e| panic!("{mode}: {e}"));
    let elapsed = start.elapsed();
    let after = peak_rss_kib();
    assert_eq!(orders.rows, ROWS);
    println!(
        "{mode:<11} {:>8.0} ms  {:>6} orders  peak RSS {:>10} (before the read {})",
        elapsed.as_secs_f64() * 1000.0,
        orders.orders.len(),
        mib(after),
        mib(before),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--child") {
        child(&args[i + 1], Path::new(&args[i + 2]));
        return;
    }

    let dir = std::env::temp_dir().join(format!("waybill-orders-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv_path: PathBuf = dir.join("orders.csv");
    let xlsx_path: PathBuf = dir.join("orders.xlsx");
    let start = Instant::now();
    let rows = rows();
    write_csv(&csv_path, &rows);
    write_xlsx(&xlsx_path, &rows);
    drop(rows);
    let size = |p: &Path| std::fs::metadata(p).unwrap().len() as f64 / (1024.0 * 1024.0);
    println!("{ROWS} rows: CSV {:.1} MiB, xlsx {:.1} MiB (generated in {:.1} s)", size(&csv_path), size(&xlsx_path), start.elapsed().as_secs_f64());

    let exe = std::env::current_exe().unwrap();
    for (mode, path) in [("csv-bytes", &csv_path), ("csv-file", &csv_path), ("xlsx-bytes", &xlsx_path), ("xlsx-file", &xlsx_path)] {
        let status = Command::new(&exe).arg("--child").arg(mode).arg(path).status().unwrap();
        assert!(status.success(), "{mode} failed");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
