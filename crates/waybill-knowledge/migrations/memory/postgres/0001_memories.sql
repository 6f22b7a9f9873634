-- Memories: a member's personal ones (owner_id set) and the tenant's system ones
-- (owner_id empty, written by admins), each with its importance and how it came to be.
CREATE TABLE memories (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    kind        TEXT NOT NULL,
    owner_id    TEXT,
    content     TEXT NOT NULL,
    importance  TEXT NOT NULL,
    source      TEXT NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE INDEX memories_by_owner ON memories (tenant_id, kind, owner_id, created_at);
