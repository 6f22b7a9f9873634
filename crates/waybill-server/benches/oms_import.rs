//! Imports a 100,000-line order file through `oms-importOrders`, the whole way a user's
//! import goes: the CSV stored by the file service, read back and checked, sent as one
//! batch over HTTP to the demo facility's order system, stored there in one transaction.
//! Prints the time and this process's peak memory (VmHWM, Linux) before and after; the
//! target is 10 s (docs/performance.md).
//!
//! `cargo bench -p waybill-server --bench oms_import`

use std::time::Instant;

use serde_json::{Value, json};
use waybill_demo::{Demo, DemoConfig, System};
use waybill_files::{UploadOptions, Uploader};
use waybill_server::auth::TokenKeys;
use waybill_server::config::Config;
use waybill_server::waybill_tools::{Caller, ToolContext};
use waybill_server::{AppState, open_store};

const LINES: usize = 100_000;
const LINES_PER_ORDER: usize = 5;
const TARGET_SECS: f64 = 10.0;

/// Peak resident memory of this process so far, in MiB.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// A merchant and its active SKUs, from the demo's WMS.
async fn merchant_and_skus(base: &str, demo: &Demo) -> (String, Vec<String>) {
    let get = |path: String| {
        let request = reqwest::Client::new()
            .get(format!("{base}{}{path}", System::Wms.base_path()))
            .bearer_auth(demo.token(System::Wms))
            .header("X-Tenant-Id", waybill_demo::TENANT)
            .header("X-Facility-Id", "dc-ontario");
        async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let customers = get("/v1/customers?status=active&pageSize=100".into()).await;
    for customer in customers["data"].as_array().unwrap() {
        let merchant = customer["merchantNo"].as_str().unwrap().to_owned();
        let items = get(format!("/v1/items?status=active&pageSize=100&merchantNo={merchant}")).await;
        let skus: Vec<String> = items["data"].as_array().unwrap().iter().map(|i| i["sku"].as_str().unwrap().to_owned()).collect();
        if skus.len() >= LINES_PER_ORDER {
            return (merchant, skus);
        }
    }
    panic!("no merchant with {LINES_PER_ORDER} active items in the demo");
}

/// The file: `LINES` lines in orders of `LINES_PER_ORDER`, every order its own address.
fn order_file(skus: &[String]) -> String {
    let mut csv = String::from("Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Ship Date\n");
    for line in 0..LINES {
        let order = line / LINES_PER_ORDER;
        let sku = &skus[(order + line) % skus.len()];
        csv.push_str(&format!(
            "BENCH-{order:06},Customer {order},{} Market Street,Reno,NV,{:05},{sku},{},2026-12-01\n",
            100 + order % 9000,
            89501 + order % 90,
            1 + line % 12
        ));
    }
    csv
}

#[tokio::main]
async fn main() {
    let dir = std::env::temp_dir().join(format!("waybill-oms-bench-{}", std::process::id()));
    let config = Config { data_dir: dir.clone(), ..Config::default() };
    let store = open_store(&config).await.unwrap();
    store.ensure_tenant(waybill_demo::TENANT, "Demo Logistics").await.unwrap();
    store.ensure_facility(waybill_demo::TENANT, "dc-ontario", "Ontario").await.unwrap();
    let new_user = waybill_server::waybill_store::NewUser { email: "bench@waybill.local", password_hash: "-", first_name: None, user_name: "bench" };
    let user = store.create_user(new_user).await.unwrap().id;
    let demo = Demo::open(&dir.join("demo.sqlite"), DemoConfig::default()).await.unwrap();
    let mut state = AppState::new(store.clone(), config, TokenKeys::from_secret(b"bench-secret-bench-secret-bench-secret", 900)).await.unwrap();
    state.demo = Some(demo.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(waybill_server::serve(listener, state.clone(), std::future::pending()));
    waybill_server::demo::register(&state, &demo, &base).await.unwrap();

    let (merchant, skus) = merchant_and_skus(&base, &demo).await;
    let csv = order_file(&skus);
    let size_mib = csv.len() as f64 / 1024.0 / 1024.0;
    let who = Uploader { tenant_id: waybill_demo::TENANT, user_id: &user, facility_id: "dc-ontario" };
    let options = UploadOptions { filename: "orders-100k.csv", declared_type: Some("text/csv"), operator: "bench", watermark: false, thumbnail: false };
    let body = futures::stream::iter([Ok::<_, waybill_files::FileError>(axum::body::Bytes::from(csv))]);
    state.files.upload(&store, who, options, body).await.unwrap();
    let before = peak_mib();

    let tool = state.tools.get("oms-importOrders").expect("the order tools are registered");
    let caller =
        Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: user.clone(), timezone: "UTC".into(), ..Caller::default() };
    let ctx = ToolContext::new(caller, "bench");
    let started = Instant::now();
    let result = tool.execute(json!({"fileName": "orders-100k.csv", "merchantNo": merchant}), &ctx).await.unwrap();
    let elapsed = started.elapsed().as_secs_f64();
    let after = peak_mib();

    assert_eq!(result["success"], true, "{result}");
    assert_eq!(result["lineCount"].as_u64(), Some(LINES as u64), "{result}");
    println!("oms-importOrders: {LINES} lines in {} orders ({size_mib:.1} MiB CSV)", LINES / LINES_PER_ORDER);
    println!("  time       {elapsed:.2} s (target ≤ {TARGET_SECS} s): {}", if elapsed <= TARGET_SECS { "met" } else { "MISSED" });
    if let (Some(before), Some(after)) = (before, after) {
        println!("  peak RSS   {before:.0} MiB before, {after:.0} MiB after (+{:.0} MiB, server and demo in this process)", after - before);
    }
    demo.close().await;
    store.close().await;
    std::fs::remove_dir_all(&dir).ok();
}
