//! Outbound orders: one table for the WMS and the OMS. Validation and creation are shared
//! by the WMS's single-order create and the OMS's all-or-nothing import; allocation,
//! cancellation and shipping keep lines, allocations and inventory in step.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::sqlite::SqlitePool;
use sqlx::{FromRow, SqliteConnection};
use utoipa::ToSchema;

use crate::bulk::Table;
use crate::db::{Seq, reserve};
use crate::http::error::{ApiError, ApiResult, RowError};
use crate::model::{LineStatus, OrderSource, OrderStatus, Uom};

pub(crate) const ORDER_COLUMNS: &[&str] = &[
    "id",
    "facility_id",
    "customer_id",
    "sales_order_id",
    "po_number",
    "status",
    "ship_to_name",
    "ship_to_line1",
    "ship_to_line2",
    "ship_to_city",
    "ship_to_state",
    "ship_to_postal_code",
    "ship_to_country",
    "ship_to_phone",
    "requested_ship_date",
    "carrier_id",
    "service_id",
    "line_count",
    "total_quantity",
    "source",
    "created_at",
    "updated_at",
];

pub(crate) const LINE_COLUMNS: &[&str] =
    &["order_id", "line_no", "item_id", "sku", "uom", "quantity", "quantity_each", "allocated_qty", "picked_qty", "shipped_qty", "status"];

/// The most lines one import may carry.
pub(crate) const MAX_IMPORT_LINES: usize = 100_000;
/// The most lines one order may carry.
const MAX_ORDER_LINES: usize = 500;
/// Lines buffered before the rows are written (their orders first): buffered whole, an
/// import of 100,000 lines held some 50 MB of row values at once.
const LINES_PER_WRITE: usize = 5_000;

/// A ship-to address.
#[derive(Debug, Clone, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Address {
    /// Consignee: a person or a business.
    #[sqlx(rename = "ship_to_name")]
    pub name: String,
    #[sqlx(rename = "ship_to_line1")]
    pub line1: String,
    #[sqlx(rename = "ship_to_line2")]
    pub line2: Option<String>,
    #[sqlx(rename = "ship_to_city")]
    pub city: String,
    /// Two-letter state or province code.
    #[sqlx(rename = "ship_to_state")]
    pub state: String,
    #[sqlx(rename = "ship_to_postal_code")]
    pub postal_code: String,
    /// ISO 3166 two-letter country code.
    #[sqlx(rename = "ship_to_country")]
    pub country: String,
    #[sqlx(rename = "ship_to_phone")]
    pub phone: Option<String>,
}

/// An outbound order.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Order {
    /// The warehouse's id of the order, such as `ORD-00001234`.
    pub order_id: String,
    /// The merchant's own order number; unique per merchant.
    pub sales_order_id: String,
    pub po_number: Option<String>,
    pub facility_id: String,
    /// The merchant's customer id, such as `CUS-0001`.
    pub customer_id: String,
    pub merchant_no: String,
    pub customer_name: String,
    pub status: OrderStatus,
    #[sqlx(flatten)]
    pub ship_to: Address,
    /// The day the order should leave the warehouse.
    #[schema(format = Date)]
    pub requested_ship_date: String,
    /// The carrier it is routed to, once routed.
    pub carrier_id: Option<String>,
    pub service_id: Option<String>,
    pub line_count: i64,
    /// Ordered quantity in eaches across all lines.
    pub total_quantity: i64,
    pub source: OrderSource,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

pub(crate) const ORDER_SELECT: &str = "o.id AS order_id, o.sales_order_id, o.po_number, o.facility_id, o.customer_id, c.merchant_no, \
     c.name AS customer_name, o.status, o.ship_to_name, o.ship_to_line1, o.ship_to_line2, o.ship_to_city, o.ship_to_state, \
     o.ship_to_postal_code, o.ship_to_country, o.ship_to_phone, o.requested_ship_date, o.carrier_id, o.service_id, o.line_count, \
     o.total_quantity, o.source, o.created_at, o.updated_at";
