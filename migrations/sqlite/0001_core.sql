-- Core schema of the console host: tenancy, accounts, permissions, sessions, logs, reference data.
-- Times are unix milliseconds (INTEGER) so the same schema ports to PostgreSQL as BIGINT.

CREATE TABLE tenants (
    id              INTEGER PRIMARY KEY,
    tenant_name     TEXT    NOT NULL UNIQUE,          -- short name
    full_name       TEXT    NOT NULL,
    description     TEXT    NOT NULL DEFAULT '',
    abbr_en         TEXT    NOT NULL,
    credit_code     TEXT    NOT NULL,                 -- unified social credit code (GB 32100-2015)
    disabled        INTEGER NOT NULL DEFAULT 0,
    disabled_until  INTEGER,                          -- NULL while disabled: until enabled again
    created_at      INTEGER NOT NULL,
    created_by      INTEGER,
    updated_at      INTEGER NOT NULL,
    updated_by      INTEGER
);
CREATE UNIQUE INDEX tenants_credit_code ON tenants (credit_code) WHERE id <> 0;

-- Tenant 0 is the platform itself; its users are platform users.
INSERT INTO tenants (id, tenant_name, full_name, abbr_en, credit_code, created_at, updated_at)
VALUES (0, 'Platform', 'Device Console platform', 'PLATFORM', '', 0, 0);

CREATE TABLE departments (
    id          INTEGER PRIMARY KEY,
    tenant_id   INTEGER NOT NULL REFERENCES tenants (id),
    code        TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    parent_id   INTEGER NOT NULL DEFAULT 0,           -- 0: top level
    level       INTEGER NOT NULL,                     -- depth, 1 at the top; derived from the parent
    created_at  INTEGER NOT NULL,
    created_by  INTEGER,
    updated_at  INTEGER NOT NULL,
    updated_by  INTEGER,
    UNIQUE (tenant_id, code)
);

