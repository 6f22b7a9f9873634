//! No cube file and no query, however written, reads anything but the operational tables:
//! not the operational database's bookkeeping (`meta`, where an earlier version kept the
//! demo's service tokens), not a table planted beside the data, not the database's own
//! catalogues, not Waybill's store. Tried on the embedded engine over SQLite and pushed
//! down to PostgreSQL, with a secret planted everywhere a cube could look.

use std::sync::Arc;

use serde_json::Value;
use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::SqlitePool;
use waybill_bi::{Catalogue, DataFusionEngine, Limits, PostgresEngine, QueryEngine, RowScope};
use waybill_demo::{Demo, DemoConfig};
use waybill_store::NewUser;

const SECRET: &str = "sk-planted-0f9e8d7c6b5a";

/// The demo's data with the secret in `meta` (as an earlier version kept the tokens), in a
/// one-column table `token` and in a table `secrets` beside the operational ones.
async fn planted() -> Demo {
    let demo = Demo::open_in_memory(DemoConfig::default()).await.unwrap();
    let db = demo.database();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "INSERT INTO meta (key, value) VALUES ('token.wms', '{SECRET}');
         CREATE TABLE token (value TEXT NOT NULL);
         INSERT INTO token VALUES ('{SECRET}');
         CREATE TABLE secrets (key TEXT NOT NULL, value TEXT NOT NULL);
         INSERT INTO secrets VALUES ('k', '{SECRET}');"
    )))
    .execute(&db)
    .await
    .unwrap();
    demo
}

/// A cube over the demo's orders; `extra` is appended to its text.
fn orders_cube(name: &str, table: &str, dimension_sql: &str) -> String {
    format!(
        "name: {name}\ntitle: T\ndescription: D.\ntable: {table}\nmeasures:\n  - name: n\n    title: N\n    aggregation: count\n    sql: {name}.id\ndimensions:\n  - name: leak\n    title: Leak\n    type: string\n    sql: {}\n",
        serde_json::to_string(dimension_sql).unwrap()
    )
}

/// Cube files written to reach a secret, each as (what it tries, file text).
fn hostile_files() -> Vec<(String, String)> {
    let mut files = Vec::new();
    // The table itself, spelled every way.
    for table in [
        "meta",
        "token",
        "secrets",
        "sequences",
        "sqlite_master",
        "sqlite_schema",
        "pg_authid",
        "pg_catalog.pg_authid",
        "information_schema.tables",
        "business_systems",
        "refresh_tokens",
        "public.users",
        "ops.meta",
        "main.meta",
        "\"meta\"",
        "`meta`",
        "[meta]",
        "Meta",
        "META",
        " meta",
        "meta ",
        "meta;",
        "meta --",
        "meta AS orders",
        "(SELECT * FROM meta)",
        "orders, meta",
        "orders JOIN meta ON true",
        "orders\u{0}meta",
        "ｍeta",
    ] {
        files.push((
            format!("table {table:?}"),
            format!(
                "name: hostile\ntitle: T\ndescription: D.\ntable: {}\ndimensions:\n  - name: value\n    title: V\n    type: string\n",
                serde_json::to_string(table).unwrap()
            ),
        ));
    }
    // An expression that reads past the row.
    for sql in [
        "(SELECT value FROM meta)",
        "(select value from meta)",
        "(TABLE token)",
        "(table token)",
        "( TABLE\ttoken )",
        "coalesce((TABLE token), hostile.status)",
        "CAST((TABLE token) AS VARCHAR)",
        "CASE WHEN (TABLE token) = 'x' THEN 1 ELSE 0 END",
        "hostile.status IN (TABLE token)",
        "hostile.status IN (SELECT value FROM meta)",
        "hostile.status = ANY (SELECT value FROM meta)",
        "EXISTS (SELECT 1 FROM meta)",
        "exists(table token)",
        "ARRAY(TABLE token)",
        "meta.value",
        "main.meta.value",
        "ops.meta.value",
        "\"meta\".\"value\"",
        "hostile.status || (VALUES ('x'))",
        "(VALUES ((TABLE token)))",
        "lower((TABLE token))",
        "hostile.status::regclass",
        "CAST(hostile.status AS regclass)",
        "current_setting('is_superuser')",
        "pg_read_file('/etc/passwd')",
        "pg_catalog.lower(hostile.status)",
        "sqlite_version()",
        "load_extension('x')",
        "readfile('/etc/passwd')",
        "hostile.status; SELECT value FROM meta",
        "hostile.status -- comment",
        "hostile.status /* c */",
        "hostile.status UNION SELECT value FROM meta",
        "hostile.status FROM meta",
        "(WITH t AS (TABLE token) SELECT * FROM t)",
        "LATERAL (TABLE token)",
    ] {
        files.push((format!("expression {sql:?}"), orders_cube("hostile", "orders", sql)));
    }
    // A facility column, a join condition and a join to a cube over a secret.
    let base = orders_cube("hostile", "orders", "hostile.status");
    files.push(("facility column".into(), base.replace("measures:", "facility_column: (TABLE token)\nmeasures:")));
    files.push((
        "join condition".into(),
        format!("{base}joins:\n  - cube: customers\n    relationship: many_to_one\n    on: hostile.customer_id = (TABLE token)\n"),
    ));
    files
        .push(("join to a cube over meta".into(), format!("{base}joins:\n  - cube: sneaky\n    relationship: many_to_one\n    on: hostile.id = sneaky.key\n")));
    files.push((
        "a cube over meta to join".into(),
        "name: sneaky\ntitle: T\ndescription: D.\ntable: meta\ndimensions:\n  - name: key\n    title: K\n    type: string\n".into(),
    ));
    files.push(("a second document".into(), format!("{base}---\nname: x\ntable: meta\n")));
    files
}

