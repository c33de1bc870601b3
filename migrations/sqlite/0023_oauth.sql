-- The OAuth 2.0 authorisation server (host/src/oauth): the enterprises' clients (spec DP §3 OAuth
-- client), the scopes they may ask for with what each lets a client read (configuration-list), and
-- the codes and tokens issued. Secrets, codes and tokens are kept as SHA-256 only.
CREATE TABLE oauth_clients (
    id                     INTEGER PRIMARY KEY,
    tenant_id              INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id              TEXT    NOT NULL UNIQUE,
    name                   TEXT    NOT NULL,
    client_type            TEXT    NOT NULL,
    secret_hash            TEXT    NOT NULL DEFAULT '',
    secret_hint            TEXT    NOT NULL DEFAULT '',
    direct_authorization   INTEGER NOT NULL DEFAULT 0,
    redirect_uris          TEXT    NOT NULL,
    product_category       TEXT    NOT NULL DEFAULT '',
    grant_types            TEXT    NOT NULL,
    roles                  TEXT    NOT NULL,
    scopes                 TEXT    NOT NULL,
    password_needed        INTEGER NOT NULL DEFAULT 1,
    access_token_seconds   INTEGER NOT NULL,
    refresh_token_seconds  INTEGER NOT NULL,
    resources              TEXT    NOT NULL,
    created_at             INTEGER NOT NULL,
    updated_at             INTEGER NOT NULL,
    UNIQUE (tenant_id, name)
);

CREATE TABLE oauth_scopes (
    tenant_id    INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    scope        TEXT    NOT NULL,
    description  TEXT    NOT NULL,
    resources    TEXT    NOT NULL,
    claims       TEXT    NOT NULL,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, scope)
);

CREATE TABLE oauth_codes (
    code_hash       TEXT    PRIMARY KEY,
    tenant_id       INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id       TEXT    NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
    subject         TEXT    NOT NULL,
    scope           TEXT    NOT NULL,
    redirect_uri    TEXT    NOT NULL,
    code_challenge  TEXT    NOT NULL,
    grant_id        TEXT    NOT NULL,
    expires_at      INTEGER NOT NULL,
    used_at         INTEGER
);

CREATE TABLE oauth_tokens (
    id           INTEGER PRIMARY KEY,
    token_hash   TEXT    NOT NULL UNIQUE,
    kind         TEXT    NOT NULL,
    tenant_id    INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id    TEXT    NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
    subject      TEXT    NOT NULL,
    scope        TEXT    NOT NULL,
    grant_id     TEXT    NOT NULL,
    issued_at    INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    revoked_at   INTEGER
);
CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);
CREATE INDEX oauth_tokens_subject ON oauth_tokens (tenant_id, subject, issued_at);
