//! Order management (`oms-` tools, spec 001 §2.14): import a merchant's orders from an
//! uploaded CSV or Excel file, look an order up, list a merchant's recent orders.
//!
//! The tools talk to the tenant's registered order system (kind `oms`) through the same
//! path as `apiCall` — its operations `importOrders`, `getMerchantOrder` and
//! `listMerchantOrders`, signed, guarded and with the user's tenant and facility — so an
//! order system that speaks this contract plugs in by registering it. The file is read
//! whole and checked here first (waybill-orders: bounded, every row error listed), then
//! sent as one batch the system stores all or nothing, written straight from the orders
//! read ([`crate::import_batch`]).

use std::collections::HashMap;
use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use ts_rs::TS;
use waybill_orders::{Catalog, Entry, Limits, ReadError, References, Refusal};
use waybill_store::{FileRecord, Owner};
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Family, Migrations, Scope, Services, Tool, ToolContext, ToolError, TypedTool, typed};

use crate::catalogues::{Loaded, TenantSystems};
use crate::records::Kind;
use crate::service::Shared;
use crate::tools::{ApiCallInput, ApiCallResult};
use crate::{calls, import_batch};

/// The order-management family: `oms-importOrders`, `oms-getOrder`, `oms-listOrders`,
/// offered to turns whose tenant has an order system.
pub struct Oms;

/// `[tools.oms]`: nothing to set; the order system is registered per tenant.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct OmsConfig {}

impl Family for Oms {
    const NAME: &'static str = "oms";
    type Config = OmsConfig;

    fn tools(&self, _: &OmsConfig, services: &Services) -> Vec<Arc<dyn Tool>> {
        let shared = Shared::new(services.clone());
        vec![typed(ImportOrdersTool { shared: shared.clone() }), typed(GetOrderTool { shared: shared.clone() }), typed(ListOrdersTool { shared })]
    }

    fn migrations(&self) -> Option<Migrations> {
        None
    }
}

/// Importing a file of orders for a merchant.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/oms/")]
pub struct ImportOrdersInput {
    /// The uploaded file: its link as the chat shows it (or its file id).
    #[serde(default, alias = "FileUrl", alias = "url", skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 2000))]
    #[ts(optional)]
    pub file_url: Option<String>,
    /// The uploaded file's name ("orders.xlsx"), when there is no link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 255))]
    #[ts(optional)]
    pub file_name: Option<String>,
    /// The merchant's number, such as M10042.
    #[schemars(length(min = 1, max = 32))]
    pub merchant_no: String,
}

/// Looking up one order.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/oms/")]
pub struct GetOrderInput {
    /// The order system's id, such as ORD-00001234.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 64))]
    #[ts(optional)]
    pub order_id: Option<String>,
    /// The merchant's own order number (needs merchantNo).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 64))]
    #[ts(optional)]
    pub sales_order_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 32))]
    #[ts(optional)]
    pub merchant_no: Option<String>,
}

/// Listing a merchant's recent orders.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/oms/")]
pub struct ListOrdersInput {
    #[schemars(length(min = 1, max = 32))]
    pub merchant_no: String,
    /// At most this many (1–100, default 20), newest first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 100))]
    #[ts(optional)]
    pub limit: Option<u8>,
}

/// An order as the results list it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/oms/")]
pub struct OmsOrder {
    pub order_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sales_order_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub line_count: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub requested_ship_date: Option<String>,
}

/// One problem found in the file or refused by the order system.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/oms/")]
pub struct OmsRowError {
    /// The spreadsheet row (file checks), or the order's position in the file from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub row: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sales_order_id: Option<String>,
    pub column: String,
    pub message: String,
}

/// Every `oms-` tool's result (spec 001 §3: orderId, message, success, error).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/oms/")]
pub struct OmsResult {
    pub success: bool,
    /// The order created or found (the first, for an import of several).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub order_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub file_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub merchant_no: Option<String>,
    /// Orders and lines stored by an import.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub imported: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub line_count: Option<u64>,
    /// Orders created, found or listed (an import's first 50).
    #[serde(default)]
    pub orders: Vec<OmsOrder>,
    /// Why an import stored nothing, row by row (the first 100).
    #[serde(default)]
    pub row_errors: Vec<OmsRowError>,
    /// Row problems beyond those listed.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[ts(optional)]
    pub more_errors: Option<u64>,
    /// One order's whole record, with its lines and ship-to address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub order: Option<Value>,
}

fn is_zero(n: &Option<u64>) -> bool {
    n.is_none_or(|n| n == 0)
}

impl OmsResult {
    fn failed(error: impl Into<String>) -> Self {
        OmsResult { success: false, error: Some(error.into()), ..OmsResult::default() }
    }
}

/// A result that ends a call early.
type Failure = Box<OmsResult>;

fn failure(error: impl Into<String>) -> Failure {
    Box::new(OmsResult::failed(error))
}

pub struct ImportOrdersTool {
    pub shared: Arc<Shared>,
}

pub struct GetOrderTool {
    pub shared: Arc<Shared>,
}

pub struct ListOrdersTool {
    pub shared: Arc<Shared>,
}

/// How many created orders an import result lists.
const LISTED_ORDERS: usize = 50;

/// Whether the tenant has an order system (loading its systems for this turn).
fn has_oms<'a>(shared: &'a Shared, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
    crate::tools::tenant_has(shared, scope, |s| s.record.kind == Kind::Oms)
}

