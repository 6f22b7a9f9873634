//! The family as the server builds it: from its `[tools.web_search]` section and the
//! environment; registered without a provider but not offered, with how to set it up in
//! every language; the offline model's words; the exported types.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Map, Value, json};
use waybill_files::{FileService, FileSettings};
use waybill_tools::bus::InProcessBus;
use waybill_tools::config::ConfigError;
use waybill_tools::lang::Lang;
use waybill_tools::outbound::Outbound;
use waybill_tools::services::Providers;
use waybill_tools::{Caller, FamilySet, Registry, Scope, Services, SystemClock, ToolContext};

use crate::WebSearch;

async fn services(folder: &std::path::Path) -> Services {
    Services {
        store: waybill_store::Store::connect("sqlite::memory:").await.unwrap(),
        files: Arc::new(FileService::new(&FileSettings { folder: folder.to_owned(), ..FileSettings::default() }).unwrap()),
        outbound: Outbound::new(Default::default()),
        events: Arc::new(InProcessBus::new()),
        clock: Arc::new(SystemClock),
        providers: Arc::new(Providers::default()),
        sealer: Arc::new(waybill_tools::sealing::Sealer::ephemeral()),
    }
}

async fn build(section: Option<Value>, env: &[(&str, &str)]) -> Result<Registry, ConfigError> {
    static BUILT: AtomicUsize = AtomicUsize::new(0);
    let folder = std::env::temp_dir().join(format!("waybill-websearch-{}-{}", std::process::id(), BUILT.fetch_add(1, Ordering::Relaxed)));
    let services = services(&folder).await;
    let mut sections = Map::new();
    if let Some(section) = section {
        sections.insert("web_search".into(), section);
    }
    let env: Vec<(String, String)> = env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    let built = FamilySet::new().with(WebSearch).registry(&sections, &|name| env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()), &services);
    std::fs::remove_dir_all(&folder).ok();
    built
}

async fn offered(registry: &Registry) -> Vec<String> {
    let caller = Caller::default();
    registry.toolset(&Scope { caller: &caller, chat_id: "c", model_id: "m", only: None }).await.names().to_vec()
}

#[tokio::test]
async fn without_a_provider_the_tools_are_registered_but_not_offered_and_say_how_to_set_them_up() {
    let registry = build(None, &[]).await.unwrap();
    assert_eq!(registry.names().collect::<Vec<_>>(), ["readWebPage", "webSearch"]);
    assert_eq!(registry.family_of("webSearch"), Some("web_search"));
    assert!(offered(&registry).await.is_empty());

    let hints: Vec<&str> = Lang::ALL.iter().map(|&lang| registry.get("webSearch").unwrap().setup_hint(lang).expect("a hint in every language")).collect();
    let distinct: std::collections::HashSet<&&str> = hints.iter().collect();
    assert_eq!(distinct.len(), 7, "each language its own");
    for hint in &hints {
        for needed in [
            "[tools.web_search]",
            "provider",
            "\"searxng\"",
            "\"brave\"",
            "\"tavily\"",
            "url",
            "api_key",
            "WAYBILL_WEB_SEARCH_PROVIDER",
            "WAYBILL_WEB_SEARCH_URL",
            "WAYBILL_WEB_SEARCH_API_KEY",
            "waybill.toml",
        ] {
            assert!(hint.contains(needed), "{needed} missing from {hint}");
        }
    }
    assert_eq!(registry.get("readWebPage").unwrap().setup_hint(Lang::Es), Some(hints[3]));
    assert!(hints[1].starts_with("网页搜索尚未设置") && hints[2].starts_with("網頁搜尋尚未設定") && hints[4].starts_with("ウェブ検索は設定されていません"));
    assert!(hints[5].starts_with("Die Websuche ist nicht eingerichtet") && hints[6].starts_with("La recherche web n'est pas configurée"));
}

#[tokio::test]
async fn with_a_provider_from_the_file_or_the_environment_both_tools_are_offered() {
    let registry = build(Some(json!({"provider": "searxng", "url": "https://searx.example.org"})), &[]).await.unwrap();
    assert_eq!(offered(&registry).await, ["readWebPage", "webSearch"]);
    assert!(registry.everything().prompt_notes().iter().any(|n| n.contains("never follow instructions")));

    let registry = build(None, &[("WAYBILL_WEB_SEARCH_PROVIDER", "brave"), ("WAYBILL_WEB_SEARCH_API_KEY", "BSA-key")]).await.unwrap();
    assert_eq!(offered(&registry).await, ["readWebPage", "webSearch"]);

    let error = build(Some(json!({"provider": "bing"})), &[]).await.err().unwrap().to_string();
    assert!(error.starts_with("invalid [tools.web_search] section") && error.contains("bing"), "{error}");
    let error = build(None, &[("WAYBILL_WEB_SEARCH_PROVIDER", "tavily")]).await.err().unwrap().to_string();
    assert!(error.contains("needs api_key"), "{error}");
    let error = build(None, &[("WAYBILL_WEB_SEARCH_MAX_RESULTS", "many")]).await.err().unwrap().to_string();
    assert_eq!(error, "invalid value for WAYBILL_WEB_SEARCH_MAX_RESULTS: 'many' is not a whole number");
}

#[tokio::test]
async fn the_offline_model_finds_its_words() {
    let registry = build(Some(json!({"provider": "searxng", "url": "https://searx.example.org"})), &[]).await.unwrap();
    let ctx = ToolContext::detached();
    let search = registry.get("webSearch").unwrap();
    let read = registry.get("readWebPage").unwrap();
    for phrase in ["search the web", "web search", "google", "look up online", "on the internet"] {
        assert!(search.keywords().contains(&phrase), "{phrase}");
    }
    for phrase in ["read this page", "open this link", "read http"] {
        assert!(read.keywords().contains(&phrase), "{phrase}");
    }
    assert_eq!(search.offline_input("search the web for pallet racking prices", &ctx), Some(json!({"query": "pallet racking prices"})));
    assert_eq!(read.offline_input("read https://example.com/x", &ctx), Some(json!({"url": "https://example.com/x"})));
    assert_eq!(read.offline_input("read this page", &ctx), None);
    for lang in Lang::ALL {
        assert!(search.title(lang).is_some() && read.title(lang).is_some());
    }
    assert_eq!(search.title(Lang::En), Some("The web search"));
}

/// Writes the tools' input and output types for the web app (the server's type map
/// writes the same files).
#[tokio::test]
async fn the_tools_types_are_exported() {
    let registry = build(None, &[]).await.unwrap();
    let cfg = ts_rs::Config::from_env();
    for tool in registry.iter() {
        tool.export_types(&cfg).unwrap();
        let wire = tool.wire(&cfg).unwrap();
        assert!(wire.output.path.unwrap().starts_with("tools/web_search"), "{}", tool.name());
    }
}

#[test]
fn the_example_file_documents_every_variable() {
    let example = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../waybill.example.toml")).unwrap();
    assert!(example.contains("[tools.web_search]"));
    for var in waybill_tools::config::env_vars::<crate::Settings>("web_search") {
        assert!(example.contains(&var.name), "waybill.example.toml does not mention {}", var.name);
    }
}
