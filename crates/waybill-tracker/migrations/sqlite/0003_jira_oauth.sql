-- Connections made by signing in with Atlassian (OAuth 2.0 3LO). sealed_secret holds the
-- access token; beside it: the site's cloud id, the rotating refresh token sealed, when
-- the access token expires (ms), the scopes granted, every site the grant reaches (JSON),
-- and when Atlassian refused to renew the grant (an administrator must connect again).
-- All empty for a connection signing in with a token an administrator entered.
ALTER TABLE tracker_jira_connections ADD COLUMN cloud_id TEXT;
ALTER TABLE tracker_jira_connections ADD COLUMN sealed_refresh_token TEXT;
ALTER TABLE tracker_jira_connections ADD COLUMN token_expires_at BIGINT;
ALTER TABLE tracker_jira_connections ADD COLUMN scopes TEXT;
ALTER TABLE tracker_jira_connections ADD COLUMN sites TEXT;
ALTER TABLE tracker_jira_connections ADD COLUMN grant_lost_at BIGINT;

-- Sign-ins an administrator started and Atlassian has not yet sent back: the state and the
-- browser's key are kept hashed, each used once, for ten minutes.
CREATE TABLE tracker_jira_oauth_states (
    state_hash    TEXT PRIMARY KEY,
    tenant_id     TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    browser_hash  TEXT NOT NULL,
    redirect_uri  TEXT NOT NULL,
    site_hint     TEXT,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL
);
CREATE INDEX tracker_jira_oauth_states_expiry ON tracker_jira_oauth_states (expires_at);
