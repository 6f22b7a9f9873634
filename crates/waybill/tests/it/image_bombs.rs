//! Image bombs against a real `waybill serve`, with its peak memory read from the kernel:
//! three 11,000 × 11,000 PNGs of about 100 KB each, uploaded at once to be watermarked and
//! thumbnailed, are refused before any decoding; three large but legitimate pictures
//! (30 megapixels) at once are processed within the image budget; and the server's peak
//! resident memory stays under 300 MB throughout. Run on SQLite and on PostgreSQL.

use crate::support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;
use support::{Server, temp_dir};

const PEAK_LIMIT_MIB: u64 = 300;
const EMAIL: &str = "images@waybill.local";
const PASSWORD: &str = "image-test-password";

/// A grey PNG of `width` × `height` with a gentle gradient, written row by row so the
/// test itself never holds the pixels. Large areas of one colour compress to very little.
fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().unwrap();
    let mut stream = writer.stream_writer().unwrap();
    let mut row = vec![0u8; width as usize * 3];
    for y in 0..height {
        row.fill((y / 64 % 200) as u8 + 20);
        stream.write_all(&row).unwrap();
    }
    stream.finish().unwrap();
    writer.finish().unwrap();
    out
}

/// One HTTP exchange on a fresh connection: the status code and the JSON body.
fn exchange(addr: &str, head: &str, body: &[u8]) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(300))).unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let text = String::from_utf8_lossy(&response);
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let json = text.split_once("\r\n\r\n").and_then(|(_, b)| serde_json::from_str(b).ok()).unwrap_or(Value::Null);
    (status, json)
}

fn sign_in(addr: &str) -> String {
    let body = format!(r#"{{"email":"{EMAIL}","password":"{PASSWORD}"}}"#);
    let head =
        format!("POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n", body.len());
    let (status, json) = exchange(addr, &head, body.as_bytes());
    assert_eq!(status, 200, "{json}");
    json["accessToken"].as_str().unwrap().to_owned()
}

fn upload(addr: &str, token: &str, query: &str, name: &str, bytes: &[u8]) -> (u16, Value) {
    let mut body = format!("--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: image/png\r\n\r\n").into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(b"\r\n--B--\r\n");
    let head = format!(
        "POST /api/file-app/v1/file/upload{query} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {token}\r\ncontent-type: multipart/form-data; boundary=B\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    exchange(addr, &head, &body)
}

/// Three uploads of `bytes` at once; their answers.
fn three_at_once(addr: &str, token: &str, query: &str, bytes: &[u8]) -> Vec<(u16, Value)> {
    std::thread::scope(|scope| {
        let uploads: Vec<_> = (0..3).map(|i| scope.spawn(move || upload(addr, token, query, &format!("picture-{i}.png"), bytes))).collect();
        uploads.into_iter().map(|u| u.join().unwrap()).collect()
    })
}

/// The process's peak resident memory so far, from the kernel.
fn peak_rss_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kib: u64 = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.split_whitespace().next()).and_then(|v| v.parse().ok()).unwrap();
    kib / 1024
}

fn bombs_and_large_images(database_url: Option<&str>) {
    let data = temp_dir();
    let mut envs = vec![("WAYBILL_ADMIN_EMAIL", EMAIL), ("WAYBILL_ADMIN_PASSWORD", PASSWORD)];
    if let Some(url) = database_url {
        envs.push(("DATABASE_URL", url));
    }
    let server = Server::start(&data, &envs);
    let addr = server.addr.clone();
    let token = sign_in(&addr);

    let bomb = png(11_000, 11_000);
    assert!(bomb.len() < 2 * 1024 * 1024, "the bomb is small on the wire: {} bytes", bomb.len());
    for (status, body) in three_at_once(&addr, &token, "?add_watermark=true&create_thumbnail=true", &bomb) {
        assert_eq!(status, 422, "{body}");
        assert!(body["message"].as_str().unwrap().contains("11000 × 11000"), "{body}");
    }
    for (status, body) in three_at_once(&addr, &token, "?create_thumbnail=true", &bomb) {
        assert_eq!(status, 200, "a thumbnail is a convenience: the file is kept without one: {body}");
        assert!(body["data"].get("thumbnail_url").is_none(), "{body}");
    }
    let after_bombs = peak_rss_mib(server.child.id());

    let large = png(6_000, 5_000);
    for (status, body) in three_at_once(&addr, &token, "?add_watermark=true&create_thumbnail=true", &large) {
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["watermarked"], true);
        assert!(body["data"]["thumbnail_url"].is_string(), "{body}");
    }
    let peak = peak_rss_mib(server.child.id());
    eprintln!("peak resident memory: {after_bombs} MiB after the bombs, {peak} MiB after three 30-megapixel pictures at once");
    assert!(peak < PEAK_LIMIT_MIB, "the server peaked at {peak} MiB");
    server.stop();
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn image_bombs_and_large_images_stay_within_memory_on_sqlite() {
    bombs_and_large_images(None);
}

#[test]
fn image_bombs_and_large_images_stay_within_memory_on_postgres() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let Some(db) = runtime.block_on(waybill_store::testing::postgres()) else { return };
    let url = db.postgres_url().expect("a PostgreSQL database");
    bombs_and_large_images(Some(&url));
    runtime.block_on(db.cleanup());
}
