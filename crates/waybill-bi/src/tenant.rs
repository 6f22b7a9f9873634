//! Cubes a tenant's administrators add beside the shipped ones: a cube file is read and
//! checked like the shipped ones (names, plain-text descriptions, column expressions,
//! joins that name known cubes and form no cycle), then run once over the operational
//! data (its rows and every measure's aggregate), and only then stored and put in use.
//! Shipped cubes cannot be replaced or removed; a cube another one joins cannot be
//! removed while that one stands.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sqlx::Row;
use ts_rs::TS;
use waybill_store::Store;
use waybill_tools::codes::{ErrorCode, FamilyError};

use crate::cube::Cube;
use crate::engine::RowScope;
use crate::load::{Catalogue, read_cube};
use crate::warehouse::Warehouse;

pub const CUBE_INVALID: ErrorCode =
    ErrorCode::new("cube_invalid", 422, "A cube file was refused: it does not read as a cube or does not run over the operational data");
pub const CUBE_NOT_FOUND: ErrorCode = ErrorCode::new("cube_not_found", 404, "No cube of this name was added to this tenant");
pub const CUBE_SHIPPED: ErrorCode = ErrorCode::new("cube_shipped", 409, "A cube Waybill ships cannot be replaced or removed");
pub const CUBE_IN_USE: ErrorCode = ErrorCode::new("cube_in_use", 409, "Another of the tenant's cubes joins this one");
pub const BI_UNAVAILABLE: ErrorCode = ErrorCode::new("bi_unavailable", 409, "No operational data is connected for BI in this tenant");

pub const CODES: &[ErrorCode] = &[CUBE_INVALID, CUBE_NOT_FOUND, CUBE_SHIPPED, CUBE_IN_USE, BI_UNAVAILABLE];

/// The longest file name kept.
const MAX_FILE_NAME: usize = 128;

#[derive(Debug, thiserror::Error)]
pub enum CubeFileError {
    #[error("{0}")]
    Invalid(String),
    #[error("No cube named {0} was added to this tenant")]
    NotFound(String),
    #[error("{0} is a cube Waybill ships; give yours another name")]
    Shipped(String),
    #[error("{by} joins {name}: remove or change {by} first")]
    InUse { name: String, by: String },
    #[error("No operational data is connected for BI in this tenant")]
    Unavailable,
    #[error("{0}")]
    Failed(String),
}

impl CubeFileError {
    /// The error as the admin API answers it; faults of storage or the engine stay `Err`
    /// (a 500 that is logged, not shown).
    pub fn for_api(self) -> Result<FamilyError, CubeFileError> {
        let code = match &self {
            CubeFileError::Invalid(_) => CUBE_INVALID,
            CubeFileError::NotFound(_) => CUBE_NOT_FOUND,
            CubeFileError::Shipped(_) => CUBE_SHIPPED,
            CubeFileError::InUse { .. } => CUBE_IN_USE,
            CubeFileError::Unavailable => BI_UNAVAILABLE,
            CubeFileError::Failed(_) => return Err(self),
        };
        Ok(FamilyError::new(code, self.to_string()))
    }
}

fn storage(e: sqlx::Error) -> CubeFileError {
    tracing::error!(error = %e, "the tenant's cube store failed");
    CubeFileError::Failed(format!("the tenant's cubes could not be stored: {e}"))
}

/// A tenant's cube file as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCube {
    pub name: String,
    pub file_name: String,
    pub yaml: String,
    pub updated_by: String,
    pub updated_at_ms: i64,
}

/// A cube file to add (or to check only); one of the same name the tenant added before
/// is replaced.
#[derive(Debug, Clone, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export, export_to = "bi/")]
pub struct CubeUpload {
    /// The file's name, as uploaded (default: `<cube name>.yaml`).
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 128)]
    pub file_name: Option<String>,
    /// The cube file: YAML, at most 256 KiB.
    #[schema(max_length = 262144)]
    pub yaml: String,
    /// Check the file and run it once, but store nothing.
    #[serde(default)]
    #[ts(optional)]
    pub check_only: Option<bool>,
}

/// A cube in the tenant's catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "bi/")]
pub struct CubeFileInfo {
    pub name: String,
    pub title: String,
    pub description: String,
    /// The table of the operational data it reads.
    pub table: String,
    pub file_name: String,
    pub measures: Vec<String>,
    pub dimensions: Vec<String>,
    /// The cubes it joins.
    pub joins: Vec<String>,
    /// Shipped with Waybill (read only) rather than added by the tenant.
    pub shipped: bool,
    /// Who added it last (their email), for the tenant's own.
    pub updated_by: Option<String>,
    /// Milliseconds since the epoch, for the tenant's own.
    pub updated_at: Option<i64>,
    /// Why a stored file is not in use now (a shipped cube took its name, a cube it joins
    /// is gone).
    pub problem: Option<String>,
}

