//! What an order import costs in memory, end to end: a 20,000-line file through
//! `oms-importOrders` into the demo facility's order system, served by this process. The
//! check before approval (the precheck) and the import itself each run in a child process
//! of this test (the binary run again with `IMPORT_MEMORY_PHASE` set), which reports the
//! resident memory the phase added at its peak over what the server and the demo held
//! when it began. When the batch was built as JSON values the import added several times
//! the budget; it is now written straight from the orders read. The 100,000-line figures
//! come from `make bench-systems` (docs/performance.md).

use crate::common;
use crate::systems::demo_app;

use axum::http::StatusCode;
use serde_json::json;
use waybill_demo::Demo;
use waybill_server::config::Config;
use waybill_server::waybill_store::{Store, testing};
use waybill_server::waybill_tools::{Caller, ToolContext};
use waybill_testkit::memory::{Phase, cost_in_child};

const LINES: usize = 20_000;
const LINES_PER_ORDER: usize = 5;
const MB: f64 = 1000.0 * 1000.0;
/// The most resident memory either phase may add for [`LINES`] lines.
const BUDGET: u64 = 40 * 1000 * 1000;
const PHASE_ENV: &str = "IMPORT_MEMORY_PHASE";

#[test]
fn an_order_import_of_20000_lines_adds_at_most_40_mb() {
    if let Ok(phase) = std::env::var(PHASE_ENV) {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async { testing::run(testing::sqlite().await, |store| run_phase(store, phase)).await });
        return;
    }
    for phase in ["precheck", "import"] {
        let cost = cost_in_child("import_memory::an_order_import_of_20000_lines_adds_at_most_40_mb", PHASE_ENV, phase);
        println!("{phase:<8} of {LINES} lines: peak RSS above idle {:>5.1} MB; {}", cost.rss as f64 / MB, cost.answer);
        assert!(cost.rss <= BUDGET, "{phase} added {:.1} MB, more than {:.0} MB", cost.rss as f64 / MB, BUDGET as f64 / MB);
    }
}

/// In the child: the demo app with the file uploaded, then one phase measured.
async fn run_phase(store: Store, phase: String) {
    let d = demo_app(store, Config::default()).await;
    let (merchant, skus) = merchant_with_items(&d.demo).await;
    let csv = waybill_testkit::order_file::csv(&skus, LINES, LINES_PER_ORDER);
    let uploaded = common::upload(&d.app, &d.dave, "", "orders-20k.csv", "text/csv", csv.as_bytes()).await;
    assert_eq!(uploaded.status, StatusCode::OK, "{}", uploaded.text);
    drop(csv);
    let dave = d.app.state.store.user_by_email("dave@demo.test").await.unwrap().unwrap().id;
    let caller =
        Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: dave, timezone: "UTC".into(), ..Caller::default() };
    let ctx = ToolContext::new(caller, "c-import-memory");
    let tool = d.app.state.tools.get("oms-importOrders").unwrap();
    let input = json!({"fileName": "orders-20k.csv", "merchantNo": merchant});

    let measured = Phase::start();
    let answer = if phase == "precheck" {
        tool.precheck(&input, &ctx).await.map_or_else(|refused| format!("refused: {refused}"), |()| "the batch fits the import".to_owned())
    } else {
        let done = tool.execute(input, &ctx).await.unwrap();
        assert_eq!(done["success"], true, "{done}");
        format!("imported {} orders with {} lines", done["imported"], done["lineCount"])
    };
    measured.report(&phase, &answer);
    assert!(!answer.starts_with("refused"), "{answer}");
}

/// A merchant with at least [`LINES_PER_ORDER`] active items, and their SKUs.
async fn merchant_with_items(demo: &Demo) -> (String, Vec<String>) {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT c.merchant_no, i.sku FROM customers c JOIN items i ON i.customer_id = c.id \
         WHERE c.status = 'active' AND i.status = 'active' ORDER BY c.merchant_no, i.sku",
    )
    .fetch_all(&demo.database())
    .await
    .unwrap();
    let mut skus: Vec<String> = Vec::new();
    for (at, (merchant, sku)) in rows.iter().enumerate() {
        skus.push(sku.clone());
        let last_of_merchant = rows.get(at + 1).is_none_or(|(next, _)| next != merchant);
        if last_of_merchant {
            if skus.len() >= LINES_PER_ORDER {
                return (merchant.clone(), skus);
            }
            skus.clear();
        }
    }
    panic!("no merchant with {LINES_PER_ORDER} active items in the demo");
}
