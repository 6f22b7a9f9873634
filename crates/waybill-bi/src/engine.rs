//! Running a query over the cubes: one trait ([`QueryEngine`]) so a warehouse engine can
//! be added later, and the embedded one ([`DataFusionEngine`]) over a snapshot of the
//! operational data held as Arrow tables.
//!
//! Every query is checked before it runs and limited while it runs:
//! - one `SELECT` (DDL, DML and other statements are refused by the planner's options);
//! - it may name only cubes: each cube is a view, built per query, that limits facility
//!   data to the caller's granted facilities, and the base tables are not in the query's
//!   catalogue at all, nor is `information_schema` — the engine enforces who sees what,
//!   not the model;
//! - it may call only the allowed functions;
//! - at most [`Limits::max_rows`] rows come back (the answer says when there were more),
//!   within [`Limits::timeout`] and a memory budget.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use datafusion::arrow::array::{Array, ArrayRef, RecordBatch};
use datafusion::arrow::compute::cast;
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef, TimeUnit};
use datafusion::arrow::util::display::{ArrayFormatter, FormatOptions};
use datafusion::common::tree_node::{TreeNode, TreeNodeRecursion};
use datafusion::datasource::{MemTable, ViewTable};
use datafusion::execution::runtime_env::{RuntimeEnv, RuntimeEnvBuilder};
use datafusion::logical_expr::{Expr, LogicalPlan};
use datafusion::prelude::{SQLOptions, SessionConfig, SessionContext};
use datafusion::sql::sqlparser::ast::{Query, SetExpr, Statement, TableFactor, Visit, Visitor, visit_relations};
use datafusion::sql::sqlparser::dialect::GenericDialect;
use datafusion::sql::sqlparser::parser::Parser;
use futures::future::BoxFuture;
use serde_json::Value;
use sqlx::sqlite::SqlitePool;

use crate::load::{Catalogue, OPERATIONAL_TABLES, is_operational_table};
use crate::source::read_table;
use crate::views::view_sql;

/// Functions a query may call: aggregates, window ranking, dates, numbers and text.
pub const ALLOWED_FUNCTIONS: [&str; 38] = [
    "count",
    "sum",
    "avg",
    "mean",
    "min",
    "max",
    "median",
    "stddev",
    "var",
    "approx_distinct",
    "approx_percentile_cont",
    "row_number",
    "rank",
    "dense_rank",
    "lag",
    "lead",
    "date_trunc",
    "date_part",
    "date_bin",
    "to_timestamp",
    "to_date",
    "to_char",
    "now",
    "current_date",
    "coalesce",
    "nullif",
    "round",
    "floor",
    "ceil",
    "abs",
    "lower",
    "upper",
    "trim",
    "concat",
    "substr",
    "length",
    "greatest",
    "least",
];

/// What a query may use.
#[derive(Debug, Clone)]
pub struct Limits {
    pub max_rows: usize,
    pub timeout: Duration,
    /// Bytes of memory the engine may hold for one query's operators.
    pub memory: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_rows: 10_000, timeout: Duration::from_secs(20), memory: 512 * 1024 * 1024 }
    }
}

/// Whose rows a query sees: the caller's granted facilities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowScope {
    pub facilities: Vec<String>,
}

/// A query's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryResult {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
    /// The query as it ran: the cubes' views, then the query.
    pub sql: String,
    /// True when more rows existed than came back.
    pub truncated: bool,
    /// When the data was read from the operational database.
    pub data_as_of: jiff::Timestamp,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum QueryError {
    /// Not a read-only query over the cubes.
    #[error("{0}")]
    Refused(String),
    /// A cube or field that does not exist.
    #[error("{0}")]
    Unknown(String),
    #[error("The query ran longer than {0} seconds and was stopped: narrow it with filters, a shorter period or fewer groups")]
    Timeout(u64),
    #[error("The query failed: {0}")]
    Failed(String),
}

/// Runs read-only queries over the cubes for one caller's rows.
pub trait QueryEngine: Send + Sync {
    fn run<'a>(&'a self, sql: &'a str, scope: &'a RowScope) -> BoxFuture<'a, Result<QueryResult, QueryError>>;
}

