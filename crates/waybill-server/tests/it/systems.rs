//! Business systems end to end: the demo facility served by the app itself and
//! registered for the demo tenant, the offline model finding and calling its operations
//! from the chat (a write waits for approval; a denial sends nothing), order files
//! imported through the order tools, and the admin API — registration from a document,
//! hostile documents and private addresses refused, tenants kept apart, secrets never
//! returned, an upstream 401 that stays the system's error.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp, assert_error, chunks, user_message};
use serde_json::{Value, json};
use waybill_demo::{Demo, DemoConfig, System};
use waybill_server::config::Config;
use waybill_server::waybill_store::{NewUser, Store, backend_tests};
use waybill_server::waybill_tools::{Caller, ToolContext, golden};

/// The app with the demo facility served on a local port and registered for tenant
/// `demo`, whose admin dave is signed in (facility dc-ontario).
pub(crate) struct DemoApp {
    pub app: TestApp,
    pub demo: Demo,
    pub base: String,
    pub dave: Session,
}

pub(crate) async fn demo_app(store: Store, config: Config) -> DemoApp {
    store.ensure_tenant(waybill_demo::TENANT, "Demo Logistics").await.unwrap();
    for (id, name) in waybill_demo::FACILITIES {
        store.ensure_facility(waybill_demo::TENANT, id, name).await.unwrap();
    }
    let hash = waybill_server::auth::password::hash(common::PASSWORD).unwrap();
    let dave = store.create_user(NewUser { email: "dave@demo.test", password_hash: &hash, first_name: Some("Dave"), user_name: "dave" }).await.unwrap();
    let facilities: Vec<&str> = waybill_demo::FACILITIES.iter().map(|(id, _)| *id).collect();
    store.grant(&dave.id, waybill_demo::TENANT, &facilities, true).await.unwrap();
    let mut app = TestApp::configured(store, config).await;
    let demo = Demo::open_in_memory(DemoConfig::default()).await.unwrap();
    app.state.demo = Some(demo.clone());
    app.router = waybill_server::app(app.state.clone());
    let base = app.serve().await;
    waybill_server::demo::register(&app.state, &demo, &base).await.unwrap();
    let dave = Session { facility: "dc-ontario".into(), ..app.login("dave@demo.test").await };
    DemoApp { app, demo, base, dave }
}

async fn ask(app: &TestApp, session: &Session, chat: &str, message: Value) -> Vec<Value> {
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(json!({"id": chat, "model": "waybill-offline", "messages": [message]}))).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

fn of_type<'a>(chunks: &'a [Value], kind: &str) -> Vec<&'a Value> {
    chunks.iter().filter(|c| c["type"] == kind).collect()
}

fn call_of<'a>(chunks: &'a [Value], tool: &str) -> &'a Value {
    of_type(chunks, "tool-input-available").into_iter().find(|c| c["toolName"] == tool).unwrap_or_else(|| panic!("no {tool} call in {chunks:#?}"))
}

fn output(chunks: &[Value]) -> &Value {
    &of_type(chunks, "tool-output-available").first().unwrap_or_else(|| panic!("no output in {chunks:#?}"))["output"]
}

/// The stored chat with its last call answered (approved or denied), posted back.
async fn decide(app: &TestApp, session: &Session, chat: &str, tool: &str, approved: bool) -> Vec<Value> {
    let res = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(session), None).await;
    let mut messages = res.body["messages"].as_array().unwrap().clone();
    let last = messages.last_mut().unwrap();
    let part = last["parts"].as_array_mut().unwrap().iter_mut().find(|p| p["type"] == format!("tool-{tool}")).expect("the call is stored");
    part["state"] = json!("approval-responded");
    part["approval"]["approved"] = json!(approved);
    let message_id = last["id"].clone();
    let body = json!({"id": chat, "model": "waybill-offline", "messages": messages, "trigger": "submit-message", "messageId": message_id});
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

