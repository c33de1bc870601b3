//! The enterprises' certificate authorities (a certificate is normal, then revoked). One CA
//! per enterprise, made on first use: ECDSA P-256, valid twenty years, its key sealed at rest with
//! the master key (db/pki.rs). It signs server and client certificates (MQTT devices present client
//! certificates) and the CRL the host serves at `/pki/{tenant}/crl`.
//!
//! The host keeps no key of what it issues: a new key leaves this module only encrypted under the
//! password its requester chose (PKCS#8, PBES2 with PBKDF2-SHA256 and AES-256-CBC, which OpenSSL,
//! Java and every TLS stack read). Pure functions: the clock and the storage are the caller's.

use pkcs8::der::Decode;
use pkcs8::pkcs5::pbes2;
use pkcs8::{EncryptedPrivateKeyInfo, PrivateKeyInfo};
use rcgen::{
    BasicConstraints, CertificateParams, CertificateRevocationListParams, CrlDistributionPoint, DnType,
    ExtendedKeyUsagePurpose, IsCa, Issuer, KeyIdMethod, KeyPair, KeyUsagePurpose, RevocationReason, RevokedCertParams,
    SanType, SerialNumber,
};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;
use x509_parser::prelude::{FromDer, X509Certificate};

const DAY_MS: i64 = 86_400_000;
/// What a CA's key is sealed under (`MasterKey::seal`): no plugin's scope, so no plugin opens it.
pub const SEAL_SCOPE: &str = "@pki";
/// A CA outlives every certificate it signs.
const AUTHORITY_DAYS: i64 = 20 * 365;
/// A device certificate lives at most ten years.
pub const MAX_VALID_DAYS: u32 = 3650;
const MAX_DNS_NAMES: usize = 20;
/// PBKDF2 rounds of an encrypted key: OWASP's figure for PBKDF2-HMAC-SHA256.
const KEY_ROUNDS: u32 = 600_000;
/// A CRL is signed again at least this often (its next update).
const CRL_DAYS: i64 = 7;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAlgorithm {
    Rsa2048,
    Rsa4096,
    EcdsaP256,
}

impl KeyAlgorithm {
    pub fn key_bits(self) -> u32 {
        match self {
            Self::Rsa2048 => 2048,
            Self::Rsa4096 => 4096,
            Self::EcdsaP256 => 256,
        }
    }
}

/// What the certificate proves: a server's name (TLS server auth), or a client's (a device or a
/// service calling in: TLS client auth).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Usage {
    Server,
    Client,
}

/// A certificate to issue. Every field is the requester's; the validity starts now.
#[derive(Debug, Clone)]
pub struct Request {
    pub common_name: String,
    pub organization: String,
    /// ISO 3166 alpha-2, or empty.
    pub country: String,
    pub dns_names: Vec<String>,
    pub usage: Usage,
    pub algorithm: KeyAlgorithm,
    pub valid_days: u32,
    /// Encrypts the new private key; never stored.
    pub key_password: String,
}

#[derive(Debug, Clone)]
pub struct Issued {
    /// Upper-case hex, as OpenSSL prints it.
    pub serial: String,
    pub certificate_pem: String,
    /// `ENCRYPTED PRIVATE KEY` under the request's password.
    pub encrypted_key_pem: String,
    pub not_before_ms: i64,
    pub not_after_ms: i64,
    /// SHA-256 of the DER, upper-case hex.
    pub fingerprint: String,
}

/// A CA's certificate and its private key (PKCS#8 PEM), as db/pki.rs keeps them once opened.
pub struct Authority {
    pub certificate_pem: String,
    pub key_pem: String,
}

fn time_of(ms: i64) -> Result<OffsetDateTime, String> {
    OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000)).map_err(|e| e.to_string())
}

fn failed(what: &str) -> impl Fn(rcgen::Error) -> String + '_ {
    move |e| format!("{what}: {e}")
}

fn fingerprint(der: &[u8]) -> String {
    hex::encode_upper(Sha256::digest(der))
}

