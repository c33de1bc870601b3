-- Live events too large for a PostgreSQL notification (8,000 bytes), handed from the host that
-- published them to the other hosts on the same database (issue 14). Rows live a minute.
CREATE TABLE cluster_events (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX cluster_events_created_at ON cluster_events (created_at);
