//! The rules of a rollout, free of storage: who is in the gray, which package a device is
//! offered (must-pass versions first), when a rollout aborts itself, and how a device's
//! execution moves. AWS IoT jobs, Alibaba and ThingsBoard are the models.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Where a device stands in a gray release of `percent` (1-100): the same bucket for the same
/// package and SN every time, so a device in the gray stays in it as the percentage grows.
pub fn bucket(package_id: &str, sn: &str) -> u32 {
    let digest = Sha256::digest(format!("{package_id}:{sn}").as_bytes());
    u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]]) % 100
}

pub fn in_gray(package_id: &str, sn: &str, percent: u32) -> bool {
    bucket(package_id, sn) < percent
}

/// A package a device could be offered: what the check knows of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub package_id: String,
    /// The lowest version it installs on.
    pub current_code: i64,
    pub target_code: i64,
    pub must_pass: bool,
    /// Offered to this device now (test device, gray, issued, or released to all).
    pub eligible: bool,
}

/// The package a device on `version` is offered: the newest eligible one it can install, but
/// never past the first must-pass version ahead of it. That version comes first, or the way to
/// it (a package it can install now whose target is not beyond it); a must-pass version not yet
/// offered to this device holds back everything after it. None: nothing to do now.
pub fn choose(version: i64, candidates: &[Candidate]) -> Option<&Candidate> {
    let bound = candidates.iter().filter(|c| c.must_pass && c.target_code > version).map(|c| c.target_code).min();
    candidates
        .iter()
        .filter(|c| c.eligible && c.target_code > version && c.current_code <= version)
        .filter(|c| bound.is_none_or(|must| c.target_code <= must))
        .max_by_key(|c| (c.target_code, c.must_pass))
}

/// When a rollout stops itself: at least `min_devices` have finished, and more than
/// `percent` of them failed. Zero percent: the rule is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbortRule {
    pub failure_percent: u32,
    pub min_devices: u32,
}

impl AbortRule {
    pub fn trips(&self, succeeded: u64, failed: u64) -> bool {
        let finished = succeeded + failed;
        self.failure_percent > 0
            && finished >= u64::from(self.min_devices.max(1))
            && failed * 100 > u64::from(self.failure_percent) * finished
    }
}

/// A device's execution of a rollout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ExecState {
    Queued,
    Downloading,
    Downloaded,
    Verifying,
    Updating,
    Succeeded,
    Failed,
    TimedOut,
}

pub const EXEC_STATES: [ExecState; 8] = [
    ExecState::Queued,
    ExecState::Downloading,
    ExecState::Downloaded,
    ExecState::Verifying,
    ExecState::Updating,
    ExecState::Succeeded,
    ExecState::Failed,
    ExecState::TimedOut,
];

impl ExecState {
    pub fn key(self) -> &'static str {
        match self {
            ExecState::Queued => "queued",
            ExecState::Downloading => "downloading",
            ExecState::Downloaded => "downloaded",
            ExecState::Verifying => "verifying",
            ExecState::Updating => "updating",
            ExecState::Succeeded => "succeeded",
            ExecState::Failed => "failed",
            ExecState::TimedOut => "timedOut",
        }
    }

    pub fn is_final(self) -> bool {
        matches!(self, ExecState::Succeeded | ExecState::Failed | ExecState::TimedOut)
    }

    fn step(self) -> u8 {
        match self {
            ExecState::Queued => 0,
            ExecState::Downloading => 1,
            ExecState::Downloaded => 2,
            ExecState::Verifying => 3,
            ExecState::Updating => 4,
            _ => 5,
        }
    }

    /// What a device may report next: a later step (it may skip steps, or repeat one with more
    /// progress), or failure from any step. Timing out is the host's, never the device's.
    pub fn may_report(self, to: ExecState) -> bool {
        if self.is_final() || to == ExecState::TimedOut || to == ExecState::Queued {
            return false;
        }
        to == ExecState::Failed || to.step() >= self.step()
    }
}

