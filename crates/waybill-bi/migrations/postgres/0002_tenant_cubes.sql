-- Cubes a tenant's administrators added to the shipped ones: the cube file as uploaded,
-- one per cube name; checked (and run once) before it is stored.
CREATE TABLE bi_tenant_cubes (
    tenant_id    TEXT NOT NULL,
    name         TEXT NOT NULL,
    file_name    TEXT NOT NULL,
    yaml         TEXT NOT NULL,
    updated_by   TEXT NOT NULL,
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, name)
);
