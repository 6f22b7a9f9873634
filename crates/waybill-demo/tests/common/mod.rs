//! Drives the demo's router in-process.
#![allow(dead_code)]

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use serde_json::Value;
use tower::ServiceExt;
use waybill_demo::{Demo, DemoConfig, System, TENANT};

pub const ONTARIO: &str = "dc-ontario";
pub const SAVANNAH: &str = "xdock-savannah";

pub struct Client {
    pub demo: Demo,
    pub router: Router,
}

impl Client {
    pub async fn new() -> Client {
        Client::with(Demo::open_in_memory(DemoConfig::default()).await.expect("the demo opens")).await
    }

    pub async fn with(demo: Demo) -> Client {
        let router = demo.router();
        Client { demo, router }
    }

    /// A request with the system's token, the demo tenant and `facility`.
    pub fn request(&self, system: System, method: Method, path: &str, facility: Option<&str>, body: Option<&Value>) -> Request<Body> {
        let mut builder = Request::builder()
            .method(method)
            .uri(format!("/demo/{system}{path}"))
            .header(header::AUTHORIZATION, format!("Bearer {}", self.demo.token(system)))
            .header("x-tenant-id", TENANT);
        if let Some(facility) = facility {
            builder = builder.header("x-facility-id", facility);
        }
        match body {
            Some(body) => builder.header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())).unwrap(),
            None => builder.body(Body::empty()).unwrap(),
        }
    }

    pub async fn send(&self, request: Request<Body>) -> (StatusCode, Value) {
        let response = self.router.clone().oneshot(request).await.expect("the router answers");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 64 * 1024 * 1024).await.expect("the body reads");
        let value = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or_else(|_| panic!("JSON body, got {:?}", String::from_utf8_lossy(&bytes)))
        };
        (status, value)
    }

    pub async fn call(&self, system: System, method: Method, path: &str, facility: Option<&str>, body: Option<&Value>) -> (StatusCode, Value) {
        self.send(self.request(system, method, path, facility, body)).await
    }

    /// A GET that must answer 200.
    pub async fn get(&self, system: System, path: &str, facility: Option<&str>) -> Value {
        let (status, body) = self.call(system, Method::GET, path, facility, None).await;
        assert_eq!(status, StatusCode::OK, "GET {path}: {body}");
        body
    }

    /// A POST, PATCH or PUT that must answer `expected`.
    pub async fn write(&self, system: System, method: Method, path: &str, facility: &str, body: &Value, expected: StatusCode) -> Value {
        let (status, answer) = self.call(system, method.clone(), path, Some(facility), Some(body)).await;
        assert_eq!(status, expected, "{method} {path}: {answer}");
        answer
    }
}

/// The error code of an error body.
pub fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_else(|| panic!("an error body, got {body}"))
}

/// A fresh folder under the system's temporary directory.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("waybill-demo-{name}-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rand_suffix() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64
}
