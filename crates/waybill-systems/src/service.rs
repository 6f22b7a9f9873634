//! What the tools and the admin API share: the loaded catalogues, OAuth tokens, and the
//! clients systems are called through; and the admin operations (register, re-import,
//! mark operations safe, test, remove), every one scoped to the caller's tenant.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use waybill_openapi::{Catalogue, Fetch, Limits, NoFetch, Source};
use waybill_tools::Services;
use waybill_tools::outbound::{Outbound, OutboundError, Policy};

use crate::auth::{AuthSettings, Tokens};
use crate::catalogues::{Catalogues, Loaded};
use crate::errors::SystemError;
use crate::records::{self, Kind, SystemRecord};

pub struct Shared {
    pub services: Services,
    pub catalogues: Catalogues,
    pub tokens: Tokens,
    /// Clients for built-in systems, whose (local) host is allow-listed, by host.
    trusted: Mutex<HashMap<String, Outbound>>,
}

/// The signer of each set of services' calls to built-in systems, by the services' sealer:
/// the admin API and each tool family make a [`Shared`] of their own over the same
/// services, and all of them sign alike.
type Signers = Vec<(std::sync::Weak<waybill_tools::sealing::Sealer>, Arc<dyn CallSigner>)>;
static SIGNERS: Mutex<Signers> = Mutex::new(Vec::new());

/// The call a [`CallSigner`] signs for: who makes it, where, and what it asks.
#[derive(Debug, Clone, Copy)]
pub struct SignedCall<'a> {
    pub tenant_id: &'a str,
    /// The facility the caller acts in, checked against their grants before any tool runs.
    pub facility_id: &'a str,
    /// The user, when a user makes the call (not for an admin's connection test).
    pub user_id: Option<&'a str>,
    pub method: &'a str,
    pub url: &'a url::Url,
}

/// Adds to each call of a system Waybill serves itself (the demo facility's) a statement
/// of whom the call is made for, which that system checks: a header, or none for a system
/// it does not sign for.
pub trait CallSigner: Send + Sync {
    fn sign(&self, system: &str, call: &SignedCall<'_>) -> Option<(String, String)>;
}

impl Shared {
    pub fn new(services: Services) -> Arc<Self> {
        Arc::new(Self { services, catalogues: Catalogues::default(), tokens: Tokens::default(), trusted: Mutex::new(HashMap::new()) })
    }

    /// Signs calls to built-in systems with `signer` from now on, in every [`Shared`] over
    /// these services.
    pub fn set_call_signer(&self, signer: Arc<dyn CallSigner>) {
        let mut signers = SIGNERS.lock().expect("signers lock");
        signers.retain(|(sealer, _)| sealer.strong_count() > 0 && !std::ptr::eq(sealer.as_ptr(), Arc::as_ptr(&self.services.sealer)));
        signers.push((Arc::downgrade(&self.services.sealer), signer));
    }

    /// The statement to send with `call` to `record`: for a built-in system only.
    pub fn call_statement(&self, record: &SystemRecord, call: &SignedCall<'_>) -> Option<(String, String)> {
        if !record.built_in {
            return None;
        }
        let signers = SIGNERS.lock().expect("signers lock");
        let signer = signers.iter().find(|(sealer, _)| std::ptr::eq(sealer.as_ptr(), Arc::as_ptr(&self.services.sealer)))?.1.clone();
        drop(signers);
        signer.sign(&record.name, call)
    }

