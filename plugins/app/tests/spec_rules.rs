//! Each validation rule of this domain, app users' included, its own test, with the words its
//! message gives it.

use app::AppPlugin;
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};

fn host() -> MemoryHost {
    let mut host = MemoryHost::new();
    host.enterprises = vec![console_plugin_sdk::host::Enterprise {
        id: 7,
        name: "Acme".into(),
        kind: "ordinary".into(),
        disabled: false,
    }];
    host
}

fn call(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> (u16, Value) {
    host.as_user();
    host.call::<AppPlugin>(method, path, body)
}

fn created(host: &mut MemoryHost, path: &str, body: Value) -> String {
    let (status, answer) = call(host, "POST", path, body);
    assert_eq!(status, 200, "{path}: {answer}");
    answer["id"].as_str().expect("id").to_string()
}

/// (status, field, message) of a refusal.
fn refusal(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> (u16, String, String) {
    let (status, answer) = call(host, method, path, body);
    (status, answer["field"].as_str().unwrap_or_default().into(), answer["msg"].as_str().unwrap_or_default().into())
}

fn app_product(code: &str) -> Value {
    json!({ "appProductName": "Robot Home", "appName": "Robot Home", "appCode": code, "platformCode": "android",
            "privacyLink": "https://example.com/privacy", "secret": "s3cret-of-the-robot-home-app" })
}

/// A project and an app product for the questionnaire rules.
fn questionnaire_host() -> (MemoryHost, String, String) {
    let mut host = host();
    let project = json!({ "name": "RobotHome", "region": "europe", "enterpriseId": 7, "startsAt": 1, "endsAt": 2,
                          "appSecret": "project-secret-0123456789", "languages": ["en"] });
    let project_id = created(&mut host, "/projects", project);
    let app_id = created(&mut host, "/app-products", app_product("robot-home"));
    (host, project_id, app_id)
}

fn questionnaire(project_id: &str, app_id: &str, changes: Value) -> Value {
    let mut body = json!({ "projectId": project_id, "appProductId": app_id, "name": "Survey1",
                           "address": "https://survey.example.com/1", "intervalDays": 0, "lifecycle": 30,
                           "enabled": true, "previewConfirmed": true });
    for (k, v) in changes.as_object().expect("object") {
        body[k] = v.clone();
    }
    body
}

#[test]
fn an_app_code_cannot_contain_an_underscore() {
    let mut host = host();
    let (status, field, msg) = refusal(&mut host, "POST", "/app-products", app_product("robot_home"));
    assert_eq!((status, field.as_str(), msg.as_str()), (400, "appCode", "The app code cannot contain an underscore."));
}

/// The avatar-size rule for an app product's logo: 200×200 png, jpg or gif, at most 500 KB.
#[test]
fn an_app_logo_is_200_by_200_and_at_most_500_kb() {
    let mut host = host();
    let logo = |host: &mut MemoryHost, width: u32, height: u32, size: usize| {
        let id = host.add_upload("logo", "logo.png", vec![0; size]);
        let upload = host.uploads.get_mut(&id).expect("the upload");
        upload.1.image =
            Some(console_plugin_sdk::upload::ImageFacts { format: "png".into(), width, height, alpha: false });
        let mut body = app_product("robot-home");
        body["logo"] = json!(id);
        body
    };
    for (width, height, size) in [(201, 200, 1000), (200, 199, 1000), (200, 200, 500_001)] {
        let body = logo(&mut host, width, height, size);
        let (status, field, msg) = refusal(&mut host, "POST", "/app-products", body);
        assert_eq!((status, field.as_str()), (400, "logo"), "{width}×{height}, {size} bytes");
        assert!(msg.contains("200×200") && msg.contains("500"), "{msg}");
    }
    let body = logo(&mut host, 200, 200, 500_000);
    let id = created(&mut host, "/app-products", body);
    let (_, saved) = call(&mut host, "GET", &format!("/app-products/{id}"), Value::Null);
    assert_eq!(saved["logo"]["size"], 500_000);
}

#[test]
fn a_questionnaire_name_is_only_chinese_characters_letters_and_digits() {
    let (mut host, project_id, app_id) = questionnaire_host();
    for bad in ["Survey 1", "调查-1", "survey_1"] {
        let body = questionnaire(&project_id, &app_id, json!({ "name": bad }));
        let (status, field, msg) = refusal(&mut host, "POST", "/questionnaires", body);
        assert_eq!((status, field.as_str()), (400, "name"), "{bad}");
        assert!(msg.contains("only Chinese characters, English letters and digits"), "{msg}");
    }
    created(&mut host, "/questionnaires", questionnaire(&project_id, &app_id, json!({ "name": "满意度调查Q1" })));
}

#[test]
fn a_questionnaire_address_is_an_http_or_https_link() {
    let (mut host, project_id, app_id) = questionnaire_host();
    for bad in ["survey.example.com", "ftp://survey.example.com", "https://"] {
        let body = questionnaire(&project_id, &app_id, json!({ "address": bad }));
        let (status, field, msg) = refusal(&mut host, "POST", "/questionnaires", body);
        assert_eq!(
            (status, field.as_str(), msg.as_str()),
            (400, "address", "address: wrong format, expected an http(s) URL."),
            "{bad}"
        );
    }
    created(
        &mut host,
        "/questionnaires",
        questionnaire(&project_id, &app_id, json!({ "address": "http://s.example.com/q" })),
    );
}

#[test]
fn the_interval_is_below_365_days_and_0_without_a_previous_questionnaire() {
    let (mut host, project_id, app_id) = questionnaire_host();
    let first = questionnaire(&project_id, &app_id, json!({ "intervalDays": 7 }));
    let (status, field, msg) = refusal(&mut host, "POST", "/questionnaires", first);
    assert_eq!(
        (status, field.as_str(), msg.as_str()),
        (400, "intervalDays", "With no previous questionnaire the interval is 0 days.")
    );
    created(&mut host, "/questionnaires", questionnaire(&project_id, &app_id, json!({})));
    // "An integer below 365": neither 365 nor a fraction of a day.
    for bad in [json!(365), json!(7.5)] {
        let body = questionnaire(&project_id, &app_id, json!({ "name": "Survey2", "intervalDays": bad }));
        let (status, field, msg) = refusal(&mut host, "POST", "/questionnaires", body);
        assert_eq!(
            (status, field.as_str(), msg.as_str()),
            (400, "intervalDays", "intervalDays: wrong format, expected an integer from 0 to 364."),
            "{bad}"
        );
    }
    created(
        &mut host,
        "/questionnaires",
        questionnaire(&project_id, &app_id, json!({ "name": "Survey2", "intervalDays": 364 })),
    );
}

#[test]
fn the_lifecycle_is_above_0_and_at_most_1000() {
    let (mut host, project_id, app_id) = questionnaire_host();
    for bad in [json!(0), json!(1001), json!(2.5)] {
        let body = questionnaire(&project_id, &app_id, json!({ "lifecycle": bad }));
        let (status, field, msg) = refusal(&mut host, "POST", "/questionnaires", body);
        assert_eq!(
            (status, field.as_str(), msg.as_str()),
            (400, "lifecycle", "lifecycle: wrong format, expected an integer from 1 to 1000."),
            "{bad}"
        );
    }
    created(&mut host, "/questionnaires", questionnaire(&project_id, &app_id, json!({ "lifecycle": 1000 })));
}

#[test]
fn a_questionnaire_is_refreshed_again_only_after_24_hours() {
    let (mut host, project_id, app_id) = questionnaire_host();
    let id = created(&mut host, "/questionnaires", questionnaire(&project_id, &app_id, json!({})));
    assert_eq!(call(&mut host, "POST", &format!("/questionnaires/{id}/refresh"), json!({})).0, 200);
    host.now_ms += 23 * 3_600_000;
    let (status, _, msg) = refusal(&mut host, "POST", &format!("/questionnaires/{id}/refresh"), json!({}));
    assert_eq!((status, msg.as_str()), (409, "The questionnaire cannot be refreshed again within 24 hours."));
    host.now_ms += 3_600_001;
    assert_eq!(call(&mut host, "POST", &format!("/questionnaires/{id}/refresh"), json!({})).0, 200);
}

#[test]
fn a_questionnaire_is_submitted_only_after_its_preview_was_confirmed() {
    let (mut host, project_id, app_id) = questionnaire_host();
    let body = questionnaire(&project_id, &app_id, json!({ "previewConfirmed": false }));
    let (status, field, msg) = refusal(&mut host, "POST", "/questionnaires", body);
    assert_eq!(
        (status, field.as_str(), msg.as_str()),
        (400, "previewConfirmed", "Preview the questionnaire and confirm it first.")
    );
}

#[test]
fn a_copy_entry_needs_a_function_type_or_a_key() {
    let mut host = host();
    let (status, field, msg) =
        refusal(&mut host, "POST", "/copies", json!({ "library": "public", "texts": { "en": "Hi" } }));
    assert_eq!(
        (status, field.as_str(), msg.as_str()),
        (400, "functionType", "The function type and the key cannot both be empty.")
    );
    created(
        &mut host,
        "/copies",
        json!({ "library": "function", "functionType": "cleaning", "texts": { "en": "Go" } }),
    );
}

#[test]
fn publishing_with_empty_copy_needs_a_confirmation() {
    let mut host = host();
    created(&mut host, "/copies", json!({ "library": "public", "key1": "home", "texts": { "en": "Home" } }));
    let (status, _, msg) = refusal(&mut host, "POST", "/copies/publish", json!({ "library": "public" }));
    assert_eq!((status, msg.as_str()), (409, "Entries with empty copy: 1. Confirm to publish anyway."));
    let (status, answer) = call(&mut host, "POST", "/copies/publish", json!({ "library": "public", "confirm": true }));
    assert_eq!((status, answer["incomplete"].clone()), (200, json!(1)));
}

#[test]
fn importing_the_public_library_does_not_overwrite() {
    let mut host = host();
    let project = json!({ "name": "P", "region": "asia", "enterpriseId": 7, "startsAt": 1, "endsAt": 2,
                          "appSecret": "project-secret-0123456789", "languages": ["en"] });
    let project_id = created(&mut host, "/projects", project);
    created(&mut host, "/copies", json!({ "library": "public", "key1": "title", "texts": { "en": "Public" } }));
    created(
        &mut host,
        "/copies",
        json!({ "library": "project", "projectId": project_id, "key1": "title", "texts": { "en": "Mine" } }),
    );
    let (status, answer) = call(&mut host, "POST", "/copies/import-public", json!({ "projectId": project_id }));
    assert_eq!((status, answer), (200, json!({ "imported": 0, "skipped": ["title"] })));
    assert!(host.stored_text("copies").contains("Mine"), "kept");
}

#[test]
fn a_workbook_that_does_not_match_is_refused_naming_its_row_and_keeps_nothing() {
    let mut host = host();
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let rows = [
        ["key1", "key2", "key3", "keyDescription", "functionType", "functionCode", "placeholderCount", "en"],
        ["ok", "", "", "", "", "", "", "Fine"],
        ["", "", "", "", "", "", "", "No key, no function type"],
    ];
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *text).expect("cell");
        }
    }
    let upload = host.add_upload("copy-excel", "copy.xlsx", book.save_to_buffer().expect("workbook"));
    let (status, field, msg) =
        refusal(&mut host, "POST", "/copies/import", json!({ "library": "public", "uploadId": upload }));
    assert_eq!((status, field.as_str()), (400, "uploadId"));
    assert_eq!(
        msg,
        "Data does not match, please re-enter (row 3: The function type and the key cannot both be empty.)."
    );
    assert!(!host.stored_text("copies").contains("Fine"), "nothing kept");
}

