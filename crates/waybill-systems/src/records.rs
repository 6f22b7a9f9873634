//! The `business_systems` table: a tenant's registered systems. Every query filters by
//! tenant; the sealed secret never leaves this crate except to sign a request.

use serde::{Deserialize, Serialize};
use sqlx::Row;
use waybill_store::Store;
use waybill_tools::sealing::Sealer;

use crate::auth::{Auth, AuthSettings};
use crate::errors::SystemError;

/// What a system is, for the model and the admin page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, ts_rs::TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "systems/")]
pub enum Kind {
    Wms,
    Fms,
    Yms,
    Oms,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Wms, Kind::Fms, Kind::Yms, Kind::Oms];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Wms => "wms",
            Kind::Fms => "fms",
            Kind::Yms => "yms",
            Kind::Oms => "oms",
        }
    }

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// A registered system as stored (the catalogue kept as its JSON text).
#[derive(Debug, Clone)]
pub struct SystemRecord {
    pub id: String,
    pub tenant_id: String,
    pub name: String,
    pub kind: Kind,
    pub base_url: String,
    pub auth: AuthSettings,
    pub sealed_secret: Option<String>,
    pub spec_url: Option<String>,
    pub catalogue: String,
    pub operation_count: i64,
    pub safe_operations: Vec<String>,
    /// Registered by Waybill itself (the demo facility); its host is allow-listed.
    pub built_in: bool,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

impl SystemRecord {
    /// The credentials, opened.
    pub fn auth(&self, sealer: &Sealer) -> Result<Auth, SystemError> {
        let secret = match &self.sealed_secret {
            Some(sealed) => Some(
                String::from_utf8(sealer.open(sealed, &self.id).map_err(|e| SystemError::Credentials(e.to_string()))?)
                    .map_err(|_| SystemError::Credentials("not text".into()))?,
            ),
            None => None,
        };
        Ok(Auth { settings: self.auth.clone(), secret })
    }
}

/// The columns, in the order `record` and `insert` use.
macro_rules! columns {
    () => {
        "id, tenant_id, name, kind, base_url, auth_kind, auth_settings, auth_secret, spec_url, catalogue, operation_count, safe_operations, built_in, created_at, updated_at"
    };
}

fn record(row: &sqlx::any::AnyRow) -> Result<SystemRecord, SystemError> {
    let text = |name: &str| -> Result<String, SystemError> { row.try_get::<String, _>(name).map_err(SystemError::from) };
    let kind = text("kind")?;
    Ok(SystemRecord {
        id: text("id")?,
        tenant_id: text("tenant_id")?,
        name: text("name")?,
        kind: Kind::parse(&kind).ok_or_else(|| SystemError::Corrupt(format!("kind {kind}")))?,
        base_url: text("base_url")?,
        auth: serde_json::from_str(&text("auth_settings")?).map_err(|e| SystemError::Corrupt(e.to_string()))?,
        sealed_secret: row.try_get::<Option<String>, _>("auth_secret")?,
        spec_url: row.try_get::<Option<String>, _>("spec_url")?,
        catalogue: text("catalogue")?,
        operation_count: row.try_get("operation_count")?,
        safe_operations: serde_json::from_str(&text("safe_operations")?).map_err(|e| SystemError::Corrupt(e.to_string()))?,
        built_in: row.try_get::<i64, _>("built_in")? != 0,
        created_at_ms: row.try_get("created_at")?,
        updated_at_ms: row.try_get("updated_at")?,
    })
}

/// A tenant's systems, by name.
pub async fn list(store: &Store, tenant_id: &str) -> Result<Vec<SystemRecord>, SystemError> {
    let rows = sqlx::query(concat!("SELECT ", columns!(), " FROM business_systems WHERE tenant_id = $1 ORDER BY name"))
        .bind(tenant_id)
        .fetch_all(store.reads())
        .await?;
    rows.iter().map(record).collect()
}

/// How many systems the tenant has and the sum of their change times: a cache of them is
/// fresh while this is unchanged (an update, an insert or a removal each changes it).
pub async fn version(store: &Store, tenant_id: &str) -> Result<(i64, i64), SystemError> {
    let row = sqlx::query("SELECT COUNT(*) AS n, CAST(COALESCE(SUM(updated_at), 0) AS BIGINT) AS at FROM business_systems WHERE tenant_id = $1")
        .bind(tenant_id)
        .fetch_one(store.reads())
        .await?;
    Ok((row.try_get::<i64, _>("at")?, row.try_get::<i64, _>("n")?))
}

pub async fn get(store: &Store, tenant_id: &str, id: &str) -> Result<Option<SystemRecord>, SystemError> {
    let row = sqlx::query(concat!("SELECT ", columns!(), " FROM business_systems WHERE tenant_id = $1 AND id = $2"))
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(store.reads())
        .await?;
    row.as_ref().map(record).transpose()
}

pub async fn get_by_name(store: &Store, tenant_id: &str, name: &str) -> Result<Option<SystemRecord>, SystemError> {
    let row = sqlx::query(concat!("SELECT ", columns!(), " FROM business_systems WHERE tenant_id = $1 AND name = $2"))
        .bind(tenant_id)
        .bind(name)
        .fetch_optional(store.reads())
        .await?;
    row.as_ref().map(record).transpose()
}

/// Stores a system: a new id is inserted, a known one in the same tenant has everything
/// but its tenant and creation time replaced. False when the id belongs to another
/// tenant; a name the tenant already uses is [`SystemError::NameTaken`].
pub async fn save(store: &Store, r: &SystemRecord) -> Result<bool, SystemError> {
    let result = sqlx::query(concat!(
        "INSERT INTO business_systems (",
        columns!(),
        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (id) DO UPDATE SET \
         name = excluded.name, kind = excluded.kind, base_url = excluded.base_url, auth_kind = excluded.auth_kind, \
         auth_settings = excluded.auth_settings, auth_secret = excluded.auth_secret, spec_url = excluded.spec_url, \
         catalogue = excluded.catalogue, operation_count = excluded.operation_count, safe_operations = excluded.safe_operations, \
         built_in = excluded.built_in, updated_at = excluded.updated_at WHERE business_systems.tenant_id = excluded.tenant_id"
    ))
    .bind(&r.id)
    .bind(&r.tenant_id)
    .bind(&r.name)
    .bind(r.kind.as_str())
    .bind(&r.base_url)
    .bind(r.auth.kind())
    .bind(serde_json::to_string(&r.auth).expect("settings serialize"))
    .bind(&r.sealed_secret)
    .bind(&r.spec_url)
    .bind(&r.catalogue)
    .bind(r.operation_count)
    .bind(serde_json::to_string(&r.safe_operations).expect("names serialize"))
    .bind(i64::from(r.built_in))
    .bind(r.created_at_ms)
    .bind(r.updated_at_ms)
    .execute(store.writes())
    .await;
    match result {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(SystemError::NameTaken(r.name.clone())),
        other => Ok(other?.rows_affected() == 1),
    }
}

pub async fn delete(store: &Store, tenant_id: &str, id: &str) -> Result<bool, SystemError> {
    let done = sqlx::query("DELETE FROM business_systems WHERE tenant_id = $1 AND id = $2").bind(tenant_id).bind(id).execute(store.writes()).await?;
    Ok(done.rows_affected() == 1)
}
