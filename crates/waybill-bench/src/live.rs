//! `make bench-live`: live human agents under load (docs/performance.md, "Live agents").
//!
//! On PostgreSQL (a throwaway database per run, given by the script), with the server
//! pinned to core 0 and this generator on core 1:
//!
//! - 1,000 customers and 50 agents (role `agent`) join the demo tenant through the
//!   invitation flow (an admin adds them, each accepts and is signed in: one password hash
//!   per account), and each customer signs in to the messaging service;
//! - the server's RSS is read, 1,000 customer sockets (each authenticated, cmd 0) and 50
//!   desk sockets open, and after a settle period the RSS is read again: memory per socket;
//! - each customer queues a session and each agent claims 20;
//! - messages are sent at a steady rate, alternately customer → agent (REST
//!   `/app-api/customer/server/message`, until the desk socket's `message` event) and
//!   agent → customer (REST `/api/desk/sessions/{id}/messages`, until the customer socket's
//!   cmd 3): delivery latency p50/p95/p99;
//! - the same again across two instances sharing the database and a NATS server:
//!   customers on one, agents on the other.
//!
//! Settings from the environment: `WAYBILL_BENCH_PG_URL` and `WAYBILL_BENCH_PG_URL_2`
//! (the two runs' databases, required), `WAYBILL_BENCH_NATS_URL` (else a `nats-server` is
//! started on a free port), `WAYBILL_BENCH_LIVE_MESSAGES` (3,000), `WAYBILL_BENCH_LIVE_RATE`
//! (messages per second, 100).

use std::collections::HashMap;
use std::path::Path;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::{EMAIL, PASSWORD, SERVER_CORE, Server, free_port, ms, percentile, rss_kb};

const CUSTOMERS: usize = 1_000;
const AGENTS: usize = 50;
const TENANT: &str = "demo";
const FACILITY: &str = "dc-ontario";
/// Shared by the instances, so a session signed in on one is valid on the other.
const JWT_SECRET: &str = "bench-live-jwt-secret-0123456789abcdef";
/// How long the sockets sit idle before the memory is read.
const SETTLE: Duration = Duration::from_secs(10);
/// The customer socket's heartbeat (docs/live-agent.md: every 10 s).
const HEARTBEAT: Duration = Duration::from_secs(10);
/// Requests in flight while setting up.
const SETUP_CONCURRENCY: usize = 16;

/// Where each message's send time waits for its delivery, by its content.
type Pending = Arc<Mutex<HashMap<String, Instant>>>;

/// Delivery times and their direction (`true`: customer → agent).
type Deliveries = Arc<Mutex<Vec<(bool, Duration)>>>;

/// A member signed in to Waybill (and, for a customer, to the messaging service).
struct Member {
    token: String,
    messaging: String,
}

/// What one run measured.
struct Run {
    to_agent: Vec<Duration>,
    to_customer: Vec<Duration>,
    lost: usize,
    refused: usize,
    wall: Duration,
}

