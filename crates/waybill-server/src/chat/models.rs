//! The model catalogue (spec 000 §3, §9) and which models this server can run now.

use std::sync::Arc;

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;
use waybill_agent::provider::ModelProvider;
use waybill_agent::provider::anthropic::Anthropic;
use waybill_agent::provider::gemini::Gemini;
use waybill_agent::provider::offline::{self, OfflineModel};
use waybill_agent::provider::openai::OpenAiResponses;
use waybill_agent::provider::openai_compatible::ChatCompletions;
use waybill_tools::Registry;

use crate::config::{Config, ProvidersConfig, Secret};
use crate::error::Error;

pub const DEFAULT_MODEL: &str = "claude-sonnet-4-5";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    OpenAi,
    Anthropic,
    Google,
    DeepSeek,
    OpenAiCompatible,
    Offline,
}

impl Provider {
    fn label(self) -> &'static str {
        match self {
            Self::OpenAi => "openai",
            Self::Anthropic => "anthropic",
            Self::Google => "google",
            Self::DeepSeek => "deepseek",
            Self::OpenAiCompatible => "openai-compatible",
            Self::Offline => "offline",
        }
    }

    fn key_name(self) -> Option<&'static str> {
        match self {
            Self::OpenAi => Some("OPENAI_API_KEY"),
            Self::Anthropic => Some("ANTHROPIC_API_KEY"),
            Self::Google => Some("GEMINI_API_KEY"),
            Self::DeepSeek => Some("DEEPSEEK_API_KEY"),
            Self::OpenAiCompatible | Self::Offline => None,
        }
    }
}

/// The built-in catalogue: id, label, provider, the provider's model name.
const CATALOGUE: &[(&str, &str, Provider, &str)] = &[
    ("gpt-4.1", "GPT-4.1", Provider::OpenAi, "gpt-4.1"),
    ("claude-sonnet-4-5", "Claude Sonnet 4.5", Provider::Anthropic, "claude-sonnet-4-5"),
    ("gpt-5", "GPT-5", Provider::OpenAi, "gpt-5"),
    ("gemini-2.5-flash-preview-05-20", "Gemini 2.5 Flash", Provider::Google, "gemini-2.5-flash-preview-05-20"),
    ("deepseek-chat", "DeepSeek Chat", Provider::DeepSeek, "deepseek-chat"),
    ("deepseek-reasoner", "DeepSeek Reasoner", Provider::DeepSeek, "deepseek-reasoner"),
];

/// A model as the picker lists it.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ModelInfo {
    pub id: String,
    pub name: String,
    pub provider: String,
    pub requires_key: bool,
}

/// Which provider keys are configured (spec 000 §3).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export)]
pub struct ApiKeys {
    pub openai: bool,
    pub anthropic: bool,
    pub google: bool,
    pub deepseek: bool,
}

enum Availability {
    Ready { provider: Arc<dyn ModelProvider>, model: String },
    MissingKey(&'static str),
    Unsupported,
}

struct Entry {
    info: ModelInfo,
    kind: Provider,
    availability: Availability,
}

pub struct Models {
    entries: Vec<Entry>,
    keys: ApiKeys,
}

impl Models {
    pub fn new(config: &Config, tools: Registry) -> Self {
        let p = &config.providers;
        let keys = ApiKeys {
            openai: p.openai_api_key.is_some(),
            anthropic: p.anthropic_api_key.is_some(),
            google: p.gemini_api_key.is_some(),
            deepseek: p.deepseek_api_key.is_some(),
        };
        let has_key = |kind: Provider| match kind {
            Provider::OpenAi => keys.openai,
            Provider::Anthropic => keys.anthropic,
            Provider::Google => keys.google,
            Provider::DeepSeek => keys.deepseek,
            Provider::OpenAiCompatible | Provider::Offline => true,
        };
        let mut entries: Vec<Entry> = CATALOGUE
            .iter()
            .map(|&(id, name, kind, model)| Entry {
                info: ModelInfo { id: id.into(), name: name.into(), provider: kind.label().into(), requires_key: true },
                kind,
                availability: match (has_key(kind), kind.key_name()) {
                    (false, Some(key)) => Availability::MissingKey(key),
                    _ => adapter(kind, model, p),
                },
            })
            .collect();
        for extra in &config.models {
            entries.push(Entry {
                info: ModelInfo { id: extra.id.clone(), name: extra.name.clone(), provider: Provider::OpenAiCompatible.label().into(), requires_key: false },
                kind: Provider::OpenAiCompatible,
                availability: Availability::Ready {
                    provider: Arc::new(ChatCompletions::new(OPENAI_COMPATIBLE, &extra.base_url, extra.api_key.as_ref().map(|k| k.expose().to_owned()))),
                    model: extra.model.clone(),
                },
            });
        }
        entries.push(Entry {
            info: ModelInfo { id: offline::MODEL_ID.into(), name: "Offline (no AI provider)".into(), provider: "offline".into(), requires_key: false },
            kind: Provider::Offline,
            availability: Availability::Ready { provider: Arc::new(OfflineModel::new(tools)), model: offline::MODEL_ID.into() },
        });
        Self { entries, keys }
    }

