-- Proofs a plugin accepts once (contract 0.1.16 `proofs.spend`): a device's activation signature
-- replayed within its window is refused. Kept as SHA-256, per enterprise and plugin, until they
-- expire.
CREATE TABLE spent_proofs (
    tenant_id   BIGINT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id   TEXT    NOT NULL,
    proof_hash  TEXT    NOT NULL,
    expires_at  BIGINT NOT NULL,
    PRIMARY KEY (tenant_id, plugin_id, proof_hash)
);
CREATE INDEX spent_proofs_expiry ON spent_proofs (expires_at);
