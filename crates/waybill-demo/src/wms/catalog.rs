//! Merchants and the item master.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Json as Reply;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};

use crate::db::{Seq, next_id};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Json, Path, Query};
use crate::http::page::{Filter, Page, Paging, list, one};
use crate::http::{App, Operation, check};
use crate::model::{Activity, Uom};
use crate::orders::now;

pub(super) fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/v1/customers", "listCustomers", list_customers)
            .doc("Customers", "List customers (merchants)", "List or search the merchants (customers) the warehouse works for, by name or merchant number, with contact details and status.")
            .tenant_wide()
            .query::<CustomerQuery>()
            .page::<Customer>(),
        Operation::get("/v1/customers/{customerId}", "getCustomer", get_customer)
            .doc("Customers", "Get a customer", "Get one merchant (customer) by its customer id, with merchant number, contact and status.")
            .tenant_wide()
            .path_params::<CustomerPath>()
            .ok::<Customer>(),
        Operation::get("/v1/items", "searchItems", search_items)
            .doc("Items", "Search items (SKUs)", "Search the item master by SKU, description or UPC, optionally for one merchant, category or status; each item lists its units of measure and conversions.")
            .tenant_wide()
            .query::<ItemQuery>()
            .page::<Item>(),
        Operation::get("/v1/items/{itemId}", "getItem", get_item)
            .doc("Items", "Get an item", "Get one item (SKU) by item id: description, dimensions, weight, lot and expiry control, and EA/CS/PL unit conversions.")
            .tenant_wide()
            .path_params::<ItemPath>()
            .ok::<Item>(),
        Operation::post("/v1/items", "createItem", create_item)
            .doc("Items", "Create an item", "Add a new SKU to a merchant's item master with its case and pallet quantities.")
            .tenant_wide()
            .body::<NewItem>()
            .created::<Item>()
            .error(404, "The customer does not exist")
            .error(409, "The SKU already exists"),
        Operation::patch("/v1/items/{itemId}", "updateItem", update_item)
            .doc("Items", "Update an item", "Change an item's description, category, weight or status (activate or deactivate a SKU).")
            .tenant_wide()
            .path_params::<ItemPath>()
            .body::<ItemChange>()
            .ok::<Item>(),
    ]
}

/// A merchant the warehouse works for.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Customer {
    /// Such as `CUS-0001`.
    pub id: String,
    /// The merchant number used by the order management system, such as `M10042`.
    pub merchant_no: String,
    pub name: String,
    pub contact_name: String,
    pub email: String,
    pub phone: String,
    pub city: String,
    pub state: String,
    pub status: Activity,
    /// The day the merchant started with the warehouse.
    #[schema(format = Date)]
    pub since: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct CustomerQuery {
    /// Part of the name or merchant number, any case.
    q: Option<String>,
    status: Option<Activity>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct CustomerPath {
    /// Such as `CUS-0001`.
    customer_id: String,
}

const CUSTOMER_COLUMNS: &str = "id, merchant_no, name, contact_name, email, phone, city, state, status, since";

async fn list_customers(State(app): State<App>, Query(q): Query<CustomerQuery>, Query(paging): Query<Paging>) -> ApiResult<Reply<Page<Customer>>> {
    let filter = Filter::new().contains(&["name", "merchant_no"], q.q.as_deref()).eq("status", q.status.map(Activity::as_str));
    Ok(Reply(list(&app.db.read, CUSTOMER_COLUMNS, "customers", &filter, "name, id", &paging).await?))
}

async fn get_customer(State(app): State<App>, Path(p): Path<CustomerPath>) -> ApiResult<Reply<Customer>> {
    let filter = Filter::new().eq("id", Some(p.customer_id.as_str()));
    Ok(Reply(one(&app.db.read, CUSTOMER_COLUMNS, "customers", &filter, || format!("Customer {}", crate::http::shorten(&p.customer_id))).await?))
}

/// A unit of measure of an item and how many eaches it holds.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UnitOfMeasure {
    pub uom: Uom,
    /// Eaches in one of this unit.
    pub qty_each: i64,
}

