//! Embedding models for semantic ranking, when one is configured: OpenAI's
//! `/v1/embeddings` (and every server that speaks it: Ollama, vLLM, llama.cpp) and
//! Gemini's `batchEmbedContents`. Their endpoints are set by the operator, not by users
//! or models, so they are called with a plain client, like the chat providers.

use std::time::Duration;

use futures::future::BoxFuture;
use serde_json::{Value, json};

/// What a text is embedded for (Gemini embeds documents and queries differently).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Document,
    Query,
}

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum EmbedError {
    /// The service answered with an error; the text is its own words.
    #[error("the embedding service answered {status}: {message}")]
    Refused { status: u16, message: String },
    #[error("the embedding service could not be reached: {0}")]
    Unreachable(String),
    #[error("the embedding service answered something unexpected: {0}")]
    Unexpected(String),
}

pub trait Embedder: Send + Sync {
    /// Names the vectors this model makes; stored beside each vector so vectors of another
    /// model (or size) are never compared with this one's.
    fn model(&self) -> &str;
    /// One vector per text, in order.
    fn embed<'a>(&'a self, texts: &'a [String], purpose: Purpose) -> BoxFuture<'a, Result<Vec<Vec<f32>>, EmbedError>>;
    /// How many texts one request carries.
    fn batch(&self) -> usize {
        64
    }
}

/// Which API an embedding endpoint speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavour {
    /// `POST {base}/embeddings`, as OpenAI, Ollama, vLLM and llama.cpp answer it.
    OpenAi,
    /// `POST {base}/models/{model}:batchEmbedContents`.
    Gemini,
}

/// An embedding endpoint.
pub struct HttpEmbedder {
    client: reqwest::Client,
    flavour: Flavour,
    base_url: String,
    api_key: Option<String>,
    /// The model asked for.
    name: String,
    dimensions: Option<u32>,
    /// `model` and the size asked for, stored with the vectors.
    vectors_of: String,
}

impl HttpEmbedder {
    pub fn new(flavour: Flavour, base_url: &str, api_key: Option<String>, model: &str, dimensions: Option<u32>) -> Self {
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(120))
            .build()
            .expect("a valid client configuration");
        let label = match dimensions {
            Some(d) => format!("{model}@{d}"),
            None => model.to_owned(),
        };
        HttpEmbedder { client, flavour, base_url: base_url.trim_end_matches('/').to_owned(), api_key, name: model.to_owned(), dimensions, vectors_of: label }
    }

    fn request(&self, texts: &[String], purpose: Purpose) -> reqwest::RequestBuilder {
        match self.flavour {
            Flavour::OpenAi => {
                let mut body = json!({ "model": self.name, "input": texts, "encoding_format": "float" });
                if let Some(d) = self.dimensions {
                    body["dimensions"] = json!(d);
                }
                let request = self.client.post(format!("{}/embeddings", self.base_url)).json(&body);
                match &self.api_key {
                    Some(key) => request.bearer_auth(key),
                    None => request,
                }
            }
            Flavour::Gemini => {
                let task = match purpose {
                    Purpose::Document => "RETRIEVAL_DOCUMENT",
                    Purpose::Query => "RETRIEVAL_QUERY",
                };
                let requests: Vec<Value> = texts
                    .iter()
                    .map(|t| {
                        let mut one = json!({ "model": format!("models/{}", self.name), "content": { "parts": [{ "text": t }] }, "taskType": task });
                        if let Some(d) = self.dimensions {
                            one["outputDimensionality"] = json!(d);
                        }
                        one
                    })
                    .collect();
                let request = self.client.post(format!("{}/models/{}:batchEmbedContents", self.base_url, self.name)).json(&json!({ "requests": requests }));
                match &self.api_key {
                    Some(key) => request.header("x-goog-api-key", key),
                    None => request,
                }
            }
        }
    }

    fn vectors(&self, body: &Value, expected: usize) -> Result<Vec<Vec<f32>>, EmbedError> {
        let floats = |v: &Value| -> Option<Vec<f32>> { v.as_array()?.iter().map(|x| x.as_f64().map(|f| f as f32)).collect() };
        let vectors: Option<Vec<Vec<f32>>> = match self.flavour {
            Flavour::OpenAi => body["data"].as_array().and_then(|data| {
                let mut items: Vec<(u64, Vec<f32>)> =
                    data.iter().map(|d| Some((d["index"].as_u64().unwrap_or(0), floats(&d["embedding"])?))).collect::<Option<_>>()?;
                items.sort_by_key(|(i, _)| *i);
                Some(items.into_iter().map(|(_, v)| v).collect())
            }),
            Flavour::Gemini => body["embeddings"].as_array().and_then(|list| list.iter().map(|e| floats(&e["values"])).collect()),
        };
        match vectors {
            Some(v) if v.len() == expected && v.iter().all(|x| !x.is_empty()) => Ok(v),
            Some(v) => Err(EmbedError::Unexpected(format!("{} vectors for {expected} texts", v.len()))),
            None => Err(EmbedError::Unexpected("no vectors in the answer".into())),
        }
    }
}

