//! BI end to end: the offline model answers a numbers question with a query over the
//! cubes, on the demo facility's data, limited to the caller's granted facilities; the
//! cube tools read the catalogue; other tenants are not offered them.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp, chunks, user_message};
use serde_json::{Value, json};
use waybill_demo::{Demo, DemoConfig};
use waybill_server::config::Config;
use waybill_server::waybill_store::{NewUser, Store, backend_tests};
use waybill_server::waybill_tools::{Caller, ToolContext, golden};

/// The app with the demo's data in its data folder, where BI reads it, and two demo
/// users: dave (every facility) and erin (the Ontario DC only).
pub(crate) async fn bi_app(store: Store) -> (TestApp, Demo, Session, Session) {
    store.ensure_tenant(waybill_demo::TENANT, "Demo Logistics").await.unwrap();
    for (id, name) in waybill_demo::FACILITIES {
        store.ensure_facility(waybill_demo::TENANT, id, name).await.unwrap();
    }
    let hash = waybill_server::auth::password::hash(common::PASSWORD).unwrap();
    let dave = store.create_user(NewUser { email: "dave@demo.test", password_hash: &hash, first_name: Some("Dave"), user_name: "dave" }).await.unwrap();
    let all: Vec<&str> = waybill_demo::FACILITIES.iter().map(|(id, _)| *id).collect();
    store.grant(&dave.id, waybill_demo::TENANT, &all, false).await.unwrap();
    let erin = store.create_user(NewUser { email: "erin@demo.test", password_hash: &hash, first_name: Some("Erin"), user_name: "erin" }).await.unwrap();
    store.grant(&erin.id, waybill_demo::TENANT, &["dc-ontario"], false).await.unwrap();
    let app = TestApp::configured(store, Config::default()).await;
    let demo = Demo::open(&waybill_server::demo::database_path(&app.state.config), DemoConfig::default()).await.unwrap();
    let dave = Session { facility: "dc-ontario".into(), ..app.login("dave@demo.test").await };
    let erin = app.login("erin@demo.test").await;
    (app, demo, dave, erin)
}

pub(crate) async fn ask(app: &TestApp, session: &Session, chat: &str, text: &str) -> Vec<Value> {
    let body = json!({"id": chat, "model": "waybill-offline", "messages": [user_message("u1", text)]});
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

/// The next turn of a chat: its stored messages and the new one, as the chat page sends them.
pub(crate) async fn ask_on(app: &TestApp, session: &Session, email: &str, chat: &str, text: &str) -> Vec<Value> {
    let user = app.state.store.user_by_email(email).await.unwrap().unwrap().id;
    let mut messages: Vec<Value> =
        app.state.store.chat_messages(&session.tenant, &user, chat).await.unwrap().iter().map(|m| serde_json::from_str(&m.body).unwrap()).collect();
    messages.push(user_message(&format!("u{}", messages.len() + 1), text));
    let body = json!({"id": chat, "model": "waybill-offline", "messages": messages});
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

pub(crate) fn output_of<'a>(chunks: &'a [Value], tool: &str) -> &'a Value {
    let call = chunks.iter().find(|c| c["type"] == "tool-input-available" && c["toolName"] == tool).unwrap_or_else(|| panic!("no {tool} call in {chunks:#?}"));
    &chunks.iter().find(|c| c["type"] == "tool-output-available" && c["toolCallId"] == call["toolCallId"]).unwrap_or_else(|| panic!("no output in {chunks:#?}"))
        ["output"]
}

/// A result as its golden sample: what changes from run to run (when the data was read,
/// the stored file's id, link and size, today's date in a name) fixed.
fn steady(result: &Value) -> Value {
    let mut sample = result.clone();
    let fixed = [
        ("dataAsOf", json!("2026-11-16T08:00:00Z")),
        ("fileId", json!("0193a7e2-5c1d-7a40-9b1e-6f2d4c8a1b00")),
        ("url", json!("/api/file-app/v1/file/view/sample")),
        ("size", json!(6236)),
    ];
    for (field, value) in fixed {
        if sample.get(field).is_some() {
            sample[field] = value;
        }
    }
    if let Some(name) = sample["fileName"].as_str() {
        let day = jiff::Zoned::now().strftime("%Y-%m-%d").to_string();
        sample["fileName"] = json!(name.replace(&day, "2026-11-16"));
    }
    sample
}

async fn orders_in(demo: &Demo, facilities: &[&str]) -> i64 {
    let list = facilities.iter().map(|f| format!("'{f}'")).collect::<Vec<_>>().join(",");
    let (n,): (i64,) =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM orders WHERE facility_id IN ({list})"))).fetch_one(&demo.database()).await.unwrap();
    n
}

