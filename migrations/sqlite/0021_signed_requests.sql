-- The optional request signature (spec CS §7; host/src/api/signature.rs): a device key may require
-- every request it authenticates to be signed, and the nonces of its signed requests are kept for
-- ten minutes so that none is accepted twice.
ALTER TABLE device_keys ADD COLUMN require_signature INTEGER NOT NULL DEFAULT 0;

CREATE TABLE request_nonces (
    key_id   INTEGER NOT NULL REFERENCES device_keys (id) ON DELETE CASCADE,
    nonce    TEXT    NOT NULL,
    seen_at  INTEGER NOT NULL,
    PRIMARY KEY (key_id, nonce)
);
