//! The chat list's socket (`/api/events/ws`) of a member who is suspended or removed
//! closes with 4403, as every other socket does — on the instance that made the change
//! and, through NATS, on another; other members' sockets stay open and keep hearing.

use crate::common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp};
use futures::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use waybill_server::config::{Config, EventsConfig};
use waybill_server::waybill_store::{MemberUpdate, NewUser, backend_tests};

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn admin(app: &TestApp) -> Session {
    let id = user_id(app, "alice@t1.test").await;
    let update = MemberUpdate { is_admin: Some(true), is_agent: None, suspended: None, facilities: None };
    app.state.store.update_member("t1", &id, &update).await.unwrap().unwrap();
    app.login("alice@t1.test").await
}

async fn member(app: &TestApp, email: &str) -> Session {
    let hash = waybill_server::auth::password::hash(common::PASSWORD).unwrap();
    let name = email.split('@').next().unwrap();
    let user = app.state.store.create_user(NewUser { email, password_hash: &hash, first_name: Some(name), user_name: name }).await.unwrap();
    app.state.store.grant(&user.id, "t1", &["f1"], false).await.unwrap();
    app.login(email).await
}

async fn user_id(app: &TestApp, email: &str) -> String {
    app.state.store.user_by_email(email).await.unwrap().unwrap().id
}

/// The chat list's socket of `session`, open.
async fn events_socket(base: &str, session: &Session) -> Socket {
    let mut req = format!("{base}/api/events/ws?tenant={}", session.tenant).into_client_request().unwrap();
    req.headers_mut().insert("sec-websocket-protocol", format!("waybill.events.v1, bearer.{}", session.access).parse().unwrap());
    let (socket, _) = tokio_tungstenite::connect_async(req).await.expect("the events socket opens");
    socket
}

/// The close code the server ends the socket with (events before it are skipped).
async fn closed_with(socket: &mut Socket) -> u16 {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next()).await.expect("the socket closes") {
            Some(Ok(Message::Close(Some(frame)))) => return u16::from(frame.code),
            Some(Ok(Message::Close(None))) | None => return 1005,
            Some(Ok(_)) => continue,
            Some(Err(err)) => panic!("the socket failed instead of closing: {err}"),
        }
    }
}

/// The next chat-list event.
async fn next_event(socket: &mut Socket) -> Value {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next()).await.expect("an event arrives") {
            Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            other => panic!("expected an event, got {other:?}"),
        }
    }
}

async fn new_chat(app: &TestApp, session: &Session) -> String {
    let res = app.call(Method::POST, "/api/chat-history", Some(session), Some(json!({"messages": [], "model": "waybill-offline"}))).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text);
    res.body["id"].as_str().unwrap().to_owned()
}

backend_tests! {
    async fn a_suspended_or_removed_members_chat_list_socket_closes_with_4403(store) {
        let app = TestApp::new(store).await;
        let base = app.serve().await.replace("http://", "ws://");
        let alice = admin(&app).await;
        let dave = member(&app, "dave@t1.test").await;
        let erin = member(&app, "erin@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let mut daves = events_socket(&base, &dave).await;
        let mut erins = events_socket(&base, &erin).await;
        let mut bobs = events_socket(&base, &bob).await;
        // Open and hearing.
        let chat = new_chat(&app, &dave).await;
        assert_eq!(next_event(&mut daves).await, json!({"kind": "created", "chatId": chat}));

        let dave_id = user_id(&app, "dave@t1.test").await;
        let res = app.call(Method::PATCH, &format!("/api/admin/users/{dave_id}"), Some(&alice), Some(json!({"status": "suspended"}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!(closed_with(&mut daves).await, 4403, "suspended");

        let erin_id = user_id(&app, "erin@t1.test").await;
        let res = app.call(Method::DELETE, &format!("/api/admin/users/{erin_id}"), Some(&alice), None).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text);
        assert_eq!(closed_with(&mut erins).await, 4403, "removed");

        // Bob's socket is not touched, and still hears his own changes.
        let chat = new_chat(&app, &bob).await;
        assert_eq!(next_event(&mut bobs).await, json!({"kind": "created", "chatId": chat}));
        // A suspended member cannot open a new one.
        let mut req = format!("{base}/api/events/ws?tenant=t1").into_client_request().unwrap();
        req.headers_mut().insert("sec-websocket-protocol", format!("waybill.events.v1, bearer.{}", dave.access).parse().unwrap());
        assert!(tokio_tungstenite::connect_async(req).await.is_err(), "a suspended member's socket is refused");
    }

    async fn a_member_suspended_on_one_instance_loses_the_socket_held_by_another(store) {
        let nats = crate::instances::Nats::running();
        let with_nats = || Config { events: EventsConfig { nats_url: Some(nats.url()) }, ..Config::default() };
        let a = TestApp::configured(store, with_nats()).await;
        let b = a.another_instance(with_nats()).await;
        let base_b = b.serve().await.replace("http://", "ws://");
        let alice = admin(&a).await;
        let dave = member(&a, "dave@t1.test").await;
        let mut daves = events_socket(&base_b, &dave).await;
        // The instances hear each other: a change made through A reaches B's socket.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let chat = new_chat(&a, &dave).await;
        assert_eq!(next_event(&mut daves).await, json!({"kind": "created", "chatId": chat}));

        let dave_id = user_id(&a, "dave@t1.test").await;
        let res = a.call(Method::PATCH, &format!("/api/admin/users/{dave_id}"), Some(&alice), Some(json!({"status": "suspended"}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!(closed_with(&mut daves).await, 4403, "B closed it");
    }
}
