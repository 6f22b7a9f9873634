//! Typed configuration: `waybill.toml`, then `WAYBILL_*` (and `DATABASE_URL`) environment
//! variables, then command-line flags. `waybill.example.toml` documents every field.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// A value that must never be printed: `Debug` and `Display` show `***`.
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("***")
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("***")
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Address the HTTP server listens on.
    pub addr: SocketAddr,
    /// Folder for the SQLite database, the signing key and stored files.
    pub data_dir: PathBuf,
    /// `postgres://…` to use PostgreSQL; unset means SQLite at `<data_dir>/waybill.db`.
    pub database_url: Option<Secret>,
    pub auth: AuthConfig,
    pub admin: AdminConfig,
    pub log: LogConfig,
    pub providers: ProvidersConfig,
    pub agent: AgentConfig,
    /// Extra models on OpenAI-compatible servers (Ollama, vLLM, llama.cpp server).
    pub models: Vec<ExtraModel>,
    pub outbound: OutboundConfig,
    /// The tool families' sections (`[tools.<family>]`), each read by its family with its
    /// own type; their environment overrides are derived from that type.
    pub tools: serde_json::Map<String, serde_json::Value>,
    pub events: EventsConfig,
    pub testing: TestingConfig,
    pub files: FilesConfig,
    pub limits: LimitsConfig,
    pub http: HttpConfig,
    pub demo: DemoSettings,
    pub live_agent: LiveAgentConfig,
}

/// Hand-over to human agents (docs/live-agent.md): the messaging service the chat page
/// talks to, and how Waybill's own service behaves.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LiveAgentConfig {
    /// Empty: Waybill's own service, at the page's origin. Otherwise the base URL of an
    /// outside service that speaks the same protocol. env: WAYBILL_LIVE_AGENT_SERVICE_URL
    pub service_url: String,
    /// The site variant: `primary`, `portal` or `third`; anything else is `primary`.
    /// env: WAYBILL_LIVE_AGENT_SITE
    pub site: String,
    /// When an agent's socket closes mid-conversation and does not come back in time:
    /// `requeue` (back to the front of the queue) or `close`. env: WAYBILL_LIVE_AGENT_AGENT_GONE
    pub agent_gone: String,
    /// Seconds a closed agent socket may take to come back. env: WAYBILL_LIVE_AGENT_AGENT_GRACE_SECONDS
    pub agent_grace_seconds: u64,
    /// Messages a customer may send per session per minute; 0 means no limit.
    /// env: WAYBILL_LIVE_AGENT_MESSAGES_PER_MINUTE
    pub messages_per_minute: u32,
    /// Minutes a messaging access token lives (the refresh token lives 24 hours).
    /// env: WAYBILL_LIVE_AGENT_TOKEN_MINUTES
    pub token_minutes: u32,
}

impl Default for LiveAgentConfig {
    fn default() -> Self {
        Self {
            service_url: String::new(),
            site: "primary".into(),
            agent_gone: "requeue".into(),
            agent_grace_seconds: 30,
            messages_per_minute: 60,
            token_minutes: 30,
        }
    }
}

impl LiveAgentConfig {
    /// The site variant, `primary` for an unknown one (spec 002 §6).
    pub fn site(&self) -> &'static str {
        match self.site.trim() {
            "portal" => "portal",
            "third" => "third",
            _ => "primary",
        }
    }

    /// The service's settings.
    pub fn settings(&self) -> waybill_liveagent::Settings {
        waybill_liveagent::Settings {
            agent_gone: if self.agent_gone.trim() == "close" { waybill_liveagent::AgentGone::Close } else { waybill_liveagent::AgentGone::Requeue },
            agent_grace: std::time::Duration::from_secs(self.agent_grace_seconds),
            messages_per_minute: self.messages_per_minute,
            token_minutes: self.token_minutes.max(1),
        }
    }
}

