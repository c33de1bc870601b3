-- How many records hold each value of an indexed field, so that a total filtered by one choice
-- is read, not counted (issue 14: counting a breed's 200,000 of 10,000,000 records index-only
-- from plugin_record_keys took 48 ms). Writers never wait for each other here: every change to
-- plugin_record_keys adds a row of +n or -n (a trigger in the writer's transaction, so a
-- snapshot sees exactly the records it sees), and the host folds a value's rows into one,
-- marked settled, in the background (`plugin_store::settle_key_counts`). A total is the sum of
-- the value's rows: the settled one and what was written since.
CREATE TABLE plugin_key_counts (
    plugin_id TEXT NOT NULL,
    collection TEXT NOT NULL,
    field TEXT NOT NULL,
    tenant_id BIGINT NOT NULL,
    value JSONB NOT NULL,
    records BIGINT NOT NULL,
    settled BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX plugin_key_counts_value ON plugin_key_counts (plugin_id, collection, field, tenant_id, value) INCLUDE (records);
CREATE INDEX plugin_key_counts_unsettled ON plugin_key_counts (plugin_id, collection, field, tenant_id, value) WHERE NOT settled;

INSERT INTO plugin_key_counts (plugin_id, collection, field, tenant_id, value, records, settled)
SELECT plugin_id, collection, field, tenant_id, value, COUNT(*), TRUE
FROM plugin_record_keys GROUP BY plugin_id, collection, field, tenant_id, value;

CREATE FUNCTION plugin_key_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_key_counts (plugin_id, collection, field, tenant_id, value, records)
    SELECT plugin_id, collection, field, tenant_id, value, COUNT(*)
    FROM added GROUP BY plugin_id, collection, field, tenant_id, value;
    RETURN NULL;
END
$$;

CREATE FUNCTION plugin_key_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO plugin_key_counts (plugin_id, collection, field, tenant_id, value, records)
    SELECT plugin_id, collection, field, tenant_id, value, -COUNT(*)
    FROM removed GROUP BY plugin_id, collection, field, tenant_id, value;
    RETURN NULL;
END
$$;

CREATE TRIGGER plugin_record_keys_added AFTER INSERT ON plugin_record_keys
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION plugin_key_counts_added();
CREATE TRIGGER plugin_record_keys_removed AFTER DELETE ON plugin_record_keys
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION plugin_key_counts_removed();

-- A record rewritten with the same indexed values no longer deletes and re-adds their rows
-- (which would add a -1 and a +1 for nothing): only the values that changed move.
CREATE OR REPLACE FUNCTION plugin_record_keys_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM plugin_record_keys k
        WHERE k.record_id = OLD.id
          AND (NEW.tenant_id <> OLD.tenant_id OR NOT (NEW.data ? k.field) OR (NEW.data -> k.field) <> k.value);
    END IF;
    INSERT INTO plugin_record_keys (record_id, field, tenant_id, plugin_id, collection, value)
    SELECT NEW.id, f.field, NEW.tenant_id, NEW.plugin_id, NEW.collection, NEW.data -> f.field
    FROM plugin_key_fields f
    WHERE f.plugin_id = NEW.plugin_id AND f.collection = NEW.collection AND NEW.data ? f.field
    ON CONFLICT (record_id, field) DO NOTHING;
    RETURN NULL;
END
$$;
