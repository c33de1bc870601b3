-- The enterprises' certificate authorities (host/src/pki.rs) and what each issued: the host keeps
-- the CA's key sealed and the serials it signed, so that it alone can revoke them and serve the CRL.
-- Never a key of an issued certificate.
CREATE TABLE certificate_authorities (
    tenant_id        INTEGER PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    certificate_pem  TEXT    NOT NULL,
    sealed_key       TEXT    NOT NULL,
    created_at       INTEGER NOT NULL
);

CREATE TABLE issued_certificates (
    tenant_id    INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    serial       TEXT    NOT NULL,
    plugin_id    TEXT    NOT NULL,
    common_name  TEXT    NOT NULL,
    not_after    INTEGER NOT NULL,
    issued_at    INTEGER NOT NULL,
    revoked_at   INTEGER,
    PRIMARY KEY (tenant_id, serial)
);
CREATE INDEX issued_certificates_revoked ON issued_certificates (tenant_id, revoked_at) WHERE revoked_at IS NOT NULL;
