-- The process centre (issue 13 §3): requests plugins submit for another user's decision. The
-- decision is recorded in the same transaction as the plugin applying it.
CREATE TABLE approvals (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_id       INTEGER NOT NULL,
    plugin_id       TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    title           TEXT    NOT NULL,
    subject_id      TEXT    NOT NULL,
    -- JSON object the deciders see.
    detail          TEXT    NOT NULL,
    applicant_id    INTEGER NOT NULL,
    applicant_name  TEXT    NOT NULL,
    -- waiting, approved, rejected
    status          TEXT    NOT NULL DEFAULT 'waiting',
    decided_by      INTEGER,
    decided_by_name TEXT,
    comment         TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    decided_at      INTEGER
);
CREATE INDEX approvals_waiting ON approvals (tenant_id, status, created_at);
CREATE INDEX approvals_decided_by ON approvals (decided_by, decided_at);
