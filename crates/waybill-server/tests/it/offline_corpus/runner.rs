//! The offline corpus (`tests/offline_corpus/*.toml`, described in docs/offline.md) asked
//! of the served offline model: the server built as `waybill serve` builds it, the demo
//! facility on, each question sent over `/api/chat` in its own language, and each answer
//! scored — the tool chosen, the arguments that must be present, no approval where none
//! may be asked, none for an empty or invented input. The server's test and the
//! `offline_corpus` benchmark share it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode, header};
use futures::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_agent::provider::offline::MODEL_ID;
use waybill_server::waybill_agent::provider::{Audience, ModelMessage, ModelRequest, ToolSpec, UserContent};
use waybill_server::waybill_store::{NewUser, Store};
use waybill_server::waybill_tools::lang::Lang;
use waybill_server::waybill_tools::tool::MISSING_VALUES;
use waybill_server::waybill_tools::{Caller, Scope};

use crate::common::{self, Session, TestApp};

/// Where the corpus and its baseline are.
pub const FOLDER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/offline_corpus");

/// The family of questions that need no tool: greetings, thanks, general knowledge.
pub const GENERAL: &str = "general";

/// The form tool: a form that asks for what is missing is a way to clarify.
const FORM: &str = "requestUserInput";

/// Who asks: an operations user of the demo tenant, every facility, no admin rights.
const EMAIL: &str = "sam@demo.test";
const FACILITY: &str = "dc-ontario";
const TIMEZONE: &str = "America/Los_Angeles";

// ---- the corpus ----

/// One file of the corpus: a language and its cases.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    lang: String,
    #[serde(rename = "case")]
    cases: Vec<toml::Table>,
}

/// What every case says of itself; the rest of its table is one question (a [`Turn`]) or
/// a conversation (`turns`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    id: String,
    family: String,
    #[serde(default)]
    held_out: bool,
}

/// One or several outcomes, each a tool's name, `none` (no tool) or `clarify`.
#[derive(Deserialize, Clone, Debug)]
#[serde(untagged)]
enum Expect {
    One(String),
    Many(Vec<String>),
}

impl Expect {
    fn names(&self) -> Vec<String> {
        match self {
            Self::One(name) => vec![name.clone()],
            Self::Many(names) => names.clone(),
        }
    }
}

/// An accepted outcome with the arguments its call must have.
#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    expect: Expect,
    #[serde(default)]
    args: BTreeMap<String, Value>,
    #[serde(default)]
    absent: Vec<String>,
}

/// One question of a case and what its answer must be.
#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    pub q: String,
    expect: Expect,
    #[serde(default)]
    args: BTreeMap<String, Value>,
    /// Paths the call must not have (a filter nobody named).
    #[serde(default)]
    absent: Vec<String>,
    #[serde(default)]
    or: Vec<Alternative>,
    /// Whether an approval may be asked (for the expected tools only).
    #[serde(default)]
    approval: bool,
    /// What the answer's text must say.
    answer: Option<Value>,
    /// Approve the approval this turn asks, so the next turn finds what it did.
    #[serde(default)]
    approve: bool,
}

impl Turn {
    /// Every accepted outcome: the turn's own, then its alternatives.
    fn accepted(&self) -> Vec<Alternative> {
        let own = Alternative { expect: self.expect.clone(), args: self.args.clone(), absent: self.absent.clone() };
        std::iter::once(own).chain(self.or.iter().cloned()).collect()
    }

    /// The tools this turn may call.
    fn tools(&self) -> BTreeSet<String> {
        self.accepted().iter().flat_map(|a| a.expect.names()).filter(|n| n != "none" && n != "clarify").collect()
    }
}

#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    pub lang: Lang,
    pub family: String,
    pub held_out: bool,
    pub turns: Vec<Turn>,
}

pub struct Corpus {
    pub cases: Vec<Case>,
}

impl Corpus {
    /// Every `<language>.toml` of the folder; panics on a case that does not read.
    pub fn load() -> Self {
        let mut cases = Vec::new();
        let mut paths: Vec<_> = std::fs::read_dir(FOLDER).expect("the corpus folder").map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "toml") && !p.ends_with("baseline.toml")) {
            let text = std::fs::read_to_string(&path).unwrap();
            let file: File = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let lang = Lang::from_tag(&file.lang).filter(|l| l.code() == file.lang).unwrap_or_else(|| panic!("{}: no language {}", path.display(), file.lang));
            cases.extend(file.cases.into_iter().map(|table| case_of(table, lang)));
        }
        Self { cases }
    }

    pub fn of(&self, lang: Lang) -> impl Iterator<Item = &Case> {
        self.cases.iter().filter(move |c| c.lang == lang)
    }
}

