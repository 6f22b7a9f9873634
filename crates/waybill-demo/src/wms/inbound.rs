//! Inbound receipts (ASNs) and receiving into stock.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Json as Reply;
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqliteConnection};
use utoipa::{IntoParams, ToSchema};

use crate::db::{Seq, next_id};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Facility, Json, Path, Query};
use crate::http::page::{Filter, Page, Paging, all, list, one};
use crate::http::{App, Operation, check, shorten};
use crate::model::{ReceiptStatus, Uom};
use crate::orders::now;

pub(super) fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/v1/receipts", "listReceipts", list_receipts)
            .doc(
                "Receipts",
                "List inbound receipts (ASNs)",
                "List inbound receipts and advance ship notices (ASNs) of the facility by status, merchant, ASN or PO number, or expected date range.",
            )
            .query::<ReceiptQuery>()
            .page::<Receipt>(),
        Operation::get("/v1/receipts/{receiptId}", "getReceipt", get_receipt)
            .doc("Receipts", "Get a receipt with its lines", "Get one inbound receipt (ASN) with its lines: SKUs, expected and received quantities, lots and expiry.")
            .path_params::<ReceiptPath>()
            .ok::<ReceiptDetail>(),
        Operation::post("/v1/receipts", "createReceipt", create_receipt)
            .doc("Receipts", "Create an inbound receipt (ASN)", "Announce an inbound shipment: merchant, PO, carrier, expected date and the SKUs and quantities expected.")
            .body::<NewReceipt>()
            .created::<ReceiptDetail>()
            .error(404, "The customer, carrier or a SKU does not exist")
            .error(409, "The ASN number is already used"),
        Operation::post("/v1/receipts/{receiptId}/lines/{lineNo}/receive", "receiveReceiptLine", receive_line)
            .doc(
                "Receipts",
                "Receive an ASN line into stock",
                "Record quantity received on one receipt line into a location (with lot and expiry where tracked); stock becomes available and the receipt moves to receiving or received.",
            )
            .path_params::<ReceiptLinePath>()
            .body::<Receiving>()
            .ok::<ReceiptDetail>()
            .error(409, "The receipt is cancelled or received, or more than expected would be received"),
        Operation::post("/v1/receipts/{receiptId}/cancel", "cancelReceipt", cancel_receipt)
            .doc("Receipts", "Cancel a receipt", "Cancel an inbound receipt (ASN) that has not started receiving.")
            .path_params::<ReceiptPath>()
            .ok::<ReceiptDetail>()
            .error(409, "Receiving has started or the receipt is already cancelled"),
    ]
}

/// An inbound receipt or advance ship notice.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Receipt {
    /// Such as `RCV-000123`.
    pub id: String,
    pub facility_id: String,
    pub customer_id: String,
    pub asn_number: String,
    pub po_number: String,
    pub carrier_id: String,
    pub trailer_number: Option<String>,
    pub status: ReceiptStatus,
    #[schema(format = Date)]
    pub expected_date: String,
    #[schema(format = DateTime)]
    pub received_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    pub line_count: i64,
    /// Expected quantity over all lines, in their units.
    pub expected_qty: i64,
    pub received_qty: i64,
}

/// A line of a receipt.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReceiptLine {
    pub line_no: i64,
    pub item_id: String,
    pub sku: String,
    pub description: String,
    pub uom: Uom,
    pub expected_qty: i64,
    pub received_qty: i64,
    pub lot: Option<String>,
    #[schema(format = Date)]
    pub expires_on: Option<String>,
}

/// A receipt with its lines.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReceiptDetail {
    #[serde(flatten)]
    pub receipt: Receipt,
    pub lines: Vec<ReceiptLine>,
}

const RECEIPT_COLUMNS: &str = "r.id, r.facility_id, r.customer_id, r.asn_number, r.po_number, r.carrier_id, r.trailer_number, r.status, r.expected_date, \
     r.received_at, r.created_at, (SELECT count(*) FROM receipt_lines WHERE receipt_id = r.id) AS line_count, \
     (SELECT coalesce(sum(expected_qty), 0) FROM receipt_lines WHERE receipt_id = r.id) AS expected_qty, \
     (SELECT coalesce(sum(received_qty), 0) FROM receipt_lines WHERE receipt_id = r.id) AS received_qty";
