//! The route tables, the guard in front of them and the router built from them.
//!
//! Each system lists its operations once ([`operations`]): method, path, handler and
//! documentation together. The router registers exactly those, and the OpenAPI document
//! ([`openapi::document`]) is written from the same list, so the two cannot drift.

pub(crate) mod error;
pub(crate) mod extract;
pub(crate) mod openapi;
pub(crate) mod page;

use std::borrow::Cow;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, OriginalUri, Request, State};
use axum::handler::Handler;
use axum::http::{HeaderMap, Method, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{self, MethodRouter};
use axum::{Json, Router};
use jiff::civil::Date;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, ToSchema};

use self::error::ApiError;
use self::extract::FacilityHeader;
use crate::db::Db;
use crate::{CALLER_HEADER, CallerVerifier, FACILITIES, System, TENANT, Token};

/// What every handler reads.
#[derive(Clone)]
pub(crate) struct App {
    pub db: Db,
    pub anchor: Date,
}

/// The request body limit of operations that do not set one.
pub(crate) const DEFAULT_BODY_LIMIT: usize = 1024 * 1024;

/// Every operation of `system`, in the order its document lists them.
pub(crate) fn operations(system: System) -> Vec<Operation> {
    match system {
        System::Wms => crate::wms::operations(),
        System::Fms => crate::fms::operations(),
        System::Yms => crate::yms::operations(),
        System::Oms => crate::oms::operations(),
    }
}

/// The tags of `system`'s document, with what each groups.
pub(crate) fn tags(system: System) -> &'static [(&'static str, &'static str)] {
    match system {
        System::Wms => crate::wms::TAGS,
        System::Fms => crate::fms::TAGS,
        System::Yms => crate::yms::TAGS,
        System::Oms => crate::oms::TAGS,
    }
}

/// A schema the document names in `components/schemas`.
#[derive(Clone, Copy)]
pub(crate) struct SchemaRef {
    pub name: fn() -> Cow<'static, str>,
    /// Adds the schema and every schema it refers to.
    pub collect: fn(&mut Vec<(String, RefOr<Schema>)>),
}

impl SchemaRef {
    fn of<T: ToSchema>() -> Self {
        SchemaRef {
            name: T::name,
            collect: |schemas| {
                schemas.push((T::name().into_owned(), T::schema()));
                T::schemas(schemas);
            },
        }
    }
}

/// What a successful call answers.
#[derive(Clone, Copy)]
pub(crate) enum Reply {
    /// One object, with 200 or 201.
    Object { status: u16, schema: SchemaRef },
    /// A page of a list: `{data, totalCount, page, pageSize}`.
    Page(SchemaRef),
}

/// Whether an operation needs `X-Facility-Id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Acts on one facility's data: 400 without the header.
    Facility,
    /// Tenant-wide data; a given facility still filters where the data has one.
    Tenant,
}

/// One operation: its route, its handler and its documentation.
pub(crate) struct Operation {
    pub method: Method,
    pub path: &'static str,
    pub id: &'static str,
    pub tag: &'static str,
    pub summary: &'static str,
    pub description: &'static str,
    pub scope: Scope,
    pub params: Vec<fn() -> Vec<Parameter>>,
    pub body: Option<SchemaRef>,
    pub reply: Option<Reply>,
    /// Error statuses particular to the operation, with what they mean here.
    pub errors: Vec<(u16, &'static str)>,
    pub body_limit: usize,
    handler: MethodRouter<App>,
}

impl Operation {
    fn new(method: Method, path: &'static str, id: &'static str, handler: MethodRouter<App>) -> Self {
        Operation {
            method,
            path,
            id,
            tag: "",
            summary: "",
            description: "",
            scope: Scope::Facility,
            params: Vec::new(),
            body: None,
            reply: None,
            errors: Vec::new(),
            body_limit: DEFAULT_BODY_LIMIT,
            handler,
        }
    }

    pub fn get<H: Handler<T, App>, T: 'static>(path: &'static str, id: &'static str, handler: H) -> Self {
        Self::new(Method::GET, path, id, routing::get(handler))
    }

