//! The OpenAPI documents: complete, consistent, and true to the router.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::{Value, json};
use waybill_demo::{Demo, System};

fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            found.push((path.clone(), method.clone(), op.clone()));
        }
    }
    found
}

fn references(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(r) = map.get("$ref").and_then(Value::as_str) {
                out.insert(r.to_owned());
            }
            map.values().for_each(|v| references(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| references(v, out)),
        _ => {}
    }
}

#[test]
fn documents_are_openapi_3_1_with_the_callers_base_url() {
    let doc = Demo::openapi(System::Fms, "https://waybill.example.com/demo/fms");
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(doc["servers"], json!([{"url": "https://waybill.example.com/demo/fms"}]));
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    assert_eq!(Demo::openapi(System::Wms, "/demo/wms")["servers"][0]["url"], "/demo/wms");
}

#[test]
fn every_operation_is_fully_documented() {
    let mut counted = 0;
    for system in System::ALL {
        let doc = Demo::openapi(system, "/");
        let tags: BTreeSet<&str> = doc["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
        let mut ids = BTreeSet::new();
        for (path, method, op) in operations(&doc) {
            let id = op["operationId"].as_str().unwrap();
            assert!(ids.insert(id.to_owned()), "{system}: operationId {id} repeats");
            assert!(op["summary"].as_str().is_some_and(|s| s.len() > 8), "{id} has a summary");
            assert!(op["description"].as_str().is_some_and(|s| s.len() > 40), "{id} has a description written for search");
            let tag = op["tags"][0].as_str().unwrap();
            assert!(tags.contains(tag), "{id}'s tag {tag} is declared");
            assert!(op["responses"].as_object().unwrap().keys().any(|k| k.starts_with('2')), "{id} documents success");
            for status in ["400", "401", "403"] {
                assert!(op["responses"].get(status).is_some(), "{id} documents {status}");
            }
            let in_template: BTreeSet<String> = path.split('/').filter_map(|s| s.strip_prefix('{')?.strip_suffix('}').map(str::to_owned)).collect();
            let documented: BTreeSet<String> = op["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["in"] == "path")
                .map(|p| {
                    assert_eq!(p["required"], true, "{id}: path parameters are required");
                    p["name"].as_str().unwrap().to_owned()
                })
                .collect();
            assert_eq!(in_template, documented, "{id}: path parameters match {path}");
            if !in_template.is_empty() {
                assert!(op["responses"].get("404").is_some(), "{id} documents 404");
            }
            if matches!(method.as_str(), "post" | "patch" | "put") && op.get("requestBody").is_some() {
                assert!(op["requestBody"]["content"]["application/json"]["schema"]["$ref"].is_string(), "{id}'s body refers to a component");
            }
            if system != System::Oms {
                counted += 1;
            }
        }
        let mut refs = BTreeSet::new();
        references(&doc, &mut refs);
        for r in refs {
            let pointer = r.strip_prefix('#').unwrap();
            assert!(doc.pointer(pointer).is_some(), "{system}: {r} resolves");
        }
    }
    assert!(counted >= 40, "{counted} operations across wms, fms and yms");
}

/// Real ids for every path parameter, so that a documented operation must reach its
/// handler: 404 would then mean an unrouted path.
async fn sample_ids(client: &Client) -> BTreeMap<&'static str, String> {
    let first = |v: &Value, field: &str| v["data"][0][field].as_str().unwrap().to_owned();
    let mut ids = BTreeMap::new();
    let inventory = client.get(System::Wms, "/v1/inventory?pageSize=1", Some(ONTARIO)).await;
    ids.insert("itemId", first(&inventory, "itemId"));
    ids.insert("locationId", first(&inventory, "locationId"));
    ids.insert("customerId", "CUS-0001".to_owned());
    ids.insert("receiptId", first(&client.get(System::Wms, "/v1/receipts?pageSize=1", Some(ONTARIO)).await, "id"));
    ids.insert("lineNo", "1".to_owned());
    ids.insert("orderId", first(&client.get(System::Wms, "/v1/orders?pageSize=1&status=open", Some(ONTARIO)).await, "orderId"));
    ids.insert("userId", first(&client.get(System::Wms, "/v1/users?pageSize=1", Some(ONTARIO)).await, "id"));
    ids.insert("projectId", first(&client.get(System::Wms, "/v1/projects?pageSize=1", Some(ONTARIO)).await, "id"));
    ids.insert("carrierId", "CAR-001".to_owned());
    let shipped = client.get(System::Fms, "/v1/shipments?pageSize=1&status=delivered", Some(ONTARIO)).await;
    ids.insert("shipmentId", first(&shipped, "id"));
    let tracking = shipped["data"][0]["trackingNumber"].as_str().or(shipped["data"][0]["proNumber"].as_str()).unwrap();
    ids.insert("trackingNumber", tracking.to_owned());
    ids.insert("loadId", first(&client.get(System::Fms, "/v1/loads?pageSize=1", Some(ONTARIO)).await, "id"));
    ids.insert("doorId", first(&client.get(System::Yms, "/v1/dock-doors?pageSize=1", Some(ONTARIO)).await, "id"));
    ids.insert("trailerId", first(&client.get(System::Yms, "/v1/trailers?pageSize=1", Some(ONTARIO)).await, "id"));
    ids.insert("appointmentId", first(&client.get(System::Yms, "/v1/appointments?pageSize=1", Some(ONTARIO)).await, "id"));
    ids
}

#[tokio::test]
async fn every_documented_operation_answers() {
    let client = Client::new().await;
    let ids = sample_ids(&client).await;
    let mut called = 0;
    for system in System::ALL {
        let doc = Demo::openapi(system, "/");
        for (path, method, op) in operations(&doc) {
            let mut concrete = path.clone();
            for (name, value) in &ids {
                concrete = concrete.replace(&format!("{{{name}}}"), value);
            }
            assert!(!concrete.contains('{'), "a sample id for every parameter of {path}");
            if system == System::Oms && method == "get" && path == "/v1/orders" {
                concrete.push_str("?merchantNo=M00000");
            }
            let body = op.get("requestBody").map(|_| json!({}));
            let method: Method = method.to_uppercase().parse().unwrap();
            let (status, answer) = client.call(system, method.clone(), &concrete, Some(ONTARIO), body.as_ref()).await;
            let id = op["operationId"].as_str().unwrap();
            assert!(
                status != StatusCode::METHOD_NOT_ALLOWED && status.as_u16() < 500 && answer.pointer("/error/code") != Some(&json!("route_not_found")),
                "{system} {id} ({method} {concrete}) answered {status}: {answer}"
            );
            if status == StatusCode::NOT_FOUND {
                assert!(system == System::Oms && id == "listMerchantOrders", "{id} finds its sample record: {answer}");
            }
            assert!(op["responses"].get(status.as_str()).is_some(), "{id} documents the {status} it answered: {answer}");
            called += 1;
        }
    }
    assert!(called > 60);
}

/// What the documents leave out is not served: other methods on documented paths are 405.
#[tokio::test]
async fn undocumented_methods_are_refused() {
    let client = Client::new().await;
    for system in System::ALL {
        let doc = Demo::openapi(system, "/");
        for (path, item) in doc["paths"].as_object().unwrap() {
            let concrete = path.replace(['{', '}'], "");
            for method in [Method::GET, Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
                if item.get(method.as_str().to_lowercase()).is_none() {
                    let (status, body) = client.call(system, method.clone(), &concrete, Some(ONTARIO), None).await;
                    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{system} {method} {path}: {body}");
                }
            }
        }
    }
}
