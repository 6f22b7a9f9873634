//! `[tools.web_search]`: which search provider, where, with which key, and the bounds of
//! what the tools return. The section is checked when the server starts: an unknown
//! provider, a SearXNG without its address or a Brave or Tavily without a key stops the
//! start with a sentence saying what to set, rather than failing on the first search.

use std::borrow::Cow;
use std::time::Duration;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub const DEFAULT_BRAVE_URL: &str = "https://api.search.brave.com";
pub const DEFAULT_TAVILY_URL: &str = "https://api.tavily.com";
pub const DEFAULT_MAX_RESULTS: u32 = 5;
/// The most results one search returns, whatever is configured.
pub const MOST_RESULTS: u32 = 10;
pub const DEFAULT_PAGE_CHARS: u32 = 20_000;
pub const DEFAULT_TIMEOUT_SECONDS: u32 = 15;

/// The provider as the section names it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProviderSetting {
    #[default]
    None,
    Searxng,
    Brave,
    Tavily,
}

/// A search provider the tools call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "tools/web_search/")]
pub enum SearchProvider {
    /// A SearXNG instance's JSON API.
    Searxng,
    /// Brave Search's Web Search API.
    Brave,
    /// Tavily's search API.
    Tavily,
}

impl SearchProvider {
    /// The name people know it by, for messages.
    pub fn label(self) -> &'static str {
        match self {
            Self::Searxng => "SearXNG",
            Self::Brave => "Brave Search",
            Self::Tavily => "Tavily",
        }
    }
}

/// `[tools.web_search]` as written; environment overrides are derived from the fields:
/// `WAYBILL_WEB_SEARCH_PROVIDER`, `WAYBILL_WEB_SEARCH_URL`, `WAYBILL_WEB_SEARCH_API_KEY`,
/// `WAYBILL_WEB_SEARCH_MAX_RESULTS`, `WAYBILL_WEB_SEARCH_PAGE_CHARS`,
/// `WAYBILL_WEB_SEARCH_TIMEOUT_SECONDS`.
#[derive(Clone, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct WebSearchConfig {
    /// `none` (the default: the web tools are not offered), `searxng`, `brave` or `tavily`.
    pub provider: ProviderSetting,
    /// The provider's base URL: required for SearXNG (`https://searx.example.org`);
    /// Brave's and Tavily's public APIs when empty.
    pub url: String,
    /// Brave's subscription token or Tavily's API key.
    pub api_key: String,
    /// Results a search returns when the model asks for no number, and the most it may
    /// ask for (1–10).
    #[schemars(range(min = 1, max = 10))]
    pub max_results: u32,
    /// Characters of a page's text the reading tool returns.
    #[schemars(range(min = 500))]
    pub page_chars: u32,
    /// How long one request to the provider or a page may take.
    #[schemars(range(min = 1, max = 120))]
    pub timeout_seconds: u32,
}

impl Default for WebSearchConfig {
    fn default() -> Self {
        Self {
            provider: ProviderSetting::None,
            url: String::new(),
            api_key: String::new(),
            max_results: DEFAULT_MAX_RESULTS,
            page_chars: DEFAULT_PAGE_CHARS,
            timeout_seconds: DEFAULT_TIMEOUT_SECONDS,
        }
    }
}

impl std::fmt::Debug for WebSearchConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebSearchConfig")
            .field("provider", &self.provider)
            .field("url", &self.url)
            .field("api_key", &if self.api_key.is_empty() { "" } else { "***" })
            .field("max_results", &self.max_results)
            .field("page_chars", &self.page_chars)
            .field("timeout_seconds", &self.timeout_seconds)
            .finish()
    }
}

/// The provider to call: which one, its base URL (no trailing slash) and its key.
#[derive(Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub provider: SearchProvider,
    pub base_url: String,
    pub api_key: String,
}

impl std::fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Endpoint")
            .field("provider", &self.provider)
            .field("base_url", &self.base_url)
            .field("api_key", &if self.api_key.is_empty() { "" } else { "***" })
            .finish()
    }
}

/// The section once checked: what the family is built from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "WebSearchConfig")]
pub struct Settings {
    /// `None` when no provider is configured: the tools are registered but not offered.
    pub endpoint: Option<Endpoint>,
    pub max_results: u32,
    pub page_chars: usize,
    pub timeout: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Self::try_from(WebSearchConfig::default()).expect("the defaults are valid")
    }
}

/// The section's schema is the written form's: the environment variables are derived from it.
impl JsonSchema for Settings {
    fn schema_name() -> Cow<'static, str> {
        WebSearchConfig::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        WebSearchConfig::json_schema(generator)
    }
}

impl TryFrom<WebSearchConfig> for Settings {
    type Error = String;

