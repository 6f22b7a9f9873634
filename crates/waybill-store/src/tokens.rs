//! Refresh tokens: stored hashed, rotated on every use, grouped in families so that a
//! replayed (already used) token revokes every token descended from the same sign-in.

use sqlx::Row;

use crate::{Result, Store, new_id, now_ms, sha256_hex};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefreshTokenRecord {
    pub user_id: String,
    pub family_id: String,
}

#[derive(Debug, PartialEq, Eq)]
pub enum RefreshOutcome {
    /// The presented token was valid; it is now used and the new one is stored.
    Rotated(RefreshTokenRecord),
    /// The token had already been used or revoked; its whole family is now revoked.
    Reused,
    Expired,
    Unknown,
}

impl Store {
    /// Stores a new refresh token (only its hash) in `family_id`.
    pub async fn insert_refresh_token(&self, user_id: &str, family_id: &str, raw: &str, expires_at_ms: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO refresh_tokens (id, family_id, user_id, token_hash, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(new_id())
        .bind(family_id)
        .bind(user_id)
        .bind(sha256_hex(raw))
        .bind(now_ms())
        .bind(expires_at_ms)
        .execute(self.writes())
        .await?;
        Ok(())
    }

    /// Uses `presented` and, if it was valid, stores `replacement` in the same family.
    pub async fn rotate_refresh_token(&self, presented: &str, replacement: &str, expires_at_ms: i64) -> Result<RefreshOutcome> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let Some(row) = sqlx::query("SELECT id, family_id, user_id, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1")
            .bind(sha256_hex(presented))
            .fetch_optional(&mut *tx)
            .await?
        else {
            return Ok(RefreshOutcome::Unknown);
        };
        let id: String = row.try_get("id")?;
        let family_id: String = row.try_get("family_id")?;
        let user_id: String = row.try_get("user_id")?;
        let used_at: Option<i64> = row.try_get("used_at")?;
        let revoked_at: Option<i64> = row.try_get("revoked_at")?;
        if used_at.is_some() || revoked_at.is_some() {
            revoke_family(&mut tx, &family_id, now).await?;
            tx.commit().await?;
            return Ok(RefreshOutcome::Reused);
        }
        if row.try_get::<i64, _>("expires_at")? <= now {
            return Ok(RefreshOutcome::Expired);
        }
        let claimed = sqlx::query("UPDATE refresh_tokens SET used_at = $1 WHERE id = $2 AND used_at IS NULL").bind(now).bind(&id).execute(&mut *tx).await?;
        if claimed.rows_affected() == 0 {
            revoke_family(&mut tx, &family_id, now).await?;
            tx.commit().await?;
            return Ok(RefreshOutcome::Reused);
        }
        sqlx::query(
            "INSERT INTO refresh_tokens (id, family_id, user_id, token_hash, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(new_id())
        .bind(&family_id)
        .bind(&user_id)
        .bind(sha256_hex(replacement))
        .bind(now)
        .bind(expires_at_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(RefreshOutcome::Rotated(RefreshTokenRecord { user_id, family_id }))
    }

    /// Revokes the family of `raw` if that token belongs to `user_id`.
    pub async fn revoke_refresh_family_of(&self, user_id: &str, raw: &str) -> Result<()> {
        let family: Option<String> = sqlx::query("SELECT family_id FROM refresh_tokens WHERE token_hash = $1 AND user_id = $2")
            .bind(sha256_hex(raw))
            .bind(user_id)
            .fetch_optional(self.reads())
            .await?
            .map(|r| r.try_get("family_id"))
            .transpose()?;
        if let Some(family_id) = family {
            let mut tx = self.begin_write().await?;
            revoke_family(&mut tx, &family_id, now_ms()).await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Revokes the family if it belongs to `user_id`.
    pub async fn revoke_refresh_family(&self, user_id: &str, family_id: &str) -> Result<()> {
        sqlx::query("UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND user_id = $3 AND revoked_at IS NULL")
            .bind(now_ms())
            .bind(family_id)
            .bind(user_id)
            .execute(self.writes())
            .await?;
        Ok(())
    }

    /// Revokes every refresh token of the user (sign out everywhere).
    pub async fn revoke_all_refresh_tokens(&self, user_id: &str) -> Result<()> {
        sqlx::query("UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
            .bind(now_ms())
            .bind(user_id)
            .execute(self.writes())
            .await?;
        Ok(())
    }

    /// Whether the family still holds a live (unused, unrevoked, unexpired) token.
    pub async fn refresh_family_is_live(&self, family_id: &str) -> Result<bool> {
        let n: i64 = sqlx::query(
            "SELECT COUNT(*) AS n FROM refresh_tokens \
             WHERE family_id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2",
        )
        .bind(family_id)
        .bind(now_ms())
        .fetch_one(self.reads())
        .await?
        .try_get("n")?;
        Ok(n > 0)
    }

    /// Drops tokens that expired more than a day ago.
    pub async fn prune_refresh_tokens(&self) -> Result<u64> {
        let done = sqlx::query("DELETE FROM refresh_tokens WHERE expires_at < $1").bind(now_ms() - 86_400_000).execute(self.writes()).await?;
        Ok(done.rows_affected())
    }
}

async fn revoke_family(tx: &mut sqlx::Transaction<'_, sqlx::Any>, family_id: &str, now: i64) -> Result<()> {
    sqlx::query("UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL").bind(now).bind(family_id).execute(&mut **tx).await?;
    Ok(())
}
