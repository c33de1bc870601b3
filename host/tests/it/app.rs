//! The app plugin over HTTP with its built `.wasm`: secrets that are sealed and never in an
//! answer or the database in clear; a copy library imported from the public one without
//! overwriting, exported to Excel and read back with calamine, filled in and imported back,
//! published after the empty-copy question, and served to an app's key with an ETag (a 304 when
//! unchanged); a questionnaire's refresh refused within the day; and an object of a private
//! bucket on a real S3-protocol server opened by the access URL the plugin signs.

use crate::common;

use calamine::{Reader, Xlsx};
use common::s3::{ACCESS_KEY, BUCKET, S3Server, SECRET_KEY};
use common::{Install, TestHost};
use reqwest::Method;
use serde_json::{Value, json};

const PRODUCT_GRANTS: &str = "files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384";
const APP_GRANTS: &str = "uses = [\"product-service\"]\nfiles = true";

async fn start() -> (TestHost, String) {
    let plugins = [Install::plugin("product", PRODUCT_GRANTS), Install::plugin("app", APP_GRANTS)];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

async fn project(host: &TestHost, admin: &str, languages: &[&str]) -> Value {
    let tenant = host.create_tenant(admin, "Robotics", 17).await;
    let body = json!({ "name": "RobotHome", "region": "europe", "enterpriseId": tenant, "startsAt": 1, "endsAt": 2,
                       "appSecret": "project-secret-0123456789", "languages": languages });
    host.post("/app-service/projects", admin, body).await.ok().clone()
}

#[tokio::test]
async fn secrets_are_sealed_and_never_answered_whole() {
    let (host, admin) = start().await;
    let body = json!({ "appProductName": "Robot Home", "appName": "Robot Home", "appCode": "robot-home", "platformCode": "android",
                       "privacyLink": "https://example.com/privacy", "secret": "client-secret-of-robot-home-42" });
    let created = host.post("/app-service/app-products", &admin, body.clone()).await.ok().clone();
    let id = created["id"].as_str().expect("id").to_string();
    let project = project(&host, &admin, &["en"]).await;
    let mut answers = vec![created, project.clone()];
    answers.push(host.get("/app-service/app-products", &admin).await.ok().clone());
    answers.push(host.get(&format!("/app-service/app-products/{id}"), &admin).await.ok().clone());
    answers.push(host.get("/app-service/projects", &admin).await.ok().clone());
    // An edit that leaves the secret empty keeps it.
    let mut edit = body.clone();
    edit["secret"] = json!("");
    answers.push(host.put(&format!("/app-service/app-products/{id}"), &admin, edit).await.ok().clone());
    for answer in &answers {
        let text = answer.to_string();
        assert!(
            !text.contains("client-secret-of-robot-home-42") && !text.contains("project-secret-0123456789"),
            "{text}"
        );
        assert!(!text.contains("\"sealed\""), "{text}");
    }
    assert_eq!(answers[3]["secret"]["hint"], "••••••e-42", "shown masked");
    let stored = String::from_utf8_lossy(&host.database_bytes().await).to_string();
    assert!(
        !stored.contains("client-secret-of-robot-home-42") && !stored.contains("project-secret-0123456789"),
        "sealed at rest"
    );
}

fn workbook(rows: &[Vec<String>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, text).expect("cell");
        }
    }
    book.save_to_buffer().expect("workbook")
}

/// A workbook saved with a password, as Excel writes it: an OLE compound file holding the
/// `EncryptionInfo` and `EncryptedPackage` streams in place of the workbook's own parts.
fn encrypted_workbook() -> Vec<u8> {
    use std::io::Write as _;
    let mut file = cfb::CompoundFile::create(std::io::Cursor::new(Vec::new())).expect("a compound file");
    file.create_stream("/EncryptionInfo").expect("stream").write_all(&[4, 0, 4, 0, 0x40, 0, 0, 0]).expect("info");
    file.create_stream("/EncryptedPackage").expect("stream").write_all(&[0x5a; 4096]).expect("package");
    file.flush().expect("flushed");
    file.into_inner().into_inner()
}

