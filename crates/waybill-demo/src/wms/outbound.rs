//! Outbound orders as the warehouse sees them.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Json as Reply;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Facility, Json, Path, Query};
use crate::http::page::{Filter, Page, Paging, list};
use crate::http::{App, Operation, check, shorten};
use crate::model::{OrderSource, OrderStatus};
use crate::orders::{self, AddressInput, LineInput, Order, OrderDetail, OrderInput, OrderLine, now};

pub(super) fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/v1/orders", "listOrders", list_orders)
            .doc(
                "Orders",
                "List outbound orders",
                "List outbound orders of the facility, newest ship date first, filtered by customer, merchant number, status (open, allocated, picking, packed, shipped, cancelled), sales order id, carrier, or requested ship date and creation date ranges.",
            )
            .query::<OrderQuery>()
            .page::<Order>(),
        Operation::get("/v1/orders/{orderId}", "getOrder", get_order)
            .doc("Orders", "Get an outbound order with its lines", "Get one outbound order by order id: status, ship-to address, requested ship date, carrier and every line.")
            .path_params::<OrderPath>()
            .ok::<OrderDetail>(),
        Operation::get("/v1/orders/{orderId}/lines", "listOrderLines", list_lines)
            .doc("Orders", "List an order's lines", "List the lines of an outbound order: SKU, unit, ordered, allocated, picked and shipped quantities.")
            .path_params::<OrderPath>()
            .page::<OrderLine>(),
        Operation::post("/v1/orders", "createOrder", create_order)
            .doc("Orders", "Create an outbound order", "Create one outbound order for a merchant in this facility; it starts open. For many orders at once use the OMS import.")
            .body::<NewOrder>()
            .created::<OrderDetail>()
            .error(404, "The customer does not exist")
            .error(409, "The merchant already has an order with this sales order id"),
        Operation::patch("/v1/orders/{orderId}", "updateOrder", update_order)
            .doc("Orders", "Change an outbound order", "Change the requested ship date, PO number, carrier and service, or ship-to address of an open or allocated order.")
            .path_params::<OrderPath>()
            .body::<OrderChange>()
            .ok::<OrderDetail>()
            .error(409, "The order is already being picked, packed, shipped or cancelled"),
        Operation::post("/v1/orders/{orderId}/allocate", "allocateOrder", allocate_order)
            .doc("Orders", "Allocate an order", "Reserve available stock for every line of an open order, first expiring first; all lines or none.")
            .path_params::<OrderPath>()
            .ok::<OrderDetail>()
            .error(409, "The order is not open, or stock is short (the message names the SKUs)"),
        Operation::post("/v1/orders/{orderId}/release", "releaseOrder", release_order)
            .doc("Orders", "Release an order to picking", "Send an allocated order to the pickers; its status becomes picking.")
            .path_params::<OrderPath>()
            .ok::<OrderDetail>()
            .error(409, "The order is not allocated"),
        Operation::post("/v1/orders/{orderId}/pack", "packOrder", pack_order)
            .doc("Orders", "Mark an order packed", "Confirm that every line of a picking order is picked and packed; it is then ready for a shipment.")
            .path_params::<OrderPath>()
            .ok::<OrderDetail>()
            .error(409, "The order is not being picked"),
        Operation::post("/v1/orders/{orderId}/cancel", "cancelOrder", cancel_order)
            .doc("Orders", "Cancel an order", "Cancel an open or allocated order and release the stock it reserved.")
            .path_params::<OrderPath>()
            .ok::<OrderDetail>()
            .error(409, "The order is being picked, packed, shipped or is already cancelled"),
    ]
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct OrderQuery {
    /// Only this merchant's orders (`CUS-0001`).
    customer_id: Option<String>,
    /// Only this merchant's orders, by merchant number (`M10042`).
    merchant_no: Option<String>,
    /// Only merchants whose name contains this text, in any case (`pacific outdoor`).
    customer_name: Option<String>,
    status: Option<OrderStatus>,
    /// The merchant's order number.
    sales_order_id: Option<String>,
    carrier_id: Option<String>,
    /// Requested ship date on or after this day (`YYYY-MM-DD`).
    #[param(format = Date)]
    ship_from: Option<String>,
    /// Requested ship date on or before this day (`YYYY-MM-DD`).
    #[param(format = Date)]
    ship_to: Option<String>,
    /// Created on or after this day (`YYYY-MM-DD`, UTC).
    #[param(format = Date)]
    created_from: Option<String>,
    /// Created on or before this day (`YYYY-MM-DD`, UTC).
    #[param(format = Date)]
    created_to: Option<String>,
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
    Facility(facility): Facility,
    Query(q): Query<OrderQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Order>>> {
    let created_to = check::date("createdTo", q.created_to.as_deref())?.map(|d| format!("{d}T23:59:59Z"));
    let filter = Filter::new()
        .eq("o.facility_id", Some(facility))
        .eq("o.customer_id", q.customer_id.as_deref())
        .eq("c.merchant_no", q.merchant_no.as_deref())
        .contains(&["c.name"], q.customer_name.as_deref())
        .eq("o.status", q.status.map(OrderStatus::as_str))
        .eq("o.sales_order_id", q.sales_order_id.as_deref())
        .eq("o.carrier_id", q.carrier_id.as_deref())
        .at_least("o.requested_ship_date", check::date("shipFrom", q.ship_from.as_deref())?)
        .at_most("o.requested_ship_date", check::date("shipTo", q.ship_to.as_deref())?)
        .at_least("o.created_at", check::date("createdFrom", q.created_from.as_deref())?)
        .at_most("o.created_at", created_to);
    let order = "o.requested_ship_date DESC, o.id DESC";
    Ok(Reply(list(&app.db.read, orders::ORDER_SELECT, orders::ORDER_FROM, &filter, order, &paging).await?))
}

async fn get_order(State(app): State<App>, Facility(facility): Facility, Path(p): Path<OrderPath>) -> ApiResult<Reply<OrderDetail>> {
    Ok(Reply(orders::detail(&app.db.read, &p.order_id, Some(facility)).await?))
}

async fn list_lines(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<OrderPath>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<OrderLine>>> {
    let mut conn = app.db.read.acquire().await?;
    orders::status_of(&mut conn, &p.order_id, facility).await?;
    drop(conn);
    let filter = Filter::new().eq("l.order_id", Some(p.order_id.as_str()));
    Ok(Reply(list(&app.db.read, orders::LINE_SELECT, orders::LINE_FROM, &filter, "l.line_no", &paging).await?))
}

/// A new outbound order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewOrder {
    /// The merchant (`CUS-0001`).
    customer_id: String,
    /// The merchant's order number, unique per merchant.
    sales_order_id: String,
    po_number: Option<String>,
    ship_to: AddressInput,
    #[schema(format = Date)]
    requested_ship_date: String,
    carrier_id: Option<String>,
    service_id: Option<String>,
    lines: Vec<LineInput>,
}

async fn create_order(State(app): State<App>, Facility(facility): Facility, Json(body): Json<NewOrder>) -> ApiResult<(StatusCode, Reply<OrderDetail>)> {
    let mut tx = app.db.begin().await?;
    let customer: Option<String> = sqlx::query_scalar("SELECT id FROM customers WHERE id = ?").bind(&body.customer_id).fetch_optional(&mut *tx).await?;
    let customer = customer.ok_or_else(|| ApiError::not_found(format!("Customer {}", shorten(&body.customer_id))))?;
    let input = OrderInput {
        sales_order_id: Some(body.sales_order_id),
        po_number: body.po_number,
        ship_to: Some(body.ship_to),
        requested_ship_date: Some(body.requested_ship_date),
        carrier_id: body.carrier_id,
        service_id: body.service_id,
        lines: Some(body.lines),
    };
    let valid = match orders::validate(&mut tx, &customer, vec![input]).await {
        Ok(valid) => valid,
        Err(ApiError::InvalidRows(rows)) => {
            if let Some(duplicate) = rows.iter().find(|r| r.field == "salesOrderId" && r.message.contains("already exists")) {
                return Err(ApiError::conflict(format!("salesOrderId {}", duplicate.message)));
            }
            let problems: Vec<String> = rows.iter().map(|r| format!("{} {}", r.field, r.message)).collect();
            return Err(ApiError::BadRequest { code: "invalid_body", message: problems.join("; ") });
        }
        Err(err) => return Err(err),
    };
    let created = orders::insert(&mut tx, facility, &customer, OrderSource::Api, valid).await?;
    tx.commit().await?;
    let detail = orders::detail(&app.db.read, &created[0].order_id, Some(facility)).await?;
    Ok((StatusCode::CREATED, Reply(detail)))
}

/// Changes to an order; absent fields stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OrderChange {
    #[schema(format = Date)]
    requested_ship_date: Option<String>,
    po_number: Option<String>,
    /// With `serviceId`: one of the carrier's services.
    carrier_id: Option<String>,
    service_id: Option<String>,
    /// The whole new address.
    ship_to: Option<AddressInput>,
}