pub(crate) const ORDER_FROM: &str = "orders o JOIN customers c ON c.id = o.customer_id";

/// A line of an outbound order.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OrderLine {
    pub order_id: String,
    /// The line's number in its order, from 1.
    pub line_no: i64,
    pub item_id: String,
    pub sku: String,
    pub description: String,
    pub uom: Uom,
    /// Ordered quantity in `uom`.
    pub quantity: i64,
    /// Ordered quantity in eaches.
    pub quantity_each: i64,
    /// Eaches reserved on inventory.
    pub allocated_qty: i64,
    pub picked_qty: i64,
    pub shipped_qty: i64,
    pub status: LineStatus,
}

pub(crate) const LINE_SELECT: &str = "l.order_id, l.line_no, l.item_id, l.sku, i.description, l.uom, l.quantity, l.quantity_each, \
     l.allocated_qty, l.picked_qty, l.shipped_qty, l.status";
pub(crate) const LINE_FROM: &str = "order_lines l JOIN items i ON i.id = l.item_id";

/// An order with its lines.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OrderDetail {
    #[serde(flatten)]
    pub order: Order,
    pub lines: Vec<OrderLine>,
}

/// A ship-to address as sent. Fields are checked one by one so that an import can report
/// every problem of every row.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct AddressInput {
    /// Consignee: a person or a business, up to 100 characters.
    #[schema(required = true)]
    pub name: Option<String>,
    #[schema(required = true)]
    pub line1: Option<String>,
    pub line2: Option<String>,
    #[schema(required = true)]
    pub city: Option<String>,
    /// Two-letter state code for US addresses, such as `CA`.
    #[schema(required = true)]
    pub state: Option<String>,
    /// Five-digit ZIP (or ZIP+4) for US addresses.
    #[schema(required = true)]
    pub postal_code: Option<String>,
    /// ISO 3166 two-letter country code; `US` when absent.
    pub country: Option<String>,
    pub phone: Option<String>,
}

/// An order line as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct LineInput {
    /// An active SKU of the order's merchant.
    #[schema(required = true)]
    pub sku: Option<String>,
    /// Whole units of `uom`, 1 to 100000.
    #[schema(value_type = i64, minimum = 1, maximum = 100000, required = true)]
    pub quantity: Option<Value>,
    /// `EA`, `CS` or `PL`; `EA` when absent.
    pub uom: Option<String>,
}

/// An order as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct OrderInput {
    /// The merchant's order number, unique per merchant, up to 64 characters.
    #[schema(required = true)]
    pub sales_order_id: Option<String>,
    pub po_number: Option<String>,
    #[schema(required = true)]
    pub ship_to: Option<AddressInput>,
    /// `YYYY-MM-DD`.
    #[schema(format = Date, required = true)]
    pub requested_ship_date: Option<String>,
    /// Route to this carrier (`CAR-001`…); with `serviceId`, one of its services.
    pub carrier_id: Option<String>,
    pub service_id: Option<String>,
    /// 1 to 500 lines.
    #[schema(required = true)]
    pub lines: Option<Vec<LineInput>>,
}

/// An order that passed validation.
pub(crate) struct ValidOrder {
    sales_order_id: String,
    po_number: Option<String>,
    ship_to: Address,
    requested_ship_date: String,
    carrier_id: Option<String>,
    service_id: Option<String>,
    /// (item id, sku, uom, quantity, eaches).
    lines: Vec<(String, String, Uom, i64, i64)>,
}

/// What was created.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CreatedOrder {
    pub order_id: String,
    pub sales_order_id: String,
    pub line_count: usize,
}

struct Catalogue {
    /// sku → (item id, active, case quantity, pallet quantity).
    items: HashMap<String, (String, bool, i64, i64)>,
    /// sales order id → order id.
    existing: HashMap<String, String>,
    /// carrier id → its service ids.
    services: HashMap<String, HashSet<String>>,
}

