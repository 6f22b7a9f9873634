//! The yard management system: dock doors, trailers in the yard and at doors, and
//! dock appointments.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Json as Reply;
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, SqliteConnection};
use utoipa::{IntoParams, ToSchema};

use crate::db::{Seq, next_id};
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{Facility, Json, Path, Query};
use crate::http::page::{Filter, Page, Paging, list, one};
use crate::http::{App, Operation, check, shorten};
use crate::model::{AppointmentKind, AppointmentStatus, Direction, DoorStatus, LoadState, TrailerKind, TrailerStatus};
use crate::orders::now;

pub(crate) const TAGS: &[(&str, &str)] = &[
    ("Dock doors", "The facility's dock doors: direction, status and the trailer at each."),
    ("Trailers", "Trailers in the yard and at doors: gate check-in, moves between yard slots and doors, departure."),
    ("Appointments", "Dock appointments of carriers: scheduling, rescheduling, check-in, completion and cancellation."),
    ("Yard", "The yard at a glance."),
];

/// The YMS route table, read top to bottom.
pub(crate) fn operations() -> Vec<Operation> {
    vec![
        Operation::get("/v1/dock-doors", "listDockDoors", list_doors)
            .doc(
                "Dock doors",
                "List dock doors",
                "List the facility's dock doors by status (available, occupied, out of service) or direction, with the trailer at each.",
            )
            .query::<DoorQuery>()
            .page::<DockDoor>(),
        Operation::get("/v1/dock-doors/{doorId}", "getDockDoor", get_door)
            .doc("Dock doors", "Get a dock door", "Get one dock door by id: code, direction, status and trailer.")
            .path_params::<DoorPath>()
            .ok::<DockDoor>(),
        Operation::patch("/v1/dock-doors/{doorId}", "updateDockDoor", update_door)
            .doc("Dock doors", "Take a dock door out of service or back", "Set a dock door out of service (for repairs) or available again.")
            .path_params::<DoorPath>()
            .body::<DoorChange>()
            .ok::<DockDoor>()
            .error(409, "A trailer is at the door"),
        Operation::get("/v1/trailers", "listTrailers", list_trailers)
            .doc(
                "Trailers",
                "List trailers",
                "List trailers in the facility's yard, at its doors or departed, by status, carrier, load state or trailer number.",
            )
            .query::<TrailerQuery>()
            .page::<Trailer>(),
        Operation::get("/v1/trailers/{trailerId}", "getTrailer", get_trailer)
            .doc("Trailers", "Get a trailer", "Get one trailer by id: number, carrier, equipment, where it stands, load state, seal and times.")
            .path_params::<TrailerPath>()
            .ok::<Trailer>(),
        Operation::post("/v1/trailers", "checkInTrailer", check_in_trailer)
            .doc(
                "Trailers",
                "Check a trailer in at the gate",
                "Record a trailer arriving at the gate into a yard slot, with carrier, equipment, load state and seal.",
            )
            .body::<NewTrailer>()
            .created::<Trailer>()
            .error(404, "The carrier does not exist")
            .error(409, "A trailer with this number is already in the yard"),
        Operation::post("/v1/trailers/{trailerId}/move", "moveTrailer", move_trailer)
            .doc(
                "Trailers",
                "Move a trailer to a door or yard slot",
                "Move a trailer to an available dock door, or back to a yard slot; the doors' status follows.",
            )
            .path_params::<TrailerPath>()
            .body::<TrailerMove>()
            .ok::<Trailer>()
            .error(409, "The trailer has departed, or the door is taken or out of service"),
        Operation::post("/v1/trailers/{trailerId}/depart", "departTrailer", depart_trailer)
            .doc("Trailers", "Depart a trailer", "Record a trailer leaving through the gate; its door becomes available.")
            .path_params::<TrailerPath>()
            .body::<Departure>()
            .ok::<Trailer>()
            .error(409, "The trailer has already departed"),
        Operation::get("/v1/appointments", "listAppointments", list_appointments)
            .doc(
                "Appointments",
                "List dock appointments",
                "List dock appointments of the facility for a day or a date range, by status, direction, carrier or door; earliest first.",
            )
            .query::<AppointmentQuery>()
            .page::<Appointment>(),
        Operation::get("/v1/appointments/{appointmentId}", "getAppointment", get_appointment)
            .doc("Appointments", "Get an appointment", "Get one dock appointment by id: carrier, door, time window, reference, trailer and status.")
            .path_params::<AppointmentPath>()
            .ok::<Appointment>(),
        Operation::post("/v1/appointments", "createAppointment", create_appointment)
            .doc(
                "Appointments",
                "Schedule a dock appointment",
                "Book a carrier's inbound or outbound dock appointment in a time window, optionally at a door that is free then.",
            )
            .body::<NewAppointment>()
            .created::<Appointment>()
            .error(404, "The carrier or door does not exist")
            .error(409, "The door is booked in that window"),
        Operation::patch("/v1/appointments/{appointmentId}", "rescheduleAppointment", reschedule)
            .doc("Appointments", "Reschedule an appointment", "Move a scheduled appointment to a new time window and optionally another door.")
            .path_params::<AppointmentPath>()
            .body::<Reschedule>()
            .ok::<Appointment>()
            .error(409, "The appointment is not scheduled, or the door is booked then"),
        Operation::post("/v1/appointments/{appointmentId}/cancel", "cancelAppointment", cancel_appointment)
            .doc("Appointments", "Cancel an appointment", "Cancel a scheduled appointment, with an optional reason.")
            .path_params::<AppointmentPath>()
            .body::<Cancellation>()
            .ok::<Appointment>()
            .error(409, "The appointment is not scheduled"),
        Operation::post("/v1/appointments/{appointmentId}/check-in", "checkInAppointment", check_in_appointment)
            .doc(
                "Appointments",
                "Check in an appointment",
                "Check in a carrier for a scheduled appointment; the trailer is recorded in the yard if it is not there yet.",
            )
            .path_params::<AppointmentPath>()
            .body::<AppointmentCheckIn>()
            .ok::<Appointment>()
            .error(409, "The appointment is not scheduled"),
        Operation::post("/v1/appointments/{appointmentId}/complete", "completeAppointment", complete_appointment)
            .doc("Appointments", "Complete an appointment", "Mark a checked-in appointment completed once loading or unloading is done.")
            .path_params::<AppointmentPath>()
            .ok::<Appointment>()
            .error(409, "The appointment is not checked in"),
        Operation::get("/v1/yard/summary", "getYardSummary", summary)
            .doc(
                "Yard",
                "Summarize the yard",
                "Counts for the facility: trailers in the yard and at doors, doors available, occupied and out of service, and today's appointments by status.",
            )
            .ok::<YardSummary>(),
    ]
}

