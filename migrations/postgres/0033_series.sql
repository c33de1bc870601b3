-- Time series (contract 0.1.17 `series`): numbers over time per enterprise, plugin, subject and
-- name, partitioned by UTC day. The host makes the days of the retention and the next two, and
-- drops a day whole once it is past the retention (`db::series`): nothing is deleted row by
-- row. A point outside every partition is refused by the capability before it is written.
CREATE TABLE series (
    tenant_id BIGINT           NOT NULL,
    plugin_id TEXT             NOT NULL,
    subject   TEXT             NOT NULL,
    name      TEXT             NOT NULL,
    at        BIGINT           NOT NULL,
    value     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (tenant_id, plugin_id, subject, name, at)
) PARTITION BY RANGE (at);