async fn catalogue(conn: &mut SqliteConnection, customer_id: &str) -> Result<Catalogue, sqlx::Error> {
    let rows: Vec<(String, String, String, i64, i64)> = sqlx::query_as(
        "SELECT i.sku, i.id, i.status, coalesce(cs.qty_each, 1), coalesce(pl.qty_each, 1) FROM items i \
         LEFT JOIN item_uoms cs ON cs.item_id = i.id AND cs.uom = 'CS' LEFT JOIN item_uoms pl ON pl.item_id = i.id AND pl.uom = 'PL' \
         WHERE i.customer_id = ?",
    )
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await?;
    let items = rows.into_iter().map(|(sku, id, status, cs, pl)| (sku, (id, status == "active", cs, pl))).collect();
    let existing: Vec<(String, String)> =
        sqlx::query_as("SELECT sales_order_id, id FROM orders WHERE customer_id = ?").bind(customer_id).fetch_all(&mut *conn).await?;
    let mut services: HashMap<String, HashSet<String>> = HashMap::new();
    let pairs: Vec<(String, String)> = sqlx::query_as("SELECT carrier_id, id FROM delivery_services").fetch_all(&mut *conn).await?;
    for (carrier, service) in pairs {
        services.entry(carrier).or_default().insert(service);
    }
    Ok(Catalogue { items, existing: existing.into_iter().collect(), services })
}

/// Checks every order and line; answers every problem found, or the orders ready to store.
pub(crate) async fn validate(conn: &mut SqliteConnection, customer_id: &str, orders: Vec<OrderInput>) -> ApiResult<Vec<ValidOrder>> {
    let catalogue = catalogue(conn, customer_id).await?;
    let mut errors = Vec::new();
    let mut valid = Vec::with_capacity(orders.len());
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (row, order) in orders.into_iter().enumerate() {
        let mut problems = Problems { row, errors: &mut errors, found: false };
        if let Some(order) = check_order(&catalogue, &mut seen, row, order, &mut problems) {
            valid.push(order);
        }
    }
    if errors.is_empty() { Ok(valid) } else { Err(ApiError::InvalidRows(errors)) }
}

struct Problems<'a> {
    row: usize,
    errors: &'a mut Vec<RowError>,
    found: bool,
}

impl Problems<'_> {
    fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.found = true;
        self.errors.push(RowError { row: Some(self.row), field: field.into(), message: message.into() });
    }

    /// A required text of at most `max` characters, trimmed.
    fn text(&mut self, field: &str, value: Option<String>, max: usize) -> String {
        match value.as_deref().map(str::trim) {
            None | Some("") => {
                self.add(field, "is required");
                String::new()
            }
            Some(text) => self.bounded(field, text, max),
        }
    }

    /// An optional text of at most `max` characters, trimmed; blank counts as absent.
    fn optional(&mut self, field: &str, value: Option<String>, max: usize) -> Option<String> {
        let text = value.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
        Some(self.bounded(field, text, max))
    }

    fn bounded(&mut self, field: &str, text: &str, max: usize) -> String {
        if text.chars().count() > max {
            self.add(field, format!("must be at most {max} characters"));
        } else if text.chars().any(char::is_control) {
            self.add(field, "must not contain control characters");
        }
        text.to_owned()
    }
}

