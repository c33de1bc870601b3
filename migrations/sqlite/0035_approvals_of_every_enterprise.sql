-- The platform's process centre lists the waiting requests of every enterprise at once (no
-- tenant in the filter): without this index each listing read the whole history.
CREATE INDEX approvals_waiting_everywhere ON approvals (status, created_at);