fn case_of(mut table: toml::Table, lang: Lang) -> Case {
    let head: toml::Table = ["id", "family", "held_out"].into_iter().filter_map(|key| Some((key.to_owned(), table.remove(key)?))).collect();
    let header: Header = toml::Value::Table(head).try_into().unwrap_or_else(|e| panic!("a case of {}: {e}", lang.code()));
    let id = &header.id;
    let turns = match table.remove("turns") {
        Some(turns) if table.is_empty() => turns.try_into().unwrap_or_else(|e| panic!("{id}: {e}")),
        Some(_) => panic!("{id}: a case is one question (q and expect) or a conversation (turns), not both"),
        None => vec![toml::Value::Table(table).try_into().unwrap_or_else(|e| panic!("{id}: {e}"))],
    };
    Case { id: header.id, lang, family: header.family, held_out: header.held_out, turns }
}

// ---- the server ----

/// The server as `waybill serve` runs it on a machine without network or provider key:
/// the demo facility served and registered, its BI over the demo's data, the weather
/// service unreachable.
pub struct Served {
    pub app: TestApp,
    pub sam: Session,
    users: std::sync::atomic::AtomicUsize,
}

pub async fn serve(store: Store) -> Served {
    store.ensure_tenant(waybill_demo::TENANT, "Demo Logistics").await.unwrap();
    for (id, name) in waybill_demo::FACILITIES {
        store.ensure_facility(waybill_demo::TENANT, id, name).await.unwrap();
    }
    let mut config = Config::default();
    // Hundreds of questions in seconds, as one user: the quotas would refuse most.
    config.limits.chat_requests_per_minute = 0;
    config.limits.tenant_chat_requests_per_minute = 0;
    config.limits.tool_calls_per_minute = 0;
    config.limits.tenant_tool_calls_per_minute = 0;
    config.tools.insert("weather".into(), json!({"geocoding_url": "http://127.0.0.1:9", "forecast_url": "http://127.0.0.1:9"}));
    let mut app = TestApp::configured(store, config).await;
    let demo = waybill_server::demo::open(&app.state.config).await.unwrap().expect("the demo facility is on");
    app.state.demo = Some(demo.clone());
    app.router = waybill_server::app(app.state.clone());
    let base = app.serve().await;
    waybill_server::demo::register(&app.state, &demo, &base).await.unwrap();
    let sam = user(&app, EMAIL).await;
    Served { app, sam, users: Default::default() }
}

async fn user(app: &TestApp, email: &str) -> Session {
    let hash = waybill_server::auth::password::hash(common::PASSWORD).unwrap();
    let name = email.split('@').next().unwrap();
    let user = app.state.store.create_user(NewUser { email, password_hash: &hash, first_name: Some(name), user_name: name }).await.unwrap();
    let facilities: Vec<&str> = waybill_demo::FACILITIES.iter().map(|(id, _)| *id).collect();
    app.state.store.grant(&user.id, waybill_demo::TENANT, &facilities, false).await.unwrap();
    Session { facility: FACILITY.into(), ..app.login(email).await }
}

impl Served {
    /// A user of their own, for a case that approves something (a memory saved for one
    /// case is not found by another's questions).
    async fn fresh_user(&self) -> Session {
        let n = self.users.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        user(&self.app, &format!("sam{n}@demo.test")).await
    }

    /// Sends `text` as the chat's next message, read in `lang`; the stream's chunks.
    async fn ask(&self, session: &Session, lang: Lang, chat: &str, text: &str) -> Result<Vec<Value>, String> {
        let mut messages = common::stored(&self.app, session, chat).await;
        messages.push(common::user_message(&format!("u{}", messages.len() + 1), text));
        let body = json!({"id": chat, "model": MODEL_ID, "messages": messages});
        let mut request = common::json_request(Method::POST, "/api/chat", Some(session), Some(body));
        request.headers_mut().insert(header::ACCEPT_LANGUAGE, lang.code().parse().unwrap());
        let res = self.app.send(request).await;
        if res.status != StatusCode::OK {
            return Err(format!("/api/chat answered {}: {}", res.status, res.text));
        }
        Ok(common::chunks(&res.text).0)
    }
}