#[test]
fn an_app_user_password_is_6_to_18_letters_and_digits_without_spaces() {
    let mut host = host();
    host.as_device("app");
    host.call::<AppPlugin>("POST", "/app/users/report", json!({ "username": "ann@example.com" }));
    let id = call(&mut host, "GET", "/app-users", Value::Null).1["list"][0]["id"].as_str().expect("id").to_string();
    for bad in ["a1b2c", "abcdefgh", "12345678", "abc 12345", "abcdefghij123456789"] {
        let body = json!({ "password": bad, "confirmPassword": bad });
        let (status, field, msg) = refusal(&mut host, "POST", &format!("/app-users/{id}/password"), body);
        assert_eq!((status, field.as_str()), (400, "password"), "{bad}");
        assert!(msg.contains("6 to 18 letters and digits, special characters optional, no spaces"), "{msg}");
    }
    let body = json!({ "password": "abc123!", "confirmPassword": "abc123!" });
    assert_eq!(call(&mut host, "POST", &format!("/app-users/{id}/password"), body).0, 200);
}

#[test]
fn batch_accounts_are_email_addresses_or_country_code_hyphen_number() {
    let mut host = host();
    for bad in ["13800138000", "ann@", "86 13800138000", "+8613800138000"] {
        let body = json!({ "usernames": bad, "allProducts": true });
        let (status, field, msg) = refusal(&mut host, "POST", "/beta-users", body);
        assert_eq!((status, field.as_str()), (400, "usernames"), "{bad}");
        assert!(msg.contains("country code-number"), "{msg}");
    }
    let (status, _) = call(
        &mut host,
        "POST",
        "/beta-users",
        json!({ "usernames": "ann@example.com\n86-13800138000\n+49-15112345678", "allProducts": true }),
    );
    assert_eq!(status, 200);
}