/// Runs the benchmark against `binary`.
pub async fn run(binary: &Path) -> anyhow::Result<()> {
    let one_db = std::env::var("WAYBILL_BENCH_PG_URL").context("WAYBILL_BENCH_PG_URL (a throwaway PostgreSQL database) is required")?;
    let two_db = std::env::var("WAYBILL_BENCH_PG_URL_2").context("WAYBILL_BENCH_PG_URL_2 (a second throwaway database) is required")?;
    let messages: usize = std::env::var("WAYBILL_BENCH_LIVE_MESSAGES").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000);
    let rate: f64 = std::env::var("WAYBILL_BENCH_LIVE_RATE").ok().and_then(|v| v.parse().ok()).unwrap_or(100.0);
    let (_nats, nats_url) = match std::env::var("WAYBILL_BENCH_NATS_URL") {
        Ok(url) => (None, url),
        Err(_) => {
            let (child, url) = start_nats().await?;
            (Some(child), url)
        }
    };
    let client = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;

    println!("Waybill live-agent benchmark — {CUSTOMERS} customers, {AGENTS} agents, {messages} messages at {rate} per second\n");
    let one = start(binary, &one_db, None).await?;
    println!("one instance: server pid {} on core {SERVER_CORE}", one.pid);
    let single = scenario(&client, &one, &one, messages, rate, true).await?;
    drop(one);

    let a = start(binary, &two_db, Some(&nats_url)).await?;
    let b = start(binary, &two_db, Some(&nats_url)).await?;
    println!("two instances through NATS ({nats_url}): customers on pid {}, agents on pid {}, both on core {SERVER_CORE}", a.pid, b.pid);
    let double = scenario(&client, &a, &b, messages, rate, false).await?;
    drop((a, b));

    println!("\n## Delivery latency (send through REST until the frame arrives on the other socket)\n");
    println!("| setup | direction | messages | p50 | p95 | p99 | lost | refused | achieved rate |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut p50s = Vec::new();
    for (name, mut run) in [("one instance", single), ("two instances, NATS", double)] {
        let rate = (run.to_agent.len() + run.to_customer.len()) as f64 / run.wall.as_secs_f64();
        let mut both: Vec<Duration> = run.to_agent.iter().chain(&run.to_customer).copied().collect();
        p50s.push(percentile(&mut both, 50));
        for (direction, times) in [("customer → agent", &mut run.to_agent), ("agent → customer", &mut run.to_customer), ("both", &mut both)] {
            println!(
                "| {name} | {direction} | {} | {} | {} | **{}** | {} | {} | {rate:.0}/s |",
                times.len(),
                ms(percentile(times, 50)),
                ms(percentile(times, 95)),
                ms(percentile(times, 99)),
                run.lost,
                run.refused
            );
        }
    }
    println!("\nTwo instances through NATS add {} at p50 (both directions).", ms(p50s[1].saturating_sub(p50s[0])));
    Ok(())
}

