//! A grouped cube query on the large demo data set: orders by customer by day over 90
//! days, on one million order lines, through the whole engine (the cubes' views, the
//! facility scope, the row cap). Prints the snapshot's load time and the query's median
//! and slowest of ten runs; the target is 200 ms on two cores (docs/performance.md).
//!
//! With `WAYBILL_DUCKDB_PYTHON` set to a Python that has the `duckdb` package, the same
//! query also runs in DuckDB on the same rows (written to CSV files and loaded into its
//! tables first), and the ratio is printed. `make bench-bi` sets it up.
//!
//! `cargo bench -p waybill-bi --bench grouped`

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use waybill_bi::{Catalogue, DataFusionEngine, Limits, QueryEngine, RowScope};
use waybill_demo::{Demo, DemoConfig, Scale};

const LINES: u32 = 1_000_000;
const RUNS: usize = 10;
const TARGET_MS: f64 = 200.0;

/// The question, over the cube.
const CUBE_SQL: &str = "SELECT customer_name, date_trunc('day', created_at) AS day, COUNT(order_id) AS orders, SUM(units) AS units \
    FROM outbound_orders \
    WHERE created_at >= (SELECT MAX(created_at) - INTERVAL '90 days' FROM outbound_orders) \
    GROUP BY customer_name, date_trunc('day', created_at)";

/// The same question over the tables, as DuckDB runs it: the cube's join and facility scope spelled out.
const DUCKDB_SQL: &str = "WITH o AS (SELECT c.name AS customer_name, CAST(o.created_at AS TIMESTAMP) AS created_at, o.id AS order_id, o.total_quantity AS units \
    FROM orders o LEFT JOIN customers c ON o.customer_id = c.id WHERE o.facility_id IN ('dc-ontario', 'xdock-savannah', 'yard-fontana')) \
    SELECT customer_name, date_trunc('day', created_at) AS day, COUNT(order_id) AS orders, SUM(units) AS units FROM o \
    WHERE created_at >= (SELECT MAX(created_at) - INTERVAL '90 days' FROM o) GROUP BY customer_name, date_trunc('day', created_at)";

const DUCKDB_SCRIPT: &str = r#"
import sys, time, duckdb
folder, sql, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
con = duckdb.connect()
con.execute("SET threads TO 2")
for table in ("orders", "customers"):
    con.execute(f"CREATE TABLE {table} AS SELECT * FROM read_csv_auto('{folder}/{table}.csv', header=true, all_varchar=false)")
con.execute(sql).fetchall()
times = []
for _ in range(runs):
    started = time.perf_counter()
    rows = con.execute(sql).fetchall()
    times.append((time.perf_counter() - started) * 1000)
times.sort()
print(f"{times[len(times) // 2]:.1f} {times[-1]:.1f} {len(rows)}")
"#;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Writes `SELECT columns FROM table` of the demo as CSV, for DuckDB.
async fn csv(demo: &Demo, folder: &std::path::Path, table: &str, columns: &str) {
    use sqlx::Row;
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {columns} FROM {table}"))).fetch_all(&demo.database()).await.unwrap();
    let mut out = std::io::BufWriter::new(std::fs::File::create(folder.join(format!("{table}.csv"))).unwrap());
    writeln!(out, "{}", columns.replace(' ', "")).unwrap();
    let n = columns.split(',').count();
    for row in rows {
        let cells: Vec<String> = (0..n)
            .map(|i| {
                let text: String = row.try_get::<String, _>(i).or_else(|_| row.try_get::<i64, _>(i).map(|v| v.to_string())).unwrap_or_default();
                if text.contains([',', '"']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
            })
            .collect();
        writeln!(out, "{}", cells.join(",")).unwrap();
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = std::env::temp_dir().join(format!("waybill-bi-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let started = Instant::now();
    let demo = Demo::open(&dir.join("demo.sqlite"), DemoConfig { scale: Scale::Lines(LINES), ..DemoConfig::default() }).await.unwrap();
    let seeded = started.elapsed();

    let started = Instant::now();
    let engine = DataFusionEngine::load(&demo.database(), Arc::new(Catalogue::demo()), Limits::default()).await.unwrap();
    let loaded = started.elapsed();
    let scope = RowScope { facilities: waybill_demo::FACILITIES.iter().map(|(id, _)| (*id).to_owned()).collect() };

    let first = engine.run(CUBE_SQL, &scope).await.unwrap();
    let mut times = Vec::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        let out = engine.run(CUBE_SQL, &scope).await.unwrap();
        times.push(started.elapsed());
        assert_eq!(out.rows.len(), first.rows.len());
    }
    times.sort();
    let median = ms(times[RUNS / 2]);
    println!(
        "orders by customer by day over 90 days, {LINES} order lines (seeded in {:.1} s, snapshot read in {:.1} s)",
        seeded.as_secs_f64(),
        loaded.as_secs_f64()
    );
    println!(
        "  Waybill (DataFusion)  median {median:.1} ms, slowest {:.1} ms, {} groups (target ≤ {TARGET_MS} ms): {}",
        ms(*times.last().unwrap()),
        first.rows.len(),
        if median <= TARGET_MS { "met" } else { "MISSED" }
    );

    match std::env::var("WAYBILL_DUCKDB_PYTHON") {
        Ok(python) => {
            csv(&demo, &dir, "orders", "id, facility_id, customer_id, total_quantity, created_at").await;
            csv(&demo, &dir, "customers", "id, name").await;
            let script = dir.join("duckdb_bench.py");
            std::fs::write(&script, DUCKDB_SCRIPT).unwrap();
            let out = std::process::Command::new(python).arg(&script).arg(&dir).arg(DUCKDB_SQL).arg(RUNS.to_string()).output().expect("python runs");
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            let text = String::from_utf8_lossy(&out.stdout);
            let parts: Vec<f64> = text.split_whitespace().filter_map(|p| p.parse().ok()).collect();
            let (duck, slowest, groups) = (parts[0], parts[1], parts[2] as usize);
            assert_eq!(groups, first.rows.len(), "both engines find the same groups");
            println!("  DuckDB                median {duck:.1} ms, slowest {slowest:.1} ms, {groups} groups");
            println!("  ratio                 {:.2}× DuckDB's time (target ≤ 2×): {}", median / duck, if median <= 2.0 * duck { "met" } else { "MISSED" });
        }
        Err(_) => println!("  DuckDB                not run: set WAYBILL_DUCKDB_PYTHON (make bench-bi does)"),
    }
    demo.close().await;
    std::fs::remove_dir_all(&dir).ok();
}
