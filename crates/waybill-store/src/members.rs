//! A tenant's members: their roles, facility grants and suspension, the invitations
//! with which new members set a password, and the access check every request makes.
//!
//! Membership lives on the grant, not the user: a user may belong to several tenants,
//! and an admin of one tenant can change only that tenant's grant.

use sqlx::Row;

use crate::error::conflict_as;
use crate::{Result, Store, StoreError, new_id, now_ms, sha256_hex};

/// What the store says about a user acting in a tenant and facility, read fresh on
/// every request so that suspensions and revoked grants take effect at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// The user no longer exists.
    UserGone,
    /// The user has no grant in the tenant.
    NoTenant,
    Suspended,
    NoFacility,
    Granted {
        is_admin: bool,
        is_agent: bool,
    },
}

/// One member of a tenant as admins see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub user_id: String,
    pub email: String,
    pub first_name: Option<String>,
    pub user_name: String,
    pub is_admin: bool,
    pub is_agent: bool,
    pub suspended: bool,
    /// Invited but has not yet set a password.
    pub invited: bool,
    /// Granted facility ids, in id order.
    pub facilities: Vec<String>,
    pub joined_at_ms: i64,
    pub last_login_at_ms: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MemberFilter {
    #[default]
    All,
    Active,
    Suspended,
    Invited,
}

impl MemberFilter {
    fn as_sql(self) -> &'static str {
        match self {
            Self::All => "all",
            Self::Active => "active",
            Self::Suspended => "suspended",
            Self::Invited => "invited",
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct MemberQuery<'a> {
    /// Matches email, user name or first name, ignoring case.
    pub search: Option<&'a str>,
    pub filter: MemberFilter,
    pub limit: i64,
    pub offset: i64,
}

pub struct NewMember<'a> {
    pub email: &'a str,
    pub first_name: Option<&'a str>,
    pub user_name: &'a str,
    /// `None` invites: the user sets a password through an invitation link.
    pub password_hash: Option<&'a str>,
    pub is_admin: bool,
    pub is_agent: bool,
    pub facilities: &'a [String],
}

/// Changes to a member's grant; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct MemberUpdate<'a> {
    pub is_admin: Option<bool>,
    pub is_agent: Option<bool>,
    pub suspended: Option<bool>,
    pub facilities: Option<&'a [String]>,
}

/// An open invitation, as the person holding its link sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub user_id: String,
    pub email: String,
    pub first_name: Option<String>,
    pub tenant_id: String,
    pub tenant_name: String,
    pub expires_at_ms: i64,
}

/// The filter shared by the member list, its count and its facility lookup:
/// `$1` tenant, `$2` search pattern (`''` for none), `$3` status filter.
macro_rules! member_filter {
    () => {
        "g.tenant_id = $1 \
         AND ($2 = '' OR LOWER(u.email) LIKE $2 ESCAPE '\\' OR LOWER(u.user_name) LIKE $2 ESCAPE '\\' \
              OR LOWER(COALESCE(u.first_name, '')) LIKE $2 ESCAPE '\\') \
         AND ($3 = 'all' \
              OR ($3 = 'suspended' AND g.suspended_at IS NOT NULL) \
              OR ($3 = 'invited' AND g.suspended_at IS NULL AND u.password_hash = '') \
              OR ($3 = 'active' AND g.suspended_at IS NULL AND u.password_hash <> ''))"
    };
}

macro_rules! member_columns {
    () => {
        "u.id, u.email, u.first_name, u.user_name, u.password_hash, u.last_login_at, \
         g.is_admin, g.is_agent, g.suspended_at, g.created_at"
    };
}

