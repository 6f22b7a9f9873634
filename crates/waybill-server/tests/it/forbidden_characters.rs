//! NUL characters and lone surrogates, on SQLite and PostgreSQL alike: whatever route
//! they are sent to — in an id in the path, in the query, in a JSON string (a memory, a
//! knowledge base's name, a chat's title or message, a canned reply, a tracker issue, a
//! JQL search, a live-agent message), in a multipart upload — the answer is a 400 in the
//! route group's own error shape, never a 500, and nothing is stored.

use crate::common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::{Session, TestApp, assert_error, user_message};
use serde_json::{Value, json};
use waybill_server::waybill_store::{MemberUpdate, backend_tests};

/// Alice, admin and live agent of t1, signed in.
async fn alice(app: &TestApp) -> Session {
    let id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
    let update = MemberUpdate { is_admin: Some(true), is_agent: Some(true), suspended: None, facilities: None };
    app.state.store.update_member("t1", &id, &update).await.unwrap().unwrap();
    app.login("alice@t1.test").await
}

fn request(session: &Session, method: Method, uri: &str, content_type: &str, body: impl Into<Body>) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(header::AUTHORIZATION, format!("Bearer {}", session.access))
        .header("x-tenant-id", &session.tenant)
        .header("x-facility-id", &session.facility)
        .header(header::CONTENT_TYPE, content_type)
        .body(body.into())
        .unwrap()
}

/// Which error shape a path's group answers in.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Shape {
    /// `{code, message}`.
    Api,
    /// The messaging service's `{code, msg}`.
    Messaging,
    /// Jira's `{errorMessages, errors}`.
    Jira,
}

fn shape_of(path: &str) -> Shape {
    if path.starts_with("/app-api/") {
        Shape::Messaging
    } else if path.starts_with("/tracker/rest/") {
        Shape::Jira
    } else {
        Shape::Api
    }
}

/// A 400 in the group's shape, saying what is wrong.
fn assert_refused(res: &common::Response, path: &str, code: &str, what: &str) {
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{what}: {}", res.text);
    let message = match shape_of(path) {
        Shape::Api => {
            assert_error(res, StatusCode::BAD_REQUEST, code);
            res.body["message"].as_str().unwrap().to_owned()
        }
        Shape::Messaging => {
            assert_eq!(res.body["code"], 400, "{what}: {}", res.text);
            res.body["msg"].as_str().unwrap_or_else(|| panic!("{what}: {}", res.text)).to_owned()
        }
        Shape::Jira => res.body["errorMessages"][0].as_str().unwrap_or_else(|| panic!("{what}: not Jira's body: {}", res.text)).to_owned(),
    };
    assert!(message.contains("NUL") || message.contains("surrogate"), "{what}: the message says why: {message}");
}

/// A JSON body with `poison` in place of the string `"@"`: a `\u0000` escape, a lone
/// surrogate's escape, or a NUL byte as such.
fn poisoned(body: &Value, poison: &str) -> String {
    let text = body.to_string();
    assert!(text.contains("\"@\""), "{text}");
    text.replace("\"@\"", &format!("\"dock{poison}7\""))
}

const POISONS: [(&str, &str); 4] =
    [("a \\u0000 escape", "\\u0000"), ("a NUL byte", "\u{0}"), ("a lone high surrogate", "\\ud800"), ("a lone low surrogate", "\\uDC00 and more")];

/// The messaging service's access token for a Waybill session.
async fn messaging_token(app: &TestApp, session: &Session) -> String {
    let req = Request::post("/app-api/iam/login/0")
        .header(header::AUTHORIZATION, format!("Bearer {}", session.access))
        .header("x-tenant-id", &session.tenant)
        .body(Body::empty())
        .unwrap();
    let res = app.send(req).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["data"]["accessToken"].as_str().unwrap().to_owned()
}

