//! `make bench`: the chat path under load (docs/performance.md).
//!
//! Starts fake OpenAI-compatible servers (0 ms and 10 ms between tokens) and a release
//! `waybill serve` configured with them as extra models on a fresh data folder, the server
//! pinned to one core (the load generator and the fakes run on the other), signs in, and
//! measures through the full `/api/chat` path (auth, persistence, the agent loop, the UI
//! message stream) against the fake server called directly:
//!
//! - first-token latency over sequential requests;
//! - a burst: 200 users starting new chats at the same instant (10 ms between tokens),
//!   on SQLite and — with `WAYBILL_BENCH_PG_URL` — on PostgreSQL;
//! - throughput and first-token latency at 50 and 200 concurrent streams;
//! - the server's memory.
//!
//! Usage: `waybill-bench <path to the waybill binary>`; `waybill-bench live <path>` runs
//! the live-agent benchmark instead (`make bench-live`, see [`live`]).

mod fake;
mod live;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures::StreamExt;
use serde_json::json;

const SEQUENTIAL: usize = 50;
const BURST_USERS: usize = 200;
const EMAIL: &str = "bench@waybill.local";
const PASSWORD: &str = "bench-password-0123";
/// The core the server runs on; the bench pins itself to the other.
const SERVER_CORE: &str = "0";

/// One streamed reply: when the first token arrived, how many tokens, and whether it
/// ended cleanly.
struct Reply {
    first_token: Duration,
    tokens: usize,
    ok: bool,
}

/// A running `waybill serve`, killed when dropped.
struct Server {
    child: tokio::process::Child,
    pid: u32,
    base: String,
    data: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
        std::fs::remove_dir_all(&self.data).ok();
    }
}

impl Server {
    /// A server on a fresh data folder with the fake models, on SQLite or `database_url`.
    async fn start(binary: &Path, models: &[(&str, &str)], database_url: Option<&str>) -> anyhow::Result<Self> {
        let mut config = String::new();
        for (id, base_url) in models {
            config.push_str(&format!("\n[[models]]\nid = \"{id}\"\nname = \"{id}\"\nbase_url = \"{base_url}\"\nmodel = \"bench\"\n"));
        }
        // One account (or 200) drives every stream: quotas would refuse most.
        let mut env = vec![
            ("WAYBILL_CHAT_REQUESTS_PER_MINUTE", "0"),
            ("WAYBILL_TENANT_CHAT_REQUESTS_PER_MINUTE", "0"),
            ("WAYBILL_TOOL_CALLS_PER_MINUTE", "0"),
            ("WAYBILL_TENANT_TOOL_CALLS_PER_MINUTE", "0"),
        ];
        if let Some(url) = database_url {
            env.push(("DATABASE_URL", url));
        }
        Self::launch(binary, &config, &env).await
    }

    /// `binary` serving on a free port, on core `SERVER_CORE`, from a fresh data folder with
    /// `config` after its address, and `env`. Many accounts sign in from one address, so
    /// the sign-in and connection limits are off; the bench's admin is made on the first run.
    pub(crate) async fn launch(binary: &Path, config: &str, env: &[(&str, &str)]) -> anyhow::Result<Self> {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let data = std::env::temp_dir().join(format!("waybill-bench-{}-{}", std::process::id(), NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)));
        std::fs::create_dir_all(&data)?;
        let port = free_port()?;
        let config_path = data.join("waybill.toml");
        std::fs::write(&config_path, format!("addr = \"127.0.0.1:{port}\"\n\n[log]\nfilter = \"warn\"\n{config}"))?;
        let mut command = tokio::process::Command::new("taskset");
        command.args(["-c", SERVER_CORE]).arg(binary).arg("--config").arg(&config_path).arg("--data-dir").arg(&data).arg("serve");
        let child = command
            .envs(env.iter().copied())
            .env("WAYBILL_HTTP_MAX_CONNECTIONS_PER_ADDRESS", "0")
            .env("WAYBILL_LOGIN_ATTEMPTS_PER_ACCOUNT", "100000")
            .env("WAYBILL_LOGIN_ATTEMPTS_PER_IP", "100000")
            .env("WAYBILL_ADMIN_EMAIL", EMAIL)
            .env("WAYBILL_ADMIN_PASSWORD", PASSWORD)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {} (taskset from util-linux is needed)", binary.display()))?;
        let pid = child.id().context("server pid")?;
        let server = Self { child, pid, base: format!("http://127.0.0.1:{port}"), data };
        wait_healthy(&http(), &server.base).await?;
        Ok(server)
    }
}