fn check_order(catalogue: &Catalogue, seen: &mut HashMap<String, usize>, row: usize, order: OrderInput, p: &mut Problems<'_>) -> Option<ValidOrder> {
    let sales_order_id = p.text("salesOrderId", order.sales_order_id, 64);
    if !sales_order_id.is_empty() {
        if let Some(existing) = catalogue.existing.get(&sales_order_id) {
            p.add("salesOrderId", format!("'{sales_order_id}' already exists for this merchant as order {existing}"));
        } else if let Some(first) = seen.get(&sales_order_id) {
            p.add("salesOrderId", format!("'{sales_order_id}' repeats row {first}"));
        } else {
            seen.insert(sales_order_id.clone(), row);
        }
    }
    let po_number = p.optional("poNumber", order.po_number, 64);
    let ship_to = check_address(order.ship_to, p);
    let requested_ship_date = match order.requested_ship_date.as_deref().map(str::trim) {
        None | Some("") => {
            p.add("requestedShipDate", "is required");
            String::new()
        }
        Some(text) => match text.parse::<jiff::civil::Date>() {
            Ok(date) if text.len() == 10 && (2000..=2100).contains(&date.year()) => date.to_string(),
            _ => {
                p.add("requestedShipDate", format!("'{}' is not a date as YYYY-MM-DD", crate::http::shorten(text)));
                String::new()
            }
        },
    };
    let carrier_id = p.optional("carrierId", order.carrier_id, 32);
    let service_id = p.optional("serviceId", order.service_id, 32);
    match (&carrier_id, &service_id) {
        (Some(carrier), service) => match catalogue.services.get(carrier) {
            None => p.add("carrierId", format!("'{}' is not a known carrier", crate::http::shorten(carrier))),
            Some(services) => {
                if let Some(service) = service.as_ref().filter(|s| !services.contains(*s)) {
                    p.add("serviceId", format!("'{}' is not a service of carrier {carrier}", crate::http::shorten(service)));
                }
            }
        },
        (None, Some(_)) => p.add("serviceId", "needs carrierId"),
        (None, None) => {}
    }
    let mut lines = Vec::new();
    match order.lines {
        None => p.add("lines", "is required"),
        Some(list) if list.is_empty() => p.add("lines", "needs at least one line"),
        Some(list) if list.len() > MAX_ORDER_LINES => p.add("lines", format!("has {} lines; an order takes at most {MAX_ORDER_LINES}", list.len())),
        Some(list) => {
            for (index, line) in list.into_iter().enumerate() {
                let field = |name: &str| format!("lines[{index}].{name}");
                let sku = p.text(&field("sku"), line.sku, 64);
                let item = if sku.is_empty() {
                    None
                } else {
                    match catalogue.items.get(&sku) {
                        None => {
                            p.add(field("sku"), format!("'{}' is not an item of this merchant", crate::http::shorten(&sku)));
                            None
                        }
                        Some((_, false, _, _)) => {
                            p.add(field("sku"), format!("'{sku}' is inactive"));
                            None
                        }
                        Some(item) => Some(item),
                    }
                };
                let quantity = match &line.quantity {
                    None => {
                        p.add(field("quantity"), "is required");
                        None
                    }
                    Some(value) => match value.as_i64() {
                        Some(q) if (1..=100_000).contains(&q) => Some(q),
                        _ => {
                            p.add(field("quantity"), "must be a whole number from 1 to 100000");
                            None
                        }
                    },
                };
                let uom = match line.uom.as_deref().map(str::trim) {
                    None | Some("") | Some("EA") => Some(Uom::Each),
                    Some("CS") => Some(Uom::Case),
                    Some("PL") => Some(Uom::Pallet),
                    Some(other) => {
                        p.add(field("uom"), format!("'{}' is not EA, CS or PL", crate::http::shorten(other)));
                        None
                    }
                };
                if let (Some((item_id, _, case, pallet)), Some(quantity), Some(uom)) = (item, quantity, uom) {
                    let factor = match uom {
                        Uom::Each => 1,
                        Uom::Case => *case,
                        Uom::Pallet => *pallet,
                    };
                    lines.push((item_id.clone(), sku, uom, quantity, quantity * factor));
                }
            }
        }
    }
    (!p.found).then_some(ValidOrder { sales_order_id, po_number, ship_to: ship_to?, requested_ship_date, carrier_id, service_id, lines })
}