#[test]
fn deleting_needs_the_exact_name_typed_again() {
    let mut host = host();
    let id = created(
        &mut host,
        "/app-stores",
        json!({ "storeName": "Google Play", "downloadAddress": "https://play.google.com/store",
                                                       "domainPrefix": "play.google.com" }),
    );
    let (status, field, msg) =
        refusal(&mut host, "DELETE", &format!("/app-stores/{id}"), json!({ "confirmName": "Google play" }));
    assert_eq!(
        (status, field.as_str(), msg.as_str()),
        (400, "confirmName", "The input does not match the name to delete.")
    );
    assert_eq!(call(&mut host, "DELETE", &format!("/app-stores/{id}"), json!({ "confirmName": "Google Play" })).0, 200);
}

/// A copy entry with placeholders has the same number of them in every language.
#[test]
fn a_placeholder_count_holds_in_every_language() {
    let mut host = host();
    let entry = |de: &str| {
        json!({ "library": "public", "key1": "welcome", "placeholder": true, "placeholderCount": 1,
                "texts": { "en": "Hello {name}", "de": de } })
    };
    let (status, field, msg) = refusal(&mut host, "POST", "/copies", entry("Hallo {name}, {0}"));
    assert_eq!(
        (status, field.as_str(), msg.as_str()),
        (400, "texts", "The de text has 2 placeholders; it should have 1.")
    );
    let (status, _, msg) = refusal(&mut host, "POST", "/copies", entry("Hallo"));
    assert_eq!((status, msg.as_str()), (400, "The de text has 0 placeholders; it should have 1."));
    created(&mut host, "/copies", entry("Hallo %s"));
}

