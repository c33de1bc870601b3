//! How much one device may send over MQTT: a payload at most [`MAX_PAYLOAD`], and messages at
//! a sustained [`RATE_PER_SEC`] with bursts of [`BURST`] (a token bucket per session). The HTTP
//! path bounds bodies and calls the same way; a device does not gain by changing transport.
//! A certificate signs in at most [`SIGN_INS_PER_MINUTE`] times a minute ([`Reconnects`]).

use std::time::{Duration, Instant};

/// The largest publish a device may send (a report, an event, a reply).
pub const MAX_PAYLOAD: usize = 256 * 1024;
/// Messages a second a device may keep sending.
pub const RATE_PER_SEC: f64 = 20.0;
/// Messages a device may send at once after a quiet while.
pub const BURST: f64 = 40.0;

/// The longest keep-alive honoured (seconds): a dead connection is let go within 30 minutes.
pub const MAX_KEEP_ALIVE: u16 = 1200;

/// A session's allowance of messages.
#[derive(Debug, Clone)]
pub struct Allowance {
    tokens: f64,
    at: Instant,
}

impl Allowance {
    pub fn new(now: Instant) -> Self {
        Allowance { tokens: BURST, at: now }
    }

    /// Takes one message's token, or says how long until there is one.
    pub fn take(&mut self, now: Instant) -> Result<(), Duration> {
        let waited = now.saturating_duration_since(self.at);
        self.tokens = (self.tokens + waited.as_secs_f64() * RATE_PER_SEC).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - self.tokens) / RATE_PER_SEC))
        }
    }
}

/// Sign-ins a client certificate may make in a minute: a device reconnecting with back-off
/// (1 s, 2 s, 4 s… as the simulator does) stays under it; a looping one is refused (MQTT 5:
/// "connection rate exceeded") before it costs the database anything.
pub const SIGN_INS_PER_MINUTE: u32 = 10;
/// Certificates remembered at once; past it, those whose minute is over are forgotten.
const REMEMBERED: usize = 100_000;

/// Recent sign-ins per certificate. Keyed by what the TLS handshake proved (the enterprise and
/// the serial), never by a name a stranger can send: nobody locks another device out.
#[derive(Debug, Default)]
pub struct Reconnects {
    seen: std::sync::Mutex<std::collections::HashMap<(i64, String), (Instant, u32)>>,
}

impl Reconnects {
    /// Counts one sign-in of `certificate` at `now`: whether it is within the rate.
    pub fn admit(&self, certificate: (i64, &str), now: Instant) -> bool {
        const MINUTE: Duration = Duration::from_secs(60);
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() >= REMEMBERED {
            seen.retain(|_, (since, _)| now.saturating_duration_since(*since) < MINUTE);
            // Full of sign-ins of this minute: let this one through uncounted rather than
            // refuse every certificate.
            if seen.len() >= REMEMBERED {
                return true;
            }
        }
        let (since, count) = seen.entry((certificate.0, certificate.1.to_string())).or_insert((now, 0));
        if now.saturating_duration_since(*since) >= MINUTE {
            (*since, *count) = (now, 0);
        }
        *count += 1;
        *count <= SIGN_INS_PER_MINUTE
    }
}

/// Connections not signed in yet that one address (an IPv6 address by its /64) may hold at
/// once: a device reconnecting, a few behind one router; never the listener's whole pool.
pub const CONNECTING_PER_ADDRESS: usize = 8;
/// The same for an IPv6 site (its /48), which holds 65,536 /64s.
pub const CONNECTING_PER_SITE: usize = 64;
/// Addresses counted at once; past it a new address is refused rather than the map grown.
const ADDRESSES: usize = 100_000;

/// The connections not signed in yet, per address.
#[derive(Debug, Default)]
pub struct Strangers {
    by_address: std::sync::Mutex<std::collections::HashMap<String, usize>>,
}

/// One connection's place among its address's strangers, given back when dropped (signed in,
/// or gone).
#[derive(Debug)]
pub struct Stranger {
    strangers: std::sync::Arc<Strangers>,
    /// Its address, and its IPv6 site.
    counted: Vec<String>,
}

impl Strangers {
    /// A place for one more connection of `address`, if it holds fewer than
    /// [`CONNECTING_PER_ADDRESS`] and its site fewer than [`CONNECTING_PER_SITE`].
    pub fn enter(self: &std::sync::Arc<Self>, address: std::net::IpAddr) -> Option<Stranger> {
        let text = address.to_string();
        let mut counted = vec![(crate::auth::throttle::group(&text), CONNECTING_PER_ADDRESS)];
        if let Some(site) = crate::auth::throttle::site(&text) {
            counted.push((site, CONNECTING_PER_SITE));
        }
        let mut by_address = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if by_address.len() >= ADDRESSES && counted.iter().any(|(key, _)| !by_address.contains_key(key)) {
            return None;
        }
        if counted.iter().any(|(key, bound)| by_address.get(key).copied().unwrap_or(0) >= *bound) {
            return None;
        }
        for (key, _) in &counted {
            *by_address.entry(key.clone()).or_default() += 1;
        }
        Some(Stranger { strangers: self.clone(), counted: counted.into_iter().map(|(key, _)| key).collect() })
    }
}

