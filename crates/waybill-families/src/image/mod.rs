//! The image family: `imageGenerationTool` (spec 001 §2.19, §3): images from a prompt through OpenAI's
//! images API, kept in the file service so the chat links to our own copies (OpenAI's
//! links expire). Offered only when an OpenAI key is configured.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use ts_rs::TS;
use waybill_files::{FileService, UploadOptions, Uploader};
use waybill_store::Store;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::redact::{Refusal, clean, refusal};
use waybill_tools::{Family, Services, Tool, ToolContext, ToolError, TypedTool, typed};

const PROVIDER: &str = "OpenAI";

/// The image family: offered only when an OpenAI key is configured.
pub struct Image;

/// `[tools.image_generation]`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ImageGenerationConfig {
    /// The OpenAI images model.
    pub model: String,
    /// Image size asked for, e.g. `1024x1024`.
    pub size: String,
}

impl Default for ImageGenerationConfig {
    fn default() -> Self {
        Self { model: "gpt-image-1".into(), size: "1024x1024".into() }
    }
}

impl Family for Image {
    const NAME: &'static str = "image_generation";
    type Config = ImageGenerationConfig;

    fn tools(&self, config: &ImageGenerationConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let Some(openai) = &services.providers.openai else { return Vec::new() };
        vec![typed(ImageGenerationTool::new(&openai.base_url, &openai.api_key, config, services.store.clone(), services.files.clone()))]
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/image/")]
pub struct ImageGenerationInput {
    /// What the image shows
    #[schemars(length(min = 1, max = 4000))]
    pub prompt: String,
    /// How many images (default 1)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 4))]
    #[ts(optional)]
    pub n: Option<u32>,
}

/// One generated image, kept in the file service.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/image/")]
pub struct GeneratedImage {
    pub url: String,
    pub index: u32,
    pub file_id: String,
}

/// `imageGenerationTool`'s result (spec 001 §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/image/")]
pub struct ImageGenerationReport {
    pub success: bool,
    pub prompt: String,
    pub count: u32,
    /// The first image's link.
    pub image_url: String,
    pub images: Vec<GeneratedImage>,
}

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

    async fn generate(&self, prompt: &str, count: u32) -> Result<Vec<Vec<u8>>, ToolError> {
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
            return Err(ToolError::Failed(match refusal(status.as_u16(), &text, &secrets) {
                Refusal::BadKey => format!("The {PROVIDER} API key was rejected; check the key configured for this provider"),
                Refusal::RateLimited => format!("{PROVIDER} is rate limiting requests; try again shortly"),
                Refusal::Failed(message) => format!("{PROVIDER} returned an error: {message}"),
            }));
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

impl TypedTool for ImageGenerationTool {
    type Input = ImageGenerationInput;
    type Output = ImageGenerationReport;
    const NAME: &'static str = "imageGenerationTool";

    fn description(&self) -> &str {
        "Generate images from a text prompt (diagrams, signage, illustrations). Describe the picture in detail."
    }

    fn keywords(&self) -> &[&str] {
        &["generate an image", "generate image", "create an image", "draw", "picture of", "image of", "illustration", "生成图片", "画一"]
    }

    fn timeout(&self) -> Duration {
        Duration::from_secs(200)
    }

    fn call<'a>(&'a self, input: ImageGenerationInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<ImageGenerationReport, ToolError>> {
        Box::pin(async move {
            let prompt = input.prompt.trim();
            let images = self.generate(prompt, input.n.unwrap_or(1)).await?;
            let mut links = Vec::new();
            for (index, bytes) in (0u32..).zip(images) {
                let name = format!("generated-{}-{}.png", jiff::Zoned::now().strftime("%Y%m%d-%H%M%S"), index + 1);
                let who = Uploader { tenant_id: ctx.tenant_id(), user_id: ctx.user_id(), facility_id: ctx.facility_id() };
                let options = UploadOptions { filename: &name, declared_type: Some("image/png"), operator: "Waybill", watermark: false, thumbnail: true };
                let body = futures::stream::iter([Ok::<_, waybill_files::FileError>(bytes::Bytes::from(bytes))]);
                let file = self.files.upload(&self.store, who, options, body).await.map_err(|e| {
                    tracing::error!(error = %e, "storing a generated image failed");
                    ToolError::Failed("The image was generated but could not be stored".into())
                })?;
                links.push(GeneratedImage { url: self.files.view_url(&file), index, file_id: file.id });
            }
            Ok(ImageGenerationReport { success: true, prompt: prompt.to_owned(), count: links.len() as u32, image_url: links[0].url.clone(), images: links })
        })
    }

    fn offline_input(&self, text: &str, _ctx: &ToolContext) -> Option<ImageGenerationInput> {
        Some(ImageGenerationInput { prompt: text.trim().to_owned(), n: None })
    }

    fn summarize(&self, output: &ImageGenerationReport, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Generated {count} image(s) for “{prompt}”.",
            "已为“{prompt}”生成 {count} 张图片。",
            "已為「{prompt}」生成 {count} 張圖片。",
            "Se generaron {count} imagen(es) para «{prompt}».",
            "「{prompt}」の画像を {count} 枚生成しました。",
            "{count} Bild(er) für „{prompt}“ erzeugt.",
            "{count} image(s) générée(s) pour « {prompt} ».",
        ]);
        Some(fill(template, &[("count", &output.count.to_string()), ("prompt", &output.prompt)]))
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick([
            "Image generation",
            "图像生成",
            "圖像生成",
            "La generación de imágenes",
            "画像の生成",
            "Die Bildgenerierung",
            "La génération d'images",
        ]))
    }
}
