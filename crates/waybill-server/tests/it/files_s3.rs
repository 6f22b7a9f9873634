//! The file service on an S3-compatible bucket: the same upload, view, range and delete
//! paths as on the local folder, against a fake S3 that speaks S3's REST wire format
//! (path-style objects, ranged GETs, multipart uploads with their XML bodies).

use crate::common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use common::TestApp;
use waybill_server::config::{Config, S3Config, Secret};
use waybill_server::waybill_store::backend_tests;

const BUCKET: &str = "waybill-files";

#[derive(Default)]
struct Bucket {
    objects: HashMap<String, Vec<u8>>,
    /// Multipart uploads in progress: upload id → parts by number.
    uploads: HashMap<String, (String, HashMap<u32, Vec<u8>>)>,
    next_upload: u32,
}

type Shared = Arc<Mutex<Bucket>>;

fn xml(body: String) -> Response {
    ([(header::CONTENT_TYPE, "application/xml")], body).into_response()
}

fn etag(bytes: &[u8]) -> String {
    format!("\"{:x}\"", bytes.iter().fold(0xcbf29ce484222325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x100000001b3)))
}

fn no_such_key(key: &str) -> Response {
    let body = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>{key}</Key></Error>"
    );
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "application/xml")], body).into_response()
}

async fn object(
    State(bucket): State<Shared>,
    method: Method,
    Path((name, key)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    assert_eq!(name, BUCKET, "path-style addressing names the bucket first");
    let mut b = bucket.lock().unwrap();
    match (method, query.get("uploadId"), query.contains_key("uploads")) {
        (Method::POST, None, true) => {
            b.next_upload += 1;
            let id = format!("upload-{}", b.next_upload);
            b.uploads.insert(id.clone(), (key.clone(), HashMap::new()));
            xml(format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><InitiateMultipartUploadResult><Bucket>{BUCKET}</Bucket><Key>{key}</Key><UploadId>{id}</UploadId></InitiateMultipartUploadResult>"
            ))
        }
        (Method::PUT, Some(id), _) => {
            let number: u32 = query["partNumber"].parse().unwrap();
            let tag = etag(&body);
            b.uploads.get_mut(id).expect("a known upload").1.insert(number, body.to_vec());
            ([(header::ETAG, tag)], "").into_response()
        }
        (Method::POST, Some(id), _) => {
            let (upload_key, mut parts) = b.uploads.remove(id).expect("a known upload");
            let mut numbers: Vec<u32> = parts.keys().copied().collect();
            numbers.sort();
            let whole: Vec<u8> = numbers.iter().flat_map(|n| parts.remove(n).unwrap()).collect();
            let tag = etag(&whole);
            b.objects.insert(upload_key.clone(), whole);
            xml(format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><CompleteMultipartUploadResult><Location>http://s3/{BUCKET}/{upload_key}</Location><Bucket>{BUCKET}</Bucket><Key>{upload_key}</Key><ETag>{tag}</ETag></CompleteMultipartUploadResult>"
            ))
        }
        (Method::DELETE, Some(id), _) => {
            b.uploads.remove(id);
            StatusCode::NO_CONTENT.into_response()
        }
        (Method::PUT, None, false) => {
            let tag = etag(&body);
            b.objects.insert(key, body.to_vec());
            ([(header::ETAG, tag)], "").into_response()
        }
        (Method::DELETE, None, false) => {
            b.objects.remove(&key);
            StatusCode::NO_CONTENT.into_response()
        }
        (Method::GET | Method::HEAD, None, false) => {
            let Some(data) = b.objects.get(&key) else { return no_such_key(&key) };
            let common = [(header::ETAG, etag(data)), (header::LAST_MODIFIED, "Sun, 22 Nov 2026 10:00:00 GMT".to_owned())];
            let range = headers.get(header::RANGE).and_then(|v| v.to_str().ok()).and_then(|r| r.strip_prefix("bytes=")).and_then(|r| r.split_once('-'));
            match range {
                Some((start, end)) => {
                    let start: usize = start.parse().unwrap();
                    let end: usize = end.parse::<usize>().unwrap().min(data.len() - 1);
                    let slice = data[start..=end].to_vec();
                    let content_range = format!("bytes {start}-{end}/{}", data.len());
                    (StatusCode::PARTIAL_CONTENT, common, [(header::CONTENT_RANGE, content_range)], slice).into_response()
                }
                None => (common, data.clone()).into_response(),
            }
        }
        other => panic!("the fake S3 does not expect {other:?}"),
    }
}