fn check_address(input: Option<AddressInput>, p: &mut Problems<'_>) -> Option<Address> {
    let Some(input) = input else {
        p.add("shipTo", "is required");
        return None;
    };
    let name = p.text("shipTo.name", input.name, 100);
    let line1 = p.text("shipTo.line1", input.line1, 100);
    let line2 = p.optional("shipTo.line2", input.line2, 100);
    let city = p.text("shipTo.city", input.city, 60);
    let country = p.optional("shipTo.country", input.country, 2).unwrap_or_else(|| "US".into()).to_ascii_uppercase();
    if country.len() != 2 || !country.chars().all(|c| c.is_ascii_uppercase()) {
        p.add("shipTo.country", "must be a two-letter country code");
    }
    let state = p.text("shipTo.state", input.state, 3).to_ascii_uppercase();
    if country == "US" && !state.is_empty() && !(state.len() == 2 && state.chars().all(|c| c.is_ascii_uppercase())) {
        p.add("shipTo.state", "must be a two-letter state code");
    }
    let postal_code = p.text("shipTo.postalCode", input.postal_code, 12);
    let us_zip = |z: &str| {
        let b = z.as_bytes();
        (b.len() == 5 && b.iter().all(u8::is_ascii_digit))
            || (b.len() == 10 && b[5] == b'-' && b[..5].iter().all(u8::is_ascii_digit) && b[6..].iter().all(u8::is_ascii_digit))
    };
    if country == "US" && !postal_code.is_empty() && !us_zip(&postal_code) {
        p.add("shipTo.postalCode", "must be a five-digit ZIP code or ZIP+4");
    }
    let phone = p.optional("shipTo.phone", input.phone, 30);
    Some(Address { name, line1, line2, city, state, postal_code, country, phone })
}

/// Stores validated orders as `open` in one facility, within the caller's transaction,
/// a few thousand lines at a time.
pub(crate) async fn insert(
    conn: &mut SqliteConnection,
    facility: &str,
    customer_id: &str,
    source: OrderSource,
    orders: Vec<ValidOrder>,
) -> ApiResult<Vec<CreatedOrder>> {
    let now = now();
    let first = reserve(conn, Seq::Order, orders.len() as i64).await?;
    let mut order_rows = Table::new("orders", ORDER_COLUMNS);
    let mut line_rows = Table::new("order_lines", LINE_COLUMNS);
    let mut created = Vec::with_capacity(orders.len());
    for (offset, order) in orders.into_iter().enumerate() {
        let id = Seq::Order.format(first + offset as i64);
        let total: i64 = order.lines.iter().map(|l| l.4).sum();
        let line_count = order.lines.len();
        let a = order.ship_to;
        order_rows.push([
            id.clone().into(),
            facility.to_owned().into(),
            customer_id.to_owned().into(),
            order.sales_order_id.clone().into(),
            order.po_number.into(),
            OrderStatus::Open.as_str().into(),
            a.name.into(),
            a.line1.into(),
            a.line2.into(),
            a.city.into(),
            a.state.into(),
            a.postal_code.into(),
            a.country.into(),
            a.phone.into(),
            order.requested_ship_date.into(),
            order.carrier_id.into(),
            order.service_id.into(),
            (line_count as i64).into(),
            total.into(),
            source.as_str().into(),
            now.clone().into(),
            now.clone().into(),
        ]);
        for (index, (item_id, sku, uom, quantity, each)) in order.lines.into_iter().enumerate() {
            line_rows.push([
                id.clone().into(),
                (index as i64 + 1).into(),
                item_id.into(),
                sku.into(),
                uom.as_str().into(),
                quantity.into(),
                each.into(),
                0i64.into(),
                0i64.into(),
                0i64.into(),
                LineStatus::Open.as_str().into(),
            ]);
        }
        created.push(CreatedOrder { order_id: id, sales_order_id: order.sales_order_id, line_count });
        if line_rows.len() >= LINES_PER_WRITE {
            order_rows.flush(conn).await?;
            line_rows.flush(conn).await?;
        }
    }
    order_rows.flush(conn).await?;
    line_rows.flush(conn).await?;
    Ok(created)
}

