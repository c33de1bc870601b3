-- Live events too large for a PostgreSQL notification (8,000 bytes), handed from the host that
-- published them to the other hosts on the same database (issue 14). Rows live a minute.
-- SQLite runs one host and never writes here; the table keeps both engines' schemas equal.
CREATE TABLE cluster_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
