//! `apiSearch` and `apiCall`: the assistant finds the operation it needs among the
//! tenant's registered systems, then calls it. Reads run at once; anything that changes
//! data asks the user first, unless an admin marked the operation safe.

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Scope, ToolContext, ToolError, TypedTool};

use crate::calls;
use crate::service::Shared;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/systems/")]
pub struct ApiSearchInput {
    /// What the operation should do, in a few words: "inventory by item", "cancel an outbound order".
    #[schemars(length(min = 1, max = 500))]
    pub query: String,
    /// Only this system: its name, or its kind (wms, fms, yms, oms). Leave out to search all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub system: Option<String>,
    /// At most this many results (1–20, default 8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 20))]
    #[ts(optional)]
    pub limit: Option<u8>,
}

/// A parameter as a search result lists it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/systems/")]
pub struct ApiParameter {
    pub name: String,
    pub required: bool,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/systems/")]
pub struct ApiParameters {
    pub path: Vec<ApiParameter>,
    pub query: Vec<ApiParameter>,
}

/// One operation found.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/systems/")]
pub struct ApiHit {
    /// The system's name, to pass to apiCall.
    pub system: String,
    pub kind: String,
    /// The operation's id, to pass to apiCall.
    pub operation: String,
    pub method: String,
    pub path: String,
    /// How well it matches, 0–100.
    pub similarity: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    pub parameters: ApiParameters,
    /// Whether a body is sent (see the operation's schema).
    pub has_body: bool,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/systems/")]
pub struct ApiSearchResult {
    pub success: bool,
    pub query: String,
    pub apis: Vec<ApiHit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/systems/")]
pub struct ApiCallInput {
    /// The system: its name, or its kind (wms, fms, yms, oms) when the tenant has one of it.
    #[schemars(length(min = 1, max = 200))]
    pub system: String,
    /// The operation id from apiSearch (or "METHOD /path").
    #[schemars(length(min = 1, max = 300))]
    pub operation: String,
    /// Values of the path's {parameters}.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, unknown>")]
    pub path_params: Option<Map<String, Value>>,
    /// Query parameters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, unknown>")]
    pub query: Option<Map<String, Value>>,
    /// The JSON request body, for operations that take one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub body: Option<Value>,
}

/// One way the arguments did not fit.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/systems/")]
pub struct CallIssue {
    pub path: String,
    pub expected: String,
    pub received: String,
    pub message: String,
}

/// A call's result: the answer, or the 'Tool Call Failed' view's contents.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/systems/")]
pub struct ApiCallResult {
    pub success: bool,
    pub system: String,
    pub operation: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub path: Option<String>,
    #[serde(rename = "status_code", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status_code: Option<u16>,
    /// The answer (for the model, cut when large: see `truncated`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub data: Option<Value>,
    /// 'Total N records', when the answer says or lists them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    #[serde(default)]
    pub issues: Vec<CallIssue>,
    /// The arguments as passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub parameters: Option<Value>,
    #[serde(default)]
    pub suggestions: Vec<String>,
    /// `data` was cut for the model; the whole answer is in `cardOnly.data`.
    #[serde(default)]
    pub truncated: bool,
    #[serde(rename = "cardOnly", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "{ data: unknown }")]
    pub card_only: Option<Value>,
}

pub struct ApiSearchTool {
    pub shared: Arc<Shared>,
}

pub struct ApiCallTool {
    pub shared: Arc<Shared>,
}

/// Whether the tenant has a system `wanted` accepts (loading its systems for this turn).
pub(crate) fn tenant_has<'a>(shared: &'a Shared, scope: &'a Scope<'a>, wanted: fn(&crate::catalogues::Loaded) -> bool) -> BoxFuture<'a, bool> {
    Box::pin(async move {
        match shared.catalogues.tenant(&shared.services.store, &scope.caller.tenant_id).await {
            Ok(systems) => systems.systems.iter().any(|s| wanted(s)),
            Err(e) => {
                tracing::warn!(error = %e, "the tenant's business systems could not be read");
                false
            }
        }
    })
}

fn has_systems<'a>(shared: &'a Shared, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
    tenant_has(shared, scope, |_| true)
}

