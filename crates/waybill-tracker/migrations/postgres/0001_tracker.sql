-- The built-in issue tracker, per tenant: projects, issues keyed <PROJECT>-<number>, and
-- their comments. People are kept by id with the name and email they had when named, so
-- JQL can match either.
CREATE TABLE tracker_projects (
    tenant_id    TEXT NOT NULL,
    id           TEXT NOT NULL,
    project_key  TEXT NOT NULL,
    name         TEXT NOT NULL,
    description  TEXT NOT NULL,
    lead_id      TEXT,
    next_number  BIGINT NOT NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, project_key)
);

CREATE TABLE tracker_issues (
    tenant_id        TEXT NOT NULL,
    id               TEXT NOT NULL,
    project_key      TEXT NOT NULL,
    number           BIGINT NOT NULL,
    issue_key        TEXT NOT NULL,
    issue_type       TEXT NOT NULL,
    summary          TEXT NOT NULL,
    description      TEXT NOT NULL,
    status           TEXT NOT NULL,
    status_category  TEXT NOT NULL,
    resolution       TEXT,
    priority         TEXT NOT NULL,
    priority_rank    BIGINT NOT NULL,
    assignee_id      TEXT,
    assignee_name    TEXT,
    assignee_email   TEXT,
    reporter_id      TEXT,
    reporter_name    TEXT,
    reporter_email   TEXT,
    labels           TEXT NOT NULL,
    facility_id      TEXT,
    due_date         TEXT,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, issue_key)
);
CREATE INDEX tracker_issues_project_idx ON tracker_issues(tenant_id, project_key, status);
CREATE INDEX tracker_issues_assignee_idx ON tracker_issues(tenant_id, assignee_id);
CREATE INDEX tracker_issues_created_idx ON tracker_issues(tenant_id, created_at);

CREATE TABLE tracker_comments (
    tenant_id     TEXT NOT NULL,
    id            TEXT NOT NULL,
    issue_id      TEXT NOT NULL,
    author_id     TEXT,
    author_name   TEXT NOT NULL,
    body          TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX tracker_comments_issue_idx ON tracker_comments(tenant_id, issue_id, created_at);
