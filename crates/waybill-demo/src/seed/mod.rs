//! The deterministic generator: one ChaCha8 stream from the seed fills every table in a
//! fixed order, so the same seed, scale and anchor give byte-identical data.
//!
//! Orders, lines, allocations, shipments and tracking events stream to the database in
//! batches as they are generated; inventory is written last because allocating orders
//! reserves it.

mod facility;
mod names;

pub(crate) use facility::event_text;

/// The standard-time offset from UTC, in hours, of a facility's local time.
pub(crate) fn utc_offset(facility: &str) -> i64 {
    SITES.iter().find(|s| s.id == facility).map_or(0, |s| s.utc_offset)
}

/// `date` at `minutes` past the facility's local midnight, as a UTC timestamp.
pub(crate) fn local_stamp(facility: &str, date: Date, minutes: i64) -> String {
    stamp(date, minutes, utc_offset(facility))
}

use std::collections::BTreeSet;

use jiff::ToSpan;
use jiff::civil::Date;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{Sqlite, Transaction};

use crate::bulk::Table;
use crate::db::{Db, Seq};
use crate::model::*;
use crate::{FACILITIES, Scale};

/// The facilities' shapes. The yard has a small transload floor, so it stocks and ships
/// a little too.
struct Site {
    id: &'static str,
    /// Prefix of the facility's door ids.
    short: &'static str,
    kind: &'static str,
    city: &'static str,
    state: &'static str,
    time_zone: &'static str,
    /// Standard-time offset from UTC in hours; appointment windows use it.
    utc_offset: i64,
    aisles: i64,
    doors: i64,
    inbound_doors: i64,
    yard_trailers: i64,
    appointments_per_day: i64,
    users: i64,
    stocked_share: f64,
}

const SITES: [Site; 3] = [
    Site {
        id: FACILITIES[0].0,
        short: "ONT",
        kind: "distribution_center",
        city: "Ontario",
        state: "CA",
        time_zone: "America/Los_Angeles",
        utc_offset: -8,
        aisles: 8,
        doors: 24,
        inbound_doors: 12,
        yard_trailers: 30,
        appointments_per_day: 18,
        users: 45,
        stocked_share: 0.9,
    },
    Site {
        id: FACILITIES[1].0,
        short: "FON",
        kind: "yard",
        city: "Fontana",
        state: "CA",
        time_zone: "America/Los_Angeles",
        utc_offset: -8,
        aisles: 2,
        doors: 12,
        inbound_doors: 0,
        yard_trailers: 90,
        appointments_per_day: 10,
        users: 20,
        stocked_share: 0.4,
    },
    Site {
        id: FACILITIES[2].0,
        short: "SAV",
        kind: "cross_dock",
        city: "Savannah",
        state: "GA",
        time_zone: "America/New_York",
        utc_offset: -5,
        aisles: 4,
        doors: 36,
        inbound_doors: 0,
        yard_trailers: 40,
        appointments_per_day: 24,
        users: 30,
        stocked_share: 0.6,
    },
];

/// The hour of the anchor day the data was "taken" at, local time.
const NOW_HOUR: i64 = 10;

/// Flush a table once it holds this many rows.
const FLUSH_ROWS: usize = 20_000;
/// Commit once this many rows are written in the open transaction.
const COMMIT_ROWS: usize = 250_000;

pub(crate) async fn run(db: &Db, seed: u64, scale: Scale, anchor: Date) -> Result<(), sqlx::Error> {
    let mut out = Out { db, tx: Some(db.begin().await?), uncommitted: 0, t: Tables::new() };
    let mut g = Gen { rng: ChaCha8Rng::seed_from_u64(seed), anchor };
    let lines = i64::from(scale.order_lines());
    let world = World::generate(&mut g, &mut out, lines).await?;
    let mut counters = Counters::default();
    counters.seq[seq_index(Seq::Item)] = world.items.len() as i64;
    for (i, site) in SITES.iter().enumerate() {
        let share = lines / 3 + if i == 0 { lines % 3 } else { 0 };
        world.facility(&mut g, &mut out, &mut counters, site, share).await?;
    }
    crate::db::init_sequences(out.tx().await?, |seq| counters.seq[seq_index(seq)] + 1).await?;
    out.finish().await
}

fn seq_index(seq: Seq) -> usize {
    Seq::ALL.iter().position(|s| *s == seq).expect("every sequence is listed")
}

