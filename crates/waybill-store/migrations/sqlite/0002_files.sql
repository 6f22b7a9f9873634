-- Uploaded files. The bytes live in the blob store under object_key; view_token is the
-- unguessable capability in the file's non-expiring view link.
CREATE TABLE files (
    id             TEXT PRIMARY KEY,
    tenant_id      TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    owner_id       TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    facility_id    TEXT NOT NULL,
    filename       TEXT NOT NULL,
    media_type     TEXT NOT NULL,
    size           BIGINT NOT NULL,
    object_key     TEXT NOT NULL,
    thumbnail_key  TEXT,
    view_token     TEXT NOT NULL,
    operator       TEXT NOT NULL,
    watermarked    BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL
);
CREATE UNIQUE INDEX files_view_token_key ON files(view_token);
CREATE INDEX files_owner_idx ON files(tenant_id, owner_id, created_at);
