//! A local web server for the tests: each path answers a canned reply (status, headers,
//! body bytes), so a test can speak a provider's JSON, serve a page, an image or a PDF,
//! redirect, or ask to wait. Requests are recorded.

use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpListener;
/// A request the fake received.
pub use waybill_testkit::fake_http::RawRequest as Seen;
use waybill_testkit::fake_http::read_request;

#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn new(status: u16, content_type: &str, body: impl Into<Vec<u8>>) -> Self {
        Self { status, headers: vec![("content-type".into(), content_type.into())], body: body.into() }
    }

    pub fn json(status: u16, body: &Value) -> Self {
        Self::new(status, "application/json", body.to_string())
    }

    pub fn html(body: &str) -> Self {
        Self::new(200, "text/html; charset=utf-8", body)
    }

    pub fn redirect(to: &str) -> Self {
        Self::new(302, "text/html", "").with("location", to)
    }

    pub fn with(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }
}

pub struct Fake {
    pub base_url: String,
    pub port: u16,
    routes: Arc<Mutex<Vec<(String, Reply)>>>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Fake {
    /// Serves `routes`: a request's path (without its query) answers the reply of the
    /// same path; any other path is a 404.
    pub async fn start(routes: Vec<(&str, Reply)>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let routes = Arc::new(Mutex::new(routes.into_iter().map(|(p, r)| (p.to_owned(), r)).collect::<Vec<_>>()));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (serving, recording) = (routes.clone(), seen.clone());
        tokio::spawn(async move {
            loop {
                let Ok((mut socket, _)) = listener.accept().await else { return };
                let (serving, recording) = (serving.clone(), recording.clone());
                tokio::spawn(async move {
                    let Some(request) = read_request(&mut socket).await else { return };
                    let path = request.path.split('?').next().unwrap_or_default().to_owned();
                    recording.lock().unwrap().push(request);
                    let reply = serving.lock().unwrap().iter().find(|(p, _)| *p == path).map(|(_, r)| r.clone());
                    let reply = reply.unwrap_or_else(|| Reply::new(404, "text/plain", "not found"));
                    let mut head = format!("HTTP/1.1 {} X\r\ncontent-length: {}\r\nconnection: close\r\n", reply.status, reply.body.len());
                    for (name, value) in &reply.headers {
                        head.push_str(&format!("{name}: {value}\r\n"));
                    }
                    head.push_str("\r\n");
                    if socket.write_all(head.as_bytes()).await.is_ok() {
                        socket.write_all(&reply.body).await.ok();
                    }
                    socket.shutdown().await.ok();
                });
            }
        });
        Self { base_url: format!("http://127.0.0.1:{port}"), port, routes, seen }
    }

    pub fn add(&self, path: &str, reply: Reply) {
        self.routes.lock().unwrap().push((path.to_owned(), reply));
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    pub fn last(&self) -> Seen {
        self.seen().last().cloned().expect("a request reached the server")
    }
}
