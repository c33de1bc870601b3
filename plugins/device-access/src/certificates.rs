//! Certificates of the enterprise's CA (type, validity, encryption method, key length, private-key
//! password, status normal → revoked). The host signs (contract 0.1.12); this plugin keeps what was
//! issued: the certificate and its key encrypted under the password the user chose, which the
//! plugin never sees again. A revoked certificate goes into the CRL the host serves; only a revoked
//! or expired one can be deleted, so that nothing valid is forgotten.

use console_plugin_sdk::certificates::{self as ca, CertificateRequest, KeyAlgorithm, Usage};
use console_plugin_sdk::export::{ExportedFile, file_stem};
use console_plugin_sdk::validate::{self, LONG_TEXT, MAX_LIST_ENTRIES, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Message, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::domains::{country, host_name};
use crate::messages;

pub const TYPES: [&str; 3] = ["service", "client", "mqtt"];
/// Encryption methods and the key lengths each offers.
pub const ALGORITHMS: [(&str, &[i64]); 2] = [("RSA", &[2048, 4096]), ("ECDSA", &[256])];
pub const MAX_VALID_DAYS: i64 = 3650;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Certificate {
    pub name: String,
    /// service, client or mqtt (a device's client certificate; its common name is the SN).
    pub cert_type: String,
    pub common_name: String,
    pub organization: String,
    pub country: String,
    pub dns_names: Vec<String>,
    /// RSA or ECDSA.
    pub algorithm: String,
    pub key_length: i64,
    pub valid_days: i64,
    /// normal or revoked.
    pub status: String,
    pub serial: String,
    pub fingerprint: String,
    pub not_before: i64,
    pub not_after: i64,
    pub revoked_at: Option<i64>,
    pub certificate_pem: String,
    /// Under the password given at generation; never shown, only downloaded.
    #[schemars(skip)]
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub encrypted_key_pem: String,
    pub remark: String,
}

pub const CERTIFICATES: Collection<Certificate> = Collection::new("certificates");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CertificateInput {
    name: String,
    cert_type: String,
    common_name: String,
    organization: String,
    country: String,
    /// One host name per line (service certificates).
    dns_names: String,
    algorithm: String,
    key_length: Option<f64>,
    valid_days: Option<f64>,
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    key_password: String,
    remark: String,
}

/// The request for the host, after every rule (validity, type, encryption method, key length and
/// private-key password are required).
pub fn request_of(input: &CertificateInput) -> PluginResult<(String, CertificateRequest, String)> {
    let name = validate::length("name", &input.name, 2, SHORT_TEXT)?;
    let cert_type = validate::one_of("certType", &input.cert_type, &TYPES)?;
    let common_name = validate::required("commonName", &input.common_name, 64)?;
    let algorithm = validate::one_of("algorithm", &input.algorithm, &ALGORITHMS.map(|(a, _)| a))?;
    let lengths = ALGORITHMS.iter().find(|(a, _)| *a == algorithm).map(|(_, l)| *l).unwrap_or(&[]);
    let key_length = validate::integer("keyLength", input.key_length, 256, 4096)?;
    if !lengths.contains(&key_length) {
        let allowed: Vec<String> = lengths.iter().map(i64::to_string).collect();
        return Err(PluginError::format_values("keyLength", &allowed.join(" / ")));
    }
    let valid_days = validate::integer("validDays", input.valid_days, 1, MAX_VALID_DAYS)?;
    let password = &input.key_password;
    if password.is_empty() {
        return Err(PluginError::required("keyPassword"));
    }
    validate::length("keyPassword", password, 8, 128)?;
    let mut dns_names = Vec::new();
    for line in validate::lines("dnsNames", &input.dns_names, MAX_LIST_ENTRIES)? {
        let wildcard = line.strip_prefix("*.");
        let checked = host_name("dnsNames", wildcard.unwrap_or(&line))?;
        dns_names.push(if wildcard.is_some() { format!("*.{checked}") } else { checked });
    }
    if cert_type == "service" && dns_names.is_empty() {
        return Err(PluginError::required("dnsNames"));
    }
    let request = CertificateRequest {
        common_name,
        organization: validate::optional("organization", &input.organization, 64)?,
        country: country("country", &input.country)?,
        dns_names,
        usage: if cert_type == "service" { Usage::Server } else { Usage::Client },
        algorithm: match key_length {
            2048 => KeyAlgorithm::Rsa2048,
            4096 => KeyAlgorithm::Rsa4096,
            _ => KeyAlgorithm::EcdsaP256,
        },
        valid_days: valid_days as u32,
        key_password: password.clone(),
    };
    Ok((name, request, cert_type))
}

/// A certificate as lists show it: without its key.
fn shown(mut doc: console_plugin_sdk::Doc<Certificate>) -> console_plugin_sdk::Doc<Certificate> {
    doc.data.encrypted_key_pem.clear();
    doc
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query = Query::new()
        .search("name", call.query("name"), mode)
        .eq_opt("certType", call.query("certType"))
        .eq_opt("status", call.query("status"))
        .sort("createdAt", true)
        .paged_by(call)?;
    let mut page = CERTIFICATES.query(call.host, &query)?;
    page.list = page.list.into_iter().map(shown).collect();
    Ok(json!(page))
}

/// Generates a key and its certificate: "certificate generated".
pub fn generate(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<CertificateInput>()?;
    let (name, request, cert_type) = request_of(&input)?;
    let remark = validate::optional("remark", &input.remark, LONG_TEXT)?;
    // Before a key is made for nothing (the store would refuse the name after the signing).
    if CERTIFICATES.count(call.host, &Query::new().eq("name", name.as_str()))? > 0 {
        return Err(PluginError::invalid("name", Message::Duplicate { fields: vec!["name".into()] }));
    }
    // A device's MQTT certificate is issued as such: no other client certificate naming an SN
    // signs a device in.
    let issued =
        if cert_type == "mqtt" { ca::issue_for_mqtt(call.host, &request)? } else { ca::issue(call.host, &request)? };
    let certificate = Certificate {
        name,
        cert_type,
        algorithm: if matches!(request.algorithm, KeyAlgorithm::EcdsaP256) { "ECDSA" } else { "RSA" }.into(),
        key_length: match request.algorithm {
            KeyAlgorithm::Rsa2048 => 2048,
            KeyAlgorithm::Rsa4096 => 4096,
            KeyAlgorithm::EcdsaP256 => 256,
        },
        common_name: request.common_name,
        organization: request.organization,
        country: request.country,
        dns_names: request.dns_names,
        valid_days: i64::from(request.valid_days),
        status: "normal".into(),
        serial: issued.serial,
        fingerprint: issued.fingerprint,
        not_before: issued.not_before,
        not_after: issued.not_after,
        revoked_at: None,
        certificate_pem: issued.certificate_pem,
        encrypted_key_pem: issued.encrypted_key_pem,
        remark,
    };
    let created = CERTIFICATES.insert(call.host, &certificate)?;
    call.host.audit("Generate a certificate", &format!("{} ({})", created.data.name, created.data.serial));
    Ok(json!(shown(created)))
}

/// normal → revoked, once; the host's CRL lists it from the commit on.
pub fn revoke(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let mut doc = CERTIFICATES.find(call.host, &id)?;
    call.confirm_name(&doc.data.name)?;
    if doc.data.status == "revoked" {
        return Err(messages::already_revoked());
    }
    ca::revoke(call.host, &doc.data.serial)?;
    doc.data.status = "revoked".into();
    doc.data.revoked_at = Some(call.host.now_ms());
    CERTIFICATES.update(call.host, &id, &doc.data, Some(doc.version))?;
    call.host.audit("Revoke a certificate", &format!("{} ({})", doc.data.name, doc.data.serial));
    Ok(Value::Null)
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let doc = CERTIFICATES.find(call.host, &id)?;
    call.confirm_name(&doc.data.name)?;
    if doc.data.status != "revoked" && doc.data.not_after > call.host.now_ms() {
        return Err(messages::still_valid());
    }
    CERTIFICATES.delete(call.host, &id)?;
    Ok(Value::Null)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DownloadInput {
    /// pem (certificate, encrypted key and CA) or pkcs12.
    format: String,
    /// The private-key password given at generation (pkcs12 only: the file is sealed with it).
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    password: String,
}

pub fn download(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<DownloadInput>()?;
    let format = validate::one_of("format", &input.format, &["pem", "pkcs12"])?;
    let id = call.param("id")?.to_string();
    let doc = CERTIFICATES.find(call.host, &id)?;
    let stem = file_stem(&doc.data.name);
    let file = if format == "pem" {
        let authority = ca::authority(call.host)?;
        let text = format!("{}{}{}", doc.data.certificate_pem, doc.data.encrypted_key_pem, authority);
        ExportedFile::new(format!("{stem}.pem"), "application/x-pem-file", text.as_bytes())
    } else {
        if input.password.is_empty() {
            return Err(PluginError::required("password"));
        }
        let bytes = call
            .host
            .certificate_pkcs12(&doc.data.certificate_pem, &doc.data.encrypted_key_pem, &input.password)
            .map_err(|_| messages::wrong_password())?;
        ExportedFile::new(format!("{stem}.p12"), "application/x-pkcs12", &bytes)
    };
    call.host.audit("Download a certificate", &format!("{} ({format})", doc.data.name));
    Ok(json!(file))
}

/// The CA devices trust and where its revocation list is.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityInfo {
    pub certificate_pem: String,
}

pub fn authority(call: &mut Call<'_>) -> PluginResult<Value> {
    Ok(json!(AuthorityInfo { certificate_pem: ca::authority(call.host)? }))
}
