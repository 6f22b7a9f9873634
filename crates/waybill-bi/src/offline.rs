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
        return Some((
            "SELECT sku, SUM(picked_units) AS picked_units, COUNT(line_count) AS lines FROM order_lines GROUP BY sku ORDER BY picked_units DESC, sku LIMIT 5"
                .into(),
            "Top SKUs by units picked".into(),
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

/// The query an export runs when the words name none: orders by customer.
pub fn default_query() -> (String, String) {
    query_for("orders by customer").expect("a known question")
}
