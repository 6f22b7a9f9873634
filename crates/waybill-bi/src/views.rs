//! A cube as the SQL of its view: its dimensions and measure columns over its table and
//! joins, limited to the facilities of the caller's grants.

use crate::cube::{Cube, DimensionType};
use crate::load::is_identifier;

/// `text` as an SQL string literal.
pub(crate) fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// A bare column is this cube's: `status` reads `outbound_orders.status`, never a joined
/// table's column of the same name.
fn qualified(cube: &Cube, expression: &str) -> String {
    if is_identifier(expression) { format!("{}.{expression}", cube.name) } else { expression.to_owned() }
}

/// The view's SQL over the base tables, each named as `tables` says of its cube (this
/// one's and its joins'); `facilities` limits facility data (none granted: no rows).
pub fn view_sql(cube: &Cube, tables: &dyn Fn(&str) -> Option<String>, facilities: &[String]) -> Option<String> {
    let mut columns: Vec<String> = cube
        .dimensions
        .iter()
        .map(|d| {
            let expression = qualified(cube, d.expression());
            match d.kind {
                DimensionType::Time => format!("CAST({expression} AS TIMESTAMP) AS {}", d.name),
                _ => format!("{expression} AS {}", d.name),
            }
        })
        .collect();
    columns.extend(cube.measures.iter().map(|m| format!("{} AS {}", qualified(cube, &m.sql), m.name)));
    let mut sql = format!("SELECT {} FROM {} AS {}", columns.join(", "), tables(&cube.name)?, cube.name);
    for join in &cube.joins {
        sql.push_str(&format!(" LEFT JOIN {} AS {} ON {}", tables(&join.cube)?, join.cube, join.on));
    }
    if let Some(column) = &cube.facility_column {
        let granted = if facilities.is_empty() { "NULL".to_owned() } else { facilities.iter().map(|f| literal(f)).collect::<Vec<_>>().join(", ") };
        sql.push_str(&format!(" WHERE {column} IN ({granted})"));
    }
    Some(sql)
}
