//! Order files of any length, for the order import's benchmark and memory test.

/// A CSV order file of `lines` lines in orders of `per_order` (sales orders `BENCH-000000`
/// on), each order with an address of its own, the lines taking `skus` in turn.
pub fn csv(skus: &[String], lines: usize, per_order: usize) -> String {
    let mut csv = String::from("Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Ship Date\n");
    for line in 0..lines {
        let order = line / per_order;
        let sku = &skus[(order + line) % skus.len()];
        csv.push_str(&format!(
            "BENCH-{order:06},Customer {order},{} Market Street,Reno,NV,{:05},{sku},{},2026-12-01\n",
            100 + order % 9000,
            89501 + order % 90,
            1 + line % 12
        ));
    }
    csv
}