/// The tenant's catalogue: the shipped cubes, then the tenant's own, by name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "bi/")]
pub struct CubeFileList {
    /// False when this tenant has no operational data connected: there are no cubes to add to.
    pub available: bool,
    pub cubes: Vec<CubeFileInfo>,
}

/// One cube's file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "bi/")]
pub struct CubeFileText {
    pub name: String,
    pub file_name: String,
    pub shipped: bool,
    pub yaml: String,
}

/// What adding (or checking) a cube file did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "bi/")]
pub struct CubeSaved {
    pub cube: CubeFileInfo,
    /// It replaces a cube of the same name the tenant added before.
    pub replaced: bool,
    /// Stored and in use (false for a check only).
    pub saved: bool,
    /// Rows the cube holds over the operational data, counted by the trial run.
    pub rows: i64,
}

/// The tenant's cube files, by name.
pub(crate) async fn stored_cubes(store: &Store, tenant_id: &str) -> Result<Vec<StoredCube>, sqlx::Error> {
    let rows = sqlx::query("SELECT name, file_name, yaml, updated_by, updated_at FROM bi_tenant_cubes WHERE tenant_id = $1 ORDER BY name")
        .bind(tenant_id)
        .fetch_all(store.reads())
        .await?;
    rows.iter()
        .map(|r| {
            Ok(StoredCube {
                name: r.try_get("name")?,
                file_name: r.try_get("file_name")?,
                yaml: r.try_get("yaml")?,
                updated_by: r.try_get("updated_by")?,
                updated_at_ms: r.try_get("updated_at")?,
            })
        })
        .collect()
}

/// The shipped cubes and the tenant's `files`, with the files left out and why.
pub(crate) fn catalogue_of(files: &[StoredCube]) -> (Catalogue, Vec<(String, crate::load::CubeError)>) {
    Catalogue::with_added(&files.iter().map(|f| (f.file_name.clone(), f.yaml.clone())).collect::<Vec<_>>())
}

fn info(cube: &Cube, file_name: &str, stored: Option<&StoredCube>, problem: Option<String>) -> CubeFileInfo {
    CubeFileInfo {
        name: cube.name.clone(),
        title: cube.title.clone(),
        description: cube.description.clone(),
        table: cube.table.clone(),
        file_name: file_name.to_owned(),
        measures: cube.measures.iter().map(|m| m.name.clone()).collect(),
        dimensions: cube.dimensions.iter().map(|d| d.name.clone()).collect(),
        joins: cube.joins.iter().map(|j| j.cube.clone()).collect(),
        shipped: stored.is_none(),
        updated_by: stored.map(|s| s.updated_by.clone()),
        updated_at: stored.map(|s| s.updated_at_ms),
        problem,
    }
}

/// The name a file is kept under: the uploaded one when it is plain, else the cube's.
fn file_name_for(given: Option<&str>, cube: &str) -> String {
    let plain = |n: &str| {
        !n.is_empty() && n.len() <= MAX_FILE_NAME && !n.starts_with('.') && n.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    };
    match given.map(str::trim) {
        Some(n) if plain(n) => n.to_owned(),
        _ => format!("{cube}.yaml"),
    }
}

/// The trial run of `cube` over the operational data: its rows and each measure's
/// aggregate, with no facility granted (the views plan and type-check all the same).
fn trial_queries(cube: &Cube) -> (String, Option<String>) {
    let count = format!("SELECT COUNT(*) AS n FROM {}", cube.name);
    let measures: Vec<String> = cube.measures.iter().map(|m| format!("{} AS {}", m.aggregation.applied_to(&m.name), m.name)).collect();
    let aggregates = (!measures.is_empty()).then(|| format!("SELECT {} FROM {}", measures.join(", "), cube.name));
    (count, aggregates)
}

impl Warehouse {
    fn own_tenant(&self, tenant_id: &str) -> Result<(), CubeFileError> {
        if self.tenant() == Some(tenant_id) { Ok(()) } else { Err(CubeFileError::Unavailable) }
    }

