//! Multi-row inserts: rows are buffered as flat values and written a few hundred rows per
//! statement, which is what makes seeding a million order lines and importing a hundred
//! thousand take seconds rather than minutes.

use sqlx::{Sqlite, SqliteConnection};

/// One column value of a buffered row.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Val {
    Null,
    Int(i64),
    Real(f64),
    Static(&'static str),
    Text(String),
}

impl From<&'static str> for Val {
    fn from(value: &'static str) -> Self {
        Val::Static(value)
    }
}

impl From<String> for Val {
    fn from(value: String) -> Self {
        Val::Text(value)
    }
}

impl From<&String> for Val {
    fn from(value: &String) -> Self {
        Val::Text(value.clone())
    }
}

impl From<i64> for Val {
    fn from(value: i64) -> Self {
        Val::Int(value)
    }
}

impl From<f64> for Val {
    fn from(value: f64) -> Self {
        Val::Real(value)
    }
}

impl From<bool> for Val {
    fn from(value: bool) -> Self {
        Val::Int(i64::from(value))
    }
}

impl<T: Into<Val>> From<Option<T>> for Val {
    fn from(value: Option<T>) -> Self {
        value.map_or(Val::Null, Into::into)
    }
}

/// Rows waiting to be inserted into one table.
pub(crate) struct Table {
    name: &'static str,
    columns: &'static [&'static str],
    values: Vec<Val>,
}

impl Table {
    pub fn new(name: &'static str, columns: &'static [&'static str]) -> Self {
        Table { name, columns, values: Vec::new() }
    }

    /// Buffers one row; `N` must be the number of columns.
    pub fn push<const N: usize>(&mut self, row: [Val; N]) {
        debug_assert_eq!(N, self.columns.len(), "a row of {} has one value per column", self.name);
        self.values.extend(row);
    }

    pub fn len(&self) -> usize {
        self.values.len() / self.columns.len()
    }

    /// Inserts the buffered rows and empties the buffer.
    pub async fn flush(&mut self, conn: &mut SqliteConnection) -> Result<usize, sqlx::Error> {
        let width = self.columns.len();
        let rows = self.len();
        // Well under SQLite's 32,766 bound parameters per statement.
        let per_statement = (16_000 / width).max(1);
        let full_chunk_sql = self.insert_sql(per_statement.min(rows));
        let mut values = std::mem::take(&mut self.values).into_iter();
        let mut remaining = rows;
        while remaining > 0 {
            let count = remaining.min(per_statement);
            let sql = if count == per_statement.min(rows) { full_chunk_sql.clone() } else { self.insert_sql(count) };
            let mut query = sqlx::query::<Sqlite>(sqlx::AssertSqlSafe(sql));
            for value in values.by_ref().take(count * width) {
                query = match value {
                    Val::Null => query.bind(None::<i64>),
                    Val::Int(v) => query.bind(v),
                    Val::Real(v) => query.bind(v),
                    Val::Static(v) => query.bind(v),
                    Val::Text(v) => query.bind(v),
                };
            }
            query.execute(&mut *conn).await?;
            remaining -= count;
        }
        Ok(rows)
    }

    fn insert_sql(&self, rows: usize) -> String {
        let placeholders = format!("({})", vec!["?"; self.columns.len()].join(", "));
        let mut sql = format!("INSERT INTO {} ({}) VALUES ", self.name, self.columns.join(", "));
        for i in 0..rows {
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&placeholders);
        }
        sql
    }
}
