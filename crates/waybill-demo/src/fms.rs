//! The freight management system: carriers, delivery services, accessorials, rate quotes,
//! shipments with tracking, and loads.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Json as Reply;
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqliteConnection};
use utoipa::{IntoParams, ToSchema};

use crate::db::{Seq, next_id};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Facility, Json, MaybeFacility, Path, Query};
use crate::http::page::{Filter, Page, Paging, all, list, one};
use crate::http::{App, Operation, check, shorten};
use crate::model::{LoadStatus, Mode, OrderStatus, ShipmentStatus, TrackingCode};
use crate::orders::{self, now};

pub(crate) const TAGS: &[(&str, &str)] = &[
    ("Carriers", "Parcel, LTL and truckload carriers with their delivery services and accessorial charges."),
    ("Rates", "Rate quotes across carriers and services for a shipment."),
    ("Shipments", "Shipments of outbound orders: labels, tracking numbers, PRO numbers, status and tracking events."),
    ("Loads", "Loads that gather shipments onto a carrier's trailer: planning, loading, dispatch."),
];

/// The FMS route table, read top to bottom.
pub(crate) fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/v1/carriers", "listCarriers", list_carriers)
            .doc("Carriers", "List carriers", "List carriers (UPS, FedEx, LTL and truckload carriers) by mode (parcel, ltl, ftl) or name or SCAC code.")
            .tenant_wide()
            .query::<CarrierQuery>()
            .page::<Carrier>(),
        Operation::get("/v1/carriers/{carrierId}", "getCarrier", get_carrier)
            .doc("Carriers", "Get a carrier with its services", "Get one carrier by id with contact details and its delivery services (such as UPS Ground or FedEx 2Day).")
            .tenant_wide()
            .path_params::<CarrierPath>()
            .ok::<CarrierDetail>(),
        Operation::get("/v1/delivery-services", "listDeliveryServices", list_services)
            .doc("Carriers", "List delivery services", "List carrier delivery services (service levels) with transit days and whether delivery is guaranteed, by carrier or mode.")
            .tenant_wide()
            .query::<ServiceQuery>()
            .page::<DeliveryService>(),
        Operation::get("/v1/accessorials", "listAccessorials", list_accessorials)
            .doc("Carriers", "List accessorial charges", "List accessorial services and their charges: liftgate, residential, inside delivery, detention, hazmat and more.")
            .tenant_wide()
            .page::<Accessorial>(),
        Operation::post("/v1/rate-quotes", "quoteRates", quote)
            .doc(
                "Rates",
                "Quote freight rates",
                "Quote rates from the facility to a destination for a weight (and pallets), across carriers and services, with transit days, estimated delivery, fuel surcharge and accessorials; cheapest first.",
            )
            .body::<QuoteRequest>()
            .ok::<QuoteResult>(),
        Operation::get("/v1/shipments", "listShipments", list_shipments)
            .doc(
                "Shipments",
                "List shipments",
                "List the facility's shipments by status, carrier, order, load or tracking number, or by ship date range; newest first.",
            )
            .query::<ShipmentQuery>()
            .page::<Shipment>(),
        Operation::get("/v1/shipments/{shipmentId}", "getShipment", get_shipment)
            .doc("Shipments", "Get a shipment", "Get one shipment by id: order, carrier, service, tracking or PRO number, status, cartons, weight and delivery dates.")
            .path_params::<ShipmentPath>()
            .ok::<Shipment>(),
        Operation::post("/v1/shipments", "createShipment", create_shipment)
            .doc("Shipments", "Create a shipment for a packed order", "Create a shipment (label) for a packed outbound order with a carrier service; assigns a tracking or PRO number.")
            .body::<NewShipment>()
            .created::<Shipment>()
            .error(404, "The order or service does not exist")
            .error(409, "The order is not packed, or already has a shipment"),
        Operation::patch("/v1/shipments/{shipmentId}", "updateShipment", update_shipment)
            .doc("Shipments", "Update a shipment", "Change a shipment's status (such as delivered or exception), estimated delivery, cartons or weight.")
            .path_params::<ShipmentPath>()
            .body::<ShipmentChange>()
            .ok::<Shipment>()
            .error(409, "The status change is not allowed"),
        Operation::get("/v1/shipments/{shipmentId}/tracking", "listTrackingEvents", list_events)
            .doc("Shipments", "List tracking events of a shipment", "List a shipment's tracking events (picked up, departed, arrived, out for delivery, delivered, exception) in time order.")
            .path_params::<ShipmentPath>()
            .page::<TrackingEvent>(),
        Operation::post("/v1/shipments/{shipmentId}/tracking", "addTrackingEvent", add_event)
            .doc("Shipments", "Record a tracking event", "Record a carrier scan on a shipment; delivered, out-for-delivery and exception scans update the shipment's status.")
            .path_params::<ShipmentPath>()
            .body::<NewEvent>()
            .created::<TrackingEvent>()
            .error(409, "The shipment is cancelled or has not left"),
        Operation::get("/v1/tracking/{trackingNumber}", "trackShipment", track)
            .doc("Shipments", "Track by tracking or PRO number", "Find a shipment by its carrier tracking number or PRO number and answer its status with every tracking event.")
            .tenant_wide()
            .path_params::<TrackingPath>()
            .ok::<Tracking>(),
        Operation::get("/v1/loads", "listLoads", list_loads)
            .doc("Loads", "List loads", "List the facility's loads by status (planning, loading, dispatched, delivered, cancelled), carrier or planned departure date range.")
            .query::<LoadQuery>()
            .page::<Load>(),
        Operation::get("/v1/loads/{loadId}", "getLoad", get_load)
            .doc("Loads", "Get a load with its shipments", "Get one load by id: carrier, trailer, dock door, BOL and PRO numbers, status and the shipments on it.")
            .path_params::<LoadPath>()
            .ok::<LoadDetail>(),
        Operation::post("/v1/loads", "createLoad", create_load)
            .doc("Loads", "Plan a load", "Plan a new load for a carrier with a planned departure time.")
            .body::<NewLoad>()
            .created::<LoadDetail>()
            .error(404, "The carrier does not exist"),
        Operation::post("/v1/loads/{loadId}/shipments", "addShipmentToLoad", add_to_load)
            .doc("Loads", "Add a shipment to a load", "Put a labelled shipment of the same carrier onto a planning or loading load.")
            .path_params::<LoadPath>()
            .body::<LoadShipment>()
            .ok::<LoadDetail>()
            .error(409, "The load or shipment cannot take this change"),
        Operation::post("/v1/loads/{loadId}/dispatch", "dispatchLoad", dispatch)
            .doc(
                "Loads",
                "Dispatch a load",
                "Dispatch a load: its shipments go in transit, their orders become shipped and their stock leaves the building; the trailer departs the door.",
            )
            .path_params::<LoadPath>()
            .ok::<LoadDetail>()
            .error(409, "The load is not planning or loading, or has no shipments"),
        Operation::post("/v1/loads/{loadId}/cancel", "cancelLoad", cancel_load)
            .doc("Loads", "Cancel a load", "Cancel a planning or loading load; its shipments come off it.")
            .path_params::<LoadPath>()
            .ok::<LoadDetail>()
            .error(409, "The load has already left"),
    ]
}

