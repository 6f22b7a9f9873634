//! The warehouse management system: merchants, items, inventory, locations, inbound
//! receipts, outbound orders, people and projects.

mod catalog;
mod inbound;
mod outbound;
mod people;
mod stock;

use crate::http::Operation;

pub(crate) const TAGS: &[(&str, &str)] = &[
    ("Customers", "Merchants whose goods the warehouse stores and ships, with their merchant numbers."),
    ("Items", "The item master: SKUs, descriptions, dimensions, lot and expiry control, units of measure (EA, CS, PL)."),
    ("Inventory", "Stock on hand, allocated and available, by item, location, lot and expiry; adjustments."),
    ("Locations", "Storage locations: zones, aisles, bays and levels, with what each holds."),
    ("Receipts", "Inbound receipts and advance ship notices (ASNs) with their lines; receiving into stock."),
    ("Orders", "Outbound orders and their lines: search, create, change, allocate, release to picking, pack, cancel."),
    ("People", "Warehouse users with their job codes, titles and shifts."),
    ("Projects", "Operational projects of a facility, such as peak readiness or slotting."),
];

/// The whole WMS route table, read top to bottom.
pub(crate) fn operations() -> Vec<Operation> {
    [catalog::operations(), stock::operations(), inbound::operations(), outbound::operations(), people::operations()].into_iter().flatten().collect()
}
