//! A tool family is a slice: its tools, its typed config section, its migrations and
//! error codes, and where it has them its routes, workers, readiness and handles
//! ([`Slice`]), in one folder (or one crate when it brings heavy dependencies). The
//! server registers each with one line ([`FamilySet::with`]).

use std::sync::Arc;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::codes::ErrorCode;
use crate::config::{self, ConfigError, EnvVar};
use crate::registry::Registry;
use crate::services::Services;
use crate::slice::{Built, Slices};
use crate::tool::Tool;

/// A family's schema changes, per backend (`sqlx::migrate!("./migrations/sqlite")` and
/// `…/postgres`), kept in a migrations table of the family's own.
#[derive(Clone, Copy)]
pub struct Migrations {
    pub sqlite: &'static sqlx::migrate::Migrator,
    pub postgres: &'static sqlx::migrate::Migrator,
}

pub trait Family: Send + Sync + 'static {
    /// The family's name: `snake_case`, its `[tools.<name>]` section and its environment
    /// prefix (`WAYBILL_<NAME>_…`).
    const NAME: &'static str;
    /// The config section (`#[serde(default, deny_unknown_fields)]`, documented fields).
    type Config: DeserializeOwned + JsonSchema + Default + Send + Sync + 'static;

    /// The tools this configuration enables; a tool whose service is not configured is
    /// left out (not offered at all).
    fn tools(&self, _config: &Self::Config, _services: &Services) -> Vec<Arc<dyn Tool>> {
        Vec::new()
    }

    /// The tools and the rest of the slice (routes, workers, readiness, handles), built
    /// once at start. A family with only tools implements [`Family::tools`]; one with
    /// more implements this, building the state its tools and routes share once.
    fn build(&self, config: &Self::Config, services: &Services) -> Built {
        Built::tools(self.tools(config, services))
    }

    fn migrations(&self) -> Option<Migrations> {
        None
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        &[]
    }
}

/// A family as the set holds it, whatever its config type.
trait Registered: Send + Sync {
    fn name(&self) -> &'static str;
    fn build(&self, file: Option<&Value>, var: &dyn Fn(&str) -> Option<String>, services: &Services) -> Result<Built, ConfigError>;
    fn migrations(&self) -> Option<Migrations>;
    fn error_codes(&self) -> &'static [ErrorCode];
    fn env_vars(&self) -> Vec<EnvVar>;
}

impl<F: Family> Registered for F {
    fn name(&self) -> &'static str {
        F::NAME
    }
    fn build(&self, file: Option<&Value>, var: &dyn Fn(&str) -> Option<String>, services: &Services) -> Result<Built, ConfigError> {
        let config: F::Config = config::section(F::NAME, file, var)?;
        Ok(Family::build(self, &config, services))
    }
    fn migrations(&self) -> Option<Migrations> {
        Family::migrations(self)
    }
    fn error_codes(&self) -> &'static [ErrorCode] {
        Family::error_codes(self)
    }
    fn env_vars(&self) -> Vec<EnvVar> {
        config::env_vars::<F::Config>(F::NAME)
    }
}

/// The registered families.
#[derive(Clone, Default)]
pub struct FamilySet {
    families: Vec<Arc<dyn Registered>>,
}

impl FamilySet {
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a family: the one line each family adds.
    pub fn with<F: Family>(mut self, family: F) -> Self {
        assert!(self.families.iter().all(|f| f.name() != F::NAME), "the family {} is registered twice", F::NAME);
        self.families.push(Arc::new(family));
        self
    }

    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.families.iter().map(|f| f.name())
    }

    /// Every family's tools, each from its section of `sections` (the `[tools]` table)
    /// and the environment. A section no family owns is refused, so a typo is not
    /// silently ignored.
    pub fn registry(&self, sections: &Map<String, Value>, var: &dyn Fn(&str) -> Option<String>, services: &Services) -> Result<Registry, ConfigError> {
        Ok(self.build(sections, var, services)?.0)
    }

    /// Every family's tools and slices, each built once from its section of `sections`.
    pub fn build(&self, sections: &Map<String, Value>, var: &dyn Fn(&str) -> Option<String>, services: &Services) -> Result<(Registry, Slices), ConfigError> {
        if let Some(stray) = sections.keys().find(|key| self.families.iter().all(|f| f.name() != key.as_str())) {
            let known = self.names().collect::<Vec<_>>().join(", ");
            return Err(ConfigError::Section { family: stray.clone(), message: format!("no tool family is named so (the families are {known})") });
        }
        let (mut tools, mut slices) = (Vec::new(), Slices::default());
        for family in &self.families {
            let name = family.name();
            let built = family.build(sections.get(name), var, services)?;
            tools.extend(built.tools.into_iter().map(|tool| (name, tool)));
            slices.push(name, built.slice);
        }
        Ok((Registry::of_families(tools), slices))
    }

    /// Applies every family's pending migrations.
    pub async fn migrate(&self, store: &waybill_store::Store) -> Result<(), waybill_store::StoreError> {
        for family in &self.families {
            if let Some(m) = family.migrations() {
                store.migrate_family(family.name(), m.sqlite, m.postgres).await?;
            }
        }
        Ok(())
    }

    /// The families' error codes, by family.
    pub fn error_codes(&self) -> Vec<(&'static str, &'static [ErrorCode])> {
        self.families.iter().map(|f| (f.name(), f.error_codes())).collect()
    }

    /// The environment variables every family's section reads, by family.
    pub fn env_vars(&self) -> Vec<(&'static str, Vec<EnvVar>)> {
        self.families.iter().map(|f| (f.name(), f.env_vars())).collect()
    }
}
