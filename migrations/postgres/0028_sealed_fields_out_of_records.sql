-- Request bodies recorded before their plugins declared their secret fields sealed: fields whose
-- names did not say what they held (an object storage's access-key secret `key`, an uploaded TLS
-- private key `keyPem`, another service region's device key `key`) were kept whole. The records
-- stay; their bodies go.
UPDATE operation_records SET request_data = '{"sealed":"******"}'
WHERE method IN ('POST', 'PUT')
  AND (path = '/app-service/buckets' OR path LIKE '/app-service/buckets/%'
       OR path = '/device-access-service/ssl-certificates'
       OR path = '/data-sync-service/nodes' OR path LIKE '/data-sync-service/nodes/%');
