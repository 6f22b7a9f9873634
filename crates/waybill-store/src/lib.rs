//! Waybill storage.
//!
//! One set of repository functions serves both backends: SQLite (the embedded default,
//! a file in the data directory in WAL mode) and PostgreSQL (`postgres://…`). Queries go
//! through sqlx's `Any` driver with `$n` placeholders, which both backends accept; the
//! schema is kept to types both share (TEXT, BIGINT, DOUBLE PRECISION) so the same rows
//! decode the same way. Migrations live per backend under `migrations/`.
//!
//! Every function that touches a tenant's data takes the tenant and the owner and filters
//! by both: an object of another tenant or user is indistinguishable from a missing one.

mod approvals;
mod chats;
mod creations;
mod error;
mod files;
mod members;
mod tenancy;
mod tokens;

#[cfg(any(test, feature = "testing"))]
pub mod testing;

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

pub use approvals::{ApprovalFilter, ApprovalRecord, Decided, NewApproval};
pub use chats::{AudioRecording, ChatMeta, ChatSummary, MessageRecord, NewChat, Owner, SaveOutcome};
pub use creations::{ChatCreation, Creation};
pub use error::StoreError;
pub use files::{FileRecord, NewFile};
pub use members::{Access, Invitation, Member, MemberFilter, MemberQuery, MemberUpdate, NewMember, like_pattern};
pub use tenancy::{Facility, Grant, NewUser, Tenant, User};
pub use tokens::{RefreshOutcome, RefreshTokenRecord};

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Which database a [`Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The handle every repository function hangs off. Cheap to clone.
///
/// Reads and writes go through different pools. On SQLite the write pool holds a single
/// connection and every write transaction begins `IMMEDIATE`, so writers queue for that
/// connection instead of failing with "database is locked" (a deferred transaction that
/// upgrades to a write after another connection committed cannot wait; it fails at
/// once). Readers never block in WAL mode. On PostgreSQL both are the same pool.
#[derive(Clone)]
pub struct Store {
    reader: AnyPool,
    writer: AnyPool,
    backend: Backend,
    /// The batching writer of new chats, started on first use.
    creator: Arc<std::sync::OnceLock<Arc<creations::Creator>>>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("backend", &self.backend).finish()
    }
}

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

impl Store {
    /// Opens (creating if needed) the SQLite database at `path` in WAL mode.
    pub async fn open_sqlite(path: &Path) -> Result<Self> {
        let url = format!("sqlite://{}?mode=rwc", path.display());
        Self::connect(&url).await
    }

    /// Connects to `sqlite://…` or `postgres://…`.
    pub async fn connect(url: &str) -> Result<Self> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            return Err(StoreError::UnsupportedUrl);
        };
        let options = AnyConnectOptions::from_str(url)?;
        let (reader, writer) = match backend {
            Backend::Sqlite => {
                let writer = sqlite_pool(1).connect_with(options.clone()).await?;
                let reader = sqlite_pool(8).connect_with(options).await?;
                (reader, writer)
            }
            Backend::Postgres => {
                let pool = AnyPoolOptions::new().max_connections(16).connect_with(options).await?;
                (pool.clone(), pool)
            }
        };
        Ok(Self { reader, writer, backend, creator: Arc::default() })
    }

    /// The pool for reads (also for tool families' own tables).
    pub fn reads(&self) -> &AnyPool {
        &self.reader
    }

    /// The pool for single-statement writes (on SQLite, the one writer connection); also
    /// for tool families' own tables.
    pub fn writes(&self) -> &AnyPool {
        &self.writer
    }

    /// Begins a transaction that will write: on SQLite on the writer connection, taking
    /// the database's write lock up front (`BEGIN IMMEDIATE`, waiting up to the busy
    /// timeout for another process that holds it).
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        Ok(match self.backend {
            Backend::Sqlite => self.writer.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.writer.begin().await?,
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Applies every pending migration of this backend.
    pub async fn migrate(&self) -> Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.writer).await?;
        Ok(())
    }

    /// Applies a tool family's pending migrations of this backend, recorded in a table of
    /// the family's own (`_waybill_<family>_migrations`), so families number theirs freely.
    pub async fn migrate_family(&self, family: &str, sqlite: &sqlx::migrate::Migrator, postgres: &sqlx::migrate::Migrator) -> Result<()> {
        let source = match self.backend {
            Backend::Sqlite => sqlite,
            Backend::Postgres => postgres,
        };
        assert!(family.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'), "family names are snake_case: {family}");
        let mut migrator = sqlx::migrate::Migrator::with_migrations(source.iter().cloned().collect());
        migrator.dangerous_set_table_name(format!("_waybill_{family}_migrations"));
        migrator.run(&self.writer).await?;
        Ok(())
    }

    /// Every `(table, column)` of the schema, sorted, without the migration bookkeeping:
    /// what the two backends' migrations must agree on.
    pub async fn columns(&self) -> Result<Vec<(String, String)>> {
        let query = match self.backend {
            Backend::Sqlite => {
                "SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p \
                 WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'"
            }
            Backend::Postgres => "SELECT table_name::text AS t, column_name::text AS c FROM information_schema.columns WHERE table_schema = current_schema()",
        };
        let rows = sqlx::query(query).fetch_all(&self.writer).await?;
        let mut columns: Vec<(String, String)> = rows
            .iter()
            .map(|r| Ok((sqlx::Row::try_get::<String, _>(r, "t")?, sqlx::Row::try_get::<String, _>(r, "c")?)))
            .collect::<Result<Vec<_>>>()?
            .into_iter()
            .filter(|(table, _)| !(table == "_sqlx_migrations" || (table.starts_with("_waybill_") && table.ends_with("_migrations"))))
            .collect();
        columns.sort();
        Ok(columns)
    }

    /// A trivial round trip, for health checks.
    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").execute(&self.reader).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.reader.close().await;
        self.writer.close().await;
    }
}

/// Milliseconds since the Unix epoch, the one time format the schema uses.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Lower-case hex SHA-256: how tokens are kept (never the token itself) and how message
/// bodies are compared.
pub fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh opaque token (refresh tokens, invitations, capability links): 32 random bytes,
/// URL-safe base64 without padding (43 characters), unguessable and safe in URLs.
pub fn random_token() -> String {
    use base64::Engine;
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

pub(crate) fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// A SQLite pool of `size` connections, each in WAL mode with a busy timeout.
fn sqlite_pool(size: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(size)
        // Writers wait for the one writer connection rather than fail.
        .acquire_timeout(std::time::Duration::from_secs(60))
        .after_connect(|conn, _| {
            Box::pin(async move {
                conn.execute("PRAGMA journal_mode = WAL").await?;
                conn.execute("PRAGMA synchronous = NORMAL").await?;
                conn.execute("PRAGMA foreign_keys = ON").await?;
                conn.execute("PRAGMA busy_timeout = 10000").await?;
                Ok(())
            })
        })
}
