//! Paging, filtering and the write operations of the three systems.

mod common;

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::{Value, json};
use waybill_demo::System;

#[tokio::test]
async fn lists_page_and_bound_the_page_size() {
    let client = Client::new().await;
    let first = client.get(System::Wms, "/v1/orders?pageSize=200", Some(ONTARIO)).await;
    assert_eq!(first["data"].as_array().unwrap().len(), 200);
    assert_eq!((first["page"].as_u64(), first["pageSize"].as_u64()), (Some(1), Some(200)));
    let total = first["totalCount"].as_u64().unwrap();
    assert!(total > 400, "{total} orders");
    let second = client.get(System::Wms, "/v1/orders?pageSize=200&page=2", Some(ONTARIO)).await;
    assert_eq!(second["totalCount"].as_u64(), Some(total));
    assert_ne!(first["data"][0]["orderId"], second["data"][0]["orderId"]);
    let beyond = client.get(System::Wms, "/v1/orders?pageSize=200&page=999", Some(ONTARIO)).await;
    assert_eq!(beyond["data"], json!([]));
    assert_eq!(client.get(System::Wms, "/v1/orders", Some(ONTARIO)).await["pageSize"], 50);

    for query in ["pageSize=201", "pageSize=0", "page=0", "page=-1", "pageSize=1e3"] {
        let (status, body) = client.call(System::Wms, Method::GET, &format!("/v1/orders?{query}"), Some(ONTARIO), None).await;
        assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_query"), "{query}: {body}");
    }
}

#[tokio::test]
async fn lists_filter_by_query_and_facility() {
    let client = Client::new().await;
    let shipped = client.get(System::Wms, "/v1/orders?status=shipped&pageSize=200", Some(ONTARIO)).await;
    assert!(shipped["totalCount"].as_u64().unwrap() > 100);
    assert!(shipped["data"].as_array().unwrap().iter().all(|o| o["status"] == "shipped" && o["facilityId"] == ONTARIO));

    let window = client.get(System::Wms, "/v1/orders?shipFrom=2026-11-10&shipTo=2026-11-12&customerId=CUS-0001&pageSize=200", Some(ONTARIO)).await;
    for order in window["data"].as_array().unwrap() {
        let day = order["requestedShipDate"].as_str().unwrap();
        assert!(("2026-11-10"..="2026-11-12").contains(&day) && order["customerId"] == "CUS-0001", "{order}");
    }

    let savannah = client.get(System::Wms, "/v1/orders?pageSize=5", Some(SAVANNAH)).await;
    assert!(savannah["data"].as_array().unwrap().iter().all(|o| o["facilityId"] == SAVANNAH));
    let ontario_order = shipped["data"][0]["orderId"].as_str().unwrap();
    let (status, body) = client.call(System::Wms, Method::GET, &format!("/v1/orders/{ontario_order}"), Some(SAVANNAH), None).await;
    assert_eq!((status, code(&body)), (StatusCode::NOT_FOUND, "not_found"), "another facility's order is not found");

    let items = client.get(System::Wms, "/v1/items?q=backpack&pageSize=200", None).await;
    assert!(items["data"].as_array().unwrap().iter().all(|i| i["description"].as_str().unwrap().to_lowercase().contains("backpack")));
    let parcel = client.get(System::Fms, "/v1/carriers?mode=parcel", None).await;
    assert!(parcel["data"].as_array().unwrap().iter().any(|c| c["name"] == "UPS"));
    let ground = client.get(System::Fms, "/v1/carriers/CAR-001", None).await;
    assert!(ground["services"].as_array().unwrap().iter().any(|s| s["name"] == "UPS Ground"));
    let today = client.get(System::Yms, "/v1/appointments?date=2026-11-16&pageSize=200", Some(ONTARIO)).await;
    assert!(today["totalCount"].as_u64().unwrap() > 5);
    for appointment in today["data"].as_array().unwrap() {
        let start = appointment["windowStart"].as_str().unwrap();
        assert!(("2026-11-16T08:00:00Z".."2026-11-17T08:00:00Z").contains(&start), "Ontario's local day: {start}");
    }
}

async fn inventory_of(client: &Client, item: &str) -> (i64, i64) {
    let rows = client.get(System::Wms, &format!("/v1/items/{item}/inventory?pageSize=200"), Some(ONTARIO)).await;
    rows["data"]
        .as_array()
        .unwrap()
        .iter()
        .fold((0, 0), |(on_hand, allocated), r| (on_hand + r["onHand"].as_i64().unwrap(), allocated + r["allocated"].as_i64().unwrap()))
}

