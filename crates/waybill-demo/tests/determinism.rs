//! The same seed gives the same data; the data hangs together.

mod common;

use std::path::Path;

use common::*;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};
use sqlx::{Column, Row, ValueRef};
use waybill_demo::{Demo, DemoConfig, Scale};

/// Every table but `meta` (which says when the data was made), row by row in key order, as text.
async fn dump(path: &Path) -> String {
    let pool = SqlitePool::connect_with(SqliteConnectOptions::new().filename(path).read_only(true)).await.unwrap();
    let tables: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'meta' ORDER BY name")
            .fetch_all(&pool)
            .await
            .unwrap();
    let mut out = String::new();
    for table in tables {
        out.push_str(&format!("## {table}\n"));
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT * FROM {table} ORDER BY 1, 2"))).fetch_all(&pool).await.unwrap();
        for row in rows {
            for column in row.columns() {
                let raw = row.try_get_raw(column.ordinal()).unwrap();
                let text = if raw.is_null() {
                    "NULL".to_owned()
                } else {
                    row.try_get::<String, _>(column.ordinal())
                        .or_else(|_| row.try_get::<i64, _>(column.ordinal()).map(|v| v.to_string()))
                        .or_else(|_| row.try_get::<f64, _>(column.ordinal()).map(|v| v.to_string()))
                        .unwrap()
                };
                out.push_str(&text);
                out.push('|');
            }
            out.push('\n');
        }
    }
    pool.close().await;
    out
}

async fn seeded(dir: &Path, name: &str, config: DemoConfig) -> std::path::PathBuf {
    let path = dir.join(name);
    let demo = Demo::open(&path, config).await.unwrap();
    demo.close().await;
    path
}

#[tokio::test]
async fn the_same_seed_gives_byte_identical_data() {
    let dir = temp_dir("determinism");
    let a = dump(&seeded(&dir, "a.db", DemoConfig::default()).await).await;
    let b = dump(&seeded(&dir, "b.db", DemoConfig::default()).await).await;
    assert!(a.len() > 1_000_000, "a sizeable data set: {} bytes", a.len());
    assert!(a == b, "two demos from one seed hold the same data");
    let other = dump(&seeded(&dir, "c.db", DemoConfig { seed: 7, ..DemoConfig::default() }).await).await;
    assert!(a != other, "another seed gives other data");
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn the_generated_data_is_coherent_and_sized() {
    let dir = temp_dir("coherence");
    let path = seeded(&dir, "demo.db", DemoConfig::default()).await;
    let pool = SqlitePool::connect_with(SqliteConnectOptions::new().filename(&path).read_only(true)).await.unwrap();
    let count = |sql: &'static str| {
        let pool = pool.clone();
        async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(&pool).await.unwrap() }
    };
    assert_eq!(count("SELECT count(*) FROM customers").await, 60);
    assert_eq!(count("SELECT count(*) FROM carriers").await, 25);
    assert_eq!(count("SELECT count(*) FROM items").await, 500);
    assert_eq!(count("SELECT count(*) FROM order_lines").await, 6_000);
    for facility in ["dc-ontario", "yard-fontana", "xdock-savannah"] {
        let lines: i64 = sqlx::query_scalar("SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.facility_id = ?")
            .bind(facility)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(lines, 2_000, "{facility}");
    }
    let broken = [
        "SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN items i ON i.id = l.item_id AND i.customer_id = o.customer_id WHERE i.id IS NULL",
        "SELECT count(*) FROM orders o WHERE line_count <> (SELECT count(*) FROM order_lines WHERE order_id = o.id)",
        "SELECT count(*) FROM shipments s LEFT JOIN orders o ON o.id = s.order_id AND o.facility_id = s.facility_id WHERE o.id IS NULL",
        "SELECT count(*) FROM shipments s LEFT JOIN loads d ON d.id = s.load_id WHERE s.load_id IS NOT NULL AND d.id IS NULL",
        "SELECT count(*) FROM inventory v WHERE allocated <> (SELECT coalesce(sum(quantity), 0) FROM allocations WHERE inventory_id = v.id)",
        "SELECT count(*) FROM inventory v WHERE allocated > on_hand",
        "SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status IN ('allocated', 'picking', 'packed') \
         AND l.quantity_each <> (SELECT coalesce(sum(quantity), 0) FROM allocations a WHERE a.order_id = l.order_id AND a.line_no = l.line_no)",
        "SELECT count(*) FROM inventory v LEFT JOIN locations l ON l.id = v.location_id AND l.facility_id = v.facility_id WHERE l.id IS NULL",
        "SELECT count(*) FROM dock_doors d LEFT JOIN trailers t ON t.id = d.trailer_id AND t.door_id = d.id WHERE d.trailer_id IS NOT NULL AND t.id IS NULL",
        "SELECT count(*) FROM trailers t WHERE status = 'at_door' AND NOT EXISTS (SELECT 1 FROM dock_doors WHERE trailer_id = t.id)",
        "SELECT count(*) FROM tracking_events e LEFT JOIN shipments s ON s.id = e.shipment_id WHERE s.id IS NULL",
        "SELECT count(*) FROM receipt_lines l JOIN receipts r ON r.id = l.receipt_id LEFT JOIN items i ON i.id = l.item_id AND i.customer_id = r.customer_id WHERE i.id IS NULL",
        "SELECT count(*) FROM users u LEFT JOIN job_codes j ON j.code = u.job_code LEFT JOIN titles t ON t.id = u.title_id WHERE j.code IS NULL OR t.id IS NULL",
    ];
    for sql in broken {
        let found: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
        assert_eq!(found, 0, "{sql}");
    }
    let overlapping: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM appointments a JOIN appointments b ON a.door_id = b.door_id AND a.id < b.id \
         AND a.window_start < b.window_end AND b.window_start < a.window_end",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(overlapping, 0, "no two appointments share a door at once");
    pool.close().await;
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn small_scales_are_honoured() {
    let demo = Demo::open_in_memory(DemoConfig { scale: Scale::Lines(300), ..DemoConfig::default() }).await.unwrap();
    let client = Client::with(demo).await;
    let mut lines = 0;
    for facility in ["dc-ontario", "yard-fontana", "xdock-savannah"] {
        let orders = client.get(waybill_demo::System::Wms, "/v1/orders?pageSize=200", Some(facility)).await;
        lines += orders["data"].as_array().unwrap().iter().map(|o| o["lineCount"].as_i64().unwrap()).sum::<i64>();
    }
    assert_eq!(lines, 300);
}
