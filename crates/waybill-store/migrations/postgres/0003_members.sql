-- User administration: roles and suspension per tenant, invitations, last sign-in.
-- A suspended grant keeps its roles and facilities, so reactivating restores them.
ALTER TABLE tenant_grants ADD COLUMN is_agent BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tenant_grants ADD COLUMN suspended_at BIGINT;
ALTER TABLE tenant_grants ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN last_login_at BIGINT;

-- An invitation is a single-use link with which an invited user sets their password.
CREATE TABLE invitations (
    token_hash  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    tenant_id   TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    created_by  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);
CREATE INDEX invitations_user_idx ON invitations(user_id, tenant_id);
CREATE INDEX tenant_grants_tenant_idx ON tenant_grants(tenant_id);