/// Words that say which operation, without the request around them.
fn topic(text: &str) -> String {
    const FILLER: &[&str] = &[
        "find",
        "the",
        "a",
        "an",
        "api",
        "apis",
        "endpoint",
        "endpoints",
        "operation",
        "operations",
        "for",
        "to",
        "which",
        "what",
        "is",
        "there",
        "show",
        "me",
        "please",
        "search",
        "look",
        "up",
        "can",
        "i",
        "you",
        "get",
        "of",
        "in",
        "our",
        "my",
        "how",
        "many",
        "does",
        "do",
        "have",
        "has",
        "at",
        "list",
    ];
    text.split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty() && !FILLER.contains(&w.to_lowercase().as_str()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Words that name a kind of system.
const KIND_WORDS: [(&str, &str); 8] =
    [("wms", "wms"), ("warehouse", "wms"), ("fms", "fms"), ("tms", "fms"), ("freight", "fms"), ("yms", "yms"), ("yard", "yms"), ("oms", "oms")];

/// The system kind the words name, if any.
fn kind_in(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    KIND_WORDS.iter().find(|(word, _)| lower.split(|c: char| !c.is_alphanumeric()).any(|w| w == *word)).map(|(_, kind)| (*kind).to_owned())
}

/// The topic without the words that only said which system ("trailers at the yard" is
/// about trailers, in the yard system).
fn topic_in_system(text: &str) -> String {
    let topic = topic(text);
    let kept: Vec<&str> = topic.split(' ').filter(|w| !KIND_WORDS.iter().any(|(k, _)| w.eq_ignore_ascii_case(k))).collect();
    if kept.is_empty() { topic } else { kept.join(" ") }
}

impl TypedTool for ApiSearchTool {
    type Input = ApiSearchInput;
    type Output = ApiSearchResult;
    const NAME: &'static str = "apiSearch";

    fn description(&self) -> &str {
        "Searches the operations of the tenant's business systems (WMS, FMS/TMS, YMS, OMS) by what they do. Returns each match's system, operation id, method, path, similarity and parameters, to call with apiCall."
    }

    fn keywords(&self) -> &[&str] {
        &["api", "apis", "endpoint", "endpoints", "接口", "API"]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        has_systems(&self.shared, scope)
    }

    fn prompt_note(&self) -> Option<&str> {
        Some("To read or change data in the warehouse, freight, yard or order systems, find the operation with apiSearch, then call it with apiCall.")
    }

    fn call<'a>(&'a self, input: ApiSearchInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<ApiSearchResult, ToolError>> {
        Box::pin(async move {
            let systems = self
                .shared
                .catalogues
                .tenant(&self.shared.services.store, ctx.tenant_id())
                .await
                .map_err(|e| ToolError::Failed(format!("API search failed: {e}")))?;
            let only = match &input.system {
                Some(wanted) => Some(systems.find(wanted).ok_or_else(|| {
                    ToolError::Failed(format!("API search failed: no business system named '{wanted}' (registered: {})", systems.names().join(", ")))
                })?),
                None => None,
            };
            let limit = usize::from(input.limit.unwrap_or(8).clamp(1, 20));
            let mut hits = Vec::new();
            for system in systems.systems.iter().filter(|s| only.is_none_or(|o| Arc::ptr_eq(o, s))) {
                for hit in system.index.search(&input.query, limit) {
                    let op = &system.catalogue.operations[hit.operation];
                    let params = |location: waybill_openapi::Location| {
                        op.parameters.iter().filter(|p| p.location == location).map(|p| ApiParameter { name: p.name.clone(), required: p.required }).collect()
                    };
                    hits.push(ApiHit {
                        system: system.record.name.clone(),
                        kind: system.record.kind.as_str().into(),
                        operation: op.key.clone(),
                        method: op.method.clone(),
                        path: op.path.clone(),
                        similarity: (hit.similarity.clamp(0.0, 1.0) * 100.0).round() as u8,
                        summary: op.summary.clone(),
                        description: op.description.as_deref().map(|d| waybill_tools::redact::truncate(d, 300)),
                        parameters: ApiParameters { path: params(waybill_openapi::Location::Path), query: params(waybill_openapi::Location::Query) },
                        has_body: op.body.is_some(),
                    });
                }
            }
            hits.sort_by_key(|hit| std::cmp::Reverse(hit.similarity));
            hits.truncate(limit);
            Ok(ApiSearchResult { success: true, query: input.query, apis: hits, error: None })
        })
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<ApiSearchInput> {
        let query = topic_in_system(text);
        (!query.is_empty()).then(|| ApiSearchInput { query, system: kind_in(text), limit: None })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The API search", "API 搜索", "API 搜尋", "La búsqueda de API", "API 検索", "Die API-Suche", "La recherche d'API"]))
    }

    fn summarize(&self, output: &ApiSearchResult, lang: Lang) -> Option<String> {
        let Some(best) = output.apis.first() else {
            let template = lang.pick([
                "No APIs found for \"{query}\".",
                "未找到与“{query}”相关的 API。",
                "找不到與「{query}」相關的 API。",
                "No se encontraron API para \"{query}\".",
                "「{query}」に該当する API は見つかりませんでした。",
                "Keine APIs für „{query}“ gefunden.",
                "Aucune API trouvée pour « {query} ».",
            ]);
            return Some(fill(template, &[("query", &output.query)]));
        };
        let template = lang.pick([
            "Found {n} APIs; the best match is {method} {path} ({operation}) in {system}, {similarity}%.",
            "找到 {n} 个 API；最匹配的是 {system} 中的 {method} {path}（{operation}），相似度 {similarity}%。",
            "找到 {n} 個 API；最相符的是 {system} 中的 {method} {path}（{operation}），相似度 {similarity}%。",
            "Se encontraron {n} API; la más parecida es {method} {path} ({operation}) en {system}, {similarity} %.",
            "{n} 件の API が見つかりました。最も近いのは {system} の {method} {path}（{operation}）、類似度 {similarity}% です。",
            "{n} APIs gefunden; am besten passt {method} {path} ({operation}) in {system}, {similarity} %.",
            "{n} API trouvées ; la plus proche est {method} {path} ({operation}) dans {system}, {similarity} %.",
        ]);
        Some(fill(
            template,
            &[
                ("n", &output.apis.len().to_string()),
                ("method", &best.method),
                ("path", &best.path),
                ("operation", &best.operation),
                ("system", &best.system),
                ("similarity", &best.similarity.to_string()),
            ],
        ))
    }
}

/// Verbs that ask to change something, for the offline model's choice of operation.
const WRITE_WORDS: &[&str] =
    &["cancel", "create", "add", "book", "schedule", "reschedule", "move", "check", "allocate", "update", "receive", "depart", "close", "delete"];

impl TypedTool for ApiCallTool {
    type Input = ApiCallInput;
    type Output = ApiCallResult;
    const NAME: &'static str = "apiCall";

    fn description(&self) -> &str {
        "Calls one operation of a business system (found with apiSearch): path parameters, query parameters and a JSON body are checked against the operation first. Calls that change data wait for the user's approval."
    }

    fn keywords(&self) -> &[&str] {
        &[
            "how many",
            "orders",
            "order",
            "trailers",
            "trailer",
            "inventory",
            "appointments",
            "appointment",
            "shipments",
            "loads",
            "carriers",
            "receipts",
            "dock",
            "doors",
            "cancel",
            "reschedule",
            "allocate",
            "订单",
            "库存",
            "拖车",
        ]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        has_systems(&self.shared, scope)
    }

    fn timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(60)
    }

    fn needs_approval(&self, input: &ApiCallInput, scope: &Scope<'_>) -> bool {
        // Loaded for this turn by `offered`; anything not found there asks, to be safe.
        let Some(systems) = self.shared.catalogues.cached(&scope.caller.tenant_id) else { return true };
        systems.find(&input.system).and_then(|s| s.operation(&input.operation).map(|op| s.writes(op))).unwrap_or(true)
    }

    fn precheck<'a>(&'a self, input: &'a ApiCallInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<(), ToolError>> {
        Box::pin(precheck_call(&self.shared, input, ctx))
    }

    fn offline_follow_up(&self, text: &str, answers: &Value, ctx: &ToolContext) -> Option<ApiCallInput> {
        follow_up(&self.shared, text, answers, ctx)
    }

    fn call<'a>(&'a self, input: ApiCallInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<ApiCallResult, ToolError>> {
        Box::pin(async move {
            let shared = &self.shared;
            let systems =
                shared.catalogues.tenant(&shared.services.store, ctx.tenant_id()).await.map_err(|e| ToolError::Failed(format!("API call failed: {e}")))?;
            let (system, op) = match calls::resolve(&systems, &input, ctx.caller.lang) {
                Ok(found) => found,
                Err(failure) => return Ok(*failure),
            };
            let args = match calls::check(&input, &ctx.caller, op) {
                Ok(args) => args,
                Err(failure) => return Ok(*failure),
            };
            let auth = system.record.auth(&shared.services.sealer).map_err(|e| ToolError::Failed(format!("API call failed: {e}")))?;
            Ok(calls::send(&input, &ctx.caller, system, op, &args, shared, auth).await)
        })
    }

    fn offline_input(&self, text: &str, ctx: &ToolContext) -> Option<ApiCallInput> {
        let systems = self.shared.catalogues.cached(ctx.tenant_id())?;
        let lower = text.to_lowercase();
        let writes = lower.split(|c: char| !c.is_alphanumeric()).any(|w| WRITE_WORDS.contains(&w));
        let wanted_kind = kind_in(text);
        // The identifier is the value, not what the operation does.
        let query = topic_in_system(text).split(' ').filter(|w| !w.chars().any(|c| c.is_ascii_digit())).collect::<Vec<_>>().join(" ");
        let words: Vec<&str> = text.split_whitespace().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-')).filter(|w| !w.is_empty()).collect();
        let identifier = words.iter().find(|w| is_identifier(w) && w.chars().any(|c| c.is_ascii_alphabetic())).copied();
        // The best operation across the systems: a read unless the words ask to change
        // something, and one that needs no identifier unless the words give one.
        let (system, op) = systems
            .systems
            .iter()
            .filter(|s| wanted_kind.as_deref().is_none_or(|k| s.record.kind.as_str() == k))
            .flat_map(|s| s.index.search(&query, 8).into_iter().map(move |hit| (s, hit)))
            .filter(|(s, hit)| {
                let op = &s.catalogue.operations[hit.operation];
                let needs_id = op.parameters.iter().any(|p| p.location == waybill_openapi::Location::Path && p.required);
                (op.method == "GET") != writes && (identifier.is_some() || !needs_id)
            })
            // Raw scores weigh words by how rare they are in one system: across systems
            // the similarity compares, the score breaks ties.
            .max_by(|a, b| a.1.similarity.total_cmp(&b.1.similarity).then(a.1.score.total_cmp(&b.1.score)))
            .map(|(s, hit)| (s, &s.catalogue.operations[hit.operation]))?;
        let mut path = Map::new();
        let mut query = Map::new();
        for p in &op.parameters {
            match p.location {
                waybill_openapi::Location::Path => {
                    if let Some(id) = identifier {
                        path.insert(p.name.clone(), Value::String(id.into()));
                    }
                }
                waybill_openapi::Location::Query => {
                    // An enum value the user said ("open", "in_yard"), or a name after the parameter's word.
                    let values = p.schema.get("enum").and_then(Value::as_array).cloned().unwrap_or_default();
                    if let Some(v) = values
                        .iter()
                        .find(|v| v.as_str().is_some_and(|v| lower.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w == v.to_lowercase())))
                    {
                        query.insert(p.name.clone(), v.clone());
                    } else if let Some(value) = named_value(&words, &p.name)
                        && (is_identifier(&value) || !p.name.ends_with("Id"))
                    {
                        // A name goes to `customerName`, an identifier to `customerId`.
                        query.insert(p.name.clone(), Value::String(value));
                    }
                }
                _ => {}
            }
        }
        Some(ApiCallInput {
            system: system.record.name.clone(),
            operation: op.key.clone(),
            path_params: (!path.is_empty()).then_some(path),
            query: (!query.is_empty()).then_some(query),
            body: op.body.as_ref().filter(|b| b.required).map(|_| Value::Object(Map::new())),
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The API call", "API 调用", "API 呼叫", "La llamada a la API", "API 呼び出し", "Der API-Aufruf", "L'appel d'API"]))
    }

    fn summarize(&self, output: &ApiCallResult, lang: Lang) -> Option<String> {
        if !output.success {
            let template = lang.pick([
                "The call to {system} failed: {error}",
                "调用 {system} 失败：{error}",
                "呼叫 {system} 失敗：{error}",
                "La llamada a {system} falló: {error}",
                "{system} の呼び出しに失敗しました：{error}",
                "Der Aufruf von {system} ist fehlgeschlagen: {error}",
                "L'appel à {system} a échoué : {error}",
            ]);
            return Some(fill(template, &[("system", &output.system), ("error", output.error.as_deref().unwrap_or("Unknown error"))]));
        }
        if let Some(id) = saved_id(output) {
            let template = lang.pick([
                "Done: {system} saved {id} ({operation}).",
                "已完成：{system} 已保存 {id}（{operation}）。",
                "已完成：{system} 已儲存 {id}（{operation}）。",
                "Hecho: {system} guardó {id} ({operation}).",
                "完了しました：{system} が {id} を保存しました（{operation}）。",
                "Erledigt: {system} hat {id} gespeichert ({operation}).",
                "C'est fait : {system} a enregistré {id} ({operation}).",
            ]);
            return Some(fill(template, &[("system", &output.system), ("id", &id), ("operation", &output.operation)]));
        }
        let template = lang.pick([
            "{system} answered {operation}{summary}.",
            "{system} 已响应 {operation}{summary}。",
            "{system} 已回應 {operation}{summary}。",
            "{system} respondió a {operation}{summary}.",
            "{system} が {operation} に応答しました{summary}。",
            "{system} hat {operation} beantwortet{summary}.",
            "{system} a répondu à {operation}{summary}.",
        ]);
        let summary = output.summary.as_ref().map(|s| format!(": {s}")).unwrap_or_default();
        Some(fill(template, &[("system", &output.system), ("operation", &output.operation), ("summary", &summary)]))
    }
}

/// The id of the record a successful write answered with (`RCV-000245`), if it names one.
fn saved_id(output: &ApiCallResult) -> Option<String> {
    let write = output.method.as_deref().is_some_and(|m| !matches!(m, "GET" | "HEAD" | "OPTIONS"));
    let data = output.data.as_ref()?;
    write.then(|| data.get("id").and_then(Value::as_str).map(str::to_owned)).flatten()
}

/// What can be known before a write is offered for approval: the system and operation
/// exist, the arguments fit the operation's schemas (required values, types, formats),
/// and a change carries something to change. Values missing say so
/// ([`waybill_tools::tool::missing_values`]), so the model asks the user for them.
async fn precheck_call(shared: &Shared, input: &ApiCallInput, ctx: &ToolContext) -> Result<(), ToolError> {
    let systems = shared.catalogues.tenant(&shared.services.store, ctx.tenant_id()).await.map_err(|e| ToolError::Failed(format!("API call failed: {e}")))?;
    let (_, op) = calls::resolve(&systems, input, ctx.caller.lang).map_err(|failure| refusal(&failure))?;
    if let Some(empty) = empty_change(input, op) {
        return Err(empty);
    }
    calls::check(input, &ctx.caller, op).map(drop).map_err(|failure| refusal(&failure))
}

/// A failed result's error and issues as one sentence for the model and the card.
fn refusal(failure: &ApiCallResult) -> ToolError {
    let error = failure.error.as_deref().unwrap_or("The call cannot be made");
    let issues: Vec<&str> = failure.issues.iter().map(|i| i.message.as_str()).collect();
    let text = if issues.is_empty() { error.to_owned() } else { format!("{error}: {}", issues.join("; ")) };
    if failure.issues.iter().any(|i| i.expected == "required") {
        waybill_tools::tool::missing_values(&format!("{text}. Ask the user for them"))
    } else {
        ToolError::Invalid(text)
    }
}

/// Whether a body holds nothing: no body, `{}`, or only empty values.
fn is_empty_body(body: Option<&Value>) -> bool {
    match body {
        None | Some(Value::Null) => true,
        Some(Value::Object(map)) => map.values().all(|v| match v {
            Value::Null => true,
            Value::String(s) => s.trim().is_empty(),
            Value::Object(o) => o.is_empty(),
            _ => false,
        }),
        Some(_) => false,
    }
}

/// An update (PUT, PATCH) with an empty body changes nothing: what it could change.
fn empty_change(input: &ApiCallInput, op: &waybill_openapi::Operation) -> Option<ToolError> {
    let body = op.body.as_ref()?;
    if !matches!(op.method.as_str(), "PUT" | "PATCH") || !is_empty_body(input.body.as_ref()) {
        return None;
    }
    let fields: Vec<&str> = body.schema.get("properties").and_then(Value::as_object).map(|p| p.keys().map(String::as_str).collect()).unwrap_or_default();
    let detail = if fields.is_empty() {
        format!("{} {} changes nothing with an empty body; ask the user what to change", op.method, op.path)
    } else {
        format!("{} {} changes nothing with an empty body; ask the user what to change ({})", op.method, op.path, fields.join(", "))
    };
    Some(waybill_tools::tool::missing_values(&detail))
}

/// The offline model's call that carries out a submitted form: the write the user's
/// words name (the operation found as [`ApiCallTool::offline_input`] finds one) whose
/// body the answers fill best.
fn follow_up(shared: &Shared, text: &str, answers: &Value, ctx: &ToolContext) -> Option<ApiCallInput> {
    let systems = shared.catalogues.cached(ctx.tenant_id())?;
    let values = answers.get("values")?.as_object()?;
    let picked = picked_records(answers.get("labels"));
    let wanted_kind = kind_in(text);
    let query = topic_in_system(text).split(' ').filter(|w| !w.chars().any(|c| c.is_ascii_digit())).collect::<Vec<_>>().join(" ");
    let mut best: Option<(usize, f32, ApiCallInput)> = None;
    for system in systems.systems.iter().filter(|s| wanted_kind.as_deref().is_none_or(|k| s.record.kind.as_str() == k)) {
        for hit in system.index.search(&query, 8) {
            let op = &system.catalogue.operations[hit.operation];
            let needs_path = op.parameters.iter().any(|p| p.location == waybill_openapi::Location::Path && p.required);
            let Some(declared) = op.body.as_ref().filter(|_| system.writes(op) && !needs_path) else { continue };
            let Some(body) = body_from(&declared.schema, values, &picked) else { continue };
            let input = ApiCallInput { system: system.record.name.clone(), operation: op.key.clone(), path_params: None, query: None, body: Some(body) };
            let issues = waybill_openapi::validate(op, &calls::args(&input, &ctx.caller, op)).len();
            if best.as_ref().is_none_or(|(fewest, similarity, _)| issues < *fewest || (issues == *fewest && hit.similarity > *similarity)) {
                best = Some((issues, hit.similarity, input));
            }
        }
    }
    best.map(|(_, _, input)| input)
}

/// The records behind what was picked in a form's selectors (`labels` or an item's
/// `__metadata`: `{value, label, data}` each, or lists of them).
fn picked_records(labels: Option<&Value>) -> Vec<Map<String, Value>> {
    let Some(Value::Object(labels)) = labels else { return Vec::new() };
    let one = |v: &Value| v.get("data").and_then(Value::as_object).cloned();
    labels
        .values()
        .flat_map(|v| if let Value::Array(list) = v { list.iter().filter_map(one).collect() } else { one(v).into_iter().collect::<Vec<_>>() })
        .collect()
}

/// A request body from a form's answers: each property of the schema from the answer of
/// its name; else from a picked record that holds it (an item's `sku`); an array of
/// objects from the answers' list of items, item by item. `None` when nothing fits.
fn body_from(schema: &Value, values: &Map<String, Value>, picked: &[Map<String, Value>]) -> Option<Value> {
    let properties = schema.get("properties")?.as_object()?;
    let lists: Vec<&Vec<Value>> = values.values().filter_map(Value::as_array).filter(|l| l.iter().all(Value::is_object)).collect();
    let mut body = Map::new();
    for (name, property) in properties {
        let given = values.get(name).filter(|v| !matches!(v, Value::Null) && v.as_str().is_none_or(|s| !s.trim().is_empty()));
        let items_schema = property.get("items").filter(|i| i.get("properties").is_some());
        let value = match (given, items_schema) {
            (Some(Value::Array(items)), Some(item_schema)) => Some(Value::Array(items.iter().filter_map(|item| item_body(item_schema, item)).collect())),
            (Some(value), _) => Some(value.clone()),
            (None, Some(item_schema)) if lists.len() == 1 => Some(Value::Array(lists[0].iter().filter_map(|item| item_body(item_schema, item)).collect())),
            (None, _) => picked.iter().find_map(|record| record.get(name).filter(|v| !v.is_null()).cloned()),
        };
        if let Some(value) = value {
            body.insert(name.clone(), value);
        }
    }
    (!body.is_empty()).then_some(Value::Object(body))
}

/// One item of a form's list as the schema's item: its own values, then its picks' records.
fn item_body(schema: &Value, item: &Value) -> Option<Value> {
    let values = item.as_object()?;
    body_from(schema, values, &picked_records(values.get("__metadata")))
}

/// One word with a digit in it: `CUS-0001`, `M10042`, `TRL-0042`.
fn is_identifier(value: &str) -> bool {
    !value.contains(' ') && value.chars().any(|c| c.is_ascii_digit())
}

/// The words after a parameter's own word ("customer Pacific Outdoor" for `customerName`):
/// capitalised words or one identifier, for the offline model.
fn named_value(words: &[&str], param: &str) -> Option<String> {
    let lower = param.to_lowercase();
    let at = words.iter().position(|w| {
        let w = w.to_lowercase();
        w.len() > 3 && lower.starts_with(w.trim_end_matches('s'))
    })?;
    let taken: Vec<&str> = words[at + 1..].iter().take_while(|w| w.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())).copied().collect();
    (!taken.is_empty()).then(|| taken.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_topic_leaves_out_the_request_around_it() {
        assert_eq!(topic("find the API for inventory by item"), "inventory by item");
        assert_eq!(kind_in("show trailers at the yard").as_deref(), Some("yms"));
        assert_eq!(kind_in("inventory by item"), None);
        assert_eq!(topic_in_system("show trailers at the yard"), "trailers");
        assert_eq!(topic_in_system("find the yard"), "yard");
    }

    #[test]
    fn a_name_after_the_parameters_word_is_its_value() {
        let words = ["how", "many", "open", "orders", "does", "customer", "Pacific", "Outdoor", "Supply", "have"];
        assert_eq!(named_value(&words, "customerName").as_deref(), Some("Pacific Outdoor Supply"));
        assert_eq!(named_value(&words, "carrierId"), None);
    }
}