    pub fn post<H: Handler<T, App>, T: 'static>(path: &'static str, id: &'static str, handler: H) -> Self {
        Self::new(Method::POST, path, id, routing::post(handler))
    }

    pub fn patch<H: Handler<T, App>, T: 'static>(path: &'static str, id: &'static str, handler: H) -> Self {
        Self::new(Method::PATCH, path, id, routing::patch(handler))
    }

    /// The tag, a one-line summary, and a description written for someone searching.
    pub fn doc(mut self, tag: &'static str, summary: &'static str, description: &'static str) -> Self {
        (self.tag, self.summary, self.description) = (tag, summary, description);
        self
    }

    /// Works without `X-Facility-Id`.
    pub fn tenant_wide(mut self) -> Self {
        self.scope = Scope::Tenant;
        self
    }

    pub fn path_params<P: IntoParams>(mut self) -> Self {
        self.params.push(|| P::into_params(|| Some(ParameterIn::Path)));
        self
    }

    pub fn query<Q: IntoParams>(mut self) -> Self {
        self.params.push(|| Q::into_params(|| Some(ParameterIn::Query)));
        self
    }

    pub fn body<B: ToSchema>(mut self) -> Self {
        self.body = Some(SchemaRef::of::<B>());
        self
    }

    pub fn ok<R: ToSchema>(mut self) -> Self {
        self.reply = Some(Reply::Object { status: 200, schema: SchemaRef::of::<R>() });
        self
    }

    pub fn created<R: ToSchema>(mut self) -> Self {
        self.reply = Some(Reply::Object { status: 201, schema: SchemaRef::of::<R>() });
        self
    }

    /// Answers a page of `R`; adds the paging parameters.
    pub fn page<R: ToSchema>(mut self) -> Self {
        self.reply = Some(Reply::Page(SchemaRef::of::<R>()));
        self.params.push(|| page::Paging::into_params(|| Some(ParameterIn::Query)));
        self
    }

    pub fn error(mut self, status: u16, meaning: &'static str) -> Self {
        self.errors.push((status, meaning));
        self
    }

    pub fn body_limit(mut self, bytes: usize) -> Self {
        self.body_limit = bytes;
        self
    }
}

/// What the guard of one system checks.
pub(crate) struct Guard {
    pub system: System,
    pub token: Token,
    pub callers: Option<CallerVerifier>,
}

/// The routes of one system, state applied, to be nested under its base path.
pub(crate) fn system_router(guard: Guard, app: App) -> Router {
    let system = guard.system;
    let mut router: Router<App> = Router::new();
    for op in operations(system) {
        router = router.route(op.path, op.handler.layer(DefaultBodyLimit::max(op.body_limit)));
    }
    let document = Arc::new(openapi::document(system, &system.base_path()));
    router
        .route_layer(middleware::from_fn_with_state(Arc::new(guard), guard_request))
        .route("/openapi.json", routing::get(move || async move { Json(document.as_ref().clone()) }))
        .fallback(|| async { ApiError::RouteNotFound })
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .with_state(app)
}

/// Checks the token, tenant and facility headers, and the statement of whom the call is
/// made for when the demo requires one, before any handler runs.
async fn guard_request(State(guard): State<Arc<Guard>>, mut req: Request, next: Next) -> Response {
    let checked = check(&guard.token, req.headers()).and_then(|facility| match &guard.callers {
        None => Ok(facility),
        Some(callers) => granted(&guard, callers, &req, facility),
    });
    match checked {
        Ok(facility) => {
            req.extensions_mut().insert(FacilityHeader(facility));
            next.run(req).await
        }
        Err(err) => err.into_response(),
    }
}

/// The facility the caller's statement grants this call: 401 without a valid statement,
/// 403 when `X-Facility-Id` names another facility. The call acts in that facility, with
/// or without the header.
fn granted(guard: &Guard, callers: &CallerVerifier, req: &Request, header: Option<&'static str>) -> Result<Option<&'static str>, ApiError> {
    let uri = req.extensions().get::<OriginalUri>().map_or(req.uri(), |original| &original.0);
    let path_and_query = uri.path_and_query().map_or(uri.path(), |pq| pq.as_str());
    let statement = req.headers().get(CALLER_HEADER).and_then(|v| v.to_str().ok());
    let now = jiff::Timestamp::now().as_second();
    let asserted =
        callers.verify(guard.system, statement, req.method().as_str(), path_and_query, now).map_err(|e| ApiError::CallerUnverified(e.to_string()))?;
    match header {
        Some(facility) if facility != asserted => Err(ApiError::Forbidden {
            code: "facility_forbidden",
            message: format!("This call was made for facility '{asserted}'; the caller is not granted '{facility}' here"),
        }),
        _ => Ok(Some(asserted)),
    }
}

pub(crate) const TENANT_HEADER: &str = "x-tenant-id";
pub(crate) const FACILITY_HEADER: &str = "x-facility-id";

fn check(token: &Token, headers: &HeaderMap) -> Result<Option<&'static str>, ApiError> {
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, value)| value.trim());
    if !presented.is_some_and(|p| same(p.as_bytes(), token.expose().as_bytes())) {
        return Err(ApiError::Unauthorized);
    }
    match headers.get(TENANT_HEADER).map(|v| v.to_str().unwrap_or_default()) {
        None => {
            return Err(ApiError::BadRequest {
                code: "tenant_required",
                message: format!("The X-Tenant-Id header is required; this system serves tenant '{TENANT}'"),
            });
        }
        Some(tenant) if tenant.trim() != TENANT => {
            return Err(ApiError::Forbidden { code: "tenant_forbidden", message: format!("Tenant '{}' is not served here", shorten(tenant)) });
        }
        Some(_) => {}
    }
    let Some(facility) = headers.get(FACILITY_HEADER) else { return Ok(None) };
    let facility = facility.to_str().unwrap_or_default().trim();
    match FACILITIES.iter().find(|(id, _)| *id == facility) {
        Some((id, _)) => Ok(Some(id)),
        None => Err(ApiError::Forbidden {
            code: "facility_forbidden",
            message: format!("Facility '{}' is not one of tenant '{TENANT}': {}", shorten(facility), FACILITIES.map(|(id, _)| id).join(", ")),
        }),
    }
}