/// Copy completeness: complete when every language the project uses is filled.
#[test]
fn a_copy_entry_is_complete_when_every_language_of_its_project_is_filled() {
    let mut host = host();
    let project = json!({ "name": "P", "region": "asia", "enterpriseId": 7, "startsAt": 1, "endsAt": 2,
                          "appSecret": "project-secret-0123456789", "languages": ["en", "fr"] });
    let project_id = created(&mut host, "/projects", project);
    let entry =
        |texts: Value| json!({ "library": "project", "projectId": project_id, "key1": "title", "texts": texts });
    let id = created(&mut host, "/copies", entry(json!({ "en": "Home", "de": "Zuhause" })));
    let (_, saved) = call(&mut host, "GET", &format!("/copies/{id}"), Value::Null);
    assert_eq!(saved["complete"], false, "French is missing: German does not count");
    let mut body = entry(json!({ "en": "Home", "fr": "Maison" }));
    body["version"] = saved["version"].clone();
    assert_eq!(call(&mut host, "PUT", &format!("/copies/{id}"), body).0, 200);
    assert_eq!(call(&mut host, "GET", &format!("/copies/{id}"), Value::Null).1["complete"], true);
}

/// "Unblocking failed": a user who is not blocked cannot be unblocked.
#[test]
fn unblocking_a_user_who_is_not_blocked_fails() {
    let mut host = host();
    host.as_device("app");
    host.call::<AppPlugin>("POST", "/app/users/report", json!({ "username": "bob@example.com" }));
    let id = call(&mut host, "GET", "/app-users", Value::Null).1["list"][0]["id"].as_str().expect("id").to_string();
    let (status, _, msg) = refusal(&mut host, "POST", &format!("/app-users/{id}/unblock"), json!({}));
    assert_eq!((status, msg.as_str()), (409, "Unblocking failed: this user is not blocked."));
    assert_eq!(call(&mut host, "POST", &format!("/app-users/{id}/block"), json!({})).0, 200);
    assert_eq!(call(&mut host, "POST", &format!("/app-users/{id}/unblock"), json!({})).0, 200);
}

/// An object storage's authorisation key is sealed where it is kept and never answered whole.
#[test]
fn an_object_storage_key_is_sealed_and_never_returned() {
    let mut host = host();
    let key = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY";
    let body = json!({ "objectName": "robot-maps", "cloudService": "aliyun-oss", "region": "oss-cn-hangzhou",
                       "endpoint": "https://oss-cn-hangzhou.aliyuncs.com", "keyId": "LTAI5t", "key": key,
                       "accessRight": "private", "enterpriseId": 7 });
    let id = created(&mut host, "/buckets", body);
    assert!(!host.stored_text("buckets").contains(key), "kept sealed");
    let (_, one) = call(&mut host, "GET", &format!("/buckets/{id}"), Value::Null);
    let (_, list) = call(&mut host, "GET", "/buckets", Value::Null);
    for answer in [&one, &list] {
        assert!(!answer.to_string().contains(key), "answered whole: {answer}");
    }
    assert_eq!(one["key"]["hint"], "••••••EKEY", "shown masked, by its last four characters");
}