/// What follows a failure or a timeout: another attempt while retries remain.
pub fn after_failure(attempts: u32, retries: u32, failure: ExecState) -> ExecState {
    if attempts <= retries { ExecState::Queued } else { failure }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(id: &str, current: i64, target: i64, must_pass: bool, eligible: bool) -> Candidate {
        Candidate { package_id: id.into(), current_code: current, target_code: target, must_pass, eligible }
    }

    #[test]
    fn a_must_pass_version_comes_first() {
        // A device on 1.0 (code 100); must-pass 2.0 (200); latest 3.0 (300).
        let packages = [package("v2", 100, 200, true, true), package("v3", 100, 300, false, true)];
        assert_eq!(choose(100, &packages).map(|c| c.package_id.as_str()), Some("v2"));
        // Once on 2.0, 3.0.
        assert_eq!(choose(200, &packages).map(|c| c.package_id.as_str()), Some("v3"));
        // On 3.0: nothing.
        assert_eq!(choose(300, &packages), None);
    }

    #[test]
    fn a_must_pass_version_not_offered_holds_back_later_ones() {
        let packages = [package("v2", 100, 200, true, false), package("v3", 100, 300, false, true)];
        assert_eq!(choose(100, &packages), None);
        // A must-pass version already passed does not matter.
        assert_eq!(choose(200, &packages).map(|c| c.package_id.as_str()), Some("v3"));
    }

    #[test]
    fn a_device_that_cannot_install_the_must_pass_version_yet_is_led_to_it() {
        // On 1.0; must-pass 4.0 installs from 3.0 on; 3.0 from 1.0; 5.0 from 1.0.
        let packages = [
            package("v3", 100, 300, false, true),
            package("v4", 300, 400, true, true),
            package("v5", 100, 500, false, true),
        ];
        assert_eq!(choose(100, &packages).map(|c| c.package_id.as_str()), Some("v3"));
        assert_eq!(choose(300, &packages).map(|c| c.package_id.as_str()), Some("v4"));
        assert_eq!(choose(400, &packages).map(|c| c.package_id.as_str()), Some("v5"));
    }

    #[test]
    fn the_newest_installable_package_wins_and_current_versions_bound_it() {
        let packages = [
            package("v2", 100, 200, false, true),
            package("v4", 300, 400, false, true), // needs 3.0 first
            package("v3", 100, 300, false, true),
            package("v5", 100, 500, false, false), // not offered to this device
        ];
        assert_eq!(choose(100, &packages).map(|c| c.package_id.as_str()), Some("v3"));
        assert_eq!(choose(300, &packages).map(|c| c.package_id.as_str()), Some("v4"));
        // A device already on the target or beyond is skipped.
        assert_eq!(choose(400, &[package("v4", 300, 400, false, true)]), None);
    }

    #[test]
    fn gray_selection_is_stable_and_near_its_percentage() {
        let sns: Vec<String> = (0..10_000).map(|n| format!("SN{n:06}")).collect();
        let in_ten: Vec<&String> = sns.iter().filter(|sn| in_gray("p1", sn, 10)).collect();
        assert!((900..=1100).contains(&in_ten.len()), "{} of 10,000 in a 10% gray", in_ten.len());
        // The same devices every time, and all of them still in when the gray grows.
        assert!(in_ten.iter().all(|sn| in_gray("p1", sn, 10) && in_gray("p1", sn, 30)));
        assert!(sns.iter().all(|sn| in_gray("p1", sn, 100)));
        assert!(!sns.iter().any(|sn| in_gray("p1", sn, 0)));
        // Another package picks other devices.
        let other = sns.iter().filter(|sn| in_gray("p2", sn, 10)).count();
        let both = in_ten.iter().filter(|sn| in_gray("p2", sn, 10)).count();
        assert!(both < other / 2, "{both} of {other} in both grays");
    }

    #[test]
    fn the_abort_rule_waits_for_its_minimum_then_trips_above_its_percentage() {
        let rule = AbortRule { failure_percent: 20, min_devices: 10 };
        assert!(!rule.trips(0, 9), "nine failures are fewer than the minimum");
        assert!(rule.trips(0, 10));
        assert!(!rule.trips(8, 2), "20% is not more than 20%");
        assert!(rule.trips(7, 3));
        assert!(!AbortRule { failure_percent: 0, min_devices: 1 }.trips(0, 100), "off");
    }

    #[test]
    fn executions_move_forward_or_fail_and_only_the_host_times_them_out() {
        use ExecState as E;
        for from in EXEC_STATES {
            for to in EXEC_STATES {
                let expected = !from.is_final()
                    && to != E::TimedOut
                    && to != E::Queued
                    && (to == E::Failed || to.step() >= from.step());
                assert_eq!(from.may_report(to), expected, "{from:?} -> {to:?}");
            }
        }
        assert!(E::Downloading.may_report(E::Downloading), "more progress");
        assert!(!E::Updating.may_report(E::Downloading));
        assert!(E::Queued.may_report(E::Succeeded));
    }

    #[test]
    fn retries_come_before_failure() {
        assert_eq!(after_failure(1, 2, ExecState::Failed), ExecState::Queued);
        assert_eq!(after_failure(2, 2, ExecState::TimedOut), ExecState::Queued);
        assert_eq!(after_failure(3, 2, ExecState::TimedOut), ExecState::TimedOut);
        assert_eq!(after_failure(1, 0, ExecState::Failed), ExecState::Failed);
    }
}