struct Gen {
    rng: ChaCha8Rng,
    anchor: Date,
}

impl Gen {
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.rng.random_range(lo..=hi)
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn index(&mut self, len: usize) -> usize {
        self.rng.random_range(0..len)
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// Picks one of `choices` by weight.
    fn weighted<T: Copy>(&mut self, choices: &[(T, u32)]) -> T {
        let total: u32 = choices.iter().map(|(_, w)| w).sum();
        let mut roll = self.rng.random_range(0..total);
        for (value, weight) in choices {
            if roll < *weight {
                return *value;
            }
            roll -= weight;
        }
        choices[choices.len() - 1].0
    }

    fn digits(&mut self, n: usize) -> String {
        (0..n).map(|_| char::from(b'0' + self.rng.random_range(0..10u8))).collect()
    }

    fn letters(&mut self, n: usize) -> String {
        (0..n).map(|_| char::from(b'A' + self.rng.random_range(0..26u8))).collect()
    }

    /// A day from `lo` to `hi` days before the anchor.
    fn days_ago(&mut self, lo: i64, hi: i64) -> Date {
        let days = self.int(lo, hi);
        self.day(-days)
    }

    /// A working-hours time on the day `offset` days from the anchor, but never after the
    /// data's "now" (the anchor day at `NOW_HOUR`).
    fn stamp_before(&mut self, offset: i64, utc_offset: i64) -> String {
        let offset = offset.min(0);
        let minute = if offset == 0 { self.int(360, NOW_HOUR * 60 - 1) } else { self.int(420, 1080) };
        stamp(self.day(offset), minute, utc_offset)
    }

    fn day(&self, offset: i64) -> Date {
        self.anchor.saturating_add(offset.days())
    }

    fn phone(&mut self) -> String {
        format!("({}) {}-{}", self.int(201, 989), self.int(200, 999), self.digits(4))
    }
}

/// `date` at `minutes` past local midnight, as a UTC RFC 3339 timestamp.
fn stamp(date: Date, minutes: i64, utc_offset: i64) -> String {
    let total = minutes - utc_offset * 60;
    let day = date.saturating_add(total.div_euclid(1440).days());
    let m = total.rem_euclid(1440);
    format!("{day}T{:02}:{:02}:00Z", m / 60, m % 60)
}

struct Tables {
    facilities: Table,
    customers: Table,
    carriers: Table,
    services: Table,
    accessorials: Table,
    items: Table,
    uoms: Table,
    locations: Table,
    inventory: Table,
    receipts: Table,
    receipt_lines: Table,
    orders: Table,
    lines: Table,
    allocations: Table,
    loads: Table,
    shipments: Table,
    events: Table,
    doors: Table,
    trailers: Table,
    appointments: Table,
    job_codes: Table,
    titles: Table,
    users: Table,
    projects: Table,
}

impl Tables {
    fn new() -> Self {
        Tables {
            facilities: Table::new("facilities", &["id", "name", "kind", "city", "state", "time_zone"]),
            customers: Table::new("customers", &["id", "merchant_no", "name", "contact_name", "email", "phone", "city", "state", "status", "since"]),
            carriers: Table::new("carriers", &["id", "scac", "name", "mode", "phone", "email", "active"]),
            services: Table::new("delivery_services", &["id", "carrier_id", "code", "name", "mode", "transit_days", "guaranteed", "active"]),
            accessorials: Table::new("accessorials", &["code", "name", "description", "amount", "unit"]),
            items: Table::new(
                "items",
                &[
                    "id",
                    "customer_id",
                    "sku",
                    "description",
                    "category",
                    "upc",
                    "weight_lb",
                    "length_in",
                    "width_in",
                    "height_in",
                    "lot_controlled",
                    "expiry_controlled",
                    "hazmat",
                    "status",
                    "created_at",
                ],
            ),
            uoms: Table::new("item_uoms", &["item_id", "uom", "qty_each"]),
            locations: Table::new("locations", &["id", "facility_id", "code", "zone", "aisle", "bay", "level", "kind", "status"]),
            inventory: Table::new(
                "inventory",
                &["id", "facility_id", "item_id", "location_id", "lot", "expires_on", "on_hand", "allocated", "status", "received_on", "updated_at"],
            ),
            receipts: Table::new(
                "receipts",
                &[
                    "id",
                    "facility_id",
                    "customer_id",
                    "asn_number",
                    "po_number",
                    "carrier_id",
                    "trailer_number",
                    "status",
                    "expected_date",
                    "received_at",
                    "created_at",
                ],
            ),
            receipt_lines: Table::new(
                "receipt_lines",
                &["receipt_id", "line_no", "item_id", "sku", "uom", "expected_qty", "received_qty", "lot", "expires_on"],
            ),
            orders: Table::new("orders", crate::orders::ORDER_COLUMNS),
            lines: Table::new("order_lines", crate::orders::LINE_COLUMNS),
            allocations: Table::new("allocations", &["order_id", "line_no", "inventory_id", "quantity"]),
            loads: Table::new(
                "loads",
                &[
                    "id",
                    "facility_id",
                    "carrier_id",
                    "trailer_id",
                    "door_id",
                    "status",
                    "bol_number",
                    "pro_number",
                    "planned_departure",
                    "departed_at",
                    "created_at",
                ],
            ),
            shipments: Table::new(
                "shipments",
                &[
                    "id",
                    "facility_id",
                    "order_id",
                    "carrier_id",
                    "service_id",
                    "load_id",
                    "tracking_number",
                    "pro_number",
                    "status",
                    "cartons",
                    "weight_lb",
                    "shipped_at",
                    "estimated_delivery",
                    "delivered_at",
                    "created_at",
                ],
            ),
            events: Table::new("tracking_events", &["shipment_id", "occurred_at", "code", "description", "city", "state"]),
            doors: Table::new("dock_doors", &["id", "facility_id", "code", "kind", "status", "trailer_id"]),
            trailers: Table::new(
                "trailers",
                &[
                    "id",
                    "facility_id",
                    "number",
                    "carrier_id",
                    "kind",
                    "length_ft",
                    "status",
                    "yard_location",
                    "door_id",
                    "load_state",
                    "seal_number",
                    "arrived_at",
                    "departed_at",
                ],
            ),
            appointments: Table::new(
                "appointments",
                &[
                    "id",
                    "facility_id",
                    "kind",
                    "carrier_id",
                    "trailer_number",
                    "door_id",
                    "window_start",
                    "window_end",
                    "status",
                    "reference",
                    "checked_in_at",
                    "notes",
                    "created_at",
                ],
            ),
            job_codes: Table::new("job_codes", &["code", "name", "department", "hourly_rate"]),
            titles: Table::new("titles", &["id", "name", "level"]),
            users: Table::new(
                "users",
                &["id", "facility_id", "user_name", "first_name", "last_name", "email", "job_code", "title_id", "shift", "status", "hired_on"],
            ),
            projects: Table::new("projects", &["id", "facility_id", "customer_id", "name", "description", "status", "start_date", "due_date", "owner_user_id"]),
        }
    }

