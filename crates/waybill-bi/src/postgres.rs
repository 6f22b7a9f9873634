//! The cubes pushed down to PostgreSQL: for a deployment whose operational data lives in
//! PostgreSQL (its database or a read replica), each query runs there rather than over a
//! snapshot in memory. The checks are the embedded engine's: one `SELECT` naming cubes
//! only, calling allowed functions only; each cube becomes a common table expression over
//! the base tables limited to the caller's granted facilities, so the query can reach no
//! other table. It runs in a read-only transaction with a statement timeout, its rows
//! capped, in the schema the data lives in.

use std::sync::Arc;

use datafusion::sql::sqlparser::ast::{Expr, FunctionArg, FunctionArgExpr, FunctionArguments, visit_expressions, visit_expressions_mut};
use datafusion::sql::sqlparser::dialect::GenericDialect;
use datafusion::sql::sqlparser::parser::Parser;
use futures::future::BoxFuture;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::Value;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::{Executor, Row};

use crate::engine::{ALLOWED_FUNCTIONS, Limits, QueryEngine, QueryError, QueryResult, RowScope, cube_views, cubes_named, functions_refused};
use crate::load::Catalogue;

/// The engine over a PostgreSQL database holding the operational tables.
pub struct PostgresEngine {
    pool: PgPool,
    catalogue: Arc<Catalogue>,
    limits: Limits,
    /// The schema of the operational tables (a checked identifier).
    schema: String,
}

/// A row of `row_to_json`, its columns in order.
struct Ordered(Vec<(String, Value)>);

impl<'de> serde::Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Ordered, A::Error> {
                let mut fields = Vec::new();
                while let Some(entry) = map.next_entry::<String, Value>()? {
                    fields.push(entry);
                }
                Ok(Ordered(fields))
            }
        }
        d.deserialize_map(Fields)
    }
}

/// The functions a query calls that are not allowed (by name, as written).
fn refused_functions(sql: &str) -> Result<Vec<String>, QueryError> {
    let statements = Parser::parse_sql(&GenericDialect {}, sql).map_err(|e| QueryError::Refused(format!("The query does not parse: {e}")))?;
    let mut refused = std::collections::BTreeSet::new();
    let _ = visit_expressions(&statements, |expr| {
        if let Expr::Function(f) = expr {
            let name = f.name.0.last().map(|p| p.to_string().trim_matches('"').to_lowercase()).unwrap_or_default();
            if f.name.0.len() > 1 || !ALLOWED_FUNCTIONS.contains(&name.as_str()) {
                refused.insert(f.name.to_string().to_lowercase());
            }
        }
        std::ops::ControlFlow::<()>::Continue(())
    });
    Ok(refused.into_iter().collect())
}

/// Tables of Waybill's own store: a schema holding any of them is not operational data,
/// and BI refuses to read it.
const WAYBILL_TABLES: [&str; 8] =
    ["tenants", "tenant_grants", "facility_grants", "refresh_tokens", "business_systems", "chat_messages", "tool_approvals", "bi_tenant_cubes"];

/// The last check before PostgreSQL runs `sql` (the cubes' views and the query, as sent):
/// it is one query; it reads through no `TABLE` command, table function or other
/// construct; and every relation it names is either one of the [`OPERATIONAL_TABLES`]
/// written `schema.table` (as only the cubes' views write them) or an unqualified
/// common table expression the statement defines that is no `pg_…` name. Whatever a
/// cube file or a query says, nothing else in the database is reachable.
///
/// [`OPERATIONAL_TABLES`]: crate::load::OPERATIONAL_TABLES
fn reaches_only_operational_tables(sql: &str, schema: &str) -> Result<(), QueryError> {
    use datafusion::sql::sqlparser::ast::{Ident, ObjectNamePart, Query, Visit, Visitor};

    let refused = |why: String| QueryError::Refused(format!("The query would read {why}, which is not a cube"));
    let statements = Parser::parse_sql(&GenericDialect {}, sql).map_err(|e| QueryError::Refused(format!("The query does not parse: {e}")))?;
    let [statement] = statements.as_slice() else {
        return Err(QueryError::Refused("Send exactly one SELECT statement".into()));
    };
    crate::engine::plain_reads(statement)?;
    fn folded(ident: &Ident) -> String {
        if ident.quote_style.is_none() { ident.value.to_lowercase() } else { ident.value.clone() }
    }
    struct Ctes(std::collections::BTreeSet<String>);
    impl Visitor for Ctes {
        type Break = ();
        fn pre_visit_query(&mut self, query: &Query) -> std::ops::ControlFlow<()> {
            self.0.extend(query.with.iter().flat_map(|w| w.cte_tables.iter().map(|c| folded(&c.alias.name))));
            std::ops::ControlFlow::Continue(())
        }
    }
    let mut ctes = Ctes(Default::default());
    let _ = statement.visit(&mut ctes);
    let mut found = None;
    let _ = datafusion::sql::sqlparser::ast::visit_relations(statement, |relation| {
        let parts: Vec<Option<&Ident>> = relation.0.iter().map(|p| if let ObjectNamePart::Identifier(i) = p { Some(i) } else { None }).collect();
        let allowed = match parts.as_slice() {
            [Some(name)] => name.quote_style.is_none() && ctes.0.contains(&folded(name)) && !folded(name).starts_with("pg_"),
            [Some(owner), Some(table)] => {
                owner.quote_style.is_none() && owner.value == schema && table.quote_style.is_none() && crate::load::is_operational_table(&table.value)
            }
            _ => false,
        };
        if allowed {
            return std::ops::ControlFlow::Continue(());
        }
        found = Some(relation.to_string());
        std::ops::ControlFlow::Break(())
    });
    match found {
        Some(relation) => Err(refused(relation)),
        None => Ok(()),
    }
}

