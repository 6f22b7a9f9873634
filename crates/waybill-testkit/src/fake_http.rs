//! A local fake HTTP server for tests of adapters to outside services. It answers each request with
//! the next canned response (the last one repeats), written as a chunked body one piece
//! at a time, so a test can stream a provider's exact wire format, return its error
//! bodies, or cut the connection mid-stream. Requests are recorded for assertions on
//! what the adapter sent.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

#[derive(Debug, Clone)]
pub struct Canned {
    pub status: u16,
    pub content_type: &'static str,
    pub chunks: Vec<String>,
    /// Close the connection after the chunks without ending the body.
    pub drop_after: bool,
}

impl Canned {
    /// A `text/event-stream` answer, one chunk per item.
    pub fn sse(chunks: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Self { status: 200, content_type: "text/event-stream", chunks: chunks.into_iter().map(Into::into).collect(), drop_after: false }
    }

    pub fn json(status: u16, body: &str) -> Self {
        Self { status, content_type: "application/json", chunks: vec![body.to_owned()], drop_after: false }
    }

    pub fn dropped(mut self) -> Self {
        self.drop_after = true;
        self
    }
}

#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

pub struct FakeServer {
    pub base_url: String,
    pub requests: Arc<Mutex<Vec<Recorded>>>,
}

impl FakeServer {
    pub async fn start(responses: Vec<Canned>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base_url = format!("http://{}", listener.local_addr().expect("addr"));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let recorded = requests.clone();
        tokio::spawn(async move {
            let mut served = 0usize;
            loop {
                let Ok((mut socket, _)) = listener.accept().await else { return };
                let canned = responses[served.min(responses.len() - 1)].clone();
                served += 1;
                let recorded = recorded.clone();
                tokio::spawn(async move {
                    let Some(raw) = read_request(&mut socket).await else { return };
                    let body = raw.json();
                    recorded.lock().unwrap().push(Recorded { method: raw.method, path: raw.path, headers: raw.headers, body });
                    let head = format!(
                        "HTTP/1.1 {} X\r\ncontent-type: {}\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n",
                        canned.status, canned.content_type
                    );
                    if socket.write_all(head.as_bytes()).await.is_err() {
                        return;
                    }
                    for chunk in &canned.chunks {
                        let framed = format!("{:x}\r\n{chunk}\r\n", chunk.len());
                        if socket.write_all(framed.as_bytes()).await.is_err() {
                            return;
                        }
                        socket.flush().await.ok();
                        tokio::time::sleep(Duration::from_millis(2)).await;
                    }
                    if !canned.drop_after {
                        socket.write_all(b"0\r\n\r\n").await.ok();
                    }
                    socket.shutdown().await.ok();
                });
            }
        });
        Self { base_url, requests }
    }

    pub fn last_request(&self) -> Recorded {
        self.requests.lock().unwrap().last().cloned().expect("a request was made")
    }
}

/// A request as it came: the path keeps its query, header names are lower-cased.
#[derive(Debug, Clone)]
pub struct RawRequest {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl RawRequest {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The body as JSON (null when it is not).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

/// Reads one HTTP/1.1 request (its head, then as much body as `content-length` says).
pub async fn read_request(socket: &mut tokio::net::TcpStream) -> Option<RawRequest> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        let n = socket.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_owned();
    let path = first.next()?.to_owned();
    let headers: Vec<(String, String)> = lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned())).collect();
    let length: usize = headers.iter().find(|(k, _)| k == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0);
    while buf.len() < head_end + length {
        let n = socket.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    Some(RawRequest { method, path, headers, body: buf[head_end..].to_vec() })
}