backend_tests! {
    async fn a_nul_in_any_id_or_query_value_is_a_400_in_the_routes_own_shape(store) {
        let app = TestApp::new(store).await;
        let alice = alice(&app).await;
        let doc = app.call(Method::GET, "/api/openapi.json", None, None).await.body;
        let mut checked = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let method: Method = method.to_uppercase().parse().unwrap();
                if path.contains('{') {
                    for (what, bad) in [("%00", "dock%007"), ("an encoded surrogate", "dock%ED%A0%807")] {
                        let uri = path.split('/').map(|s| if s.starts_with('{') { bad } else { s }).collect::<Vec<_>>().join("/");
                        let res = app.send(request(&alice, method.clone(), &uri, "application/json", "{}")).await;
                        assert_refused(&res, path, "bad_request", &format!("{method} {uri} ({what})"));
                        checked += 1;
                    }
                }
                let concrete = path.split('/').map(|s| if s.starts_with('{') { "some-id" } else { s }).collect::<Vec<_>>().join("/");
                for param in op["parameters"].as_array().into_iter().flatten().filter(|p| p["in"] == "query") {
                    let uri = format!("{concrete}?{}=dock%007", param["name"].as_str().unwrap());
                    let res = app.send(request(&alice, method.clone(), &uri, "application/json", "{}")).await;
                    assert_refused(&res, path, "bad_request", &format!("{method} {uri}"));
                    checked += 1;
                }
            }
        }
        assert!(checked > 60, "checked {checked} requests");
        // Routes the document leaves out: the tracker's Jira API, JQL included, the sockets, pages.
        for uri in [
            "/tracker/rest/api/2/issue/OPS-1%00",
            "/tracker/rest/api/2/search?jql=project%20%3D%20OPS%00",
            "/tracker/rest/api/2/search?jql=text%20~%20%22%ED%B0%80%22",
            "/tracker/rest/api/2/user/assignable/search?username=%00",
            "/api/events/ws?tenant=t1%00",
            "/app-api/customer/server/close/s%00",
            "/d/%00",
            "/chat/%00",
        ] {
            let res = app.send(request(&alice, Method::GET, uri, "application/json", "")).await;
            assert_refused(&res, uri, "bad_request", uri);
        }
        // Text around them is fine: an escaped percent sign, and real characters.
        let res = app.send(request(&alice, Method::GET, "/api/memories?q=50%2500%20off%20%E4%B8%AD", "application/json", "")).await;
        assert_ne!(res.status, StatusCode::BAD_REQUEST, "{}", res.text);
        assert!(res.status.is_success(), "{}", res.text);
    }

    async fn a_nul_or_a_lone_surrogate_in_a_json_string_is_a_400_and_nothing_is_stored(store) {
        let app = TestApp::new(store).await;
        let tracker = waybill_tracker::builtin::BuiltIn::new(app.state.store.clone());
        waybill_tracker::builtin::seed::seed(&tracker, "t1", jiff::Timestamp::now().as_millisecond()).await.unwrap();
        let alice = alice(&app).await;
        let chat = app.call(Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": [user_message("m1", "hello")], "model": "m"}))).await;
        let chat = chat.body["id"].as_str().unwrap().to_owned();
        let token = messaging_token(&app, &alice).await;
        let session = app.send(Request::post("/app-api/customer/server/pool").header("accessToken", &token).header(header::CONTENT_TYPE, "application/json").body(Body::from(json!({"status": "1"}).to_string())).unwrap()).await;
        let session_id = session.body["data"]["data"]["sessionId"].as_str().unwrap_or_else(|| panic!("{}", session.text)).to_owned();
        let issues_before = app.call(Method::GET, "/tracker/rest/api/2/search?jql=project%20%3D%20OPS", Some(&alice), None).await.body["total"].clone();

        let cases: Vec<(Method, String, Value, &str)> = vec![
            (Method::POST, "/api/memories".into(), json!({"memory": "@"}), "invalid_body"),
            (Method::POST, "/api/knowledge-bases".into(), json!({"name": "@"}), "invalid_body"),
            (Method::POST, "/api/chat-history".into(), json!({"messages": [], "model": "m", "title": "@"}), "invalid_body"),
            (Method::PATCH, format!("/api/chat-history/{chat}"), json!({"title": "@"}), "invalid_body"),
            (Method::PUT, format!("/api/chat-history/{chat}"), json!({"messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": "@"}]}], "model": "m"}), "invalid_body"),
            (Method::POST, "/api/chat".into(), json!({"id": "c-nul", "model": "waybill-offline", "messages": [{"id": "u1", "role": "user", "parts": [{"type": "text", "text": "@"}]}]}), "invalid_body"),
            (Method::POST, "/api/desk/canned".into(), json!({"title": "@", "text": "On my way"}), "invalid_body"),
            (Method::POST, "/tracker/rest/api/2/issue".into(), json!({"fields": {"project": {"key": "OPS"}, "issuetype": {"name": "Task"}, "summary": "@"}}), ""),
            (Method::POST, "/tracker/rest/api/2/search".into(), json!({"jql": "@"}), ""),
            (Method::POST, "/tracker/rest/api/2/issue/OPS-1/comment".into(), json!({"body": "@"}), ""),
        ];
        for (method, path, body, code) in &cases {
            for (what, poison) in POISONS {
                let res = app.send(request(&alice, method.clone(), path, "application/json", poisoned(body, poison))).await;
                assert_refused(&res, path, code, &format!("{method} {path} with {what}"));
                if path.starts_with("/api/") {
                    // `+json` types and bodies sent as text are read the same way.
                    let res = app.send(request(&alice, method.clone(), path, "application/merge-patch+json", poisoned(body, poison))).await;
                    assert_refused(&res, path, code, &format!("{method} {path} with {what} as +json"));
                }
            }
        }
        // The messaging service answers in its own envelope.
        for (what, poison) in POISONS {
            let body = poisoned(&json!({"sessionId": session_id, "content": "@", "type": 0}), poison);
            let req = Request::post("/app-api/customer/server/message").header("accessToken", &token).header(header::CONTENT_TYPE, "application/json").body(Body::from(body)).unwrap();
            let res = app.send(req).await;
            assert_refused(&res, "/app-api/customer/server/message", "", what);
        }
        // The Jira API reads a body whatever its declared type: text is checked as JSON too.
        let res = app.send(request(&alice, Method::POST, "/tracker/rest/api/2/search", "text/plain", poisoned(&json!({"jql": "@"}), "\\u0000"))).await;
        assert_refused(&res, "/tracker/rest/api/2/search", "", "JQL sent as text/plain");

        // Nothing was stored.
        assert_eq!(app.call(Method::GET, "/api/memories", Some(&alice), None).await.body["total"], 0);
        let bases = app.call(Method::GET, "/api/knowledge-bases", Some(&alice), None).await;
        assert!(!bases.text.contains("dock"), "{}", bases.text);
        let chats = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(chats.body.as_array().unwrap().len(), 1, "{}", chats.text);
        assert_eq!(chats.body[0]["title"], "hello");
        let loaded = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(&alice), None).await;
        assert_eq!(loaded.body["messages"][0]["parts"][0]["text"], "hello");
        assert!(app.call(Method::GET, "/api/desk/canned", Some(&alice), None).await.body.as_array().unwrap().is_empty());
        assert_eq!(app.call(Method::GET, "/tracker/rest/api/2/search?jql=project%20%3D%20OPS", Some(&alice), None).await.body["total"], issues_before);
        let comments = app.call(Method::GET, "/tracker/rest/api/2/issue/OPS-1/comment", Some(&alice), None).await;
        assert!(!comments.text.contains("dock"), "{}", comments.text);
        let polled = app.send(Request::post("/app-api/customer/server/pool").header("accessToken", &token).header(header::CONTENT_TYPE, "application/json").body(Body::from(json!({"status": "2", "sessionId": session_id}).to_string())).unwrap()).await;
        assert!(!polled.text.contains("dock"), "{}", polled.text);

        // What is not forbidden still passes: a surrogate pair, other escapes, a backslash before the letters.
        let fine = r#"{"memory": "Truck \ud83d\ude9a at door \u0037 — not \\u0000 but text"}"#;
        let res = app.send(request(&alice, Method::POST, "/api/memories", "application/json", fine)).await;
        assert!(res.status.is_success(), "{}", res.text);
        let listed = app.call(Method::GET, "/api/memories", Some(&alice), None).await;
        assert_eq!(listed.body["memories"][0]["memory"], "Truck \u{1F69A} at door 7 — not \\u0000 but text", "{}", listed.text);
    }

    async fn multipart_uploads_with_nul_in_their_names_never_fail_the_server(store) {
        let app = TestApp::new(store).await;
        let alice = alice(&app).await;
        let text = b"aisle 4\n";
        // The name in the query: refused like any query value.
        let res = common::upload(&app, &alice, "?filename=dock%00.txt", "dock.txt", "text/plain", text).await;
        assert_refused(&res, "/api/file-app/v1/file/upload", "bad_request", "a NUL in the filename query");
        // The name in the form's own headers: a NUL byte, and a NUL percent-encoded in filename*.
        let raw = format!(
            "--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"dock\u{0}.txt\"\r\nContent-Type: text/plain\r\n\r\naisle 4\r\n--{b}--\r\n",
            b = common::BOUNDARY
        );
        let encoded = format!(
            "--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename*=UTF-8''dock%00.txt\r\nContent-Type: text/plain\r\n\r\naisle 4\r\n--{b}--\r\n",
            b = common::BOUNDARY
        );
        for (what, body) in [("a NUL byte", raw), ("filename*", encoded)] {
            let res = app.send(common::upload_request(Some(&alice), "", Body::from(body))).await;
            assert!(res.status == StatusCode::OK || res.status == StatusCode::BAD_REQUEST, "{what}: {} {}", res.status, res.text);
            if res.status == StatusCode::OK {
                let name = res.body["data"]["filename"].as_str().unwrap();
                assert!(!name.contains('\0'), "{what}: stored as {name:?}");
            } else {
                assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
            }
        }
        // The file's own bytes are the file's: a NUL in them is kept.
        let res = common::upload(&app, &alice, "", "blob.bin", "application/octet-stream", b"\x00\x01\x02 \\u0000").await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!(res.body["data"]["size"], 10);
    }
}
