-- Long work a user started (an export): what it runs, where it stands, and its file, kept seven
-- days in the object store.
CREATE TABLE tasks (
    id           BIGSERIAL PRIMARY KEY,
    tenant_id    BIGINT  NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    user_id      BIGINT  NOT NULL,
    plugin_id    TEXT    NOT NULL,
    route        TEXT    NOT NULL,
    title        TEXT    NOT NULL,
    status       TEXT    NOT NULL,
    file_name    TEXT,
    content_type TEXT,
    size         BIGINT,
    error        TEXT,
    created_at   BIGINT  NOT NULL,
    finished_at  BIGINT,
    expires_at   BIGINT  NOT NULL
);
CREATE INDEX tasks_of_user ON tasks (user_id, id);
CREATE INDEX tasks_by_expiry ON tasks (expires_at);