// ---- an answer, read from the stream ----

/// A tool call of the answer.
#[derive(Debug, Clone)]
pub struct Call {
    pub id: String,
    pub tool: String,
    pub input: Value,
    pub approval: bool,
    pub error: Option<String>,
}

impl Call {
    /// Refused before approval for values the user has not given: the step that makes the
    /// model ask for them, not a choice of its own.
    fn asks_for_missing_values(&self) -> bool {
        self.error.as_deref().is_some_and(|e| e.starts_with(MISSING_VALUES))
    }
}

/// What a turn's stream held.
#[derive(Debug, Default)]
pub struct Answer {
    pub calls: Vec<Call>,
    pub text: String,
    /// The stream's error, if it ended with one.
    pub failure: Option<String>,
    /// `data-*` parts outside any call (suggestions to click).
    pub data_parts: usize,
}

impl Answer {
    fn of(chunks: &[Value]) -> Self {
        let mut answer = Answer::default();
        for chunk in chunks {
            let id = chunk["toolCallId"].as_str().unwrap_or_default();
            let kind = chunk["type"].as_str().unwrap_or_default();
            match kind {
                "tool-input-available" => answer.calls.push(Call {
                    id: id.into(),
                    tool: chunk["toolName"].as_str().unwrap_or_default().into(),
                    input: chunk["input"].clone(),
                    approval: false,
                    error: None,
                }),
                "tool-approval-request" => answer.calls.iter_mut().filter(|c| c.id == id).for_each(|c| c.approval = true),
                "tool-output-error" => {
                    let error = chunk["errorText"].as_str().unwrap_or_default().to_owned();
                    answer.calls.iter_mut().filter(|c| c.id == id).for_each(|c| c.error = Some(error.clone()));
                }
                "text-delta" => answer.text.push_str(chunk["delta"].as_str().unwrap_or_default()),
                "error" => answer.failure = Some(chunk["errorText"].as_str().unwrap_or_default().to_owned()),
                _ if kind.starts_with("data-") && id.is_empty() => answer.data_parts += 1,
                _ => {}
            }
        }
        answer
    }

    /// The calls that were the model's choice (see [`Call::asks_for_missing_values`]).
    fn chosen(&self) -> Vec<&Call> {
        self.calls.iter().filter(|c| !c.asks_for_missing_values()).collect()
    }

    /// Whether the answer asks the user something: a form, a question or suggestions.
    fn asks(&self) -> bool {
        self.chosen().iter().any(|c| c.tool == FORM) || self.text.contains(['?', '？', '¿']) || self.data_parts > 0
    }
}

// ---- scoring ----

/// The rules that must hold whatever the model understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Invariant {
    /// The answer failed, or the request was refused.
    Failure,
    /// An approval was asked for a change the question did not ask for.
    UnrelatedWrite,
    /// An approval was asked for an input that is empty or holds a value nobody gave.
    EmptyOrInvented,
}

impl Invariant {
    pub const ALL: [Invariant; 3] = [Invariant::Failure, Invariant::UnrelatedWrite, Invariant::EmptyOrInvented];

    /// The name the baseline lists it by.
    pub fn key(self) -> &'static str {
        match self {
            Self::Failure => "failures",
            Self::UnrelatedWrite => "unrelated_writes",
            Self::EmptyOrInvented => "empty_or_invented",
        }
    }
}

/// What one turn's answer got wrong.
#[derive(Debug, Clone)]
pub enum Problem {
    Failed(String),
    /// Not the outcome expected: what was, and what came.
    Outcome {
        expected: String,
        got: String,
    },
    /// The expected tool, without an argument as it must be.
    Argument {
        tool: String,
        path: String,
        wanted: String,
        got: String,
    },
    Answer {
        wanted: String,
        got: String,
    },
    UnexpectedApproval(String),
    EmptyApproval(String),
    InventedValue {
        tool: String,
        value: String,
    },
}

