-- What a certificate was issued for: `mqtt` for a device's MQTT client certificate (contract
-- 0.1.16 `certificates.issue-for-mqtt`), the only kind that signs a device in over TLS; empty for
-- any other. Certificates issued before are marked by what the device-access pages recorded of
-- them (their type `mqtt`).
ALTER TABLE issued_certificates ADD COLUMN purpose TEXT NOT NULL DEFAULT '';
UPDATE issued_certificates SET purpose = 'mqtt'
WHERE EXISTS (
    SELECT 1 FROM plugin_records r
    WHERE r.tenant_id = issued_certificates.tenant_id AND r.plugin_id = 'device-access' AND r.collection = 'certificates'
      AND r.data ->> 'serial' = issued_certificates.serial
      AND r.data ->> 'certType' = 'mqtt'
);
