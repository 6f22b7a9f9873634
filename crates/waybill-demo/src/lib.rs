//! The built-in demo facility: a small, realistic warehouse, freight, yard and order back
//! office served over REST with OpenAPI documents, for offline use, tests and benchmarks.
//!
//! Waybill's tools reach it over HTTP exactly as they reach a customer's systems, so the
//! demo exercises the real connector path: OpenAPI import, authentication headers,
//! paging, validation errors and conflicts.
//!
//! # Data
//!
//! One tenant, [`TENANT`] (`demo`), with three facilities ([`FACILITIES`]): the Ontario CA
//! distribution center, the Fontana yard and the Savannah cross-dock. A seeded ChaCha8
//! generator fills an SQLite file of its own (the demo stands in for an outside system and
//! shares nothing with Waybill's database): merchants (customers with a `merchantNo`),
//! parcel, LTL and truckload carriers with their delivery services, accessorials, items
//! with EA/CS/PL units of measure, locations (zones, aisles, bays, levels), inventory with
//! lots and expiry dates, inbound receipts (ASNs) with lines, outbound orders with lines
//! and allocations, shipments with tracking events, loads, dock doors, trailers, yard
//! appointments, users, job codes, titles and projects. References are coherent: order
//! lines name real items of the order's merchant, allocated quantities are reserved on
//! real inventory, shipments belong to real orders and loads, trailers stand at real doors.
//!
//! The same seed, scale and anchor give byte-identical data. Dates are relative to an
//! anchor day that plays "today" in the data: orders from the 60 days before it (older
//! ones shipped, recent ones open, allocated, picking or packed), appointments and planned
//! loads around it. The default anchor is [`DEFAULT_ANCHOR`], a fixed Monday, so tests and
//! benchmarks see the same data on any day; [`Anchor::Today`] anchors at the first open's
//! date so that "today's appointments" match the calendar. The anchor is stored with the
//! data, so a reopened database keeps its dates.
//!
//! # Scale
//!
//! [`Scale::Small`] (the default) makes 60 merchants, 25 carriers, 500 items and about
//! 2,000 order lines per facility and seeds in a fraction of a second.
//! [`Scale::Lines`]`(n)` makes `n` order lines in all, split across the facilities, with
//! items and receipts growing along (benchmarks go up to 1,000,000). Rows are written
//! with multi-row inserts in batched transactions and indexes are built afterwards:
//! 1,000,000 lines seed in about 20 s in a release build on two cores (a 530 MiB
//! file), and an import of 100,000 lines into that database takes about 0.9 s
//! (`cargo test --release -p waybill-demo --test timing -- --ignored --nocapture`).
//!
//! # Routes
//!
//! [`Demo::router`] serves `/demo/wms/v1/…` (items, inventory, locations, receipts,
//! outbound orders, customers, users, job codes, titles, projects), `/demo/fms/v1/…`
//! (carriers, delivery services, accessorials, rate quotes, shipments, tracking, loads),
//! `/demo/yms/v1/…` (dock doors, trailers, appointments, the yard summary) and
//! `/demo/oms/v1/…` (all-or-nothing order import, orders by merchant). JSON is
//! camelCase; lists take `page` and `pageSize` (at most 200) and answer
//! `{data, totalCount, page, pageSize}`; errors answer
//! `{"error": {"code", "message", "details"?}}` with 400, 401, 403, 404, 409, 413, 415 or
//! 422. Every route comes from one table per system that also writes that system's
//! OpenAPI 3.1 document, served without authentication at `/demo/{system}/openapi.json`
//! and available as [`Demo::openapi`].
//!
//! # Auth
//!
//! Each system has its own service token: requests carry `Authorization: Bearer <token>`
//! (401 otherwise), `X-Tenant-Id: demo` (403 for another tenant, 400 when missing) and
//! `X-Facility-Id`, one of the three facilities (403 for any other). Data is filtered by
//! that facility; operations on facility data answer 400 without it. [`Demo::open`]
//! draws random tokens on every open unless [`DemoConfig::tokens`] names them;
//! [`Demo::token`] reads them. Tokens are never written to the demo database (the
//! operational data analytics read holds no secret); a database of an earlier version
//! that kept them in `meta` loses them on open.
//!
//! A token says which client calls, not for whom. With [`DemoConfig::callers`] set (as
//! `waybill serve` sets it), every call also carries a statement Waybill signs for that
//! one call ([`CALLER_HEADER`], see [`CallerSigner`]): the tenant, the facility the user
//! holds and acts in, the user, the method and the path. Without a valid one the answer
//! is 401 `caller_unverified`; an `X-Facility-Id` other than the statement's is 403
//! `facility_forbidden`; the call acts in the statement's facility, so a token alone,
//! read wherever, reaches no facility.
//!
//! Request bodies are limited to 1 MiB, 32 MiB for the order import, which takes up to
//! 100,000 lines per request.

