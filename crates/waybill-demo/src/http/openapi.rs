//! The OpenAPI 3.1 document of a system, written from its operation table.
//!
//! What follows from an operation's place is added here, so no operation can forget it:
//! the bearer scheme, the tenant and facility headers (the facility required where the
//! operation is facility-scoped), 400/401/403 on every operation, 404 where the path
//! names a record, 413/415 where a body is read.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};

use super::error::ErrorBody;
use super::page::MAX_PAGE_SIZE;
use super::{Reply, SchemaRef, Scope, operations, tags};
use crate::{FACILITIES, System, TENANT};

pub(crate) fn document(system: System, base_url: &str) -> Value {
    let mut collected = Vec::new();
    (SchemaRef::of::<ErrorBody>().collect)(&mut collected);
    let mut paths: BTreeMap<&str, Map<String, Value>> = BTreeMap::new();
    let mut page_schemas = BTreeMap::new();

    for op in operations(system) {
        let facility_ref = match op.scope {
            Scope::Facility => "FacilityId",
            Scope::Tenant => "FacilityFilter",
        };
        let mut parameters = vec![json!({"$ref": "#/components/parameters/TenantId"}), json!({"$ref": format!("#/components/parameters/{facility_ref}")})];
        for params in &op.params {
            parameters.extend(params().into_iter().map(|p| serde_json::to_value(p).expect("parameters serialise")));
        }

        let mut responses = Map::new();
        match op.reply {
            Some(Reply::Object { status, schema }) => {
                (schema.collect)(&mut collected);
                let description = if status == 201 { "Created" } else { "OK" };
                responses.insert(status.to_string(), json_response(description, schema_ref(&(schema.name)())));
            }
            Some(Reply::Page(schema)) => {
                (schema.collect)(&mut collected);
                let item = (schema.name)().into_owned();
                let page = format!("{item}Page");
                page_schemas.insert(page.clone(), page_schema(&item));
                responses.insert("200".into(), json_response("One page of the list", schema_ref(&page)));
            }
            None => {
                responses.insert("204".into(), json!({"description": "Done"}));
            }
        }
        let mut errors: Vec<(u16, String)> = vec![
            (400, "The request is malformed, a header is missing or a value breaks a rule".into()),
            (401, "No valid bearer token for this system".into()),
            (403, "The tenant or facility is not served here".into()),
        ];
        if op.path.contains('{') {
            errors.push((404, "The record named in the path does not exist in this tenant or facility".into()));
        }
        if op.body.is_some() {
            errors.push((413, format!("The body is larger than {} MiB", op.body_limit / (1024 * 1024))));
            errors.push((415, "The body is not JSON".into()));
        }
        for (status, meaning) in &op.errors {
            match errors.iter_mut().find(|(s, _)| s == status) {
                Some(known) => known.1 = (*meaning).to_owned(),
                None => errors.push((*status, (*meaning).to_owned())),
            }
        }
        errors.sort_by_key(|(status, _)| *status);
        for (status, meaning) in errors {
            responses.insert(status.to_string(), json_response(&meaning, schema_ref("ErrorBody")));
        }

        let mut operation = json!({
            "operationId": op.id,
            "summary": op.summary,
            "description": op.description,
            "tags": [op.tag],
            "parameters": parameters,
            "responses": responses,
            "security": [{"bearer": []}],
        });
        if let Some(body) = op.body {
            (body.collect)(&mut collected);
            operation["requestBody"] = json!({
                "required": true,
                "content": {"application/json": {"schema": schema_ref(&(body.name)())}},
            });
        }
        paths.entry(op.path).or_default().insert(op.method.as_str().to_ascii_lowercase(), operation);
    }

    let mut schemas: BTreeMap<String, Value> =
        collected.into_iter().map(|(name, schema)| (name, serde_json::to_value(schema).expect("schemas serialise"))).collect();
    schemas.extend(page_schemas);
    // Parameters refer to vocabularies that no body or answer may carry.
    let paths = serde_json::to_value(&paths).expect("paths serialise");
    let mut named = BTreeSet::new();
    references(&paths, &mut named);
    for (name, schema) in crate::model::schemas() {
        if named.contains(&name) && !schemas.contains_key(&name) {
            schemas.insert(name, serde_json::to_value(schema).expect("schemas serialise"));
        }
    }
    let facility_ids: Vec<&str> = FACILITIES.iter().map(|(id, _)| *id).collect();
    let facility_list: Vec<String> = FACILITIES.iter().map(|(id, name)| format!("`{id}` ({name})")).collect();
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": system.title(),
            "version": "1.0.0",
            "description": format!(
                "{}. Part of Waybill's demo back office for tenant `{TENANT}`. Every operation needs `Authorization: Bearer <token>` \
                 and `X-Tenant-Id: {TENANT}`; facility data also needs `X-Facility-Id`, one of {}. Lists take `page` and `pageSize` \
                 (at most {MAX_PAGE_SIZE}) and answer `{{data, totalCount, page, pageSize}}`. Errors answer \
                 `{{\"error\": {{\"code\", \"message\"}}}}`.",
                system.title(),
                facility_list.join(", ")
            ),
        },
        "servers": [{"url": base_url}],
        "tags": tags(system).iter().map(|(name, description)| json!({"name": name, "description": description})).collect::<Vec<_>>(),
        "paths": paths,
        "components": {
            "schemas": schemas,
            "parameters": {
                "TenantId": {
                    "name": "X-Tenant-Id", "in": "header", "required": true,
                    "description": format!("The tenant; this system serves `{TENANT}` only."),
                    "schema": {"type": "string", "enum": [TENANT]},
                },
                "FacilityId": {
                    "name": "X-Facility-Id", "in": "header", "required": true,
                    "description": "The facility whose data the operation reads or changes.",
                    "schema": {"type": "string", "enum": facility_ids},
                },
                "FacilityFilter": {
                    "name": "X-Facility-Id", "in": "header", "required": false,
                    "description": "Limits the answer to one facility's records where they belong to one; without it the whole tenant is answered.",
                    "schema": {"type": "string", "enum": facility_ids},
                },
            },
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "The system's service token. Where the demo requires it (as `waybill serve` does), each call also carries X-Caller-Assertion: a statement the caller's platform signs for that one call of whom it is made for (tenant, facility, user, method, path), answered 401 caller_unverified when missing or invalid."}},
        },
    })
}

/// Collects the schema names `value` refers to.
fn references(value: &Value, names: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(name) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/components/schemas/")) {
                names.insert(name.to_owned());
            }
            map.values().for_each(|v| references(v, names));
        }
        Value::Array(items) => items.iter().for_each(|v| references(v, names)),
        _ => {}
    }
}

fn schema_ref(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

fn json_response(description: &str, schema: Value) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": schema}}})
}

fn page_schema(item: &str) -> Value {
    json!({
        "type": "object",
        "description": format!("One page of {item} records."),
        "required": ["data", "totalCount", "page", "pageSize"],
        "properties": {
            "data": {"type": "array", "items": schema_ref(item)},
            "totalCount": {"type": "integer", "minimum": 0, "description": "How many records match the filters, on all pages."},
            "page": {"type": "integer", "minimum": 1},
            "pageSize": {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE},
        },
    })
}
