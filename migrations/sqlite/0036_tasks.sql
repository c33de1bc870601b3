-- Long work a user started (an export): what it runs, where it stands, and its file, kept seven
-- days in the object store.
CREATE TABLE tasks (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant_id    INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    plugin_id    TEXT    NOT NULL,
    route        TEXT    NOT NULL,
    title        TEXT    NOT NULL,
    status       TEXT    NOT NULL,
    file_name    TEXT,
    content_type TEXT,
    size         INTEGER,
    error        TEXT,
    created_at   INTEGER NOT NULL,
    finished_at  INTEGER,
    expires_at   INTEGER NOT NULL
);
CREATE INDEX tasks_of_user ON tasks (user_id, id);
CREATE INDEX tasks_by_expiry ON tasks (expires_at);
