//! `certificates` (contract 0.1.12): certificates of the call's enterprise's CA (host/src/pki.rs),
//! for a plugin the operator granted it. Key generation and signing run off the async workers
//! (an RSA-4096 key takes seconds); the serials go in the call's transaction.

use super::Capability;
use crate::db::pki::{
    IssuedSerial, Purpose, StoredAuthority, authority_in_call, record_issued_in_call, revoke_in_call,
};
use crate::pki;
use crate::plugins::bindings::console::plugin::certificates::{
    self, CertificateRequest, Inspection, Issued, KeyAlgorithm, Usage,
};
use crate::plugins::runtime::CallState;

use crate::pki::SEAL_SCOPE;
const MAX_CHAIN_BYTES: usize = 64 * 1024;
const MAX_KEY_BYTES: usize = 16 * 1024;

impl CallState {
    /// The enterprise's CA, made on first use. Read without the call's transaction, and made in
    /// a short one of its own unless the call holds the write lock already: neither the reading
    /// nor the making holds any other writer.
    async fn authority(&mut self) -> wasmtime::Result<Result<pki::Authority, String>> {
        let tenant = self.call.tenant_id;
        let master_key = self.services.master_key.clone();
        let now = crate::clock::now_ms();
        let make = move || {
            let made = pki::new_authority(tenant, &format!("Enterprise {tenant}"), now)?;
            Ok(StoredAuthority {
                sealed_key: master_key.seal(tenant, SEAL_SCOPE, &made.key_pem),
                certificate_pem: made.certificate_pem,
            })
        };
        let stored = match self.services.db.certificate_authority(tenant).await? {
            Some(stored) => stored,
            None if self.write_locked() => match authority_in_call(self.write_conn().await?, tenant, make).await? {
                Ok(stored) => stored,
                Err(why) => return Ok(Err(why)),
            },
            None => match off_the_workers(self.deadline, make).await? {
                Ok(made) => self.services.db.keep_authority(tenant, made).await?,
                Err(why) => return Ok(Err(why)),
            },
        };
        let key_pem =
            self.services.master_key.open(tenant, SEAL_SCOPE, &stored.sealed_key).map_err(wasmtime::Error::msg)?;
        Ok(Ok(pki::Authority { certificate_pem: stored.certificate_pem, key_pem }))
    }

    fn crl_url(&self) -> String {
        format!("{}/api/pki/{}/crl", self.services.public_url, self.call.tenant_id)
    }
}

fn request_of(request: CertificateRequest) -> pki::Request {
    pki::Request {
        common_name: request.common_name,
        organization: request.organization,
        country: request.country,
        dns_names: request.dns_names,
        usage: match request.usage {
            Usage::Server => pki::Usage::Server,
            Usage::Client => pki::Usage::Client,
        },
        algorithm: match request.algorithm {
            KeyAlgorithm::Rsa2048 => pki::KeyAlgorithm::Rsa2048,
            KeyAlgorithm::Rsa4096 => pki::KeyAlgorithm::Rsa4096,
            KeyAlgorithm::EcdsaP256 => pki::KeyAlgorithm::EcdsaP256,
        },
        valid_days: request.valid_days,
        key_password: request.key_password,
    }
}

/// Key work under way at once, for every plugin call of the host: each piece is bounded (RSA
/// generation takes seconds, key derivation is capped by `pki`), and a call that cannot start
/// its own before its deadline gives up instead of piling threads up behind the others.
static KEY_WORK: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// Runs key work on a blocking thread once one of [`KEY_WORK`] is free before `deadline`.
async fn off_the_workers<T: Send + 'static>(
    deadline: std::time::Instant,
    work: impl FnOnce() -> T + Send + 'static,
) -> wasmtime::Result<T> {
    let Ok(Ok(turn)) = tokio::time::timeout_at(deadline.into(), KEY_WORK.acquire()).await else {
        wasmtime::bail!("the host was making other keys until the call's deadline");
    };
    let done = tokio::task::spawn_blocking(work).await.map_err(|e| wasmtime::Error::msg(e.to_string()));
    drop(turn);
    done
}