/// Compares without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A caller's value, cut short enough to quote in a message.
pub(crate) fn shorten(value: &str) -> String {
    let mut cut: String = value.chars().filter(|c| !c.is_control()).take(64).collect();
    if value.chars().count() > 64 {
        cut.push('…');
    }
    cut
}

/// Checks on request values, answering 400 with the field's name.
pub(crate) mod check {
    use jiff::civil::Date;

    use super::error::{ApiError, ApiResult};
    use super::shorten;

    /// An optional `YYYY-MM-DD` date.
    pub fn date(field: &str, value: Option<&str>) -> ApiResult<Option<String>> {
        let Some(text) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(None) };
        match text.parse::<Date>() {
            Ok(date) if text.len() == 10 && (2000..=2100).contains(&date.year()) => Ok(Some(date.to_string())),
            _ => Err(ApiError::invalid(format!("{field}: '{}' is not a date as YYYY-MM-DD", shorten(text)))),
        }
    }

    /// A required RFC 3339 timestamp such as `2026-11-16T14:00:00-08:00`, stored in UTC.
    pub fn timestamp(field: &str, value: &str) -> ApiResult<String> {
        match value.trim().parse::<jiff::Timestamp>() {
            Ok(ts) if (2000..=2100).contains(&ts.to_zoned(jiff::tz::TimeZone::UTC).year()) => Ok(ts.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()),
            _ => Err(ApiError::invalid(format!("{field}: '{}' is not a date-time with offset, such as 2026-11-16T14:00:00-08:00", shorten(value)))),
        }
    }

    /// A required text of 1 to `max` characters, trimmed.
    pub fn text(field: &str, value: &str, max: usize) -> ApiResult<String> {
        let text = value.trim();
        if text.is_empty() {
            return Err(ApiError::invalid(format!("{field} must not be blank")));
        }
        optional(field, Some(text), max).map(Option::unwrap_or_default)
    }

    /// An optional text of at most `max` characters, trimmed; blank counts as absent.
    pub fn optional(field: &str, value: Option<&str>, max: usize) -> ApiResult<Option<String>> {
        let Some(text) = value.map(str::trim).filter(|v| !v.is_empty()) else { return Ok(None) };
        if text.chars().count() > max {
            return Err(ApiError::invalid(format!("{field} must be at most {max} characters")));
        }
        if text.chars().any(char::is_control) {
            return Err(ApiError::invalid(format!("{field} must not contain control characters")));
        }
        Ok(Some(text.to_owned()))
    }

    /// A whole number within `range`.
    pub fn within(field: &str, value: i64, range: std::ops::RangeInclusive<i64>) -> ApiResult<i64> {
        if range.contains(&value) { Ok(value) } else { Err(ApiError::invalid(format!("{field} must be from {} to {}", range.start(), range.end()))) }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The router and the documents come from one table; this checks the table itself:
    /// one handler per method and path, and each of them in the document.
    #[test]
    fn the_route_table_and_the_documents_agree() {
        for system in System::ALL {
            let doc = openapi::document(system, "/");
            let mut seen = BTreeSet::new();
            let operations = operations(system);
            for op in &operations {
                assert!(seen.insert((op.path, op.method.clone())), "{system}: {} {} is registered once", op.method, op.path);
                assert!(!op.tag.is_empty() && !op.summary.is_empty() && !op.description.is_empty(), "{} is documented", op.id);
                assert!(tags(system).iter().any(|(t, _)| *t == op.tag), "{}'s tag is declared", op.id);
                let documented = &doc["paths"][op.path][op.method.as_str().to_ascii_lowercase()];
                assert_eq!(documented["operationId"], op.id, "{system}: {} {}", op.method, op.path);
            }
            let documented: usize = doc["paths"].as_object().unwrap().values().map(|item| item.as_object().unwrap().len()).sum();
            assert_eq!(documented, operations.len(), "{system}: nothing documented that is not routed");
        }
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"abcd"));
    }
}
