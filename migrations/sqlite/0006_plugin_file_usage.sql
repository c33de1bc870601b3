-- Bytes of files each plugin keeps for each tenant, kept in the calls' transactions, so that the
-- operator's quota (`max_files_mib` in plugins.toml) holds (issue 12, item 7).
CREATE TABLE plugin_file_usage (
    tenant_id   INTEGER NOT NULL,
    plugin_id   TEXT    NOT NULL,
    file_bytes  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, plugin_id)
);
