mod common;

use common::{FMS_31_JSON, WMS_30_YAML, op, standalone};
use serde_json::{Map, Value, json};
use waybill_openapi::{CallArgs, Catalogue, Issue, validate};

fn map(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn args(path: Value, query: Value, headers: Value, body: Option<Value>) -> CallArgs {
    CallArgs { path: map(path), query: map(query), headers: map(headers), body }
}

fn issue(path: &str, expected: &str, received: &str) -> (String, String, String) {
    (path.into(), expected.into(), received.into())
}

fn shapes(issues: &[Issue]) -> Vec<(String, String, String)> {
    issues.iter().map(|i| (i.path.clone(), i.expected.clone(), i.received.clone())).collect()
}

async fn wms() -> Catalogue {
    standalone(WMS_30_YAML).await
}

const FACILITY: &str = r#"{"X-Facility-Id": "AMS1"}"#;

fn facility() -> Value {
    serde_json::from_str(FACILITY).unwrap()
}

#[tokio::test]
async fn valid_arguments_have_no_issues() {
    let c = wms().await;
    let list = op(&c, "listInventory");
    assert_eq!(validate(list, &args(json!({}), json!({"itemId": "SKU-1", "pageSize": 20}), facility(), None)), []);
    // Text where the schema wants a number, as models write query values.
    assert_eq!(validate(list, &args(json!({}), json!({"pageSize": "20"}), json!({"x-facility-id": "AMS1"}), None)), []);
    // Nulls are absent.
    assert_eq!(validate(list, &args(json!({}), json!({"pageSize": null, "colour": null}), facility(), None)), []);
    let by_item = op(&c, "listInventoryByItem");
    assert_eq!(validate(by_item, &args(json!({"itemId": 1234}), json!({"includeReserved": "true"}), json!({}), None)), []);
}

#[tokio::test]
async fn a_wrong_type_says_what_was_expected_and_received() {
    let c = wms().await;
    let issues = validate(op(&c, "listInventory"), &args(json!({}), json!({"pageSize": "twenty"}), facility(), None));
    assert_eq!(
        issues,
        [Issue {
            path: "query.pageSize".into(),
            expected: "integer".into(),
            received: "\"twenty\"".into(),
            message: "query.pageSize should be integer, got \"twenty\"".into()
        }]
    );
    let issues = validate(op(&c, "listInventoryByItem"), &args(json!({"itemId": "A"}), json!({"includeReserved": "yes"}), json!({}), None));
    assert_eq!(shapes(&issues), [issue("query.includeReserved", "boolean", "\"yes\"")]);
}

#[tokio::test]
async fn coerced_values_are_still_checked_against_the_schema() {
    let c = wms().await;
    let issues = validate(op(&c, "listInventory"), &args(json!({}), json!({"pageSize": "0"}), facility(), None));
    assert_eq!(shapes(&issues), [issue("query.pageSize", ">= 1", "0")]);
    let issues = validate(op(&c, "listInventory"), &args(json!({}), json!({"pageSize": 501}), facility(), None));
    assert_eq!(shapes(&issues), [issue("query.pageSize", "<= 500", "501")]);
    let issues = validate(op(&c, "getLocationTree"), &args(json!({"locationId": "AMS1"}), json!({"depth": "0"}), json!({}), None));
    assert_eq!(shapes(&issues), [issue("query.depth", "> 0", "0")]);
}

#[tokio::test]
async fn missing_required_parameters_are_named() {
    let c = wms().await;
    let issues = validate(op(&c, "listInventory"), &CallArgs::default());
    assert_eq!(
        issues,
        [Issue {
            path: "header.X-Facility-Id".into(),
            expected: "required".into(),
            received: "nothing".into(),
            message: "header.X-Facility-Id is required".into()
        }]
    );
    let issues = validate(op(&c, "getOrder"), &args(json!({"orderId": null}), json!({}), json!({}), None));
    assert_eq!(shapes(&issues), [issue("path.orderId", "required", "nothing")]);
}

#[tokio::test]
async fn enums_and_patterns_list_what_is_allowed() {
    let c = wms().await;
    let issues = validate(op(&c, "listOrders"), &args(json!({}), json!({"status": "lost"}), json!({}), None));
    assert_eq!(shapes(&issues), [issue("query.status", "one of: open, allocated, picked, shipped, cancelled", "\"lost\"")]);
    let issues = validate(op(&c, "getOrder"), &args(json!({"orderId": "10442"}), json!({}), json!({}), None));
    assert_eq!(shapes(&issues), [issue("path.orderId", "text matching ^SO-[0-9]+$", "\"10442\"")]);
    let issues = validate(op(&c, "listOrders"), &args(json!({}), json!({"createdAfter": "yesterday"}), json!({}), None));
    assert_eq!(shapes(&issues), [issue("query.createdAfter", "a valid date-time", "\"yesterday\"")]);
}

#[tokio::test]
async fn unknown_parameters_are_reported_with_the_known_ones() {
    let c = wms().await;
    let issues = validate(op(&c, "listOrders"), &args(json!({"orderId": "SO-1"}), json!({"colour": "red"}), json!({}), None));
    assert_eq!(
        shapes(&issues),
        [issue("path.orderId", "no path parameters", "\"SO-1\""), issue("query.colour", "one of: status, pageSize, createdAfter", "\"red\"")]
    );
    assert_eq!(issues[1].message, "query.colour is not a query parameter of listOrders");
}

#[tokio::test]
async fn array_parameters_take_one_value_or_many() {
    let c = standalone(FMS_31_JSON).await;
    let search = op(&c, "searchShipments");
    assert_eq!(validate(search, &args(json!({}), json!({"status": "in_transit"}), json!({}), None)), []);
    assert_eq!(validate(search, &args(json!({}), json!({"status": ["booked", "delivered"]}), json!({}), None)), []);
    let issues = validate(search, &args(json!({}), json!({"status": ["booked", "lost"]}), json!({}), None));
    assert_eq!(shapes(&issues), [issue("query.status[1]", "one of: booked, picked_up, in_transit, delivered, exception", "\"lost\"")]);
    let issues = validate(op(&c, "quoteRates"), &args(json!({"carrierCode": "D"}), json!({"weightKg": "-2"}), json!({}), None));
    assert_eq!(shapes(&issues), [issue("path.carrierCode", "at least 2 characters", "\"D\""), issue("query.weightKg", "> 0", "-2")]);
    // 3.1's type lists with null.
    let events = op(&c, "GET /shipments/{shipmentId}/tracking-events");
    assert_eq!(validate(events, &args(json!({"shipmentId": "SH-1"}), json!({"limit": "5"}), json!({}), None)), []);
}

#[tokio::test]
async fn bodies_are_checked_to_the_leaf() {
    let c = wms().await;
    let create = op(&c, "createOrder");
    let issues = validate(create, &CallArgs::default());
    assert_eq!(shapes(&issues), [issue("body", "required", "nothing")]);

    let good = json!({"customerId": "C-1", "shipBy": "2026-12-01", "lines": [{"sku": "SKU-1", "quantity": 2, "lot": null}]});
    assert_eq!(validate(create, &args(json!({}), json!({}), json!({}), Some(good))), []);

    let bad =
        json!({"customerId": 7, "shipBy": "2026-13-45", "status": "lost", "lines": [{"sku": "SKU-1", "quantity": "3"}, {"quantity": 0, "colour": "red"}]});
    let mut got = shapes(&validate(create, &args(json!({}), json!({}), json!({}), Some(bad))));
    got.sort();
    assert_eq!(
        got,
        [
            issue("body.customerId", "string", "7"),
            issue("body.lines[0].quantity", "integer", "\"3\""),
            issue("body.lines[1].colour", "no such property", "\"red\""),
            issue("body.lines[1].quantity", ">= 1", "0"),
            issue("body.lines[1].sku", "required", "nothing"),
            issue("body.shipBy", "a valid date", "\"2026-13-45\""),
            issue("body.status", "one of: open, allocated, picked, shipped, cancelled", "\"lost\""),
        ]
    );
    let issues = validate(create, &args(json!({}), json!({}), json!({}), Some(json!({"customerId": "C-1", "lines": []}))));
    assert_eq!(shapes(&issues), [issue("body.lines", "at least 1 items", "[]")]);
    let issues = validate(create, &args(json!({}), json!({}), json!({}), Some(json!(["not", "an", "order"]))));
    assert_eq!(shapes(&issues), [issue("body", "object", "[\"not\",\"an\",\"order\"]")]);
}

#[tokio::test]
async fn a_body_where_none_is_taken_is_reported() {
    let c = wms().await;
    let issues = validate(op(&c, "getOrder"), &args(json!({"orderId": "SO-1"}), json!({}), json!({}), Some(json!({"x": 1}))));
    assert_eq!(shapes(&issues), [issue("body", "no body", "{\"x\":1}")]);
    assert_eq!(issues[0].message, "GET /orders/{orderId} takes no request body");
}

#[tokio::test]
async fn nullable_fields_take_null() {
    let c = wms().await;
    let patch = op(&c, "PATCH /items/{itemId}");
    assert_eq!(validate(patch, &args(json!({"itemId": "SKU-1"}), json!({}), json!({}), Some(json!({"weightKg": null})))), []);
    let issues = validate(patch, &args(json!({"itemId": "SKU-1"}), json!({}), json!({}), Some(json!({"weightKg": "heavy"}))));
    assert_eq!(shapes(&issues), [issue("body.weightKg", "null or number", "\"heavy\"")]);
}

#[tokio::test]
async fn long_values_are_shortened_in_issues() {
    let c = wms().await;
    let long = "x".repeat(500);
    let issues = validate(op(&c, "getOrder"), &args(json!({"orderId": long}), json!({}), json!({}), None));
    assert_eq!(issues[0].received.chars().count(), 61);
    assert!(issues[0].received.ends_with('…'));
}
