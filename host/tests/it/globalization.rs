//! The globalization plugin over HTTP with its built `.wasm`: return-code messages imported from
//! a real workbook through the upload path, checked against the platform's languages, exported
//! back, and served to an app's key in one language with an ETag (a 304 until a text changes).

use crate::common;

use common::{Install, TestHost};
use reqwest::Method;
use serde_json::{Value, json};

fn workbook(rows: &[&[&str]]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            sheet.write_string(r as u32, c as u16, *text).expect("cell");
        }
    }
    book.save_to_buffer().expect("workbook")
}

#[tokio::test]
async fn return_codes_come_in_from_excel_and_reach_apps_by_etag() {
    let host = TestHost::start_with_plugins(&[Install::plugin("globalization", "files = true")], |_| {}).await;
    let admin = host.admin().await;
    let header: &[&str] = &["module", "key", "description", "zhCn", "en", "de"];
    let book = workbook(&[
        header,
        &["device", "E1024", "Dust bin", "尘盒已满", "The dust bin is full.", "Der Staubbehälter ist voll."],
    ]);
    let upload = host.upload(&admin, "i18n-service", "codes-excel", "codes.xlsx", &book).await;
    let upload_id = upload["data"]["uploadId"].as_str().unwrap_or_else(|| panic!("uploaded: {upload}")).to_string();
    let imported = host.post("/i18n-service/codes/import", &admin, json!({ "uploadId": upload_id })).await;
    assert_eq!(imported.ok(), &json!({ "added": 1, "updated": 0 }));
    // A row with no text in a platform language ("xx" is none) is refused, nothing kept.
    let book = workbook(&[&["module", "key", "description", "xx"], &["device", "E2048", "", "?"]]);
    let upload = host.upload(&admin, "i18n-service", "codes-excel", "bad.xlsx", &book).await;
    let refused =
        host.post("/i18n-service/codes/import", &admin, json!({ "uploadId": upload["data"]["uploadId"] })).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("uploadId")), "{:?}", refused.body);

    let key = host
        .post(
            "/plugin-admin/device-keys/add",
            &admin,
            json!({ "pluginId": "globalization", "tenantId": 0, "name": "Robot Home app" }),
        )
        .await;
    let key = key.ok()["key"].as_str().expect("a key").to_string();
    let url = format!("{}/device/i18n-service/app/texts?kind=code&lang=de&module=device", host.base);
    let client = reqwest::Client::new();
    let first = client.get(&url).header("authorization", format!("Device {key}")).send().await.expect("sent");
    let etag = first.headers().get("etag").expect("an ETag").to_str().expect("text").to_string();
    let body: Value = first.json().await.expect("json");
    assert_eq!(body["data"]["texts"], json!({ "E1024": "Der Staubbehälter ist voll." }));
    let again =
        client.get(&url).header("authorization", format!("Device {key}")).header("if-none-match", &etag).send().await;
    assert_eq!(again.expect("sent").status(), 304);

    // Edited on the page: the app gets the new text and a new ETag.
    let list = host.get("/i18n-service/codes", &admin).await.ok().clone();
    let id = list["list"][0]["id"].as_str().expect("id").to_string();
    let edit = json!({ "module": "device", "key": "E1024", "texts": { "en": "The dust bin is full.", "de": "Bitte den Staubbehälter leeren." } });
    host.call(Method::PUT, &format!("/i18n-service/codes/{id}"), Some(&admin), &[("lang", "en")], Some(edit))
        .await
        .ok();
    let changed = client
        .get(&url)
        .header("authorization", format!("Device {key}"))
        .header("if-none-match", &etag)
        .send()
        .await
        .expect("sent");
    assert_eq!(changed.status(), 200);
    let body: Value = changed.json().await.expect("json");
    assert_eq!(body["data"]["texts"]["E1024"], "Bitte den Staubbehälter leeren.");

    // The export reads back as Excel would.
    let exported = host.get("/i18n-service/codes/export", &admin).await.ok().clone();
    use base64::Engine as _;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(exported["content"].as_str().expect("content"))
        .expect("base64");
    let mut read: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("xlsx");
    use calamine::Reader;
    let range = read.worksheet_range_at(0).expect("a sheet").expect("readable");
    assert_eq!(range.get_value((1, 5)).map(|c| c.to_string()), Some("Bitte den Staubbehälter leeren.".into()));
}

/// Each import's Excel template has the import's columns and no rows; filled in as a user
/// would, it imports.
#[tokio::test]
async fn a_filled_in_template_imports() {
    let host = TestHost::start_with_plugins(&[Install::plugin("globalization", "files = true")], |_| {}).await;
    let admin = host.admin().await;
    for (kind, file) in [("modules", "module-import.xlsx"), ("codes", "code-import.xlsx")] {
        let template = host.get(&format!("/i18n-service/{kind}/import-template"), &admin).await;
        assert_eq!(template.ok()["fileName"], file);
        let rows = crate::product::read_workbook(template.ok());
        assert_eq!(rows.len(), 1, "{kind}: the titles alone");
        let titles = &rows[0];
        assert_eq!(&titles[..4], ["module", "key", "description", "zhCn"], "{kind}: {titles:?}");
        let filled: Vec<&str> = titles
            .iter()
            .map(|title| match title.as_str() {
                "module" => "device",
                "key" => "E4096",
                "description" => "Brush",
                _ => "Brush stuck",
            })
            .collect();
        let header: Vec<&str> = titles.iter().map(String::as_str).collect();
        let book = workbook(&[&header, &filled]);
        let upload = host.upload(&admin, "i18n-service", &format!("{kind}-excel"), "filled.xlsx", &book).await;
        let imported = host
            .post(&format!("/i18n-service/{kind}/import"), &admin, json!({ "uploadId": upload["data"]["uploadId"] }))
            .await;
        assert_eq!(imported.ok(), &json!({ "added": 1, "updated": 0 }), "{kind}");
    }
}