/// An item (SKU) of the item master.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Item {
    /// Such as `ITM-000123`.
    pub id: String,
    /// The owning merchant.
    pub customer_id: String,
    pub sku: String,
    pub description: String,
    pub category: String,
    pub upc: String,
    pub weight_lb: f64,
    pub length_in: f64,
    pub width_in: f64,
    pub height_in: f64,
    /// Received and shipped by lot.
    pub lot_controlled: bool,
    /// Stock carries an expiry date and ships first-expired-first-out.
    pub expiry_controlled: bool,
    pub hazmat: bool,
    pub status: Activity,
    /// EA, CS and PL with their conversions to eaches.
    #[sqlx(try_from = "String")]
    pub units_of_measure: Uoms,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// Units of measure, read from a JSON column.
#[derive(Debug, Serialize, ToSchema)]
#[serde(transparent)]
pub(crate) struct Uoms(pub Vec<UnitOfMeasure>);

impl TryFrom<String> for Uoms {
    type Error = serde_json::Error;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        serde_json::from_str(&value).map(Uoms)
    }
}

const ITEM_COLUMNS: &str = "i.id, i.customer_id, i.sku, i.description, i.category, i.upc, i.weight_lb, i.length_in, i.width_in, i.height_in, \
     i.lot_controlled, i.expiry_controlled, i.hazmat, i.status, i.created_at, \
     (SELECT json_group_array(json_object('uom', u.uom, 'qtyEach', u.qty_each)) FROM \
        (SELECT uom, qty_each FROM item_uoms WHERE item_id = i.id ORDER BY qty_each) u) AS units_of_measure";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ItemQuery {
    /// Part of the SKU, description or UPC, any case.
    q: Option<String>,
    /// Only this exact SKU.
    sku: Option<String>,
    /// Only this merchant's items (`CUS-0001`).
    customer_id: Option<String>,
    /// Only this merchant's items, by merchant number (`M10042`).
    merchant_no: Option<String>,
    /// Such as `Outdoor`, `Pet`, `Kitchen`.
    category: Option<String>,
    status: Option<Activity>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
pub(crate) struct ItemPath {
    /// Such as `ITM-000123`.
    pub item_id: String,
}

async fn search_items(State(app): State<App>, Query(q): Query<ItemQuery>, Query(paging): Query<Paging>) -> ApiResult<Reply<Page<Item>>> {
    let filter = Filter::new()
        .contains(&["i.sku", "i.description", "i.upc"], q.q.as_deref())
        .eq("i.sku", q.sku.as_deref())
        .eq("i.customer_id", q.customer_id.as_deref())
        .eq("i.category", q.category.as_deref())
        .eq("i.status", q.status.map(Activity::as_str));
    let filter = match q.merchant_no.as_deref() {
        Some(merchant) => filter.cond("i.customer_id IN (SELECT id FROM customers WHERE merchant_no = ?)", [merchant.into()]),
        None => filter,
    };
    Ok(Reply(list(&app.db.read, ITEM_COLUMNS, "items i", &filter, "i.sku", &paging).await?))
}

pub(crate) async fn fetch_item<'c>(executor: impl sqlx::Executor<'c, Database = sqlx::Sqlite>, item_id: &str) -> ApiResult<Item> {
    one(executor, ITEM_COLUMNS, "items i", &Filter::new().eq("i.id", Some(item_id)), || format!("Item {}", crate::http::shorten(item_id))).await
}

async fn get_item(State(app): State<App>, Path(p): Path<ItemPath>) -> ApiResult<Reply<Item>> {
    Ok(Reply(fetch_item(&app.db.read, &p.item_id).await?))
}

/// A new item.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewItem {
    /// The owning merchant (`CUS-0001`).
    customer_id: String,
    /// Unique across the warehouse, up to 40 characters.
    sku: String,
    description: String,
    category: String,
    upc: Option<String>,
    #[schema(minimum = 0.01, maximum = 5000)]
    weight_lb: f64,
    #[serde(default)]
    length_in: f64,
    #[serde(default)]
    width_in: f64,
    #[serde(default)]
    height_in: f64,
    #[serde(default)]
    lot_controlled: bool,
    #[serde(default)]
    expiry_controlled: bool,
    #[serde(default)]
    hazmat: bool,
    /// Eaches per case.
    #[schema(minimum = 1, maximum = 10000)]
    case_qty: i64,
    /// Eaches per pallet; a whole number of cases.
    #[schema(minimum = 1, maximum = 1000000)]
    pallet_qty: i64,
}