/// The built-in demo facility: a warehouse, freight, yard and order back office served
/// under `/demo/…` and registered as the demo tenant's business systems, so every tool
/// works on a fresh machine with nothing to connect to.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DemoSettings {
    /// Serve it and register its systems for the demo tenant. env: WAYBILL_DEMO
    pub enabled: bool,
    /// Order lines to generate on its first start (about 6,000 when unset; up to a
    /// million for benchmarks). Its data is kept in `<data_dir>/demo.sqlite`; delete that
    /// file to generate again. env: WAYBILL_DEMO_SCALE
    pub scale: Option<u32>,
}

impl Default for DemoSettings {
    fn default() -> Self {
        Self { enabled: true, scale: None }
    }
}

/// Quotas per minute, per user and per tenant; 0 means no limit. Over a quota, a chat
/// request answers 429 with `Retry-After`, and a tool call fails with a message the model
/// and the card show.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LimitsConfig {
    /// `POST /api/chat` requests a user may make per minute. env: WAYBILL_CHAT_REQUESTS_PER_MINUTE
    pub chat_requests_per_minute: u32,
    /// Chat requests all users of a tenant may make per minute. env: WAYBILL_TENANT_CHAT_REQUESTS_PER_MINUTE
    pub tenant_chat_requests_per_minute: u32,
    /// Tool calls a user's answers may make per minute. env: WAYBILL_TOOL_CALLS_PER_MINUTE
    pub tool_calls_per_minute: u32,
    /// Tool calls all of a tenant's answers may make per minute. env: WAYBILL_TENANT_TOOL_CALLS_PER_MINUTE
    pub tenant_tool_calls_per_minute: u32,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        Self { chat_requests_per_minute: 30, tenant_chat_requests_per_minute: 600, tool_calls_per_minute: 120, tenant_tool_calls_per_minute: 2400 }
    }
}

/// How long the HTTP server waits for slow clients, and how many connections one address
/// may hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HttpConfig {
    /// Seconds a client has to send a request's headers, counted from when the connection
    /// starts waiting for the request; so also how long an idle keep-alive connection is
    /// kept. env: WAYBILL_HTTP_HEADER_TIMEOUT_SECS
    pub header_timeout_secs: u64,
    /// Seconds a request body may go without sending a byte before the request is dropped.
    /// env: WAYBILL_HTTP_BODY_IDLE_TIMEOUT_SECS
    pub body_idle_timeout_secs: u64,
    /// Seconds a response may wait for a client that reads nothing before the connection
    /// is dropped. env: WAYBILL_HTTP_WRITE_IDLE_TIMEOUT_SECS
    pub write_idle_timeout_secs: u64,
    /// Open connections allowed from one client address; 0 means no limit. Behind a
    /// reverse proxy every client shares its address: raise this or set 0.
    /// env: WAYBILL_HTTP_MAX_CONNECTIONS_PER_ADDRESS
    pub max_connections_per_address: usize,
}

impl Default for HttpConfig {
    fn default() -> Self {
        Self { header_timeout_secs: 20, body_idle_timeout_secs: 30, write_idle_timeout_secs: 60, max_connections_per_address: 128 }
    }
}

/// Server-side fetches that users or models steer (tools, imports) refuse private and
/// local addresses; these hosts are let through anyway.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OutboundConfig {
    /// Host names or IP addresses, e.g. `["wms.internal", "10.0.4.12"]`.
    /// env: WAYBILL_OUTBOUND_ALLOW_HOSTS (comma-separated)
    pub allow_hosts: Vec<String>,
}

/// How instances tell each other what happens (answers stopped or resumed elsewhere, chat
/// list changes). Without NATS, events stay inside this instance.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EventsConfig {
    /// `nats://host:4222`: share events with the other instances through NATS.
    /// env: WAYBILL_NATS_URL
    pub nats_url: Option<Secret>,
}

/// Settings that only the test suites use.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TestingConfig {
    /// Registers the proving-ground tool family (approval, a client tool, streamed data
    /// parts, a nested run) that the browser tests drive. env: WAYBILL_PROVING_FAMILY
    pub proving_family: bool,
}

