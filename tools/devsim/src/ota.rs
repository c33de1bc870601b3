//! A device's firmware upgrades (the upgrade plugin's device messages): it checks for its
//! package, downloads it (checking the SHA-256), reports each step, and ends as the test tells
//! it: installed, failed with a reason, or silent (it never answers, and times out).

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::{Answer, Device, Refusal};

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

impl Device {
    /// Asks for the package it should install, running `version_code`; `null` when none.
    pub async fn check_upgrade(&self, version_code: i64) -> Answer {
        let body = json!({ "sn": self.sn, "versionCode": version_code, "versionName": version_name(version_code) });
        self.platform.send_to(&self.key, reqwest::Method::POST, &format!("{MOUNT}/device/check"), Some(body)).await
    }

    pub async fn report_upgrade(&self, execution_id: &str, state: &str, progress: u32, reason: &str) -> Answer {
        let body = json!({ "executionId": execution_id, "state": state, "progress": progress, "reason": reason });
        self.platform.send_to(&self.key, reqwest::Method::POST, &format!("{MOUNT}/device/progress"), Some(body)).await
    }

    /// Checks and, when offered a package, upgrades to it as `outcome` says. Answers the offer
    /// (`null`: none); after `Install` the device runs the target version.
    pub async fn upgrade(&mut self, version_code: &mut i64, outcome: Outcome) -> Answer {
        let offer = self.check_upgrade(*version_code).await?;
        let Some(execution) = offer["executionId"].as_str() else { return Ok(Value::Null) };
        if outcome == Outcome::Silent {
            return Ok(offer);
        }
        self.report_upgrade(execution, "downloading", 0, "").await?;
        let bytes = self.download(offer["url"].as_str().unwrap_or_default()).await?;
        let sha256 = hex::encode(Sha256::digest(&bytes));
        if offer["sha256"].as_str() != Some(sha256.as_str()) {
            self.report_upgrade(execution, "failed", 100, "verify").await?;
            return Ok(offer);
        }
        self.report_upgrade(execution, "downloaded", 100, "").await?;
        self.report_upgrade(execution, "verifying", 100, "").await?;
        self.report_upgrade(execution, "updating", 50, "").await?;
        match outcome {
            Outcome::Fail(reason) => {
                self.report_upgrade(execution, "failed", 50, reason).await?;
            }
            _ => {
                self.report_upgrade(execution, "succeeded", 100, "").await?;
                *version_code = offer["targetVersionCode"].as_i64().unwrap_or(*version_code);
            }
        }
        Ok(offer)
    }

    /// Downloads a package from the signed URL it was given (the host's or the object store's).
    async fn download(&self, url: &str) -> Result<Vec<u8>, Refusal> {
        let url = if url.starts_with('/') { format!("{}{url}", self.platform.base_url) } else { url.to_string() };
        let response = self.platform.http.get(url).send().await.map_err(Refusal::failed)?;
        if !response.status().is_success() {
            return Err(Refusal { code: i64::from(response.status().as_u16()), msg: "download".into(), field: None });
        }
        Ok(response.bytes().await.map_err(Refusal::failed)?.to_vec())
    }
}

/// The name of a version code as the simulator's firmware calls it: 100 → 1.0.0, 210 → 2.1.0.
pub fn version_name(code: i64) -> String {
    format!("{}.{}.{}", code / 100, code / 10 % 10, code % 10)
}
