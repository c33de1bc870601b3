//! MQTT over TLS (`CONSOLE_MQTTS_LISTEN`, 8883 by default) with the devices' client
//! certificates (`docs/mqtt.md`): a device presents the MQTT certificate its enterprise's CA
//! issued on the device-access pages (its common name is the SN). The handshake verifies it
//! against every enterprise's CA **and its CRL** (the list `/pki/{tenant}/crl` serves), so a
//! revoked certificate never completes a handshake. A task of its own builds the verifier again
//! when a CA is made or a certificate revoked (it reads a stamp of the two tables every
//! second); a handshake only takes the verifier of the moment. The certificate must also be
//! one the platform issued and still in force, checked at sign-in and at every recheck of a
//! live session: a revocation ends the sessions of the certificate.
//!
//! The server's own certificate: `CONSOLE_MQTTS_CERT` and `CONSOLE_MQTTS_KEY` (PEM files), or one
//! the host makes on first start under `{data_dir}/mqtt/`, signed by a CA of its own that devices
//! and `mosquitto_pub --cafile` trust (served at `/pki/mqtt-ca.pem`).

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, CertificateRevocationListDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use tokio_rustls::TlsAcceptor;
use x509_parser::prelude::{FromDer, X509Certificate};

use crate::AppState;

/// The folder under the data directory holding the server identity the host made.
const FOLDER: &str = "mqtt";
/// The server certificate the host makes lives this long; made again when it has expired.
const SERVER_DAYS: i64 = 825;
const DAY_MS: i64 = 86_400_000;

/// How often the task building the trust looks for a new CA or a revocation.
const TRUST_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Who a verified client certificate names: the enterprise whose CA issued it, the SN, and the
/// certificate's serial (upper-case hex, as the platform records it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertifiedDevice {
    pub tenant: i64,
    pub sn: String,
    pub serial: String,
}

/// What the trust was built from: the CAs and the revocations. A change of either rebuilds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    authorities: i64,
    newest_authority: i64,
    revoked: i64,
    newest_revocation: i64,
}

/// The acceptor of the current trust, and which CA (by its subject) is which enterprise's.
struct Trust {
    acceptor: Option<TlsAcceptor>,
    issuers: HashMap<Vec<u8>, i64>,
}

/// The TLS side of the gateway: the server's identity and the trust of the moment.
pub struct Tls {
    chain: Vec<CertificateDer<'static>>,
    key: PrivateKeyDer<'static>,
    trust: std::sync::RwLock<Option<Arc<Trust>>>,
}

fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

