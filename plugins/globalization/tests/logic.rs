//! Globalization's rules, natively against the SDK's in-memory host: texts per kind and module,
//! checked keys and languages, the app's answer in one language with English as the fallback,
//! return-code messages for other plugins, and the Excel round trip (all rows or none).

use base64::Engine as _;
use console_plugin_sdk::testing::{MemoryHost, workbook};
use console_plugin_sdk::{Value, json};
use globalization::Globalization;

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

fn host() -> MemoryHost {
    let mut host = MemoryHost::new();
    host.languages = vec!["zhCn".into(), "en".into(), "de".into()];
    host
}

#[test]
fn texts_are_checked_and_kept_per_kind() {
    let mut host = host();
    let code = json!({ "module": "device", "key": "E1024", "description": "Dust bin", "texts": { "en": "The dust bin is full.", "zhCn": "尘盒已满。" } });
    let saved = ok(host.call::<Globalization>("POST", "/codes", code.clone()));
    assert_eq!(saved["missing"], json!(["de"]), "the platform language still missing");
    let again = host.call::<Globalization>("POST", "/codes", code);
    assert_eq!((again.0, again.1["field"].as_str()), (400, Some("key")), "one code per module");
    let bad_key = host.call::<Globalization>(
        "POST",
        "/codes",
        json!({ "module": "device", "key": "E 10", "texts": { "en": "x" } }),
    );
    assert_eq!(bad_key.1["field"], "key");
    let bad_lang = host.call::<Globalization>(
        "POST",
        "/modules",
        json!({ "module": "app", "key": "home.title", "texts": { "fr": "Accueil" } }),
    );
    assert_eq!(bad_lang.1["field"], "texts", "French is not a platform language here");
    let empty = host.call::<Globalization>(
        "POST",
        "/modules",
        json!({ "module": "app", "key": "home.title", "texts": { "en": " " } }),
    );
    assert_eq!(empty.1["field"], "texts");
    ok(host.call::<Globalization>(
        "POST",
        "/modules",
        json!({ "module": "app", "key": "home.title", "texts": { "en": "Home", "de": "Start" } }),
    ));
    // The pages are separate: a code is not a module text.
    assert_eq!(ok(host.call::<Globalization>("GET", "/modules", Value::Null))["total"], 1);
    let id = saved["id"].as_str().unwrap();
    assert_eq!(host.call::<Globalization>("GET", &format!("/modules/{id}"), Value::Null).0, 404);
}

#[test]
fn apps_get_one_language_with_english_where_it_is_missing_and_plugins_get_code_messages() {
    let mut host = host();
    ok(host.call::<Globalization>(
        "POST",
        "/modules",
        json!({ "module": "app", "key": "home.title", "texts": { "en": "Home", "de": "Start" } }),
    ));
    ok(host.call::<Globalization>(
        "POST",
        "/modules",
        json!({ "module": "app", "key": "home.empty", "texts": { "en": "No devices yet" } }),
    ));
    ok(host.call::<Globalization>(
        "POST",
        "/modules",
        json!({ "module": "mail", "key": "subject", "texts": { "en": "Your code" } }),
    ));
    ok(host.call::<Globalization>("POST", "/codes", json!({ "module": "device", "key": "E1024", "texts": { "en": "The dust bin is full.", "de": "Der Staubbehälter ist voll." } })));

    host.as_device("app-key");
    let (status, german) = host.call_with::<Globalization>(
        "GET",
        "/app/texts",
        &[("kind", "module"), ("lang", "de"), ("module", "app")],
        Value::Null,
        "de",
    );
    assert_eq!(status, 200);
    assert_eq!(german["texts"], json!({ "home.empty": "No devices yet", "home.title": "Start" }));
    let (_, every) =
        host.call_with::<Globalization>("GET", "/app/texts", &[("kind", "module"), ("lang", "en")], Value::Null, "en");
    assert_eq!(every["texts"]["mail.subject"], "Your code", "prefixed by module when all modules are asked");

    let messages = ok(host.call::<Globalization>(
        "POST",
        "/internal/return-codes",
        json!({ "codes": ["E1024", "E9999"], "lang": "de" }),
    ));
    assert_eq!(messages, json!({ "E1024": "Der Staubbehälter ist voll." }));
}

#[test]
fn texts_go_to_excel_and_come_back_all_rows_or_none() {
    let mut host = host();
    ok(host.call::<Globalization>(
        "POST",
        "/codes",
        json!({ "module": "device", "key": "E1024", "texts": { "en": "=1+1", "zhCn": "尘盒已满。" } }),
    ));
    let exported = ok(host.call::<Globalization>("GET", "/codes/export", Value::Null));
    let bytes = base64::engine::general_purpose::STANDARD.decode(exported["content"].as_str().unwrap()).unwrap();
    let rows = console_plugin_sdk::sheet::first_sheet_rows(bytes, 10).expect("a workbook");
    assert_eq!(rows[0].1, ["module", "key", "description", "zhCn", "en", "de"]);
    assert_eq!(rows[1].1[4], "=1+1", "text, never a formula");

    let header: &[&str] = &["module", "key", "description", "zhCn", "en", "de"];
    // Row 3 has a bad code: nothing is kept.
    let bad = workbook(&[
        header,
        &["device", "E1024", "", "", "The dust bin is full.", "Der Staubbehälter ist voll."],
        &["device", "E 2", "", "", "x", ""],
    ]);
    let upload = host.add_upload("codes-excel", "codes.xlsx", bad);
    let (status, refused) = host.call::<Globalization>("POST", "/codes/import", json!({ "uploadId": upload }));
    assert_eq!(status, 400);
    assert!(refused["msg"].as_str().unwrap_or_default().contains("row 3"), "{refused}");
    let good = workbook(&[
        header,
        &["device", "E1024", "", "", "The dust bin is full.", "Der Staubbehälter ist voll."],
        &["device", "E2048", "Brush", "", "The side brush is stuck.", ""],
    ]);
    let upload = host.add_upload("codes-excel", "codes.xlsx", good);
    let imported = ok(host.call::<Globalization>("POST", "/codes/import", json!({ "uploadId": upload })));
    assert_eq!(imported, json!({ "added": 1, "updated": 1 }));
    let list = ok(host.call::<Globalization>("GET", "/codes", Value::Null));
    let e1024 = list["list"].as_array().unwrap().iter().find(|t| t["key"] == "E1024").unwrap().clone();
    assert_eq!(
        e1024["texts"],
        json!({ "de": "Der Staubbehälter ist voll.", "en": "The dust bin is full.", "zhCn": "尘盒已满。" }),
        "an empty cell keeps its text"
    );
    // A workbook of another purpose is not taken.
    let other = host.add_upload("modules-excel", "m.xlsx", workbook(&[header]));
    assert_eq!(
        host.call::<Globalization>("POST", "/codes/import", json!({ "uploadId": other })).1["field"],
        "uploadId"
    );
}