/// A carrier.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Carrier {
    /// Such as `CAR-001`.
    pub id: String,
    /// Standard carrier alpha code.
    pub scac: String,
    pub name: String,
    pub mode: Mode,
    pub phone: String,
    pub email: String,
    pub active: bool,
}

/// A carrier with its services.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CarrierDetail {
    #[serde(flatten)]
    pub carrier: Carrier,
    pub services: Vec<DeliveryService>,
}

/// A carrier's service level.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DeliveryService {
    /// Such as `SVC-001`.
    pub id: String,
    pub carrier_id: String,
    /// The carrier's code, such as `GND`.
    pub code: String,
    pub name: String,
    pub mode: Mode,
    /// Business days in transit.
    pub transit_days: i64,
    pub guaranteed: bool,
    pub active: bool,
}

/// An accessorial service and its charge.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Accessorial {
    /// Such as `LIFTGATE`.
    pub code: String,
    pub name: String,
    pub description: String,
    /// USD.
    pub amount: f64,
    /// `per_shipment` or `per_hour`.
    pub unit: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct CarrierQuery {
    mode: Option<Mode>,
    /// Part of the name or SCAC, any case.
    q: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct CarrierPath {
    /// Such as `CAR-001`.
    carrier_id: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ServiceQuery {
    carrier_id: Option<String>,
    mode: Option<Mode>,
    /// Only services with guaranteed delivery.
    guaranteed: Option<bool>,
}

const CARRIER_COLUMNS: &str = "id, scac, name, mode, phone, email, active";
const SERVICE_COLUMNS: &str = "id, carrier_id, code, name, mode, transit_days, guaranteed, active";

async fn list_carriers(State(app): State<App>, Query(q): Query<CarrierQuery>, Query(paging): Query<Paging>) -> ApiResult<Reply<Page<Carrier>>> {
    let filter = Filter::new().eq("mode", q.mode.map(Mode::as_str)).contains(&["name", "scac"], q.q.as_deref());
    Ok(Reply(list(&app.db.read, CARRIER_COLUMNS, "carriers", &filter, "name", &paging).await?))
}

async fn get_carrier(State(app): State<App>, Path(p): Path<CarrierPath>) -> ApiResult<Reply<CarrierDetail>> {
    let filter = Filter::new().eq("id", Some(p.carrier_id.as_str()));
    let carrier: Carrier = one(&app.db.read, CARRIER_COLUMNS, "carriers", &filter, || format!("Carrier {}", shorten(&p.carrier_id))).await?;
    let services =
        all(&app.db.read, SERVICE_COLUMNS, "delivery_services", &Filter::new().eq("carrier_id", Some(p.carrier_id.as_str())), "transit_days, id").await?;
    Ok(Reply(CarrierDetail { carrier, services }))
}

async fn list_services(State(app): State<App>, Query(q): Query<ServiceQuery>, Query(paging): Query<Paging>) -> ApiResult<Reply<Page<DeliveryService>>> {
    let filter = Filter::new().eq("carrier_id", q.carrier_id.as_deref()).eq("mode", q.mode.map(Mode::as_str)).eq("guaranteed", q.guaranteed.map(i64::from));
    Ok(Reply(list(&app.db.read, SERVICE_COLUMNS, "delivery_services", &filter, "carrier_id, transit_days, id", &paging).await?))
}

async fn list_accessorials(State(app): State<App>, Query(paging): Query<Paging>) -> ApiResult<Reply<Page<Accessorial>>> {
    Ok(Reply(list(&app.db.read, "code, name, description, amount, unit", "accessorials", &Filter::new(), "code", &paging).await?))
}

/// What to quote.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct QuoteRequest {
    /// Destination state, two letters.
    destination_state: String,
    /// Destination ZIP code, five digits.
    destination_postal_code: String,
    /// Total weight in pounds.
    #[schema(minimum = 0.1, maximum = 45000)]
    weight_lb: f64,
    /// Pallet count for LTL and truckload; 0 for parcels.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 30)]
    pallets: i64,
    /// Only this mode.
    mode: Option<Mode>,
    /// Accessorial codes to add, such as `LIFTGATE`.
    #[serde(default)]
    accessorials: Vec<String>,
    /// Defaults to the data's today.
    #[schema(format = Date)]
    ship_date: Option<String>,
}

/// Quotes, cheapest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct QuoteResult {
    pub origin_facility_id: String,
    pub quotes: Vec<RateQuote>,
}

