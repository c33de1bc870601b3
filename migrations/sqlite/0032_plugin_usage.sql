-- What each plugin keeps for each enterprise, for its quotas: records and their bytes, counters,
-- device keys and requests waiting for a decision. Triggers keep the totals in the writer's
-- transaction (SQLite has one writer at a time), so a quota reads one row instead of counting a
-- table. No key to `tenants`: a cascade deleting an enterprise's rows brings its totals to zero.
CREATE TABLE plugin_usage (
    tenant_id    INTEGER NOT NULL,
    plugin_id    TEXT    NOT NULL,
    records      INTEGER NOT NULL DEFAULT 0,
    record_bytes INTEGER NOT NULL DEFAULT 0,
    counters     INTEGER NOT NULL DEFAULT 0,
    device_keys  INTEGER NOT NULL DEFAULT 0,
    approvals    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, plugin_id)
) WITHOUT ROWID;

INSERT INTO plugin_usage (tenant_id, plugin_id)
SELECT tenant_id, plugin_id FROM plugin_records
UNION SELECT tenant_id, plugin_id FROM plugin_counters
UNION SELECT tenant_id, plugin_id FROM device_keys
UNION SELECT tenant_id, plugin_id FROM approvals WHERE status = 'waiting';
UPDATE plugin_usage SET
    records = (SELECT COUNT(*) FROM plugin_records r WHERE r.tenant_id = plugin_usage.tenant_id AND r.plugin_id = plugin_usage.plugin_id),
    record_bytes = (SELECT COALESCE(SUM(length(CAST(r.data AS BLOB))), 0) FROM plugin_records r
                    WHERE r.tenant_id = plugin_usage.tenant_id AND r.plugin_id = plugin_usage.plugin_id),
    counters = (SELECT COUNT(*) FROM plugin_counters c WHERE c.tenant_id = plugin_usage.tenant_id AND c.plugin_id = plugin_usage.plugin_id),
    device_keys = (SELECT COUNT(*) FROM device_keys k WHERE k.tenant_id = plugin_usage.tenant_id AND k.plugin_id = plugin_usage.plugin_id),
    approvals = (SELECT COUNT(*) FROM approvals a
                 WHERE a.tenant_id = plugin_usage.tenant_id AND a.plugin_id = plugin_usage.plugin_id AND a.status = 'waiting');

CREATE TRIGGER plugin_usage_record_added AFTER INSERT ON plugin_records BEGIN
    INSERT OR IGNORE INTO plugin_usage (tenant_id, plugin_id) VALUES (new.tenant_id, new.plugin_id);
    UPDATE plugin_usage SET records = records + 1, record_bytes = record_bytes + length(CAST(new.data AS BLOB))
    WHERE tenant_id = new.tenant_id AND plugin_id = new.plugin_id;
END;
CREATE TRIGGER plugin_usage_record_changed AFTER UPDATE OF data ON plugin_records BEGIN
    UPDATE plugin_usage SET record_bytes = record_bytes + length(CAST(new.data AS BLOB)) - length(CAST(old.data AS BLOB))
    WHERE tenant_id = new.tenant_id AND plugin_id = new.plugin_id;
END;
CREATE TRIGGER plugin_usage_record_removed AFTER DELETE ON plugin_records BEGIN
    UPDATE plugin_usage SET records = records - 1, record_bytes = record_bytes - length(CAST(old.data AS BLOB))
    WHERE tenant_id = old.tenant_id AND plugin_id = old.plugin_id;
END;

CREATE TRIGGER plugin_usage_counter_added AFTER INSERT ON plugin_counters BEGIN
    INSERT OR IGNORE INTO plugin_usage (tenant_id, plugin_id) VALUES (new.tenant_id, new.plugin_id);
    UPDATE plugin_usage SET counters = counters + 1 WHERE tenant_id = new.tenant_id AND plugin_id = new.plugin_id;
END;
CREATE TRIGGER plugin_usage_counter_removed AFTER DELETE ON plugin_counters BEGIN
    UPDATE plugin_usage SET counters = counters - 1 WHERE tenant_id = old.tenant_id AND plugin_id = old.plugin_id;
END;

CREATE TRIGGER plugin_usage_device_key_added AFTER INSERT ON device_keys BEGIN
    INSERT OR IGNORE INTO plugin_usage (tenant_id, plugin_id) VALUES (new.tenant_id, new.plugin_id);
    UPDATE plugin_usage SET device_keys = device_keys + 1 WHERE tenant_id = new.tenant_id AND plugin_id = new.plugin_id;
END;
CREATE TRIGGER plugin_usage_device_key_removed AFTER DELETE ON device_keys BEGIN
    UPDATE plugin_usage SET device_keys = device_keys - 1 WHERE tenant_id = old.tenant_id AND plugin_id = old.plugin_id;
END;

CREATE TRIGGER plugin_usage_request_added AFTER INSERT ON approvals WHEN new.status = 'waiting' BEGIN
    INSERT OR IGNORE INTO plugin_usage (tenant_id, plugin_id) VALUES (new.tenant_id, new.plugin_id);
    UPDATE plugin_usage SET approvals = approvals + 1 WHERE tenant_id = new.tenant_id AND plugin_id = new.plugin_id;
END;
CREATE TRIGGER plugin_usage_request_decided AFTER UPDATE OF status ON approvals
    WHEN old.status = 'waiting' AND new.status <> 'waiting' BEGIN
    UPDATE plugin_usage SET approvals = approvals - 1 WHERE tenant_id = old.tenant_id AND plugin_id = old.plugin_id;
END;
CREATE TRIGGER plugin_usage_request_removed AFTER DELETE ON approvals WHEN old.status = 'waiting' BEGIN
    UPDATE plugin_usage SET approvals = approvals - 1 WHERE tenant_id = old.tenant_id AND plugin_id = old.plugin_id;
END;

-- Search documents keep their size, and each index the total, beside its number of documents.
ALTER TABLE search_documents ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_indexes ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
