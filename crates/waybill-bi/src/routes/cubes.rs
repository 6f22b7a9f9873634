//! `/api/admin/cubes`: the tenant's BI cubes, for its admins — the shipped ones (read
//! only) and the tenant's own, which they add from a cube file (checked, and run once
//! over the operational data, before it is stored), replace and remove.

use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::{router::OpenApiRouter, routes};
use waybill_routes::{ApiError, Error, Json, Path, RequestContext, Result, require_admin};

use super::BiService;
use crate::{CubeFileError, CubeFileList, CubeFileText, CubeSaved, CubeUpload, Warehouse};

pub fn router() -> OpenApiRouter<BiService> {
    OpenApiRouter::new().routes(routes!(list_cubes, add_cube)).routes(routes!(cube_file, remove_cube))
}

/// A family error for the API, or a logged 500.
fn api(e: CubeFileError) -> Error {
    match e.for_api() {
        Ok(family) => Error::Family(family),
        Err(other) => Error::Internal(anyhow::anyhow!(other)),
    }
}

fn warehouse(state: &BiService) -> Result<&Warehouse> {
    state.warehouse().ok_or_else(|| api(CubeFileError::Unavailable))
}

fn checked_name(name: &str) -> Result<()> {
    if name.is_empty() || name.len() > 64 { Err(api(CubeFileError::NotFound(name.chars().take(64).collect()))) } else { Ok(()) }
}

/// The tenant's cubes: the shipped ones, then its own (with any that are not in use and why).
#[utoipa::path(get, path = "/api/admin/cubes", tag = "admin",
    responses((status = 200, body = CubeFileList), (status = 403, body = ApiError)))]
async fn list_cubes(State(state): State<BiService>, ctx: RequestContext) -> Result<Json<CubeFileList>> {
    require_admin(&ctx)?;
    match state.warehouse() {
        Some(w) => Ok(Json(w.cube_files(&ctx.tenant_id).await.map_err(api)?)),
        None => Ok(Json(CubeFileList { available: false, cubes: Vec::new() })),
    }
}

/// Adds a cube from its file, or replaces the tenant's cube of the same name; with
/// `checkOnly` it is checked and run once but not stored.
#[utoipa::path(post, path = "/api/admin/cubes", tag = "admin", request_body = CubeUpload,
    responses((status = 200, body = CubeSaved), (status = 201, body = CubeSaved), (status = 400, body = ApiError), (status = 403, body = ApiError),
        (status = 409, body = ApiError), (status = 422, body = ApiError)))]
async fn add_cube(State(state): State<BiService>, ctx: RequestContext, Json(upload): Json<CubeUpload>) -> Result<(StatusCode, Json<CubeSaved>)> {
    require_admin(&ctx)?;
    let saved = warehouse(&state)?.add_cube(&ctx.tenant_id, &ctx.user_id, upload).await.map_err(api)?;
    if !saved.saved {
        return Ok((StatusCode::OK, Json(saved)));
    }
    tracing::info!(tenant_id = %ctx.tenant_id, cube = %saved.cube.name, replaced = saved.replaced, "a tenant cube was added");
    Ok((StatusCode::CREATED, Json(saved)))
}

/// One cube's file, shipped or the tenant's own.
#[utoipa::path(get, path = "/api/admin/cubes/{name}", tag = "admin",
    params(("name" = String, Path, max_length = 64)),
    responses((status = 200, body = CubeFileText), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn cube_file(State(state): State<BiService>, ctx: RequestContext, Path(name): Path<String>) -> Result<Json<CubeFileText>> {
    require_admin(&ctx)?;
    checked_name(&name)?;
    Ok(Json(warehouse(&state)?.cube_file(&ctx.tenant_id, &name).await.map_err(api)?))
}

/// Removes one of the tenant's own cubes.
#[utoipa::path(delete, path = "/api/admin/cubes/{name}", tag = "admin",
    params(("name" = String, Path, max_length = 64)),
    responses((status = 204), (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError)))]
async fn remove_cube(State(state): State<BiService>, ctx: RequestContext, Path(name): Path<String>) -> Result<StatusCode> {
    require_admin(&ctx)?;
    checked_name(&name)?;
    warehouse(&state)?.remove_cube(&ctx.tenant_id, &name).await.map_err(api)?;
    tracing::info!(tenant_id = %ctx.tenant_id, cube = %name, "a tenant cube was removed");
    Ok(StatusCode::NO_CONTENT)
}
