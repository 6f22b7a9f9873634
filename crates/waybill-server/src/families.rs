//! The tool families this server offers: one line each. A family's web half registers
//! itself the same way in `web/src/tools/families.ts`.

use waybill_tools::FamilySet;

use crate::config::Config;

/// BI over the demo facility's data when the demo runs (it is the demo tenant's).
fn bi(config: &Config) -> waybill_bi::Bi {
    if config.demo.enabled { waybill_bi::Bi::over(crate::demo::database_path(config), waybill_demo::TENANT) } else { waybill_bi::Bi::none() }
}

/// Every family, as `waybill serve` registers them.
pub fn registered(config: &Config) -> FamilySet {
    let families = FamilySet::new()
        .with(waybill_families::time::Time)
        .with(waybill_families::weather::Weather)
        .with(waybill_families::thinking::Thinking)
        .with(waybill_families::task::Task)
        .with(waybill_families::files::Files)
        .with(waybill_families::image::Image)
        .with(waybill_families::todo::Todo)
        .with(waybill_families::delegation::Delegation)
        .with(waybill_families::forms::Forms)
        .with(waybill_systems::Systems)
        .with(waybill_systems::Oms)
        .with(waybill_tracker::Jira)
        .with(waybill_knowledge::Memory)
        .with(waybill_websearch::WebSearch)
        .with(waybill_liveagent::LiveAgent)
        .with(waybill_knowledge::Knowledge)
        .with(bi(config));
    if config.testing.proving_family { families.with(waybill_families::proving::Proving) } else { families }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;
    use std::path::Path;
    use std::sync::Arc;

    use waybill_files::{FileService, FileSettings};
    use waybill_tools::bus::InProcessBus;
    use waybill_tools::outbound::Outbound;
    use waybill_tools::services::{ProviderEndpoint, Providers};
    use waybill_tools::{Services, SystemClock};

    use super::*;
    use crate::config::TestingConfig;

    /// The path of `to` relative to the folder `from`, both under the export folder.
    fn import_path(from: &Path, to: &Path) -> String {
        let to = to.with_extension("");
        match to.strip_prefix(from) {
            Ok(rest) => format!("./{}", rest.display()),
            Err(_) => format!("../{}", to.display()),
        }
    }

    /// Writes every tool's input and output types and `tools/ToolTypes.ts`, the map from
    /// tool name to them that the web app's card registry is typed by.
    #[tokio::test]
    async fn every_tools_types_are_exported_with_the_map_of_names() {
        let config = Config { testing: TestingConfig { proving_family: true }, ..Config::default() };
        let folder = std::env::temp_dir().join(format!("waybill-types-{}", std::process::id()));
        let services = Services {
            store: waybill_store::Store::connect("sqlite::memory:").await.unwrap(),
            files: Arc::new(FileService::new(&FileSettings { folder: folder.clone(), ..FileSettings::default() }).unwrap()),
            outbound: Outbound::new(Default::default()),
            events: Arc::new(InProcessBus::new()),
            clock: Arc::new(SystemClock),
            // With a key, so the image family offers its tool too.
            providers: Arc::new(Providers {
                openai: Some(ProviderEndpoint { base_url: "http://127.0.0.1:9".into(), api_key: "sk-none".into() }),
                gemini: None,
            }),
            sealer: Arc::new(waybill_tools::sealing::Sealer::ephemeral()),
        };
        let registry = registered(&config).registry(&Default::default(), &|_| None, &services).unwrap();
        std::fs::remove_dir_all(&folder).ok();

        let cfg = ts_rs::Config::from_env();
        let here = Path::new("tools");
        let (mut imports, mut map) = (std::collections::BTreeSet::new(), String::new());
        for tool in registry.iter() {
            tool.export_types(&cfg).unwrap();
            let wire = tool.wire(&cfg).unwrap_or_else(|| panic!("{} is not a typed tool", tool.name()));
            for t in [&wire.input, &wire.output] {
                let path = t.path.as_ref().unwrap_or_else(|| panic!("{} of {} has no export_to", t.name, tool.name()));
                imports.insert(format!("import type {{ {} }} from \"{}\";", t.name, import_path(here, path)));
            }
            // `oms-importOrders` is no identifier: such names are quoted.
            let name = tool.name();
            let key = if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') { name.to_owned() } else { format!("\"{name}\"") };
            writeln!(map, "  {key}: {{ input: {}; output: {} }};", wire.input.name, wire.output.name).unwrap();
        }
        let text = format!(
            "// Generated from the registered tool families by the server's tests: do not edit.\n{}\n\n\
             /** Every tool the server's families offer, with the types of its input and output. */\n\
             export type ToolTypes = {{\n{map}}};\n\nexport type ToolName = keyof ToolTypes;\n",
            imports.into_iter().collect::<Vec<_>>().join("\n")
        );
        let path = cfg.out_dir().join("tools/ToolTypes.ts");
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            std::fs::write(&path, text).unwrap();
        }
    }
}

#[cfg(test)]
mod documented {
    use super::*;
    use crate::config::TestingConfig;

    #[test]
    fn every_family_setting_is_in_the_example_file() {
        let example = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../waybill.example.toml")).unwrap();
        let all = Config { testing: TestingConfig { proving_family: true }, ..Config::default() };
        for (family, vars) in registered(&all).env_vars() {
            for var in vars {
                assert!(example.contains(&var.name), "waybill.example.toml does not mention {} of [tools.{family}]", var.name);
            }
        }
    }
}
