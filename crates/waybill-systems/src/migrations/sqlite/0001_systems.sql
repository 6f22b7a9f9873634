-- Business systems (WMS, FMS, YMS, OMS) a tenant's admins registered: where they are,
-- how to sign in to them (secrets sealed, never returned), and the operations their
-- OpenAPI document describes.
CREATE TABLE business_systems (
    id               TEXT PRIMARY KEY,
    tenant_id        TEXT NOT NULL,
    name             TEXT NOT NULL,
    kind             TEXT NOT NULL,
    base_url         TEXT NOT NULL,
    auth_kind        TEXT NOT NULL,
    auth_settings    TEXT NOT NULL,
    auth_secret      TEXT,
    spec_url         TEXT,
    catalogue        TEXT NOT NULL,
    operation_count  BIGINT NOT NULL,
    safe_operations  TEXT NOT NULL,
    built_in         BIGINT NOT NULL,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
CREATE UNIQUE INDEX business_systems_name_idx ON business_systems(tenant_id, name);