    /// The client a system is called through: the guarded one, or for a system Waybill
    /// registered itself one that allows exactly its host.
    pub fn outbound_for(&self, record: &SystemRecord) -> Outbound {
        if !record.built_in {
            return self.services.outbound.clone();
        }
        let host = url::Url::parse(&record.base_url).ok().and_then(|u| u.host_str().map(str::to_owned)).unwrap_or_default();
        self.trusted.lock().expect("trusted lock").entry(host.clone()).or_insert_with(|| Outbound::new(Policy::allowing([host]))).clone()
    }
}

/// A system as the admin API shows it: never its secret.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "systems/")]
pub struct SystemInfo {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub base_url: String,
    pub auth: AuthSettings,
    /// Whether a secret is stored (it is never shown).
    pub has_secret: bool,
    pub spec_url: Option<String>,
    pub title: String,
    pub version: String,
    pub operation_count: i64,
    pub safe_operations: Vec<String>,
    /// Registered by Waybill (the demo facility): read-only here.
    pub built_in: bool,
    pub updated_at: String,
    /// Said once, when the system is saved while its host cannot be reached from here (its
    /// name does not resolve yet): the host. It is saved all the same; calls fail until the
    /// name resolves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub unreachable_host: Option<String>,
}

/// Registering a system, or changing one: the document by URL or as text (uploaded).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export, export_to = "systems/")]
pub struct SystemInput {
    /// Unique in the tenant; not blank, no control characters.
    #[schema(min_length = 1, max_length = 100, pattern = r"^[^\x00-\x1f\x7f]*[^\s\x00-\x1f\x7f][^\x00-\x1f\x7f]*$")]
    pub name: String,
    pub kind: Kind,
    /// Where the system's API is, on a public address (or a host an operator allow-listed).
    #[schema(min_length = 1, max_length = 2000, pattern = "^https?://")]
    pub base_url: String,
    pub auth: AuthSettings,
    /// The token, key, password or client secret; left out when changing a system, the
    /// stored one is kept.
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 4000)]
    pub secret: Option<String>,
    /// Where the OpenAPI document is.
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 2000)]
    pub spec_url: Option<String>,
    /// The OpenAPI document itself (JSON or YAML), instead of a URL.
    #[serde(default)]
    #[ts(optional)]
    pub document: Option<String>,
}

/// An operation as the admin page lists it, to mark it safe.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "systems/")]
pub struct OperationInfo {
    pub key: String,
    pub method: String,
    pub path: String,
    pub summary: Option<String>,
    /// Calls change data and ask the user's approval unless marked safe.
    pub writes: bool,
    pub safe: bool,
}

/// What "Test connection" found.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "systems/")]
pub struct ConnectionTest {
    pub ok: bool,
    pub status: Option<u16>,
    pub message: String,
    pub elapsed_ms: u64,
}

/// Fetches cross-document references through a client.
struct Fetcher<'a> {
    outbound: &'a Outbound,
    limit: usize,
}

impl Fetch for Fetcher<'_> {
    fn fetch<'a>(&'a self, url: &'a url::Url) -> BoxFuture<'a, Result<Vec<u8>, String>> {
        Box::pin(async move {
            let request = self.outbound.get(url.as_str()).map_err(|e| e.to_string())?;
            let (status, body) = self.outbound.fetch(request, self.limit).await.map_err(|e| e.to_string())?;
            if !status.is_success() { Err(format!("{url} answered {status}")) } else { Ok(body) }
        })
    }
}

fn rfc3339(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms).map(|t| t.to_string()).unwrap_or_default()
}

pub fn info(record: &SystemRecord, catalogue: Option<&Catalogue>) -> SystemInfo {
    let parsed;
    let catalogue = match catalogue {
        Some(c) => Some(c),
        None => {
            parsed = serde_json::from_str::<Catalogue>(&record.catalogue).ok();
            parsed.as_ref()
        }
    };
    SystemInfo {
        id: record.id.clone(),
        name: record.name.clone(),
        kind: record.kind,
        base_url: record.base_url.clone(),
        auth: record.auth.clone(),
        has_secret: record.sealed_secret.is_some(),
        spec_url: record.spec_url.clone(),
        title: catalogue.map(|c| c.title.clone()).unwrap_or_default(),
        version: catalogue.map(|c| c.version.clone()).unwrap_or_default(),
        operation_count: record.operation_count,
        safe_operations: record.safe_operations.clone(),
        built_in: record.built_in,
        updated_at: rfc3339(record.updated_at_ms),
        unreachable_host: None,
    }
}

impl Shared {
    fn now_ms(&self) -> i64 {
        self.services.clock.now().as_millisecond()
    }

    pub async fn list(&self, tenant_id: &str) -> Result<Vec<SystemInfo>, SystemError> {
        let systems = self.catalogues.tenant(&self.services.store, tenant_id).await?;
        Ok(systems.systems.iter().map(|s| info(&s.record, Some(&s.catalogue))).collect())
    }

    /// A system with its operations parsed, from the tenant's loaded catalogues.
    async fn loaded(&self, tenant_id: &str, id: &str) -> Result<Arc<Loaded>, SystemError> {
        let systems = self.catalogues.tenant(&self.services.store, tenant_id).await?;
        systems.systems.iter().find(|s| s.record.id == id).cloned().ok_or(SystemError::NotFound)
    }

    pub async fn get(&self, tenant_id: &str, id: &str) -> Result<SystemRecord, SystemError> {
        records::get(&self.services.store, tenant_id, id).await?.ok_or(SystemError::NotFound)
    }

