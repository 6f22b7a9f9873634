//! Token, tenant and facility checks, and JSON answers for everything refused.

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::*;
use serde_json::json;
use waybill_demo::{Demo, System, TENANT};

#[tokio::test]
async fn a_missing_or_foreign_token_is_401_with_a_json_body() {
    let client = Client::new().await;
    let bare = Request::builder().uri("/demo/wms/v1/items").header("x-tenant-id", TENANT).body(Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(client.router.clone(), bare).await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(response.headers()[header::WWW_AUTHENTICATE], "Bearer");

    let mut request = client.request(System::Wms, Method::GET, "/v1/items", None, None);
    request.headers_mut().insert(header::AUTHORIZATION, format!("Bearer {}", client.demo.token(System::Fms)).parse().unwrap());
    let (status, body) = client.send(request).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(code(&body), "unauthorized");

    let mut request = client.request(System::Yms, Method::GET, "/v1/dock-doors", Some(ONTARIO), None);
    request.headers_mut().insert(header::AUTHORIZATION, "Basic abc".parse().unwrap());
    let (status, _) = client.send(request).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn each_system_has_its_own_random_token() {
    let client = Client::new().await;
    let tokens: Vec<&str> = System::ALL.iter().map(|s| client.demo.token(*s)).collect();
    for (i, token) in tokens.iter().enumerate() {
        assert_eq!(token.len(), 64);
        assert!(!tokens[i + 1..].contains(token), "tokens differ between systems");
    }
    let other = Demo::open_in_memory(Default::default()).await.unwrap();
    assert_ne!(other.token(System::Wms), client.demo.token(System::Wms), "every new demo draws new tokens");
}

#[tokio::test]
async fn the_tenant_header_is_required_and_must_be_demo() {
    let client = Client::new().await;
    let mut request = client.request(System::Wms, Method::GET, "/v1/items", None, None);
    request.headers_mut().remove("x-tenant-id");
    let (status, body) = client.send(request).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "tenant_required"));

    let mut request = client.request(System::Wms, Method::GET, "/v1/items", None, None);
    request.headers_mut().insert("x-tenant-id", "acme".parse().unwrap());
    let (status, body) = client.send(request).await;
    assert_eq!((status, code(&body)), (StatusCode::FORBIDDEN, "tenant_forbidden"));
}

#[tokio::test]
async fn an_unknown_facility_is_403() {
    let client = Client::new().await;
    let (status, body) = client.call(System::Wms, Method::GET, "/v1/orders", Some("dc-elsewhere"), None).await;
    assert_eq!((status, code(&body)), (StatusCode::FORBIDDEN, "facility_forbidden"));
    // Even where the facility is optional.
    let (status, _) = client.call(System::Wms, Method::GET, "/v1/items", Some("dc-elsewhere"), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// Every operation the documents mark facility-scoped answers 400 without the header,
/// and every tenant-wide one does not ask for it.
#[tokio::test]
async fn facility_scoped_operations_need_the_facility_header() {
    let client = Client::new().await;
    let mut scoped = 0;
    for system in System::ALL {
        let doc = Demo::openapi(system, "/");
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let needs_facility = op["parameters"].as_array().unwrap().iter().any(|p| p["$ref"] == "#/components/parameters/FacilityId");
                let concrete = path.replace(['{', '}'], "");
                let body = op.get("requestBody").map(|_| json!({}));
                let method: Method = method.to_uppercase().parse().unwrap();
                let (status, answer) = client.call(system, method.clone(), &concrete, None, body.as_ref()).await;
                if needs_facility {
                    scoped += 1;
                    assert_eq!((status, code(&answer)), (StatusCode::BAD_REQUEST, "facility_required"), "{system} {method} {path}");
                } else if status == StatusCode::BAD_REQUEST {
                    assert_ne!(code(&answer), "facility_required", "{system} {method} {path}");
                }
            }
        }
    }
    assert!(scoped > 30, "{scoped} facility-scoped operations");
}