mod bulk;
mod callers;
mod db;
mod error;
mod fms;
mod http;
mod model;
mod oms;
mod options;
mod orders;
mod seed;
mod wms;
mod yms;

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use jiff::civil::Date;

pub use callers::{CALLER_HEADER, Call, CallerSigner, CallerVerifier, LIFETIME_SECS as CALLER_STATEMENT_SECS, Refusal};
pub use error::DemoError;
pub use options::{Lookup, LookupOption, LookupPage, PAGE_SIZE as OPTIONS_PAGE_SIZE};

/// The one tenant of the demo.
pub const TENANT: &str = "demo";

/// The demo facilities, as (id, name).
pub const FACILITIES: [(&str, &str); 3] =
    [("dc-ontario", "Ontario CA Distribution Center"), ("yard-fontana", "Fontana Yard"), ("xdock-savannah", "Savannah Cross-Dock")];

/// The seed [`DemoConfig::default`] uses.
pub const DEFAULT_SEED: u64 = 20_261_116;

/// The anchor day [`DemoConfig::default`] uses: a Monday, so the generated week starts
/// with the data's "today".
pub const DEFAULT_ANCHOR: Date = jiff::civil::date(2026, 11, 16);

/// One of the back-office systems the demo plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum System {
    /// Warehouse management: items, inventory, locations, receipts, outbound orders, people.
    Wms,
    /// Freight management: carriers, services, rates, shipments, tracking, loads.
    Fms,
    /// Yard management: dock doors, trailers, appointments.
    Yms,
    /// Order management: order import and lookup by merchant.
    Oms,
}

impl System {
    pub const ALL: [System; 4] = [System::Wms, System::Fms, System::Yms, System::Oms];

    /// The path segment and short name: `wms`, `fms`, `yms` or `oms`.
    pub fn as_str(self) -> &'static str {
        match self {
            System::Wms => "wms",
            System::Fms => "fms",
            System::Yms => "yms",
            System::Oms => "oms",
        }
    }

    /// The system's name for people.
    pub fn title(self) -> &'static str {
        match self {
            System::Wms => "Demo Warehouse Management (WMS)",
            System::Fms => "Demo Freight Management (FMS/TMS)",
            System::Yms => "Demo Yard Management (YMS)",
            System::Oms => "Demo Order Management (OMS)",
        }
    }

    /// The base path of the system's routes, such as `/demo/wms`.
    pub fn base_path(self) -> String {
        format!("/demo/{}", self.as_str())
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How much data the generator makes on first open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scale {
    /// About 2,000 order lines per facility, 500 items, 60 merchants, 25 carriers.
    #[default]
    Small,
    /// This many order lines in all (split across the facilities); items, receipts and
    /// the rest grow along. For benchmarks, up to 1,000,000.
    Lines(u32),
}

impl Scale {
    /// The largest [`Scale::Lines`] accepted.
    pub const MAX_LINES: u32 = 5_000_000;

    pub(crate) fn order_lines(self) -> u32 {
        match self {
            Scale::Small => 6_000,
            Scale::Lines(n) => n.min(Self::MAX_LINES),
        }
    }
}

/// Which day plays "today" in the generated data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// A fixed day: the same data whenever it is generated.
    Fixed(Date),
    /// The day of the first open (UTC), so "today" and "this week" match the calendar.
    Today,
}

impl Default for Anchor {
    fn default() -> Self {
        Anchor::Fixed(DEFAULT_ANCHOR)
    }
}

impl Anchor {
    fn resolve(self) -> Date {
        match self {
            Anchor::Fixed(date) => date,
            Anchor::Today => jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date(),
        }
    }
}

