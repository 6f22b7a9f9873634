-- The demo back office. No foreign keys: the generator and the handlers keep references
-- coherent, and seeding a million lines is faster without the checks.

CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE sequences (name TEXT PRIMARY KEY, next INTEGER NOT NULL) STRICT;

CREATE TABLE facilities (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, city TEXT NOT NULL, state TEXT NOT NULL, time_zone TEXT NOT NULL
) STRICT;

CREATE TABLE customers (
    id TEXT PRIMARY KEY, merchant_no TEXT NOT NULL UNIQUE, name TEXT NOT NULL, contact_name TEXT NOT NULL, email TEXT NOT NULL,
    phone TEXT NOT NULL, city TEXT NOT NULL, state TEXT NOT NULL, status TEXT NOT NULL, since TEXT NOT NULL
) STRICT;

CREATE TABLE carriers (
    id TEXT PRIMARY KEY, scac TEXT NOT NULL UNIQUE, name TEXT NOT NULL, mode TEXT NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL,
    active INTEGER NOT NULL
) STRICT;

CREATE TABLE delivery_services (
    id TEXT PRIMARY KEY, carrier_id TEXT NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL, mode TEXT NOT NULL,
    transit_days INTEGER NOT NULL, guaranteed INTEGER NOT NULL, active INTEGER NOT NULL
) STRICT;

CREATE TABLE accessorials (
    code TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL, amount REAL NOT NULL, unit TEXT NOT NULL
) STRICT;

CREATE TABLE items (
    id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, sku TEXT NOT NULL UNIQUE, description TEXT NOT NULL, category TEXT NOT NULL,
    upc TEXT NOT NULL, weight_lb REAL NOT NULL, length_in REAL NOT NULL, width_in REAL NOT NULL, height_in REAL NOT NULL,
    lot_controlled INTEGER NOT NULL, expiry_controlled INTEGER NOT NULL, hazmat INTEGER NOT NULL, status TEXT NOT NULL,
    created_at TEXT NOT NULL
) STRICT;

CREATE TABLE item_uoms (
    item_id TEXT NOT NULL, uom TEXT NOT NULL, qty_each INTEGER NOT NULL, PRIMARY KEY (item_id, uom)
) STRICT, WITHOUT ROWID;

CREATE TABLE locations (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, code TEXT NOT NULL, zone TEXT NOT NULL, aisle TEXT NOT NULL, bay INTEGER NOT NULL,
    level INTEGER NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, UNIQUE (facility_id, code)
) STRICT;

