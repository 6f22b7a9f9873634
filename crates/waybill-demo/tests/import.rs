//! The OMS import: all or nothing, every row error reported, and the WMS sees the orders.

mod common;

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::{Value, json};
use waybill_demo::System;

pub struct Merchant {
    pub merchant_no: String,
    pub skus: Vec<String>,
}

pub async fn merchant(client: &Client) -> Merchant {
    let customer = client.get(System::Wms, "/v1/customers/CUS-0001", None).await;
    let items = client.get(System::Wms, "/v1/items?customerId=CUS-0001&status=active&pageSize=200", None).await;
    let skus = items["data"].as_array().unwrap().iter().map(|i| i["sku"].as_str().unwrap().to_owned()).collect();
    Merchant { merchant_no: customer["merchantNo"].as_str().unwrap().to_owned(), skus }
}

/// `orders` orders of `lines` lines each, with sales order ids `{prefix}-{n}`.
pub fn batch(merchant: &Merchant, prefix: &str, orders: usize, lines: usize) -> Value {
    let orders: Vec<Value> = (0..orders)
        .map(|n| {
            json!({
                "salesOrderId": format!("{prefix}-{n}"),
                "shipTo": {"name": "Avery Chen", "line1": format!("{} Market St", 100 + n), "city": "Denver", "state": "CO", "postalCode": "80202"},
                "requestedShipDate": "2026-11-18",
                "lines": (0..lines).map(|l| json!({"sku": merchant.skus[(n + l) % merchant.skus.len()], "quantity": 1 + l % 3, "uom": "EA"})).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({"merchantNo": merchant.merchant_no, "orders": orders})
}

async fn merchant_order_count(client: &Client, merchant_no: &str) -> u64 {
    client.get(System::Oms, &format!("/v1/orders?merchantNo={merchant_no}&pageSize=1"), None).await["totalCount"].as_u64().unwrap()
}

#[tokio::test]
async fn an_import_stores_every_order_for_the_wms_to_see() {
    let client = Client::new().await;
    let merchant = merchant(&client).await;
    let before = merchant_order_count(&client, &merchant.merchant_no).await;
    let result = client.write(System::Oms, Method::POST, "/v1/orders/import", ONTARIO, &batch(&merchant, "IMP", 500, 3), StatusCode::CREATED).await;
    assert_eq!((result["imported"].as_u64(), result["lineCount"].as_u64()), (Some(500), Some(1500)));
    assert_eq!(merchant_order_count(&client, &merchant.merchant_no).await, before + 500);

    let newest = client.get(System::Oms, &format!("/v1/orders?merchantNo={}&pageSize=5", merchant.merchant_no), None).await;
    assert!(newest["data"].as_array().unwrap().iter().all(|o| o["source"] == "import"), "newest first: {newest}");
    let one = client.get(System::Oms, &format!("/v1/orders?merchantNo={}&salesOrderId=IMP-42", merchant.merchant_no), None).await;
    assert_eq!(one["totalCount"], 1);
    let order_id = one["data"][0]["orderId"].as_str().unwrap().to_owned();
    let detail = client.get(System::Oms, &format!("/v1/orders/{order_id}"), None).await;
    assert_eq!(detail["lines"].as_array().unwrap().len(), 3);
    let in_wms = client.get(System::Wms, "/v1/orders?salesOrderId=IMP-42&customerId=CUS-0001", Some(ONTARIO)).await;
    assert_eq!((in_wms["totalCount"].as_u64(), in_wms["data"][0]["status"].as_str()), (Some(1), Some("open")));
    let (status, _) = client.call(System::Wms, Method::GET, &format!("/v1/orders/{order_id}"), Some(SAVANNAH), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "imported into Ontario only");
    let (status, answer) = client.call(System::Wms, Method::POST, &format!("/v1/orders/{order_id}/allocate"), Some(ONTARIO), None).await;
    assert!(status == StatusCode::OK || answer["error"]["message"].as_str().unwrap().contains("short"), "the WMS works the order: {answer}");
}

#[tokio::test]
async fn one_bad_row_among_many_stores_nothing_and_every_error_is_listed() {
    let client = Client::new().await;
    let merchant = merchant(&client).await;
    let before = merchant_order_count(&client, &merchant.merchant_no).await;
    let mut body = batch(&merchant, "BAD", 1000, 4);
    body["orders"][417]["lines"][2]["sku"] = json!("NOPE-1");
    body["orders"][903]["shipTo"]["city"] = json!("  ");
    body["orders"][904]["salesOrderId"] = json!("BAD-12");
    body["orders"][905]["lines"][0]["quantity"] = json!(0);
    body["orders"][906]["lines"][1]["uom"] = json!("BOX");
    body["orders"][907]["requestedShipDate"] = json!("18/11/2026");
    body["orders"][908]["lines"] = json!([]);
    let (status, answer) = client.call(System::Oms, Method::POST, "/v1/orders/import", Some(ONTARIO), Some(&body)).await;
    assert_eq!((status, code(&answer)), (StatusCode::UNPROCESSABLE_ENTITY, "invalid_rows"));
    let details: Vec<(u64, String)> =
        answer["error"]["details"].as_array().unwrap().iter().map(|d| (d["row"].as_u64().unwrap(), d["field"].as_str().unwrap().to_owned())).collect();
    let expected: Vec<(u64, String)> = [
        (417, "lines[2].sku"),
        (903, "shipTo.city"),
        (904, "salesOrderId"),
        (905, "lines[0].quantity"),
        (906, "lines[1].uom"),
        (907, "requestedShipDate"),
        (908, "lines"),
    ]
    .iter()
    .map(|(r, f)| (*r, (*f).to_owned()))
    .collect();
    assert_eq!(details, expected, "{answer}");
    assert_eq!(merchant_order_count(&client, &merchant.merchant_no).await, before, "nothing was stored");
}

#[tokio::test]
async fn an_import_refuses_unknown_merchants_and_repeated_orders() {
    let client = Client::new().await;
    let merchant = merchant(&client).await;
    let mut unknown = batch(&merchant, "X", 2, 1);
    unknown["merchantNo"] = json!("M00000");
    let (status, answer) = client.call(System::Oms, Method::POST, "/v1/orders/import", Some(ONTARIO), Some(&unknown)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"]["details"][0]["field"], "merchantNo");

    client.write(System::Oms, Method::POST, "/v1/orders/import", ONTARIO, &batch(&merchant, "TWICE", 3, 2), StatusCode::CREATED).await;
    let (status, answer) = client.call(System::Oms, Method::POST, "/v1/orders/import", Some(ONTARIO), Some(&batch(&merchant, "TWICE", 3, 2))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"]["details"].as_array().unwrap().len(), 3);
    assert!(answer["error"]["details"][0]["message"].as_str().unwrap().contains("already exists"));

    let (status, answer) = client.call(System::Oms, Method::POST, "/v1/orders/import", None, Some(&batch(&merchant, "NOFAC", 1, 1))).await;
    assert_eq!((status, code(&answer)), (StatusCode::BAD_REQUEST, "facility_required"));
    let (status, answer) =
        client.call(System::Oms, Method::POST, "/v1/orders/import", Some(ONTARIO), Some(&json!({"merchantNo": merchant.merchant_no, "orders": []}))).await;
    assert_eq!((status, code(&answer)), (StatusCode::BAD_REQUEST, "invalid_request"));
    let (status, answer) = client.call(System::Oms, Method::GET, "/v1/orders", None, None).await;
    assert_eq!((status, code(&answer)), (StatusCode::BAD_REQUEST, "invalid_request"), "merchantNo is required");
}

#[tokio::test]
async fn an_import_takes_a_hundred_thousand_lines() {
    let client = Client::new().await;
    let merchant = merchant(&client).await;
    let body = batch(&merchant, "BIG", 20_000, 5);
    let started = std::time::Instant::now();
    let result = client.write(System::Oms, Method::POST, "/v1/orders/import", SAVANNAH, &body, StatusCode::CREATED).await;
    let took = started.elapsed();
    assert_eq!(result["lineCount"], 100_000);
    println!("imported 100,000 lines in {took:?}");
    let mut too_many = batch(&merchant, "HUGE", 1, 1);
    let lines: Vec<Value> = (0..100_001).map(|i| json!({"sku": merchant.skus[i % merchant.skus.len()], "quantity": 1})).collect();
    too_many["orders"] = json!([{"salesOrderId": "HUGE-1", "shipTo": body["orders"][0]["shipTo"], "requestedShipDate": "2026-11-18", "lines": lines}]);
    let (status, answer) = client.call(System::Oms, Method::POST, "/v1/orders/import", Some(SAVANNAH), Some(&too_many)).await;
    assert_eq!((status, code(&answer)), (StatusCode::BAD_REQUEST, "invalid_request"));
}