impl Problem {
    fn invariant(&self) -> Option<Invariant> {
        match self {
            Self::Failed(_) => Some(Invariant::Failure),
            Self::UnexpectedApproval(_) => Some(Invariant::UnrelatedWrite),
            Self::EmptyApproval(_) | Self::InventedValue { .. } => Some(Invariant::EmptyOrInvented),
            _ => None,
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Failed(error) => write!(f, "failed: {}", short(error)),
            Self::Outcome { expected, got } => write!(f, "expected {expected}, got {got}"),
            Self::Argument { tool, path, wanted, got } => write!(f, "{tool}: {path} should be {wanted}, is {}", short(got)),
            Self::Answer { wanted, got } => write!(f, "the answer should say {wanted}: {}", short(got)),
            Self::UnexpectedApproval(tool) => write!(f, "asked to approve {tool}, which the question did not ask for"),
            Self::EmptyApproval(tool) => write!(f, "asked to approve {tool} with nothing in it"),
            Self::InventedValue { tool, value } => write!(f, "asked to approve {tool} with {value}, which nobody gave"),
        }
    }
}

fn short(text: &str) -> String {
    if text.chars().count() > 120 { format!("{}…", text.chars().take(120).collect::<String>()) } else { text.to_owned() }
}

/// What the answer's calls are, in words: `none`, or the tools in order, the first with
/// its input.
fn called(answer: &Answer) -> String {
    match answer.chosen().split_first() {
        None => "none".into(),
        Some((first, rest)) => {
            let others: String = rest.iter().map(|c| format!(", then {}", c.tool)).collect();
            format!("{} {}{others}", first.tool, short(&first.input.to_string()))
        }
    }
}

/// Why `answer` does not match `alternative`, if it does not.
fn mismatch(alternative: &Alternative, answer: &Answer) -> Option<Problem> {
    let chosen = answer.chosen();
    let mut best = None;
    for name in alternative.expect.names() {
        let problem = match name.as_str() {
            "none" => (!chosen.is_empty()).then(|| Problem::Outcome { expected: "no tool".into(), got: called(answer) }),
            "clarify" => (!(chosen.iter().all(|c| c.tool == FORM) && answer.asks()))
                .then(|| Problem::Outcome { expected: "a clarifying question".into(), got: called(answer) }),
            tool => match chosen.first() {
                Some(call) if call.tool == tool => arguments(tool, alternative, &call.input),
                _ => Some(Problem::Outcome { expected: tool.to_owned(), got: called(answer) }),
            },
        };
        match problem {
            None => return None,
            // An argument problem of the right tool says more than another tool's name.
            Some(p @ Problem::Argument { .. }) => best = Some(p),
            Some(p) => best = best.or(Some(p)),
        }
    }
    best
}

fn arguments(tool: &str, alternative: &Alternative, input: &Value) -> Option<Problem> {
    let shown = |found: &[Value]| found.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" | ");
    let wrong = alternative.args.iter().find_map(|(path, wanted)| {
        let found = values_at(input, path);
        (!found.iter().any(|v| fits(wanted, v))).then(|| Problem::Argument {
            tool: tool.to_owned(),
            path: path.clone(),
            wanted: wanted.to_string(),
            got: if found.is_empty() { "missing".into() } else { shown(&found) },
        })
    });
    wrong.or_else(|| {
        alternative.absent.iter().find_map(|path| {
            let found = values_at(input, path);
            (!found.is_empty()).then(|| Problem::Argument { tool: tool.to_owned(), path: path.clone(), wanted: "absent".into(), got: shown(&found) })
        })
    })
}

/// The values at `path` in `input`: dotted keys, `*` for any element, `a|b` for either
/// path; `*` alone is the whole input as JSON text.
fn values_at(input: &Value, path: &str) -> Vec<Value> {
    if path == "*" {
        return vec![Value::String(input.to_string())];
    }
    let mut out = Vec::new();
    for alternative in path.split('|') {
        let mut level = vec![input.clone()];
        for key in alternative.trim().split('.') {
            level = level
                .iter()
                .flat_map(|v| match (key, v) {
                    ("*", Value::Array(items)) => items.clone(),
                    ("*", Value::Object(map)) => map.values().cloned().collect(),
                    (_, Value::Array(items)) => key.parse::<usize>().ok().and_then(|i| items.get(i).cloned()).into_iter().collect(),
                    (_, Value::Object(map)) => map.get(key).cloned().into_iter().collect(),
                    _ => Vec::new(),
                })
                .collect();
        }
        out.extend(level.into_iter().filter(|v| !v.is_null()));
    }
    out
}

