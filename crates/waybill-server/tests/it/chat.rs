//! `POST /api/chat` end to end on the offline model: the UI message stream, what is
//! stored, ownership, bad input, stop, resume, disconnects and duplicate requests.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::{Session, TestApp, assert_error, chunks, user_message};
use futures::future::BoxFuture;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tokio::sync::{Notify, Semaphore};
use tower::ServiceExt;
use waybill_families::time::TimeTool;
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Registry, SystemClock, Tool, ToolContext, ToolError, typed};

/// A tool that waits until the test lets it finish, so a run can be observed mid-way.
struct GateTool {
    started: Arc<Notify>,
    gate: Arc<Semaphore>,
}

impl Tool for GateTool {
    fn name(&self) -> &str {
        "gateTool"
    }
    fn description(&self) -> &str {
        "Waits for the gate to open"
    }
    fn input_schema(&self) -> Value {
        json!({"type": "object", "properties": {}})
    }
    fn keywords(&self) -> &[&str] {
        &["gate"]
    }
    fn execute<'a>(&'a self, _input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            self.started.notify_one();
            let _permit = self.gate.acquire().await.map_err(|e| ToolError::Failed(e.to_string()))?;
            Ok(json!({"opened": true}))
        })
    }
    fn summarize(&self, _output: &Value, _lang: waybill_server::waybill_tools::lang::Lang) -> Option<String> {
        Some("The gate opened.".into())
    }
}

struct Gated {
    app: TestApp,
    started: Arc<Notify>,
    gate: Arc<Semaphore>,
}

async fn gated(store: waybill_server::waybill_store::Store) -> Gated {
    let started = Arc::new(Notify::new());
    let gate = Arc::new(Semaphore::new(0));
    let tools = Registry::new(vec![typed(TimeTool::new(Arc::new(SystemClock))), Arc::new(GateTool { started: started.clone(), gate: gate.clone() })]);
    let app = TestApp::build(store, Config::default(), tools).await;
    Gated { app, started, gate }
}

fn chat_body(id: &str, messages: Value) -> Value {
    json!({"id": id, "messages": messages, "model": "waybill-offline", "trigger": "submit-message"})
}

fn types(chunks: &[Value]) -> Vec<&str> {
    chunks.iter().map(|c| c["type"].as_str().unwrap()).collect()
}

fn request(path: &str, session: &Session, body: Option<Value>) -> Request<Body> {
    let req = Request::builder()
        .method(if body.is_some() { Method::POST } else { Method::GET })
        .uri(path)
        .header(header::AUTHORIZATION, format!("Bearer {}", session.access))
        .header("x-tenant-id", &session.tenant)
        .header("x-facility-id", &session.facility)
        .header("x-timezone", "Asia/Tokyo");
    match body {
        Some(body) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())).unwrap(),
        None => req.body(Body::empty()).unwrap(),
    }
}

/// Starts a request and answers its response as soon as the headers are there.
async fn open(app: &TestApp, req: Request<Body>) -> axum::response::Response {
    app.router.clone().oneshot(req).await.unwrap()
}

async fn body_text(res: axum::response::Response) -> String {
    String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap()
}

async fn stored(app: &TestApp, session: &Session, chat: &str) -> Vec<Value> {
    let res = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(session), None).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["messages"].as_array().unwrap().clone()
}

