//! Dashboards (spec 001 §2.12): `biDashboardTool` builds one from tiles — a KPI, a line,
//! a bar or stacked-bar chart, or a table, each a cube query —, checks every tile's
//! query, saves the dashboard for its user and answers a capability link to Waybill's
//! dashboard page, which the card opens in the side panel as an iframe artifact. The
//! page runs the tiles' queries with the owner's grants each time it is opened and shows
//! with every number the query, its filters and how fresh the data is.

pub(crate) mod offline;
mod page;
mod store;

use std::sync::Arc;

use futures::future::BoxFuture;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use waybill_tools::lang::{Lang, fill};
use waybill_tools::{Scope, ToolContext, ToolError, TypedTool};

use crate::tools::query_error;
use crate::warehouse::Warehouse;

pub use page::{DashboardPage, TileData, filters_of};
pub use store::{Dashboard, DashboardInfo, DashboardLink, DashboardList, Dashboards, LINK_PREFIX};

/// The name a dashboard gets when the call names none (spec 001 §9).
pub const DEFAULT_NAME: &str = "BI Dashboard";
/// Tiles a dashboard holds at most.
pub const MAX_TILES: usize = 12;

/// What a tile draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "bi/")]
pub enum TileKind {
    /// One number: the first row's value.
    Kpi,
    Line,
    Bar,
    /// Bars over `x` stacked by the values of `series`.
    StackedBar,
    Table,
}

/// One tile: a titled cube query and how to draw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct TileSpec {
    #[schemars(length(min = 1, max = 120))]
    pub title: String,
    pub kind: TileKind,
    /// One read-only SELECT over the cubes, as testQuerySqlTool takes it
    #[schemars(length(min = 1, max = 20000))]
    pub sql: String,
    /// The category column of a chart (default: the first column)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(length(max = 128))]
    pub x: Option<String>,
    /// The value columns (default: every numeric column besides x and series)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(length(max = 8))]
    pub y: Option<Vec<String>>,
    /// A stacked bar's stack column
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(length(max = 128))]
    pub series: Option<String>,
}

/// The dashboard a call describes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct DashboardParams {
    /// The dashboard's name (default 'BI Dashboard')
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schemars(length(max = 120))]
    pub dashboard_name: Option<String>,
    /// The tiles, in reading order (KPIs first)
    #[schemars(length(min = 1, max = 12))]
    pub tiles: Vec<TileSpec>,
}

/// `biDashboardTool`'s input (spec 001 §3: `params[0].dashboard_name`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, TS)]
#[serde(deny_unknown_fields)]
#[ts(export_to = "tools/bi/")]
pub struct DashboardInput {
    /// One entry: the dashboard
    #[schemars(length(min = 1, max = 1))]
    pub params: Vec<DashboardParams>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export_to = "tools/bi/")]
pub struct TileSummary {
    pub title: String,
    pub kind: TileKind,
    pub row_count: u32,
    pub error: Option<String>,
}

/// The side-panel artifact: the dashboard page in a sandboxed frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/bi/")]
pub struct DashboardArtifact {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub props: std::collections::BTreeMap<String, String>,
}

/// `biDashboardTool`'s result (spec 001 §3: `result.dashboard_name`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, TS)]
#[ts(export_to = "tools/bi/")]
pub struct DashboardResult {
    pub success: bool,
    pub dashboard_name: String,
    #[serde(rename = "dashboardId")]
    pub dashboard_id: String,
    /// The dashboard page's capability link, relative to Waybill's address.
    pub url: String,
    pub tiles: Vec<TileSummary>,
    pub artifact: DashboardArtifact,
}

pub struct DashboardTool {
    pub warehouse: Arc<Warehouse>,
    pub dashboards: Dashboards,
}

/// The name a call gives, trimmed; the default when it gives none.
fn name_of(params: &DashboardParams) -> String {
    let name: String = params.dashboard_name.as_deref().map(str::trim).unwrap_or_default().chars().take(120).collect();
    if name.is_empty() { DEFAULT_NAME.to_owned() } else { name }
}