/// An order from open to shipped across the WMS and the FMS, with stock following.
#[tokio::test]
async fn an_order_goes_from_open_to_shipped() {
    let client = Client::new().await;
    let sku = client.get(System::Wms, "/v1/inventory?availableOnly=true&pageSize=1&customerId=CUS-0001", Some(ONTARIO)).await;
    let item = sku["data"][0]["itemId"].as_str().unwrap().to_owned();
    let sku = sku["data"][0]["sku"].as_str().unwrap().to_owned();
    let order = client
        .write(
            System::Wms,
            Method::POST,
            "/v1/orders",
            ONTARIO,
            &json!({
                "customerId": "CUS-0001",
                "salesOrderId": "FLOW-1",
                "shipTo": {"name": "Dana Whitfield", "line1": "12 Harbor Dr", "city": "San Diego", "state": "CA", "postalCode": "92101"},
                "requestedShipDate": "2026-11-17",
                "carrierId": "CAR-001",
                "serviceId": "SVC-001",
                "lines": [{"sku": sku, "quantity": 2, "uom": "EA"}]
            }),
            StatusCode::CREATED,
        )
        .await;
    let id = order["orderId"].as_str().unwrap().to_owned();
    assert_eq!((order["status"].as_str(), order["source"].as_str(), order["lines"][0]["quantityEach"].as_i64()), (Some("open"), Some("api"), Some(2)));
    let (on_hand, allocated) = inventory_of(&client, &item).await;

    let allocated_order = client.write(System::Wms, Method::POST, &format!("/v1/orders/{id}/allocate"), ONTARIO, &json!(null), StatusCode::OK).await;
    assert_eq!(allocated_order["status"], "allocated");
    assert_eq!(inventory_of(&client, &item).await, (on_hand, allocated + 2));
    let (status, body) = client.call(System::Wms, Method::POST, &format!("/v1/orders/{id}/allocate"), Some(ONTARIO), None).await;
    assert_eq!((status, code(&body)), (StatusCode::CONFLICT, "conflict"));
    let (status, _) = client.call(System::Fms, Method::POST, "/v1/shipments", Some(ONTARIO), Some(&json!({"orderId": id}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "only packed orders ship");

    for (step, status) in [("release", "picking"), ("pack", "packed")] {
        let answer = client.write(System::Wms, Method::POST, &format!("/v1/orders/{id}/{step}"), ONTARIO, &json!(null), StatusCode::OK).await;
        assert_eq!(answer["status"], status);
    }
    let shipment = client.write(System::Fms, Method::POST, "/v1/shipments", ONTARIO, &json!({"orderId": id, "cartons": 1}), StatusCode::CREATED).await;
    assert_eq!(shipment["status"], "label_created");
    let tracking = shipment["trackingNumber"].as_str().unwrap().to_owned();
    let load = client
        .write(
            System::Fms,
            Method::POST,
            "/v1/loads",
            ONTARIO,
            &json!({"carrierId": "CAR-001", "plannedDeparture": "2026-11-17T18:00:00-08:00"}),
            StatusCode::CREATED,
        )
        .await;
    let load_id = load["id"].as_str().unwrap().to_owned();
    assert_eq!(load["plannedDeparture"], "2026-11-18T02:00:00Z");
    let (status, _) = client.call(System::Fms, Method::POST, &format!("/v1/loads/{load_id}/dispatch"), Some(ONTARIO), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "an empty load cannot leave");
    let with_shipment = client
        .write(System::Fms, Method::POST, &format!("/v1/loads/{load_id}/shipments"), ONTARIO, &json!({"shipmentId": shipment["id"]}), StatusCode::OK)
        .await;
    assert_eq!(with_shipment["shipmentCount"], 1);
    let dispatched = client.write(System::Fms, Method::POST, &format!("/v1/loads/{load_id}/dispatch"), ONTARIO, &json!(null), StatusCode::OK).await;
    assert_eq!((dispatched["status"].as_str(), dispatched["shipments"][0]["status"].as_str()), (Some("dispatched"), Some("in_transit")));

    let shipped = client.get(System::Wms, &format!("/v1/orders/{id}"), Some(ONTARIO)).await;
    assert_eq!((shipped["status"].as_str(), shipped["lines"][0]["shippedQty"].as_i64()), (Some("shipped"), Some(2)));
    assert_eq!(inventory_of(&client, &item).await, (on_hand - 2, allocated), "shipped stock left the building");
    let tracked = client.get(System::Fms, &format!("/v1/tracking/{tracking}"), None).await;
    assert_eq!(tracked["events"][0]["code"], "picked_up");
    client
        .write(
            System::Fms,
            Method::POST,
            &format!("/v1/shipments/{}/tracking", shipment["id"].as_str().unwrap()),
            ONTARIO,
            &json!({"code": "delivered", "city": "San Diego", "state": "CA"}),
            StatusCode::CREATED,
        )
        .await;
    let delivered = client.get(System::Fms, &format!("/v1/shipments/{}", shipment["id"].as_str().unwrap()), Some(ONTARIO)).await;
    assert_eq!(delivered["status"], "delivered");

    let (status, body) = client.call(System::Wms, Method::POST, &format!("/v1/orders/{id}/cancel"), Some(ONTARIO), None).await;
    assert_eq!((status, code(&body)), (StatusCode::CONFLICT, "conflict"));
    let (status, _) = client
        .call(
            System::Wms,
            Method::POST,
            "/v1/orders",
            Some(ONTARIO),
            Some(&json!({"customerId": "CUS-0001", "salesOrderId": "FLOW-1", "shipTo": {}, "requestedShipDate": "2026-11-17", "lines": []})),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "the sales order id is taken");
    let (status, body) = client
        .call(
            System::Wms,
            Method::POST,
            "/v1/orders",
            Some(ONTARIO),
            Some(&json!({"customerId": "CUS-0001", "salesOrderId": "FLOW-2", "shipTo": {"name": "X"}, "requestedShipDate": "2026-13-01", "lines": []})),
        )
        .await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_body"));
    let message = body["error"]["message"].as_str().unwrap();
    for field in ["shipTo.line1", "shipTo.city", "requestedShipDate", "lines"] {
        assert!(message.contains(field), "{message}");
    }
}

#[tokio::test]
async fn cancelling_an_allocated_order_releases_its_stock() {
    let client = Client::new().await;
    let allocated = client.get(System::Wms, "/v1/orders?status=allocated&pageSize=1", Some(ONTARIO)).await;
    let id = allocated["data"][0]["orderId"].as_str().unwrap().to_owned();
    let detail = client.get(System::Wms, &format!("/v1/orders/{id}"), Some(ONTARIO)).await;
    let item = detail["lines"][0]["itemId"].as_str().unwrap().to_owned();
    let held = detail["lines"][0]["allocatedQty"].as_i64().unwrap();
    let (on_hand, before) = inventory_of(&client, &item).await;
    let cancelled = client.write(System::Wms, Method::POST, &format!("/v1/orders/{id}/cancel"), ONTARIO, &json!(null), StatusCode::OK).await;
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(inventory_of(&client, &item).await, (on_hand, before - held));
}

#[tokio::test]
async fn receiving_an_asn_line_puts_stock_away() {
    let client = Client::new().await;
    let items = client.get(System::Wms, "/v1/items?customerId=CUS-0001&status=active&pageSize=5", None).await;
    let item = items["data"].as_array().unwrap().iter().find(|i| i["lotControlled"] == false).expect("an untracked item").clone();
    let location =
        client.get(System::Wms, "/v1/locations?kind=reserve&status=active&pageSize=1", Some(ONTARIO)).await["data"][0]["id"].as_str().unwrap().to_owned();
    let receipt = client
        .write(
            System::Wms,
            Method::POST,
            "/v1/receipts",
            ONTARIO,
            &json!({"customerId": "CUS-0001", "poNumber": "PO-77", "carrierId": "CAR-007", "expectedDate": "2026-11-18", "lines": [{"sku": item["sku"], "quantity": 3}]}),
            StatusCode::CREATED,
        )
        .await;
    let id = receipt["id"].as_str().unwrap().to_owned();
    assert_eq!((receipt["status"].as_str(), receipt["lines"][0]["uom"].as_str()), (Some("expected"), Some("CS")));
    let (on_hand, _) = inventory_of(&client, item["id"].as_str().unwrap()).await;
    let path = format!("/v1/receipts/{id}/lines/1/receive");
    let (status, _) = client.call(System::Wms, Method::POST, &path, Some(ONTARIO), Some(&json!({"quantity": 4, "locationId": location}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "more than expected");
    let partial = client.write(System::Wms, Method::POST, &path, ONTARIO, &json!({"quantity": 1, "locationId": location}), StatusCode::OK).await;
    assert_eq!(partial["status"], "receiving");
    let done = client.write(System::Wms, Method::POST, &path, ONTARIO, &json!({"quantity": 2, "locationId": location}), StatusCode::OK).await;
    assert_eq!((done["status"].as_str(), done["receivedQty"].as_i64()), (Some("received"), Some(3)));
    let case = item["unitsOfMeasure"].as_array().unwrap().iter().find(|u| u["uom"] == "CS").unwrap()["qtyEach"].as_i64().unwrap();
    assert_eq!(inventory_of(&client, item["id"].as_str().unwrap()).await.0, on_hand + 3 * case);
    let (status, _) = client.call(System::Wms, Method::POST, &format!("/v1/receipts/{id}/cancel"), Some(ONTARIO), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn appointments_and_trailers_keep_doors_straight() {
    let client = Client::new().await;
    let door = client.get(System::Yms, "/v1/dock-doors?status=available&kind=inbound&pageSize=1", Some(ONTARIO)).await["data"][0].clone();
    let door_id = door["id"].as_str().unwrap().to_owned();
    let booking = json!({"kind": "inbound", "carrierId": "CAR-007", "doorId": door_id, "windowStart": "2026-11-30T06:00:00-08:00",
                         "windowEnd": "2026-11-30T07:00:00-08:00", "reference": "ASN-1", "trailerNumber": "ODFL 123456"});
    let appointment = client.write(System::Yms, Method::POST, "/v1/appointments", ONTARIO, &booking, StatusCode::CREATED).await;
    assert_eq!(appointment["windowStart"], "2026-11-30T14:00:00Z");
    let mut overlapping = booking.clone();
    overlapping["windowStart"] = json!("2026-11-30T06:30:00-08:00");
    overlapping["windowEnd"] = json!("2026-11-30T08:00:00-08:00");
    let (status, body) = client.call(System::Yms, Method::POST, "/v1/appointments", Some(ONTARIO), Some(&overlapping)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let mut backwards = booking.clone();
    backwards["windowEnd"] = json!("2026-11-30T05:00:00-08:00");
    let (status, _) = client.call(System::Yms, Method::POST, "/v1/appointments", Some(ONTARIO), Some(&backwards)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let id = appointment["id"].as_str().unwrap().to_owned();
    let moved = client
        .write(
            System::Yms,
            Method::PATCH,
            &format!("/v1/appointments/{id}"),
            ONTARIO,
            &json!({"windowStart": "2026-11-30T09:00:00-08:00", "windowEnd": "2026-11-30T10:00:00-08:00"}),
            StatusCode::OK,
        )
        .await;
    assert_eq!(moved["windowStart"], "2026-11-30T17:00:00Z");
    client.write(System::Yms, Method::POST, "/v1/appointments", ONTARIO, &overlapping, StatusCode::CREATED).await;
    let checked_in = client.write(System::Yms, Method::POST, &format!("/v1/appointments/{id}/check-in"), ONTARIO, &json!({}), StatusCode::OK).await;
    assert_eq!(checked_in["status"], "checked_in");
    let trailer = client.get(System::Yms, "/v1/trailers?number=ODFL%20123456", Some(ONTARIO)).await["data"][0].clone();
    assert_eq!(trailer["status"], "in_yard");
    let trailer_id = trailer["id"].as_str().unwrap().to_owned();

    let at_door =
        client.write(System::Yms, Method::POST, &format!("/v1/trailers/{trailer_id}/move"), ONTARIO, &json!({"doorId": door_id}), StatusCode::OK).await;
    assert_eq!((at_door["status"].as_str(), at_door["doorId"].as_str()), (Some("at_door"), Some(door_id.as_str())));
    assert_eq!(client.get(System::Yms, &format!("/v1/dock-doors/{door_id}"), Some(ONTARIO)).await["status"], "occupied");
    let occupied = client.get(System::Yms, "/v1/trailers?status=in_yard&pageSize=1", Some(ONTARIO)).await["data"][0]["id"].as_str().unwrap().to_owned();
    let (status, _) = client.call(System::Yms, Method::POST, &format!("/v1/trailers/{occupied}/move"), Some(ONTARIO), Some(&json!({"doorId": door_id}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "a door takes one trailer");
    let (status, _) = client
        .call(System::Yms, Method::POST, &format!("/v1/trailers/{occupied}/move"), Some(ONTARIO), Some(&json!({"doorId": door_id, "yardLocation": "A-01"})))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let departed =
        client.write(System::Yms, Method::POST, &format!("/v1/trailers/{trailer_id}/depart"), ONTARIO, &json!({"sealNumber": "S-991"}), StatusCode::OK).await;
    assert_eq!(departed["status"], "departed");
    assert_eq!(client.get(System::Yms, &format!("/v1/dock-doors/{door_id}"), Some(ONTARIO)).await["status"], "available");
    let completed = client.write(System::Yms, Method::POST, &format!("/v1/appointments/{id}/complete"), ONTARIO, &json!(null), StatusCode::OK).await;
    assert_eq!(completed["status"], "completed");
}

#[tokio::test]
async fn rate_quotes_come_cheapest_first() {
    let client = Client::new().await;
    let parcel = client
        .write(
            System::Fms,
            Method::POST,
            "/v1/rate-quotes",
            ONTARIO,
            &json!({"destinationState": "NY", "destinationPostalCode": "10001", "weightLb": 12.5, "accessorials": ["RESIDENTIAL"]}),
            StatusCode::OK,
        )
        .await;
    let quotes = parcel["quotes"].as_array().unwrap();
    assert!(quotes.len() > 5 && quotes.iter().all(|q| q["mode"] == "parcel" && q["accessorialCharges"] == 120.0));
    let totals: Vec<f64> = quotes.iter().map(|q| q["total"].as_f64().unwrap()).collect();
    assert!(totals.windows(2).all(|w| w[0] <= w[1]), "{totals:?}");
    let freight = client
        .write(
            System::Fms,
            Method::POST,
            "/v1/rate-quotes",
            ONTARIO,
            &json!({"destinationState": "TX", "destinationPostalCode": "75201", "weightLb": 1800.0, "pallets": 4}),
            StatusCode::OK,
        )
        .await;
    assert!(freight["quotes"].as_array().unwrap().iter().all(|q| q["mode"] != "parcel"));
    let (status, body) = client
        .call(
            System::Fms,
            Method::POST,
            "/v1/rate-quotes",
            Some(ONTARIO),
            Some(&json!({"destinationState": "TX", "destinationPostalCode": "752", "weightLb": 1.0})),
        )
        .await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_request"));
    let _: &Value = &body;
}

#[tokio::test]
async fn adjustments_change_stock_but_never_below_what_is_allocated() {
    let client = Client::new().await;
    let held = client.get(System::Wms, "/v1/inventory?pageSize=200", Some(ONTARIO)).await;
    let balance = held["data"].as_array().unwrap().iter().find(|b| b["allocated"].as_i64().unwrap() > 0).expect("some stock is allocated").clone();
    let id = balance["id"].as_str().unwrap();
    let on_hand = balance["onHand"].as_i64().unwrap();
    let allocated = balance["allocated"].as_i64().unwrap();
    let found = client
        .write(
            System::Wms,
            Method::POST,
            "/v1/inventory/adjustments",
            ONTARIO,
            &json!({"inventoryId": id, "quantity": 5, "reasonCode": "found"}),
            StatusCode::OK,
        )
        .await;
    assert_eq!(found["onHand"].as_i64(), Some(on_hand + 5));
    let too_much = json!({"inventoryId": id, "quantity": allocated - on_hand - 6, "reasonCode": "shrink"});
    let (status, body) = client.call(System::Wms, Method::POST, "/v1/inventory/adjustments", Some(ONTARIO), Some(&too_much)).await;
    assert_eq!((status, code(&body)), (StatusCode::CONFLICT, "conflict"));
    let (status, body) = client
        .call(System::Wms, Method::POST, "/v1/inventory/adjustments", Some(ONTARIO), Some(&json!({"inventoryId": id, "quantity": 1, "reasonCode": "gift"})))
        .await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_body"));
    let (status, _) = client
        .call(System::Wms, Method::POST, "/v1/inventory/adjustments", Some(SAVANNAH), Some(&json!({"inventoryId": id, "quantity": 1, "reasonCode": "found"})))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another facility's stock");
}