const LINE_COLUMNS: &str = "l.line_no, l.item_id, l.sku, i.description, l.uom, l.expected_qty, l.received_qty, l.lot, l.expires_on";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct ReceiptQuery {
    status: Option<ReceiptStatus>,
    customer_id: Option<String>,
    asn_number: Option<String>,
    po_number: Option<String>,
    /// Expected on or after this day (`YYYY-MM-DD`).
    #[param(format = Date)]
    expected_from: Option<String>,
    /// Expected on or before this day (`YYYY-MM-DD`).
    #[param(format = Date)]
    expected_to: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct ReceiptPath {
    /// Such as `RCV-000123`.
    receipt_id: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct ReceiptLinePath {
    /// Such as `RCV-000123`.
    receipt_id: String,
    /// The line's number, from 1.
    line_no: u32,
}

async fn list_receipts(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<ReceiptQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Receipt>>> {
    let filter = Filter::new()
        .eq("r.facility_id", Some(facility))
        .eq("r.status", q.status.map(ReceiptStatus::as_str))
        .eq("r.customer_id", q.customer_id.as_deref())
        .eq("r.asn_number", q.asn_number.as_deref())
        .eq("r.po_number", q.po_number.as_deref())
        .at_least("r.expected_date", check::date("expectedFrom", q.expected_from.as_deref())?)
        .at_most("r.expected_date", check::date("expectedTo", q.expected_to.as_deref())?);
    Ok(Reply(list(&app.db.read, RECEIPT_COLUMNS, "receipts r", &filter, "r.expected_date DESC, r.id DESC", &paging).await?))
}

async fn detail(conn: &mut SqliteConnection, receipt_id: &str, facility: &str) -> ApiResult<ReceiptDetail> {
    let filter = Filter::new().eq("r.id", Some(receipt_id)).eq("r.facility_id", Some(facility));
    let receipt = one(&mut *conn, RECEIPT_COLUMNS, "receipts r", &filter, || format!("Receipt {}", shorten(receipt_id))).await?;
    let lines =
        all(&mut *conn, LINE_COLUMNS, "receipt_lines l JOIN items i ON i.id = l.item_id", &Filter::new().eq("l.receipt_id", Some(receipt_id)), "l.line_no")
            .await?;
    Ok(ReceiptDetail { receipt, lines })
}

async fn get_receipt(State(app): State<App>, Facility(facility): Facility, Path(p): Path<ReceiptPath>) -> ApiResult<Reply<ReceiptDetail>> {
    let mut conn = app.db.read.acquire().await?;
    Ok(Reply(detail(&mut conn, &p.receipt_id, facility).await?))
}

/// A new inbound receipt.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewReceipt {
    customer_id: String,
    /// Generated when absent.
    asn_number: Option<String>,
    po_number: String,
    carrier_id: String,
    #[schema(format = Date)]
    expected_date: String,
    /// 1 to 200 lines.
    lines: Vec<NewReceiptLine>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewReceiptLine {
    /// A SKU of the receipt's merchant.
    sku: String,
    #[schema(minimum = 1, maximum = 1000000)]
    quantity: i64,
    /// `CS` when absent.
    uom: Option<Uom>,
}

async fn create_receipt(State(app): State<App>, Facility(facility): Facility, Json(body): Json<NewReceipt>) -> ApiResult<(StatusCode, Reply<ReceiptDetail>)> {
    let po_number = check::text("poNumber", &body.po_number, 64)?;
    let asn_number = check::optional("asnNumber", body.asn_number.as_deref(), 64)?;
    let expected = check::date("expectedDate", Some(&body.expected_date))?.ok_or_else(|| ApiError::invalid("expectedDate is required"))?;
    if body.lines.is_empty() || body.lines.len() > 200 {
        return Err(ApiError::invalid("lines must hold 1 to 200 lines"));
    }
    let mut tx = app.db.begin().await?;
    let known: (Option<String>, Option<String>) = sqlx::query_as("SELECT (SELECT id FROM customers WHERE id = ?), (SELECT id FROM carriers WHERE id = ?)")
        .bind(&body.customer_id)
        .bind(&body.carrier_id)
        .fetch_one(&mut *tx)
        .await?;
    known.0.ok_or_else(|| ApiError::not_found(format!("Customer {}", shorten(&body.customer_id))))?;
    known.1.ok_or_else(|| ApiError::not_found(format!("Carrier {}", shorten(&body.carrier_id))))?;
    let id = next_id(&mut tx, Seq::Receipt).await?;
    let asn_number = asn_number.unwrap_or_else(|| format!("ASN-{}", id.trim_start_matches("RCV-")));
    let taken: Option<String> = sqlx::query_scalar("SELECT id FROM receipts WHERE asn_number = ?").bind(&asn_number).fetch_optional(&mut *tx).await?;
    if let Some(existing) = taken {
        return Err(ApiError::conflict(format!("ASN {asn_number} is already receipt {existing}")));
    }
    let now = now();
    sqlx::query(
        "INSERT INTO receipts (id, facility_id, customer_id, asn_number, po_number, carrier_id, trailer_number, status, expected_date, received_at, created_at) \
         VALUES (?, ?, ?, ?, ?, ?, NULL, 'expected', ?, NULL, ?)",
    )
    .bind(&id)
    .bind(facility)
    .bind(&body.customer_id)
    .bind(&asn_number)
    .bind(po_number)
    .bind(&body.carrier_id)
    .bind(expected)
    .bind(&now)
    .execute(&mut *tx)
    .await?;
    for (index, line) in body.lines.iter().enumerate() {
        let quantity = check::within(&format!("lines[{index}].quantity"), line.quantity, 1..=1_000_000)?;
        let item: Option<String> = sqlx::query_scalar("SELECT id FROM items WHERE sku = ? AND customer_id = ?")
            .bind(line.sku.trim())
            .bind(&body.customer_id)
            .fetch_optional(&mut *tx)
            .await?;
        let item = item.ok_or_else(|| ApiError::not_found(format!("lines[{index}].sku: SKU {} of customer {}", shorten(&line.sku), body.customer_id)))?;
        sqlx::query(
            "INSERT INTO receipt_lines (receipt_id, line_no, item_id, sku, uom, expected_qty, received_qty, lot, expires_on) VALUES (?, ?, ?, ?, ?, ?, 0, NULL, NULL)",
        )
        .bind(&id)
        .bind(index as i64 + 1)
        .bind(item)
        .bind(line.sku.trim())
        .bind(line.uom.unwrap_or(Uom::Case))
        .bind(quantity)
        .execute(&mut *tx)
        .await?;
    }
    let receipt = detail(&mut tx, &id, facility).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Reply(receipt)))
}

/// Quantity received on one line.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Receiving {
    /// In the line's unit of measure; at most what is still expected.
    #[schema(minimum = 1)]
    quantity: i64,
    /// Where the stock is put away (`LOC-000123`), in this facility.
    location_id: String,
    /// Required for lot-controlled items.
    lot: Option<String>,
    /// Required for expiry-controlled items.
    #[schema(format = Date)]
    expires_on: Option<String>,
    /// The trailer the goods came on.
    trailer_number: Option<String>,
}

