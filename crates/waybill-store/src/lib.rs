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

mod chats;
mod error;
mod files;
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

pub use chats::{AudioRecording, ChatMeta, ChatSummary, MessageRecord, NewChat, Owner, SaveOutcome};
pub use error::StoreError;
pub use files::{FileRecord, NewFile};
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
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// SQLite allows one writer: write transactions take this first, so concurrent
    /// saves queue here instead of failing with "database is locked" (a deferred
    /// transaction that upgrades to a write cannot wait for the lock).
    sqlite_writer: Arc<tokio::sync::Mutex<()>>,
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
        let pool = match backend {
            Backend::Sqlite => {
                AnyPoolOptions::new()
                    .max_connections(8)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            conn.execute("PRAGMA synchronous = NORMAL").await?;
                            conn.execute("PRAGMA foreign_keys = ON").await?;
                            conn.execute("PRAGMA busy_timeout = 5000").await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?
            }
            Backend::Postgres => AnyPoolOptions::new().max_connections(16).connect_with(options).await?,
        };
        Ok(Self { pool, backend, sqlite_writer: Arc::default() })
    }

    /// Begins a transaction that will write. On SQLite it holds the writer lock until the
    /// guard (declared before the transaction, so dropped after it) goes.
    pub(crate) async fn begin_write(&self) -> Result<(Option<tokio::sync::OwnedMutexGuard<()>>, sqlx::Transaction<'static, sqlx::Any>)> {
        let guard = match self.backend {
            Backend::Sqlite => Some(self.sqlite_writer.clone().lock_owned().await),
            Backend::Postgres => None,
        };
        Ok((guard, self.pool.begin().await?))
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
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// A trivial round trip, for health checks.
    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Milliseconds since the Unix epoch, the one time format the schema uses.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

pub(crate) fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}