/// The embedded engine: DataFusion over the cubes' tables read into memory.
pub struct DataFusionEngine {
    catalogue: Arc<Catalogue>,
    /// The base tables, by their own names; never reachable from a query.
    base: SessionContext,
    runtime: Arc<RuntimeEnv>,
    limits: Limits,
    data_as_of: jiff::Timestamp,
}

fn config() -> SessionConfig {
    SessionConfig::new().with_information_schema(false).with_target_partitions(2)
}

/// Up to three cube names near `name`, nearest first: one holding it ("orders" →
/// outbound_orders) or a few edits away.
fn near(name: &str, candidates: impl Iterator<Item = String>) -> Vec<String> {
    let mut scored: Vec<(usize, String)> = candidates
        .map(|c| (if c.contains(name) || name.contains(c.as_str()) { 0 } else { distance(name, &c) }, c))
        .filter(|(d, c)| *d <= c.len().max(name.len()) / 3 + 1)
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

/// Edit distance between two short names.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let keep = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(row[j + 1] + 1);
            prev = keep;
        }
    }
    row[b.len()]
}

/// The one statement of `sql`, a query, and the relations it names that are not its own
/// common table expressions.
fn parse(sql: &str) -> Result<BTreeSet<String>, QueryError> {
    let statements = Parser::parse_sql(&GenericDialect {}, sql).map_err(|e| QueryError::Refused(format!("The query does not parse: {e}")))?;
    let [statement] = statements.as_slice() else {
        return Err(QueryError::Refused(format!("Send exactly one SELECT statement, not {}", statements.len())));
    };
    let Statement::Query(query) = statement else {
        return Err(QueryError::Refused("Only SELECT queries over the cubes are allowed".into()));
    };
    plain_reads(statement)?;
    let own: BTreeSet<String> = query.with.iter().flat_map(|w| w.cte_tables.iter().map(|c| c.alias.name.value.to_lowercase())).collect();
    let mut named = BTreeSet::new();
    let _ = visit_relations(statement, |relation| {
        let name = relation.to_string().to_lowercase();
        if !own.contains(&name) {
            named.insert(name);
        }
        std::ops::ControlFlow::<()>::Continue(())
    });
    Ok(named)
}

/// Refuses what reads data but is no named relation: the `TABLE name` command (the same
/// as `SELECT * FROM name`, yet no relation to the parser's visitor) and anything in a
/// `FROM` but a named table, a subquery or a join of them (table functions, `UNNEST`,
/// `LATERAL` calls, `JSON_TABLE`…). Applied to the query as sent, and on PostgreSQL again
/// to the whole statement that runs.
pub(crate) fn plain_reads(statement: &Statement) -> Result<(), QueryError> {
    struct Plain(Option<String>);
    fn table_command(body: &SetExpr) -> bool {
        match body {
            SetExpr::Table(_) => true,
            SetExpr::SetOperation { left, right, .. } => table_command(left) || table_command(right),
            _ => false,
        }
    }
    impl Visitor for Plain {
        type Break = ();
        fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
            if table_command(&query.body) {
                self.0 = Some("The TABLE command is not allowed: select from the cubes by name".into());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        }
        fn pre_visit_table_factor(&mut self, factor: &TableFactor) -> ControlFlow<()> {
            match factor {
                TableFactor::Table { args: None, .. } | TableFactor::Derived { .. } | TableFactor::NestedJoin { .. } => ControlFlow::Continue(()),
                other => {
                    self.0 = Some(format!("Only cubes may be read, not {other}"));
                    ControlFlow::Break(())
                }
            }
        }
    }
    let mut plain = Plain(None);
    let _ = statement.visit(&mut plain);
    match plain.0 {
        Some(why) => Err(QueryError::Refused(why)),
        None => Ok(()),
    }
}