/// An order with its lines; `facility` limits where it is looked for.
pub(crate) async fn detail(pool: &SqlitePool, order_id: &str, facility: Option<&str>) -> ApiResult<OrderDetail> {
    let sql = format!("SELECT {ORDER_SELECT} FROM {ORDER_FROM} WHERE o.id = ? AND (?2 IS NULL OR o.facility_id = ?2)");
    let order: Option<Order> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(order_id).bind(facility).fetch_optional(pool).await?;
    let order = order.ok_or_else(|| ApiError::not_found(format!("Order {}", crate::http::shorten(order_id))))?;
    let sql = format!("SELECT {LINE_SELECT} FROM {LINE_FROM} WHERE l.order_id = ? ORDER BY l.line_no");
    let lines = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(order_id).fetch_all(pool).await?;
    Ok(OrderDetail { order, lines })
}

/// The status of an order in a facility, or 404.
pub(crate) async fn status_of(conn: &mut SqliteConnection, order_id: &str, facility: &str) -> ApiResult<OrderStatus> {
    let status: Option<OrderStatus> =
        sqlx::query_scalar("SELECT status FROM orders WHERE id = ? AND facility_id = ?").bind(order_id).bind(facility).fetch_optional(conn).await?;
    status.ok_or_else(|| ApiError::not_found(format!("Order {}", crate::http::shorten(order_id))))
}

/// Reserves stock for every line of an open order, first expiring first; all lines or none.
pub(crate) async fn allocate(conn: &mut SqliteConnection, order_id: &str, facility: &str) -> ApiResult<()> {
    match status_of(conn, order_id, facility).await? {
        OrderStatus::Open => {}
        status => return Err(ApiError::conflict(format!("Order {order_id} is {}; only open orders can be allocated", status.as_str()))),
    }
    let lines: Vec<(i64, String, String, i64)> =
        sqlx::query_as("SELECT line_no, item_id, sku, quantity_each - allocated_qty FROM order_lines WHERE order_id = ? ORDER BY line_no")
            .bind(order_id)
            .fetch_all(&mut *conn)
            .await?;
    let mut plan: Vec<(i64, String, i64)> = Vec::new();
    let mut taken: BTreeMap<String, i64> = BTreeMap::new();
    let mut short = Vec::new();
    for (line_no, item_id, sku, mut needed) in lines {
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT id, on_hand - allocated FROM inventory WHERE facility_id = ? AND item_id = ? AND status = 'available' AND on_hand > allocated \
             ORDER BY expires_on IS NULL, expires_on, id",
        )
        .bind(facility)
        .bind(&item_id)
        .fetch_all(&mut *conn)
        .await?;
        for (inventory_id, free) in rows {
            let free = free - taken.get(&inventory_id).copied().unwrap_or(0);
            if needed > 0 && free > 0 {
                let take = free.min(needed);
                needed -= take;
                *taken.entry(inventory_id.clone()).or_default() += take;
                plan.push((line_no, inventory_id, take));
            }
        }
        if needed > 0 {
            short.push(format!("{sku} (line {line_no}) is short by {needed}"));
        }
    }
    if !short.is_empty() {
        return Err(ApiError::conflict(format!("Not enough available stock in {facility}: {}", short.join("; "))));
    }
    let now = now();
    for (line_no, inventory_id, quantity) in plan {
        sqlx::query("UPDATE inventory SET allocated = allocated + ?, updated_at = ? WHERE id = ?")
            .bind(quantity)
            .bind(&now)
            .bind(&inventory_id)
            .execute(&mut *conn)
            .await?;
        sqlx::query(
            "INSERT INTO allocations (order_id, line_no, inventory_id, quantity) VALUES (?, ?, ?, ?) \
             ON CONFLICT (order_id, line_no, inventory_id) DO UPDATE SET quantity = quantity + excluded.quantity",
        )
        .bind(order_id)
        .bind(line_no)
        .bind(&inventory_id)
        .bind(quantity)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query("UPDATE order_lines SET allocated_qty = quantity_each, status = 'allocated' WHERE order_id = ?").bind(order_id).execute(&mut *conn).await?;
    sqlx::query("UPDATE orders SET status = 'allocated', updated_at = ? WHERE id = ?").bind(&now).bind(order_id).execute(&mut *conn).await?;
    Ok(())
}

