//! The guarded outbound client against a real local server: loopback is refused by IP
//! literal and by name, an allowed host is reached, a redirect from an allowed host to a
//! refused one fails on the hop, and bodies are capped.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use waybill_tools::outbound::{Outbound, OutboundError, Policy};

/// Answers `/redirect?to=URL` with a 302 to URL, `/big` with 64 KiB, anything else with "hello".
async fn server() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let Ok((mut socket, _)) = listener.accept().await else { return };
            tokio::spawn(async move {
                let mut buf = vec![0u8; 4096];
                let n = socket.read(&mut buf).await.unwrap_or(0);
                let head = String::from_utf8_lossy(&buf[..n]).to_string();
                let path = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
                let response = if let Some(to) = path.strip_prefix("/redirect?to=") {
                    format!("HTTP/1.1 302 Found\r\nlocation: {to}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
                } else if path == "/big" {
                    format!("HTTP/1.1 200 OK\r\ncontent-length: 65536\r\nconnection: close\r\n\r\n{}", "x".repeat(65536))
                } else {
                    "HTTP/1.1 200 OK\r\ncontent-length: 5\r\nconnection: close\r\n\r\nhello".to_owned()
                };
                let _ = socket.write_all(response.as_bytes()).await;
                let _ = socket.shutdown().await;
            });
        }
    });
    port
}

async fn get(client: &Outbound, url: &str, limit: usize) -> Result<Vec<u8>, OutboundError> {
    let request = client.get(url)?.timeout(Duration::from_secs(5));
    client.fetch(request, limit).await.map(|(_, body)| body)
}

#[tokio::test]
async fn loopback_is_refused_by_literal_and_by_name() {
    let port = server().await;
    let client = Outbound::new(Policy::default());
    assert_eq!(get(&client, &format!("http://127.0.0.1:{port}/"), 1024).await, Err(OutboundError::Refused("127.0.0.1".into())));
    assert_eq!(get(&client, &format!("http://localhost:{port}/"), 1024).await, Err(OutboundError::Refused("localhost".into())));
    assert_eq!(get(&client, &format!("http://[::ffff:127.0.0.1]:{port}/"), 1024).await, Err(OutboundError::Refused("::ffff:127.0.0.1".into())));
    assert!(matches!(get(&client, "gopher://example.com/", 1024).await, Err(OutboundError::BadUrl(_))));
}

#[tokio::test]
async fn an_allowed_host_is_reached_and_a_redirect_to_a_refused_one_fails_on_the_hop() {
    let port = server().await;
    let client = Outbound::new(Policy::allowing(["localhost"]));
    assert_eq!(get(&client, &format!("http://localhost:{port}/"), 1024).await.unwrap(), b"hello");
    let hop = format!("http://localhost:{port}/redirect?to=http://127.0.0.1:{port}/");
    assert_eq!(get(&client, &hop, 1024).await, Err(OutboundError::Refused("127.0.0.1".into())));
    let same_host = format!("http://localhost:{port}/redirect?to=http://localhost:{port}/");
    assert_eq!(get(&client, &same_host, 1024).await.unwrap(), b"hello", "redirects within allowed hosts are followed");
}

#[tokio::test]
async fn bodies_over_the_limit_are_refused() {
    let port = server().await;
    let client = Outbound::new(Policy::allowing(["127.0.0.1"]));
    assert_eq!(get(&client, &format!("http://127.0.0.1:{port}/big"), 65536).await.unwrap().len(), 65536);
    assert_eq!(get(&client, &format!("http://127.0.0.1:{port}/big"), 1000).await, Err(OutboundError::TooLarge { host: "127.0.0.1".into(), limit: 1000 }));
}
