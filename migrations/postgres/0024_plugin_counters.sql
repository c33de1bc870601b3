-- Counters plugins keep (contract 0.1.14 `counters`): a dashboard's rollups, added to in the
-- call's transaction by one upsert instead of a record read and rewritten per figure. Per plugin
-- and enterprise; they go with the enterprise. The second index serves a platform call reading
-- every enterprise's counters of a name over a range of buckets.
CREATE TABLE plugin_counters (
    plugin_id TEXT    NOT NULL,
    tenant_id BIGINT  NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    name      TEXT    NOT NULL,
    bucket    BIGINT  NOT NULL,
    key       TEXT    NOT NULL,
    value     BIGINT  NOT NULL,
    PRIMARY KEY (plugin_id, tenant_id, name, bucket, key)
);

CREATE INDEX plugin_counters_across ON plugin_counters (plugin_id, name, bucket);
