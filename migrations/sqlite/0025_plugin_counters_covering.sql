-- A platform call reading every enterprise's counters (the dashboards) walked the index by name
-- and bucket, then looked each row up in the table for its key and value: 5 names over 90 days
-- took 8 ms for 450 sums out of 700,000 counters. With key and value in the index (the table's
-- other key column, the enterprise, comes with every entry of a WITHOUT ROWID table's index) the
-- read never leaves the index: 1.6 ms.
DROP INDEX plugin_counters_across;
CREATE INDEX plugin_counters_across ON plugin_counters (plugin_id, name, bucket, key, value);
