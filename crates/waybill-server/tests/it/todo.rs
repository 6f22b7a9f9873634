//! The todo family end to end: the offline model plans a cycle count in a chat, the plan
//! is read back in that chat only and by its owner only, and tasks move on in the order
//! their dependencies allow.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{Session, TestApp, chunks, user_message};
use serde_json::{Value, json};
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Caller, ToolContext, golden};

/// Asks `text` as the message `id`: each question its own message.
async fn ask(app: &TestApp, session: &Session, chat: &str, id: &str, text: &str) -> Vec<Value> {
    let body = json!({"id": chat, "model": "waybill-offline", "messages": [user_message(id, text)]});
    let res = app.call(Method::POST, "/api/chat", Some(session), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    chunks(&res.text).0
}

fn result_of<'a>(chunks: &'a [Value], tool: &str) -> &'a Value {
    let call = chunks.iter().find(|c| c["type"] == "tool-input-available" && c["toolName"] == tool).unwrap_or_else(|| panic!("no {tool} call in {chunks:#?}"));
    &chunks.iter().find(|c| c["type"] == "tool-output-available" && c["toolCallId"] == call["toolCallId"]).expect("an output")["output"]
}

backend_tests! {
    async fn a_plan_is_made_read_and_moved_on_per_chat_and_owner(store) {
        let app = TestApp::new(store).await;
        let alice = app.login("alice@t1.test").await;
        let made = ask(&app, &alice, "c-plan", "u1", "plan the cycle count for aisle 12").await;
        let plan = result_of(&made, "createTodoList");
        assert_eq!((plan["success"].as_bool(), plan["todos"].as_array().map(Vec::len)), (Some(true), Some(4)), "{plan}");
        assert_eq!((plan["overallGoal"].as_str(), plan["currentTaskId"].as_str()), (Some("plan the cycle count for aisle 12"), Some("1")));
        assert_eq!(plan["todos"][1]["dependencies"], json!(["1"]));
        golden::write("createTodoList", plan);

        let read = ask(&app, &alice, "c-plan", "u2", "show the todo list").await;
        assert_eq!(result_of(&read, "getTodoList")["todos"], plan["todos"]);
        let elsewhere = ask(&app, &alice, "c-other", "u1", "show the todo list").await;
        assert_eq!(result_of(&elsewhere, "getTodoList")["noTodoList"], true, "a plan belongs to its chat");
        let bob = app.login("bob@t1.test").await;
        let body = json!({"id": "c-plan", "model": "waybill-offline", "messages": [user_message("u1", "show the todo list")]});
        let not_his = app.call(Method::POST, "/api/chat", Some(&bob), Some(body)).await;
        assert_eq!(not_his.status, StatusCode::NOT_FOUND, "another user's chat, plan and all, is not found");

        let user = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        let ctx = ToolContext::new(Caller { tenant_id: "t1".into(), facility_id: "f1".into(), user_id: user, timezone: "UTC".into(), ..Caller::default() }, "c-plan");
        let update = app.state.tools.get("updateTodoTask").unwrap();
        let early = update.execute(json!({"taskId": "2", "status": "in_progress"}), &ctx).await.unwrap_err();
        assert_eq!(early.to_string(), "Task 2 waits for 1 to be completed first");
        let done = update.execute(json!({"taskId": "1", "status": "completed", "output": "118 locations, 2,340 units expected"}), &ctx).await.unwrap();
        assert_eq!((done["task"]["status"].as_str(), done["updatedTask"]["status"].as_str()), (Some("pending"), Some("completed")));
        assert_eq!(done["list"]["currentTaskId"], "2");
        golden::write("updateTodoTask", &done);
        let read = app.state.tools.get("getTodoList").unwrap().execute(json!({}), &ctx).await.unwrap();
        assert_eq!(read["todos"][0]["output"], "118 locations, 2,340 units expected");
        golden::write("getTodoList", &read);
        let bad = update.execute(json!({"taskId": "9", "status": "completed"}), &ctx).await.unwrap_err();
        assert!(bad.to_string().starts_with("The todo list has no task '9'"), "{bad}");
    }
}