async fn update_order(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<OrderPath>,
    Json(body): Json<OrderChange>,
) -> ApiResult<Reply<OrderDetail>> {
    let ship_date = check::date("requestedShipDate", body.requested_ship_date.as_deref())?;
    let po_number = check::optional("poNumber", body.po_number.as_deref(), 64)?;
    let mut tx = app.db.begin().await?;
    match orders::status_of(&mut tx, &p.order_id, facility).await? {
        OrderStatus::Open | OrderStatus::Allocated => {}
        status => return Err(ApiError::conflict(format!("Order {} is {}; only open or allocated orders can change", p.order_id, status.as_str()))),
    }
    if body.service_id.is_some() && body.carrier_id.is_none() {
        return Err(ApiError::invalid("serviceId needs carrierId"));
    }
    if let Some(carrier) = &body.carrier_id {
        let services: Vec<String> = sqlx::query_scalar("SELECT id FROM delivery_services WHERE carrier_id = ?").bind(carrier).fetch_all(&mut *tx).await?;
        if services.is_empty() {
            return Err(ApiError::invalid(format!("carrierId: '{}' is not a known carrier", shorten(carrier))));
        }
        if let Some(service) = body.service_id.as_ref().filter(|s| !services.contains(s)) {
            return Err(ApiError::invalid(format!("serviceId: '{}' is not a service of carrier {carrier}", shorten(service))));
        }
    }
    if let Some(address) = body.ship_to {
        let probe = OrderInput {
            sales_order_id: Some("-".into()),
            po_number: None,
            ship_to: Some(address),
            requested_ship_date: Some("2000-01-01".into()),
            carrier_id: None,
            service_id: None,
            lines: None,
        };
        let address = orders::check_ship_to(probe)?;
        sqlx::query(
            "UPDATE orders SET ship_to_name = ?, ship_to_line1 = ?, ship_to_line2 = ?, ship_to_city = ?, ship_to_state = ?, ship_to_postal_code = ?, \
             ship_to_country = ?, ship_to_phone = ? WHERE id = ?",
        )
        .bind(address.name)
        .bind(address.line1)
        .bind(address.line2)
        .bind(address.city)
        .bind(address.state)
        .bind(address.postal_code)
        .bind(address.country)
        .bind(address.phone)
        .bind(&p.order_id)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "UPDATE orders SET requested_ship_date = coalesce(?, requested_ship_date), po_number = coalesce(?, po_number), carrier_id = coalesce(?, carrier_id), \
         service_id = CASE WHEN ? IS NULL THEN service_id ELSE ? END, updated_at = ? WHERE id = ?",
    )
    .bind(ship_date)
    .bind(po_number)
    .bind(&body.carrier_id)
    .bind(&body.carrier_id)
    .bind(&body.service_id)
    .bind(now())
    .bind(&p.order_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Reply(orders::detail(&app.db.read, &p.order_id, Some(facility)).await?))
}

