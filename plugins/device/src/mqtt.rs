//! MQTT sign-in (`docs/mqtt.md`): the host's gateway asks whether a CONNECT's password
//! is the SN's signature of `clientId + sn + productKey + timestamp`, within ten minutes of the
//! platform's clock. Only an activated device of that product signs in; the SN's key stays with
//! the product plugin, which checks the signature as it does an activation's. Over TLS the host
//! has verified the device's client certificate (its enterprise's CA, not revoked, naming the
//! SN): then only the device and its product are checked here.

use console_plugin_sdk::{Call, PluginResult, Value, json, services};
use serde::{Deserialize, Serialize};

use crate::model::PRODUCT_SERVICE;
use crate::thing::SIGNED_TIME_WINDOW_MS;

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MqttLogin {
    pub sn: String,
    pub product_key: String,
    pub client_id: String,
    /// When the device signed (Unix ms), as its client id carries it.
    pub timestamp: i64,
    /// hex(HMAC-SHA256(SN key, clientId + sn + productKey + timestamp)).
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    pub signature: String,
    /// The host verified a client certificate naming the SN instead (only the host calls this).
    pub certificate: bool,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttSignedIn {
    pub valid: bool,
    /// The device's product key, when the host asked by SN alone (certificate or broker).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_key: Option<String>,
}

#[derive(Deserialize)]
struct Verified {
    valid: bool,
}

/// The message an MQTT password signs.
pub fn signed_message(login: &MqttLogin) -> String {
    format!("{}{}{}{}", login.client_id, login.sn, login.product_key, login.timestamp)
}

/// `POST /internal/mqtt/authenticate` (`caller = "host"`).
pub fn authenticate(call: &mut Call<'_>) -> PluginResult<Value> {
    let login: MqttLogin = call.body()?;
    let refused = || Ok(json!(MqttSignedIn { valid: false, product_key: None }));
    let fresh = call.host.now_ms().abs_diff(login.timestamp) <= SIGNED_TIME_WINDOW_MS.unsigned_abs();
    if (!login.certificate && !fresh) || login.signature.len() > 128 || crate::thing::sn_of("sn", &login.sn).is_err() {
        return refused();
    }
    let Ok(device) = crate::devices::find(call, &login.sn) else { return refused() };
    if login.certificate && login.product_key.is_empty() {
        return Ok(json!(MqttSignedIn { valid: true, product_key: Some(device.data.product_key) }));
    }
    if device.data.product_key != login.product_key {
        return refused();
    }
    if login.certificate {
        return Ok(json!(MqttSignedIn { valid: true, product_key: None }));
    }
    let signed = json!({ "message": signed_message(&login), "signature": login.signature });
    let path = format!("/internal/sns/{}/verify", login.sn);
    let verified: Verified = services::call(call.host, PRODUCT_SERVICE, "POST", &path, &[], &signed)?;
    Ok(json!(MqttSignedIn { valid: verified.valid, product_key: None }))
}
