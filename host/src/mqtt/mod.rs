//! Devices over MQTT (the design is `docs/mqtt.md`): the embedded gateway (`gateway`: MQTT 3.1.1
//! and 5, `packets`, over TCP, and over TLS with client certificates, `tls`), or the bridge to an
//! external broker cluster (`external`), and its policy apart from any transport: which topics a
//! device may use and what each one carries (`topics`), how fast and how much it may send
//! (`limits`); a session's device is present while it stands (`presence`).

pub mod external;
pub mod gateway;
pub mod holdings;
pub mod hooks;
pub mod limits;
pub mod packets;
pub mod presence;
pub mod tls;
pub mod topics;
