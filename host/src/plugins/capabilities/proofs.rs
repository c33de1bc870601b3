//! `proofs` (contract 0.1.16): the failures of the passwords and signatures a plugin checks,
//! counted by the host's throttle against the subject in the call's enterprise and against the
//! caller's address; proofs that serve once; the OAuth grants of a subject ended.

use crate::api::ApiError;
use crate::auth::throttle::{Keys, Proof, door_key};
use crate::plugins::bindings::console::plugin::proofs::{self, ProofKind};
use crate::plugins::manifest::RouteCaller;
use crate::plugins::runtime::CallState;

/// The host route of the plugin that signs app users in (the OAuth consent asks it): the OAuth
/// grants name its accounts, so it alone may end them.
pub const SIGNS_IN_APP_USERS: &str = "/internal/app-users/authenticate";

const MAX_SUBJECT: usize = 200;
const MAX_PROOF: usize = 512;
const MAX_KEEP_SECONDS: u32 = 86_400;
const MAX_ALLOWANCE: u32 = 10_000;
const HOUR_MS: i64 = 3_600_000;

impl CallState {
    fn proof_keys(&self, kind: ProofKind, subject: &str) -> wasmtime::Result<Keys> {
        if subject.is_empty() || subject.len() > MAX_SUBJECT {
            wasmtime::bail!("proofs: a subject is 1 to {MAX_SUBJECT} bytes");
        }
        let proof = match kind {
            ProofKind::Password => Proof::Password,
            ProofKind::Signature => Proof::Signature,
        };
        let scope = (self.call.tenant_id, self.plugin.manifest.id.as_str());
        Ok(Keys::plugin(proof, scope, subject, &self.call.client_address))
    }
}

impl proofs::Host for CallState {
    async fn attempt(&mut self, kind: ProofKind, subject: String) -> wasmtime::Result<Result<(), u32>> {
        let keys = self.proof_keys(kind, &subject)?;
        // Counted at once, outside the call's transaction (a failed proof rolls the call back,
        // its count must stay): the same rule as a request that leaves the host.
        self.before_outbound().await.map_err(|why| wasmtime::Error::msg(format!("proofs.attempt: {why}")))?;
        match self.services.throttle.attempt_once(&keys, &mut self.attempted).await {
            Ok(()) => Ok(Ok(())),
            Err(ApiError::Locked { minutes }) => Ok(Err(u32::try_from(minutes).unwrap_or(u32::MAX))),
            Err(err) => wasmtime::bail!("proofs.attempt: {err}"),
        }
    }

    async fn succeeded(&mut self, kind: ProofKind, subject: String) -> wasmtime::Result<()> {
        let keys = self.proof_keys(kind, &subject)?;
        if !self.proven.contains(&keys) {
            self.proven.push(keys);
        }
        Ok(())
    }

    async fn spend(&mut self, proof: String, keep_seconds: u32) -> wasmtime::Result<Result<bool, String>> {
        if proof.is_empty() || proof.len() > MAX_PROOF {
            return Ok(Err(format!("a proof is 1 to {MAX_PROOF} bytes")));
        }
        if !(1..=MAX_KEEP_SECONDS).contains(&keep_seconds) {
            return Ok(Err(format!("keep-seconds is 1 to {MAX_KEEP_SECONDS}")));
        }
        let scope = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let keep_ms = i64::from(keep_seconds) * 1000;
        let fresh =
            crate::db::proofs::spend_in_call(self.write_conn().await?, (scope.0, &scope.1), &proof, keep_ms).await?;
        Ok(Ok(fresh))
    }

    async fn take(&mut self, door: String, allowance: u32) -> wasmtime::Result<Result<bool, String>> {
        if door.is_empty() || door.len() > MAX_SUBJECT {
            return Ok(Err(format!("a door is 1 to {MAX_SUBJECT} bytes")));
        }
        if !(1..=MAX_ALLOWANCE).contains(&allowance) {
            return Ok(Err(format!("an allowance is 1 to {MAX_ALLOWANCE}")));
        }
        self.before_outbound().await.map_err(|why| wasmtime::Error::msg(format!("proofs.take: {why}")))?;
        let key = door_key(self.call.tenant_id, &self.plugin.manifest.id, &door, &self.call.client_address);
        match self.services.throttle.take(&key, i64::from(allowance), HOUR_MS).await {
            Ok(left) => Ok(Ok(left)),
            Err(err) => wasmtime::bail!("proofs.take: {err}"),
        }
    }

    async fn revoke_grants(&mut self, subject: String) -> wasmtime::Result<Result<u32, String>> {
        if self.plugin.route(RouteCaller::Host, "POST", SIGNS_IN_APP_USERS).is_none() {
            return Ok(Err("only the plugin that signs in the accounts OAuth grants name may end them".into()));
        }
        if subject.is_empty() || subject.len() > MAX_SUBJECT {
            return Ok(Err(format!("a subject is 1 to {MAX_SUBJECT} bytes")));
        }
        let tenant = self.call.tenant_id;
        Ok(Ok(crate::db::oauth::revoke_subject_in_call(self.write_conn().await?, tenant, &subject).await?))
    }
}