/// One service's price.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RateQuote {
    pub carrier_id: String,
    pub carrier_name: String,
    pub service_id: String,
    pub service_name: String,
    pub mode: Mode,
    pub transit_days: i64,
    #[schema(format = Date)]
    pub estimated_delivery: String,
    pub guaranteed: bool,
    /// USD.
    pub base_charge: f64,
    pub fuel_surcharge: f64,
    pub accessorial_charges: f64,
    pub total: f64,
    pub currency: String,
}

async fn quote(State(app): State<App>, Facility(facility): Facility, Json(body): Json<QuoteRequest>) -> ApiResult<Reply<QuoteResult>> {
    let state = check::text("destinationState", &body.destination_state, 2)?.to_ascii_uppercase();
    if state.len() != 2 || !state.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(ApiError::invalid("destinationState must be a two-letter state code"));
    }
    let zip = body.destination_postal_code.trim();
    if zip.len() != 5 || !zip.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::invalid("destinationPostalCode must be a five-digit ZIP code"));
    }
    if !(0.1..=45_000.0).contains(&body.weight_lb) {
        return Err(ApiError::invalid("weightLb must be from 0.1 to 45000"));
    }
    check::within("pallets", body.pallets, 0..=30)?;
    let ship_date = check::date("shipDate", body.ship_date.as_deref())?.unwrap_or_else(|| app.anchor.to_string());
    let ship_date: jiff::civil::Date = ship_date.parse().map_err(|_| ApiError::invalid("shipDate is not a date"))?;
    let mut extra = 0.0;
    for code in &body.accessorials {
        let amount: Option<f64> = sqlx::query_scalar("SELECT amount FROM accessorials WHERE code = ?").bind(code).fetch_optional(&app.db.read).await?;
        extra += amount.ok_or_else(|| ApiError::invalid(format!("accessorials: '{}' is not a known accessorial code", shorten(code))))?;
    }
    // Distance bands from the ZIP's first digit: the west coast facilities are near 9, Savannah near 3.
    let origin_digit: i64 = if facility == "xdock-savannah" { 3 } else { 9 };
    let zone = 2 + (i64::from(zip.as_bytes()[0] - b'0') - origin_digit).abs();
    let rows: Vec<(String, String, String, String, Mode, i64, bool)> = sqlx::query_as(
        "SELECT c.id, c.name, s.id, s.name, s.mode, s.transit_days, s.guaranteed FROM delivery_services s JOIN carriers c ON c.id = s.carrier_id \
         WHERE s.active = 1 AND c.active = 1 ORDER BY s.id",
    )
    .fetch_all(&app.db.read)
    .await?;
    let parcel_ok = body.weight_lb <= 150.0 && body.pallets == 0;
    let mut quotes = Vec::new();
    for (carrier_id, carrier_name, service_id, service_name, mode, transit_days, guaranteed) in rows {
        if body.mode.is_some_and(|m| m != mode) || (mode == Mode::Parcel && !parcel_ok) || (mode != Mode::Parcel && body.weight_lb < 50.0 && body.pallets == 0)
        {
            continue;
        }
        // A stable per-service factor, so quotes differ between carriers but not between calls.
        let factor = 0.9 + f64::from(service_id.bytes().fold(0u32, |acc, b| acc.wrapping_mul(31).wrapping_add(u32::from(b))) % 25) / 100.0;
        let speed = 1.0 + 1.5 / transit_days.max(1) as f64;
        let base = match mode {
            Mode::Parcel => (8.5 + body.weight_lb * 0.55 + zone as f64 * 1.2) * speed,
            Mode::Ltl => 95.0 + body.weight_lb * 0.12 * zone as f64 / 2.0 + body.pallets as f64 * 18.0,
            Mode::Ftl => 650.0 + zone as f64 * 320.0,
        } * factor;
        let transit = transit_days + if mode == Mode::Parcel { 0 } else { zone / 3 };
        let fuel = base * 0.18;
        let cents = |v: f64| (v * 100.0).round() / 100.0;
        quotes.push(RateQuote {
            carrier_id,
            carrier_name,
            service_id,
            service_name,
            mode,
            transit_days: transit,
            estimated_delivery: ship_date.saturating_add(jiff::Span::new().days(transit)).to_string(),
            guaranteed,
            base_charge: cents(base),
            fuel_surcharge: cents(fuel),
            accessorial_charges: cents(extra),
            total: cents(base + fuel + extra),
            currency: "USD".into(),
        });
    }
    quotes.sort_by(|a, b| a.total.total_cmp(&b.total).then_with(|| a.service_id.cmp(&b.service_id)));
    Ok(Reply(QuoteResult { origin_facility_id: facility.to_owned(), quotes }))
}

