-- Tenant, role and account ids are never reused (issue 12, item 12). Without AUTOINCREMENT,
-- SQLite hands out max(id) + 1, so the enterprise created after the newest one was deleted got
-- its id, and with it whatever was still keyed by that id (plugin records, device keys, files,
-- sealed secrets). The tables are rebuilt with AUTOINCREMENT (in the migration's
-- transaction, so with foreign keys deferred: the rows are kept aside, the tables and the
-- tables that reference them with ON DELETE CASCADE dropped and created anew, the rows put back).
PRAGMA defer_foreign_keys = ON;

CREATE TEMP TABLE kept_tenants AS SELECT * FROM tenants;
CREATE TEMP TABLE kept_roles AS SELECT * FROM roles;
CREATE TEMP TABLE kept_accounts AS SELECT * FROM accounts;
CREATE TEMP TABLE kept_account_roles AS SELECT * FROM account_roles;
CREATE TEMP TABLE kept_role_menus AS SELECT * FROM role_menus;
CREATE TEMP TABLE kept_role_buttons AS SELECT * FROM role_buttons;
CREATE TEMP TABLE kept_sessions AS SELECT * FROM sessions;

DROP TABLE sessions;
DROP TABLE role_buttons;
DROP TABLE role_menus;
DROP TABLE account_roles;
DROP TABLE accounts;
DROP TABLE roles;
DROP TABLE tenants;

CREATE TABLE tenants (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_name     TEXT    NOT NULL UNIQUE,
    full_name       TEXT    NOT NULL,
    description     TEXT    NOT NULL DEFAULT '',
    abbr_en         TEXT    NOT NULL,
    credit_code     TEXT    NOT NULL,
    disabled        INTEGER NOT NULL DEFAULT 0,
    disabled_until  INTEGER,
    created_at      INTEGER NOT NULL,
    created_by      INTEGER,
    updated_at      INTEGER NOT NULL,
    updated_by      INTEGER
);
INSERT INTO tenants SELECT * FROM kept_tenants;
CREATE UNIQUE INDEX tenants_credit_code ON tenants (credit_code) WHERE id <> 0;

CREATE TABLE roles (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_id   INTEGER NOT NULL REFERENCES tenants (id),
    name        TEXT    NOT NULL,
    role_type   TEXT    NOT NULL CHECK (role_type IN ('ordinary', 'administrator')),
    remark      TEXT    NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL,
    created_by  INTEGER,
    updated_at  INTEGER NOT NULL,
    updated_by  INTEGER,
    UNIQUE (tenant_id, name)
);
INSERT INTO roles SELECT * FROM kept_roles;

CREATE TABLE accounts (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_id      INTEGER NOT NULL REFERENCES tenants (id),
    username       TEXT    NOT NULL UNIQUE,
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

CREATE TABLE account_roles (
    account_id  INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role_id     INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    PRIMARY KEY (account_id, role_id)
);
INSERT INTO account_roles SELECT * FROM kept_account_roles;

CREATE TABLE role_menus (
    role_id  INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    menu_id  INTEGER NOT NULL REFERENCES menus (menu_id) ON DELETE CASCADE,
    PRIMARY KEY (role_id, menu_id)
);
INSERT INTO role_menus SELECT * FROM kept_role_menus;

CREATE TABLE role_buttons (
    role_id    INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    button_id  INTEGER NOT NULL REFERENCES buttons (id) ON DELETE CASCADE,
    PRIMARY KEY (role_id, button_id)
);
INSERT INTO role_buttons SELECT * FROM kept_role_buttons;

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

DROP TABLE kept_tenants;
DROP TABLE kept_roles;
DROP TABLE kept_accounts;
DROP TABLE kept_account_roles;
DROP TABLE kept_role_menus;
DROP TABLE kept_role_buttons;
DROP TABLE kept_sessions;
