//! Exports (spec 001 §2.13): `generateFileNameTool` names the file, `downloadFileTool`
//! runs the query and stores its result as CSV or an Excel workbook in the file service.
//! Cells are data, never formulas: text starting like a formula (`=HYPERLINK(…)`) is
//! written as text in a workbook and behind an apostrophe in a CSV.

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use waybill_files::{FileService, UploadOptions, Uploader};
use waybill_store::Store;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Scope, ToolContext, ToolError, TypedTool};

use crate::tools::query_error;
use crate::warehouse::Warehouse;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export_to = "tools/bi/")]
pub enum ExportFormat {
    Csv,
    #[default]
    Xlsx,
}

impl ExportFormat {
    fn extension(self) -> &'static str {
        match self {
            ExportFormat::Csv => "csv",
            ExportFormat::Xlsx => "xlsx",
        }
    }

    fn media_type(self) -> &'static str {
        match self {
            ExportFormat::Csv => "text/csv",
            ExportFormat::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }
    }
}

/// `generateFileNameTool`'s input.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct FileNameInput {
    /// What the file holds, in a few words: "outbound orders by customer"
    #[schemars(length(min = 1, max = 200))]
    pub description: String,
    #[serde(default)]
    #[ts(optional)]
    pub format: Option<ExportFormat>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct FileNameResult {
    pub success: bool,
    pub file_name: String,
}

/// A file name from a description: lower-case words joined by dashes, the day, the extension.
pub fn file_name(description: &str, day: &str, format: ExportFormat) -> String {
    let words: Vec<String> = description.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).take(8).collect();
    let stem = if words.is_empty() { "export".to_owned() } else { words.join("-") };
    let stem: String = stem.chars().take(80).collect();
    format!("{stem}-{day}.{}", format.extension())
}

pub struct FileNameTool {
    pub warehouse: Arc<Warehouse>,
}

impl TypedTool for FileNameTool {
    type Input = FileNameInput;
    type Output = FileNameResult;
    const NAME: &'static str = "generateFileNameTool";

    fn description(&self) -> &str {
        "A file name for an export of a BI query result, from what it holds (and csv or xlsx); pass it to downloadFileTool."
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.warehouse.offered(scope)
    }

    fn offline_input(&self, _: &str, _: &ToolContext) -> Option<FileNameInput> {
        None
    }

    fn call<'a>(&'a self, input: FileNameInput, _: &'a ToolContext) -> BoxFuture<'a, Result<FileNameResult, ToolError>> {
        let day = jiff::Zoned::now().strftime("%Y-%m-%d").to_string();
        let name = file_name(&input.description, &day, input.format.unwrap_or_default());
        Box::pin(std::future::ready(Ok(FileNameResult { success: true, file_name: name })))
    }
}

/// `downloadFileTool`'s input.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct DownloadInput {
    /// The SELECT over the cubes whose result to export (as for testQuerySqlTool); omit it
    /// to export this chat's last query ("export that")
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(length(min = 1, max = 20000))]
    pub sql: Option<String>,
    /// From generateFileNameTool
    #[schemars(length(min = 1, max = 120))]
    pub file_name: String,
    #[serde(default)]
    #[ts(optional)]
    pub format: Option<ExportFormat>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct DownloadResult {
    pub success: bool,
    pub file_name: String,
    pub file_id: String,
    /// A link that works without a session, for as long as the file exists.
    pub url: String,
    pub media_type: String,
    pub size: u64,
    pub row_count: u32,
    pub truncated: bool,
    pub generated_sql: String,
    pub data_as_of: String,
}