/// A dock door.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct DockDoor {
    /// Such as `ONT-D07`.
    pub id: String,
    pub facility_id: String,
    /// Such as `D07`.
    pub code: String,
    pub kind: Direction,
    pub status: DoorStatus,
    pub trailer_id: Option<String>,
    pub trailer_number: Option<String>,
}

const DOOR_COLUMNS: &str = "d.id, d.facility_id, d.code, d.kind, d.status, d.trailer_id, t.number AS trailer_number";
const DOOR_FROM: &str = "dock_doors d LEFT JOIN trailers t ON t.id = d.trailer_id";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct DoorQuery {
    status: Option<DoorStatus>,
    kind: Option<Direction>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct DoorPath {
    /// Such as `ONT-D07`.
    door_id: String,
}

async fn list_doors(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<DoorQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<DockDoor>>> {
    let filter = Filter::new().eq("d.facility_id", Some(facility)).eq("d.status", q.status.map(DoorStatus::as_str)).eq("d.kind", q.kind.map(Direction::as_str));
    Ok(Reply(list(&app.db.read, DOOR_COLUMNS, DOOR_FROM, &filter, "d.id", &paging).await?))
}

async fn fetch_door<'c>(executor: impl sqlx::Executor<'c, Database = sqlx::Sqlite>, id: &str, facility: &str) -> ApiResult<DockDoor> {
    let filter = Filter::new().eq("d.id", Some(id)).eq("d.facility_id", Some(facility));
    one(executor, DOOR_COLUMNS, DOOR_FROM, &filter, || format!("Dock door {}", shorten(id))).await
}

async fn get_door(State(app): State<App>, Facility(facility): Facility, Path(p): Path<DoorPath>) -> ApiResult<Reply<DockDoor>> {
    Ok(Reply(fetch_door(&app.db.read, &p.door_id, facility).await?))
}

/// The door's new status.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DoorChange {
    /// `available` or `out_of_service`.
    status: DoorStatus,
}

