//! The batch an order import sends, made from the orders read from the file without ever
//! holding the whole batch as `serde_json::Value`s: 100,000 lines as values took several
//! times the memory of the orders themselves, and the request then held them twice more
//! (the arguments and the call's record of what was passed).
//!
//! - [`streamed`]: the request body, each piece serialized from the orders as the request
//!   sends it, its length known beforehand;
//! - [`check`]: the batch against the import operation's schema, a few hundred orders at a
//!   time, with the same issues as checking the whole body at once.
//!
//! The wire shape is the order system's import contract: `merchantNo`, then `orders`, each
//! with `salesOrderId`, `shipTo` (`name`, `line1`, `line2`, `city`, `state`,
//! `postalCode`, `country`, `phone`), `requestedShipDate`, `carrierId` and `lines` (`sku`,
//! `quantity`, `uom`); values the file leaves out are sent as `null`.

use serde::{Serialize, Serializer};
use serde_json::Value;
use waybill_openapi::Operation;
use waybill_orders::{Address, Line, Order};
use waybill_tools::Caller;

use crate::calls::{self, JsonBody};
use crate::tools::{ApiCallInput, CallIssue};

/// Orders checked against the schema at once: a few hundred orders' values at a time.
const CHECKED_TOGETHER: usize = 500;
/// The size a piece of the streamed body grows to before it is sent.
const PIECE_BYTES: usize = 64 * 1024;

/// Keywords of a list's schema that speak of the list as a whole (its length, repeats,
/// what it must contain): only the whole list can be checked against them.
const WHOLE_LIST_KEYWORDS: [&str; 7] = ["minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains", "unevaluatedItems"];

/// Keywords that combine or condition schemas: a body schema with them at its top may say
/// anything about the orders as a list.
const COMBINING_KEYWORDS: [&str; 6] = ["allOf", "anyOf", "oneOf", "not", "if", "dependentSchemas"];

/// The import request's body, written piece by piece as the request is sent; each order
/// is let go once written. Its length is measured first (by writing it once to nothing),
/// so the request says it as any other would.
pub fn streamed(merchant_no: String, orders: Vec<Order>) -> JsonBody {
    let mut length = Length(0);
    serde_json::to_writer(&mut length, &Batch { merchant_no: &merchant_no, orders: Each(&orders) }).expect("orders serialize to JSON");
    JsonBody { length: length.0 as u64, chunks: reqwest::Body::wrap_stream(futures::stream::iter(Pieces::new(merchant_no, orders))) }
}

/// The body in pieces of about [`PIECE_BYTES`]: byte for byte what serializing [`Batch`]
/// whole writes.
struct Pieces {
    merchant_no: String,
    orders: std::iter::Peekable<std::vec::IntoIter<Order>>,
    /// Orders written so far (the merchant is written before the first).
    written: usize,
    finished: bool,
}

impl Pieces {
    fn new(merchant_no: String, orders: Vec<Order>) -> Pieces {
        Pieces { merchant_no, orders: orders.into_iter().peekable(), written: 0, finished: false }
    }
}

impl Iterator for Pieces {
    type Item = Result<Vec<u8>, std::convert::Infallible>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let mut piece = Vec::with_capacity(PIECE_BYTES + 1024);
        let json = "orders serialize to JSON";
        if self.written == 0 {
            piece.extend_from_slice(b"{\"merchantNo\":");
            serde_json::to_writer(&mut piece, &self.merchant_no).expect(json);
            piece.extend_from_slice(b",\"orders\":[");
        }
        while piece.len() < PIECE_BYTES
            && let Some(order) = self.orders.next()
        {
            if self.written > 0 {
                piece.push(b',');
            }
            serde_json::to_writer(&mut piece, &WireOrder::from(&order)).expect(json);
            self.written += 1;
        }
        if self.orders.peek().is_none() {
            piece.extend_from_slice(b"]}");
            self.finished = true;
        }
        Some(Ok(piece))
    }
}

/// The body [`streamed`] sends, whole, for tests to read.
#[cfg(test)]
pub(crate) fn written(merchant_no: &str, orders: &[Order]) -> Vec<u8> {
    serde_json::to_vec(&Batch { merchant_no, orders: Each(orders) }).expect("orders serialize to JSON")
}

/// A writer that only counts the bytes written to it.
struct Length(usize);