/// Whether `value` is as `wanted` says: `"~text"` contains the text (any case; `"~"` alone
/// is any value that is not empty), a list is any of its matchers, anything else equals.
fn fits(wanted: &Value, value: &Value) -> bool {
    match wanted {
        Value::Array(any) => any.iter().any(|w| fits(w, value)),
        Value::String(w) => match w.strip_prefix('~') {
            Some(part) => {
                let text = value.as_str().map_or_else(|| value.to_string(), str::to_owned);
                !text.trim().is_empty() && text.to_lowercase().contains(&part.to_lowercase())
            }
            None => value.as_str() == Some(w.as_str()),
        },
        Value::Number(n) => value.as_f64().is_some_and(|v| Some(v) == n.as_f64()),
        other => other == value,
    }
}

/// Whether an input holds nothing to act on: every value empty, the system and
/// operation it names aside.
fn is_empty_input(input: &Value) -> bool {
    fn empty(v: &Value) -> bool {
        match v {
            Value::Null => true,
            Value::String(s) => s.trim().is_empty(),
            Value::Array(items) => items.iter().all(empty),
            Value::Object(map) => map.values().all(empty),
            _ => false,
        }
    }
    match input {
        Value::Object(map) => map.iter().filter(|(k, _)| !matches!(k.as_str(), "system" | "operation")).all(|(_, v)| empty(v)),
        other => empty(other),
    }
}

/// The identifiers in an input: words with a digit and a letter, or four digits and more;
/// dates and times aside (they come from "tomorrow at 3 pm").
fn identifiers(input: &Value, out: &mut Vec<String>) {
    match input {
        Value::String(s) => {
            for word in s.split(|c: char| c.is_whitespace() || ",;()[]{}\"'“”«»".contains(c)) {
                let word = word.trim_matches(|c: char| ".:!?".contains(c));
                let digits = word.chars().filter(char::is_ascii_digit).count();
                let letters = word.chars().any(char::is_alphabetic);
                if (digits > 0 && letters || digits >= 4) && !is_date_or_time(word) {
                    out.push(word.to_owned());
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| identifiers(v, out)),
        Value::Object(map) => map.values().for_each(|v| identifiers(v, out)),
        _ => {}
    }
}

fn is_date_or_time(word: &str) -> bool {
    let b = word.as_bytes();
    let date = b.len() >= 10 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-' && b[7] == b'-';
    let time = word.contains(':') && word.chars().all(|c| c.is_ascii_digit() || ":.+-TZ".contains(c));
    date || time
}

/// Everything a value may come from: what the user said, what tools answered, who asks.
struct Known(String);

impl Known {
    fn new(session: &Session) -> Self {
        Self(format!("{} {} {} {TIMEZONE}\n", waybill_demo::TENANT, session.facility, session.tenant).to_lowercase())
    }
    fn add(&mut self, text: &str) {
        self.0.push_str(&text.to_lowercase());
        self.0.push('\n');
    }
    fn holds(&self, word: &str) -> bool {
        self.0.contains(&word.to_lowercase())
    }
}

/// What the tools of a stream answered, as text: where ids may come from (the assistant's
/// own words and calls are not).
fn outputs(chunks: &[Value]) -> String {
    chunks.iter().filter(|c| c["type"] == "tool-output-available").map(|c| c["output"].to_string()).collect::<Vec<_>>().join("\n")
}

/// What `answer` got wrong for `turn`; empty when it is right.
fn problems(turn: &Turn, answer: &Answer, known: &Known) -> Vec<Problem> {
    let mut out = Vec::new();
    if let Some(failure) = &answer.failure {
        out.push(Problem::Failed(failure.clone()));
    }
    let accepted = turn.accepted();
    if !accepted.iter().any(|a| mismatch(a, answer).is_none()) {
        // The first alternative's problem, unless another's is about the tool that came.
        out.extend(accepted.iter().filter_map(|a| mismatch(a, answer)).min_by_key(|p| !matches!(p, Problem::Argument { .. })));
    }
    for call in answer.calls.iter().filter(|c| c.approval) {
        if !turn.approval || !turn.tools().contains(&call.tool) {
            out.push(Problem::UnexpectedApproval(call.tool.clone()));
        }
        if is_empty_input(&call.input) {
            out.push(Problem::EmptyApproval(call.tool.clone()));
        }
        let mut ids = Vec::new();
        identifiers(&call.input, &mut ids);
        if let Some(value) = ids.into_iter().find(|id| !known.holds(id)) {
            out.push(Problem::InventedValue { tool: call.tool.clone(), value });
        }
    }
    if let Some(wanted) = &turn.answer
        && !fits(wanted, &Value::String(answer.text.clone()))
    {
        out.push(Problem::Answer { wanted: wanted.to_string(), got: answer.text.clone() });
    }
    out
}

/// A case's result: each turn's problems.
pub struct Verdict<'a> {
    pub case: &'a Case,
    pub turns: Vec<Vec<Problem>>,
}

impl Verdict<'_> {
    pub fn right(&self) -> bool {
        self.turns.iter().all(Vec::is_empty)
    }

    pub fn broken(&self) -> BTreeSet<Invariant> {
        self.turns.iter().flatten().filter_map(Problem::invariant).collect()
    }

    /// What went wrong, in words: each wrong turn's question and problems.
    pub fn reason(&self) -> String {
        let wrong: Vec<String> = self
            .turns
            .iter()
            .zip(&self.case.turns)
            .filter(|(problems, _)| !problems.is_empty())
            .map(|(problems, turn)| {
                let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
                format!("{:?}: {}", short(&turn.q), said.join("; "))
            })
            .collect();
        if wrong.is_empty() { "right".into() } else { wrong.join(" / ") }
    }
}