/// A shipment of an outbound order.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Shipment {
    /// Such as `SHP-0001234`.
    pub id: String,
    pub facility_id: String,
    pub order_id: String,
    pub carrier_id: String,
    pub service_id: String,
    pub load_id: Option<String>,
    /// Parcel carriers' tracking number.
    pub tracking_number: Option<String>,
    /// LTL and truckload carriers' PRO number.
    pub pro_number: Option<String>,
    pub status: ShipmentStatus,
    pub cartons: i64,
    pub weight_lb: f64,
    #[schema(format = DateTime)]
    pub shipped_at: Option<String>,
    #[schema(format = Date)]
    pub estimated_delivery: Option<String>,
    #[schema(format = DateTime)]
    pub delivered_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
}

const SHIPMENT_COLUMNS: &str = "id, facility_id, order_id, carrier_id, service_id, load_id, tracking_number, pro_number, status, cartons, weight_lb, \
     shipped_at, estimated_delivery, delivered_at, created_at";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ShipmentQuery {
    status: Option<ShipmentStatus>,
    carrier_id: Option<String>,
    order_id: Option<String>,
    load_id: Option<String>,
    /// A tracking or PRO number.
    tracking_number: Option<String>,
    /// Shipped on or after this day (`YYYY-MM-DD`, UTC).
    #[param(format = Date)]
    shipped_from: Option<String>,
    /// Shipped on or before this day (`YYYY-MM-DD`, UTC).
    #[param(format = Date)]
    shipped_to: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct ShipmentPath {
    /// Such as `SHP-0001234`.
    shipment_id: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct TrackingPath {
    /// A carrier tracking number or PRO number.
    tracking_number: String,
}

async fn list_shipments(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<ShipmentQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Shipment>>> {
    let shipped_to = check::date("shippedTo", q.shipped_to.as_deref())?.map(|d| format!("{d}T23:59:59Z"));
    let mut filter = Filter::new()
        .eq("facility_id", Some(facility))
        .eq("status", q.status.map(ShipmentStatus::as_str))
        .eq("carrier_id", q.carrier_id.as_deref())
        .eq("order_id", q.order_id.as_deref())
        .eq("load_id", q.load_id.as_deref())
        .at_least("shipped_at", check::date("shippedFrom", q.shipped_from.as_deref())?)
        .at_most("shipped_at", shipped_to);
    if let Some(number) = q.tracking_number.as_deref() {
        filter = filter.cond("(tracking_number = ? OR pro_number = ?)", [number.into(), number.into()]);
    }
    Ok(Reply(list(&app.db.read, SHIPMENT_COLUMNS, "shipments", &filter, "created_at DESC, id DESC", &paging).await?))
}

async fn fetch_shipment<'c>(executor: impl sqlx::Executor<'c, Database = sqlx::Sqlite>, id: &str, facility: &str) -> ApiResult<Shipment> {
    let filter = Filter::new().eq("id", Some(id)).eq("facility_id", Some(facility));
    one(executor, SHIPMENT_COLUMNS, "shipments", &filter, || format!("Shipment {}", shorten(id))).await
}

async fn get_shipment(State(app): State<App>, Facility(facility): Facility, Path(p): Path<ShipmentPath>) -> ApiResult<Reply<Shipment>> {
    Ok(Reply(fetch_shipment(&app.db.read, &p.shipment_id, facility).await?))
}

/// A shipment to create.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewShipment {
    /// A packed order of this facility.
    order_id: String,
    /// The service to ship with; the order's routed service when absent.
    service_id: Option<String>,
    #[schema(minimum = 1, maximum = 500)]
    cartons: Option<i64>,
    #[schema(minimum = 0.1, maximum = 45000)]
    weight_lb: Option<f64>,
}

async fn create_shipment(State(app): State<App>, Facility(facility): Facility, Json(body): Json<NewShipment>) -> ApiResult<(StatusCode, Reply<Shipment>)> {
    let cartons = check::within("cartons", body.cartons.unwrap_or(1), 1..=500)?;
    if body.weight_lb.is_some_and(|w| !(0.1..=45_000.0).contains(&w)) {
        return Err(ApiError::invalid("weightLb must be from 0.1 to 45000"));
    }
    let mut tx = app.db.begin().await?;
    let status = orders::status_of(&mut tx, &body.order_id, facility).await?;
    if status != OrderStatus::Packed {
        return Err(ApiError::conflict(format!("Order {} is {}; only packed orders can ship", body.order_id, status.as_str())));
    }
    let existing: Option<String> =
        sqlx::query_scalar("SELECT id FROM shipments WHERE order_id = ? AND status <> 'cancelled'").bind(&body.order_id).fetch_optional(&mut *tx).await?;
    if let Some(existing) = existing {
        return Err(ApiError::conflict(format!("Order {} already has shipment {existing}", body.order_id)));
    }
    let routed: Option<String> = sqlx::query_scalar("SELECT service_id FROM orders WHERE id = ?").bind(&body.order_id).fetch_one(&mut *tx).await?;
    let service_id = body.service_id.or(routed).ok_or_else(|| ApiError::invalid("serviceId is required: the order is not routed to a service"))?;
    let service: Option<(String, Mode, i64, String)> =
        sqlx::query_as("SELECT s.carrier_id, s.mode, s.transit_days, c.scac FROM delivery_services s JOIN carriers c ON c.id = s.carrier_id WHERE s.id = ?")
            .bind(&service_id)
            .fetch_optional(&mut *tx)
            .await?;
    let (carrier_id, mode, _, scac) = service.ok_or_else(|| ApiError::not_found(format!("Service {}", shorten(&service_id))))?;
    let weight: f64 = match body.weight_lb {
        Some(w) => w,
        None => {
            sqlx::query_scalar(
                "SELECT coalesce(sum(i.weight_lb * l.quantity_each), 1) FROM order_lines l JOIN items i ON i.id = l.item_id WHERE l.order_id = ?",
            )
            .bind(&body.order_id)
            .fetch_one(&mut *tx)
            .await?
        }
    };
    let id = next_id(&mut tx, Seq::Shipment).await?;
    let digits = id.trim_start_matches("SHP-");
    let (tracking, pro) = match mode {
        Mode::Parcel => (Some(format!("{scac}{digits:0>12}")), None),
        _ => (None, Some(format!("7{digits:0>9}"))),
    };
    sqlx::query(
        "INSERT INTO shipments (id, facility_id, order_id, carrier_id, service_id, load_id, tracking_number, pro_number, status, cartons, weight_lb, \
         shipped_at, estimated_delivery, delivered_at, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, 'label_created', ?, ?, NULL, NULL, NULL, ?)",
    )
    .bind(&id)
    .bind(facility)
    .bind(&body.order_id)
    .bind(&carrier_id)
    .bind(&service_id)
    .bind(tracking)
    .bind(pro)
    .bind(cartons)
    .bind((weight * 10.0).round() / 10.0)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE orders SET carrier_id = ?, service_id = ? WHERE id = ?")
        .bind(&carrier_id)
        .bind(&service_id)
        .bind(&body.order_id)
        .execute(&mut *tx)
        .await?;
    let shipment = fetch_shipment(&mut *tx, &id, facility).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Reply(shipment)))
}