/// Where uploaded files are kept and how their links are written.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FilesConfig {
    /// The address users reach Waybill at, e.g. `https://waybill.example.com`, for absolute
    /// file links (unset means links relative to the app) and for the callback Atlassian
    /// sends administrators back to when they connect Jira (unset: the address their browser
    /// is on). env: WAYBILL_PUBLIC_URL
    pub public_url: Option<String>,
    /// An S3-compatible bucket instead of `<data_dir>/files` (required when several
    /// instances share one database).
    pub s3: Option<S3Config>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct S3Config {
    /// env: WAYBILL_S3_BUCKET
    pub bucket: String,
    /// Empty for AWS; e.g. `http://127.0.0.1:9000` for MinIO. env: WAYBILL_S3_ENDPOINT
    #[serde(default)]
    pub endpoint: Option<String>,
    /// env: WAYBILL_S3_REGION
    #[serde(default = "default_region")]
    pub region: String,
    /// env: AWS_ACCESS_KEY_ID
    pub access_key_id: String,
    /// env: AWS_SECRET_ACCESS_KEY
    pub secret_access_key: Secret,
}

fn default_region() -> String {
    "us-east-1".into()
}

/// Keys and base URLs of the model providers. A provider without a key is not offered.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ProvidersConfig {
    /// env: OPENAI_API_KEY
    pub openai_api_key: Option<Secret>,
    /// env: OPENAI_BASE_URL
    pub openai_base_url: String,
    /// env: ANTHROPIC_API_KEY
    pub anthropic_api_key: Option<Secret>,
    /// env: ANTHROPIC_BASE_URL
    pub anthropic_base_url: String,
    /// env: GEMINI_API_KEY (or GOOGLE_GENERATIVE_AI_API_KEY)
    pub gemini_api_key: Option<Secret>,
    /// env: GEMINI_BASE_URL
    pub gemini_base_url: String,
    /// env: DEEPSEEK_API_KEY
    pub deepseek_api_key: Option<Secret>,
    /// env: DEEPSEEK_BASE_URL
    pub deepseek_base_url: String,
}

