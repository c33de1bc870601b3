-- The size of every object a plugin keeps, per enterprise, as the database knows it: the quota
-- counts the difference between what a change makes an object and what this says it was, not
-- what object storage holds at the moment (a delete committed by another call reaches the store
-- only after its commit, and two deletes of one object each took its size off the total). A
-- deleted object stays as a row without a size, so a second delete finds nothing to take off.
-- Objects kept before this table are counted by what the store says the first time they change.
CREATE TABLE plugin_files (
    tenant_id  INTEGER NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    plugin_id  TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    size       INTEGER,
    PRIMARY KEY (tenant_id, plugin_id, name)
);
