//! The cube tools (spec 001 §2.13): list the cubes, read a cube's measures and
//! dimensions, list and read its enum fields' values, and run a read-only query.

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Scope, ToolContext, ToolError, TypedTool};

use crate::cube::{Cube, DimensionType};
use crate::engine::QueryError;
use crate::load::Catalogue;
use crate::warehouse::Warehouse;

/// Values listed per enum field.
const MAX_ENUM_VALUES: usize = 100;
/// Rows the model reads of a result; the card gets them all (up to the engine's cap).
const ROWS_FOR_MODEL: usize = 50;

/// `getCubeDescTool`'s input: nothing.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct CubeDescInput {}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct CubeSummary {
    pub name: String,
    pub title: String,
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time_dimension: Option<String>,
    pub measures: Vec<String>,
    pub dimensions: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct CubeDescResult {
    pub success: bool,
    pub cubes: Vec<CubeSummary>,
}

/// `getCubeSchemaInfoTool`'s and `getCubeFieldEnumQueryIdsTool`'s input.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct CubeInput {
    /// The cube's name, from getCubeDescTool
    #[schemars(length(min = 1, max = 64))]
    pub cube_name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct MeasureInfo {
    pub name: String,
    pub title: String,
    pub description: String,
    /// How a query aggregates it: `SUM(units)`.
    pub usage: String,
    pub format: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct DimensionInfo {
    pub name: String,
    pub title: String,
    pub description: String,
    /// string, number, time or boolean.
    #[serde(rename = "type")]
    #[ts(rename = "type")]
    pub kind: String,
    pub is_enum: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct CubeSchemaResult {
    pub success: bool,
    pub cube: String,
    pub title: String,
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time_dimension: Option<String>,
    pub measures: Vec<MeasureInfo>,
    pub dimensions: Vec<DimensionInfo>,
    /// How to query it, in a line.
    pub hint: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct EnumQueryId {
    pub field: String,
    pub title: String,
    /// What getCubeEnumValuesTool takes: `cube.field`.
    pub query_id: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct EnumQueryIdsResult {
    pub success: bool,
    pub cube: String,
    pub fields: Vec<EnumQueryId>,
}

/// `getCubeEnumValuesTool`'s input.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct EnumValuesInput {
    /// Query ids from getCubeFieldEnumQueryIdsTool, such as outbound_orders.status
    #[schemars(length(min = 1, max = 10))]
    pub query_ids: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct EnumValues {
    pub query_id: String,
    pub values: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct EnumValuesResult {
    pub success: bool,
    pub fields: Vec<EnumValues>,
}

/// `testQuerySqlTool`'s input.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct QueryInput {
    /// One SELECT over the cubes, their dimensions and measures as columns (aggregate
    /// measures as getCubeSchemaInfoTool says: SUM(units))
    #[schemars(length(min = 1, max = 20000))]
    pub sql: String,
    /// What the query answers, in a few words, for the card
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 200))]
    #[ts(optional)]
    pub purpose: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct QueryResultOutput {
    pub success: bool,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
    pub row_count: u32,
    /// More rows existed than came back.
    pub truncated: bool,
    /// The query as it ran, with the cubes' views (the provenance of every number).
    pub generated_sql: String,
    /// The facilities the rows come from.
    pub facilities: Vec<String>,
    /// When the data was read from the operational database (RFC 3339).
    pub data_as_of: String,
    /// For the model when it reads fewer rows than the card shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub note: Option<String>,
}

fn find<'a>(catalogue: &'a Catalogue, name: &str) -> Result<&'a Cube, ToolError> {
    catalogue.get(name.trim()).ok_or_else(|| {
        let all: Vec<&str> = catalogue.cubes().map(|c| c.name.as_str()).collect();
        ToolError::Invalid(format!("There is no cube named {name}. The cubes are: {}.", all.join(", ")))
    })
}

pub(crate) fn query_error(e: QueryError) -> ToolError {
    match e {
        QueryError::Refused(m) | QueryError::Unknown(m) => ToolError::Invalid(m),
        other => ToolError::Failed(other.to_string()),
    }
}

fn kind_name(kind: DimensionType) -> &'static str {
    match kind {
        DimensionType::String => "string",
        DimensionType::Number => "number",
        DimensionType::Time => "time",
        DimensionType::Boolean => "boolean",
    }
}

pub struct CubeDescTool {
    pub warehouse: Arc<Warehouse>,
}

impl TypedTool for CubeDescTool {
    type Input = CubeDescInput;
    type Output = CubeDescResult;
    const NAME: &'static str = "getCubeDescTool";

    fn description(&self) -> &str {
        "List the BI cubes (outbound orders, order lines, shipments, inventory, receiving, yard appointments, dock doors…) and which questions each answers. Call it first for any numbers question, then read a cube's fields with getCubeSchemaInfoTool before you query."
    }

    fn keywords(&self) -> &[&str] {
        &["cubes", "what data", "analytics", "bi"]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.warehouse.offered(scope)
    }

