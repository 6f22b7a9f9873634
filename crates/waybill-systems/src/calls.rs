//! Calling one operation of a registered system: the arguments checked against the
//! operation's schemas before anything is sent, the URL built so that no value can leave
//! the registered host, the request signed, the user's tenant and facility forwarded, and
//! the answer summarised. Every failure becomes the card's 'Tool Call Failed' result with
//! the issues found and four fixes that fit.

use serde_json::{Value, json};
use waybill_openapi::{CallArgs, Issue, Operation};
use waybill_tools::Caller;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::outbound::OutboundError;

use crate::catalogues::{Loaded, TenantSystems};
use crate::service::Shared;
use crate::tools::{ApiCallInput, ApiCallResult, CallIssue};

/// How much of a response the model is given; the card keeps it whole.
pub const MODEL_DATA_CHARS: usize = 12_000;
/// The largest response read.
pub const MAX_RESPONSE_BYTES: usize = 8 * 1024 * 1024;

/// The failure result with `error`, the issues and fixes, and what was passed.
fn failed(input: &ApiCallInput, error: String, issues: Vec<CallIssue>, suggestions: [&str; 4]) -> ApiCallResult {
    ApiCallResult {
        success: false,
        system: input.system.clone(),
        operation: input.operation.clone(),
        error: Some(error),
        issues,
        parameters: Some(passed(input)),
        suggestions: suggestions.iter().map(|s| (*s).to_owned()).collect(),
        ..ApiCallResult::default()
    }
}

/// The arguments as they were passed, for the failure card.
fn passed(input: &ApiCallInput) -> Value {
    json!({"pathParams": input.path_params, "query": input.query, "body": input.body})
}

/// The system and operation the input names, or the failure saying why not, in `lang`.
pub fn resolve<'a>(systems: &'a TenantSystems, input: &ApiCallInput, lang: Lang) -> Result<(&'a Loaded, &'a Operation), Box<ApiCallResult>> {
    let Some(system) = systems.find(&input.system) else {
        let names = systems.names().join(", ");
        let none = lang.pick(["none", "无", "無", "ninguno", "なし", "keines", "aucun"]);
        let template = lang.pick([
            "No business system named '{name}' (registered: {names})",
            "没有名为“{name}”的业务系统（已注册：{names}）",
            "沒有名為「{name}」的業務系統（已註冊：{names}）",
            "No hay ningún sistema de negocio llamado '{name}' (registrados: {names})",
            "「{name}」という業務システムはありません（登録済み：{names}）",
            "Kein Geschäftssystem namens „{name}“ (registriert: {names})",
            "Aucun système métier nommé « {name} » (enregistrés : {names})",
        ]);
        let names = if names.is_empty() { none } else { &names };
        let error = fill(template, &[("names", names), ("name", &input.system)]);
        return Err(Box::new(failed(input, error, Vec::new(), lang.pick(UNKNOWN_SYSTEM_FIXES))));
    };
    let Some(op) = system.operation(&input.operation) else {
        let template = lang.pick([
            "{system} has no operation '{operation}'",
            "{system} 没有操作“{operation}”",
            "{system} 沒有操作「{operation}」",
            "{system} no tiene la operación '{operation}'",
            "{system} に操作「{operation}」はありません",
            "{system} hat keine Operation „{operation}“",
            "{system} n'a pas d'opération « {operation} »",
        ]);
        let error = fill(template, &[("system", &system.record.name), ("operation", &input.operation)]);
        return Err(Box::new(failed(input, error, Vec::new(), lang.pick(UNKNOWN_OPERATION_FIXES))));
    };
    Ok((system, op))
}

/// The arguments as the validator takes them. The tenant and facility headers an
/// operation declares are the caller's (every request carries them): the model never
/// passes them.
pub fn args(input: &ApiCallInput, caller: &Caller, op: &Operation) -> CallArgs {
    let headers = op
        .parameters
        .iter()
        .filter(|p| forwarded(p))
        .map(|p| {
            let value = if p.name.eq_ignore_ascii_case(TENANT_HEADER) { &caller.tenant_id } else { &caller.facility_id };
            (p.name.clone(), Value::String(value.clone()))
        })
        .collect();
    CallArgs { path: input.path_params.clone().unwrap_or_default(), query: input.query.clone().unwrap_or_default(), headers, body: input.body.clone() }
}

/// Whether Waybill fills the parameter itself: the tenant and facility headers.
pub fn forwarded(p: &waybill_openapi::Parameter) -> bool {
    p.location == waybill_openapi::Location::Header && (p.name.eq_ignore_ascii_case(TENANT_HEADER) || p.name.eq_ignore_ascii_case(FACILITY_HEADER))
}

/// The headers every call carries: the user's tenant and facility.
pub const TENANT_HEADER: &str = "X-Tenant-Id";
pub const FACILITY_HEADER: &str = "X-Facility-Id";

/// One issue for the card, its message in `lang` when it is one of the validator's usual
/// sentences (the expected and received values stay as the schema and the call wrote them).
fn issue(i: Issue, lang: Lang) -> CallIssue {
    let template = if i.message == format!("{} is required", i.path) {
        Some(lang.pick([
            "{path} is required",
            "{path} 为必填项",
            "{path} 為必填項",
            "{path} es obligatorio",
            "{path} は必須です",
            "{path} ist erforderlich",
            "{path} est obligatoire",
        ]))
    } else if i.message == format!("{} is not an allowed property", i.path) {
        Some(lang.pick([
            "{path} is not an allowed property",
            "{path} 不是允许的属性",
            "{path} 不是允許的屬性",
            "{path} no es una propiedad permitida",
            "{path} は許可されていないプロパティです",
            "{path} ist keine zulässige Eigenschaft",
            "{path} n'est pas une propriété autorisée",
        ]))
    } else if i.message == format!("{} should be {}, got {}", i.path, i.expected, i.received) {
        Some(lang.pick([
            "{path} should be {expected}, got {received}",
            "{path} 应为 {expected}，收到的是 {received}",
            "{path} 應為 {expected}，收到的是 {received}",
            "{path} debería ser {expected}, se recibió {received}",
            "{path} は {expected} である必要がありますが、{received} を受け取りました",
            "{path} sollte {expected} sein, erhalten: {received}",
            "{path} devrait être {expected}, reçu : {received}",
        ]))
    } else {
        None
    };
    let message = template.map_or(i.message, |t| fill(t, &[("path", &i.path), ("expected", &i.expected), ("received", &i.received)]));
    CallIssue { path: i.path, expected: i.expected, received: i.received, message }
}

/// Whether `n` takes the plural in `lang` (French counts 0 and 1 as one).
fn plural(lang: Lang, n: u64) -> bool {
    if lang == Lang::Fr { n > 1 } else { n != 1 }
}

