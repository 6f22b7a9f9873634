mod common;

use common::{FMS_31_JSON, WMS_30_YAML, YMS_31_YAML, standalone};
use waybill_openapi::{Index, Operation};

async fn operations() -> Vec<Operation> {
    let mut all = Vec::new();
    for fixture in [WMS_30_YAML, FMS_31_JSON, YMS_31_YAML] {
        all.extend(standalone(fixture).await.operations);
    }
    all
}

fn top(index: &Index, ops: &[Operation], query: &str, n: usize) -> Vec<String> {
    index.search(query, n).iter().map(|h| ops[h.operation].key.clone()).collect()
}

#[tokio::test]
async fn queries_in_words_find_the_operation() {
    let ops = operations().await;
    let index = Index::build(&ops);
    for (query, expected) in [
        ("inventory by item", "listInventoryByItem"),
        ("stock on hand of item", "listInventory"),
        ("cancel order", "cancelOrder"),
        ("create an outbound order", "createOrder"),
        ("add a line to an order", "addOrderLine"),
        ("book shipment with carrier", "createShipment"),
        ("freight rate quote", "quoteRates"),
        ("tracking events of a shipment", "GET /shipments/{shipmentId}/tracking-events"),
        ("move trailer to dock door", "POST /trailers/{trailerId}/move"),
        ("location hierarchy", "getLocationTree"),
        ("list dock appointments", "GET /appointments"),
        ("cancel dock appointment", "DELETE /appointments/{appointmentId}"),
        ("trailers in the yard", "GET /trailers"),
        ("getShipment", "getShipment"),
        ("shipment_id", "getShipment"),
        ("change item attributes", "PATCH /items/{itemId}"),
    ] {
        let got = top(&index, &ops, query, 3);
        assert_eq!(got.first().map(String::as_str), Some(expected), "{query}: {got:?}");
    }
}

#[tokio::test]
async fn the_other_inventory_operation_is_close_behind() {
    let ops = operations().await;
    let index = Index::build(&ops);
    let got = top(&index, &ops, "inventory by item", 2);
    assert_eq!(got, ["listInventoryByItem", "listInventory"]);
}

#[tokio::test]
async fn similarity_is_high_for_a_good_query_and_drops_with_unmatched_words() {
    let ops = operations().await;
    let index = Index::build(&ops);
    let good = index.search("inventory by item", 1)[0];
    assert!(good.similarity > 0.9, "{good:?}");
    let diluted = index.search("inventory by item spaceship", 1)[0];
    assert!(diluted.similarity < good.similarity - 0.2, "{diluted:?} vs {good:?}");
    let hits = index.search("shipment", 20);
    assert!(hits.iter().all(|h| (0.0..=1.0).contains(&h.similarity)));
    assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
}

#[tokio::test]
async fn a_word_prefix_matches_longer_words() {
    let ops = operations().await;
    let index = Index::build(&ops);
    let got = top(&index, &ops, "ship", 5);
    assert!(got.iter().all(|k| ops.iter().find(|o| &o.key == k).unwrap().path.contains("shipment")), "{got:?}");
    let appointments = top(&index, &ops, "appoint", 3);
    assert!(appointments.iter().all(|k| k.contains("/appointments")), "{appointments:?}");
}

#[tokio::test]
async fn nothing_to_search_for_finds_nothing() {
    let ops = operations().await;
    let index = Index::build(&ops);
    assert!(index.search("xyzzy", 5).is_empty());
    assert!(index.search("the of and", 5).is_empty());
    assert!(index.search("   ", 5).is_empty());
    assert!(index.search("order", 0).is_empty());
    assert!(Index::build(&[]).search("order", 5).is_empty());
    assert_eq!(index.search("order", 3).len(), 3);
}

#[tokio::test]
async fn a_deprecated_operation_ranks_below_an_equal_one() {
    let ops = operations().await;
    let mut twin = ops.iter().find(|o| o.key == "cancelOrder").unwrap().clone();
    twin.key = "cancelOrderV2".into();
    twin.deprecated = false;
    let mut all = ops.clone();
    all.push(twin);
    let index = Index::build(&all);
    assert_eq!(top(&index, &all, "cancel order", 2), ["cancelOrderV2", "cancelOrder"]);
}
