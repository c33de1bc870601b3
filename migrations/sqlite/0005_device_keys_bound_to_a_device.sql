-- A device key may be bound to one device (its SN): what only that device may get (a test
-- patch it is whitelisted for, the WiFi password of its test task) is given only to its key.
-- NULL: a key shared by a fleet, which gets what any device of the tenant may get.
ALTER TABLE device_keys ADD COLUMN sn TEXT;