/// The tile's drawing fits its rows: the named columns exist, a stacked bar names its
/// stack column, a KPI has a numeric value.
fn check_shape(tile: &TileSpec, columns: &[String]) -> Result<(), String> {
    let named = tile.x.iter().chain(tile.y.iter().flatten()).chain(&tile.series);
    if let Some(missing) = named.into_iter().find(|c| !columns.contains(c)) {
        return Err(format!("the tile names the column {missing}, but the query answers {}", columns.join(", ")));
    }
    if tile.kind == TileKind::StackedBar && (tile.series.is_none() || columns.len() < 3) {
        return Err("a stacked bar needs x, series and one value column: SELECT x, series, value … and \"series\" naming the stack column".into());
    }
    Ok(())
}

impl TypedTool for DashboardTool {
    type Input = DashboardInput;
    type Output = DashboardResult;
    const NAME: &'static str = "biDashboardTool";

    fn description(&self) -> &str {
        "Build and save a BI dashboard the user opens in the side panel: params[0].dashboard_name and tiles, each a titled read-only SELECT over the cubes (as testQuerySqlTool takes it) drawn as kpi (one number: the first row), line or bar (x = first column, one series per value column), stackedBar (columns x, series, value; set \"series\") or table. Test the queries with testQuerySqlTool first; put KPIs first; at most 12 tiles."
    }

    fn keywords(&self) -> &[&str] {
        &["dashboard", "dashboards", "仪表盘", "儀表板", "panel de control", "ダッシュボード", "tableau de bord"]
    }

    fn offered<'a>(&'a self, scope: &'a Scope<'a>) -> BoxFuture<'a, bool> {
        self.warehouse.offered(scope)
    }

    fn offline_input(&self, text: &str, _: &ToolContext) -> Option<DashboardInput> {
        offline::dashboard_for(text)
    }

    fn call<'a>(&'a self, input: DashboardInput, ctx: &'a ToolContext) -> BoxFuture<'a, Result<DashboardResult, ToolError>> {
        Box::pin(async move {
            let [params] = input.params.as_slice() else {
                return Err(ToolError::Invalid(format!("params holds one dashboard, not {}", input.params.len())));
            };
            if params.tiles.is_empty() || params.tiles.len() > MAX_TILES {
                return Err(ToolError::Invalid(format!("A dashboard holds 1 to {MAX_TILES} tiles, not {}", params.tiles.len())));
            }
            let engine = self.warehouse.engine().await?;
            let scope = self.warehouse.scope(ctx).await?;
            let mut tiles = Vec::with_capacity(params.tiles.len());
            for (index, tile) in params.tiles.iter().enumerate() {
                let named = |m: String| format!("Tile {} ({}): {m}", index + 1, tile.title);
                let out = engine.run(&tile.sql, &scope).await.map_err(|e| match query_error(e) {
                    ToolError::Invalid(m) => ToolError::Invalid(named(m)),
                    other => ToolError::Failed(named(other.to_string())),
                })?;
                check_shape(tile, &out.columns).map_err(|m| ToolError::Invalid(named(m)))?;
                tiles.push(TileSummary { title: tile.title.clone(), kind: tile.kind, row_count: out.rows.len() as u32, error: None });
            }
            let name = name_of(params);
            let saved =
                self.dashboards.create(ctx.tenant_id(), ctx.user_id(), Some(ctx.chat_id.as_str()).filter(|c| !c.is_empty()), &name, &params.tiles).await?;
            let url = format!("{LINK_PREFIX}{}", saved.token);
            Ok(DashboardResult {
                success: true,
                dashboard_name: name.clone(),
                dashboard_id: saved.id.clone(),
                url: url.clone(),
                tiles,
                artifact: DashboardArtifact {
                    id: format!("dashboard-{}", saved.id),
                    kind: "iframe".into(),
                    title: name,
                    props: [("src".to_owned(), url)].into_iter().collect(),
                },
            })
        })
    }

    fn title(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.pick(["The dashboard", "仪表盘", "儀表板", "El panel", "ダッシュボード", "Das Dashboard", "Le tableau de bord"]))
    }

    fn summarize(&self, output: &DashboardResult, lang: Lang) -> Option<String> {
        Some(summary(output, lang))
    }
}

