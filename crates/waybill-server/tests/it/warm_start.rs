//! After a start, BI and the knowledge bases load what they serve in the background:
//! `/readyz` reports each family (503 while one is warming, 200 once none is), a query
//! that arrives meanwhile is answered from the snapshot or told clearly that BI is still
//! loading — never kept waiting for the whole load — and once ready, queries are served
//! from the snapshot the worker loaded. `/healthz` (liveness) answers throughout.

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Caller, ToolContext};

use crate::bi::bi_app;
use crate::common::TestApp;

const COUNT: &str = "SELECT COUNT(*) AS n FROM outbound_orders";

/// `/readyz` until it answers 200, for at most a minute.
async fn ready(app: &TestApp) -> Value {
    for _ in 0..600 {
        let res = app.call(Method::GET, "/readyz", None, None).await;
        if res.status == StatusCode::OK {
            return res.body;
        }
        assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE, "{}", res.text);
        assert_eq!(res.body["status"], "not_ready", "{}", res.text);
        assert!(res.body["families"].as_object().unwrap().values().any(|f| f["state"] == "warming"), "503 only while a family warms: {}", res.text);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the instance never became ready");
}

backend_tests! {
    async fn bi_and_knowledge_load_in_the_background_and_readyz_says_when_they_are_warm(store) {
        let (app, _demo, _dave, _erin) = bi_app(store).await;
        let dave = app.state.store.user_by_email("dave@demo.test").await.unwrap().unwrap().id;
        let ctx = ToolContext::new(Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: dave, timezone: "UTC".into(), ..Caller::default() }, "c");
        let query = app.state.tools.get("testQuerySqlTool").unwrap().clone();

        // As `serve` starts them, before it takes a request.
        let stop = CancellationToken::new();
        let workers = app.state.slices.start_workers(&stop);
        let first = app.call(Method::GET, "/readyz", None, None).await;
        let bi = first.body["families"]["bi"]["state"].as_str().unwrap().to_owned();
        assert!(
            (first.status, bi.as_str()) == (StatusCode::SERVICE_UNAVAILABLE, "warming") || (first.status, bi.as_str()) == (StatusCode::OK, "ready"),
            "BI warms from the start: {}",
            first.text
        );
        assert_eq!(app.call(Method::GET, "/healthz", None, None).await.status, StatusCode::OK, "alive while warming");

        // A query meanwhile: served from the snapshot, or told BI is still loading.
        match query.execute(json!({"sql": COUNT}), &ctx).await {
            Ok(result) => assert!(result["rows"][0][0].as_i64().unwrap() > 0, "{result}"),
            Err(e) => assert!(e.to_string().contains("BI is still loading the operational data after a start"), "{e}"),
        }

        let body = ready(&app).await;
        assert_eq!(body["status"], "ready");
        assert_eq!(body["database"], "ok");
        for family in ["bi", "knowledge"] {
            assert_eq!(body["families"][family]["state"], "ready", "{family}: {body}");
        }
        let result = query.execute(json!({"sql": COUNT}), &ctx).await.unwrap();
        assert!(result["rows"][0][0].as_i64().unwrap() > 0, "served from the snapshot the worker loaded: {result}");

        // Stopped with the server.
        stop.cancel();
        for worker in workers {
            tokio::time::timeout(Duration::from_secs(10), worker).await.expect("a worker ends when stopped").unwrap();
        }
    }

    async fn without_operational_data_bi_is_off_and_does_not_hold_readiness(store) {
        let config = waybill_server::config::Config { demo: waybill_server::config::DemoSettings { enabled: false, scale: None }, ..Default::default() };
        let app = TestApp::configured(store, config).await;
        let stop = CancellationToken::new();
        let _workers = app.state.slices.start_workers(&stop);
        let body = ready(&app).await;
        assert_eq!(body["families"]["bi"]["state"], "off", "{body}");
        assert!(body["families"]["bi"]["detail"].as_str().unwrap().contains("no operational data"), "{body}");
        stop.cancel();
    }
}