impl std::io::Write for Length {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every issue the import operation's schema finds in the batch, worded for `caller`.
/// The orders are checked [`CHECKED_TOGETHER`] at a time, each part in a body of its own
/// with the merchant; an issue inside an order names the order's place in the whole
/// batch, an issue outside the orders is named once, before those of the orders. A schema
/// that speaks of the orders as a whole list (or may, through combined schemas) is checked
/// against the whole body at once.
pub fn check(input: &ApiCallInput, caller: &Caller, op: &Operation, merchant_no: &str, orders: &[Order]) -> Vec<CallIssue> {
    let issues_of = |part: &[Order]| {
        let body = serde_json::to_value(Batch { merchant_no, orders: Each(part) }).expect("orders serialize to JSON");
        let part_input = ApiCallInput { body: Some(body), ..input.clone() };
        calls::check(&part_input, caller, op).err().map(|failure| failure.issues).unwrap_or_default()
    };
    if !checkable_in_parts(op) {
        return issues_of(orders);
    }
    let mut outside = Vec::new();
    let mut inside = Vec::new();
    for (n, part) in orders.chunks(CHECKED_TOGETHER).enumerate() {
        for issue in issues_of(part) {
            match renumbered(issue, n * CHECKED_TOGETHER) {
                Ok(order_issue) => inside.push(order_issue),
                Err(other) if n == 0 => outside.push(other),
                Err(_) => {}
            }
        }
    }
    outside.extend(inside);
    outside
}

/// Whether checking the orders part by part finds what checking them together would:
/// the body schema takes `orders` as a list of items and says nothing of the list whole.
fn checkable_in_parts(op: &Operation) -> bool {
    let Some(schema) = op.body.as_ref().map(|b| &b.schema) else { return false };
    let Some(list) = schema.pointer("/properties/orders") else { return false };
    let plain_list = list.get("items").is_some_and(Value::is_object) && list.get("$ref").is_none();
    plain_list && !WHOLE_LIST_KEYWORDS.iter().any(|k| list.get(*k).is_some()) && !COMBINING_KEYWORDS.iter().any(|k| schema.get(*k).is_some())
}

/// An issue inside order `i` of a part, named as order `offset + i` of the whole batch;
/// any other issue as it was.
fn renumbered(mut issue: CallIssue, offset: usize) -> Result<CallIssue, CallIssue> {
    const ORDERS: &str = "body.orders[";
    let Some(rest) = issue.path.strip_prefix(ORDERS) else { return Err(issue) };
    let Some((index, after)) = rest.split_once(']') else { return Err(issue) };
    let Ok(index) = index.parse::<usize>() else { return Err(issue) };
    let local = format!("{ORDERS}{index}]");
    let whole = format!("{ORDERS}{}]{after}", index + offset);
    if let Some(message) = issue.message.strip_prefix(&local) {
        issue.message = format!("{ORDERS}{}]{message}", index + offset);
    }
    issue.path = whole;
    Ok(issue)
}

/// The body: the merchant, then its orders.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Batch<'a> {
    merchant_no: &'a str,
    orders: Each<'a, Order>,
}

/// A list written item by item as the order system names its fields.
struct Each<'a, T>(&'a [T]);

impl Serialize for Each<'_, Order> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(WireOrder::from))
    }
}

impl Serialize for Each<'_, Line> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|l| WireLine { sku: &l.sku, quantity: l.quantity, uom: &l.uom }))
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WireOrder<'a> {
    sales_order_id: &'a str,
    ship_to: WireAddress<'a>,
    requested_ship_date: Option<&'a str>,
    carrier_id: Option<&'a str>,
    lines: Each<'a, Line>,
}

impl<'a> From<&'a Order> for WireOrder<'a> {
    fn from(o: &'a Order) -> Self {
        WireOrder {
            sales_order_id: &o.sales_order_id,
            ship_to: WireAddress::from(&o.ship_to),
            requested_ship_date: o.requested_ship_date.as_deref(),
            carrier_id: o.carrier.as_deref(),
            lines: Each(&o.lines),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WireAddress<'a> {
    name: &'a str,
    line1: &'a str,
    line2: Option<&'a str>,
    city: &'a str,
    state: &'a str,
    postal_code: &'a str,
    country: &'a str,
    phone: Option<&'a str>,
}

impl<'a> From<&'a Address> for WireAddress<'a> {
    fn from(a: &'a Address) -> Self {
        WireAddress {
            name: &a.name,
            line1: &a.street,
            line2: a.street2.as_deref(),
            city: &a.city,
            state: &a.state,
            postal_code: &a.zip,
            country: &a.country,
            phone: a.phone.as_deref(),
        }
    }
}