/// Changes to a shipment; absent fields stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ShipmentChange {
    /// `cancelled` only before it ships; `delivered`, `exception` and `out_for_delivery` only after.
    status: Option<ShipmentStatus>,
    #[schema(format = Date)]
    estimated_delivery: Option<String>,
    #[schema(minimum = 1, maximum = 500)]
    cartons: Option<i64>,
    #[schema(minimum = 0.1, maximum = 45000)]
    weight_lb: Option<f64>,
}

async fn update_shipment(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<ShipmentPath>,
    Json(body): Json<ShipmentChange>,
) -> ApiResult<Reply<Shipment>> {
    let estimated = check::date("estimatedDelivery", body.estimated_delivery.as_deref())?;
    if let Some(cartons) = body.cartons {
        check::within("cartons", cartons, 1..=500)?;
    }
    if body.weight_lb.is_some_and(|w| !(0.1..=45_000.0).contains(&w)) {
        return Err(ApiError::invalid("weightLb must be from 0.1 to 45000"));
    }
    let mut tx = app.db.begin().await?;
    let shipment = fetch_shipment(&mut *tx, &p.shipment_id, facility).await?;
    if let Some(status) = body.status {
        set_status(&mut tx, &shipment, status).await?;
    }
    sqlx::query("UPDATE shipments SET estimated_delivery = coalesce(?, estimated_delivery), cartons = coalesce(?, cartons), weight_lb = coalesce(?, weight_lb) WHERE id = ?")
        .bind(estimated)
        .bind(body.cartons)
        .bind(body.weight_lb)
        .bind(&shipment.id)
        .execute(&mut *tx)
        .await?;
    let shipment = fetch_shipment(&mut *tx, &p.shipment_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(shipment))
}

