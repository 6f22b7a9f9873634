//! The OpenAPI document, built from the same route table the server runs.
//!
//! Each handler documents what is particular to it; [`complete`] then adds what follows
//! from where a route sits and what it reads, so no route can forget it: the bearer
//! scheme and the tenant, facility and time-zone headers of the routes behind
//! `require_auth` with the 400, 401 and 403 they answer; 400 for every route reading
//! path or query parameters; 400, 413 and 415 for every JSON body. It also states the
//! constraints that depend on configuration (the models a chat may name) and the
//! chat-id pattern on every `{chatId}`. A schema-driven fuzzer runs against the result
//! (`scripts/fuzz-api.sh`), so the document and the server must agree both ways.

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use utoipa::Modify;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};

use crate::auth::{FACILITY_HEADER, TENANT_HEADER, TIMEZONE_HEADER};
use crate::chat_history::CHAT_ID_PATTERN;

pub struct SecurityAddon;

impl Modify for SecurityAddon {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()));
    }
}

/// Operations, as (path, lower-case method).
pub type Operations = BTreeSet<(String, String)>;

/// The operations of a router's document.
pub fn operations(openapi: &utoipa::openapi::OpenApi) -> Operations {
    let doc = serde_json::to_value(openapi).unwrap_or_default();
    let mut found = Operations::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for method in item.as_object().into_iter().flatten().map(|(m, _)| m) {
            found.insert((path.clone(), method.clone()));
        }
    }
    found
}

/// How a group of routes is reached.
pub struct Scopes {
    /// Behind `require_auth`: bearer token, tenant and facility headers required.
    pub protected: Operations,
    /// Behind `require_auth_with_default_scope`: the headers default from the token.
    pub defaulted: Operations,
    /// The model ids a chat request may name.
    pub models: Vec<String>,
}

/// The served document: `openapi` with what the route groups imply added.
pub fn complete(openapi: utoipa::openapi::OpenApi, scopes: &Scopes) -> Value {
    let mut doc = serde_json::to_value(&openapi).expect("the document serialises");
    let paths = doc["paths"].as_object_mut().expect("the document has paths");
    for (path, item) in paths.iter_mut() {
        // The messaging service's refusals come in its own envelope (docs/live-agent.md).
        let error = if path.starts_with("/app-api/") { "AppEnvelope" } else { "ApiError" };
        for (method, op) in item.as_object_mut().into_iter().flatten() {
            let add_response = |op: &mut Value, status: &str, description: &str| add_response(op, status, description, error);
            let key = (path.clone(), method.clone());
            let protected = scopes.protected.contains(&key);
            let defaulted = scopes.defaulted.contains(&key);
            if protected || defaulted {
                op["security"] = json!([{"bearer": []}]);
                add_parameter(op, header(TENANT_HEADER, protected, "The tenant to act in; must be one of the user's."));
                add_parameter(op, header(FACILITY_HEADER, protected, "The facility to act in; must be one of the user's in that tenant."));
                add_parameter(op, header(TIMEZONE_HEADER, false, "The user's IANA time zone, e.g. `Europe/Berlin`; unknown zones count as UTC."));
                add_response(op, "400", "A tenant or facility header is missing, or the request is malformed");
                add_response(op, "401", "No valid access token, or the account is suspended or gone");
                add_response(op, "403", "The tenant or facility is not the user's");
            }
            if op.get("parameters").and_then(Value::as_array).is_some_and(|p| p.iter().any(|p| p["in"] == "path" || p["in"] == "query")) {
                add_response(op, "400", "A path or query parameter is malformed");
            }
            let takes = |kind: &str| op.get("requestBody").and_then(|b| b.get("content")).and_then(|c| c.get(kind)).is_some();
            let (json_body, form_body) = (takes("application/json"), takes("multipart/form-data"));
            if json_body {
                add_response(op, "400", "The body is not valid JSON or does not match its schema");
                add_response(op, "413", "The body is larger than its limit");
                add_response(op, "415", "The body is not sent as application/json");
            }
            if form_body {
                add_response(op, "400", "The body is not the multipart form described");
                add_response(op, "413", "The body is larger than its limit");
            }
            for response in op.get_mut("responses").and_then(Value::as_object_mut).into_iter().flatten().map(|(_, r)| r) {
                if response.get("description").is_none() && response.get("$ref").is_none() {
                    response["description"] = json!("OK");
                }
            }
            for param in op.get_mut("parameters").and_then(Value::as_array_mut).into_iter().flatten().filter(|p| p["in"] == "path" && p["name"] == "chatId") {
                param["schema"]["pattern"] = json!(CHAT_ID_PATTERN);
            }
        }
    }
    if let Some(model) = doc.pointer_mut("/components/schemas/ChatRequest/properties/model") {
        let nullable = model["type"].is_array();
        model["enum"] = Value::Array(scopes.models.iter().map(|m| json!(m)).chain(nullable.then_some(Value::Null)).collect());
    }
    doc
}

fn header(name: &str, required: bool, description: &str) -> Value {
    let canonical = match name {
        TENANT_HEADER => "X-Tenant-Id",
        FACILITY_HEADER => "X-Facility-Id",
        TIMEZONE_HEADER => "X-Timezone",
        other => other,
    };
    json!({"name": canonical, "in": "header", "required": required, "description": description, "schema": {"type": "string"}})
}

fn add_parameter(op: &mut Value, parameter: Value) {
    let parameters = op.as_object_mut().expect("an operation is an object").entry("parameters").or_insert_with(|| json!([]));
    if let Some(list) = parameters.as_array_mut()
        && !list.iter().any(|p| p["name"] == parameter["name"] && p["in"] == parameter["in"])
    {
        list.push(parameter);
    }
}

fn add_response(op: &mut Value, status: &str, description: &str, error: &str) {
    let responses = op.as_object_mut().expect("an operation is an object").entry("responses").or_insert_with(|| Value::Object(Map::new()));
    if let Some(responses) = responses.as_object_mut() {
        responses.entry(status).or_insert_with(
            || json!({"description": description, "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{error}")}}}}),
        );
    }
}

pub async fn document(doc: Arc<Value>) -> Response {
    axum::Json(doc.as_ref()).into_response()
}