/// Checks the arguments against the operation: the failure to show when they do not fit.
pub fn check(input: &ApiCallInput, caller: &Caller, op: &Operation) -> Result<CallArgs, Box<ApiCallResult>> {
    let args = args(input, caller, op);
    let issues = waybill_openapi::validate(op, &args);
    if issues.is_empty() {
        return Ok(args);
    }
    let lang = caller.lang;
    let template = if plural(lang, issues.len() as u64) {
        lang.pick([
            "The arguments do not fit {method} {path} ({n} issues)",
            "参数与 {method} {path} 不符（{n} 个问题）",
            "參數與 {method} {path} 不符（{n} 個問題）",
            "Los argumentos no encajan con {method} {path} ({n} problemas)",
            "引数が {method} {path} に合いません（問題 {n} 件）",
            "Die Argumente passen nicht zu {method} {path} ({n} Probleme)",
            "Les arguments ne correspondent pas à {method} {path} ({n} problèmes)",
        ])
    } else {
        lang.pick([
            "The arguments do not fit {method} {path} ({n} issue)",
            "参数与 {method} {path} 不符（{n} 个问题）",
            "參數與 {method} {path} 不符（{n} 個問題）",
            "Los argumentos no encajan con {method} {path} ({n} problema)",
            "引数が {method} {path} に合いません（問題 {n} 件）",
            "Die Argumente passen nicht zu {method} {path} ({n} Problem)",
            "Les arguments ne correspondent pas à {method} {path} ({n} problème)",
        ])
    };
    let error = fill(template, &[("method", &op.method), ("path", &op.path), ("n", &issues.len().to_string())]);
    Err(Box::new(failed(input, error, issues.into_iter().map(|i| issue(i, lang)).collect(), lang.pick(ARGUMENT_FIXES))))
}

/// Sends the call and reads its answer.
pub async fn send(
    input: &ApiCallInput,
    caller: &Caller,
    system: &Loaded,
    op: &Operation,
    args: &CallArgs,
    shared: &Shared,
    auth: crate::auth::Auth,
) -> ApiCallResult {
    let body = args.body.as_ref().map(|body| {
        let bytes = serde_json::to_vec(body).expect("a JSON value serializes");
        JsonBody { length: bytes.len() as u64, chunks: bytes.into() }
    });
    exchange(input, caller, system, op, args, body, shared, auth).await
}

/// [`send`] with `body` as the request body instead of the input's: a batch too large to
/// hold as values (an order import's), written as it is sent. The input's other
/// arguments go as they are, and the result's record of what was passed leaves the batch
/// out.
pub async fn send_streamed(
    input: &ApiCallInput,
    caller: &Caller,
    system: &Loaded,
    op: &Operation,
    body: JsonBody,
    shared: &Shared,
    auth: crate::auth::Auth,
) -> ApiCallResult {
    exchange(input, caller, system, op, &args(input, caller, op), Some(body), shared, auth).await
}

/// A JSON request body: its length in bytes, and the bytes (whole, or a stream of them).
pub struct JsonBody {
    pub length: u64,
    pub chunks: reqwest::Body,
}