async fn update_door(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<DoorPath>,
    Json(body): Json<DoorChange>,
) -> ApiResult<Reply<DockDoor>> {
    if body.status == DoorStatus::Occupied {
        return Err(ApiError::invalid("status must be available or out_of_service; doors become occupied when a trailer moves in"));
    }
    let mut tx = app.db.begin().await?;
    let door = fetch_door(&mut *tx, &p.door_id, facility).await?;
    if door.trailer_id.is_some() {
        return Err(ApiError::conflict(format!("Trailer {} is at door {}", door.trailer_number.unwrap_or_default(), door.id)));
    }
    sqlx::query("UPDATE dock_doors SET status = ? WHERE id = ?").bind(body.status).bind(&door.id).execute(&mut *tx).await?;
    let door = fetch_door(&mut *tx, &p.door_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(door))
}

/// A trailer.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Trailer {
    /// Such as `TRL-00042`.
    pub id: String,
    pub facility_id: String,
    /// The number painted on it, such as `ODFL 482913`.
    pub number: String,
    pub carrier_id: String,
    pub kind: TrailerKind,
    pub length_ft: i64,
    pub status: TrailerStatus,
    /// The yard slot, such as `B-14`, while in the yard.
    pub yard_location: Option<String>,
    /// The door, while at one.
    pub door_id: Option<String>,
    pub load_state: LoadState,
    pub seal_number: Option<String>,
    #[schema(format = DateTime)]
    pub arrived_at: String,
    #[schema(format = DateTime)]
    pub departed_at: Option<String>,
}

const TRAILER_COLUMNS: &str =
    "id, facility_id, number, carrier_id, kind, length_ft, status, yard_location, door_id, load_state, seal_number, arrived_at, departed_at";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct TrailerQuery {
    status: Option<TrailerStatus>,
    carrier_id: Option<String>,
    load_state: Option<LoadState>,
    /// Part of the trailer number, any case.
    number: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct TrailerPath {
    /// Such as `TRL-00042`.
    trailer_id: String,
}

async fn list_trailers(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<TrailerQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Trailer>>> {
    let filter = Filter::new()
        .eq("facility_id", Some(facility))
        .eq("status", q.status.map(TrailerStatus::as_str))
        .eq("carrier_id", q.carrier_id.as_deref())
        .eq("load_state", q.load_state.map(LoadState::as_str))
        .contains(&["number"], q.number.as_deref());
    Ok(Reply(list(&app.db.read, TRAILER_COLUMNS, "trailers", &filter, "arrived_at DESC, id DESC", &paging).await?))
}

async fn fetch_trailer<'c>(executor: impl sqlx::Executor<'c, Database = sqlx::Sqlite>, id: &str, facility: &str) -> ApiResult<Trailer> {
    let filter = Filter::new().eq("id", Some(id)).eq("facility_id", Some(facility));
    one(executor, TRAILER_COLUMNS, "trailers", &filter, || format!("Trailer {}", shorten(id))).await
}

async fn get_trailer(State(app): State<App>, Facility(facility): Facility, Path(p): Path<TrailerPath>) -> ApiResult<Reply<Trailer>> {
    Ok(Reply(fetch_trailer(&app.db.read, &p.trailer_id, facility).await?))
}

/// A trailer arriving at the gate.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewTrailer {
    /// Up to 20 characters.
    number: String,
    carrier_id: String,
    /// `dry_van` when absent.
    kind: Option<TrailerKind>,
    /// 53 when absent.
    #[schema(minimum = 20, maximum = 57)]
    length_ft: Option<i64>,
    /// `empty` when absent.
    load_state: Option<LoadState>,
    seal_number: Option<String>,
    /// The yard slot it is parked in, such as `B-14`.
    yard_location: String,
}

async fn check_in_trailer(State(app): State<App>, Facility(facility): Facility, Json(body): Json<NewTrailer>) -> ApiResult<(StatusCode, Reply<Trailer>)> {
    let mut tx = app.db.begin().await?;
    let id = gate_in(&mut tx, facility, &body).await?;
    let trailer = fetch_trailer(&mut *tx, &id, facility).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Reply(trailer)))
}

