//! First run: an empty database gets the demo tenant, its facilities and an admin.

use waybill_store::{NewUser, Store, StoreError};

use crate::auth::password;
use crate::config::Config;

pub const DEMO_TENANT: (&str, &str) = ("demo", "Demo Logistics");
pub const DEMO_FACILITIES: [(&str, &str); 3] =
    [("dc-ontario", "Ontario CA Distribution Center"), ("yard-fontana", "Fontana Yard"), ("xdock-savannah", "Savannah Cross-Dock")];
pub const DEFAULT_ADMIN_EMAIL: &str = "admin@waybill.local";

/// The admin created on this run, with the password when it was generated.
pub struct FirstAdmin {
    pub email: String,
    pub generated_password: Option<String>,
}

/// Seeds an empty database; does nothing when any user exists.
pub async fn first_run(store: &Store, config: &Config) -> anyhow::Result<Option<FirstAdmin>> {
    if store.count_users().await? > 0 {
        return Ok(None);
    }
    store.ensure_tenant(DEMO_TENANT.0, DEMO_TENANT.1).await?;
    for (id, name) in DEMO_FACILITIES {
        store.ensure_facility(DEMO_TENANT.0, id, name).await?;
    }
    let email = config.admin.email.clone().unwrap_or_else(|| DEFAULT_ADMIN_EMAIL.into());
    let (password, generated) = match &config.admin.password {
        Some(secret) => (secret.expose().to_owned(), false),
        None => (password::generate(), true),
    };
    let hash = password::hash(&password)?;
    let user_name = email.split('@').next().unwrap_or("admin").to_owned();
    let user = match store.create_user(NewUser { email: &email, password_hash: &hash, first_name: Some("Admin"), user_name: &user_name }).await {
        Ok(user) => user,
        // Another instance seeded at the same moment.
        Err(StoreError::Conflict(_)) => return Ok(None),
        Err(err) => return Err(err.into()),
    };
    let facility_ids: Vec<&str> = DEMO_FACILITIES.iter().map(|(id, _)| *id).collect();
    store.grant(&user.id, DEMO_TENANT.0, &facility_ids, true).await?;
    Ok(Some(FirstAdmin { email: user.email, generated_password: generated.then_some(password) }))
}