/// Sends the call with `body` and reads its answer.
#[allow(clippy::too_many_arguments)]
async fn exchange(
    input: &ApiCallInput,
    caller: &Caller,
    system: &Loaded,
    op: &Operation,
    args: &CallArgs,
    body: Option<JsonBody>,
    shared: &Shared,
    auth: crate::auth::Auth,
) -> ApiCallResult {
    let (outbound, tokens) = (&shared.outbound_for(&system.record), &shared.tokens);
    let (lang, name) = (caller.lang, system.record.name.as_str());
    let base = match url::Url::parse(&system.record.base_url) {
        Ok(base) => base,
        Err(_) => {
            let template = lang.pick([
                "{system}'s base URL is not valid",
                "{system} 的基础 URL 无效",
                "{system} 的基礎 URL 無效",
                "La URL base de {system} no es válida",
                "{system} のベース URL が無効です",
                "Die Basis-URL von {system} ist ungültig",
                "L'URL de base de {system} n'est pas valide",
            ]);
            return failed(input, fill(template, &[("system", name)]), Vec::new(), lang.pick(ADMIN_FIXES));
        }
    };
    let url = match waybill_openapi::request_url(&base, op, args) {
        Ok(url) => url,
        Err(e) => {
            let template = lang.pick([
                "The request would leave {system}: {error}",
                "该请求会离开 {system}：{error}",
                "該請求會離開 {system}：{error}",
                "La solicitud saldría de {system}: {error}",
                "このリクエストは {system} の外に出てしまいます：{error}",
                "Die Anfrage würde {system} verlassen: {error}",
                "La requête sortirait de {system} : {error}",
            ]);
            return failed(input, fill(template, &[("system", name), ("error", &e.to_string())]), Vec::new(), lang.pick(LEAVING_FIXES));
        }
    };
    let method = reqwest::Method::from_bytes(op.method.as_bytes()).unwrap_or(reqwest::Method::GET);
    let request = match outbound.request(method, url.as_str()) {
        Ok(request) => request,
        Err(e) => return failed(input, e.in_lang(lang), Vec::new(), lang.pick(ADMIN_FIXES)),
    };
    let mut request = request.header("Accept", "application/json").header(TENANT_HEADER, &caller.tenant_id).header(FACILITY_HEADER, &caller.facility_id);
    let call = crate::service::SignedCall {
        tenant_id: &caller.tenant_id,
        facility_id: &caller.facility_id,
        user_id: Some(&caller.user_id),
        method: &op.method,
        url: &url,
    };
    if let Some((name, value)) = shared.call_statement(&system.record, &call) {
        request = request.header(name, value);
    }
    let request = match tokens.sign(&system.record.id, &auth, outbound, request).await {
        Ok(request) => request,
        Err(e) => {
            let template = lang.pick([
                "Signing in to {system} failed: {error}",
                "登录 {system} 失败：{error}",
                "登入 {system} 失敗：{error}",
                "No se pudo iniciar sesión en {system}: {error}",
                "{system} へのサインインに失敗しました：{error}",
                "Die Anmeldung bei {system} ist fehlgeschlagen: {error}",
                "La connexion à {system} a échoué : {error}",
            ]);
            return failed(input, fill(template, &[("system", name), ("error", &e.to_string())]), Vec::new(), lang.pick(ADMIN_FIXES));
        }
    };
    // Whatever comes back is read without the credentials just sent (crate::credentials).
    // The body goes on after they are taken: a streamed body cannot be copied to read them.
    let (mut request, sent) = crate::credentials::Sent::capture(request, &auth);
    if let Some(body) = body {
        use reqwest::header::{CONTENT_LENGTH, CONTENT_TYPE};
        request = request.header(CONTENT_TYPE, "application/json").header(CONTENT_LENGTH, body.length).body(body.chunks);
    }
    let (status, bytes) = match outbound.fetch(request, MAX_RESPONSE_BYTES).await {
        Ok((status, bytes)) => (status, sent.bytes(bytes)),
        Err(OutboundError::TooLarge { limit, .. }) => {
            let template = lang.pick([
                "{system} answered with more than {mb} MB",
                "{system} 的响应超过 {mb} MB",
                "{system} 的回應超過 {mb} MB",
                "{system} respondió con más de {mb} MB",
                "{system} の応答が {mb} MB を超えました",
                "{system} hat mit mehr als {mb} MB geantwortet",
                "{system} a répondu avec plus de {mb} Mo",
            ]);
            let error = fill(template, &[("system", name), ("mb", &(limit / (1024 * 1024)).to_string())]);
            return failed(input, error, Vec::new(), lang.pick(TOO_LARGE_FIXES));
        }
        Err(e) => {
            let template = lang.pick([
                "{system} could not be reached: {error}",
                "无法连接 {system}：{error}",
                "無法連線到 {system}：{error}",
                "No se pudo contactar con {system}: {error}",
                "{system} に接続できませんでした：{error}",
                "{system} ist nicht erreichbar: {error}",
                "{system} est injoignable : {error}",
            ]);
            let error = fill(template, &[("system", name), ("error", &e.in_lang(lang))]);
            return sent.result(failed(input, error, Vec::new(), lang.pick(RETRY_FIXES)));
        }
    };
    if status == reqwest::StatusCode::UNAUTHORIZED || status == reqwest::StatusCode::FORBIDDEN {
        tokens.forget(&system.record.id);
    }
    let data = serde_json::from_slice::<Value>(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    let mut result = ApiCallResult {
        success: status.is_success(),
        system: system.record.name.clone(),
        operation: op.key.clone(),
        method: Some(op.method.clone()),
        path: Some(url.path().to_owned()),
        status_code: Some(status.as_u16()),
        parameters: Some(passed(input)),
        ..ApiCallResult::default()
    };
    if status.is_success() {
        result.summary = summary(&data, lang);
        let template = lang.pick([
            "{method} {path} answered {status}",
            "{method} {path} 返回了 {status}",
            "{method} {path} 回傳了 {status}",
            "{method} {path} respondió {status}",
            "{method} {path} が {status} を返しました",
            "{method} {path} hat mit {status} geantwortet",
            "{method} {path} a répondu {status}",
        ]);
        result.message = Some(fill(template, &[("method", &op.method), ("path", &op.path), ("status", &status.as_u16().to_string())]));
    } else {
        result.error = Some(answered(lang, name, status, upstream_message(&data).as_deref()));
        result.suggestions = lang.pick(upstream_fixes(status.as_u16())).iter().map(|s| (*s).to_owned()).collect();
    }
    let (for_model, truncated) = shorten(&data, MODEL_DATA_CHARS, lang);
    result.data = Some(for_model);
    if truncated {
        result.truncated = true;
        result.card_only = Some(json!({"data": data}));
    }
    sent.result(result)
}

/// "X answered 404: …": Waybill's words in `lang` around the system's own, which stay as
/// the system wrote them (English keeps the status's reason phrase).
fn answered(lang: Lang, system: &str, status: reqwest::StatusCode, detail: Option<&str>) -> String {
    let status = if lang == Lang::En { status.to_string() } else { status.as_u16().to_string() };
    let Some(detail) = detail else {
        let template = lang.pick([
            "{system} answered {status}",
            "{system} 返回了 {status}",
            "{system} 回傳了 {status}",
            "{system} respondió {status}",
            "{system} が {status} を返しました",
            "{system} hat mit {status} geantwortet",
            "{system} a répondu {status}",
        ]);
        return fill(template, &[("system", system), ("status", &status)]);
    };
    let template = lang.pick([
        "{system} answered {status}: {detail}",
        "{system} 返回了 {status}：{detail}",
        "{system} 回傳了 {status}：{detail}",
        "{system} respondió {status}: {detail}",
        "{system} が {status} を返しました：{detail}",
        "{system} hat mit {status} geantwortet: {detail}",
        "{system} a répondu {status} : {detail}",
    ]);
    // The system's words go in last, so that nothing in them is taken for a placeholder.
    fill(template, &[("system", system), ("status", &status), ("detail", detail)])
}

/// The four fixes of each failure, in `[en, zh-CN, zh-TW, es, ja, de, fr]`.
const ADMIN_FIXES: [[&str; 4]; 7] = [
    [
        "Ask an administrator to check the system under Admin → Business systems",
        "Run 'Test connection' there to see what the system answers",
        "Check the base URL and the sign-in settings",
        "Try again once the settings are fixed",
    ],
    ["请管理员在“管理 → 业务系统”中检查该系统", "在那里运行“测试连接”，看看系统如何响应", "检查基础 URL 和登录设置", "设置修正后再试一次"],
    ["請管理員在「管理 → 業務系統」中檢查該系統", "在那裡執行「測試連線」，看看系統如何回應", "檢查基礎 URL 與登入設定", "設定修正後再試一次"],
    [
        "Pide a un administrador que revise el sistema en Administración → Sistemas de negocio",
        "Ejecuta allí «Probar conexión» para ver qué responde el sistema",
        "Revisa la URL base y la configuración de inicio de sesión",
        "Vuelve a intentarlo cuando la configuración esté corregida",
    ],
    [
        "管理者に「管理 → 業務システム」でシステムを確認してもらってください",
        "そこで「接続をテスト」を実行し、システムの応答を確認してください",
        "ベース URL とサインインの設定を確認してください",
        "設定が直ったらもう一度お試しください",
    ],
    [
        "Bitten Sie einen Administrator, das System unter Verwaltung → Geschäftssysteme zu prüfen",
        "Führen Sie dort „Verbindung testen“ aus, um zu sehen, was das System antwortet",
        "Prüfen Sie die Basis-URL und die Anmeldeeinstellungen",
        "Versuchen Sie es erneut, sobald die Einstellungen korrigiert sind",
    ],
    [
        "Demandez à un administrateur de vérifier le système dans Administration → Systèmes métier",
        "Lancez-y « Tester la connexion » pour voir ce que répond le système",
        "Vérifiez l'URL de base et les paramètres de connexion",
        "Réessayez une fois les paramètres corrigés",
    ],
];

const RETRY_FIXES: [[&str; 4]; 7] = [
    [
        "Try again in a moment: the system may be restarting",
        "Ask an administrator to run 'Test connection' under Admin → Business systems",
        "Check that the system's address is reachable from Waybill",
        "Use another system's data meanwhile if the user agrees",
    ],
    ["稍后再试：系统可能正在重启", "请管理员在“管理 → 业务系统”中运行“测试连接”", "检查 Waybill 能否访问该系统的地址", "如果用户同意，暂时使用其他系统的数据"],
    [
        "稍後再試：系統可能正在重新啟動",
        "請管理員在「管理 → 業務系統」中執行「測試連線」",
        "檢查 Waybill 能否連到該系統的位址",
        "如果使用者同意，暫時使用其他系統的資料",
    ],
    [
        "Vuelve a intentarlo en un momento: puede que el sistema se esté reiniciando",
        "Pide a un administrador que ejecute «Probar conexión» en Administración → Sistemas de negocio",
        "Comprueba que Waybill puede llegar a la dirección del sistema",
        "Mientras tanto, usa los datos de otro sistema si el usuario está de acuerdo",
    ],
    [
        "少し待ってから再試行してください：システムが再起動中かもしれません",
        "管理者に「管理 → 業務システム」で「接続をテスト」を実行してもらってください",
        "Waybill からシステムのアドレスに到達できるか確認してください",
        "ユーザーが同意すれば、その間は別のシステムのデータを使ってください",
    ],
    [
        "Versuchen Sie es gleich noch einmal: Das System startet vielleicht gerade neu",
        "Bitten Sie einen Administrator, unter Verwaltung → Geschäftssysteme „Verbindung testen“ auszuführen",
        "Prüfen Sie, ob Waybill die Adresse des Systems erreicht",
        "Nutzen Sie so lange die Daten eines anderen Systems, wenn der Benutzer einverstanden ist",
    ],
    [
        "Réessayez dans un instant : le système est peut-être en train de redémarrer",
        "Demandez à un administrateur de lancer « Tester la connexion » dans Administration → Systèmes métier",
        "Vérifiez que Waybill peut joindre l'adresse du système",
        "En attendant, utilisez les données d'un autre système si l'utilisateur est d'accord",
    ],
];

const CREDENTIALS_FIXES: [[&str; 4]; 7] = [
    [
        "The system refused Waybill's credentials: this is not the user's Waybill sign-in",
        "Ask an administrator to update the system's credentials under Admin → Business systems",
        "Check that the account may call this operation",
        "Try again after the credentials are updated",
    ],
    [
        "系统拒绝了 Waybill 的凭据：这与用户的 Waybill 登录无关",
        "请管理员在“管理 → 业务系统”中更新该系统的凭据",
        "检查该账号是否有权调用此操作",
        "凭据更新后再试一次",
    ],
    [
        "系統拒絕了 Waybill 的憑證：這與使用者的 Waybill 登入無關",
        "請管理員在「管理 → 業務系統」中更新該系統的憑證",
        "檢查該帳號是否有權呼叫此操作",
        "憑證更新後再試一次",
    ],
    [
        "El sistema rechazó las credenciales de Waybill: no es el inicio de sesión del usuario en Waybill",
        "Pide a un administrador que actualice las credenciales del sistema en Administración → Sistemas de negocio",
        "Comprueba que la cuenta puede llamar a esta operación",
        "Vuelve a intentarlo cuando se hayan actualizado las credenciales",
    ],
    [
        "システムが Waybill の認証情報を拒否しました：ユーザーの Waybill へのサインインの問題ではありません",
        "管理者に「管理 → 業務システム」でシステムの認証情報を更新してもらってください",
        "そのアカウントがこの操作を呼び出せるか確認してください",
        "認証情報が更新されたら再試行してください",
    ],
    [
        "Das System hat die Zugangsdaten von Waybill abgelehnt: Das ist nicht die Waybill-Anmeldung des Benutzers",
        "Bitten Sie einen Administrator, die Zugangsdaten des Systems unter Verwaltung → Geschäftssysteme zu aktualisieren",
        "Prüfen Sie, ob das Konto diese Operation aufrufen darf",
        "Versuchen Sie es erneut, sobald die Zugangsdaten aktualisiert sind",
    ],
    [
        "Le système a refusé les identifiants de Waybill : ce n'est pas la connexion de l'utilisateur à Waybill",
        "Demandez à un administrateur de mettre à jour les identifiants du système dans Administration → Systèmes métier",
        "Vérifiez que le compte peut appeler cette opération",
        "Réessayez une fois les identifiants mis à jour",
    ],
];

const NOT_FOUND_FIXES: [[&str; 4]; 7] = [
    [
        "Check the identifiers passed: the record may not exist in this facility",
        "Search or list the records first to find the right identifier",
        "Check the facility: records are scoped to the user's facility",
        "Check the operation: apiSearch lists what each one takes",
    ],
    [
        "检查传入的标识符：该记录可能不在此设施中",
        "先搜索或列出记录，找到正确的标识符",
        "检查设施：记录仅限于用户所在的设施",
        "检查操作：apiSearch 会列出每个操作接受的参数",
    ],
    [
        "檢查傳入的識別碼：該記錄可能不在此設施中",
        "先搜尋或列出記錄，找到正確的識別碼",
        "檢查設施：記錄僅限於使用者所在的設施",
        "檢查操作：apiSearch 會列出每個操作接受的參數",
    ],
    [
        "Revisa los identificadores enviados: puede que el registro no exista en esta instalación",
        "Busca o lista primero los registros para encontrar el identificador correcto",
        "Revisa la instalación: los registros se limitan a la instalación del usuario",
        "Revisa la operación: apiSearch indica qué acepta cada una",
    ],
    [
        "渡した識別子を確認してください：この施設にはそのレコードがないかもしれません",
        "まずレコードを検索または一覧表示して、正しい識別子を見つけてください",
        "施設を確認してください：レコードはユーザーの施設に限られます",
        "操作を確認してください：apiSearch が各操作の受け付ける内容を示します",
    ],
    [
        "Prüfen Sie die übergebenen Kennungen: Den Datensatz gibt es in diesem Standort vielleicht nicht",
        "Suchen oder listen Sie die Datensätze zuerst, um die richtige Kennung zu finden",
        "Prüfen Sie den Standort: Datensätze gelten nur für den Standort des Benutzers",
        "Prüfen Sie die Operation: apiSearch zeigt, was jede erwartet",
    ],
    [
        "Vérifiez les identifiants transmis : l'enregistrement n'existe peut-être pas sur ce site",
        "Recherchez ou listez d'abord les enregistrements pour trouver le bon identifiant",
        "Vérifiez le site : les enregistrements sont limités au site de l'utilisateur",
        "Vérifiez l'opération : apiSearch indique ce que chacune accepte",
    ],
];

const REFUSED_FIXES: [[&str; 4]; 7] = [
    [
        "Read the system's message in the error and correct the arguments it names",
        "Check required fields and their formats in the operation's schema",
        "Check the record's current state (an order already shipped cannot be cancelled)",
        "Ask the user for the missing or corrected values",
    ],
    [
        "阅读错误中系统给出的信息，修正其中提到的参数",
        "在操作的架构中检查必填字段及其格式",
        "检查记录的当前状态（已发货的订单无法取消）",
        "向用户询问缺少的或更正后的值",
    ],
    [
        "閱讀錯誤中系統提供的訊息，修正其中提到的參數",
        "在操作的結構描述中檢查必填欄位及其格式",
        "檢查記錄的目前狀態（已出貨的訂單無法取消）",
        "向使用者詢問缺少的或更正後的值",
    ],
    [
        "Lee el mensaje del sistema en el error y corrige los argumentos que menciona",
        "Revisa los campos obligatorios y sus formatos en el esquema de la operación",
        "Revisa el estado actual del registro (un pedido ya enviado no se puede cancelar)",
        "Pide al usuario los valores que faltan o los corregidos",
    ],
    [
        "エラー内のシステムのメッセージを読み、そこで挙げられた引数を直してください",
        "操作のスキーマで必須フィールドとその形式を確認してください",
        "レコードの現在の状態を確認してください（出荷済みの注文は取り消せません）",
        "足りない値や正しい値をユーザーに尋ねてください",
    ],
    [
        "Lesen Sie die Meldung des Systems im Fehler und korrigieren Sie die Argumente, die sie nennt",
        "Prüfen Sie Pflichtfelder und ihre Formate im Schema der Operation",
        "Prüfen Sie den aktuellen Zustand des Datensatzes (ein bereits versandter Auftrag kann nicht storniert werden)",
        "Fragen Sie den Benutzer nach den fehlenden oder korrigierten Werten",
    ],
    [
        "Lisez le message du système dans l'erreur et corrigez les arguments qu'il nomme",
        "Vérifiez les champs obligatoires et leurs formats dans le schéma de l'opération",
        "Vérifiez l'état actuel de l'enregistrement (une commande déjà expédiée ne peut pas être annulée)",
        "Demandez à l'utilisateur les valeurs manquantes ou corrigées",
    ],
];

const BUSY_FIXES: [[&str; 4]; 7] = [
    ["Wait a moment and try again", "Make fewer calls: ask for larger pages", "Filter the query to fewer records", "Try again later if the system stays busy"],
    ["稍等片刻再试", "减少调用次数：每页请求更多记录", "筛选查询以减少记录数", "如果系统一直繁忙，请稍后再试"],
    ["稍候片刻再試", "減少呼叫次數：每頁要求更多記錄", "篩選查詢以減少記錄數", "如果系統一直忙碌，請稍後再試"],
    [
        "Espera un momento y vuelve a intentarlo",
        "Haz menos llamadas: pide páginas más grandes",
        "Filtra la consulta para obtener menos registros",
        "Vuelve a intentarlo más tarde si el sistema sigue ocupado",
    ],
    [
        "少し待ってから再試行してください",
        "呼び出しを減らしてください：1 ページあたりの件数を増やします",
        "クエリを絞り込んでレコードを減らしてください",
        "システムが混み合ったままなら、後で再試行してください",
    ],
    [
        "Warten Sie einen Moment und versuchen Sie es erneut",
        "Rufen Sie seltener auf: Fragen Sie größere Seiten ab",
        "Filtern Sie die Abfrage auf weniger Datensätze",
        "Versuchen Sie es später erneut, wenn das System ausgelastet bleibt",
    ],
    [
        "Patientez un instant et réessayez",
        "Faites moins d'appels : demandez des pages plus grandes",
        "Filtrez la requête pour obtenir moins d'enregistrements",
        "Réessayez plus tard si le système reste occupé",
    ],
];

const TOO_LARGE_FIXES: [[&str; 4]; 7] = [
    [
        "Ask for fewer records with a smaller pageSize",
        "Filter the query (status, dates, facility)",
        "Ask for one page at a time",
        "Use a search or summary operation instead of a full list",
    ],
    ["用更小的 pageSize 请求更少的记录", "筛选查询（状态、日期、设施）", "一次只请求一页", "改用搜索或汇总操作，而不是完整列表"],
    ["用更小的 pageSize 要求更少的記錄", "篩選查詢（狀態、日期、設施）", "一次只要求一頁", "改用搜尋或摘要操作，而不是完整清單"],
    [
        "Pide menos registros con un pageSize más pequeño",
        "Filtra la consulta (estado, fechas, instalación)",
        "Pide una página cada vez",
        "Usa una operación de búsqueda o de resumen en lugar de la lista completa",
    ],
    [
        "pageSize を小さくしてレコードを減らしてください",
        "クエリを絞り込んでください（ステータス、日付、施設）",
        "1 ページずつ取得してください",
        "全件の一覧ではなく検索や集計の操作を使ってください",
    ],
    [
        "Fragen Sie mit kleinerem pageSize weniger Datensätze ab",
        "Filtern Sie die Abfrage (Status, Datum, Standort)",
        "Fragen Sie eine Seite nach der anderen ab",
        "Nutzen Sie eine Such- oder Übersichtsoperation statt der vollständigen Liste",
    ],
    [
        "Demandez moins d'enregistrements avec un pageSize plus petit",
        "Filtrez la requête (statut, dates, site)",
        "Demandez une page à la fois",
        "Utilisez une opération de recherche ou de synthèse plutôt que la liste complète",
    ],
];

const LEAVING_FIXES: [[&str; 4]; 7] = [
    [
        "Pass identifiers as plain values, not paths or URLs",
        "Leave out '/', '..' and '@' in path parameters",
        "Search with apiSearch for an operation that takes this value as a query parameter",
        "Ask the user for the exact identifier",
    ],
    ["以普通值传递标识符，不要传路径或 URL", "路径参数中不要包含 '/'、'..' 和 '@'", "用 apiSearch 搜索把此值作为查询参数的操作", "向用户询问确切的标识符"],
    ["以一般值傳遞識別碼，不要傳路徑或 URL", "路徑參數中不要包含 '/'、'..' 和 '@'", "用 apiSearch 搜尋把此值當作查詢參數的操作", "向使用者詢問確切的識別碼"],
    [
        "Pasa los identificadores como valores simples, no como rutas ni URL",
        "No pongas '/', '..' ni '@' en los parámetros de ruta",
        "Busca con apiSearch una operación que acepte este valor como parámetro de consulta",
        "Pide al usuario el identificador exacto",
    ],
    [
        "識別子はパスや URL ではなく、そのままの値で渡してください",
        "パスパラメーターに '/'、'..'、'@' を含めないでください",
        "この値をクエリパラメーターとして受け付ける操作を apiSearch で探してください",
        "正確な識別子をユーザーに尋ねてください",
    ],
    [
        "Übergeben Sie Kennungen als einfache Werte, nicht als Pfade oder URLs",
        "Lassen Sie '/', '..' und '@' in Pfadparametern weg",
        "Suchen Sie mit apiSearch eine Operation, die diesen Wert als Abfrageparameter nimmt",
        "Fragen Sie den Benutzer nach der genauen Kennung",
    ],
    [
        "Passez les identifiants comme de simples valeurs, pas comme des chemins ou des URL",
        "N'utilisez pas '/', '..' ni '@' dans les paramètres de chemin",
        "Cherchez avec apiSearch une opération qui prend cette valeur en paramètre de requête",
        "Demandez à l'utilisateur l'identifiant exact",
    ],
];

const UNKNOWN_SYSTEM_FIXES: [[&str; 4]; 7] = [
    [
        "Use one of the registered system names listed in the error",
        "Use the system's kind (wms, fms, yms, oms) when the tenant has only one of that kind",
        "Search the operations first with apiSearch; each result names its system",
        "Ask an administrator to register the system under Admin → Business systems",
    ],
    [
        "使用错误中列出的某个已注册系统名称",
        "如果租户只有一个该类型的系统，可使用系统类型（wms、fms、yms、oms）",
        "先用 apiSearch 搜索操作；每个结果都会注明所属系统",
        "请管理员在“管理 → 业务系统”中注册该系统",
    ],
    [
        "使用錯誤中列出的某個已註冊系統名稱",
        "如果租戶只有一個該類型的系統，可使用系統類型（wms、fms、yms、oms）",
        "先用 apiSearch 搜尋操作；每個結果都會註明所屬系統",
        "請管理員在「管理 → 業務系統」中註冊該系統",
    ],
    [
        "Usa uno de los nombres de sistema registrados que aparecen en el error",
        "Usa el tipo del sistema (wms, fms, yms, oms) cuando la empresa solo tiene uno de ese tipo",
        "Busca primero las operaciones con apiSearch; cada resultado indica su sistema",
        "Pide a un administrador que registre el sistema en Administración → Sistemas de negocio",
    ],
    [
        "エラーに挙げられた登録済みのシステム名のいずれかを使ってください",
        "その種類のシステムが 1 つだけなら、種類（wms、fms、yms、oms）を使ってください",
        "まず apiSearch で操作を検索してください。各結果にシステム名が示されます",
        "管理者に「管理 → 業務システム」でシステムを登録してもらってください",
    ],
    [
        "Verwenden Sie einen der registrierten Systemnamen aus dem Fehler",
        "Verwenden Sie die Art des Systems (wms, fms, yms, oms), wenn der Mandant nur eines dieser Art hat",
        "Suchen Sie die Operationen zuerst mit apiSearch; jedes Ergebnis nennt sein System",
        "Bitten Sie einen Administrator, das System unter Verwaltung → Geschäftssysteme zu registrieren",
    ],
    [
        "Utilisez l'un des noms de système enregistrés indiqués dans l'erreur",
        "Utilisez le type du système (wms, fms, yms, oms) quand l'entreprise n'en a qu'un de ce type",
        "Cherchez d'abord les opérations avec apiSearch ; chaque résultat nomme son système",
        "Demandez à un administrateur d'enregistrer le système dans Administration → Systèmes métier",
    ],
];

const UNKNOWN_OPERATION_FIXES: [[&str; 4]; 7] = [
    [
        "Search with apiSearch and pass an operation id it returned",
        "Pass the operation id exactly as listed, e.g. listInventory",
        "Or pass the method and the path template, e.g. GET /inventory/{itemId}",
        "Check that you are calling the right system (wms, fms, yms or oms)",
    ],
    [
        "用 apiSearch 搜索，并传入它返回的操作 ID",
        "按列出的原样传入操作 ID，例如 listInventory",
        "或传入方法和路径模板，例如 GET /inventory/{itemId}",
        "确认调用的是正确的系统（wms、fms、yms 或 oms）",
    ],
    [
        "用 apiSearch 搜尋，並傳入它傳回的操作 ID",
        "依列出的原樣傳入操作 ID，例如 listInventory",
        "或傳入方法與路徑範本，例如 GET /inventory/{itemId}",
        "確認呼叫的是正確的系統（wms、fms、yms 或 oms）",
    ],
    [
        "Busca con apiSearch y pasa un id de operación que devuelva",
        "Pasa el id de operación tal como aparece, p. ej. listInventory",
        "O pasa el método y la plantilla de ruta, p. ej. GET /inventory/{itemId}",
        "Comprueba que llamas al sistema correcto (wms, fms, yms u oms)",
    ],
    [
        "apiSearch で検索し、返された操作 ID を渡してください",
        "操作 ID は一覧のとおりに渡してください（例：listInventory）",
        "またはメソッドとパスのテンプレートを渡してください（例：GET /inventory/{itemId}）",
        "正しいシステム（wms、fms、yms、oms）を呼び出しているか確認してください",
    ],
    [
        "Suchen Sie mit apiSearch und übergeben Sie eine Operations-ID aus dem Ergebnis",
        "Übergeben Sie die Operations-ID genau wie aufgeführt, z. B. listInventory",
        "Oder übergeben Sie die Methode und die Pfadvorlage, z. B. GET /inventory/{itemId}",
        "Prüfen Sie, ob Sie das richtige System aufrufen (wms, fms, yms oder oms)",
    ],
    [
        "Cherchez avec apiSearch et passez un identifiant d'opération qu'il a renvoyé",
        "Passez l'identifiant d'opération tel qu'il est listé, p. ex. listInventory",
        "Ou passez la méthode et le modèle de chemin, p. ex. GET /inventory/{itemId}",
        "Vérifiez que vous appelez le bon système (wms, fms, yms ou oms)",
    ],
];

const ARGUMENT_FIXES: [[&str; 4]; 7] = [
    [
        "Fix each parameter listed in issues: it says what was expected and what was received",
        "Put path parameters in pathParams, query parameters in query and the request body in body",
        "Use the operation's exact parameter names, as apiSearch lists them",
        "Leave out parameters the operation does not take",
    ],
    [
        "修正 issues 中列出的每个参数：其中写明了期望值和收到的值",
        "路径参数放在 pathParams，查询参数放在 query，请求体放在 body",
        "使用 apiSearch 列出的操作参数的确切名称",
        "省略该操作不接受的参数",
    ],
    [
        "修正 issues 中列出的每個參數：其中寫明了預期值與收到的值",
        "路徑參數放在 pathParams，查詢參數放在 query，請求本文放在 body",
        "使用 apiSearch 列出的操作參數的確切名稱",
        "省略該操作不接受的參數",
    ],
    [
        "Corrige cada parámetro de issues: indica qué se esperaba y qué se recibió",
        "Pon los parámetros de ruta en pathParams, los de consulta en query y el cuerpo en body",
        "Usa los nombres exactos de los parámetros de la operación, como los lista apiSearch",
        "Omite los parámetros que la operación no acepta",
    ],
    [
        "issues に挙げられた各パラメーターを直してください：期待値と受け取った値が示されています",
        "パスパラメーターは pathParams、クエリパラメーターは query、リクエスト本文は body に入れてください",
        "apiSearch が示すとおりの正確なパラメーター名を使ってください",
        "操作が受け付けないパラメーターは省いてください",
    ],
    [
        "Korrigieren Sie jeden Parameter aus issues: Dort steht, was erwartet und was erhalten wurde",
        "Pfadparameter gehören in pathParams, Abfrageparameter in query und der Request-Body in body",
        "Verwenden Sie die genauen Parameternamen der Operation, wie apiSearch sie auflistet",
        "Lassen Sie Parameter weg, die die Operation nicht nimmt",
    ],
    [
        "Corrigez chaque paramètre listé dans issues : il indique ce qui était attendu et ce qui a été reçu",
        "Mettez les paramètres de chemin dans pathParams, ceux de requête dans query et le corps dans body",
        "Utilisez les noms exacts des paramètres de l'opération, tels qu'apiSearch les liste",
        "Omettez les paramètres que l'opération ne prend pas",
    ],
];

fn upstream_fixes(status: u16) -> [[&'static str; 4]; 7] {
    match status {
        401 | 403 => CREDENTIALS_FIXES,
        404 => NOT_FOUND_FIXES,
        400 | 409 | 422 => REFUSED_FIXES,
        429 => BUSY_FIXES,
        _ => RETRY_FIXES,
    }
}

/// The system's own words about a failure, from the usual error shapes.
fn upstream_message(data: &Value) -> Option<String> {
    let text = data
        .pointer("/error/message")
        .or_else(|| data.get("message"))
        .or_else(|| data.get("error"))
        .or_else(|| data.get("detail"))
        .or_else(|| data.get("title"))
        .and_then(|v| v.as_str().map(str::to_owned))
        .or_else(|| data.as_str().map(str::to_owned))?;
    Some(waybill_tools::redact::truncate(text.trim(), 300))
}

/// 'Total N records' ('Total 1 record') in `lang`, from `totalCount` (or `total`), else
/// the length of the list.
pub fn summary(data: &Value, lang: Lang) -> Option<String> {
    let total = ["totalCount", "total", "count"].iter().find_map(|k| data.get(*k).and_then(Value::as_u64));
    let listed = data.as_array().or_else(|| ["data", "items", "results", "records"].iter().find_map(|k| data.get(*k).and_then(Value::as_array))).map(Vec::len);
    let n = total.or(listed.map(|n| n as u64))?;
    let template = if plural(lang, n) {
        lang.pick([
            "Total {n} records",
            "共 {n} 条记录",
            "共 {n} 筆記錄",
            "Total: {n} registros",
            "合計 {n} 件",
            "Insgesamt {n} Datensätze",
            "Total : {n} enregistrements",
        ])
    } else {
        lang.pick([
            "Total {n} record",
            "共 {n} 条记录",
            "共 {n} 筆記錄",
            "Total: {n} registro",
            "合計 {n} 件",
            "Insgesamt {n} Datensatz",
            "Total : {n} enregistrement",
        ])
    };
    Some(fill(template, &[("n", &n.to_string())]))
}

/// The data cut to about `max` characters of JSON for the model: a list keeps its first
/// records (with a note of how many there are), anything else is cut as text.
fn shorten(data: &Value, max: usize, lang: Lang) -> (Value, bool) {
    let text = data.to_string();
    if text.len() <= max {
        return (data.clone(), false);
    }
    let list_key = ["data", "items", "results", "records"].into_iter().find(|k| data.get(*k).is_some_and(Value::is_array));
    let list = match list_key {
        Some(key) => data[key].as_array(),
        None => data.as_array(),
    };
    if let Some(items) = list {
        let mut kept = Vec::new();
        let mut size = 0;
        for item in items {
            size += item.to_string().len() + 1;
            if size > max {
                break;
            }
            kept.push(item.clone());
        }
        let template = lang.pick([
            "Showing {kept} of {n} records; the user sees them all on the card",
            "显示 {n} 条记录中的 {kept} 条；用户可在卡片上看到全部",
            "顯示 {n} 筆記錄中的 {kept} 筆；使用者可在卡片上看到全部",
            "Se muestran {kept} de {n} registros; el usuario los ve todos en la tarjeta",
            "{n} 件中 {kept} 件を表示しています。ユーザーはカードですべて見られます",
            "{kept} von {n} Datensätzen angezeigt; der Benutzer sieht alle auf der Karte",
            "{kept} enregistrements sur {n} affichés ; l'utilisateur les voit tous sur la carte",
        ]);
        let note = fill(template, &[("kept", &kept.len().to_string()), ("n", &items.len().to_string())]);
        let short = match list_key {
            Some(key) => {
                let mut object = data.as_object().cloned().unwrap_or_default();
                object.insert(key.into(), Value::Array(kept));
                object.insert("note".into(), Value::String(note));
                Value::Object(object)
            }
            None => json!({"records": kept, "note": note}),
        };
        return (short, true);
    }
    (Value::String(waybill_tools::redact::truncate(&text, max)), true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_come_from_total_count_or_the_list() {
        assert_eq!(summary(&json!({"data": [1, 2], "totalCount": 40}), Lang::En).as_deref(), Some("Total 40 records"));
        assert_eq!(summary(&json!([1, 2, 3]), Lang::En).as_deref(), Some("Total 3 records"));
        assert_eq!(summary(&json!({"items": [1]}), Lang::En).as_deref(), Some("Total 1 record"));
        assert_eq!(summary(&json!({"items": []}), Lang::En).as_deref(), Some("Total 0 records"));
        assert_eq!(summary(&json!({"id": 1}), Lang::En), None);
    }

    #[test]
    fn totals_are_written_in_the_users_language_singular_and_plural() {
        let one = json!({"items": [1]});
        let many = json!({"data": [1, 2], "totalCount": 40});
        let none = json!([]);
        let said = |data: &Value, lang| summary(data, lang).unwrap();
        assert_eq!(said(&many, Lang::De), "Insgesamt 40 Datensätze");
        assert_eq!(said(&one, Lang::De), "Insgesamt 1 Datensatz");
        assert_eq!(said(&none, Lang::De), "Insgesamt 0 Datensätze");
        assert_eq!(said(&many, Lang::ZhCn), "共 40 条记录");
        assert_eq!(said(&one, Lang::ZhCn), "共 1 条记录");
        assert_eq!(said(&one, Lang::ZhTw), "共 1 筆記錄");
        assert_eq!(said(&one, Lang::Es), "Total: 1 registro");
        assert_eq!(said(&many, Lang::Es), "Total: 40 registros");
        assert_eq!(said(&many, Lang::Ja), "合計 40 件");
        // French counts 0 and 1 as one.
        assert_eq!(said(&none, Lang::Fr), "Total : 0 enregistrement");
        assert_eq!(said(&one, Lang::Fr), "Total : 1 enregistrement");
        assert_eq!(said(&many, Lang::Fr), "Total : 40 enregistrements");
    }

    /// Every set of fixes: four, none empty, each language its own, English as it was.
    #[test]
    fn every_fixes_set_is_written_in_every_language() {
        let sets = [
            ADMIN_FIXES,
            RETRY_FIXES,
            CREDENTIALS_FIXES,
            NOT_FOUND_FIXES,
            REFUSED_FIXES,
            BUSY_FIXES,
            TOO_LARGE_FIXES,
            LEAVING_FIXES,
            UNKNOWN_SYSTEM_FIXES,
            UNKNOWN_OPERATION_FIXES,
            ARGUMENT_FIXES,
        ];
        for set in sets {
            for lang in Lang::ALL {
                let fixes = lang.pick(set);
                assert!(fixes.iter().all(|f| !f.trim().is_empty()), "{lang:?}: {fixes:?}");
                if lang != Lang::En {
                    assert!(fixes.iter().zip(Lang::En.pick(set)).all(|(f, en)| f != &en), "{lang:?} is not translated: {fixes:?}");
                }
            }
        }
        assert_eq!(Lang::En.pick(upstream_fixes(404))[0], "Check the identifiers passed: the record may not exist in this facility");
        assert_eq!(Lang::De.pick(upstream_fixes(404))[0], "Prüfen Sie die übergebenen Kennungen: Den Datensatz gibt es in diesem Standort vielleicht nicht");
        assert_eq!(Lang::ZhCn.pick(upstream_fixes(401))[1], "请管理员在“管理 → 业务系统”中更新该系统的凭据");
        assert_eq!(Lang::De.pick(upstream_fixes(503)), Lang::De.pick(RETRY_FIXES));
    }

    #[test]
    fn an_upstream_refusal_is_worded_in_the_users_language_around_the_systems_own_words() {
        let not_found = reqwest::StatusCode::NOT_FOUND;
        assert_eq!(answered(Lang::En, "Demo WMS", not_found, Some("No order SO-9")), "Demo WMS answered 404 Not Found: No order SO-9");
        assert_eq!(answered(Lang::De, "Demo WMS", not_found, Some("No order SO-9")), "Demo WMS hat mit 404 geantwortet: No order SO-9");
        assert_eq!(answered(Lang::ZhCn, "Demo WMS", not_found, Some("No order SO-9")), "Demo WMS 返回了 404：No order SO-9");
        assert_eq!(answered(Lang::Fr, "Demo WMS", not_found, None), "Demo WMS a répondu 404");
        // The system's words are not read as placeholders.
        assert_eq!(answered(Lang::De, "X", not_found, Some("{system} {status}")), "X hat mit 404 geantwortet: {system} {status}");
    }

    fn operation() -> Operation {
        serde_json::from_value(json!({
            "key": "createReceipt",
            "method": "POST",
            "path": "/receipts",
            "body": {"required": true, "contentType": "application/json", "schema": {
                "type": "object",
                "required": ["customerId"],
                "properties": {"customerId": {"type": "string"}, "pallets": {"type": "integer"}},
                "additionalProperties": false,
            }},
        }))
        .unwrap()
    }

    fn input(body: Value) -> ApiCallInput {
        ApiCallInput { system: "Demo WMS".into(), operation: "createReceipt".into(), path_params: None, query: None, body: Some(body) }
    }

    #[test]
    fn arguments_that_do_not_fit_are_explained_in_the_users_language() {
        let body = json!({"pallets": "two", "colour": "red"});
        let caller = |lang| Caller { lang, ..Caller::default() };
        let english = check(&input(body.clone()), &caller(Lang::En), &operation()).unwrap_err();
        assert_eq!(english.error.as_deref(), Some("The arguments do not fit POST /receipts (3 issues)"));
        assert_eq!(english.suggestions[0], "Fix each parameter listed in issues: it says what was expected and what was received");
        let german = check(&input(body.clone()), &caller(Lang::De), &operation()).unwrap_err();
        assert_eq!(german.error.as_deref(), Some("Die Argumente passen nicht zu POST /receipts (3 Probleme)"));
        assert_eq!(german.suggestions, Lang::De.pick(ARGUMENT_FIXES).map(str::to_owned));
        assert_eq!(german.issues.len(), english.issues.len());
        for (de, en) in german.issues.iter().zip(&english.issues) {
            assert_eq!((&de.path, &de.expected, &de.received), (&en.path, &en.expected, &en.received), "only the message is worded");
            assert_ne!(de.message, en.message, "{en:?} is not worded in German");
        }
        let chinese = check(&input(json!({"pallets": 2})), &caller(Lang::ZhCn), &operation()).unwrap_err();
        assert_eq!(chinese.error.as_deref(), Some("参数与 POST /receipts 不符（1 个问题）"));
        assert_eq!(chinese.issues[0].message, format!("{} 为必填项", chinese.issues[0].path));
        let one = check(&input(json!({"pallets": 2})), &caller(Lang::En), &operation()).unwrap_err();
        assert_eq!(one.error.as_deref(), Some("The arguments do not fit POST /receipts (1 issue)"));
    }

    #[test]
    fn large_lists_are_cut_for_the_model_with_a_note() {
        let data = json!({"data": (0..2000).map(|i| json!({"id": i, "name": "pallet of outdoor chairs"})).collect::<Vec<_>>(), "totalCount": 2000});
        let (short, cut) = shorten(&data, 2_000, Lang::En);
        assert!(cut);
        assert!(short.to_string().len() < 2_200, "{}", short.to_string().len());
        assert_eq!(short["totalCount"], 2000);
        assert!(short["note"].as_str().unwrap().contains("of 2000 records"));
        let (same, cut) = shorten(&json!({"id": 1}), 2_000, Lang::En);
        assert!(!cut);
        assert_eq!(same, json!({"id": 1}));
    }

    #[test]
    fn upstream_errors_keep_the_systems_words() {
        assert_eq!(upstream_message(&json!({"error": {"code": "x", "message": "Order is shipped"}})).as_deref(), Some("Order is shipped"));
        assert_eq!(upstream_message(&json!({"message": "nope"})).as_deref(), Some("nope"));
        assert_eq!(upstream_message(&json!({"id": 1})), None);
    }
}
