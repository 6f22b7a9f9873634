//! `make bench`: the chat path under load (docs/performance.md).
//!
//! Starts fake OpenAI-compatible servers (0 ms and 10 ms between tokens), a release
//! `waybill serve` configured with them as extra models and a fresh SQLite data folder,
//! signs in, and measures through the full `/api/chat` path (auth, persistence, the
//! agent loop, the UI message stream) against the fake server called directly:
//! first-token latency over sequential requests, throughput and first-token latency at
//! 50 and 200 concurrent streams, errors, and the server's memory.
//!
//! Usage: `waybill-bench <path to the waybill binary>`.

mod fake;

use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures::StreamExt;
use serde_json::json;

const SEQUENTIAL: usize = 50;
const EMAIL: &str = "bench@waybill.local";
const PASSWORD: &str = "bench-password-0123";

struct Target {
    client: reqwest::Client,
    waybill: String,
    token: String,
}

/// One streamed reply: when the first token arrived, how many tokens, and whether it
/// ended cleanly.
struct Reply {
    first_token: Duration,
    tokens: usize,
    ok: bool,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let binary = PathBuf::from(std::env::args().nth(1).context("usage: waybill-bench <path to the waybill binary>")?);
    let direct_0 = fake::start(Duration::ZERO).await?;
    let direct_10 = fake::start(Duration::from_millis(10)).await?;

    let data = std::env::temp_dir().join(format!("waybill-bench-{}", std::process::id()));
    std::fs::create_dir_all(&data)?;
    let port = free_port()?;
    let config = data.join("waybill.toml");
    std::fs::write(
        &config,
        format!(
            "addr = \"127.0.0.1:{port}\"\n\n[log]\nfilter = \"warn\"\n\n\
             [[models]]\nid = \"bench-0ms\"\nname = \"Bench 0 ms\"\nbase_url = \"{direct_0}\"\nmodel = \"bench\"\n\n\
             [[models]]\nid = \"bench-10ms\"\nname = \"Bench 10 ms\"\nbase_url = \"{direct_10}\"\nmodel = \"bench\"\n"
        ),
    )?;
    let mut server = tokio::process::Command::new(&binary)
        .args(["--config"])
        .arg(&config)
        .args(["--data-dir"])
        .arg(&data)
        .arg("serve")
        // Every stream is the same user's: the per-user quotas would refuse most of them.
        .env("WAYBILL_CHAT_REQUESTS_PER_MINUTE", "0")
        .env("WAYBILL_TENANT_CHAT_REQUESTS_PER_MINUTE", "0")
        .env("WAYBILL_TOOL_CALLS_PER_MINUTE", "0")
        .env("WAYBILL_TENANT_TOOL_CALLS_PER_MINUTE", "0")
        .env("WAYBILL_HTTP_MAX_CONNECTIONS_PER_ADDRESS", "0")
        .env("WAYBILL_ADMIN_EMAIL", EMAIL)
        .env("WAYBILL_ADMIN_PASSWORD", PASSWORD)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("starting {}", binary.display()))?;
    let pid = server.id().context("server pid")?;
    let waybill = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::builder().pool_max_idle_per_host(256).build()?;
    wait_healthy(&client, &waybill).await?;
    let token = login(&client, &waybill).await?;
    let target = Target { client, waybill, token };

    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = rss_kb(pid, "VmRSS")?;

    println!("Waybill chat-path benchmark — {} tokens per reply, server pid {pid}\n", fake::TOKENS);
    println!("## First-token latency, {SEQUENTIAL} sequential requests\n");
    println!("| pause between tokens | direct p50 | direct p95 | through Waybill p50 | through Waybill p95 | added p50 | added p95 | errors |");
    println!("|---|---|---|---|---|---|---|---|");
    for (pause, model, direct) in [("0 ms", "bench-0ms", &direct_0), ("10 ms", "bench-10ms", &direct_10)] {
        // Warm both paths (connections, prepared statements) before measuring.
        for _ in 0..3 {
            direct_reply(&target.client, direct).await;
            waybill_reply(&target, model).await;
        }
        let mut direct_times = Vec::new();
        let mut waybill_times = Vec::new();
        let mut errors = 0;
        for _ in 0..SEQUENTIAL {
            let d = direct_reply(&target.client, direct).await;
            let w = waybill_reply(&target, model).await;
            errors += usize::from(!d.ok) + usize::from(!w.ok);
            direct_times.push(d.first_token);
            waybill_times.push(w.first_token);
        }
        let (d50, d95) = (percentile(&mut direct_times, 50), percentile(&mut direct_times, 95));
        let (w50, w95) = (percentile(&mut waybill_times, 50), percentile(&mut waybill_times, 95));
        println!(
            "| {pause} | {} | {} | {} | {} | **{}** | {} | {errors} |",
            ms(d50),
            ms(d95),
            ms(w50),
            ms(w95),
            ms(w50.saturating_sub(d50)),
            ms(w95.saturating_sub(d95))
        );
    }

    println!("\n## Concurrent streams through Waybill\n");
    println!("| streams | pause between tokens | tokens/s | first token p50 | first token p95 | wall time | errors |");
    println!("|---|---|---|---|---|---|---|");
    for streams in [50usize, 200] {
        for (pause, model) in [("0 ms", "bench-0ms"), ("10 ms", "bench-10ms")] {
            let started = Instant::now();
            let replies: Vec<Reply> = futures::stream::iter(0..streams)
                .map(|_| waybill_reply(&target, model))
                .buffer_unordered(streams)
                .collect()
                .await;
            let wall = started.elapsed();
            let tokens: usize = replies.iter().map(|r| r.tokens).sum();
            let errors = replies.iter().filter(|r| !r.ok).count();
            let mut firsts: Vec<Duration> = replies.iter().map(|r| r.first_token).collect();
            println!(
                "| {streams} | {pause} | **{:.0}** | {} | {} | {} | {errors} |",
                tokens as f64 / wall.as_secs_f64(),
                ms(percentile(&mut firsts, 50)),
                ms(percentile(&mut firsts, 95)),
                ms(wall)
            );
        }
    }

    let peak = rss_kb(pid, "VmHWM")?;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let after = rss_kb(pid, "VmRSS")?;
    println!("\n## Server memory (RSS)\n");
    println!("| idle | peak | 5 s after load |");
    println!("|---|---|---|");
    println!("| {:.1} MB | {:.1} MB | {:.1} MB |", idle as f64 / 1024.0, peak as f64 / 1024.0, after as f64 / 1024.0);

    server.kill().await.ok();
    std::fs::remove_dir_all(&data).ok();
    Ok(())
}

fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

async fn wait_healthy(client: &reqwest::Client, base: &str) -> anyhow::Result<()> {
    for _ in 0..300 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    bail!("the server did not become healthy")
}

async fn login(client: &reqwest::Client, base: &str) -> anyhow::Result<String> {
    let res = client.post(format!("{base}/api/auth/login")).json(&json!({"email": EMAIL, "password": PASSWORD})).send().await?;
    let body: serde_json::Value = res.error_for_status()?.json().await?;
    body["accessToken"].as_str().map(str::to_owned).context("no access token")
}

/// A reply straight from the fake server.
async fn direct_reply(client: &reqwest::Client, base: &str) -> Reply {
    let body = json!({"model": "bench", "stream": true, "messages": [{"role": "user", "content": "hello"}]});
    let request = client.post(format!("{base}/chat/completions")).json(&body);
    stream_reply(request, "\"content\":\"tok", "data: [DONE]").await
}

/// A reply through `/api/chat`: a new chat each time, so persistence is part of it.
async fn waybill_reply(target: &Target, model: &str) -> Reply {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let chat = format!("bench-{}-{n}", std::process::id());
    let body = json!({
        "id": chat,
        "model": model,
        "trigger": "submit-message",
        "messages": [{"id": format!("{chat}-u"), "role": "user", "parts": [{"type": "text", "text": "Give me the dock schedule for today."}]}],
    });
    let request = target
        .client
        .post(format!("{}/api/chat", target.waybill))
        .bearer_auth(&target.token)
        .header("x-tenant-id", "demo")
        .header("x-facility-id", "dc-ontario")
        .json(&body);
    stream_reply(request, "\"type\":\"text-delta\"", "\"type\":\"finish\"").await
}

/// Sends the request and reads its SSE body line by line, counting lines that carry a
/// token and noting when the first arrived.
async fn stream_reply(request: reqwest::RequestBuilder, token_marker: &str, end_marker: &str) -> Reply {
    let started = Instant::now();
    let mut reply = Reply { first_token: Duration::ZERO, tokens: 0, ok: false };
    let Ok(response) = request.send().await else { return reply };
    if !response.status().is_success() {
        return reply;
    }
    let mut body = response.bytes_stream();
    let mut pending: Vec<u8> = Vec::with_capacity(4096);
    let mut ended = false;
    let mut failed = false;
    while let Some(chunk) = body.next().await {
        let Ok(chunk) = chunk else {
            failed = true;
            break;
        };
        pending.extend_from_slice(&chunk);
        while let Some(at) = pending.iter().position(|b| *b == b'\n') {
            let line = String::from_utf8_lossy(&pending[..at]).into_owned();
            pending.drain(..=at);
            if line.contains(token_marker) {
                if reply.tokens == 0 {
                    reply.first_token = started.elapsed();
                }
                reply.tokens += 1;
            } else if line.contains(end_marker) {
                ended = true;
            } else if line.contains("\"type\":\"error\"") {
                failed = true;
            }
        }
    }
    reply.ok = ended && !failed && reply.tokens == fake::TOKENS;
    reply
}

fn percentile(values: &mut [Duration], p: usize) -> Duration {
    if values.is_empty() {
        return Duration::ZERO;
    }
    values.sort();
    values[((values.len() - 1) * p).div_ceil(100)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// A memory figure of the process from /proc (kB).
fn rss_kb(pid: u32, field: &str) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field).and_then(|v| v.trim_start_matches(':').trim().trim_end_matches("kB").trim().parse().ok()))
        .with_context(|| format!("{field} not found"))
}