    /// The tenant's catalogue: every shipped cube, then the tenant's own (with the files
    /// that are not in use and why).
    pub async fn cube_files(&self, tenant_id: &str) -> Result<CubeFileList, CubeFileError> {
        if self.own_tenant(tenant_id).is_err() {
            return Ok(CubeFileList { available: false, cubes: Vec::new() });
        }
        let state = self.loaded().await.map_err(|e| CubeFileError::Failed(e.to_string()))?;
        let loaded = state.as_ref().expect("loaded");
        let mut cubes: Vec<CubeFileInfo> =
            Catalogue::demo().cubes().map(|c| info(c, Catalogue::shipped_file(&c.name).map_or("", |(file, _)| file), None, None)).collect();
        for file in &loaded.files {
            let problem = loaded.refused.iter().find(|(f, _)| *f == file.file_name).map(|(_, why)| why.to_string());
            match (loaded.catalogue.get(&file.name), read_cube(&file.file_name, &file.yaml)) {
                (Some(cube), _) if problem.is_none() => cubes.push(info(cube, &file.file_name, Some(file), None)),
                (_, Ok(cube)) => cubes.push(info(&cube, &file.file_name, Some(file), problem)),
                (_, Err(e)) => tracing::warn!(file = %file.file_name, error = %e, "a stored cube file no longer reads"),
            }
        }
        Ok(CubeFileList { available: true, cubes })
    }

    /// One cube's file: a shipped one or the tenant's own.
    pub async fn cube_file(&self, tenant_id: &str, name: &str) -> Result<CubeFileText, CubeFileError> {
        self.own_tenant(tenant_id)?;
        if let Some((file_name, yaml)) = Catalogue::shipped_file(name) {
            return Ok(CubeFileText { name: name.to_owned(), file_name: file_name.to_owned(), shipped: true, yaml: yaml.to_owned() });
        }
        let state = self.loaded().await.map_err(|e| CubeFileError::Failed(e.to_string()))?;
        let file = state.as_ref().expect("loaded").files.iter().find(|f| f.name == name).ok_or_else(|| CubeFileError::NotFound(name.to_owned()))?;
        Ok(CubeFileText { name: file.name.clone(), file_name: file.file_name.clone(), shipped: false, yaml: file.yaml.clone() })
    }