CREATE TABLE inventory (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, item_id TEXT NOT NULL, location_id TEXT NOT NULL, lot TEXT, expires_on TEXT,
    on_hand INTEGER NOT NULL, allocated INTEGER NOT NULL, status TEXT NOT NULL, received_on TEXT NOT NULL, updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE receipts (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, customer_id TEXT NOT NULL, asn_number TEXT NOT NULL UNIQUE, po_number TEXT NOT NULL,
    carrier_id TEXT NOT NULL, trailer_number TEXT, status TEXT NOT NULL, expected_date TEXT NOT NULL, received_at TEXT,
    created_at TEXT NOT NULL
) STRICT;

CREATE TABLE receipt_lines (
    receipt_id TEXT NOT NULL, line_no INTEGER NOT NULL, item_id TEXT NOT NULL, sku TEXT NOT NULL, uom TEXT NOT NULL,
    expected_qty INTEGER NOT NULL, received_qty INTEGER NOT NULL, lot TEXT, expires_on TEXT, PRIMARY KEY (receipt_id, line_no)
) STRICT, WITHOUT ROWID;

CREATE TABLE orders (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, customer_id TEXT NOT NULL, sales_order_id TEXT NOT NULL, po_number TEXT,
    status TEXT NOT NULL, ship_to_name TEXT NOT NULL, ship_to_line1 TEXT NOT NULL, ship_to_line2 TEXT, ship_to_city TEXT NOT NULL,
    ship_to_state TEXT NOT NULL, ship_to_postal_code TEXT NOT NULL, ship_to_country TEXT NOT NULL, ship_to_phone TEXT,
    requested_ship_date TEXT NOT NULL, carrier_id TEXT, service_id TEXT, line_count INTEGER NOT NULL, total_quantity INTEGER NOT NULL,
    source TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, UNIQUE (customer_id, sales_order_id)
) STRICT;

CREATE TABLE order_lines (
    order_id TEXT NOT NULL, line_no INTEGER NOT NULL, item_id TEXT NOT NULL, sku TEXT NOT NULL, uom TEXT NOT NULL,
    quantity INTEGER NOT NULL, quantity_each INTEGER NOT NULL, allocated_qty INTEGER NOT NULL, picked_qty INTEGER NOT NULL,
    shipped_qty INTEGER NOT NULL, status TEXT NOT NULL, PRIMARY KEY (order_id, line_no)
) STRICT, WITHOUT ROWID;

CREATE TABLE allocations (
    order_id TEXT NOT NULL, line_no INTEGER NOT NULL, inventory_id TEXT NOT NULL, quantity INTEGER NOT NULL,
    PRIMARY KEY (order_id, line_no, inventory_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE loads (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, carrier_id TEXT NOT NULL, trailer_id TEXT, door_id TEXT, status TEXT NOT NULL,
    bol_number TEXT NOT NULL, pro_number TEXT, planned_departure TEXT NOT NULL, departed_at TEXT, created_at TEXT NOT NULL
) STRICT;

CREATE TABLE shipments (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, order_id TEXT NOT NULL, carrier_id TEXT NOT NULL, service_id TEXT NOT NULL,
    load_id TEXT, tracking_number TEXT, pro_number TEXT, status TEXT NOT NULL, cartons INTEGER NOT NULL, weight_lb REAL NOT NULL,
    shipped_at TEXT, estimated_delivery TEXT, delivered_at TEXT, created_at TEXT NOT NULL
) STRICT;

CREATE TABLE tracking_events (
    id INTEGER PRIMARY KEY, shipment_id TEXT NOT NULL, occurred_at TEXT NOT NULL, code TEXT NOT NULL, description TEXT NOT NULL,
    city TEXT NOT NULL, state TEXT NOT NULL
) STRICT;

CREATE TABLE dock_doors (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, code TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL, trailer_id TEXT
) STRICT;

CREATE TABLE trailers (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, number TEXT NOT NULL, carrier_id TEXT NOT NULL, kind TEXT NOT NULL,
    length_ft INTEGER NOT NULL, status TEXT NOT NULL, yard_location TEXT, door_id TEXT, load_state TEXT NOT NULL, seal_number TEXT,
    arrived_at TEXT NOT NULL, departed_at TEXT
) STRICT;

CREATE TABLE appointments (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, kind TEXT NOT NULL, carrier_id TEXT NOT NULL, trailer_number TEXT, door_id TEXT,
    window_start TEXT NOT NULL, window_end TEXT NOT NULL, status TEXT NOT NULL, reference TEXT NOT NULL, checked_in_at TEXT,
    notes TEXT, created_at TEXT NOT NULL
) STRICT;

CREATE TABLE job_codes (code TEXT PRIMARY KEY, name TEXT NOT NULL, department TEXT NOT NULL, hourly_rate REAL NOT NULL) STRICT;
CREATE TABLE titles (id TEXT PRIMARY KEY, name TEXT NOT NULL, level INTEGER NOT NULL) STRICT;

CREATE TABLE users (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, user_name TEXT NOT NULL UNIQUE, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
    email TEXT NOT NULL, job_code TEXT NOT NULL, title_id TEXT NOT NULL, shift TEXT NOT NULL, status TEXT NOT NULL, hired_on TEXT NOT NULL
) STRICT;

CREATE TABLE projects (
    id TEXT PRIMARY KEY, facility_id TEXT NOT NULL, customer_id TEXT, name TEXT NOT NULL, description TEXT NOT NULL,
    status TEXT NOT NULL, start_date TEXT NOT NULL, due_date TEXT NOT NULL, owner_user_id TEXT NOT NULL
) STRICT;

CREATE TABLE inventory_adjustments (
    id INTEGER PRIMARY KEY, inventory_id TEXT NOT NULL, quantity INTEGER NOT NULL, reason_code TEXT NOT NULL, note TEXT, created_at TEXT NOT NULL
) STRICT;
