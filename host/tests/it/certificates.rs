//! The device-access plugin over HTTP with its built `.wasm`: certificates signed by the
//! enterprise's CA and checked by OpenSSL against the CA and the CRL the host serves, before and
//! after a revocation; keys encrypted under the user's password; PKCS#12; uploaded SSL chains
//! checked; domains resolved per country; and one enterprise never touching another's.

use crate::common;

use base64::Engine as _;
use common::{Install, TestHost, pem_blocks};
use reqwest::Method;
use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;

const GRANTS: &str = "certificates = true\ntimeout_ms = 30000";
const PASSWORD: &str = "correct horse battery";

async fn access_host() -> (TestHost, String) {
    let host = TestHost::start_with_plugins(&[Install::plugin("device-access", GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

fn openssl(args: &[&str], dir: &Path) -> (bool, String) {
    let out = Command::new("openssl").args(args).current_dir(dir).output().expect("openssl runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

async fn generate(host: &TestHost, admin: &str, tenant: &str, body: Value) -> common::Answer {
    host.post_as("/device-access-service/certificates", admin, tenant, body).await
}

fn mqtt_certificate(name: &str) -> Value {
    json!({
        "name": name, "certType": "mqtt", "commonName": "SN-0001", "organization": "Acme",
        "country": "DE", "algorithm": "ECDSA", "keyLength": 256, "validDays": 365, "keyPassword": PASSWORD,
    })
}

async fn download(
    host: &TestHost,
    admin: &str,
    tenant: &str,
    id: &str,
    format: &str,
    password: &str,
) -> common::Answer {
    let path = format!("/device-access-service/certificates/{id}/download");
    host.post_as(&path, admin, tenant, json!({ "format": format, "password": password })).await
}

fn file_bytes(answer: &common::Answer) -> Vec<u8> {
    base64::engine::general_purpose::STANDARD.decode(answer.ok()["content"].as_str().expect("content")).expect("base64")
}

#[tokio::test]
async fn issued_certificates_verify_against_the_ca_until_the_crl_lists_them() {
    let (host, admin) = access_host().await;
    let tenant = host.create_tenant(&admin, "Acme", 31).await.to_string();
    let dir = tempfile::tempdir().expect("dir");

    let created = generate(&host, &admin, &tenant, mqtt_certificate("Litter box SN-0001")).await;
    let certificate = created.ok().clone();
    assert_eq!(certificate["status"], "normal");
    assert_eq!(certificate["keyLength"], 256);
    assert!(certificate.get("encryptedKeyPem").is_none(), "the key is never listed: {certificate}");
    let id = certificate["id"].as_str().expect("id").to_string();

    // The CA is public, as TLS stacks fetch it; the download carries it too.
    let ca = host.fetch_url(&format!("/api/pki/{tenant}/ca.pem")).await;
    std::fs::write(dir.path().join("ca.pem"), &ca).expect("write");
    let pem = String::from_utf8(file_bytes(&download(&host, &admin, &tenant, &id, "pem", "").await)).expect("text");
    let certificates = pem_blocks(&pem, "CERTIFICATE");
    assert_eq!(certificates.len(), 2, "the certificate and its CA: {pem}");
    assert_eq!(certificates[1], String::from_utf8(ca.clone()).expect("text"));
    std::fs::write(dir.path().join("device.pem"), &certificates[0]).expect("write");
    let (verified, said) = openssl(&["verify", "-CAfile", "ca.pem", "device.pem"], dir.path());
    assert!(verified, "{said}");
    let (_, text) = openssl(&["x509", "-in", "device.pem", "-noout", "-text"], dir.path());
    assert!(text.contains("CN=SN-0001") || text.contains("CN = SN-0001"), "{text}");
    assert!(text.contains("TLS Web Client Authentication"), "{text}");
    assert!(text.contains(&format!("/api/pki/{tenant}/crl")), "the CRL's address: {text}");

    // The key opens with the password the user chose, and with no other.
    let key = &pem_blocks(&pem, "ENCRYPTED PRIVATE KEY")[0];
    std::fs::write(dir.path().join("device.key"), key).expect("write");
    let pass = format!("pass:{PASSWORD}");
    assert!(openssl(&["pkey", "-in", "device.key", "-passin", &pass, "-noout"], dir.path()).0);
    assert!(!openssl(&["pkey", "-in", "device.key", "-passin", "pass:wrong password", "-noout"], dir.path()).0);
    assert!(!host.database_bytes().await.windows(PASSWORD.len()).any(|w| w == PASSWORD.as_bytes()), "never stored");

    // PKCS#12 under the same password; a wrong one is told, field by field.
    let p12 = file_bytes(&download(&host, &admin, &tenant, &id, "pkcs12", PASSWORD).await);
    std::fs::write(dir.path().join("device.p12"), &p12).expect("write");
    let (opened, said) = openssl(&["pkcs12", "-in", "device.p12", "-passin", &pass, "-nokeys", "-info"], dir.path());
    assert!(opened && said.contains("SN-0001"), "{said}");
    let wrong = download(&host, &admin, &tenant, &id, "pkcs12", "not the password").await;
    assert_eq!((wrong.code(), wrong.data()["field"].as_str()), (400, Some("password")), "{:?}", wrong.body);

    // Before the revocation the CRL lists nothing; after it, OpenSSL refuses the certificate.
    let crl_check =
        |dir: &Path| openssl(&["verify", "-crl_check", "-CAfile", "ca.pem", "-CRLfile", "crl.pem", "device.pem"], dir);
    let write_crl = |der: Vec<u8>| {
        let body = base64::engine::general_purpose::STANDARD.encode(der);
        let lines: Vec<&str> = body.as_bytes().chunks(64).map(|c| std::str::from_utf8(c).expect("ascii")).collect();
        let text = format!("-----BEGIN X509 CRL-----\n{}\n-----END X509 CRL-----\n", lines.join("\n"));
        std::fs::write(dir.path().join("crl.pem"), text).expect("write");
    };
    write_crl(host.fetch_url(&format!("/api/pki/{tenant}/crl")).await);
    let (valid, said) = crl_check(dir.path());
    assert!(valid, "{said}");

    let revoke = format!("/device-access-service/certificates/{id}/revoke");
    let refused = host.post_as(&revoke, &admin, &tenant, json!({ "confirmName": "another name" })).await;
    assert_ne!(refused.code(), 200, "revoking asks for the name");
    host.post_as(&revoke, &admin, &tenant, json!({ "confirmName": "Litter box SN-0001" })).await.ok();
    write_crl(host.fetch_url(&format!("/api/pki/{tenant}/crl")).await);
    let (valid, said) = crl_check(dir.path());
    assert!(!valid && said.contains("revoked"), "{said}");
    let listed = host.get_as("/device-access-service/certificates?status=revoked", &admin, &tenant).await;
    assert_eq!(listed.ok()["total"], 1);
    let again = host.post_as(&revoke, &admin, &tenant, json!({ "confirmName": "Litter box SN-0001" })).await;
    assert_eq!(again.code(), 409, "{:?}", again.body);

    // Another enterprise has its own CA, and sees and revokes nothing of this one's.
    let other = host.create_tenant(&admin, "Globex", 32).await.to_string();
    let theirs = host.get_as("/device-access-service/certificates", &admin, &other).await;
    assert_eq!(theirs.ok()["total"], 0);
    let stolen = host.post_as(&revoke, &admin, &other, json!({ "confirmName": "Litter box SN-0001" })).await;
    assert_eq!(stolen.code(), 404, "{:?}", stolen.body);
    generate(&host, &admin, &other, mqtt_certificate("Globex device")).await.ok();
    let their_ca = host.fetch_url(&format!("/api/pki/{other}/ca.pem")).await;
    assert_ne!(their_ca, ca, "a CA per enterprise");
    std::fs::write(dir.path().join("their-ca.pem"), &their_ca).expect("write");
    assert!(!openssl(&["verify", "-CAfile", "their-ca.pem", "device.pem"], dir.path()).0);
}

#[tokio::test]
async fn a_request_with_a_bad_field_is_refused_and_issues_nothing() {
    let (host, admin) = access_host().await;
    let tenant = host.create_tenant(&admin, "Acme", 33).await.to_string();
    let cases = [
        ("keyPassword", json!({ "keyPassword": "short" })),
        ("keyPassword", json!({ "keyPassword": "" })),
        ("keyLength", json!({ "algorithm": "ECDSA", "keyLength": 2048 })),
        ("validDays", json!({ "validDays": 0 })),
        ("validDays", json!({ "validDays": 3651 })),
        ("certType", json!({ "certType": "root" })),
        ("country", json!({ "country": "Germany" })),
        ("dnsNames", json!({ "certType": "service", "dnsNames": "" })),
        ("dnsNames", json!({ "certType": "service", "dnsNames": "not a host" })),
    ];
    for (field, change) in cases {
        let mut body = mqtt_certificate("Refused");
        for (key, value) in change.as_object().expect("object") {
            body[key] = value.clone();
        }
        let refused = generate(&host, &admin, &tenant, body).await;
        assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some(field)), "{:?}", refused.body);
    }
    let listed = host.get_as("/device-access-service/certificates", &admin, &tenant).await;
    assert_eq!(listed.ok()["total"], 0);
    // A valid certificate cannot be deleted: it would leave the CRL without it.
    let kept =
        generate(&host, &admin, &tenant, mqtt_certificate("Kept")).await.ok()["id"].as_str().unwrap().to_string();
    let path = format!("/device-access-service/certificates/{kept}");
    let deleted = host
        .call(
            Method::DELETE,
            &path,
            Some(&admin),
            &[("lang", "de"), ("tenantId", &tenant)],
            Some(json!({ "confirmName": "Kept" })),
        )
        .await;
    assert_eq!(deleted.code(), 409);
    assert!(deleted.msg().contains("Widerrufen"), "in the user's language: {}", deleted.msg());
}

#[tokio::test]
async fn ssl_chains_are_checked_and_own_domains_must_be_covered() {
    let (host, admin) = access_host().await;
    let tenant = host.create_tenant(&admin, "Acme", 34).await.to_string();
    let dir = tempfile::tempdir().expect("dir");
    // A server certificate of the enterprise's CA stands in for one bought from a public CA.
    let service = json!({
        "name": "Web", "certType": "service", "commonName": "console.acme.example", "dnsNames": "*.acme.example\nacme.example",
        "algorithm": "RSA", "keyLength": 2048, "validDays": 20, "keyPassword": PASSWORD,
    });
    let id = generate(&host, &admin, &tenant, service).await.ok()["id"].as_str().unwrap().to_string();
    let pem = String::from_utf8(file_bytes(&download(&host, &admin, &tenant, &id, "pem", "").await)).expect("text");
    std::fs::write(dir.path().join("enc.key"), &pem_blocks(&pem, "ENCRYPTED PRIVATE KEY")[0]).expect("write");
    let pass = format!("pass:{PASSWORD}");
    let (opened, said) = openssl(&["pkey", "-in", "enc.key", "-passin", &pass, "-out", "plain.key"], dir.path());
    assert!(opened, "{said}");
    let key = std::fs::read_to_string(dir.path().join("plain.key")).expect("key");
    let chain = pem_blocks(&pem, "CERTIFICATE").concat();

    let upload = |body: Value| host.post_as("/device-access-service/ssl-certificates", &admin, &tenant, body);
    let other_key = rcgen::KeyPair::generate().expect("key").serialize_pem();
    let mismatched = upload(json!({ "name": "Web SSL", "chainPem": chain, "keyPem": other_key })).await;
    assert_eq!(
        (mismatched.code(), mismatched.data()["field"].as_str()),
        (400, Some("keyPem")),
        "{:?}",
        mismatched.body
    );
    let reversed = pem_blocks(&pem, "CERTIFICATE").into_iter().rev().collect::<String>();
    let broken = upload(json!({ "name": "Web SSL", "chainPem": reversed, "keyPem": key })).await;
    assert_eq!(broken.code(), 400, "{:?}", broken.body);
    let garbage = upload(json!({ "name": "Web SSL", "chainPem": "hello", "keyPem": key })).await;
    assert_eq!((garbage.code(), garbage.data()["field"].as_str()), (400, Some("chainPem")));

    let uploaded = upload(json!({ "name": "Web SSL", "chainPem": chain, "keyPem": key })).await;
    let ssl = uploaded.ok().clone();
    assert_eq!(ssl["expiry"], "expiring", "20 days left warns: {ssl}");
    assert_eq!(ssl["chainLength"], 2);
    assert!(ssl.get("sealedKey").is_none());
    let key_body = key.lines().nth(1).expect("a line of the key");
    assert!(!host.database_bytes().await.windows(key_body.len()).any(|w| w == key_body.as_bytes()), "sealed at rest");
    let ssl_id = ssl["id"].as_str().unwrap().to_string();

    let own = |name: &str| json!({ "kind": "self", "name": name, "priority": 10, "serviceName": "api", "sslCertificateId": ssl_id });
    let covered = host.post_as("/device-access-service/domains", &admin, &tenant, own("api.acme.example")).await;
    covered.ok();
    let uncovered = host.post_as("/device-access-service/domains", &admin, &tenant, own("api.other.example")).await;
    assert_eq!((uncovered.code(), uncovered.data()["field"].as_str()), (400, Some("sslCertificateId")));
    let deep = host.post_as("/device-access-service/domains", &admin, &tenant, own("a.b.acme.example")).await;
    assert_eq!(deep.code(), 400, "a wildcard covers one label");
    let path = format!("/device-access-service/ssl-certificates/{ssl_id}");
    let in_use = host
        .call(
            Method::DELETE,
            &path,
            Some(&admin),
            &[("lang", "en"), ("tenantId", &tenant)],
            Some(json!({ "confirmName": "Web SSL" })),
        )
        .await;
    assert_eq!(in_use.code(), 409);
}

#[tokio::test]
async fn a_device_is_told_the_domain_of_its_country_and_a_permanent_disable_stays() {
    let (host, admin) = access_host().await;
    let tenant = host.create_tenant(&admin, "Acme", 35).await.to_string();
    let add = |body: Value| host.post_as("/device-access-service/domains", &admin, &tenant, body);
    let domain = |name: &str, country: &str, priority: i64| json!({ "kind": "device", "name": name, "country": country, "priority": priority, "serviceName": "mqtt" });
    add(domain("mqtt.example.com", "", 100)).await.ok();
    add(domain("mqtt-eu.example.com", "DE", 5)).await.ok();
    let backup = add(domain("mqtt-eu2.example.com", "DE", 9)).await.ok()["id"].as_str().unwrap().to_string();
    let resolve = |country: &str| {
        let path = format!("/device-access-service/domain-resolve?country={country}&serviceName=mqtt");
        let (host, admin, tenant) = (&host, admin.clone(), tenant.clone());
        async move { host.get_as(&path, &admin, &tenant).await }
    };
    assert_eq!(resolve("DE").await.ok()["name"], "mqtt-eu2.example.com", "the country's, then the highest priority");
    assert_eq!(resolve("FR").await.ok()["name"], "mqtt.example.com", "every country's otherwise");

    let path = format!("/device-access-service/domains/{backup}");
    let mut disabled = domain("mqtt-eu2.example.com", "DE", 9);
    disabled["permanentlyDisabled"] = json!(true);
    host.call(Method::PUT, &path, Some(&admin), &[("lang", "en"), ("tenantId", &tenant)], Some(disabled)).await.ok();
    assert_eq!(resolve("DE").await.ok()["name"], "mqtt-eu.example.com");
    let enable = host
        .call(
            Method::PUT,
            &path,
            Some(&admin),
            &[("lang", "en"), ("tenantId", &tenant)],
            Some(domain("mqtt-eu2.example.com", "DE", 9)),
        )
        .await;
    assert_eq!(
        (enable.code(), enable.data()["field"].as_str()),
        (400, Some("permanentlyDisabled")),
        "{:?}",
        enable.body
    );

    // A validity period that has ended takes a domain out; one reversed is refused.
    let mut ended = domain("mqtt-old.example.com", "FR", 999);
    ended["validUntil"] = json!(1_000);
    add(ended).await.ok();
    assert_eq!(resolve("FR").await.ok()["name"], "mqtt.example.com");
    let mut reversed = domain("mqtt-x.example.com", "FR", 1);
    reversed["validFrom"] = json!(2_000_000_000_000i64);
    reversed["validUntil"] = json!(1_000_000_000_000i64);
    assert_eq!(add(reversed).await.data()["field"], "validUntil");
    let none = host.get_as("/device-access-service/domain-resolve?country=DE&serviceName=ota", &admin, &tenant).await;
    assert_eq!(none.code(), 404);
}

#[tokio::test]
async fn without_the_operator_s_grant_nothing_is_signed() {
    let host = TestHost::start_with_plugins(&[Install::plugin("device-access", "timeout_ms = 30000")], |_| {}).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 36).await.to_string();
    let refused = generate(&host, &admin, &tenant, mqtt_certificate("Ungranted")).await;
    assert_eq!(refused.code(), 500, "{:?}", refused.body);
    assert_eq!(host.get_as("/device-access-service/certificates", &admin, &tenant).await.ok()["total"], 0);
    let crl = reqwest::get(format!("{}/pki/{tenant}/crl", host.base)).await.expect("sent");
    assert_eq!(crl.status(), 404, "no CA was made");
}