/// An encrypted import file must be chosen again, and the import's limits: the copy
/// workbook's upload takes Excel only, at most 20 MB, not encrypted; each refusal names the file,
/// in the user's language, and keeps nothing to claim.
#[tokio::test]
async fn a_copy_import_takes_only_an_unencrypted_excel_workbook_of_at_most_20_mb() {
    let (host, admin) = start().await;
    let text = host.upload(&admin, "app-service", "copy-excel", "copy.xlsx", b"key1,en\nhome,Home\n").await;
    let msg = text["msg"].as_str().unwrap_or("");
    assert!(text["code"] == 400 && msg.contains("copy.xlsx") && msg.contains("Excel workbook"), "{text}");

    let locked = host.upload(&admin, "app-service", "copy-excel", "locked.xlsx", &encrypted_workbook()).await;
    let msg = locked["msg"].as_str().unwrap_or("");
    assert!(locked["code"] == 400 && msg.contains("locked.xlsx") && msg.contains("encrypted"), "{locked}");

    let big = host.announce(&admin, "/files/upload/app-service/copy-excel?fileName=big.xlsx", 21 << 20).await;
    assert!(big.contains("\"code\":413") && big.contains("20 MiB"), "{big}");

    let titles = ["key1", "key2", "key3", "keyDescription", "functionType", "functionCode", "placeholderCount", "en"];
    let rows = [titles.map(String::from).to_vec(), ["home", "", "", "", "", "", "", "Home"].map(String::from).to_vec()];
    let fine = host.upload(&admin, "app-service", "copy-excel", "copy.xlsx", &workbook(&rows)).await;
    assert_eq!(fine["code"], 200, "{fine}");
    let body = json!({ "library": "public", "uploadId": fine["data"]["uploadId"] });
    assert_eq!(host.post("/app-service/copies/import", &admin, body).await.ok(), &json!({ "added": 1, "updated": 0 }));
}

#[tokio::test]
async fn a_copy_library_round_trips_through_excel_and_reaches_apps_by_etag() {
    let (host, admin) = start().await;
    let project = project(&host, &admin, &["en", "de"]).await;
    let (project_id, code) = (project["id"].as_str().expect("id"), project["projectCode"].as_str().expect("code"));
    for (key, en, de) in [("title", "Home", "Start"), ("greeting", "Hello", "")] {
        let body = json!({ "library": "public", "key1": "home", "key2": key, "texts": { "en": en, "de": de } });
        host.post("/app-service/copies", &admin, body).await.ok();
    }
    let own = json!({ "library": "project", "projectId": project_id, "key1": "home", "key2": "title", "texts": { "en": "My home" } });
    host.post("/app-service/copies", &admin, own).await.ok();
    let imported = host.post("/app-service/copies/import-public", &admin, json!({ "projectId": project_id })).await;
    assert_eq!(imported.ok(), &json!({ "imported": 1, "skipped": ["home.title"] }), "never overwritten");

    // Exported, read back as Excel reads it.
    let export = host.get(&format!("/app-service/copies/export?library=project&projectId={project_id}"), &admin).await;
    use base64::Engine as _;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(export.ok()["content"].as_str().expect("content"))
        .expect("b64");
    let mut book: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("a workbook");
    let range = book.worksheet_range_at(0).expect("a sheet").expect("readable");
    let mut rows: Vec<Vec<String>> = range.rows().map(|r| r.iter().map(ToString::to_string).collect()).collect();
    assert_eq!(
        rows[0],
        ["key1", "key2", "key3", "keyDescription", "functionType", "functionCode", "placeholderCount", "en", "de"]
    );
    assert_eq!((rows[1][1].as_str(), rows[1][7].as_str(), rows[1][8].as_str()), ("greeting", "Hello", ""));
    assert_eq!((rows[2][1].as_str(), rows[2][7].as_str()), ("title", "My home"));
    // The translator fills in German and the workbook comes back.
    rows[1][8] = "Hallo".into();
    rows[2][8] = "Mein Zuhause".into();
    let uploaded = host.upload(&admin, "app-service", "copy-excel", "copy.xlsx", &workbook(&rows)).await;
    let upload_id = uploaded["data"]["uploadId"].as_str().expect("an upload").to_string();
    let body = json!({ "library": "project", "projectId": project_id, "uploadId": upload_id });
    assert_eq!(host.post("/app-service/copies/import", &admin, body).await.ok(), &json!({ "added": 0, "updated": 2 }));

    // Complete now: published without the empty-copy question, and served with an ETag.
    let publish = json!({ "library": "project", "projectId": project_id });
    assert_eq!(host.post("/app-service/copies/publish", &admin, publish.clone()).await.ok()["incomplete"], 0);
    let key = host.post(
        "/plugin-admin/device-keys/add",
        &admin,
        json!({ "pluginId": "app", "tenantId": 0, "name": "Robot Home app" }),
    );
    let key = key.await.ok()["key"].as_str().expect("a key").to_string();
    let url = format!("{}/device/app-service/app/copies?project={code}&lang=de", host.base);
    let client = reqwest::Client::new();
    let first = client.get(&url).header("authorization", format!("Device {key}")).send().await.expect("sent");
    assert_eq!(first.status(), 200);
    let etag = first.headers().get("etag").expect("an ETag").to_str().expect("text").to_string();
    let body: Value = first.json().await.expect("json");
    assert_eq!(body["data"]["texts"]["home.title"], "Mein Zuhause");
    let again =
        client.get(&url).header("authorization", format!("Device {key}")).header("if-none-match", &etag).send().await;
    let again = again.expect("sent");
    assert_eq!(again.status(), 304);
    assert!(again.bytes().await.expect("body").is_empty(), "nothing sent again");

    // A change, published: a new version, a new ETag.
    let list = host.get(&format!("/app-service/copies?library=project&projectId={project_id}"), &admin).await;
    let greeting = list.ok()["list"]
        .as_array()
        .expect("list")
        .iter()
        .find(|e| e["keyPath"] == "home.greeting")
        .cloned()
        .expect("greeting");
    let edit = json!({ "library": "project", "projectId": project_id, "key1": "home", "key2": "greeting",
                       "texts": { "en": "Hello", "de": "Guten Tag" } });
    host.put(&format!("/app-service/copies/{}", greeting["id"].as_str().expect("id")), &admin, edit).await.ok();
    host.post("/app-service/copies/publish", &admin, publish).await.ok();
    let changed =
        client.get(&url).header("authorization", format!("Device {key}")).header("if-none-match", &etag).send().await;
    let changed = changed.expect("sent");
    assert_eq!(changed.status(), 200);
    assert_ne!(changed.headers().get("etag").and_then(|v| v.to_str().ok()), Some(etag.as_str()));
    let body: Value = changed.json().await.expect("json");
    assert_eq!(
        (body["data"]["version"].clone(), body["data"]["texts"]["home.greeting"].clone()),
        (json!(2), json!("Guten Tag"))
    );
}