/// Queries written to reach a secret through the cubes the catalogue holds.
const HOSTILE_QUERIES: [&str; 26] = [
    "SELECT * FROM meta",
    "SELECT * FROM token",
    "SELECT * FROM \"meta\"",
    "SELECT * FROM MeTa",
    "SELECT * FROM main.meta",
    "SELECT * FROM ops.meta",
    "SELECT * FROM public.users",
    "SELECT * FROM outbound_orders JOIN meta ON true",
    "SELECT (TABLE token) AS v FROM outbound_orders",
    "SELECT * FROM outbound_orders WHERE status IN (TABLE token)",
    "WITH x AS (TABLE meta) SELECT * FROM x",
    "WITH x AS (TABLE ops.token) SELECT * FROM x",
    "WITH x AS (TABLE public.token) SELECT * FROM x",
    "WITH x AS (TABLE public.users) SELECT * FROM x",
    "WITH a AS (SELECT * FROM token), token AS (SELECT 1 AS v) SELECT * FROM a",
    "WITH a AS (SELECT * FROM users), users AS (SELECT 1 AS v) SELECT * FROM a",
    "WITH pg_authid AS (SELECT 1 AS v) SELECT * FROM pg_authid",
    "SELECT * FROM (TABLE token) AS t",
    "TABLE token",
    "SELECT * FROM outbound_orders UNION ALL TABLE meta",
    "SELECT * FROM generate_series(1, 2)",
    "SELECT * FROM unnest(ARRAY['a'])",
    "SELECT * FROM LATERAL (SELECT value FROM meta) AS t",
    "SELECT * FROM outbound_orders, LATERAL (TABLE token) AS t",
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT current_setting('data_directory') FROM outbound_orders",
];

fn everyone() -> RowScope {
    RowScope { facilities: waybill_demo::FACILITIES.iter().map(|(id, _)| (*id).to_owned()).collect() }
}

fn shows_secret(rows: &[Vec<Value>]) -> bool {
    serde_json::to_string(rows).unwrap().contains(SECRET)
}

