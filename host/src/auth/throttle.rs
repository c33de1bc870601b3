//! Failed proofs counted per subject and per address, for every door that checks a password or
//! a signature: console sign-ins and password changes, the plugins' own (app users, device
//! activation, through the contract's `proofs`), MQTT sign-ins. Counters live in the database,
//! so that several host processes share them; a lock this process has seen is also remembered
//! in memory, so that a locked door refuses without asking the database.
//!
//! An attempt is counted *before* the proof is verified, in one atomic statement per key:
//! concurrent guesses cannot all pass a check made before any of them failed. A success takes
//! its count back. Where verifying costs less than a database write (MQTT), failures are counted
//! after the fact instead ([`Throttle::failed`]), and the remembered locks keep a flood cheap.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::api::ApiError;
use crate::config::Config;
use crate::db::{Db, now_ms};

/// How many failures lock, and for how long.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Failures of one subject before it is locked.
    pub per_subject: i64,
    /// Failures from one address (any subject) before the address is locked.
    pub per_address: i64,
    /// The window failures are counted in, and the length of a lock.
    pub window_ms: i64,
}

impl Limits {
    pub fn of(config: &Config) -> Limits {
        Limits {
            per_subject: config.login_max_failures,
            per_address: config.login_max_failures_per_ip,
            window_ms: config.login_lock_minutes * 60_000,
        }
    }
}

/// A door's counters: the subject it names (none where a proof cannot be guessed), and the
/// address the attempt came from, each with the multiple of the address allowance it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keys {
    subject: Option<String>,
    addresses: Vec<(String, i64)>,
}

/// Whether a proof can be guessed: a password a person chose, or a signature under a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    Password,
    Signature,
}

/// A signature door's address tolerates this many times the failures: a fleet behind one router
/// signs in there, and a signature is not guessed.
const SIGNATURE_ADDRESS_FACTOR: i64 = 5;
/// An IPv6 /48 (a site's delegation) tolerates this many times what one /64 does.
const SITE_FACTOR: i64 = 16;

impl Keys {
    /// The counters of an address under `door`'s name: its /64 (or IPv4 address), and for IPv6
    /// its /48 too, which one site holds whole.
    fn addresses(door: &str, address: &str, factor: i64) -> Vec<(String, i64)> {
        let mut keys = vec![(format!("{door}:{}", group(address)), factor)];
        if let Some(site) = site(address) {
            keys.push((format!("{door}:{site}"), factor * SITE_FACTOR));
        }
        keys
    }

    /// A console account (sign-in, password change).
    pub fn console(username: &str, address: &str) -> Keys {
        Keys {
            subject: Some(format!("account:{}", username.to_lowercase())),
            addresses: Self::addresses("ip", address, 1),
        }
    }

    /// A subject a plugin checks the proof of (contract 0.1.16 `proofs`), in its enterprise:
    /// the OAuth consent asks the same plugin, so its guesses land on the same counter.
    pub fn plugin(proof: Proof, (tenant, plugin): (i64, &str), subject: &str, address: &str) -> Keys {
        match proof {
            Proof::Password => Keys {
                subject: Some(format!("proof:{tenant}:{plugin}:{subject}")),
                addresses: Self::addresses(&format!("proof-ip:{plugin}"), address, 1),
            },
            Proof::Signature => Keys {
                subject: None,
                addresses: Self::addresses(&format!("signature-ip:{plugin}"), address, SIGNATURE_ADDRESS_FACTOR),
            },
        }
    }

    /// A device signing in over MQTT with its SN's signature: its address only.
    pub fn mqtt(address: &str) -> Keys {
        Keys { subject: None, addresses: Self::addresses("mqtt-ip", address, SIGNATURE_ADDRESS_FACTOR) }
    }

    fn all(&self) -> impl Iterator<Item = &String> {
        self.subject.iter().chain(self.addresses.iter().map(|(key, _)| key))
    }
}

/// The counter of a door a plugin bounds per address (contract 0.1.16 `proofs.take`).
pub fn door_key(tenant: i64, plugin: &str, door: &str, address: &str) -> String {
    format!("door:{tenant}:{plugin}:{door}:{}", group(address))
}

/// The address as the per-address counters see it: an IPv6 address by its /64, which one
/// subscriber holds whole, an IPv4 address as it is.
pub fn group(address: &str) -> String {
    match address.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        Ok(std::net::IpAddr::V6(v6)) => v6.to_ipv4_mapped().map_or_else(|| address.to_string(), |v4| v4.to_string()),
        _ => address.to_string(),
    }
}

