-- Tenancy, sign-in and chat history. Times are Unix epoch milliseconds.
CREATE TABLE tenants (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

CREATE TABLE facilities (
    tenant_id   TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    id          TEXT NOT NULL,
    name        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);

CREATE TABLE users (
    id             TEXT PRIMARY KEY,
    email          TEXT NOT NULL,
    password_hash  TEXT NOT NULL,
    first_name     TEXT,
    user_name      TEXT NOT NULL,
    created_at     BIGINT NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users(email);

CREATE TABLE tenant_grants (
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    tenant_id  TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    is_admin   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, tenant_id)
);

CREATE TABLE facility_grants (
    user_id      TEXT NOT NULL,
    tenant_id    TEXT NOT NULL,
    facility_id  TEXT NOT NULL,
    PRIMARY KEY (user_id, tenant_id, facility_id),
    FOREIGN KEY (user_id, tenant_id) REFERENCES tenant_grants(user_id, tenant_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, facility_id) REFERENCES facilities(tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE refresh_tokens (
    id          TEXT PRIMARY KEY,
    family_id   TEXT NOT NULL,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    revoked_at  BIGINT
);
CREATE UNIQUE INDEX refresh_tokens_hash_key ON refresh_tokens(token_hash);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens(family_id);

CREATE TABLE chats (
    id            TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    owner_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    facility_id   TEXT NOT NULL,
    title         BYTEA NOT NULL, -- bytes: titles may hold NUL, which TEXT refuses
    title_by_user BIGINT NOT NULL DEFAULT 0,
    model         TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX chats_owner_idx ON chats(tenant_id, owner_id, updated_at);

CREATE TABLE chat_messages (
    chat_id     TEXT NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
    id          TEXT NOT NULL,
    position    BIGINT NOT NULL,
    role        TEXT NOT NULL,
    body        TEXT NOT NULL,
    body_hash   TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (chat_id, id)
);
CREATE INDEX chat_messages_order_idx ON chat_messages(chat_id, position);

CREATE TABLE audio_recordings (
    id            TEXT PRIMARY KEY,
    chat_id       TEXT NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
    file_name     TEXT NOT NULL,
    display_name  TEXT NOT NULL,
    path          TEXT NOT NULL,
    size          BIGINT NOT NULL,
    duration_secs DOUBLE PRECISION NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX audio_recordings_chat_idx ON audio_recordings(chat_id, created_at);