    fn call<'a>(&'a self, _: CubeDescInput, _: &'a ToolContext) -> BoxFuture<'a, Result<CubeDescResult, ToolError>> {
        Box::pin(async move {
            let catalogue = self.warehouse.catalogue().await?;
            let cubes = catalogue
                .cubes()
                .map(|c| CubeSummary {
                    name: c.name.clone(),
                    title: c.title.clone(),
                    description: c.description.clone(),
                    time_dimension: c.time_dimension.clone(),
                    measures: c.measures.iter().map(|m| m.name.clone()).collect(),
                    dimensions: c.dimensions.iter().map(|d| d.name.clone()).collect(),
                })
                .collect();
            Ok(CubeDescResult { success: true, cubes })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The cube list", "数据立方列表", "資料立方清單", "La lista de cubos", "キューブ一覧", "Die Würfelliste", "La liste des cubes"]))
    }

    fn summarize(&self, output: &CubeDescResult, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "{n} cubes can answer this: {names}.",
            "有 {n} 个数据立方可以回答：{names}。",
            "有 {n} 個資料立方可以回答：{names}。",
            "{n} cubos pueden responder: {names}.",
            "{n} 個のキューブで答えられます：{names}。",
            "{n} Würfel können das beantworten: {names}.",
            "{n} cubes peuvent répondre : {names}.",
        ]);
        let names: Vec<&str> = output.cubes.iter().map(|c| c.title.as_str()).collect();
        Some(fill(template, &[("n", &output.cubes.len().to_string()), ("names", &names.join(", "))]))
    }
}

pub struct CubeSchemaTool {
    pub warehouse: Arc<Warehouse>,
}

impl TypedTool for CubeSchemaTool {
    type Input = CubeInput;
    type Output = CubeSchemaResult;
    const NAME: &'static str = "getCubeSchemaInfoTool";

    fn description(&self) -> &str {
        "The measures (with how to aggregate each) and dimensions (with their types) of one BI cube: read it before you write a query over the cube."
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.warehouse.offered(scope)
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<CubeInput> {
        self.warehouse
            .current_catalogue()
            .cubes()
            .find(|c| text.to_lowercase().contains(&c.name.replace('_', " ")))
            .map(|c| CubeInput { cube_name: c.name.clone() })
    }

    fn call<'a>(&'a self, input: CubeInput, _: &'a ToolContext) -> BoxFuture<'a, Result<CubeSchemaResult, ToolError>> {
        Box::pin(async move {
            let catalogue = self.warehouse.catalogue().await?;
            find(&catalogue, &input.cube_name).map(|c| CubeSchemaResult {
            success: true,
            cube: c.name.clone(),
            title: c.title.clone(),
            description: c.description.clone(),
            time_dimension: c.time_dimension.clone(),
            measures: c
                .measures
                .iter()
                .map(|m| MeasureInfo {
                    name: m.name.clone(),
                    title: m.title.clone(),
                    description: m.description.clone(),
                    usage: m.aggregation.applied_to(&m.name),
                    format: format!("{:?}", m.format).to_lowercase(),
                })
                .collect(),
            dimensions: c
                .dimensions
                .iter()
                .map(|d| DimensionInfo { name: d.name.clone(), title: d.title.clone(), description: d.description.clone(), kind: kind_name(d.kind).into(), is_enum: d.is_enum })
                .collect(),
            hint: format!(
                "Query it as a table: SELECT <dimensions>, <aggregated measures> FROM {} WHERE … GROUP BY <dimensions>. Time dimensions are timestamps: filter with >= TIMESTAMP '2026-11-01' and group with date_trunc('day', {}).",
                c.name,
                c.time_dimension.as_deref().unwrap_or("a_time_dimension")
            ),
        })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick([
            "The cube's fields",
            "数据立方的字段",
            "資料立方的欄位",
            "Los campos del cubo",
            "キューブの項目",
            "Die Felder des Würfels",
            "Les champs du cube",
        ]))
    }
}

pub struct EnumQueryIdsTool {
    pub warehouse: Arc<Warehouse>,
}

impl TypedTool for EnumQueryIdsTool {
    type Input = CubeInput;
    type Output = EnumQueryIdsResult;
    const NAME: &'static str = "getCubeFieldEnumQueryIdsTool";

    fn description(&self) -> &str {
        "The enum fields of a BI cube (statuses, modes, kinds) with the query ids getCubeEnumValuesTool takes to list their values: use them to filter on the right spelling."
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.warehouse.offered(scope)
    }

    fn offline_input(&self, _: &str, _: &ToolContext) -> Option<CubeInput> {
        None
    }

    fn call<'a>(&'a self, input: CubeInput, _: &'a ToolContext) -> BoxFuture<'a, Result<EnumQueryIdsResult, ToolError>> {
        Box::pin(async move {
            let catalogue = self.warehouse.catalogue().await?;
            find(&catalogue, &input.cube_name).map(|c| EnumQueryIdsResult {
                success: true,
                cube: c.name.clone(),
                fields: c
                    .dimensions
                    .iter()
                    .filter(|d| d.is_enum)
                    .map(|d| EnumQueryId { field: d.name.clone(), title: d.title.clone(), query_id: format!("{}.{}", c.name, d.name) })
                    .collect(),
            })
        })
    }
}

pub struct EnumValuesTool {
    pub warehouse: Arc<Warehouse>,
}

impl TypedTool for EnumValuesTool {
    type Input = EnumValuesInput;
    type Output = EnumValuesResult;
    const NAME: &'static str = "getCubeEnumValuesTool";

    fn description(&self) -> &str {
        "The values of BI cube enum fields, by query id (cube.field) from getCubeFieldEnumQueryIdsTool, as they are spelled in the data."
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.warehouse.offered(scope)
    }

    fn offline_input(&self, _: &str, _: &ToolContext) -> Option<EnumValuesInput> {
        None
    }

    fn call<'a>(&'a self, input: EnumValuesInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<EnumValuesResult, ToolError>> {
        Box::pin(async move {
            let engine = self.warehouse.engine().await?;
            let catalogue = self.warehouse.catalogue().await?;
            let scope = self.warehouse.scope(ctx).await?;
            let mut fields = Vec::new();
            for id in input.query_ids {
                let (cube, field) = id.split_once('.').ok_or_else(|| ToolError::Invalid(format!("{id} is no query id: they read cube.field")))?;
                let c = find(&catalogue, cube)?;
                if !c.dimensions.iter().any(|d| d.is_enum && d.name == field) {
                    let enums: Vec<&str> = c.dimensions.iter().filter(|d| d.is_enum).map(|d| d.name.as_str()).collect();
                    return Err(ToolError::Invalid(format!("{field} is no enum field of {cube}; its enum fields are {}", enums.join(", "))));
                }
                let sql = format!("SELECT DISTINCT {field} AS v FROM {cube} WHERE {field} IS NOT NULL ORDER BY v LIMIT {MAX_ENUM_VALUES}");
                let out = engine.run(&sql, &scope).await.map_err(query_error)?;
                let values =
                    out.rows.into_iter().filter_map(|r| r.into_iter().next()).map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned)).collect();
                fields.push(EnumValues { query_id: id, values });
            }
            Ok(EnumValuesResult { success: true, fields })
        })
    }
}

