//! How much one device may send over MQTT: a payload at most [`MAX_PAYLOAD`], and messages at
//! a sustained [`RATE_PER_SEC`] with bursts of [`BURST`] (a token bucket per session). The HTTP
//! path bounds bodies and calls the same way; a device does not gain by changing transport.

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
    fn a_session_is_gone_after_one_and_a_half_keep_alives() {
        assert_eq!(silent_limit(60), Duration::from_secs(90));
        assert_eq!(silent_limit(0), Duration::from_secs(450));
        assert_eq!(silent_limit(u16::MAX), Duration::from_secs(1800), "a day-long keep-alive is not honoured");
    }
}
