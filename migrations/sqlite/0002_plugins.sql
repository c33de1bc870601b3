-- Plugin runtime: the tenant- and plugin-scoped document store, per-tenant enablement, schedules.

CREATE TABLE plugin_records (
    id          INTEGER PRIMARY KEY,
    tenant_id   INTEGER NOT NULL,
    plugin_id   TEXT    NOT NULL,
    collection  TEXT    NOT NULL,
    data        TEXT    NOT NULL CHECK (json_valid(data)),   -- jsonb on PostgreSQL
    version     INTEGER NOT NULL DEFAULT 1,
    created_at  INTEGER NOT NULL,
    created_by  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    updated_by  INTEGER NOT NULL
);
-- Every query is scoped to (plugin, collection, tenant); manifests add expression indexes.
CREATE INDEX plugin_records_scope ON plugin_records (plugin_id, collection, tenant_id, id);

-- Explicit per-tenant choices; a tenant without a row gets the plugin's default from plugins.toml.
CREATE TABLE plugin_tenants (
    plugin_id   TEXT    NOT NULL,
    tenant_id   INTEGER NOT NULL,
    enabled     INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    updated_by  INTEGER,
    PRIMARY KEY (plugin_id, tenant_id)
);

-- When each schedule of each plugin runs next for each tenant; the lease lets several host
-- processes share the work.
CREATE TABLE plugin_schedule_runs (
    plugin_id     TEXT    NOT NULL,
    schedule      TEXT    NOT NULL,
    tenant_id     INTEGER NOT NULL,
    next_run_at   INTEGER NOT NULL,
    last_run_at   INTEGER,
    last_error    TEXT,
    locked_until  INTEGER,
    PRIMARY KEY (plugin_id, schedule, tenant_id)
);