impl Default for ProvidersConfig {
    fn default() -> Self {
        Self {
            openai_api_key: None,
            openai_base_url: "https://api.openai.com/v1".into(),
            anthropic_api_key: None,
            anthropic_base_url: "https://api.anthropic.com/v1".into(),
            gemini_api_key: None,
            gemini_base_url: "https://generativelanguage.googleapis.com/v1beta".into(),
            deepseek_api_key: None,
            deepseek_base_url: "https://api.deepseek.com/v1".into(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AgentConfig {
    /// Most model calls in one answer (each tool round is one).
    pub max_steps: usize,
    /// Characters of chat history sent to the model; older messages are left out.
    pub history_budget_chars: usize,
}

impl Default for AgentConfig {
    fn default() -> Self {
        Self { max_steps: 20, history_budget_chars: 400_000 }
    }
}

/// A model served by an OpenAI-compatible server.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraModel {
    /// Id in the model picker, e.g. `llama3.1-local`.
    pub id: String,
    /// Label in the model picker.
    pub name: String,
    /// e.g. `http://127.0.0.1:11434/v1`.
    pub base_url: String,
    /// The server's model name, e.g. `llama3.1:8b`.
    pub model: String,
    #[serde(default)]
    pub api_key: Option<Secret>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AuthConfig {
    /// Lifetime of an access token (a JWT), in seconds.
    pub access_token_ttl_secs: u64,
    /// Lifetime of a refresh token, in seconds. Each use rotates it.
    pub refresh_token_ttl_secs: u64,
    /// Sign-in attempts allowed per account in a burst; one more is allowed every 30 s.
    /// env: WAYBILL_LOGIN_ATTEMPTS_PER_ACCOUNT
    pub login_attempts_per_account: u32,
    /// Sign-in attempts allowed per client address in a burst; one more every 2 s.
    /// env: WAYBILL_LOGIN_ATTEMPTS_PER_IP
    pub login_attempts_per_ip: u32,
    /// Signing key shared by several instances (at least 32 characters). Unset: a random
    /// key is generated on first run and kept in `<data_dir>/jwt-signing.key`.
    pub jwt_secret: Option<Secret>,
    /// Key that seals stored credentials (business systems, issue trackers), shared by
    /// several instances (at least 32 characters). Unset: a random key is generated on
    /// first run and kept in `<data_dir>/sealing.key`. env: WAYBILL_SEALING_KEY
    pub sealing_key: Option<Secret>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AdminConfig {
    /// Email of the admin account created on first run (default `admin@waybill.local`).
    pub email: Option<String>,
    /// Its password; unset means a generated one, printed once on the console.
    pub password: Option<Secret>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// A tracing filter such as `info` or `waybill_server=debug,info`.
    pub filter: String,
    /// One JSON object per line instead of human-readable lines.
    pub json: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 3000)),
            data_dir: PathBuf::from("./data"),
            database_url: None,
            auth: AuthConfig::default(),
            admin: AdminConfig::default(),
            log: LogConfig::default(),
            providers: ProvidersConfig::default(),
            agent: AgentConfig::default(),
            models: Vec::new(),
            outbound: OutboundConfig::default(),
            tools: serde_json::Map::new(),
            events: EventsConfig::default(),
            testing: TestingConfig::default(),
            files: FilesConfig::default(),
            limits: LimitsConfig::default(),
            http: HttpConfig::default(),
            demo: DemoSettings::default(),
            live_agent: LiveAgentConfig::default(),
        }
    }
}

impl Default for AuthConfig {
    fn default() -> Self {
        Self {
            access_token_ttl_secs: 15 * 60,
            refresh_token_ttl_secs: 30 * 24 * 3600,
            login_attempts_per_account: 10,
            login_attempts_per_ip: 50,
            jwt_secret: None,
            sealing_key: None,
        }
    }
}

impl Default for LogConfig {
    fn default() -> Self {
        Self { filter: "info".into(), json: false }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("invalid config file {path}: {source}")]
    Parse { path: PathBuf, source: Box<toml::de::Error> },
    #[error("invalid value for {name}: {message}")]
    Env { name: &'static str, message: String },
}

impl Config {
    /// Reads `path` (or `./waybill.toml` when present) and applies environment overrides.
    pub fn load(path: Option<&Path>) -> Result<Self, ConfigError> {
        let mut config = match path {
            Some(path) => Self::from_file(path)?,
            None if Path::new("waybill.toml").exists() => Self::from_file(Path::new("waybill.toml"))?,
            None => Self::default(),
        };
        config.apply_env(|name| std::env::var(name).ok())?;
        Ok(config)
    }

    pub fn from_file(path: &Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.into(), source })?;
        toml::from_str(&text).map_err(|source| ConfigError::Parse { path: path.into(), source: Box::new(source) })
    }