impl Drop for Stranger {
    fn drop(&mut self) {
        let mut by_address = self.strangers.by_address.lock().unwrap_or_else(|e| e.into_inner());
        for key in &self.counted {
            if let Some(held) = by_address.get_mut(key) {
                *held -= 1;
                if *held == 0 {
                    by_address.remove(key);
                }
            }
        }
    }
}

/// How long an MQTT session may stay silent before it is gone (MQTT 3.1.1 §3.1.2.10: one and a
/// half times the keep-alive the client asked for, at most [`MAX_KEEP_ALIVE`]; none asked, the
/// host's own).
pub fn silent_limit(keep_alive_secs: u16) -> Duration {
    const WITHOUT: u16 = 300;
    let asked = if keep_alive_secs == 0 { WITHOUT } else { keep_alive_secs.min(MAX_KEEP_ALIVE) };
    Duration::from_millis(u64::from(asked) * 1500)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_taken_then_the_rate_holds() {
        let start = Instant::now();
        let mut allowance = Allowance::new(start);
        let burst = (0..100).filter(|_| allowance.take(start).is_ok()).count();
        assert_eq!(burst, BURST as usize);
        let wait = allowance.take(start).expect_err("spent");
        assert!(wait <= Duration::from_secs_f64(1.0 / RATE_PER_SEC) && wait > Duration::ZERO, "{wait:?}");
        // One second later: the rate's worth, no more.
        let later = start + Duration::from_secs(1);
        let refilled = (0..100).filter(|_| allowance.take(later).is_ok()).count();
        assert_eq!(refilled, RATE_PER_SEC as usize);
        // A long silence refills to the burst, never beyond.
        let quiet = later + Duration::from_secs(3600);
        assert_eq!((0..1000).filter(|_| allowance.take(quiet).is_ok()).count(), BURST as usize);
    }

    #[test]
    fn a_certificate_signs_in_ten_times_a_minute_and_others_are_not_held_back() {
        let reconnects = Reconnects::default();
        let start = Instant::now();
        let admitted = (0..15).filter(|_| reconnects.admit((1, "0A"), start)).count();
        assert_eq!(admitted, SIGN_INS_PER_MINUTE as usize);
        assert!(reconnects.admit((1, "0B"), start), "another certificate is counted apart");
        assert!(reconnects.admit((2, "0A"), start), "the same serial of another enterprise too");
        assert!(reconnects.admit((1, "0A"), start + Duration::from_secs(61)), "a minute later it may again");
    }

    #[test]
    fn an_address_holds_a_few_connections_not_signed_in_and_gets_each_back() {
        let strangers = std::sync::Arc::new(Strangers::default());
        let one: std::net::IpAddr = "203.0.113.7".parse().expect("address");
        let held: Vec<Stranger> = (0..20).filter_map(|_| strangers.enter(one)).collect();
        assert_eq!(held.len(), CONNECTING_PER_ADDRESS);
        assert!(strangers.enter("203.0.113.8".parse().expect("address")).is_some(), "another address is apart");
        let (a, b): (std::net::IpAddr, std::net::IpAddr) =
            ("2001:db8:0:1::1".parse().expect("v6"), "2001:db8:0:1:ffff::2".parse().expect("v6"));
        let v6: Vec<Stranger> = (0..10).filter_map(|_| strangers.enter(a)).collect();
        assert_eq!(v6.len(), CONNECTING_PER_ADDRESS);
        assert!(strangers.enter(b).is_none(), "an IPv6 /64 is one address");
        // A site's /64s together hold its share, no more.
        let site: Vec<Stranger> =
            (0..200u16).filter_map(|n| strangers.enter(format!("2001:db8:1:{n:x}::1").parse().expect("v6"))).collect();
        assert_eq!(site.len(), CONNECTING_PER_SITE);
        drop(held);
        assert!(strangers.enter(one).is_some(), "places are given back");
    }

    #[test]
    fn a_session_is_gone_after_one_and_a_half_keep_alives() {
        assert_eq!(silent_limit(60), Duration::from_secs(90));
        assert_eq!(silent_limit(0), Duration::from_secs(450));
        assert_eq!(silent_limit(u16::MAX), Duration::from_secs(1800), "a day-long keep-alive is not honoured");
    }
}
