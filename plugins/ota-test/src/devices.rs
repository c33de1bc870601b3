//! Test devices: SN, IP, online status and time, app user. Operators add them; devices also
//! register themselves (and report online) through the device-facing route.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestDevice {
    pub sn: String,
    pub ip: String,
    pub online: bool,
    pub online_at: Option<i64>,
    pub app_user: String,
}

pub const DEVICES: Collection<TestDevice> = Collection::new("devices");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DeviceInput {
    sn: String,
    ip: String,
    online: bool,
    app_user: String,
}

pub fn sn(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::required(field, value, 64)?;
    if value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        Ok(value)
    } else {
        Err(PluginError::format(field, console_plugin_sdk::expected::CODE))
    }
}

fn ip(value: &str) -> PluginResult<String> {
    let value = validate::optional("ip", value, 45)?;
    if value.is_empty() || value.parse::<std::net::IpAddr>().is_ok() {
        Ok(value)
    } else {
        Err(PluginError::format(
            "ip",
            [
                "IPv4 或 IPv6 地址",
                "an IPv4 or IPv6 address",
                "eine IPv4- oder IPv6-Adresse",
                "una dirección IPv4 o IPv6",
                "une adresse IPv4 ou IPv6",
                "um endereço IPv4 ou IPv6",
                "адрес IPv4 или IPv6",
            ],
        ))
    }
}

impl DeviceInput {
    fn validate(self, now: i64, before: Option<&TestDevice>) -> PluginResult<TestDevice> {
        let online_at = match (self.online, before) {
            (true, Some(b)) if b.online => b.online_at,
            (true, _) => Some(now),
            (false, _) => before.and_then(|b| b.online_at),
        };
        Ok(TestDevice {
            sn: sn("sn", &self.sn)?,
            ip: ip(&self.ip)?,
            online: self.online,
            online_at,
            app_user: validate::optional("appUser", &self.app_user, SHORT_TEXT)?,
        })
    }
}

/// Every device's SN and state, for the task form.
/// A device in the task form's picker.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct DeviceOption {
    pub sn: String,
    pub online: bool,
}

pub fn options(call: &mut Call<'_>) -> PluginResult<Value> {
    let page = DEVICES.query(call.host, &Query::new().sort("sn", false).page(1, 1000))?;
    let options: Vec<DeviceOption> =
        page.list.into_iter().map(|d| DeviceOption { sn: d.data.sn, online: d.data.online }).collect();
    Ok(json!(options))
}

/// Test devices as a resource, deleted by SN; the online time is kept while a device stays online.
pub struct Devices;

impl Resource for Devices {
    type Data = TestDevice;
    type Input = DeviceInput;
    const COLLECTION: Collection<TestDevice> = DEVICES;
    const SEARCH: &'static [&'static str] = &["sn"];
    const FILTERS: &'static [&'static str] = &["online"];
    const SORT: &'static [(&'static str, bool)] = &[("sn", false)];

    fn name(device: &TestDevice) -> &str {
        &device.sn
    }

    fn validate(
        call: &mut Call<'_>,
        input: DeviceInput,
        current: Option<&Doc<TestDevice>>,
    ) -> PluginResult<TestDevice> {
        input.validate(call.host.now_ms(), current.map(|d| &d.data))
    }
}

/// A device registers or reports its state (device-facing).
pub fn register(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<DeviceInput>()?;
    let sn = sn("sn", &input.sn)?;
    let existing = DEVICES.query(call.host, &Query::new().eq("sn", sn.as_str()).page(1, 1))?.list.into_iter().next();
    let now = call.host.now_ms();
    let device = input.validate(now, existing.as_ref().map(|d| &d.data))?;
    Ok(json!(match existing {
        Some(doc) => DEVICES.update(call.host, &doc.id, &device, None)?,
        None => DEVICES.insert(call.host, &device)?,
    }))
}
