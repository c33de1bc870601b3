-- Which host's MQTT session holds each device, and each host's lease on its name
-- (`mqtt::holdings`): when a host's lease lapses, another ends its sessions for it.
CREATE TABLE host_leases (
    host        TEXT    PRIMARY KEY,
    lease_until INTEGER NOT NULL
);
CREATE TABLE device_sessions (
    tenant_id INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id TEXT    NOT NULL,
    sn        TEXT    NOT NULL,
    host      TEXT    NOT NULL,
    holder    TEXT    NOT NULL,
    since     INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, plugin_id, sn)
);
CREATE INDEX device_sessions_host ON device_sessions (host);
