//! The files family: `displayFileTool` (spec 001 §2.19, §3): shows one of the user's stored files — an
//! upload or a generated file — as a card that opens it in the file viewer. The file is
//! named by id, by its view link, or by name (the latest of that name).

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_files::FileService;
use waybill_store::{FileRecord, Owner, Store};
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Family, Services, Tool, ToolContext, ToolError, TypedTool, typed};

use crate::NoConfig;

/// The files family: the user's stored files, shown in the file viewer.
pub struct Files;

impl Family for Files {
    const NAME: &'static str = "files";
    type Config = NoConfig;

    fn tools(&self, _: &NoConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        vec![typed(DisplayFileTool::new(services.store.clone(), services.files.clone()))]
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/files/")]
pub struct DisplayFileInput {
    /// The file's id, its view link, or its name
    #[schemars(length(min = 1))]
    pub file: String,
    /// One line about the file, shown on the card
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
}

/// The file viewer's properties (spec 000 §3 "File-display props").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/files/")]
pub struct FileDisplayProps {
    pub file_id: String,
    pub file_name: String,
    pub mime_type: String,
    pub size: i64,
    pub description: String,
    pub preview_url: String,
    pub download_url: String,
    pub thumbnail_url: Option<String>,
    /// Which viewer shows it: image, video, pdf, markdown, html, csv, code, text or other.
    pub file_type: String,
    pub can_preview: bool,
}

/// `{type: "file-display", props}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/files/")]
pub struct FileData {
    #[serde(rename = "type")]
    #[ts(type = "\"file-display\"")]
    pub kind: String,
    pub props: FileDisplayProps,
}

/// The artifact the card opens in the side panel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/files/")]
pub struct FileArtifact {
    pub id: String,
    #[serde(rename = "type")]
    #[ts(type = "\"file-display\"")]
    pub kind: String,
    pub title: String,
    pub props: FileDisplayProps,
}

/// `displayFileTool`'s result (spec 001 §3 "Persisted file result").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/files/")]
pub struct DisplayFileReport {
    pub success: bool,
    pub file_data: FileData,
    pub artifact: FileArtifact,
}

pub struct DisplayFileTool {
    store: Store,
    files: Arc<FileService>,
}

impl DisplayFileTool {
    pub fn new(store: Store, files: Arc<FileService>) -> Self {
        Self { store, files }
    }

    async fn find(&self, owner: Owner<'_>, named: &str) -> Result<Option<FileRecord>, ToolError> {
        let failed = |e: waybill_store::StoreError| {
            tracing::error!(error = %e, "looking up a file failed");
            ToolError::Failed("The file store is not available right now".into())
        };
        if let Some(file) = self.store.file(owner, named).await.map_err(failed)? {
            return Ok(Some(file));
        }
        if let Some(token) = self.files.token_in(named) {
            return self.store.file_by_view_token(token).await.map_err(failed);
        }
        self.store.file_by_name(owner, named).await.map_err(failed)
    }
}

/// How the file viewer shows a type (spec 000 §2), and whether it can.
pub fn file_type(media_type: &str, name: &str) -> (&'static str, bool) {
    let extension = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match (media_type, extension.as_str()) {
        (m, _) if m.starts_with("image/") => ("image", true),
        (m, _) if m.starts_with("video/") => ("video", true),
        ("application/pdf", _) => ("pdf", true),
        (_, "md" | "markdown") | ("text/markdown", _) => ("markdown", true),
        (_, "html" | "htm") | ("text/html", _) => ("html", true),
        (_, "csv") | ("text/csv", _) => ("csv", true),
        (_, "js" | "jsx" | "ts" | "tsx" | "py" | "rs" | "go" | "java" | "json" | "css" | "sql" | "sh" | "yaml" | "yml" | "toml" | "xml") => ("code", true),
        (m, _) if m.starts_with("text/") => ("text", true),
        _ => ("other", false),
    }
}

impl DisplayFileTool {
    /// The card's props for a stored file.
    pub fn props(&self, file: &FileRecord, description: String) -> FileDisplayProps {
        let (kind, can_preview) = file_type(&file.media_type, &file.filename);
        let view = self.files.view_url(file);
        FileDisplayProps {
            file_id: file.id.clone(),
            file_name: file.filename.clone(),
            mime_type: file.media_type.clone(),
            size: file.size,
            description,
            download_url: format!("{view}?download=1"),
            preview_url: view,
            thumbnail_url: self.files.thumbnail_url(file),
            file_type: kind.into(),
            can_preview,
        }
    }
}

impl TypedTool for DisplayFileTool {
    type Input = DisplayFileInput;
    type Output = DisplayFileReport;
    const NAME: &'static str = "displayFileTool";

    fn description(&self) -> &str {
        "Show one of the user's stored files (an attachment they uploaded, or a file generated earlier) in the file viewer. \
         `file` is the file's id, its link, or its file name."
    }

    fn keywords(&self) -> &[&str] {
        &["show file", "open file", "display file", "view file", "show the file", "open the file", "打开文件", "显示文件"]
    }

    fn call<'a>(&'a self, input: DisplayFileInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<DisplayFileReport, ToolError>> {
        Box::pin(async move {
            let named = input.file.trim();
            let owner = Owner { tenant_id: ctx.tenant_id(), user_id: ctx.user_id() };
            let file = self.find(owner, named).await?.ok_or_else(|| ToolError::Failed(format!("No file \"{named}\" was found among your files")))?;
            let props = self.props(&file, input.description.unwrap_or_default());
            Ok(DisplayFileReport {
                success: true,
                file_data: FileData { kind: "file-display".into(), props: props.clone() },
                artifact: FileArtifact { id: format!("file-{}", file.id), kind: "file-display".into(), title: file.filename, props },
            })
        })
    }

    fn offline_input(&self, text: &str, _ctx: &ToolContext) -> Option<DisplayFileInput> {
        // The word that looks like a file name ("manifest.csv").
        text.split_whitespace()
            .map(|w| w.trim_matches(|c: char| "\"'`“”‘’()[]{}<>,;:!?".contains(c)))
            .find(|w| w.rsplit_once('.').is_some_and(|(stem, ext)| !stem.is_empty() && (1..=5).contains(&ext.len()) && ext.chars().all(char::is_alphanumeric)))
            .map(|name| DisplayFileInput { file: name.to_owned(), description: None })
    }

    fn summarize(&self, output: &DisplayFileReport, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Here is {name}; open the card to view it.",
            "这是 {name}，打开卡片即可查看。",
            "這是 {name}，打開卡片即可檢視。",
            "Aquí está {name}; abre la tarjeta para verlo.",
            "{name} です。カードを開くと表示できます。",
            "Hier ist {name}; öffnen Sie die Karte, um die Datei anzusehen.",
            "Voici {name} ; ouvrez la carte pour l'afficher.",
        ]);
        Some(fill(template, &[("name", &output.file_data.props.file_name)]))
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["Opening the file", "打开文件", "開啟檔案", "Abrir el archivo", "ファイルの表示", "Das Öffnen der Datei", "L'ouverture du fichier"]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_map_to_the_viewer_and_names_are_found_in_words() {
        assert_eq!(file_type("image/png", "a.png"), ("image", true));
        assert_eq!(file_type("text/markdown", "notes.md"), ("markdown", true));
        assert_eq!(file_type("application/octet-stream", "page.html"), ("html", true));
        assert_eq!(file_type("text/plain", "script.py"), ("code", true));
        assert_eq!(file_type("application/zip", "a.zip"), ("other", false));
    }
}