async fn gate_in(conn: &mut SqliteConnection, facility: &str, body: &NewTrailer) -> ApiResult<String> {
    let number = check::text("number", &body.number, 20)?;
    let slot = check::text("yardLocation", &body.yard_location, 10)?;
    let seal = check::optional("sealNumber", body.seal_number.as_deref(), 20)?;
    let length = check::within("lengthFt", body.length_ft.unwrap_or(53), 20..=57)?;
    let carrier: Option<String> = sqlx::query_scalar("SELECT id FROM carriers WHERE id = ?").bind(&body.carrier_id).fetch_optional(&mut *conn).await?;
    carrier.ok_or_else(|| ApiError::not_found(format!("Carrier {}", shorten(&body.carrier_id))))?;
    let present: Option<String> = sqlx::query_scalar("SELECT id FROM trailers WHERE facility_id = ? AND number = ? AND status <> 'departed'")
        .bind(facility)
        .bind(&number)
        .fetch_optional(&mut *conn)
        .await?;
    if let Some(present) = present {
        return Err(ApiError::conflict(format!("Trailer {number} is already in the yard as {present}")));
    }
    let id = next_id(conn, Seq::Trailer).await?;
    sqlx::query(
        "INSERT INTO trailers (id, facility_id, number, carrier_id, kind, length_ft, status, yard_location, door_id, load_state, seal_number, arrived_at, departed_at) \
         VALUES (?, ?, ?, ?, ?, ?, 'in_yard', ?, NULL, ?, ?, ?, NULL)",
    )
    .bind(&id)
    .bind(facility)
    .bind(number)
    .bind(&body.carrier_id)
    .bind(body.kind.unwrap_or(TrailerKind::DryVan))
    .bind(length)
    .bind(slot)
    .bind(body.load_state.unwrap_or(LoadState::Empty))
    .bind(seal)
    .bind(now())
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// Where a trailer goes: exactly one of a door or a yard slot.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TrailerMove {
    door_id: Option<String>,
    yard_location: Option<String>,
}

async fn move_trailer(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<TrailerPath>,
    Json(body): Json<TrailerMove>,
) -> ApiResult<Reply<Trailer>> {
    let slot = check::optional("yardLocation", body.yard_location.as_deref(), 10)?;
    if body.door_id.is_some() == slot.is_some() {
        return Err(ApiError::invalid("give exactly one of doorId and yardLocation"));
    }
    let mut tx = app.db.begin().await?;
    let trailer = fetch_trailer(&mut *tx, &p.trailer_id, facility).await?;
    if trailer.status == TrailerStatus::Departed {
        return Err(ApiError::conflict(format!("Trailer {} has departed", trailer.number)));
    }
    if let Some(door_id) = &body.door_id {
        let door = fetch_door(&mut *tx, door_id, facility).await?;
        if door.trailer_id.as_deref() == Some(trailer.id.as_str()) {
            tx.commit().await?;
            return Ok(Reply(trailer));
        }
        if door.status != DoorStatus::Available {
            return Err(ApiError::conflict(format!("Door {} is {}", door.id, door.status.as_str())));
        }
    }
    sqlx::query("UPDATE dock_doors SET status = 'available', trailer_id = NULL WHERE trailer_id = ?").bind(&trailer.id).execute(&mut *tx).await?;
    match &body.door_id {
        Some(door_id) => {
            sqlx::query("UPDATE dock_doors SET status = 'occupied', trailer_id = ? WHERE id = ?").bind(&trailer.id).bind(door_id).execute(&mut *tx).await?;
            sqlx::query("UPDATE trailers SET status = 'at_door', door_id = ?, yard_location = NULL WHERE id = ?")
                .bind(door_id)
                .bind(&trailer.id)
                .execute(&mut *tx)
                .await?;
        }
        None => {
            sqlx::query("UPDATE trailers SET status = 'in_yard', door_id = NULL, yard_location = ? WHERE id = ?")
                .bind(slot)
                .bind(&trailer.id)
                .execute(&mut *tx)
                .await?;
        }
    }
    let trailer = fetch_trailer(&mut *tx, &p.trailer_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(trailer))
}