/// The tenant's order system.
fn oms_of(systems: &TenantSystems, lang: Lang) -> Result<&Arc<Loaded>, Failure> {
    systems.systems.iter().find(|s| s.record.kind == Kind::Oms).ok_or_else(|| {
        failure(lang.pick([
            "No order management system is registered for this company; an administrator adds one under Admin → Business systems",
            "本公司尚未注册订单管理系统；管理员可在“管理 → 业务系统”中添加",
            "本公司尚未註冊訂單管理系統；管理員可在「管理 → 業務系統」中新增",
            "Esta empresa no tiene registrado ningún sistema de gestión de pedidos; un administrador lo añade en Administración → Sistemas de negocio",
            "この会社には受注管理システムが登録されていません。管理者が「管理 → 業務システム」で追加します",
            "Für dieses Unternehmen ist kein Auftragsverwaltungssystem registriert; ein Administrator fügt es unter Verwaltung → Geschäftssysteme hinzu",
            "Aucun système de gestion des commandes n'est enregistré pour cette entreprise ; un administrateur l'ajoute dans Administration → Systèmes métier",
        ]))
    })
}

/// Calls an operation of the order system and hands back its whole answer; `batch` is
/// the request body, streamed (an import's).
async fn call(
    shared: &Shared,
    ctx: &ToolContext,
    operation: &str,
    path: Option<Map<String, Value>>,
    query: Option<Map<String, Value>>,
    batch: Option<calls::JsonBody>,
) -> Result<(u16, Value), Failure> {
    let systems = shared.catalogues.tenant(&shared.services.store, ctx.tenant_id()).await.map_err(|e| failure(e.to_string()))?;
    let system = oms_of(&systems, ctx.caller.lang)?;
    let input = ApiCallInput { system: system.record.name.clone(), operation: operation.to_owned(), path_params: path, query, body: None };
    let (system, op) = calls::resolve(&systems, &input, ctx.caller.lang).map_err(|refused| failure(refused.error.unwrap_or_else(|| "Unknown error".into())))?;
    let auth = system.record.auth(&shared.services.sealer).map_err(|e| failure(e.to_string()))?;
    let result: ApiCallResult = match batch {
        Some(body) => calls::send_streamed(&input, &ctx.caller, system, op, body, shared, auth).await,
        None => calls::send(&input, &ctx.caller, system, op, &calls::args(&input, &ctx.caller, op), shared, auth).await,
    };
    let Some(status) = result.status_code else {
        return Err(failure(result.error.unwrap_or_else(|| "Unknown error".into())));
    };
    let data = result.card_only.and_then(|mut c| c.get_mut("data").map(Value::take)).or(result.data).unwrap_or(Value::Null);
    if !(200..300).contains(&status) {
        return Err(Box::new(upstream_failure(status, &data, result.error, ctx.caller.lang)));
    }
    Ok((status, data))
}

/// An order system's refusal: its message, and its row errors when it lists them.
fn upstream_failure(status: u16, data: &Value, fallback: Option<String>, lang: Lang) -> OmsResult {
    let message = data.pointer("/error/message").and_then(Value::as_str).map(str::to_owned);
    let rows = data.pointer("/error/details").and_then(Value::as_array).cloned().unwrap_or_default();
    let row_errors = rows
        .iter()
        .map(|r| OmsRowError {
            row: r.get("row").and_then(Value::as_u64).map(|i| i + 1),
            sales_order_id: None,
            column: r.get("field").and_then(Value::as_str).unwrap_or_default().to_owned(),
            message: r.get("message").and_then(Value::as_str).unwrap_or_default().to_owned(),
        })
        .collect();
    let status = status.to_string();
    let error = match message {
        // The system's words go in last, so that nothing in them is taken for a placeholder.
        Some(m) => fill(
            lang.pick([
                "The order system answered {status}: {message}",
                "订单系统返回了 {status}：{message}",
                "訂單系統回傳了 {status}：{message}",
                "El sistema de pedidos respondió {status}: {message}",
                "受注システムが {status} を返しました：{message}",
                "Das Auftragssystem hat mit {status} geantwortet: {message}",
                "Le système de commandes a répondu {status} : {message}",
            ]),
            &[("status", &status), ("message", &m)],
        ),
        None => fallback.unwrap_or_else(|| {
            fill(
                lang.pick([
                    "The order system answered {status}",
                    "订单系统返回了 {status}",
                    "訂單系統回傳了 {status}",
                    "El sistema de pedidos respondió {status}",
                    "受注システムが {status} を返しました",
                    "Das Auftragssystem hat mit {status} geantwortet",
                    "Le système de commandes a répondu {status}",
                ]),
                &[("status", &status)],
            )
        }),
    };
    OmsResult { row_errors, ..OmsResult::failed(error) }
}

fn order_of(v: &Value) -> Option<OmsOrder> {
    let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    Some(OmsOrder {
        order_id: text("orderId").or_else(|| text("id"))?,
        sales_order_id: text("salesOrderId"),
        status: text("status"),
        line_count: v.get("lineCount").and_then(Value::as_u64).or_else(|| v.get("lines").and_then(Value::as_array).map(|l| l.len() as u64)),
        requested_ship_date: text("requestedShipDate"),
    })
}

