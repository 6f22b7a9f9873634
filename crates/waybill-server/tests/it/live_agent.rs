//! Live human agents over real sockets (docs/live-agent.md): the whole hand-over from the
//! assistant's offer to the close, create-or-resume and polling, the messaging tokens
//! (401, refresh, rotation, revocation), every refusal — another tenant's agent, another
//! customer's session, foreign pages and bad tokens on the socket, suspended accounts,
//! types, image links, long texts, a flood of messages — HTML kept as text, an agent who
//! leaves mid-conversation, two agents racing for one customer, and a customer and an
//! agent on two instances talking through NATS.

use crate::common;

use std::io::Cursor;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::{Session, TestApp};
use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::{self, Message};
use waybill_server::config::{Config, EventsConfig, LiveAgentConfig};
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_store::{MemberUpdate, NewUser};

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Adds a member of `tenant` (with the agent role when `agent`), signed in.
async fn member(app: &TestApp, email: &str, tenant: &str, facility: &str, agent: bool) -> Session {
    let store = &app.state.store;
    let hash = waybill_server::auth::password::hash(common::PASSWORD).unwrap();
    let name = email.split('@').next().unwrap();
    let user = store.create_user(NewUser { email, password_hash: &hash, first_name: Some(name), user_name: name }).await.unwrap();
    store.grant(&user.id, tenant, &[facility], false).await.unwrap();
    if agent {
        make_agent(app, tenant, &user.id).await;
    }
    app.login(email).await
}

async fn make_agent(app: &TestApp, tenant: &str, user: &str) {
    let update = MemberUpdate { is_admin: None, is_agent: Some(true), suspended: None, facilities: None };
    app.state.store.update_member(tenant, user, &update).await.unwrap().unwrap();
}

async fn user_id(app: &TestApp, email: &str) -> String {
    app.state.store.user_by_email(email).await.unwrap().unwrap().id
}

/// The messaging service's tokens for a Waybill session.
async fn im_login(app: &TestApp, session: &Session) -> Value {
    let req = Request::post("/app-api/iam/login/0")
        .header(header::AUTHORIZATION, format!("Bearer {}", session.access))
        .header("x-tenant-id", &session.tenant)
        .body(Body::empty())
        .unwrap();
    let res = app.send(req).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    assert_eq!((res.body["code"].as_i64(), res.body["msg"].as_str()), (Some(0), Some("success")));
    res.body["data"].clone()
}

/// A call to the messaging service with its `accessToken` header.
async fn im(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> common::Response {
    let mut req = Request::builder().method(method).uri(path).header("accessToken", token);
    let req = match body {
        Some(body) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())).unwrap(),
        None => {
            req = req.header(header::CONTENT_LENGTH, "0");
            req.body(Body::empty()).unwrap()
        }
    };
    app.send(req).await
}

fn access_of(tokens: &Value) -> String {
    tokens["accessToken"].as_str().unwrap().to_owned()
}

/// Creates (or resumes) the caller's session; answers its data.
async fn create(app: &TestApp, token: &str, chat: Option<&str>) -> Value {
    let res = im(app, Method::POST, "/app-api/customer/server/pool", token, Some(json!({"status": "1", "chatId": chat}))).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["data"]["data"].clone()
}

async fn poll(app: &TestApp, token: &str, session: &str) -> common::Response {
    im(app, Method::POST, "/app-api/customer/server/pool", token, Some(json!({"status": "2", "sessionId": session}))).await
}

async fn send(app: &TestApp, token: &str, session: &str, content: &str, kind: i64) -> common::Response {
    im(app, Method::POST, "/app-api/customer/server/message", token, Some(json!({"sessionId": session, "content": content, "type": kind}))).await
}

async fn claim(app: &TestApp, agent: &Session, session: &str) -> common::Response {
    app.call(Method::POST, &format!("/api/desk/sessions/{session}/claim"), Some(agent), None).await
}

/// Opens the customer socket, authenticated.
async fn customer_socket(base: &str, token: &str) -> Socket {
    let mut req = format!("{base}/app-api/im/ws").into_client_request().unwrap();
    req.headers_mut().insert("origin", base.replace("ws://", "http://").parse().unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(req).await.expect("the customer socket opens");
    socket.send(Message::Text(json!({"cmd": 0, "data": {"accessToken": token}}).to_string().into())).await.unwrap();
    let hello = next_json(&mut socket).await;
    assert_eq!(hello["cmd"], 0, "{hello}");
    assert!(hello["data"]["userId"].is_string());
    socket
}

/// Opens an agent's desk socket.
async fn desk_socket(base: &str, agent: &Session) -> Socket {
    let mut req = format!("{base}/api/desk/ws?tenant={}", agent.tenant).into_client_request().unwrap();
    req.headers_mut().insert("sec-websocket-protocol", format!("waybill.desk.v1, bearer.{}", agent.access).parse().unwrap());
    let (mut socket, res) = tokio_tungstenite::connect_async(req).await.expect("the desk socket opens");
    assert_eq!(res.headers()["sec-websocket-protocol"], "waybill.desk.v1");
    assert_eq!(next_json(&mut socket).await["type"], "queue", "the queue first");
    socket
}

/// The next JSON text frame.
async fn next_json(socket: &mut Socket) -> Value {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next()).await.expect("a frame arrives") {
            Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            other => panic!("expected a text frame, got {other:?}"),
        }
    }
}