/// Reads the demo directly, as its own clients do.
async fn demo_get(d: &DemoApp, system: System, path: &str) -> Value {
    reqwest::Client::new()
        .get(format!("{}{}{path}", d.base, system.base_path()))
        .bearer_auth(d.demo.token(system))
        .header("X-Tenant-Id", waybill_demo::TENANT)
        .header("X-Facility-Id", "dc-ontario")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

fn caller(tenant: &str, facility: &str) -> ToolContext {
    as_user(tenant, facility, "u")
}

fn as_user(tenant: &str, facility: &str, user: &str) -> ToolContext {
    ToolContext::new(Caller { tenant_id: tenant.into(), facility_id: facility.into(), user_id: user.into(), timezone: "UTC".into(), ..Caller::default() }, "c")
}

/// Calls `apiCall` as the model would, for the demo tenant.
async fn api_call(d: &DemoApp, input: Value) -> Value {
    let tool = d.app.state.tools.get("apiCall").expect("apiCall is registered");
    tool.execute(input, &caller(waybill_demo::TENANT, "dc-ontario")).await.expect("apiCall answers with a result")
}

backend_tests! {
    async fn the_offline_model_searches_and_reads_the_demo_facility(store) {
        let d = demo_app(store, Config::default()).await;

        let found = ask(&d.app, &d.dave, "c-search", user_message("u1", "find the API for inventory by item")).await;
        assert_eq!(call_of(&found, "apiSearch")["input"]["query"], "inventory by item");
        let best = &output(&found)["apis"][0];
        assert_eq!((best["operation"].as_str(), best["method"].as_str(), best["system"].as_str()), (Some("listItemInventory"), Some("GET"), Some("Demo WMS")));
        assert!(best["similarity"].as_u64().unwrap() > 50, "{best}");
        assert_eq!(best["parameters"]["path"][0], json!({"name": "itemId", "required": true}));
        golden::write("apiSearch", output(&found));

        let none = ask(&d.app, &d.dave, "c-none", user_message("u1", "find the API for zzqx")).await;
        assert_eq!(output(&none)["apis"], json!([]));
        let said: String = of_type(&none, "text-delta").iter().map(|c| c["delta"].as_str().unwrap()).collect();
        assert_eq!(said, "No APIs found for \"zzqx\".");

        let trailers = ask(&d.app, &d.dave, "c-yard", user_message("u1", "show trailers at the yard")).await;
        assert_eq!(call_of(&trailers, "apiCall")["input"]["operation"], "listTrailers");
        let result = output(&trailers);
        assert_eq!((result["success"].as_bool(), result["status_code"].as_u64()), (Some(true), Some(200)), "{result}");
        let listed = demo_get(&d, System::Yms, "/v1/trailers").await;
        assert_eq!(result["summary"], format!("Total {} records", listed["totalCount"]), "the count is the system's own");

        let orders = ask(&d.app, &d.dave, "c-orders", user_message("u1", "how many open outbound orders does customer Pacific Outdoor Supply have")).await;
        let input = &call_of(&orders, "apiCall")["input"];
        assert_eq!((input["operation"].as_str(), input["query"]["status"].as_str()), (Some("listOrders"), Some("open")), "{input}");
        assert_eq!(input["query"]["customerName"], "Pacific Outdoor Supply");
        let result = output(&orders);
        assert_eq!(result["success"], true, "{result}");
        let direct = demo_get(&d, System::Wms, "/v1/orders?status=open&customerName=Pacific%20Outdoor%20Supply").await;
        assert_eq!(result["summary"], format!("Total {} records", direct["totalCount"]));
        golden::write("apiCall", result);
    }

    async fn a_write_waits_for_approval_and_a_denial_sends_nothing(store) {
        let d = demo_app(store, Config::default()).await;
        let open = demo_get(&d, System::Wms, "/v1/orders?status=open&pageSize=1").await;
        let order = open["data"][0]["orderId"].as_str().unwrap().to_owned();

        let asked = ask(&d.app, &d.dave, "c-cancel", user_message("u1", &format!("cancel order {order}"))).await;
        let input = &call_of(&asked, "apiCall")["input"];
        assert_eq!((input["operation"].as_str(), input["pathParams"]["orderId"].as_str()), (Some("cancelOrder"), Some(order.as_str())));
        assert_eq!(of_type(&asked, "tool-approval-request").len(), 1, "{asked:#?}");
        assert!(of_type(&asked, "tool-output-available").is_empty(), "nothing runs before the answer");

        let denied = decide(&d.app, &d.dave, "c-cancel", "apiCall", false).await;
        assert_eq!(of_type(&denied, "tool-output-denied").len(), 1, "{denied:#?}");
        assert_eq!(demo_get(&d, System::Wms, &format!("/v1/orders/{order}")).await["status"], "open", "a denied call sends nothing");

        ask(&d.app, &d.dave, "c-cancel-2", user_message("u1", &format!("cancel order {order}"))).await;
        let approved = decide(&d.app, &d.dave, "c-cancel-2", "apiCall", true).await;
        assert_eq!(output(&approved)["success"], true, "{approved:#?}");
        assert_eq!(demo_get(&d, System::Wms, &format!("/v1/orders/{order}")).await["status"], "cancelled");

        // Marked safe by an admin, the same kind of call runs at once.
        let systems = d.app.call(Method::GET, "/api/admin/systems", Some(&d.dave), None).await;
        let wms = systems.body["systems"].as_array().unwrap().iter().find(|s| s["name"] == "Demo WMS").unwrap()["id"].as_str().unwrap().to_owned();
        let ops = d.app.call(Method::GET, &format!("/api/admin/systems/{wms}/operations"), Some(&d.dave), None).await;
        let cancel = ops.body["operations"].as_array().unwrap().iter().find(|o| o["key"] == "cancelOrder").unwrap();
        assert_eq!((cancel["writes"].as_bool(), cancel["safe"].as_bool()), (Some(true), Some(false)));
        let marked = d.app.call(Method::PUT, &format!("/api/admin/systems/{wms}/safe-operations"), Some(&d.dave), Some(json!({"operations": ["cancelOrder"]}))).await;
        assert_eq!(marked.status, StatusCode::OK, "{}", marked.text);
        let unknown = d.app.call(Method::PUT, &format!("/api/admin/systems/{wms}/safe-operations"), Some(&d.dave), Some(json!({"operations": ["dropTables"]}))).await;
        assert_error(&unknown, StatusCode::BAD_REQUEST, "system_invalid");
        let next = demo_get(&d, System::Wms, "/v1/orders?status=open&pageSize=1").await["data"][0]["orderId"].as_str().unwrap().to_owned();
        let ran = ask(&d.app, &d.dave, "c-cancel-3", user_message("u1", &format!("cancel order {next}"))).await;
        assert!(of_type(&ran, "tool-approval-request").is_empty(), "{ran:#?}");
        assert_eq!(output(&ran)["success"], true);
    }

    async fn wrong_arguments_fail_with_issues_and_values_cannot_leave_the_host(store) {
        let d = demo_app(store, Config::default()).await;
        let wrong = api_call(&d, json!({"system": "wms", "operation": "listOrders", "query": {"pageSize": "lots", "status": "lost"}})).await;
        assert_eq!(wrong["success"], false);
        assert!(wrong["error"].as_str().unwrap().starts_with("The arguments do not fit GET /v1/orders"), "{wrong}");
        let paths: Vec<&str> = wrong["issues"].as_array().unwrap().iter().map(|i| i["path"].as_str().unwrap()).collect();
        assert!(paths.contains(&"query.pageSize") && paths.contains(&"query.status"), "{wrong}");
        assert_eq!(wrong["suggestions"].as_array().unwrap().len(), 4);
        assert_eq!(wrong["parameters"]["query"]["pageSize"], "lots", "the parameters passed are shown");

        let unknown = api_call(&d, json!({"system": "Nope", "operation": "listOrders"})).await;
        assert!(unknown["error"].as_str().unwrap().contains("No business system named 'Nope'"), "{unknown}");

        for hostile in ["../../oms/v1/orders", "%2e%2e%2f%2e%2e%2fadmin", "x@evil.example", "..", "a/b?c#d"] {
            let result = api_call(&d, json!({"system": "Demo WMS", "operation": "getOrder", "pathParams": {"orderId": hostile}})).await;
            if let Some(path) = result["path"].as_str() {
                assert!(path.starts_with("/demo/wms/v1/orders/") && !path[20..].contains('/'), "{hostile} stays one segment: {path}");
                assert_eq!(result["status_code"], 404, "{hostile}: {result}");
            } else {
                assert_eq!(result["success"], false, "{hostile}: {result}");
            }
        }
    }

    async fn order_files_import_all_or_nothing_after_approval(store) {
        let d = demo_app(store, Config::default()).await;
        let merchants = demo_get(&d, System::Wms, "/v1/customers?status=active&pageSize=1").await;
        let merchant = merchants["data"][0]["merchantNo"].as_str().unwrap().to_owned();
        let items = demo_get(&d, System::Wms, &format!("/v1/items?status=active&pageSize=2&merchantNo={merchant}")).await;
        let sku = |i: usize| items["data"][i]["sku"].as_str().unwrap().to_owned();
        let good = format!(
            "Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Ship Date\n\
             WB-1,Acme Outdoor,1 Main St,Reno,NV,89501,{a},2,2026-12-01\n\
             WB-1,Acme Outdoor,1 Main St,Reno,NV,89501,{b},1,2026-12-01\n\
             WB-2,Hill Camp,9 Oak Ave,Boise,ID,83702,{a},5,2026-12-02\n",
            a = sku(0),
            b = sku(1)
        );
        let uploaded = common::upload(&d.app, &d.dave, "", "week-48 orders.csv", "text/csv", good.as_bytes()).await;
        assert_eq!(uploaded.status, StatusCode::OK, "{}", uploaded.text);
        let url = uploaded.body["data"]["non_expire_view_url"].as_str().unwrap().to_owned();
        let message = |id: &str, text: String, url: &str, name: &str| {
            json!({"id": id, "role": "user", "parts": [{"type": "text", "text": text}, {"type": "file", "url": url, "mediaType": "text/csv", "filename": name}]})
        };

        let asked = ask(&d.app, &d.dave, "c-import", message("u1", format!("import this order file for merchant {merchant}"), &url, "week-48 orders.csv")).await;
        let input = &call_of(&asked, "oms-importOrders")["input"];
        assert_eq!((input["fileName"].as_str(), input["merchantNo"].as_str()), (Some("week-48 orders.csv"), Some(merchant.as_str())));
        assert_eq!(of_type(&asked, "tool-approval-request").len(), 1, "an import asks first");
        let done = decide(&d.app, &d.dave, "c-import", "oms-importOrders", true).await;
        let result = output(&done);
        assert_eq!((result["success"].as_bool(), result["imported"].as_u64(), result["lineCount"].as_u64()), (Some(true), Some(2), Some(3)), "{result}");
        let order_id = result["orderId"].as_str().unwrap();
        let stored = demo_get(&d, System::Oms, &format!("/v1/orders/{order_id}")).await;
        assert_eq!(stored["salesOrderId"], "WB-1", "{stored}");
        golden::write("oms-importOrders", result);

        // The same file again: the system refuses the duplicates and stores nothing.
        ask(&d.app, &d.dave, "c-import-2", message("u1", format!("import this order file for merchant {merchant}"), &url, "week-48 orders.csv")).await;
        let again = output(&decide(&d.app, &d.dave, "c-import-2", "oms-importOrders", true).await).clone();
        assert_eq!(again["success"], false, "{again}");
        assert!(!again["rowErrors"].as_array().unwrap().is_empty(), "{again}");

        // A file with a bad row is refused before anything is sent, row by row.
        let bad = good.replace(",5,", ",five,");
        let uploaded = common::upload(&d.app, &d.dave, "", "bad.csv", "text/csv", bad.as_bytes()).await;
        let url = uploaded.body["data"]["non_expire_view_url"].as_str().unwrap().to_owned();
        let checked = ask(&d.app, &d.dave, "c-import-3", message("u1", format!("import this order file for merchant {merchant}"), &url, "bad.csv")).await;
        assert!(of_type(&checked, "tool-approval-request").is_empty(), "a file that cannot be imported is not offered for approval");
        let refused = of_type(&checked, "tool-output-error")[0]["errorText"].as_str().unwrap().to_owned();
        assert!(refused.starts_with("bad.csv was not imported") && refused.contains("row 4"), "{refused}");
        let listed = demo_get(&d, System::Oms, &format!("/v1/orders?merchantNo={merchant}&salesOrderId=WB-2")).await;
        assert_eq!(listed["totalCount"], 1, "only the first import stored WB-2");

        // A broken workbook is a clear error, not a crash.
        let uploaded = common::upload(&d.app, &d.dave, "", "broken.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", b"PK\x03\x04garbage").await;
        assert_eq!(uploaded.status, StatusCode::OK, "{}", uploaded.text);
        let tool = d.app.state.tools.get("oms-importOrders").unwrap();
        let dave = d.app.state.store.user_by_email("dave@demo.test").await.unwrap().unwrap().id;
        let ctx = as_user(waybill_demo::TENANT, "dc-ontario", &dave);
        let broken = tool.execute(json!({"fileName": "broken.xlsx", "merchantNo": merchant}), &ctx).await.unwrap();
        assert_eq!(broken["success"], false);
        assert!(broken["error"].as_str().unwrap().starts_with("broken.xlsx was not imported"), "{broken}");

        // Look-ups by order id, by sales order id, and the merchant's list.
        let got = d.app.state.tools.get("oms-getOrder").unwrap().execute(json!({"salesOrderId": "WB-1", "merchantNo": merchant}), &ctx).await.unwrap();
        assert_eq!((got["success"].as_bool(), got["orderId"].as_str()), (Some(true), Some(order_id)), "{got}");
        let list = d.app.state.tools.get("oms-listOrders").unwrap().execute(json!({"merchantNo": merchant, "limit": 5}), &ctx).await.unwrap();
        assert_eq!(list["success"], true);
        assert_eq!(list["orders"].as_array().unwrap().len(), 5, "{list}");
        golden::write("oms-listOrders", &list);
        let seeded = demo_get(&d, System::Wms, "/v1/orders?status=shipped&pageSize=1").await["data"][0]["orderId"].as_str().unwrap().to_owned();
        let found = d.app.state.tools.get("oms-getOrder").unwrap().execute(json!({"orderId": seeded}), &ctx).await.unwrap();
        assert_eq!((found["success"].as_bool(), found["order"]["status"].as_str()), (Some(true), Some("shipped")), "{found}");
        assert!(found["order"]["lines"].as_array().is_some_and(|l| !l.is_empty()), "{found}");
        golden::write("oms-getOrder", &found);
    }

    async fn admins_register_systems_from_documents_and_tenants_stay_apart(store) {
        let config = Config { outbound: waybill_server::config::OutboundConfig { allow_hosts: vec!["127.0.0.1".into()] }, ..Config::default() };
        let d = demo_app(store, config).await;
        let admin = d.dave.clone();
        let base_url = format!("{}/demo/wms", d.base);
        let document = Demo::openapi(System::Wms, &base_url).to_string();
        let input = |name: &str, secret: &str| {
            json!({"name": name, "kind": "wms", "baseUrl": base_url, "auth": {"type": "bearer"}, "secret": secret, "document": document})
        };
        let created = d.app.call(Method::POST, "/api/admin/systems", Some(&admin), Some(input("Acme WMS", "wrong-token"))).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        assert!(!created.text.contains("wrong-token"), "secrets never come back");
        assert_eq!((created.body["hasSecret"].as_bool(), created.body["builtIn"].as_bool()), (Some(true), Some(false)));
        assert!(created.body["operationCount"].as_i64().unwrap() >= 20);
        let id = created.body["id"].as_str().unwrap().to_owned();
        let taken = d.app.call(Method::POST, "/api/admin/systems", Some(&admin), Some(input("acme wms", "t"))).await;
        assert_error(&taken, StatusCode::CONFLICT, "system_name_taken");

        // The system refuses the token: its 401 is its error, not the user's sign-in.
        let tool = d.app.state.tools.get("apiCall").unwrap();
        let answer = tool.execute(json!({"system": "Acme WMS", "operation": "listOrders"}), &caller(waybill_demo::TENANT, "dc-ontario")).await.unwrap();
        assert_eq!((answer["success"].as_bool(), answer["status_code"].as_u64()), (Some(false), Some(401)), "{answer}");
        assert!(answer["error"].as_str().unwrap().starts_with("Acme WMS answered 401"), "{answer}");
        assert!(answer["suggestions"][0].as_str().unwrap().contains("not the user's Waybill sign-in"));
        let me = d.app.call(Method::GET, "/api/auth/me", Some(&admin), None).await;
        assert_eq!(me.status, StatusCode::OK, "still signed in");
        let tested = d.app.call(Method::POST, &format!("/api/admin/systems/{id}/test"), Some(&admin), None).await;
        assert_eq!((tested.body["ok"].as_bool(), tested.body["status"].as_u64()), (Some(false), Some(401)), "{}", tested.text);

        // The right token, and the test passes; the secret is kept when left out.
        let fixed = d.app.call(Method::PUT, &format!("/api/admin/systems/{id}"), Some(&admin), Some(input("Acme WMS", d.demo.token(System::Wms)))).await;
        assert_eq!(fixed.status, StatusCode::OK, "{}", fixed.text);
        let mut renamed = input("Acme Warehouse", "");
        renamed.as_object_mut().unwrap().remove("secret");
        renamed.as_object_mut().unwrap().remove("document");
        let kept = d.app.call(Method::PUT, &format!("/api/admin/systems/{id}"), Some(&admin), Some(renamed)).await;
        assert_eq!((kept.status, kept.body["hasSecret"].as_bool()), (StatusCode::OK, Some(true)), "{}", kept.text);
        let tested = d.app.call(Method::POST, &format!("/api/admin/systems/{id}/test"), Some(&admin), None).await;
        assert_eq!(tested.body["ok"], true, "{}", tested.text);
        let reimported = d.app.call(Method::POST, &format!("/api/admin/systems/{id}/import"), Some(&admin), Some(json!({"document": document}))).await;
        assert_eq!(reimported.status, StatusCode::OK, "{}", reimported.text);

        // Tenant t2 sees none of it; users who are not admins manage nothing.
        let carol = d.app.login("carol@t2.test").await;
        let user = d.app.state.store.user_by_email("carol@t2.test").await.unwrap().unwrap();
        d.app.state.store.grant(&user.id, "t2", &["f3"], true).await.unwrap();
        let carol = Session { access: d.app.login("carol@t2.test").await.access, ..carol };
        let theirs = d.app.call(Method::GET, "/api/admin/systems", Some(&carol), None).await;
        assert_eq!(theirs.body["systems"], json!([]), "{}", theirs.text);
        for (method, path, body) in [
            (Method::GET, format!("/api/admin/systems/{id}/operations"), None),
            (Method::PUT, format!("/api/admin/systems/{id}"), Some(input("Mine now", "x"))),
            (Method::POST, format!("/api/admin/systems/{id}/test"), None),
            (Method::DELETE, format!("/api/admin/systems/{id}"), None),
        ] {
            let res = d.app.call(method.clone(), &path, Some(&carol), body).await;
            assert_error(&res, StatusCode::NOT_FOUND, "system_not_found");
        }
        let in_t2 = d.app.state.tools.get("apiCall").unwrap().execute(json!({"system": "Acme Warehouse", "operation": "listOrders"}), &caller("t2", "f3")).await.unwrap();
        assert!(in_t2["error"].as_str().unwrap().contains("No business system named"), "{in_t2}");
        let bob = d.app.login("bob@t1.test").await;
        assert_error(&d.app.call(Method::GET, "/api/admin/systems", Some(&bob), None).await, StatusCode::FORBIDDEN, "forbidden");

        // Built-in systems are read-only; the admin's own can go.
        let all = d.app.call(Method::GET, "/api/admin/systems", Some(&d.dave), None).await;
        let builtin = all.body["systems"].as_array().unwrap().iter().find(|s| s["builtIn"] == true).unwrap()["id"].as_str().unwrap().to_owned();
        assert_error(&d.app.call(Method::DELETE, &format!("/api/admin/systems/{builtin}"), Some(&d.dave), None).await, StatusCode::CONFLICT, "system_built_in");
        let again = d.app.call(Method::POST, &format!("/api/admin/systems/{builtin}/import"), Some(&d.dave), Some(json!({}))).await;
        assert_eq!((again.status, again.body["builtIn"].as_bool()), (StatusCode::OK, Some(true)), "a built-in system imports its served document again: {}", again.text);
        assert_eq!(d.app.call(Method::DELETE, &format!("/api/admin/systems/{id}"), Some(&admin), None).await.status, StatusCode::NO_CONTENT);
    }

    async fn hostile_documents_and_private_addresses_are_refused(store) {
        let d = demo_app(store, Config::default()).await;
        let register = |base_url: &str, document: Value| {
            json!({"name": "Probe", "kind": "wms", "baseUrl": base_url, "auth": {"type": "none"}, "document": document.to_string()})
        };
        let ok_doc = json!({"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/items": {"get": {"responses": {"200": {"description": "ok"}}}}}});
        for private in ["http://127.0.0.1:9/api", "http://10.1.2.3/", "http://169.254.169.254/latest", "http://[::1]/", "http://192.168.0.10/", "http://localhost/", "ftp://example.com/"] {
            let res = d.app.call(Method::POST, "/api/admin/systems", Some(&d.dave), Some(register(private, ok_doc.clone()))).await;
            assert_error(&res, StatusCode::BAD_REQUEST, "system_invalid");
            assert!(res.body["message"].as_str().unwrap().starts_with("The base URL is refused"), "{private}: {}", res.text);
        }
        // A host whose name does not resolve yet is saved, with a notice rather than a refusal.
        let unresolved = "http://erp.not-set-up-yet.invalid/api";
        let res = d.app.call(Method::POST, "/api/admin/systems", Some(&d.dave), Some(json!({"name": "Later", "kind": "wms", "baseUrl": unresolved, "auth": {"type": "none"}, "document": ok_doc.to_string()}))).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text);
        assert_eq!(res.body["unreachableHost"], "erp.not-set-up-yet.invalid", "{}", res.text);
        let listed = d.app.call(Method::GET, "/api/admin/systems", Some(&d.dave), None).await;
        assert!(
            listed.body["systems"].as_array().unwrap().iter().any(|s| s["name"] == "Later" && s.get("unreachableHost").is_none()),
            "kept, and the host is named once, when saved: {}",
            listed.text
        );
        let later = res.body["id"].as_str().unwrap();
        assert_eq!(d.app.call(Method::DELETE, &format!("/api/admin/systems/{later}"), Some(&d.dave), None).await.status, StatusCode::NO_CONTENT);
        let public = "http://93.184.215.14/api";
        let cyclic = json!({"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"$ref": "#/paths/~1b"}, "/b": {"$ref": "#/paths/~1a"}}});
        let local_file = json!({"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"$ref": "file:///etc/passwd"}}});
        let metadata = json!({"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"$ref": "http://169.254.169.254/latest/meta-data#/x"}}});
        let future = json!({"openapi": "4.0.0", "info": {"title": "T", "version": "1"}, "paths": {}});
        let empty = json!({"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}});
        for (what, doc) in [("cyclic", cyclic), ("a local file", local_file), ("the metadata address", metadata), ("version 4", future), ("no operations", empty)] {
            let res = d.app.call(Method::POST, "/api/admin/systems", Some(&d.dave), Some(register(public, doc))).await;
            assert_error(&res, StatusCode::UNPROCESSABLE_ENTITY, "openapi_rejected");
            assert!(res.body["message"].as_str().unwrap().starts_with("The OpenAPI document was rejected"), "{what}: {}", res.text);
        }
        let not_yaml = json!({"name": "Probe", "kind": "wms", "baseUrl": public, "auth": {"type": "none"}, "document": "{{{{ not: [a document"});
        assert_error(&d.app.call(Method::POST, "/api/admin/systems", Some(&d.dave), Some(not_yaml)).await, StatusCode::UNPROCESSABLE_ENTITY, "openapi_rejected");
        let huge = "x".repeat(11 * 1024 * 1024);
        let res = d.app.call(Method::POST, "/api/admin/systems", Some(&d.dave), Some(json!({"name": "Big", "kind": "wms", "baseUrl": public, "auth": {"type": "none"}, "document": huge}))).await;
        assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", &res.text[..res.text.len().min(300)]);
        let private_doc = json!({"name": "Probe", "kind": "wms", "baseUrl": public, "auth": {"type": "none"}, "specUrl": "http://127.0.0.1:9/openapi.json"});
        let res = d.app.call(Method::POST, "/api/admin/systems", Some(&d.dave), Some(private_doc)).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "system_invalid");
        let bad_auth = json!({"name": "Probe", "kind": "wms", "baseUrl": public, "auth": {"type": "apiKey", "header": "Bad Header"}, "secret": "k", "document": ok_doc.to_string()});
        assert_error(&d.app.call(Method::POST, "/api/admin/systems", Some(&d.dave), Some(bad_auth)).await, StatusCode::BAD_REQUEST, "system_invalid");
        let listed = d.app.call(Method::GET, "/api/admin/systems", Some(&d.dave), None).await;
        assert_eq!(listed.body["systems"].as_array().unwrap().len(), 4, "nothing was registered but the demo's four");
    }

    async fn a_system_that_redirects_elsewhere_is_not_followed_there(store) {
        // A system on an allow-listed host whose answers redirect to the metadata address
        // and to another private host.
        use axum::response::Redirect;
        let system = axum::Router::new()
            .route("/api/openapi.json", axum::routing::get(|| async { axum::Json(json!({"openapi": "3.1.0", "info": {"title": "Bouncer", "version": "1"}, "paths": {
                "/metadata": {"get": {"operationId": "metadata", "responses": {"200": {"description": "ok"}}}},
                "/private": {"get": {"operationId": "private", "responses": {"200": {"description": "ok"}}}}
            }})) }))
            .route("/api/metadata", axum::routing::get(|| async { Redirect::temporary("http://169.254.169.254/latest/meta-data/") }))
            .route("/api/private", axum::routing::get(|| async { Redirect::temporary("http://10.0.0.1/admin") }));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}/api", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, system).await });
        let config = Config { outbound: waybill_server::config::OutboundConfig { allow_hosts: vec!["127.0.0.1".into()] }, ..Config::default() };
        let d = demo_app(store, config).await;
        let input = json!({"name": "Bouncer", "kind": "wms", "baseUrl": base, "auth": {"type": "none"}, "specUrl": format!("{base}/openapi.json")});
        let created = d.app.call(Method::POST, "/api/admin/systems", Some(&d.dave), Some(input)).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        for operation in ["metadata", "private"] {
            let answer = api_call(&d, json!({"system": "Bouncer", "operation": operation})).await;
            assert_eq!(answer["success"], false, "{answer}");
            assert!(answer["status_code"].is_null(), "the redirect is not followed: {answer}");
            assert!(answer["error"].as_str().unwrap().starts_with("Bouncer could not be reached"), "{answer}");
        }
    }
}