impl CallState {
    /// Signs a certificate for `purpose`, recorded in the call's transaction.
    async fn issue_for(
        &mut self,
        request: CertificateRequest,
        purpose: Purpose,
    ) -> wasmtime::Result<Result<Issued, String>> {
        if let Err(why) = self.check_grant(Capability::Certificates) {
            return Ok(Err(why));
        }
        // Making a key takes seconds (RSA-4096): never while the call holds SQLite's write lock,
        // which every other writer of the host would wait for.
        if self.write_locked() && self.services.db.engine() == crate::db::Engine::Sqlite {
            return Ok(Err("certificates are issued before the call's first write (making a key holds the \
                           database's write lock otherwise): issue first, then record"
                .into()));
        }
        let request = request_of(request);
        if let Err((field, why)) = pki::check(&request) {
            return Ok(Err(format!("{field}: {why}")));
        }
        if let Err(why) = self.end_read_snapshot().await {
            return Ok(Err(why));
        }
        let authority = match CallState::authority(self).await? {
            Ok(authority) => authority,
            Err(why) => return Ok(Err(why)),
        };
        let (crl_url, now) = (self.crl_url(), crate::clock::now_ms());
        let common_name = request.common_name.clone();
        let issued =
            match off_the_workers(self.deadline, move || pki::issue(&authority, &request, &crl_url, now)).await? {
                Ok(issued) => issued,
                Err(why) => return Ok(Err(why)),
            };
        let serial = IssuedSerial {
            tenant: self.call.tenant_id,
            serial: &issued.serial,
            plugin: &self.plugin.manifest.id.clone(),
            common_name: &common_name,
            not_after: issued.not_after_ms,
            purpose,
        };
        record_issued_in_call(self.write_conn().await?, serial).await?;
        Ok(Ok(Issued {
            serial: issued.serial,
            certificate_pem: issued.certificate_pem,
            encrypted_key_pem: issued.encrypted_key_pem,
            not_before: issued.not_before_ms,
            not_after: issued.not_after_ms,
            fingerprint: issued.fingerprint,
        }))
    }
}

impl certificates::Host for CallState {
    async fn authority(&mut self) -> wasmtime::Result<Result<String, String>> {
        if let Err(why) = self.check_grant(Capability::Certificates) {
            return Ok(Err(why));
        }
        Ok(CallState::authority(self).await?.map(|authority| authority.certificate_pem))
    }

    async fn issue(&mut self, request: CertificateRequest) -> wasmtime::Result<Result<Issued, String>> {
        self.issue_for(request, Purpose::Any).await
    }

    async fn issue_for_mqtt(&mut self, request: CertificateRequest) -> wasmtime::Result<Result<Issued, String>> {
        if !matches!(request.usage, certificates::Usage::Client) {
            return Ok(Err("usage: an MQTT certificate is a client certificate".into()));
        }
        self.issue_for(request, Purpose::Mqtt).await
    }

    async fn revoke(&mut self, serial: String) -> wasmtime::Result<Result<bool, String>> {
        if let Err(why) = self.check_grant(Capability::Certificates) {
            return Ok(Err(why));
        }
        if serial.is_empty() || serial.len() > 64 || !serial.chars().all(|c| c.is_ascii_hexdigit()) {
            return Ok(Err("a serial is 1 to 64 hexadecimal digits".into()));
        }
        let (tenant, plugin) = (self.call.tenant_id, self.plugin.manifest.id.clone());
        let serial = serial.to_ascii_uppercase();
        Ok(Ok(revoke_in_call(self.write_conn().await?, tenant, &plugin, &serial).await?))
    }

    async fn pkcs12(
        &mut self,
        certificate_pem: String,
        encrypted_key_pem: String,
        password: String,
    ) -> wasmtime::Result<Result<Vec<u8>, String>> {
        if let Err(why) = self.check_grant(Capability::Certificates) {
            return Ok(Err(why));
        }
        if certificate_pem.len() > MAX_CHAIN_BYTES || encrypted_key_pem.len() > MAX_KEY_BYTES || password.len() > 512 {
            return Ok(Err("the certificate or its key is too large".into()));
        }
        let authority = match CallState::authority(self).await? {
            Ok(authority) => authority.certificate_pem,
            Err(why) => return Ok(Err(why)),
        };
        off_the_workers(self.deadline, move || {
            let key = pki::decrypt_key(&encrypted_key_pem, &password)
                .ok_or("the password does not open the key, or the key asks for more derivation work than a key may")?;
            pki::pkcs12(&certificate_pem, &authority, &key, &password)
        })
        .await
    }

    async fn inspect(
        &mut self,
        chain_pem: String,
        key_pem: Option<String>,
    ) -> wasmtime::Result<Result<Inspection, String>> {
        if let Err(why) = self.check_grant(Capability::Certificates) {
            return Ok(Err(why));
        }
        if chain_pem.len() > MAX_CHAIN_BYTES || key_pem.as_ref().is_some_and(|key| key.len() > MAX_KEY_BYTES) {
            return Ok(Err("a chain is at most 64 KiB and a key 16 KiB".into()));
        }
        let seen = off_the_workers(self.deadline, move || pki::inspect(&chain_pem, key_pem.as_deref())).await?;
        Ok(seen.map(|seen| Inspection {
            subject: seen.subject,
            issuer: seen.issuer,
            serial: seen.serial,
            dns_names: seen.dns_names,
            not_before: seen.not_before_ms,
            not_after: seen.not_after_ms,
            fingerprint: seen.fingerprint,
            key_algorithm: seen.key_algorithm,
            chain_valid: seen.chain_valid,
            key_matches: seen.key_matches,
            chain_length: seen.chain_length,
        }))
    }
}
