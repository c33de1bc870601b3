//! A device's firmware upgrades (the upgrade plugin's device messages): it checks for its
//! package, downloads it (checking the SHA-256), reports each step, and ends as the test tells
//! it: installed, failed with a reason, or silent (it never answers, and times out). The same
//! steps go over HTTP ([`Device`]) or over MQTT's OTA topics ([`crate::mqtt::MqttOta`]).

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::{Answer, Device, Platform, Refusal};

const MOUNT: &str = "/api/device/upgrade-service";

/// How a simulated upgrade ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Install,
    /// Fails at flashing, with this reason.
    Fail(&'static str),
    /// Takes the offer and never says anything again.
    Silent,
}

/// The body of an upgrade check: the device's SN and the version it runs.
pub fn check_body(sn: &str, version_code: i64) -> Value {
    json!({ "sn": sn, "versionCode": version_code, "versionName": version_name(version_code) })
}

/// The body of a progress report.
pub fn progress_body(execution_id: &str, state: &str, progress: u32, reason: &str) -> Value {
    json!({ "executionId": execution_id, "state": state, "progress": progress, "reason": reason })
}

/// How a device speaks to the upgrade service: the check and the progress reports. The
/// package itself is always downloaded over HTTP, by the signed URL of the offer.
// Only this workspace implements it, on one runtime: no `Send` bound is needed.
#[allow(async_fn_in_trait)]
pub trait UpgradeLink {
    /// Asks for the package it should install, running `version_code`; `null` when none.
    async fn check(&mut self, version_code: i64) -> Answer;
    async fn report(&mut self, execution_id: &str, state: &str, progress: u32, reason: &str) -> Answer;
    /// Where the package is downloaded from.
    fn platform(&self) -> &Platform;
}

/// Checks and, when offered a package, upgrades to it as `outcome` says. Answers the offer
/// (`null`: none); after `Install` the device runs the target version.
pub async fn upgrade(link: &mut impl UpgradeLink, version_code: &mut i64, outcome: Outcome) -> Answer {
    let offer = link.check(*version_code).await?;
    let Some(execution) = offer["executionId"].as_str() else { return Ok(Value::Null) };
    if outcome == Outcome::Silent {
        return Ok(offer);
    }
    link.report(execution, "downloading", 0, "").await?;
    let bytes = download(link.platform(), offer["url"].as_str().unwrap_or_default()).await?;
    let sha256 = hex::encode(Sha256::digest(&bytes));
    if offer["sha256"].as_str() != Some(sha256.as_str()) {
        link.report(execution, "failed", 100, "verify").await?;
        return Ok(offer);
    }
    link.report(execution, "downloaded", 100, "").await?;
    link.report(execution, "verifying", 100, "").await?;
    link.report(execution, "updating", 50, "").await?;
    match outcome {
        Outcome::Fail(reason) => {
            link.report(execution, "failed", 50, reason).await?;
        }
        _ => {
            link.report(execution, "succeeded", 100, "").await?;
            *version_code = offer["targetVersionCode"].as_i64().unwrap_or(*version_code);
        }
    }
    Ok(offer)
}

/// Downloads a package from the signed URL it was given (the host's or the object store's).
async fn download(platform: &Platform, url: &str) -> Result<Vec<u8>, Refusal> {
    let url = if url.starts_with('/') { format!("{}{url}", platform.base_url) } else { url.to_string() };
    let response = platform.http.get(url).send().await.map_err(Refusal::failed)?;
    if !response.status().is_success() {
        return Err(Refusal { code: i64::from(response.status().as_u16()), msg: "download".into(), field: None });
    }
    Ok(response.bytes().await.map_err(Refusal::failed)?.to_vec())
}

impl Device {
    /// Asks for the package it should install, running `version_code`; `null` when none.
    pub async fn check_upgrade(&self, version_code: i64) -> Answer {
        let body = check_body(&self.sn, version_code);
        self.platform.send_to(&self.key, reqwest::Method::POST, &format!("{MOUNT}/device/check"), Some(body)).await
    }

    pub async fn report_upgrade(&self, execution_id: &str, state: &str, progress: u32, reason: &str) -> Answer {
        let body = progress_body(execution_id, state, progress, reason);
        self.platform.send_to(&self.key, reqwest::Method::POST, &format!("{MOUNT}/device/progress"), Some(body)).await
    }

    /// [`upgrade`] over HTTP.
    pub async fn upgrade(&mut self, version_code: &mut i64, outcome: Outcome) -> Answer {
        upgrade(self, version_code, outcome).await
    }
}

impl UpgradeLink for Device {
    async fn check(&mut self, version_code: i64) -> Answer {
        self.check_upgrade(version_code).await
    }

    async fn report(&mut self, execution_id: &str, state: &str, progress: u32, reason: &str) -> Answer {
        self.report_upgrade(execution_id, state, progress, reason).await
    }

    fn platform(&self) -> &Platform {
        &self.platform
    }
}

/// The name of a version code as the simulator's firmware calls it: 100 → 1.0.0, 210 → 2.1.0.
pub fn version_name(code: i64) -> String {
    format!("{}.{}.{}", code / 100, code / 10 % 10, code % 10)
}