/// Moves a shipment to `status` where that makes sense.
async fn set_status(conn: &mut SqliteConnection, shipment: &Shipment, status: ShipmentStatus) -> ApiResult<()> {
    use ShipmentStatus::*;
    let allowed = match (shipment.status, status) {
        (from, to) if from == to => true,
        (LabelCreated, Cancelled) => shipment.load_id.is_none(),
        (InTransit | OutForDelivery | Exception, InTransit | OutForDelivery | Delivered | Exception) => true,
        _ => false,
    };
    if !allowed {
        return Err(ApiError::conflict(format!("Shipment {} is {}; it cannot become {}", shipment.id, shipment.status.as_str(), status.as_str())));
    }
    let now = now();
    sqlx::query("UPDATE shipments SET status = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END WHERE id = ?")
        .bind(status)
        .bind(status.as_str())
        .bind(&now)
        .bind(&shipment.id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A carrier scan.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TrackingEvent {
    pub id: i64,
    pub shipment_id: String,
    #[schema(format = DateTime)]
    pub occurred_at: String,
    pub code: TrackingCode,
    pub description: String,
    pub city: String,
    pub state: String,
}

const EVENT_COLUMNS: &str = "id, shipment_id, occurred_at, code, description, city, state";

async fn list_events(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<ShipmentPath>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<TrackingEvent>>> {
    fetch_shipment(&app.db.read, &p.shipment_id, facility).await?;
    let filter = Filter::new().eq("shipment_id", Some(p.shipment_id.as_str()));
    Ok(Reply(list(&app.db.read, EVENT_COLUMNS, "tracking_events", &filter, "occurred_at, id", &paging).await?))
}

/// A scan to record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewEvent {
    code: TrackingCode,
    /// When it happened, with offset; now when absent.
    #[schema(format = DateTime)]
    occurred_at: Option<String>,
    city: String,
    /// Two letters.
    state: String,
    /// Defaults to the code's usual wording.
    description: Option<String>,
}

async fn add_event(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<ShipmentPath>,
    Json(body): Json<NewEvent>,
) -> ApiResult<(StatusCode, Reply<TrackingEvent>)> {
    let occurred = match body.occurred_at.as_deref() {
        Some(at) => check::timestamp("occurredAt", at)?,
        None => now(),
    };
    let city = check::text("city", &body.city, 60)?;
    let state = check::text("state", &body.state, 2)?.to_ascii_uppercase();
    let description = check::optional("description", body.description.as_deref(), 200)?.unwrap_or_else(|| crate::seed::event_text(body.code).to_owned());
    let mut tx = app.db.begin().await?;
    let shipment = fetch_shipment(&mut *tx, &p.shipment_id, facility).await?;
    if matches!(shipment.status, ShipmentStatus::Cancelled | ShipmentStatus::LabelCreated) {
        return Err(ApiError::conflict(format!("Shipment {} is {}; scans start once its load is dispatched", shipment.id, shipment.status.as_str())));
    }
    let follows = match body.code {
        TrackingCode::Delivered => Some(ShipmentStatus::Delivered),
        TrackingCode::OutForDelivery => Some(ShipmentStatus::OutForDelivery),
        TrackingCode::Exception => Some(ShipmentStatus::Exception),
        _ => None,
    };
    if let Some(status) = follows {
        set_status(&mut tx, &shipment, status).await?;
    }
    let id: i64 =
        sqlx::query_scalar("INSERT INTO tracking_events (shipment_id, occurred_at, code, description, city, state) VALUES (?, ?, ?, ?, ?, ?) RETURNING id")
            .bind(&shipment.id)
            .bind(occurred)
            .bind(body.code)
            .bind(description)
            .bind(city)
            .bind(state)
            .fetch_one(&mut *tx)
            .await?;
    let event = one(&mut *tx, EVENT_COLUMNS, "tracking_events", &Filter::new().eq("id", Some(id)), || format!("Tracking event {id}")).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Reply(event)))
}

/// A shipment and its scans.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Tracking {
    pub shipment: Shipment,
    pub events: Vec<TrackingEvent>,
}

