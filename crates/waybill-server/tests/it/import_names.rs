//! The order import takes carriers, SKUs and merchants as the pickers show them — a
//! carrier by its name, code (SCAC) or id, a SKU in any case, a merchant by its name —
//! in any case and spacing, and sends the order system its ids; a value it cannot place
//! is refused row by row with the nearest values the pickers list.

use crate::common;
use crate::systems::demo_app;

use axum::http::StatusCode;
use serde_json::{Value, json};
use waybill_demo::System;
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Caller, ToolContext};

async fn demo_get(d: &crate::systems::DemoApp, system: System, path: &str) -> Value {
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

backend_tests! {
    async fn carriers_skus_and_merchants_are_taken_as_the_pickers_show_them(store) {
        let d = demo_app(store, Config::default()).await;
        let merchant = demo_get(&d, System::Wms, "/v1/customers?status=active&pageSize=1").await["data"][0].clone();
        let (merchant_no, merchant_name) = (merchant["merchantNo"].as_str().unwrap(), merchant["name"].as_str().unwrap());
        let items = demo_get(&d, System::Wms, &format!("/v1/items?status=active&pageSize=1&merchantNo={merchant_no}")).await;
        let sku = items["data"][0]["sku"].as_str().unwrap().to_owned();
        let carriers = demo_get(&d, System::Fms, "/v1/carriers?pageSize=200").await;
        let id_of = |name: &str| carriers["data"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()["id"].as_str().unwrap().to_owned();
        let (ups, fedex) = (id_of("UPS"), id_of("FedEx"));

        let rows = [("WB-1", "UPS".to_owned()), ("WB-2", "  upsn ".to_owned()), ("WB-3", ups.to_lowercase()), ("WB-4", "FedEx".to_owned()), ("WB-5", "ups · upsn".to_owned())];
        let mut csv = String::from("Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Ship Date,Carrier\n");
        for (order, carrier) in &rows {
            csv.push_str(&format!("{order},Acme,1 Main St,Reno,NV,89501,{},2,2026-12-01,\"{carrier}\"\n", sku.to_lowercase()));
        }
        let uploaded = common::upload(&d.app, &d.dave, "", "names.csv", "text/csv", csv.as_bytes()).await;
        assert_eq!(uploaded.status, StatusCode::OK, "{}", uploaded.text);
        let dave = d.app.state.store.user_by_email("dave@demo.test").await.unwrap().unwrap().id;
        let ctx = ToolContext::new(Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: dave, timezone: "UTC".into(), ..Caller::default() }, "c");
        let tool = d.app.state.tools.get("oms-importOrders").unwrap();

        // The merchant by its name, in another case.
        let done = tool.execute(json!({"fileName": "names.csv", "merchantNo": format!(" {} ", merchant_name.to_uppercase())}), &ctx).await.unwrap();
        assert_eq!((done["success"].as_bool(), done["imported"].as_u64()), (Some(true), Some(5)), "{done}");
        for (i, order) in done["orders"].as_array().unwrap().iter().enumerate() {
            let stored = demo_get(&d, System::Oms, &format!("/v1/orders/{}", order["orderId"].as_str().unwrap())).await;
            let expected = if i == 3 { &fedex } else { &ups };
            assert_eq!(stored["carrierId"].as_str(), Some(expected.as_str()), "{:?} is sent as the carrier's id: {stored}", rows[i].1);
            assert_eq!(stored["lines"][0]["sku"].as_str(), Some(sku.as_str()), "{stored}");
        }

        // A carrier and a SKU it cannot place: each row says so, with the nearest.
        let bad = format!(
            "Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Ship Date,Carrier\n\
             WB-9,Acme,1 Main St,Reno,NV,89501,{sku},2,2026-12-01,UPX\n\
             WB-10,Acme,1 Main St,Reno,NV,89501,{sku}9,2,2026-12-01,UPS\n"
        );
        let uploaded = common::upload(&d.app, &d.dave, "", "bad-names.csv", "text/csv", bad.as_bytes()).await;
        assert_eq!(uploaded.status, StatusCode::OK, "{}", uploaded.text);
        let refused = tool.execute(json!({"fileName": "bad-names.csv", "merchantNo": merchant_no}), &ctx).await.unwrap();
        assert_eq!(refused["success"], false, "{refused}");
        let errors = refused["rowErrors"].as_array().unwrap();
        assert_eq!(errors.len(), 2, "{refused}");
        assert_eq!((errors[0]["row"].as_u64(), errors[0]["column"].as_str()), (Some(2), Some("Carrier")));
        let message = errors[0]["message"].as_str().unwrap();
        assert!(message.starts_with("\"UPX\" is not a known carrier; the nearest are UPS · UPSN, "), "{message}");
        assert_eq!(message.matches(" · ").count(), 5, "five suggestions: {message}");
        assert_eq!((errors[1]["row"].as_u64(), errors[1]["column"].as_str()), (Some(3), Some("SKU")));
        let message = errors[1]["message"].as_str().unwrap();
        assert!(message.starts_with(&format!("\"{sku}9\" is not a known SKU; the nearest are {sku} · ")), "{message}");

        // Before approval, a merchant nobody has is refused with the nearest ones, and a
        // file naming an unknown carrier is refused row by row.
        let near = format!("{merchant_no}0");
        let stranger = json!({"fileName": "names.csv", "merchantNo": near});
        let refusal = tool.precheck(&stranger, &ctx).await.unwrap_err().to_string();
        assert!(refusal.contains(&format!("no merchant {near}")) && refusal.contains("(the nearest are ") && refusal.contains(" · M"), "{refusal}");
        let refusal = tool.precheck(&json!({"fileName": "bad-names.csv", "merchantNo": merchant_no}), &ctx).await.unwrap_err().to_string();
        assert!(refusal.contains("\"UPX\" is not a known carrier; the nearest are UPS · UPSN"), "{refusal}");
    }
}