    /// Applies the environment variables named in the example config.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
        fn parsed<T: std::str::FromStr>(name: &'static str, value: String) -> Result<T, ConfigError>
        where
            T::Err: std::fmt::Display,
        {
            value.parse().map_err(|e: T::Err| ConfigError::Env { name, message: e.to_string() })
        }
        let var = |name: &str| var(name).filter(|v| !v.is_empty());
        if let Some(v) = var("WAYBILL_ADDR") {
            self.addr = parsed("WAYBILL_ADDR", v)?;
        }
        if let Some(v) = var("WAYBILL_DATA_DIR") {
            self.data_dir = PathBuf::from(v);
        }
        if let Some(v) = var("DATABASE_URL").or_else(|| var("WAYBILL_DATABASE_URL")) {
            self.database_url = Some(Secret::new(v));
        }
        if let Some(v) = var("WAYBILL_ADMIN_EMAIL") {
            self.admin.email = Some(v);
        }
        if let Some(v) = var("WAYBILL_ADMIN_PASSWORD") {
            self.admin.password = Some(Secret::new(v));
        }
        if let Some(v) = var("WAYBILL_JWT_SECRET") {
            self.auth.jwt_secret = Some(Secret::new(v));
        }
        if let Some(v) = var("WAYBILL_SEALING_KEY") {
            self.auth.sealing_key = Some(Secret::new(v));
        }
        if let Some(v) = var("WAYBILL_ACCESS_TOKEN_TTL_SECS") {
            self.auth.access_token_ttl_secs = parsed("WAYBILL_ACCESS_TOKEN_TTL_SECS", v)?;
        }
        let providers = &mut self.providers;
        for (name, slot) in [
            ("OPENAI_API_KEY", &mut providers.openai_api_key),
            ("ANTHROPIC_API_KEY", &mut providers.anthropic_api_key),
            ("DEEPSEEK_API_KEY", &mut providers.deepseek_api_key),
            ("GEMINI_API_KEY", &mut providers.gemini_api_key),
        ] {
            if let Some(v) = var(name) {
                *slot = Some(Secret::new(v));
            }
        }
        if providers.gemini_api_key.is_none() {
            providers.gemini_api_key = var("GOOGLE_GENERATIVE_AI_API_KEY").map(Secret::new);
        }
        for (name, slot) in [
            ("OPENAI_BASE_URL", &mut providers.openai_base_url),
            ("ANTHROPIC_BASE_URL", &mut providers.anthropic_base_url),
            ("GEMINI_BASE_URL", &mut providers.gemini_base_url),
            ("DEEPSEEK_BASE_URL", &mut providers.deepseek_base_url),
        ] {
            if let Some(v) = var(name) {
                *slot = v;
            }
        }
        if let Some(v) = var("WAYBILL_MAX_STEPS") {
            self.agent.max_steps = parsed("WAYBILL_MAX_STEPS", v)?;
        }
        if let Some(v) = var("WAYBILL_OUTBOUND_ALLOW_HOSTS") {
            self.outbound.allow_hosts = v.split(',').map(str::trim).filter(|h| !h.is_empty()).map(str::to_owned).collect();
        }
        if let Some(v) = var("WAYBILL_NATS_URL") {
            self.events.nats_url = Some(Secret::new(v));
        }
        if let Some(v) = var("WAYBILL_DEMO") {
            self.demo.enabled = parsed("WAYBILL_DEMO", v)?;
        }
        if let Some(v) = var("WAYBILL_DEMO_SCALE") {
            self.demo.scale = Some(parsed("WAYBILL_DEMO_SCALE", v)?);
        }
        if let Some(v) = var("WAYBILL_PROVING_FAMILY") {
            self.testing.proving_family = parsed("WAYBILL_PROVING_FAMILY", v)?;
        }
        if let Some(v) = var("WAYBILL_PUBLIC_URL") {
            self.files.public_url = Some(v);
        }
        if let Some(bucket) = var("WAYBILL_S3_BUCKET") {
            let missing = |name: &'static str| ConfigError::Env { name, message: "is required when WAYBILL_S3_BUCKET is set".into() };
            self.files.s3 = Some(S3Config {
                bucket,
                endpoint: var("WAYBILL_S3_ENDPOINT"),
                region: var("WAYBILL_S3_REGION").unwrap_or_else(default_region),
                access_key_id: var("AWS_ACCESS_KEY_ID").ok_or_else(|| missing("AWS_ACCESS_KEY_ID"))?,
                secret_access_key: Secret::new(var("AWS_SECRET_ACCESS_KEY").ok_or_else(|| missing("AWS_SECRET_ACCESS_KEY"))?),
            });
        }
        for (name, slot) in [
            ("WAYBILL_LOGIN_ATTEMPTS_PER_ACCOUNT", &mut self.auth.login_attempts_per_account),
            ("WAYBILL_LOGIN_ATTEMPTS_PER_IP", &mut self.auth.login_attempts_per_ip),
            ("WAYBILL_CHAT_REQUESTS_PER_MINUTE", &mut self.limits.chat_requests_per_minute),
            ("WAYBILL_TENANT_CHAT_REQUESTS_PER_MINUTE", &mut self.limits.tenant_chat_requests_per_minute),
            ("WAYBILL_TOOL_CALLS_PER_MINUTE", &mut self.limits.tool_calls_per_minute),
            ("WAYBILL_TENANT_TOOL_CALLS_PER_MINUTE", &mut self.limits.tenant_tool_calls_per_minute),
        ] {
            if let Some(v) = var(name) {
                *slot = parsed(name, v)?;
            }
        }
        for (name, slot) in [
            ("WAYBILL_HTTP_HEADER_TIMEOUT_SECS", &mut self.http.header_timeout_secs),
            ("WAYBILL_HTTP_BODY_IDLE_TIMEOUT_SECS", &mut self.http.body_idle_timeout_secs),
            ("WAYBILL_HTTP_WRITE_IDLE_TIMEOUT_SECS", &mut self.http.write_idle_timeout_secs),
        ] {
            if let Some(v) = var(name) {
                *slot = parsed(name, v)?;
            }
        }
        if let Some(v) = var("WAYBILL_HTTP_MAX_CONNECTIONS_PER_ADDRESS") {
            self.http.max_connections_per_address = parsed("WAYBILL_HTTP_MAX_CONNECTIONS_PER_ADDRESS", v)?;
        }
        for (name, slot) in [
            ("WAYBILL_LIVE_AGENT_SERVICE_URL", &mut self.live_agent.service_url),
            ("WAYBILL_LIVE_AGENT_SITE", &mut self.live_agent.site),
            ("WAYBILL_LIVE_AGENT_AGENT_GONE", &mut self.live_agent.agent_gone),
        ] {
            if let Some(v) = var(name) {
                *slot = v;
            }
        }
        if let Some(v) = var("WAYBILL_LIVE_AGENT_AGENT_GRACE_SECONDS") {
            self.live_agent.agent_grace_seconds = parsed("WAYBILL_LIVE_AGENT_AGENT_GRACE_SECONDS", v)?;
        }
        for (name, slot) in [
            ("WAYBILL_LIVE_AGENT_MESSAGES_PER_MINUTE", &mut self.live_agent.messages_per_minute),
            ("WAYBILL_LIVE_AGENT_TOKEN_MINUTES", &mut self.live_agent.token_minutes),
        ] {
            if let Some(v) = var(name) {
                *slot = parsed(name, v)?;
            }
        }
        if let Some(v) = var("WAYBILL_LOG") {
            self.log.filter = v;
        }
        if let Some(v) = var("WAYBILL_LOG_JSON") {
            self.log.json = parsed("WAYBILL_LOG_JSON", v)?;
        }
        Ok(())
    }