/// The file the arguments name, among the user's own uploads.
async fn find_file(shared: &Shared, ctx: &ToolContext, input: &ImportOrdersInput) -> Result<FileRecord, Failure> {
    let store = &shared.services.store;
    let owner = Owner { tenant_id: ctx.tenant_id(), user_id: ctx.user_id() };
    let failed = |e: waybill_store::StoreError| {
        tracing::error!(error = %e, "looking up an order file failed");
        failure("The file store is not available right now")
    };
    if let Some(url) = input.file_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        if let Some(file) = store.file(owner, url).await.map_err(failed)? {
            return Ok(file);
        }
        if let Some(token) = shared.services.files.token_in(url)
            && let Some(file) = store.file_by_view_token(token).await.map_err(failed)?
            && file.tenant_id == ctx.tenant_id()
        {
            return Ok(file);
        }
    }
    if let Some(name) = input.file_name.as_deref().map(str::trim).filter(|n| !n.is_empty())
        && let Some(file) = store.file_by_name(owner, name).await.map_err(failed)?
    {
        return Ok(file);
    }
    let named = input.file_name.as_deref().or(input.file_url.as_deref()).unwrap_or_default();
    Err(failure(if named.is_empty() {
        "Attach the order file (CSV or Excel) to the message, then ask again".to_owned()
    } else {
        format!("No uploaded file '{named}' was found; attach the order file to the message")
    }))
}

/// The file's orders, or every reason it cannot be imported; carriers and SKUs are
/// checked against `references` and given back as the order system names them.
fn read(bytes: &[u8], name: &str, references: &References) -> Result<waybill_orders::Orders, Failure> {
    let limits = Limits::default();
    let refused = |e: ReadError| {
        let (row_errors, more) = match &e {
            ReadError::Rows { errors, more } => (
                errors
                    .iter()
                    .map(|r| OmsRowError { row: Some(r.row as u64), sales_order_id: None, column: r.column.clone(), message: r.message.clone() })
                    .collect(),
                Some(*more as u64),
            ),
            _ => (Vec::new(), None),
        };
        Box::new(OmsResult { row_errors, more_errors: more, ..OmsResult::failed(format!("{name} was not imported: {e}")) })
    };
    let format = waybill_orders::detect(name, &bytes[..bytes.len().min(512)]).map_err(refused)?;
    waybill_orders::read_orders_with(bytes, format, &limits, references).map_err(refused)
}

/// A merchant number in the words ("M10042").
fn merchant_in(text: &str) -> Option<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .find(|w| w.len() >= 4 && w.starts_with(['M', 'm']) && w[1..].chars().all(|c| c.is_ascii_digit()))
        .map(|w| w.to_uppercase())
}

/// An attached file's name the chat put in the words ("Attached file orders.csv (text/csv)").
fn attached_file(text: &str) -> Option<String> {
    let after = text.split("Attached file").nth(1)?;
    let name = after.trim_start_matches([':', ' ']).split(" (").next()?.trim();
    (!name.is_empty() && name.contains('.')).then(|| name.to_owned())
}

impl TypedTool for ImportOrdersTool {
    type Input = ImportOrdersInput;
    type Output = OmsResult;
    const NAME: &'static str = "oms-importOrders";

    fn description(&self) -> &str {
        "Imports a merchant's orders from a CSV or Excel file the user uploaded into the order system, all or nothing: every row is checked first and any problem is reported row by row with nothing stored. Asks the user's approval first."
    }

    fn keywords(&self) -> &[&str] {
        &["import", "order file", "orders file", "upload orders", "导入", "訂單", "インポート", "importieren", "importer", "importar"]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        has_oms(&self.shared, scope)
    }

    fn needs_approval(&self, _: &ImportOrdersInput, _: &Scope<'_>) -> bool {
        true
    }

