-- The rollups of the time series: per enterprise, plugin, subject and name, the count, minimum,
-- maximum and sum of each ten minutes (`bucket`, its start), partitioned by UTC day as the
-- points are, and made, fed and dropped with them (`db::series`). Reads in buckets of ten
-- minutes or more read these instead of the points. Days kept from before are rolled up from
-- their points as the host starts.
CREATE TABLE series_rollups (
    tenant_id BIGINT           NOT NULL,
    plugin_id TEXT             NOT NULL,
    subject   TEXT             NOT NULL,
    name      TEXT             NOT NULL,
    bucket    BIGINT           NOT NULL,
    count     BIGINT           NOT NULL,
    min       DOUBLE PRECISION NOT NULL,
    max       DOUBLE PRECISION NOT NULL,
    sum       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (tenant_id, plugin_id, subject, name, bucket)
) PARTITION BY RANGE (bucket);
