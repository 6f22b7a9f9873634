-- A tenant's Jira site, when it uses Jira rather than the built-in tracker: its address,
-- flavour (cloud or datacenter), how it signs in, and the secret sealed.
CREATE TABLE tracker_jira_connections (
    tenant_id      TEXT PRIMARY KEY,
    base_url       TEXT NOT NULL,
    flavour        TEXT NOT NULL,
    auth_kind      TEXT NOT NULL,
    email          TEXT,
    sealed_secret  TEXT NOT NULL,
    updated_by     TEXT NOT NULL,
    updated_at     BIGINT NOT NULL
);