pub struct QueryTool {
    pub warehouse: Arc<Warehouse>,
}

impl TypedTool for QueryTool {
    type Input = QueryInput;
    type Output = QueryResultOutput;
    const NAME: &'static str = "testQuerySqlTool";

    fn description(&self) -> &str {
        "Run one read-only SELECT over the BI cubes and get the columns, the rows and the SQL as it ran. Cubes are tables whose columns are their dimensions and measures; aggregate measures as getCubeSchemaInfoTool says. Rows are limited to the user's facilities."
    }

    fn keywords(&self) -> &[&str] {
        &[
            "by customer",
            "by carrier",
            "by day",
            "per day",
            "top",
            "volume",
            "how many",
            "outbound orders",
            "shipments",
            "inventory",
            "appointments",
            "dock doors",
            "picks per",
            "pick rate",
            "per hour",
            "dwell",
        ]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.warehouse.offered(scope)
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<QueryInput> {
        crate::offline::query_for(text).map(|(sql, purpose)| QueryInput { sql, purpose: Some(purpose) })
    }

    fn call<'a>(&'a self, input: QueryInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<QueryResultOutput, ToolError>> {
        Box::pin(async move {
            let engine = self.warehouse.engine().await?;
            let scope = self.warehouse.scope(ctx).await?;
            let out = engine.run(&input.sql, &scope).await.map_err(query_error)?;
            let note = (out.rows.len() > ROWS_FOR_MODEL).then(|| format!("The card shows all {} rows; you read the first {ROWS_FOR_MODEL}.", out.rows.len()));
            Ok(QueryResultOutput {
                success: true,
                row_count: out.rows.len() as u32,
                columns: out.columns,
                rows: out.rows,
                truncated: out.truncated,
                generated_sql: out.sql,
                facilities: scope.facilities,
                data_as_of: out.data_as_of.to_string(),
                note,
            })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The query", "查询", "查詢", "La consulta", "クエリ", "Die Abfrage", "La requête"]))
    }

    fn summarize(&self, output: &QueryResultOutput, lang: Lang) -> Option<String> {
        let template = lang.pick([
            "{n} rows for {columns}{more}.",
            "{columns} 共 {n} 行{more}。",
            "{columns} 共 {n} 列{more}。",
            "{n} filas de {columns}{more}.",
            "{columns} の {n} 行{more}。",
            "{n} Zeilen für {columns}{more}.",
            "{n} lignes pour {columns}{more}.",
        ]);
        let first = output.rows.first().map(|r| r.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned)).collect::<Vec<_>>().join(" · "));
        let more = first.map(|f| format!(" — {f}")).unwrap_or_default();
        Some(fill(template, &[("n", &output.row_count.to_string()), ("columns", &output.columns.join(", ")), ("more", &more)]))
    }
}