/// A trailer leaving.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Departure {
    /// The seal applied before departure.
    seal_number: Option<String>,
    load_state: Option<LoadState>,
}

async fn depart_trailer(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<TrailerPath>,
    Json(body): Json<Departure>,
) -> ApiResult<Reply<Trailer>> {
    let seal = check::optional("sealNumber", body.seal_number.as_deref(), 20)?;
    let mut tx = app.db.begin().await?;
    let trailer = fetch_trailer(&mut *tx, &p.trailer_id, facility).await?;
    if trailer.status == TrailerStatus::Departed {
        return Err(ApiError::conflict(format!("Trailer {} has already departed", trailer.number)));
    }
    sqlx::query("UPDATE dock_doors SET status = 'available', trailer_id = NULL WHERE trailer_id = ?").bind(&trailer.id).execute(&mut *tx).await?;
    sqlx::query(
        "UPDATE trailers SET status = 'departed', door_id = NULL, yard_location = NULL, seal_number = coalesce(?, seal_number), \
         load_state = coalesce(?, load_state), departed_at = ? WHERE id = ?",
    )
    .bind(seal)
    .bind(body.load_state)
    .bind(now())
    .bind(&trailer.id)
    .execute(&mut *tx)
    .await?;
    let trailer = fetch_trailer(&mut *tx, &p.trailer_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(trailer))
}

/// A dock appointment.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Appointment {
    /// Such as `APT-000123`.
    pub id: String,
    pub facility_id: String,
    pub kind: AppointmentKind,
    pub carrier_id: String,
    pub trailer_number: Option<String>,
    pub door_id: Option<String>,
    #[schema(format = DateTime)]
    pub window_start: String,
    #[schema(format = DateTime)]
    pub window_end: String,
    pub status: AppointmentStatus,
    /// The ASN, PO or load it serves.
    pub reference: String,
    #[schema(format = DateTime)]
    pub checked_in_at: Option<String>,
    pub notes: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
}

