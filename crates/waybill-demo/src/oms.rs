//! The order management system: merchants import orders in bulk and look them up. Its
//! orders are the WMS's outbound orders (one table), so the warehouse sees them at once.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Json as Reply;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::http::error::{ApiError, ApiResult, RowError};
use crate::http::extract::{Facility, Json, MaybeFacility, Path, Query};
use crate::http::page::{Filter, Page, Paging, list};
use crate::http::{App, Operation, check, shorten};
use crate::model::OrderSource;
use crate::orders::{self, CreatedOrder, MAX_IMPORT_LINES, Order, OrderDetail, OrderInput};

pub(crate) const TAGS: &[(&str, &str)] = &[("Orders", "Merchant orders: all-or-nothing bulk import and lookup by merchant and sales order id.")];

/// The import's body limit: 100,000 lines take about 12 MiB of JSON.
const IMPORT_BODY_LIMIT: usize = 32 * 1024 * 1024;

/// The OMS route table.
pub(crate) fn operations() -> Vec<Operation> {
    vec![
        Operation::post("/v1/orders/import", "importOrders", import)
            .doc(
                "Orders",
                "Import a merchant's orders (all or nothing)",
                "Import a batch of a merchant's sales orders with ship-to addresses and SKU lines into the facility's warehouse, in one transaction: \
                 if any row is invalid nothing is stored and the 422 answer lists every row error (row index, field, message). Up to 100,000 lines.",
            )
            .body::<ImportRequest>()
            .created::<ImportResult>()
            .body_limit(IMPORT_BODY_LIMIT)
            .error(400, "The body is malformed, or has no orders or too many lines")
            .error(422, "Rows are invalid; `error.details` lists every problem and nothing was stored"),
        Operation::get("/v1/orders", "listMerchantOrders", list_orders)
            .doc(
                "Orders",
                "List a merchant's recent orders",
                "List a merchant's orders newest first, by merchant number, optionally one sales order id; with X-Facility-Id, only that facility's.",
            )
            .tenant_wide()
            .query::<MerchantQuery>()
            .page::<Order>()
            .error(404, "The merchant does not exist"),
        Operation::get("/v1/orders/{orderId}", "getMerchantOrder", get_order)
            .doc("Orders", "Get an order with its lines", "Get one order by order id with status, ship-to address, requested ship date and lines.")
            .tenant_wide()
            .path_params::<OrderPath>()
            .ok::<OrderDetail>(),
    ]
}

/// A merchant's batch of orders.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ImportRequest {
    /// The merchant's number, such as `M10042`.
    merchant_no: String,
    /// One or more orders; at most 100,000 lines in all.
    orders: Vec<OrderInput>,
}

/// What an import stored.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ImportResult {
    /// How many orders were created.
    imported: usize,
    /// How many lines they hold.
    line_count: usize,
    orders: Vec<CreatedOrder>,
}

#[tracing::instrument(skip_all, fields(facility = facility, orders = body.orders.len()))]
async fn import(State(app): State<App>, Facility(facility): Facility, Json(body): Json<ImportRequest>) -> ApiResult<(StatusCode, Reply<ImportResult>)> {
    let merchant_no = check::text("merchantNo", &body.merchant_no, 32)?;
    if body.orders.is_empty() {
        return Err(ApiError::invalid("orders must hold at least one order"));
    }
    let lines: usize = body.orders.iter().map(|o| o.lines.as_ref().map_or(0, Vec::len)).sum();
    if lines > MAX_IMPORT_LINES {
        return Err(ApiError::invalid(format!("The batch has {lines} lines; an import takes at most {MAX_IMPORT_LINES}")));
    }
    let mut tx = app.db.begin().await?;
    let customer: Option<String> = sqlx::query_scalar("SELECT id FROM customers WHERE merchant_no = ?").bind(&merchant_no).fetch_optional(&mut *tx).await?;
    let Some(customer) = customer else {
        return Err(ApiError::InvalidRows(vec![RowError {
            row: None,
            field: "merchantNo".into(),
            message: format!("'{}' is not a known merchant", shorten(&merchant_no)),
        }]));
    };
    let valid = orders::validate(&mut tx, &customer, body.orders).await?;
    let created = orders::insert(&mut tx, facility, &customer, OrderSource::Import, valid).await?;
    tx.commit().await?;
    let line_count = created.iter().map(|o| o.line_count).sum();
    Ok((StatusCode::CREATED, Reply(ImportResult { imported: created.len(), line_count, orders: created })))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct MerchantQuery {
    /// The merchant's number, such as `M10042`.
    #[param(required = true)]
    merchant_no: Option<String>,
    /// Only the order with this sales order id.
    sales_order_id: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct OrderPath {
    /// Such as `ORD-00001234`.
    order_id: String,
}

async fn list_orders(
    State(app): State<App>,
    MaybeFacility(facility): MaybeFacility,
    Query(q): Query<MerchantQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Order>>> {
    let merchant_no = check::text("merchantNo", q.merchant_no.as_deref().unwrap_or_default(), 32)?;
    let customer: Option<String> = sqlx::query_scalar("SELECT id FROM customers WHERE merchant_no = ?").bind(&merchant_no).fetch_optional(&app.db.read).await?;
    let customer = customer.ok_or_else(|| ApiError::not_found(format!("Merchant {}", shorten(&merchant_no))))?;
    let filter = Filter::new().eq("o.customer_id", Some(customer)).eq("o.facility_id", facility).eq("o.sales_order_id", q.sales_order_id.as_deref());
    Ok(Reply(list(&app.db.read, orders::ORDER_SELECT, orders::ORDER_FROM, &filter, "o.created_at DESC, o.id DESC", &paging).await?))
}

async fn get_order(State(app): State<App>, MaybeFacility(facility): MaybeFacility, Path(p): Path<OrderPath>) -> ApiResult<Reply<OrderDetail>> {
    Ok(Reply(orders::detail(&app.db.read, &p.order_id, facility).await?))
}
