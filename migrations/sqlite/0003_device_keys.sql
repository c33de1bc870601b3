-- Keys with which devices and apps call a plugin's device-facing routes (`/api/device/<mount>/...`).
-- A key belongs to one tenant and one plugin; only its SHA-256 is stored.
CREATE TABLE device_keys (
    id INTEGER PRIMARY KEY,
    tenant_id INTEGER NOT NULL,
    plugin_id TEXT NOT NULL,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    key_hint TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    created_by INTEGER NOT NULL,
    last_used_at INTEGER,
    UNIQUE (tenant_id, plugin_id, name)
);