/// The IPv6 /48 of an address (a site's delegation); none for IPv4.
pub fn site(address: &str) -> Option<String> {
    match address.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            Some(format!("{:x}:{:x}:{:x}::/48", s[0], s[1], s[2]))
        }
        _ => None,
    }
}

pub struct Throttle {
    db: Db,
    limits: Limits,
    /// Keys seen locked by this process, until when (unix ms).
    locked: Mutex<HashMap<String, i64>>,
}

/// Keys remembered locked at once; past it, those whose lock is over are forgotten, then all.
const REMEMBERED: usize = 100_000;

impl Throttle {
    pub fn new(db: Db, limits: Limits) -> Throttle {
        Throttle { db, limits, locked: Mutex::default() }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Refused when this process remembers either key locked: no database work.
    pub fn check_remembered(&self, keys: &Keys) -> Result<(), ApiError> {
        let now = now_ms();
        let locked = self.locked.lock().unwrap_or_else(|e| e.into_inner());
        for key in keys.all() {
            if let Some(until) = locked.get(key).filter(|until| **until > now) {
                return Err(refused(*until, now));
            }
        }
        Ok(())
    }

    fn remember(&self, key: &str, until: i64) {
        let mut locked = self.locked.lock().unwrap_or_else(|e| e.into_inner());
        if locked.len() >= REMEMBERED {
            let now = now_ms();
            locked.retain(|_, until| *until > now);
            if locked.len() >= REMEMBERED {
                locked.clear();
            }
        }
        locked.insert(key.to_string(), until);
    }

    /// Refuses while either key is locked, here or by another process.
    pub async fn check(&self, keys: &Keys) -> Result<(), ApiError> {
        self.check_remembered(keys)?;
        let now = now_ms();
        for key in keys.all() {
            if let Some(until) = self.db.throttle_locked_until(key).await?
                && until > now
            {
                self.remember(key, until);
                return Err(refused(until, now));
            }
        }
        Ok(())
    }

    /// Counts this attempt as a failure on both keys before it is verified, and refuses it when
    /// it is beyond either allowance. The threshold-th failure locks the key.
    pub async fn attempt(&self, keys: &Keys) -> Result<(), ApiError> {
        self.check(keys).await?;
        self.count(keys).await
    }

    /// [`Throttle::attempt`] once per request: a request that runs again (a plugin call rerun
    /// after a conflict) checks the keys it counted already without counting them again. Each
    /// run counting anew locked a fleet's address out while PostgreSQL reran its activations.
    pub async fn attempt_once(&self, keys: &Keys, counted: &mut Vec<Keys>) -> Result<(), ApiError> {
        if counted.contains(keys) {
            return self.check(keys).await;
        }
        self.attempt(keys).await?;
        counted.push(keys.clone());
        Ok(())
    }

    /// Counts a failure already known (an MQTT sign-in that was refused).
    pub async fn failed(&self, keys: &Keys) -> Result<(), ApiError> {
        self.count(keys).await
    }

    async fn count(&self, keys: &Keys) -> Result<(), ApiError> {
        let window = self.limits.window_ms;
        let subject = keys.subject.iter().map(|key| (key, self.limits.per_subject));
        let addresses =
            keys.addresses.iter().map(|(key, factor)| (key, self.limits.per_address.saturating_mul(*factor)));
        let keys: Vec<(&str, i64)> = subject.chain(addresses).map(|(key, allowed)| (key.as_str(), allowed)).collect();
        // One write for all the keys: a sign-in waits for the write lock once.
        let counted = self.db.throttle_fail_all(&keys, window, window).await?;
        let mut over = false;
        for ((key, allowed), failures) in keys.iter().zip(counted) {
            if failures >= *allowed {
                self.remember(key, now_ms() + window);
            }
            over |= failures > *allowed;
        }
        if over {
            let now = now_ms();
            return Err(refused(now + window, now));
        }
        Ok(())
    }

    /// Takes one of `allowance` uses of `key` within `window_ms`: false once they are spent (and
    /// until the window is over, without asking the database).
    pub async fn take(&self, key: &str, allowance: i64, window_ms: i64) -> Result<bool, ApiError> {
        let now = now_ms();
        if self.locked.lock().unwrap_or_else(|e| e.into_inner()).get(key).is_some_and(|until| *until > now) {
            return Ok(false);
        }
        let uses = self.db.throttle_fail(key, allowance, window_ms, window_ms).await?;
        if uses >= allowance {
            self.remember(key, now + window_ms);
        }
        Ok(uses <= allowance)
    }

    /// The attempt was right: the subject starts afresh, the address gets its count back.
    pub async fn succeeded(&self, keys: &Keys) -> Result<(), ApiError> {
        if let Some(subject) = &keys.subject {
            self.locked.lock().unwrap_or_else(|e| e.into_inner()).remove(subject);
        }
        let addresses: Vec<&str> = keys.addresses.iter().map(|(address, _)| address.as_str()).collect();
        Ok(self.db.throttle_succeeded(keys.subject.as_deref(), &addresses).await?)
    }

    /// An attempt that came to no verdict (the call was undone by contention before the proof
    /// was judged, and its answer told nothing): its count taken back, on the subject and on
    /// each address. A lock it already set stays until its time.
    pub async fn withdrawn(&self, keys: &Keys) -> Result<(), ApiError> {
        let all: Vec<&str> =
            keys.subject.iter().map(String::as_str).chain(keys.addresses.iter().map(|(a, _)| a.as_str())).collect();
        Ok(self.db.throttle_withdraw(&all).await?)
    }

    /// Forgets the counters whose window and lock are over (the sweep's).
    pub async fn purge(&self) -> Result<u64, ApiError> {
        let now = now_ms();
        self.locked.lock().unwrap_or_else(|e| e.into_inner()).retain(|_, until| *until > now);
        Ok(self.db.purge_throttle(now - self.limits.window_ms.max(3_600_000)).await?)
    }
}

fn refused(until: i64, now: i64) -> ApiError {
    ApiError::Locked { minutes: minutes_left(until, now) }
}

/// Whole minutes until `until`, at least one.
pub fn minutes_left(until: i64, now: i64) -> i64 {
    ((until - now) + 59_999).max(60_000) / 60_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_address_is_counted_by_its_slash_64_and_ipv4_as_it_is() {
        assert_eq!(group("2001:db8:1:2:aaaa::1"), group("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
        assert_ne!(group("2001:db8:1:2::1"), group("2001:db8:1:3::1"));
        assert_eq!(group("2001:db8:1:2::1"), "2001:db8:1:2::/64");
        assert_eq!(group("203.0.113.7"), "203.0.113.7");
        assert_eq!(group("::ffff:203.0.113.7"), "203.0.113.7", "a mapped IPv4 address is that address");
        assert_eq!(group("unknown"), "unknown");
    }

    #[test]
    fn an_ipv6_site_is_counted_by_its_slash_48_too_and_signatures_by_address_only() {
        assert_eq!(site("2001:db8:1:2::1"), site("2001:db8:1:ff::9"));
        assert_eq!(site("203.0.113.7"), None);
        let console = Keys::console("Ann", "2001:db8:1:2::1");
        assert_eq!(console.all().count(), 3, "{console:?}");
        let signed = Keys::plugin(Proof::Signature, (1, "device"), "sn:A1", "203.0.113.7");
        assert_eq!((signed.subject.as_deref(), signed.addresses.len()), (None, 1));
        assert_eq!(Keys::mqtt("203.0.113.7").subject, None);
    }

    /// A request counts a proof once, however often it runs; requests each count theirs.
    #[tokio::test]
    async fn a_request_run_again_counts_its_attempt_once() {
        let dir = tempfile::tempdir().expect("dir");
        let db = Db::open(&format!("sqlite://{}", dir.path().join("t.db").display())).await.expect("db");
        let throttle = Throttle::new(db, Limits { per_subject: 3, per_address: 3, window_ms: 60_000 });
        let keys = Keys::plugin(Proof::Password, (1, "app"), "ann", "203.0.113.7");
        let mut counted = Vec::new();
        for run in 0..10 {
            throttle.attempt_once(&keys, &mut counted).await.unwrap_or_else(|e| panic!("run {run}: {e:?}"));
        }
        let refused = (0..4).map(|_| Vec::new()).collect::<Vec<_>>();
        let mut outcomes = Vec::new();
        for mut counted in refused {
            outcomes.push(throttle.attempt_once(&keys, &mut counted).await.is_ok());
        }
        assert_eq!(
            outcomes,
            [true, true, false, false],
            "three attempts allowed, the first request's ten runs one of them"
        );
    }

    #[test]
    fn a_lock_is_at_least_a_minute_and_rounded_up() {
        assert_eq!(minutes_left(1_000, 0), 1);
        assert_eq!(minutes_left(60_001, 0), 2);
        assert_eq!(minutes_left(15 * 60_000, 0), 15);
    }
}