    fn precheck<'a>(&'a self, input: &'a ImportOrdersInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<(), ToolError>> {
        Box::pin(precheck_import(&self.shared, input, ctx))
    }

    fn timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(180)
    }

    fn call<'a>(&'a self, input: ImportOrdersInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<OmsResult, ToolError>> {
        Box::pin(async move {
            let merchant = match merchant_of(&self.shared, ctx, &input.merchant_no).await {
                Ok(merchant) => merchant,
                Err(refused) => return Ok(OmsResult { merchant_no: Some(input.merchant_no.trim().to_owned()), ..OmsResult::failed(refused) }),
            };
            let merchant_no = merchant.number.clone();
            let file = match find_file(&self.shared, ctx, &input).await {
                Ok(file) => file,
                Err(refused) => return Ok(OmsResult { merchant_no: Some(merchant_no), ..*refused }),
            };
            let name = file.filename.clone();
            let base = OmsResult { file_name: Some(name.clone()), merchant_no: Some(merchant_no.clone()), ..OmsResult::default() };
            let limit = Limits::default().max_bytes;
            let bytes = match self.shared.services.files.read(&file, limit).await {
                Ok(Some(bytes)) => bytes,
                Ok(None) => return Ok(OmsResult { error: Some(format!("{name} was not imported: {}", ReadError::TooLarge { limit })), ..base }),
                Err(e) => return Ok(OmsResult { error: Some(format!("{name} could not be read: {e}")), ..base }),
            };
            let (parse_name, batch_merchant) = (name.clone(), merchant_no.clone());
            let references = references_for(&self.shared, ctx, merchant.id.as_deref()).await;
            let read_into_batch = move || -> Result<_, Failure> {
                let orders = read(&bytes, &parse_name, &references)?;
                drop(bytes);
                // The orders go with the body, let go as they are sent; their ids stay, to
                // name the orders the system refuses.
                let sales_order_ids: Vec<String> = orders.orders.iter().map(|o| o.sales_order_id.clone()).collect();
                Ok((sales_order_ids, orders.rows, import_batch::streamed(batch_merchant, orders.orders)))
            };
            let (sales_order_ids, rows, body) = match tokio::task::spawn_blocking(read_into_batch).await {
                Ok(Ok(read)) => read,
                Ok(Err(refused)) => return Ok(OmsResult { file_name: base.file_name, merchant_no: base.merchant_no, ..*refused }),
                Err(e) => return Err(ToolError::Failed(format!("Reading {name} failed: {e}"))),
            };
            let (_, data) = match call(&self.shared, ctx, "importOrders", None, None, Some(body)).await {
                Ok(answer) => answer,
                Err(mut refused) => {
                    // The system counts orders from 0 in the batch; name them by their sales order id.
                    for row in &mut refused.row_errors {
                        row.sales_order_id = row.row.and_then(|r| sales_order_ids.get(r as usize - 1)).cloned();
                    }
                    return Ok(OmsResult { file_name: base.file_name, merchant_no: base.merchant_no, ..*refused });
                }
            };
            let created: Vec<OmsOrder> = data.get("orders").and_then(Value::as_array).into_iter().flatten().filter_map(order_of).collect();
            let imported = data.get("imported").and_then(Value::as_u64).unwrap_or(created.len() as u64);
            let lines = data.get("lineCount").and_then(Value::as_u64).unwrap_or(rows as u64);
            Ok(OmsResult {
                success: true,
                order_id: created.first().map(|o| o.order_id.clone()),
                message: Some(format!("Imported {imported} orders with {lines} lines from {name} for merchant {merchant_no}")),
                imported: Some(imported),
                line_count: Some(lines),
                orders: created.into_iter().take(LISTED_ORDERS).collect(),
                ..base
            })
        })
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<ImportOrdersInput> {
        let file_name = attached_file(text)?;
        Some(ImportOrdersInput { file_url: None, file_name: Some(file_name), merchant_no: merchant_in(text).unwrap_or_default() })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick([
            "The order import",
            "订单导入",
            "訂單匯入",
            "La importación de pedidos",
            "受注インポート",
            "Der Auftragsimport",
            "L'import de commandes",
        ]))
    }

    fn summarize(&self, output: &OmsResult, lang: Lang) -> Option<String> {
        Some(summarize(output, lang))
    }
}

impl TypedTool for GetOrderTool {
    type Input = GetOrderInput;
    type Output = OmsResult;
    const NAME: &'static str = "oms-getOrder";

    fn description(&self) -> &str {
        "Looks up one order in the order system by its order id, or by the merchant's sales order id with the merchant number: status, ship-to address, requested ship date and lines."
    }

    fn keywords(&self) -> &[&str] {
        &["order status", "sales order", "look up order", "find order", "订单状态"]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        has_oms(&self.shared, scope)
    }

    fn call<'a>(&'a self, input: GetOrderInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<OmsResult, ToolError>> {
        Box::pin(async move {
            let merchant_no = input.merchant_no.as_deref().map(str::trim).filter(|m| !m.is_empty()).map(str::to_owned);
            let base = OmsResult { merchant_no: merchant_no.clone(), ..OmsResult::default() };
            let order_id = match (input.order_id.as_deref().map(str::trim).filter(|o| !o.is_empty()), input.sales_order_id.as_deref(), &merchant_no) {
                (Some(id), _, _) => id.to_owned(),
                (None, Some(sales), Some(merchant)) => {
                    let query = Map::from_iter([("merchantNo".to_owned(), json!(merchant)), ("salesOrderId".to_owned(), json!(sales.trim()))]);
                    let found = match call(&self.shared, ctx, "listMerchantOrders", None, Some(query), None).await {
                        Ok((_, data)) => data.get("data").and_then(Value::as_array).and_then(|l| l.first()).and_then(order_of),
                        Err(refused) => return Ok(OmsResult { merchant_no, ..*refused }),
                    };
                    match found {
                        Some(order) => order.order_id,
                        None => return Ok(OmsResult { error: Some(format!("Merchant {merchant} has no order with sales order id {}", sales.trim())), ..base }),
                    }
                }
                (None, Some(_), None) => return Ok(OmsResult { error: Some("Give the merchant number with a sales order id".into()), ..base }),
                (None, None, _) => return Ok(OmsResult { error: Some("Give an order id, or a sales order id with the merchant number".into()), ..base }),
            };
            let path = Map::from_iter([("orderId".to_owned(), json!(order_id))]);
            match call(&self.shared, ctx, "getMerchantOrder", Some(path), None, None).await {
                Ok((_, data)) => {
                    let found = order_of(&data);
                    Ok(OmsResult {
                        success: true,
                        order_id: Some(found.as_ref().map_or(order_id.clone(), |o| o.order_id.clone())),
                        message: Some(match found.as_ref().and_then(|o| o.status.clone()) {
                            Some(status) => format!("Order {order_id} is {status}"),
                            None => format!("Found order {order_id}"),
                        }),
                        orders: found.into_iter().collect(),
                        order: Some(data),
                        ..base
                    })
                }
                Err(refused) => Ok(OmsResult { order_id: Some(order_id), merchant_no, ..*refused }),
            }
        })
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<GetOrderInput> {
        let order_id = text.split(|c: char| !c.is_alphanumeric() && c != '-').find(|w| w.starts_with("ORD-")).map(str::to_owned);
        let merchant_no = merchant_in(text);
        let sales_order_id = match order_id {
            Some(_) => None,
            None => text
                .split_whitespace()
                .skip_while(|w| !w.eq_ignore_ascii_case("order"))
                .nth(1)
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-').to_owned()),
        };
        (order_id.is_some() || sales_order_id.is_some()).then_some(GetOrderInput { order_id, sales_order_id, merchant_no })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The order lookup", "订单查询", "訂單查詢", "La consulta del pedido", "受注の照会", "Die Auftragssuche", "La recherche de commande"]))
    }

    fn summarize(&self, output: &OmsResult, lang: Lang) -> Option<String> {
        Some(summarize(output, lang))
    }
}

impl TypedTool for ListOrdersTool {
    type Input = ListOrdersInput;
    type Output = OmsResult;
    const NAME: &'static str = "oms-listOrders";