async fn track(State(app): State<App>, MaybeFacility(facility): MaybeFacility, Path(p): Path<TrackingPath>) -> ApiResult<Reply<Tracking>> {
    let number = p.tracking_number.trim();
    let filter = Filter::new().cond("(tracking_number = ? OR pro_number = ?)", [number.into(), number.into()]).eq("facility_id", facility);
    let shipment: Shipment = one(&app.db.read, SHIPMENT_COLUMNS, "shipments", &filter, || format!("Tracking number {}", shorten(number))).await?;
    let events = all(&app.db.read, EVENT_COLUMNS, "tracking_events", &Filter::new().eq("shipment_id", Some(shipment.id.as_str())), "occurred_at, id").await?;
    Ok(Reply(Tracking { shipment, events }))
}

/// A load of shipments on one carrier's trailer.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Load {
    /// Such as `LD-000123`.
    pub id: String,
    pub facility_id: String,
    pub carrier_id: String,
    pub trailer_id: Option<String>,
    pub door_id: Option<String>,
    pub status: LoadStatus,
    /// Bill of lading number.
    pub bol_number: String,
    pub pro_number: Option<String>,
    #[schema(format = DateTime)]
    pub planned_departure: String,
    #[schema(format = DateTime)]
    pub departed_at: Option<String>,
    pub shipment_count: i64,
    pub weight_lb: f64,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// A load with its shipments.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct LoadDetail {
    #[serde(flatten)]
    pub load: Load,
    pub shipments: Vec<Shipment>,
}

const LOAD_COLUMNS: &str = "d.id, d.facility_id, d.carrier_id, d.trailer_id, d.door_id, d.status, d.bol_number, d.pro_number, d.planned_departure, d.departed_at, \
     (SELECT count(*) FROM shipments WHERE load_id = d.id) AS shipment_count, \
     (SELECT coalesce(sum(weight_lb), 0.0) FROM shipments WHERE load_id = d.id) AS weight_lb, d.created_at";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct LoadQuery {
    status: Option<LoadStatus>,
    carrier_id: Option<String>,
    /// Planned to depart on or after this day (`YYYY-MM-DD`, UTC).
    #[param(format = Date)]
    depart_from: Option<String>,
    /// Planned to depart on or before this day (`YYYY-MM-DD`, UTC).
    #[param(format = Date)]
    depart_to: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct LoadPath {
    /// Such as `LD-000123`.
    load_id: String,
}

async fn list_loads(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<LoadQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Load>>> {
    let depart_to = check::date("departTo", q.depart_to.as_deref())?.map(|d| format!("{d}T23:59:59Z"));
    let filter = Filter::new()
        .eq("d.facility_id", Some(facility))
        .eq("d.status", q.status.map(LoadStatus::as_str))
        .eq("d.carrier_id", q.carrier_id.as_deref())
        .at_least("d.planned_departure", check::date("departFrom", q.depart_from.as_deref())?)
        .at_most("d.planned_departure", depart_to);
    Ok(Reply(list(&app.db.read, LOAD_COLUMNS, "loads d", &filter, "d.planned_departure DESC, d.id DESC", &paging).await?))
}

async fn load_detail(conn: &mut SqliteConnection, id: &str, facility: &str) -> ApiResult<LoadDetail> {
    let filter = Filter::new().eq("d.id", Some(id)).eq("d.facility_id", Some(facility));
    let load = one(&mut *conn, LOAD_COLUMNS, "loads d", &filter, || format!("Load {}", shorten(id))).await?;
    let shipments = all(&mut *conn, SHIPMENT_COLUMNS, "shipments", &Filter::new().eq("load_id", Some(id)), "id").await?;
    Ok(LoadDetail { load, shipments })
}

async fn get_load(State(app): State<App>, Facility(facility): Facility, Path(p): Path<LoadPath>) -> ApiResult<Reply<LoadDetail>> {
    let mut conn = app.db.read.acquire().await?;
    Ok(Reply(load_detail(&mut conn, &p.load_id, facility).await?))
}

/// A load to plan.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewLoad {
    carrier_id: String,
    /// With offset, such as `2026-11-17T18:00:00-08:00`.
    #[schema(format = DateTime)]
    planned_departure: String,
}

async fn create_load(State(app): State<App>, Facility(facility): Facility, Json(body): Json<NewLoad>) -> ApiResult<(StatusCode, Reply<LoadDetail>)> {
    let planned = check::timestamp("plannedDeparture", &body.planned_departure)?;
    let mut tx = app.db.begin().await?;
    let mode: Option<Mode> = sqlx::query_scalar("SELECT mode FROM carriers WHERE id = ?").bind(&body.carrier_id).fetch_optional(&mut *tx).await?;
    let mode = mode.ok_or_else(|| ApiError::not_found(format!("Carrier {}", shorten(&body.carrier_id))))?;
    let id = next_id(&mut tx, Seq::Load).await?;
    let digits = id.trim_start_matches("LD-");
    sqlx::query(
        "INSERT INTO loads (id, facility_id, carrier_id, trailer_id, door_id, status, bol_number, pro_number, planned_departure, departed_at, created_at) \
         VALUES (?, ?, ?, NULL, NULL, 'planning', ?, ?, ?, NULL, ?)",
    )
    .bind(&id)
    .bind(facility)
    .bind(&body.carrier_id)
    .bind(format!("BOL{digits:0>9}"))
    .bind((mode != Mode::Parcel).then(|| format!("8{digits:0>9}")))
    .bind(planned)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    let load = load_detail(&mut tx, &id, facility).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Reply(load)))
}