const APPOINTMENT_COLUMNS: &str =
    "id, facility_id, kind, carrier_id, trailer_number, door_id, window_start, window_end, status, reference, checked_in_at, notes, created_at";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct AppointmentQuery {
    /// Appointments starting on this day (`YYYY-MM-DD`, the facility's local day).
    #[param(format = Date)]
    date: Option<String>,
    /// Starting on or after this day (`YYYY-MM-DD`, local).
    #[param(format = Date)]
    from: Option<String>,
    /// Starting on or before this day (`YYYY-MM-DD`, local).
    #[param(format = Date)]
    to: Option<String>,
    status: Option<AppointmentStatus>,
    kind: Option<AppointmentKind>,
    carrier_id: Option<String>,
    door_id: Option<String>,
    /// An ASN, PO or load reference.
    reference: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
struct AppointmentPath {
    /// Such as `APT-000123`.
    appointment_id: String,
}

async fn list_appointments(
    State(app): State<App>,
    Facility(facility): Facility,
    Query(q): Query<AppointmentQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Reply<Page<Appointment>>> {
    let date = check::date("date", q.date.as_deref())?;
    let from = check::date("from", q.from.as_deref())?.or(date.clone());
    let to = check::date("to", q.to.as_deref())?.or(date);
    // Days are the facility's local days: "today's appointments" means the local calendar day.
    let local_midnight = |day: String, after: i64| day.parse::<jiff::civil::Date>().map(|d| crate::seed::local_stamp(facility, d, after * 1440)).ok();
    let filter = Filter::new()
        .eq("facility_id", Some(facility))
        .at_least("window_start", from.and_then(|d| local_midnight(d, 0)))
        .below("window_start", to.and_then(|d| local_midnight(d, 1)))
        .eq("status", q.status.map(AppointmentStatus::as_str))
        .eq("kind", q.kind.map(AppointmentKind::as_str))
        .eq("carrier_id", q.carrier_id.as_deref())
        .eq("door_id", q.door_id.as_deref())
        .eq("reference", q.reference.as_deref());
    Ok(Reply(list(&app.db.read, APPOINTMENT_COLUMNS, "appointments", &filter, "window_start, id", &paging).await?))
}

async fn fetch_appointment<'c>(executor: impl sqlx::Executor<'c, Database = sqlx::Sqlite>, id: &str, facility: &str) -> ApiResult<Appointment> {
    let filter = Filter::new().eq("id", Some(id)).eq("facility_id", Some(facility));
    one(executor, APPOINTMENT_COLUMNS, "appointments", &filter, || format!("Appointment {}", shorten(id))).await
}

async fn get_appointment(State(app): State<App>, Facility(facility): Facility, Path(p): Path<AppointmentPath>) -> ApiResult<Reply<Appointment>> {
    Ok(Reply(fetch_appointment(&app.db.read, &p.appointment_id, facility).await?))
}

/// Checks a window and, with a door, that the door can take it.
async fn check_window(
    conn: &mut SqliteConnection,
    facility: &str,
    start: &str,
    end: &str,
    door: Option<&str>,
    kind: AppointmentKind,
    except: Option<&str>,
) -> ApiResult<(String, String)> {
    let start = check::timestamp("windowStart", start)?;
    let end = check::timestamp("windowEnd", end)?;
    if end <= start {
        return Err(ApiError::invalid("windowEnd must be after windowStart"));
    }
    let (a, b): (jiff::Timestamp, jiff::Timestamp) = (start.parse().expect("checked"), end.parse().expect("checked"));
    if b.duration_since(a).as_secs() > 8 * 3600 {
        return Err(ApiError::invalid("an appointment window is at most 8 hours"));
    }
    if let Some(door) = door {
        let door = fetch_door(&mut *conn, door, facility).await?;
        if door.status == DoorStatus::OutOfService {
            return Err(ApiError::conflict(format!("Door {} is out of service", door.id)));
        }
        let fits = match kind {
            AppointmentKind::Inbound => door.kind != Direction::Outbound,
            AppointmentKind::Outbound => door.kind != Direction::Inbound,
        };
        if !fits {
            return Err(ApiError::conflict(format!("Door {} is for {} freight", door.id, door.kind.as_str())));
        }
        let clash: Option<String> = sqlx::query_scalar(
            "SELECT id FROM appointments WHERE door_id = ? AND status IN ('scheduled', 'checked_in') AND window_start < ? AND window_end > ? AND id IS NOT ? LIMIT 1",
        )
        .bind(&door.id)
        .bind(&end)
        .bind(&start)
        .bind(except)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(clash) = clash {
            return Err(ApiError::conflict(format!("Door {} is booked by appointment {clash} in that window", door.id)));
        }
    }
    Ok((start, end))
}

/// An appointment to book.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewAppointment {
    kind: AppointmentKind,
    carrier_id: String,
    door_id: Option<String>,
    /// With offset, such as `2026-11-17T08:00:00-08:00`.
    #[schema(format = DateTime)]
    window_start: String,
    /// After the start, at most 8 hours later.
    #[schema(format = DateTime)]
    window_end: String,
    /// The ASN, PO or load it serves.
    reference: String,
    trailer_number: Option<String>,
    notes: Option<String>,
}

async fn create_appointment(
    State(app): State<App>,
    Facility(facility): Facility,
    Json(body): Json<NewAppointment>,
) -> ApiResult<(StatusCode, Reply<Appointment>)> {
    let reference = check::text("reference", &body.reference, 40)?;
    let trailer = check::optional("trailerNumber", body.trailer_number.as_deref(), 20)?;
    let notes = check::optional("notes", body.notes.as_deref(), 500)?;
    let mut tx = app.db.begin().await?;
    let carrier: Option<String> = sqlx::query_scalar("SELECT id FROM carriers WHERE id = ?").bind(&body.carrier_id).fetch_optional(&mut *tx).await?;
    carrier.ok_or_else(|| ApiError::not_found(format!("Carrier {}", shorten(&body.carrier_id))))?;
    let (start, end) = check_window(&mut tx, facility, &body.window_start, &body.window_end, body.door_id.as_deref(), body.kind, None).await?;
    let id = next_id(&mut tx, Seq::Appointment).await?;
    sqlx::query(
        "INSERT INTO appointments (id, facility_id, kind, carrier_id, trailer_number, door_id, window_start, window_end, status, reference, checked_in_at, notes, created_at) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'scheduled', ?, NULL, ?, ?)",
    )
    .bind(&id)
    .bind(facility)
    .bind(body.kind)
    .bind(&body.carrier_id)
    .bind(trailer)
    .bind(&body.door_id)
    .bind(start)
    .bind(end)
    .bind(reference)
    .bind(notes)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    let appointment = fetch_appointment(&mut *tx, &id, facility).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Reply(appointment)))
}