/// Every hostile query is refused or answers without the secret (a query over its own
/// common table expression may answer, with what it made up); the ones that name a table
/// that is no cube are refused.
async fn assert_no_secret(engine: &dyn QueryEngine, backend: &str) {
    for sql in HOSTILE_QUERIES {
        match engine.run(sql, &everyone()).await {
            Ok(result) => {
                assert!(!shows_secret(&result.rows), "{backend}: {sql} read the secret");
                assert!(sql.starts_with("WITH") && !sql.contains("TABLE"), "{backend}: {sql} answered {:?}", result.rows.first());
            }
            Err(e) => assert!(!e.to_string().contains(SECRET), "{backend}: {sql}: {e}"),
        }
    }
    // `TABLE name` reads a table without naming a relation the parser's visitor sees: it
    // is refused as such, before anything runs.
    for sql in
        ["WITH x AS (TABLE ops.token) SELECT * FROM x", "WITH x AS (TABLE public.users) SELECT * FROM x", "SELECT * FROM outbound_orders UNION ALL TABLE meta"]
    {
        let err = engine.run(sql, &everyone()).await.unwrap_err().to_string();
        assert!(err.contains("The TABLE command is not allowed"), "{backend}: {sql}: {err}");
    }
    // A common table expression naming a later one reads the table of that name where
    // the names resolve: on PostgreSQL nothing but `pg_catalog` is on the search path.
    let err = engine.run("WITH a AS (SELECT * FROM token), token AS (SELECT 1 AS v) SELECT * FROM a", &everyone()).await.unwrap_err().to_string();
    assert!(err.contains("\"token\" does not exist") || err.contains("'datafusion.public.token' not found"), "{backend}: {err}");
}

#[test]
fn no_cube_file_naming_anything_but_an_operational_table_loads() {
    let demo = Catalogue::demo();
    for (what, text) in hostile_files() {
        let (catalogue, refused) = Catalogue::with_added(&[("hostile.yaml".to_owned(), text.clone())]);
        assert_eq!(refused.len(), 1, "{what} must be refused:\n{text}");
        assert_eq!(catalogue.len(), demo.len(), "{what}");
        assert!(catalogue.cubes().all(|c| waybill_bi::OPERATIONAL_TABLES.contains(&c.table.as_str())), "{what}");
    }
    // Both files of a join together: the one over meta is refused, so is the one joining it.
    let files = hostile_files();
    let pair: Vec<(String, String)> = files
        .iter()
        .filter(|(what, _)| what.contains("meta to join") || what.contains("join to a cube"))
        .map(|(_, t)| ("f.yaml".to_owned(), t.clone()))
        .collect();
    assert_eq!(pair.len(), 2);
    let (_, refused) = Catalogue::with_added(&[("a.yaml".to_owned(), pair[0].1.clone()), ("b.yaml".to_owned(), pair[1].1.clone())]);
    assert_eq!(refused.len(), 2);
    // The refusal names the tables a cube may read.
    let (_, refused) = Catalogue::with_added(&[("m.yaml".to_owned(), orders_cube("m", "meta", "m.status"))]);
    let message = refused[0].1.to_string();
    assert!(message.contains("the table 'meta' is not one of the operational tables a cube may read; those are accessorials,"), "{message}");
    assert!(message.contains("orders") && message.contains("users"), "{message}");
    // An ordinary cube over an operational table still loads.
    let (catalogue, refused) = Catalogue::with_added(&[("ok.yaml".to_owned(), orders_cube("hostile", "orders", "lower(hostile.status)"))]);
    assert!(refused.is_empty(), "{refused:?}");
    assert!(catalogue.get("hostile").is_some());
}