impl Tls {
    /// The server identity configured, or the one the host made (made now if there is none).
    pub fn load(app: &AppState) -> Result<Tls, String> {
        let config = &app.config;
        let (chain_pem, key_pem) = match (&config.mqtts_cert, &config.mqtts_key) {
            (Some(cert), Some(key)) => (read(cert)?, read(key)?),
            (None, None) => own_identity(&config.data_dir.join(FOLDER), crate::clock::now_ms())?,
            _ => return Err("CONSOLE_MQTTS_CERT and CONSOLE_MQTTS_KEY go together".into()),
        };
        let chain = CertificateDer::pem_slice_iter(chain_pem.as_bytes())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("server certificate: {e}"))?;
        let key = PrivateKeyDer::from_pem_slice(key_pem.as_bytes()).map_err(|e| format!("server key: {e}"))?;
        if chain.is_empty() {
            return Err("the server certificate file holds no certificate".into());
        }
        // A key that is not the certificate's is said at start, not at the first handshake.
        rustls::ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_no_client_auth()
            .with_single_cert(chain.clone(), key.clone_key())
            .map_err(|e| format!("server certificate and key: {e}"))?;
        Ok(Tls { chain, key, trust: std::sync::RwLock::new(None) })
    }

    /// Builds the trust now, then keeps it current in a task of its own for as long as the
    /// process runs.
    pub async fn keep_current(self: Arc<Self>, app: AppState) {
        let mut built: Option<Stamp> = None;
        loop {
            match stamp(&app).await {
                Ok(now) if built != Some(now) => {
                    let trust = self.build(&app).await;
                    *self.trust.write().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(trust));
                    built = Some(now);
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(%err, "MQTT over TLS: the certificate tables could not be read"),
            }
            tokio::time::sleep(TRUST_EVERY).await;
        }
    }

    /// The verifier over every enterprise's CA and CRL; an enterprise whose CA or CRL cannot be
    /// read is left out, with a warning, and the others still sign in.
    async fn build(&self, app: &AppState) -> Trust {
        let mut roots = rustls::RootCertStore::empty();
        let mut crls = Vec::new();
        let mut issuers = HashMap::new();
        let authorities = match app.db.certificate_authorities().await {
            Ok(authorities) => authorities,
            Err(err) => {
                tracing::warn!(%err, "MQTT over TLS: the enterprises' CAs could not be read");
                Vec::new()
            }
        };
        for (tenant, certificate_pem) in authorities {
            match authority(app, tenant, &certificate_pem).await {
                Ok((der, subject, crl)) => {
                    if roots.add(der).is_ok() {
                        issuers.insert(subject, tenant);
                        crls.push(crl);
                    }
                }
                Err(err) => tracing::warn!(tenant, %err, "MQTT over TLS: an enterprise's CA is left out"),
            }
        }
        if roots.is_empty() {
            return Trust { acceptor: None, issuers };
        }
        // Every CA has its CRL: a certificate whose revocation status is unknown is refused.
        let verifier = WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider())
            .with_crls(crls)
            .only_check_end_entity_revocation()
            .build();
        let config = verifier.map_err(|e| e.to_string()).and_then(|verifier| {
            rustls::ServerConfig::builder_with_provider(provider())
                .with_safe_default_protocol_versions()
                .map_err(|e| e.to_string())?
                .with_client_cert_verifier(verifier)
                .with_single_cert(self.chain.clone(), self.key.clone_key())
                .map_err(|e| e.to_string())
        });
        match config {
            Ok(config) => Trust { acceptor: Some(TlsAcceptor::from(Arc::new(config))), issuers },
            Err(err) => {
                tracing::warn!(%err, "MQTT over TLS: no verifier could be built");
                Trust { acceptor: None, issuers }
            }
        }
    }

    /// The TLS handshake of a device, and who its certificate names; `None` when it presents
    /// none that a CA of an enterprise issued and did not revoke.
    pub async fn accept(
        &self,
        stream: tokio::net::TcpStream,
    ) -> Option<(tokio_rustls::server::TlsStream<tokio::net::TcpStream>, CertifiedDevice)> {
        let trust = self.trust.read().unwrap_or_else(|e| e.into_inner()).clone()?;
        let stream = trust.acceptor.as_ref()?.accept(stream).await.ok()?;
        let certificate = stream.get_ref().1.peer_certificates()?.first()?.clone();
        let device = certified(&certificate, &trust.issuers)?;
        Some((stream, device))
    }
}

/// The enterprise and SN a verified certificate names: its issuer's enterprise, its common name.
fn certified(certificate: &CertificateDer<'_>, issuers: &HashMap<Vec<u8>, i64>) -> Option<CertifiedDevice> {
    let (_, parsed) = X509Certificate::from_der(certificate).ok()?;
    let tenant = *issuers.get(parsed.issuer().as_raw())?;
    let sn = parsed.subject().iter_common_name().next()?.as_str().ok()?.to_string();
    Some(CertifiedDevice { tenant, sn, serial: hex::encode_upper(parsed.raw_serial()) })
}

/// An enterprise's CA as the verifier takes it: its certificate, its subject, its CRL.
async fn authority(
    app: &AppState,
    tenant: i64,
    certificate_pem: &str,
) -> Result<(CertificateDer<'static>, Vec<u8>, CertificateRevocationListDer<'static>), String> {
    let der = CertificateDer::from_pem_slice(certificate_pem.as_bytes()).map_err(|e| e.to_string())?;
    let subject = X509Certificate::from_der(&der).map_err(|e| e.to_string())?.1.subject().as_raw().to_vec();
    let crl = crate::routes::pki::revocation_list(app, tenant).await.map_err(|e| format!("{e:?}"))?;
    let crl = crl.ok_or("no CA")?;
    Ok((der, subject, CertificateRevocationListDer::from(crl)))
}