async fn create_item(State(app): State<App>, Json(body): Json<NewItem>) -> ApiResult<(StatusCode, Reply<Item>)> {
    let sku = check::text("sku", &body.sku, 40)?;
    let description = check::text("description", &body.description, 200)?;
    let category = check::text("category", &body.category, 60)?;
    let upc = check::optional("upc", body.upc.as_deref(), 14)?;
    if !(0.01..=5000.0).contains(&body.weight_lb) {
        return Err(ApiError::invalid("weightLb must be from 0.01 to 5000"));
    }
    for (field, value) in [("lengthIn", body.length_in), ("widthIn", body.width_in), ("heightIn", body.height_in)] {
        if !(0.0..=600.0).contains(&value) {
            return Err(ApiError::invalid(format!("{field} must be from 0 to 600")));
        }
    }
    let case_qty = check::within("caseQty", body.case_qty, 1..=10_000)?;
    let pallet_qty = check::within("palletQty", body.pallet_qty, 1..=1_000_000)?;
    if pallet_qty % case_qty != 0 {
        return Err(ApiError::invalid("palletQty must be a whole number of cases"));
    }
    let mut tx = app.db.begin().await?;
    let customer: Option<String> = sqlx::query_scalar("SELECT id FROM customers WHERE id = ?").bind(&body.customer_id).fetch_optional(&mut *tx).await?;
    customer.ok_or_else(|| ApiError::not_found(format!("Customer {}", crate::http::shorten(&body.customer_id))))?;
    let taken: Option<String> = sqlx::query_scalar("SELECT id FROM items WHERE sku = ?").bind(&sku).fetch_optional(&mut *tx).await?;
    if let Some(existing) = taken {
        return Err(ApiError::conflict(format!("SKU {sku} already exists as item {existing}")));
    }
    let id = next_id(&mut tx, Seq::Item).await?;
    sqlx::query(
        "INSERT INTO items (id, customer_id, sku, description, category, upc, weight_lb, length_in, width_in, height_in, lot_controlled, \
         expiry_controlled, hazmat, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)",
    )
    .bind(&id)
    .bind(&body.customer_id)
    .bind(&sku)
    .bind(description)
    .bind(category)
    .bind(upc.unwrap_or_default())
    .bind(body.weight_lb)
    .bind(body.length_in)
    .bind(body.width_in)
    .bind(body.height_in)
    .bind(body.lot_controlled)
    .bind(body.expiry_controlled)
    .bind(body.hazmat)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    for (uom, qty) in [(Uom::Each, 1), (Uom::Case, case_qty), (Uom::Pallet, pallet_qty)] {
        sqlx::query("INSERT INTO item_uoms (item_id, uom, qty_each) VALUES (?, ?, ?)").bind(&id).bind(uom).bind(qty).execute(&mut *tx).await?;
    }
    let item = fetch_item(&mut *tx, &id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Reply(item)))
}

/// Changes to an item; absent fields stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ItemChange {
    description: Option<String>,
    category: Option<String>,
    #[schema(minimum = 0.01, maximum = 5000)]
    weight_lb: Option<f64>,
    status: Option<Activity>,
}

async fn update_item(State(app): State<App>, Path(p): Path<ItemPath>, Json(body): Json<ItemChange>) -> ApiResult<Reply<Item>> {
    let description = body.description.as_deref().map(|d| check::text("description", d, 200)).transpose()?;
    let category = body.category.as_deref().map(|c| check::text("category", c, 60)).transpose()?;
    if body.weight_lb.is_some_and(|w| !(0.01..=5000.0).contains(&w)) {
        return Err(ApiError::invalid("weightLb must be from 0.01 to 5000"));
    }
    let mut tx = app.db.begin().await?;
    fetch_item(&mut *tx, &p.item_id).await?;
    sqlx::query(
        "UPDATE items SET description = coalesce(?, description), category = coalesce(?, category), weight_lb = coalesce(?, weight_lb), \
         status = coalesce(?, status) WHERE id = ?",
    )
    .bind(description)
    .bind(category)
    .bind(body.weight_lb)
    .bind(body.status)
    .bind(&p.item_id)
    .execute(&mut *tx)
    .await?;
    let item = fetch_item(&mut *tx, &p.item_id).await?;
    tx.commit().await?;
    Ok(Reply(item))
}