backend_tests! {
    async fn a_numbers_question_is_answered_from_the_cubes_for_the_callers_facilities(store) {
        let (app, demo, dave, erin) = bi_app(store).await;
        let out = ask(&app, &dave, "c-bi", "outbound orders by customer").await;
        let result = output_of(&out, "testQuerySqlTool");
        assert_eq!(result["columns"], json!(["customer_name", "orders", "units"]));
        assert!(result["generatedSql"].as_str().unwrap().contains("WITH outbound_orders AS ("));
        assert!(result["dataAsOf"].as_str().unwrap().ends_with('Z'));
        let top: i64 = result["rows"][0][1].as_i64().unwrap();
        assert!(top > 0, "{result}");
        golden::write("testQuerySqlTool", &steady(result));

        // Erin sees the Ontario DC only: the engine, not the model, keeps the rest out.
        let count = "SELECT COUNT(order_id) AS n FROM outbound_orders";
        let tool = app.state.tools.get("testQuerySqlTool").unwrap();
        let caller = |user: &str| Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: user.into(), timezone: "UTC".into(), ..Caller::default() };
        let erin_id = app.state.store.user_by_email("erin@demo.test").await.unwrap().unwrap().id;
        let dave_id = app.state.store.user_by_email("dave@demo.test").await.unwrap().unwrap().id;
        let hers = tool.execute(json!({"sql": count}), &ToolContext::new(caller(&erin_id), "c")).await.unwrap();
        assert_eq!(hers["facilities"], json!(["dc-ontario"]));
        assert_eq!(hers["rows"][0][0].as_i64(), Some(orders_in(&demo, &["dc-ontario"]).await), "{hers}");
        let his = tool.execute(json!({"sql": count}), &ToolContext::new(caller(&dave_id), "c")).await.unwrap();
        assert_eq!(his["rows"][0][0].as_i64(), Some(orders_in(&demo, &["dc-ontario", "xdock-savannah", "yard-fontana"]).await));
        let base = tool.execute(json!({"sql": "SELECT * FROM orders"}), &ToolContext::new(caller(&erin_id), "c")).await.unwrap_err();
        assert!(base.to_string().contains("There is no cube named orders"), "{base}");
        let _ = erin;

        // The catalogue tools, and their golden samples.
        let ctx = ToolContext::new(caller(&dave_id), "c");
        let run = |name: &'static str, input: Value| {
            let tool = app.state.tools.get(name).unwrap().clone();
            let ctx = ctx.clone();
            async move { tool.execute(input, &ctx).await.unwrap() }
        };
        let cubes = run("getCubeDescTool", json!({})).await;
        assert!(cubes["cubes"].as_array().unwrap().iter().any(|c| c["name"] == "outbound_orders"));
        golden::write("getCubeDescTool", &cubes);
        let schema = run("getCubeSchemaInfoTool", json!({"cubeName": "shipments"})).await;
        assert!(schema["measures"].as_array().unwrap().iter().any(|m| m["usage"] == "AVG(delivered_on_time)"), "{schema}");
        golden::write("getCubeSchemaInfoTool", &schema);
        let ids = run("getCubeFieldEnumQueryIdsTool", json!({"cubeName": "outbound_orders"})).await;
        assert!(ids["fields"].as_array().unwrap().iter().any(|f| f["queryId"] == "outbound_orders.status"));
        golden::write("getCubeFieldEnumQueryIdsTool", &ids);
        let values = run("getCubeEnumValuesTool", json!({"queryIds": ["outbound_orders.status"]})).await;
        assert!(values["fields"][0]["values"].as_array().unwrap().iter().any(|v| v == "shipped"), "{values}");
        golden::write("getCubeEnumValuesTool", &values);

        // An export: stored in the file service, a workbook behind a link that works alone.
        let export = ask_on(&app, &dave, "dave@demo.test", "c-bi", "export that as Excel").await;
        let file = output_of(&export, "downloadFileTool");
        assert!(file["fileName"].as_str().unwrap().ends_with(".xlsx") && file["rowCount"].as_u64().unwrap() > 0, "{file}");
        let url = file["url"].as_str().unwrap();
        let fetched = app.call(Method::GET, url, None, None).await;
        assert_eq!(fetched.status, StatusCode::OK, "{url}");
        assert!(fetched.text.starts_with("PK"), "a workbook");
        assert_eq!(fetched.headers["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
        golden::write("downloadFileTool", &steady(file));

        // "that" is the chat's last query, whichever it was; a chat without one is told so.
        ask_on(&app, &dave, "dave@demo.test", "c-bi", "top 5 SKUs by picks this month").await;
        let skus = ask_on(&app, &dave, "dave@demo.test", "c-bi", "export that as csv").await;
        let csv = output_of(&skus, "downloadFileTool");
        assert!(csv["generatedSql"].as_str().unwrap().contains("GROUP BY sku"), "{csv}");
        assert!(csv["fileName"].as_str().unwrap().starts_with("top-skus") && csv["fileName"].as_str().unwrap().ends_with(".csv"), "{csv}");
        let fresh = ask(&app, &dave, "c-fresh", "export that as Excel").await;
        let error = fresh.iter().find(|c| c["type"] == "tool-output-error").expect("the export fails");
        assert!(error["errorText"].as_str().unwrap().contains("no query to export yet"), "{error}");
        let named = run("generateFileNameTool", json!({"description": "Outbound orders by customer", "format": "csv"})).await;
        assert!(named["fileName"].as_str().unwrap().starts_with("outbound-orders-by-customer-") && named["fileName"].as_str().unwrap().ends_with(".csv"));
        golden::write("generateFileNameTool", &steady(&named));

        // Not the demo tenant's data: nothing to offer.
        let alice = app.login("alice@t1.test").await;
        let other = ask(&app, &alice, "c-other", "outbound orders by customer").await;
        assert!(other.iter().all(|c| c["toolName"] != "testQuerySqlTool"), "{other:?}");
        demo.close().await;
    }
}