    fn all(&mut self) -> [&mut Table; 24] {
        [
            &mut self.facilities,
            &mut self.customers,
            &mut self.carriers,
            &mut self.services,
            &mut self.accessorials,
            &mut self.items,
            &mut self.uoms,
            &mut self.locations,
            &mut self.inventory,
            &mut self.receipts,
            &mut self.receipt_lines,
            &mut self.orders,
            &mut self.lines,
            &mut self.allocations,
            &mut self.loads,
            &mut self.shipments,
            &mut self.events,
            &mut self.doors,
            &mut self.trailers,
            &mut self.appointments,
            &mut self.job_codes,
            &mut self.titles,
            &mut self.users,
            &mut self.projects,
        ]
    }
}

/// The open transaction and the buffered rows.
struct Out<'a> {
    db: &'a Db,
    /// Taken while a batch commits: the in-memory database has one connection, so the
    /// next transaction can only begin after the last one ended.
    tx: Option<Transaction<'static, Sqlite>>,
    uncommitted: usize,
    t: Tables,
}

impl Out<'_> {
    async fn tx(&mut self) -> Result<&mut Transaction<'static, Sqlite>, sqlx::Error> {
        if self.tx.is_none() {
            self.tx = Some(self.db.begin().await?);
        }
        Ok(self.tx.as_mut().expect("a transaction was just begun"))
    }

    /// Writes the tables that hold a batch, committing now and then.
    async fn flush_full(&mut self) -> Result<(), sqlx::Error> {
        let tx = match &mut self.tx {
            Some(tx) => tx,
            empty => empty.insert(self.db.begin().await?),
        };
        for table in self.t.all() {
            if table.len() >= FLUSH_ROWS {
                self.uncommitted += table.flush(tx).await?;
            }
        }
        if self.uncommitted >= COMMIT_ROWS {
            if let Some(tx) = self.tx.take() {
                tx.commit().await?;
            }
            self.uncommitted = 0;
        }
        Ok(())
    }

    async fn finish(mut self) -> Result<(), sqlx::Error> {
        let mut tx = match self.tx.take() {
            Some(tx) => tx,
            None => self.db.begin().await?,
        };
        for table in self.t.all() {
            table.flush(&mut tx).await?;
        }
        tx.commit().await
    }
}