/// The next JSON frame that `wanted` accepts, skipping others (queue updates, notices).
async fn next_matching(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Value {
    loop {
        let frame = next_json(socket).await;
        if wanted(&frame) {
            return frame;
        }
    }
}

/// The close code the server ends the socket with.
async fn closed_with(socket: &mut Socket) -> u16 {
    loop {
        match tokio::time::timeout(Duration::from_secs(15), socket.next()).await.expect("the socket closes") {
            Some(Ok(Message::Close(Some(frame)))) => return u16::from(frame.code),
            Some(Ok(Message::Close(None))) | None => return 1005,
            Some(Ok(_)) => continue,
            Some(Err(err)) => panic!("the socket failed instead of closing: {err}"),
        }
    }
}

fn png() -> Vec<u8> {
    let image = image::RgbImage::from_fn(4, 4, |x, y| image::Rgb([x as u8 * 40, y as u8 * 40, 90]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image).write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

/// Uploads a file; answers its non-expiring link.
async fn uploaded(app: &TestApp, session: &Session, name: &str, content_type: &str, bytes: &[u8]) -> String {
    let res = common::upload(app, session, "", name, content_type, bytes).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["data"]["non_expire_view_url"].as_str().unwrap().to_owned()
}

fn config(live_agent: LiveAgentConfig) -> Config {
    Config { live_agent, ..Config::default() }
}

backend_tests! {
    async fn the_desk_reads_what_the_customer_said_they_need_over_their_last_question(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        make_agent(&app, "t1", &user_id(&app, "bob@t1.test").await).await;
        common::ask(&app, &alice, "c-need", "I want to talk to a person").await;
        let token = access_of(&im_login(&app, &alice).await);
        let res = im(&app, Method::POST, "/app-api/customer/server/pool", &token, Some(json!({"status": "1", "chatId": "c-need", "question": "  Pallet 7 arrived crushed  "}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let queue = app.call(Method::GET, "/api/desk/queue", Some(&bob), None).await;
        assert_eq!(queue.body[0]["preview"], "Pallet 7 arrived crushed", "{}", queue.text);
    }

    async fn a_customer_hands_over_queues_is_claimed_talks_both_ways_and_is_closed(store) {
        let app = TestApp::new(store).await;
        let base = app.serve().await.replace("http://", "ws://");
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        make_agent(&app, "t1", &user_id(&app, "bob@t1.test").await).await;

        // The assistant offers the button.
        let chunks = common::ask(&app, &alice, "c-hand", "I want to talk to a person").await;
        assert_eq!(common::input_of(&chunks, "connectLiveAgent"), &json!({}));
        assert_eq!(common::output_of(&chunks), &json!({"offered": true, "reason": "The user asked to talk to a person"}));

        let config = app.call(Method::GET, "/api/live-agent/config", Some(&alice), None).await;
        assert_eq!(config.body, json!({"serviceUrl": "", "wsUrl": "/app-api/im/ws", "site": "primary"}));

        let tokens = im_login(&app, &alice).await;
        assert_eq!(tokens["userId"], user_id(&app, "alice@t1.test").await);
        assert_eq!(tokens["nickName"], "alice");
        assert_eq!(tokens["accessTokenExpiresIn"], 1800);
        assert_eq!(tokens["refreshTokenExpiresIn"], 86400);
        let token = access_of(&tokens);
        let created = create(&app, &token, Some("c-hand")).await;
        let id = created["sessionId"].as_str().unwrap().to_owned();
        assert_eq!((created["status"].as_str(), created["position"].as_i64(), created["agentAvailable"].as_bool()), (Some("queued"), Some(1), Some(false)));
        let group = created["groupId"].as_str().unwrap().to_owned();
        // A reload does not queue twice.
        assert_eq!(create(&app, &token, Some("c-hand")).await["sessionId"], id.as_str());
        let polled = poll(&app, &token, &id).await;
        assert_eq!(polled.body["data"]["position"], 1, "{}", polled.text);
        assert_eq!(polled.body["data"]["status"], "queued");

        // The desk sees who waits and why.
        let queue = app.call(Method::GET, "/api/desk/queue", Some(&bob), None).await;
        assert_eq!(queue.status, StatusCode::OK, "{}", queue.text);
        assert_eq!(queue.body[0]["id"], id.as_str());
        assert_eq!(queue.body[0]["customer"], json!({"name": "alice", "email": "alice@t1.test"}));
        assert_eq!(queue.body[0]["preview"], "I want to talk to a person");

        let mut customer = customer_socket(&base, &token).await;
        let mut desk = desk_socket(&base, &bob).await;
        customer.send(Message::Text(json!({"cmd": 1, "data": {"ping": 1}}).to_string().into())).await.unwrap();
        assert_eq!(next_json(&mut customer).await, json!({"cmd": 1, "data": {"ping": 1}}), "the heartbeat is echoed");

        let claimed = claim(&app, &bob, &id).await;
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.text);
        assert_eq!(claimed.body["status"], "active");
        let joined = next_json(&mut customer).await;
        assert_eq!((joined["cmd"].as_i64(), joined["data"]["content"].as_str(), joined["data"]["sender"].as_str()), (Some(4), Some("An agent joined"), Some("system")));
        assert_eq!(joined["data"]["groupId"], group.as_str());
        let session_event = next_matching(&mut desk, |f| f["type"] == "session").await;
        assert_eq!(session_event["session"]["status"], "active");
        let polled = poll(&app, &token, &id).await.body["data"].clone();
        assert_eq!((polled["status"].as_str(), polled["position"].as_i64(), polled["agentAvailable"].as_bool()), (Some("active"), Some(0), Some(true)));

        // Customer → agent: HTML and script links are kept as text, verbatim.
        let html = "<img src=x onerror=alert(1)> <a href=\"javascript:alert(2)\">claim</a>";
        let sent = send(&app, &token, &id, html, 0).await;
        assert_eq!(sent.status, StatusCode::OK, "{}", sent.text);
        let alice_id = user_id(&app, "alice@t1.test").await;
        assert_eq!(sent.body["data"]["sendId"], alice_id.as_str());
        let at_desk = next_matching(&mut desk, |f| f["type"] == "message").await;
        assert_eq!((at_desk["sessionId"].as_str(), at_desk["message"]["content"].as_str()), (Some(id.as_str()), Some(html)));
        assert_eq!(at_desk["message"]["senderKind"], "customer");
        let echoed = next_json(&mut customer).await;
        assert_eq!((echoed["cmd"].as_i64(), echoed["data"]["content"].as_str(), echoed["data"]["sendId"].as_str()), (Some(3), Some(html), Some(alice_id.as_str())));

        // Agent → customer.
        let reply = app.call(Method::POST, &format!("/api/desk/sessions/{id}/messages"), Some(&bob), Some(json!({"content": "Hello, I am looking at your claim.", "type": 0}))).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        let received = next_json(&mut customer).await;
        let bob_id = user_id(&app, "bob@t1.test").await;
        assert_eq!(received["cmd"], 3);
        let wire = &received["data"];
        assert_eq!((wire["content"].as_str(), wire["sender"].as_str(), wire["sendNickName"].as_str()), (Some("Hello, I am looking at your claim."), Some(bob_id.as_str()), Some("bob")));
        for field in ["id", "content", "sender", "sendId", "timestamp", "type", "groupId", "sendNickName", "userAvatar"] {
            assert!(wire.get(field).is_some(), "{field} in {wire}");
        }

        // The desk reads the session with the conversation before the hand-over.
        let detail = app.call(Method::GET, &format!("/api/desk/sessions/{id}"), Some(&bob), None).await;
        assert_eq!(detail.status, StatusCode::OK, "{}", detail.text);
        let kinds: Vec<&str> = detail.body["messages"].as_array().unwrap().iter().map(|m| m["senderKind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["system", "customer", "agent"]);
        assert_eq!(detail.body["conversation"][0]["parts"][0]["text"], "I want to talk to a person");
        assert_eq!(detail.body["conversation"].as_array().unwrap().len(), 2, "the question and the assistant's offer");
        let mine = app.call(Method::GET, "/api/desk/sessions?mine=true", Some(&bob), None).await;
        assert_eq!(mine.body[0]["id"], id.as_str());
        let members = im(&app, Method::GET, &format!("/app-api/group/members/{group}"), &token, None).await;
        assert_eq!(members.body["data"], json!([{"userId": alice_id, "nickName": "alice", "headImage": ""}, {"userId": bob_id, "nickName": "bob", "headImage": ""}]));

        // A socket opened later (the client connects once its poll sees the claim, or comes
        // back after a drop) first hears what the agent and the service said so far, and
        // not the customer's own words.
        let mut later = customer_socket(&base, &token).await;
        let mut replayed = Vec::new();
        for _ in 0..2 {
            let frame = next_json(&mut later).await;
            replayed.push((frame["cmd"].as_i64().unwrap(), frame["data"]["content"].as_str().unwrap().to_owned()));
        }
        assert_eq!(replayed, [(4, "An agent joined".to_owned()), (3, "Hello, I am looking at your claim.".to_owned())]);
        drop(later);

        // Closed with a resolution: the customer is told, and cannot write any more.
        let missing = app.call(Method::POST, &format!("/api/desk/sessions/{id}/close"), Some(&bob), Some(json!({"resolution": "   "}))).await;
        assert_eq!(missing.status, StatusCode::BAD_REQUEST);
        let closed = app.call(Method::POST, &format!("/api/desk/sessions/{id}/close"), Some(&bob), Some(json!({"resolution": "Claim CLM-12 opened"}))).await;
        assert_eq!(closed.status, StatusCode::OK, "{}", closed.text);
        assert_eq!((closed.body["status"].as_str(), closed.body["resolution"].as_str()), (Some("closed"), Some("Claim CLM-12 opened")));
        let end = next_json(&mut customer).await;
        assert_eq!((end["cmd"].as_i64(), end["data"]["sessionId"].as_str()), (Some(2), Some(id.as_str())));
        let late = send(&app, &token, &id, "one more thing", 0).await;
        assert_eq!(late.status, StatusCode::CONFLICT);
        assert_eq!(late.body, json!({"code": 409, "msg": "Cannot send message while in state: closed"}));
        // A new request is a new session.
        assert_ne!(create(&app, &token, None).await["sessionId"], id.as_str());

        let stats = app.call(Method::GET, "/api/desk/stats", Some(&bob), None).await;
        assert_eq!(stats.status, StatusCode::OK, "{}", stats.text);
        assert_eq!((stats.body["queueLength"].as_i64(), stats.body["agentsOnline"].as_i64()), (Some(1), Some(1)));
    }

    async fn the_offline_model_offers_a_person_when_asked_in_any_language(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        for (i, words) in [
            "connect me to a live agent",
            "human agent please",
            "Can I speak to a real person?",
            "Quiero hablar con una persona",
            "Je voudrais parler à un conseiller",
            "Ich möchte mit einem Menschen sprechen",
            "オペレーターと話したい",
            "转人工客服",
            "我要真人客服",
        ]
        .into_iter()
        .enumerate()
        {
            let chunks = common::ask(&app, &alice, &format!("c-person-{i}"), words).await;
            assert_eq!(common::output_of(&chunks)["offered"], true, "{words}: {chunks:#?}");
            assert!(chunks.iter().any(|c| c["type"] == "tool-input-available" && c["toolName"] == "connectLiveAgent"), "{words}");
        }
    }

    async fn the_third_variant_creates_a_session_with_the_users_details(store) {
        let app = TestApp::configured(store, config(LiveAgentConfig { site: "third".into(), ..LiveAgentConfig::default() })).await;
        let alice = app.login("alice@t1.test").await;
        assert_eq!(app.call(Method::GET, "/api/live-agent/config", Some(&alice), None).await.body["site"], "third");
        let token = access_of(&im_login(&app, &alice).await);
        let temp = |body: Value| im(&app, Method::POST, "/app-api/customer/server/temp", &token, Some(body));
        let blank = temp(json!({"email": "a@b.c", "firstName": " ", "lastName": "Lee", "title": "x", "bizType": "UF", "status": "1", "channel": "web"})).await;
        assert_eq!(blank.body, json!({"code": 400, "msg": "User info is required for UNIS live agent"}));
        let res = temp(json!({"email": "ann.lee@carrier.test", "firstName": "Ann", "lastName": "Lee", "title": "Dispatcher", "bizType": "UF", "status": "1", "channel": "web"})).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let alice_id = user_id(&app, "alice@t1.test").await;
        assert_eq!(res.body["data"]["userSessionInfo"], json!({"userId": alice_id, "email": "ann.lee@carrier.test", "firstName": "Ann", "lastName": "Lee"}));
        let data = &res.body["data"]["data"];
        assert_eq!((data["position"].as_i64(), data["agentAvailable"].as_bool(), data["status"].as_str()), (Some(1), Some(false), Some("queued")));
        let erin = member(&app, "erin@t1.test", "t1", "f1", true).await;
        let queue = app.call(Method::GET, "/api/desk/queue", Some(&erin), None).await;
        assert_eq!(queue.body[0]["customer"], json!({"name": "Ann Lee", "email": "ann.lee@carrier.test"}));
    }

    async fn a_reloaded_chat_finds_its_open_session_without_creating_one(store) {
        async fn open(app: &TestApp, session: Option<&Session>, chat: &str) -> common::Response {
            app.call(Method::GET, &format!("/app-api/customer/server/open/{chat}"), session, None).await
        }
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        make_agent(&app, "t1", &user_id(&app, "bob@t1.test").await).await;

        let none = open(&app, Some(&alice), "c-reload").await;
        assert_eq!((none.status, &none.body), (StatusCode::OK, &json!({"code": 0, "msg": "success", "data": {"data": null}})));
        assert_eq!(app.call(Method::GET, "/api/desk/queue", Some(&bob), None).await.body, json!([]), "looking queues nobody");
        let anonymous = open(&app, None, "c-reload").await;
        assert_eq!((anonymous.status, anonymous.body["code"].as_i64()), (StatusCode::UNAUTHORIZED, Some(401)), "{}", anonymous.text);

        let token = access_of(&im_login(&app, &alice).await);
        let created = create(&app, &token, Some("c-reload")).await;
        let id = created["sessionId"].as_str().unwrap();
        let queued = open(&app, Some(&alice), "c-reload").await.body["data"]["data"].clone();
        assert_eq!((queued["sessionId"].as_str(), queued["status"].as_str(), queued["position"].as_i64()), (Some(id), Some("queued"), Some(1)));
        assert_eq!(queued["groupId"], created["groupId"]);
        assert_eq!(open(&app, Some(&alice), "another-chat").await.body["data"]["data"], Value::Null, "her other chats stay with the assistant");
        let odd = open(&app, Some(&alice), "null%2Cnull").await;
        assert_eq!((odd.status, odd.body["code"].as_i64()), (StatusCode::BAD_REQUEST, Some(400)), "a chat id as the document states it: {}", odd.text);
        assert_eq!(open(&app, Some(&bob), "c-reload").await.body["data"]["data"], Value::Null, "another customer's session is not his");

        assert_eq!(claim(&app, &bob, id).await.status, StatusCode::OK);
        let active = open(&app, Some(&alice), "c-reload").await.body["data"]["data"].clone();
        assert_eq!((active["status"].as_str(), active["agentAvailable"].as_bool()), (Some("active"), Some(true)));

        let closed = im(&app, Method::POST, &format!("/app-api/customer/server/close/{id}"), &token, None).await;
        assert_eq!(closed.status, StatusCode::OK, "{}", closed.text);
        assert_eq!(open(&app, Some(&alice), "c-reload").await.body["data"]["data"], Value::Null, "a closed session is not resumed");
    }

    async fn tokens_expire_refresh_once_rotate_and_are_required(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let tokens = im_login(&app, &alice).await;

        for bad in ["", "not-a-token"] {
            let res = im(&app, Method::POST, "/app-api/customer/server/pool", bad, Some(json!({"status": "1"}))).await;
            assert_eq!(res.status, StatusCode::UNAUTHORIZED);
            assert_eq!(res.body["code"], 401);
        }
        let created = create(&app, &access_of(&tokens), None).await;
        let id = created["sessionId"].as_str().unwrap();

        // The access token expires: 401, one refresh, the retry works.
        sqlx::query("UPDATE live_tokens SET expires_at = 0 WHERE kind = 'access'").execute(app.state.store.writes()).await.unwrap();
        assert_eq!(poll(&app, &access_of(&tokens), id).await.status, StatusCode::UNAUTHORIZED);
        let refresh = |refresh_token: Value| im(&app, Method::PUT, "/app-api/refreshToken", "", Some(json!({"refreshToken": refresh_token})));
        let renewed = refresh(tokens["refreshToken"].clone()).await;
        assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.text);
        let renewed = renewed.body["data"].clone();
        assert_ne!(renewed["refreshToken"], tokens["refreshToken"], "the refresh token rotates");
        assert_eq!(poll(&app, &access_of(&renewed), id).await.status, StatusCode::OK);
        // The used refresh token is spent.
        assert_eq!(refresh(tokens["refreshToken"].clone()).await.status, StatusCode::UNAUTHORIZED);
        assert_eq!(refresh(renewed["refreshToken"].clone()).await.status, StatusCode::OK);
        assert_eq!(refresh(json!("")).await.status, StatusCode::UNAUTHORIZED);

        // Signing in needs the Waybill session.
        let res = app.send(Request::post("/app-api/iam/login/0").body(Body::empty()).unwrap()).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
        assert_eq!(res.body["code"], 401);
        for (what, forged) in common::forged_tokens(&alice.access) {
            let req = Request::post("/app-api/iam/login/0").header(header::AUTHORIZATION, format!("Bearer {forged}")).header("x-tenant-id", "t1").body(Body::empty()).unwrap();
            assert_eq!(app.send(req).await.status, StatusCode::UNAUTHORIZED, "{what}");
        }
        let req = Request::post("/app-api/iam/login/0").header(header::AUTHORIZATION, format!("Bearer {}", alice.access)).header("x-tenant-id", "t2").body(Body::empty()).unwrap();
        assert_eq!(app.send(req).await.status, StatusCode::FORBIDDEN, "another tenant");
    }

    async fn other_tenants_and_other_customers_get_404_and_customers_no_desk(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let carol = app.login("carol@t2.test").await;
        make_agent(&app, "t2", &user_id(&app, "carol@t2.test").await).await;
        let dave = member(&app, "dave@t1.test", "t1", "f1", false).await;

        let alice_token = access_of(&im_login(&app, &alice).await);
        let created = create(&app, &alice_token, None).await;
        let (id, group) = (created["sessionId"].as_str().unwrap().to_owned(), created["groupId"].as_str().unwrap().to_owned());

        // Tenant B's agent sees nothing of tenant A's queue and reaches none of it.
        let queue = app.call(Method::GET, "/api/desk/queue", Some(&carol), None).await;
        assert_eq!(queue.body, json!([]), "{}", queue.text);
        for (method, path, body) in [
            (Method::GET, format!("/api/desk/sessions/{id}"), None),
            (Method::POST, format!("/api/desk/sessions/{id}/claim"), None),
            (Method::POST, format!("/api/desk/sessions/{id}/messages"), Some(json!({"content": "hi", "type": 0}))),
            (Method::POST, format!("/api/desk/sessions/{id}/close"), Some(json!({"resolution": "done"}))),
            (Method::GET, "/api/desk/sessions/no-such-session".to_owned(), None),
            (Method::POST, format!("/api/desk/sessions/{}/claim", "x".repeat(300)), None),
        ] {
            let res = app.call(method.clone(), &path, Some(&carol), body).await;
            common::assert_error(&res, StatusCode::NOT_FOUND, "not_found");
        }
        let mine = app.call(Method::GET, "/api/desk/sessions?mine=false", Some(&carol), None).await;
        assert_eq!(mine.body, json!([]));

        // Another customer of the same tenant reaches none of alice's session.
        let dave_token = access_of(&im_login(&app, &dave).await);
        assert_eq!(poll(&app, &dave_token, &id).await.status, StatusCode::NOT_FOUND);
        let res = send(&app, &dave_token, &id, "hello", 0).await;
        assert_eq!((res.status, &res.body), (StatusCode::NOT_FOUND, &json!({"code": 404, "msg": "Session not found"})));
        assert_eq!(im(&app, Method::POST, &format!("/app-api/customer/server/close/{id}"), &dave_token, None).await.status, StatusCode::NOT_FOUND);
        assert_eq!(im(&app, Method::GET, &format!("/app-api/group/members/{group}"), &dave_token, None).await.status, StatusCode::NOT_FOUND);
        // Carol's messaging token is tenant B's.
        let carol_token = access_of(&im_login(&app, &carol).await);
        assert_eq!(poll(&app, &carol_token, &id).await.status, StatusCode::NOT_FOUND);

        // A member without the agent role has no desk; stats are for agents and admins.
        for path in ["/api/desk/queue", "/api/desk/me", "/api/desk/sessions", "/api/desk/stats"] {
            common::assert_error(&app.call(Method::GET, path, Some(&alice), None).await, StatusCode::FORBIDDEN, "forbidden");
        }
        let base = app.serve().await.replace("http://", "ws://");
        let mut req = format!("{base}/api/desk/ws?tenant=t1").into_client_request().unwrap();
        req.headers_mut().insert("sec-websocket-protocol", format!("waybill.desk.v1, bearer.{}", alice.access).parse().unwrap());
        match tokio_tungstenite::connect_async(req).await {
            Err(tungstenite::Error::Http(res)) => assert_eq!(res.status(), 403),
            other => panic!("a customer opened the desk: {:?}", other.map(|_| ())),
        }

        // The customer closes their own session.
        let closed = im(&app, Method::POST, &format!("/app-api/customer/server/close/{id}"), &alice_token, None).await;
        assert_eq!(closed.status, StatusCode::OK, "{}", closed.text);
        assert_eq!(poll(&app, &alice_token, &id).await.body["data"]["status"], "closed");

        // Canned replies are the tenant's.
        let added = app.call(Method::POST, "/api/desk/canned", Some(&carol), Some(json!({"title": "Greeting", "text": "Hello! How can I help?"}))).await;
        assert_eq!(added.status, StatusCode::CREATED, "{}", added.text);
        let canned_id = added.body["id"].as_str().unwrap().to_owned();
        assert_eq!(app.call(Method::GET, "/api/desk/me", Some(&carol), None).await.body["canned"][0]["title"], "Greeting");
        make_agent(&app, "t1", &user_id(&app, "dave@t1.test").await).await;
        let dave_agent = app.login("dave@t1.test").await;
        assert_eq!(app.call(Method::GET, "/api/desk/canned", Some(&dave_agent), None).await.body, json!([]));
        let res = app.call(Method::DELETE, &format!("/api/desk/canned/{canned_id}"), Some(&dave_agent), None).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
        assert_eq!(app.call(Method::DELETE, &format!("/api/desk/canned/{canned_id}"), Some(&carol), None).await.status, StatusCode::NO_CONTENT);
    }

    async fn messages_are_checked_and_a_flood_is_refused_for_that_customer_only(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let bob = member(&app, "erin@t1.test", "t1", "f1", true).await;
        let dave = member(&app, "dave@t1.test", "t1", "f1", false).await;
        let carol = app.login("carol@t2.test").await;
        let alice_token = access_of(&im_login(&app, &alice).await);
        let dave_token = access_of(&im_login(&app, &dave).await);

        let id = create(&app, &alice_token, None).await["sessionId"].as_str().unwrap().to_owned();
        let res = send(&app, &alice_token, &id, "anyone there?", 0).await;
        assert_eq!(res.body, json!({"code": 409, "msg": "Cannot send message while in state: queued"}));
        assert_eq!(claim(&app, &bob, &id).await.status, StatusCode::OK);
        let dave_id = create(&app, &dave_token, None).await["sessionId"].as_str().unwrap().to_owned();
        assert_eq!(claim(&app, &bob, &dave_id).await.status, StatusCode::OK);

        let image = uploaded(&app, &alice, "pallet.png", "image/png", &png()).await;
        let text_file = uploaded(&app, &alice, "notes.txt", "text/plain", b"not an image").await;
        let foreign = uploaded(&app, &carol, "other.png", "image/png", &png()).await;
        for (content, kind, why) in [
            ("a file", 2, "type 2"),
            ("hello", 7, "another type"),
            ("hello", -1, "a negative type"),
            ("https://elsewhere.example/pallet.png", 1, "not a Waybill link"),
            ("javascript:alert(1)", 1, "a script link"),
            (text_file.as_str(), 1, "not an image"),
            (foreign.as_str(), 1, "another tenant's image"),
            ("   ", 0, "blank"),
            ("a\u{0}b", 0, "a NUL"),
        ] {
            let res = send(&app, &alice_token, &id, content, kind).await;
            assert_eq!(res.status, StatusCode::BAD_REQUEST, "{why}: {}", res.text);
            assert_eq!(res.body["code"], 400, "{why}");
        }
        let long = "x".repeat(4_001);
        assert_eq!(send(&app, &alice_token, &id, &long, 0).await.status, StatusCode::BAD_REQUEST);
        assert_eq!(send(&app, &alice_token, &id, &"x".repeat(4_000), 0).await.status, StatusCode::OK);
        for body in [json!({"sessionId": id, "content": "hi", "type": "0"}), json!({"sessionId": id, "content": "hi"}), json!({"sessionId": id, "content": 5, "type": 0})] {
            assert_eq!(im(&app, Method::POST, "/app-api/customer/server/message", &alice_token, Some(body)).await.status, StatusCode::BAD_REQUEST);
        }
        assert_eq!(send(&app, &alice_token, &id, &image, 1).await.status, StatusCode::OK, "an image of the tenant");
        let res = app.call(Method::POST, &format!("/api/desk/sessions/{id}/messages"), Some(&bob), Some(json!({"content": "a file", "type": 2}))).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "the desk is checked the same: {}", res.text);

        // 10,000 messages in a minute: the first ones up to the limit pass, the rest are 429.
        let results: Vec<common::Response> = futures::stream::iter(0..10_000)
            .map(|i| {
                let (app, token, id) = (&app, &alice_token, &id);
                async move { send(app, token, id, &format!("message {i}"), 0).await }
            })
            .buffer_unordered(16)
            .collect()
            .await;
        let passed = results.iter().filter(|r| r.status == StatusCode::OK).count();
        assert_eq!(passed, 60 - 2, "two were sent before the flood");
        let refused = results.iter().find(|r| r.status == StatusCode::TOO_MANY_REQUESTS).unwrap();
        assert_eq!(refused.body["code"], 429);
        let retry: u64 = refused.headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry), "{retry}");
        assert!(results.iter().all(|r| r.status == StatusCode::OK || r.status == StatusCode::TOO_MANY_REQUESTS));
        // Another customer is not affected.
        assert_eq!(send(&app, &dave_token, &dave_id, "my turn", 0).await.status, StatusCode::OK);
    }

    async fn sockets_refuse_foreign_pages_and_bad_tokens_and_close_when_the_account_is_suspended(store) {
        let app = TestApp::new(store).await;
        let base = app.serve().await.replace("http://", "ws://");
        let alice = app.login("alice@t1.test").await;
        let alice_id = user_id(&app, "alice@t1.test").await;
        app.state.store.update_member("t1", &alice_id, &MemberUpdate { is_admin: Some(true), is_agent: None, suspended: None, facilities: None }).await.unwrap();
        let dave = member(&app, "dave@t1.test", "t1", "f1", false).await;
        let erin = member(&app, "erin@t1.test", "t1", "f1", true).await;
        let dave_token = access_of(&im_login(&app, &dave).await);

        // A foreign page.
        let mut req = format!("{base}/app-api/im/ws").into_client_request().unwrap();
        req.headers_mut().insert("origin", "https://evil.example".parse().unwrap());
        match tokio_tungstenite::connect_async(req).await {
            Err(tungstenite::Error::Http(res)) => assert_eq!(res.status(), 403),
            other => panic!("a foreign page connected: {:?}", other.map(|_| ())),
        }
        // No token, a wrong one, an expired one, a wrong first frame: 4401.
        let expired = access_of(&im_login(&app, &dave).await);
        sqlx::query("UPDATE live_tokens SET expires_at = 1 WHERE token_hash = $1")
            .bind(waybill_server::waybill_store::sha256_hex(&expired))
            .execute(app.state.store.writes())
            .await
            .unwrap();
        for first in [json!({"cmd": 0, "data": {}}), json!({"cmd": 0, "data": {"accessToken": "forged"}}), json!({"cmd": 0, "data": {"accessToken": expired}}), json!({"cmd": 1, "data": {"accessToken": dave_token}})] {
            let (mut socket, _) = tokio_tungstenite::connect_async(format!("{base}/app-api/im/ws")).await.unwrap();
            socket.send(Message::Text(first.to_string().into())).await.unwrap();
            assert_eq!(closed_with(&mut socket).await, 4401, "{first}");
        }
        // Silence instead of a first frame: 4401 after 10 seconds.
        let (mut silent, _) = tokio_tungstenite::connect_async(format!("{base}/app-api/im/ws")).await.unwrap();
        assert_eq!(closed_with(&mut silent).await, 4401);

        // Suspended: open sockets close with 4403, tokens stop working, new sockets are refused.
        let mut customer = customer_socket(&base, &dave_token).await;
        let mut desk = desk_socket(&base, &erin).await;
        let dave_id = user_id(&app, "dave@t1.test").await;
        let res = app.call(Method::PATCH, &format!("/api/admin/users/{dave_id}"), Some(&alice), Some(json!({"status": "suspended"}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!(closed_with(&mut customer).await, 4403);
        assert_eq!(im(&app, Method::POST, "/app-api/customer/server/pool", &dave_token, Some(json!({"status": "1"}))).await.status, StatusCode::UNAUTHORIZED);
        let (mut again, _) = tokio_tungstenite::connect_async(format!("{base}/app-api/im/ws")).await.unwrap();
        again.send(Message::Text(json!({"cmd": 0, "data": {"accessToken": dave_token}}).to_string().into())).await.unwrap();
        assert_eq!(closed_with(&mut again).await, 4401);
        // Removed from the tenant: the agent's desk closes too.
        let erin_id = user_id(&app, "erin@t1.test").await;
        let res = app.call(Method::DELETE, &format!("/api/admin/users/{erin_id}"), Some(&alice), None).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text);
        assert_eq!(closed_with(&mut desk).await, 4403);
    }

    async fn an_agent_who_leaves_mid_conversation_hands_it_back_to_the_queue(store) {
        let app = TestApp::configured(store, config(LiveAgentConfig { agent_grace_seconds: 1, ..LiveAgentConfig::default() })).await;
        let base = app.serve().await.replace("http://", "ws://");
        let alice = app.login("alice@t1.test").await;
        let erin = member(&app, "erin@t1.test", "t1", "f1", true).await;
        let token = access_of(&im_login(&app, &alice).await);
        let id = create(&app, &token, None).await["sessionId"].as_str().unwrap().to_owned();
        let mut customer = customer_socket(&base, &token).await;
        let mut desk = desk_socket(&base, &erin).await;
        assert_eq!(claim(&app, &erin, &id).await.status, StatusCode::OK);
        assert_eq!(next_json(&mut customer).await["data"]["content"], "An agent joined");
        assert_eq!(send(&app, &token, &id, "my pallet is damaged", 0).await.status, StatusCode::OK);
        next_json(&mut customer).await;

        // Back within the grace period: nothing changes.
        desk.close(None).await.unwrap();
        let _desk = desk_socket(&base, &erin).await;
        tokio::time::sleep(Duration::from_millis(1_600)).await;
        assert_eq!(poll(&app, &token, &id).await.body["data"]["status"], "active");
        drop(_desk);

        // Gone for good: a notice, and the conversation waits in the queue, ahead of newer customers.
        let notice = next_json(&mut customer).await;
        assert_eq!(notice["cmd"], 4);
        assert_eq!(notice["data"]["content"], "The agent was disconnected. You are back in the queue for the next available agent.");
        let polled = poll(&app, &token, &id).await.body["data"].clone();
        assert_eq!((polled["status"].as_str(), polled["position"].as_i64()), (Some("queued"), Some(1)));
        let dave = member(&app, "dave@t1.test", "t1", "f1", false).await;
        create(&app, &access_of(&im_login(&app, &dave).await), None).await;
        let queue = app.call(Method::GET, "/api/desk/queue", Some(&erin), None).await;
        assert_eq!(queue.body[0]["id"], id.as_str(), "first, before a newer customer");
        let detail = app.call(Method::GET, &format!("/api/desk/sessions/{id}"), Some(&erin), None).await;
        assert_eq!(detail.body["messages"][1]["content"], "my pallet is damaged", "nothing lost");
    }

    async fn an_agent_who_leaves_ends_the_conversation_when_so_configured(store) {
        let live = LiveAgentConfig { agent_grace_seconds: 1, agent_gone: "close".into(), ..LiveAgentConfig::default() };
        let app = TestApp::configured(store, config(live)).await;
        let base = app.serve().await.replace("http://", "ws://");
        let alice = app.login("alice@t1.test").await;
        let erin = member(&app, "erin@t1.test", "t1", "f1", true).await;
        let token = access_of(&im_login(&app, &alice).await);
        let id = create(&app, &token, None).await["sessionId"].as_str().unwrap().to_owned();
        let mut customer = customer_socket(&base, &token).await;
        let desk = desk_socket(&base, &erin).await;
        assert_eq!(claim(&app, &erin, &id).await.status, StatusCode::OK);
        next_json(&mut customer).await;
        drop(desk);
        let notice = next_json(&mut customer).await;
        assert_eq!((notice["cmd"].as_i64(), notice["data"]["content"].as_str()), (Some(4), Some("The agent was disconnected and the conversation has ended.")));
        assert_eq!(next_json(&mut customer).await["cmd"], 2);
        assert_eq!(poll(&app, &token, &id).await.body["data"]["status"], "closed");
    }

    async fn of_two_agents_claiming_at_once_one_wins(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let erin = member(&app, "erin@t1.test", "t1", "f1", true).await;
        let frank = member(&app, "frank@t1.test", "t1", "f1", true).await;
        let token = access_of(&im_login(&app, &alice).await);
        for _ in 0..5 {
            let id = create(&app, &token, None).await["sessionId"].as_str().unwrap().to_owned();
            let (a, b) = tokio::join!(claim(&app, &erin, &id), claim(&app, &frank, &id));
            let mut statuses = [a.status, b.status];
            statuses.sort();
            assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{} / {}", a.text, b.text);
            let loser = if a.status == StatusCode::CONFLICT { a } else { b };
            common::assert_error(&loser, StatusCode::CONFLICT, "conflict");
            assert_eq!(im(&app, Method::POST, &format!("/app-api/customer/server/close/{id}"), &token, None).await.status, StatusCode::OK);
        }
    }

    async fn a_customer_on_one_instance_and_an_agent_on_another_talk_through_nats(store) {
        let nats = crate::instances::Nats::running();
        let with_nats = || Config { events: EventsConfig { nats_url: Some(nats.url()) }, ..Config::default() };
        let a = TestApp::configured(store, with_nats()).await;
        let b = a.another_instance(with_nats()).await;
        let (base_a, base_b) = (a.serve().await.replace("http://", "ws://"), b.serve().await.replace("http://", "ws://"));
        let alice = a.login("alice@t1.test").await;
        let erin = member(&a, "erin@t1.test", "t1", "f1", true).await;
        let token = access_of(&im_login(&a, &alice).await);
        let id = create(&a, &token, None).await["sessionId"].as_str().unwrap().to_owned();

        let mut customer = customer_socket(&base_a, &token).await;
        let mut desk = desk_socket(&base_b, &erin).await;
        // The instances find each other through NATS.
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(claim(&b, &erin, &id).await.status, StatusCode::OK);
        assert_eq!(next_json(&mut customer).await["data"]["content"], "An agent joined", "B's claim reaches A's customer");

        assert_eq!(send(&a, &token, &id, "Trailer 53 is at door 4", 0).await.status, StatusCode::OK);
        let at_desk = next_matching(&mut desk, |f| f["type"] == "message" && f["message"]["senderKind"] == "customer").await;
        assert_eq!(at_desk["message"]["content"], "Trailer 53 is at door 4");
        let reply = b.call(Method::POST, &format!("/api/desk/sessions/{id}/messages"), Some(&erin), Some(json!({"content": "On my way", "type": 0}))).await;
        assert_eq!(reply.status, StatusCode::OK);
        let received = next_matching(&mut customer, |f| f["data"]["content"] == "On my way").await;
        assert_eq!(received["cmd"], 3);

        // Revoked on A: B's desk socket of that agent closes.
        let alice_id = user_id(&a, "alice@t1.test").await;
        a.state.store.update_member("t1", &alice_id, &MemberUpdate { is_admin: Some(true), is_agent: None, suspended: None, facilities: None }).await.unwrap();
        let erin_id = user_id(&a, "erin@t1.test").await;
        let res = a.call(Method::PATCH, &format!("/api/admin/users/{erin_id}"), Some(&alice), Some(json!({"status": "suspended"}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!(closed_with(&mut desk).await, 4403);
    }
}
