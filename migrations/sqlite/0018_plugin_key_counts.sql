-- How many records hold each value of an indexed field, as PostgreSQL keeps them (its 0017), so
-- that a total filtered by one choice is read, not counted: the first page of a breed among
-- 10,000,000 pets counted 200,000 index entries (10 ms). One writer at a time on SQLite, so
-- triggers keep the one row per value exact in the writer's own transaction. The fields are
-- the manifests' indexes, named in `plugin_key_fields` when a plugin loads
-- (`plugin_store::keep_key_fields_sqlite`, which also counts records stored before).
CREATE TABLE plugin_key_fields (
    plugin_id TEXT NOT NULL,
    collection TEXT NOT NULL,
    field TEXT NOT NULL,
    PRIMARY KEY (plugin_id, collection, field)
) WITHOUT ROWID;

-- `value` is declared without a type so that SQLite converts nothing: the string "1" and the
-- number 1 stay two values, as `json_extract(data, ...) = ?` compares them.
CREATE TABLE plugin_key_counts (
    plugin_id TEXT NOT NULL,
    collection TEXT NOT NULL,
    field TEXT NOT NULL,
    tenant_id INTEGER NOT NULL,
    value NOT NULL,
    records INTEGER NOT NULL,
    PRIMARY KEY (plugin_id, collection, field, tenant_id, value)
) WITHOUT ROWID;

CREATE TRIGGER plugin_key_counts_added AFTER INSERT ON plugin_records BEGIN
    INSERT INTO plugin_key_counts (plugin_id, collection, field, tenant_id, value, records)
    SELECT NEW.plugin_id, NEW.collection, f.field, NEW.tenant_id, json_extract(NEW.data, '$.' || f.field), 1
    FROM plugin_key_fields f
    WHERE f.plugin_id = NEW.plugin_id AND f.collection = NEW.collection
      AND json_extract(NEW.data, '$.' || f.field) IS NOT NULL
    ON CONFLICT DO UPDATE SET records = records + 1;
END;

-- The key's columns compared one by one and (field, value) as a pair: so the primary key finds the
-- row (all five columns in one row value searched only the first three).
CREATE TRIGGER plugin_key_counts_removed AFTER DELETE ON plugin_records BEGIN
    UPDATE plugin_key_counts SET records = records - 1
    WHERE plugin_id = OLD.plugin_id AND collection = OLD.collection AND tenant_id = OLD.tenant_id
      AND (field, value) IN (
        SELECT f.field, json_extract(OLD.data, '$.' || f.field)
        FROM plugin_key_fields f WHERE f.plugin_id = OLD.plugin_id AND f.collection = OLD.collection);
    DELETE FROM plugin_key_counts
    WHERE records = 0 AND plugin_id = OLD.plugin_id AND collection = OLD.collection AND tenant_id = OLD.tenant_id
      AND (field, value) IN (
        SELECT f.field, json_extract(OLD.data, '$.' || f.field)
        FROM plugin_key_fields f WHERE f.plugin_id = OLD.plugin_id AND f.collection = OLD.collection);
END;

-- Only the values that changed move (a record saved with the same indexed values costs nothing).
CREATE TRIGGER plugin_key_counts_moved AFTER UPDATE OF data, tenant_id ON plugin_records BEGIN
    UPDATE plugin_key_counts SET records = records - 1
    WHERE plugin_id = OLD.plugin_id AND collection = OLD.collection AND tenant_id = OLD.tenant_id
      AND (field, value) IN (
        SELECT f.field, json_extract(OLD.data, '$.' || f.field)
        FROM plugin_key_fields f WHERE f.plugin_id = OLD.plugin_id AND f.collection = OLD.collection
          AND (NEW.tenant_id <> OLD.tenant_id
               OR json_extract(OLD.data, '$.' || f.field) IS NOT json_extract(NEW.data, '$.' || f.field)));
    DELETE FROM plugin_key_counts
    WHERE records = 0 AND plugin_id = OLD.plugin_id AND collection = OLD.collection AND tenant_id = OLD.tenant_id
      AND (field, value) IN (
        SELECT f.field, json_extract(OLD.data, '$.' || f.field)
        FROM plugin_key_fields f WHERE f.plugin_id = OLD.plugin_id AND f.collection = OLD.collection);
    INSERT INTO plugin_key_counts (plugin_id, collection, field, tenant_id, value, records)
    SELECT NEW.plugin_id, NEW.collection, f.field, NEW.tenant_id, json_extract(NEW.data, '$.' || f.field), 1
    FROM plugin_key_fields f
    WHERE f.plugin_id = NEW.plugin_id AND f.collection = NEW.collection
      AND json_extract(NEW.data, '$.' || f.field) IS NOT NULL
      AND (NEW.tenant_id <> OLD.tenant_id
           OR json_extract(OLD.data, '$.' || f.field) IS NOT json_extract(NEW.data, '$.' || f.field))
    ON CONFLICT DO UPDATE SET records = records + 1;
END;
