//! The file service end to end: upload (limits, names, types), the capability link
//! (works without a session, 404 when altered, ranges, safe headers), thumbnails and
//! watermarks really made, tenant and owner scoping, and deletion.

use crate::common;

use std::io::Cursor;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::{BOUNDARY, Session, TestApp, assert_error, multipart, upload, upload_request};
use serde_json::Value;
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;

async fn get(app: &TestApp, url: &str, range: Option<&str>) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let mut req = Request::builder().uri(url);
    if let Some(range) = range {
        req = req.header(header::RANGE, range);
    }
    let res = app.send(req.body(Body::empty()).unwrap()).await;
    (res.status, res.headers, res.text.into_bytes())
}

async fn get_bytes(app: &TestApp, url: &str) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let res = app.router.clone().oneshot(Request::builder().uri(url).body(Body::empty()).unwrap()).await.unwrap();
    let (status, headers) = (res.status(), res.headers().clone());
    (status, headers, res.into_body().collect().await.unwrap().to_bytes().to_vec())
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image).write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

fn data(res: &common::Response) -> &Value {
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    assert_eq!(res.body["success"], true, "{}", res.text);
    &res.body["data"]
}

backend_tests! {
    async fn an_upload_is_served_by_its_link_without_a_session_and_an_altered_link_is_404(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let csv = b"dock,door,eta\nD7,12,09:30\nD8,4,10:15\n";
        let res = upload(&app, &alice, "?filename=inbound.csv&operator=alice", "ignored.bin", "application/octet-stream", csv).await;
        let file = data(&res);
        assert_eq!(file["filename"], "inbound.csv", "the query's name wins over the part's");
        assert_eq!(file["mime_type"], "text/csv");
        assert_eq!(file["size"], csv.len());
        assert_eq!(res.body["msg"], "Upload succeeded");
        let url = file["non_expire_view_url"].as_str().unwrap();
        assert!(url.starts_with("/api/file-app/v1/file/view/") && url.ends_with("/inbound.csv"), "{url}");

        let (status, headers, body) = get(&app, url, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, csv);
        assert_eq!(headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
        assert_eq!(headers[header::CONTENT_DISPOSITION], "inline; filename=\"inbound.csv\"; filename*=UTF-8''inbound.csv");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap().contains("sandbox"));

        let (status, headers, body) = get(&app, url, Some("bytes=0-3")).await;
        assert_eq!((status, body.as_slice()), (StatusCode::PARTIAL_CONTENT, &b"dock"[..]));
        assert_eq!(headers[header::CONTENT_RANGE], format!("bytes 0-3/{}", csv.len()));
        let (status, _, _) = get(&app, url, Some("bytes=9999-")).await;
        assert_eq!(status, StatusCode::RANGE_NOT_SATISFIABLE);
        let (_, headers, _) = get(&app, &format!("{url}?download=1"), None).await;
        assert!(headers[header::CONTENT_DISPOSITION].to_str().unwrap().starts_with("attachment;"));

        let token = url.split('/').nth(6).unwrap();
        let mut altered = token.to_owned().into_bytes();
        altered[0] = if altered[0] == b'A' { b'B' } else { b'A' };
        let altered = String::from_utf8(altered).unwrap();
        for bad in [url.replace(token, &altered), url.replace(token, "short"), "/api/file-app/v1/file/view/../../waybill.db".into()] {
            let res = app.send(Request::builder().uri(&bad).body(Body::empty()).unwrap()).await;
            assert_eq!(res.status, StatusCode::NOT_FOUND, "{bad}: {}", res.text);
        }
        let bare = format!("/api/file-app/v1/file/view/{token}");
        assert_eq!(get(&app, &bare, None).await.2, csv, "the link works without the name too");
    }

    async fn images_get_a_real_thumbnail_and_watermark(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let original = png(800, 400);
        let res = upload(&app, &alice, "?filename=dock-7.png&operator=Yard%20Ops&add_watermark=true&create_thumbnail=true", "x.png", "image/png", &original).await;
        let file = data(&res).clone();
        assert_eq!(file["watermarked"], true);
        let (status, headers, marked) = get_bytes(&app, file["non_expire_view_url"].as_str().unwrap()).await;
        assert_eq!((status, headers[header::CONTENT_TYPE].to_str().unwrap()), (StatusCode::OK, "image/png"));
        let marked = image::load_from_memory(&marked).unwrap().to_rgb8();
        let before = image::load_from_memory(&original).unwrap().to_rgb8();
        assert_eq!(marked.dimensions(), (800, 400));
        let changed = marked.pixels().zip(before.pixels()).filter(|(a, b)| a != b).count();
        assert!(changed > 800 * 400 / 50, "the watermark changed {changed} pixels");
        assert_ne!(marked.as_raw(), before.as_raw(), "the served image is not the original");

        let (status, headers, thumb) = get_bytes(&app, file["thumbnail_url"].as_str().unwrap()).await;
        assert_eq!((status, headers[header::CONTENT_TYPE].to_str().unwrap()), (StatusCode::OK, "image/jpeg"));
        let thumb = image::load_from_memory(&thumb).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (256, 128));

        // Without the flags an image is stored as sent; a non-image ignores them.
        let res = upload(&app, &alice, "", "plain.png", "image/png", &original).await;
        let plain = data(&res);
        assert_eq!((plain["watermarked"].as_bool(), plain.get("thumbnail_url")), (Some(false), None));
        assert_eq!(get_bytes(&app, plain["non_expire_view_url"].as_str().unwrap()).await.2, original);
        let res = upload(&app, &alice, "?add_watermark=true&create_thumbnail=true", "notes.txt", "text/plain", b"hello").await;
        assert_eq!(data(&res)["watermarked"], false);

        // An image that does not decode cannot be watermarked: refused, nothing kept.
        let res = upload(&app, &alice, "?add_watermark=true", "broken.png", "image/png", b"\x89PNG\r\n\x1a\nnot really").await;
        assert_error(&res, StatusCode::UNPROCESSABLE_ENTITY, "unprocessable");
        let list = app.call(Method::GET, "/api/file-app/v1/files", Some(&alice), None).await;
        assert!(!list.text.contains("broken.png"), "{}", list.text);
    }

    async fn html_and_svg_download_and_hostile_names_are_cleaned(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let page = b"<html><script>alert(document.cookie)</script></html>";
        let name = "..%2F..%2Fetc%2Fevil%E2%80%AEgnp.html";
        let res = upload(&app, &alice, &format!("?filename={name}"), "x", "image/png", page).await;
        let file = data(&res).clone();
        assert_eq!(file["filename"], "evilgnp.html", "separators and the direction override are gone");
        assert_eq!(file["mime_type"], "text/html", "the type follows the name, not the declared type");
        let (_, headers, body) = get(&app, file["non_expire_view_url"].as_str().unwrap(), None).await;
        assert_eq!(body, page);
        assert!(headers[header::CONTENT_DISPOSITION].to_str().unwrap().starts_with("attachment; filename=\"evilgnp.html\""));
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap().contains("sandbox"));

        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>"#;
        let res = upload(&app, &alice, "", "badge.svg", "image/svg+xml", svg).await;
        let (_, headers, _) = get(&app, data(&res)["non_expire_view_url"].as_str().unwrap(), None).await;
        assert_eq!(headers[header::CONTENT_TYPE], "image/svg+xml");
        assert!(headers[header::CONTENT_DISPOSITION].to_str().unwrap().starts_with("attachment;"));

        let res = upload(&app, &alice, "", "manual.pdf", "application/pdf", b"%PDF-1.7\n%%EOF").await;
        let (_, headers, _) = get(&app, data(&res)["non_expire_view_url"].as_str().unwrap(), None).await;
        assert!(headers[header::CONTENT_DISPOSITION].to_str().unwrap().starts_with("inline;"));
        assert!(!headers.contains_key(header::CONTENT_SECURITY_POLICY), "the PDF viewer cannot run sandboxed");
    }

    async fn uploads_over_100_mb_are_refused_while_streaming_and_leave_nothing(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        // No length announced: the server counts while it streams and stops at the limit.
        let head = multipart("huge.bin", "application/octet-stream", b"");
        let tail_at = head.len() - format!("\r\n--{BOUNDARY}--\r\n").len();
        let (start, end) = (head[..tail_at].to_vec(), head[tail_at..].to_vec());
        let chunk = vec![b'x'; 1024 * 1024];
        let chunks = std::iter::once(start).chain(std::iter::repeat_n(chunk, 101)).chain(std::iter::once(end));
        let body = Body::from_stream(futures::stream::iter(chunks.map(Ok::<_, std::io::Error>)));
        let res = app.send(upload_request(Some(&alice), "", body)).await;
        assert_error(&res, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
        assert!(res.body["message"].as_str().unwrap().contains("100 MB"), "{}", res.text);

        // A declared length over the limit is refused before the body is read.
        let req = Request::builder()
            .method(Method::POST)
            .uri("/api/file-app/v1/file/upload")
            .header(header::AUTHORIZATION, format!("Bearer {}", alice.access))
            .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
            .header(header::CONTENT_LENGTH, (200u64 * 1024 * 1024).to_string())
            .body(Body::empty())
            .unwrap();
        assert_error(&app.send(req).await, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");

        let list = app.call(Method::GET, "/api/file-app/v1/files", Some(&alice), None).await;
        assert_eq!(list.body, serde_json::json!([]));
        let stored = walk(&app.state.config.data_dir.join("files"));
        assert!(stored.is_empty(), "no blob was left behind: {stored:?}");
    }

    async fn bad_uploads_get_clear_errors(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let no_file = format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nx\r\n--{BOUNDARY}--\r\n");
        let res = app.send(upload_request(Some(&alice), "", Body::from(no_file))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
        assert!(res.text.contains("`file`"), "{}", res.text);
        let res = app.send(upload_request(Some(&alice), "", Body::from("--nonsense"))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
        let res = app.call(Method::POST, "/api/file-app/v1/file/upload", Some(&alice), Some(serde_json::json!({"file": "x"}))).await;
        assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
        let res = upload(&app, &alice, "?add_watermark=maybe", "a.txt", "text/plain", b"x").await;
        assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
        let res = app.send(upload_request(None, "", Body::from(multipart("a.txt", "text/plain", b"x")))).await;
        assert_error(&res, StatusCode::UNAUTHORIZED, "unauthorized");
        let foreign = Session { tenant: "t2".into(), ..alice.clone() };
        let res = upload(&app, &foreign, "", "a.txt", "text/plain", b"x").await;
        assert_error(&res, StatusCode::FORBIDDEN, "forbidden");
    }

    async fn files_belong_to_their_owner_and_tenant(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let carol = app.login("carol@t2.test").await;
        // The spec's client sends only the bearer token and the tenant: the facility defaults.
        let res = upload(&app, &alice, "", "manifest.csv", "text/csv", b"a,b\n1,2\n").await;
        let file = data(&res).clone();
        let id = file["id"].as_str().unwrap();
        let link = file["non_expire_view_url"].as_str().unwrap();

        let mine = app.call(Method::GET, "/api/file-app/v1/files", Some(&alice), None).await;
        assert_eq!(mine.body[0]["id"], id);
        assert_eq!(mine.body[0]["fileName"], "manifest.csv");
        assert_eq!(mine.body[0]["viewUrl"], link);
        let info = app.call(Method::GET, &format!("/api/file-app/v1/file/{id}"), Some(&alice), None).await;
        assert_eq!((info.status, info.body["size"].as_i64()), (StatusCode::OK, Some(8)));

        for other in [&bob, &carol] {
            let listed = app.call(Method::GET, "/api/file-app/v1/files", Some(other), None).await;
            assert_eq!(listed.body, serde_json::json!([]), "{}", listed.text);
            for method in [Method::GET, Method::DELETE] {
                let res = app.call(method, &format!("/api/file-app/v1/file/{id}"), Some(other), None).await;
                let missing = app.call(Method::GET, "/api/file-app/v1/file/no-such-file", Some(other), None).await;
                assert_error(&res, StatusCode::NOT_FOUND, "not_found");
                assert_eq!(res.text, missing.text, "another's file looks exactly like a missing one");
            }
        }
        assert_eq!(get(&app, link, None).await.0, StatusCode::OK, "nobody else's delete touched it");

        let res = app.call(Method::DELETE, &format!("/api/file-app/v1/file/{id}"), Some(&alice), None).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT);
        assert_eq!(get(&app, link, None).await.0, StatusCode::NOT_FOUND, "the link dies with the file");
        assert!(walk(&app.state.config.data_dir.join("files")).is_empty(), "the blob is gone");
        let res = app.call(Method::DELETE, &format!("/api/file-app/v1/file/{id}"), Some(&alice), None).await;
        assert_error(&res, StatusCode::NOT_FOUND, "not_found");
    }

    async fn the_display_file_tool_opens_a_stored_file_from_the_chat(store) {
        let app = TestApp::configured(store, Config { tools: no_network_tools(), ..Config::default() }).await;
        let alice = app.login("alice@t1.test").await;
        let res = upload(&app, &alice, "", "manifest.csv", "text/csv", b"sku,qty\nA1,4\n").await;
        let uploaded = data(&res).clone();
        let body = serde_json::json!({"id": "c-show", "model": "waybill-offline", "messages": [common::user_message("u1", "Please show the file manifest.csv")]});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(body)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let output = res.text.split("\n\n").filter_map(|f| f.strip_prefix("data: ")).filter_map(|d| serde_json::from_str::<Value>(d).ok())
            .find(|c| c["type"] == "tool-output-available").expect("the tool answered");
        let props = &output["output"]["artifact"]["props"];
        assert_eq!(output["output"]["artifact"]["type"], "file-display");
        assert_eq!(props["fileId"], uploaded["id"]);
        assert_eq!((props["fileName"].as_str(), props["fileType"].as_str(), props["canPreview"].as_bool()), (Some("manifest.csv"), Some("csv"), Some(true)));
        assert_eq!(props["previewUrl"], uploaded["non_expire_view_url"]);

        // Carol cannot reach alice's file by name.
        let carol = app.login("carol@t2.test").await;
        let body = serde_json::json!({"id": "c-peek", "model": "waybill-offline", "messages": [common::user_message("u1", "show file manifest.csv")]});
        let res = app.call(Method::POST, "/api/chat", Some(&carol), Some(body)).await;
        assert!(res.text.contains("tool-output-error") && res.text.contains("No file \\\"manifest.csv\\\" was found"), "{}", res.text);
    }
}

/// Tools that need no network, so these tests never reach out.
fn no_network_tools() -> serde_json::Map<String, serde_json::Value> {
    serde_json::json!({"weather": {"enabled": false}}).as_object().cloned().unwrap_or_default()
}

/// Every file under `dir`.
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() { found.extend(walk(&path)) } else { found.push(path) }
        }
    }
    found
}