    /// The document, from its text or fetched from its URL, imported.
    async fn import(&self, outbound: &Outbound, spec_url: Option<&str>, document: Option<&str>) -> Result<Catalogue, SystemError> {
        let limits = Limits::default();
        let fetcher = Fetcher { outbound, limit: limits.max_bytes };
        let source = match (document, spec_url) {
            (Some(text), url) => Source { bytes: text.as_bytes().to_vec(), url: url.and_then(|u| url::Url::parse(u).ok()) },
            (None, Some(url)) => {
                let parsed = url::Url::parse(url).map_err(|_| SystemError::Invalid(format!("'{url}' is not a valid URL")))?;
                let bytes = fetcher.fetch(&parsed).await.map_err(SystemError::Upstream)?;
                Source { bytes, url: Some(parsed) }
            }
            (None, None) => return Err(SystemError::Invalid("Give the OpenAPI document by URL or upload it".into())),
        };
        let catalogue = waybill_openapi::import(source, &fetcher, &limits).await.map_err(|e| SystemError::Import(e.to_string()))?;
        if catalogue.operations.is_empty() {
            return Err(SystemError::Import("the document describes no operations".into()));
        }
        Ok(catalogue)
    }

    /// The input checked: a name no other system of the tenant has (in any case: the
    /// model names systems in any case), an http(s) base URL on a public address, usable
    /// sign-in. A base URL whose name does not resolve yet (a host being set up, a VPN not
    /// up on this side) is no reason to refuse: the answer is that host, to tell the admin.
    async fn check(&self, tenant_id: &str, id: Option<&str>, input: &SystemInput) -> Result<Option<String>, SystemError> {
        let name = input.name.trim();
        if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
            return Err(SystemError::Invalid("The name must be 1 to 100 characters".into()));
        }
        let systems = self.catalogues.tenant(&self.services.store, tenant_id).await?;
        if systems.systems.iter().any(|s| s.record.name.to_lowercase() == name.to_lowercase() && Some(s.record.id.as_str()) != id) {
            return Err(SystemError::NameTaken(name.to_owned()));
        }
        input.auth.check().map_err(SystemError::Invalid)?;
        let unreachable = match self.services.outbound.check_destination(input.base_url.trim()).await {
            Ok(()) => None,
            Err(OutboundError::Failed { host, .. }) => Some(host),
            Err(e) => return Err(SystemError::Invalid(format!("The base URL is refused: {e}"))),
        };
        if let Some(url) = input.spec_url.as_deref().filter(|u| !u.trim().is_empty()) {
            self.services.outbound.check_destination(url.trim()).await.map_err(|e| match e {
                OutboundError::Failed { host, .. } => SystemError::Invalid(format!(
                    "The document URL cannot be reached: {host} does not resolve. Upload the document instead, or try again once it does."
                )),
                e => SystemError::Invalid(format!("The document URL is refused: {e}")),
            })?;
        }
        Ok(unreachable)
    }

    pub async fn create(&self, tenant_id: &str, input: SystemInput) -> Result<SystemInfo, SystemError> {
        let unreachable_host = self.check(tenant_id, None, &input).await?;
        let catalogue = self.import(&self.services.outbound, input.spec_url.as_deref(), input.document.as_deref()).await?;
        let id = uuid::Uuid::now_v7().to_string();
        let secret = input.secret.as_deref().filter(|s| !s.is_empty());
        if input.auth.needs_secret() && secret.is_none() {
            return Err(SystemError::Invalid(format!("Sign-in by {} needs a secret", input.auth.kind())));
        }
        let now = self.now_ms();
        let record = SystemRecord {
            sealed_secret: secret.filter(|_| input.auth.needs_secret()).map(|s| self.services.sealer.seal(s.as_bytes(), &id)),
            id,
            tenant_id: tenant_id.to_owned(),
            name: input.name.trim().to_owned(),
            kind: input.kind,
            base_url: input.base_url.trim().to_owned(),
            auth: input.auth,
            spec_url: input.spec_url.filter(|u| !u.trim().is_empty()),
            operation_count: catalogue.operations.len() as i64,
            catalogue: serde_json::to_string(&catalogue).expect("catalogues serialize"),
            safe_operations: Vec::new(),
            built_in: false,
            created_at_ms: now,
            updated_at_ms: now,
        };
        records::save(&self.services.store, &record).await?;
        Ok(SystemInfo { unreachable_host, ..info(&record, Some(&catalogue)) })
    }

    /// Changes a system's settings; a new document (URL or text) re-imports it. Marks of
    /// safe operations that no longer exist are dropped.
    pub async fn update(&self, tenant_id: &str, id: &str, input: SystemInput) -> Result<SystemInfo, SystemError> {
        let mut record = self.get(tenant_id, id).await?;
        if record.built_in {
            return Err(SystemError::BuiltIn);
        }
        let unreachable_host = self.check(tenant_id, Some(id), &input).await?;
        if input.document.is_some() || input.spec_url != record.spec_url {
            let catalogue = self.import(&self.services.outbound, input.spec_url.as_deref(), input.document.as_deref()).await?;
            record.safe_operations.retain(|k| catalogue.operations.iter().any(|op| &op.key == k));
            record.operation_count = catalogue.operations.len() as i64;
            record.catalogue = serde_json::to_string(&catalogue).expect("catalogues serialize");
        }
        match input.secret.as_deref().filter(|s| !s.is_empty()) {
            Some(secret) => record.sealed_secret = Some(self.services.sealer.seal(secret.as_bytes(), &record.id)),
            None if input.auth.kind() != record.auth.kind() && input.auth.needs_secret() => {
                return Err(SystemError::Invalid(format!("Sign-in by {} needs a secret", input.auth.kind())));
            }
            None => {}
        }
        if !input.auth.needs_secret() {
            record.sealed_secret = None;
        }
        record.name = input.name.trim().to_owned();
        record.kind = input.kind;
        record.base_url = input.base_url.trim().to_owned();
        record.auth = input.auth;
        record.spec_url = input.spec_url.filter(|u| !u.trim().is_empty());
        record.updated_at_ms = self.now_ms().max(record.updated_at_ms + 1);
        if !records::save(&self.services.store, &record).await? {
            return Err(SystemError::NotFound);
        }
        self.tokens.forget(&record.id);
        Ok(SystemInfo { unreachable_host, ..info(&record, None) })
    }

    /// Fetches the document again from its URL (or takes the given text).
    pub async fn reimport(&self, tenant_id: &str, id: &str, document: Option<String>) -> Result<SystemInfo, SystemError> {
        let mut record = self.get(tenant_id, id).await?;
        let outbound = self.outbound_for(&record);
        let catalogue = self.import(&outbound, record.spec_url.as_deref(), document.as_deref()).await?;
        record.safe_operations.retain(|k| catalogue.operations.iter().any(|op| &op.key == k));
        record.operation_count = catalogue.operations.len() as i64;
        record.catalogue = serde_json::to_string(&catalogue).expect("catalogues serialize");
        record.updated_at_ms = self.now_ms().max(record.updated_at_ms + 1);
        records::save(&self.services.store, &record).await?;
        Ok(info(&record, Some(&catalogue)))
    }

    pub async fn operations(&self, tenant_id: &str, id: &str) -> Result<Vec<OperationInfo>, SystemError> {
        let loaded = self.loaded(tenant_id, id).await?;
        Ok(loaded
            .catalogue
            .operations
            .iter()
            .map(|op| OperationInfo {
                key: op.key.clone(),
                method: op.method.clone(),
                path: op.path.clone(),
                summary: op.summary.clone(),
                writes: !matches!(op.method.as_str(), "GET" | "HEAD" | "OPTIONS"),
                safe: loaded.record.safe_operations.contains(&op.key),
            })
            .collect())
    }

    /// Marks exactly these operations safe (their calls run without asking).
    pub async fn set_safe(&self, tenant_id: &str, id: &str, keys: Vec<String>) -> Result<SystemInfo, SystemError> {
        let mut record = self.get(tenant_id, id).await?;
        let catalogue: Catalogue = serde_json::from_str(&record.catalogue).map_err(|e| SystemError::Corrupt(e.to_string()))?;
        if let Some(unknown) = keys.iter().find(|k| !catalogue.operations.iter().any(|op| &op.key == *k)) {
            return Err(SystemError::Invalid(format!("{} has no operation '{unknown}'", record.name)));
        }
        let mut keys = keys;
        keys.sort();
        keys.dedup();
        record.safe_operations = keys;
        record.updated_at_ms = self.now_ms().max(record.updated_at_ms + 1);
        records::save(&self.services.store, &record).await?;
        Ok(info(&record, Some(&catalogue)))
    }

    pub async fn delete(&self, tenant_id: &str, id: &str) -> Result<(), SystemError> {
        let record = self.get(tenant_id, id).await?;
        if record.built_in {
            return Err(SystemError::BuiltIn);
        }
        if !records::delete(&self.services.store, tenant_id, id).await? {
            return Err(SystemError::NotFound);
        }
        self.tokens.forget(id);
        Ok(())
    }

    /// Signs in and asks the base URL (or the first parameterless read) for an answer.
    pub async fn test(&self, tenant_id: &str, facility_id: &str, id: &str) -> Result<ConnectionTest, SystemError> {
        let loaded = self.loaded(tenant_id, id).await?;
        let outbound = self.outbound_for(&loaded.record);
        let probe = loaded
            .catalogue
            .operations
            .iter()
            .find(|op| op.method == "GET" && !op.path.contains('{') && op.parameters.iter().all(|p| !p.required || crate::calls::forwarded(p)))
            .map(|op| format!("{}{}", loaded.record.base_url.trim_end_matches('/'), op.path))
            .unwrap_or_else(|| loaded.record.base_url.clone());
        let started = Instant::now();
        let elapsed = |started: Instant| started.elapsed().as_millis() as u64;
        let auth = loaded.record.auth(&self.services.sealer)?;
        let mut request = match outbound.get(&probe) {
            Ok(r) => r.header("Accept", "application/json").header("X-Tenant-Id", tenant_id).header("X-Facility-Id", facility_id),
            Err(e) => return Ok(ConnectionTest { ok: false, status: None, message: e.to_string(), elapsed_ms: 0 }),
        };
        if let Ok(url) = url::Url::parse(&probe)
            && let Some((name, value)) = self.call_statement(&loaded.record, &SignedCall { tenant_id, facility_id, user_id: None, method: "GET", url: &url })
        {
            request = request.header(name, value);
        }
        let request = match self.tokens.sign(&loaded.record.id, &auth, &outbound, request).await {
            Ok(r) => r,
            Err(e) => return Ok(ConnectionTest { ok: false, status: None, message: e.to_string(), elapsed_ms: elapsed(started) }),
        };
        Ok(match outbound.fetch(request, 1024 * 1024).await {
            Ok((status, _)) => ConnectionTest {
                ok: status.is_success(),
                status: Some(status.as_u16()),
                message: if status.is_success() {
                    format!("GET {probe} answered {status}")
                } else {
                    format!("GET {probe} answered {status}: check the URL and the sign-in")
                },
                elapsed_ms: elapsed(started),
            },
            Err(e) => ConnectionTest { ok: false, status: None, message: e.to_string(), elapsed_ms: elapsed(started) },
        })
    }

    /// Registers (or refreshes) a system Waybill serves itself, such as the demo
    /// facility's: its host is allow-listed for it alone, its token sealed like any other.
    /// `spec_url`, where it serves `document`, lets an admin import it again.
    #[allow(clippy::too_many_arguments)]
    pub async fn register_built_in(
        &self,
        tenant_id: &str,
        name: &str,
        kind: Kind,
        base_url: &str,
        token: &str,
        spec_url: Option<&str>,
        document: &serde_json::Value,
    ) -> Result<(), SystemError> {
        let bytes = serde_json::to_vec(document).expect("documents serialize");
        let catalogue =
            waybill_openapi::import(Source { bytes, url: None }, &NoFetch, &Limits::default()).await.map_err(|e| SystemError::Import(e.to_string()))?;
        let now = self.now_ms();
        let existing = records::get_by_name(&self.services.store, tenant_id, name).await?;
        let id = existing.as_ref().map_or_else(|| uuid::Uuid::now_v7().to_string(), |r| r.id.clone());
        let record = SystemRecord {
            sealed_secret: Some(self.services.sealer.seal(token.as_bytes(), &id)),
            tenant_id: tenant_id.to_owned(),
            name: name.to_owned(),
            kind,
            base_url: base_url.to_owned(),
            auth: AuthSettings::Bearer,
            spec_url: spec_url.map(str::to_owned),
            operation_count: catalogue.operations.len() as i64,
            catalogue: serde_json::to_string(&catalogue).expect("catalogues serialize"),
            safe_operations: existing.as_ref().map(|r| r.safe_operations.clone()).unwrap_or_default(),
            built_in: true,
            created_at_ms: existing.as_ref().map_or(now, |r| r.created_at_ms),
            updated_at_ms: existing.as_ref().map_or(now, |r| now.max(r.updated_at_ms + 1)),
            id,
        };
        records::save(&self.services.store, &record).await?;
        Ok(())
    }
}
