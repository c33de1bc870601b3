-- Files uploaded to /api/files/upload/<mount>/<purpose> (issue 13 §2), waiting for the plugin to
-- claim them. A claim deletes the row in the plugin call's transaction; rows left unclaimed for an
-- hour are swept with their objects.
CREATE TABLE uploads (
    id          TEXT    PRIMARY KEY,
    tenant_id   INTEGER NOT NULL,
    plugin_id   TEXT    NOT NULL,
    purpose     TEXT    NOT NULL,
    account_id  INTEGER NOT NULL,
    file_name   TEXT    NOT NULL,
    size        INTEGER NOT NULL,
    md5         TEXT    NOT NULL,
    sha256      TEXT    NOT NULL,
    -- What the host told from the content: kind, content type, image facts (JSON).
    facts       TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX uploads_by_age ON uploads (created_at);
