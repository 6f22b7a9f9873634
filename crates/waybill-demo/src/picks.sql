-- Pick events, derived once the orders are seeded (and added to a database seeded before
-- they existed): every picked line was picked by one of its facility's active pickers, in
-- one go, between 30 minutes and 6 hours after the order came in. Who and when follow
-- from the order number and line, so a seed always gives the same events.
CREATE TABLE picks (
    id INTEGER PRIMARY KEY, facility_id TEXT NOT NULL, order_id TEXT NOT NULL, line_no INTEGER NOT NULL, sku TEXT NOT NULL,
    user_id TEXT NOT NULL, quantity INTEGER NOT NULL, picked_at TEXT NOT NULL
) STRICT;

WITH pickers AS (
    SELECT facility_id, id, ROW_NUMBER() OVER (PARTITION BY facility_id ORDER BY id) - 1 AS k
    FROM users WHERE job_code IN ('PCK01', 'PCK02') AND status = 'active'
),
crews AS (SELECT facility_id, COUNT(*) AS n FROM pickers GROUP BY facility_id),
picked AS (
    SELECT o.facility_id, l.order_id, l.line_no, l.sku, l.picked_qty, o.created_at,
           CAST(substr(l.order_id, 5) AS INTEGER) * 7919 + l.line_no * 104729 AS h
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE l.picked_qty > 0
)
INSERT INTO picks (facility_id, order_id, line_no, sku, user_id, quantity, picked_at)
SELECT s.facility_id, s.order_id, s.line_no, s.sku, p.id, s.picked_qty,
       strftime('%Y-%m-%dT%H:%M:00Z', s.created_at, '+' || (30 + s.h % 330) || ' minutes')
FROM picked s
JOIN crews c ON c.facility_id = s.facility_id
JOIN pickers p ON p.facility_id = s.facility_id AND p.k = s.h % c.n
ORDER BY s.order_id, s.line_no;

CREATE INDEX picks_facility ON picks (facility_id, picked_at);
