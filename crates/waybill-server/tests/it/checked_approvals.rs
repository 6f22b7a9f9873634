//! Approval is offered only for a call that would run: an order file with row errors, an
//! import for no merchant, a write with an empty body or without a required value are
//! refused before any approval is asked, with the reason; where a form asks for what is
//! missing, the offline model opens it instead. A call that fits still asks and runs.

use crate::common;
use crate::systems::demo_app;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp, chunks, of_type, text_of, user_message};
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Caller, ToolContext};

async fn ask(app: &TestApp, session: &Session, chat: &str, message: Value) -> Vec<Value> {
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(json!({"id": chat, "model": "waybill-offline", "messages": [message]}))).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

/// The error the call `tool` ended with, there being no approval request.
fn refused<'a>(chunks: &'a [Value], tool: &str) -> &'a str {
    assert!(of_type(chunks, "tool-approval-request").is_empty(), "no approval is asked: {chunks:#?}");
    let call = of_type(chunks, "tool-input-available").into_iter().find(|c| c["toolName"] == tool).unwrap_or_else(|| panic!("no {tool} call in {chunks:#?}"));
    let error =
        of_type(chunks, "tool-output-error").into_iter().find(|c| c["toolCallId"] == call["toolCallId"]).unwrap_or_else(|| panic!("no error in {chunks:#?}"));
    error["errorText"].as_str().unwrap()
}

fn file_message(text: &str, url: &str, name: &str) -> Value {
    json!({"id": "u1", "role": "user", "parts": [{"type": "text", "text": text}, {"type": "file", "url": url, "mediaType": "text/csv", "filename": name}]})
}

backend_tests! {
    async fn order_files_with_row_errors_or_no_merchant_are_refused_before_approval(store) {
        let d = demo_app(store, Config::default()).await;
        let bad = "Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Ship Date\n\
                   WB-1,Acme Outdoor,1 Main St,Reno,NV,89501,SKU-1,2,2026-12-01\n\
                   WB-2,Hill Camp,9 Oak Ave,Boise,ID,83702,SKU-1,five,2026-12-02\n";
        let uploaded = common::upload(&d.app, &d.dave, "", "bad.csv", "text/csv", bad.as_bytes()).await;
        assert_eq!(uploaded.status, StatusCode::OK, "{}", uploaded.text);
        let url = uploaded.body["data"]["non_expire_view_url"].as_str().unwrap().to_owned();

        let out = ask(&d.app, &d.dave, "c-rows", file_message("import this order file for merchant M10001", &url, "bad.csv")).await;
        let error = refused(&out, "oms-importOrders");
        assert!(error.starts_with("bad.csv was not imported") && error.contains("row 3"), "{error}");
        assert!(text_of(&out).contains("row 3"), "the answer says which row: {}", text_of(&out));
        assert_eq!(out.last().unwrap()["finishReason"], "stop", "nothing waits for the user");

        let out = ask(&d.app, &d.dave, "c-nobody", file_message("import this order file for merchant", &url, "bad.csv")).await;
        let error = refused(&out, "oms-importOrders");
        assert!(error.contains("merchant number"), "{error}");

        // A merchant the order system does not know is found out before approval too.
        let good = bad.replace(",five,", ",5,");
        let uploaded = common::upload(&d.app, &d.dave, "", "good.csv", "text/csv", good.as_bytes()).await;
        let url = uploaded.body["data"]["non_expire_view_url"].as_str().unwrap().to_owned();
        let out = ask(&d.app, &d.dave, "c-stranger", file_message("import this order file for merchant M99999", &url, "good.csv")).await;
        assert!(refused(&out, "oms-importOrders").contains("no merchant M99999"), "{out:#?}");
    }

    async fn writes_without_their_values_are_refused_and_a_fitting_one_still_asks(store) {
        let d = demo_app(store, Config::default()).await;
        let tool = d.app.state.tools.get("apiCall").unwrap();
        let ctx = ToolContext::new(Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: "u".into(), timezone: "UTC".into(), ..Caller::default() }, "c");
        // Loaded as a turn loads them.
        tool.execute(json!({"system": "wms", "operation": "listReceipts"}), &ctx).await.unwrap();
        let check = |input: Value| {
            let tool = tool.clone();
            let ctx = ctx.clone();
            async move { tool.precheck(&input, &ctx).await.map_err(|e| e.to_string()) }
        };

        let empty = check(json!({"system": "wms", "operation": "createReceipt", "body": {}})).await.unwrap_err();
        assert!(waybill_server::waybill_tools::tool::is_missing_values(&empty) && empty.contains("body.poNumber is required"), "{empty}");
        let nothing = check(json!({"system": "wms", "operation": "updateItem", "pathParams": {"itemId": "ITM-000001"}, "body": {}})).await.unwrap_err();
        assert!(nothing.contains("changes nothing with an empty body") && nothing.contains("description"), "{nothing}");
        let receipt = json!({"customerId": "CUS-0001", "carrierId": "CAR-001", "expectedDate": "2026-12-01", "lines": [{"sku": "X", "quantity": 1}]});
        let no_po = check(json!({"system": "wms", "operation": "createReceipt", "body": receipt})).await.unwrap_err();
        assert!(no_po.contains("body.poNumber is required") && !no_po.contains("body.customerId"), "{no_po}");
        let mut with_po = receipt.clone();
        with_po["poNumber"] = json!("PO-1");
        check(json!({"system": "wms", "operation": "createReceipt", "body": with_po})).await.expect("a call that fits passes");
        let wrong_type = check(json!({"system": "wms", "operation": "createReceipt", "body": {"poNumber": 7}})).await.unwrap_err();
        assert!(wrong_type.contains("body.poNumber should be string"), "{wrong_type}");

        // In the chat: a write with an empty body is not offered, and says what it needs.
        let out = ask(&d.app, &d.dave, "c-appointment", user_message("u1", "create a dock appointment")).await;
        let error = refused(&out, "apiCall");
        assert!(error.contains("is required"), "{error}");
        assert!(text_of(&out).starts_with("The API call did not work: Values this call needs are missing"), "{}", text_of(&out));

        // Where a form asks for what is missing, the offline model opens it instead.
        let out = ask(&d.app, &d.dave, "c-receipts", user_message("u1", "add receipts for Pacific Outdoor Supply")).await;
        refused(&out, "apiCall");
        let form = of_type(&out, "tool-input-available").into_iter().find(|c| c["toolName"] == "requestUserInput").unwrap_or_else(|| panic!("{out:#?}"));
        let customer = form["input"]["fields"].as_array().unwrap().iter().find(|f| f["name"] == "customerId").unwrap();
        assert_eq!(customer["defaultValue"], "Pacific Outdoor Supply", "the form starts with the customer named");
        assert!(text_of(&out).contains("needs a few more details"), "{}", text_of(&out));
        assert_eq!(out.last().unwrap()["finishReason"], "tool-calls", "the form waits for the user");

        // A write that fits still asks first, and runs once approved.
        let open = d.app.state.tools.get("apiCall").unwrap().execute(json!({"system": "wms", "operation": "listOrders", "query": {"status": "open", "pageSize": 1}}), &ctx).await.unwrap();
        let order = open["data"]["data"][0]["orderId"].as_str().unwrap().to_owned();
        let out = ask(&d.app, &d.dave, "c-cancel", user_message("u1", &format!("cancel order {order}"))).await;
        assert_eq!(of_type(&out, "tool-approval-request").len(), 1, "{out:#?}");
        assert!(of_type(&out, "tool-output-error").is_empty(), "{out:#?}");
    }
}