/// A user of the server, signed in.
#[derive(Clone)]
struct Session {
    base: String,
    token: String,
}

fn http() -> reqwest::Client {
    reqwest::Client::builder().pool_max_idle_per_host(512).build().expect("a client")
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let first = args.next().context("usage: waybill-bench [live] <path to the waybill binary>")?;
    if first == "live" {
        return live::run(Path::new(&args.next().context("usage: waybill-bench live <path to the waybill binary>")?)).await;
    }
    let binary = PathBuf::from(first);
    let direct_0 = fake::start(Duration::ZERO).await?;
    let direct_10 = fake::start(Duration::from_millis(10)).await?;
    let models = [("bench-0ms", direct_0.as_str()), ("bench-10ms", direct_10.as_str())];
    let client = http();
    // `WAYBILL_BENCH_ONLY=burst` runs the burst alone (for profiling it).
    let burst_only = std::env::var("WAYBILL_BENCH_ONLY").is_ok_and(|only| only == "burst");
    if burst_only {
        return bursts(&binary, &models, &client, &direct_10).await;
    }

    let server = Server::start(&binary, &models, None).await?;
    let session = Session { base: server.base.clone(), token: login(&client, &server.base, EMAIL, PASSWORD).await? };
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = rss_kb(server.pid, "VmRSS")?;

    println!("Waybill chat-path benchmark — {} tokens per reply, server pid {} on core {SERVER_CORE}\n", fake::TOKENS, server.pid);
    println!("## First-token latency, {SEQUENTIAL} sequential requests\n");
    println!("| pause between tokens | direct p50 | direct p95 | through Waybill p50 | through Waybill p95 | added p50 | added p95 | errors |");
    println!("|---|---|---|---|---|---|---|---|");
    for (pause, model, direct) in [("0 ms", "bench-0ms", &direct_0), ("10 ms", "bench-10ms", &direct_10)] {
        // Warm both paths (connections, prepared statements) before measuring.
        for _ in 0..3 {
            direct_reply(&client, direct).await;
            waybill_reply(&client, &session, model).await;
        }
        let mut direct_times = Vec::new();
        let mut waybill_times = Vec::new();
        let mut errors = 0;
        for _ in 0..SEQUENTIAL {
            let d = direct_reply(&client, direct).await;
            let w = waybill_reply(&client, &session, model).await;
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
            let replies: Vec<Reply> =
                futures::stream::iter(0..streams).map(|_| waybill_reply(&client, &session, model)).buffer_unordered(streams).collect().await;
            report_streams(&streams.to_string(), pause, started.elapsed(), &replies);
        }
    }
    // The ceiling: the same load straight to the fake model.
    let started = Instant::now();
    let direct_replies: Vec<Reply> = futures::stream::iter(0..200).map(|_| direct_reply(&client, &direct_0)).buffer_unordered(200).collect().await;
    report_streams("200, straight to the fake", "0 ms", started.elapsed(), &direct_replies);

    let peak = rss_kb(server.pid, "VmHWM")?;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let after = rss_kb(server.pid, "VmRSS")?;
    println!("\n## Server memory (RSS)\n");
    println!("| idle | peak | 5 s after load |");
    println!("|---|---|---|");
    println!("| {:.1} MB | {:.1} MB | {:.1} MB |", idle as f64 / 1024.0, peak as f64 / 1024.0, after as f64 / 1024.0);
    drop(server);
    bursts(&binary, &models, &client, &direct_10).await
}