#[tokio::test]
async fn a_questionnaire_is_refreshed_at_most_once_a_day() {
    let (host, admin) = start().await;
    let project = project(&host, &admin, &["en"]).await;
    let app = json!({ "appProductName": "Robot Home", "appName": "Robot Home", "appCode": "rh", "platformCode": "ios",
                      "privacyLink": "https://example.com/privacy", "secret": "client-secret-of-robot-home-42" });
    let app = host.post("/app-service/app-products", &admin, app).await.ok().clone();
    let body = json!({ "projectId": project["id"], "appProductId": app["id"], "name": "满意度调查", "address": "not a link",
                       "intervalDays": 0, "lifecycle": 30, "enabled": true, "previewConfirmed": true });
    let refused = host.post("/app-service/questionnaires", &admin, body.clone()).await;
    assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), (400, Some("address")));
    let mut good = body;
    good["address"] = json!("https://survey.example.com/robot-home");
    let created = host.post("/app-service/questionnaires", &admin, good).await.ok().clone();
    assert_eq!(created["remainingLifecycle"], 30);
    let id = created["id"].as_str().expect("id");
    host.post(&format!("/app-service/questionnaires/{id}/refresh"), &admin, json!({})).await.ok();
    let again = host.post(&format!("/app-service/questionnaires/{id}/refresh"), &admin, json!({})).await;
    assert_eq!(again.code(), 409);
    assert_eq!(again.body["msg"], "The questionnaire cannot be refreshed again within 24 hours.");
}

