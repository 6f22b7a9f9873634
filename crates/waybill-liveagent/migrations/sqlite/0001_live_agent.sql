-- Live human agents, per tenant: sessions (the queue is their queued rows), their
-- messages, agents' presence, canned replies, and messaging tokens (kept hashed).
CREATE TABLE live_sessions (
    tenant_id     TEXT NOT NULL,
    id            TEXT NOT NULL,
    group_id      TEXT NOT NULL,
    customer_id   TEXT NOT NULL,
    chat_id       TEXT,
    facility_id   TEXT,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    email         TEXT NOT NULL,
    preview       TEXT NOT NULL,
    status        TEXT NOT NULL,
    agent_id      TEXT,
    requeued      BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    queued_at     BIGINT NOT NULL,
    claimed_at    BIGINT,
    closed_at     BIGINT,
    resolution    TEXT,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, group_id)
);
CREATE INDEX live_sessions_queue ON live_sessions (tenant_id, status, requeued, queued_at);
CREATE INDEX live_sessions_customer ON live_sessions (tenant_id, customer_id, status);
CREATE INDEX live_sessions_agent ON live_sessions (tenant_id, agent_id, status);

CREATE TABLE live_messages (
    tenant_id      TEXT NOT NULL,
    id             TEXT NOT NULL,
    session_id     TEXT NOT NULL,
    seq            BIGINT NOT NULL,
    sender_kind    TEXT NOT NULL,
    sender_id      TEXT NOT NULL,
    sender_name    TEXT NOT NULL,
    msg_type       BIGINT NOT NULL,
    content        TEXT NOT NULL,
    sent_at        BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, session_id, seq)
);
CREATE INDEX live_messages_rate ON live_messages (tenant_id, session_id, sender_kind, sent_at);

CREATE TABLE live_agents (
    tenant_id     TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    status        TEXT NOT NULL,
    sockets       BIGINT NOT NULL,
    left_at       BIGINT,
    last_seen_at  BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, user_id)
);

CREATE TABLE live_canned (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    title       TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE live_tokens (
    token_hash  TEXT NOT NULL PRIMARY KEY,
    kind        TEXT NOT NULL,
    tenant_id   TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    expires_at  BIGINT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX live_tokens_user ON live_tokens (tenant_id, user_id);
