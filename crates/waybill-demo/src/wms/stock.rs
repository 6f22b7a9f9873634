//! Inventory balances, locations and adjustments.

use axum::extract::State;
use axum::response::Json as Reply;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};

use super::catalog::ItemPath;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Facility, Json, Path, Query};
use crate::http::page::{Filter, Page, Paging, list, one};
use crate::http::{App, Operation, check};
use crate::model::{InventoryStatus, LocationKind, LocationStatus};
use crate::orders::now;

pub(super) fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/v1/inventory", "listInventory", list_inventory)
            .doc(
                "Inventory",
                "List inventory balances",
                "List inventory balances (on hand, allocated, available) in the facility, filtered by item, SKU, merchant, location, zone, lot, status or expiry date; use expiringBefore to find stock that expires soon.",
            )
            .query::<InventoryQuery>()
            .page::<InventoryBalance>(),
        Operation::get("/v1/inventory/by-item", "summarizeInventoryByItem", by_item)
            .doc(
                "Inventory",
                "Summarize inventory by item",
                "Total on hand, allocated and available quantity per item (SKU) in the facility, with the number of locations holding it; answers 'how many do we have of SKU X'.",
            )
            .query::<SummaryQuery>()
            .page::<ItemStock>(),
        Operation::get("/v1/items/{itemId}/inventory", "listItemInventory", item_inventory)
            .doc("Inventory", "List inventory balances for an item", "List inventory balances for an item across the facility's locations, first expiring first, with lot and expiry.")
            .path_params::<ItemPath>()
            .page::<InventoryBalance>(),
        Operation::post("/v1/inventory/adjustments", "adjustInventory", adjust)
            .doc(
                "Inventory",
                "Adjust an inventory balance",
                "Add or remove quantity on one inventory balance after a cycle count, damage, shrink or found stock, with a reason code; the balance cannot drop below what is allocated.",
            )
            .body::<Adjustment>()
            .ok::<InventoryBalance>()
            .error(404, "The inventory balance does not exist in this facility")
            .error(409, "The adjustment would leave less on hand than allocated"),
        Operation::get("/v1/locations", "listLocations", list_locations)
            .doc("Locations", "List locations", "List the facility's storage locations by zone, aisle, kind (pick, reserve, bulk, staging, dock) or status, or find one by code.")
            .query::<LocationQuery>()
            .page::<Location>(),
        Operation::get("/v1/locations/{locationId}", "getLocation", get_location)
            .doc("Locations", "Get a location", "Get one storage location by id: code, zone, aisle, bay, level, kind and status.")
            .path_params::<LocationPath>()
            .ok::<Location>(),
        Operation::get("/v1/locations/{locationId}/inventory", "listLocationInventory", location_inventory)
            .doc("Inventory", "List inventory in a location", "List the inventory balances stored in one location: which items, lots and quantities it holds.")
            .path_params::<LocationPath>()
            .page::<InventoryBalance>(),
    ]
}

