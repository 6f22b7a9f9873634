//! Calling one operation of a registered system: the arguments checked against the
//! operation's schemas before anything is sent, the URL built so that no value can leave
//! the registered host, the request signed, the user's tenant and facility forwarded, and
//! the answer summarised. Every failure becomes the card's 'Tool Call Failed' result with
//! the issues found and four fixes that fit.

use serde_json::{Value, json};
use waybill_openapi::{CallArgs, Issue, Operation};
use waybill_tools::Caller;
use waybill_tools::outbound::OutboundError;

use crate::catalogues::{Loaded, TenantSystems};
use crate::service::Shared;
use crate::tools::{ApiCallInput, ApiCallResult, CallIssue};

/// How much of a response the model is given; the card keeps it whole.
pub const MODEL_DATA_CHARS: usize = 12_000;
/// The largest response read.
pub const MAX_RESPONSE_BYTES: usize = 8 * 1024 * 1024;

/// The failure result with `error`, the issues and fixes, and what was passed.
fn failed(input: &ApiCallInput, error: String, issues: Vec<CallIssue>, suggestions: [&str; 4]) -> ApiCallResult {
    ApiCallResult {
        success: false,
        system: input.system.clone(),
        operation: input.operation.clone(),
        error: Some(error),
        issues,
        parameters: Some(passed(input)),
        suggestions: suggestions.iter().map(|s| (*s).to_owned()).collect(),
        ..ApiCallResult::default()
    }
}

/// The arguments as they were passed, for the failure card.
fn passed(input: &ApiCallInput) -> Value {
    json!({"pathParams": input.path_params, "query": input.query, "body": input.body})
}

/// The system and operation the input names, or the failure saying why not.
pub fn resolve<'a>(systems: &'a TenantSystems, input: &ApiCallInput) -> Result<(&'a Loaded, &'a Operation), Box<ApiCallResult>> {
    let Some(system) = systems.find(&input.system) else {
        let names = systems.names().join(", ");
        return Err(Box::new(failed(
            input,
            format!("No business system named '{}' (registered: {})", input.system, if names.is_empty() { "none" } else { &names }),
            Vec::new(),
            [
                "Use one of the registered system names listed in the error",
                "Use the system's kind (wms, fms, yms, oms) when the tenant has only one of that kind",
                "Search the operations first with apiSearch; each result names its system",
                "Ask an administrator to register the system under Admin → Business systems",
            ],
        )));
    };
    let Some(op) = system.operation(&input.operation) else {
        return Err(Box::new(failed(
            input,
            format!("{} has no operation '{}'", system.record.name, input.operation),
            Vec::new(),
            [
                "Search with apiSearch and pass an operation id it returned",
                "Pass the operation id exactly as listed, e.g. listInventory",
                "Or pass the method and the path template, e.g. GET /inventory/{itemId}",
                "Check that you are calling the right system (wms, fms, yms or oms)",
            ],
        )));
    };
    Ok((system, op))
}

/// The arguments as the validator takes them. The tenant and facility headers an
/// operation declares are the caller's (every request carries them): the model never
/// passes them.
pub fn args(input: &ApiCallInput, caller: &Caller, op: &Operation) -> CallArgs {
    let headers = op
        .parameters
        .iter()
        .filter(|p| forwarded(p))
        .map(|p| {
            let value = if p.name.eq_ignore_ascii_case(TENANT_HEADER) { &caller.tenant_id } else { &caller.facility_id };
            (p.name.clone(), Value::String(value.clone()))
        })
        .collect();
    CallArgs { path: input.path_params.clone().unwrap_or_default(), query: input.query.clone().unwrap_or_default(), headers, body: input.body.clone() }
}

/// Whether Waybill fills the parameter itself: the tenant and facility headers.
pub fn forwarded(p: &waybill_openapi::Parameter) -> bool {
    p.location == waybill_openapi::Location::Header && (p.name.eq_ignore_ascii_case(TENANT_HEADER) || p.name.eq_ignore_ascii_case(FACILITY_HEADER))
}

/// The headers every call carries: the user's tenant and facility.
pub const TENANT_HEADER: &str = "X-Tenant-Id";
pub const FACILITY_HEADER: &str = "X-Facility-Id";

fn issue(i: Issue) -> CallIssue {
    CallIssue { path: i.path, expected: i.expected, received: i.received, message: i.message }
}

/// Checks the arguments against the operation: the failure to show when they do not fit.
pub fn check(input: &ApiCallInput, caller: &Caller, op: &Operation) -> Result<CallArgs, Box<ApiCallResult>> {
    let args = args(input, caller, op);
    let issues = waybill_openapi::validate(op, &args);
    if issues.is_empty() {
        return Ok(args);
    }
    Err(Box::new(failed(
        input,
        format!("The arguments do not fit {} {} ({} issue{})", op.method, op.path, issues.len(), if issues.len() == 1 { "" } else { "s" }),
        issues.into_iter().map(issue).collect(),
        [
            "Fix each parameter listed in issues: it says what was expected and what was received",
            "Put path parameters in pathParams, query parameters in query and the request body in body",
            "Use the operation's exact parameter names, as apiSearch lists them",
            "Leave out parameters the operation does not take",
        ],
    )))
}