#[derive(Serialize)]
struct WireLine<'a> {
    sku: &'a str,
    quantity: u32,
    uom: &'a str,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn order(i: usize, quantity: u32) -> Order {
        let ship_to = Address {
            name: format!("Customer {i}"),
            street: "1 Main St".into(),
            street2: None,
            city: "Reno".into(),
            state: "NV".into(),
            zip: "89501".into(),
            phone: None,
            country: "US".into(),
        };
        let lines = vec![Line { sku: "SKU-1".into(), quantity, uom: "EA".into() }];
        Order { sales_order_id: format!("SO-{i}"), ship_to, requested_ship_date: Some("2026-12-01".into()), carrier: None, lines }
    }

    /// An import whose orders' list carries `list` beside its items.
    fn import(list: Value) -> Operation {
        let mut orders = json!({"type": "array", "items": {
            "type": "object", "required": ["salesOrderId"],
            "properties": {"salesOrderId": {"type": "string", "maxLength": 7},
                           "lines": {"type": "array", "items": {"type": "object", "properties": {"quantity": {"type": "integer", "maximum": 100}}}}},
        }});
        orders.as_object_mut().unwrap().extend(list.as_object().unwrap().clone());
        serde_json::from_value(json!({
            "key": "importOrders", "method": "POST", "path": "/orders/import",
            "body": {"required": true, "contentType": "application/json", "schema": {
                "type": "object", "required": ["merchantNo", "orders"],
                "properties": {"merchantNo": {"type": "string", "maxLength": 6}, "orders": orders},
            }},
        }))
        .unwrap()
    }

    /// The streamed body's pieces, joined, and the length it says.
    fn streamed_whole(merchant_no: &str, orders: &[Order]) -> (Vec<u8>, u64) {
        let length = streamed(merchant_no.into(), orders.to_vec()).length;
        (Pieces::new(merchant_no.into(), orders.to_vec()).flat_map(Result::unwrap).collect(), length)
    }

    #[test]
    fn the_streamed_body_is_the_batch_written_whole_and_as_long_as_it_says() {
        for count in [0, 1, 2, 1_203] {
            let orders: Vec<Order> = (0..count).map(|i| order(i, 2)).collect();
            let (body, length) = streamed_whole("M\"10042", &orders);
            let whole = serde_json::to_vec(&Batch { merchant_no: "M\"10042", orders: Each(&orders) }).unwrap();
            assert_eq!(String::from_utf8(body.clone()).unwrap(), String::from_utf8(whole).unwrap(), "{count} orders");
            assert_eq!(length, body.len() as u64);
            let sent: Value = serde_json::from_slice(&body).unwrap();
            assert_eq!(sent["orders"].as_array().unwrap().len(), count);
        }
        let pieces = Pieces::new("M1".into(), (0..1_203).map(|i| order(i, 2)).collect());
        assert!(pieces.count() > 2, "a large batch goes in several pieces");
    }

    fn input() -> ApiCallInput {
        ApiCallInput { system: "Demo OMS".into(), operation: "importOrders".into(), path_params: None, query: None, body: None }
    }

    /// The issues of the whole body checked at once, as the import did before.
    fn checked_whole(op: &Operation, merchant_no: &str, orders: &[Order]) -> Vec<CallIssue> {
        let body = serde_json::from_slice(&streamed_whole(merchant_no, orders).0).unwrap();
        calls::check(&ApiCallInput { body: Some(body), ..input() }, &Caller::default(), op).err().map(|f| f.issues).unwrap_or_default()
    }

    fn named(issues: &[CallIssue]) -> Vec<(String, String)> {
        let mut named: Vec<(String, String)> = issues.iter().map(|i| (i.path.clone(), i.message.clone())).collect();
        named.sort();
        named
    }

    #[test]
    fn a_batch_checked_in_parts_has_the_issues_of_the_whole() {
        // Bad quantities in the first, a middle and the last part; one id too long.
        let mut orders: Vec<Order> = (0..1_203).map(|i| order(i, if [3, 700, 1_202].contains(&i) { 500 } else { 2 })).collect();
        orders[1_000].sales_order_id = "SO-1000-A".into();
        let op = import(json!({}));
        let parts = check(&input(), &Caller::default(), &op, "M100420", &orders);
        let whole = checked_whole(&op, "M100420", &orders);
        assert_eq!(named(&parts), named(&whole));
        let paths: Vec<&str> = parts.iter().map(|i| i.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "body.merchantNo",
                "body.orders[3].lines[0].quantity",
                "body.orders[700].lines[0].quantity",
                "body.orders[1000].salesOrderId",
                "body.orders[1202].lines[0].quantity"
            ],
            "the merchant first, then the orders in the batch's order"
        );
        assert_eq!(parts[2].message, "body.orders[700].lines[0].quantity should be <= 100, got 500");
        assert!(check(&input(), &Caller::default(), &op, "M10042", &orders[..3]).is_empty());
    }

    #[test]
    fn a_schema_about_the_whole_list_is_checked_against_the_whole_list() {
        let orders: Vec<Order> = (0..600).map(|i| order(i, 2)).collect();
        let op = import(json!({"maxItems": 550}));
        let issues = check(&input(), &Caller::default(), &op, "M10042", &orders);
        assert_eq!(named(&issues), named(&checked_whole(&op, "M10042", &orders)));
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].path, "body.orders");
    }
}
