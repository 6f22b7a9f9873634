//! The SQLite and PostgreSQL migrations — the core's and every family's — yield the same
//! tables with the same columns.

use waybill_server::config::{Config, TestingConfig};
use waybill_server::families;
use waybill_server::waybill_store::testing;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_backends_have_the_same_tables_and_columns() {
    let Some(postgres) = testing::postgres().await else { return };
    let sqlite = testing::sqlite().await;
    let every_family = families::registered(&Config { testing: TestingConfig { proving_family: true }, ..Config::default() });
    for db in [&sqlite, &postgres] {
        every_family.migrate(&db.store).await.unwrap();
    }
    let (lite, pg) = (sqlite.store.columns().await.unwrap(), postgres.store.columns().await.unwrap());
    sqlite.cleanup().await;
    postgres.cleanup().await;
    assert!(lite.iter().any(|(t, _)| t == "proving_marks"), "the families' tables are there too");
    let only_sqlite: Vec<_> = lite.iter().filter(|c| !pg.contains(c)).collect();
    let only_pg: Vec<_> = pg.iter().filter(|c| !lite.contains(c)).collect();
    assert!(only_sqlite.is_empty() && only_pg.is_empty(), "only in SQLite: {only_sqlite:?}; only in PostgreSQL: {only_pg:?}");
}
