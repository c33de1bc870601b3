-- A platform call reading every enterprise's counters (the dashboards) walked the index by name
-- and bucket, then fetched each row from the table for its key and value. With them included,
-- the read is an index-only scan.
DROP INDEX plugin_counters_across;
CREATE INDEX plugin_counters_across ON plugin_counters (plugin_id, name, bucket) INCLUDE (key, value, tenant_id);