/// The shipment to put on a load.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LoadShipment {
    shipment_id: String,
}

async fn add_to_load(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<LoadPath>,
    Json(body): Json<LoadShipment>,
) -> ApiResult<Reply<LoadDetail>> {
    let mut tx = app.db.begin().await?;
    let load = load_detail(&mut tx, &p.load_id, facility).await?.load;
    if !matches!(load.status, LoadStatus::Planning | LoadStatus::Loading) {
        return Err(ApiError::conflict(format!("Load {} is {}", load.id, load.status.as_str())));
    }
    let shipment = fetch_shipment(&mut *tx, &body.shipment_id, facility).await?;
    if shipment.status != ShipmentStatus::LabelCreated {
        return Err(ApiError::conflict(format!("Shipment {} is {}; only labelled shipments can be loaded", shipment.id, shipment.status.as_str())));
    }
    if shipment.carrier_id != load.carrier_id {
        return Err(ApiError::conflict(format!("Shipment {} goes with {}, load {} with {}", shipment.id, shipment.carrier_id, load.id, load.carrier_id)));
    }
    sqlx::query("UPDATE shipments SET load_id = ? WHERE id = ?").bind(&load.id).bind(&shipment.id).execute(&mut *tx).await?;
    let detail = load_detail(&mut tx, &p.load_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(detail))
}

async fn dispatch(State(app): State<App>, Facility(facility): Facility, Path(p): Path<LoadPath>) -> ApiResult<Reply<LoadDetail>> {
    let mut tx = app.db.begin().await?;
    let detail = load_detail(&mut tx, &p.load_id, facility).await?;
    if !matches!(detail.load.status, LoadStatus::Planning | LoadStatus::Loading) {
        return Err(ApiError::conflict(format!("Load {} is {}", detail.load.id, detail.load.status.as_str())));
    }
    if detail.shipments.is_empty() {
        return Err(ApiError::conflict(format!("Load {} has no shipments", detail.load.id)));
    }
    let now = now();
    for shipment in &detail.shipments {
        let transit: i64 = sqlx::query_scalar("SELECT transit_days FROM delivery_services WHERE id = ?").bind(&shipment.service_id).fetch_one(&mut *tx).await?;
        let estimated = now[..10].parse::<jiff::civil::Date>().map(|d| d.saturating_add(jiff::Span::new().days(transit)).to_string()).ok();
        sqlx::query("UPDATE shipments SET status = 'in_transit', shipped_at = ?, estimated_delivery = ? WHERE id = ?")
            .bind(&now)
            .bind(estimated)
            .bind(&shipment.id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO tracking_events (shipment_id, occurred_at, code, description, city, state) VALUES (?, ?, 'picked_up', 'Picked up by carrier', ?, ?)",
        )
        .bind(&shipment.id)
        .bind(&now)
        .bind(if facility == "xdock-savannah" {
            "Savannah"
        } else if facility == "yard-fontana" {
            "Fontana"
        } else {
            "Ontario"
        })
        .bind(if facility == "xdock-savannah" { "GA" } else { "CA" })
        .execute(&mut *tx)
        .await?;
        orders::ship(&mut tx, &shipment.order_id, &now).await?;
    }
    if let Some(trailer) = &detail.load.trailer_id {
        sqlx::query("UPDATE trailers SET status = 'departed', door_id = NULL, yard_location = NULL, load_state = 'loaded', departed_at = ? WHERE id = ?")
            .bind(&now)
            .bind(trailer)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE dock_doors SET status = 'available', trailer_id = NULL WHERE trailer_id = ?").bind(trailer).execute(&mut *tx).await?;
    }
    sqlx::query("UPDATE loads SET status = 'dispatched', departed_at = ? WHERE id = ?").bind(&now).bind(&detail.load.id).execute(&mut *tx).await?;
    let detail = load_detail(&mut tx, &p.load_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(detail))
}

async fn cancel_load(State(app): State<App>, Facility(facility): Facility, Path(p): Path<LoadPath>) -> ApiResult<Reply<LoadDetail>> {
    let mut tx = app.db.begin().await?;
    let load = load_detail(&mut tx, &p.load_id, facility).await?.load;
    if !matches!(load.status, LoadStatus::Planning | LoadStatus::Loading) {
        return Err(ApiError::conflict(format!("Load {} is {}; only planning or loading loads can be cancelled", load.id, load.status.as_str())));
    }
    sqlx::query("UPDATE shipments SET load_id = NULL WHERE load_id = ?").bind(&load.id).execute(&mut *tx).await?;
    sqlx::query("UPDATE loads SET status = 'cancelled' WHERE id = ?").bind(&load.id).execute(&mut *tx).await?;
    let detail = load_detail(&mut tx, &p.load_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(detail))
}
