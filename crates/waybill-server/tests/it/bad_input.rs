//! Bad input answers a clear 4xx in the one error shape; nothing is lost, nothing panics.

use crate::common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::{Session, TestApp, assert_error, user_message};
use serde_json::json;
use waybill_store::backend_tests;

fn raw(session: &Session, method: Method, path: &str, content_type: &str, body: impl Into<Body>) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(path)
        .header(header::AUTHORIZATION, format!("Bearer {}", session.access))
        .header("x-tenant-id", &session.tenant)
        .header("x-facility-id", &session.facility)
        .header(header::CONTENT_TYPE, content_type)
        .body(body.into())
        .unwrap()
}

async fn new_chat(app: &TestApp, session: &Session) -> String {
    let res = app.call(Method::POST, "/api/chat-history", Some(session), Some(json!({"messages": [user_message("m1", "hello")], "model": "gpt-4.1"}))).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text);
    res.body["id"].as_str().unwrap().to_owned()
}

backend_tests! {
    async fn malformed_json_wrong_types_and_missing_fields(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        for body in [r#"{"messages": [}"#, "", "nul\u{0}", "[1,2"] {
            let res = app.send(raw(&alice, Method::POST, "/api/chat-history", "application/json", body.to_owned())).await;
            assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        }
        for body in [json!({"messages": "x", "model": "m"}), json!({"messages": [], "model": 5}), json!({}), json!({"model": "m"}), json!([])] {
            let res = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(body.clone())).await;
            assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        }
        let res = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": [], "model": 5}))).await;
        assert!(res.body["message"].as_str().unwrap().contains("model"), "the message names the field: {}", res.text);
        let res = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": ["a"], "password": 1}))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        assert!(app.call(Method::GET, "/api/chat-history", Some(&alice), None).await.body.as_array().unwrap().is_empty(), "nothing was created");
    }

    async fn wrong_content_type_is_415(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let body = json!({"messages": [], "model": "m"}).to_string();
        for content_type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
            let res = app.send(raw(&alice, Method::POST, "/api/chat-history", content_type, body.clone())).await;
            assert_error(&res, StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type");
        }
    }

    async fn an_11_mb_body_is_413_and_nothing_is_stored(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let chat = new_chat(&app, &alice).await;
        let huge = "x".repeat(11 * 1024 * 1024);
        let body = json!({"messages": [user_message("m1", &huge)], "model": "m"}).to_string();
        let res = app.send(raw(&alice, Method::PUT, &format!("/api/chat-history/{chat}"), "application/json", body)).await;
        assert_error(&res, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
        let loaded = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(&alice), None).await;
        assert_eq!(loaded.body["messages"][0]["parts"][0]["text"], "hello", "the chat is intact");
        // Just under the limit is accepted.
        let big = "y".repeat(9 * 1024 * 1024);
        let res = app.call(Method::PUT, &format!("/api/chat-history/{chat}"), Some(&alice), Some(json!({"messages": [user_message("m1", &big)], "model": "m"}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", &res.text[..res.text.len().min(200)]);
    }

    async fn unknown_fields_are_refused_by_name(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let chat = new_chat(&app, &alice).await;
        let res = app.call(Method::PATCH, &format!("/api/chat-history/{chat}"), Some(&alice), Some(json!({"title": "ok", "colour": "red"}))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        assert!(res.body["message"].as_str().unwrap().contains("colour"), "{}", res.text);
        let res = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "a@b.c", "password": "x", "remember": true}))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        // Unknown fields inside a UI message are the client's and are kept verbatim.
        let message = json!({"id": "m1", "role": "user", "parts": [{"type": "text", "text": "hi", "providerMetadata": {"x": 1}}], "extra": {"deep": [true]}});
        let res = app.call(Method::PUT, &format!("/api/chat-history/{chat}"), Some(&alice), Some(json!({"messages": [message.clone()], "model": "m"}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let loaded = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(&alice), None).await;
        assert_eq!(loaded.body["messages"][0], message);
    }

    async fn a_blank_rename_is_400_and_changes_nothing(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let chat = new_chat(&app, &alice).await;
        for title in ["", "   ", "\n\t"] {
            let res = app.call(Method::PATCH, &format!("/api/chat-history/{chat}"), Some(&alice), Some(json!({"title": title}))).await;
            assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        }
        let listed = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(listed.body[0]["title"], "hello");
    }

    async fn rtl_overrides_in_titles_come_back_intact_and_a_nul_is_refused(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let chat = new_chat(&app, &alice).await;
        let title = "Dock 7 \u{202e}fdp.exe <script>alert(1)</script> \u{200f}";
        let res = app.call(Method::PATCH, &format!("/api/chat-history/{chat}"), Some(&alice), Some(json!({"title": title}))).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text);
        let listed = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(listed.body[0]["title"], title);
        assert_eq!(listed.headers[header::CONTENT_TYPE], "application/json");
        let created = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": [], "model": "m", "title": title}))).await;
        let id = created.body["id"].as_str().unwrap();
        let loaded = app.call(Method::GET, &format!("/api/chat-history/{id}"), Some(&alice), None).await;
        assert_eq!(loaded.body["title"], title);
        // No text holds a NUL (PostgreSQL could not store it): refused on every backend.
        let res = app.call(Method::PATCH, &format!("/api/chat-history/{chat}"), Some(&alice), Some(json!({"title": "Dock\u{0}7"}))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        let listed = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(listed.body[0]["title"], title, "unchanged");
    }

    async fn messages_that_are_not_ui_messages_are_refused(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        for messages in [
            json!(["hello"]),
            json!([{"role": "user", "content": "hi"}]),
            json!([{"id": "a", "role": "bot", "parts": []}]),
            json!([{"id": "a", "role": "user", "parts": ["text"]}]),
            json!([{"id": "a", "role": "user", "parts": [{"text": "no type"}]}]),
        ] {
            let res = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": messages, "model": "m"}))).await;
            assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
            assert!(res.body["message"].as_str().unwrap().contains("messages["), "{}", res.text);
        }
        // Well formed, but two messages cannot share an id.
        let twins = json!([user_message("a", "x"), user_message("a", "y")]);
        let res = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": twins, "model": "m"}))).await;
        assert_error(&res, StatusCode::CONFLICT, "conflict");
        // A body must be an object, though serde would read a struct from an array.
        let res = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!([[], "m"]))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        let res = app.call(Method::PUT, "/api/chat-history/bad%20id", Some(&alice), Some(json!({"messages": [], "model": "m"}))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
    }

    async fn missing_headers_and_unknown_routes(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let no_tenant = Request::builder().uri("/api/chat-history").header(header::AUTHORIZATION, format!("Bearer {}", alice.access)).body(Body::empty()).unwrap();
        assert_error(&app.send(no_tenant).await, StatusCode::BAD_REQUEST, "bad_request");
        assert_error(&app.call(Method::GET, "/api/no-such-thing", Some(&alice), None).await, StatusCode::NOT_FOUND, "not_found");
        assert_error(&app.call(Method::GET, "/api/no-such-thing", None, None).await, StatusCode::NOT_FOUND, "not_found");
        let res = app.call(Method::PUT, "/api/chat-history", Some(&alice), Some(json!({}))).await;
        assert_eq!(res.status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(res.body["code"], "method_not_allowed");
    }
}

backend_tests! {
    async fn the_document_gives_each_route_group_its_own_error_shape(store) {
        let app = TestApp::new(store).await;
        let doc = app.call(Method::GET, "/api/openapi.json", None, None).await.body;
        let schema = |path: &str, method: &str, status: &str| doc["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]["$ref"].clone();
        assert_eq!(schema("/app-api/refreshToken", "put", "415"), json!("#/components/schemas/AppEnvelope"));
        assert_eq!(schema("/app-api/customer/server/message", "post", "413"), json!("#/components/schemas/AppEnvelope"));
        assert_eq!(schema("/api/chat-history", "post", "415"), json!("#/components/schemas/ApiError"));
        // And the refusal is in that shape.
        let text = Request::builder().method(Method::PUT).uri("/app-api/refreshToken").header(header::CONTENT_TYPE, "text/plain").body(Body::from("{}")).unwrap();
        let res = app.send(text).await;
        assert_eq!(res.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(res.body["code"] == 415 && res.body["msg"].is_string(), "{}", res.text);
    }

    async fn bad_path_and_query_values_answer_the_error_shape_on_every_route(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let doc = app.call(Method::GET, "/api/openapi.json", None, None).await.body;
        let mut checked = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let method: Method = method.to_uppercase().parse().unwrap();
                let params = op["parameters"].as_array().cloned().unwrap_or_default();
                // A path parameter that is not UTF-8.
                if path.contains('{') {
                    let bad = path.split('/').map(|s| if s.starts_with('{') { "%FF%FE" } else { s }).collect::<Vec<_>>().join("/");
                    let res = app.send(raw(&alice, method.clone(), &bad, "application/json", "{}")).await;
                    assert!(res.status.is_client_error(), "{method} {bad}: {}", res.status);
                    // The live-agent messaging service answers in its protocol's shape.
                    let shaped = if path.starts_with("/app-api/") {
                        res.body["code"].is_number() && res.body["msg"].is_string()
                    } else {
                        res.body["code"].is_string() && res.body["message"].is_string()
                    };
                    assert!(shaped, "{method} {bad}: {}", res.text);
                    checked += 1;
                }
                // Each query parameter given a value of the wrong kind, and bytes that are not UTF-8.
                for param in params.iter().filter(|p| p["in"] == "query") {
                    let name = param["name"].as_str().unwrap();
                    let concrete = path.split('/').map(|s| if s.starts_with('{') { "some-id" } else { s }).collect::<Vec<_>>().join("/");
                    for value in ["%FF%FE", "not-a-number-or-flag-%00"] {
                        let kind = &param["schema"]["type"];
                        let is_text = kind == "string" || kind.as_array().is_some_and(|k| k.contains(&json!("string")));
                        if is_text && value != "%FF%FE" {
                            continue;
                        }
                        let uri = format!("{concrete}?{name}={value}");
                        let res = app.send(raw(&alice, method.clone(), &uri, "application/json", "{}")).await;
                        if res.status.is_client_error() {
                            assert!(res.body["code"].is_string() && res.body["message"].is_string(), "{method} {uri}: {} {}", res.status, res.text);
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 15, "checked {checked} cases");
        let res = app.send(raw(&alice, Method::GET, "/api/chat-history/%FF%FE", "application/json", "")).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
        let res = app.send(raw(&alice, Method::GET, "/api/file-app/v1/files?limit=ten", "application/json", "")).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
        assert!(res.body["message"].as_str().unwrap().contains("limit"), "{}", res.text);
    }
}