async fn stamp(app: &AppState) -> Result<Stamp, sqlx::Error> {
    let (authorities, newest_authority, revoked, newest_revocation) = app.db.trust_stamp().await?;
    Ok(Stamp { authorities, newest_authority, revoked, newest_revocation })
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The host's own server identity under `folder`: (certificate chain PEM, key PEM), made with a
/// CA of its own when missing or expired.
fn own_identity(folder: &Path, now_ms: i64) -> Result<(String, String), String> {
    let (server, key, ca) = (folder.join("server.pem"), folder.join("server.key"), folder.join("ca.pem"));
    if let (Ok(chain), Ok(key)) = (std::fs::read_to_string(&server), std::fs::read_to_string(&key))
        && still_valid(&chain, now_ms)
    {
        return Ok((chain, key));
    }
    let made = make_identity(now_ms)?;
    std::fs::create_dir_all(folder).map_err(|e| e.to_string())?;
    write_private(&key, &made.key_pem)?;
    std::fs::write(&server, &made.chain_pem).map_err(|e| e.to_string())?;
    std::fs::write(&ca, &made.ca_pem).map_err(|e| e.to_string())?;
    Ok((made.chain_pem, made.key_pem))
}

/// The CA devices trust for the host's own server certificate, when the host made it.
pub fn own_authority(data_dir: &Path) -> Option<String> {
    std::fs::read_to_string(data_dir.join(FOLDER).join("ca.pem")).ok()
}

fn still_valid(chain_pem: &str, now_ms: i64) -> bool {
    let Some(Ok(first)) = CertificateDer::pem_slice_iter(chain_pem.as_bytes()).next() else { return false };
    X509Certificate::from_der(&first)
        .is_ok_and(|(_, c)| c.validity().not_after.timestamp() * 1000 > now_ms + 30 * DAY_MS)
}

fn write_private(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write as _;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    file.write_all(text.as_bytes()).map_err(|e| e.to_string())
}

struct Identity {
    chain_pem: String,
    key_pem: String,
    ca_pem: String,
}

/// A CA of the host's own and a server certificate it signs for the loopback names.
fn make_identity(now_ms: i64) -> Result<Identity, String> {
    use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose, SanType};
    let time = |ms: i64| time::OffsetDateTime::from_unix_timestamp(ms / 1000).map_err(|e| e.to_string());
    let failed = |e: rcgen::Error| e.to_string();
    let ca_key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).map_err(failed)?;
    let mut ca = CertificateParams::default();
    ca.distinguished_name.push(DnType::CommonName, "Device Console MQTT CA");
    ca.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
    ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
    ca.not_before = time(now_ms - DAY_MS)?;
    ca.not_after = time(now_ms + 20 * 365 * DAY_MS)?;
    let ca_certificate = ca.self_signed(&ca_key).map_err(failed)?;
    let issuer = Issuer::new(ca, ca_key);
    let key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).map_err(failed)?;
    let mut server = CertificateParams::new(vec!["localhost".to_string()]).map_err(failed)?;
    server.distinguished_name.push(DnType::CommonName, "Device Console MQTT");
    for address in [std::net::Ipv4Addr::LOCALHOST.into(), std::net::Ipv6Addr::LOCALHOST.into()] {
        server.subject_alt_names.push(SanType::IpAddress(address));
    }
    server.extended_key_usages = vec![rcgen::ExtendedKeyUsagePurpose::ServerAuth];
    server.not_before = time(now_ms - DAY_MS)?;
    server.not_after = time(now_ms + SERVER_DAYS * DAY_MS)?;
    let certificate = server.signed_by(&key, &issuer).map_err(failed)?;
    let ca_pem = ca_certificate.pem();
    Ok(Identity { chain_pem: format!("{}{ca_pem}", certificate.pem()), key_pem: key.serialize_pem(), ca_pem })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_makes_its_server_identity_once_and_keeps_it() {
        let folder = tempfile::tempdir().expect("a folder");
        let now = 1_800_000_000_000;
        let (chain, key) = own_identity(folder.path(), now).expect("made");
        assert_eq!(CertificateDer::pem_slice_iter(chain.as_bytes()).count(), 2, "the server and its CA");
        assert!(PrivateKeyDer::from_pem_slice(key.as_bytes()).is_ok());
        assert_eq!(own_identity(folder.path(), now + DAY_MS).expect("read"), (chain.clone(), key), "kept");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(folder.path().join("server.key")).expect("key").permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the key is the host's alone");
        }
        // Near its end, it is made again.
        let (renewed, _) = own_identity(folder.path(), now + (SERVER_DAYS - 10) * DAY_MS).expect("renewed");
        assert_ne!(renewed, chain);
    }
}
