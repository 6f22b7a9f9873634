//! Test support: the same test body runs against SQLite and PostgreSQL.
//!
//! SQLite tests use a throwaway file. PostgreSQL tests create a throwaway database on the
//! server named by `WAYBILL_TEST_PG_URL` (an admin connection URL) and drop it afterwards.
//! Without that variable the PostgreSQL half is skipped — unless `CI=true`, where a
//! missing or unreachable server fails the test loudly.

use std::future::Future;
use std::path::PathBuf;

use sqlx::Connection;

use crate::Store;

pub struct TestDb {
    pub store: Store,
    cleanup: Cleanup,
}

enum Cleanup {
    File(PathBuf),
    Database { admin_url: String, name: String },
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// A migrated store on a fresh SQLite file.
pub async fn sqlite() -> TestDb {
    let path = std::env::temp_dir().join(format!("waybill-test-{}.db", uuid::Uuid::new_v4().simple()));
    let store = Store::open_sqlite(&path).await.expect("open sqlite");
    store.migrate().await.expect("migrate sqlite");
    TestDb { store, cleanup: Cleanup::File(path) }
}

/// A migrated store on a fresh PostgreSQL database, or `None` when PostgreSQL is not configured.
pub async fn postgres() -> Option<TestDb> {
    let admin_url = match std::env::var("WAYBILL_TEST_PG_URL") {
        Ok(url) if !url.is_empty() => url,
        _ if in_ci() => panic!("CI=true requires PostgreSQL: set WAYBILL_TEST_PG_URL (e.g. postgres://postgres@127.0.0.1:5432/test)"),
        _ => {
            eprintln!("PostgreSQL suite skipped: WAYBILL_TEST_PG_URL is not set");
            return None;
        }
    };
    sqlx::any::install_default_drivers();
    let name = format!("waybill_test_{}", uuid::Uuid::new_v4().simple());
    let mut admin = sqlx::AnyConnection::connect(&admin_url).await.unwrap_or_else(|e| panic!("cannot connect to PostgreSQL at WAYBILL_TEST_PG_URL: {e}"));
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&mut admin).await.expect("create test database");
    admin.close().await.ok();
    let store = Store::connect(&database_url(&admin_url, &name)).await.expect("connect test database");
    store.migrate().await.expect("migrate postgres");
    Some(TestDb { store, cleanup: Cleanup::Database { admin_url, name } })
}

/// `admin_url` with its database name replaced by `name`.
fn database_url(admin_url: &str, name: &str) -> String {
    let (base, query) = admin_url.split_once('?').map_or((admin_url, None), |(b, q)| (b, Some(q)));
    let authority_end = base.find("://").map(|i| i + 3).unwrap_or(0);
    let base = match base[authority_end..].find('/') {
        Some(slash) => &base[..authority_end + slash],
        None => base,
    };
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

impl TestDb {
    /// The URL another process can connect to this database with (`None` for SQLite,
    /// whose file another process opens from its own data directory).
    pub fn postgres_url(&self) -> Option<String> {
        match &self.cleanup {
            Cleanup::Database { admin_url, name } => Some(database_url(admin_url, name)),
            Cleanup::File(_) => None,
        }
    }

    pub async fn cleanup(self) {
        self.store.close().await;
        match self.cleanup {
            Cleanup::File(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            Cleanup::Database { admin_url, name } => {
                if let Ok(mut admin) = sqlx::AnyConnection::connect(&admin_url).await {
                    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&mut admin).await;
                    admin.close().await.ok();
                }
            }
        }
    }
}

/// Runs `body` on the store and cleans up the database even when the body panics.
pub async fn run<F, Fut>(db: TestDb, body: F)
where
    F: FnOnce(Store) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let outcome = tokio::spawn(body(db.store.clone())).await;
    db.cleanup().await;
    if let Err(err) = outcome {
        match err.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(err) => panic!("test task failed: {err}"),
        }
    }
}

/// Declares each test twice, as `<name>::sqlite` and `<name>::postgres`.
#[macro_export]
macro_rules! backend_tests {
    ($(async fn $name:ident($store:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                $crate::testing::run($crate::testing::sqlite().await, |$store| async move $body).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(db) = $crate::testing::postgres().await {
                    $crate::testing::run(db, |$store| async move $body).await
                }
            }
        }
    )*};
}

#[cfg(test)]
mod tests {
    #[test]
    fn database_url_replaces_the_path() {
        assert_eq!(super::database_url("postgres://postgres@127.0.0.1:5432/test", "x"), "postgres://postgres@127.0.0.1:5432/x");
        assert_eq!(super::database_url("postgres://u@h/test?sslmode=disable", "x"), "postgres://u@h/x?sslmode=disable");
        assert_eq!(super::database_url("postgres://u@h", "x"), "postgres://u@h/x");
    }
}