async fn receive_line(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<ReceiptLinePath>,
    Json(body): Json<Receiving>,
) -> ApiResult<Reply<ReceiptDetail>> {
    let lot = check::optional("lot", body.lot.as_deref(), 40)?;
    let expires_on = check::date("expiresOn", body.expires_on.as_deref())?;
    let trailer = check::optional("trailerNumber", body.trailer_number.as_deref(), 20)?;
    let mut tx = app.db.begin().await?;
    let receipt = detail(&mut tx, &p.receipt_id, facility).await?;
    if matches!(receipt.receipt.status, ReceiptStatus::Cancelled | ReceiptStatus::Received) {
        return Err(ApiError::conflict(format!("Receipt {} is {}", receipt.receipt.id, receipt.receipt.status.as_str())));
    }
    let line = receipt
        .lines
        .iter()
        .find(|l| l.line_no == i64::from(p.line_no))
        .ok_or_else(|| ApiError::not_found(format!("Line {} of receipt {}", p.line_no, receipt.receipt.id)))?;
    let remaining = line.expected_qty - line.received_qty;
    if body.quantity < 1 {
        return Err(ApiError::invalid("quantity must be at least 1"));
    }
    if body.quantity > remaining {
        return Err(ApiError::conflict(format!("Line {} expects {remaining} more {}; {} is too many", line.line_no, line.uom.as_str(), body.quantity)));
    }
    let (lot_controlled, expiry_controlled, qty_each): (bool, bool, i64) = sqlx::query_as(
        "SELECT i.lot_controlled, i.expiry_controlled, u.qty_each FROM items i JOIN item_uoms u ON u.item_id = i.id AND u.uom = ? WHERE i.id = ?",
    )
    .bind(line.uom)
    .bind(&line.item_id)
    .fetch_one(&mut *tx)
    .await?;
    if lot_controlled && lot.is_none() {
        return Err(ApiError::invalid(format!("lot is required: {} is lot-controlled", line.sku)));
    }
    if expiry_controlled && expires_on.is_none() {
        return Err(ApiError::invalid(format!("expiresOn is required: {} is expiry-controlled", line.sku)));
    }
    let location: Option<String> = sqlx::query_scalar("SELECT status FROM locations WHERE id = ? AND facility_id = ?")
        .bind(&body.location_id)
        .bind(facility)
        .fetch_optional(&mut *tx)
        .await?;
    match location.as_deref() {
        None => return Err(ApiError::not_found(format!("Location {} in {facility}", shorten(&body.location_id)))),
        Some("blocked") => return Err(ApiError::conflict(format!("Location {} is blocked", body.location_id))),
        Some(_) => {}
    }
    let now = now();
    let today = &now[..10];
    let existing: Option<String> = sqlx::query_scalar(
        "SELECT id FROM inventory WHERE facility_id = ? AND item_id = ? AND location_id = ? AND lot IS ? AND expires_on IS ? AND status = 'available'",
    )
    .bind(facility)
    .bind(&line.item_id)
    .bind(&body.location_id)
    .bind(&lot)
    .bind(&expires_on)
    .fetch_optional(&mut *tx)
    .await?;
    let eaches = body.quantity * qty_each;
    match existing {
        Some(id) => {
            sqlx::query("UPDATE inventory SET on_hand = on_hand + ?, updated_at = ? WHERE id = ?").bind(eaches).bind(&now).bind(id).execute(&mut *tx).await?;
        }
        None => {
            let id = next_id(&mut tx, Seq::Inventory).await?;
            sqlx::query(
                "INSERT INTO inventory (id, facility_id, item_id, location_id, lot, expires_on, on_hand, allocated, status, received_on, updated_at) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, 0, 'available', ?, ?)",
            )
            .bind(id)
            .bind(facility)
            .bind(&line.item_id)
            .bind(&body.location_id)
            .bind(&lot)
            .bind(&expires_on)
            .bind(eaches)
            .bind(today)
            .bind(&now)
            .execute(&mut *tx)
            .await?;
        }
    }
    sqlx::query("UPDATE receipt_lines SET received_qty = received_qty + ?, lot = coalesce(?, lot), expires_on = coalesce(?, expires_on) WHERE receipt_id = ? AND line_no = ?")
        .bind(body.quantity)
        .bind(&lot)
        .bind(&expires_on)
        .bind(&receipt.receipt.id)
        .bind(line.line_no)
        .execute(&mut *tx)
        .await?;
    let open: i64 = sqlx::query_scalar("SELECT count(*) FROM receipt_lines WHERE receipt_id = ? AND received_qty < expected_qty")
        .bind(&receipt.receipt.id)
        .fetch_one(&mut *tx)
        .await?;
    let status = if open == 0 { ReceiptStatus::Received } else { ReceiptStatus::Receiving };
    sqlx::query("UPDATE receipts SET status = ?, received_at = CASE WHEN ? = 'received' THEN ? ELSE received_at END, trailer_number = coalesce(?, trailer_number) WHERE id = ?")
        .bind(status)
        .bind(status.as_str())
        .bind(&now)
        .bind(trailer)
        .bind(&receipt.receipt.id)
        .execute(&mut *tx)
        .await?;
    let receipt = detail(&mut tx, &p.receipt_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(receipt))
}

async fn cancel_receipt(State(app): State<App>, Facility(facility): Facility, Path(p): Path<ReceiptPath>) -> ApiResult<Reply<ReceiptDetail>> {
    let mut tx = app.db.begin().await?;
    let receipt = detail(&mut tx, &p.receipt_id, facility).await?;
    if receipt.receipt.status != ReceiptStatus::Expected {
        return Err(ApiError::conflict(format!(
            "Receipt {} is {}; only expected receipts can be cancelled",
            receipt.receipt.id,
            receipt.receipt.status.as_str()
        )));
    }
    sqlx::query("UPDATE receipts SET status = 'cancelled' WHERE id = ?").bind(&receipt.receipt.id).execute(&mut *tx).await?;
    let receipt = detail(&mut tx, &p.receipt_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(receipt))
}
