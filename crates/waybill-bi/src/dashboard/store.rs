//! Saved dashboards, per tenant and user. The capability link's token is kept as its
//! SHA-256 (how the page finds the dashboard) and sealed (so its owner's list can show
//! the link again); revoking a link clears both, and the page answers 404 from then on.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sqlx::Row;
use ts_rs::TS;
use waybill_store::{Store, now_ms, random_token, sha256_hex};
use waybill_tools::ToolError;
use waybill_tools::sealing::Sealer;

use super::TileSpec;

/// Where the dashboard page answers: `/d/<token>`.
pub const LINK_PREFIX: &str = "/d/";
/// What a sealed token is bound to.
const SEAL_CONTEXT: &str = "bi-dashboard-link";
/// Dashboards a list answers at most (newest first).
const LIST_LIMIT: i64 = 500;

/// A saved dashboard, with its owner.
#[derive(Debug, Clone, PartialEq)]
pub struct Dashboard {
    pub id: String,
    pub tenant_id: String,
    pub user_id: String,
    pub chat_id: Option<String>,
    pub name: String,
    pub tiles: Vec<TileSpec>,
    pub created_at_ms: i64,
}

/// A new dashboard and its link's token (shown once, to its creator's chat).
#[derive(Debug, Clone)]
pub struct Created {
    pub id: String,
    pub token: String,
}

