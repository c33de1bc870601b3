//! Passwords and signatures a plugin checks itself (contract 0.1.16 `proofs`): the host counts
//! the failures per subject and per address, and keeps the proofs that serve once.
//!
//! ```ignore
//! proofs::attempt(call.host, Proof::Password, &format!("user:{username}"))?; // before the first write
//! if !verify(password, &stored) { return Err(wrong_password()); }
//! proofs::succeeded(call.host, Proof::Password, &format!("user:{username}"));
//! ```
//!
//! A password a person chose can be guessed, so its subject is locked after a few failures; a
//! signature under a device's key cannot, so only the address is counted (a lock on the device
//! would let anyone who knows its SN keep it out).

use crate::error::{PluginError, PluginResult};
use crate::host::Host;

pub use crate::host::ProofKind as Proof;

/// Counts one attempt to prove `subject` before the proof is checked; refused with 429 and the
/// wait in the caller's language while the subject or the caller's address is locked. Call it
/// before the call's first write, as an outbound request.
pub fn attempt(host: &mut dyn Host, proof: Proof, subject: &str) -> PluginResult<()> {
    host.proof_attempt(proof, subject).map_err(locked)
}

/// The proof of `subject` held: its failures are forgotten once the call commits.
pub fn succeeded(host: &mut dyn Host, proof: Proof, subject: &str) {
    host.proof_succeeded(proof, subject);
}

/// Spends a proof that may serve once within `keep_seconds`: whether it was fresh.
pub fn spend(host: &mut dyn Host, proof: &str, keep_seconds: u32) -> PluginResult<bool> {
    host.proof_spend(proof, keep_seconds).map_err(|why| PluginError::internal(format!("a proof was not spent: {why}")))
}

/// Takes one of `allowance` uses an hour of `door` by the caller's address: false once they are
/// spent (a refusal is the plugin's to word). Before the call's first write.
pub fn take(host: &mut dyn Host, door: &str, allowance: u32) -> PluginResult<bool> {
    host.proof_take(door, allowance).map_err(|why| PluginError::internal(format!("a door was not counted: {why}")))
}

/// Ends the OAuth grants the host gave on behalf of `subject`: the account was blocked, removed
/// or given a new password.
pub fn revoke_grants(host: &mut dyn Host, subject: &str) -> PluginResult<u32> {
    host.revoke_grants(subject).map_err(|why| PluginError::internal(format!("grants were not ended: {why}")))
}

fn locked(minutes: u32) -> PluginError {
    PluginError::localized(
        429,
        None,
        [
            format!("失败次数过多，请 {minutes} 分钟后再试"),
            format!("Too many failed attempts. Try again in {minutes} minutes."),
            format!("Zu viele Fehlversuche. Versuchen Sie es in {minutes} Minuten erneut."),
            format!("Demasiados intentos fallidos. Inténtelo de nuevo en {minutes} minutos."),
            format!("Trop de tentatives échouées. Réessayez dans {minutes} minutes."),
            format!("Demasiadas tentativas falhadas. Tente novamente dentro de {minutes} minutos."),
            format!("Слишком много неудачных попыток. Повторите через {minutes} мин."),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixth_attempt_in_a_row_is_refused_in_the_callers_language_and_a_success_starts_afresh() {
        let mut host = crate::testing::MemoryHost::new();
        for _ in 0..5 {
            attempt(&mut host, Proof::Password, "user:ann").expect("counted");
        }
        let refused = attempt(&mut host, Proof::Password, "user:ann").expect_err("locked");
        assert_eq!(refused.status, 429);
        assert!(refused.render("de").contains("15 Minuten"), "{}", refused.render("de"));
        attempt(&mut host, Proof::Password, "user:bob").expect("another subject is counted apart");
        succeeded(&mut host, Proof::Password, "user:ann");
        attempt(&mut host, Proof::Password, "user:ann").expect("afresh");
        for _ in 0..10 {
            attempt(&mut host, Proof::Signature, "sn:A1").expect("a signature locks no device");
        }
    }

    #[test]
    fn a_proof_is_spent_once() {
        let mut host = crate::testing::MemoryHost::new();
        assert!(spend(&mut host, "sig", 600).expect("spent"));
        assert!(!spend(&mut host, "sig", 600).expect("answered"));
    }
}
