//! Several instances and the event bus, over real sockets: an answer started through one
//! instance is resumed and stopped through another (NATS between them); NATS down at
//! start or going down mid-answer loses nothing and answers a clear 503 for what needs it;
//! the chat-list WebSocket pushes changes, and refuses foreign pages, missing, forged and
//! other tenants' tokens, and a client that does not read.

use crate::common;

use std::net::TcpListener as StdListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::{Session, TestApp, chunks, forged_tokens};
use futures::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{self, Message};
use waybill_server::config::{Config, EventsConfig, Secret, TestingConfig};
use waybill_server::waybill_store::backend_tests;

/// A NATS server of the test's own, on a free port; stopped when dropped.
pub(crate) struct Nats {
    port: u16,
    child: Option<Child>,
}

impl Nats {
    /// Reserves a port without starting the server yet.
    fn reserved() -> Self {
        let port = StdListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        Self { port, child: None }
    }

    pub(crate) fn running() -> Self {
        let mut nats = Self::reserved();
        nats.start();
        nats
    }

    fn start(&mut self) {
        let binary = ["/usr/sbin/nats-server", "/usr/bin/nats-server"].into_iter().find(|p| std::path::Path::new(p).exists()).unwrap_or("nats-server");
        let child = Command::new(binary)
            .args(["-a", "127.0.0.1", "-p", &self.port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server runs (the test command installs it: Debian package nats-server)");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "nats-server did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub(crate) fn url(&self) -> Secret {
        Secret::new(format!("nats://127.0.0.1:{}", self.port))
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        self.stop();
    }
}

fn config(nats: &Nats) -> Config {
    Config { events: EventsConfig { nats_url: Some(nats.url()) }, testing: TestingConfig { proving_family: true }, ..Config::default() }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(60)).build().unwrap()
}

fn authorized(req: reqwest::RequestBuilder, session: &Session) -> reqwest::RequestBuilder {
    req.bearer_auth(&session.access).header("x-tenant-id", &session.tenant).header("x-facility-id", &session.facility)
}

/// Starts an answer through `base` and leaves it running.
async fn start_answer(base: &str, session: &Session, chat: &str, text: &str) -> tokio::task::JoinHandle<String> {
    let body = json!({"id": chat, "model": "waybill-offline", "messages": [common::user_message("u1", text)]});
    let req = authorized(client().post(format!("{base}/api/chat")), session).json(&body);
    tokio::spawn(async move { req.send().await.unwrap().text().await.unwrap() })
}

async fn wait_for_run(app: &TestApp, chat: &str) {
    for _ in 0..500 {
        if app.state.runs.get(chat).is_some() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no answer is running in {chat}");
}

async fn stream_text(res: reqwest::Response) -> String {
    res.text().await.unwrap()
}

backend_tests! {
    async fn an_answer_started_on_one_instance_is_resumed_and_stopped_through_another(store) {
        let nats = Nats::running();
        let a = TestApp::configured(store, config(&nats)).await;
        let b = a.another_instance(config(&nats)).await;
        let (base_a, base_b) = (a.serve().await, b.serve().await);
        let alice = a.login("alice@t1.test").await;

        let started = start_answer(&base_a, &alice, "c-far", "count to 20").await;
        wait_for_run(&a, "c-far").await;
        assert!(b.state.runs.get("c-far").is_none(), "B does not hold it");
        tokio::time::sleep(Duration::from_millis(600)).await;

        let resumed = authorized(client().get(format!("{base_b}/api/chat/c-far/stream")), &alice).send().await.unwrap();
        assert_eq!(resumed.status(), StatusCode::OK);
        assert_eq!(resumed.headers()["content-type"], "text/event-stream");
        let reading = tokio::spawn(stream_text(resumed));
        tokio::time::sleep(Duration::from_millis(600)).await;

        let stop = authorized(client().post(format!("{base_b}/api/chat/c-far/stop")), &alice).send().await.unwrap();
        assert_eq!(stop.status(), StatusCode::OK);
        assert_eq!(stop.json::<Value>().await.unwrap()["stopped"], true);

        let relayed = tokio::time::timeout(Duration::from_secs(15), reading).await.expect("the relayed stream ends").unwrap();
        let (through_b, done) = chunks(&relayed);
        assert!(done, "B relays the end: {relayed}");
        assert_eq!(through_b[0]["type"], "start", "from the beginning");
        let counts = through_b.iter().filter(|c| c["type"] == "data-proving-count").count();
        assert!((2..20).contains(&counts), "{counts} counts relayed, then the stop");
        assert!(through_b.iter().any(|c| c["type"] == "tool-input-error" && c["errorText"] == "Stopped before it finished"));
        let direct = tokio::time::timeout(Duration::from_secs(15), started).await.unwrap().unwrap();
        assert_eq!(chunks(&direct).0, through_b, "A's own reader saw the same answer");

        // Saved by A, read through B.
        let history = authorized(client().get(format!("{base_b}/api/chat-history/c-far")), &alice).send().await.unwrap().json::<Value>().await.unwrap();
        assert_eq!(history["messages"][1]["metadata"]["stopped"], true);
        let nothing = authorized(client().get(format!("{base_b}/api/chat/c-far/stream")), &alice).send().await.unwrap();
        assert_eq!(nothing.status(), StatusCode::NO_CONTENT, "nothing runs anywhere now");

        // Another user cannot reach it through B either.
        let bob = a.login("bob@t1.test").await;
        let start = start_answer(&base_a, &alice, "c-far2", "count to 10").await;
        wait_for_run(&a, "c-far2").await;
        let res = authorized(client().get(format!("{base_b}/api/chat/c-far2/stream")), &bob).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let res = authorized(client().post(format!("{base_b}/api/chat/c-far2/stop")), &bob).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        start.await.unwrap();
    }

    async fn nats_down_at_start_or_mid_answer_loses_nothing_and_says_503_where_it_matters(store) {
        let mut nats = Nats::reserved();
        let a = TestApp::configured(store, config(&nats)).await;
        let b = a.another_instance(config(&nats)).await;
        let (base_a, base_b) = (a.serve().await, b.serve().await);
        let alice = a.login("alice@t1.test").await;

        // Down from the start: each instance answers on its own, and saves.
        let answer = start_answer(&base_a, &alice, "c-alone", "count to two").await;
        wait_for_run(&a, "c-alone").await;
        let res = authorized(client().get(format!("{base_b}/api/chat/c-alone/stream")), &alice).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE, "B cannot ask A");
        assert_eq!(res.json::<Value>().await.unwrap()["code"], "unavailable");
        let text = answer.await.unwrap();
        assert!(text.contains("Counted to 2"), "{text}");

        // NATS comes up: the instances find each other.
        nats.start();
        let answer = start_answer(&base_a, &alice, "c-up", "count to 12").await;
        wait_for_run(&a, "c-up").await;
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let res = authorized(client().get(format!("{base_b}/api/chat/c-up/stream")), &alice).send().await.unwrap();
            if res.status() == StatusCode::OK {
                break;
            }
            assert!(Instant::now() < deadline, "B never reached A through NATS ({})", res.status());
            tokio::time::sleep(Duration::from_millis(200)).await;
        }

        // NATS goes down mid-answer: A finishes and saves; B says 503 meanwhile.
        nats.stop();
        let res = authorized(client().post(format!("{base_b}/api/chat/c-up/stop")), &alice).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        let text = tokio::time::timeout(Duration::from_secs(30), answer).await.unwrap().unwrap();
        assert!(text.contains("Counted to 12") && text.ends_with("data: [DONE]\n\n"), "A completed: {}", &text[text.len().saturating_sub(300)..]);
        let history = authorized(client().get(format!("{base_a}/api/chat-history/c-up")), &alice).send().await.unwrap().json::<Value>().await.unwrap();
        let stored = history["messages"][1]["parts"].as_array().unwrap();
        assert!(stored.iter().any(|p| p["type"] == "tool-provingCountTool" && p["output"]["counted"] == 12), "saved whole");
    }

    async fn the_chat_list_socket_pushes_changes_and_refuses_what_it_should(store) {
        let app = TestApp::new(store).await;
        let base = app.serve().await.replace("http://", "ws://");
        let alice = app.login("alice@t1.test").await;
        let open = |token: &str, tenant: &str, origin: Option<&str>| {
            let mut req = format!("{base}/api/events/ws?tenant={tenant}").into_client_request().unwrap();
            req.headers_mut().insert("sec-websocket-protocol", format!("waybill.events.v1, bearer.{token}").parse().unwrap());
            if let Some(origin) = origin {
                req.headers_mut().insert("origin", origin.parse().unwrap());
            }
            tokio_tungstenite::connect_async(req)
        };
        let refused = |result: Result<_, tungstenite::Error>| match result {
            Err(tungstenite::Error::Http(res)) => res.status().as_u16(),
            Err(other) => panic!("expected an HTTP refusal, got {other}"),
            Ok(_) => panic!("the socket opened"),
        };

        let own_origin = base.replace("ws://", "http://");
        let (mut socket, res) = open(&alice.access, "t1", Some(&own_origin)).await.expect("alice connects");
        assert_eq!(res.headers()["sec-websocket-protocol"], "waybill.events.v1");
        let created = app.call(axum::http::Method::POST, "/api/chat-history", Some(&alice), Some(json!({"messages": [], "model": "waybill-offline", "title": "Yard"}))).await;
        let chat = created.body["id"].as_str().unwrap().to_owned();
        let renamed = app.call(axum::http::Method::PATCH, &format!("/api/chat-history/{chat}"), Some(&alice), Some(json!({"title": "Yard 2"}))).await;
        assert_eq!(renamed.status, StatusCode::NO_CONTENT);
        let mut seen = Vec::new();
        while seen.len() < 2 {
            let message = tokio::time::timeout(Duration::from_secs(5), socket.next()).await.expect("an event arrives").unwrap().unwrap();
            if let Message::Text(text) = message {
                seen.push(serde_json::from_str::<Value>(&text).unwrap());
            }
        }
        assert_eq!(seen, [json!({"kind": "created", "chatId": chat}), json!({"kind": "updated", "chatId": chat})]);
        // Bob's changes are not alice's.
        let bob = app.login("bob@t1.test").await;
        app.call(axum::http::Method::POST, "/api/chat-history", Some(&bob), Some(json!({"messages": [], "model": "waybill-offline"}))).await;
        assert!(tokio::time::timeout(Duration::from_millis(300), socket.next()).await.is_err(), "nothing for alice");
        socket.close(None).await.ok();

        assert_eq!(refused(open(&alice.access, "t1", Some("https://evil.example")).await), 403, "a foreign page");
        let mut bare = format!("{base}/api/events/ws?tenant=t1").into_client_request().unwrap();
        bare.headers_mut().insert("sec-websocket-protocol", "waybill.events.v1".parse().unwrap());
        assert_eq!(refused(tokio_tungstenite::connect_async(bare).await), 401, "no token");
        for (what, token) in forged_tokens(&alice.access) {
            assert_eq!(refused(open(&token, "t1", None).await), 401, "{what}");
        }
        let carol = app.login("carol@t2.test").await;
        assert_eq!(refused(open(&carol.access, "t1", None).await), 403, "another tenant's token");
    }

    async fn a_socket_that_does_not_read_is_closed(store) {
        let app = TestApp::new(store).await;
        let base = app.serve().await.replace("http://", "ws://");
        let alice = app.login("alice@t1.test").await;
        let user = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        let mut req = format!("{base}/api/events/ws?tenant=t1").into_client_request().unwrap();
        req.headers_mut().insert("sec-websocket-protocol", format!("waybill.events.v1, bearer.{}", alice.access).parse().unwrap());
        // A small receive window, so the server's sends back up quickly.
        let (mut socket, _) = tokio_tungstenite::connect_async_with_config(req, None, false).await.unwrap();
        let subject = waybill_server::chat_events::subject("t1", &user);
        let event = serde_json::to_vec(&json!({"kind": "updated", "chatId": "x".repeat(16 * 1024)})).unwrap();
        let total = 4000;
        for _ in 0..total {
            app.state.events.publish(&subject, event.clone()).await.unwrap();
        }
        // Only now read: what got through is bounded, then the server closed.
        tokio::time::sleep(Duration::from_secs(12)).await;
        let mut received = 0;
        let closed = loop {
            match tokio::time::timeout(Duration::from_secs(10), socket.next()).await {
                Ok(Some(Ok(Message::Text(_)))) => received += 1,
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => break true,
                Ok(Some(Ok(_))) => {}
                Err(_) => break false,
            }
        };
        assert!(closed, "the server closed the socket");
        assert!(received < total, "{received} of {total} were kept for a client that did not read");
    }
}