/// The burst of new chats, on SQLite and (with `WAYBILL_BENCH_PG_URL`) PostgreSQL.
async fn bursts(binary: &Path, models: &[(&str, &str)], client: &reqwest::Client, direct_10: &str) -> anyhow::Result<()> {
    println!("\n## A burst of new chats: {BURST_USERS} users start a chat at the same instant (10 ms between tokens)\n");
    println!(
        "| database | direct p50 | direct p95 | through Waybill p50 | through Waybill p95 | added p50 | added p95 | server CPU per chat to its first token | errors |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut databases: Vec<(&str, Option<String>)> = vec![("SQLite", None)];
    if let Ok(url) = std::env::var("WAYBILL_BENCH_PG_URL") {
        databases.push(("PostgreSQL", Some(url)));
    }
    for (name, url) in databases {
        let server = Server::start(binary, models, url.as_deref()).await?;
        burst(client, &server, name, direct_10).await?;
    }
    Ok(())
}

/// Prints one row of the concurrent-streams table.
fn report_streams(streams: &str, pause: &str, wall: Duration, replies: &[Reply]) {
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

/// `BURST_USERS` members, each signed in, then each starting a new chat at once; the same
/// number of requests straight to the fake model is the baseline.
async fn burst(client: &reqwest::Client, server: &Server, database: &str, direct: &str) -> anyhow::Result<()> {
    let admin = Session { base: server.base.clone(), token: login(client, &server.base, EMAIL, PASSWORD).await? };
    let users: Vec<Session> = futures::stream::iter(0..BURST_USERS)
        .map(|i| {
            let admin = admin.clone();
            async move {
                let email = format!("burst{i}@waybill.local");
                let member = json!({"email": email, "password": PASSWORD, "facilities": ["dc-ontario"]});
                authorized(client.post(format!("{}/api/admin/users", admin.base)), &admin).json(&member).send().await?.error_for_status()?;
                anyhow::Ok(Session { base: admin.base.clone(), token: login(client, &admin.base, &email, PASSWORD).await? })
            }
        })
        .buffer_unordered(8)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    // Warm the path once per user's connection pool.
    waybill_reply(client, &users[0], "bench-10ms").await;
    if let Ok(seconds) = std::env::var("WAYBILL_BENCH_PAUSE") {
        // Time to attach a profiler to the server before the burst.
        println!("server pid {} ({database}) ready", server.pid);
        tokio::time::sleep(Duration::from_secs(seconds.parse().unwrap_or(10))).await;
    }

    let direct_replies: Vec<Reply> = futures::future::join_all((0..BURST_USERS).map(|_| direct_reply(client, direct))).await;
    // The server's CPU time from the burst's start until the last first token arrived.
    let cpu_before = cpu_ns(server.pid);
    let all_started = std::sync::Arc::new(tokio::sync::Notify::new());
    let started_count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let cpu_at_last_first_token = {
        let all_started = all_started.clone();
        let pid = server.pid;
        tokio::spawn(async move {
            all_started.notified().await;
            cpu_ns(pid)
        })
    };
    let replies: Vec<Reply> = futures::future::join_all(users.iter().map(|user| {
        let (all_started, started_count) = (all_started.clone(), started_count.clone());
        waybill_reply_noting(client, user, "bench-10ms", move || {
            if started_count.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1 == BURST_USERS {
                all_started.notify_one();
            }
        })
    }))
    .await;
    all_started.notify_one();
    let cpu_per_chat = cpu_at_last_first_token.await?.saturating_sub(cpu_before) as f64 / 1e6 / BURST_USERS as f64;
    let errors = replies.iter().chain(&direct_replies).filter(|r| !r.ok).count();
    let mut d: Vec<Duration> = direct_replies.iter().map(|r| r.first_token).collect();
    let mut w: Vec<Duration> = replies.iter().map(|r| r.first_token).collect();
    let (d50, d95, w50, w95) = (percentile(&mut d, 50), percentile(&mut d, 95), percentile(&mut w, 50), percentile(&mut w, 95));
    println!(
        "| {database} | {} | {} | {} | {} | **{}** | {} | {cpu_per_chat:.2} ms | {errors} |",
        ms(d50),
        ms(d95),
        ms(w50),
        ms(w95),
        ms(w50.saturating_sub(d50)),
        ms(w95.saturating_sub(d95))
    );
    Ok(())
}

fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

async fn wait_healthy(client: &reqwest::Client, base: &str) -> anyhow::Result<()> {
    for _ in 0..600 {
        if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    bail!("the server did not become healthy")
}

async fn login(client: &reqwest::Client, base: &str, email: &str, password: &str) -> anyhow::Result<String> {
    let res = client.post(format!("{base}/api/auth/login")).json(&json!({"email": email, "password": password})).send().await?;
    let body: serde_json::Value = res.error_for_status()?.json().await?;
    body["accessToken"].as_str().map(str::to_owned).context("no access token")
}

fn authorized(request: reqwest::RequestBuilder, session: &Session) -> reqwest::RequestBuilder {
    request.bearer_auth(&session.token).header("x-tenant-id", "demo").header("x-facility-id", "dc-ontario")
}

/// A reply straight from the fake server.
async fn direct_reply(client: &reqwest::Client, base: &str) -> Reply {
    let body = json!({"model": "bench", "stream": true, "messages": [{"role": "user", "content": "hello"}]});
    let request = client.post(format!("{base}/chat/completions")).json(&body);
    stream_reply(request, "\"content\":\"tok", "data: [DONE]", || {}).await
}

/// A reply through `/api/chat`: a new chat each time, so persistence is part of it.
async fn waybill_reply(client: &reqwest::Client, session: &Session, model: &str) -> Reply {
    waybill_reply_noting(client, session, model, || {}).await
}

/// As [`waybill_reply`], calling `first_token` when the first token arrives.
async fn waybill_reply_noting(client: &reqwest::Client, session: &Session, model: &str, first_token: impl FnOnce()) -> Reply {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let chat = format!("bench-{}-{n}", std::process::id());
    let body = json!({
        "id": chat,
        "model": model,
        "trigger": "submit-message",
        "messages": [{"id": format!("{chat}-u"), "role": "user", "parts": [{"type": "text", "text": "Give me the dock schedule for today."}]}],
    });
    stream_reply(
        authorized(client.post(format!("{}/api/chat", session.base)), session).json(&body),
        "\"type\":\"text-delta\"",
        "\"type\":\"finish\"",
        first_token,
    )
    .await
}

/// Sends the request and reads its SSE body line by line, counting lines that carry a
/// token and noting when the first arrived.
async fn stream_reply(request: reqwest::RequestBuilder, token_marker: &str, end_marker: &str, first_token: impl FnOnce()) -> Reply {
    let mut first_token = Some(first_token);
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
                    if let Some(noted) = first_token.take() {
                        noted();
                    }
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

/// The CPU time all threads of the process have used (ns), from /proc.
fn cpu_ns(pid: u32) -> u64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return 0 };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("schedstat")).ok())
        .filter_map(|stat| stat.split_whitespace().next().and_then(|ns| ns.parse::<u64>().ok()))
        .sum()
}

/// A memory figure of the process from /proc (kB).
fn rss_kb(pid: u32, field: &str) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field).and_then(|v| v.trim_start_matches(':').trim().trim_end_matches("kB").trim().parse().ok()))
        .with_context(|| format!("{field} not found"))
}
