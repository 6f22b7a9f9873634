//! Imports a 100,000-line order file through `oms-importOrders`, the whole way a user's
//! import goes: the CSV stored by the file service, read back and checked against the
//! order system's schema before approval (the precheck), then read again, sent as one
//! batch over HTTP to the demo facility's order system and stored there in one
//! transaction. Prints the time of each, and the memory each added to this process (server
//! and demo facility together): its resident high-water mark above what was resident when
//! it began, and the peak of the allocations it made. The targets are 10 s and 100 MiB
//! (docs/performance.md).
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
use waybill_testkit::memory::{Counting, Phase};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const LINES: usize = 100_000;
const LINES_PER_ORDER: usize = 5;
const TARGET_SECS: f64 = 10.0;
/// The most memory the precheck or the import may add, resident, in MiB.
const TARGET_MIB: f64 = 100.0;
const MIB: f64 = 1024.0 * 1024.0;

/// One line of the table: the time and memory of a phase against the targets.
fn print_phase(what: &str, secs: f64, phase: &Phase) {
    let (rss, live) = (phase.rss() as f64 / MIB, phase.live() as f64 / MIB);
    let met = |ok: bool| if ok { "met" } else { "MISSED" };
    println!(
        "  {what:<10} {secs:.2} s (≤ {TARGET_SECS} s: {}), peak RSS +{rss:.0} MiB (≤ {TARGET_MIB} MiB: {}), allocations at most +{live:.0} MiB",
        met(secs <= TARGET_SECS),
        met(rss <= TARGET_MIB)
    );
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
    let csv = waybill_testkit::order_file::csv(&skus, LINES, LINES_PER_ORDER);
    let size_mib = csv.len() as f64 / 1024.0 / 1024.0;
    let who = Uploader { tenant_id: waybill_demo::TENANT, user_id: &user, facility_id: "dc-ontario" };
    let options = UploadOptions { filename: "orders-100k.csv", declared_type: Some("text/csv"), operator: "bench", watermark: false, thumbnail: false };
    let body = futures::stream::iter([Ok::<_, waybill_files::FileError>(axum::body::Bytes::from(csv))]);
    state.files.upload(&store, who, options, body).await.unwrap();

    let tool = state.tools.get("oms-importOrders").expect("the order tools are registered");
    let caller =
        Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: user.clone(), timezone: "UTC".into(), ..Caller::default() };
    let ctx = ToolContext::new(caller, "bench");
    let input = json!({"fileName": "orders-100k.csv", "merchantNo": merchant});
    println!("oms-importOrders: {LINES} lines in {} orders ({size_mib:.1} MiB CSV), server and demo facility in this process", LINES / LINES_PER_ORDER);
    let idle = waybill_testkit::memory::vm_hwm() as f64 / MIB;
    println!("  idle       {idle:.0} MiB resident at most so far");

    let (phase, started) = (Phase::start(), Instant::now());
    tool.precheck(&input, &ctx).await.expect("the file fits the import");
    print_phase("precheck", started.elapsed().as_secs_f64(), &phase);

    let (phase, started) = (Phase::start(), Instant::now());
    let result = tool.execute(input, &ctx).await.unwrap();
    print_phase("import", started.elapsed().as_secs_f64(), &phase);
    assert_eq!(result["success"], true, "{result}");
    assert_eq!(result["lineCount"].as_u64(), Some(LINES as u64), "{result}");
    demo.close().await;
    store.close().await;
    std::fs::remove_dir_all(&dir).ok();
}