    pub fn keys(&self) -> &ApiKeys {
        &self.keys
    }

    /// The models usable now, for the picker (Google models are left out of the menu).
    pub fn menu(&self) -> Vec<ModelInfo> {
        self.entries.iter().filter(|e| matches!(e.availability, Availability::Ready { .. }) && e.kind != Provider::Google).map(|e| e.info.clone()).collect()
    }

    /// The model for a request that names none: the default when its key is configured,
    /// else the first usable one in the picker's order (the offline model when no
    /// provider key is configured at all).
    pub fn default_id(&self) -> &str {
        let usable = |e: &&Entry| matches!(e.availability, Availability::Ready { .. }) && e.kind != Provider::Google;
        self.entries
            .iter()
            .filter(usable)
            .find(|e| e.info.id == DEFAULT_MODEL)
            .or_else(|| self.entries.iter().find(usable))
            .map_or(offline::MODEL_ID, |e| e.info.id.as_str())
    }

    /// The provider and its model name for `id`, or a clear reason why not.
    /// The ids a chat request may name: the models whose provider is ready.
    pub fn usable_ids(&self) -> Vec<String> {
        self.entries.iter().filter(|e| matches!(e.availability, Availability::Ready { .. })).map(|e| e.info.id.clone()).collect()
    }

    pub fn resolve(&self, id: &str) -> Result<(Arc<dyn ModelProvider>, String), Error> {
        let entry = self.entries.iter().find(|e| e.info.id == id).ok_or_else(|| Error::BadRequest(format!("Unknown model '{id}'")))?;
        match &entry.availability {
            Availability::Ready { provider, model } => Ok((provider.clone(), model.clone())),
            Availability::MissingKey(key) => Err(Error::BadRequest(format!("The model {id} needs {key}, which is not configured on this server"))),
            Availability::Unsupported => Err(Error::BadRequest(format!("The model {id} is not available on this server yet"))),
        }
    }
}

/// How an OpenAI-compatible server is named in error texts.
const OPENAI_COMPATIBLE: &str = "The model server";

/// The adapter for a built-in catalogue entry whose key is configured.
fn adapter(kind: Provider, model: &str, p: &ProvidersConfig) -> Availability {
    let key = |k: &Option<Secret>| k.as_ref().map(|k| k.expose().to_owned());
    let provider: Arc<dyn ModelProvider> = match kind {
        Provider::OpenAi => Arc::new(OpenAiResponses::new(&p.openai_base_url, key(&p.openai_api_key))),
        Provider::Anthropic => Arc::new(Anthropic::new(&p.anthropic_base_url, key(&p.anthropic_api_key))),
        Provider::Google => Arc::new(Gemini::new(&p.gemini_base_url, key(&p.gemini_api_key))),
        Provider::DeepSeek => Arc::new(ChatCompletions::new("DeepSeek", &p.deepseek_base_url, key(&p.deepseek_api_key))),
        Provider::OpenAiCompatible | Provider::Offline => return Availability::Unsupported,
    };
    Availability::Ready { provider, model: model.to_owned() }
}