    /// The database to open: the configured URL, else SQLite in the data dir.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.expose().to_owned(),
            None => format!("sqlite://{}?mode=rwc", self.data_dir.join("waybill.db").display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_overrides_file_and_secrets_never_print() {
        let mut config: Config = toml::from_str("addr = \"0.0.0.0:8080\"\ndatabase_url = \"postgres://u:pw@h/db\"\n[admin]\npassword = \"hunter2\"\n").unwrap();
        assert_eq!(config.addr.port(), 8080);
        config
            .apply_env(|name| match name {
                "WAYBILL_ADDR" => Some("127.0.0.1:4000".into()),
                "WAYBILL_DATA_DIR" => Some("/srv/waybill".into()),
                _ => None,
            })
            .unwrap();
        assert_eq!(config.addr.port(), 4000);
        assert_eq!(config.data_dir, PathBuf::from("/srv/waybill"));
        let printed = format!("{config:?}");
        assert!(!printed.contains("hunter2") && !printed.contains("pw@h"), "{printed}");
        assert_eq!(config.database_url(), "postgres://u:pw@h/db");
    }

    #[test]
    fn bad_values_are_named() {
        let err = Config::default().apply_env(|n| (n == "WAYBILL_ADDR").then(|| "nope".into())).unwrap_err();
        assert!(err.to_string().contains("WAYBILL_ADDR"));
        assert!(toml::from_str::<Config>("bogus = 1").is_err(), "unknown keys are refused");
    }

    #[test]
    fn the_example_file_parses() {
        let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../waybill.example.toml");
        Config::from_file(Path::new(example)).unwrap();
    }
}
