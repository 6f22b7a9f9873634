//! Slow and greedy clients, over real sockets: a client that trickles its headers, stalls
//! its upload, idles on a kept-alive connection or stops reading a response is dropped;
//! one address cannot hold more than its share of connections; and meanwhile everyone
//! else is served.

use crate::common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{Session, TestApp};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use waybill_server::config::{Config, HttpConfig};
use waybill_store::backend_tests;

struct Served {
    addr: SocketAddr,
    app: TestApp,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

async fn served(store: waybill_server::waybill_store::Store, max_per_address: usize) -> Served {
    let http = HttpConfig { header_timeout_secs: 1, body_idle_timeout_secs: 1, write_idle_timeout_secs: 1, max_connections_per_address: max_per_address };
    let app = TestApp::configured(store, Config { http, ..Config::default() }).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let state = app.state.clone();
    tokio::spawn(async move {
        waybill_server::serve(listener, state, async move {
            let _ = stopped.await;
        })
        .await
    });
    Served { addr, app, stop: Some(stop) }
}

/// A connection from `source` (another loopback address is another client).
async fn connect_from(source: &str, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Reads until the server closes the connection (or `limit` passes); answers what came
/// and how long it took.
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> (Vec<u8>, Option<Duration>) {
    let started = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match tokio::time::timeout(limit.saturating_sub(started.elapsed()), stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return (got, Some(started.elapsed())),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
            Err(_) => return (got, None),
        }
    }
}

/// A whole GET /healthz on a fresh connection from `source`, answering the status line.
async fn health(source: &str, addr: SocketAddr) -> String {
    let mut stream = connect_from(source, addr).await;
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").await.unwrap();
    let (got, closed) = read_until_closed(&mut stream, Duration::from_secs(5)).await;
    assert!(closed.is_some(), "answered and closed");
    String::from_utf8_lossy(&got).lines().next().unwrap_or_default().to_owned()
}

fn authorized(session: &Session, method: &str, path: &str, extra: &str) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer {}\r\nX-Tenant-Id: {}\r\nX-Facility-Id: {}\r\n{extra}\r\n",
        session.access, session.tenant, session.facility
    )
}

backend_tests! {
    async fn a_client_trickling_its_headers_is_dropped_and_others_are_served(store) {
        let server = served(store, 0).await;
        let mut slow = connect_from("127.0.0.1", server.addr).await;
        let trickle = tokio::spawn(async move {
            slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n").await.unwrap();
            // A header line every 200 ms, never the blank line that ends them.
            for i in 0..30 {
                tokio::time::sleep(Duration::from_millis(200)).await;
                if slow.write_all(format!("X-Slow-{i}: y\r\n").as_bytes()).await.is_err() {
                    break;
                }
            }
            read_until_closed(&mut slow, Duration::from_secs(3)).await.1
        });
        for _ in 0..5 {
            assert_eq!(health("127.0.0.1", server.addr).await, "HTTP/1.1 200 OK");
        }
        let closed = trickle.await.unwrap();
        assert!(closed.is_some(), "the trickling client was dropped");
    }

    async fn a_stalled_upload_gets_408_and_its_connection_closes(store) {
        let server = served(store, 0).await;
        let alice = server.app.login("alice@t1.test").await;
        let mut stalled = connect_from("127.0.0.1", server.addr).await;
        let head = authorized(&alice, "POST", "/api/file-app/v1/file/upload", "Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 100000\r\n");
        stalled.write_all(head.as_bytes()).await.unwrap();
        stalled.write_all(b"--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nhello").await.unwrap();
        let started = Instant::now();
        let (got, closed) = read_until_closed(&mut stalled, Duration::from_secs(5)).await;
        let text = String::from_utf8_lossy(&got);
        assert!(closed.is_some(), "the connection was closed");
        assert!(started.elapsed() < Duration::from_secs(4));
        assert!(text.starts_with("HTTP/1.1 408"), "{text}");
        assert!(text.contains("request_timeout"), "{text}");
        assert_eq!(health("127.0.0.1", server.addr).await, "HTTP/1.1 200 OK");
        let listed = server.app.call(axum::http::Method::GET, "/api/file-app/v1/files", Some(&alice), None).await;
        assert_eq!(listed.body.as_array().unwrap().len(), 0, "nothing half-uploaded was kept");
    }

    async fn an_idle_kept_alive_connection_is_closed(store) {
        let server = served(store, 0).await;
        let mut idle = connect_from("127.0.0.1", server.addr).await;
        idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n").await.unwrap();
        let mut buf = [0u8; 1024];
        let n = idle.read(&mut buf).await.unwrap();
        assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
        let (_, closed) = read_until_closed(&mut idle, Duration::from_secs(4)).await;
        assert!(closed.is_some_and(|t| t >= Duration::from_millis(500)), "kept alive for a while, then closed: {closed:?}");
    }

    async fn one_address_cannot_take_every_connection(store) {
        let server = served(store, 4).await;
        let mut held = Vec::new();
        for _ in 0..4 {
            held.push(connect_from("127.0.0.1", server.addr).await);
        }
        let mut fifth = connect_from("127.0.0.1", server.addr).await;
        let (got, closed) = read_until_closed(&mut fifth, Duration::from_secs(2)).await;
        let text = String::from_utf8_lossy(&got);
        assert!(closed.is_some() && text.starts_with("HTTP/1.1 429") && text.contains("too_many_connections"), "{text}");
        // Another client is served meanwhile.
        assert_eq!(health("127.0.0.2", server.addr).await, "HTTP/1.1 200 OK");
        // The held connections send nothing: the header timeout frees their places.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(health("127.0.0.1", server.addr).await, "HTTP/1.1 200 OK");
        drop(held);
    }

    async fn a_client_that_stops_reading_a_response_is_dropped(store) {
        let server = served(store, 0).await;
        let alice = server.app.login("alice@t1.test").await;
        let big = vec![b'x'; 24 * 1024 * 1024];
        let res = common::upload(&server.app, &alice, "", "big.txt", "text/plain", &big).await;
        let url = res.body["data"]["non_expire_view_url"].as_str().unwrap().to_owned();
        let mut reader = connect_from("127.0.0.1", server.addr).await;
        reader.write_all(format!("GET {url} HTTP/1.1\r\nHost: t\r\n\r\n").as_bytes()).await.unwrap();
        // Read nothing while the server fills the socket buffers and waits.
        tokio::time::sleep(Duration::from_secs(3)).await;
        let (got, closed) = read_until_closed(&mut reader, Duration::from_secs(10)).await;
        assert!(closed.is_some(), "the connection ended");
        assert!(got.len() < big.len(), "the server gave up before sending it all ({} of {} bytes)", got.len(), big.len());
        assert_eq!(health("127.0.0.1", server.addr).await, "HTTP/1.1 200 OK");
    }
}
