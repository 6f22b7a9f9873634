//! A submitted form leads to what it was asked for: the offline model opens the receipt
//! form with the customer the user named, and once the user submits it, thanks them in the
//! form's own words and asks to approve the receipt's creation; approved, the receipt is
//! created in the WMS and the answer gives its id.

use crate::common;
use crate::systems::demo_app;

use common::{ask, first_option, of_type, post_back, text_of};
use serde_json::json;
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;

backend_tests! {
    async fn a_submitted_receipt_form_creates_the_receipt_after_approval(store) {
        let demo = demo_app(store, Config::default()).await;
        let (app, dave) = (&demo.app, &demo.dave);

        let asked = ask(app, dave, "c-receipt", "create an inbound receipt for customer Pacific Outdoor Supply").await;
        let call = of_type(&asked, "tool-input-available").into_iter().find(|c| c["toolName"] == "requestUserInput").unwrap_or_else(|| panic!("{asked:#?}"));
        let fields = call["input"]["fields"].as_array().unwrap();
        let customer = fields.iter().find(|f| f["name"] == "customerId").unwrap();
        assert_eq!(customer["defaultValue"], "Pacific Outdoor Supply", "the form starts with the customer named");
        assert!(fields.iter().any(|f| f["name"] == "poNumber" && f["required"] == true), "the receipt's PO is asked for");

        // The browser's answer, with real master data picked.
        let carrier = first_option(app, dave, "carrierSelector").await;
        let item = first_option(app, dave, "itemmasterSelector?dependsOn=CUS-0001").await;
        let submitted = json!({
            "submitted": true,
            "values": {
                "customerId": "CUS-0001", "taskCmd": {"customerId": "CUS-0001"}, "poNumber": "PO-77001", "carrierId": carrier["value"], "expectedDate": "2026-12-01",
                "items": [{"itemId": item["value"], "uom": "CS", "quantity": 12, "__metadata": {"itemId": {"value": item["value"], "label": item["label"], "data": item["data"]}}}]
            },
            "labels": {
                "customerId": {"value": "CUS-0001", "label": "Pacific Outdoor Supply", "data": {"merchantNo": "M10001"}},
                "carrierId": {"value": carrier["value"], "label": carrier["label"], "data": carrier["data"]}
            }
        });
        let answered = post_back(app, dave, "c-receipt", "requestUserInput", |part| {
            part["state"] = json!("output-available");
            part["output"] = submitted.clone();
        })
        .await;
        let said = text_of(&answered);
        let carrier_label = carrier["label"].as_str().unwrap();
        assert!(said.starts_with("Thank you, I have your answers — Customer: Pacific Outdoor Supply; PO number: PO-77001;"), "{said}");
        assert!(said.contains(&format!("Carrier: {carrier_label}")) && said.contains("Items: 1") && said.contains("Expected date: 2026-12-01"), "{said}");
        assert!(!said.contains("customerId") && !said.contains("taskCmd") && !said.contains("CUS-0001"), "the user's words, not the field names: {said}");
        let create = of_type(&answered, "tool-input-available").into_iter().find(|c| c["toolName"] == "apiCall").unwrap_or_else(|| panic!("{answered:#?}"));
        assert_eq!(create["input"]["operation"], "createReceipt", "{create}");
        let body = &create["input"]["body"];
        assert_eq!((body["customerId"].as_str(), body["poNumber"].as_str(), body["expectedDate"].as_str()), (Some("CUS-0001"), Some("PO-77001"), Some("2026-12-01")), "{body}");
        assert_eq!(body["carrierId"], carrier["value"]);
        assert_eq!(body["lines"], json!([{"sku": item["data"]["sku"], "quantity": 12, "uom": "CS"}]), "the item's SKU from what was picked");
        assert_eq!(of_type(&answered, "tool-approval-request").len(), 1, "creating it asks first: {answered:#?}");
        assert!(of_type(&answered, "tool-output-available").is_empty(), "nothing is created before the approval");

        let done = post_back(app, dave, "c-receipt", "apiCall", |part| {
            part["state"] = json!("approval-responded");
            part["approval"]["approved"] = json!(true);
        })
        .await;
        let result = &of_type(&done, "tool-output-available").first().unwrap_or_else(|| panic!("{done:#?}"))["output"];
        assert_eq!((result["success"].as_bool(), result["status_code"].as_u64()), (Some(true), Some(201)), "{result}");
        let id = result["data"]["id"].as_str().unwrap().to_owned();
        assert!(id.starts_with("RCV-"), "{result}");
        assert_eq!(text_of(&done), format!("Done: Demo WMS saved {id} (createReceipt)."));
        let stored = app.state.tools.get("apiCall").unwrap();
        let ctx = waybill_server::waybill_tools::ToolContext::new(
            waybill_server::waybill_tools::Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: "u".into(), timezone: "UTC".into(), ..Default::default() },
            "c",
        );
        let read = stored.execute(json!({"system": "wms", "operation": "getReceipt", "pathParams": {"receiptId": id}}), &ctx).await.unwrap();
        assert_eq!((read["data"]["poNumber"].as_str(), read["data"]["lines"][0]["expectedQty"].as_i64()), (Some("PO-77001"), Some(12)), "{read}");
    }
}