/// `POST /{bucket}?delete`: S3's DeleteObjects, which the client uses for every delete.
async fn delete_objects(State(bucket): State<Shared>, Path(name): Path<String>, Query(query): Query<HashMap<String, String>>, body: String) -> Response {
    assert_eq!(name, BUCKET);
    assert!(query.contains_key("delete"), "a bucket-level POST is DeleteObjects");
    let mut b = bucket.lock().unwrap();
    let deleted: String = body
        .split("<Key>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</Key>"))
        .map(|(key, _)| {
            b.objects.remove(key);
            format!("<Deleted><Key>{key}</Key></Deleted>")
        })
        .collect();
    xml(format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?><DeleteResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">{deleted}</DeleteResult>"))
}

async fn fake_s3() -> (String, Shared) {
    let bucket = Shared::default();
    let app =
        Router::new().route("/{bucket}", axum::routing::post(delete_objects)).route("/{bucket}/{*key}", axum::routing::any(object)).with_state(bucket.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, bucket)
}

backend_tests! {
    async fn uploads_live_in_the_bucket_and_are_served_and_deleted_from_it(store) {
        let (endpoint, bucket) = fake_s3().await;
        let mut config = Config::default();
        config.files.s3 = Some(S3Config {
            bucket: BUCKET.into(),
            endpoint: Some(endpoint),
            region: "us-east-1".into(),
            access_key_id: "AKIDEXAMPLE".into(),
            secret_access_key: Secret::new("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        });
        let app = TestApp::configured(store, config).await;
        let alice = app.login("alice@t1.test").await;
        let content: Vec<u8> = (0..20_000u32).flat_map(|i| format!("{i},").into_bytes()).collect();
        let form = b"--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"counts.csv\"\r\nContent-Type: text/csv\r\n\r\n".to_vec();
        let body = [form, content.clone(), b"\r\n--B--\r\n".to_vec()].concat();
        let req = Request::builder()
            .method(Method::POST)
            .uri("/api/file-app/v1/file/upload")
            .header(header::AUTHORIZATION, format!("Bearer {}", alice.access))
            .header(header::CONTENT_TYPE, "multipart/form-data; boundary=B")
            .body(Body::from(body))
            .unwrap();
        let res = app.send(req).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let id = res.body["data"]["id"].as_str().unwrap().to_owned();
        let link = res.body["data"]["non_expire_view_url"].as_str().unwrap().to_owned();
        {
            let b = bucket.lock().unwrap();
            assert_eq!(b.objects.len(), 1, "one object in the bucket");
            let (key, stored) = b.objects.iter().next().unwrap();
            assert_eq!(key, &format!("tenants/t1/files/{id}"));
            assert_eq!(stored, &content);
            assert!(b.uploads.is_empty(), "the multipart upload was completed");
        }

        let whole = app.send(Request::builder().uri(&link).body(Body::empty()).unwrap()).await;
        assert_eq!((whole.status, whole.text.as_bytes()), (StatusCode::OK, content.as_slice()));
        let part = app.send(Request::builder().uri(&link).header(header::RANGE, "bytes=10-19").body(Body::empty()).unwrap()).await;
        assert_eq!((part.status, part.text.as_bytes()), (StatusCode::PARTIAL_CONTENT, &content[10..20]));

        let res = app.call(Method::DELETE, &format!("/api/file-app/v1/file/{id}"), Some(&alice), None).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT);
        assert!(bucket.lock().unwrap().objects.is_empty(), "the object left the bucket");
    }
}