CREATE TABLE roles (
    id          INTEGER PRIMARY KEY,
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

CREATE TABLE accounts (
    id             INTEGER PRIMARY KEY,
    tenant_id      INTEGER NOT NULL REFERENCES tenants (id),
    username       TEXT    NOT NULL UNIQUE,           -- login name, unique across tenants
    name           TEXT    NOT NULL,                  -- display name
    department_id  INTEGER REFERENCES departments (id),
    avatar         TEXT    NOT NULL DEFAULT '',
    password_hash  TEXT    NOT NULL,                  -- argon2id PHC string
    phone          TEXT    NOT NULL DEFAULT '',
    email          TEXT    NOT NULL DEFAULT '',
    account_type   TEXT    NOT NULL CHECK (account_type IN ('development', 'operation', 'test')),
    disabled       INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL,
    created_by     INTEGER,
    updated_at     INTEGER NOT NULL,
    updated_by     INTEGER
);
CREATE INDEX accounts_tenant ON accounts (tenant_id);

CREATE TABLE account_roles (
    account_id  INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role_id     INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    PRIMARY KEY (account_id, role_id)
);

-- The menu tree. Core entries are synced from the host's catalogue at start (source = 'core');
-- plugins add theirs (source = plugin id). scope 'platform' entries can only be granted to tenant 0.
CREATE TABLE menus (
    id              INTEGER PRIMARY KEY,
    menu_id         INTEGER NOT NULL UNIQUE,
    name            TEXT    NOT NULL,
    menu_type       TEXT    NOT NULL CHECK (menu_type IN ('group', 'page', 'link')),
    sort_weight     INTEGER NOT NULL DEFAULT 0,
    route_path      TEXT    NOT NULL,
    icon            TEXT    NOT NULL DEFAULT '',
    parent_menu_id  INTEGER NOT NULL DEFAULT 0,       -- 0: root
    scope           TEXT    NOT NULL DEFAULT 'tenant' CHECK (scope IN ('platform', 'tenant')),
    everyone        INTEGER NOT NULL DEFAULT 0,       -- shown to every signed-in user (operation guide)
    hidden          INTEGER NOT NULL DEFAULT 0,
    source          TEXT    NOT NULL DEFAULT 'custom',
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);

CREATE TABLE buttons (
    id           INTEGER PRIMARY KEY,
    menu_id      INTEGER NOT NULL REFERENCES menus (menu_id) ON DELETE CASCADE,
    button_type  TEXT    NOT NULL,                    -- view, add, edit, delete, ...
    name         TEXT    NOT NULL,
    description  TEXT    NOT NULL DEFAULT '',
    request_url  TEXT    NOT NULL DEFAULT '',
    action       TEXT    NOT NULL UNIQUE,             -- identifier a route requires
    source       TEXT    NOT NULL DEFAULT 'custom',
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

CREATE TABLE role_menus (
    role_id  INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    menu_id  INTEGER NOT NULL REFERENCES menus (menu_id) ON DELETE CASCADE,
    PRIMARY KEY (role_id, menu_id)
);

CREATE TABLE role_buttons (
    role_id    INTEGER NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    button_id  INTEGER NOT NULL REFERENCES buttons (id) ON DELETE CASCADE,
    PRIMARY KEY (role_id, button_id)
);

-- Opaque bearer tokens are never stored: only their SHA-256.
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
CREATE INDEX sessions_account ON sessions (account_id);

-- Failed-login counters per account ('account:<name>') and per address ('ip:<addr>').
CREATE TABLE login_failures (
    throttle_key     TEXT    PRIMARY KEY,
    failures         INTEGER NOT NULL,
    first_failed_at  INTEGER NOT NULL,
    locked_until     INTEGER
);

CREATE TABLE login_logs (
    id          INTEGER PRIMARY KEY,
    tenant_id   INTEGER,
    account_id  INTEGER,
    username    TEXT    NOT NULL,
    ip          TEXT    NOT NULL,
    user_agent  TEXT    NOT NULL,
    result      TEXT    NOT NULL,    -- success, bad_credentials, locked, disabled
    login_at    INTEGER NOT NULL,
    logout_at   INTEGER
);
CREATE INDEX login_logs_tenant_time ON login_logs (tenant_id, login_at);

CREATE TABLE operation_records (
    id            INTEGER PRIMARY KEY,
    tenant_id     INTEGER NOT NULL,
    account_id    INTEGER NOT NULL,
    username      TEXT    NOT NULL,
    operation     TEXT    NOT NULL,  -- route summary, e.g. "Add an enterprise"
    action        TEXT    NOT NULL,  -- permission the route required
    method        TEXT    NOT NULL,
    path          TEXT    NOT NULL,
    ip            TEXT    NOT NULL,
    request_data  TEXT    NOT NULL,  -- JSON body with secrets redacted
    result_code   INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE INDEX operation_records_tenant_time ON operation_records (tenant_id, created_at);

CREATE TABLE regions (
    id                 INTEGER PRIMARY KEY,
    parent_id          INTEGER NOT NULL DEFAULT 0,    -- 0: a continent
    region_en          TEXT    NOT NULL UNIQUE,       -- English identifier
    region_full_en     TEXT    NOT NULL DEFAULT '',
    region_ch          TEXT    NOT NULL,
    region_abbr_en     TEXT    NOT NULL,
    region_abbr_short  TEXT    NOT NULL DEFAULT '',
    pinyin             TEXT    NOT NULL DEFAULT '',
    disable_eu_us      INTEGER NOT NULL DEFAULT 0,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
);
CREATE INDEX regions_parent ON regions (parent_id);

INSERT INTO regions (id, parent_id, region_en, region_full_en, region_ch, region_abbr_en, region_abbr_short, pinyin, created_at, updated_at) VALUES
    (1, 0, 'Asia', 'Asia', '亚洲', 'AS', 'AS', 'YAZHOU', 0, 0),
    (2, 0, 'Europe', 'Europe', '欧洲', 'EU', 'EU', 'OUZHOU', 0, 0),
    (3, 0, 'NorthAmerica', 'North America', '北美洲', 'NA', 'NA', 'BEIMEIZHOU', 0, 0),
    (4, 0, 'SouthAmerica', 'South America', '南美洲', 'SA', 'SA', 'NANMEIZHOU', 0, 0),
    (5, 0, 'Africa', 'Africa', '非洲', 'AF', 'AF', 'FEIZHOU', 0, 0),
    (6, 0, 'Oceania', 'Oceania', '大洋洲', 'OC', 'OC', 'DAYANGZHOU', 0, 0),
    (7, 0, 'Antarctica', 'Antarctica', '南极洲', 'AN', 'AN', 'NANJIZHOU', 0, 0),
    (8, 1, 'China', 'People''s Republic of China', '中国', 'CN', 'CHN', 'ZHONGGUO', 0, 0),
    (9, 1, 'Japan', 'Japan', '日本', 'JP', 'JPN', 'RIBEN', 0, 0),
    (10, 2, 'Germany', 'Federal Republic of Germany', '德国', 'DE', 'DEU', 'DEGUO', 0, 0),
    (11, 2, 'France', 'French Republic', '法国', 'FR', 'FRA', 'FAGUO', 0, 0),
    (12, 3, 'UnitedStates', 'United States of America', '美国', 'US', 'USA', 'MEIGUO', 0, 0);

CREATE TABLE languages (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    name_en     TEXT    NOT NULL,
    code        TEXT    NOT NULL UNIQUE,
    is_default  INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE UNIQUE INDEX languages_one_default ON languages (is_default) WHERE is_default = 1;

INSERT INTO languages (name, name_en, code, is_default, created_at, updated_at) VALUES
    ('简体中文', 'Simplified Chinese', 'zhCn', 1, 0, 0),
    ('English', 'English', 'en', 0, 0, 0),
    ('Deutsch', 'German', 'de', 0, 0, 0),
    ('Español', 'Spanish', 'es', 0, 0, 0),
    ('Français', 'French', 'fr', 0, 0, 0),
    ('Português', 'Portuguese', 'pt', 0, 0, 0),
    ('Русский', 'Russian', 'ru', 0, 0, 0);

CREATE TABLE service_areas (
    id            INTEGER PRIMARY KEY,
    area_code     TEXT    NOT NULL UNIQUE,
    area_name     TEXT    NOT NULL,
    default_open  INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);

INSERT INTO service_areas (area_code, area_name, default_open, created_at, updated_at) VALUES
    ('asia', 'Asia', 1, 0, 0),
    ('europe', 'Europe', 0, 0, 0),
    ('america', 'America/US', 0, 0, 0);
