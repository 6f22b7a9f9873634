-- Approvals of state-changing tool calls (DESIGN §4): each request the agent made for the
-- user's approval, and the user's decision. The decision is also kept in the message; this
-- is the audit trail administrators read.
CREATE TABLE tool_approvals (
    id             TEXT PRIMARY KEY,
    tenant_id      TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    chat_id        TEXT NOT NULL,
    message_id     TEXT NOT NULL,
    tool_call_id   TEXT NOT NULL,
    tool_name      TEXT NOT NULL,
    input          TEXT NOT NULL,
    requested_at   BIGINT NOT NULL,
    decision       TEXT,
    decided_at     BIGINT
);
CREATE INDEX tool_approvals_tenant_idx ON tool_approvals(tenant_id, requested_at);
CREATE INDEX tool_approvals_chat_idx ON tool_approvals(tenant_id, user_id, chat_id);
