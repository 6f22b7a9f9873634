-- Saved BI dashboards, per tenant and user: their tiles (cube queries) as JSON, and the
-- capability link to their page as its SHA-256 and sealed (both NULL once revoked).
CREATE TABLE bi_dashboards (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    chat_id      TEXT,
    name         TEXT NOT NULL,
    tiles        TEXT NOT NULL,
    link_hash    TEXT UNIQUE,
    link_sealed  TEXT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX bi_dashboards_owner_idx ON bi_dashboards(tenant_id, user_id, created_at);