/// Text a spreadsheet would take for a formula.
fn formula_like(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// The result as CSV: a header, then the rows; formula-like text behind an apostrophe.
pub fn csv(columns: &[String], rows: &[Vec<Value>]) -> Vec<u8> {
    fn field(text: &str) -> String {
        let text = if formula_like(text) && text.parse::<f64>().is_err() { format!("'{text}") } else { text.to_owned() };
        if text.contains([',', '"', '\n', '\r']) || text.starts_with('\'') { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
    }
    let mut out = String::new();
    out.push_str(&columns.iter().map(|c| field(c)).collect::<Vec<_>>().join(","));
    out.push_str("\r\n");
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .map(|v| match v {
                Value::Null => String::new(),
                Value::String(s) => field(s),
                other => other.to_string(),
            })
            .collect();
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out.into_bytes()
}

/// The result as a workbook of one sheet: numbers as numbers, all text as text cells
/// (never formulas), the header bold and frozen.
pub fn xlsx(columns: &[String], rows: &[Vec<Value>]) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    use rust_xlsxwriter::{Format, Workbook};
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Result")?;
    let bold = Format::new().set_bold();
    for (c, name) in columns.iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, name, &bold)?;
    }
    for (r, row) in rows.iter().enumerate() {
        let r = r as u32 + 1;
        for (c, value) in row.iter().enumerate() {
            let c = c as u16;
            match value {
                Value::Null => {}
                Value::Number(n) => {
                    sheet.write_number(r, c, n.as_f64().unwrap_or_default())?;
                }
                Value::Bool(b) => {
                    sheet.write_boolean(r, c, *b)?;
                }
                Value::String(s) => {
                    sheet.write_string(r, c, s)?;
                }
                other => {
                    sheet.write_string(r, c, other.to_string())?;
                }
            }
        }
    }
    sheet.set_freeze_panes(1, 0)?;
    book.save_to_buffer()
}

/// The last query run in the caller's chat, with its purpose: what "export that" exports.
async fn last_query(store: &Store, ctx: &ToolContext) -> Result<(String, Option<String>), ToolError> {
    let messages = store
        .chat_messages(ctx.tenant_id(), ctx.user_id(), &ctx.chat_id)
        .await
        .map_err(|e| ToolError::Failed(format!("The chat's earlier queries cannot be read: {e}")))?;
    let last = messages.iter().rev().filter(|m| m.role == "assistant").find_map(|m| {
        let body: Value = serde_json::from_str(&m.body).ok()?;
        body["parts"].as_array()?.iter().rev().find_map(|part| {
            let named = part["type"] == "tool-testQuerySqlTool" || (part["type"] == "dynamic-tool" && part["toolName"] == "testQuerySqlTool");
            let sql = part["input"]["sql"].as_str().filter(|_| named && part["state"] == "output-available")?;
            Some((sql.to_owned(), part["input"]["purpose"].as_str().map(str::to_owned)))
        })
    });
    last.ok_or_else(|| ToolError::Invalid("This chat has no query to export yet: pass the SELECT to export as sql, or ask the numbers question first".into()))
}

pub struct DownloadTool {
    pub warehouse: Arc<Warehouse>,
    pub files: Arc<FileService>,
    pub store: Store,
}

impl TypedTool for DownloadTool {
    type Input = DownloadInput;
    type Output = DownloadResult;
    const NAME: &'static str = "downloadFileTool";

    fn description(&self) -> &str {
        "Export the result of a SELECT over the BI cubes as an Excel workbook (xlsx, the default) or CSV into the user's files, and get its download link."
    }