/// `%text%` for LIKE, lower-cased, with LIKE's own characters escaped (`\`, the escape);
/// empty for no text.
pub fn like_pattern(search: Option<&str>) -> String {
    let text = search.map(str::trim).unwrap_or_default().to_lowercase();
    if text.is_empty() {
        return String::new();
    }
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

fn member_from_row(row: &sqlx::any::AnyRow) -> Result<Member> {
    let hash: String = row.try_get("password_hash")?;
    Ok(Member {
        user_id: row.try_get("id")?,
        email: row.try_get("email")?,
        first_name: row.try_get("first_name")?,
        user_name: row.try_get("user_name")?,
        is_admin: row.try_get::<i64, _>("is_admin")? != 0,
        is_agent: row.try_get::<i64, _>("is_agent")? != 0,
        suspended: row.try_get::<Option<i64>, _>("suspended_at")?.is_some(),
        invited: hash.is_empty(),
        facilities: Vec::new(),
        joined_at_ms: row.try_get("created_at")?,
        last_login_at_ms: row.try_get("last_login_at")?,
    })
}

impl Store {
    /// Whether `user_id` may act in `tenant_id` at `facility_id`, and with which roles.
    pub async fn access(&self, user_id: &str, tenant_id: &str, facility_id: &str) -> Result<Access> {
        let row = sqlx::query(
            "SELECT u.id AS user_id, g.user_id AS grant_user, g.is_admin, g.is_agent, g.suspended_at, \
                    (SELECT COUNT(*) FROM facility_grants f \
                      WHERE f.user_id = u.id AND f.tenant_id = $2 AND f.facility_id = $3) AS facilities \
             FROM users u LEFT JOIN tenant_grants g ON g.user_id = u.id AND g.tenant_id = $2 \
             WHERE u.id = $1",
        )
        .bind(user_id)
        .bind(tenant_id)
        .bind(facility_id)
        .fetch_optional(self.reads())
        .await?;
        let Some(row) = row else { return Ok(Access::UserGone) };
        if row.try_get::<Option<String>, _>("grant_user")?.is_none() {
            return Ok(Access::NoTenant);
        }
        if row.try_get::<Option<i64>, _>("suspended_at")?.is_some() {
            return Ok(Access::Suspended);
        }
        if row.try_get::<i64, _>("facilities")? == 0 {
            return Ok(Access::NoFacility);
        }
        Ok(Access::Granted {
            is_admin: row.try_get::<Option<i64>, _>("is_admin")?.unwrap_or(0) != 0,
            is_agent: row.try_get::<Option<i64>, _>("is_agent")?.unwrap_or(0) != 0,
        })
    }

    /// A page of the tenant's members in email order, and how many match in all.
    pub async fn members(&self, tenant_id: &str, query: &MemberQuery<'_>) -> Result<(Vec<Member>, i64)> {
        let pattern = like_pattern(query.search);
        let filter = query.filter.as_sql();
        let rows = sqlx::query(concat!(
            "SELECT ",
            member_columns!(),
            " FROM tenant_grants g JOIN users u ON u.id = g.user_id WHERE ",
            member_filter!(),
            " ORDER BY u.email, u.id LIMIT $4 OFFSET $5"
        ))
        .bind(tenant_id)
        .bind(&pattern)
        .bind(filter)
        .bind(query.limit)
        .bind(query.offset)
        .fetch_all(self.reads())
        .await?;
        let mut members = rows.iter().map(member_from_row).collect::<Result<Vec<_>>>()?;
        let total: i64 = sqlx::query(concat!("SELECT COUNT(*) AS n FROM tenant_grants g JOIN users u ON u.id = g.user_id WHERE ", member_filter!()))
            .bind(tenant_id)
            .bind(&pattern)
            .bind(filter)
            .fetch_one(self.reads())
            .await?
            .try_get("n")?;
        self.fill_facilities(tenant_id, &mut members).await?;
        Ok((members, total))
    }

    /// One member of the tenant.
    pub async fn member(&self, tenant_id: &str, user_id: &str) -> Result<Option<Member>> {
        let row = sqlx::query(concat!(
            "SELECT ",
            member_columns!(),
            " FROM tenant_grants g JOIN users u ON u.id = g.user_id WHERE g.tenant_id = $1 AND g.user_id = $2"
        ))
        .bind(tenant_id)
        .bind(user_id)
        .fetch_optional(self.reads())
        .await?;
        let Some(row) = row else { return Ok(None) };
        let mut members = vec![member_from_row(&row)?];
        self.fill_facilities(tenant_id, &mut members).await?;
        Ok(members.pop())
    }

    async fn fill_facilities(&self, tenant_id: &str, members: &mut [Member]) -> Result<()> {
        for member in members {
            member.facilities = sqlx::query("SELECT facility_id FROM facility_grants WHERE tenant_id = $1 AND user_id = $2 ORDER BY facility_id")
                .bind(tenant_id)
                .bind(&member.user_id)
                .fetch_all(self.reads())
                .await?
                .iter()
                .map(|r| r.try_get("facility_id"))
                .collect::<Result<_, _>>()?;
        }
        Ok(())
    }

    /// The tenant's facilities in name order.
    pub async fn facilities_of(&self, tenant_id: &str) -> Result<Vec<crate::Facility>> {
        let rows = sqlx::query("SELECT id, name FROM facilities WHERE tenant_id = $1 ORDER BY name, id").bind(tenant_id).fetch_all(self.reads()).await?;
        rows.iter().map(|r| Ok(crate::Facility { id: r.try_get("id")?, name: r.try_get("name")? })).collect()
    }

    /// How many active admins the tenant has.
    pub async fn active_admins(&self, tenant_id: &str) -> Result<i64> {
        Ok(sqlx::query(
            "SELECT COUNT(*) AS n FROM tenant_grants g JOIN users u ON u.id = g.user_id \
             WHERE g.tenant_id = $1 AND g.is_admin = 1 AND g.suspended_at IS NULL AND u.password_hash <> ''",
        )
        .bind(tenant_id)
        .fetch_one(self.reads())
        .await?
        .try_get("n")?)
    }

    /// Adds a member to the tenant: a new user (with a password, or invited without one),
    /// or an existing user of another tenant, whose password is left alone. Answers the
    /// member and whether the user was created. A user already in the tenant, or a
    /// facility the tenant does not have, is refused.
    pub async fn add_member(&self, tenant_id: &str, new: NewMember<'_>) -> Result<(Member, bool)> {
        let email = new.email.trim().to_lowercase();
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        check_facilities(&mut tx, tenant_id, new.facilities).await?;
        let existing: Option<String> =
            sqlx::query("SELECT id FROM users WHERE email = $1").bind(&email).fetch_optional(&mut *tx).await?.map(|r| r.try_get("id")).transpose()?;
        let created = existing.is_none();
        let user_id = match existing {
            Some(id) => id,
            None => {
                let id = new_id();
                sqlx::query("INSERT INTO users (id, email, password_hash, first_name, user_name, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
                    .bind(&id)
                    .bind(&email)
                    .bind(new.password_hash.unwrap_or_default())
                    .bind(new.first_name)
                    .bind(new.user_name)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .map_err(conflict_as("a user with this email"))?;
                id
            }
        };
        sqlx::query("INSERT INTO tenant_grants (user_id, tenant_id, is_admin, is_agent, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&user_id)
            .bind(tenant_id)
            .bind(i64::from(new.is_admin))
            .bind(i64::from(new.is_agent))
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(conflict_as("a member with this email"))?;
        set_facilities(&mut tx, tenant_id, &user_id, new.facilities).await?;
        tx.commit().await?;
        let member = self.member(tenant_id, &user_id).await?.ok_or(StoreError::Corrupt("a member just added is missing".into()))?;
        Ok((member, created))
    }

    /// Applies `update` to the member's grant. Answers the member as it now is, or `None`
    /// when the user is not a member of the tenant.
    pub async fn update_member(&self, tenant_id: &str, user_id: &str, update: &MemberUpdate<'_>) -> Result<Option<Member>> {
        let mut tx = self.begin_write().await?;
        let found = sqlx::query("SELECT suspended_at FROM tenant_grants WHERE tenant_id = $1 AND user_id = $2")
            .bind(tenant_id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(found) = found else { return Ok(None) };
        let suspended_at: Option<i64> = found.try_get("suspended_at")?;
        let suspended_at = match update.suspended {
            Some(true) => suspended_at.or(Some(now_ms())),
            Some(false) => None,
            None => suspended_at,
        };
        sqlx::query(
            "UPDATE tenant_grants SET is_admin = COALESCE($1, is_admin), is_agent = COALESCE($2, is_agent), suspended_at = $3 \
             WHERE tenant_id = $4 AND user_id = $5",
        )
        .bind(update.is_admin.map(i64::from))
        .bind(update.is_agent.map(i64::from))
        .bind(suspended_at)
        .bind(tenant_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        if let Some(facilities) = update.facilities {
            check_facilities(&mut tx, tenant_id, facilities).await?;
            sqlx::query("DELETE FROM facility_grants WHERE tenant_id = $1 AND user_id = $2").bind(tenant_id).bind(user_id).execute(&mut *tx).await?;
            set_facilities(&mut tx, tenant_id, user_id, facilities).await?;
        }
        tx.commit().await?;
        self.member(tenant_id, user_id).await
    }

    /// Takes the user out of the tenant (grant, facilities, open invitations). A user left
    /// with no tenant who never set a password is deleted. Answers whether they were a member.
    pub async fn remove_member(&self, tenant_id: &str, user_id: &str) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        for sql in ["DELETE FROM facility_grants WHERE tenant_id = $1 AND user_id = $2", "DELETE FROM invitations WHERE tenant_id = $1 AND user_id = $2"] {
            sqlx::query(sql).bind(tenant_id).bind(user_id).execute(&mut *tx).await?;
        }
        let removed = sqlx::query("DELETE FROM tenant_grants WHERE tenant_id = $1 AND user_id = $2")
            .bind(tenant_id)
            .bind(user_id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            > 0;
        if removed {
            sqlx::query(
                "DELETE FROM users WHERE id = $1 AND password_hash = '' \
                 AND NOT EXISTS (SELECT 1 FROM tenant_grants WHERE user_id = $1)",
            )
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(removed)
    }

    /// Deletes a user and everything they own (chats, files, tokens, grants).
    pub async fn delete_user(&self, user_id: &str) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        let chats: Vec<String> = sqlx::query("SELECT id FROM chats WHERE owner_id = $1")
            .bind(user_id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?;
        for chat in &chats {
            crate::chats::delete_chat_rows(&mut tx, chat).await?;
        }
        for sql in [
            "DELETE FROM files WHERE owner_id = $1",
            "DELETE FROM refresh_tokens WHERE user_id = $1",
            "DELETE FROM invitations WHERE user_id = $1",
            "DELETE FROM facility_grants WHERE user_id = $1",
            "DELETE FROM tenant_grants WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
        }
        let gone = sqlx::query("DELETE FROM users WHERE id = $1").bind(user_id).execute(&mut *tx).await?.rows_affected() > 0;
        tx.commit().await?;
        Ok(gone)
    }

    /// Stores an invitation for the member (only the token's hash), replacing any open one.
    pub async fn create_invitation(&self, tenant_id: &str, user_id: &str, created_by: &str, raw_token: &str, expires_at_ms: i64) -> Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query("DELETE FROM invitations WHERE tenant_id = $1 AND user_id = $2 AND used_at IS NULL")
            .bind(tenant_id)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO invitations (token_hash, user_id, tenant_id, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(sha256_hex(raw_token))
            .bind(user_id)
            .bind(tenant_id)
            .bind(created_by)
            .bind(now_ms())
            .bind(expires_at_ms)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The invitation behind a link, while it is unused, unexpired, and its user has no
    /// password yet.
    pub async fn invitation(&self, raw_token: &str) -> Result<Option<Invitation>> {
        let row = sqlx::query(
            "SELECT i.user_id, i.tenant_id, i.expires_at, u.email, u.first_name, t.name AS tenant_name \
             FROM invitations i JOIN users u ON u.id = i.user_id JOIN tenants t ON t.id = i.tenant_id \
             WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2 AND u.password_hash = ''",
        )
        .bind(sha256_hex(raw_token))
        .bind(now_ms())
        .fetch_optional(self.reads())
        .await?;
        row.map(|r| {
            Ok(Invitation {
                user_id: r.try_get("user_id")?,
                email: r.try_get("email")?,
                first_name: r.try_get("first_name")?,
                tenant_id: r.try_get("tenant_id")?,
                tenant_name: r.try_get("tenant_name")?,
                expires_at_ms: r.try_get("expires_at")?,
            })
        })
        .transpose()
    }

    /// Uses the invitation: sets the user's password (and first name, when given) once.
    /// Answers the user's id, or `None` when the link is no longer valid.
    pub async fn accept_invitation(&self, raw_token: &str, password_hash: &str, first_name: Option<&str>) -> Result<Option<String>> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(
            "SELECT i.user_id FROM invitations i JOIN users u ON u.id = i.user_id \
             WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2 AND u.password_hash = ''",
        )
        .bind(sha256_hex(raw_token))
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let user_id: String = row.try_get("user_id")?;
        sqlx::query("UPDATE users SET password_hash = $1, first_name = COALESCE($2, first_name) WHERE id = $3 AND password_hash = ''")
            .bind(password_hash)
            .bind(first_name)
            .bind(&user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE invitations SET used_at = $1 WHERE token_hash = $2").bind(now).bind(sha256_hex(raw_token)).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(Some(user_id))
    }

    /// Whether the user is suspended in any tenant (to say so when no access is left).
    pub async fn is_suspended_anywhere(&self, user_id: &str) -> Result<bool> {
        Ok(sqlx::query("SELECT 1 AS one FROM tenant_grants WHERE user_id = $1 AND suspended_at IS NOT NULL")
            .bind(user_id)
            .fetch_optional(self.reads())
            .await?
            .is_some())
    }

    /// Notes a successful sign-in.
    pub async fn record_sign_in(&self, user_id: &str) -> Result<()> {
        sqlx::query("UPDATE users SET last_login_at = $1 WHERE id = $2").bind(now_ms()).bind(user_id).execute(self.writes()).await?;
        Ok(())
    }
}

/// Refuses facility ids the tenant does not have.
async fn check_facilities(tx: &mut sqlx::Transaction<'static, sqlx::Any>, tenant_id: &str, facilities: &[String]) -> Result<()> {
    for facility in facilities {
        let known = sqlx::query("SELECT 1 AS one FROM facilities WHERE tenant_id = $1 AND id = $2")
            .bind(tenant_id)
            .bind(facility)
            .fetch_optional(&mut **tx)
            .await?
            .is_some();
        if !known {
            return Err(StoreError::UnknownFacility(facility.clone()));
        }
    }
    Ok(())
}

async fn set_facilities(tx: &mut sqlx::Transaction<'static, sqlx::Any>, tenant_id: &str, user_id: &str, facilities: &[String]) -> Result<()> {
    for facility in facilities {
        sqlx::query("INSERT INTO facility_grants (user_id, tenant_id, facility_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(user_id)
            .bind(tenant_id)
            .bind(facility)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn search_patterns_escape_like_characters() {
        assert_eq!(super::like_pattern(None), "");
        assert_eq!(super::like_pattern(Some("  ")), "");
        assert_eq!(super::like_pattern(Some("Ada")), "%ada%");
        assert_eq!(super::like_pattern(Some("50%_a\\")), "%50\\%\\_a\\\\%");
    }
}