    /// Checks a cube file, runs it once over the operational data, and (unless only
    /// checking) stores it for the tenant and puts it in use at once.
    pub async fn add_cube(&self, tenant_id: &str, user_id: &str, upload: CubeUpload) -> Result<CubeSaved, CubeFileError> {
        self.own_tenant(tenant_id)?;
        let provisional = upload.file_name.as_deref().map(str::trim).filter(|n| !n.is_empty()).unwrap_or("cube.yaml");
        let cube = read_cube(provisional, &upload.yaml).map_err(|e| CubeFileError::Invalid(e.to_string()))?;
        if Catalogue::shipped_file(&cube.name).is_some() {
            return Err(CubeFileError::Shipped(cube.name));
        }
        let mut state = self.loaded().await.map_err(|e| CubeFileError::Failed(e.to_string()))?;
        let loaded = state.as_ref().expect("loaded");
        let taken = |n: &str| loaded.files.iter().any(|f| f.name != cube.name && f.file_name == n);
        let mut file_name = file_name_for(upload.file_name.as_deref(), &cube.name);
        if taken(&file_name) {
            // Another of the tenant's cubes came in a file of this name: keep both.
            file_name =
                (1..).map(|n| if n == 1 { format!("{}.yaml", cube.name) } else { format!("{}-{n}.yaml", cube.name) }).find(|n| !taken(n)).expect("a free name");
        }
        let replaced = loaded.files.iter().any(|f| f.name == cube.name);
        let author = match self.store.member(tenant_id, user_id).await.map_err(|e| CubeFileError::Failed(e.to_string()))? {
            Some(member) => member.email,
            None => user_id.to_owned(),
        };
        let mut files: Vec<StoredCube> = loaded.files.iter().filter(|f| f.name != cube.name).cloned().collect();
        let new = StoredCube {
            name: cube.name.clone(),
            file_name: file_name.clone(),
            yaml: upload.yaml.clone(),
            updated_by: author,
            updated_at_ms: waybill_store::now_ms(),
        };
        files.push(new.clone());
        files.sort_by(|a, b| a.name.cmp(&b.name));
        // Beside the cubes in use, strictly: a cycle or a missing join is named as such.
        let in_use: Vec<(&str, &str)> = crate::load::DEMO
            .iter()
            .copied()
            .chain(
                files
                    .iter()
                    .filter(|f| f.name == cube.name || !loaded.refused.iter().any(|(r, _)| *r == f.file_name))
                    .map(|f| (f.file_name.as_str(), f.yaml.as_str())),
            )
            .collect();
        Catalogue::load(&in_use).map_err(|e| CubeFileError::Invalid(e.to_string()))?;
        let (catalogue, refused) = catalogue_of(&files);
        let catalogue = Arc::new(catalogue);
        let run = |e: String| CubeFileError::Invalid(format!("{file_name}: the cube does not run over the operational data: {e}"));
        let engine = self.build(catalogue.clone()).await.map_err(|e| run(e.to_string()))?;
        let nobody = RowScope { facilities: Vec::new() };
        let (count, aggregates) = trial_queries(&cube);
        let counted = engine.run(&count, &nobody).await.map_err(|e| run(e.to_string()))?;
        if let Some(sql) = aggregates {
            engine.run(&sql, &nobody).await.map_err(|e| run(e.to_string()))?;
        }
        let rows = if cube.facility_column.is_some() {
            // No facility was granted to the trial: count what the adding admin sees.
            let theirs = self.grants(tenant_id, user_id).await.map_err(|e| CubeFileError::Failed(e.to_string()))?.unwrap_or(nobody);
            engine.run(&count, &theirs).await.map_err(|e| run(e.to_string()))?
        } else {
            counted
        };
        let rows = rows.rows.first().and_then(|r| r.first()).and_then(serde_json::Value::as_i64).unwrap_or(0);
        let cube_info = info(&cube, &file_name, Some(&new), None);
        if upload.check_only == Some(true) {
            return Ok(CubeSaved { cube: cube_info, replaced, saved: false, rows });
        }
        let mut tx = self.store.writes().begin().await.map_err(storage)?;
        sqlx::query("DELETE FROM bi_tenant_cubes WHERE tenant_id = $1 AND name = $2")
            .bind(tenant_id)
            .bind(&cube.name)
            .execute(&mut *tx)
            .await
            .map_err(storage)?;
        sqlx::query("INSERT INTO bi_tenant_cubes (tenant_id, name, file_name, yaml, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(tenant_id)
            .bind(&new.name)
            .bind(&new.file_name)
            .bind(&new.yaml)
            .bind(&new.updated_by)
            .bind(new.updated_at_ms)
            .execute(&mut *tx)
            .await
            .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        self.install(&mut state, catalogue, files, refused, Some(engine));
        Ok(CubeSaved { cube: cube_info, replaced, saved: true, rows })
    }

    /// Removes one of the tenant's own cubes; shipped cubes and cubes another one joins stay.
    pub async fn remove_cube(&self, tenant_id: &str, name: &str) -> Result<(), CubeFileError> {
        self.own_tenant(tenant_id)?;
        if Catalogue::shipped_file(name).is_some() {
            return Err(CubeFileError::Shipped(name.to_owned()));
        }
        let mut state = self.loaded().await.map_err(|e| CubeFileError::Failed(e.to_string()))?;
        let loaded = state.as_ref().expect("loaded");
        if !loaded.files.iter().any(|f| f.name == name) {
            return Err(CubeFileError::NotFound(name.to_owned()));
        }
        if let Some(by) = loaded.catalogue.cubes().find(|c| c.joins.iter().any(|j| j.cube == name)) {
            return Err(CubeFileError::InUse { name: name.to_owned(), by: by.name.clone() });
        }
        let files: Vec<StoredCube> = loaded.files.iter().filter(|f| f.name != name).cloned().collect();
        sqlx::query("DELETE FROM bi_tenant_cubes WHERE tenant_id = $1 AND name = $2")
            .bind(tenant_id)
            .bind(name)
            .execute(self.store.writes())
            .await
            .map_err(storage)?;
        let (catalogue, refused) = catalogue_of(&files);
        self.install(&mut state, Arc::new(catalogue), files, refused, None);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_kept_when_plain() {
        assert_eq!(file_name_for(Some("zones.yaml"), "zones"), "zones.yaml");
        assert_eq!(file_name_for(Some(" zones-v2.yml "), "zones"), "zones-v2.yml");
        for odd in ["../etc/passwd", ".hidden.yaml", "a b.yaml", "", "<b>.yaml"] {
            assert_eq!(file_name_for(Some(odd), "zones"), "zones.yaml", "{odd}");
        }
        assert_eq!(file_name_for(None, "zones"), "zones.yaml");
        assert_eq!(file_name_for(Some(&"a".repeat(200)), "zones"), "zones.yaml");
    }
}
