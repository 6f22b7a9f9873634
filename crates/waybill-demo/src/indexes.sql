-- Created after seeding: building an index once is faster than keeping it up to date
-- through a million inserts.

CREATE INDEX delivery_services_carrier ON delivery_services (carrier_id);
CREATE INDEX items_customer ON items (customer_id, sku);
CREATE INDEX inventory_item ON inventory (facility_id, item_id);
CREATE INDEX inventory_location ON inventory (location_id);
CREATE INDEX receipts_facility ON receipts (facility_id, expected_date);
CREATE INDEX orders_facility_date ON orders (facility_id, requested_ship_date);
CREATE INDEX orders_facility_status ON orders (facility_id, status, requested_ship_date);
CREATE INDEX orders_customer_created ON orders (customer_id, created_at);
CREATE INDEX loads_facility ON loads (facility_id, planned_departure);
CREATE INDEX shipments_facility ON shipments (facility_id, created_at);
CREATE INDEX shipments_order ON shipments (order_id);
CREATE INDEX shipments_tracking ON shipments (tracking_number);
CREATE INDEX shipments_load ON shipments (load_id);
CREATE INDEX tracking_events_shipment ON tracking_events (shipment_id, occurred_at);
CREATE INDEX trailers_facility ON trailers (facility_id, status);
CREATE INDEX appointments_facility ON appointments (facility_id, window_start);