#[test]
fn the_operational_tables_are_the_demo_data_and_no_bookkeeping() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let demo = Demo::open_in_memory(DemoConfig::default()).await.unwrap();
        let tables: Vec<String> = sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .fetch_all(&demo.database())
            .await
            .unwrap();
        let mut expected: Vec<String> = tables.iter().filter(|t| !["meta", "sequences"].contains(&t.as_str())).cloned().collect();
        expected.sort();
        assert_eq!(waybill_bi::OPERATIONAL_TABLES.to_vec(), expected, "a new demo table is allow-listed (or not) on purpose");
        demo.close().await;
    });
}

#[tokio::test]
async fn the_embedded_engine_reads_no_secret() {
    let demo = planted().await;
    let catalogue = Arc::new(Catalogue::demo());
    let engine = DataFusionEngine::load(&demo.database(), catalogue, Limits::default()).await.unwrap();
    assert_no_secret(&engine, "sqlite").await;
    let fine = engine.run("SELECT COUNT(order_id) AS n FROM outbound_orders", &everyone()).await.unwrap();
    assert!(fine.rows[0][0].as_i64().unwrap() > 0);
    demo.close().await;
}

/// Copies every table of the demo's database, `meta` and the planted ones included, into
/// `schema` of PostgreSQL.
async fn copy_all(from: &SqlitePool, to: &sqlx::PgPool, schema: &str) {
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}"))).execute(to).await.unwrap();
    let tables: Vec<String> =
        sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").fetch_all(from).await.unwrap();
    for table in tables {
        let columns: Vec<(String, String)> =
            sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT name, type FROM pragma_table_info('{table}')"))).fetch_all(from).await.unwrap();
        let typed: Vec<String> = columns
            .iter()
            .map(|(name, kind)| {
                let pg = match kind.as_str() {
                    "INTEGER" => "BIGINT",
                    "REAL" => "DOUBLE PRECISION",
                    _ => "TEXT",
                };
                format!("{name} {pg}")
            })
            .collect();
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE TABLE {schema}.{table} ({})", typed.join(", ")))).execute(to).await.unwrap();
        let pairs: Vec<String> = columns.iter().map(|(n, _)| format!("'{n}', {n}")).collect();
        let json: String =
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COALESCE(json_group_array(json_object({})), '[]') FROM {table}", pairs.join(", "))))
                .fetch_one(from)
                .await
                .unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!("INSERT INTO {schema}.{table} SELECT * FROM json_populate_recordset(NULL::{schema}.{table}, $1::json)")))
            .bind(json)
            .execute(to)
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn the_postgresql_engine_reads_no_secret() {
    let Some(db) = waybill_store::testing::postgres().await else { return };
    let url = db.postgres_url().unwrap();
    // Waybill's own store lives in `public` of the same database, a secret in it too.
    db.store.create_user(NewUser { email: "victim@example.test", password_hash: SECRET, first_name: None, user_name: "victim" }).await.unwrap();
    let demo = planted().await;
    let pool = PgPoolOptions::new().max_connections(1).connect(&url).await.unwrap();
    copy_all(&demo.database(), &pool, "ops").await;
    // A one-column table in `public` too: what a TABLE subquery could return whole.
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE TABLE public.token (value TEXT); INSERT INTO public.token VALUES ('{SECRET}')")))
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let catalogue = Arc::new(Catalogue::demo());
    // The schema of Waybill's store is no operational data: refused, naming why.
    let refused = PostgresEngine::connect(&url, "public", catalogue.clone(), Limits::default()).await.err().expect("the store's schema is refused");
    assert!(refused.to_string().contains("holds Waybill's own tables"), "{refused}");

    let engine = PostgresEngine::connect(&url, "ops", catalogue, Limits::default()).await.unwrap();
    assert_no_secret(&engine, "postgres").await;
    let fine = engine.run("SELECT COUNT(order_id) AS n FROM outbound_orders", &everyone()).await.unwrap();
    assert!(fine.rows[0][0].as_i64().unwrap() > 0);
    assert!(fine.sql.contains("FROM ops.orders AS outbound_orders"), "the base tables are named with their schema: {}", fine.sql);
    demo.close().await;
    db.cleanup().await;
}
