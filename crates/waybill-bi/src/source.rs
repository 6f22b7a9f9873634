//! The operational data as Arrow tables: each table of an SQLite database read whole
//! into memory (the engine's snapshot), its columns typed from the table's declared types.

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, Float64Builder, Int64Builder, RecordBatch, StringBuilder};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use futures::TryStreamExt;
use sqlx::sqlite::SqlitePool;
use sqlx::{Row, ValueRef};

/// Rows per Arrow batch.
const BATCH_ROWS: usize = 65_536;

/// One table, read.
pub struct Table {
    pub schema: SchemaRef,
    pub batches: Vec<RecordBatch>,
}

enum Column {
    Text(StringBuilder),
    Integer(Int64Builder),
    Real(Float64Builder),
}

impl Column {
    fn of(declared: &str) -> (Column, DataType) {
        match declared.to_ascii_uppercase().as_str() {
            "INTEGER" | "INT" | "BIGINT" => (Column::Integer(Int64Builder::new()), DataType::Int64),
            "REAL" | "DOUBLE" | "FLOAT" | "NUMERIC" => (Column::Real(Float64Builder::new()), DataType::Float64),
            _ => (Column::Text(StringBuilder::new()), DataType::Utf8),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Column::Text(b) => Arc::new(b.finish()),
            Column::Integer(b) => Arc::new(b.finish()),
            Column::Real(b) => Arc::new(b.finish()),
        }
    }
}

/// Reads `table` of `pool` whole: one of the operational tables, the only ones the cube
/// files may name (any other is refused here as well).
pub async fn read_table(pool: &SqlitePool, table: &str) -> Result<Table, sqlx::Error> {
    if !crate::load::is_operational_table(table) {
        return Err(sqlx::Error::Protocol(format!("{table} is not an operational table")));
    }
    let info: Vec<(String, String)> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT name, type FROM pragma_table_info('{table}') ORDER BY cid"))).fetch_all(pool).await?;
    if info.is_empty() {
        return Err(sqlx::Error::Protocol(format!("the operational data has no table {table}")));
    }
    let (mut columns, fields): (Vec<Column>, Vec<Field>) = info
        .iter()
        .map(|(name, declared)| {
            let (column, kind) = Column::of(declared);
            (column, Field::new(name, kind, true))
        })
        .unzip();
    let schema: SchemaRef = Arc::new(Schema::new(fields));
    let mut batches = Vec::new();
    let mut rows = 0;
    let mut stream = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT * FROM {table}"))).fetch(pool);
    while let Some(row) = stream.try_next().await? {
        for (i, column) in columns.iter_mut().enumerate() {
            let null = row.try_get_raw(i)?.is_null();
            match column {
                Column::Text(b) => b.append_option(if null { None } else { Some(row.try_get::<String, _>(i)?) }),
                Column::Integer(b) => b.append_option(if null { None } else { Some(row.try_get::<i64, _>(i)?) }),
                Column::Real(b) => b.append_option(if null { None } else { Some(row.try_get::<f64, _>(i)?) }),
            }
        }
        rows += 1;
        if rows == BATCH_ROWS {
            batches.push(finish(&schema, &mut columns)?);
            rows = 0;
        }
    }
    if rows > 0 || batches.is_empty() {
        batches.push(finish(&schema, &mut columns)?);
    }
    Ok(Table { schema, batches })
}

fn finish(schema: &SchemaRef, columns: &mut [Column]) -> Result<RecordBatch, sqlx::Error> {
    RecordBatch::try_new(schema.clone(), columns.iter_mut().map(Column::finish).collect()).map_err(|e| sqlx::Error::Protocol(e.to_string()))
}
