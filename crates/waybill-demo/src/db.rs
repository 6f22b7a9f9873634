//! The demo database: connections, schema, first-open seeding and id sequences.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use jiff::civil::Date;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqliteConnection, Transaction};

use crate::{DemoConfig, DemoError, Scale, Tokens};

/// Bumped whenever the schema or the meaning of stored data changes.
const SCHEMA_VERSION: &str = "2";
/// The version before pick events, upgraded in place by deriving them.
const WITHOUT_PICKS: &str = "1";

/// Readers and the one writer. SQLite serialises writers anyway; queueing them on one
/// connection that begins `IMMEDIATE` avoids lock upgrades failing under load.
#[derive(Clone)]
pub(crate) struct Db {
    pub read: SqlitePool,
    write: SqlitePool,
}

impl Db {
    pub async fn open_file(path: &Path) -> Result<Db, sqlx::Error> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10))
            .pragma("cache_size", "-65536")
            .pragma("temp_store", "memory");
        let write = SqlitePoolOptions::new().max_connections(1).connect_with(options.clone()).await?;
        let read = SqlitePoolOptions::new().max_connections(4).connect_with(options.read_only(true)).await?;
        Ok(Db { read, write })
    }

    pub async fn open_in_memory() -> Result<Db, sqlx::Error> {
        // Every connection to `:memory:` is a database of its own: keep exactly one, forever.
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.pragma("temp_store", "memory");
        let pool = SqlitePoolOptions::new().max_connections(1).min_connections(1).idle_timeout(None).max_lifetime(None).connect_with(options).await?;
        Ok(Db { read: pool.clone(), write: pool })
    }

    /// A write transaction. Hold no other connection while it is open: the in-memory
    /// database has only one.
    pub async fn begin(&self) -> Result<Transaction<'static, Sqlite>, sqlx::Error> {
        self.write.begin_with("BEGIN IMMEDIATE").await
    }

    pub async fn close(&self) {
        self.read.close().await;
        self.write.close().await;
    }
}

/// What a prepared database tells the demo.
pub(crate) struct Prepared {
    pub tokens: Tokens,
    pub anchor: Date,
}

/// Creates and seeds an empty (or half-seeded) database, or reads a seeded one.
pub(crate) async fn prepare(db: &Db, config: &DemoConfig) -> Result<Prepared, DemoError> {
    let has_meta: bool = sqlx::query_scalar("SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetch_one(&db.write).await?;
    let version: Option<String> =
        if has_meta { sqlx::query_scalar("SELECT value FROM meta WHERE key = 'schema'").fetch_optional(&db.write).await? } else { None };
    if version.as_deref() == Some(WITHOUT_PICKS) {
        let mut tx = db.begin().await?;
        sqlx::raw_sql(include_str!("picks.sql")).execute(&mut *tx).await?;
        set_meta(&mut tx, "schema", SCHEMA_VERSION).await?;
        tx.commit().await?;
    }
    let anchor = match version.as_deref() {
        Some(SCHEMA_VERSION | WITHOUT_PICKS) => {
            let anchor: String = sqlx::query_scalar("SELECT value FROM meta WHERE key = 'anchor'").fetch_one(&db.write).await?;
            anchor.parse().map_err(|_| DemoError::Corrupt("anchor date"))?
        }
        Some(found) => return Err(DemoError::Incompatible { found: found.to_owned(), expected: SCHEMA_VERSION }),
        None => {
            let anchor = config.anchor.resolve();
            create(db, config.seed, config.scale, anchor).await?;
            anchor
        }
    };
    forget_stored_tokens(db).await?;
    let tokens = config.tokens.clone().unwrap_or_else(Tokens::generate);
    Ok(Prepared { tokens, anchor })
}

/// Deletes the service tokens a database of an earlier version kept in `meta`. Tokens are
/// never stored here: this database is the operational data analytics read, and nothing
/// in it may be a secret. Tokens read from it before are dead once these rows are gone:
/// each open requires fresh ones (or the configured ones).
async fn forget_stored_tokens(db: &Db) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    let removed = sqlx::query("DELETE FROM meta WHERE key LIKE 'token.%'").execute(&mut *tx).await?.rows_affected();
    tx.commit().await?;
    if removed > 0 {
        tracing::info!(removed, "removed the service tokens an earlier version kept in the demo database");
    }
    Ok(())
}

