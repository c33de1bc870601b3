//! Secrets a client writes are declared, not guessed: every field a route's body declares sealed
//! in the OpenAPI document (`writeOnly`, `x-sealed`) is sent with a marker value, as the console
//! would send it, and the marker is never found in the operation records, whatever the field is
//! called (an object storage's `key`, a TLS key's `keyPem`).

use crate::common;

use common::{Install, TestHost};
use reqwest::Method;
use serde_json::{Map, Value, json};

const MARKER: &str = "sealed-marker-7f3a9c";

/// Every product plugin, with what their routes need to answer.
pub fn every_plugin() -> Vec<Install> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins");
    let mut ids: Vec<String> = std::fs::read_dir(dir)
        .expect("plugins")
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().join("plugin.toml").exists())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    ids.iter().map(|id| Install::plugin(id, "files = true\ntemplate = true\nevents = true")).collect()
}

fn is_sealed(schema: &Value) -> bool {
    schema.get("writeOnly") == Some(&Value::Bool(true)) || schema.get("x-sealed") == Some(&Value::Bool(true))
}

/// A body with every sealed field of `schema` set to the marker, at its place (objects nested,
/// arrays of one item), and the names of those fields.
fn marked_body(schema: &Value, schemas: &Map<String, Value>, depth: usize, sealed: &mut Vec<String>) -> Option<Value> {
    if depth > 6 {
        return None;
    }
    let schema = match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => schemas.get(reference.rsplit('/').next()?)?,
        None => schema,
    };
    if let Some(items) = schema.get("items") {
        return marked_body(items, schemas, depth + 1, sealed).map(|item| json!([item]));
    }
    for combined in ["allOf", "anyOf", "oneOf"] {
        for inner in schema.get(combined).and_then(Value::as_array).into_iter().flatten() {
            if let Some(found) = marked_body(inner, schemas, depth + 1, sealed) {
                return Some(found);
            }
        }
    }
    let properties = schema.get("properties")?.as_object()?;
    let mut body = Map::new();
    for (name, property) in properties {
        if is_sealed(property) {
            sealed.push(name.clone());
            body.insert(name.clone(), json!(format!("{MARKER}-{name}")));
        } else if let Some(inner) = marked_body(property, schemas, depth + 1, sealed) {
            body.insert(name.clone(), inner);
        }
    }
    (!body.is_empty()).then_some(Value::Object(body))
}

#[tokio::test]
async fn no_field_a_route_declares_sealed_reaches_the_operation_records() {
    let host = TestHost::start_with_plugins(&every_plugin(), |_| {}).await;
    let admin = host.admin().await;
    let doc = host.call(Method::GET, "/openapi.json", None, &[], None).await.body;
    let schemas = doc["components"]["schemas"].as_object().cloned().unwrap_or_default();
    let mut sent = Vec::new();
    let mut declared = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            // Public and device routes keep no operation records; reads neither.
            let permission = operation["x-permission"].as_str().unwrap_or("");
            if operation["x-writes"] != true || permission == "public" || permission == "device" {
                continue;
            }
            let Some(schema) = operation.pointer("/requestBody/content/application~1json/schema") else { continue };
            let mut sealed = Vec::new();
            let Some(body) = marked_body(schema, &schemas, 0, &mut sealed) else { continue };
            if sealed.is_empty() {
                continue;
            }
            let concrete: String = path
                .trim_start_matches("/api")
                .split('/')
                .map(|segment| if segment.starts_with('{') { "1" } else { segment })
                .collect::<Vec<_>>()
                .join("/");
            let answer = host
                .call(
                    method.to_uppercase().parse().expect("method"),
                    &concrete,
                    Some(&admin),
                    &[("lang", "en")],
                    Some(body),
                )
                .await;
            declared.extend(sealed.iter().map(|field| format!("{method} {path} {field}")));
            sent.push((format!("{} {concrete}", method.to_uppercase()), answer.code()));
        }
    }
    // The secrets that reached the records by a name the mask did not know are among them.
    for expected in [
        "post /api/app-service/buckets key",
        "put /api/app-service/buckets/{id} key",
        "post /api/device-access-service/ssl-certificates keyPem",
        "post /api/data-sync-service/nodes key",
        "post /api/authority-service/account/add password",
    ] {
        assert!(declared.iter().any(|d| d == expected), "{expected} is not declared sealed: {declared:#?}");
    }
    let db = common::database(&host.database_url).await;
    let recorded: Vec<(String, String)> =
        sqlx::query_as("SELECT method || ' ' || path, request_data FROM operation_records")
            .fetch_all(&db)
            .await
            .expect("records");
    let leaked: Vec<&(String, String)> = recorded.iter().filter(|(_, data)| data.contains(MARKER)).collect();
    assert!(leaked.is_empty(), "sealed values recorded: {leaked:#?}");
    // Not a pass by silence: the requests that were answered other than 404 were recorded.
    let answered: Vec<&(String, i64)> = sent.iter().filter(|(_, code)| *code != 404).collect();
    assert!(answered.len() >= 15, "{sent:#?}");
    for (request, code) in answered {
        assert!(
            recorded.iter().any(|(recorded, _)| recorded == request),
            "{request} (answered {code}) was not recorded: {recorded:#?}"
        );
    }
}

/// The leak that was found: an object storage's access-key secret, in a field named `key`, was
/// kept whole in the operation record an auditor reads. Now it is sealed at rest and recorded
/// nowhere, and the rest of the request stays readable.
#[tokio::test]
async fn an_object_storage_key_is_in_no_record_an_auditor_reads() {
    let plugins = [
        Install::plugin("product", "files = true"),
        Install::plugin("app", "uses = [\"product-service\"]\nfiles = true"),
    ];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Media", 31).await;
    let secret = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY";
    let bucket = json!({ "objectName": "photos", "cloudService": "minio", "region": "us-east-1",
                         "endpoint": "http://127.0.0.1:9000", "keyId": "AKIAEXAMPLE", "key": secret,
                         "accessRight": "private", "enterpriseId": tenant });
    host.post("/app-service/buckets", &admin, bucket).await.ok();
    let text = common::database_text(&host.database_url).await;
    assert!(!String::from_utf8_lossy(&text).contains(secret), "the secret is kept in clear somewhere");
    let records =
        host.post("/authority-service/authority/operateRecord/list", &admin, json!({ "pageSize": 100 })).await;
    let records = records.ok().to_string();
    assert!(records.contains("AKIAEXAMPLE"), "the request is recorded: {records}");
    assert!(!records.contains(secret), "{records}");
}
