//! Certificates of the enterprise's own CA (contract 0.1.12; the manifest asks for
//! `certificates`, the operator grants it). The host signs and keeps the CA's key; a new key comes
//! back encrypted under the request's password, so the plugin stores nothing it could leak.

use crate::error::{PluginError, PluginResult};
use crate::host::Host;

pub use crate::bindings::console::plugin::certificates::{CertificateRequest, Inspection, Issued, KeyAlgorithm, Usage};

/// A host failure to sign is a 500 that rolls the call back; the plugin checks its fields first.
pub fn issue(host: &mut dyn Host, request: &CertificateRequest) -> PluginResult<Issued> {
    host.certificate_issue(request)
        .map_err(|why| PluginError::internal(format!("the certificate was not issued: {why}")))
}

/// A device's MQTT client certificate (contract 0.1.16): its common name the device's SN. Only
/// these sign devices in on MQTT over TLS.
pub fn issue_for_mqtt(host: &mut dyn Host, request: &CertificateRequest) -> PluginResult<Issued> {
    host.certificate_issue_for_mqtt(request)
        .map_err(|why| PluginError::internal(format!("the certificate was not issued: {why}")))
}

pub fn authority(host: &mut dyn Host) -> PluginResult<String> {
    host.certificate_authority().map_err(|why| PluginError::internal(format!("the enterprise's CA: {why}")))
}

/// Whether the certificate was valid until now.
pub fn revoke(host: &mut dyn Host, serial: &str) -> PluginResult<bool> {
    host.certificate_revoke(serial)
        .map_err(|why| PluginError::internal(format!("the certificate was not revoked: {why}")))
}
