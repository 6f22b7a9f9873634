//! The demo facility as `waybill serve` runs it enforces the caller's facility grants on
//! its own routes: a member granted only one facility reads and cancels no other
//! facility's order — not through Waybill's tools, and not straight through `/demo/…`
//! with a valid service token, however it was obtained. Its tokens live sealed in the
//! main store, never in the demo's database.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp};
use serde_json::{Value, json};
use waybill_demo::System;
use waybill_server::config::Config;
use waybill_server::waybill_store::{NewUser, backend_tests};
use waybill_server::waybill_tools::{Caller, ToolContext};

const ONTARIO: &str = "dc-ontario";
const SAVANNAH: &str = "xdock-savannah";

async fn direct(base: &str, token: &str, method: reqwest::Method, path: &str, facility: Option<&str>) -> (u16, Value) {
    let mut request = reqwest::Client::new()
        .request(method, format!("{base}/demo/wms{path}"))
        .bearer_auth(token)
        .header("X-Tenant-Id", waybill_demo::TENANT)
        .header("Accept", "application/json");
    if let Some(facility) = facility {
        request = request.header("X-Facility-Id", facility);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

backend_tests! {
    async fn a_member_of_one_facility_reaches_no_other_through_the_demo_routes(store) {
        store.ensure_tenant(waybill_demo::TENANT, "Demo Logistics").await.unwrap();
        for (id, name) in waybill_demo::FACILITIES {
            store.ensure_facility(waybill_demo::TENANT, id, name).await.unwrap();
        }
        let hash = waybill_server::auth::password::hash(common::PASSWORD).unwrap();
        let ann = store.create_user(NewUser { email: "ann@demo.test", password_hash: &hash, first_name: Some("Ann"), user_name: "ann" }).await.unwrap();
        store.grant(&ann.id, waybill_demo::TENANT, &[ONTARIO], false).await.unwrap();

        let mut app = TestApp::configured(store, Config::default()).await;
        // As `waybill serve` opens and registers it: statements of whom calls are made for required.
        let demo = waybill_server::demo::open(&app.state.config).await.unwrap().expect("the demo is enabled");
        app.state.demo = Some(demo.clone());
        app.router = waybill_server::app(app.state.clone());
        let base = app.serve().await;
        waybill_server::demo::register(&app.state, &demo, &base).await.unwrap();

        // Savannah's open order, read straight from the data.
        let theirs: String = sqlx::query_scalar("SELECT id FROM orders WHERE facility_id = ? AND status = 'open' LIMIT 1")
            .bind(SAVANNAH)
            .fetch_one(&demo.database())
            .await
            .unwrap();
        let status_of = |id: String| {
            let db = demo.database();
            async move { sqlx::query_scalar::<_, String>("SELECT status FROM orders WHERE id = ?").bind(id).fetch_one(&db).await.unwrap() }
        };

        // The tokens are nowhere in the demo's database.
        let token = demo.token(System::Wms).to_owned();
        let (stored,): (i64,) = sqlx::query_as("SELECT count(*) FROM meta WHERE key LIKE 'token.%' OR value = ?").bind(&token).fetch_one(&demo.database()).await.unwrap();
        assert_eq!(stored, 0);

        // Waybill itself lets Ann act in Ontario only.
        let ann_session = Session { facility: SAVANNAH.into(), ..app.login("ann@demo.test").await };
        let res = app.call(Method::GET, "/api/chat-history", Some(&ann_session), None).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text);

        // Through the tools, as Ann in Ontario: the demo answers, for Ontario only.
        let tool = app.state.tools.get("apiCall").expect("apiCall is registered");
        let ctx = ToolContext::new(
            Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: ONTARIO.into(), user_id: ann.id.clone(), timezone: "UTC".into(), ..Caller::default() },
            "c",
        );
        let listed = tool.execute(json!({"system": "Demo WMS", "operation": "listOrders", "query": {"pageSize": 5}}), &ctx).await.unwrap();
        assert_eq!((listed["success"].as_bool(), listed["status_code"].as_u64()), (Some(true), Some(200)), "{listed}");
        for operation in ["getOrder", "cancelOrder"] {
            let input = json!({"system": "Demo WMS", "operation": operation, "pathParams": {"orderId": theirs}});
            let answer = tool.execute(input, &ctx).await.unwrap();
            assert_eq!((answer["success"].as_bool(), answer["status_code"].as_u64()), (Some(false), Some(404)), "{operation}: {answer}");
        }
        assert_eq!(status_of(theirs.clone()).await, "open");

        // Straight through /demo/… with the valid service token: no statement, no access.
        for (method, path) in [(reqwest::Method::GET, format!("/v1/orders/{theirs}")), (reqwest::Method::POST, format!("/v1/orders/{theirs}/cancel"))] {
            for facility in [Some(SAVANNAH), Some(ONTARIO), None] {
                let (status, body) = direct(&base, &token, method.clone(), &path, facility).await;
                assert_eq!((status, body["error"]["code"].as_str()), (401, Some("caller_unverified")), "{method} {path} {facility:?}: {body}");
            }
        }
        let (status, _) = direct(&base, &token, reqwest::Method::GET, "/v1/orders", Some(ONTARIO)).await;
        assert_eq!(status, 401, "not even the facility the member holds");
        assert_eq!(status_of(theirs.clone()).await, "open", "nothing touched Savannah's order");

        // The statement Waybill signs for Ann names Ontario: used with Savannah's header it is 403.
        let signer = waybill_server::demo::caller_signer(&app.state.config).unwrap();
        let path = format!("/demo/wms/v1/orders/{theirs}/cancel");
        let call = waybill_demo::Call { system: System::Wms, tenant: waybill_demo::TENANT, facility: ONTARIO, user: Some(&ann.id), method: "POST", path_and_query: &path };
        let statement = signer.sign(&call, jiff::Timestamp::now().as_second());
        let response = reqwest::Client::new()
            .post(format!("{base}{path}"))
            .bearer_auth(&token)
            .header("X-Tenant-Id", waybill_demo::TENANT)
            .header("X-Facility-Id", SAVANNAH)
            .header(waybill_demo::CALLER_HEADER, statement)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 403);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["code"], "facility_forbidden", "{body}");
        assert_eq!(status_of(theirs).await, "open");

        // The token is sealed in the main store's registration, not kept in plain text.
        let systems = app.state.slices.handle::<waybill_systems::Shared>().unwrap().list(waybill_demo::TENANT).await.unwrap();
        assert_eq!(systems.iter().filter(|s| s.built_in).count(), 4);
        assert!(!serde_json::to_string(&systems).unwrap().contains(&token));
        demo.close().await;
    }
}