/// Stock of one item in one location (and lot).
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct InventoryBalance {
    /// Such as `INV-0000123`.
    pub id: String,
    pub facility_id: String,
    pub item_id: String,
    pub sku: String,
    pub description: String,
    pub customer_id: String,
    pub location_id: String,
    pub location_code: String,
    pub zone: String,
    pub lot: Option<String>,
    #[schema(format = Date)]
    pub expires_on: Option<String>,
    /// Eaches on hand.
    pub on_hand: i64,
    /// Eaches reserved for orders.
    pub allocated: i64,
    /// On hand less allocated; zero unless the status is `available`.
    pub available: i64,
    pub status: InventoryStatus,
    #[schema(format = Date)]
    pub received_on: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

const BALANCE_COLUMNS: &str = "v.id, v.facility_id, v.item_id, i.sku, i.description, i.customer_id, v.location_id, l.code AS location_code, l.zone, \
     v.lot, v.expires_on, v.on_hand, v.allocated, CASE WHEN v.status = 'available' THEN max(v.on_hand - v.allocated, 0) ELSE 0 END AS available, \
     v.status, v.received_on, v.updated_at";
const BALANCE_FROM: &str = "inventory v JOIN items i ON i.id = v.item_id JOIN locations l ON l.id = v.location_id";
const BALANCE_ORDER: &str = "v.expires_on IS NULL, v.expires_on, l.code, v.id";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct InventoryQuery {
    item_id: Option<String>,
    sku: Option<String>,
    /// Only this merchant's stock (`CUS-0001`).
    customer_id: Option<String>,
    location_id: Option<String>,
    /// Such as `A`, `B`, `C` (pick), `R` (reserve), `BK` (bulk).
    zone: Option<String>,
    lot: Option<String>,
    status: Option<InventoryStatus>,
    /// Only stock expiring before this day (`YYYY-MM-DD`).
    #[param(format = Date)]
    expiring_before: Option<String>,
    /// Only balances with available quantity.
    available_only: Option<bool>,
}

async fn list_inventory(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<InventoryQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<InventoryBalance>>> {
    let expiring = check::date("expiringBefore", q.expiring_before.as_deref())?;
    let mut filter = Filter::new()
        .eq("v.facility_id", Some(facility))
        .eq("v.item_id", q.item_id.as_deref())
        .eq("i.sku", q.sku.as_deref())
        .eq("i.customer_id", q.customer_id.as_deref())
        .eq("v.location_id", q.location_id.as_deref())
        .eq("l.zone", q.zone.as_deref())
        .eq("v.lot", q.lot.as_deref())
        .eq("v.status", q.status.map(InventoryStatus::as_str))
        .below("v.expires_on", expiring);
    if q.available_only == Some(true) {
        filter = filter.cond("v.status = 'available' AND v.on_hand > v.allocated", []);
    }
    Ok(Reply(list(&app.db.read, BALANCE_COLUMNS, BALANCE_FROM, &filter, BALANCE_ORDER, &paging).await?))
}

async fn item_inventory(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<ItemPath>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<InventoryBalance>>> {
    super::catalog::fetch_item(&app.db.read, &p.item_id).await?;
    let filter = Filter::new().eq("v.facility_id", Some(facility)).eq("v.item_id", Some(p.item_id.as_str()));
    Ok(Reply(list(&app.db.read, BALANCE_COLUMNS, BALANCE_FROM, &filter, BALANCE_ORDER, &paging).await?))
}

/// An item's stock in the facility, all locations together.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ItemStock {
    pub item_id: String,
    pub sku: String,
    pub description: String,
    pub customer_id: String,
    pub on_hand: i64,
    pub allocated: i64,
    pub available: i64,
    /// How many balances (locations and lots) hold it.
    pub locations: i64,
    /// The earliest expiry among its stock.
    #[schema(format = Date)]
    pub earliest_expiry: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct SummaryQuery {
    /// Part of the SKU or description, any case.
    q: Option<String>,
    sku: Option<String>,
    customer_id: Option<String>,
}

async fn by_item(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<SummaryQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<ItemStock>>> {
    let filter = Filter::new()
        .contains(&["i.sku", "i.description"], q.q.as_deref())
        .eq("i.sku", q.sku.as_deref())
        .eq("i.customer_id", q.customer_id.as_deref())
        .cond("i.id IN (SELECT item_id FROM inventory WHERE facility_id = ?)", [facility.into()]);
    let columns = "i.id AS item_id, i.sku, i.description, i.customer_id, s.on_hand, s.allocated, s.available, s.locations, s.earliest_expiry";
    let from = format!(
        "items i JOIN (SELECT item_id, sum(on_hand) AS on_hand, sum(allocated) AS allocated, \
         sum(CASE WHEN status = 'available' THEN max(on_hand - allocated, 0) ELSE 0 END) AS available, count(*) AS locations, \
         min(expires_on) AS earliest_expiry FROM inventory WHERE facility_id = '{}' GROUP BY item_id) s ON s.item_id = i.id",
        facility.replace('\'', "")
    );
    Ok(Reply(list(&app.db.read, columns, &from, &filter, "i.sku", &paging).await?))
}

/// A change to one balance.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Adjustment {
    /// The balance to change (`INV-0000123`).
    inventory_id: String,
    /// Eaches to add (positive) or remove (negative); not zero.
    #[schema(minimum = -1000000, maximum = 1000000)]
    quantity: i64,
    reason_code: ReasonCode,
    /// Up to 200 characters.
    note: Option<String>,
}

/// Why stock changed.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema, sqlx::Type)]
#[serde(rename_all = "snake_case")]
#[sqlx(rename_all = "snake_case")]
enum ReasonCode {
    CycleCount,
    Damage,
    Found,
    Shrink,
    Other,
}

async fn adjust(State(app): State<App>, Facility(facility): Facility, Json(body): Json<Adjustment>) -> ApiResult<Reply<InventoryBalance>> {
    if body.quantity == 0 {
        return Err(ApiError::invalid("quantity must not be zero"));
    }
    check::within("quantity", body.quantity, -1_000_000..=1_000_000)?;
    let note = check::optional("note", body.note.as_deref(), 200)?;
    let mut tx = app.db.begin().await?;
    let filter = Filter::new().eq("v.id", Some(body.inventory_id.as_str())).eq("v.facility_id", Some(facility));
    let what = || format!("Inventory balance {}", crate::http::shorten(&body.inventory_id));
    let balance: InventoryBalance = one(&mut *tx, BALANCE_COLUMNS, BALANCE_FROM, &filter, what).await?;
    let after = balance.on_hand + body.quantity;
    if after < balance.allocated {
        return Err(ApiError::conflict(format!(
            "{} has {} on hand with {} allocated; removing {} would leave less than allocated",
            balance.id, balance.on_hand, balance.allocated, -body.quantity
        )));
    }
    let now = now();
    sqlx::query("UPDATE inventory SET on_hand = ?, updated_at = ? WHERE id = ?").bind(after).bind(&now).bind(&balance.id).execute(&mut *tx).await?;
    sqlx::query("INSERT INTO inventory_adjustments (inventory_id, quantity, reason_code, note, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(&balance.id)
        .bind(body.quantity)
        .bind(body.reason_code)
        .bind(note)
        .bind(&now)
        .execute(&mut *tx)
        .await?;
    let balance = one(&mut *tx, BALANCE_COLUMNS, BALANCE_FROM, &filter, what).await?;
    tx.commit().await?;
    Ok(Reply(balance))
}

/// A storage location.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Location {
    /// Such as `LOC-000123`.
    pub id: String,
    pub facility_id: String,
    /// Zone-aisle-bay-level, such as `A-03-07-2`.
    pub code: String,
    pub zone: String,
    pub aisle: String,
    pub bay: i64,
    pub level: i64,
    pub kind: LocationKind,
    pub status: LocationStatus,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct LocationQuery {
    /// Locations whose code starts with this, such as `A-03`.
    code: Option<String>,
    zone: Option<String>,
    /// Two digits, such as `03`.
    aisle: Option<String>,
    kind: Option<LocationKind>,
    status: Option<LocationStatus>,
    /// Only locations holding no stock.
    empty: Option<bool>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct LocationPath {
    /// Such as `LOC-000123`.
    location_id: String,
}

const LOCATION_COLUMNS: &str = "id, facility_id, code, zone, aisle, bay, level, kind, status";

async fn list_locations(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<LocationQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Location>>> {
    let mut filter = Filter::new()
        .eq("facility_id", Some(facility))
        .eq("zone", q.zone.as_deref())
        .eq("aisle", q.aisle.as_deref())
        .eq("kind", q.kind.map(LocationKind::as_str))
        .eq("status", q.status.map(LocationStatus::as_str));
    if let Some(code) = q.code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        filter = filter.cond("substr(code, 1, length(?)) = ?", [code.into(), code.into()]);
    }
    match q.empty {
        Some(true) => filter = filter.cond("id NOT IN (SELECT location_id FROM inventory WHERE on_hand > 0)", []),
        Some(false) => filter = filter.cond("id IN (SELECT location_id FROM inventory WHERE on_hand > 0)", []),
        None => {}
    }
    Ok(Reply(list(&app.db.read, LOCATION_COLUMNS, "locations", &filter, "code", &paging).await?))
}

async fn get_location(State(app): State<App>, Facility(facility): Facility, Path(p): Path<LocationPath>) -> ApiResult<Reply<Location>> {
    let filter = Filter::new().eq("id", Some(p.location_id.as_str())).eq("facility_id", Some(facility));
    Ok(Reply(one(&app.db.read, LOCATION_COLUMNS, "locations", &filter, || format!("Location {}", crate::http::shorten(&p.location_id))).await?))
}

async fn location_inventory(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<LocationPath>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<InventoryBalance>>> {
    let location = Filter::new().eq("id", Some(p.location_id.as_str())).eq("facility_id", Some(facility));
    let _: Location = one(&app.db.read, LOCATION_COLUMNS, "locations", &location, || format!("Location {}", crate::http::shorten(&p.location_id))).await?;
    let filter = Filter::new().eq("v.location_id", Some(p.location_id.as_str()));
    Ok(Reply(list(&app.db.read, BALANCE_COLUMNS, BALANCE_FROM, &filter, BALANCE_ORDER, &paging).await?))
}
