//! `displayFileTool` (spec 001 §2.19, §3): shows one of the user's stored files — an
//! upload or a generated file — as a card that opens it in the file viewer. The file is
//! named by id, by its view link, or by name (the latest of that name).

use std::sync::Arc;

use futures::future::BoxFuture;
use serde_json::{Value, json};
use waybill_agent::lang::{Lang, fill};
use waybill_agent::tools::{Tool, ToolContext, ToolError};
use waybill_store::{FileRecord, Owner, Store};

use crate::files::service::FileService;

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

impl Tool for DisplayFileTool {
    fn name(&self) -> &str {
        "displayFileTool"
    }

    fn description(&self) -> &str {
        "Show one of the user's stored files (an attachment they uploaded, or a file generated earlier) in the file viewer. \
         `file` is the file's id, its link, or its file name."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "file": {"type": "string", "minLength": 1, "description": "The file's id, its view link, or its name"},
                "description": {"type": "string", "description": "One line about the file, shown on the card"}
            },
            "required": ["file"],
            "additionalProperties": false
        })
    }

    fn keywords(&self) -> &[&str] {
        &["show file", "open file", "display file", "view file", "show the file", "open the file", "打开文件", "显示文件"]
    }

    fn execute<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, Result<Value, ToolError>> {
        Box::pin(async move {
            let named = input["file"].as_str().unwrap_or_default().trim();
            let owner = Owner { tenant_id: &ctx.tenant_id, user_id: &ctx.user_id };
            let file = self.find(owner, named).await?.ok_or_else(|| ToolError::Failed(format!("No file \"{named}\" was found among your files")))?;
            let (kind, can_preview) = file_type(&file.media_type, &file.filename);
            let view = self.files.view_url(&file);
            let props = json!({
                "fileId": file.id,
                "fileName": file.filename,
                "mimeType": file.media_type,
                "size": file.size,
                "description": input["description"].as_str().unwrap_or_default(),
                "previewUrl": view,
                "downloadUrl": format!("{view}?download=1"),
                "thumbnailUrl": self.files.thumbnail_url(&file),
                "fileType": kind,
                "canPreview": can_preview,
            });
            Ok(json!({
                "success": true,
                "fileData": {"type": "file-display", "props": props},
                "artifact": {"id": format!("file-{}", file.id), "type": "file-display", "title": file.filename, "props": props},
            }))
        })
    }

    fn offline_input(&self, text: &str, _ctx: &ToolContext) -> Option<Value> {
        // The word that looks like a file name ("manifest.csv").
        text.split_whitespace()
            .map(|w| w.trim_matches(|c: char| "\"'`“”‘’()[]{}<>,;:!?".contains(c)))
            .find(|w| w.rsplit_once('.').is_some_and(|(stem, ext)| !stem.is_empty() && (1..=5).contains(&ext.len()) && ext.chars().all(char::is_alphanumeric)))
            .map(|name| json!({"file": name}))
    }

    fn summarize(&self, output: &Value, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "Here is {name}; open the card to view it.",
            "这是 {name}，打开卡片即可查看。",
            "這是 {name}，打開卡片即可檢視。",
            "Aquí está {name}; abre la tarjeta para verlo.",
            "{name} です。カードを開くと表示できます。",
            "Hier ist {name}; öffnen Sie die Karte, um die Datei anzusehen.",
            "Voici {name} ; ouvrez la carte pour l'afficher.",
        ]);
        Some(fill(template, &[("name", output["fileData"]["props"]["fileName"].as_str()?)]))
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
