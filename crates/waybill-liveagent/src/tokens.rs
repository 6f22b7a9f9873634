//! Messaging tokens: a short-lived access token and a 24-hour refresh token that rotates
//! on every use, both bound to a user and a tenant and kept only as hashes. A token
//! works only while its user is an active member of its tenant, and revoking a user's
//! tokens (suspended, removed) ends them at once.

use sqlx::Row;
use waybill_store::{Store, random_token, sha256_hex};

use crate::LiveError;

/// How long a refresh token lives.
pub const REFRESH_SECONDS: i64 = 24 * 60 * 60;

/// A new pair of tokens and their lives in seconds.
#[derive(Debug, Clone)]
pub struct TokenPair {
    pub access_token: String,
    pub refresh_token: String,
    pub access_expires_in: i64,
    pub refresh_expires_in: i64,
}

/// Who a token speaks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    pub tenant_id: String,
    pub user_id: String,
}

#[derive(Clone)]
pub struct Tokens {
    store: Store,
    access_seconds: i64,
}

impl Tokens {
    pub fn new(store: Store, access_minutes: u32) -> Self {
        Self { store, access_seconds: i64::from(access_minutes.max(1)) * 60 }
    }

    /// Issues a pair for the user in the tenant.
    pub async fn issue(&self, holder: &Holder, now_ms: i64) -> Result<TokenPair, LiveError> {
        let pair = TokenPair {
            access_token: random_token(),
            refresh_token: random_token(),
            access_expires_in: self.access_seconds,
            refresh_expires_in: REFRESH_SECONDS,
        };
        for (kind, token, life) in [("access", &pair.access_token, self.access_seconds), ("refresh", &pair.refresh_token, REFRESH_SECONDS)] {
            sqlx::query("INSERT INTO live_tokens (token_hash, kind, tenant_id, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(sha256_hex(token))
                .bind(kind)
                .bind(&holder.tenant_id)
                .bind(&holder.user_id)
                .bind(now_ms + life * 1000)
                .bind(now_ms)
                .execute(self.store.writes())
                .await?;
        }
        Ok(pair)
    }

    /// Who an access token speaks for, while it is unexpired, unrevoked and its user an
    /// active member of its tenant.
    pub async fn verify(&self, access_token: &str, now_ms: i64) -> Result<Option<Holder>, LiveError> {
        if access_token.is_empty() || access_token.len() > 200 {
            return Ok(None);
        }
        let row = sqlx::query(
            "SELECT t.tenant_id, t.user_id FROM live_tokens t \
             JOIN tenant_grants g ON g.tenant_id = t.tenant_id AND g.user_id = t.user_id AND g.suspended_at IS NULL \
             WHERE t.token_hash = $1 AND t.kind = 'access' AND t.expires_at > $2",
        )
        .bind(sha256_hex(access_token))
        .bind(now_ms)
        .fetch_optional(self.store.reads())
        .await?;
        Ok(match row {
            Some(row) => Some(Holder { tenant_id: row.try_get("tenant_id")?, user_id: row.try_get("user_id")? }),
            None => None,
        })
    }

    /// Trades a refresh token for a new pair; the old one stops working.
    pub async fn refresh(&self, refresh_token: &str, now_ms: i64) -> Result<Option<(Holder, TokenPair)>, LiveError> {
        if refresh_token.is_empty() || refresh_token.len() > 200 {
            return Ok(None);
        }
        let row = sqlx::query("DELETE FROM live_tokens WHERE token_hash = $1 AND kind = 'refresh' RETURNING tenant_id, user_id, expires_at")
            .bind(sha256_hex(refresh_token))
            .fetch_optional(self.store.writes())
            .await?;
        let Some(row) = row else { return Ok(None) };
        if row.try_get::<i64, _>("expires_at")? <= now_ms {
            return Ok(None);
        }
        let holder = Holder { tenant_id: row.try_get("tenant_id")?, user_id: row.try_get("user_id")? };
        let active = sqlx::query("SELECT 1 AS one FROM tenant_grants WHERE tenant_id = $1 AND user_id = $2 AND suspended_at IS NULL")
            .bind(&holder.tenant_id)
            .bind(&holder.user_id)
            .fetch_optional(self.store.reads())
            .await?
            .is_some();
        if !active {
            return Ok(None);
        }
        let pair = self.issue(&holder, now_ms).await?;
        Ok(Some((holder, pair)))
    }

    /// Ends every token of the user in the tenant.
    pub async fn revoke(&self, tenant_id: &str, user_id: &str) -> Result<u64, LiveError> {
        let done =
            sqlx::query("DELETE FROM live_tokens WHERE tenant_id = $1 AND user_id = $2").bind(tenant_id).bind(user_id).execute(self.store.writes()).await?;
        Ok(done.rows_affected())
    }

    /// Forgets expired tokens.
    pub async fn prune(&self, now_ms: i64) -> Result<u64, LiveError> {
        let done = sqlx::query("DELETE FROM live_tokens WHERE expires_at <= $1").bind(now_ms).execute(self.store.writes()).await?;
        Ok(done.rows_affected())
    }
}
