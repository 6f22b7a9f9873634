//! Tenants, facilities, users and a user's grants.

use sqlx::Row;

use crate::error::conflict_as;
use crate::{Result, Store, new_id, now_ms};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tenant {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facility {
    pub id: String,
    pub name: String,
}

#[derive(Clone)]
pub struct User {
    pub id: String,
    pub email: String,
    pub password_hash: String,
    pub first_name: Option<String>,
    pub user_name: String,
}

impl std::fmt::Debug for User {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("User")
            .field("id", &self.id)
            .field("email", &self.email)
            .field("password_hash", &"***")
            .field("first_name", &self.first_name)
            .field("user_name", &self.user_name)
            .finish()
    }
}

pub struct NewUser<'a> {
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: Option<&'a str>,
    pub user_name: &'a str,
}

/// What a user may reach inside one tenant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    pub tenant: Tenant,
    pub is_admin: bool,
    /// Takes live-agent conversations at the agent desk.
    pub is_agent: bool,
    pub facilities: Vec<Facility>,
}

impl Store {
    /// Creates the tenant unless it exists; an existing tenant keeps its name.
    pub async fn ensure_tenant(&self, id: &str, name: &str) -> Result<()> {
        sqlx::query("INSERT INTO tenants (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING")
            .bind(id)
            .bind(name)
            .bind(now_ms())
            .execute(self.writes())
            .await?;
        Ok(())
    }

    /// Creates the facility unless it exists; an existing facility keeps its name.
    pub async fn ensure_facility(&self, tenant_id: &str, id: &str, name: &str) -> Result<()> {
        sqlx::query(
            "INSERT INTO facilities (tenant_id, id, name, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (tenant_id, id) DO NOTHING",
        )
        .bind(tenant_id)
        .bind(id)
        .bind(name)
        .bind(now_ms())
        .execute(self.writes())
        .await?;
        Ok(())
    }

    pub async fn count_users(&self) -> Result<i64> {
        Ok(sqlx::query("SELECT COUNT(*) AS n FROM users").fetch_one(self.reads()).await?.try_get("n")?)
    }

    /// Creates a user; the email is stored lower-cased and must be unique.
    pub async fn create_user(&self, new: NewUser<'_>) -> Result<User> {
        let user = User {
            id: new_id(),
            email: new.email.trim().to_lowercase(),
            password_hash: new.password_hash.to_owned(),
            first_name: new.first_name.map(str::to_owned),
            user_name: new.user_name.to_owned(),
        };
        sqlx::query(
            "INSERT INTO users (id, email, password_hash, first_name, user_name, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&user.id)
        .bind(&user.email)
        .bind(&user.password_hash)
        .bind(&user.first_name)
        .bind(&user.user_name)
        .bind(now_ms())
        .execute(self.writes())
        .await
        .map_err(conflict_as("a user with this email"))?;
        Ok(user)
    }

    /// Grants the user the tenant (optionally as admin) and the listed facilities of it.
    pub async fn grant(&self, user_id: &str, tenant_id: &str, facility_ids: &[&str], admin: bool) -> Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO tenant_grants (user_id, tenant_id, is_admin, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, tenant_id) DO UPDATE SET is_admin = excluded.is_admin",
        )
        .bind(user_id)
        .bind(tenant_id)
        .bind(i64::from(admin))
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        for facility_id in facility_ids {
            sqlx::query(
                "INSERT INTO facility_grants (user_id, tenant_id, facility_id) VALUES ($1, $2, $3) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(user_id)
            .bind(tenant_id)
            .bind(*facility_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    pub async fn user_by_email(&self, email: &str) -> Result<Option<User>> {
        let row = sqlx::query("SELECT id, email, password_hash, first_name, user_name FROM users WHERE email = $1")
            .bind(email.trim().to_lowercase())
            .fetch_optional(self.reads())
            .await?;
        row.map(|r| user_from_row(&r)).transpose()
    }

    pub async fn user_by_id(&self, id: &str) -> Result<Option<User>> {
        let row = sqlx::query("SELECT id, email, password_hash, first_name, user_name FROM users WHERE id = $1").bind(id).fetch_optional(self.reads()).await?;
        row.map(|r| user_from_row(&r)).transpose()
    }

    /// The user's grants that are not suspended, tenants and facilities in name order.
    pub async fn grants_of(&self, user_id: &str) -> Result<Vec<Grant>> {
        let rows = sqlx::query(
            "SELECT t.id AS tenant_id, t.name AS tenant_name, g.is_admin AS is_admin, g.is_agent AS is_agent, \
                    f.id AS facility_id, f.name AS facility_name \
             FROM tenant_grants g \
             JOIN tenants t ON t.id = g.tenant_id \
             LEFT JOIN facility_grants fg ON fg.user_id = g.user_id AND fg.tenant_id = g.tenant_id \
             LEFT JOIN facilities f ON f.tenant_id = fg.tenant_id AND f.id = fg.facility_id \
             WHERE g.user_id = $1 AND g.suspended_at IS NULL \
             ORDER BY t.name, t.id, f.name, f.id",
        )
        .bind(user_id)
        .fetch_all(self.reads())
        .await?;
        let mut grants: Vec<Grant> = Vec::new();
        for row in rows {
            let tenant_id: String = row.try_get("tenant_id")?;
            if grants.last().is_none_or(|g| g.tenant.id != tenant_id) {
                grants.push(Grant {
                    tenant: Tenant { id: tenant_id, name: row.try_get("tenant_name")? },
                    is_admin: row.try_get::<i64, _>("is_admin")? != 0,
                    is_agent: row.try_get::<i64, _>("is_agent")? != 0,
                    facilities: Vec::new(),
                });
            }
            let facility_id: Option<String> = row.try_get("facility_id")?;
            if let (Some(id), Some(grant)) = (facility_id, grants.last_mut()) {
                grant.facilities.push(Facility { id, name: row.try_get("facility_name")? });
            }
        }
        Ok(grants)
    }
}

fn user_from_row(row: &sqlx::any::AnyRow) -> Result<User> {
    Ok(User {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        password_hash: row.try_get("password_hash")?,
        first_name: row.try_get("first_name")?,
        user_name: row.try_get("user_name")?,
    })
}
