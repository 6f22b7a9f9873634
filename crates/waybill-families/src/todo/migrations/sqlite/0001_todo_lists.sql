-- The plan (todo list) of each chat: its overall goal and tasks as JSON, one per chat.
CREATE TABLE todo_lists (
    tenant_id    TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    chat_id      TEXT NOT NULL,
    plan         TEXT NOT NULL,
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, user_id, chat_id)
);