/// A service token; prints as `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    pub fn new(value: impl Into<String>) -> Self {
        Token(value.into())
    }

    /// A fresh random token: 32 bytes from the operating system's generator, hex-encoded.
    pub fn generate() -> Self {
        use rand::RngCore;
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        Token(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// The service token of each system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tokens {
    pub wms: Token,
    pub fms: Token,
    pub yms: Token,
    pub oms: Token,
}

impl Tokens {
    /// Fresh random tokens for every system.
    pub fn generate() -> Self {
        Tokens { wms: Token::generate(), fms: Token::generate(), yms: Token::generate(), oms: Token::generate() }
    }

    pub fn get(&self, system: System) -> &Token {
        match system {
            System::Wms => &self.wms,
            System::Fms => &self.fms,
            System::Yms => &self.yms,
            System::Oms => &self.oms,
        }
    }
}

/// How the demo is generated and secured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoConfig {
    /// The generator's seed; with the scale and anchor it fixes the data.
    pub seed: u64,
    /// How much data to generate on first open. Ignored when the database already exists.
    pub scale: Scale,
    /// Which day plays "today". Ignored when the database already exists.
    pub anchor: Anchor,
    /// The service tokens to require. `None` draws random ones on every open: tokens are
    /// never stored in the demo database.
    pub tokens: Option<Tokens>,
    /// Checks the statement of whom each call is made for ([`CALLER_HEADER`]): with one,
    /// every call needs a valid statement, and acts in the facility it names. `None` (for
    /// tests and benchmarks that drive the routes themselves) takes the service token and
    /// `X-Facility-Id` alone; `waybill serve` always sets one.
    pub callers: Option<CallerVerifier>,
}

impl Default for DemoConfig {
    fn default() -> Self {
        DemoConfig { seed: DEFAULT_SEED, scale: Scale::Small, anchor: Anchor::default(), tokens: None, callers: None }
    }
}

/// The demo back office: its database, its tokens and its routes.
#[derive(Clone)]
pub struct Demo {
    inner: Arc<Inner>,
}

struct Inner {
    db: db::Db,
    tokens: Tokens,
    anchor: Date,
    callers: Option<CallerVerifier>,
}

impl fmt::Debug for Demo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Demo").field("anchor", &self.inner.anchor).field("tokens", &self.inner.tokens).finish_non_exhaustive()
    }
}

impl Demo {
    /// Opens the demo database at `path`, creating and seeding it on first open. Later
    /// opens reuse the data (and what requests changed) and ignore the seed, scale and
    /// anchor of `config`.
    pub async fn open(path: &Path, config: DemoConfig) -> Result<Demo, DemoError> {
        let db = db::Db::open_file(path).await?;
        Self::start(db, config).await
    }

    /// A demo in memory, seeded afresh; for tests.
    pub async fn open_in_memory(config: DemoConfig) -> Result<Demo, DemoError> {
        let db = db::Db::open_in_memory().await?;
        Self::start(db, config).await
    }

    async fn start(db: db::Db, config: DemoConfig) -> Result<Demo, DemoError> {
        let state = db::prepare(&db, &config).await?;
        Ok(Demo { inner: Arc::new(Inner { db, tokens: state.tokens, anchor: state.anchor, callers: config.callers }) })
    }

    /// The service token `system` requires.
    pub fn token(&self, system: System) -> &str {
        self.inner.tokens.get(system).expose()
    }

    /// The database, to read from: analytics read the operational data where it lives.
    pub fn database(&self) -> sqlx::SqlitePool {
        self.inner.db.read.clone()
    }

    /// The day that plays "today" in the data.
    pub fn anchor(&self) -> Date {
        self.inner.anchor
    }

    /// The routes of all four systems under `/demo/…`, state applied, ready to merge into
    /// any router.
    pub fn router(&self) -> axum::Router {
        let app = http::App { db: self.inner.db.clone(), anchor: self.inner.anchor };
        let mut router = axum::Router::new();
        for system in System::ALL {
            let guard = http::Guard { system, token: self.inner.tokens.get(system).clone(), callers: self.inner.callers.clone() };
            router = router.nest(&system.base_path(), http::system_router(guard, app.clone()));
        }
        router
    }

    /// The OpenAPI 3.1 document of `system`, with `base_url` as its server: a public
    /// absolute URL such as `https://waybill.example.com/demo/wms`, or a relative one such
    /// as `/demo/wms`. Documents need no data, so no demo need be open.
    pub fn openapi(system: System, base_url: &str) -> serde_json::Value {
        http::openapi::document(system, base_url)
    }

    /// Waits for the database connections to close.
    pub async fn close(&self) {
        self.inner.db.close().await;
    }
}