#[tokio::test]
async fn documents_are_served_without_auth() {
    let client = Client::new().await;
    for system in System::ALL {
        let request = Request::builder().uri(format!("/demo/{system}/openapi.json")).body(Body::empty()).unwrap();
        let (status, doc) = client.send(request).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(doc, Demo::openapi(system, &format!("/demo/{system}")));
    }
}

#[tokio::test]
async fn refused_requests_answer_json() {
    let client = Client::new().await;
    let (status, body) = client.call(System::Wms, Method::GET, "/v1/no-such-thing", Some(ONTARIO), None).await;
    assert_eq!((status, code(&body)), (StatusCode::NOT_FOUND, "route_not_found"));
    let (status, body) = client.call(System::Wms, Method::PUT, "/v1/items", Some(ONTARIO), None).await;
    assert_eq!((status, code(&body)), (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"));
    let (status, body) = client.call(System::Wms, Method::GET, "/v1/orders?pageSize=abc", Some(ONTARIO), None).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_query"));
    let (status, body) = client.call(System::Wms, Method::GET, "/v1/orders?status=lost", Some(ONTARIO), None).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_query"));
    assert!(body["error"]["message"].as_str().unwrap().contains("status"), "{body}");
    let (status, body) = client.call(System::Wms, Method::GET, "/v1/orders?shipFrom=yesterday", Some(ONTARIO), None).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_request"));
    let (status, body) = client.call(System::Wms, Method::GET, "/v1/receipts/RCV-000001/lines/x/receive", Some(ONTARIO), None).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{body}");
    let (status, body) = client.call(System::Wms, Method::POST, "/v1/receipts/RCV-000001/lines/first/receive", Some(ONTARIO), Some(&json!({}))).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_path"));

    let malformed = |content_type: Option<&str>, body: &str| {
        let mut builder = Request::builder()
            .method(Method::POST)
            .uri("/demo/yms/v1/appointments")
            .header(header::AUTHORIZATION, format!("Bearer {}", client.demo.token(System::Yms)))
            .header("x-tenant-id", TENANT)
            .header("x-facility-id", ONTARIO);
        if let Some(content_type) = content_type {
            builder = builder.header(header::CONTENT_TYPE, content_type);
        }
        builder.body(Body::from(body.to_owned())).unwrap()
    };
    let (status, body) = client.send(malformed(Some("application/json"), "{\"kind\": ")).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_json"));
    let (status, body) = client.send(malformed(Some("application/json"), "{\"kind\": \"inbound\", \"carrierId\": 7}")).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_body"));
    let (status, body) = client.send(malformed(None, "{}")).await;
    assert_eq!((status, code(&body)), (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type"));
    let huge = format!("{{\"notes\": \"{}\"}}", "x".repeat(1024 * 1024 + 10));
    let (status, body) = client.send(malformed(Some("application/json"), &huge)).await;
    assert_eq!((status, code(&body)), (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"));
    let (status, body) =
        client.call(System::Yms, Method::POST, "/v1/appointments", Some(ONTARIO), Some(&json!({"kind": "inbound", "carrierId": "CAR-007", "bogus": 1}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"]["message"].as_str().unwrap().contains("bogus"), "{body}");
}

#[tokio::test]
async fn the_router_merges_into_an_application_with_its_own_fallback() {
    let demo = Demo::open_in_memory(Default::default()).await.unwrap();
    let app = axum::Router::new()
        .route("/health", axum::routing::get(|| async { "ok" }))
        .fallback(|| async { (StatusCode::NOT_FOUND, "app fallback") })
        .merge(demo.router());
    let client = Client { demo, router: app };
    let (status, body) = client.call(System::Wms, Method::GET, "/v1/job-codes", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["totalCount"].as_u64().unwrap() > 10);
    let (status, body) = client.call(System::Wms, Method::GET, "/v1/nothing", None, None).await;
    assert_eq!((status, code(&body)), (StatusCode::NOT_FOUND, "route_not_found"), "the demo answers its own unknown paths");
    let response = tower::ServiceExt::oneshot(client.router.clone(), Request::builder().uri("/elsewhere").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

/// With caller statements required (as `waybill serve` requires them), a valid service
/// token alone reaches nothing, and a statement for one facility reaches no other.
#[tokio::test]
async fn a_token_alone_reaches_nothing_and_a_statement_only_its_facility() {
    use waybill_demo::{CALLER_HEADER, Call, CallerSigner, DemoConfig};

    let signer = CallerSigner::from_secret(&[42; 32]);
    let client = Client::with(Demo::open_in_memory(DemoConfig { callers: Some(signer.verifier()), ..DemoConfig::default() }).await.unwrap()).await;
    // The other facility's open order, read straight from the data.
    let theirs: String = sqlx::query_scalar("SELECT id FROM orders WHERE facility_id = ? AND status = 'open' LIMIT 1")
        .bind(SAVANNAH)
        .fetch_one(&client.demo.database())
        .await
        .unwrap();
    let cancel = format!("/demo/wms/v1/orders/{theirs}/cancel");
    let signed = |facility: &str, method: &str, path: &str| {
        let call = Call { system: System::Wms, tenant: TENANT, facility, user: Some("member-a"), method, path_and_query: path };
        signer.sign(&call, jiff::Timestamp::now().as_second())
    };
    let with = |mut request: Request<Body>, statement: Option<String>| {
        if let Some(statement) = statement {
            request.headers_mut().insert(CALLER_HEADER, statement.parse().unwrap());
        }
        request
    };
    let path = &cancel["/demo/wms".len()..];

    // The token and any facility header, no statement: 401.
    let (status, body) = client.send(client.request(System::Wms, Method::POST, path, Some(SAVANNAH), None)).await;
    assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "caller_unverified"), "{body}");
    let (status, body) = client.send(client.request(System::Wms, Method::GET, &format!("/v1/orders/{theirs}"), Some(SAVANNAH), None)).await;
    assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "caller_unverified"), "{body}");

    // A statement for Ontario with Savannah's header: 403.
    let request = with(client.request(System::Wms, Method::POST, path, Some(SAVANNAH), None), Some(signed(ONTARIO, "POST", &cancel)));
    let (status, body) = client.send(request).await;
    assert_eq!((status, code(&body)), (StatusCode::FORBIDDEN, "facility_forbidden"), "{body}");

    // A statement for Ontario, no header or Ontario's: the call acts in Ontario, where the order is not.
    for header in [None, Some(ONTARIO)] {
        let request = with(client.request(System::Wms, Method::POST, path, header, None), Some(signed(ONTARIO, "POST", &cancel)));
        let (status, body) = client.send(request).await;
        assert_eq!((status, code(&body)), (StatusCode::NOT_FOUND, "not_found"), "{header:?}: {body}");
    }
    // A statement signed for another call or by another key: 401.
    let request = with(client.request(System::Wms, Method::POST, path, Some(SAVANNAH), None), Some(signed(SAVANNAH, "GET", &cancel)));
    assert_eq!(client.send(request).await.0, StatusCode::UNAUTHORIZED);
    let forged = CallerSigner::from_secret(&[1; 32]).sign(
        &Call { system: System::Wms, tenant: TENANT, facility: SAVANNAH, user: None, method: "POST", path_and_query: &cancel },
        jiff::Timestamp::now().as_second(),
    );
    let request = with(client.request(System::Wms, Method::POST, path, Some(SAVANNAH), None), Some(forged));
    assert_eq!(client.send(request).await.0, StatusCode::UNAUTHORIZED);
    let status: String = sqlx::query_scalar("SELECT status FROM orders WHERE id = ?").bind(&theirs).fetch_one(&client.demo.database()).await.unwrap();
    assert_eq!(status, "open", "nothing touched the other facility's order");

    // A statement for Savannah, as Waybill signs it for a member who holds Savannah: it
    // works once.
    let statement = signed(SAVANNAH, "POST", &cancel);
    let (status, body) = client.send(with(client.request(System::Wms, Method::POST, path, Some(SAVANNAH), None), Some(statement.clone()))).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("cancelled")), "{body}");
    let (status, body) = client.send(with(client.request(System::Wms, Method::POST, path, Some(SAVANNAH), None), Some(statement))).await;
    assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "caller_unverified"), "a statement is good for one call");
}
