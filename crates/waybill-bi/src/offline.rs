//! The offline model's numbers questions: a few common ones as queries over the cubes.
//! Periods are the data's own ("last week" is the last full week the data holds), so the
//! demo answers on any day.

/// The query and its purpose for the user's words, when they ask a question we know.
pub fn query_for(text: &str) -> Option<(String, String)> {
    let t = text.to_lowercase();
    let last_week = "created_at >= (SELECT date_trunc('week', MAX(created_at)) - INTERVAL '7 days' FROM outbound_orders) \
                     AND created_at < (SELECT date_trunc('week', MAX(created_at)) FROM outbound_orders)";
    if t.contains("order") && t.contains("customer") {
        let when = if t.contains("last week") { format!(" WHERE {last_week}") } else { String::new() };
        let sql = format!(
            "SELECT customer_name, COUNT(order_id) AS orders, SUM(units) AS units FROM outbound_orders{when} GROUP BY customer_name ORDER BY orders DESC, customer_name LIMIT 20"
        );
        return Some((sql, "Outbound orders by customer".into()));
    }
    if (t.contains("sku") || t.contains("item")) && (t.contains("pick") || t.contains("top")) {
        let when = if t.contains("this month") { " WHERE picked_at >= (SELECT date_trunc('month', MAX(picked_at)) FROM labour)" } else { "" };
        return Some((
            format!("SELECT sku, COUNT(pick_id) AS picks, SUM(units_picked) AS units_picked FROM labour{when} GROUP BY sku ORDER BY picks DESC, sku LIMIT 5"),
            "Top SKUs by picks".into(),
        ));
    }
    if t.contains("pick") && (t.contains("per user") || t.contains("per hour") || t.contains("rate") || t.contains("shift") || t.contains("picker")) {
        let by = if t.contains("shift") && !t.contains("user") { "shift" } else { "user_name" };
        return Some((
            format!(
                "SELECT {by}, COUNT(pick_id) AS picks, COUNT(DISTINCT date_trunc('hour', picked_at)) AS hours_picking, \
                 ROUND(COUNT(pick_id) * 1.0 / COUNT(DISTINCT date_trunc('hour', picked_at)), 1) AS picks_per_hour \
                 FROM labour GROUP BY {by} ORDER BY picks_per_hour DESC, {by} LIMIT 20"
            ),
            format!("Picks per hour by {}", if by == "shift" { "shift" } else { "picker" }),
        ));
    }
    if t.contains("carrier") && (t.contains("on-time") || t.contains("on time")) {
        return Some((
            "SELECT carrier_name, COUNT(shipment_id) AS shipments, AVG(delivered_on_time) AS on_time_rate FROM shipments WHERE delivered_at IS NOT NULL GROUP BY carrier_name ORDER BY on_time_rate DESC, carrier_name".into(),
            "On-time delivery rate by carrier".into(),
        ));
    }
    if t.contains("door") {
        return Some((
            "SELECT kind, status, COUNT(door_id) AS doors, AVG(occupied) AS utilisation FROM dock_doors GROUP BY kind, status ORDER BY kind, status".into(),
            "Dock doors by kind and status".into(),
        ));
    }
    if t.contains("inventory") || t.contains("stock") {
        return Some((
            "SELECT status, SUM(on_hand) AS on_hand, SUM(available) AS available, COUNT(positions) AS positions FROM inventory GROUP BY status ORDER BY on_hand DESC".into(),
            "Inventory by status".into(),
        ));
    }
    if t.contains("order") {
        return Some((
            "SELECT date_trunc('day', created_at) AS day, COUNT(order_id) AS orders, SUM(units) AS units FROM outbound_orders GROUP BY 1 ORDER BY 1 DESC LIMIT 30".into(),
            "Outbound orders per day".into(),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use waybill_demo::{Demo, DemoConfig};

    use super::*;
    use crate::engine::{DataFusionEngine, Limits, QueryEngine, RowScope};
    use crate::load::Catalogue;

    #[tokio::test]
    async fn every_question_the_offline_model_knows_is_answered_from_the_demo_data() {
        let demo = Demo::open_in_memory(DemoConfig::default()).await.unwrap();
        let engine = DataFusionEngine::load(&demo.database(), Arc::new(Catalogue::demo()), Limits::default()).await.unwrap();
        let all = RowScope { facilities: waybill_demo::FACILITIES.iter().map(|(id, _)| (*id).to_owned()).collect() };
        let questions = [
            "outbound orders by customer last week",
            "top 5 SKUs by picks this month",
            "picks per user per hour",
            "pick rate by shift",
            "on-time rate by carrier",
            "dock door utilisation",
            "inventory by status",
            "orders per day",
        ];
        for question in questions {
            let (sql, _) = query_for(question).unwrap_or_else(|| panic!("{question} is not known"));
            let out = engine.run(&sql, &all).await.unwrap_or_else(|e| panic!("{question}: {e}"));
            assert!(!out.rows.is_empty(), "{question} has no rows");
        }

        // This month is the data's latest month: its picks, counted per SKU.
        let (sql, _) = query_for("top 5 SKUs by picks this month").unwrap();
        let top = engine.run(&sql, &all).await.unwrap();
        assert_eq!(top.columns, ["sku", "picks", "units_picked"]);
        assert_eq!(top.rows.len(), 5);
        let sku = top.rows[0][0].as_str().unwrap();
        let (month,): (i64,) =
            sqlx::query_as("SELECT count(*) FROM picks WHERE sku = ? AND substr(picked_at, 1, 7) = (SELECT substr(MAX(picked_at), 1, 7) FROM picks)")
                .bind(sku)
                .fetch_one(&demo.database())
                .await
                .unwrap();
        assert_eq!(top.rows[0][1].as_i64(), Some(month));

        let (sql, _) = query_for("picks per user per hour").unwrap();
        let rates = engine.run(&sql, &all).await.unwrap();
        assert_eq!(rates.columns, ["user_name", "picks", "hours_picking", "picks_per_hour"]);
        let (picks, hours) = (rates.rows[0][1].as_f64().unwrap(), rates.rows[0][2].as_f64().unwrap());
        assert!((rates.rows[0][3].as_f64().unwrap() - (picks / hours * 10.0).round() / 10.0).abs() < 1e-9, "{:?}", rates.rows[0]);
        demo.close().await;
    }
}