/// The cubes one read-only query names (its own common table expressions aside); a name
/// that is no cube is refused with the cubes it may have meant.
pub(crate) fn cubes_named(sql: &str, catalogue: &Catalogue) -> Result<BTreeSet<String>, QueryError> {
    let named = parse(sql)?;
    if let Some(name) = named.iter().find(|n| catalogue.get(n).is_none()) {
        let close = near(name, catalogue.cubes().map(|c| c.name.clone()));
        let hint = if close.is_empty() { String::new() } else { format!(" Did you mean {}?", close.join(", ")) };
        let all: Vec<&str> = catalogue.cubes().map(|c| c.name.as_str()).collect();
        return Err(QueryError::Unknown(format!("There is no cube named {name}.{hint} The cubes are: {}.", all.join(", "))));
    }
    Ok(named)
}

/// The view of each cube in `named` over the base tables, limited to `scope`'s facilities;
/// the tables named as `schema.table` when a schema is given. A table that is not one of
/// the operational tables is refused here too, whatever the catalogue let through.
pub(crate) fn cube_views<'a>(
    catalogue: &Catalogue,
    named: &'a BTreeSet<String>,
    scope: &RowScope,
    schema: Option<&str>,
) -> Result<Vec<(&'a String, String)>, QueryError> {
    let table_of = |cube: &str| -> Option<String> {
        let table = &catalogue.get(cube)?.table;
        Some(match schema {
            Some(schema) => format!("{schema}.{table}"),
            None => table.clone(),
        })
    };
    named
        .iter()
        .map(|name| {
            let cube = catalogue.get(name).ok_or_else(|| QueryError::Unknown(format!("There is no cube named {name}")))?;
            let mut read = std::iter::once(cube.table.as_str()).chain(cube.joins.iter().filter_map(|j| catalogue.get(&j.cube)).map(|c| c.table.as_str()));
            if let Some(table) = read.find(|t| !is_operational_table(t)) {
                return Err(QueryError::Refused(format!("The cube {name} reads {table}, which is not an operational table")));
            }
            let view = view_sql(cube, &table_of, &scope.facilities).ok_or_else(|| QueryError::Failed(format!("{name} joins a cube that is gone")))?;
            Ok((name, view))
        })
        .collect()
}

/// The refusal of a query calling `refused`.
pub(crate) fn functions_refused(refused: &[String]) -> QueryError {
    QueryError::Refused(format!("The query calls {}, which is not allowed; the allowed functions are {}", refused.join(", "), ALLOWED_FUNCTIONS.join(", ")))
}

/// The functions `plan` calls that are not allowed.
fn disallowed_functions(plan: &LogicalPlan) -> Vec<String> {
    let mut found = BTreeSet::new();
    let _ = plan.apply_with_subqueries(|node| {
        node.apply_expressions(|expr| {
            expr.apply(|e| {
                let name = match e {
                    Expr::ScalarFunction(f) => Some(f.name().to_owned()),
                    Expr::AggregateFunction(f) => Some(f.func.name().to_owned()),
                    Expr::WindowFunction(w) => Some(w.fun.name().to_owned()),
                    _ => None,
                };
                if let Some(name) = name.map(|n| n.to_lowercase())
                    && !ALLOWED_FUNCTIONS.contains(&name.as_str())
                {
                    found.insert(name);
                }
                Ok(TreeNodeRecursion::Continue)
            })
        })
    });
    found.into_iter().collect()
}

/// A cell as JSON: numbers as numbers, the rest as the engine writes them.
fn cell(column: &dyn Array, formatter: &ArrayFormatter, row: usize) -> Value {
    if column.is_null(row) {
        return Value::Null;
    }
    let text = formatter.value(row).to_string();
    match column.data_type() {
        DataType::Int8 | DataType::Int16 | DataType::Int32 | DataType::Int64 | DataType::UInt8 | DataType::UInt16 | DataType::UInt32 | DataType::UInt64 => {
            text.parse::<i64>().map(Value::from).unwrap_or(Value::String(text))
        }
        DataType::Float16 | DataType::Float32 | DataType::Float64 | DataType::Decimal128(..) | DataType::Decimal256(..) => {
            text.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map_or(Value::String(text), Value::Number)
        }
        DataType::Boolean => Value::Bool(text == "true"),
        _ => Value::String(text),
    }
}

