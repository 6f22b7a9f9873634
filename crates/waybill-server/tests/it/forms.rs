//! Forms and delegation end to end: selector options read from the demo facility and
//! scoped to the caller's tenant and facility; the offline model asking for a receipt
//! form, the browser's answer (submitted, canceled, malformed) resuming the turn; an agent
//! taking a delegated task with its families' tools, its progress streamed into the card.

use crate::common;
use crate::systems::demo_app;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp, assert_error, chunks, user_message};
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::golden;

async fn options(app: &TestApp, session: &Session, query: &str) -> common::Response {
    app.call(Method::GET, &format!("/api/options/{query}"), Some(session), None).await
}

fn labels(res: &common::Response) -> Vec<String> {
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["options"].as_array().unwrap().iter().map(|o| o["label"].as_str().unwrap().to_owned()).collect()
}

fn values(res: &common::Response) -> Vec<String> {
    res.body["options"].as_array().unwrap().iter().map(|o| o["value"].as_str().unwrap().to_owned()).collect()
}

async fn say(app: &TestApp, session: &Session, chat: &str, text: &str) -> Vec<Value> {
    let body = json!({"id": chat, "model": "waybill-offline", "messages": [user_message("u1", text)]});
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

fn of_type<'a>(chunks: &'a [Value], kind: &str) -> Vec<&'a Value> {
    chunks.iter().filter(|c| c["type"] == kind).collect()
}

fn text_of(chunks: &[Value]) -> String {
    of_type(chunks, "text-delta").iter().map(|c| c["delta"].as_str().unwrap()).collect()
}

/// The stored chat with its last call of `tool` answered with `output`, posted back as the
/// browser continues after a client tool.
async fn answer(app: &TestApp, session: &Session, chat: &str, tool: &str, output: Value) -> common::Response {
    let res = app.call(Method::GET, &format!("/api/chat-history/{chat}"), Some(session), None).await;
    let mut messages = res.body["messages"].as_array().unwrap().clone();
    let last = messages.last_mut().unwrap();
    let part = last["parts"].as_array_mut().unwrap().iter_mut().find(|p| p["type"] == format!("tool-{tool}")).expect("the call is stored");
    part["state"] = json!("output-available");
    part["output"] = output;
    let message_id = last["id"].clone();
    let body = json!({"id": chat, "model": "waybill-offline", "messages": messages, "trigger": "submit-message", "messageId": message_id});
    app.call(Method::POST, "/api/chat", Some(session), Some(body)).await
}

