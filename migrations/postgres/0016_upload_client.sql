-- The address a device or app upload came from: one key (an app's, in every copy of the app)
-- keeps only a few uploads waiting per address, so one client cannot use up the key's share.
ALTER TABLE uploads ADD COLUMN client_ip TEXT;
CREATE INDEX uploads_by_device_client ON uploads (device_key_id, client_ip) WHERE device_key_id IS NOT NULL;
