//! The tool platform end to end, through `POST /api/chat` on the offline model and the
//! proving-ground family: approvals (asked, approved, denied, answered twice, unknown,
//! audited), client tools (a result posted, a result of the wrong type, a result posted
//! for a server tool), data parts streamed into a call, sub-agent runs (progress, the
//! nesting bound, Stop ending the whole tree), and per-turn toolsets with their prompt notes.

use crate::common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp, assert_error, chunks, recording_model, user_message, with_local_model};
use serde_json::{Value, json};
use waybill_server::config::{Config, TestingConfig};
use waybill_server::waybill_store::backend_tests;

fn proving(config: Config) -> Config {
    Config { testing: TestingConfig { proving_family: true }, ..config }
}

async fn app(store: waybill_server::waybill_store::Store) -> TestApp {
    TestApp::configured(store, proving(Config::default())).await
}

/// Asks `text` in chat `chat` (a new question) and answers the stream's chunks.
async fn ask(app: &TestApp, session: &Session, chat: &str, id: &str, history: &[Value], text: &str) -> Vec<Value> {
    let mut messages = history.to_vec();
    messages.push(user_message(id, text));
    send(app, session, json!({"id": chat, "model": "waybill-offline", "messages": messages})).await
}

async fn send(app: &TestApp, session: &Session, body: Value) -> Vec<Value> {
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

async fn stored(app: &TestApp, session: &Session, chat: &str) -> Vec<Value> {
    let res = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(session), None).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["messages"].as_array().unwrap().clone()
}

fn of_type<'a>(chunks: &'a [Value], kind: &str) -> Vec<&'a Value> {
    chunks.iter().filter(|c| c["type"] == kind).collect()
}

fn text_of(chunks: &[Value]) -> String {
    of_type(chunks, "text-delta").iter().map(|c| c["delta"].as_str().unwrap()).collect()
}

/// The stored chat with the last message's call of `tool` answered as `update` makes it,
/// posted back as the browser would continue.
async fn continue_with(app: &TestApp, session: &Session, chat: &str, tool: &str, update: impl FnOnce(&mut Value)) -> common::Response {
    let mut messages = stored(app, session, chat).await;
    let last = messages.last_mut().unwrap();
    let part = last["parts"].as_array_mut().unwrap().iter_mut().find(|p| p["type"] == format!("tool-{tool}")).expect("the call is stored");
    update(part);
    let message_id = last["id"].clone();
    let body = json!({"id": chat, "model": "waybill-offline", "messages": messages, "trigger": "submit-message", "messageId": message_id});
    app.call(Method::POST, "/api/chat", Some(session), Some(body)).await
}

fn approve(approved: bool) -> impl FnOnce(&mut Value) {
    move |part| {
        part["state"] = json!("approval-responded");
        part["approval"]["approved"] = json!(approved);
    }
}