/// A `nats-server` on a free loopback port, on the server's core; killed when dropped.
async fn start_nats() -> anyhow::Result<(tokio::process::Child, String)> {
    let port = free_port()?;
    let binary = ["/usr/sbin/nats-server", "/usr/bin/nats-server"].into_iter().find(|p| Path::new(p).exists()).unwrap_or("nats-server");
    let child = tokio::process::Command::new("taskset")
        .args(["-c", SERVER_CORE, binary, "-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .context("starting nats-server (Debian package nats-server)")?;
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return Ok((child, format!("nats://127.0.0.1:{port}")));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    bail!("nats-server did not start")
}

/// A release server on a fresh data folder and `database_url`, with NATS when given.
async fn start(binary: &Path, database_url: &str, nats_url: Option<&str>) -> anyhow::Result<Server> {
    let mut env = vec![
        ("DATABASE_URL", database_url),
        ("WAYBILL_JWT_SECRET", JWT_SECRET),
        // Sessions outlast a slow run's setup.
        ("WAYBILL_ACCESS_TOKEN_TTL_SECS", "3600"),
    ];
    if let Some(url) = nats_url {
        env.push(("WAYBILL_NATS_URL", url));
    }
    Server::launch(binary, "", &env).await
}

/// One run: customers on `customers`' server, agents on `agents`' (the same for one
/// instance). Prints the memory table when `memory` is set.
async fn scenario(client: &reqwest::Client, customers: &Server, agents: &Server, messages: usize, rate: f64, memory: bool) -> anyhow::Result<Run> {
    let started = Instant::now();
    let admin = super::login(client, &customers.base, EMAIL, PASSWORD).await?;
    let members: Vec<Member> = futures::stream::iter(0..AGENTS + CUSTOMERS)
        .map(|i| {
            let (client, admin) = (client.clone(), admin.clone());
            let base = if i < AGENTS { agents.base.clone() } else { customers.base.clone() };
            let admin_base = customers.base.clone();
            async move { join(&client, &admin_base, &admin, &base, i).await }
        })
        .buffer_unordered(SETUP_CONCURRENCY)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    let (agent_members, customer_members) = members.split_at(AGENTS);
    println!("  {} accounts joined and signed in ({:.1} s)", members.len(), started.elapsed().as_secs_f64());

    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = rss_kb(customers.pid, "VmRSS")?;
    let pending: Pending = Arc::default();
    let deliveries: Deliveries = Arc::default();
    let opened = Instant::now();
    let customer_ws = customers.base.replace("http://", "ws://");
    let agent_ws = agents.base.replace("http://", "ws://");
    let mut sockets = Vec::new();
    let customer_sockets: Vec<_> = futures::stream::iter(customer_members)
        .map(|member| customer_socket(&customer_ws, &member.messaging))
        .buffer_unordered(SETUP_CONCURRENCY * 4)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    for socket in customer_sockets {
        sockets.push(tokio::spawn(read_customer(socket, pending.clone(), deliveries.clone())));
    }
    for member in agent_members {
        let socket = desk_socket(&agent_ws, &member.token).await?;
        sockets.push(tokio::spawn(read_desk(socket, pending.clone(), deliveries.clone())));
    }
    println!("  {} sockets open ({:.1} s); settling {} s", sockets.len(), opened.elapsed().as_secs_f64(), SETTLE.as_secs());
    tokio::time::sleep(SETTLE).await;
    let after = rss_kb(customers.pid, "VmRSS")?;
    if sockets.iter().any(|s| s.is_finished()) {
        bail!("a socket closed while idle");
    }
    if memory {
        let per_socket = (after as f64 - before as f64) / (CUSTOMERS + AGENTS) as f64;
        println!("\n## Server memory (RSS) with idle sockets\n");
        println!("| before the sockets | {} customer + {AGENTS} desk sockets open, idle {} s | per socket |", CUSTOMERS, SETTLE.as_secs());
        println!("|---|---|---|");
        println!("| {:.1} MB | {:.1} MB | **{per_socket:.1} KB** |\n", before as f64 / 1024.0, after as f64 / 1024.0);
    }

    // Each customer queues a session; agent j claims sessions 20j … 20j + 19.
    let queued = Instant::now();
    let sessions: Vec<String> = futures::stream::iter(customer_members)
        .map(|member| queue(client, &customers.base, &member.messaging))
        .buffered(SETUP_CONCURRENCY)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    let per_agent = CUSTOMERS / AGENTS;
    futures::stream::iter(sessions.iter().enumerate())
        .map(|(i, session)| claim(client, &agents.base, &agent_members[i / per_agent].token, session))
        .buffer_unordered(SETUP_CONCURRENCY)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<Vec<()>>>()?;
    println!("  {} sessions queued and claimed ({:.1} s)", sessions.len(), queued.elapsed().as_secs_f64());
    // Let the desks catch up with the queue's changes before measuring.
    tokio::time::sleep(Duration::from_secs(3)).await;
    if sockets.iter().any(|s| s.is_finished()) {
        bail!("a socket closed while the sessions were claimed");
    }

    // A warm-up in each direction, not measured.
    for (i, session) in sessions.iter().enumerate().take(20) {
        let _ = send(client, customers, agents, customer_members, agent_members, session, i, &format!("warm {i}")).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    deliveries.lock().expect("deliveries").clear();
    pending.lock().expect("pending").clear();

    let refused = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / rate));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let measuring = Instant::now();
    let mut sends = Vec::with_capacity(messages);
    for k in 0..messages {
        ticks.tick().await;
        // Sessions in a stride, so consecutive messages go to different agents.
        let i = (k * 37) % CUSTOMERS;
        let to_agent = k.is_multiple_of(2);
        let content = format!("{} {k}", if to_agent { "c2a" } else { "a2c" });
        let (client, customers, agents, session) = (client.clone(), customers.base.clone(), agents.base.clone(), sessions[i].clone());
        let token = if to_agent { customer_members[i].messaging.clone() } else { agent_members[i / per_agent].token.clone() };
        let (pending, refused) = (pending.clone(), refused.clone());
        sends.push(tokio::spawn(async move {
            pending.lock().expect("pending").insert(content.clone(), Instant::now());
            let sent = if to_agent {
                customer_send(&client, &customers, &token, &session, &content).await
            } else {
                agent_send(&client, &agents, &token, &session, &content).await
            };
            if !sent {
                pending.lock().expect("pending").remove(&content);
                refused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        }));
    }
    futures::future::join_all(sends).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline && !pending.lock().expect("pending").is_empty() {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let wall = measuring.elapsed();
    let lost = pending.lock().expect("pending").len();
    let times = std::mem::take(&mut *deliveries.lock().expect("deliveries"));
    for socket in sockets {
        socket.abort();
    }
    let run = Run {
        to_agent: times.iter().filter(|(to_agent, _)| *to_agent).map(|(_, d)| *d).collect(),
        to_customer: times.iter().filter(|(to_agent, _)| !*to_agent).map(|(_, d)| *d).collect(),
        lost,
        refused: refused.load(std::sync::atomic::Ordering::Relaxed),
        wall,
    };
    println!("  {} messages delivered, {lost} lost, {} refused ({:.1} s)", times.len(), run.refused, wall.as_secs_f64());
    Ok(run)
}

/// Member `i` (agents first) joins: the admin adds them, they accept the invitation at
/// `base` (their own instance) and, for a customer, sign in to the messaging service.
async fn join(client: &reqwest::Client, admin_base: &str, admin: &str, base: &str, i: usize) -> anyhow::Result<Member> {
    let agent = i < AGENTS;
    let email = if agent { format!("agent{i}@bench.waybill.local") } else { format!("customer{i}@bench.waybill.local") };
    let roles: Vec<&str> = if agent { vec!["agent"] } else { vec![] };
    let body = json!({"email": email, "firstName": format!("Member {i}"), "roles": roles, "facilities": [FACILITY]});
    let added: Value = authorized(client.post(format!("{admin_base}/api/admin/users")), admin).json(&body).send().await?.error_for_status()?.json().await?;
    let url = added["invitation"]["url"].as_str().context("an invitation link for the new member")?;
    let token = url.rsplit('/').next().context("the invitation's token")?;
    let accepted: Value =
        client.post(format!("{base}/api/auth/invitations/{token}")).json(&json!({"password": PASSWORD})).send().await?.error_for_status()?.json().await?;
    let token = accepted["accessToken"].as_str().context("a session for the new member")?.to_owned();
    if agent {
        return Ok(Member { token, messaging: String::new() });
    }
    let tokens: Value =
        client.post(format!("{base}/app-api/iam/login/0")).bearer_auth(&token).header("x-tenant-id", TENANT).send().await?.error_for_status()?.json().await?;
    let messaging = tokens["data"]["accessToken"].as_str().context("a messaging token")?.to_owned();
    Ok(Member { token, messaging })
}

fn authorized(request: reqwest::RequestBuilder, token: &str) -> reqwest::RequestBuilder {
    request.bearer_auth(token).header("x-tenant-id", TENANT).header("x-facility-id", FACILITY)
}

/// The customer's new session: its id.
async fn queue(client: &reqwest::Client, base: &str, messaging: &str) -> anyhow::Result<String> {
    let answer: Value = client
        .post(format!("{base}/app-api/customer/server/pool"))
        .header("accessToken", messaging)
        .json(&json!({"status": "1"}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    answer["data"]["data"]["sessionId"].as_str().map(str::to_owned).context("a session id")
}

async fn claim(client: &reqwest::Client, base: &str, agent: &str, session: &str) -> anyhow::Result<()> {
    authorized(client.post(format!("{base}/api/desk/sessions/{session}/claim")), agent).send().await?.error_for_status()?;
    Ok(())
}

/// A customer's message; false when refused.
async fn customer_send(client: &reqwest::Client, base: &str, messaging: &str, session: &str, content: &str) -> bool {
    let request = client
        .post(format!("{base}/app-api/customer/server/message"))
        .header("accessToken", messaging)
        .json(&json!({"sessionId": session, "content": content, "type": 0}));
    request.send().await.is_ok_and(|r| r.status().is_success())
}

/// An agent's message; false when refused.
async fn agent_send(client: &reqwest::Client, base: &str, agent: &str, session: &str, content: &str) -> bool {
    let request = authorized(client.post(format!("{base}/api/desk/sessions/{session}/messages")), agent).json(&json!({"content": content, "type": 0}));
    request.send().await.is_ok_and(|r| r.status().is_success())
}

/// A warm-up message of session `i`, customer's when `i` is even.
#[allow(clippy::too_many_arguments)]
async fn send(
    client: &reqwest::Client,
    customers: &Server,
    agents: &Server,
    customer_members: &[Member],
    agent_members: &[Member],
    session: &str,
    i: usize,
    content: &str,
) -> bool {
    if i.is_multiple_of(2) {
        customer_send(client, &customers.base, &customer_members[i].messaging, session, content).await
    } else {
        agent_send(client, &agents.base, &agent_members[i / (CUSTOMERS / AGENTS)].token, session, content).await
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A customer socket, authenticated (cmd 0 answered).
async fn customer_socket(ws: &str, messaging: &str) -> anyhow::Result<Socket> {
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("{ws}/app-api/im/ws")).await.context("opening a customer socket")?;
    socket.send(Message::text(json!({"cmd": 0, "data": {"accessToken": messaging}}).to_string())).await?;
    loop {
        match tokio::time::timeout(Duration::from_secs(30), socket.next()).await.context("the customer socket's answer")? {
            Some(Ok(Message::Text(text))) => {
                let frame: Value = serde_json::from_str(&text)?;
                if frame["cmd"] == 0 {
                    return Ok(socket);
                }
            }
            Some(Ok(_)) => {}
            other => bail!("the customer socket closed before authenticating: {other:?}"),
        }
    }
}

/// An agent's desk socket, once its first queue arrived.
async fn desk_socket(ws: &str, token: &str) -> anyhow::Result<Socket> {
    let mut request = format!("{ws}/api/desk/ws?tenant={TENANT}").into_client_request()?;
    request.headers_mut().insert("sec-websocket-protocol", format!("waybill.desk.v1, bearer.{token}").parse()?);
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.context("opening a desk socket")?;
    loop {
        match tokio::time::timeout(Duration::from_secs(30), socket.next()).await.context("the desk's first queue")? {
            Some(Ok(Message::Text(_))) => return Ok(socket),
            Some(Ok(_)) => {}
            other => bail!("the desk socket closed before its queue: {other:?}"),
        }
    }
}

/// Notes a delivery of `content` if it is being timed.
fn delivered(content: &str, to_agent: bool, pending: &Pending, deliveries: &Deliveries) {
    if let Some(sent) = pending.lock().expect("pending").remove(content) {
        deliveries.lock().expect("deliveries").push((to_agent, sent.elapsed()));
    }
}

/// Reads a customer socket, heartbeating every 10 s; times the agents' messages (cmd 3).
async fn read_customer(mut socket: Socket, pending: Pending, deliveries: Deliveries) {
    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    heartbeat.tick().await;
    loop {
        tokio::select! {
            _ = heartbeat.tick() => {
                if socket.send(Message::text(json!({"cmd": 1, "data": {}}).to_string())).await.is_err() {
                    return;
                }
            }
            next = socket.next() => match next {
                Some(Ok(Message::Text(text))) => {
                    let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                    if frame["cmd"] == 3 && let Some(content) = frame["data"]["content"].as_str().filter(|c| c.starts_with("a2c ")) {
                        delivered(content, false, &pending, &deliveries);
                    }
                }
                Some(Ok(_)) => {}
                _ => return,
            },
        }
    }
}

/// Reads a desk socket (pings are answered as it reads); times the customers' messages.
async fn read_desk(mut socket: Socket, pending: Pending, deliveries: Deliveries) {
    while let Some(Ok(message)) = socket.next().await {
        let Message::Text(text) = message else { continue };
        // Queue snapshots are large and not timed: skip them unparsed.
        if !text.starts_with("{\"type\":\"message\"") {
            continue;
        }
        let Ok(event) = serde_json::from_str::<Value>(&text) else { continue };
        if let Some(content) = event["message"]["content"].as_str().filter(|c| c.starts_with("c2a ")) {
            delivered(content, true, &pending, &deliveries);
        }
    }
}