/// A new window, and optionally a new door.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Reschedule {
    #[schema(format = DateTime)]
    window_start: String,
    #[schema(format = DateTime)]
    window_end: String,
    /// Keeps the current door when absent.
    door_id: Option<String>,
}

async fn reschedule(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<AppointmentPath>,
    Json(body): Json<Reschedule>,
) -> ApiResult<Reply<Appointment>> {
    let mut tx = app.db.begin().await?;
    let appointment = fetch_appointment(&mut *tx, &p.appointment_id, facility).await?;
    if appointment.status != AppointmentStatus::Scheduled {
        return Err(ApiError::conflict(format!("Appointment {} is {}; only scheduled appointments can move", appointment.id, appointment.status.as_str())));
    }
    let door = body.door_id.clone().or(appointment.door_id.clone());
    let (start, end) = check_window(&mut tx, facility, &body.window_start, &body.window_end, door.as_deref(), appointment.kind, Some(&appointment.id)).await?;
    sqlx::query("UPDATE appointments SET window_start = ?, window_end = ?, door_id = ? WHERE id = ?")
        .bind(start)
        .bind(end)
        .bind(door)
        .bind(&appointment.id)
        .execute(&mut *tx)
        .await?;
    let appointment = fetch_appointment(&mut *tx, &p.appointment_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(appointment))
}

/// Why an appointment is cancelled.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Cancellation {
    /// Added to the notes.
    reason: Option<String>,
}

async fn cancel_appointment(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<AppointmentPath>,
    Json(body): Json<Cancellation>,
) -> ApiResult<Reply<Appointment>> {
    let reason = check::optional("reason", body.reason.as_deref(), 200)?;
    let mut tx = app.db.begin().await?;
    let appointment = fetch_appointment(&mut *tx, &p.appointment_id, facility).await?;
    if appointment.status != AppointmentStatus::Scheduled {
        return Err(ApiError::conflict(format!(
            "Appointment {} is {}; only scheduled appointments can be cancelled",
            appointment.id,
            appointment.status.as_str()
        )));
    }
    let notes = match (appointment.notes, reason) {
        (Some(notes), Some(reason)) => Some(format!("{notes}; cancelled: {reason}")),
        (None, Some(reason)) => Some(format!("Cancelled: {reason}")),
        (notes, None) => notes,
    };
    sqlx::query("UPDATE appointments SET status = 'cancelled', notes = ? WHERE id = ?").bind(notes).bind(&appointment.id).execute(&mut *tx).await?;
    let appointment = fetch_appointment(&mut *tx, &p.appointment_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(appointment))
}

/// The carrier at the gate.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AppointmentCheckIn {
    /// The trailer's number; the booked one when absent.
    trailer_number: Option<String>,
    /// Where the trailer parks when it is new to the yard; `GATE` when absent.
    yard_location: Option<String>,
}

async fn check_in_appointment(
    State(app): State<App>,
    Facility(facility): Facility,
    Path(p): Path<AppointmentPath>,
    Json(body): Json<AppointmentCheckIn>,
) -> ApiResult<Reply<Appointment>> {
    let number = check::optional("trailerNumber", body.trailer_number.as_deref(), 20)?;
    let mut tx = app.db.begin().await?;
    let appointment = fetch_appointment(&mut *tx, &p.appointment_id, facility).await?;
    if appointment.status != AppointmentStatus::Scheduled {
        return Err(ApiError::conflict(format!("Appointment {} is {}; only scheduled appointments can check in", appointment.id, appointment.status.as_str())));
    }
    let number = number.or(appointment.trailer_number.clone()).ok_or_else(|| ApiError::invalid("trailerNumber is required: none was booked"))?;
    let present: Option<String> = sqlx::query_scalar("SELECT id FROM trailers WHERE facility_id = ? AND number = ? AND status <> 'departed'")
        .bind(facility)
        .bind(&number)
        .fetch_optional(&mut *tx)
        .await?;
    if present.is_none() {
        let arriving = NewTrailer {
            number: number.clone(),
            carrier_id: appointment.carrier_id.clone(),
            kind: None,
            length_ft: None,
            load_state: Some(if appointment.kind == AppointmentKind::Inbound { LoadState::Loaded } else { LoadState::Empty }),
            seal_number: None,
            yard_location: body.yard_location.unwrap_or_else(|| "GATE".into()),
        };
        gate_in(&mut tx, facility, &arriving).await?;
    }
    sqlx::query("UPDATE appointments SET status = 'checked_in', checked_in_at = ?, trailer_number = ? WHERE id = ?")
        .bind(now())
        .bind(&number)
        .bind(&appointment.id)
        .execute(&mut *tx)
        .await?;
    let appointment = fetch_appointment(&mut *tx, &p.appointment_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(appointment))
}