fn rows_of(batches: &[RecordBatch], max: usize) -> Result<Vec<Vec<Value>>, QueryError> {
    let options = FormatOptions::default().with_null("");
    let mut rows = Vec::new();
    for batch in batches {
        let formatters: Vec<ArrayFormatter> = batch
            .columns()
            .iter()
            .map(|c| ArrayFormatter::try_new(c.as_ref(), &options))
            .collect::<Result<_, _>>()
            .map_err(|e| QueryError::Failed(e.to_string()))?;
        for row in 0..batch.num_rows() {
            if rows.len() == max {
                return Ok(rows);
            }
            rows.push(batch.columns().iter().zip(&formatters).map(|(c, f)| cell(c.as_ref(), f, row)).collect());
        }
    }
    Ok(rows)
}

/// The columns of `table` the cubes read as times: parsed once when the snapshot is
/// read rather than on every query.
fn time_columns(catalogue: &Catalogue, table: &str) -> BTreeSet<String> {
    let mut columns = BTreeSet::new();
    for cube in catalogue.cubes() {
        for d in cube.dimensions.iter().filter(|d| d.kind == crate::cube::DimensionType::Time) {
            let expression = d.expression();
            let (owner, column) = expression.split_once('.').unwrap_or((cube.name.as_str(), expression));
            let owner_table = catalogue.get(owner).map(|c| c.table.as_str());
            if owner_table == Some(table) && crate::load::is_identifier(column) {
                columns.insert(column.to_owned());
            }
        }
    }
    columns
}

/// The batches with the text columns in `times` as timestamps; a column whose text does
/// not parse stays text (the views cast it per query then).
fn with_timestamps(schema: SchemaRef, batches: Vec<RecordBatch>, times: &BTreeSet<String>) -> (SchemaRef, Vec<RecordBatch>) {
    let target = DataType::Timestamp(TimeUnit::Microsecond, None);
    let convert: Vec<bool> = schema.fields().iter().map(|f| times.contains(f.name()) && f.data_type() == &DataType::Utf8).collect();
    if !convert.iter().any(|c| *c) {
        return (schema, batches);
    }
    let mut converted = Vec::with_capacity(batches.len());
    for batch in &batches {
        let columns: Result<Vec<ArrayRef>, _> =
            batch.columns().iter().zip(&convert).map(|(c, yes)| if *yes { cast(c, &target) } else { Ok(c.clone()) }).collect();
        match columns {
            Ok(columns) => converted.push(columns),
            Err(_) => return (schema, batches),
        }
    }
    let fields: Vec<Field> =
        schema.fields().iter().zip(&convert).map(|(f, yes)| if *yes { Field::new(f.name(), target.clone(), true) } else { f.as_ref().clone() }).collect();
    let typed: SchemaRef = Arc::new(Schema::new(fields));
    match converted.into_iter().map(|columns| RecordBatch::try_new(typed.clone(), columns)).collect::<Result<Vec<_>, _>>() {
        Ok(retyped) => (typed, retyped),
        Err(_) => (schema, batches),
    }
}

impl DataFusionEngine {
    /// Reads every table the cubes use from `pool` into memory.
    pub async fn load(pool: &SqlitePool, catalogue: Arc<Catalogue>, limits: Limits) -> Result<Self, QueryError> {
        let runtime = RuntimeEnvBuilder::new().with_memory_limit(limits.memory, 1.0).build_arc().map_err(|e| QueryError::Failed(e.to_string()))?;
        let base = SessionContext::new_with_config_rt(config(), runtime.clone());
        let tables: BTreeSet<&str> = catalogue.cubes().map(|c| c.table.as_str()).collect();
        if let Some(table) = tables.iter().find(|t| !is_operational_table(t)) {
            return Err(QueryError::Refused(format!("{table} is not an operational table; cubes read only {}", OPERATIONAL_TABLES.join(", "))));
        }
        let data_as_of = jiff::Timestamp::now();
        for table in tables {
            let read = read_table(pool, table).await.map_err(|e| QueryError::Failed(format!("reading {table}: {e}")))?;
            let (schema, batches) = with_timestamps(read.schema, read.batches, &time_columns(&catalogue, table));
            let provider = MemTable::try_new(schema, vec![batches]).map_err(|e| QueryError::Failed(e.to_string()))?;
            base.register_table(table, Arc::new(provider)).map_err(|e| QueryError::Failed(e.to_string()))?;
        }
        Ok(DataFusionEngine { catalogue, base, runtime, limits, data_as_of })
    }

