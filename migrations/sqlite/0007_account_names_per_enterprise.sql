-- Account names are unique within an enterprise, not across all of them (issue 12, item 22):
-- a globally unique name told an enterprise administrator, by refusing "alice", that another
-- enterprise has an alice. An enterprise's accounts sign in as `name@ABBREVIATION`, so the
-- enterprise abbreviation becomes unique; platform accounts sign in by name.
PRAGMA defer_foreign_keys = ON;

CREATE TEMP TABLE kept_accounts AS SELECT * FROM accounts;
CREATE TEMP TABLE kept_account_roles AS SELECT * FROM account_roles;
CREATE TEMP TABLE kept_sessions AS SELECT * FROM sessions;

DROP TABLE sessions;
DROP TABLE account_roles;
DROP TABLE accounts;

CREATE TABLE accounts (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_id      INTEGER NOT NULL REFERENCES tenants (id),
    username       TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    department_id  INTEGER REFERENCES departments (id),
    avatar         TEXT    NOT NULL DEFAULT '',
    password_hash  TEXT    NOT NULL,
    phone          TEXT    NOT NULL DEFAULT '',
    email          TEXT    NOT NULL DEFAULT '',
    account_type   TEXT    NOT NULL CHECK (account_type IN ('development', 'operation', 'test')),
    disabled       INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,
    created_by     INTEGER,
    updated_at     INTEGER NOT NULL,
    updated_by     INTEGER
);
INSERT INTO accounts SELECT * FROM kept_accounts;
CREATE INDEX accounts_tenant ON accounts (tenant_id);
CREATE UNIQUE INDEX accounts_name_in_tenant ON accounts (tenant_id, username COLLATE NOCASE);

CREATE TABLE account_roles (
    account_id  INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role_id     INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    PRIMARY KEY (account_id, role_id)
);
INSERT INTO account_roles SELECT * FROM kept_account_roles;

CREATE TABLE sessions (
    id            INTEGER PRIMARY KEY,
    token_hash    TEXT    NOT NULL UNIQUE,
    account_id    INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    ended_at      INTEGER,
    end_reason    TEXT CHECK (end_reason IN ('logout', 'elsewhere', 'revoked')),
    ip            TEXT    NOT NULL,
    user_agent    TEXT    NOT NULL,
    login_log_id  INTEGER
);
INSERT INTO sessions SELECT * FROM kept_sessions;
CREATE INDEX sessions_account ON sessions (account_id);

DROP TABLE kept_accounts;
DROP TABLE kept_account_roles;
DROP TABLE kept_sessions;

-- Enterprises created before this with one abbreviation keep it; new ones and renames are
-- checked by the host. The index makes the sign-in lookup fast.
CREATE INDEX tenants_abbr ON tenants (abbr_en COLLATE NOCASE);
