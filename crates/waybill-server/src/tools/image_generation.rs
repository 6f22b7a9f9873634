//! `imageGenerationTool` (spec 001 §2.19, §3): images from a prompt through OpenAI's
//! images API, kept in the file service so the chat links to our own copies (OpenAI's
//! links expire). Offered only when an OpenAI key is configured.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use futures::future::BoxFuture;
use serde_json::{Value, json};
use waybill_agent::lang::{Lang, fill};
use waybill_agent::provider::http::{clean, status_error};
use waybill_agent::tools::{Tool, ToolContext, ToolError};
use waybill_store::Store;

use crate::config::ImageGenerationConfig;
use crate::files::service::{FileService, UploadOptions, Uploader};

const PROVIDER: &str = "OpenAI";

pub struct ImageGenerationTool {
    client: reqwest::Client,
    endpoint: String,
    api_key: String,
    model: String,
    size: String,
    store: Store,
    files: Arc<FileService>,
}

impl ImageGenerationTool {
    pub fn new(base_url: &str, api_key: &str, config: &ImageGenerationConfig, store: Store, files: Arc<FileService>) -> Self {
        let client = reqwest::Client::builder().connect_timeout(Duration::from_secs(10)).build().expect("a valid client configuration");
        Self {
            client,
            endpoint: format!("{}/images/generations", base_url.trim_end_matches('/')),
            api_key: api_key.to_owned(),
            model: config.model.clone(),
            size: config.size.clone(),
            store,
            files,
        }
    }

    async fn generate(&self, prompt: &str, count: u64) -> Result<Vec<Vec<u8>>, ToolError> {
        let secrets = [self.api_key.clone()];
        let mut body = json!({"model": self.model, "prompt": prompt, "n": count, "size": self.size});
        if self.model.starts_with("dall-e") {
            // Newer models always answer base64; DALL·E answers links unless asked.
            body["response_format"] = json!("b64_json");
        }
        let response = self
            .client
            .post(&self.endpoint)
            .bearer_auth(&self.api_key)
            .timeout(Duration::from_secs(180))
            .json(&body)
            .send()
            .await
            .map_err(|e| ToolError::Failed(clean(&format!("The connection to {PROVIDER} failed: {e}"), &secrets)))?;
        let status = response.status();
        let text = response.text().await.map_err(|e| ToolError::Failed(clean(&format!("Reading {PROVIDER}'s answer failed: {e}"), &secrets)))?;
        if !status.is_success() {
            return Err(ToolError::Failed(status_error(PROVIDER, status.as_u16(), &text, &secrets).to_string()));
        }
        let answer: Value = serde_json::from_str(&text).map_err(|_| ToolError::Failed(format!("{PROVIDER} sent an answer that is not JSON")))?;
        let images: Vec<Vec<u8>> = answer["data"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter_map(|item| item["b64_json"].as_str())
            .map(|b64| base64::engine::general_purpose::STANDARD.decode(b64))
            .collect::<Result<_, _>>()
            .map_err(|_| ToolError::Failed(format!("{PROVIDER} sent image data that is not base64")))?;
        if images.is_empty() {
            return Err(ToolError::Failed(format!("{PROVIDER} answered without an image")));
        }
        Ok(images)
    }
}

impl Tool for ImageGenerationTool {
    fn name(&self) -> &str {
        "imageGenerationTool"
    }

    fn description(&self) -> &str {
        "Generate images from a text prompt (diagrams, signage, illustrations). Describe the picture in detail."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "prompt": {"type": "string", "minLength": 1, "maxLength": 4000, "description": "What the image shows"},
                "n": {"type": "integer", "minimum": 1, "maximum": 4, "description": "How many images (default 1)"}
            },
            "required": ["prompt"],
            "additionalProperties": false
        })
    }

    fn keywords(&self) -> &[&str] {
        &["generate an image", "generate image", "create an image", "draw", "picture of", "image of", "illustration", "生成图片", "画一"]
    }

    fn timeout(&self) -> Duration {
        Duration::from_secs(200)
    }

    fn execute<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            let prompt = input["prompt"].as_str().unwrap_or_default().trim();
            let images = self.generate(prompt, input["n"].as_u64().unwrap_or(1)).await?;
            let mut links = Vec::new();
            for (index, bytes) in images.into_iter().enumerate() {
                let name = format!("generated-{}-{}.png", jiff::Zoned::now().strftime("%Y%m%d-%H%M%S"), index + 1);
                let who = Uploader { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id, facility_id: &ctx.facility_id };
                let options = UploadOptions { filename: &name, declared_type: Some("image/png"), operator: "Waybill", watermark: false, thumbnail: true };
                let body = futures::stream::iter([Ok::<_, crate::error::Error>(axum::body::Bytes::from(bytes))]);
                let file = self.files.upload(&self.store, who, options, body).await.map_err(|e| {
                    tracing::error!(error = %e, "storing a generated image failed");
                    ToolError::Failed("The image was generated but could not be stored".into())
                })?;
                links.push(json!({"url": self.files.view_url(&file), "index": index, "fileId": file.id}));
            }
            Ok(json!({
                "success": true,
                "prompt": prompt,
                "count": links.len(),
                "imageUrl": links[0]["url"],
                "images": links,
            }))
        })
    }

    fn offline_input(&self, text: &str, _ctx: &ToolContext) -> Option<Value> {
        Some(json!({"prompt": text.trim()}))
    }

    fn summarize(&self, output: &Value, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Generated {count} image(s) for “{prompt}”.",
            "已为“{prompt}”生成 {count} 张图片。",
            "已為「{prompt}」生成 {count} 張圖片。",
            "Se generaron {count} imagen(es) para «{prompt}».",
            "「{prompt}」の画像を {count} 枚生成しました。",
            "{count} Bild(er) für „{prompt}“ erzeugt.",
            "{count} image(s) générée(s) pour « {prompt} ».",
        ]);
        let count = output["count"].as_u64()?.to_string();
        Some(fill(template, &[("count", &count), ("prompt", output["prompt"].as_str()?)]))
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Image generation", "图像生成", "圖像生成", "La generación de imágenes", "画像の生成", "Die Bildgenerierung", "La génération d'images"]))
    }
}
