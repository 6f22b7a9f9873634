//! Business intelligence for Waybill: a semantic layer of **cubes** over the operational
//! data — each a YAML file naming its base table, its measures (with how they aggregate
//! and read), its dimensions (with type and meaning), its time dimension, its joins to
//! other cubes and which of its fields are enums — that the assistant explores before it
//! queries, so a question about "outbound volume by customer" becomes a read-only query
//! over `outbound_orders` rather than guesswork over raw tables.
//!
//! [`Catalogue::load`] reads and checks a set of cube files: names are identifiers and
//! unique, every expression is a plain column expression (no statements, comments or
//! subqueries), descriptions are plain text, joins name known cubes and form no cycle,
//! enum fields are strings and the time dimension is a time. A bad file is refused
//! whole, with the file and field named. [`Catalogue::demo`] is the shipped set over the
//! demo facility.

mod cube;
pub mod dashboard;
mod engine;
mod export;
mod family;
mod load;
mod offline;
mod postgres;
mod routes;
mod source;
mod tenant;
mod tools;
mod views;
mod warehouse;

pub use cube::{Aggregation, Cube, Dimension, DimensionType, Format, Join, Measure, Relationship};
pub use engine::{ALLOWED_FUNCTIONS, DataFusionEngine, Limits, QueryEngine, QueryError, QueryResult, RowScope};
pub use export::{DownloadInput, DownloadResult, DownloadTool, ExportFormat, FileNameInput, FileNameResult, FileNameTool, csv, file_name, xlsx};
pub use family::{Bi, BiConfig, EngineKind};
pub use load::{Catalogue, CubeError, OPERATIONAL_TABLES, is_operational_table, read_cube};
pub use postgres::PostgresEngine;
pub use routes::BiService;
pub use tenant::{CubeFileError, CubeFileInfo, CubeFileList, CubeFileText, CubeSaved, CubeUpload};
pub use tools::*;
pub use views::view_sql;
pub use warehouse::Warehouse;