fn random_serial() -> SerialNumber {
    let mut bytes: [u8; 16] = rand::random();
    // Positive and exactly 16 bytes long (RFC 5280 §4.1.2.2).
    bytes[0] = (bytes[0] & 0x7f) | 0x40;
    SerialNumber::from_slice(&bytes)
}

/// A new CA for the enterprise `tenant` named `name`.
pub fn new_authority(tenant: i64, name: &str, now_ms: i64) -> Result<Authority, String> {
    let key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).map_err(failed("key"))?;
    let mut params = CertificateParams::default();
    params.distinguished_name = rcgen::DistinguishedName::new();
    params.distinguished_name.push(DnType::CommonName, format!("Device Console CA {tenant}"));
    params.distinguished_name.push(DnType::OrganizationName, truncate(name, 64));
    params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
    params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign, KeyUsagePurpose::DigitalSignature];
    params.serial_number = Some(random_serial());
    params.not_before = time_of(now_ms - DAY_MS)?;
    params.not_after = time_of(now_ms + AUTHORITY_DAYS * DAY_MS)?;
    let certificate = params.self_signed(&key).map_err(failed("authority"))?;
    Ok(Authority { certificate_pem: certificate.pem(), key_pem: key.serialize_pem() })
}

fn truncate(text: &str, chars: usize) -> String {
    text.chars().take(chars).collect()
}

/// Why the request cannot be issued, in the words of its field (the caller translates).
pub fn check(request: &Request) -> Result<(), (&'static str, String)> {
    let name_chars = request.common_name.chars().count();
    if request.common_name.trim().is_empty() || name_chars > 64 {
        return Err(("commonName", "1 to 64 characters".into()));
    }
    if request.organization.chars().count() > 64 {
        return Err(("organization", "at most 64 characters".into()));
    }
    let country = &request.country;
    let alpha2 = country.len() == 2 && country.chars().all(|c| c.is_ascii_uppercase());
    if !country.is_empty() && !alpha2 {
        return Err(("country", "a two-letter country code (ISO 3166), such as CN or DE".into()));
    }
    if request.dns_names.len() > MAX_DNS_NAMES {
        return Err(("dnsNames", format!("at most {MAX_DNS_NAMES} names")));
    }
    if let Some(bad) = request.dns_names.iter().find(|name| !is_dns_name(name)) {
        return Err(("dnsNames", format!("`{bad}` is not a host name")));
    }
    if request.usage == Usage::Server && request.dns_names.is_empty() {
        return Err(("dnsNames", "a service certificate names at least one host".into()));
    }
    if request.valid_days == 0 || request.valid_days > MAX_VALID_DAYS {
        return Err(("validDays", format!("1 to {MAX_VALID_DAYS} days")));
    }
    let password_chars = request.key_password.chars().count();
    if !(8..=128).contains(&password_chars) {
        return Err(("keyPassword", "8 to 128 characters".into()));
    }
    Ok(())
}

/// A host name, with an optional leading `*.` label (RFC 1123 labels of at most 63 characters).
fn is_dns_name(name: &str) -> bool {
    let name = name.strip_prefix("*.").unwrap_or(name);
    !name.is_empty()
        && name.len() <= 253
        && name.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

/// The new key as PKCS#8 DER, and rcgen's signing view of it.
fn new_key(algorithm: KeyAlgorithm) -> Result<(zeroize::Zeroizing<Vec<u8>>, KeyPair), String> {
    let der = match algorithm {
        KeyAlgorithm::EcdsaP256 => {
            let key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).map_err(failed("key"))?;
            zeroize::Zeroizing::new(key.serialize_der())
        }
        KeyAlgorithm::Rsa2048 | KeyAlgorithm::Rsa4096 => {
            use rsa::pkcs8::EncodePrivateKey;
            let mut rng = rsa::rand_core::OsRng;
            let key = rsa::RsaPrivateKey::new(&mut rng, algorithm.key_bits() as usize).map_err(|e| e.to_string())?;
            zeroize::Zeroizing::new(key.to_pkcs8_der().map_err(|e| e.to_string())?.as_bytes().to_vec())
        }
    };
    let pair = KeyPair::try_from(der.as_slice()).map_err(failed("key"))?;
    Ok((der, pair))
}