#[tokio::test]
async fn an_object_of_a_private_bucket_opens_by_its_signed_access_url_only() {
    let (host, admin) = start().await;
    let s3 = S3Server::start().await;
    let photo = b"a photo of the robot, 2026".to_vec();
    std::fs::write(s3.root.path().join(BUCKET).join("robot photo.txt"), &photo).expect("an object");
    let tenant = host.create_tenant(&admin, "Media", 23).await;
    let body = json!({ "objectName": BUCKET, "cloudService": "minio", "region": "us-east-1", "endpoint": s3.endpoint,
                       "keyId": ACCESS_KEY, "key": SECRET_KEY, "accessRight": "private", "enterpriseId": tenant });
    let bucket = host.post("/app-service/buckets", &admin, body).await.ok().clone();
    assert!(!bucket.to_string().contains(SECRET_KEY), "the key is sealed: {bucket}");
    let id = bucket["id"].as_str().expect("id");
    let path = format!("/app-service/buckets/{id}/access-url");
    let url = host.post(&path, &admin, json!({ "objectKey": "robot photo.txt", "expiresSecs": 60 }));
    let url = url.await.ok()["url"].as_str().expect("a url").to_string();
    assert!(url.starts_with(&s3.endpoint) && url.contains("X-Amz-Signature="), "{url}");
    let got = reqwest::get(&url).await.expect("sent");
    assert_eq!(got.status(), 200);
    assert_eq!(got.bytes().await.expect("body").to_vec(), photo, "the object itself");
    // Its signature is the bucket's: without it, or with another key's, the server refuses.
    let unsigned = url.split('?').next().expect("path");
    assert!(reqwest::get(unsigned).await.expect("sent").status().is_client_error());
    let (head, signature) = url.split_once("X-Amz-Signature=").expect("signature");
    let flipped = if signature.starts_with('0') { "1" } else { "0" };
    let forged = format!("{head}X-Amz-Signature={flipped}{}", &signature[1..]);
    assert_eq!(reqwest::get(&forged).await.expect("sent").status(), 403);
}

/// An app key issued by the console for the app plugin: what every copy of the app ships.
async fn app_key(host: &TestHost, admin: &str) -> String {
    let body = json!({ "pluginId": "app", "tenantId": 0, "name": "Robot Home app" });
    host.post("/plugin-admin/device-keys/add", admin, body).await.ok()["key"].as_str().expect("a key").to_string()
}

#[tokio::test]
async fn an_app_streams_its_signed_in_users_log_through_the_large_file_upload_and_the_console_downloads_it() {
    let (host, admin) = start().await;
    let base = host.base.trim_end_matches("/api").to_string();
    let app = devsim::app::App::new(&base, &app_key(&host, &admin).await, "Robot Home", "android", 310);
    app.report_user("ann@example.com").await.expect("reported");
    let users = host.get("/app-service/app-users", &admin).await.ok().clone();
    let id = users["list"][0]["id"].as_str().expect("a user");
    let password = json!({ "password": "robot#2026", "confirmPassword": "robot#2026" });
    host.post(&format!("/app-service/app-users/{id}/password"), &admin, password).await.ok();
    let token = app.sign_in("ann@example.com", "robot#2026").await.expect("signed in");

    // Two megabytes of log, streamed to the host and filed for the session's user.
    let log: Vec<u8> = (0..2 << 20).map(|i: u32| b"0123456789 app log line\n"[i as usize % 24]).collect();
    app.upload_log(&token, "app.log", log.clone()).await.expect("filed");
    let refused = app.upload_log("someone-elses-session", "app.log", b"forged".to_vec()).await.expect_err("refused");
    assert_eq!(refused.field.as_deref(), Some("userToken"));

    let logs = host.get("/app-service/app-logs", &admin).await.ok().clone();
    assert_eq!(logs["total"], 1, "{logs}");
    let entry = &logs["list"][0];
    assert_eq!((entry["username"].as_str(), entry["file"]["size"].as_u64()), (Some("ann@example.com"), Some(2 << 20)));
    let link = host.get(&format!("/app-service/app-logs/{}/file", entry["id"].as_str().expect("id")), &admin).await;
    let url = link.ok()["url"].as_str().expect("a signed link").to_string();
    assert!(host.fetch_url(&url).await == log, "the same bytes");
}

