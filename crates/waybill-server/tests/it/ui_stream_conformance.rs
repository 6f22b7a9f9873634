//! Protocol fidelity: the AI SDK's own chat client (`web/conformance/ui-stream.mjs`, the
//! code `useChat` runs) against this server on a real socket, with tools that exercise
//! every path: a server tool, a client tool, a failing tool, one that runs until stopped,
//! and a slow one to resume.
//!
//! Needs Node 22+ and the web packages (`make test` provides both; set `WAYBILL_NODE` to
//! pick a node binary). Without them the test is skipped, except under `CI=true`.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use common::TestApp;
use futures::future::BoxFuture;
use serde_json::{Value, json};
use waybill_families::time::TimeTool;
use waybill_server::config::{Config, ExtraModel};
use waybill_server::waybill_tools::{Registry, SystemClock, Tool, ToolContext, ToolError, typed};

macro_rules! test_tool {
    ($ty:ident, $name:literal, $keywords:expr, client = $client:literal, |$input:ident, $ctx:ident| $body:block, |$out:ident| $summary:expr) => {
        struct $ty;
        impl Tool for $ty {
            fn name(&self) -> &str {
                $name
            }
            fn description(&self) -> &str {
                concat!("Conformance test tool ", $name)
            }
            fn input_schema(&self) -> Value {
                json!({"type": "object", "properties": {}})
            }
            fn keywords(&self) -> &[&str] {
                $keywords
            }
            fn runs_on_client(&self) -> bool {
                $client
            }
            fn execute<'a>(&'a self, $input: Value, $ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
                Box::pin(async move { $body })
            }
            fn summarize(&self, $out: &Value, _lang: waybill_server::waybill_tools::lang::Lang) -> Option<String> {
                Some($summary)
            }
        }
    };
}

test_tool!(FormTool, "formTool", &["form"], client = true, |_input, _ctx| { Err(ToolError::Failed("runs on the client".into())) }, |out| format!(
    "The form was submitted: dock {}.",
    out["dock"].as_str().unwrap_or("?")
));
test_tool!(
    BrokenTool,
    "brokenTool",
    &["broken", "scanner"],
    client = false,
    |_input, _ctx| { Err(ToolError::Failed("the scanner is offline".into())) },
    |_out| "unused".into()
);
test_tool!(
    GateTool,
    "gateTool",
    &["gate"],
    client = false,
    |_input, ctx| {
        ctx.cancel.cancelled().await;
        Err(ToolError::Failed("stopped".into()))
    },
    |_out| "The gate opened.".into()
);
test_tool!(
    SlowTool,
    "slowTool",
    &["slow"],
    client = false,
    |_input, _ctx| {
        tokio::time::sleep(Duration::from_millis(700)).await;
        Ok(json!({"counted": 42}))
    },
    |_out| "Counted 42 pallets.".into()
);

fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

/// A Node 22+ binary and installed web packages, or why not.
fn node() -> Result<String, String> {
    let node = std::env::var("WAYBILL_NODE").unwrap_or_else(|_| "node".into());
    let version = Command::new(&node).args(["-p", "process.versions.node"]).output().map_err(|e| format!("{node}: {e}"))?;
    let major: u32 = String::from_utf8_lossy(&version.stdout).split('.').next().and_then(|m| m.trim().parse().ok()).unwrap_or(0);
    if major < 22 {
        return Err(format!("{node} is Node {major}; the AI SDK needs 22 or newer"));
    }
    if !web_dir().join("node_modules/ai/package.json").exists() {
        return Err("the web packages are not installed (npm install in web/)".into());
    }
    Ok(node)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ai_sdk_chat_client_reads_our_stream() {
    let node = match node() {
        Ok(node) => node,
        Err(why) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: {why}");
            return;
        }
        Err(why) => panic!("the conformance test must run in CI: {why}"),
    };
    // A model whose server refuses connections: the provider-failure path.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed_url = format!("http://{}/v1", closed.local_addr().unwrap());
    drop(closed);
    let config = Config {
        models: vec![ExtraModel { id: "broken-local".into(), name: "Broken local".into(), base_url: closed_url, model: "llama3".into(), api_key: None }],
        ..Config::default()
    };

    let db = waybill_server::waybill_store::testing::sqlite().await;
    let tools =
        Registry::new(vec![typed(TimeTool::new(Arc::new(SystemClock))), Arc::new(FormTool), Arc::new(BrokenTool), Arc::new(GateTool), Arc::new(SlowTool)]);
    let app = TestApp::build(db.store.clone(), config, tools).await;
    let alice = app.login("alice@t1.test").await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let server = tokio::spawn(axum::serve(listener, app.router.clone()).into_future());

    let failing = if app.state.models.resolve("broken-local").is_ok() { "broken-local" } else { "" };
    let output = tokio::process::Command::new(node)
        .arg("conformance/ui-stream.mjs")
        .current_dir(web_dir())
        .env("WAYBILL_URL", &url)
        .env("WAYBILL_TOKEN", &alice.access)
        .env("WAYBILL_TENANT", &alice.tenant)
        .env("WAYBILL_FACILITY", &alice.facility)
        .env("WAYBILL_FAILING_MODEL", failing)
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(Duration::from_secs(120), output).await.expect("the conformance run finishes").expect("node runs");
    server.abort();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(output.status.success(), "conformance failed:\n{stdout}\n{stderr}");
    assert!(!stdout.contains("not ok"), "{stdout}");
    db.cleanup().await;
}