    /// When the data was read.
    pub fn data_as_of(&self) -> jiff::Timestamp {
        self.data_as_of
    }

    /// A planner's complaint in the user's terms: an unknown field named with the fields
    /// it may have meant.
    fn planning_error(&self, text: &str, named: &BTreeSet<String>) -> QueryError {
        let Some(rest) = text.split("No field named ").nth(1) else {
            return if text.contains("not found") { QueryError::Unknown(text.to_owned()) } else { QueryError::Refused(text.to_owned()) };
        };
        let field: String = rest.chars().take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '"')).collect();
        let field = field.trim_matches('"').trim_end_matches('.').rsplit('.').next().unwrap_or_default().trim_matches('"').to_owned();
        let fields: Vec<String> = named
            .iter()
            .filter_map(|n| self.catalogue.get(n))
            .flat_map(|c| c.dimensions.iter().map(|d| d.name.clone()).chain(c.measures.iter().map(|m| m.name.clone())))
            .collect();
        let close = near(&field, fields.iter().cloned());
        let hint = if close.is_empty() { String::new() } else { format!(" Did you mean {}?", close.join(", ")) };
        let cubes: Vec<&str> = named.iter().map(String::as_str).collect();
        QueryError::Unknown(format!("There is no field named {field} in {}.{hint} Its fields are: {}.", cubes.join(", "), fields.join(", ")))
    }

    async fn execute(&self, sql: &str, scope: &RowScope) -> Result<QueryResult, QueryError> {
        let named = cubes_named(sql, &self.catalogue)?;
        // Each cube the query names is a view over the base tables, limited to the
        // granted facilities; nothing else is in the query's catalogue.
        let public = SessionContext::new_with_config_rt(config(), self.runtime.clone());
        let mut definitions = Vec::new();
        for (name, view) in cube_views(&self.catalogue, &named, scope, None)? {
            let plan = self.base.sql(&view).await.map_err(|e| QueryError::Failed(format!("the cube {name} does not plan: {e}")))?.into_unoptimized_plan();
            public.register_table(name.as_str(), Arc::new(ViewTable::new(plan, Some(view.clone())))).map_err(|e| QueryError::Failed(e.to_string()))?;
            definitions.push(format!("{name} AS ({view})"));
        }
        let options = SQLOptions::new().with_allow_ddl(false).with_allow_dml(false).with_allow_statements(false);
        let frame = public.sql_with_options(sql, options).await.map_err(|e| self.planning_error(&e.to_string(), &named))?;
        let refused = disallowed_functions(frame.logical_plan());
        if !refused.is_empty() {
            return Err(functions_refused(&refused));
        }
        let columns: Vec<String> = frame.schema().fields().iter().map(|f| f.name().clone()).collect();
        let limited = frame.limit(0, Some(self.limits.max_rows + 1)).map_err(|e| QueryError::Failed(e.to_string()))?;
        let batches = match tokio::time::timeout(self.limits.timeout, limited.collect()).await {
            Ok(batches) => batches.map_err(|e| QueryError::Failed(e.to_string()))?,
            Err(_) => return Err(QueryError::Timeout(self.limits.timeout.as_secs())),
        };
        let total: usize = batches.iter().map(RecordBatch::num_rows).sum();
        let rows = rows_of(&batches, self.limits.max_rows)?;
        let shown = if definitions.is_empty() { sql.to_owned() } else { format!("WITH {}\n{sql}", definitions.join(",\n")) };
        Ok(QueryResult { columns, rows, sql: shown, truncated: total > self.limits.max_rows, data_as_of: self.data_as_of })
    }
}