/// Asks every case, turn by turn, and scores each answer.
pub async fn run<'a>(served: &Served, corpus: &'a Corpus) -> Vec<Verdict<'a>> {
    let mut verdicts = Vec::new();
    for case in &corpus.cases {
        let session = if case.turns.iter().any(|t| t.approve) { served.fresh_user().await } else { served.sam.clone() };
        let chat = format!("corpus-{}", case.id);
        let mut known = Known::new(&session);
        let mut turns = Vec::new();
        for turn in &case.turns {
            known.add(&turn.q);
            let chunks = match served.ask(&session, case.lang, &chat, &turn.q).await {
                Ok(chunks) => chunks,
                Err(refused) => {
                    turns.push(vec![Problem::Failed(refused)]);
                    break;
                }
            };
            known.add(&outputs(&chunks));
            let answer = Answer::of(&chunks);
            turns.push(problems(turn, &answer, &known));
            if turn.approve
                && let Some(call) = answer.calls.iter().find(|c| c.approval)
            {
                known.add(&outputs(&common::approve(&served.app, &session, &chat, &call.tool).await));
            }
        }
        verdicts.push(Verdict { case, turns });
    }
    verdicts
}

/// The tools a case names that the server does not have (a misspelt name).
pub fn unknown_tools(served: &Served, corpus: &Corpus) -> Vec<String> {
    let mut out = Vec::new();
    for case in &corpus.cases {
        for turn in &case.turns {
            for tool in turn.tools() {
                if served.app.state.tools.get(&tool).is_none() {
                    out.push(format!("{}: {tool}", case.id));
                }
            }
        }
    }
    out
}

// ---- how long understanding takes ----

/// The offline model's first step for each case's first question, alone: no HTTP, no
/// storage, no tool run — the words read, a tool chosen and its arguments filled. Each
/// question `rounds` times; the fastest round of each.
pub async fn understanding(served: &Served, corpus: &Corpus, rounds: usize) -> Vec<Duration> {
    let state = &served.app.state;
    let (model, model_name) = state.models.resolve(MODEL_ID).unwrap();
    let user = state.store.user_by_email(EMAIL).await.unwrap().unwrap();
    let mut times = Vec::new();
    for lang in Lang::ALL {
        let caller = Caller {
            tenant_id: waybill_demo::TENANT.into(),
            facility_id: FACILITY.into(),
            user_id: user.id.clone(),
            timezone: TIMEZONE.into(),
            lang,
            admin: false,
        };
        let toolset = state.tools.toolset(&Scope { caller: &caller, chat_id: "corpus-timing", model_id: MODEL_ID, only: None }).await;
        let tools: Vec<ToolSpec> =
            toolset.tools().map(|t| ToolSpec { name: t.name().into(), description: t.description().into(), input_schema: t.input_schema() }).collect();
        let audience = Audience { lang, admin: false, caller: Some(Arc::new(caller)) };
        for case in corpus.of(lang) {
            let mut fastest = Duration::MAX;
            for _ in 0..rounds {
                let request = ModelRequest {
                    model: model_name.clone(),
                    system: None,
                    messages: vec![ModelMessage::User(vec![UserContent::Text(case.turns[0].q.clone())])],
                    tools: tools.clone(),
                    options: Default::default(),
                    audience: audience.clone(),
                };
                let started = Instant::now();
                let events = model.stream(request).collect::<Vec<_>>().await;
                fastest = fastest.min(started.elapsed());
                assert!(!events.is_empty(), "{}: the model said nothing", case.id);
            }
            times.push(fastest);
        }
    }
    times
}

