//! Seeding and import timings at benchmark scale. Ignored by default; run with
//! `cargo test --release -p waybill-demo --test timing -- --ignored --nocapture`.

mod common;

use std::time::Instant;

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::json;
use waybill_demo::{Demo, DemoConfig, Scale, System};

#[tokio::test]
#[ignore = "benchmark: seeds a million order lines"]
async fn seeding_a_million_lines_and_importing_a_hundred_thousand() {
    let dir = temp_dir("timing");
    let path = dir.join("demo.db");
    let started = Instant::now();
    let demo = Demo::open(&path, DemoConfig { scale: Scale::Lines(1_000_000), ..DemoConfig::default() }).await.unwrap();
    let seeded = started.elapsed();
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0) + std::fs::metadata(dir.join("demo.db-wal")).map(|m| m.len()).unwrap_or(0);
    println!("seeded 1,000,000 order lines in {seeded:.2?} ({} MiB)", size / (1024 * 1024));

    let client = Client::with(demo).await;
    let started = Instant::now();
    let page = client.get(System::Wms, "/v1/orders?status=open&customerId=CUS-0002&pageSize=200", Some(ONTARIO)).await;
    println!("a filtered order page over {} matching orders in {:.2?}", page["totalCount"], started.elapsed());

    let customer = client.get(System::Wms, "/v1/customers/CUS-0001", None).await;
    let items = client.get(System::Wms, "/v1/items?customerId=CUS-0001&status=active&pageSize=200", None).await;
    let skus: Vec<&str> = items["data"].as_array().unwrap().iter().map(|i| i["sku"].as_str().unwrap()).collect();
    let orders: Vec<_> = (0..20_000)
        .map(|n| {
            json!({
                "salesOrderId": format!("BENCH-{n}"),
                "shipTo": {"name": "Avery Chen", "line1": "100 Market St", "city": "Denver", "state": "CO", "postalCode": "80202"},
                "requestedShipDate": "2026-11-18",
                "lines": (0..5).map(|l| json!({"sku": skus[(n + l) % skus.len()], "quantity": 1 + l, "uom": "EA"})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let body = json!({"merchantNo": customer["merchantNo"], "orders": orders});
    let started = Instant::now();
    let result = client.write(System::Oms, Method::POST, "/v1/orders/import", ONTARIO, &body, StatusCode::CREATED).await;
    println!("imported {} lines into the million-line database in {:.2?}", result["lineCount"], started.elapsed());
    client.demo.close().await;
    std::fs::remove_dir_all(dir).ok();
}
