//! What the dashboard page shows: each tile's rows, run now with the owner's grants, and
//! with them where every number comes from — the query as written and as it ran, its
//! conditions, the facilities it is limited to and when the data was read.

use datafusion::sql::sqlparser::ast::{BinaryOperator, Expr, SetExpr, Statement};
use datafusion::sql::sqlparser::dialect::GenericDialect;
use datafusion::sql::sqlparser::parser::Parser;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use waybill_tools::ToolError;

use super::{Dashboard, TileKind};
use crate::warehouse::Warehouse;

/// One tile as the page draws it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "bi/")]
pub struct TileData {
    pub title: String,
    pub kind: TileKind,
    /// The category column (line/bar/stackedBar); null: the first column.
    pub x: Option<String>,
    /// The value columns; empty: every numeric column other than x and series.
    pub y: Vec<String>,
    /// stackedBar: the column whose values become the stacks.
    pub series: Option<String>,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
    /// The query as the assistant wrote it.
    pub query: String,
    /// The query as it ran (the cubes' views, then the query).
    pub sql: String,
    /// The WHERE conditions of the query, one per AND-ed condition.
    pub filters: Vec<String>,
    /// The facilities the rows are limited to (the dashboard owner's grants).
    pub facilities: Vec<String>,
    /// When the data was read from the operational database (RFC 3339), null when the tile failed.
    pub data_as_of: Option<String>,
    pub truncated: bool,
    /// Why the tile has no data (its query failed); the other tiles still render.
    pub error: Option<String>,
}

/// The data the dashboard page is served with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "bi/")]
pub struct DashboardPage {
    pub name: String,
    pub rendered_at: String,
    pub tiles: Vec<TileData>,
}

/// The AND-ed conditions of a query's outermost WHERE, as written; none when it does not
/// parse or has none.
pub fn filters_of(sql: &str) -> Vec<String> {
    let Ok(statements) = Parser::parse_sql(&GenericDialect {}, sql) else { return Vec::new() };
    let Some(Statement::Query(query)) = statements.first() else { return Vec::new() };
    let SetExpr::Select(select) = query.body.as_ref() else { return Vec::new() };
    let mut out = Vec::new();
    if let Some(selection) = &select.selection {
        conjuncts(selection, &mut out);
    }
    out
}

fn conjuncts(expr: &Expr, out: &mut Vec<String>) {
    match expr {
        Expr::BinaryOp { left, op: BinaryOperator::And, right } => {
            conjuncts(left, out);
            conjuncts(right, out);
        }
        Expr::Nested(inner) if matches!(inner.as_ref(), Expr::BinaryOp { op: BinaryOperator::And, .. }) => conjuncts(inner, out),
        other => out.push(other.to_string()),
    }
}

impl Warehouse {
    /// The dashboard's page, its tiles run with its owner's grants now; none when the
    /// owner is no longer an active member of the tenant (the link then leads nowhere).
    pub async fn render(&self, dashboard: &Dashboard) -> Result<Option<DashboardPage>, ToolError> {
        let Some(scope) = self.grants(&dashboard.tenant_id, &dashboard.user_id).await? else { return Ok(None) };
        let engine = self.engine().await?;
        let mut tiles = Vec::with_capacity(dashboard.tiles.len());
        for tile in &dashboard.tiles {
            let ran = engine.run(&tile.sql, &scope).await;
            let (columns, rows, sql, data_as_of, truncated, error) = match ran {
                Ok(out) => (out.columns, out.rows, out.sql, Some(out.data_as_of.to_string()), out.truncated, None),
                Err(e) => (Vec::new(), Vec::new(), tile.sql.clone(), None, false, Some(e.to_string())),
            };
            tiles.push(TileData {
                title: tile.title.clone(),
                kind: tile.kind,
                x: tile.x.clone(),
                y: tile.y.clone().unwrap_or_default(),
                series: tile.series.clone(),
                columns,
                rows,
                query: tile.sql.clone(),
                sql,
                filters: filters_of(&tile.sql),
                facilities: scope.facilities.clone(),
                data_as_of,
                truncated,
                error,
            });
        }
        Ok(Some(DashboardPage { name: dashboard.name.clone(), rendered_at: jiff::Timestamp::now().to_string(), tiles }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filters_are_the_outer_where_conditions() {
        let sql = "SELECT carrier_name, AVG(dwell_hours) AS h FROM yard_trailers \
                   WHERE departed_at IS NOT NULL AND (kind = 'reefer' OR kind = 'dry_van') AND arrived_at >= TIMESTAMP '2026-11-01' \
                   GROUP BY carrier_name";
        assert_eq!(filters_of(sql), ["departed_at IS NOT NULL", "(kind = 'reefer' OR kind = 'dry_van')", "arrived_at >= TIMESTAMP '2026-11-01'"]);
        assert!(filters_of("SELECT COUNT(*) FROM outbound_orders").is_empty());
        assert!(filters_of("not sql at all").is_empty());
    }
}