/// Encrypts a PKCS#8 key under `password`.
pub fn encrypt_key(der: &[u8], password: &str) -> Result<String, String> {
    let info = PrivateKeyInfo::from_der(der).map_err(|e| e.to_string())?;
    let (salt, iv): ([u8; 16], [u8; 16]) = (rand::random(), rand::random());
    let params = pbes2::Parameters::pbkdf2_sha256_aes256cbc(KEY_ROUNDS, &salt, &iv).map_err(|e| e.to_string())?;
    let document = info.encrypt_with_params(params, password).map_err(|e| e.to_string())?;
    document
        .to_pem("ENCRYPTED PRIVATE KEY", pkcs8::LineEnding::LF)
        .map(|pem| pem.to_string())
        .map_err(|e| e.to_string())
}

/// The PKCS#8 DER of an encrypted key; `None` when the password is wrong, the PEM is not one,
/// or its key derivation asks for more work than a key needs ([`derivation_bounded`]).
pub fn decrypt_key(encrypted_pem: &str, password: &str) -> Option<zeroize::Zeroizing<Vec<u8>>> {
    let (label, der) = pkcs8::der::pem::decode_vec(encrypted_pem.as_bytes()).ok()?;
    if label != "ENCRYPTED PRIVATE KEY" {
        return None;
    }
    let info = EncryptedPrivateKeyInfo::from_der(&der).ok()?;
    if !derivation_bounded(&info.encryption_algorithm) {
        return None;
    }
    let plain = info.decrypt(password).ok()?;
    Some(zeroize::Zeroizing::new(plain.as_bytes().to_vec()))
}

/// PBKDF2 rounds a key may ask for: ours take [`KEY_ROUNDS`]; a few times that is still a
/// second, where three hundred million burnt a core for minutes.
const MAX_KEY_ROUNDS: u32 = 4 * KEY_ROUNDS;
/// scrypt's cost a key may ask for: N = 2^17 with r = 8 is 128 MiB; one asking N = 2^30 wanted
/// a terabyte, and the process was aborted on it.
const MAX_SCRYPT_MEMORY: u64 = 128 << 20;

/// Whether the key derivation an encrypted key names is within what the host does for a key:
/// PBES2 with PBKDF2 of at most [`MAX_KEY_ROUNDS`], or scrypt within [`MAX_SCRYPT_MEMORY`] (and
/// no parallel lanes); the parameters come from whoever wrote the key, and are read before any
/// work is done.
pub fn derivation_bounded(scheme: &pkcs8::pkcs5::EncryptionScheme<'_>) -> bool {
    use pkcs8::pkcs5::pbes2::Kdf;
    let pkcs8::pkcs5::EncryptionScheme::Pbes2(params) = scheme else { return false };
    match &params.kdf {
        Kdf::Pbkdf2(pbkdf2) => pbkdf2.iteration_count <= MAX_KEY_ROUNDS,
        Kdf::Scrypt(scrypt) => {
            let memory = 128u64
                .saturating_mul(u64::from(scrypt.block_size))
                .saturating_mul(scrypt.cost_parameter)
                .saturating_mul(u64::from(scrypt.parallelization));
            scrypt.parallelization <= 1 && memory <= MAX_SCRYPT_MEMORY
        }
        _ => false,
    }
}

fn signer(authority: &Authority) -> Result<Issuer<'static, KeyPair>, String> {
    let key = KeyPair::from_pem(&authority.key_pem).map_err(failed("authority key"))?;
    Issuer::from_ca_cert_pem(&authority.certificate_pem, key).map_err(failed("authority"))
}

