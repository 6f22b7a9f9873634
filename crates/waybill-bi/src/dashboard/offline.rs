//! The offline model's dashboards: "make a dashboard of yard dwell time" and, for any other
//! dashboard it is asked for, an outbound overview. Every kind of tile appears.

use super::{DashboardInput, DashboardParams, TileKind, TileSpec};

fn tile(title: &str, kind: TileKind, sql: &str) -> TileSpec {
    TileSpec { title: title.into(), kind, sql: sql.into(), x: None, y: None, series: None }
}

fn stacked(title: &str, sql: &str, series: &str) -> TileSpec {
    TileSpec { series: Some(series.into()), ..tile(title, TileKind::StackedBar, sql) }
}

pub(crate) fn yard() -> DashboardParams {
    DashboardParams {
        dashboard_name: Some("Yard dwell time".into()),
        tiles: vec![
            tile("Average dwell (hours)", TileKind::Kpi, "SELECT ROUND(AVG(dwell_hours), 1) AS avg_dwell_hours FROM yard_trailers"),
            tile("Trailers on the yard now", TileKind::Kpi, "SELECT COUNT(trailer_id) AS trailers FROM yard_trailers WHERE status <> 'departed'"),
            tile("Longest dwell (hours)", TileKind::Kpi, "SELECT ROUND(MAX(dwell_hours), 1) AS max_dwell_hours FROM yard_trailers"),
            tile(
                "Average dwell by carrier",
                TileKind::Bar,
                "SELECT carrier_name, ROUND(AVG(dwell_hours), 1) AS avg_dwell_hours FROM yard_trailers WHERE departed_at IS NOT NULL \
                 GROUP BY carrier_name ORDER BY avg_dwell_hours DESC, carrier_name LIMIT 10",
            ),
            tile(
                "Dwell by arrival day",
                TileKind::Line,
                "SELECT date_trunc('day', arrived_at) AS day, ROUND(AVG(dwell_hours), 1) AS avg_dwell_hours FROM yard_trailers \
                 WHERE departed_at IS NOT NULL GROUP BY 1 ORDER BY 1",
            ),
            stacked(
                "Trailers by kind and status",
                "SELECT kind, status, COUNT(trailer_id) AS trailers FROM yard_trailers GROUP BY kind, status ORDER BY kind, status",
                "status",
            ),
            tile(
                "Longest yard visits",
                TileKind::Table,
                "SELECT trailer_number, carrier_name, kind, arrived_at, departed_at, ROUND(dwell_hours, 1) AS dwell_hours FROM yard_trailers \
                 WHERE departed_at IS NOT NULL ORDER BY dwell_hours DESC, trailer_number LIMIT 15",
            ),
        ],
    }
}

pub(crate) fn outbound() -> DashboardParams {
    DashboardParams {
        dashboard_name: Some("Outbound overview".into()),
        tiles: vec![
            tile("Orders", TileKind::Kpi, "SELECT COUNT(order_id) AS orders FROM outbound_orders"),
            tile("Units ordered", TileKind::Kpi, "SELECT SUM(units) AS units FROM outbound_orders"),
            tile(
                "Orders per day",
                TileKind::Line,
                "SELECT date_trunc('day', created_at) AS day, COUNT(order_id) AS orders FROM outbound_orders GROUP BY 1 ORDER BY 1",
            ),
            tile(
                "Orders by customer",
                TileKind::Bar,
                "SELECT customer_name, COUNT(order_id) AS orders FROM outbound_orders GROUP BY customer_name ORDER BY orders DESC, customer_name LIMIT 10",
            ),
            stacked(
                "Orders by customer and status",
                "SELECT customer_name, status, COUNT(order_id) AS orders FROM outbound_orders GROUP BY customer_name, status ORDER BY customer_name, status",
                "status",
            ),
            tile(
                "Top SKUs by units picked",
                TileKind::Table,
                "SELECT sku, SUM(picked_units) AS picked_units, COUNT(line_count) AS lines FROM order_lines GROUP BY sku ORDER BY picked_units DESC, sku LIMIT 10",
            ),
        ],
    }
}

/// The dashboard the user's words ask for, when they ask for one.
pub fn dashboard_for(text: &str) -> Option<DashboardInput> {
    let t = text.to_lowercase();
    let asked = ["dashboard", "仪表盘", "儀表板", "ダッシュボード", "tableau de bord", "panel de control"].iter().any(|w| t.contains(w));
    if !asked {
        return None;
    }
    let params = if ["yard", "dwell", "trailer", "堆场", "ヤード"].iter().any(|w| t.contains(w)) { yard() } else { outbound() };
    Some(DashboardInput { params: vec![params] })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use waybill_demo::{Demo, DemoConfig};

    use super::*;
    use crate::engine::{DataFusionEngine, Limits, QueryEngine, RowScope};
    use crate::load::Catalogue;

    #[test]
    fn only_a_request_for_a_dashboard_builds_one() {
        assert!(dashboard_for("outbound orders by customer").is_none());
        let yard = dashboard_for("Make a dashboard of yard dwell time").unwrap();
        assert_eq!(yard.params[0].dashboard_name.as_deref(), Some("Yard dwell time"));
        assert_eq!(dashboard_for("做一个仪表盘").unwrap().params[0].dashboard_name.as_deref(), Some("Outbound overview"));
    }

    #[tokio::test]
    async fn every_tile_of_the_offline_dashboards_has_rows_on_the_demo_data() {
        let demo = Demo::open_in_memory(DemoConfig::default()).await.unwrap();
        let engine = DataFusionEngine::load(&demo.database(), Arc::new(Catalogue::demo()), Limits::default()).await.unwrap();
        let all = RowScope { facilities: waybill_demo::FACILITIES.iter().map(|(id, _)| (*id).to_owned()).collect() };
        for params in [yard(), outbound()] {
            let kinds: std::collections::BTreeSet<_> = params.tiles.iter().map(|t| format!("{:?}", t.kind)).collect();
            assert_eq!(kinds.len(), 5, "every kind of tile: {kinds:?}");
            for tile in params.tiles {
                let out = engine.run(&tile.sql, &all).await.unwrap_or_else(|e| panic!("{}: {e}", tile.title));
                assert!(!out.rows.is_empty(), "{} has no rows", tile.title);
                super::super::check_shape(&tile, &out.columns).unwrap();
            }
        }
        demo.close().await;
    }
}
