//! Object storage bound to enterprises (/app-manage/aliyun and /media/bucket): a bucket on an
//! S3-compatible service (Aliyun OSS, AWS S3, MinIO, COS), its regional node, object and CDN
//! domains, RAM account and access key (the secret sealed, never answered), access right,
//! application and service type and the enterprise it serves; and the access URL of an object
//! (getAccessUrl): a private bucket's object signed with AWS Signature V4 for a limited time, a
//! public one's plain address on its CDN or object domain.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Resource, Value, json, platform, secrets};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::app_products::link;
use crate::credentials::{self, Sealed};

pub const ACCESS_RIGHTS: [&str; 3] = ["read-write", "read-only", "private"];
pub const SERVICES: [&str; 4] = ["aliyun-oss", "aws-s3", "tencent-cos", "minio"];
/// The longest a signed URL lives (S3's own limit is seven days; a day is enough to open it).
const MAX_URL_SECS: u32 = 86_400;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bucket {
    /// The object (bucket) name.
    pub object_name: String,
    pub cloud_service: String,
    /// The region, as the service names it (`oss-cn-hangzhou`, `eu-central-1`).
    pub region: String,
    /// Where the API is: `https://oss-cn-hangzhou.aliyuncs.com`, `http://127.0.0.1:9000`.
    pub endpoint: String,
    pub object_domain: String,
    pub cdn_domain: String,
    pub ram_account: String,
    pub key_id: String,
    pub key: Sealed,
    pub access_right: String,
    pub application_type: String,
    pub service_type: String,
    pub enterprise_id: i64,
    pub enterprise_name: String,
    /// Given once (`S` and ten characters): the configuration's id other records name.
    pub config_id: String,
}

pub const BUCKETS: Collection<Bucket> = Collection::new("buckets");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BucketInput {
    object_name: String,
    cloud_service: String,
    region: String,
    endpoint: String,
    object_domain: String,
    cdn_domain: String,
    ram_account: String,
    key_id: String,
    /// The access key's secret; kept when an edit leaves it empty.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    key: String,
    access_right: String,
    application_type: String,
    service_type: String,
    enterprise_id: Option<i64>,
}

/// A bucket name as S3 and OSS take it: 3 to 63 lower-case letters, digits, dots and hyphens.
fn bucket_name(value: &str) -> PluginResult<String> {
    let name = validate::length("objectName", value, 3, 63)?;
    if name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.') {
        return Ok(name);
    }
    Err(PluginError::format(
        "objectName",
        [
            "3 至 63 位小写字母、数字、点或连字符",
            "3 to 63 lower-case letters, digits, dots or hyphens",
            "3 bis 63 Kleinbuchstaben, Ziffern, Punkte oder Bindestriche",
            "de 3 a 63 letras minúsculas, dígitos, puntos o guiones",
            "3 à 63 lettres minuscules, chiffres, points ou tirets",
            "3 a 63 letras minúsculas, dígitos, pontos ou hífenes",
            "от 3 до 63 строчных букв, цифр, точек или дефисов",
        ],
    ))
}

impl BucketInput {
    fn validate(self, call: &mut Call<'_>, current: Option<&Doc<Bucket>>) -> PluginResult<Bucket> {
        let enterprise_id = self.enterprise_id.ok_or_else(|| PluginError::required("enterpriseId"))?;
        let enterprise = platform::existing_enterprises(call.host, "enterpriseId", &[enterprise_id])?;
        Ok(Bucket {
            object_name: bucket_name(&self.object_name)?,
            cloud_service: validate::one_of("cloudService", &self.cloud_service, &SERVICES)?,
            region: validate::required("region", &self.region, 64)?,
            endpoint: link("endpoint", &self.endpoint, true)?,
            object_domain: link("objectDomain", &self.object_domain, false)?,
            cdn_domain: link("cdnDomain", &self.cdn_domain, false)?,
            ram_account: validate::optional("ramAccount", &self.ram_account, SHORT_TEXT)?,
            key_id: validate::required("keyId", &self.key_id, 128)?,
            key: credentials::sealed(call, "key", &self.key, current.map(|c| &c.data.key))?,
            access_right: validate::one_of("accessRight", &self.access_right, &ACCESS_RIGHTS)?,
            application_type: validate::optional("applicationType", &self.application_type, 32)?,
            service_type: validate::optional("serviceType", &self.service_type, 32)?,
            enterprise_id,
            enterprise_name: enterprise.first().map(|e| e.name.clone()).unwrap_or_default(),
            config_id: match current {
                Some(current) => current.data.config_id.clone(),
                None => format!("S{}", console_plugin_sdk::random::token(10)?),
            },
        })
    }
}