/// Issues `request` under `authority`; `crl_url` goes in the certificate as its CRL distribution point.
pub fn issue(authority: &Authority, request: &Request, crl_url: &str, now_ms: i64) -> Result<Issued, String> {
    check(request).map_err(|(field, why)| format!("{field}: {why}"))?;
    let (key_der, key) = new_key(request.algorithm)?;
    let mut params = CertificateParams::default();
    params.distinguished_name = rcgen::DistinguishedName::new();
    params.distinguished_name.push(DnType::CommonName, request.common_name.trim());
    if !request.organization.is_empty() {
        params.distinguished_name.push(DnType::OrganizationName, request.organization.as_str());
    }
    if !request.country.is_empty() {
        params.distinguished_name.push(DnType::CountryName, request.country.as_str());
    }
    for name in &request.dns_names {
        let name = name.as_str().try_into().map_err(|e: rcgen::Error| e.to_string())?;
        params.subject_alt_names.push(SanType::DnsName(name));
    }
    params.is_ca = IsCa::ExplicitNoCa;
    params.key_usages = match (request.usage, request.algorithm) {
        // An RSA server key may also carry the TLS 1.2 key exchange.
        (Usage::Server, KeyAlgorithm::Rsa2048 | KeyAlgorithm::Rsa4096) => {
            vec![KeyUsagePurpose::DigitalSignature, KeyUsagePurpose::KeyEncipherment]
        }
        _ => vec![KeyUsagePurpose::DigitalSignature],
    };
    params.extended_key_usages = vec![match request.usage {
        Usage::Server => ExtendedKeyUsagePurpose::ServerAuth,
        Usage::Client => ExtendedKeyUsagePurpose::ClientAuth,
    }];
    params.crl_distribution_points = vec![CrlDistributionPoint { uris: vec![crl_url.to_string()] }];
    params.use_authority_key_identifier_extension = true;
    params.key_identifier_method = KeyIdMethod::Sha256;
    let serial = random_serial();
    params.serial_number = Some(serial.clone());
    let not_before_ms = now_ms - 60_000;
    let not_after_ms = now_ms + i64::from(request.valid_days) * DAY_MS;
    params.not_before = time_of(not_before_ms)?;
    params.not_after = time_of(not_after_ms)?;
    let certificate = params.signed_by(&key, &signer(authority)?).map_err(failed("certificate"))?;
    Ok(Issued {
        serial: hex::encode_upper(serial.to_bytes()),
        certificate_pem: certificate.pem(),
        encrypted_key_pem: encrypt_key(&key_der, &request.key_password)?,
        not_before_ms: not_before_ms.div_euclid(1000) * 1000,
        not_after_ms: not_after_ms.div_euclid(1000) * 1000,
        fingerprint: fingerprint(certificate.der()),
    })
}

/// A revoked certificate: its serial (hex) and when.
pub struct Revoked {
    pub serial: String,
    pub revoked_at_ms: i64,
}