/// The answer's line about a saved dashboard. The panel opens from the card, so the line
/// says so rather than that it is open.
fn summary(output: &DashboardResult, lang: Lang) -> String {
    let template = lang.pick([
        "{name}: {n} tiles — {titles}. Open it from the card to see it in the side panel.",
        "{name}：{n} 个图块 — {titles}。点击卡片即可在侧边栏中打开。",
        "{name}：{n} 個圖塊 — {titles}。點選卡片即可在側邊欄中開啟。",
        "{name}: {n} mosaicos — {titles}. Ábrelo desde la tarjeta para verlo en el panel lateral.",
        "{name}：{n} 個のタイル — {titles}。カードから開くとサイドパネルに表示されます。",
        "{name}: {n} Kacheln — {titles}. Öffnen Sie es über die Karte, um es in der Seitenleiste zu sehen.",
        "{name} : {n} tuiles — {titles}. Ouvrez-le depuis la carte pour le voir dans le panneau latéral.",
    ]);
    let titles: Vec<&str> = output.tiles.iter().map(|t| t.title.as_str()).collect();
    fill(template, &[("name", &output.dashboard_name), ("n", &output.tiles.len().to_string()), ("titles", &titles.join(", "))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_says_where_to_open_the_dashboard_rather_than_that_it_is_open() {
        let tile = |title: &str| TileSummary { title: title.into(), kind: TileKind::Kpi, row_count: 1, error: None };
        let artifact = DashboardArtifact { id: "dashboard-d1".into(), kind: "iframe".into(), title: "Dock".into(), props: Default::default() };
        let output = DashboardResult {
            success: true,
            dashboard_name: "Dock".into(),
            dashboard_id: "d1".into(),
            url: "/d/x".into(),
            tiles: vec![tile("Open"), tile("Late")],
            artifact,
        };
        assert_eq!(summary(&output, Lang::En), "Dock: 2 tiles — Open, Late. Open it from the card to see it in the side panel.");
        for lang in Lang::ALL {
            assert!(!summary(&output, lang).contains("It is open"), "{lang:?}");
        }
    }

    fn tile(kind: TileKind, x: Option<&str>, series: Option<&str>) -> TileSpec {
        TileSpec { title: "t".into(), kind, sql: "SELECT 1".into(), x: x.map(Into::into), y: None, series: series.map(Into::into) }
    }

    #[test]
    fn a_tile_names_only_columns_its_query_answers() {
        let columns: Vec<String> = ["day", "carrier", "n"].map(String::from).to_vec();
        assert!(check_shape(&tile(TileKind::Line, Some("day"), None), &columns).is_ok());
        let err = check_shape(&tile(TileKind::Line, Some("week"), None), &columns).unwrap_err();
        assert!(err.contains("week") && err.contains("day, carrier, n"), "{err}");
        assert!(check_shape(&tile(TileKind::StackedBar, Some("day"), None), &columns).unwrap_err().contains("series"));
        assert!(check_shape(&tile(TileKind::StackedBar, Some("day"), Some("carrier")), &columns).is_ok());
    }

    #[test]
    fn a_dashboard_without_a_name_is_the_default_one() {
        let params = |name: Option<&str>| DashboardParams { dashboard_name: name.map(Into::into), tiles: vec![] };
        assert_eq!(name_of(&params(None)), "BI Dashboard");
        assert_eq!(name_of(&params(Some("  "))), "BI Dashboard");
        assert_eq!(name_of(&params(Some(" Yard dwell "))), "Yard dwell");
    }
}