async fn wait_until_finished(app: &TestApp, chat: &str) {
    for _ in 0..500 {
        if app.state.runs.get(chat).is_none() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the run for {chat} did not finish");
}

backend_tests! {
    async fn the_offline_model_answers_with_a_tool_card_and_the_answer_is_stored(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(chat_body("c-time", json!([user_message("u1", "What time is it in Tokyo?")])))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!(res.headers[header::CONTENT_TYPE], "text/event-stream");
        assert_eq!(res.headers["x-vercel-ai-ui-message-stream"], "v1");
        assert_eq!(res.headers[header::CACHE_CONTROL], "no-cache");
        let (chunks, done) = chunks(&res.text);
        assert!(done, "the stream ends with [DONE]");
        let kinds = types(&chunks);
        assert_eq!(kinds.first(), Some(&"start"));
        assert_eq!(kinds.last(), Some(&"finish"));
        assert_eq!(kinds.iter().filter(|k| **k == "start-step").count(), 2, "a step for the tool call and one for the answer: {kinds:?}");
        let call = chunks.iter().find(|c| c["type"] == "tool-input-available").expect("a tool call");
        assert_eq!((call["toolName"].as_str(), call["providerExecuted"].as_bool()), (Some("timeTool"), Some(true)));
        assert_eq!(call["input"]["timezone"], "Asia/Tokyo");
        let output = chunks.iter().find(|c| c["type"] == "tool-output-available").expect("a tool result");
        assert_eq!(output["toolCallId"], call["toolCallId"]);
        assert_eq!(output["output"]["timezone"], "Asia/Tokyo");
        let text: String = chunks.iter().filter(|c| c["type"] == "text-delta").map(|c| c["delta"].as_str().unwrap()).collect();
        assert!(text.contains("Tokyo") || text.contains("Asia/Tokyo"), "{text}");
        let message_id = chunks[0]["messageId"].as_str().unwrap().to_owned();
        assert_eq!(chunks[0]["messageMetadata"]["model"], "waybill-offline");

        let messages = stored(&app, &alice, "c-time").await;
        assert_eq!(messages.len(), 2);
        assert_eq!(messages[0]["id"], "u1");
        assert_eq!(messages[0]["metadata"], json!({"k": [1, 2]}), "the user message is stored byte for byte");
        let answer = &messages[1];
        assert_eq!((answer["id"].as_str(), answer["role"].as_str()), (Some(message_id.as_str()), Some("assistant")));
        let parts = answer["parts"].as_array().unwrap();
        let tool = parts.iter().find(|p| p["type"] == "tool-timeTool").expect("the tool part is stored");
        assert_eq!(tool["state"], "output-available");
        let stored_text: String = parts.iter().filter(|p| p["type"] == "text").map(|p| p["text"].as_str().unwrap()).collect();
        assert_eq!(stored_text, text, "the stored answer is what was streamed");
        assert!(parts.iter().filter(|p| p["type"] == "text").all(|p| p["state"] == "done"));

        let list = app.call(Method::GET, "/api/chat-history", Some(&alice), None).await;
        assert_eq!(list.body[0]["title"], "What time is it in Tokyo?", "the chat got its title from the first message");
        let chat = app.call(Method::GET, "/api/chat-history/c-time", Some(&alice), None).await;
        assert_eq!(chat.body["model"], "waybill-offline", "the chat remembers its model");
    }

    async fn the_offline_model_answers_in_the_interface_language_and_tells_users_from_admins(store) {
        let app = TestApp::new(store).await;
        let said = |session: Session, chat: &'static str, question: &'static str, language: &'static str| {
            let app = &app;
            async move {
                let mut req = request("/api/chat", &session, Some(chat_body(chat, json!([user_message("u1", question)]))));
                req.headers_mut().insert(header::ACCEPT_LANGUAGE, language.parse().unwrap());
                let res = open(app, req).await;
                assert_eq!(res.status(), StatusCode::OK);
                let (chunks, _) = chunks(&body_text(res).await);
                chunks.iter().filter(|c| c["type"] == "text-delta").map(|c| c["delta"].as_str().unwrap().to_owned()).collect::<String>()
            }
        };
        let bob = app.login("bob@t1.test").await;
        let text = said(bob.clone(), "c-de", "Plane die Schicht für morgen", "de-DE,de;q=0.9,en;q=0.5").await;
        assert!(text.starts_with("Es ist noch kein KI-Anbieter eingerichtet"), "{text}");
        assert!(!text.contains("OPENAI_API_KEY") && !text.contains("waybill.toml"), "no setup details for a user: {text}");
        let text = said(bob.clone(), "c-ja", "東京は今何時ですか？", "ja").await;
        assert!(text.contains("Asia/Tokyo") && text.contains("です"), "the time in Japanese: {text}");
        assert!(!text.contains("timeTool"), "tools are named in words: {text}");

        let alice = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap();
        app.state.store.grant(&alice.id, "t1", &["f1", "f2"], true).await.unwrap();
        let admin = app.login("alice@t1.test").await;
        let text = said(admin, "c-fr", "Planifie les quais pour demain", "fr").await;
        assert!(text.contains("OPENAI_API_KEY") && text.contains("waybill.toml"), "an admin reads how to add one: {text}");
        assert!(text.starts_with("Aucun fournisseur d'IA"), "{text}");
    }

    async fn a_message_that_was_answered_is_not_answered_twice(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let body = chat_body("c-dup", json!([user_message("u1", "time in Paris")]));
        assert_eq!(app.call(Method::POST, "/api/chat", Some(&alice), Some(body.clone())).await.status, StatusCode::OK);
        let again = app.call(Method::POST, "/api/chat", Some(&alice), Some(body.clone())).await;
        assert_error(&again, StatusCode::CONFLICT, "conflict");
        assert_eq!(stored(&app, &alice, "c-dup").await.len(), 2, "still one answer");

        // Regenerating is the user asking for a new answer on purpose.
        let messages = json!([user_message("u1", "time in Paris")]);
        let regenerate = json!({"id": "c-dup", "messages": messages, "model": "waybill-offline", "trigger": "regenerate-message"});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(regenerate)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let after = stored(&app, &alice, "c-dup").await;
        assert_eq!(after.len(), 2, "the old answer is replaced, not kept beside the new one");

        // Edit and resend: the same id with other words is a new question.
        let edited = json!({"id": "c-dup", "messages": [user_message("u1", "time in Tokyo")], "model": "waybill-offline", "trigger": "submit-message", "messageId": "u1"});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(edited)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        wait_until_finished(&app, "c-dup").await;
        let after = stored(&app, &alice, "c-dup").await;
        assert_eq!(after.len(), 2);
        assert_eq!(after[0]["parts"][0]["text"], "time in Tokyo");
        assert!(after[1]["parts"].to_string().contains("Asia/Tokyo"), "answered anew: {}", after[1]);
    }

    async fn the_same_request_while_running_joins_the_running_answer(store) {
        let Gated { app, started, gate } = gated(store).await;
        let alice = app.login("alice@t1.test").await;
        let body = chat_body("c-join", json!([user_message("u1", "open the gate")]));
        let first = open(&app, request("/api/chat", &alice, Some(body.clone()))).await;
        started.notified().await;
        let second = open(&app, request("/api/chat", &alice, Some(body))).await;
        assert_eq!(second.status(), StatusCode::OK);
        let other = app.call(Method::POST, "/api/chat", Some(&alice), Some(chat_body("c-join", json!([user_message("u1", "open the gate"), user_message("u2", "and again")])))).await;
        assert_error(&other, StatusCode::CONFLICT, "conflict");
        // The same id saying something else is refused, not silently joined and dropped.
        let changed = app.call(Method::POST, "/api/chat", Some(&alice), Some(chat_body("c-join", json!([user_message("u1", "close the gate instead")])))).await;
        assert_error(&changed, StatusCode::CONFLICT, "conflict");
        assert!(changed.body["message"].as_str().unwrap().contains("different message"), "{}", changed.text);
        // Key order and metadata do not make a message different.
        let reordered = json!({"parts": [{"text": "open the gate", "type": "text"}], "role": "user", "id": "u1", "metadata": {"sent": 2}});
        let third = open(&app, request("/api/chat", &alice, Some(chat_body("c-join", json!([reordered]))))).await;
        assert_eq!(third.status(), StatusCode::OK);
        gate.add_permits(1);
        let (a, b, c) = (body_text(first).await, body_text(second).await, body_text(third).await);
        assert_eq!(a, b, "both readers see the same answer");
        assert_eq!(a, c);
        assert_eq!(chunks(&a).0.iter().filter(|c| c["type"] == "tool-input-available").count(), 1, "the tool ran once");
        wait_until_finished(&app, "c-join").await;
        let messages = stored(&app, &alice, "c-join").await;
        assert_eq!(messages.len(), 2);
        assert_eq!(messages[0]["parts"][0]["text"], "open the gate");
    }

    async fn a_client_that_disconnects_does_not_cancel_the_answer(store) {
        let Gated { app, started, gate } = gated(store).await;
        let alice = app.login("alice@t1.test").await;
        let res = open(&app, request("/api/chat", &alice, Some(chat_body("c-gone", json!([user_message("u1", "open the gate")]))))).await;
        assert_eq!(res.status(), StatusCode::OK);
        started.notified().await;
        drop(res);
        gate.add_permits(1);
        wait_until_finished(&app, "c-gone").await;
        let messages = stored(&app, &alice, "c-gone").await;
        assert_eq!(messages.len(), 2);
        let parts = messages[1]["parts"].as_array().unwrap();
        assert!(parts.iter().any(|p| p["type"] == "tool-gateTool" && p["state"] == "output-available"), "{parts:?}");
        assert!(parts.iter().any(|p| p["type"] == "text" && p["text"].as_str().unwrap().contains("The gate opened.")), "{parts:?}");
    }

    async fn stop_ends_the_answer_and_marks_the_running_tool_cancelled(store) {
        let Gated { app, started, gate: _gate } = gated(store).await;
        let alice = app.login("alice@t1.test").await;
        let res = open(&app, request("/api/chat", &alice, Some(chat_body("c-stop", json!([user_message("u1", "open the gate")]))))).await;
        started.notified().await;

        // Someone else cannot stop or read it.
        let bob = app.login("bob@t1.test").await;
        assert_error(&app.call(Method::POST, "/api/chat/c-stop/stop", Some(&bob), None).await, StatusCode::NOT_FOUND, "not_found");
        assert_error(&app.call(Method::GET, "/api/chat/c-stop/stream", Some(&bob), None).await, StatusCode::NOT_FOUND, "not_found");

        let stop = app.call(Method::POST, "/api/chat/c-stop/stop", Some(&alice), None).await;
        assert_eq!((stop.status, stop.body["stopped"].as_bool()), (StatusCode::OK, Some(true)), "{}", stop.text);
        let (chunks, done) = chunks(&body_text(res).await);
        assert!(done);
        let error = chunks.iter().find(|c| c["type"] == "tool-output-error").expect("the running tool ends as an error");
        assert_eq!(error["errorText"], "Stopped before it finished", "{error}");
        assert_eq!(types(&chunks).last(), Some(&"abort"));
        wait_until_finished(&app, "c-stop").await;

        let messages = stored(&app, &alice, "c-stop").await;
        let tool = messages[1]["parts"].as_array().unwrap().iter().find(|p| p["type"] == "tool-gateTool").cloned().expect("stored tool part");
        assert_eq!(tool["state"], "output-error");
        assert_eq!(tool["resultProviderMetadata"]["waybill"]["stopped"], true, "stored as stopped: {tool}");
        assert_eq!(messages[1]["metadata"]["stopped"], true, "the answer is marked as stopped");
        let again = app.call(Method::POST, "/api/chat/c-stop/stop", Some(&alice), None).await;
        assert_eq!(again.body["stopped"], false, "nothing is running any more");
    }

    async fn resume_replays_a_running_answer_from_the_start_and_204s_otherwise(store) {
        let Gated { app, started, gate } = gated(store).await;
        let alice = app.login("alice@t1.test").await;
        let first = open(&app, request("/api/chat", &alice, Some(chat_body("c-resume", json!([user_message("u1", "open the gate")]))))).await;
        started.notified().await;
        let resumed = open(&app, request("/api/chat/c-resume/stream", &alice, None)).await;
        assert_eq!(resumed.status(), StatusCode::OK);
        assert_eq!(resumed.headers()[header::CONTENT_TYPE], "text/event-stream");
        gate.add_permits(1);
        let (a, b) = (body_text(first).await, body_text(resumed).await);
        assert_eq!(a, b, "the resumed reader got every chunk from the start");
        wait_until_finished(&app, "c-resume").await;
        let none = app.call(Method::GET, "/api/chat/c-resume/stream", Some(&alice), None).await;
        assert_eq!(none.status, StatusCode::NO_CONTENT);
        assert!(none.text.is_empty());
        assert_error(&app.call(Method::GET, "/api/chat/missing/stream", Some(&alice), None).await, StatusCode::NOT_FOUND, "not_found");
    }

    async fn another_users_chat_id_is_not_found_and_left_untouched(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        assert_eq!(app.call(Method::POST, "/api/chat", Some(&alice), Some(chat_body("c-mine", json!([user_message("u1", "time in Oslo")])))).await.status, StatusCode::OK);
        let before = stored(&app, &alice, "c-mine").await;
        for email in ["bob@t1.test", "carol@t2.test"] {
            let other = app.login(email).await;
            let res = app.call(Method::POST, "/api/chat", Some(&other), Some(chat_body("c-mine", json!([user_message("x1", "what time is it")])))).await;
            assert_error(&res, StatusCode::NOT_FOUND, "not_found");
        }
        assert_eq!(stored(&app, &alice, "c-mine").await, before);
    }

    async fn a_continuation_must_name_a_message_of_this_chat(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let assistant = json!({"id": "a-foreign", "role": "assistant", "parts": [{"type": "text", "text": "hello"}]});
        let body = json!({"id": "c-cont", "messages": [user_message("u1", "hi"), assistant], "model": "waybill-offline", "messageId": "a-foreign"});
        assert_error(&app.call(Method::POST, "/api/chat", Some(&alice), Some(body)).await, StatusCode::NOT_FOUND, "not_found");
        let res = app.call(Method::GET, "/api/chat-history/c-cont", Some(&alice), None).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "nothing was created");
    }

    async fn bad_requests_get_clear_errors_and_store_nothing(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let one = json!([user_message("u1", "hi")]);
        let cases = [
            (json!({"id": "c-bad", "messages": [], "model": "waybill-offline"}), "messages must not be empty"),
            (json!({"id": "c-bad", "messages": one, "model": "no-such-model"}), "Unknown model 'no-such-model'"),
            (json!({"id": "c-bad", "messages": one, "model": "gpt-5"}), "OPENAI_API_KEY"),
            (json!({"id": "c-bad", "messages": one, "model": "claude-sonnet-4-5"}), "ANTHROPIC_API_KEY"),
            (json!({"id": "c-bad", "messages": [{"role": "user", "content": "hi"}], "model": "waybill-offline"}), "id"),
            (json!({"id": "c-bad", "messages": [{"id": "x", "role": "wizard", "parts": []}], "model": "waybill-offline"}), "role"),
            (json!({"id": "", "messages": one, "model": "waybill-offline"}), "id"),
            (json!({"id": "c-bad", "messages": "hi", "model": "waybill-offline"}), "messages"),
        ];
        for (body, mentions) in cases {
            let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(body.clone())).await;
            assert_eq!(res.status, StatusCode::BAD_REQUEST, "{body}: {}", res.text);
            assert!(res.body["message"].as_str().unwrap().contains(mentions), "{body}: {}", res.text);
        }
        assert_eq!(app.call(Method::GET, "/api/chat-history/c-bad", Some(&alice), None).await.status, StatusCode::NOT_FOUND);
        assert_eq!(app.call(Method::POST, "/api/chat", None, Some(chat_body("c-bad", one))).await.status, StatusCode::UNAUTHORIZED);
    }

    async fn long_histories_and_large_messages_are_answered(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let mut history: Vec<Value> = (0..5_000)
            .map(|i| if i % 2 == 0 { user_message(&format!("u{i}"), &format!("question {i}")) } else { json!({"id": format!("a{i}"), "role": "assistant", "parts": [{"type": "text", "text": format!("answer {i}")}]}) })
            .collect();
        history.push(user_message("last", "what time is it in Tokyo"));
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(chat_body("c-long", Value::Array(history)))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert!(chunks(&res.text).0.iter().any(|c| c["type"] == "tool-output-available"));
        assert_eq!(stored(&app, &alice, "c-long").await.len(), 5_002);

        let big = format!("what time is it {}", "x".repeat(1_000_000));
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(chat_body("c-big", json!([user_message("u1", &big)])))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", &res.text[..res.text.len().min(300)]);
        let messages = stored(&app, &alice, "c-big").await;
        assert_eq!(messages[0]["parts"][0]["text"].as_str().unwrap().len(), big.len(), "the 1 MB message is stored whole");
    }

    async fn models_and_keys_reflect_the_configuration(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let keys = app.call(Method::GET, "/api/check-api-keys", Some(&alice), None).await;
        assert_eq!(keys.body, json!({"openai": false, "anthropic": false, "google": false, "deepseek": false}));
        let models = app.call(Method::GET, "/api/models", Some(&alice), None).await;
        assert_eq!(models.body, json!([{"id": "waybill-offline", "name": "Offline (no AI provider)", "provider": "offline", "requiresKey": false}]));

        // With no key configured, a request that names no model runs on the offline model.
        let body = json!({"id": "c-nomodel", "messages": [user_message("u1", "What time is it?")]});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(body)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let (chunks, done) = chunks(&res.text);
        assert!(done);
        assert_eq!(chunks[0]["messageMetadata"]["model"], "waybill-offline");
        assert!(chunks.iter().any(|c| c["type"] == "tool-output-available"));
        let chat = app.call(Method::GET, "/api/chat-history/c-nomodel", Some(&alice), None).await;
        assert_eq!(chat.body["model"], "waybill-offline");
    }
}