// ---- the tables ----

/// Right answers of some cases: (right, all, held-out right, held-out all).
#[derive(Default, Clone, Copy)]
struct Tally {
    right: usize,
    all: usize,
    held_right: usize,
    held_all: usize,
}

impl Tally {
    fn add(&mut self, verdict: &Verdict<'_>) {
        let right = usize::from(verdict.right());
        self.right += right;
        self.all += 1;
        if verdict.case.held_out {
            self.held_right += right;
            self.held_all += 1;
        }
    }
}

/// A share in percent, `0` of nothing.
pub fn percent(part: usize, all: usize) -> f64 {
    if all == 0 { 0.0 } else { part as f64 * 100.0 / all as f64 }
}

/// The share of `lang`'s cases answered right, in percent.
pub fn share(verdicts: &[Verdict<'_>], lang: Lang) -> f64 {
    let of: Vec<&Verdict<'_>> = verdicts.iter().filter(|v| v.case.lang == lang).collect();
    percent(of.iter().filter(|v| v.right()).count(), of.len())
}

fn row(out: &mut String, name: &str, t: Tally, extra: &str) {
    let held = if t.held_all == 0 { "—".to_owned() } else { format!("{:.1} % ({}/{})", percent(t.held_right, t.held_all), t.held_right, t.held_all) };
    writeln!(out, "| {name} | {} | {} | {:.1} % | {held} |{extra}", t.all, t.right, percent(t.right, t.all)).unwrap();
}

/// The share right per language (with the invariants broken) and per family, as
/// Markdown tables.
pub fn tables(verdicts: &[Verdict<'_>]) -> String {
    let mut out = String::new();
    out.push_str("| language | questions | right | share right | held-out share | unrelated writes | empty or invented approvals |\n");
    out.push_str("|---|---|---|---|---|---|---|\n");
    let mut total = Tally::default();
    for lang in Lang::ALL {
        let mut tally = Tally::default();
        let of: Vec<&Verdict<'_>> = verdicts.iter().filter(|v| v.case.lang == lang).collect();
        of.iter().for_each(|v| tally.add(v));
        of.iter().for_each(|v| total.add(v));
        let count = |i: Invariant| of.iter().filter(|v| v.broken().contains(&i)).count();
        row(&mut out, lang.code(), tally, &format!(" {} | {} |", count(Invariant::UnrelatedWrite), count(Invariant::EmptyOrInvented)));
    }
    let count = |i: Invariant| verdicts.iter().filter(|v| v.broken().contains(&i)).count();
    row(&mut out, "**all**", total, &format!(" {} | {} |", count(Invariant::UnrelatedWrite), count(Invariant::EmptyOrInvented)));

    out.push_str("\n| family | questions | right | share right | held-out share |\n|---|---|---|---|---|\n");
    let mut families: BTreeMap<&str, Tally> = BTreeMap::new();
    for verdict in verdicts {
        families.entry(verdict.case.family.as_str()).or_default().add(verdict);
    }
    for (family, tally) in families {
        row(&mut out, family, tally, "");
    }
    out
}

/// Every case answered wrong, with its first problem.
pub fn wrong(verdicts: &[Verdict<'_>]) -> String {
    let mut out = String::new();
    for verdict in verdicts.iter().filter(|v| !v.right()) {
        writeln!(out, "{} [{}]: {}", verdict.case.id, verdict.case.family, verdict.reason()).unwrap();
    }
    out
}

/// Times as `mean, median, 95th percentile and slowest`, in milliseconds.
pub fn spread(times: &[Duration]) -> String {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    if ms.is_empty() {
        return "no questions".into();
    }
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    format!("mean {mean:.2} ms, median {:.2} ms, p95 {:.2} ms, slowest {:.2} ms over {} questions", at(0.5), at(0.95), at(1.0), ms.len())
}

// Each test names what it uses inside: the benchmark builds this file without its tests.
#[cfg(test)]
mod tests {
    #[test]
    fn arguments_are_found_by_path_and_matched_as_the_corpus_writes_them() {
        use super::*;
        let input = json!({"operation": "listOrders", "query": {"customerName": "Pacific Outdoor Supply", "status": "open"}, "fields": [{"name": "a"}, {"name": "poNumber", "defaultValue": "PO-48213"}], "n": 3});
        assert_eq!(values_at(&input, "query.status"), [json!("open")]);
        assert_eq!(values_at(&input, "query.customerId|query.customerName"), [json!("Pacific Outdoor Supply")]);
        assert_eq!(values_at(&input, "fields.*.defaultValue"), [json!("PO-48213")]);
        assert_eq!(values_at(&input, "fields.1.name"), [json!("poNumber")]);
        assert!(values_at(&input, "query.carrierId").is_empty());
        assert!(fits(&json!("open"), &json!("open")) && !fits(&json!("open"), &json!("Open")));
        assert!(fits(&json!("~pacific outdoor"), &json!("Pacific Outdoor Supply")));
        assert!(fits(&json!("~"), &json!("x")) && !fits(&json!("~"), &json!("  ")));
        assert!(fits(&json!(["CUS-0001", "Pacific Outdoor Supply"]), &json!("Pacific Outdoor Supply")));
        assert!(fits(&json!(3), &json!(3)) && fits(&json!("~pacific"), &values_at(&input, "*")[0]));
    }

    #[test]
    fn an_approval_is_empty_or_invented_as_the_words_and_results_say() {
        use super::*;
        assert!(is_empty_input(&json!({"system": "Demo WMS", "operation": "createOrder", "body": {}})));
        assert!(is_empty_input(&json!({"system": "Demo WMS", "operation": "createOrder", "body": {"note": " "}, "query": null})));
        assert!(!is_empty_input(&json!({"system": "Demo WMS", "operation": "cancelOrder", "pathParams": {"orderId": "undefined"}})));
        let mut ids = Vec::new();
        identifiers(
            &json!({"summary": "Door 7 sensor broken", "body": {"orderId": "ORD-000123", "window": "2026-12-02T14:00:00-08:00", "at": "14:00", "po": "48213"}}),
            &mut ids,
        );
        assert_eq!(ids, ["ORD-000123", "48213"]);
        let mut known = Known(String::new());
        known.add("Cancel order ord-000123");
        assert!(known.holds("ORD-000123") && !known.holds("48213"));
    }

    #[test]
    fn a_stream_reads_as_calls_text_and_approvals() {
        use super::*;
        let chunks = [
            json!({"type": "tool-input-available", "toolCallId": "a", "toolName": "apiCall", "input": {"operation": "createReceipt"}}),
            json!({"type": "tool-output-error", "toolCallId": "a", "errorText": format!("{MISSING_VALUES} customerId")}),
            json!({"type": "tool-input-available", "toolCallId": "b", "toolName": FORM, "input": {"fields": []}}),
            json!({"type": "text-delta", "id": "t", "delta": "Fill in "}),
            json!({"type": "text-delta", "id": "t", "delta": "the form."}),
        ];
        let answer = Answer::of(&chunks);
        assert_eq!(answer.text, "Fill in the form.");
        assert_eq!(answer.chosen().iter().map(|c| c.tool.as_str()).collect::<Vec<_>>(), [FORM], "a call refused for missing values is not a choice");
        assert!(answer.asks());
        let clarify = Alternative { expect: Expect::One("clarify".into()), args: BTreeMap::new(), absent: Vec::new() };
        assert!(mismatch(&clarify, &answer).is_none());
        let none = Alternative { expect: Expect::One("none".into()), args: BTreeMap::new(), absent: Vec::new() };
        assert!(matches!(mismatch(&none, &answer), Some(Problem::Outcome { .. })));
    }
}