async fn create(db: &Db, seed: u64, scale: Scale, anchor: Date) -> Result<(), DemoError> {
    let tables: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").fetch_all(&db.write).await?;
    let mut tx = db.begin().await?;
    for table in tables {
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP TABLE \"{}\"", table.replace('"', "\"\"")))).execute(&mut *tx).await?;
    }
    sqlx::raw_sql(include_str!("schema.sql")).execute(&mut *tx).await?;
    tx.commit().await?;

    crate::seed::run(db, seed, scale, anchor).await?;

    let mut tx = db.begin().await?;
    sqlx::raw_sql(include_str!("picks.sql")).execute(&mut *tx).await?;
    sqlx::raw_sql(include_str!("indexes.sql")).execute(&mut *tx).await?;
    set_meta(&mut tx, "seed", &seed.to_string()).await?;
    set_meta(&mut tx, "scale", &scale.order_lines().to_string()).await?;
    set_meta(&mut tx, "anchor", &anchor.to_string()).await?;
    // Written last: a database without it is seeded again from scratch.
    set_meta(&mut tx, "schema", SCHEMA_VERSION).await?;
    tx.commit().await?;
    Ok(())
}

async fn set_meta(conn: &mut SqliteConnection, key: &str, value: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .bind(key)
        .bind(value)
        .execute(conn)
        .await?;
    Ok(())
}

/// The numbered ids of records that requests create.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seq {
    Item,
    Inventory,
    Receipt,
    Order,
    Shipment,
    Load,
    Trailer,
    Appointment,
}

impl Seq {
    pub const ALL: [Seq; 8] = [Seq::Item, Seq::Inventory, Seq::Receipt, Seq::Order, Seq::Shipment, Seq::Load, Seq::Trailer, Seq::Appointment];

    fn name(self) -> &'static str {
        match self {
            Seq::Item => "item",
            Seq::Inventory => "inventory",
            Seq::Receipt => "receipt",
            Seq::Order => "order",
            Seq::Shipment => "shipment",
            Seq::Load => "load",
            Seq::Trailer => "trailer",
            Seq::Appointment => "appointment",
        }
    }

    /// The id of number `n`, such as `ORD-00001234`.
    pub fn format(self, n: i64) -> String {
        match self {
            Seq::Item => format!("ITM-{n:06}"),
            Seq::Inventory => format!("INV-{n:07}"),
            Seq::Receipt => format!("RCV-{n:06}"),
            Seq::Order => format!("ORD-{n:08}"),
            Seq::Shipment => format!("SHP-{n:07}"),
            Seq::Load => format!("LD-{n:06}"),
            Seq::Trailer => format!("TRL-{n:05}"),
            Seq::Appointment => format!("APT-{n:06}"),
        }
    }
}

/// Sets where each sequence continues after seeding.
pub(crate) async fn init_sequences(conn: &mut SqliteConnection, next: impl Fn(Seq) -> i64) -> Result<(), sqlx::Error> {
    for seq in Seq::ALL {
        sqlx::query("INSERT INTO sequences (name, next) VALUES (?, ?)").bind(seq.name()).bind(next(seq)).execute(&mut *conn).await?;
    }
    Ok(())
}

/// Reserves `count` consecutive numbers of `seq` and returns the first.
pub(crate) async fn reserve(conn: &mut SqliteConnection, seq: Seq, count: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("UPDATE sequences SET next = next + ?1 WHERE name = ?2 RETURNING next - ?1").bind(count).bind(seq.name()).fetch_one(conn).await
}

/// Reserves one id of `seq`.
pub(crate) async fn next_id(conn: &mut SqliteConnection, seq: Seq) -> Result<String, sqlx::Error> {
    Ok(seq.format(reserve(conn, seq, 1).await?))
}
