//! `/api/admin/systems`: the tenant's business systems (WMS, FMS, YMS, OMS), for its
//! admins — register one from its OpenAPI document, change it, test the connection,
//! re-import the document, mark operations safe, remove it. Secrets go in, never out.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use waybill_routes::{ApiError, Error, Json, Path, RequestContext, Result, require_admin};

use crate::{ConnectionTest, OperationInfo, Shared, SystemError, SystemInfo, SystemInput};

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct SystemList {
    #[ts(type = "Array<import(\"./systems/SystemInfo\").SystemInfo>")]
    pub systems: Vec<SystemInfo>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct OperationList {
    #[ts(type = "Array<import(\"./systems/OperationInfo\").OperationInfo>")]
    pub operations: Vec<OperationInfo>,
}

/// The operations whose calls run without asking the user (all others that change data ask).
#[derive(Debug, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SafeOperations {
    #[schema(max_items = 5000)]
    pub operations: Vec<String>,
}

/// A document to import instead of fetching it from the system's URL again.
#[derive(Debug, Default, Deserialize, ToSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct Reimport {
    #[serde(default)]
    #[ts(optional)]
    pub document: Option<String>,
}

pub fn router() -> OpenApiRouter<Arc<Shared>> {
    OpenApiRouter::new()
        .routes(routes!(list_systems, create_system))
        .routes(routes!(update_system, delete_system))
        .routes(routes!(test_system))
        .routes(routes!(reimport_system))
        .routes(routes!(list_operations))
        .routes(routes!(set_safe_operations))
}

/// A family error for the API, or a logged 500.
fn api(e: SystemError) -> Error {
    match e.for_api() {
        Ok(family) => Error::Family(family),
        Err(other) => Error::Internal(anyhow::anyhow!(other)),
    }
}

fn checked_id(id: &str) -> Result<()> {
    if id.is_empty() || id.len() > 64 { Err(Error::NotFound("Business system")) } else { Ok(()) }
}

/// The tenant's business systems.
#[utoipa::path(get, path = "/api/admin/systems", tag = "admin",
    responses((status = 200, body = SystemList), (status = 403, body = ApiError)))]
async fn list_systems(State(state): State<Arc<Shared>>, ctx: RequestContext) -> Result<Json<SystemList>> {
    require_admin(&ctx)?;
    Ok(Json(SystemList { systems: state.list(&ctx.tenant_id).await.map_err(api)? }))
}

/// Registers a system from its OpenAPI document (by URL or as text).
#[utoipa::path(post, path = "/api/admin/systems", tag = "admin", request_body = SystemInput,
    responses((status = 201, body = SystemInfo), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 409, body = ApiError),
        (status = 422, body = ApiError), (status = 502, body = ApiError)))]
async fn create_system(State(state): State<Arc<Shared>>, ctx: RequestContext, Json(input): Json<SystemInput>) -> Result<(StatusCode, Json<SystemInfo>)> {
    require_admin(&ctx)?;
    let info = state.create(&ctx.tenant_id, input).await.map_err(api)?;
    tracing::info!(tenant_id = %ctx.tenant_id, system = %info.name, operations = info.operation_count, "registered a business system");
    Ok((StatusCode::CREATED, Json(info)))
}

/// Changes a system; a new document URL or text re-imports it, a new secret replaces the stored one.
#[utoipa::path(put, path = "/api/admin/systems/{system_id}", tag = "admin", request_body = SystemInput,
    params(("system_id" = String, Path, max_length = 64)),
    responses((status = 200, body = SystemInfo), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError),
        (status = 409, body = ApiError), (status = 422, body = ApiError), (status = 502, body = ApiError)))]
async fn update_system(
    State(state): State<Arc<Shared>>,
    ctx: RequestContext,
    Path(id): Path<String>,
    Json(input): Json<SystemInput>,
) -> Result<Json<SystemInfo>> {
    require_admin(&ctx)?;
    checked_id(&id)?;
    Ok(Json(state.update(&ctx.tenant_id, &id, input).await.map_err(api)?))
}

/// Removes a system.
#[utoipa::path(delete, path = "/api/admin/systems/{system_id}", tag = "admin",
    params(("system_id" = String, Path, max_length = 64)),
    responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn delete_system(State(state): State<Arc<Shared>>, ctx: RequestContext, Path(id): Path<String>) -> Result<StatusCode> {
    require_admin(&ctx)?;
    checked_id(&id)?;
    state.delete(&ctx.tenant_id, &id).await.map_err(api)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Signs in to the system and reads from it once.
#[utoipa::path(post, path = "/api/admin/systems/{system_id}/test", tag = "admin",
    params(("system_id" = String, Path, max_length = 64)),
    responses((status = 200, body = ConnectionTest), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn test_system(State(state): State<Arc<Shared>>, ctx: RequestContext, Path(id): Path<String>) -> Result<Json<ConnectionTest>> {
    require_admin(&ctx)?;
    checked_id(&id)?;
    Ok(Json(state.test(&ctx.tenant_id, &ctx.facility_id, &id).await.map_err(api)?))
}

/// Imports the system's document again (from its URL, or the text given).
#[utoipa::path(post, path = "/api/admin/systems/{system_id}/import", tag = "admin", request_body = Reimport,
    params(("system_id" = String, Path, max_length = 64)),
    responses((status = 200, body = SystemInfo), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError),
        (status = 422, body = ApiError), (status = 502, body = ApiError)))]
async fn reimport_system(
    State(state): State<Arc<Shared>>,
    ctx: RequestContext,
    Path(id): Path<String>,
    Json(body): Json<Reimport>,
) -> Result<Json<SystemInfo>> {
    require_admin(&ctx)?;
    checked_id(&id)?;
    Ok(Json(state.reimport(&ctx.tenant_id, &id, body.document).await.map_err(api)?))
}

/// The system's operations, with whether each changes data and is marked safe.
#[utoipa::path(get, path = "/api/admin/systems/{system_id}/operations", tag = "admin",
    params(("system_id" = String, Path, max_length = 64)),
    responses((status = 200, body = OperationList), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn list_operations(State(state): State<Arc<Shared>>, ctx: RequestContext, Path(id): Path<String>) -> Result<Json<OperationList>> {
    require_admin(&ctx)?;
    checked_id(&id)?;
    Ok(Json(OperationList { operations: state.operations(&ctx.tenant_id, &id).await.map_err(api)? }))
}

/// Sets the operations whose calls run without the user's approval.
#[utoipa::path(put, path = "/api/admin/systems/{system_id}/safe-operations", tag = "admin", request_body = SafeOperations,
    params(("system_id" = String, Path, max_length = 64)),
    responses((status = 200, body = SystemInfo), (status = 400, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError)))]
async fn set_safe_operations(
    State(state): State<Arc<Shared>>,
    ctx: RequestContext,
    Path(id): Path<String>,
    Json(body): Json<SafeOperations>,
) -> Result<Json<SystemInfo>> {
    require_admin(&ctx)?;
    checked_id(&id)?;
    if body.operations.len() > 5000 {
        return Err(Error::BadRequest("At most 5000 operations".into()));
    }
    Ok(Json(state.set_safe(&ctx.tenant_id, &id, body.operations).await.map_err(api)?))
}