    fn description(&self) -> &str {
        "Lists a merchant's most recent orders in the order system, newest first, with status, line count and requested ship date."
    }

    fn keywords(&self) -> &[&str] {
        &["merchant", "recent orders", "merchant orders", "商户"]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        has_oms(&self.shared, scope)
    }

    fn call<'a>(&'a self, input: ListOrdersInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<OmsResult, ToolError>> {
        Box::pin(async move {
            let merchant_no = input.merchant_no.trim().to_owned();
            let limit = input.limit.unwrap_or(20).clamp(1, 100);
            let query = Map::from_iter([("merchantNo".to_owned(), json!(merchant_no)), ("pageSize".to_owned(), json!(limit))]);
            match call(&self.shared, ctx, "listMerchantOrders", None, Some(query), None).await {
                Ok((_, data)) => {
                    let orders: Vec<OmsOrder> = data.get("data").and_then(Value::as_array).into_iter().flatten().filter_map(order_of).collect();
                    let total = data.get("totalCount").and_then(Value::as_u64).unwrap_or(orders.len() as u64);
                    Ok(OmsResult {
                        success: true,
                        order_id: orders.first().map(|o| o.order_id.clone()),
                        message: Some(format!("Merchant {merchant_no} has {total} orders; showing the {} most recent", orders.len())),
                        merchant_no: Some(merchant_no),
                        orders,
                        ..OmsResult::default()
                    })
                }
                Err(refused) => Ok(OmsResult { merchant_no: Some(merchant_no), ..*refused }),
            }
        })
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<ListOrdersInput> {
        merchant_in(text).map(|merchant_no| ListOrdersInput { merchant_no, limit: None })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick([
            "The merchant's orders",
            "商户订单",
            "商戶訂單",
            "Los pedidos del comerciante",
            "加盟店の受注",
            "Die Aufträge des Händlers",
            "Les commandes du marchand",
        ]))
    }

