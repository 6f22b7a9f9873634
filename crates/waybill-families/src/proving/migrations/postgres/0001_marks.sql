-- What the proving family's approved action did, so tests can see that an approved call
-- ran once and a denied one never did.
CREATE TABLE proving_marks (
    id           TEXT PRIMARY KEY,
    tenant_id    TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    label        TEXT NOT NULL,
    created_at   BIGINT NOT NULL
);
