//! SSL certificates the enterprise uploads for its own domains (ssl-certificate, self-domain):
//! the chain is read and checked by the host (each certificate signed by the next, the key the
//! leaf's, not expired), the key sealed at rest and never shown, and the list warns 30 days
//! before a certificate expires.

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Query, Value, json, secrets};
use serde::{Deserialize, Serialize};

use crate::domains::DOMAINS;
use crate::messages;

/// The list warns this long before a certificate expires.
pub const WARN_DAYS: i64 = 30;
const DAY_MS: i64 = 86_400_000;
const MAX_PEM_BYTES: usize = 64 * 1024;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SslCertificate {
    pub name: String,
    pub subject: String,
    pub issuer: String,
    pub serial: String,
    pub dns_names: Vec<String>,
    pub not_before: i64,
    pub not_after: i64,
    pub fingerprint: String,
    pub key_algorithm: String,
    pub chain_length: u32,
    pub chain_pem: String,
    #[schemars(skip)]
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sealed_key: String,
    pub remark: String,
}

pub const SSL: Collection<SslCertificate> = Collection::new("ssl");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SslInput {
    name: String,
    /// The PEM chain, the server's certificate first.
    chain_pem: String,
    /// Its unencrypted private key (PEM, PKCS#8).
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    key_pem: String,
    remark: String,
}

/// Whether the certificate name `pattern` (`*.example.com` or a full name) covers `host`: a
/// wildcard stands for exactly one label (RFC 6125 §6.4.3).
pub fn covers(pattern: &str, host: &str) -> bool {
    let (pattern, host) = (pattern.to_ascii_lowercase(), host.to_ascii_lowercase());
    match pattern.strip_prefix("*.") {
        Some(parent) => host.split_once('.').is_some_and(|(label, rest)| !label.is_empty() && rest == parent),
        None => pattern == host,
    }
}

/// valid, expiring (within 30 days) or expired.
pub fn expiry(not_after: i64, now: i64) -> &'static str {
    if not_after <= now {
        "expired"
    } else if not_after - now <= WARN_DAYS * DAY_MS {
        "expiring"
    } else {
        "valid"
    }
}

fn shown(now: i64, mut doc: Doc<SslCertificate>) -> Value {
    doc.data.sealed_key.clear();
    let mut value = json!(doc);
    value["expiry"] = json!(expiry(doc.data.not_after, now));
    value["daysLeft"] = json!((doc.data.not_after - now).div_euclid(DAY_MS));
    value
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mode = call.search_mode();
    let query = Query::new().search("name", call.query("name"), mode).sort("notAfter", false).paged_by(call)?;
    let page = SSL.query(call.host, &query)?;
    let now = call.host.now_ms();
    Ok(json!({
        "list": page.list.into_iter().map(|doc| shown(now, doc)).collect::<Vec<_>>(),
        "total": page.total,
        "page": page.page,
        "pageSize": page.page_size,
    }))
}

pub fn upload(call: &mut Call<'_>) -> PluginResult<Value> {
    let input = call.body::<SslInput>()?;
    let name = validate::length("name", &input.name, 2, SHORT_TEXT)?;
    let remark = validate::optional("remark", &input.remark, LONG_TEXT)?;
    let chain = validate::required("chainPem", &input.chain_pem, MAX_PEM_BYTES)?;
    let key = validate::required("keyPem", &input.key_pem, MAX_PEM_BYTES)?;
    let seen = call.host.certificate_inspect(&chain, Some(&key)).map_err(|_| messages::not_a_chain())?;
    if seen.key_matches != Some(true) {
        return Err(messages::key_mismatch());
    }
    if !seen.chain_valid {
        return Err(messages::broken_chain());
    }
    if seen.not_after <= call.host.now_ms() {
        return Err(messages::expired());
    }
    let certificate = SslCertificate {
        name,
        subject: seen.subject,
        issuer: seen.issuer,
        serial: seen.serial,
        dns_names: seen.dns_names,
        not_before: seen.not_before,
        not_after: seen.not_after,
        fingerprint: seen.fingerprint,
        key_algorithm: seen.key_algorithm,
        chain_length: seen.chain_length,
        chain_pem: chain,
        sealed_key: secrets::seal(call.host, &key)?,
        remark,
    };
    let created = SSL.insert(call.host, &certificate)?;
    call.host.audit("Upload an SSL certificate", &created.data.name);
    let now = call.host.now_ms();
    Ok(shown(now, created))
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let doc = SSL.find(call.host, &id)?;
    call.confirm_name(&doc.data.name)?;
    if DOMAINS.count(call.host, &Query::new().eq("sslCertificateId", id.as_str()))? > 0 {
        return Err(messages::ssl_in_use());
    }
    SSL.delete(call.host, &id)?;
    Ok(Value::Null)
}

/// An uploaded certificate in the self-domain form's picker.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SslOption {
    pub id: String,
    pub name: String,
    pub dns_names: Vec<String>,
    pub not_after: i64,
}

pub fn options(call: &mut Call<'_>) -> PluginResult<Value> {
    let page = SSL.query(call.host, &Query::new().sort("name", false).page(1, 1000))?;
    let options: Vec<SslOption> = page
        .list
        .into_iter()
        .map(|doc| SslOption {
            id: doc.id,
            name: doc.data.name,
            dns_names: doc.data.dns_names,
            not_after: doc.data.not_after,
        })
        .collect();
    Ok(json!(options))
}
