-- Knowledge bases: the company's (scope 'company', written by admins) and a member's own
-- (scope 'personal', owner_id set). `version` grows whenever what can be found in one
-- changes, so each instance knows when its in-memory index is stale.
CREATE TABLE knowledge_bases (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    scope       TEXT NOT NULL,
    owner_id    TEXT,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    version     BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE INDEX knowledge_bases_by_owner ON knowledge_bases (tenant_id, scope, owner_id);

-- A document of a knowledge base: a file of the file service, and where its ingestion
-- stands (queued, extracting, indexing, ready, failed) with its progress (`done` of
-- `total` units: pages, then chunks). An instance working on it holds a lease
-- (`lease_owner` until `lease_until`), renewed while it works; one that stopped lets it
-- lapse and another (or the same, restarted) takes the document up again.
CREATE TABLE knowledge_documents (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    kb_id       TEXT NOT NULL,
    file_id     TEXT NOT NULL,
    filename    TEXT NOT NULL,
    media_type  TEXT NOT NULL,
    size        BIGINT NOT NULL,
    status      TEXT NOT NULL,
    done        BIGINT NOT NULL,
    total       BIGINT NOT NULL,
    error       TEXT,
    notice      TEXT,
    pages       BIGINT,
    chunks      BIGINT NOT NULL,
    attempts    BIGINT NOT NULL,
    lease_owner TEXT,
    lease_until BIGINT,
    created_by  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE INDEX knowledge_documents_by_kb ON knowledge_documents (tenant_id, kb_id, created_at);
CREATE INDEX knowledge_documents_pending ON knowledge_documents (status, lease_until);

-- The passages a document was cut into, in order, with the page or section they come
-- from, and their embedding (little-endian f32s, by `embedding_model`) once one is made.
CREATE TABLE knowledge_chunks (
    tenant_id       TEXT NOT NULL,
    kb_id           TEXT NOT NULL,
    document_id     TEXT NOT NULL,
    seq             BIGINT NOT NULL,
    page            BIGINT,
    section         TEXT NOT NULL,
    text            TEXT NOT NULL,
    embedding       BYTEA,
    embedding_model TEXT,
    PRIMARY KEY (tenant_id, document_id, seq)
);

CREATE INDEX knowledge_chunks_unembedded ON knowledge_chunks (embedding_model);
