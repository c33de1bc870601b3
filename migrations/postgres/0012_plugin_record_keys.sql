-- The values of each record's indexed fields, one row per (record, field), for counting
-- (issue 14). PostgreSQL never counts from an expression index alone: its planner wants the
-- `data` column the expression reads, so a total over 20,000 matches visited 20,000 heap pages.
-- These rows are plain columns, which an index-only scan counts. A trigger keeps them, for the
-- fields `plugin_key_fields` names (a manifest's indexes, set when the plugin loads).
CREATE TABLE plugin_key_fields (
    plugin_id TEXT NOT NULL,
    collection TEXT NOT NULL,
    field TEXT NOT NULL,
    PRIMARY KEY (plugin_id, collection, field)
);

CREATE TABLE plugin_record_keys (
    record_id BIGINT NOT NULL REFERENCES plugin_records (id) ON DELETE CASCADE,
    field TEXT NOT NULL,
    tenant_id BIGINT NOT NULL,
    plugin_id TEXT NOT NULL,
    collection TEXT NOT NULL,
    value JSONB NOT NULL,
    PRIMARY KEY (record_id, field)
);
CREATE INDEX plugin_record_keys_count ON plugin_record_keys (plugin_id, collection, field, tenant_id, value);

CREATE FUNCTION plugin_record_keys_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM plugin_record_keys WHERE record_id = OLD.id;
    END IF;
    INSERT INTO plugin_record_keys (record_id, field, tenant_id, plugin_id, collection, value)
    SELECT NEW.id, f.field, NEW.tenant_id, NEW.plugin_id, NEW.collection, NEW.data -> f.field
    FROM plugin_key_fields f
    WHERE f.plugin_id = NEW.plugin_id AND f.collection = NEW.collection AND NEW.data ? f.field;
    RETURN NULL;
END
$$;

CREATE TRIGGER plugin_records_keys AFTER INSERT OR UPDATE OF data, tenant_id ON plugin_records
    FOR EACH ROW EXECUTE FUNCTION plugin_record_keys_keep();