async fn allocate_order(State(app): State<App>, Facility(facility): Facility, Path(p): Path<OrderPath>) -> ApiResult<Reply<OrderDetail>> {
    let mut tx = app.db.begin().await?;
    orders::allocate(&mut tx, &p.order_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(orders::detail(&app.db.read, &p.order_id, Some(facility)).await?))
}

async fn release_order(State(app): State<App>, Facility(facility): Facility, Path(p): Path<OrderPath>) -> ApiResult<Reply<OrderDetail>> {
    step(&app, facility, &p.order_id, OrderStatus::Allocated, OrderStatus::Picking, "UPDATE order_lines SET status = 'allocated' WHERE order_id = ?").await
}

async fn pack_order(State(app): State<App>, Facility(facility): Facility, Path(p): Path<OrderPath>) -> ApiResult<Reply<OrderDetail>> {
    step(
        &app,
        facility,
        &p.order_id,
        OrderStatus::Picking,
        OrderStatus::Packed,
        "UPDATE order_lines SET picked_qty = quantity_each, status = 'picked' WHERE order_id = ?",
    )
    .await
}

/// Moves an order from `from` to `to`, updating its lines with `lines_sql`.
async fn step(app: &App, facility: &str, order_id: &str, from: OrderStatus, to: OrderStatus, lines_sql: &'static str) -> ApiResult<Reply<OrderDetail>> {
    let mut tx = app.db.begin().await?;
    let status = orders::status_of(&mut tx, order_id, facility).await?;
    if status != from {
        return Err(ApiError::conflict(format!("Order {order_id} is {}; it must be {} first", status.as_str(), from.as_str())));
    }
    sqlx::query(lines_sql).bind(order_id).execute(&mut *tx).await?;
    sqlx::query("UPDATE orders SET status = ?, updated_at = ? WHERE id = ?").bind(to).bind(now()).bind(order_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(Reply(orders::detail(&app.db.read, order_id, Some(facility)).await?))
}

async fn cancel_order(State(app): State<App>, Facility(facility): Facility, Path(p): Path<OrderPath>) -> ApiResult<Reply<OrderDetail>> {
    let mut tx = app.db.begin().await?;
    orders::cancel(&mut tx, &p.order_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(orders::detail(&app.db.read, &p.order_id, Some(facility)).await?))
}
