//! What a continuation brings back: the client posts the assistant message it holds again
//! once the browser has what the turn waited for — a client tool's result, or the user's
//! answer to an approval request. Compared with the stored message, it may add exactly
//! those; anything else is refused:
//!
//! - an approval answered must exist in this chat for this user (else 404) and be
//!   answered once (else 409); the call that runs is the stored one, whatever the client
//!   sent as its input;
//! - a result may be posted only for a client tool (a server tool's result, 400); a result
//!   that does not match the tool's output type becomes that call's error, and the turn
//!   goes on.

use serde_json::Value;
use waybill_agent::agent::Decision;
use waybill_agent::convert::tool_name;
use waybill_store::{Decided, Owner, Store};
use waybill_tools::{Registry, STOPPED_ERROR};

use crate::error::{Error, Result};

/// What the job does before calling the model again.
#[derive(Debug, Default)]
pub struct Continuation {
    pub decisions: Vec<Decision>,
    /// Client results that do not match their tool's type: (call id, why).
    pub mismatched: Vec<(String, String)>,
}

impl Continuation {
    pub fn is_empty(&self) -> bool {
        self.decisions.is_empty() && self.mismatched.is_empty()
    }
}

fn parts(message: &Value) -> &[Value] {
    message["parts"].as_array().map(Vec::as_slice).unwrap_or_default()
}

fn call_id(part: &Value) -> Option<&str> {
    part["toolCallId"].as_str()
}

fn state(part: &Value) -> &str {
    part["state"].as_str().unwrap_or_default()
}

fn finished(state: &str) -> bool {
    matches!(state, "output-available" | "output-error" | "output-denied")
}

/// A call that Stop ended, as the client marks it when the server could not.
fn stopped_by_the_client(part: &Value) -> bool {
    state(part) == "output-error" && part["errorText"] == STOPPED_ERROR && part["resultProviderMetadata"]["waybill"]["stopped"] == true
}

/// Checks `sent` (the continued assistant message) against `stored`, records the
/// approvals it answers, and says what the job must do first.
/// A message the server never stored is history the client brings, not a continuation of
/// a turn: there is nothing to compare it with (and no approval it could answer).
pub async fn inspect(store: &Store, owner: Owner<'_>, chat_id: &str, sent: &Value, stored: Option<&Value>, tools: &Registry) -> Result<Continuation> {
    let mut continuation = Continuation::default();
    let Some(stored) = stored else { return Ok(continuation) };
    let stored_parts = parts(stored);
    let stored_part = |id: &str| stored_parts.iter().find(|p| call_id(p) == Some(id));
    for part in parts(sent) {
        let (Some(id), Some(name)) = (call_id(part), tool_name(part)) else { continue };
        let before = stored_part(id);
        let before_state = before.map(state).unwrap_or_default();
        match state(part) {
            "approval-responded" => {
                let approval_id = part["approval"]["id"].as_str().ok_or_else(|| Error::InvalidBody(format!("The approval of call {id} has no id")))?;
                let approved =
                    part["approval"]["approved"].as_bool().ok_or_else(|| Error::InvalidBody(format!("The approval of call {id} says neither yes nor no")))?;
                let asked = before.filter(|p| state(p) == "approval-requested" && p["approval"]["id"] == approval_id);
                match store.decide_approval(owner, chat_id, approval_id, approved).await? {
                    Decided::NotFound => return Err(Error::NotFound("Approval")),
                    Decided::AlreadyDecided(_) => return Err(Error::Conflict(format!("The approval {approval_id} was already answered"))),
                    Decided::Recorded(record) => {
                        // The input that runs is the one the user was shown.
                        let input = asked.map(|p| p["input"].clone()).or_else(|| serde_json::from_str(&record.input).ok()).unwrap_or(Value::Null);
                        continuation.decisions.push(Decision { tool_call_id: id.to_owned(), tool_name: record.tool_name, input, approved });
                    }
                }
            }
            now if finished(now) && !finished(before_state) => {
                let tool = tools.get(name);
                if stopped_by_the_client(part) {
                    continue;
                }
                match tool {
                    Some(tool) if tool.runs_on_client() => {
                        if now == "output-available"
                            && let Err(err) = tool.check_output(&part["output"])
                        {
                            continuation.mismatched.push((id.to_owned(), err.to_string()));
                        }
                    }
                    _ => return Err(Error::BadRequest(format!("{name} runs on the server; a result for it cannot be posted"))),
                }
            }
            _ => {}
        }
    }
    Ok(continuation)
}