/// The query in PostgreSQL's terms where the two differ: `round(x, n)` takes a numeric
/// there, so its first argument is cast (averages and ratios are doubles).
fn for_postgres(sql: &str) -> Result<String, QueryError> {
    let mut statements = Parser::parse_sql(&GenericDialect {}, sql).map_err(|e| QueryError::Refused(format!("The query does not parse: {e}")))?;
    let _ = visit_expressions_mut(&mut statements, |expr| {
        if let Expr::Function(f) = expr
            && f.name.to_string().eq_ignore_ascii_case("round")
            && let FunctionArguments::List(list) = &mut f.args
            && list.args.len() == 2
            && let FunctionArg::Unnamed(FunctionArgExpr::Expr(first)) = &mut list.args[0]
            && let Ok(cast) = Parser::new(&GenericDialect {}).try_with_sql(&format!("CAST(({first}) AS NUMERIC)")).and_then(|mut p| p.parse_expr())
        {
            *first = cast;
        }
        std::ops::ControlFlow::<()>::Continue(())
    });
    Ok(statements.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
}

fn failed(e: sqlx::Error) -> QueryError {
    match e {
        sqlx::Error::Database(db) if db.code().as_deref() == Some("57014") => QueryError::Failed("the query was cancelled".into()),
        sqlx::Error::Database(db) => QueryError::Failed(db.message().to_owned()),
        other => QueryError::Failed(other.to_string()),
    }
}

impl PostgresEngine {
    /// Connects to the database at `url`, whose `schema` holds the operational tables.
    pub async fn connect(url: &str, schema: &str, catalogue: Arc<Catalogue>, limits: Limits) -> Result<Self, QueryError> {
        if !crate::load::is_identifier(schema) {
            return Err(QueryError::Failed(format!("{schema} is no schema name")));
        }
        let pool = PgPoolOptions::new().max_connections(4).connect(url).await.map_err(|e| QueryError::Failed(format!("PostgreSQL cannot be reached: {e}")))?;
        let own: Vec<String> =
            sqlx::query_scalar("SELECT table_name::text FROM information_schema.tables WHERE table_schema = $1 AND table_name = ANY($2) ORDER BY 1")
                .bind(schema)
                .bind(&WAYBILL_TABLES[..])
                .fetch_all(&pool)
                .await
                .map_err(failed)?;
        if !own.is_empty() {
            pool.close().await;
            return Err(QueryError::Failed(format!(
                "The schema {schema} holds Waybill's own tables ({}), not only operational data: point BI at the schema of the operational tables",
                own.join(", ")
            )));
        }
        Ok(PostgresEngine { pool, catalogue, limits, schema: schema.to_owned() })
    }

    async fn execute(&self, sql: &str, scope: &RowScope) -> Result<QueryResult, QueryError> {
        let named = cubes_named(sql, &self.catalogue)?;
        let refused = refused_functions(sql)?;
        if !refused.is_empty() {
            return Err(functions_refused(&refused));
        }
        let definitions: Vec<String> =
            cube_views(&self.catalogue, &named, scope, Some(&self.schema))?.into_iter().map(|(name, view)| format!("{name} AS ({view})")).collect();
        let with = if definitions.is_empty() { String::new() } else { format!("WITH {}\n", definitions.join(",\n")) };
        let body = for_postgres(sql)?;
        let wrapped = format!("{with}SELECT row_to_json(q)::text AS r FROM ({body}) AS q LIMIT {}", self.limits.max_rows + 1);
        reaches_only_operational_tables(&wrapped, &self.schema)?;

        let mut tx = self.pool.begin().await.map_err(failed)?;
        let millis = self.limits.timeout.as_millis().max(1);
        // The base tables are named with their schema; nothing unqualified reaches a table
        // (only `pg_catalog`, whose relations are all `pg_…`, stays on the path).
        tx.execute(sqlx::AssertSqlSafe(format!("SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = {millis}; SET LOCAL search_path = pg_catalog")))
            .await
            .map_err(failed)?;
        let rows = match sqlx::query(sqlx::AssertSqlSafe(wrapped)).fetch_all(&mut *tx).await {
            Ok(rows) => rows,
            Err(sqlx::Error::Database(db)) if db.code().as_deref() == Some("57014") => return Err(QueryError::Timeout(self.limits.timeout.as_secs())),
            Err(e) => return Err(failed(e)),
        };
        let columns = if let Some(first) = rows.first() {
            let Ordered(fields) = serde_json::from_str(first.get::<&str, _>("r")).map_err(|e| QueryError::Failed(e.to_string()))?;
            fields.into_iter().map(|(k, _)| k).collect()
        } else {
            let described = (&mut *tx).describe(sqlx::SqlSafeStr::into_sql_str(sqlx::AssertSqlSafe(format!("{with}{body}")))).await.map_err(failed)?;
            described.columns().iter().map(|c| sqlx::Column::name(c).to_owned()).collect()
        };
        tx.rollback().await.map_err(failed)?;
        let truncated = rows.len() > self.limits.max_rows;
        let rows = rows
            .iter()
            .take(self.limits.max_rows)
            .map(|row| {
                let Ordered(fields) = serde_json::from_str(row.get::<&str, _>("r")).map_err(|e| QueryError::Failed(e.to_string()))?;
                Ok(fields.into_iter().map(|(_, v)| v).collect())
            })
            .collect::<Result<Vec<Vec<Value>>, QueryError>>()?;
        let shown = format!("{with}{body}");
        Ok(QueryResult { columns, rows, sql: shown, truncated, data_as_of: jiff::Timestamp::now() })
    }
}

impl QueryEngine for PostgresEngine {
    fn run<'a>(&'a self, sql: &'a str, scope: &'a RowScope) -> BoxFuture<'a, Result<QueryResult, QueryError>> {
        Box::pin(self.execute(sql, scope))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sqlx::sqlite::SqlitePool;
    use waybill_demo::{Demo, DemoConfig};

    use super::*;
    use crate::engine::DataFusionEngine;

    /// The tables the cubes read, copied from the demo's SQLite database into `schema`.
    async fn copy_tables(from: &SqlitePool, to: &PgPool, schema: &str, catalogue: &Catalogue) {
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}"))).execute(to).await.unwrap();
        let tables: std::collections::BTreeSet<String> = catalogue.cubes().map(|c| c.table.clone()).collect();
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
            // The rows as one JSON document, spread into the table by PostgreSQL itself.
            let names: Vec<&str> = columns.iter().map(|(n, _)| n.as_str()).collect();
            let pairs: Vec<String> = names.iter().map(|n| format!("'{n}', {n}")).collect();
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

    fn same(a: &Value, b: &Value) -> bool {
        match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => (x - y).abs() <= 1e-6 * x.abs().max(1.0),
            _ => a == b,
        }
    }

    #[tokio::test]
    async fn the_cubes_answer_on_postgresql_as_they_do_embedded_and_as_safely() {
        let Some(db) = waybill_store::testing::postgres().await else { return };
        let url = db.postgres_url().unwrap();
        let demo = Demo::open_in_memory(DemoConfig::default()).await.unwrap();
        let catalogue = Arc::new(Catalogue::demo());
        let pool = PgPoolOptions::new().max_connections(1).connect(&url).await.unwrap();
        copy_tables(&demo.database(), &pool, "ops", &catalogue).await;
        pool.close().await;
        let embedded = DataFusionEngine::load(&demo.database(), catalogue.clone(), Limits::default()).await.unwrap();
        let pushed = PostgresEngine::connect(&url, "ops", catalogue.clone(), Limits::default()).await.unwrap();
        let all = RowScope { facilities: waybill_demo::FACILITIES.iter().map(|(id, _)| (*id).to_owned()).collect() };
        let ontario = RowScope { facilities: vec!["dc-ontario".into()] };

        let mut queries: Vec<String> = [
            "outbound orders by customer last week",
            "top 5 SKUs by picks this month",
            "picks per user per hour",
            "on-time rate by carrier",
            "dock door utilisation",
            "inventory by status",
        ]
        .iter()
        .map(|q| crate::offline::query_for(q).unwrap().0)
        .collect();
        let dashboards = [crate::dashboard::offline::yard(), crate::dashboard::offline::outbound()];
        queries.extend(dashboards.into_iter().flat_map(|d| d.tiles).filter(|t| t.kind != crate::dashboard::TileKind::Table).map(|t| t.sql));
        for sql in &queries {
            for scope in [&all, &ontario] {
                let a = embedded.run(sql, scope).await.unwrap_or_else(|e| panic!("embedded: {sql}: {e}"));
                let b = pushed.run(sql, scope).await.unwrap_or_else(|e| panic!("postgres: {sql}: {e}"));
                assert_eq!(a.columns, b.columns, "{sql}");
                assert_eq!(a.rows.len(), b.rows.len(), "{sql}");
                for (x, y) in a.rows.iter().zip(&b.rows) {
                    assert!(x.iter().zip(y).all(|(p, q)| same(p, q)), "{sql}: {x:?} vs {y:?}");
                }
            }
        }

        // The same refusals, and PostgreSQL's own functions and catalogues out of reach.
        for (sql, says) in [
            ("DELETE FROM outbound_orders", "Only SELECT"),
            ("SELECT * FROM orders", "no cube named orders"),
            ("SELECT * FROM pg_catalog.pg_user", "no cube named pg_catalog.pg_user"),
            ("SELECT pg_sleep(30) FROM outbound_orders", "pg_sleep"),
            ("SELECT pg_read_file('/etc/passwd')", "pg_read_file"),
            ("SELECT 1; SELECT 2", "exactly one"),
        ] {
            let err = pushed.run(sql, &all).await.unwrap_err().to_string();
            assert!(err.contains(says), "{sql}: {err}");
        }
        // The facility scope is the engine's: another facility's rows never come back.
        let theirs = pushed.run("SELECT COUNT(order_id) AS n FROM outbound_orders WHERE facility_id = 'yard-fontana'", &ontario).await;
        assert!(theirs.is_err() || theirs.unwrap().rows[0][0] == 0);

        // Bounded in rows and time.
        let few = PostgresEngine::connect(&url, "ops", catalogue.clone(), Limits { max_rows: 3, timeout: Duration::from_secs(1), ..Limits::default() })
            .await
            .unwrap();
        let capped = few.run("SELECT order_id FROM outbound_orders", &all).await.unwrap();
        assert_eq!((capped.rows.len(), capped.truncated), (3, true));
        let slow = few.run("SELECT COUNT(*) AS n FROM order_lines a, order_lines b, order_lines c", &all).await.unwrap_err();
        assert!(matches!(slow, QueryError::Timeout(1)), "{slow}");
        let none = few.run("SELECT order_id FROM outbound_orders WHERE 1 = 0", &all).await.unwrap();
        assert_eq!((none.columns.as_slice(), none.rows.len()), (["order_id".to_owned()].as_slice(), 0));
        demo.close().await;
        db.cleanup().await;
    }

    #[test]
    fn rounding_casts_to_numeric_for_postgresql() {
        let sql = for_postgres("SELECT ROUND(AVG(dwell_hours), 1) AS h, round(x) FROM yard_trailers").unwrap();
        assert_eq!(sql, "SELECT ROUND(CAST((AVG(dwell_hours)) AS NUMERIC), 1) AS h, round(x) FROM yard_trailers");
    }

    #[test]
    fn functions_outside_the_allow_list_are_named() {
        let found = refused_functions("SELECT pg_sleep(10), COUNT(*), pg_catalog.count(1), date_trunc('day', x) FROM t").unwrap();
        assert_eq!(found, ["pg_catalog.count", "pg_sleep"]);
        assert!(refused_functions("SELECT sum(units) FROM outbound_orders WHERE lower(status) = 'open'").unwrap().is_empty());
    }
}
