//! App certificates, one per client, sealed at rest and shown masked. Rotating keeps the
//! previous certificate valid for a grace period, so tokens already handed out keep working.

use console_plugin_sdk::secrets::{self, mask};
use console_plugin_sdk::validate;
use console_plugin_sdk::{Call, Collection, Doc, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::clients::{self, CLIENTS, identifier};
use crate::messages;
use crate::token::{self, Claims};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClientKey {
    pub client_id: String,
    /// Sealed by the host; never answered.
    pub certificate: String,
    pub hint: String,
    pub previous: Option<String>,
    pub previous_hint: Option<String>,
    /// Until when (ms) tokens signed with the previous certificate are accepted.
    pub previous_valid_until: Option<i64>,
    pub rotated_at: Option<i64>,
}

pub const KEYS: Collection<ClientKey> = Collection::new("keys");

/// Grace after a rotation: 1 hour to 7 days, 24 hours unless chosen.
const GRACE_HOURS: (f64, f64, i64) = (1.0, 168.0, 24);
/// Test tokens live 1 minute to 1 day.
const TOKEN_TTL_SECONDS: (f64, f64, i64) = (60.0, 86_400.0, 3600);

fn key_of(call: &mut Call<'_>, client_id: &str) -> PluginResult<Option<Doc<ClientKey>>> {
    Ok(KEYS.query(call.host, &Query::new().eq("clientId", client_id).page(1, 1))?.list.into_iter().next())
}

/// One row per client with the state of its key: what the keys page lists.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .search("clientName", call.query("clientName"), console_plugin_sdk::SearchMode::Fuzzy)
        .sort("createdAt", true)
        .paged_by(call)?;
    let page = CLIENTS.query(call.host, &query)?;
    let now = call.host.now_ms();
    let mut rows = Vec::new();
    for client in page.list {
        let key = key_of(call, &client.id)?;
        let previous_live = key.as_ref().and_then(|k| k.data.previous_valid_until).filter(|until| *until > now);
        rows.push(KeyRow {
            client_id: client.id,
            client_name: client.data.client_name,
            vendor: client.data.vendor,
            app_id: client.data.app_id,
            enabled: client.data.enabled,
            has_certificate: key.is_some(),
            hint: key.as_ref().map(|k| k.data.hint.clone()),
            previous_hint: previous_live.and(key.as_ref().and_then(|k| k.data.previous_hint.clone())),
            previous_valid_until: previous_live,
            rotated_at: key.as_ref().and_then(|k| k.data.rotated_at),
            version: key.as_ref().map(|k| k.version),
        });
    }
    Ok(json!({ "list": rows, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CertificateInput {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    certificate: String,
    grace_hours: Option<i64>,
}

fn certificate(input: &CertificateInput) -> PluginResult<String> {
    let certificate = identifier("certificate", &input.certificate, 128)?;
    validate::length("certificate", &certificate, 16, 128)
}

/// Sets the certificate; a replaced one stops working at once (use rotate to keep it a while).
/// A client's certificate as the console sees it: its hint; after a rotation, until when the
/// previous one is still accepted.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Certificate {
    pub hint: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_valid_until: Option<i64>,
}

/// What a token verification found: valid (signed with the current or the previous
/// certificate) or refused with a reason (`malformed`, `client`, `signature`, `expired`).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    pub valid: bool,
    /// `current` or `previous`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signed_with: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub claims: Option<Claims>,
}

/// A client and its certificate, as the keys page lists them (never the certificate).
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyRow {
    pub client_id: String,
    pub client_name: String,
    pub vendor: String,
    pub app_id: String,
    pub enabled: bool,
    pub has_certificate: bool,
    pub hint: Option<String>,
    pub previous_hint: Option<String>,
    pub previous_valid_until: Option<i64>,
    pub rotated_at: Option<i64>,
    /// The key record's version, for optimistic updates.
    pub version: Option<i64>,
}

/// A test token and what it says.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Issued {
    pub token: String,
    pub claims: Claims,
}

pub fn set_certificate(call: &mut Call<'_>) -> PluginResult<Value> {
    let client_id = call.param("clientId")?.to_string();
    let client = CLIENTS.find(call.host, &client_id)?;
    let plain = certificate(&call.body::<CertificateInput>()?)?;
    let key = ClientKey {
        client_id: client_id.clone(),
        certificate: secrets::seal(call.host, &plain)?,
        hint: mask(&plain),
        previous: None,
        previous_hint: None,
        previous_valid_until: None,
        rotated_at: None,
    };
    let version = call.version();
    match key_of(call, &client_id)? {
        Some(existing) => KEYS.update(call.host, &existing.id, &key, version)?,
        None => KEYS.insert(call.host, &key)?,
    };
    call.host.audit("Set an RTC app certificate", &format!("{} {}", client.data.client_name, key.hint));
    Ok(json!(Certificate { hint: key.hint, previous_valid_until: None }))
}

/// A new certificate; the current one stays valid for the grace period.
pub fn rotate(call: &mut Call<'_>) -> PluginResult<Value> {
    let client_id = call.param("clientId")?.to_string();
    let client = CLIENTS.find(call.host, &client_id)?;
    let input = call.body::<CertificateInput>()?;
    let plain = certificate(&input)?;
    let grace = input.grace_hours.unwrap_or(GRACE_HOURS.2);
    validate::range("graceHours", grace as f64, GRACE_HOURS.0, GRACE_HOURS.1)?;
    let existing = key_of(call, &client_id)?.ok_or_else(messages::no_certificate)?;
    let now = call.host.now_ms();
    let key = ClientKey {
        client_id,
        certificate: secrets::seal(call.host, &plain)?,
        hint: mask(&plain),
        previous: Some(existing.data.certificate),
        previous_hint: Some(existing.data.hint),
        previous_valid_until: Some(now + grace * 3_600_000),
        rotated_at: Some(now),
    };
    let version = call.version();
    KEYS.update(call.host, &existing.id, &key, version)?;
    call.host.audit("Rotate an RTC app certificate", &format!("{}: grace {grace} h", client.data.client_name));
    Ok(json!(Certificate { hint: key.hint, previous_valid_until: key.previous_valid_until }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TokenRequest {
    channel: String,
    user_id: String,
    ttl_seconds: Option<i64>,
}

/// A signed, expiring token for a channel and user, to test a client end to end.
pub fn issue_token(call: &mut Call<'_>) -> PluginResult<Value> {
    let client_id = call.param("clientId")?.to_string();
    let input = call.body::<TokenRequest>()?;
    let channel = identifier("channel", &input.channel, 64)?;
    let user_id = identifier("userId", &input.user_id, 64)?;
    let ttl = input.ttl_seconds.unwrap_or(TOKEN_TTL_SECONDS.2);
    validate::range("ttlSeconds", ttl as f64, TOKEN_TTL_SECONDS.0, TOKEN_TTL_SECONDS.1)?;
    let client = clients::usable(call, &client_id)?;
    let key = key_of(call, &client_id)?.ok_or_else(messages::no_certificate)?;
    let certificate = secrets::open(call.host, &key.data.certificate)?;
    let claims = Claims { app_id: client.data.app_id, channel, user_id, expires_at: call.host.now_ms() / 1000 + ttl };
    let token = token::sign(&certificate, &claims);
    call.host.audit("Issue an RTC test token", &format!("{} {} {}", claims.app_id, claims.channel, claims.user_id));
    Ok(json!(Issued { token, claims }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct VerifyRequest {
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    token: String,
}

/// Whether a token is valid now: signed by the client's certificate, or by the previous one
/// within its grace period, and not expired. A refusal is an answer (`valid: false`, reason).
pub fn verify_token(call: &mut Call<'_>) -> PluginResult<Value> {
    let text = validate::required("token", &call.body::<VerifyRequest>()?.token, 4096)?;
    let lang = call.lang().to_string();
    let refuse = |reason: &str, claims: Option<&Claims>| {
        json!(Verification {
            valid: false,
            signed_with: None,
            reason: Some(reason.into()),
            message: Some(messages::token_refusal(reason, &lang)),
            claims: claims.cloned(),
        })
    };
    let Some((claims, signature)) = token::parse(&text) else { return Ok(refuse("malformed", None)) };
    let client = crate::clients::CLIENTS
        .query(call.host, &Query::new().eq("appId", claims.app_id.as_str()).page(1, 1))?
        .list
        .into_iter()
        .next()
        .filter(|c| c.data.enabled);
    let Some(client) = client else { return Ok(refuse("client", Some(&claims))) };
    let Some(key) = key_of(call, &client.id)? else { return Ok(refuse("signature", Some(&claims))) };
    let now = call.host.now_ms();
    let mut signed_by = None;
    if token::signed_with(&secrets::open(call.host, &key.data.certificate)?, &claims, &signature) {
        signed_by = Some("current");
    } else if let (Some(previous), Some(until)) = (&key.data.previous, key.data.previous_valid_until)
        && until > now
        && token::signed_with(&secrets::open(call.host, previous)?, &claims, &signature)
    {
        signed_by = Some("previous");
    }
    let Some(signed_by) = signed_by else { return Ok(refuse("signature", Some(&claims))) };
    if claims.expires_at * 1000 <= now {
        return Ok(refuse("expired", Some(&claims)));
    }
    Ok(json!(Verification {
        valid: true,
        signed_with: Some(signed_by.into()),
        reason: None,
        message: None,
        claims: Some(claims),
    }))
}