async fn complete_appointment(State(app): State<App>, Facility(facility): Facility, Path(p): Path<AppointmentPath>) -> ApiResult<Reply<Appointment>> {
    let mut tx = app.db.begin().await?;
    let appointment = fetch_appointment(&mut *tx, &p.appointment_id, facility).await?;
    if appointment.status != AppointmentStatus::CheckedIn {
        return Err(ApiError::conflict(format!(
            "Appointment {} is {}; only checked-in appointments can complete",
            appointment.id,
            appointment.status.as_str()
        )));
    }
    sqlx::query("UPDATE appointments SET status = 'completed' WHERE id = ?").bind(&appointment.id).execute(&mut *tx).await?;
    let appointment = fetch_appointment(&mut *tx, &p.appointment_id, facility).await?;
    tx.commit().await?;
    Ok(Reply(appointment))
}

/// The yard at a glance.
#[derive(Debug, Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct YardSummary {
    pub facility_id: String,
    /// The day counted as today (the demo's anchor day), in the facility's local time.
    #[schema(format = Date)]
    pub date: String,
    pub trailers_in_yard: i64,
    pub trailers_at_doors: i64,
    pub doors_available: i64,
    pub doors_occupied: i64,
    pub doors_out_of_service: i64,
    pub appointments_scheduled: i64,
    pub appointments_checked_in: i64,
    pub appointments_completed: i64,
    pub appointments_no_show: i64,
    pub appointments_cancelled: i64,
}

async fn summary(State(app): State<App>, Facility(facility): Facility) -> ApiResult<Reply<YardSummary>> {
    let (start, end) = (crate::seed::local_stamp(facility, app.anchor, 0), crate::seed::local_stamp(facility, app.anchor, 1440));
    let summary = sqlx::query_as(
        "SELECT ?1 AS facility_id, ?2 AS date, \
         (SELECT count(*) FROM trailers WHERE facility_id = ?1 AND status = 'in_yard') AS trailers_in_yard, \
         (SELECT count(*) FROM trailers WHERE facility_id = ?1 AND status = 'at_door') AS trailers_at_doors, \
         (SELECT count(*) FROM dock_doors WHERE facility_id = ?1 AND status = 'available') AS doors_available, \
         (SELECT count(*) FROM dock_doors WHERE facility_id = ?1 AND status = 'occupied') AS doors_occupied, \
         (SELECT count(*) FROM dock_doors WHERE facility_id = ?1 AND status = 'out_of_service') AS doors_out_of_service, \
         (SELECT count(*) FROM appointments WHERE facility_id = ?1 AND window_start >= ?3 AND window_start < ?4 AND status = 'scheduled') AS appointments_scheduled, \
         (SELECT count(*) FROM appointments WHERE facility_id = ?1 AND window_start >= ?3 AND window_start < ?4 AND status = 'checked_in') AS appointments_checked_in, \
         (SELECT count(*) FROM appointments WHERE facility_id = ?1 AND window_start >= ?3 AND window_start < ?4 AND status = 'completed') AS appointments_completed, \
         (SELECT count(*) FROM appointments WHERE facility_id = ?1 AND window_start >= ?3 AND window_start < ?4 AND status = 'no_show') AS appointments_no_show, \
         (SELECT count(*) FROM appointments WHERE facility_id = ?1 AND window_start >= ?3 AND window_start < ?4 AND status = 'cancelled') AS appointments_cancelled",
    )
    .bind(facility)
    .bind(app.anchor.to_string())
    .bind(start)
    .bind(end)
    .fetch_one(&app.db.read)
    .await?;
    Ok(Reply(summary))
}