/// Sends the call and reads its answer.
pub async fn send(
    input: &ApiCallInput,
    caller: &Caller,
    system: &Loaded,
    op: &Operation,
    args: &CallArgs,
    shared: &Shared,
    auth: crate::auth::Auth,
) -> ApiCallResult {
    let (outbound, tokens) = (&shared.outbound_for(&system.record), &shared.tokens);
    let base = match url::Url::parse(&system.record.base_url) {
        Ok(base) => base,
        Err(_) => return failed(input, format!("{}'s base URL is not valid", system.record.name), Vec::new(), ADMIN_FIXES),
    };
    let url = match waybill_openapi::request_url(&base, op, args) {
        Ok(url) => url,
        Err(e) => {
            return failed(
                input,
                format!("The request would leave {}: {e}", system.record.name),
                Vec::new(),
                [
                    "Pass identifiers as plain values, not paths or URLs",
                    "Leave out '/', '..' and '@' in path parameters",
                    "Search with apiSearch for an operation that takes this value as a query parameter",
                    "Ask the user for the exact identifier",
                ],
            );
        }
    };
    let method = reqwest::Method::from_bytes(op.method.as_bytes()).unwrap_or(reqwest::Method::GET);
    let request = match outbound.request(method, url.as_str()) {
        Ok(request) => request,
        Err(e) => return failed(input, e.to_string(), Vec::new(), ADMIN_FIXES),
    };
    let mut request = request.header("Accept", "application/json").header(TENANT_HEADER, &caller.tenant_id).header(FACILITY_HEADER, &caller.facility_id);
    let call = crate::service::SignedCall {
        tenant_id: &caller.tenant_id,
        facility_id: &caller.facility_id,
        user_id: Some(&caller.user_id),
        method: &op.method,
        url: &url,
    };
    if let Some((name, value)) = shared.call_statement(&system.record, &call) {
        request = request.header(name, value);
    }
    if let Some(body) = &args.body {
        request = request.json(body);
    }
    let request = match tokens.sign(&system.record.id, &auth, outbound, request).await {
        Ok(request) => request,
        Err(e) => return failed(input, format!("Signing in to {} failed: {e}", system.record.name), Vec::new(), ADMIN_FIXES),
    };
    // Whatever comes back is read without the credentials just sent (crate::credentials).
    let (request, sent) = crate::credentials::Sent::capture(request, &auth);
    let (status, bytes) = match outbound.fetch(request, MAX_RESPONSE_BYTES).await {
        Ok((status, bytes)) => (status, sent.bytes(bytes)),
        Err(OutboundError::TooLarge { limit, .. }) => {
            return failed(
                input,
                format!("{} answered with more than {} MB", system.record.name, limit / (1024 * 1024)),
                Vec::new(),
                [
                    "Ask for fewer records with a smaller pageSize",
                    "Filter the query (status, dates, facility)",
                    "Ask for one page at a time",
                    "Use a search or summary operation instead of a full list",
                ],
            );
        }
        Err(e) => return sent.result(failed(input, format!("{} could not be reached: {e}", system.record.name), Vec::new(), RETRY_FIXES)),
    };
    if status == reqwest::StatusCode::UNAUTHORIZED || status == reqwest::StatusCode::FORBIDDEN {
        tokens.forget(&system.record.id);
    }
    let data = serde_json::from_slice::<Value>(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    let mut result = ApiCallResult {
        success: status.is_success(),
        system: system.record.name.clone(),
        operation: op.key.clone(),
        method: Some(op.method.clone()),
        path: Some(url.path().to_owned()),
        status_code: Some(status.as_u16()),
        parameters: Some(passed(input)),
        ..ApiCallResult::default()
    };
    if status.is_success() {
        result.summary = summary(&data);
        result.message = Some(format!("{} {} answered {}", op.method, op.path, status.as_u16()));
    } else {
        let detail = upstream_message(&data);
        result.error = Some(format!("{} answered {}{}", system.record.name, status, detail.map(|d| format!(": {d}")).unwrap_or_default()));
        result.suggestions = upstream_fixes(status.as_u16()).iter().map(|s| (*s).to_owned()).collect();
    }
    let (for_model, truncated) = shorten(&data, MODEL_DATA_CHARS);
    result.data = Some(for_model);
    if truncated {
        result.truncated = true;
        result.card_only = Some(json!({"data": data}));
    }
    sent.result(result)
}

const ADMIN_FIXES: [&str; 4] = [
    "Ask an administrator to check the system under Admin → Business systems",
    "Run 'Test connection' there to see what the system answers",
    "Check the base URL and the sign-in settings",
    "Try again once the settings are fixed",
];

const RETRY_FIXES: [&str; 4] = [
    "Try again in a moment: the system may be restarting",
    "Ask an administrator to run 'Test connection' under Admin → Business systems",
    "Check that the system's address is reachable from Waybill",
    "Use another system's data meanwhile if the user agrees",
];

fn upstream_fixes(status: u16) -> [&'static str; 4] {
    match status {
        401 | 403 => [
            "The system refused Waybill's credentials: this is not the user's Waybill sign-in",
            "Ask an administrator to update the system's credentials under Admin → Business systems",
            "Check that the account may call this operation",
            "Try again after the credentials are updated",
        ],
        404 => [
            "Check the identifiers passed: the record may not exist in this facility",
            "Search or list the records first to find the right identifier",
            "Check the facility: records are scoped to the user's facility",
            "Check the operation: apiSearch lists what each one takes",
        ],
        400 | 409 | 422 => [
            "Read the system's message in the error and correct the arguments it names",
            "Check required fields and their formats in the operation's schema",
            "Check the record's current state (an order already shipped cannot be cancelled)",
            "Ask the user for the missing or corrected values",
        ],
        429 => [
            "Wait a moment and try again",
            "Make fewer calls: ask for larger pages",
            "Filter the query to fewer records",
            "Try again later if the system stays busy",
        ],
        _ => RETRY_FIXES,
    }
}

/// The system's own words about a failure, from the usual error shapes.
fn upstream_message(data: &Value) -> Option<String> {
    let text = data
        .pointer("/error/message")
        .or_else(|| data.get("message"))
        .or_else(|| data.get("error"))
        .or_else(|| data.get("detail"))
        .or_else(|| data.get("title"))
        .and_then(|v| v.as_str().map(str::to_owned))
        .or_else(|| data.as_str().map(str::to_owned))?;
    Some(waybill_tools::redact::truncate(text.trim(), 300))
}

/// 'Total N records' from `totalCount` (or `total`), else the length of the list.
pub fn summary(data: &Value) -> Option<String> {
    let total = ["totalCount", "total", "count"].iter().find_map(|k| data.get(*k).and_then(Value::as_u64));
    let listed = data.as_array().or_else(|| ["data", "items", "results", "records"].iter().find_map(|k| data.get(*k).and_then(Value::as_array))).map(Vec::len);
    total.or(listed.map(|n| n as u64)).map(|n| format!("Total {n} records"))
}

/// The data cut to about `max` characters of JSON for the model: a list keeps its first
/// records (with a note of how many there are), anything else is cut as text.
fn shorten(data: &Value, max: usize) -> (Value, bool) {
    let text = data.to_string();
    if text.len() <= max {
        return (data.clone(), false);
    }
    let list_key = ["data", "items", "results", "records"].into_iter().find(|k| data.get(*k).is_some_and(Value::is_array));
    let list = match list_key {
        Some(key) => data[key].as_array(),
        None => data.as_array(),
    };
    if let Some(items) = list {
        let mut kept = Vec::new();
        let mut size = 0;
        for item in items {
            size += item.to_string().len() + 1;
            if size > max {
                break;
            }
            kept.push(item.clone());
        }
        let note = format!("Showing {} of {} records; the user sees them all on the card", kept.len(), items.len());
        let short = match list_key {
            Some(key) => {
                let mut object = data.as_object().cloned().unwrap_or_default();
                object.insert(key.into(), Value::Array(kept));
                object.insert("note".into(), Value::String(note));
                Value::Object(object)
            }
            None => json!({"records": kept, "note": note}),
        };
        return (short, true);
    }
    (Value::String(waybill_tools::redact::truncate(&text, max)), true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_come_from_total_count_or_the_list() {
        assert_eq!(summary(&json!({"data": [1, 2], "totalCount": 40})).as_deref(), Some("Total 40 records"));
        assert_eq!(summary(&json!([1, 2, 3])).as_deref(), Some("Total 3 records"));
        assert_eq!(summary(&json!({"items": [1]})).as_deref(), Some("Total 1 records"));
        assert_eq!(summary(&json!({"id": 1})), None);
    }

    #[test]
    fn large_lists_are_cut_for_the_model_with_a_note() {
        let data = json!({"data": (0..2000).map(|i| json!({"id": i, "name": "pallet of outdoor chairs"})).collect::<Vec<_>>(), "totalCount": 2000});
        let (short, cut) = shorten(&data, 2_000);
        assert!(cut);
        assert!(short.to_string().len() < 2_200, "{}", short.to_string().len());
        assert_eq!(short["totalCount"], 2000);
        assert!(short["note"].as_str().unwrap().contains("of 2000 records"));
        let (same, cut) = shorten(&json!({"id": 1}), 2_000);
        assert!(!cut);
        assert_eq!(same, json!({"id": 1}));
    }

    #[test]
    fn upstream_errors_keep_the_systems_words() {
        assert_eq!(upstream_message(&json!({"error": {"code": "x", "message": "Order is shipped"}})).as_deref(), Some("Order is shipped"));
        assert_eq!(upstream_message(&json!({"message": "nope"})).as_deref(), Some("nope"));
        assert_eq!(upstream_message(&json!({"id": 1})), None);
    }
}
