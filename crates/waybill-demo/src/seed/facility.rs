//! One facility's data: locations, stock, receipts, orders with their shipments and
//! loads, doors, trailers, appointments, people and projects.

use std::collections::{BTreeMap, BTreeSet};

use jiff::ToSpan;
use jiff::civil::Date;

use super::{Counters, Gen, NOW_HOUR, Out, Site, World, names, pick_customer, stamp};
use crate::db::Seq;
use crate::model::*;

struct Stock {
    id: String,
    item: usize,
    location: String,
    lot: Option<String>,
    expires: Option<Date>,
    on_hand: i64,
    allocated: i64,
    status: InventoryStatus,
    received: Date,
}

/// A load being filled while orders are generated, keyed by (departure day, carrier, still loading).
struct LoadPlan {
    id: String,
    carrier: usize,
    day: Date,
    loading: bool,
    trailer: Option<String>,
    door: Option<String>,
}

struct Door {
    id: String,
    kind: Direction,
    trailer: Option<String>,
    out_of_service: bool,
}

impl World {
    pub(super) async fn facility(&self, g: &mut Gen, out: &mut Out<'_>, n: &mut Counters, site: &Site, lines: i64) -> Result<(), sqlx::Error> {
        let fid = site.id;
        let now = stamp(g.anchor, NOW_HOUR * 60, site.utc_offset);

        // Locations.
        let (mut pick_faces, mut reserve) = (Vec::new(), Vec::new());
        let zones = [
            ("A", LocationKind::Pick, 2),
            ("B", LocationKind::Pick, 2),
            ("C", LocationKind::Pick, 2),
            ("R", LocationKind::Reserve, 4),
            ("BK", LocationKind::Bulk, 1),
        ];
        for (zone, kind, levels) in zones {
            for aisle in 1..=site.aisles {
                for bay in 1..=10 {
                    for level in 1..=levels {
                        n.locations += 1;
                        let id = format!("LOC-{:06}", n.locations);
                        let blocked = g.chance(0.02);
                        let status = if blocked { LocationStatus::Blocked } else { LocationStatus::Active };
                        out.t.locations.push([
                            id.clone().into(),
                            fid.into(),
                            format!("{zone}-{aisle:02}-{bay:02}-{level}").into(),
                            zone.into(),
                            format!("{aisle:02}").into(),
                            bay.into(),
                            level.into(),
                            kind.as_str().into(),
                            status.as_str().into(),
                        ]);
                        if !blocked {
                            if kind == LocationKind::Pick { pick_faces.push(id) } else { reserve.push(id) }
                        }
                    }
                }
            }
        }
        for (zone, kind, count) in [("STG", LocationKind::Staging, 6), ("DOCK", LocationKind::Dock, 4)] {
            for i in 1..=count {
                n.locations += 1;
                out.t.locations.push([
                    format!("LOC-{:06}", n.locations).into(),
                    fid.into(),
                    format!("{zone}-{i:02}").into(),
                    zone.into(),
                    "00".into(),
                    i.into(),
                    1i64.into(),
                    kind.as_str().into(),
                    "active".into(),
                ]);
            }
        }

        // Stock, kept in memory so that orders can reserve it; written at the end.
        let mut stock: Vec<Stock> = Vec::new();
        let mut by_item: Vec<Vec<usize>> = vec![Vec::new(); self.items.len()];
        for (index, item) in self.items.iter().enumerate() {
            if !g.chance(site.stocked_share) {
                continue;
            }
            let rows = if g.chance(0.5) { 2 } else { 1 };
            for row in 0..rows {
                let (location, on_hand) = if row == 0 {
                    (g.pick(&pick_faces).clone(), item.case_qty * g.int(4, 40))
                } else {
                    (g.pick(&reserve).clone(), item.pallet_qty * g.int(1, 4))
                };
                let received = g.days_ago(3, 150);
                let (lot, expires) = if item.lot_controlled {
                    let lot = format!("L{}{}", received.strftime("%y%m%d"), g.letters(1));
                    (Some(lot), Some(received.saturating_add(g.int(45, 540).days())))
                } else {
                    (None, None)
                };
                let status = g.weighted(&[(InventoryStatus::Available, 96), (InventoryStatus::Hold, 3), (InventoryStatus::Damaged, 1)]);
                let id = n.next(Seq::Inventory);
                if status == InventoryStatus::Available {
                    by_item[index].push(stock.len());
                }
                stock.push(Stock { id, item: index, location, lot, expires, on_hand, allocated: 0, status, received });
            }
        }
        // First expired, first out.
        for rows in &mut by_item {
            rows.sort_by_key(|&i| (stock[i].expires.is_none(), stock[i].expires, i));
        }

        // Receipts.
        let mut asns_by_day: BTreeMap<Date, Vec<String>> = BTreeMap::new();
        let trucks: Vec<usize> = (0..self.carriers.len()).filter(|&i| self.carriers[i].mode != Mode::Parcel).collect();
        for _ in 0..(lines / 20).max(20) {
            let owner = &self.customers[pick_customer(g, &self.customer_weights)];
            let offset = g.int(-45, 10);
            let expected = g.day(offset);
            let status = match offset {
                ..-1 => g.weighted(&[(ReceiptStatus::Received, 90), (ReceiptStatus::Receiving, 5), (ReceiptStatus::Cancelled, 5)]),
                -1..=0 => g.weighted(&[(ReceiptStatus::Receiving, 50), (ReceiptStatus::Expected, 40), (ReceiptStatus::Received, 10)]),
                _ => g.weighted(&[(ReceiptStatus::Expected, 95), (ReceiptStatus::Cancelled, 5)]),
            };
            let carrier = &self.carriers[*g.pick(&trucks)];
            let id = n.next(Seq::Receipt);
            let asn = format!("ASN-{}", 4_100_000 + n.seq[super::seq_index(Seq::Receipt)] * 3 + g.int(0, 2));
            let arrived = matches!(status, ReceiptStatus::Received | ReceiptStatus::Receiving);
            let lead = g.int(3, 14);
            let created = g.stamp_before(offset - lead, site.utc_offset);
            out.t.receipts.push([
                id.clone().into(),
                fid.into(),
                owner.id.clone().into(),
                asn.clone().into(),
                format!("PO-{}", g.digits(6)).into(),
                carrier.id.clone().into(),
                arrived.then(|| format!("{} {}", carrier.scac, g.digits(6))).into(),
                status.as_str().into(),
                expected.to_string().into(),
                (status == ReceiptStatus::Received).then(|| stamp(expected, g.int(420, 900), site.utc_offset)).into(),
                created.into(),
            ]);
            asns_by_day.entry(expected).or_default().push(asn);
            let mut chosen = BTreeSet::new();
            for _ in 0..g.int(1, 8).min(owner.items.len() as i64) {
                chosen.insert(*g.pick(&owner.items));
            }
            for (line_no, &item_index) in chosen.iter().enumerate() {
                let item = &self.items[item_index];
                let expected_qty = g.int(5, 120);
                let received_qty = match status {
                    ReceiptStatus::Received if g.chance(0.1) => expected_qty - g.int(1, 4).min(expected_qty),
                    ReceiptStatus::Received => expected_qty,
                    ReceiptStatus::Receiving if g.chance(0.5) => expected_qty,
                    _ => 0,
                };
                let tracked = item.lot_controlled && received_qty > 0;
                out.t.receipt_lines.push([
                    id.clone().into(),
                    (line_no as i64 + 1).into(),
                    item.id.clone().into(),
                    item.sku.clone().into(),
                    Uom::Case.as_str().into(),
                    expected_qty.into(),
                    received_qty.into(),
                    tracked.then(|| format!("L{}{}", expected.strftime("%y%m%d"), g.letters(1))).into(),
                    tracked.then(|| expected.saturating_add(g.int(90, 540).days()).to_string()).into(),
                ]);
            }
        }
        out.flush_full().await?;

        // Orders, lines, allocations, shipments, tracking events.
        let mut loads: BTreeMap<(Date, usize, bool), LoadPlan> = BTreeMap::new();
        let mut produced = 0;
        while produced < lines {
            let owner = &self.customers[pick_customer(g, &self.customer_weights)];
            let line_count =
                g.weighted(&[(1, 35), (2, 25), (3, 15), (4, 8), (5, 6), (6, 4), (8, 4), (10, 2), (12, 1)]).min(lines - produced).min(owner.items.len() as i64);
            let mut chosen: Vec<usize> = Vec::new();
            while (chosen.len() as i64) < line_count {
                let item = *g.pick(&owner.items);
                if !chosen.contains(&item) {
                    chosen.push(item);
                }
            }
            let id = n.next(Seq::Order);
            let order_no = n.seq[super::seq_index(Seq::Order)];
            let days_ago = g.int(0, 60);
            let created_day = g.day(-days_ago);
            let created_minute = if days_ago == 0 { g.int(0, NOW_HOUR * 60 - 1) } else { g.int(300, 1380) };
            let created_at = stamp(created_day, created_minute, site.utc_offset);
            let ship_offset = -days_ago + g.int(0, 3);
            let ship_day = g.day(ship_offset);
            let mut status = match ship_offset {
                ..-2 => g.weighted(&[(OrderStatus::Shipped, 93), (OrderStatus::Cancelled, 7)]),
                -2..=-1 => g.weighted(&[
                    (OrderStatus::Shipped, 40),
                    (OrderStatus::Packed, 12),
                    (OrderStatus::Picking, 12),
                    (OrderStatus::Allocated, 14),
                    (OrderStatus::Open, 14),
                    (OrderStatus::Cancelled, 8),
                ]),
                0 => g.weighted(&[
                    (OrderStatus::Packed, 25),
                    (OrderStatus::Picking, 25),
                    (OrderStatus::Allocated, 25),
                    (OrderStatus::Open, 20),
                    (OrderStatus::Cancelled, 5),
                ]),
                _ => g.weighted(&[(OrderStatus::Open, 55), (OrderStatus::Allocated, 35), (OrderStatus::Picking, 5), (OrderStatus::Cancelled, 5)]),
            };

            // (item, uom, quantity, each).
            let mut order_lines = Vec::with_capacity(chosen.len());
            for &item_index in &chosen {
                let item = &self.items[item_index];
                let uom = g.weighted(&[(Uom::Each, 78), (Uom::Case, 19), (Uom::Pallet, 3)]);
                let (quantity, each) = match uom {
                    Uom::Each => {
                        let q = if g.chance(0.85) { g.int(1, 6) } else { g.int(7, 48) };
                        (q, q)
                    }
                    Uom::Case => {
                        let q = g.int(1, 5);
                        (q, q * item.case_qty)
                    }
                    Uom::Pallet => (1, item.pallet_qty),
                };
                order_lines.push((item_index, uom, quantity, each));
            }

            let mut reserved: Vec<(i64, usize, i64)> = Vec::new();
            if matches!(status, OrderStatus::Allocated | OrderStatus::Picking | OrderStatus::Packed) {
                for (line_no, &(item_index, _, _, each)) in order_lines.iter().enumerate() {
                    let mut needed = each;
                    for &row in &by_item[item_index] {
                        let free = stock[row].on_hand - stock[row].allocated;
                        if free > 0 && needed > 0 {
                            let take = free.min(needed);
                            stock[row].allocated += take;
                            reserved.push((line_no as i64 + 1, row, take));
                            needed -= take;
                        }
                    }
                    if needed > 0 || !self.items[item_index].active {
                        for &(_, row, take) in &reserved {
                            stock[row].allocated -= take;
                        }
                        reserved.clear();
                        status = OrderStatus::Open;
                        break;
                    }
                }
            }

            let weight: f64 = order_lines.iter().map(|&(i, _, _, each)| self.items[i].weight * each as f64).sum();
            let mode = if weight > 9_000.0 {
                Mode::Ftl
            } else if weight > 150.0 || order_lines.iter().any(|l| l.1 == Uom::Pallet) {
                Mode::Ltl
            } else {
                Mode::Parcel
            };
            let candidates: Vec<usize> = (0..self.carriers.len()).filter(|&i| self.carriers[i].mode == mode).collect();
            let carrier_index = *g.pick(&candidates);
            let carrier = &self.carriers[carrier_index];
            let service = g.pick(&carrier.services).clone();
            let routed = status != OrderStatus::Open || g.chance(0.5);

            let (city, state, zip) = g.pick(names::CITIES);
            let ship_to_name = if mode == Mode::Parcel {
                format!("{} {}", g.pick(names::FIRST_NAMES), g.pick(names::LAST_NAMES))
            } else {
                format!("{} {} Store #{}", g.pick(names::MERCHANT_FIRST), g.pick(&["Market", "Outfitters", "Home Center", "General Store"]), g.int(100, 999))
            };
            let sales_order_id = match owner.order_style {
                0 => format!("SO-{}", 100_000 + order_no),
                1 => format!("{}", 100_000 + order_no),
                2 => format!("WEB-{}", 100_000 + order_no),
                _ => format!("{}{}", owner.prefix, 100_000 + order_no),
            };
            let total_each: i64 = order_lines.iter().map(|l| l.3).sum();
            let shipped_at = (status == OrderStatus::Shipped).then(|| stamp(ship_day, g.int(900, 1140), site.utc_offset));
            out.t.orders.push([
                id.clone().into(),
                fid.into(),
                owner.id.clone().into(),
                sales_order_id.into(),
                g.chance(0.3).then(|| format!("PO{}", g.digits(7))).into(),
                status.as_str().into(),
                ship_to_name.into(),
                format!("{} {}", g.int(100, 9899), g.pick(names::STREETS)).into(),
                g.chance(0.15).then(|| format!("Suite {}", g.int(100, 450))).into(),
                (*city).into(),
                (*state).into(),
                format!("{zip}{:02}", g.int(1, 99)).into(),
                "US".into(),
                g.chance(0.6).then(|| g.phone()).into(),
                ship_day.to_string().into(),
                routed.then(|| carrier.id.clone()).into(),
                routed.then(|| service.0.clone()).into(),
                (order_lines.len() as i64).into(),
                total_each.into(),
                g.weighted(&[(OrderSource::Edi, 45), (OrderSource::Portal, 40), (OrderSource::Api, 15)]).as_str().into(),
                created_at.clone().into(),
                shipped_at.clone().unwrap_or(created_at).into(),
            ]);
            for (index, &(item_index, uom, quantity, each)) in order_lines.iter().enumerate() {
                let item = &self.items[item_index];
                let (allocated, picked, shipped, line_status) = match status {
                    OrderStatus::Open => (0, 0, 0, LineStatus::Open),
                    OrderStatus::Cancelled => (0, 0, 0, LineStatus::Cancelled),
                    OrderStatus::Allocated => (each, 0, 0, LineStatus::Allocated),
                    OrderStatus::Picking if index % 2 == 0 => (each, each, 0, LineStatus::Picked),
                    OrderStatus::Picking => (each, 0, 0, LineStatus::Allocated),
                    OrderStatus::Packed => (each, each, 0, LineStatus::Picked),
                    OrderStatus::Shipped => (each, each, each, LineStatus::Shipped),
                };
                out.t.lines.push([
                    id.clone().into(),
                    (index as i64 + 1).into(),
                    item.id.clone().into(),
                    item.sku.clone().into(),
                    uom.as_str().into(),
                    quantity.into(),
                    each.into(),
                    allocated.into(),
                    picked.into(),
                    shipped.into(),
                    line_status.as_str().into(),
                ]);
            }
            for (line_no, row, quantity) in reserved {
                out.t.allocations.push([id.clone().into(), line_no.into(), stock[row].id.clone().into(), quantity.into()]);
            }

            if matches!(status, OrderStatus::Shipped | OrderStatus::Packed) {
                let loading = status == OrderStatus::Packed;
                let load_day = if loading { g.anchor } else { ship_day };
                let key = (load_day, carrier_index, loading);
                let load_id = loads
                    .entry(key)
                    .or_insert_with(|| LoadPlan { id: n.next(Seq::Load), carrier: carrier_index, day: load_day, loading, trailer: None, door: None })
                    .id
                    .clone();
                let shipment_id = n.next(Seq::Shipment);
                let (tracking, pro) = match carrier.mode {
                    Mode::Parcel => (Some(tracking_number(g, carrier.scac)), None),
                    _ => (None, Some(g.digits(10))),
                };
                let transit = service.1;
                let estimated = ship_day.saturating_add(transit.days());
                let days_to_delivery = (estimated - g.anchor).get_days() as i64;
                let shipment_status = match (loading, days_to_delivery) {
                    (true, _) => ShipmentStatus::LabelCreated,
                    (false, ..0) => g.weighted(&[(ShipmentStatus::Delivered, 96), (ShipmentStatus::Exception, 4)]),
                    (false, 0) => g.weighted(&[(ShipmentStatus::OutForDelivery, 70), (ShipmentStatus::InTransit, 30)]),
                    (false, _) => ShipmentStatus::InTransit,
                };
                let delivered_at = (shipment_status == ShipmentStatus::Delivered).then(|| stamp(estimated, g.int(540, 1140), -6));
                let created =
                    if loading { stamp(g.anchor, g.int(360, NOW_HOUR * 60 - 1), site.utc_offset) } else { stamp(ship_day, g.int(600, 880), site.utc_offset) };
                out.t.shipments.push([
                    shipment_id.clone().into(),
                    fid.into(),
                    id.clone().into(),
                    carrier.id.clone().into(),
                    service.0.clone().into(),
                    load_id.into(),
                    tracking.into(),
                    pro.into(),
                    shipment_status.as_str().into(),
                    (total_each / 6).clamp(1, 40).into(),
                    ((weight * 10.0).round() / 10.0).into(),
                    shipped_at.clone().into(),
                    estimated.to_string().into(),
                    delivered_at.clone().into(),
                    created.into(),
                ]);
                if let Some(shipped_at) = shipped_at {
                    let mut events = vec![(shipped_at.clone(), TrackingCode::PickedUp, site.city, site.state)];
                    if days_ago <= 21 {
                        let hub = g.pick(names::CITIES);
                        events.push((stamp(ship_day, 1260, site.utc_offset), TrackingCode::DepartedFacility, site.city, site.state));
                        events.push((stamp(ship_day.saturating_add(1.days()), g.int(240, 720), -6), TrackingCode::ArrivedFacility, hub.0, hub.1));
                        events.push((stamp(estimated, g.int(420, 520), -6), TrackingCode::OutForDelivery, city, state));
                    }
                    match shipment_status {
                        ShipmentStatus::Delivered => {
                            events.push((delivered_at.expect("delivered shipments have a time"), TrackingCode::Delivered, city, state))
                        }
                        ShipmentStatus::Exception => events.push((stamp(estimated, g.int(600, 900), -6), TrackingCode::Exception, city, state)),
                        _ => {}
                    }
                    for (at, code, city, state) in events {
                        if at <= now {
                            out.t.events.push([
                                shipment_id.clone().into(),
                                at.into(),
                                code.as_str().into(),
                                event_text(code).into(),
                                city.into(),
                                state.into(),
                            ]);
                        }
                    }
                }
            }
            produced += line_count;
            out.flush_full().await?;
        }

        // Loads to plan for the next days.
        for day in 1..=3 {
            for _ in 0..2 {
                let carrier = *g.pick(&trucks);
                let date = g.day(day);
                loads.entry((date, carrier, false)).or_insert_with(|| LoadPlan {
                    id: n.next(Seq::Load),
                    carrier,
                    day: date,
                    loading: false,
                    trailer: None,
                    door: None,
                });
            }
        }

        // Doors and the trailers at them.
        let mut doors: Vec<Door> = (1..=site.doors)
            .map(|i| Door {
                id: format!("{}-D{i:02}", site.short),
                kind: if i <= site.inbound_doors {
                    Direction::Inbound
                } else if site.inbound_doors > 0 {
                    Direction::Outbound
                } else {
                    Direction::Both
                },
                trailer: None,
                out_of_service: false,
            })
            .collect();
        let broken = g.index(doors.len());
        doors[broken].out_of_service = true;
        let mut yard_trailers: Vec<(String, usize)> = Vec::new();
        let trailer_row = |g: &mut Gen,
                           out: &mut Out<'_>,
                           n: &mut Counters,
                           carrier: usize,
                           status: TrailerStatus,
                           door: Option<&str>,
                           slot: Option<String>,
                           state: LoadState| {
            let id = n.next(Seq::Trailer);
            let number = format!("{} {}", self.carriers[carrier].scac, g.digits(6));
            let kind = g.weighted(&[(TrailerKind::DryVan, 80), (TrailerKind::Reefer, 15), (TrailerKind::Flatbed, 5)]);
            let arrived_days = g.int(0, 6);
            let arrived = stamp(g.day(-arrived_days), if arrived_days == 0 { g.int(0, NOW_HOUR * 60 - 1) } else { g.int(0, 1439) }, site.utc_offset);
            let departed = (status == TrailerStatus::Departed).then(|| stamp(g.days_ago(0, 2), g.int(0, NOW_HOUR * 60 - 1), site.utc_offset));
            let (arrived, departed) = match departed {
                Some(departed) if departed < arrived => (departed.clone(), Some(arrived)),
                other => (arrived, other),
            };
            out.t.trailers.push([
                id.clone().into(),
                site.id.into(),
                number.clone().into(),
                self.carriers[carrier].id.clone().into(),
                kind.as_str().into(),
                if g.chance(0.9) { 53i64 } else { 48 }.into(),
                status.as_str().into(),
                slot.into(),
                door.map(str::to_owned).into(),
                state.as_str().into(),
                (state != LoadState::Empty).then(|| g.digits(7)).into(),
                arrived.into(),
                departed.into(),
            ]);
            (id, number)
        };
        for plan in loads.values_mut().filter(|p| p.loading) {
            let Some(door) = doors.iter_mut().find(|d| d.kind != Direction::Inbound && d.trailer.is_none() && !d.out_of_service) else { break };
            let (trailer, _) = trailer_row(g, out, n, plan.carrier, TrailerStatus::AtDoor, Some(&door.id), None, LoadState::Partial);
            door.trailer = Some(trailer.clone());
            plan.trailer = Some(trailer);
            plan.door = Some(door.id.clone());
        }
        for door in doors.iter_mut().filter(|d| d.trailer.is_none() && !d.out_of_service) {
            if g.chance(0.5) {
                let state =
                    if door.kind == Direction::Inbound { LoadState::Loaded } else { *g.pick(&[LoadState::Empty, LoadState::Partial, LoadState::Loaded]) };
                let carrier = *g.pick(&trucks);
                let (trailer, _) = trailer_row(g, out, n, carrier, TrailerStatus::AtDoor, Some(&door.id), None, state);
                door.trailer = Some(trailer);
            }
        }
        let mut slot = 0;
        for _ in 0..site.yard_trailers {
            slot += g.int(1, 3);
            let location = format!("{}-{:02}", char::from(b'A' + (slot / 40) as u8), slot % 40 + 1);
            let carrier = *g.pick(&trucks);
            let state = *g.pick(&[LoadState::Empty, LoadState::Empty, LoadState::Partial, LoadState::Loaded]);
            let (_, number) = trailer_row(g, out, n, carrier, TrailerStatus::InYard, None, Some(location), state);
            yard_trailers.push((number, carrier));
        }
        for _ in 0..15 {
            let carrier = *g.pick(&trucks);
            trailer_row(g, out, n, carrier, TrailerStatus::Departed, None, None, LoadState::Loaded);
        }
        for door in &doors {
            let status = if door.out_of_service {
                DoorStatus::OutOfService
            } else if door.trailer.is_some() {
                DoorStatus::Occupied
            } else {
                DoorStatus::Available
            };
            out.t.doors.push([
                door.id.clone().into(),
                fid.into(),
                door.id[4..].to_owned().into(),
                door.kind.as_str().into(),
                status.as_str().into(),
                door.trailer.clone().into(),
            ]);
        }

        let mut loads_by_day: BTreeMap<Date, Vec<String>> = BTreeMap::new();
        for plan in loads.values() {
            let carrier = &self.carriers[plan.carrier];
            let past = plan.day < g.anchor;
            let status = if plan.loading {
                LoadStatus::Loading
            } else if !past {
                LoadStatus::Planning
            } else if (g.anchor - plan.day).get_days() > 4 {
                LoadStatus::Delivered
            } else {
                LoadStatus::Dispatched
            };
            out.t.loads.push([
                plan.id.clone().into(),
                fid.into(),
                carrier.id.clone().into(),
                plan.trailer.clone().into(),
                plan.door.clone().into(),
                status.as_str().into(),
                format!("BOL{}", g.digits(9)).into(),
                (carrier.mode != Mode::Parcel).then(|| g.digits(10)).into(),
                stamp(plan.day, 1080, site.utc_offset).into(),
                past.then(|| stamp(plan.day, g.int(1080, 1230), site.utc_offset)).into(),
                g.stamp_before((plan.day - g.anchor).get_days() as i64 - 1, site.utc_offset).into(),
            ]);
            loads_by_day.entry(plan.day).or_default().push(plan.id.clone());
        }
        out.flush_full().await?;

        // Appointments: a week back and a week ahead, never two at one door at once.
        let mut taken: BTreeSet<(i64, usize, i64)> = BTreeSet::new();
        for day in -7..=7 {
            for _ in 0..site.appointments_per_day {
                let kind = if g.chance(0.5) { AppointmentKind::Inbound } else { AppointmentKind::Outbound };
                let usable: Vec<usize> = (0..doors.len())
                    .filter(|&i| match (kind, doors[i].kind) {
                        (_, Direction::Both) => true,
                        (AppointmentKind::Inbound, d) => d == Direction::Inbound,
                        (AppointmentKind::Outbound, d) => d == Direction::Outbound,
                    })
                    .collect();
                let hours = g.weighted(&[(1, 70), (2, 30)]);
                let mut slot = None;
                for _ in 0..20 {
                    let (door, start) = (*g.pick(&usable), g.int(6, 20 - hours));
                    if (start..start + hours).all(|h| !taken.contains(&(day, door, h))) {
                        slot = Some((door, start));
                        break;
                    }
                }
                let Some((door, start)) = slot else { continue };
                (start..start + hours).for_each(|h| {
                    taken.insert((day, door, h));
                });
                let date = g.day(day);
                let status = match day {
                    ..0 => g.weighted(&[(AppointmentStatus::Completed, 85), (AppointmentStatus::NoShow, 7), (AppointmentStatus::Cancelled, 8)]),
                    0 if start + hours <= NOW_HOUR => g.weighted(&[(AppointmentStatus::Completed, 90), (AppointmentStatus::NoShow, 10)]),
                    0 if start <= NOW_HOUR => AppointmentStatus::CheckedIn,
                    _ => g.weighted(&[(AppointmentStatus::Scheduled, 95), (AppointmentStatus::Cancelled, 5)]),
                };
                let (carrier, trailer_number) = match status {
                    AppointmentStatus::CheckedIn if !yard_trailers.is_empty() => {
                        let (number, carrier) = g.pick(&yard_trailers).clone();
                        (carrier, Some(number))
                    }
                    AppointmentStatus::Completed | AppointmentStatus::CheckedIn => {
                        let carrier = *g.pick(&trucks);
                        (carrier, Some(format!("{} {}", self.carriers[carrier].scac, g.digits(6))))
                    }
                    _ => {
                        let carrier = *g.pick(&trucks);
                        (carrier, g.chance(0.4).then(|| format!("{} {}", self.carriers[carrier].scac, g.digits(6))))
                    }
                };
                let references = match kind {
                    AppointmentKind::Inbound => asns_by_day.get(&date),
                    AppointmentKind::Outbound => loads_by_day.get(&date),
                };
                let reference = match references {
                    Some(list) => g.pick(list).clone(),
                    None => format!("PO-{}", g.digits(6)),
                };
                let checked_in = matches!(status, AppointmentStatus::Completed | AppointmentStatus::CheckedIn)
                    .then(|| stamp(date, start * 60 - g.int(0, 25), site.utc_offset));
                let created_offset = (day - g.int(1, 10)).min(0);
                let created_minute = if created_offset == 0 { g.int(0, NOW_HOUR * 60 - 1) } else { g.int(420, 1080) };
                out.t.appointments.push([
                    n.next(Seq::Appointment).into(),
                    fid.into(),
                    kind.as_str().into(),
                    self.carriers[carrier].id.clone().into(),
                    trailer_number.into(),
                    doors[door].id.clone().into(),
                    stamp(date, start * 60, site.utc_offset).into(),
                    stamp(date, (start + hours) * 60, site.utc_offset).into(),
                    status.as_str().into(),
                    reference.into(),
                    checked_in.into(),
                    g.chance(0.4).then(|| *g.pick(names::APPOINTMENT_NOTES)).into(),
                    stamp(g.day(created_offset), created_minute, site.utc_offset).into(),
                ]);
            }
        }

        // People and projects.
        let mut leaders = Vec::new();
        for _ in 0..site.users {
            let (first, last) = (*g.pick(names::FIRST_NAMES), *g.pick(names::LAST_NAMES));
            let base = format!("{}{}", first[..1].to_ascii_lowercase(), last.to_ascii_lowercase());
            let mut user_name = base.clone();
            let mut suffix = 1;
            while n.user_names.contains(&user_name) {
                suffix += 1;
                user_name = format!("{base}{suffix}");
            }
            n.user_names.insert(user_name.clone());
            n.users += 1;
            let id = format!("USR-{:04}", n.users);
            let job = g.weighted(&[
                ("PCK01", 14),
                ("PCK02", 3),
                ("PAK01", 8),
                ("REC01", 6),
                ("PUT01", 5),
                ("SHP01", 4),
                ("FLT01", 6),
                ("YRD01", 4),
                ("YRD02", 2),
                ("INV01", 3),
                ("QA01", 2),
                ("SUP01", 3),
                ("MGR01", 1),
            ]);
            let title = match job {
                "MGR01" => "T07",
                "SUP01" => "T05",
                "PCK02" => "T03",
                "INV01" | "QA01" => "T04",
                _ => *g.pick(&["T01", "T01", "T02"]),
            };
            if matches!(job, "MGR01" | "SUP01") {
                leaders.push(id.clone());
            }
            out.t.users.push([
                id.clone().into(),
                fid.into(),
                user_name.clone().into(),
                first.into(),
                last.into(),
                format!("{user_name}@demo-3pl.example").into(),
                job.into(),
                title.into(),
                g.weighted(&[(Shift::Day, 55), (Shift::Swing, 30), (Shift::Night, 15)]).as_str().into(),
                if g.chance(0.94) { "active" } else { "inactive" }.into(),
                g.days_ago(30, 3000).to_string().into(),
            ]);
            if leaders.is_empty() {
                leaders.push(id);
            }
        }
        let mut picked = BTreeSet::new();
        while picked.len() < 5 {
            picked.insert(g.index(names::PROJECTS.len()));
        }
        for index in picked {
            let (name, description) = names::PROJECTS[index];
            n.projects += 1;
            let start = g.days_ago(10, 150);
            let customer = name.contains("merchant") || name.contains("Kitting");
            out.t.projects.push([
                format!("PRJ-{:03}", n.projects).into(),
                fid.into(),
                customer.then(|| self.customers[pick_customer(g, &self.customer_weights)].id.clone()).into(),
                name.into(),
                description.into(),
                g.weighted(&[(ProjectStatus::Planned, 2), (ProjectStatus::Active, 5), (ProjectStatus::OnHold, 1), (ProjectStatus::Completed, 2)])
                    .as_str()
                    .into(),
                start.to_string().into(),
                start.saturating_add(g.int(30, 180).days()).to_string().into(),
                g.pick(&leaders).clone().into(),
            ]);
        }

        for row in stock {
            out.t.inventory.push([
                row.id.into(),
                fid.into(),
                self.items[row.item].id.clone().into(),
                row.location.into(),
                row.lot.into(),
                row.expires.map(|d| d.to_string()).into(),
                row.on_hand.into(),
                row.allocated.into(),
                row.status.as_str().into(),
                row.received.to_string().into(),
                stamp(row.received, g.int(420, 1000), site.utc_offset).into(),
            ]);
        }
        out.flush_full().await
    }
}

fn tracking_number(g: &mut Gen, scac: &str) -> String {
    match scac {
        "UPSN" => format!("1Z{}{}{}", g.letters(3), g.digits(3), g.digits(10)),
        "FDXE" => g.digits(12),
        "USPS" => format!("9400{}", g.digits(18)),
        _ => format!("{scac}{}", g.digits(10)),
    }
}

pub(crate) fn event_text(code: TrackingCode) -> &'static str {
    match code {
        TrackingCode::PickedUp => "Picked up by carrier",
        TrackingCode::DepartedFacility => "Departed origin facility",
        TrackingCode::ArrivedFacility => "Arrived at carrier facility",
        TrackingCode::OutForDelivery => "Out for delivery",
        TrackingCode::Delivered => "Delivered",
        TrackingCode::Exception => "Delivery exception: consignee closed",
    }
}