/// A dashboard in its owner's list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "bi/")]
pub struct DashboardInfo {
    pub id: String,
    pub name: String,
    pub chat_id: Option<String>,
    pub tile_count: u32,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    /// The page's capability link (`/d/<token>`); none once revoked.
    pub link: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[ts(export, export_to = "bi/")]
pub struct DashboardList {
    pub dashboards: Vec<DashboardInfo>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[ts(export, export_to = "bi/")]
pub struct DashboardLink {
    pub link: String,
}

/// The dashboards table, scoped by tenant and owner on every method but the link's lookup.
#[derive(Clone)]
pub struct Dashboards {
    store: Store,
    sealer: Arc<Sealer>,
}

fn storage(e: sqlx::Error) -> ToolError {
    tracing::error!(error = %e, "the dashboard store failed");
    ToolError::Failed("The dashboard could not be stored right now".into())
}

/// Whether `token` can be one of ours; anything else is not looked up.
fn well_formed(token: &str) -> bool {
    token.len() == 43 && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Dashboards {
    pub fn new(store: Store, sealer: Arc<Sealer>) -> Self {
        Dashboards { store, sealer }
    }

    /// Saves a dashboard for `user_id` with a fresh link.
    pub async fn create(&self, tenant_id: &str, user_id: &str, chat_id: Option<&str>, name: &str, tiles: &[TileSpec]) -> Result<Created, ToolError> {
        let id = uuid::Uuid::now_v7().to_string();
        let token = random_token();
        let now = now_ms();
        sqlx::query(
            "INSERT INTO bi_dashboards (id, tenant_id, user_id, chat_id, name, tiles, link_hash, link_sealed, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        )
        .bind(&id)
        .bind(tenant_id)
        .bind(user_id)
        .bind(chat_id)
        .bind(name)
        .bind(serde_json::to_string(tiles).expect("tiles serialise"))
        .bind(sha256_hex(&token))
        .bind(self.sealer.seal(token.as_bytes(), SEAL_CONTEXT))
        .bind(now)
        .execute(self.store.writes())
        .await
        .map_err(storage)?;
        Ok(Created { id, token })
    }

    /// The owner's dashboards, newest first.
    pub async fn list(&self, tenant_id: &str, user_id: &str) -> Result<DashboardList, ToolError> {
        let rows = sqlx::query(
            "SELECT id, name, chat_id, tiles, created_at, link_sealed FROM bi_dashboards WHERE tenant_id = $1 AND user_id = $2 \
             ORDER BY created_at DESC, id DESC LIMIT $3",
        )
        .bind(tenant_id)
        .bind(user_id)
        .bind(LIST_LIMIT)
        .fetch_all(self.store.reads())
        .await
        .map_err(storage)?;
        let dashboards = rows
            .iter()
            .map(|row| {
                let tiles: Vec<TileSpec> = serde_json::from_str(&row.get::<String, _>("tiles")).unwrap_or_default();
                let sealed: Option<String> = row.get("link_sealed");
                DashboardInfo {
                    id: row.get("id"),
                    name: row.get("name"),
                    chat_id: row.get("chat_id"),
                    tile_count: tiles.len() as u32,
                    created_at: row.get("created_at"),
                    link: sealed.and_then(|s| self.opened(&s)).map(|token| format!("{LINK_PREFIX}{token}")),
                }
            })
            .collect();
        Ok(DashboardList { dashboards })
    }

    fn opened(&self, sealed: &str) -> Option<String> {
        self.sealer.open(sealed, SEAL_CONTEXT).ok().and_then(|bytes| String::from_utf8(bytes).ok())
    }

    /// A new link for the owner's dashboard; the old one stops working. None: no such dashboard of theirs.
    pub async fn relink(&self, tenant_id: &str, user_id: &str, id: &str) -> Result<Option<DashboardLink>, ToolError> {
        let token = random_token();
        let done = sqlx::query("UPDATE bi_dashboards SET link_hash = $1, link_sealed = $2, updated_at = $3 WHERE id = $4 AND tenant_id = $5 AND user_id = $6")
            .bind(sha256_hex(&token))
            .bind(self.sealer.seal(token.as_bytes(), SEAL_CONTEXT))
            .bind(now_ms())
            .bind(id)
            .bind(tenant_id)
            .bind(user_id)
            .execute(self.store.writes())
            .await
            .map_err(storage)?;
        Ok((done.rows_affected() == 1).then(|| DashboardLink { link: format!("{LINK_PREFIX}{token}") }))
    }

    /// Revokes the owner's dashboard's link; false: no such dashboard of theirs.
    pub async fn revoke(&self, tenant_id: &str, user_id: &str, id: &str) -> Result<bool, ToolError> {
        let done =
            sqlx::query("UPDATE bi_dashboards SET link_hash = NULL, link_sealed = NULL, updated_at = $1 WHERE id = $2 AND tenant_id = $3 AND user_id = $4")
                .bind(now_ms())
                .bind(id)
                .bind(tenant_id)
                .bind(user_id)
                .execute(self.store.writes())
                .await
                .map_err(storage)?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes the owner's dashboard; false: no such dashboard of theirs.
    pub async fn delete(&self, tenant_id: &str, user_id: &str, id: &str) -> Result<bool, ToolError> {
        let done = sqlx::query("DELETE FROM bi_dashboards WHERE id = $1 AND tenant_id = $2 AND user_id = $3")
            .bind(id)
            .bind(tenant_id)
            .bind(user_id)
            .execute(self.store.writes())
            .await
            .map_err(storage)?;
        Ok(done.rows_affected() == 1)
    }

    /// The dashboard a live link names; none for an unknown, altered or revoked one.
    pub async fn by_link(&self, token: &str) -> Result<Option<Dashboard>, ToolError> {
        if !well_formed(token) {
            return Ok(None);
        }
        let row = sqlx::query("SELECT id, tenant_id, user_id, chat_id, name, tiles, created_at FROM bi_dashboards WHERE link_hash = $1")
            .bind(sha256_hex(token))
            .fetch_optional(self.store.reads())
            .await
            .map_err(storage)?;
        Ok(row.map(|row| Dashboard {
            id: row.get("id"),
            tenant_id: row.get("tenant_id"),
            user_id: row.get("user_id"),
            chat_id: row.get("chat_id"),
            name: row.get("name"),
            tiles: serde_json::from_str(&row.get::<String, _>("tiles")).unwrap_or_default(),
            created_at_ms: row.get("created_at"),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_tokens_of_our_shape_are_looked_up() {
        let token = random_token();
        assert!(well_formed(&token), "{token}");
        assert_ne!(token, random_token());
        assert!(!well_formed(&token[1..]));
        assert!(!well_formed(&format!("{}'", &token[1..])));
        assert!(!well_formed(""));
    }
}