/// The CRL (DER) of `authority`, numbered `number`, valid a week from `now_ms`.
pub fn crl(authority: &Authority, revoked: &[Revoked], number: u64, now_ms: i64) -> Result<Vec<u8>, String> {
    let revoked_certs = revoked
        .iter()
        .map(|entry| {
            Ok(RevokedCertParams {
                serial_number: SerialNumber::from_slice(&hex::decode(&entry.serial).map_err(|e| e.to_string())?),
                revocation_time: time_of(entry.revoked_at_ms)?,
                reason_code: Some(RevocationReason::Unspecified),
                invalidity_date: None,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let params = CertificateRevocationListParams {
        this_update: time_of(now_ms)?,
        next_update: time_of(now_ms + CRL_DAYS * DAY_MS)?,
        crl_number: SerialNumber::from(number),
        issuing_distribution_point: None,
        revoked_certs,
        key_identifier_method: KeyIdMethod::Sha256,
    };
    let list = params.signed_by(&signer(authority)?).map_err(failed("CRL"))?;
    Ok(list.der().to_vec())
}

/// A PKCS#12 file of the certificate, its key and the CA, under `password` (PBES2 AES-256, MAC
/// HMAC-SHA256: OpenSSL 3, Windows 10 and Java 11 open it).
pub fn pkcs12(certificate_pem: &str, authority_pem: &str, key_der: &[u8], password: &str) -> Result<Vec<u8>, String> {
    use p12_keystore::{Certificate, KeyStore, KeyStoreEntry, LocalKeyId, PrivateKey, PrivateKeyChain};
    let certificate = Certificate::from_der(&pem_der(certificate_pem)?).map_err(|e| e.to_string())?;
    let authority = Certificate::from_der(&pem_der(authority_pem)?).map_err(|e| e.to_string())?;
    let key = PrivateKey::from_der(key_der).map_err(|e| e.to_string())?;
    let key_id = Sha256::digest(certificate.as_der()).to_vec();
    let chain = PrivateKeyChain::new(LocalKeyId(key_id), key, [certificate, authority]);
    let mut store = KeyStore::new();
    store.add_entry("certificate", KeyStoreEntry::PrivateKeyChain(chain));
    store.writer(password).write().map_err(|e| e.to_string())
}

/// The DER of the first certificate in a PEM text.
pub fn pem_der(pem: &str) -> Result<Vec<u8>, String> {
    let (label, der) = pkcs8::der::pem::decode_vec(first_block(pem).as_bytes()).map_err(|e| e.to_string())?;
    if label != "CERTIFICATE" {
        return Err(format!("a CERTIFICATE, not {label}"));
    }
    Ok(der)
}

fn first_block(pem: &str) -> &str {
    const END: &str = "-----END CERTIFICATE-----";
    match pem.find(END) {
        Some(at) => &pem[..at + END.len()],
        None => pem,
    }
}

/// The PEM blocks of a text, each with its label and DER.
fn pem_blocks(text: &str) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("-----BEGIN ") {
        let after = &rest[start..];
        let label_end = after[11..].find("-----").ok_or("a PEM header without its end")? + 11;
        let label = &after[11..label_end];
        let end_marker = format!("-----END {label}-----");
        let end = after.find(&end_marker).ok_or_else(|| format!("`{label}` is not closed"))? + end_marker.len();
        let (found, der) = pkcs8::der::pem::decode_vec(&after.as_bytes()[..end]).map_err(|e| e.to_string())?;
        blocks.push((found.to_string(), der));
        rest = &after[end..];
    }
    Ok(blocks)
}

/// What an uploaded certificate chain is (the ssl-certificate and self-domain pages).
#[derive(Debug, Clone, PartialEq)]
pub struct Inspection {
    pub subject: String,
    pub issuer: String,
    pub serial: String,
    pub dns_names: Vec<String>,
    pub not_before_ms: i64,
    pub not_after_ms: i64,
    pub fingerprint: String,
    pub key_algorithm: String,
    /// Each certificate of the chain is signed by the next one, and the last by itself or by a
    /// certificate not in the chain (a public root the client already has).
    pub chain_valid: bool,
    /// Whether the key is the certificate's: `None` when no key was given.
    pub key_matches: Option<bool>,
    pub chain_length: u32,
}

/// Reads a PEM chain (leaf first) and, when given, its unencrypted PKCS#8 key.
pub fn inspect(chain_pem: &str, key_pem: Option<&str>) -> Result<Inspection, String> {
    let blocks = pem_blocks(chain_pem)?;
    let ders: Vec<&Vec<u8>> = blocks.iter().filter(|(label, _)| label == "CERTIFICATE").map(|(_, der)| der).collect();
    if ders.is_empty() {
        return Err("no CERTIFICATE block".into());
    }
    let certificates = ders
        .iter()
        .map(|der| X509Certificate::from_der(der).map(|(_, c)| c).map_err(|e| format!("not an X.509 certificate: {e}")))
        .collect::<Result<Vec<_>, String>>()?;
    let leaf = &certificates[0];
    let chain_valid = certificates.windows(2).all(|pair| pair[0].verify_signature(Some(pair[1].public_key())).is_ok())
        && certificates
            .last()
            .map(|top| top.subject() != top.issuer() || top.verify_signature(None).is_ok())
            .unwrap_or(false);
    let key_matches = match key_pem {
        None => None,
        Some(text) => {
            let key =
                KeyPair::from_pem(text).map_err(|_| "the key is not an unencrypted PKCS#8 private key".to_string())?;
            Some(rcgen::PublicKeyData::der_bytes(&key) == leaf.public_key().subject_public_key.data.as_ref())
        }
    };
    let dns_names = leaf
        .subject_alternative_name()
        .ok()
        .flatten()
        .map(|san| {
            san.value
                .general_names
                .iter()
                .filter_map(|name| match name {
                    x509_parser::extensions::GeneralName::DNSName(dns) => Some(dns.to_string()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    let validity = leaf.validity();
    Ok(Inspection {
        subject: leaf.subject().to_string(),
        issuer: leaf.issuer().to_string(),
        serial: leaf.raw_serial_as_string().replace(':', "").to_uppercase(),
        dns_names,
        not_before_ms: validity.not_before.timestamp() * 1000,
        not_after_ms: validity.not_after.timestamp() * 1000,
        fingerprint: fingerprint(ders[0]),
        key_algorithm: key_algorithm_name(leaf),
        chain_valid,
        key_matches,
        chain_length: certificates.len() as u32,
    })
}

fn key_algorithm_name(certificate: &X509Certificate<'_>) -> String {
    use x509_parser::public_key::PublicKey;
    match certificate.public_key().parsed() {
        Ok(PublicKey::RSA(rsa)) => format!("RSA {}", rsa.key_size()),
        Ok(PublicKey::EC(ec)) => format!("EC {}", ec.key_size()),
        _ => certificate.public_key().algorithm.algorithm.to_id_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_795_000_000_000;

    fn request(usage: Usage, algorithm: KeyAlgorithm) -> Request {
        Request {
            common_name: "SN0001".into(),
            organization: "Acme".into(),
            country: "DE".into(),
            dns_names: if usage == Usage::Server { vec!["mqtt.example.com".into()] } else { vec![] },
            usage,
            algorithm,
            valid_days: 365,
            key_password: "correct horse".into(),
        }
    }

    /// An encrypted key whose derivation asks for `kdf`, its ciphertext whatever: what a plugin
    /// may hand the host.
    fn key_asking(kdf: pkcs8::pkcs5::pbes2::Kdf<'_>) -> String {
        use pkcs8::der::Encode as _;
        let iv = [0u8; 16];
        let params = pkcs8::pkcs5::pbes2::Parameters {
            kdf,
            encryption: pkcs8::pkcs5::pbes2::EncryptionScheme::Aes256Cbc { iv: &iv },
        };
        let data = [0u8; 48];
        let info = EncryptedPrivateKeyInfo { encryption_algorithm: params.into(), encrypted_data: &data };
        let der = info.to_der().expect("der");
        pkcs8::der::pem::encode_string("ENCRYPTED PRIVATE KEY", pkcs8::LineEnding::LF, &der).expect("pem")
    }

    /// A key asking a terabyte of scrypt memory aborted the host; one asking 300 million PBKDF2
    /// rounds burnt a core for minutes. Both are refused before any work.
    #[test]
    fn a_key_derivation_beyond_what_a_key_needs_is_refused_before_any_work() {
        use pkcs8::pkcs5::pbes2::{Kdf, Pbkdf2Params, Pbkdf2Prf, ScryptParams};
        let salt = [7u8; 16];
        let started = std::time::Instant::now();
        let scrypt = Kdf::Scrypt(ScryptParams {
            salt: &salt,
            cost_parameter: 1 << 30,
            block_size: 8,
            parallelization: 1,
            key_length: None,
        });
        assert!(decrypt_key(&key_asking(scrypt), "any").is_none());
        let pbkdf2 = Kdf::Pbkdf2(Pbkdf2Params {
            salt: &salt,
            iteration_count: 300_000_000,
            key_length: None,
            prf: Pbkdf2Prf::HmacWithSha256,
        });
        assert!(decrypt_key(&key_asking(pbkdf2), "any").is_none());
        assert!(started.elapsed() < std::time::Duration::from_secs(1), "{:?}", started.elapsed());
        // What the host writes itself still opens.
        let authority = new_authority(7, "Acme", NOW).unwrap();
        let issued = issue(&authority, &request(Usage::Client, KeyAlgorithm::EcdsaP256), "http://x/crl", NOW).unwrap();
        assert!(decrypt_key(&issued.encrypted_key_pem, "correct horse").is_some());
    }

    #[test]
    fn an_issued_certificate_is_signed_by_its_authority_and_its_key_opens_with_the_password() {
        let authority = new_authority(7, "Acme", NOW).unwrap();
        let issued =
            issue(&authority, &request(Usage::Client, KeyAlgorithm::EcdsaP256), "http://h/pki/7/crl", NOW).unwrap();
        let chain = format!("{}{}", issued.certificate_pem, authority.certificate_pem);
        let key_der = decrypt_key(&issued.encrypted_key_pem, "correct horse").expect("the password opens the key");
        let key_pem = pkcs8::der::pem::encode_string("PRIVATE KEY", pkcs8::LineEnding::LF, &key_der).unwrap();
        let seen = inspect(&chain, Some(&key_pem)).unwrap();
        assert!(seen.chain_valid);
        assert_eq!(seen.key_matches, Some(true));
        assert_eq!(seen.serial, issued.serial);
        assert_eq!(seen.not_after_ms, issued.not_after_ms);
        assert_eq!(seen.key_algorithm, "EC 256");
        assert!(decrypt_key(&issued.encrypted_key_pem, "wrong horse").is_none());
        // Another authority's signature does not pass for this one's.
        let other = new_authority(8, "Other", NOW).unwrap();
        assert!(!inspect(&format!("{}{}", issued.certificate_pem, other.certificate_pem), None).unwrap().chain_valid);
    }

    #[test]
    fn rsa_keys_have_the_requested_length() {
        let authority = new_authority(7, "Acme", NOW).unwrap();
        let issued =
            issue(&authority, &request(Usage::Server, KeyAlgorithm::Rsa2048), "http://h/pki/7/crl", NOW).unwrap();
        let seen = inspect(&issued.certificate_pem, None).unwrap();
        assert_eq!(seen.key_algorithm, "RSA 2048");
        assert_eq!(seen.dns_names, vec!["mqtt.example.com".to_string()]);
    }

    #[test]
    fn requests_are_checked_field_by_field() {
        let fields = |change: fn(&mut Request)| {
            let mut r = request(Usage::Server, KeyAlgorithm::EcdsaP256);
            change(&mut r);
            check(&r).err().map(|(field, _)| field)
        };
        assert_eq!(fields(|_| {}), None);
        assert_eq!(fields(|r| r.common_name = " ".into()), Some("commonName"));
        assert_eq!(fields(|r| r.country = "Germany".into()), Some("country"));
        assert_eq!(fields(|r| r.dns_names = vec!["bad host".into()]), Some("dnsNames"));
        assert_eq!(fields(|r| r.dns_names.clear()), Some("dnsNames"));
        assert_eq!(fields(|r| r.dns_names = vec!["*.example.com".into()]), None);
        assert_eq!(fields(|r| r.valid_days = MAX_VALID_DAYS + 1), Some("validDays"));
        assert_eq!(fields(|r| r.key_password = "short".into()), Some("keyPassword"));
    }

    #[test]
    fn a_mismatched_key_is_told() {
        let authority = new_authority(7, "Acme", NOW).unwrap();
        let other_key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).unwrap().serialize_pem();
        let seen = inspect(&authority.certificate_pem, Some(&other_key)).unwrap();
        assert_eq!(seen.key_matches, Some(false));
        assert!(seen.chain_valid, "a self-signed root verifies by itself");
        assert!(inspect("not a certificate", None).is_err());
    }
}