/// Cancels an open or allocated order and releases what it reserved.
pub(crate) async fn cancel(conn: &mut SqliteConnection, order_id: &str, facility: &str) -> ApiResult<()> {
    match status_of(conn, order_id, facility).await? {
        OrderStatus::Open | OrderStatus::Allocated => {}
        status => return Err(ApiError::conflict(format!("Order {order_id} is {}; only open or allocated orders can be cancelled", status.as_str()))),
    }
    let now = now();
    release(conn, order_id, false, &now).await?;
    sqlx::query("UPDATE order_lines SET allocated_qty = 0, status = 'cancelled' WHERE order_id = ?").bind(order_id).execute(&mut *conn).await?;
    sqlx::query("UPDATE orders SET status = 'cancelled', updated_at = ? WHERE id = ?").bind(&now).bind(order_id).execute(&mut *conn).await?;
    Ok(())
}

/// Marks an order shipped: its reserved stock leaves the building.
pub(crate) async fn ship(conn: &mut SqliteConnection, order_id: &str, now: &str) -> ApiResult<()> {
    release(conn, order_id, true, now).await?;
    sqlx::query(
        "UPDATE order_lines SET picked_qty = quantity_each, shipped_qty = quantity_each, status = 'shipped' WHERE order_id = ? AND status <> 'cancelled'",
    )
    .bind(order_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE orders SET status = 'shipped', updated_at = ? WHERE id = ?").bind(now).bind(order_id).execute(&mut *conn).await?;
    Ok(())
}

/// Drops an order's allocations; `consume` also takes the quantities off hand.
async fn release(conn: &mut SqliteConnection, order_id: &str, consume: bool, now: &str) -> ApiResult<()> {
    let held: Vec<(String, i64)> =
        sqlx::query_as("SELECT inventory_id, quantity FROM allocations WHERE order_id = ?").bind(order_id).fetch_all(&mut *conn).await?;
    for (inventory_id, quantity) in held {
        let on_hand = if consume { quantity } else { 0 };
        sqlx::query("UPDATE inventory SET allocated = max(allocated - ?, 0), on_hand = max(on_hand - ?, 0), updated_at = ? WHERE id = ?")
            .bind(quantity)
            .bind(on_hand)
            .bind(now)
            .bind(&inventory_id)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("DELETE FROM allocations WHERE order_id = ?").bind(order_id).execute(&mut *conn).await?;
    Ok(())
}

/// The current time as stored: UTC, whole seconds.
pub(crate) fn now() -> String {
    jiff::Timestamp::now().strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Checks the ship-to address of `input` alone, answering 400 with every problem.
pub(crate) fn check_ship_to(input: OrderInput) -> ApiResult<Address> {
    let mut errors = Vec::new();
    let mut problems = Problems { row: 0, errors: &mut errors, found: false };
    let address = check_address(input.ship_to, &mut problems);
    match address {
        Some(address) if errors.is_empty() => Ok(address),
        _ => {
            let messages: Vec<String> = errors.iter().map(|e| format!("{} {}", e.field, e.message)).collect();
            Err(ApiError::BadRequest { code: "invalid_body", message: messages.join("; ") })
        }
    }
}
