-- What each plugin keeps for each enterprise, for its quotas: records and their bytes, counters,
-- device keys and requests waiting for a decision. As `plugin_key_counts` (0017), writers never
-- wait for each other here: a statement trigger adds a row of what it changed, and the host folds
-- an owner's rows into one, marked settled, in the background (`plugin_usage::settle`). The
-- totals are the sums of an owner's rows. No key to `tenants`: a cascade deleting an enterprise's
-- rows brings its totals to zero.
CREATE TABLE plugin_usage (
    tenant_id    BIGINT  NOT NULL,
    plugin_id    TEXT    NOT NULL,
    records      BIGINT  NOT NULL DEFAULT 0,
    record_bytes BIGINT  NOT NULL DEFAULT 0,
    counters     BIGINT  NOT NULL DEFAULT 0,
    device_keys  BIGINT  NOT NULL DEFAULT 0,
    approvals    BIGINT  NOT NULL DEFAULT 0,
    settled      BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX plugin_usage_owner ON plugin_usage (tenant_id, plugin_id);
CREATE INDEX plugin_usage_unsettled ON plugin_usage (tenant_id, plugin_id) WHERE NOT settled;

INSERT INTO plugin_usage (tenant_id, plugin_id, records, record_bytes, counters, device_keys, approvals, settled)
SELECT tenant_id, plugin_id, SUM(records), SUM(record_bytes), SUM(counters), SUM(device_keys), SUM(approvals), TRUE
FROM (
    SELECT tenant_id, plugin_id, COUNT(*) AS records, SUM(pg_column_size(data)) AS record_bytes,
           0 AS counters, 0 AS device_keys, 0 AS approvals
    FROM plugin_records GROUP BY tenant_id, plugin_id
    UNION ALL SELECT tenant_id, plugin_id, 0, 0, COUNT(*), 0, 0 FROM plugin_counters GROUP BY tenant_id, plugin_id
    UNION ALL SELECT tenant_id, plugin_id, 0, 0, 0, COUNT(*), 0 FROM device_keys GROUP BY tenant_id, plugin_id
    UNION ALL SELECT tenant_id, plugin_id, 0, 0, 0, 0, COUNT(*) FROM approvals WHERE status = 'waiting'
              GROUP BY tenant_id, plugin_id
) owned
GROUP BY tenant_id, plugin_id;

CREATE FUNCTION plugin_usage_records_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, records, record_bytes)
    SELECT tenant_id, plugin_id, COUNT(*), SUM(pg_column_size(data)) FROM added GROUP BY tenant_id, plugin_id;
    RETURN NULL;
END
$$;
CREATE FUNCTION plugin_usage_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, record_bytes)
    SELECT n.tenant_id, n.plugin_id, SUM(pg_column_size(n.data) - pg_column_size(o.data))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    GROUP BY n.tenant_id, n.plugin_id HAVING SUM(pg_column_size(n.data) - pg_column_size(o.data)) <> 0;
    RETURN NULL;
END
$$;
CREATE FUNCTION plugin_usage_records_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, records, record_bytes)
    SELECT tenant_id, plugin_id, -COUNT(*), -SUM(pg_column_size(data)) FROM removed GROUP BY tenant_id, plugin_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER plugin_usage_records_added AFTER INSERT ON plugin_records
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_records_added();
CREATE TRIGGER plugin_usage_records_changed AFTER UPDATE ON plugin_records
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_records_changed();
CREATE TRIGGER plugin_usage_records_removed AFTER DELETE ON plugin_records
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_records_removed();

CREATE FUNCTION plugin_usage_counters_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, counters)
    SELECT tenant_id, plugin_id, COUNT(*) FROM added GROUP BY tenant_id, plugin_id;
    RETURN NULL;
END
$$;
CREATE FUNCTION plugin_usage_counters_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, counters)
    SELECT tenant_id, plugin_id, -COUNT(*) FROM removed GROUP BY tenant_id, plugin_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER plugin_usage_counters_added AFTER INSERT ON plugin_counters
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_counters_added();
CREATE TRIGGER plugin_usage_counters_removed AFTER DELETE ON plugin_counters
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_counters_removed();

CREATE FUNCTION plugin_usage_device_keys_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, device_keys)
    SELECT tenant_id, plugin_id, COUNT(*) FROM added GROUP BY tenant_id, plugin_id;
    RETURN NULL;
END
$$;
CREATE FUNCTION plugin_usage_device_keys_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, device_keys)
    SELECT tenant_id, plugin_id, -COUNT(*) FROM removed GROUP BY tenant_id, plugin_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER plugin_usage_device_keys_added AFTER INSERT ON device_keys
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_device_keys_added();
CREATE TRIGGER plugin_usage_device_keys_removed AFTER DELETE ON device_keys
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_device_keys_removed();

CREATE FUNCTION plugin_usage_requests_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, approvals)
    SELECT tenant_id, plugin_id, COUNT(*) FROM added WHERE status = 'waiting' GROUP BY tenant_id, plugin_id;
    RETURN NULL;
END
$$;
CREATE FUNCTION plugin_usage_requests_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, approvals)
    SELECT n.tenant_id, n.plugin_id,
           SUM((n.status = 'waiting')::int - (o.status = 'waiting')::int)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    GROUP BY n.tenant_id, n.plugin_id HAVING SUM((n.status = 'waiting')::int - (o.status = 'waiting')::int) <> 0;
    RETURN NULL;
END
$$;
CREATE FUNCTION plugin_usage_requests_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_usage (tenant_id, plugin_id, approvals)
    SELECT tenant_id, plugin_id, -COUNT(*) FROM removed WHERE status = 'waiting' GROUP BY tenant_id, plugin_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER plugin_usage_requests_added AFTER INSERT ON approvals
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_requests_added();
CREATE TRIGGER plugin_usage_requests_changed AFTER UPDATE ON approvals
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_requests_changed();
CREATE TRIGGER plugin_usage_requests_removed AFTER DELETE ON approvals
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION plugin_usage_requests_removed();

-- Search documents keep their size, and each index the total, beside its number of documents.
ALTER TABLE search_documents ADD COLUMN bytes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE search_indexes ADD COLUMN bytes BIGINT NOT NULL DEFAULT 0;