struct Customer {
    id: String,
    prefix: String,
    order_style: usize,
    active: bool,
    items: Vec<usize>,
}

struct Carrier {
    id: String,
    scac: &'static str,
    mode: Mode,
    /// (service id, transit days).
    services: Vec<(String, i64)>,
}

struct Item {
    id: String,
    sku: String,
    case_qty: i64,
    pallet_qty: i64,
    weight: f64,
    lot_controlled: bool,
    active: bool,
}

/// Numbers handed out so far, across facilities.
#[derive(Default)]
struct Counters {
    seq: [i64; Seq::ALL.len()],
    locations: i64,
    users: i64,
    projects: i64,
    user_names: BTreeSet<String>,
}

impl Counters {
    fn next(&mut self, seq: Seq) -> String {
        let n = &mut self.seq[seq_index(seq)];
        *n += 1;
        seq.format(*n)
    }
}

/// What every facility shares.
struct World {
    customers: Vec<Customer>,
    /// Cumulative order weights of the active customers, as (customer index, cumulative).
    customer_weights: Vec<(usize, f64)>,
    carriers: Vec<Carrier>,
    items: Vec<Item>,
}

impl World {
    async fn generate(g: &mut Gen, out: &mut Out<'_>, lines: i64) -> Result<World, sqlx::Error> {
        for (site, (id, name)) in SITES.iter().zip(FACILITIES) {
            out.t.facilities.push([id.into(), name.into(), site.kind.into(), site.city.into(), site.state.into(), site.time_zone.into()]);
        }
        for (code, name, department, rate) in names::JOB_CODES {
            out.t.job_codes.push([(*code).into(), (*name).into(), (*department).into(), (*rate).into()]);
        }
        for (id, name, level) in names::TITLES {
            out.t.titles.push([(*id).into(), (*name).into(), (*level).into()]);
        }
        for (code, name, description, amount, unit) in names::ACCESSORIALS {
            out.t.accessorials.push([(*code).into(), (*name).into(), (*description).into(), (*amount).into(), (*unit).into()]);
        }

        let mut customers = Vec::new();
        let mut taken = BTreeSet::new();
        for i in 0..60usize {
            let name = if i == 0 {
                "Pacific Outdoor Supply".to_owned()
            } else {
                loop {
                    let name = format!("{} {} {}", g.pick(names::MERCHANT_FIRST), g.pick(names::MERCHANT_SECOND), g.pick(names::MERCHANT_SUFFIX));
                    if !taken.contains(&name) {
                        break name;
                    }
                }
            };
            taken.insert(name.clone());
            let prefix: String = name.split_whitespace().filter_map(|w| w.chars().next()).filter(char::is_ascii_alphabetic).take(3).collect();
            let prefix = format!("{prefix:X<3}").to_ascii_uppercase();
            let id = format!("CUS-{:04}", i + 1);
            let merchant_no = format!("M{:05}", 10_000 + i * 150 + g.index(150));
            let (first, last) = (g.pick(names::FIRST_NAMES), g.pick(names::LAST_NAMES));
            let domain: String = name.to_ascii_lowercase().chars().filter(char::is_ascii_alphanumeric).collect();
            let (city, state, _) = g.pick(names::CITIES);
            let active = i < 3 || g.chance(0.93);
            let since = g.days_ago(120, 2400);
            out.t.customers.push([
                id.clone().into(),
                merchant_no.into(),
                name.into(),
                format!("{first} {last}").into(),
                format!("{}.{}@{domain}.example", first.to_ascii_lowercase(), last.to_ascii_lowercase()).into(),
                g.phone().into(),
                (*city).into(),
                (*state).into(),
                if active { "active" } else { "inactive" }.into(),
                since.to_string().into(),
            ]);
            customers.push(Customer { id, prefix, order_style: i % 4, active, items: Vec::new() });
        }
        let mut customer_weights = Vec::new();
        let mut cumulative = 0.0;
        for (i, customer) in customers.iter().enumerate().filter(|(_, c)| c.active) {
            cumulative += 1.0 / ((i + 1) as f64).powf(0.7) + 0.02 * f64::from(u8::from(customer.active));
            customer_weights.push((i, cumulative));
        }

        let mut carriers = Vec::new();
        let mut service_no = 0;
        for (i, (name, scac, mode, services)) in names::CARRIERS.iter().enumerate() {
            let id = format!("CAR-{:03}", i + 1);
            let mode = match *mode {
                "parcel" => Mode::Parcel,
                "ltl" => Mode::Ltl,
                _ => Mode::Ftl,
            };
            let domain: String = name.to_ascii_lowercase().chars().filter(char::is_ascii_alphanumeric).collect();
            out.t.carriers.push([
                id.clone().into(),
                (*scac).into(),
                (*name).into(),
                mode.as_str().into(),
                g.phone().into(),
                format!("dispatch@{domain}.example").into(),
                true.into(),
            ]);
            let mut carrier = Carrier { id, scac, mode, services: Vec::new() };
            for (code, service_name, transit, guaranteed) in services.iter() {
                service_no += 1;
                let service_id = format!("SVC-{service_no:03}");
                out.t.services.push([
                    service_id.clone().into(),
                    carrier.id.clone().into(),
                    (*code).into(),
                    (*service_name).into(),
                    mode.as_str().into(),
                    (*transit).into(),
                    (*guaranteed).into(),
                    true.into(),
                ]);
                carrier.services.push((service_id, *transit));
            }
            carriers.push(carrier);
        }

        let item_count = (lines / 200).clamp(500, 10_000) as usize;
        let mut items = Vec::with_capacity(item_count);
        let customer_categories: Vec<[usize; 2]> = (0..customers.len()).map(|_| [g.index(names::CATEGORIES.len()), g.index(names::CATEGORIES.len())]).collect();
        for n in 0..item_count {
            // Every merchant gets a few items; the rest go to merchants by weight.
            let owner = if n < customers.len() * 3 { n % customers.len() } else { pick_customer(g, &customer_weights) };
            let (category, tracked, products, variants) = names::CATEGORIES[customer_categories[owner][g.index(2)]];
            let product = g.pick(products);
            let variant = g.pick(variants);
            let id = Seq::Item.format(n as i64 + 1);
            let sku = format!("{}-{:05}", customers[owner].prefix, 10_000 + n);
            let case_qty = *g.pick(&[4, 6, 12, 12, 24, 24, 36, 48]);
            let pallet_qty = case_qty * g.int(20, 60);
            let weight = (g.int(2, 160) as f64) / 8.0;
            let hazmat = product.contains("Power Bank") || product.contains("Sanitizer");
            let active = g.chance(0.96);
            let (length, width, height) = (g.int(3, 30), g.int(2, 20), g.int(1, 16));
            out.t.items.push([
                id.clone().into(),
                customers[owner].id.clone().into(),
                sku.clone().into(),
                format!("{product}, {variant}").into(),
                category.into(),
                format!("0{}", g.digits(11)).into(),
                weight.into(),
                (length as f64).into(),
                (width as f64).into(),
                (height as f64).into(),
                tracked.into(),
                tracked.into(),
                hazmat.into(),
                if active { "active" } else { "inactive" }.into(),
                stamp(g.days_ago(30, 900), g.int(480, 1020), -8).into(),
            ]);
            for (uom, qty) in [(Uom::Each, 1), (Uom::Case, case_qty), (Uom::Pallet, pallet_qty)] {
                out.t.uoms.push([id.clone().into(), uom.as_str().into(), qty.into()]);
            }
            customers[owner].items.push(n);
            items.push(Item { id, sku, case_qty, pallet_qty, weight, lot_controlled: tracked, active });
        }
        out.flush_full().await?;

        Ok(World { customers, customer_weights, carriers, items })
    }
}

fn pick_customer(g: &mut Gen, weights: &[(usize, f64)]) -> usize {
    let total = weights.last().map_or(1.0, |(_, w)| *w);
    let roll = g.rng.random::<f64>() * total;
    let at = weights.partition_point(|(_, w)| *w <= roll).min(weights.len() - 1);
    weights[at].0
}