/// The service's own error text: OpenAI's and Gemini's `{"error": {"message"}}`, or the body.
fn message_of(body: &str) -> String {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    let message = parsed.as_ref().and_then(|v| v["error"]["message"].as_str().or_else(|| v["error"].as_str()).map(str::to_owned));
    let text = message.unwrap_or_else(|| body.trim().to_owned());
    text.chars().take(300).collect()
}

impl Embedder for HttpEmbedder {
    fn model(&self) -> &str {
        &self.vectors_of
    }

    fn embed<'a>(&'a self, texts: &'a [String], purpose: Purpose) -> BoxFuture<'a, Result<Vec<Vec<f32>>, EmbedError>> {
        Box::pin(async move {
            if texts.is_empty() {
                return Ok(Vec::new());
            }
            let response = self.request(texts, purpose).send().await.map_err(|e| EmbedError::Unreachable(e.without_url().to_string()))?;
            let status = response.status();
            let body = response.text().await.map_err(|e| EmbedError::Unreachable(e.without_url().to_string()))?;
            if !status.is_success() {
                return Err(EmbedError::Refused { status: status.as_u16(), message: message_of(&body) });
            }
            let json: Value = serde_json::from_str(&body).map_err(|e| EmbedError::Unexpected(e.to_string()))?;
            self.vectors(&json, texts.len())
        })
    }
}

/// A vector scaled to unit length (a zero vector stays zero).
pub fn unit(mut v: Vec<f32>) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        v.iter_mut().for_each(|x| *x /= norm);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_answers_and_their_errors() {
        let openai = HttpEmbedder::new(Flavour::OpenAi, "http://127.0.0.1:9/v1/", None, "text-embedding-3-small", Some(512));
        assert_eq!(openai.model(), "text-embedding-3-small@512");
        let body = json!({"object": "list", "data": [{"object": "embedding", "index": 1, "embedding": [0.0, 1.0]}, {"object": "embedding", "index": 0, "embedding": [1.0, 0.0]}]});
        assert_eq!(openai.vectors(&body, 2).unwrap(), [vec![1.0, 0.0], vec![0.0, 1.0]], "ordered by index");
        assert!(matches!(openai.vectors(&body, 3), Err(EmbedError::Unexpected(_))));
        let gemini = HttpEmbedder::new(Flavour::Gemini, "http://127.0.0.1:9/v1beta", None, "gemini-embedding-001", None);
        assert_eq!(gemini.vectors(&json!({"embeddings": [{"values": [0.5, 0.5]}]}), 1).unwrap(), [vec![0.5, 0.5]]);
        assert!(matches!(gemini.vectors(&json!({"error": "x"}), 1), Err(EmbedError::Unexpected(_))));
        assert_eq!(message_of(r#"{"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}}"#), "Incorrect API key provided");
        assert_eq!(message_of("Bad Gateway"), "Bad Gateway");
        assert_eq!(unit(vec![3.0, 4.0]), [0.6, 0.8]);
    }
}
