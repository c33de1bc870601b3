-- Uploads by devices and apps (`caller = "device"` purposes): the key that made each, so that one
-- key keeps only a few waiting for their claim. NULL for a console user's upload.
ALTER TABLE uploads ADD COLUMN device_key_id BIGINT;
CREATE INDEX uploads_by_device_key ON uploads (device_key_id) WHERE device_key_id IS NOT NULL;
