-- An MQTT sign-in names the device's SN and product key, not its enterprise: the gateway finds
-- the keys bound to the SN (docs/mqtt.md).
CREATE INDEX device_keys_sn ON device_keys (sn) WHERE sn IS NOT NULL;