    fn summarize(&self, output: &OmsResult, lang: Lang) -> Option<String> {
        Some(summarize(output, lang))
    }
}

/// Most row problems a refused check names; the rest are counted.
const NAMED_ROW_ERRORS: usize = 20;

/// A refused import as one text for the model and the card: the reason, then its rows.
fn refusal_text(refused: &OmsResult) -> String {
    let error = refused.error.clone().unwrap_or_else(|| "The file cannot be imported".into());
    if refused.row_errors.is_empty() {
        return error;
    }
    let rows: Vec<String> = refused
        .row_errors
        .iter()
        .take(NAMED_ROW_ERRORS)
        .map(|r| match r.row {
            Some(row) => format!("row {row}, {}: {}", r.column, r.message),
            None => format!("{}: {}", r.column, r.message),
        })
        .collect();
    let more = refused.row_errors.len().saturating_sub(NAMED_ROW_ERRORS) as u64 + refused.more_errors.unwrap_or(0);
    let more = if more > 0 { format!("; and {more} more") } else { String::new() };
    format!("{error} — {}{more}. Nothing was sent; correct the file and attach it again", rows.join("; "))
}

/// What can be known before an import is offered for approval: the merchant is named and
/// known to the order system, the file is the user's and every row reads, and the batch
/// fits the order system's own import schema.
async fn precheck_import(shared: &Shared, input: &ImportOrdersInput, ctx: &ToolContext) -> Result<(), ToolError> {
    if input.merchant_no.trim().is_empty() {
        return Err(waybill_tools::tool::missing_values("the merchant the orders are for. Ask the user for the merchant number (such as M10042)"));
    }
    let merchant = merchant_of(shared, ctx, &input.merchant_no).await.map_err(ToolError::Invalid)?;
    let merchant_no = merchant.number.as_str();
    let file = find_file(shared, ctx, input).await.map_err(|refused| ToolError::Invalid(refusal_text(&refused)))?;
    let name = file.filename.clone();
    let limit = Limits::default().max_bytes;
    let bytes = match shared.services.files.read(&file, limit).await {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Err(ToolError::Invalid(format!("{name} was not imported: {}", ReadError::TooLarge { limit }))),
        Err(e) => return Err(ToolError::Failed(format!("{name} could not be read: {e}"))),
    };
    let parse_name = name.clone();
    let references = references_for(shared, ctx, merchant.id.as_deref()).await;
    let orders = match tokio::task::spawn_blocking(move || read(&bytes, &parse_name, &references)).await {
        Ok(Ok(orders)) => orders,
        Ok(Err(refused)) => return Err(ToolError::Invalid(refusal_text(&refused))),
        Err(e) => return Err(ToolError::Failed(format!("Reading {name} failed: {e}"))),
    };
    let systems = shared.catalogues.tenant(&shared.services.store, ctx.tenant_id()).await.map_err(|e| ToolError::Failed(e.to_string()))?;
    let system = oms_of(&systems, ctx.caller.lang).map_err(|refused| ToolError::Invalid(refusal_text(&refused)))?;
    let batch = ApiCallInput { system: system.record.name.clone(), operation: "importOrders".into(), path_params: None, query: None, body: None };
    let (_, op) = calls::resolve(&systems, &batch, ctx.caller.lang).map_err(|refused| ToolError::Invalid(refused.error.unwrap_or_default()))?;
    let issues = import_batch::check(&batch, &ctx.caller, op, merchant_no, &orders.orders);
    if !issues.is_empty() {
        let issues: Vec<String> = issues.iter().take(NAMED_ROW_ERRORS).map(|i| i.message.clone()).collect();
        return Err(ToolError::Invalid(format!("{name} does not fit the order system's import: {}", issues.join("; "))));
    }
    if merchant_unknown(shared, ctx, merchant_no).await {
        let nearest = merchant.nearest.as_ref().map(|n| format!(" (the nearest are {n})")).unwrap_or_default();
        return Err(ToolError::Invalid(format!("The order system has no merchant {merchant_no}; ask the user for the right merchant number{nearest}")));
    }
    Ok(())
}

/// Whether the order system says it has no such merchant (its merchant orders answer 404).
/// Any other answer, or none, leaves the question to the import itself.
async fn merchant_unknown(shared: &Shared, ctx: &ToolContext, merchant_no: &str) -> bool {
    let query = Map::from_iter([("merchantNo".to_owned(), json!(merchant_no)), ("pageSize".to_owned(), json!(1))]);
    let Ok(systems) = shared.catalogues.tenant(&shared.services.store, ctx.tenant_id()).await else { return false };
    let Ok(system) = oms_of(&systems, ctx.caller.lang) else { return false };
    let input = ApiCallInput { system: system.record.name.clone(), operation: "listMerchantOrders".into(), path_params: None, query: Some(query), body: None };
    let Ok((system, op)) = calls::resolve(&systems, &input, ctx.caller.lang) else { return false };
    let Ok(auth) = system.record.auth(&shared.services.sealer) else { return false };
    let result = calls::send(&input, &ctx.caller, system, op, &calls::args(&input, &ctx.caller, op), shared, auth).await;
    result.status_code == Some(404)
}

// ---------------------------------------------------------------------------------------
// Names the user writes for a merchant, a carrier or a SKU, resolved the way the pickers
// list those records (the tenant's warehouse system lists merchants and items, its
// freight system carriers). A list that cannot be had whole — no such system, an
// operation it lacks, an error, more records than are read — resolves nothing, and the
// value goes to the order system as written.
// ---------------------------------------------------------------------------------------

/// Pages of 200 (the most the demo systems answer) read for one list.
const REFERENCE_PAGES: u32 = 10;
const REFERENCE_PAGE_SIZE: u32 = 200;

/// The merchant an import is for.
#[derive(Default)]
struct Merchant {
    /// What the order system is sent: the merchant number.
    number: String,
    /// The warehouse system's customer id, for the merchant's items.
    id: Option<String>,
    /// When the customer list has no such merchant: the nearest ones, as the picker
    /// shows them. The order system has the last word.
    nearest: Option<String>,
}

/// The merchant `text` names: its number, name or customer id, in any case. A name two
/// merchants share is refused with both; a text naming none is taken as the number, for
/// the order system to judge, with the nearest merchants kept for its refusal. Without a
/// customer list the text is taken as the number.
async fn merchant_of(shared: &Shared, ctx: &ToolContext, text: &str) -> Result<Merchant, String> {
    let text = text.trim();
    let Some(customers) = list_all(shared, ctx, Kind::Wms, "listCustomers", Map::new()).await else {
        return Ok(Merchant { number: text.to_owned(), ..Merchant::default() });
    };
    // Inactive merchants too: the order system says what it does with them.
    let entries: Vec<(Entry, String)> = customers
        .iter()
        .filter_map(|c| {
            let (number, name, id) = (field(c, "merchantNo")?, field(c, "name").unwrap_or_default(), field(c, "id").unwrap_or_default());
            Some((Entry::new(number.clone(), format!("{name} · {number}")).also(name).also(id.clone()), id))
        })
        .collect();
    let ids: HashMap<String, String> = entries.iter().map(|(e, id)| (e.value.clone(), id.clone())).collect();
    let catalog = Catalog::new("merchant", entries.into_iter().map(|(e, _)| e).collect());
    match catalog.resolve(text) {
        Ok(entry) => Ok(Merchant { id: ids.get(&entry.value).filter(|id| !id.is_empty()).cloned(), number: entry.value.clone(), nearest: None }),
        Err(Refusal::Unknown { nearest }) if !nearest.is_empty() => {
            Ok(Merchant { number: text.to_owned(), nearest: Some(nearest.join(", ")), ..Merchant::default() })
        }
        Err(Refusal::Unknown { .. }) => Ok(Merchant { number: text.to_owned(), ..Merchant::default() }),
        Err(refusal) => Err(format!("{}; ask the user which merchant the orders are for", catalog.message(text, &refusal))),
    }
}

/// The carriers, and the merchant's items, the file's values are checked against.
async fn references_for(shared: &Shared, ctx: &ToolContext, customer_id: Option<&str>) -> References {
    let carriers = list_all(shared, ctx, Kind::Fms, "listCarriers", Map::new()).await.map(|list| carrier_catalog(&list));
    let skus = match customer_id {
        Some(customer) => {
            let query = Map::from_iter([("customerId".to_owned(), json!(customer))]);
            list_all(shared, ctx, Kind::Wms, "searchItems", query).await.map(|list| item_catalog(&list))
        }
        None => None,
    };
    References { carriers: carriers.filter(|c| !c.is_empty()), skus: skus.filter(|c| !c.is_empty()) }
}

/// The active carriers, as the carrier picker shows them: "UPS · UPSN", sent as their id.
fn carrier_catalog(list: &[Value]) -> Catalog {
    let entries = list
        .iter()
        .filter(|c| active(c))
        .filter_map(|c| {
            let (id, name, scac) = (field(c, "id")?, field(c, "name").unwrap_or_default(), field(c, "scac").unwrap_or_default());
            Some(Entry::new(id, format!("{name} · {scac}")).also(name).also(scac))
        })
        .collect();
    Catalog::new("carrier", entries)
}

/// A merchant's items, as the item picker shows them: "POC-10001 · Trail Runner", sent as
/// their SKU. Inactive ones too, so that the order system can say they are inactive.
fn item_catalog(list: &[Value]) -> Catalog {
    let entries = list
        .iter()
        .filter_map(|i| {
            let (sku, description, id) = (field(i, "sku")?, field(i, "description").unwrap_or_default(), field(i, "id").unwrap_or_default());
            Some(Entry::new(sku.clone(), format!("{sku} · {description}")).also(id))
        })
        .collect();
    Catalog::new("SKU", entries)
}

fn field(record: &Value, key: &str) -> Option<String> {
    record.get(key).and_then(Value::as_str).map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
}

/// Whether a record is one a picker lists: not marked inactive.
fn active(record: &Value) -> bool {
    record.get("active").and_then(Value::as_bool).unwrap_or(true) && record.get("status").and_then(Value::as_str).is_none_or(|s| s == "active")
}

/// Every record a list operation of the tenant's system of `kind` answers, page by page;
/// `None` unless the whole list was read.
async fn list_all(shared: &Shared, ctx: &ToolContext, kind: Kind, operation: &str, query: Map<String, Value>) -> Option<Vec<Value>> {
    let systems = shared.catalogues.tenant(&shared.services.store, ctx.tenant_id()).await.ok()?;
    let system = systems.systems.iter().find(|s| s.record.kind == kind)?;
    let mut records = Vec::new();
    for page in 1..=REFERENCE_PAGES {
        let mut query = query.clone();
        query.insert("page".to_owned(), json!(page));
        query.insert("pageSize".to_owned(), json!(REFERENCE_PAGE_SIZE));
        let input = ApiCallInput { system: system.record.name.clone(), operation: operation.to_owned(), path_params: None, query: Some(query), body: None };
        let (system, op) = calls::resolve(&systems, &input, ctx.caller.lang).ok()?;
        let auth = system.record.auth(&shared.services.sealer).ok()?;
        let result: ApiCallResult = calls::send(&input, &ctx.caller, system, op, &calls::args(&input, &ctx.caller, op), shared, auth).await;
        if !result.status_code.is_some_and(|s| (200..300).contains(&s)) {
            return None;
        }
        let data = result.card_only.and_then(|mut c| c.get_mut("data").map(Value::take)).or(result.data)?;
        let rows = data.get("data").and_then(Value::as_array)?;
        let total = data.get("totalCount").and_then(Value::as_u64);
        let last = rows.len() < REFERENCE_PAGE_SIZE as usize;
        records.extend(rows.iter().cloned());
        if last || total.is_some_and(|t| records.len() as u64 >= t) {
            return Some(records);
        }
    }
    None
}

/// The offline model's sentence about any `oms-` result.
fn summarize(output: &OmsResult, lang: Lang) -> String {
    if output.success {
        return output.message.clone().unwrap_or_default();
    }
    let template = lang.pick([
        "The order system did not do it: {error}",
        "订单系统未能完成：{error}",
        "訂單系統未能完成：{error}",
        "El sistema de pedidos no lo hizo: {error}",
        "受注システムで処理できませんでした：{error}",
        "Das Auftragssystem hat es nicht ausgeführt: {error}",
        "Le système de commandes ne l'a pas fait : {error}",
    ]);
    fill(template, &[("error", output.error.as_deref().unwrap_or("Import failed"))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_name_the_merchant_and_the_attached_file() {
        assert_eq!(merchant_in("import this order file for merchant m10042 please").as_deref(), Some("M10042"));
        assert_eq!(merchant_in("import this order file"), None);
        assert_eq!(attached_file("import this\nAttached file week-48 orders.csv (text/csv):\n```\nx\n```").as_deref(), Some("week-48 orders.csv"));
        assert_eq!(
            attached_file("[Attached file: orders.xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet); its contents cannot be read here]")
                .as_deref(),
            Some("orders.xlsx")
        );
        assert_eq!(attached_file("no file here"), None);
    }

    #[test]
    fn the_order_systems_row_errors_are_kept() {
        let data = json!({"error": {"code": "invalid_rows", "message": "2 rows are invalid", "details": [{"row": 0, "field": "lines[0].sku", "message": "unknown SKU"}, {"field": "merchantNo", "message": "unknown"}]}});
        let result = upstream_failure(422, &data, None, Lang::En);
        assert!(!result.success);
        assert_eq!(result.error.as_deref(), Some("The order system answered 422: 2 rows are invalid"));
        // Waybill's words in the user's language, the system's own as it wrote them.
        let german = upstream_failure(422, &data, None, Lang::De);
        assert_eq!(german.error.as_deref(), Some("Das Auftragssystem hat mit 422 geantwortet: 2 rows are invalid"));
        assert_eq!(german.row_errors.len(), result.row_errors.len());
        let chinese = upstream_failure(502, &json!({}), None, Lang::ZhCn);
        assert_eq!(chinese.error.as_deref(), Some("订单系统返回了 502"));
        assert_eq!(result.row_errors.len(), 2);
        assert_eq!(result.row_errors[0].row, Some(1));
        assert_eq!(result.row_errors[0].column, "lines[0].sku");
        assert_eq!(result.row_errors[1].row, None);
    }

    #[test]
    fn a_file_with_bad_rows_lists_them_and_a_broken_workbook_says_so() {
        let csv = "Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty\nSO-1,Acme,1 Main St,Reno,NV,89501,SKU-1,two\n";
        let failure = read(csv.as_bytes(), "orders.csv", &References::default()).unwrap_err();
        assert!(failure.error.as_deref().unwrap().starts_with("orders.csv was not imported"), "{failure:?}");
        assert_eq!(failure.row_errors.len(), 1, "{failure:?}");
        assert_eq!(failure.row_errors[0].row, Some(2));
        let broken = read(b"PK\x03\x04not really a zip", "orders.xlsx", &References::default()).unwrap_err();
        assert!(broken.error.as_deref().unwrap().contains("orders.xlsx was not imported"), "{broken:?}");
        assert!(broken.row_errors.is_empty());
    }

    #[test]
    fn carriers_and_skus_in_the_file_are_sent_as_the_order_system_names_them() {
        let carriers = [
            json!({"id": "CAR-015", "scac": "UPSN", "name": "UPS", "mode": "parcel", "active": true}),
            json!({"id": "CAR-002", "scac": "FDXE", "name": "FedEx", "mode": "parcel", "active": true}),
            json!({"id": "CAR-003", "scac": "OLDX", "name": "Gone Freight", "mode": "ltl", "active": false}),
        ];
        let items = [json!({"id": "ITM-000007", "sku": "POC-10007", "description": "Trail Runner", "status": "active"})];
        let references = References { carriers: Some(carrier_catalog(&carriers)), skus: Some(item_catalog(&items)) };
        let csv = "Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Carrier\n\
                   SO-1,Acme,1 Main St,Reno,NV,89501,poc-10007,2,UPS\n\
                   SO-2,Acme,1 Main St,Reno,NV,89501,ITM-000007,2, upsn \n\
                   SO-3,Acme,1 Main St,Reno,NV,89501,POC-10007,2,CAR-015\n\
                   SO-4,Acme,1 Main St,Reno,NV,89501,POC-10007,2,fedex\n";
        let body = sent("M10042", &read(csv.as_bytes(), "orders.csv", &references).unwrap());
        let sent: Vec<(&str, &str)> =
            (0..4).map(|i| (body["orders"][i]["carrierId"].as_str().unwrap(), body["orders"][i]["lines"][0]["sku"].as_str().unwrap())).collect();
        assert_eq!(sent, [("CAR-015", "POC-10007"), ("CAR-015", "POC-10007"), ("CAR-015", "POC-10007"), ("CAR-002", "POC-10007")]);

        let refused = read(csv.replace("fedex", "Gone Freight").as_bytes(), "orders.csv", &references).unwrap_err();
        assert_eq!(refused.row_errors.len(), 1, "{refused:?}");
        let row = &refused.row_errors[0];
        assert_eq!((row.row, row.column.as_str()), (Some(5), "Carrier"));
        assert_eq!(
            row.message,
            "\"Gone Freight\" is not a known carrier; the nearest are FedEx · FDXE, UPS · UPSN. Use a carrier's name, code or id as the picker shows it"
        );
    }

    #[test]
    fn orders_become_the_import_body() {
        let csv = "Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Ship Date\nSO-1,Acme,1 Main St,Reno,NV,89501,SKU-1,2,2026-12-01\nSO-1,Acme,1 Main St,Reno,NV,89501,SKU-2,1,2026-12-01\n";
        let orders = read(csv.as_bytes(), "orders.csv", &References::default()).unwrap();
        let body = sent("M10042", &orders);
        assert_eq!(
            body,
            json!({"merchantNo": "M10042", "orders": [{
                "salesOrderId": "SO-1",
                "shipTo": {"name": "Acme", "line1": "1 Main St", "line2": null, "city": "Reno", "state": "NV", "postalCode": "89501", "country": "US", "phone": null},
                "requestedShipDate": "2026-12-01",
                "carrierId": null,
                "lines": [{"sku": "SKU-1", "quantity": 2, "uom": "EA"}, {"sku": "SKU-2", "quantity": 1, "uom": "EA"}],
            }]})
        );
    }

    /// The import body as the order system reads it.
    fn sent(merchant_no: &str, orders: &waybill_orders::Orders) -> Value {
        serde_json::from_slice(&import_batch::written(merchant_no, &orders.orders)).unwrap()
    }
}
