//! Domains: the host names devices and apps are told to use, per country and service. Three pages
//! keep them: domainManagement (`device`), service-domain (`service`) and self-domain (`self`, the
//! enterprise's own names, each served with an uploaded SSL certificate that covers it). A
//! permanently disabled domain stays disabled: the option cannot be taken back.

use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Resource, Value, json};
use serde::{Deserialize, Serialize};

use crate::messages;
use crate::ssl::{SSL, covers};

pub const KINDS: [&str; 3] = ["device", "service", "self"];
/// Priorities a user may give: a higher number wins.
pub const MAX_PRIORITY: i64 = 9999;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Domain {
    pub kind: String,
    /// A host name, `api.eu.example.com`.
    pub name: String,
    pub priority: i64,
    /// ISO 3166 alpha-2; empty for every country.
    pub country: String,
    /// The service it serves (`api`, `mqtt`, `ota`, ...).
    pub service_name: String,
    /// The validity period, milliseconds since the epoch; open at either end when absent.
    pub valid_from: Option<i64>,
    pub valid_until: Option<i64>,
    pub permanently_disabled: bool,
    /// The SSL certificate a self domain is served with.
    #[serde(default)]
    pub ssl_certificate_id: String,
    pub remark: String,
}

pub const DOMAINS: Collection<Domain> = Collection::new("domains");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DomainInput {
    kind: String,
    name: String,
    priority: Option<f64>,
    country: String,
    service_name: String,
    valid_from: Option<i64>,
    valid_until: Option<i64>,
    permanently_disabled: bool,
    ssl_certificate_id: String,
    remark: String,
}

/// A host name: dot-separated labels of letters, digits and `-`, at most 253 characters.
pub fn host_name(field: &str, value: &str) -> PluginResult<String> {
    let value = validate::required(field, value, 253)?.to_ascii_lowercase();
    let labels_ok = value.split('.').count() >= 2
        && value.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    if labels_ok { Ok(value) } else { Err(PluginError::format(field, messages::HOST_NAME)) }
}

/// Empty, or an ISO 3166 alpha-2 code (upper-cased).
pub fn country(field: &str, value: &str) -> PluginResult<String> {
    let value = value.trim().to_ascii_uppercase();
    if value.is_empty() || (value.len() == 2 && value.chars().all(|c| c.is_ascii_uppercase())) {
        Ok(value)
    } else {
        Err(PluginError::format(field, messages::COUNTRY))
    }
}

fn service_name(value: &str) -> PluginResult<String> {
    let value = validate::required("serviceName", value, 40)?.to_ascii_lowercase();
    if value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        Ok(value)
    } else {
        Err(PluginError::format("serviceName", console_plugin_sdk::expected::CODE))
    }
}

impl DomainInput {
    fn validate(self) -> PluginResult<Domain> {
        let priority = validate::integer("priority", self.priority, 0, MAX_PRIORITY)?;
        if let (Some(from), Some(until)) = (self.valid_from, self.valid_until)
            && until <= from
        {
            return Err(messages::validity_reversed());
        }
        Ok(Domain {
            kind: validate::one_of("kind", &self.kind, &KINDS)?,
            name: host_name("name", &self.name)?,
            priority,
            country: country("country", &self.country)?,
            service_name: service_name(&self.service_name)?,
            valid_from: self.valid_from,
            valid_until: self.valid_until,
            permanently_disabled: self.permanently_disabled,
            ssl_certificate_id: validate::optional("sslCertificateId", &self.ssl_certificate_id, SHORT_TEXT)?,
            remark: validate::optional("remark", &self.remark, LONG_TEXT)?,
        })
    }
}

pub struct Domains;

impl Resource for Domains {
    type Data = Domain;
    type Input = DomainInput;
    const COLLECTION: Collection<Domain> = DOMAINS;
    const SEARCH: &'static [&'static str] = &["name"];
    const FILTERS: &'static [&'static str] = &["kind", "country", "serviceName"];
    const SORT: &'static [(&'static str, bool)] = &[("priority", true), ("createdAt", true)];
    const AUDIT_CREATE: Option<&'static str> = Some("Add a domain");

    fn name(domain: &Domain) -> &str {
        &domain.name
    }

    fn validate(call: &mut Call<'_>, input: DomainInput, current: Option<&Doc<Domain>>) -> PluginResult<Domain> {
        let mut domain = input.validate()?;
        if let Some(before) = current {
            if before.data.kind != domain.kind {
                return Err(PluginError::format("kind", messages::UNCHANGED));
            }
            if before.data.permanently_disabled && !domain.permanently_disabled {
                return Err(messages::permanently_disabled());
            }
        }
        if domain.kind == "self" {
            let id = validate::required("sslCertificateId", &domain.ssl_certificate_id, SHORT_TEXT)?;
            let ssl = SSL
                .get(call.host, &id)?
                .ok_or_else(|| PluginError::format("sslCertificateId", messages::EXISTING_SSL))?;
            if !ssl.data.dns_names.iter().any(|pattern| covers(pattern, &domain.name)) {
                return Err(messages::not_covered(&domain.name));
            }
        } else {
            domain.ssl_certificate_id.clear();
        }
        Ok(domain)
    }

    fn shown(call: &mut Call<'_>, doc: &Doc<Domain>) -> Value {
        let now = call.host.now_ms();
        let mut shown = json!(doc);
        shown["active"] = json!(active(&doc.data, now));
        shown
    }
}

/// In use now: not disabled, and inside its validity period.
pub fn active(domain: &Domain, now: i64) -> bool {
    !domain.permanently_disabled
        && domain.valid_from.is_none_or(|from| from <= now)
        && domain.valid_until.is_none_or(|until| now < until)
}

/// The domain to use, and why it was chosen.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Resolved {
    pub name: String,
    pub service_name: String,
    pub country: String,
    pub priority: i64,
    pub valid_until: Option<i64>,
}

/// Of the active domains of the service, one for the country beats one for every country; then
/// the highest priority; then the oldest (a tie never flips between two calls).
pub fn choose(domains: &[Doc<Domain>], country: &str, now: i64) -> Option<Doc<Domain>> {
    domains
        .iter()
        .filter(|d| active(&d.data, now) && (d.data.country.is_empty() || d.data.country == country))
        .max_by(|a, b| {
            let rank = |d: &Doc<Domain>| (d.data.country == country, d.data.priority);
            rank(a).cmp(&rank(b)).then_with(|| b.created_at.cmp(&a.created_at))
        })
        .cloned()
}

/// `?country=DE&serviceName=mqtt`: the domain a device or app there should use (also the device
/// route `/device/domain`).
pub fn resolve(call: &mut Call<'_>) -> PluginResult<Value> {
    let wanted = country("country", call.query("country").unwrap_or(""))?;
    let service = service_name(call.query("serviceName").unwrap_or(""))?;
    let query = Query::new().eq("serviceName", service.as_str()).page(1, 1000);
    let found = DOMAINS.query(call.host, &query)?.list;
    let now = call.host.now_ms();
    let chosen = choose(&found, &wanted, now).ok_or_else(messages::no_domain)?;
    Ok(json!(Resolved {
        name: chosen.data.name,
        service_name: chosen.data.service_name,
        country: chosen.data.country,
        priority: chosen.data.priority,
        valid_until: chosen.data.valid_until,
    }))
}
