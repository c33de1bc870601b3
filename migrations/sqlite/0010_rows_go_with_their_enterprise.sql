-- What is kept for an enterprise goes with it, and nothing can be written for it once it is gone.
-- Deleting an enterprise used to delete its rows table by table, and a call already under way for
-- it (a schedule's tick, a request) could still write a row afterwards: an orphan that outlived
-- its enterprise. Now every such table references tenants (id) ON DELETE CASCADE, so such a write
-- fails instead and the deletion needs one statement. Rows already orphaned by earlier
-- deletions are dropped on the way (the foreign key would refuse them). SQLite cannot add a
-- constraint to a table, so each one is built anew under its old name; the manifests' indexes on
-- plugin_records are created again when the plugins load.

CREATE TABLE new_plugin_records (
    id          INTEGER PRIMARY KEY,
    tenant_id   INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id   TEXT    NOT NULL,
    collection  TEXT    NOT NULL,
    data        TEXT    NOT NULL CHECK (json_valid(data)),
    version     INTEGER NOT NULL DEFAULT 1,
    created_at  INTEGER NOT NULL,
    created_by  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    updated_by  INTEGER NOT NULL
);
INSERT INTO new_plugin_records SELECT * FROM plugin_records WHERE tenant_id IN (SELECT id FROM tenants);
DROP TABLE plugin_records;
ALTER TABLE new_plugin_records RENAME TO plugin_records;
CREATE INDEX plugin_records_scope ON plugin_records (plugin_id, collection, tenant_id, id);
-- The cascade finds an enterprise's rows by this index rather than by reading the whole table.
CREATE INDEX plugin_records_tenant ON plugin_records (tenant_id);

CREATE TABLE new_plugin_tenants (
    plugin_id   TEXT    NOT NULL,
    tenant_id   INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    enabled     INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    updated_by  INTEGER,
    PRIMARY KEY (plugin_id, tenant_id)
);
INSERT INTO new_plugin_tenants SELECT * FROM plugin_tenants WHERE tenant_id IN (SELECT id FROM tenants);
DROP TABLE plugin_tenants;
ALTER TABLE new_plugin_tenants RENAME TO plugin_tenants;

CREATE TABLE new_plugin_schedule_runs (
    plugin_id     TEXT    NOT NULL,
    schedule      TEXT    NOT NULL,
    tenant_id     INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    next_run_at   INTEGER NOT NULL,
    last_run_at   INTEGER,
    last_error    TEXT,
    locked_until  INTEGER,
    PRIMARY KEY (plugin_id, schedule, tenant_id)
);
INSERT INTO new_plugin_schedule_runs SELECT * FROM plugin_schedule_runs WHERE tenant_id IN (SELECT id FROM tenants);
DROP TABLE plugin_schedule_runs;
ALTER TABLE new_plugin_schedule_runs RENAME TO plugin_schedule_runs;

CREATE TABLE new_plugin_file_usage (
    tenant_id   INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id   TEXT    NOT NULL,
    file_bytes  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, plugin_id)
);
INSERT INTO new_plugin_file_usage SELECT * FROM plugin_file_usage WHERE tenant_id IN (SELECT id FROM tenants);
DROP TABLE plugin_file_usage;
ALTER TABLE new_plugin_file_usage RENAME TO plugin_file_usage;

CREATE TABLE new_device_keys (
    id            INTEGER PRIMARY KEY,
    tenant_id     INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id     TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    key_hash      TEXT    NOT NULL UNIQUE,
    key_hint      TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    created_by    INTEGER NOT NULL,
    last_used_at  INTEGER,
    sn            TEXT,
    UNIQUE (tenant_id, plugin_id, name)
);
INSERT INTO new_device_keys (id, tenant_id, plugin_id, name, key_hash, key_hint, created_at, created_by, last_used_at, sn)
    SELECT id, tenant_id, plugin_id, name, key_hash, key_hint, created_at, created_by, last_used_at, sn
    FROM device_keys WHERE tenant_id IN (SELECT id FROM tenants);
DROP TABLE device_keys;
ALTER TABLE new_device_keys RENAME TO device_keys;

CREATE TABLE new_operation_records (
    id            INTEGER PRIMARY KEY,
    tenant_id     INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    account_id    INTEGER NOT NULL,
    username      TEXT    NOT NULL,
    operation     TEXT    NOT NULL,
    action        TEXT    NOT NULL,
    method        TEXT    NOT NULL,
    path          TEXT    NOT NULL,
    ip            TEXT    NOT NULL,
    request_data  TEXT    NOT NULL,
    result_code   INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
);
INSERT INTO new_operation_records SELECT * FROM operation_records WHERE tenant_id IN (SELECT id FROM tenants);
DROP TABLE operation_records;
ALTER TABLE new_operation_records RENAME TO operation_records;
CREATE INDEX operation_records_tenant_time ON operation_records (tenant_id, created_at);

CREATE TABLE new_uploads (
    id          TEXT    PRIMARY KEY,
    tenant_id   INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id   TEXT    NOT NULL,
    purpose     TEXT    NOT NULL,
    account_id  INTEGER NOT NULL,
    file_name   TEXT    NOT NULL,
    size        INTEGER NOT NULL,
    md5         TEXT    NOT NULL,
    sha256      TEXT    NOT NULL,
    facts       TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
);
INSERT INTO new_uploads SELECT * FROM uploads WHERE tenant_id IN (SELECT id FROM tenants);
DROP TABLE uploads;
ALTER TABLE new_uploads RENAME TO uploads;
CREATE INDEX uploads_by_age ON uploads (created_at);

CREATE TABLE new_approvals (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_id       INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id       TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    title           TEXT    NOT NULL,
    subject_id      TEXT    NOT NULL,
    detail          TEXT    NOT NULL,
    applicant_id    INTEGER NOT NULL,
    applicant_name  TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'waiting',
    decided_by      INTEGER,
    decided_by_name TEXT,
    comment         TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    decided_at      INTEGER
);
INSERT INTO new_approvals SELECT * FROM approvals WHERE tenant_id IN (SELECT id FROM tenants);
DROP TABLE approvals;
ALTER TABLE new_approvals RENAME TO approvals;
CREATE INDEX approvals_waiting ON approvals (tenant_id, status, created_at);
CREATE INDEX approvals_decided_by ON approvals (decided_by, decided_at);