impl QueryEngine for DataFusionEngine {
    fn run<'a>(&'a self, sql: &'a str, scope: &'a RowScope) -> BoxFuture<'a, Result<QueryResult, QueryError>> {
        Box::pin(self.execute(sql, scope))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use waybill_demo::{Demo, DemoConfig};

    async fn started(limits: Limits) -> (Demo, DataFusionEngine) {
        let demo = Demo::open_in_memory(DemoConfig::default()).await.unwrap();
        let engine = DataFusionEngine::load(&demo.database(), Arc::new(Catalogue::demo()), limits).await.unwrap();
        (demo, engine)
    }

    fn scope(facilities: &[&str]) -> RowScope {
        RowScope { facilities: facilities.iter().map(|f| (*f).to_owned()).collect() }
    }

    #[tokio::test]
    async fn a_grouped_query_answers_from_the_granted_facilities_only() {
        let (demo, engine) = started(Limits::default()).await;
        let sql = "SELECT customer_name, COUNT(order_id) AS orders, SUM(units) AS units FROM outbound_orders GROUP BY customer_name ORDER BY orders DESC, customer_name";
        let dc = engine.run(sql, &scope(&["dc-ontario"])).await.unwrap();
        assert_eq!(dc.columns, ["customer_name", "orders", "units"]);
        let counted: i64 = dc.rows.iter().map(|r| r[1].as_i64().unwrap()).sum();
        let (direct,): (i64,) = sqlx::query_as("SELECT count(*) FROM orders WHERE facility_id = 'dc-ontario'").fetch_one(&demo.database()).await.unwrap();
        assert_eq!(counted, direct);
        assert!(dc.rows[0][0].is_string() && !dc.truncated);
        assert!(dc.sql.starts_with("WITH outbound_orders AS (") && dc.sql.contains("IN ('dc-ontario')"), "{}", dc.sql);

        let both = engine.run("SELECT COUNT(*) AS n FROM outbound_orders", &scope(&["dc-ontario", "xdock-savannah"])).await.unwrap();
        let (all,): (i64,) =
            sqlx::query_as("SELECT count(*) FROM orders WHERE facility_id IN ('dc-ontario', 'xdock-savannah')").fetch_one(&demo.database()).await.unwrap();
        assert_eq!(both.rows[0][0].as_i64(), Some(all));
        let none = engine.run("SELECT COUNT(*) AS n FROM outbound_orders", &scope(&[])).await.unwrap();
        assert_eq!(none.rows[0][0].as_i64(), Some(0), "no grants, no rows");
        let tricky = engine.run("SELECT COUNT(*) AS n FROM outbound_orders", &scope(&["dc-ontario') OR ('1' = '1"])).await.unwrap();
        assert_eq!(tricky.rows[0][0].as_i64(), Some(0), "a facility id is a value, never SQL");
    }

    #[tokio::test]
    async fn writes_statements_base_tables_and_system_tables_are_refused() {
        let (_demo, engine) = started(Limits::default()).await;
        let dc = scope(&["dc-ontario"]);
        for sql in [
            "DELETE FROM outbound_orders",
            "DROP TABLE outbound_orders",
            "INSERT INTO outbound_orders VALUES (1)",
            "SELECT 1; SELECT 2",
            "CREATE TABLE x AS SELECT 1",
            "SET datafusion.execution.batch_size = 1",
        ] {
            let err = engine.run(sql, &dc).await.unwrap_err();
            assert!(matches!(err, QueryError::Refused(_)), "{sql}: {err:?}");
        }
        let err = engine.run("SELECT * FROM orders", &dc).await.unwrap_err();
        assert!(matches!(&err, QueryError::Unknown(m) if m.starts_with("There is no cube named orders. Did you mean outbound_orders")), "{err:?}");
        for sql in [
            "SELECT * FROM information_schema.tables",
            "SELECT * FROM outbound_orders WHERE order_id IN (SELECT id FROM orders)",
            "SELECT * FROM datafusion.public.orders",
        ] {
            assert!(matches!(engine.run(sql, &dc).await.unwrap_err(), QueryError::Unknown(_)), "{sql}");
        }
        let err = engine.run("SELECT random() AS r FROM outbound_orders", &dc).await.unwrap_err();
        assert!(matches!(&err, QueryError::Refused(m) if m.contains("calls random")), "{err:?}");
        let err = engine.run("SELECT colour FROM outbound_orders", &dc).await.unwrap_err();
        assert!(
            matches!(&err, QueryError::Unknown(m) if m.starts_with("There is no field named colour in outbound_orders. Its fields are: order_id,")),
            "{err:?}"
        );
        let err = engine.run("SELECT custmer_name, SUM(unit) FROM outbound_orders GROUP BY custmer_name", &dc).await.unwrap_err();
        assert!(matches!(&err, QueryError::Unknown(m) if m.contains("no field named custmer_name") && m.contains("Did you mean customer_name")), "{err:?}");
        // A query's own names are its own: a CTE called like a table reaches no table.
        let own = engine.run("WITH orders AS (SELECT 1 AS id) SELECT COUNT(*) AS n FROM orders", &dc).await.unwrap();
        assert_eq!(own.rows[0][0].as_i64(), Some(1));
    }

    #[tokio::test]
    async fn rows_and_time_are_bounded() {
        let (_demo, engine) = started(Limits { max_rows: 5, ..Limits::default() }).await;
        let many = engine.run("SELECT order_id FROM outbound_orders", &scope(&["dc-ontario"])).await.unwrap();
        assert_eq!((many.rows.len(), many.truncated), (5, true));
        let (_demo, slow) = started(Limits { timeout: Duration::from_millis(5), ..Limits::default() }).await;
        let endless = "SELECT COUNT(*) AS n FROM order_lines a CROSS JOIN order_lines b CROSS JOIN order_lines c";
        let err = slow.run(endless, &scope(&["dc-ontario"])).await.unwrap_err();
        assert!(matches!(err, QueryError::Timeout(_)), "{err:?}");
    }

    #[tokio::test]
    async fn time_columns_are_timestamps_in_the_snapshot_and_periods_filter() {
        let catalogue = Catalogue::demo();
        assert!(time_columns(&catalogue, "orders").contains("created_at"));
        assert!(time_columns(&catalogue, "orders").contains("requested_ship_date"));
        assert!(!time_columns(&catalogue, "orders").contains("status"));
        let (_demo, engine) = started(Limits::default()).await;
        let orders = engine.base.table_provider("orders").await.unwrap().schema();
        assert!(matches!(orders.field_with_name("created_at").unwrap().data_type(), DataType::Timestamp(..)), "parsed once, at load");
        assert_eq!(orders.field_with_name("status").unwrap().data_type(), &DataType::Utf8);
        let sql = "SELECT COUNT(order_id) AS n FROM outbound_orders WHERE created_at >= TIMESTAMP '2026-11-09' AND created_at < TIMESTAMP '2026-11-16'";
        let week = engine.run(sql, &scope(&["dc-ontario"])).await.unwrap();
        let all = engine.run("SELECT COUNT(order_id) AS n FROM outbound_orders", &scope(&["dc-ontario"])).await.unwrap();
        let (week, all) = (week.rows[0][0].as_i64().unwrap(), all.rows[0][0].as_i64().unwrap());
        assert!(week > 0 && week < all, "{week} of {all}");
        let days =
            engine.run("SELECT date_trunc('day', created_at) AS day FROM outbound_orders ORDER BY day DESC LIMIT 1", &scope(&["dc-ontario"])).await.unwrap();
        assert!(days.rows[0][0].as_str().unwrap().starts_with("2026-11-"), "{:?}", days.rows);
    }

    #[tokio::test]
    async fn every_shipped_cube_answers() {
        let (_demo, engine) = started(Limits::default()).await;
        for cube in Catalogue::demo().cubes() {
            let out = engine
                .run(&format!("SELECT * FROM {} LIMIT 3", cube.name), &scope(&["dc-ontario", "yard-fontana", "xdock-savannah"]))
                .await
                .unwrap_or_else(|e| panic!("{}: {e}", cube.name));
            assert_eq!(out.columns.len(), cube.dimensions.len() + cube.measures.len(), "{}", cube.name);
            assert!(!out.rows.is_empty(), "{} has rows", cube.name);
        }
    }
}
