//! Paging and the filtered list queries behind every list operation.

use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqlitePool, SqliteRow};
use sqlx::{FromRow, Sqlite};
use utoipa::IntoParams;

use super::error::{ApiError, ApiResult};

/// The largest page a list answers.
pub(crate) const MAX_PAGE_SIZE: u32 = 200;
const DEFAULT_PAGE_SIZE: u32 = 50;

/// Which page of a list to answer.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(crate) struct Paging {
    /// The page to answer, from 1.
    #[param(minimum = 1, default = 1)]
    pub page: Option<u32>,
    /// Rows per page, 1 to 200.
    #[param(minimum = 1, maximum = 200, default = 50)]
    pub page_size: Option<u32>,
}

impl Paging {
    fn resolve(&self) -> ApiResult<(u32, u32)> {
        let page = self.page.unwrap_or(1);
        let size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if page == 0 {
            return Err(ApiError::BadRequest { code: "invalid_query", message: "page starts at 1".into() });
        }
        if !(1..=MAX_PAGE_SIZE).contains(&size) {
            return Err(ApiError::BadRequest { code: "invalid_query", message: format!("pageSize must be between 1 and {MAX_PAGE_SIZE}") });
        }
        Ok((page, size))
    }
}

/// One page of a list.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Page<T> {
    pub data: Vec<T>,
    pub total_count: i64,
    pub page: u32,
    pub page_size: u32,
}

/// A bound value of a filter.
#[derive(Debug, Clone)]
pub(crate) enum Arg {
    Text(String),
    Int(i64),
}

impl From<&str> for Arg {
    fn from(value: &str) -> Self {
        Arg::Text(value.to_owned())
    }
}

impl From<String> for Arg {
    fn from(value: String) -> Self {
        Arg::Text(value)
    }
}

impl From<i64> for Arg {
    fn from(value: i64) -> Self {
        Arg::Int(value)
    }
}

/// `AND`-ed conditions with their bound values.
#[derive(Debug, Default)]
pub(crate) struct Filter {
    sql: String,
    args: Vec<Arg>,
}

impl Filter {
    pub fn new() -> Self {
        Filter::default()
    }

    /// `column = value` when a value is given.
    pub fn eq<V: Into<Arg>>(self, column: &'static str, value: Option<V>) -> Self {
        match value {
            Some(value) => self.cond(&format!("{column} = ?"), [value.into()]),
            None => self,
        }
    }

    /// `column >= value` when a value is given.
    pub fn at_least<V: Into<Arg>>(self, column: &'static str, value: Option<V>) -> Self {
        match value {
            Some(value) => self.cond(&format!("{column} >= ?"), [value.into()]),
            None => self,
        }
    }

    /// `column < value` when a value is given.
    pub fn below<V: Into<Arg>>(self, column: &'static str, value: Option<V>) -> Self {
        match value {
            Some(value) => self.cond(&format!("{column} < ?"), [value.into()]),
            None => self,
        }
    }

    /// `column <= value` when a value is given.
    pub fn at_most<V: Into<Arg>>(self, column: &'static str, value: Option<V>) -> Self {
        match value {
            Some(value) => self.cond(&format!("{column} <= ?"), [value.into()]),
            None => self,
        }
    }

    /// Any of `columns` contains `text`, ignoring ASCII case.
    pub fn contains(self, columns: &[&'static str], text: Option<&str>) -> Self {
        let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return self };
        let pattern = contains_pattern(text);
        let clause: Vec<String> = columns.iter().map(|c| format!("{c} LIKE ? ESCAPE '\\'")).collect();
        let args: Vec<Arg> = columns.iter().map(|_| Arg::Text(pattern.clone())).collect();
        self.cond(&format!("({})", clause.join(" OR ")), args)
    }

    /// A condition with `?` placeholders for `args`.
    pub fn cond(mut self, clause: &str, args: impl IntoIterator<Item = Arg>) -> Self {
        self.sql.push_str(" AND ");
        self.sql.push_str(clause);
        self.args.extend(args);
        self
    }

    fn bind<'q, O>(
        &self,
        mut query: sqlx::query::QueryAs<'q, Sqlite, O, sqlx::sqlite::SqliteArguments>,
    ) -> sqlx::query::QueryAs<'q, Sqlite, O, sqlx::sqlite::SqliteArguments> {
        for arg in &self.args {
            query = match arg {
                Arg::Text(v) => query.bind(v.clone()),
                Arg::Int(v) => query.bind(*v),
            };
        }
        query
    }
}

/// One page of `SELECT {columns} FROM {from} WHERE {filter} ORDER BY {order}`, with the
/// count of all matching rows.
pub(crate) async fn list<T>(pool: &SqlitePool, columns: &str, from: &str, filter: &Filter, order: &str, paging: &Paging) -> ApiResult<Page<T>>
where
    T: for<'r> FromRow<'r, SqliteRow> + Send + Unpin,
{
    let (page, page_size) = paging.resolve()?;
    let count_sql = format!("SELECT count(*) FROM {from} WHERE 1 = 1{}", filter.sql);
    let (total_count,): (i64,) = filter.bind(sqlx::query_as(sqlx::AssertSqlSafe(count_sql))).fetch_one(pool).await?;
    let sql = format!("SELECT {columns} FROM {from} WHERE 1 = 1{} ORDER BY {order} LIMIT ? OFFSET ?", filter.sql);
    let data = filter
        .bind(sqlx::query_as(sqlx::AssertSqlSafe(sql)))
        .bind(i64::from(page_size))
        .bind(i64::from(page - 1) * i64::from(page_size))
        .fetch_all(pool)
        .await?;
    Ok(Page { data, total_count, page, page_size })
}

/// The one row of `SELECT {columns} FROM {from} WHERE {filter}`, or 404 naming `what`.
pub(crate) async fn one<'c, T, E>(executor: E, columns: &str, from: &str, filter: &Filter, what: impl FnOnce() -> String) -> ApiResult<T>
where
    T: for<'r> FromRow<'r, SqliteRow> + Send + Unpin,
    E: sqlx::Executor<'c, Database = Sqlite>,
{
    let sql = format!("SELECT {columns} FROM {from} WHERE 1 = 1{} LIMIT 1", filter.sql);
    let row: Option<T> = filter.bind(sqlx::query_as(sqlx::AssertSqlSafe(sql))).fetch_optional(executor).await?;
    row.ok_or_else(|| ApiError::not_found(what()))
}

/// Every row of `SELECT {columns} FROM {from} WHERE {filter} ORDER BY {order}`; for short
/// lists inside a record, such as an order's lines.
pub(crate) async fn all<'c, T, E>(executor: E, columns: &str, from: &str, filter: &Filter, order: &str) -> ApiResult<Vec<T>>
where
    T: for<'r> FromRow<'r, SqliteRow> + Send + Unpin,
    E: sqlx::Executor<'c, Database = Sqlite>,
{
    let sql = format!("SELECT {columns} FROM {from} WHERE 1 = 1{} ORDER BY {order}", filter.sql);
    Ok(filter.bind(sqlx::query_as(sqlx::AssertSqlSafe(sql))).fetch_all(executor).await?)
}

/// `text` as a LIKE pattern (with `ESCAPE '\'`) that finds it anywhere, its wildcards
/// taken literally.
pub(crate) fn contains_pattern(text: &str) -> String {
    format!("%{}%", text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}
