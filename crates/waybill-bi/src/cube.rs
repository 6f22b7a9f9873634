//! What a cube file says.

use serde::Deserialize;

/// One cube: a base table of the operational data with its measures and dimensions.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cube {
    /// An identifier, what queries name it by: `outbound_orders`.
    pub name: String,
    /// For people: "Outbound orders".
    pub title: String,
    /// What it holds and which questions it answers; the model reads this first.
    pub description: String,
    /// The table of the operational data it reads.
    pub table: String,
    /// The column holding the facility (`cube.column`, this cube's or a joined one's), by
    /// which every query is limited to the caller's granted facilities; none for data
    /// shared by all facilities (customers, carriers).
    #[serde(default)]
    pub facility_column: Option<String>,
    /// The dimension dates and periods apply to by default.
    #[serde(default)]
    pub time_dimension: Option<String>,
    #[serde(default)]
    pub measures: Vec<Measure>,
    #[serde(default)]
    pub dimensions: Vec<Dimension>,
    #[serde(default)]
    pub joins: Vec<Join>,
}

/// A number to aggregate.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measure {
    pub name: String,
    pub title: String,
    #[serde(default)]
    pub description: String,
    pub aggregation: Aggregation,
    /// The expression per row, over the cube's table (and its joins' as `cube.column`).
    pub sql: String,
    #[serde(default)]
    pub format: Format,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Aggregation {
    Count,
    CountDistinct,
    Sum,
    Avg,
    Min,
    Max,
}

impl Aggregation {
    /// How a query aggregates the measure: `SUM(units)`.
    pub fn applied_to(self, column: &str) -> String {
        match self {
            Aggregation::Count => format!("COUNT({column})"),
            Aggregation::CountDistinct => format!("COUNT(DISTINCT {column})"),
            Aggregation::Sum => format!("SUM({column})"),
            Aggregation::Avg => format!("AVG({column})"),
            Aggregation::Min => format!("MIN({column})"),
            Aggregation::Max => format!("MAX({column})"),
        }
    }
}

/// How a measure's value reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    #[default]
    Number,
    Integer,
    Percent,
    Currency,
    Hours,
    Days,
}

/// Something to group and filter by.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dimension {
    pub name: String,
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(rename = "type")]
    pub kind: DimensionType,
    /// The expression per row; the column of the same name when left out.
    #[serde(default)]
    pub sql: Option<String>,
    /// A field with few values worth listing (a status, a mode).
    #[serde(default, rename = "enum")]
    pub is_enum: bool,
}

impl Dimension {
    pub fn expression(&self) -> &str {
        self.sql.as_deref().unwrap_or(&self.name)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DimensionType {
    String,
    Number,
    Time,
    Boolean,
}

/// Another cube this one reaches: its dimensions become this cube's as `cube.dimension`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    pub cube: String,
    pub relationship: Relationship,
    /// The join condition over both tables, named by their cubes: `outbound_orders.customer_id = customers.id`.
    pub on: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Relationship {
    ManyToOne,
    OneToOne,
}