backend_tests! {
    async fn a_state_changing_call_waits_for_approval_then_runs_once_and_is_audited(store) {
        let app = app(store).await;
        let alice = app.login("alice@t1.test").await;
        let first = ask(&app, &alice, "c-mark", "u1", &[], "put a proving mark: dock 4").await;
        let request = of_type(&first, "tool-approval-request");
        assert_eq!(request.len(), 1, "{first:?}");
        assert_eq!(first.last().unwrap()["finishReason"], "tool-calls", "the turn waits for the user");
        assert!(of_type(&first, "tool-output-available").is_empty(), "nothing ran yet");
        let part = stored(&app, &alice, "c-mark").await[1]["parts"].as_array().unwrap().iter().find(|p| p["type"] == "tool-provingMarkTool").cloned().unwrap();
        assert_eq!((part["state"].as_str(), part["approval"]["id"].as_str()), (Some("approval-requested"), request[0]["approvalId"].as_str()), "a reload shows the request");

        let res = continue_with(&app, &alice, "c-mark", "provingMarkTool", approve(true)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let (after, _) = chunks(&res.text);
        let output = of_type(&after, "tool-output-available");
        assert_eq!((output[0]["output"]["label"].as_str(), output[0]["output"]["marks"].as_i64()), (Some("dock 4"), Some(1)));
        assert!(text_of(&after).contains("Marked “dock 4”"), "the answer goes on: {after:?}");
        let stored_part = stored(&app, &alice, "c-mark").await[1]["parts"].as_array().unwrap().iter().find(|p| p["type"] == "tool-provingMarkTool").cloned().unwrap();
        assert_eq!(stored_part["state"], "output-available");
        assert_eq!(stored_part["approval"]["approved"], true, "the decision is kept in the message");

        // The same answer again is refused, and ran nothing.
        let mut messages = stored(&app, &alice, "c-mark").await;
        let again = messages[1]["parts"].as_array_mut().unwrap().iter_mut().find(|p| p["type"] == "tool-provingMarkTool").unwrap();
        again["state"] = json!("approval-responded");
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-mark", "model": "waybill-offline", "messages": messages.clone(), "messageId": messages[1]["id"]}))).await;
        assert_error(&res, StatusCode::CONFLICT, "conflict");

        let audit = app.call(Method::GET, "/api/admin/approvals", Some(&alice), None).await;
        assert_eq!(audit.status, StatusCode::FORBIDDEN, "alice is not an admin: {}", audit.text);
        app.state.store.grant(&user_id(&app, "alice@t1.test").await, "t1", &["f1", "f2"], true).await.unwrap();
        let audit = app.call(Method::GET, "/api/admin/approvals", Some(&alice), None).await;
        assert_eq!(audit.status, StatusCode::OK, "{}", audit.text);
        assert_eq!(audit.body["total"], 1);
        let entry = &audit.body["approvals"][0];
        assert_eq!((entry["toolName"].as_str(), entry["decision"].as_str(), entry["chatId"].as_str()), (Some("provingMarkTool"), Some("approved"), Some("c-mark")));
        assert_eq!(entry["input"], json!({"label": "dock 4"}));
        let long = format!("/api/admin/approvals?userId={}", "0".repeat(129));
        assert_error(&app.call(Method::GET, &long, Some(&alice), None).await, StatusCode::BAD_REQUEST, "bad_request");
        let carol = app.login("carol@t2.test").await;
        app.state.store.grant(&user_id(&app, "carol@t2.test").await, "t2", &["f3"], true).await.unwrap();
        let other = app.call(Method::GET, "/api/admin/approvals", Some(&carol), None).await;
        assert_eq!(other.body["total"], 0, "another tenant's admin sees none: {}", other.text);
    }

    async fn a_denied_call_runs_nothing_and_the_model_is_told(store) {
        let app = app(store).await;
        let alice = app.login("alice@t1.test").await;
        ask(&app, &alice, "c-deny", "u1", &[], "put a proving mark: gate 2").await;
        let res = continue_with(&app, &alice, "c-deny", "provingMarkTool", approve(false)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let (after, _) = chunks(&res.text);
        assert_eq!(of_type(&after, "tool-output-denied").len(), 1, "{after:?}");
        assert!(of_type(&after, "tool-output-available").is_empty());
        let answer = text_of(&after);
        assert!(answer.ends_with("did not run: you chose not to send it."), "the offline model reports the user's choice: {answer}");
        assert!(!answer.contains("did not work") && !answer.contains("denied this tool call"), "a denial is not a failure: {answer}");
        let history = stored(&app, &alice, "c-deny").await;
        // Approving the next mark shows nothing was stored by the denied one.
        ask(&app, &alice, "c-deny", "u2", &history, "put a proving mark: gate 3").await;
        let res = continue_with(&app, &alice, "c-deny", "provingMarkTool", approve(true)).await;
        let (after, _) = chunks(&res.text);
        assert_eq!(of_type(&after, "tool-output-available")[0]["output"]["marks"], 1, "{after:?}");
    }

    async fn an_unknown_approval_or_someone_elses_is_not_found(store) {
        let app = app(store).await;
        let alice = app.login("alice@t1.test").await;
        ask(&app, &alice, "c-a", "u1", &[], "put a proving mark: a").await;
        ask(&app, &alice, "c-b", "u1", &[], "put a proving mark: b").await;
        // An approval id that does not exist.
        let res = continue_with(&app, &alice, "c-a", "provingMarkTool", |part| {
            part["state"] = json!("approval-responded");
            part["approval"] = json!({"id": "apr_made_up", "approved": true});
        })
        .await;
        assert_error(&res, StatusCode::NOT_FOUND, "not_found");
        // Chat b's approval answered in chat a.
        let b_id = stored(&app, &alice, "c-b").await[1]["parts"].as_array().unwrap().iter().find(|p| p["type"] == "tool-provingMarkTool").unwrap()["approval"]["id"].clone();
        let res = continue_with(&app, &alice, "c-a", "provingMarkTool", |part| {
            part["state"] = json!("approval-responded");
            part["approval"] = json!({"id": b_id, "approved": true});
        })
        .await;
        assert_error(&res, StatusCode::NOT_FOUND, "not_found");
        // Another user of the same tenant cannot answer alice's.
        let bob = app.login("bob@t1.test").await;
        let res = continue_with(&app, &alice, "c-a", "provingMarkTool", approve(true)).await;
        assert_eq!(res.status, StatusCode::OK, "alice can");
        let messages = stored(&app, &alice, "c-b").await;
        let res = app.call(Method::POST, "/api/chat", Some(&bob), Some(json!({"id": "c-b", "model": "waybill-offline", "messages": messages, "messageId": messages[1]["id"]}))).await;
        assert_error(&res, StatusCode::NOT_FOUND, "not_found");
    }

    async fn a_client_tool_takes_the_browsers_result_and_refuses_one_of_the_wrong_type(store) {
        let app = app(store).await;
        let alice = app.login("alice@t1.test").await;
        let first = ask(&app, &alice, "c-ask", "u1", &[], "ask me: which door?").await;
        let call = of_type(&first, "tool-input-available")[0];
        assert!(call.get("providerExecuted").is_none(), "the browser runs it: {call}");
        assert_eq!(first.last().unwrap()["finishReason"], "tool-calls");

        let res = continue_with(&app, &alice, "c-ask", "provingAskTool", |part| {
            part["state"] = json!("output-available");
            part["output"] = json!({"answer": 42});
        })
        .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let (after, _) = chunks(&res.text);
        let error = of_type(&after, "tool-output-error");
        assert!(error[0]["errorText"].as_str().unwrap().contains("does not match its type"), "{after:?}");
        assert_eq!(after.last().unwrap()["finishReason"], "stop", "the turn goes on");

        let history = stored(&app, &alice, "c-ask").await;
        assert_eq!(history[1]["parts"].as_array().unwrap().iter().find(|p| p["type"] == "tool-provingAskTool").unwrap()["state"], "output-error");
        ask(&app, &alice, "c-ask", "u2", &history, "ask me: which dock?").await;
        let res = continue_with(&app, &alice, "c-ask", "provingAskTool", |part| {
            part["state"] = json!("output-available");
            part["output"] = json!({"answer": "door 7"});
        })
        .await;
        let (after, _) = chunks(&res.text);
        assert!(text_of(&after).contains("You answered “door 7”"), "{after:?}");
    }

    async fn a_result_posted_for_a_server_tool_is_refused(store) {
        let app = app(store).await;
        let alice = app.login("alice@t1.test").await;
        // A stored answer whose server call never finished (the server went down mid-call).
        let pending = json!({"id": "a1", "role": "assistant", "parts": [{"type": "step-start"},
            {"type": "tool-provingCountTool", "toolCallId": "k1", "state": "input-available", "input": {"to": 3}, "providerExecuted": true}]});
        let save = app.call(Method::PUT, "/api/chat-history/c-forge", Some(&alice), Some(json!({"messages": [user_message("u1", "count to three"), pending], "model": "waybill-offline"}))).await;
        assert!(save.status.is_success(), "{}", save.text);
        let res = continue_with(&app, &alice, "c-forge", "provingCountTool", |part| {
            part["state"] = json!("output-available");
            part["output"] = json!({"counted": 3000});
        })
        .await;
        assert_error(&res, StatusCode::BAD_REQUEST, "bad_request");
        assert!(res.body["message"].as_str().unwrap().contains("runs on the server"));
        let kept = stored(&app, &alice, "c-forge").await;
        assert_eq!(kept[1]["parts"][1]["state"], "input-available", "the forged result was not stored");
    }

    async fn a_tool_streams_data_parts_into_its_card(store) {
        let app = app(store).await;
        let alice = app.login("alice@t1.test").await;
        let out = ask(&app, &alice, "c-count", "u1", &[], "count to three").await;
        let call_id = of_type(&out, "tool-input-available")[0]["toolCallId"].clone();
        let counts: Vec<i64> = of_type(&out, "data-proving-count").iter().map(|c| {
            assert_eq!(c["id"], call_id, "each part is the call's");
            c["data"]["at"].as_i64().unwrap()
        }).collect();
        assert_eq!(counts, [1, 2, 3]);
        let data_at = out.iter().position(|c| c["type"] == "data-proving-count").unwrap();
        let output_at = out.iter().position(|c| c["type"] == "tool-output-available").unwrap();
        assert!(data_at < output_at, "progress comes before the result");
        let parts = stored(&app, &alice, "c-count").await[1]["parts"].clone();
        let kept: Vec<&Value> = parts.as_array().unwrap().iter().filter(|p| p["type"] == "data-proving-count").collect();
        assert_eq!(kept.len(), 1, "parts of one id replace each other");
        assert_eq!(kept[0]["data"]["at"], 3);
    }

    async fn a_sub_agent_streams_its_progress_and_its_text_is_the_result(store) {
        let app = app(store).await;
        let alice = app.login("alice@t1.test").await;
        let out = ask(&app, &alice, "c-del", "u1", &[], "delegate: count to two").await;
        let progress = of_type(&out, "data-subagent");
        assert!(progress.len() >= 2, "{out:?}");
        let last = &progress.last().unwrap()["data"];
        assert_eq!(last["status"], "completed");
        assert_eq!(last["toolCalls"][0]["name"], "provingCountTool");
        let output = &of_type(&out, "tool-output-available").last().unwrap()["output"];
        assert_eq!(output["toolCalls"], json!(["provingCountTool"]));
        assert!(output["text"].as_str().unwrap().contains("Counted to 2"), "{output}");
        assert!(of_type(&out, "data-proving-count").is_empty(), "the sub-agent's own parts do not reach the chat");

        let deep = ask(&app, &alice, "c-deep", "u1", &[], "delegate: delegate: delegate: count to two").await;
        let failed = of_type(&deep, "tool-output-error");
        assert_eq!(failed.len(), 1, "the outermost call fails: {deep:?}");
        assert!(failed[0]["errorText"].as_str().unwrap().starts_with("Sub-agents may nest at most 2 levels"), "{}", failed[0]);
    }

    async fn stop_ends_a_sub_agent_and_its_tools(store) {
        let app = app(store).await;
        let alice = app.login("alice@t1.test").await;
        let body = json!({"id": "c-stop", "model": "waybill-offline", "messages": [user_message("u1", "delegate: count to 20")]});
        let running = {
            let app_router = app.router.clone();
            let req = common::json_request(Method::POST, "/api/chat", Some(&alice), Some(body));
            tokio::spawn(async move { tower::ServiceExt::oneshot(app_router, req).await.unwrap() })
        };
        // Wait until the sub-agent is counting.
        for _ in 0..300 {
            if app.state.runs.get("c-stop").is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        tokio::time::sleep(Duration::from_millis(700)).await;
        let stop = app.call(Method::POST, "/api/chat/c-stop/stop", Some(&alice), None).await;
        assert_eq!(stop.body["stopped"], true, "{}", stop.text);
        let res = tokio::time::timeout(Duration::from_secs(10), running).await.expect("the tree stopped").unwrap();
        let text = common::read_body(res).await;
        let (out, done) = chunks(&text);
        assert!(done);
        // The tree was cut where it stood: the card reads "stopped" from the call itself.
        assert!(!of_type(&out, "data-subagent").is_empty(), "the sub-agent had started");
        let call = of_type(&out, "tool-input-error").into_iter().find(|c| c["toolName"] == "provingDelegateTool").expect("the call ended as stopped");
        assert_eq!(call["providerMetadata"]["waybill"]["stopped"], true, "{call}");
        let counted = of_type(&out, "data-subagent").iter().filter_map(|c| c["data"]["toolCalls"][0]["state"].as_str()).any(|s| s == "done");
        assert!(!counted, "the counting never finished");
        let stored = stored(&app, &alice, "c-stop").await;
        let part = stored[1]["parts"].as_array().unwrap().iter().find(|p| p["type"] == "tool-provingDelegateTool").unwrap().clone();
        assert_eq!(part["errorText"], "Stopped before it finished");
    }

    async fn each_turn_is_offered_the_tools_resolved_for_it_and_their_notes(store) {
        let seen = common::Seen::default();
        let base = recording_model(seen.clone(), "ok").await;
        let mut config = proving(with_local_model(base, Config::default()));
        config.tools.insert("proving".into(), json!({"only_tenants": ["t1"]}));
        let app = TestApp::configured(store, config).await;
        let alice = app.login("alice@t1.test").await;
        let carol = app.login("carol@t2.test").await;
        for (session, chat) in [(&alice, "c-t1"), (&carol, "c-t2")] {
            let res = app.call(Method::POST, "/api/chat", Some(session), Some(json!({"id": chat, "model": "local", "messages": [user_message("u1", "hi")]}))).await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        }
        let no_tools = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-none", "model": "local", "tools": false, "messages": [user_message("u1", "hi")]}))).await;
        assert_eq!(no_tools.status, StatusCode::OK);
        let requests = seen.lock().unwrap().clone();
        let names = |r: &Value| -> Vec<String> { r["tools"].as_array().map(|t| t.iter().map(|t| t["function"]["name"].as_str().unwrap().to_owned()).collect()).unwrap_or_default() };
        let system = |r: &Value| r["messages"][0]["content"].as_str().unwrap_or_default().to_owned();
        assert!(names(&requests[0]).contains(&"provingMarkTool".to_owned()), "t1 is offered the proving tools: {:?}", names(&requests[0]));
        assert!(system(&requests[0]).contains("Proving marks change stored data"), "with their note");
        assert!(!names(&requests[1]).iter().any(|n| n.starts_with("proving")), "t2 is not: {:?}", names(&requests[1]));
        assert!(!system(&requests[1]).contains("Proving marks"), "nor told about them");
        assert!(names(&requests[1]).contains(&"timeTool".to_owned()));
        assert!(names(&requests[2]).is_empty() && !system(&requests[2]).contains("Proving"), "tools: false offers none");
    }
}

async fn user_id(app: &TestApp, email: &str) -> String {
    app.state.store.user_by_email(email).await.unwrap().expect("the user exists").id
}