backend_tests! {
    async fn selector_options_come_from_the_callers_tenant_and_facility(store) {
        let demo = demo_app(store, Config::default()).await;
        let (app, dave) = (&demo.app, &demo.dave);

        let found = options(app, dave, "customerSelector?q=PACIFIC%20outdoor").await;
        assert_eq!(labels(&found), ["Pacific Outdoor Supply"]);
        assert_eq!(found.body["options"][0]["value"], "CUS-0001");
        assert_eq!(found.body["options"][0]["data"]["name"], "Pacific Outdoor Supply");
        assert_eq!((found.body["page"].as_u64(), found.body["hasMore"].as_bool()), (Some(1), Some(false)));

        let mut states = Vec::new();
        for page in 1..=3 {
            let res = options(app, dave, &format!("stateSelector?page={page}")).await;
            states.extend(values(&res));
            assert_eq!(res.body["hasMore"], page < 3);
        }
        assert_eq!(states.len(), 51, "50 states and DC");
        assert!(states.contains(&"DC".to_owned()));

        let items = options(app, dave, "itemmasterSelector?dependsOn=CUS-0001").await;
        assert!(items.body["options"].as_array().unwrap().iter().all(|i| i["data"]["customerId"] == "CUS-0001"), "{}", items.text);
        let item = items.body["options"][0]["value"].as_str().unwrap().to_owned();
        assert!(labels(&options(app, dave, &format!("itemmasterUomSelector?dependsOn={item}")).await).contains(&"CS".to_owned()));
        assert!(labels(&options(app, dave, "itemmasterUomSelector").await).is_empty(), "no item, no units");

        let here = values(&options(app, dave, "userSelector").await);
        let yard = Session { facility: "yard-fontana".into(), ..dave.clone() };
        let there = values(&options(app, &yard, "userSelector").await);
        assert!(!here.is_empty() && !there.is_empty() && here.iter().all(|u| !there.contains(u)), "users are the facility's");
        assert_eq!(labels(&options(app, dave, "jiraAssignableUserSelector?q=dave").await), ["Dave"], "assignees are the tenant's members");

        // Another tenant sees none of the demo's master data.
        let alice = app.login("alice@t1.test").await;
        assert!(labels(&options(app, &alice, "customerSelector").await).is_empty());
        assert!(labels(&options(app, &alice, "jiraAssignableUserSelector?q=dave").await).is_empty());
        assert_eq!(labels(&options(app, &alice, "stateSelector?q=new%20york").await), ["New York"]);

        assert_error(&options(app, dave, "colourSelector").await, StatusCode::NOT_FOUND, "not_found");
        assert_error(&options(app, dave, "stateSelector?page=0").await, StatusCode::BAD_REQUEST, "bad_request");
        assert_error(&options(app, dave, &format!("customerSelector?q={}", "x".repeat(101))).await, StatusCode::BAD_REQUEST, "bad_request");
        let anonymous = app.call(Method::GET, "/api/options/stateSelector", None, None).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    }

    async fn the_assistant_asks_for_a_receipt_form_and_goes_on_with_the_answers(store) {
        let demo = demo_app(store, Config::default()).await;
        let (app, dave) = (&demo.app, &demo.dave);
        let asked = say(app, dave, "c-form", "create an inbound receipt for customer Pacific Outdoor Supply").await;
        let call = of_type(&asked, "tool-input-available").into_iter().find(|c| c["toolName"] == "requestUserInput").unwrap_or_else(|| panic!("{asked:#?}"));
        assert!(call.get("providerExecuted").is_none(), "the browser runs it");
        let fields: Vec<(&str, &str)> = call["input"]["fields"].as_array().unwrap().iter().map(|f| (f["name"].as_str().unwrap(), f["type"].as_str().unwrap())).collect();
        assert_eq!(fields, [("customerId", "customerSelector"), ("poNumber", "text"), ("carrierId", "carrierSelector"), ("items", "array"), ("expectedDate", "date")]);
        assert_eq!(asked.last().unwrap()["finishReason"], "tool-calls", "the turn waits for the user");

        let submitted = json!({
            "submitted": true,
            "values": {"customerId": "CUS-0001", "taskCmd": {"customerId": "CUS-0001"}, "carrierId": "CAR-001", "expectedDate": "2026-12-01",
                "items": [{"itemId": "ITM-1", "uom": "CS", "quantity": 12, "__metadata": {"itemId": {"value": "ITM-1", "label": "PAC-1 · Tent"}}}]},
            "labels": {"customerId": {"value": "CUS-0001", "label": "Pacific Outdoor Supply", "data": {"merchantNo": "M10001"}},
                "carrierId": {"value": "CAR-001", "label": "Blue Line Freight"}}
        });
        let res = answer(app, dave, "c-form", "requestUserInput", submitted.clone()).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let text = text_of(&chunks(&res.text).0);
        assert!(text.contains("Customer: Pacific Outdoor Supply") && text.contains("Carrier: Blue Line Freight") && text.contains("Expected date: 2026-12-01") && text.contains("Items: 1"), "{text}");
        golden::write("requestUserInput", &submitted);

        say(app, dave, "c-cancel", "create an inbound receipt").await;
        let res = answer(app, dave, "c-cancel", "requestUserInput", json!({"submitted": false, "canceled": true, "values": {}, "labels": {}})).await;
        assert!(text_of(&chunks(&res.text).0).starts_with("You canceled the form"), "{}", res.text);

        say(app, dave, "c-bad", "create an inbound receipt").await;
        let res = answer(app, dave, "c-bad", "requestUserInput", json!({"values": "everything"})).await;
        let (after, _) = chunks(&res.text);
        assert!(of_type(&after, "tool-output-error")[0]["errorText"].as_str().unwrap().contains("does not match its type"), "{after:?}");
        assert_eq!(after.last().unwrap()["finishReason"], "stop", "a malformed answer is the call's error; the turn goes on");
    }

    async fn an_agent_takes_a_delegated_task_with_its_families_tools(store) {
        let demo = demo_app(store, Config::default()).await;
        let (app, dave) = (&demo.app, &demo.dave);
        let out = say(app, dave, "c-agent", "ask the WMS agent how many open outbound orders does customer Pacific Outdoor Supply have").await;
        let call = of_type(&out, "tool-input-available").into_iter().find(|c| c["toolName"] == "delegateToAgent").unwrap_or_else(|| panic!("{out:#?}"));
        assert_eq!(call["input"], json!({"agentId": "wms-agent", "instruction": "how many open outbound orders does customer Pacific Outdoor Supply have"}));
        let progress = of_type(&out, "data-subagent");
        assert!(!progress.is_empty() && progress.iter().all(|p| p["id"] == call["toolCallId"]), "the agent's progress streams into the card");
        let last = &progress.last().unwrap()["data"];
        assert_eq!(last["status"], "completed");
        let used: Vec<&str> = last["toolCalls"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert!(!used.is_empty() && used.iter().all(|t| ["apiSearch", "apiCall", "endDelegation"].contains(t) || t.starts_with("oms-")), "the WMS agent works with the systems tools: {used:?}");
        let result = &of_type(&out, "tool-output-available").into_iter().find(|c| c["toolCallId"] == call["toolCallId"]).unwrap()["output"];
        assert_eq!((result["agentId"].as_str(), result["agentName"].as_str(), result["success"].as_bool()), (Some("wms-agent"), Some("WMS Agent"), Some(true)));
        assert_eq!(result["contentLength"].as_u64().unwrap() as usize, result["content"].as_str().unwrap().chars().count());
        assert!(result["content"].as_str().unwrap().starts_with("Demo WMS answered listOrders"), "{result}");
        assert!(text_of(&out).starts_with("WMS Agent answered:"), "{}", text_of(&out));
        golden::write("delegateToAgent", result);

        // The agents' own tools are not the main turn's, and agents do not delegate again.
        let tools = &app.state.tools;
        assert_eq!(tools.family_of("endDelegation"), Some("delegation"));
        let ended = say(app, dave, "c-end", "endDelegation").await;
        assert!(of_type(&ended, "tool-input-available").iter().all(|c| c["toolName"] != "endDelegation"), "{ended:?}");

        let bi = say(app, dave, "c-bi", "Ask the BI agent how many orders shipped last week").await;
        let call = of_type(&bi, "tool-input-available").into_iter().find(|c| c["toolName"] == "delegateToAgent").unwrap();
        assert_eq!(call["input"]["agentId"], "bi-agent");
        let result = &of_type(&bi, "tool-output-available")[0]["output"];
        assert_eq!((result["agentName"].as_str(), result["success"].as_bool()), (Some("BI Agent"), Some(true)), "{result}");
    }
}
