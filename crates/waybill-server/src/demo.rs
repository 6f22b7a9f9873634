//! The built-in demo facility as `waybill serve` runs it: opened from
//! `<data_dir>/demo.sqlite` (generated on first start), served under `/demo/…` by this
//! same server, and registered as the demo tenant's business systems so the API and
//! order tools reach it over real HTTP, exactly as they reach a customer's systems.
//!
//! Its service tokens are drawn afresh on every start and kept only where every other
//! credential is: sealed in the main store's registration of each system (never in the
//! demo's own database, which analytics read). Every call to it also carries a statement
//! of whom it is made for, signed per call ([`waybill_demo::CallerSigner`]), which the
//! demo requires: the facility a call acts in is one the user holds, whoever else has
//! read a token.

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context;
use waybill_demo::{Call, CallerSigner, Demo, DemoConfig, Scale, System};
use waybill_systems::{CallSigner, Kind, SignedCall};

use crate::AppState;
use crate::config::Config;

/// Where the demo keeps its data.
pub fn database_path(config: &Config) -> std::path::PathBuf {
    config.data_dir.join("demo.sqlite")
}

/// Opens the demo's database, generating it on first start.
pub async fn open(config: &Config) -> anyhow::Result<Option<Demo>> {
    if !config.demo.enabled {
        return Ok(None);
    }
    let scale = config.demo.scale.map_or(Scale::Small, |lines| Scale::Lines(lines.clamp(1, Scale::MAX_LINES)));
    let path = database_path(config);
    let started = std::time::Instant::now();
    let callers = Some(caller_signer(config)?.verifier());
    let demo = Demo::open(&path, DemoConfig { scale, callers, ..DemoConfig::default() })
        .await
        .with_context(|| format!("opening the demo facility at {}", path.display()))?;
    tracing::info!(elapsed_ms = started.elapsed().as_millis() as u64, "the demo facility is open");
    Ok(Some(demo))
}

/// The address this server reaches itself at: the listen address, with an unspecified
/// IP (`0.0.0.0`, `::`) replaced by loopback.
pub fn local_base(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => "127.0.0.1".to_owned(),
        ip if ip.is_unspecified() => "[::1]".to_owned(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    format!("http://{ip}:{}", addr.port())
}

fn kind(system: System) -> Kind {
    match system {
        System::Wms => Kind::Wms,
        System::Fms => Kind::Fms,
        System::Yms => Kind::Yms,
        System::Oms => Kind::Oms,
    }
}

/// The name the demo tenant's admin page and the model know each system by.
pub fn system_name(system: System) -> String {
    format!("Demo {}", system.as_str().to_uppercase())
}

/// The signer of the statements calls to the demo carry: its key is derived from the
/// deployment's sealing key (configured, else `<data_dir>/sealing.key`), which every
/// instance of a cluster shares, so any instance's call is checked alike by any demo.
pub fn caller_signer(config: &Config) -> anyhow::Result<CallerSigner> {
    let material = match &config.auth.sealing_key {
        Some(key) => key.expose().as_bytes().to_vec(),
        None => waybill_tools::sealing::key_file(&config.data_dir.join("sealing.key"), 32).context("reading the sealing key")?,
    };
    Ok(CallerSigner::from_secret(&material))
}

/// Signs the demo's calls: the facility and user the caller acts as, and the call.
struct DemoCalls(CallerSigner);

impl CallSigner for DemoCalls {
    fn sign(&self, name: &str, call: &SignedCall<'_>) -> Option<(String, String)> {
        let system = System::ALL.into_iter().find(|s| system_name(*s) == name)?;
        let path_and_query = match call.url.query() {
            Some(query) => format!("{}?{query}", call.url.path()),
            None => call.url.path().to_owned(),
        };
        let call =
            Call { system, tenant: call.tenant_id, facility: call.facility_id, user: call.user_id, method: call.method, path_and_query: &path_and_query };
        Some((waybill_demo::CALLER_HEADER.to_owned(), self.0.sign(&call, jiff::Timestamp::now().as_second())))
    }
}

/// Registers (or refreshes, on every start) the demo's four systems for the demo tenant,
/// with `base` (how this server reaches itself) in their URLs and their service tokens
/// sealed, and signs every call to them; seeds the demo tenant's issue tracker and SOP
/// knowledge base on the first start.
pub async fn register(state: &AppState, demo: &Demo, base: &str) -> anyhow::Result<()> {
    let systems = state.slices.handle::<waybill_systems::Shared>().context("the business-systems family is not registered")?;
    systems.set_call_signer(Arc::new(DemoCalls(caller_signer(&state.config)?)));
    for system in System::ALL {
        let base_url = format!("{base}{}", system.base_path());
        let document = Demo::openapi(system, &base_url);
        systems
            .register_built_in(
                waybill_demo::TENANT,
                &system_name(system),
                kind(system),
                &base_url,
                demo.token(system),
                Some(&format!("{base_url}/openapi.json")),
                &document,
            )
            .await
            .with_context(|| format!("registering {}", system.title()))?;
    }
    // The built-in tracker's tickets, once.
    let tracker = waybill_tracker::builtin::BuiltIn::new(state.store.clone());
    waybill_tracker::builtin::seed::seed(&tracker, waybill_demo::TENANT, jiff::Timestamp::now().as_millisecond())
        .await
        .context("seeding the demo's issue tracker")?;
    // The facility SOPs' knowledge base, once.
    if let Some(kb) = state.slices.handle::<waybill_knowledge::kb::KnowledgeBases>() {
        waybill_knowledge::kb::demo::seed(&kb, waybill_demo::TENANT, waybill_demo::FACILITIES[0].0).await.context("seeding the demo's knowledge base")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_reaches_itself_on_loopback_when_it_listens_everywhere() {
        assert_eq!(local_base("0.0.0.0:3000".parse().unwrap()), "http://127.0.0.1:3000");
        assert_eq!(local_base("127.0.0.1:8080".parse().unwrap()), "http://127.0.0.1:8080");
        assert_eq!(local_base("[::]:3000".parse().unwrap()), "http://[::1]:3000");
        assert_eq!(local_base("10.0.0.5:3000".parse().unwrap()), "http://10.0.0.5:3000");
    }
}