#[tokio::test]
async fn a_device_upload_takes_only_device_purposes_of_a_plugin_serving_the_key_and_few_waiting_per_key() {
    let (host, admin) = start().await;
    let base = host.base.trim_end_matches("/api").to_string();
    let key = app_key(&host, &admin).await;
    let app = devsim::app::App::new(&base, &key, "Robot Home", "android", 310);
    // A console purpose is not a device's, and a device purpose not a console user's.
    let refused = app.upload("logo", "logo.png", b"\x89PNG\r\n\x1a\n".to_vec()).await.expect_err("not a device's");
    assert_eq!(refused.code, 404);
    let upload =
        host.call(Method::POST, "/files/upload/app-service/app-log", Some(&admin), &[("lang", "en")], None).await;
    assert_eq!(upload.code(), 404);
    // A key of another plugin is not served by the app plugin.
    let product_key = host.post(
        "/plugin-admin/device-keys/add",
        &admin,
        json!({ "pluginId": "product", "tenantId": 0, "name": "factory" }),
    );
    let product_key = product_key.await.ok()["key"].as_str().expect("a key").to_string();
    let stranger = devsim::app::App::new(&base, &product_key, "Robot Home", "android", 310);
    assert_eq!(stranger.upload("app-log", "app.log", b"log".to_vec()).await.expect_err("not served").code, 404);
    // What one key (shipped in every copy of the app) may park unclaimed from one address is
    // bounded, so that one client cannot use up what the key's other users need.
    for n in 0..console_host::routes::files::WAITING_PER_CLIENT {
        app.upload("app-log", "app.log", format!("log {n}").into_bytes()).await.expect("waiting");
    }
    let refused = app.upload("app-log", "app.log", b"one too many".to_vec()).await.expect_err("bounded");
    assert_eq!(refused.code, 429);
    assert_eq!(refused.msg, "Too many uploaded files are still waiting to be used; please upload again later.");
}

/// The app's key is in every copy of the app, so it proves nothing of a user: with it alone a
/// mobile is kept unverified (only a verified one is the phone number OAuth gives voice
/// assistants) and a verified one is not rewritten; new users come a few an hour from one
/// address. The user's own session verifies and changes the mobile.
#[tokio::test]
async fn the_app_key_alone_neither_rewrites_a_users_mobile_nor_fills_the_user_list() {
    let (host, admin) = start().await;
    let base = host.base.trim_end_matches("/api").to_string();
    let app = devsim::app::App::new(&base, &app_key(&host, &admin).await, "Robot Home", "android", 310);
    app.report_user_as("ann@example.com", "49-15100000000", "").await.expect("a new user");
    let ann = || async {
        let users = host.get("/app-service/app-users?username=ann", &admin).await.ok().clone();
        users["list"][0].clone()
    };
    assert_eq!(
        (ann().await["mobile"].as_str(), ann().await["mobileVerified"].as_bool()),
        (Some("49-15100000000"), Some(false))
    );

    let id = ann().await["id"].as_str().expect("id").to_string();
    let password = json!({ "password": "robot#2026", "confirmPassword": "robot#2026" });
    host.post(&format!("/app-service/app-users/{id}/password"), &admin, password).await.ok();
    let session = app.sign_in("ann@example.com", "robot#2026").await.expect("signed in");
    app.report_user_as("ann@example.com", "49-15112345678", &session).await.expect("her own session");
    assert_eq!(
        (ann().await["mobile"].as_str(), ann().await["mobileVerified"].as_bool()),
        (Some("49-15112345678"), Some(true))
    );

    let refused = app.report_user_as("ann@example.com", "49-15199999999", "").await.expect_err("not hers to say");
    assert_eq!(refused.field.as_deref(), Some("userToken"), "{refused:?}");
    let forged = app.report_user_as("ann@example.com", "49-15199999999", "someone-elses").await.expect_err("forged");
    assert_eq!(forged.field.as_deref(), Some("userToken"), "{forged:?}");
    assert_eq!(ann().await["mobile"], "49-15112345678");
    app.report_user_as("ann@example.com", "", "").await.expect("what she runs on is anyone's to tell");

    let mut created = 1;
    let refusal = loop {
        match app.report_user(&format!("user{created}@example.com")).await {
            Ok(_) => created += 1,
            Err(refusal) => break refusal,
        }
        assert!(created <= 100, "new users without end");
    };
    assert_eq!((created, refusal.code), (20, 429), "{refusal:?}");
}