    fn keywords(&self) -> &[&str] {
        &["export", "excel", "xlsx", "csv", "download", "spreadsheet", "导出"]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.warehouse.offered(scope)
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<DownloadInput> {
        // Words that name a question export its answer; "export that" the chat's last query.
        let named = crate::offline::query_for(text);
        let format = if text.to_lowercase().contains("csv") { ExportFormat::Csv } else { ExportFormat::Xlsx };
        let day = jiff::Zoned::now().strftime("%Y-%m-%d").to_string();
        let purpose = named.as_ref().map_or("export", |(_, p)| p.as_str());
        Some(DownloadInput { file_name: file_name(purpose, &day, format), sql: named.map(|(sql, _)| sql), format: Some(format) })
    }

    fn call<'a>(&'a self, input: DownloadInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<DownloadResult, ToolError>> {
        Box::pin(async move {
            let format = input.format.unwrap_or_default();
            let (sql, purpose) = match input.sql {
                Some(sql) => (sql, None),
                None => last_query(&self.store, ctx).await?,
            };
            let engine = self.warehouse.engine().await?;
            let scope = self.warehouse.scope(ctx).await?;
            let out = engine.run(&sql, &scope).await.map_err(query_error)?;
            let bytes = match format {
                ExportFormat::Csv => csv(&out.columns, &out.rows),
                ExportFormat::Xlsx => xlsx(&out.columns, &out.rows).map_err(|e| ToolError::Failed(format!("The workbook could not be written: {e}")))?,
            };
            // A generic name the words gave gets the last query's purpose instead.
            let named = match purpose {
                Some(p) if input.file_name.starts_with("export-") => file_name(&p, &jiff::Zoned::now().strftime("%Y-%m-%d").to_string(), format),
                _ => input.file_name.clone(),
            };
            let stem = named.trim().trim_end_matches(".xlsx").trim_end_matches(".csv");
            let name = format!("{stem}.{}", format.extension());
            let who = Uploader { tenant_id: ctx.tenant_id(), user_id: ctx.user_id(), facility_id: ctx.facility_id() };
            let options = UploadOptions { filename: &name, declared_type: Some(format.media_type()), operator: "Waybill", watermark: false, thumbnail: false };
            let size = bytes.len() as u64;
            let body = futures::stream::iter([Ok::<_, waybill_files::FileError>(bytes::Bytes::from(bytes))]);
            let file =
                self.files.upload(&self.store, who, options, body).await.map_err(|e| ToolError::Failed(format!("The export could not be stored: {e}")))?;
            Ok(DownloadResult {
                success: true,
                url: self.files.view_url(&file),
                file_name: file.filename,
                file_id: file.id,
                media_type: format.media_type().into(),
                size,
                row_count: out.rows.len() as u32,
                truncated: out.truncated,
                generated_sql: out.sql,
                data_as_of: out.data_as_of.to_string(),
            })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The export", "导出", "匯出", "La exportación", "エクスポート", "Der Export", "L'export"]))
    }

    fn summarize(&self, output: &DownloadResult, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "{name} is ready: {n} rows.",
            "{name} 已就绪：{n} 行。",
            "{name} 已就緒：{n} 列。",
            "{name} está listo: {n} filas.",
            "{name} の準備ができました：{n} 行。",
            "{name} ist fertig: {n} Zeilen.",
            "{name} est prêt : {n} lignes.",
        ]);
        Some(fill(template, &[("name", &output.file_name), ("n", &output.row_count.to_string())]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn file_names_are_words_a_day_and_an_extension() {
        assert_eq!(
            file_name("Outbound orders by customer, last week!", "2026-11-25", ExportFormat::Xlsx),
            "outbound-orders-by-customer-last-week-2026-11-25.xlsx"
        );
        assert_eq!(file_name("../../etc/passwd", "2026-11-25", ExportFormat::Csv), "etc-passwd-2026-11-25.csv");
        assert_eq!(file_name("   ", "2026-11-25", ExportFormat::Csv), "export-2026-11-25.csv");
    }

    #[test]
    fn formula_like_text_stays_text_in_a_csv() {
        let rows = vec![
            vec![json!("=HYPERLINK(\"http://x\",\"click\")"), json!(-3), json!("-12"), json!("a,b")],
            vec![json!(null), json!(1.5), json!("@SUM(A1)"), json!("plain")],
        ];
        let text = String::from_utf8(csv(&["name".into(), "n".into(), "code".into(), "note".into()], &rows)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "\"'=HYPERLINK(\"\"http://x\"\",\"\"click\"\")\",-3,-12,\"a,b\"");
        assert_eq!(lines[2], ",1.5,\"'@SUM(A1)\",plain");
    }

    #[test]
    fn a_workbook_holds_formula_like_text_as_text() {
        let rows = vec![vec![json!("=HYPERLINK(\"http://x\",\"click\")"), json!(42)]];
        let bytes = xlsx(&["name".into(), "n".into()], &rows).unwrap();
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let mut sheet = String::new();
        std::io::Read::read_to_string(&mut zip.by_name("xl/worksheets/sheet1.xml").unwrap(), &mut sheet).unwrap();
        assert!(!sheet.contains("<f>"), "no formula cells: {sheet}");
        assert!(sheet.contains(r#"<c r="A2" t="s">"#), "A2 is a text cell: {sheet}");
        assert!(sheet.contains(r#"<c r="B2"><v>42</v>"#), "B2 is a number: {sheet}");
        let mut strings = String::new();
        std::io::Read::read_to_string(&mut zip.by_name("xl/sharedStrings.xml").unwrap(), &mut strings).unwrap();
        assert!(strings.contains("=HYPERLINK("), "{strings}");
    }
}