pub struct Buckets;

impl Resource for Buckets {
    type Data = Bucket;
    type Input = BucketInput;
    const COLLECTION: Collection<Bucket> = BUCKETS;
    const SEARCH: &'static [&'static str] = &["objectName", "enterpriseName"];
    const FILTERS: &'static [&'static str] = &["cloudService", "accessRight"];
    const AUDIT_CREATE: Option<&'static str> = Some("Add an object storage");

    fn name(data: &Bucket) -> &str {
        &data.object_name
    }

    fn validate(call: &mut Call<'_>, input: BucketInput, current: Option<&Doc<Bucket>>) -> PluginResult<Bucket> {
        input.validate(call, current)
    }

    fn shown(_call: &mut Call<'_>, doc: &Doc<Bucket>) -> Value {
        credentials::hide(json!(doc), &["key"])
    }
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DomainsInput {
    object_domain: String,
    cdn_domain: String,
}

/// `GET /bucket-domains` (/media/bucket, object domain names): the buckets with the domains
/// their objects are served from, for whoever looks after those domains.
pub fn domains(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = console_plugin_sdk::Query::new()
        .search("objectName", call.query("objectName"), call.search_mode())
        .sort("objectName", false)
        .paged_by(call)?;
    let page = BUCKETS.query(call.host, &query)?;
    let list: Vec<Value> = page
        .list
        .iter()
        .map(|b| {
            json!({ "id": b.id, "version": b.version, "objectName": b.data.object_name, "cloudService": b.data.cloud_service,
                    "objectDomain": b.data.object_domain, "cdnDomain": b.data.cdn_domain,
                    "accessRight": b.data.access_right, "enterpriseName": b.data.enterprise_name })
        })
        .collect();
    Ok(json!({ "list": list, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}

/// `PUT /bucket-domains/{id}`: a bucket's object and CDN domains, nothing else of it.
pub fn set_domains(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let input: DomainsInput = call.body()?;
    let mut bucket = BUCKETS.find(call.host, &id)?;
    bucket.data.object_domain = link("objectDomain", &input.object_domain, false)?;
    bucket.data.cdn_domain = link("cdnDomain", &input.cdn_domain, false)?;
    let version = call.version().or(Some(bucket.version));
    let saved = BUCKETS.update(call.host, &bucket.id, &bucket.data, version)?;
    call.host.audit("Change an object storage's domains", &saved.data.object_name);
    Ok(json!({ "id": saved.id, "version": saved.version, "objectName": saved.data.object_name,
               "objectDomain": saved.data.object_domain, "cdnDomain": saved.data.cdn_domain }))
}

/// Percent-encoding of SigV4: everything but `A-Za-z0-9-._~` (and `/` in a path).
fn encode(text: &str, keep_slash: bool) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => out.push(byte as char),
            b'/' if keep_slash => out.push('/'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

fn hmac(key: &[u8], data: &str) -> Vec<u8> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("any key length");
    mac.update(data.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// What a presigned GET needs.
pub struct Presign<'a> {
    /// `https://examplebucket.s3.amazonaws.com` (virtual host) or `http://127.0.0.1:9000/bucket`
    /// (path style): the URL the object's key is appended to.
    pub base: &'a str,
    pub key: &'a str,
    pub region: &'a str,
    pub key_id: &'a str,
    pub secret: &'a str,
    /// `20130524T000000Z`.
    pub timestamp: &'a str,
    pub expires_secs: u32,
}

/// A GET of one object signed by query string (AWS Signature V4, `UNSIGNED-PAYLOAD`).
pub fn presigned_get(p: &Presign<'_>) -> String {
    let (scheme_host, base_path) = match p.base.split_once("://") {
        Some((scheme, rest)) => match rest.split_once('/') {
            Some((host, path)) => (format!("{scheme}://{host}"), format!("/{path}")),
            None => (format!("{scheme}://{rest}"), String::new()),
        },
        None => (p.base.to_string(), String::new()),
    };
    let host = scheme_host.split("://").nth(1).unwrap_or_default();
    let path = format!("{}/{}", base_path.trim_end_matches('/'), encode(p.key.trim_start_matches('/'), true));
    let date = &p.timestamp[..8];
    let scope = format!("{date}/{}/s3/aws4_request", p.region);
    let credential = encode(&format!("{}/{scope}", p.key_id), false);
    let query = format!(
        "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={credential}&X-Amz-Date={}&X-Amz-Expires={}&X-Amz-SignedHeaders=host",
        p.timestamp, p.expires_secs
    );
    let canonical = format!("GET\n{path}\n{query}\nhost:{host}\n\nhost\nUNSIGNED-PAYLOAD");
    let to_sign =
        format!("AWS4-HMAC-SHA256\n{}\n{scope}\n{}", p.timestamp, hex::encode(Sha256::digest(canonical.as_bytes())));
    let key = [date, p.region, "s3", "aws4_request"]
        .iter()
        .fold(format!("AWS4{}", p.secret).into_bytes(), |key, part| hmac(&key, part));
    let signature = hex::encode(hmac(&key, &to_sign));
    format!("{scheme_host}{path}?{query}&X-Amz-Signature={signature}")
}

/// `20130524T000000Z` of a Unix time in ms.
fn timestamp(ms: i64) -> String {
    let (year, month, day) = console_plugin_sdk::time::date_of(ms);
    let secs = ms.div_euclid(1000).rem_euclid(86_400);
    format!("{year:04}{month:02}{day:02}T{:02}{:02}{:02}Z", secs / 3600, secs / 60 % 60, secs % 60)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AccessInput {
    /// The object's key in the bucket.
    object_key: String,
    /// How long a private object's URL works, 1 s to a day (an hour when not given).
    expires_secs: Option<u32>,
}

/// `POST /buckets/{id}/access-url` (getAccessUrl): the URL to open an object: signed when the
/// bucket is private, on the CDN or object domain when it is public.
pub fn access_url(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let bucket = Buckets::COLLECTION.find(call.host, &id)?;
    let input: AccessInput = call.body()?;
    let key = validate::length("objectKey", &input.object_key, 1, 1024)?;
    let b = &bucket.data;
    if b.access_right != "private" {
        let domain = if b.cdn_domain.is_empty() { &b.object_domain } else { &b.cdn_domain };
        if !domain.is_empty() {
            return Ok(
                json!({ "url": format!("{}/{}", domain.trim_end_matches('/'), encode(&key, true)), "signed": false }),
            );
        }
    }
    let expires = input.expires_secs.unwrap_or(3600);
    validate::range("expiresSecs", f64::from(expires), 1.0, f64::from(MAX_URL_SECS))?;
    let secret = secrets::open(call.host, &b.key.sealed)?;
    let base = format!("{}/{}", b.endpoint.trim_end_matches('/'), b.object_name);
    let now = call.host.now_ms();
    let url = presigned_get(&Presign {
        base: &base,
        key: &key,
        region: &b.region,
        key_id: &b.key_id,
        secret: &secret,
        timestamp: &timestamp(now),
        expires_secs: expires,
    });
    Ok(json!({ "url": url, "signed": true, "expiresAt": now + i64::from(expires) * 1000 }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AWS's documented example of a presigned URL ("Authenticating Requests: Using Query
    /// Parameters", Signature Version 4).
    #[test]
    fn a_presigned_get_matches_aws_documented_example() {
        let url = presigned_get(&Presign {
            base: "https://examplebucket.s3.amazonaws.com",
            key: "test.txt",
            region: "us-east-1",
            key_id: "AKIAIOSFODNN7EXAMPLE",
            secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            timestamp: "20130524T000000Z",
            expires_secs: 86_400,
        });
        assert!(
            url.ends_with("X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"),
            "{url}"
        );
        assert!(url.starts_with("https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256"));
    }

    #[test]
    fn timestamps_are_utc_basic_format() {
        assert_eq!(timestamp(1_369_353_600_000), "20130524T000000Z");
        assert_eq!(timestamp(1_767_225_600_000 + 3_723_000), "20260101T010203Z");
    }
}