    fn try_from(config: WebSearchConfig) -> Result<Self, String> {
        if !(1..=MOST_RESULTS).contains(&config.max_results) {
            return Err(format!("max_results is {}; it must be between 1 and {MOST_RESULTS}", config.max_results));
        }
        if config.page_chars < 500 {
            return Err(format!("page_chars is {}; it must be at least 500", config.page_chars));
        }
        if !(1..=120).contains(&config.timeout_seconds) {
            return Err(format!("timeout_seconds is {}; it must be between 1 and 120", config.timeout_seconds));
        }
        let url = config.url.trim().trim_end_matches('/').to_owned();
        let api_key = config.api_key.trim().to_owned();
        let (provider, default_url) = match config.provider {
            ProviderSetting::None => (None, ""),
            ProviderSetting::Searxng => (Some(SearchProvider::Searxng), ""),
            ProviderSetting::Brave => (Some(SearchProvider::Brave), DEFAULT_BRAVE_URL),
            ProviderSetting::Tavily => (Some(SearchProvider::Tavily), DEFAULT_TAVILY_URL),
        };
        let endpoint = match provider {
            None => None,
            Some(provider) => {
                let base_url = if url.is_empty() { default_url.to_owned() } else { url };
                if base_url.is_empty() {
                    return Err("provider = \"searxng\" needs url, the address of the SearXNG instance (WAYBILL_WEB_SEARCH_URL)".into());
                }
                match url::Url::parse(&base_url) {
                    Ok(parsed) if matches!(parsed.scheme(), "http" | "https") && parsed.host().is_some() => {}
                    _ => return Err(format!("url '{base_url}' is not an http(s) address")),
                }
                if provider != SearchProvider::Searxng && api_key.is_empty() {
                    return Err(format!("provider = \"{}\" needs api_key, the {} key (WAYBILL_WEB_SEARCH_API_KEY)", setting_name(provider), provider.label()));
                }
                Some(Endpoint { provider, base_url, api_key })
            }
        };
        Ok(Settings {
            endpoint,
            max_results: config.max_results,
            page_chars: config.page_chars as usize,
            timeout: Duration::from_secs(u64::from(config.timeout_seconds)),
        })
    }
}

fn setting_name(provider: SearchProvider) -> &'static str {
    match provider {
        SearchProvider::Searxng => "searxng",
        SearchProvider::Brave => "brave",
        SearchProvider::Tavily => "tavily",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use waybill_tools::config::{ConfigError, env_vars, section};

    use super::*;

    fn read(file: serde_json::Value, env: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let env: Vec<(String, String)> = env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        section::<Settings>("web_search", Some(&file), &|name| env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn every_field_has_its_environment_variable() {
        let names: Vec<String> = env_vars::<Settings>("web_search").into_iter().map(|v| v.name).collect();
        assert_eq!(
            names,
            [
                "WAYBILL_WEB_SEARCH_API_KEY",
                "WAYBILL_WEB_SEARCH_MAX_RESULTS",
                "WAYBILL_WEB_SEARCH_PAGE_CHARS",
                "WAYBILL_WEB_SEARCH_PROVIDER",
                "WAYBILL_WEB_SEARCH_TIMEOUT_SECONDS",
                "WAYBILL_WEB_SEARCH_URL",
            ]
        );
    }

    #[test]
    fn without_a_provider_nothing_is_configured() {
        let settings = read(json!({}), &[]).unwrap();
        assert_eq!(settings, Settings::default());
        assert_eq!(settings.endpoint, None);
        assert_eq!((settings.max_results, settings.page_chars, settings.timeout.as_secs()), (5, 20_000, 15));
    }

    #[test]
    fn brave_and_tavily_default_their_urls_and_the_environment_wins() {
        let brave = read(json!({"provider": "brave", "api_key": "from-file"}), &[("WAYBILL_WEB_SEARCH_API_KEY", "BSA-env")]).unwrap().endpoint.unwrap();
        assert_eq!((brave.provider, brave.base_url.as_str(), brave.api_key.as_str()), (SearchProvider::Brave, DEFAULT_BRAVE_URL, "BSA-env"));
        let tavily = read(
            json!({}),
            &[("WAYBILL_WEB_SEARCH_PROVIDER", "tavily"), ("WAYBILL_WEB_SEARCH_API_KEY", "tvly-x"), ("WAYBILL_WEB_SEARCH_URL", "http://127.0.0.1:9/")],
        )
        .unwrap()
        .endpoint
        .unwrap();
        assert_eq!((tavily.provider, tavily.base_url.as_str()), (SearchProvider::Tavily, "http://127.0.0.1:9"));
        let searxng = read(json!({"provider": "searxng", "url": "https://searx.example.org/"}), &[]).unwrap().endpoint.unwrap();
        assert_eq!((searxng.provider, searxng.base_url.as_str(), searxng.api_key.as_str()), (SearchProvider::Searxng, "https://searx.example.org", ""));
    }

    #[test]
    fn typos_and_missing_pieces_stop_the_start_with_what_to_set() {
        let problem = |file: serde_json::Value| read(file, &[]).unwrap_err().to_string();
        assert!(problem(json!({"provider": "bing"})).contains("unknown variant `bing`"), "{}", problem(json!({"provider": "bing"})));
        assert!(problem(json!({"provider": "searxng"})).contains("needs url"));
        assert!(problem(json!({"provider": "brave"})).contains("needs api_key, the Brave Search key"));
        assert!(problem(json!({"provider": "tavily", "url": "ftp://x"})).contains("not an http(s) address"));
        assert!(problem(json!({"max_results": 11})).contains("between 1 and 10"));
        assert!(problem(json!({"max_results": 0})).contains("between 1 and 10"));
        assert!(problem(json!({"page_chars": 10})).contains("at least 500"));
        assert!(problem(json!({"timeout_seconds": 0})).contains("between 1 and 120"));
        assert!(problem(json!({"api-key": "x"})).contains("unknown field"));
    }

    #[test]
    fn the_key_never_prints() {
        let config = WebSearchConfig { provider: ProviderSetting::Brave, api_key: "BSA-secret-token".into(), ..WebSearchConfig::default() };
        assert!(!format!("{config:?}").contains("secret"));
        let settings = Settings::try_from(config).unwrap();
        assert!(!format!("{settings:?}").contains("secret"), "{settings:?}");
    }
}
