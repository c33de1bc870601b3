//! The product plugin over HTTP with its built `.wasm`: category pictures checked from the
//! uploaded bytes, the category tree, consumables, the unit list, thing-model templates saved by
//! the editor's rules, published, edited into a new version, compared, imported and exported;
//! products with their guide pictures; and the status audit decided in the process centre.

use crate::common;

use common::{Install, TestHost, png};
use reqwest::Method;
use serde_json::{Value, json};

async fn product_host() -> (TestHost, String) {
    // The grants of plugins.toml: a group of up to 100,000 SNs takes more than the default 2 s.
    let grants = "files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384";
    let host = TestHost::start_with_plugins(&[Install::plugin("product", grants)], |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

async fn send(host: &TestHost, admin: &str, method: Method, path: &str, body: Value) -> common::Answer {
    host.call(method, path, Some(admin), &[("lang", "en")], Some(body)).await
}

async fn picture(host: &TestHost, admin: &str, bytes: &[u8]) -> String {
    let answer = host.upload(admin, "product-service", "category-picture", "picture.png", bytes).await;
    answer["data"]["uploadId"].as_str().unwrap_or_else(|| panic!("uploaded: {answer}")).to_string()
}

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let pixels = vec![120u8; (width * height * 3) as usize];
    image::codecs::jpeg::JpegEncoder::new(&mut out)
        .encode(&pixels, width, height, image::ExtendedColorType::Rgb8)
        .expect("jpeg");
    out
}

async fn category(host: &TestHost, admin: &str, name: &str, parent: &str) -> Value {
    let upload = picture(host, admin, &png(168, 168, true)).await;
    let body = json!({ "name": name, "identifier": name.to_lowercase().replace(' ', "-"), "region": "europe",
        "parentId": parent, "picture": upload, "descriptionEn": format!("{name} appliances") });
    host.post("/product-service/categories", admin, body).await.ok().clone()
}

#[tokio::test]
async fn a_category_picture_is_a_transparent_168_pixel_png_checked_from_the_file() {
    let (host, admin) = product_host().await;
    let body =
        |upload: &str| json!({ "name": "Vacuums", "identifier": "vacuum", "region": "europe", "picture": upload });
    for (bytes, why) in
        [(png(168, 168, false), "no alpha channel"), (png(100, 100, true), "100×100"), (jpeg(168, 168), "a JPEG")]
    {
        let upload = picture(&host, &admin, &bytes).await;
        let refused = host.post("/product-service/categories", &admin, body(&upload)).await;
        assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("picture")), "{why}");
        assert!(
            refused.msg().contains("a transparent PNG image of 168×168 px, at most 500 KB"),
            "{why}: {}",
            refused.msg()
        );
    }
    let bytes = png(168, 168, true);
    let upload = picture(&host, &admin, &bytes).await;
    let created = host.post("/product-service/categories", &admin, body(&upload)).await;
    let url = created.ok()["pictureUrl"].as_str().expect("a picture link");
    assert_eq!(host.fetch_url(url).await, bytes, "the stored picture is the uploaded one");
    assert_eq!(
        host.get("/product-service/categories", &admin).await.ok()["total"],
        1,
        "nothing kept of the refused ones"
    );
}

#[tokio::test]
async fn categories_form_a_tree_without_cycles_and_keep_their_consumables() {
    let (host, admin) = product_host().await;
    let home = category(&host, &admin, "Home", "").await;
    let home_id = home["id"].as_str().expect("id").to_string();
    let cleaning = category(&host, &admin, "Cleaning", &home_id).await;
    let cleaning_id = cleaning["id"].as_str().expect("id").to_string();
    let tree = host.get("/product-service/category-tree", &admin).await;
    assert_eq!(tree.ok()[0]["name"], "Home");
    assert_eq!(tree.ok()[0]["children"][0]["name"], "Cleaning");

    // Home under its own child: refused, and the picture is kept without a new upload.
    let moved =
        json!({ "name": "Home", "identifier": "home", "region": "europe", "parentId": cleaning_id, "picture": "" });
    let refused = send(&host, &admin, Method::PUT, &format!("/product-service/categories/{home_id}"), moved).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("parentId")));

    let consumable = |identifier: &str, hours: Value| {
        json!({ "categoryId": cleaning_id, "identifier": identifier, "name": "Side brush", "lifetimeHours": hours,
                "purchaseLink": "https://shop.example.com/brush", "showLink": true })
    };
    let refused = host.post("/product-service/consumables", &admin, consumable("sideBrush", json!(300))).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("identifier")));
    let refused = host
        .call(
            Method::POST,
            "/product-service/consumables",
            Some(&admin),
            &[("lang", "de")],
            Some(consumable("reservedSideBrush", json!("lange"))),
        )
        .await;
    assert_eq!(refused.data()["field"], "lifetimeHours");
    assert!(refused.msg().contains("Stunden"), "{}", refused.msg());
    let created =
        host.post("/product-service/consumables", &admin, consumable("reservedSideBrush", json!("300"))).await;
    assert_eq!(created.ok()["lifetimeHours"], 300.0);
    let listed = host.get(&format!("/product-service/consumables?categoryId={cleaning_id}"), &admin).await;
    assert_eq!(listed.ok()["total"], 1);

    let delete = |id: &str, name: &str| (format!("/product-service/categories/{id}"), json!({ "confirmName": name }));
    let (path, body) = delete(&cleaning_id, "Cleaning");
    let refused = send(&host, &admin, Method::DELETE, &path, body).await;
    assert_eq!(refused.code(), 409);
    assert!(refused.msg().starts_with("Delete failed"), "{}", refused.msg());
    let (path, body) = delete(&home_id, "Home");
    assert_eq!(
        send(&host, &admin, Method::DELETE, &path, body).await.code(),
        409,
        "a category with a subcategory stays"
    );
}

fn thing_model() -> Value {
    json!({
        "properties": [
            { "identifier": "mode", "name": "Mode", "accessMode": "rw", "required": true,
              "dataType": { "type": "enum", "specs": { "enumParam": [{ "text": "quiet", "value": 0 }, { "text": "turbo", "value": 1 }, { "text": "", "value": null }] } } },
            { "identifier": "position", "name": "Position", "accessMode": "r",
              "dataType": { "type": "struct", "specs": { "struct": [
                  { "identifier": "x", "name": "X", "dataType": { "type": "int", "specs": { "unit": "cm", "unitName": "?" } } },
                  { "identifier": "y", "name": "Y", "dataType": { "type": "int", "specs": { "unit": "cm" } } } ] } } },
            { "identifier": "rooms", "name": "Rooms cleaned", "accessMode": "r",
              "dataType": { "type": "array", "specs": { "size": 32, "arrDataType": { "type": "string", "specs": { "length": 32 } } } } }
        ],
        "events": [{ "identifier": "stuck", "name": "Stuck", "eventType": "fault" }],
        "services": [{ "identifier": "start", "name": "Start cleaning", "callType": "async",
                       "inputData": [{ "identifier": "power", "name": "Power", "dataType": { "type": "bool" } }] }]
    })
}

#[tokio::test]
async fn a_template_is_published_edited_into_a_new_version_and_compared() {
    let (host, admin) = product_host().await;
    let category_id = category(&host, &admin, "Robots", "").await["id"].as_str().expect("id").to_string();
    host.post("/product-service/units", &admin, json!({ "symbol": "cm", "name": "Centimetre" })).await.ok();
    let template = |content: Value| {
        json!({ "name": "Robot vacuum", "versionName": "1.0.0", "description": "Robot vacuums", "remark": "first",
                "developmentMethod": "custom", "transportProtocol": "mqtt", "categoryId": category_id,
                "cleaningExpiryDays": 180, "content": content })
    };

    let mut unsaved_array = thing_model();
    unsaved_array["properties"][2]["dataType"]["specs"] = json!({});
    let refused = host.post("/product-service/templates", &admin, template(unsaved_array)).await;
    assert_eq!(refused.code(), 400);
    assert_eq!(refused.msg(), "Please save the array information.");
    let mut no_length = thing_model();
    no_length["properties"][2]["dataType"]["specs"]["arrDataType"]["specs"] = json!({ "length": 0 });
    let refused = host.post("/product-service/templates", &admin, template(no_length)).await;
    assert_eq!(refused.data()["field"], "properties.2.dataType.specs.arrDataType.dataType.specs.length");
    let mut bad_expiry = template(thing_model());
    bad_expiry["cleaningExpiryDays"] = json!(30);
    assert_eq!(host.post("/product-service/templates", &admin, bad_expiry).await.data()["field"], "cleaningExpiryDays");

    let first = host.post("/product-service/templates", &admin, template(thing_model())).await.ok().clone();
    let first_id = first["id"].as_str().expect("id").to_string();
    assert_eq!(
        (first["templateKey"].as_str(), first["status"].as_str()),
        (Some(first_id.as_str()), Some("configuring"))
    );
    let mode = &first["properties"];
    assert!(mode.is_null(), "the thing model is under content");
    assert_eq!(first["content"]["properties"][0]["dataType"]["specs"]["enumParam"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        first["content"]["properties"][1]["dataType"]["specs"]["struct"][0]["dataType"]["specs"]["unitName"],
        "Centimetre"
    );
    assert_eq!(
        first["content"]["services"][0]["inputData"][0]["dataType"]["specs"],
        json!({ "falseValue": 1, "trueValue": 0 })
    );

    // A consumable of the category names the template from its form's own choices (the
    // category's first); an unknown template is refused by its field.
    let choices = host.get(&format!("/product-service/consumable-templates?categoryId={category_id}"), &admin).await;
    assert_eq!(choices.ok()[0], json!({ "id": first_id, "name": "Robot vacuum" }));
    let consumable = |template: &str| {
        json!({ "categoryId": category_id, "identifier": "reservedFilter", "name": "Filter", "lifetimeHours": 150,
                "templateId": template })
    };
    let unknown = host.post("/product-service/consumables", &admin, consumable("no-such-template")).await;
    assert_eq!((unknown.code(), unknown.data()["field"].as_str()), (400, Some("templateId")));
    let named = host.post("/product-service/consumables", &admin, consumable(&first_id)).await;
    assert_eq!(named.ok()["templateId"], first_id.as_str());

    let publish = format!("/product-service/templates/{first_id}/publish");
    assert_eq!(host.post(&publish, &admin, json!({})).await.ok()["status"], "published");
    assert_eq!(host.post(&publish, &admin, json!({})).await.code(), 409, "published once");

    // Editing the published version begins version 2; version 1 stays as it was.
    let mut changed = thing_model();
    changed["properties"][0]["name"] = json!("Cleaning mode");
    changed["events"] = json!([]);
    changed["properties"]
        .as_array_mut()
        .expect("list")
        .push(json!({ "identifier": "battery", "name": "Battery", "accessMode": "r",
        "dataType": { "type": "int", "specs": { "unit": "cm", "min": 0, "max": 100 } } }));
    let first_path = format!("/product-service/templates/{first_id}");
    let second = send(&host, &admin, Method::PUT, &first_path, template(changed.clone())).await.ok().clone();
    let second_id = second["id"].as_str().expect("id").to_string();
    assert_ne!(second_id, first_id);
    assert_eq!((second["versionNo"].as_i64(), second["status"].as_str()), (Some(2), Some("configuring")));
    let listed = host.get("/product-service/templates", &admin).await;
    assert_eq!(listed.ok()["total"], 1, "the list shows each template once");
    assert_eq!(listed.ok()["list"][0]["id"], second_id.as_str());
    let versions = host.get(&format!("/product-service/templates/{first_id}/versions"), &admin).await;
    assert_eq!(versions.ok().as_array().map(Vec::len), Some(2));
    let old = host.get(&format!("/product-service/templates/{first_id}"), &admin).await;
    assert_eq!(old.ok()["content"]["properties"][0]["name"], "Mode", "a published version never changes");
    let again = send(&host, &admin, Method::PUT, &first_path, template(changed)).await;
    assert_eq!(again.code(), 409, "only the newest version is edited");

    let comparison =
        host.get(&format!("/product-service/template-comparison?from={first_id}&to={second_id}"), &admin).await;
    assert_eq!(comparison.ok()["added"], json!(["property:battery"]));
    assert_eq!(comparison.ok()["removed"], json!(["event:stuck"]));
    assert_eq!(comparison.ok()["changed"], json!(["property:mode"]));

    let confirm = json!({ "confirmName": "Robot vacuum" });
    assert_eq!(
        send(&host, &admin, Method::DELETE, &first_path, confirm.clone()).await.code(),
        409,
        "a published version stays"
    );
    let second_path = format!("/product-service/templates/{second_id}");
    assert_eq!(send(&host, &admin, Method::DELETE, &second_path, confirm).await.code(), 200);
    let listed = host.get("/product-service/templates", &admin).await;
    assert_eq!(listed.ok()["list"][0]["id"], first_id.as_str(), "version 1 is the newest again");
}

#[tokio::test]
async fn a_thing_model_is_imported_from_alibaba_tsl_into_a_draft_and_exported() {
    let (host, admin) = product_host().await;
    let category_id = category(&host, &admin, "Purifiers", "").await["id"].as_str().expect("id").to_string();
    let body = json!({ "name": "Air purifier", "versionName": "1.0", "description": "Purifiers", "remark": "imported",
        "developmentMethod": "custom", "transportProtocol": "mqtt", "categoryId": category_id, "cleaningExpiryDays": 90,
        "content": { "properties": [], "events": [], "services": [] } });
    let draft = host.post("/product-service/templates", &admin, body).await.ok().clone();
    let id = draft["id"].as_str().expect("id").to_string();
    let tsl = json!({
        "schema": "https://iotx-tsl.oss-ap-southeast-1.aliyuncs.com/schema.json",
        "properties": [{ "identifier": "PM25", "name": "PM2.5", "accessMode": "r", "required": true,
            "dataType": { "type": "int", "specs": { "min": "0", "max": "1000", "unit": "μg/m³", "unitName": "Microgram per cubic metre", "step": "1" } } }],
        "events": [{ "identifier": "post", "name": "post", "type": "info", "outputData": [] }],
        "services": [{ "identifier": "set", "name": "set", "callType": "async", "inputData": [], "outputData": [] }]
    });
    let imported = host
        .post(&format!("/product-service/templates/{id}/import"), &admin, json!({ "document": tsl.to_string() }))
        .await;
    assert_eq!(imported.ok()["unitsAdded"], json!(["μg/m³"]));
    let content = &imported.ok()["template"]["content"];
    assert_eq!(content["properties"][0]["dataType"]["specs"]["max"], 1000.0);
    assert_eq!(
        (content["events"].as_array().map(Vec::len), content["services"].as_array().map(Vec::len)),
        (Some(0), Some(0))
    );
    let units = host.get("/product-service/units?symbol=μg", &admin).await;
    assert_eq!(units.ok()["total"], 1, "the unit joined the list");

    let broken = host
        .post(&format!("/product-service/templates/{id}/import"), &admin, json!({ "document": "{\"properties\": 7" }))
        .await;
    assert_eq!((broken.code(), broken.data()["field"].as_str()), (400, Some("document")));

    let exported = host.get(&format!("/product-service/templates/{id}/export"), &admin).await;
    assert_eq!(exported.ok()["fileName"], "Air-purifier-1.0.json");
    assert_eq!(exported.ok()["document"]["format"], "device-console/thing-model");
    assert_eq!(&exported.ok()["document"]["properties"], &content["properties"]);

    host.post(&format!("/product-service/templates/{id}/publish"), &admin, json!({})).await.ok();
    let refused = host
        .post(&format!("/product-service/templates/{id}/import"), &admin, json!({ "document": tsl.to_string() }))
        .await;
    assert_eq!(refused.code(), 409, "a published version is never replaced");
}

#[tokio::test]
async fn a_product_is_built_on_a_published_template_with_its_guide_pictures_read_from_the_files() {
    let (host, admin) = product_host().await;
    let category_id = category(&host, &admin, "Vacuums", "").await["id"].as_str().expect("id").to_string();
    let body = json!({ "name": "Vacuum", "versionName": "1", "description": "d", "remark": "r", "developmentMethod": "custom",
        "transportProtocol": "mqtt", "categoryId": category_id, "cleaningExpiryDays": 90,
        "content": { "properties": [{ "identifier": "power", "name": "Power", "accessMode": "rw", "dataType": { "type": "bool" } }] } });
    let template_id =
        host.post("/product-service/templates", &admin, body).await.ok()["id"].as_str().expect("id").to_string();
    let product = |pairing: &str| {
        json!({ "name": "RV20", "templateId": template_id, "connection": "wifi", "hotspotPrefix": "RV-AP", "regions": ["europe"],
                "pairingGuide": { "title": "Pair", "picture": pairing, "steps": ["Hold the button for 3 s"] } })
    };
    let upload = |bytes: Vec<u8>| {
        let host = &host;
        let admin = admin.clone();
        async move {
            let answer = host.upload(&admin, "product-service", "product-picture", "guide.png", &bytes).await;
            answer["data"]["uploadId"].as_str().unwrap_or_else(|| panic!("uploaded: {answer}")).to_string()
        }
    };
    let draft_template =
        host.post("/product-service/products", &admin, product(&upload(png(480, 480, true)).await)).await;
    assert_eq!(draft_template.data()["field"], "templateId", "a template that is not published is refused");
    host.post(&format!("/product-service/templates/{template_id}/publish"), &admin, json!({})).await.ok();

    let opaque = host.post("/product-service/products", &admin, product(&upload(png(480, 480, false)).await)).await;
    assert_eq!(opaque.data()["field"], "pairingGuide.picture");
    assert!(opaque.msg().contains("a transparent PNG image of 480×480 px, at most 100 KB"), "{}", opaque.msg());
    let created = host.post("/product-service/products", &admin, product(&upload(png(480, 480, true)).await)).await;
    assert_eq!(created.ok()["pairingGuide"]["steps"], json!(["Hold the button for 3 s"]));
    assert_eq!(created.ok()["productKey"].as_str().map(str::len), Some(11));
    let listed = host.get("/product-service/products", &admin).await;
    assert_eq!(listed.ok()["total"], 1);
}

#[tokio::test]
async fn a_status_application_is_approved_by_another_user_in_the_process_centre() {
    let (host, admin) = product_host().await;
    let tenant = host.create_tenant(&admin, "Robotics", 61).await.to_string();
    let engineer_actions = [
        "product:category:add",
        "product:template:add",
        "product:template:publish",
        "product:product:add",
        "product:product:view",
        "product:audit:apply",
        "product:audit:view",
    ];
    let engineer_role = host.create_role(&admin, &tenant, "Engineer", "ordinary", &engineer_actions).await;
    let auditor_role =
        host.create_role(&admin, &tenant, "Auditor", "ordinary", &["product:audit:view", "product:audit:decide"]).await;
    host.create_account(&admin, &tenant, "engineer", &[engineer_role]).await;
    host.create_account(&admin, &tenant, "auditor", &[auditor_role]).await;
    let engineer = host.login("engineer", common::USER_PASSWORD).await;
    let auditor = host.login("auditor", common::USER_PASSWORD).await;

    let category_id = category(&host, &engineer, "Litter boxes", "").await["id"].as_str().expect("id").to_string();
    let body = json!({ "name": "Litter box", "versionName": "1", "description": "d", "remark": "r", "developmentMethod": "custom",
        "transportProtocol": "mqtt", "categoryId": category_id, "cleaningExpiryDays": 365,
        "content": { "events": [{ "identifier": "full", "name": "Bin full", "eventType": "alert" }] } });
    let template_id =
        host.post("/product-service/templates", &engineer, body).await.ok()["id"].as_str().expect("id").to_string();
    host.post(&format!("/product-service/templates/{template_id}/publish"), &engineer, json!({})).await.ok();
    let product = json!({ "name": "LB1", "templateId": template_id, "connection": "bluetooth", "bluetoothPrefix": "LB", "regions": ["asia"] });
    let product_id =
        host.post("/product-service/products", &engineer, product).await.ok()["id"].as_str().expect("id").to_string();

    let apply = format!("/product-service/products/{product_id}/status-applications");
    let applied = host.post(&apply, &engineer, json!({ "status": "development", "reason": "firmware ready" })).await;
    assert_eq!(applied.ok()["auditState"], "unmoderated");
    let again = host.post(&apply, &engineer, json!({ "status": "testing" })).await;
    assert_eq!((again.code(), again.msg()), (409, "Please wait for the audit."));
    let approval: i64 = applied.ok()["approvalId"].as_str().expect("id").parse().expect("a number");
    let by_engineer =
        host.post("/process-center/task/decide", &engineer, json!({ "id": approval, "approved": true })).await;
    assert_eq!(by_engineer.code(), 403, "the applicant cannot decide");

    let waiting = host.post("/process-center/task-waiting/list", &auditor, json!({})).await;
    let kind = waiting.ok()["list"][0]["kindName"].as_str().unwrap_or_default().to_string();
    assert!(kind.starts_with("Product status"), "named in the user's language: {kind}");
    host.post("/process-center/task/decide", &auditor, json!({ "id": approval, "approved": true })).await.ok();
    let product = host.get(&format!("/product-service/products/{product_id}"), &engineer).await;
    assert_eq!(product.ok()["status"], "development", "the approval moved the product");
    let listed = host.get("/product-service/status-applications?auditState=approved", &engineer).await;
    assert_eq!(listed.ok()["total"], 1);
    assert_eq!(
        listed.ok()["list"][0]["auditor"].as_str().map(|a| a.contains("auditor")),
        Some(true),
        "{}",
        listed.ok()
    );
    assert_eq!(
        host.get("/product-service/status-applications?auditState=unmoderated", &engineer).await.ok()["total"],
        0
    );
}

#[tokio::test]
async fn the_routes_for_other_plugins_are_not_reachable_over_http() {
    let (host, admin) = product_host().await;
    for path in [
        "/product-service/internal/products/1",
        "/product-service/internal/products/by-key/abc",
        "/product-service/internal/models/by-code/RV",
    ] {
        let answer = host.get(path, &admin).await;
        assert_eq!(answer.code(), 404, "{path}: {:?}", answer.body);
    }
}

#[tokio::test]
async fn an_sn_group_of_twenty_thousand_is_generated_in_one_call_and_an_overlap_keeps_nothing() {
    let (host, admin) = product_host().await;
    let model = json!({ "name": "RV20", "code": "RV-20", "aliasPrefix": "RV", "snSuffixDigits": 6 });
    let model_id =
        host.post("/product-service/models", &admin, model).await.ok()["id"].as_str().expect("id").to_string();
    host.post(&format!("/product-service/models/{model_id}/release"), &admin, json!({})).await.ok();
    let group = |start: u64, count: u32| json!({ "label": "Line 1", "modelId": model_id, "startNumber": start, "recordCount": count });
    let created = host.post("/product-service/sn-groups", &admin, group(1, 20_000)).await;
    assert_eq!(
        (created.ok()["firstSn"].as_str(), created.ok()["lastSn"].as_str()),
        (Some("RV000001"), Some("RV020000"))
    );
    assert!(created.ok().get("secret").is_none(), "the sealed secret is never answered");
    let found = host.get("/product-service/sns?sn=RV012345&mode=precise", &admin).await;
    assert_eq!((found.ok()["total"].as_u64(), found.ok()["list"][0]["activated"].as_bool()), (Some(1), Some(false)));

    let overlap = host.post("/product-service/sn-groups", &admin, group(19_990, 100)).await;
    // A refusal that names a field is code 400 in the envelope (the field is marked on the form).
    assert_eq!((overlap.code(), overlap.data()["field"].as_str()), (400, Some("startNumber")), "{:?}", overlap.body);
    assert!(overlap.msg().contains("RV019990 to RV020089"), "{}", overlap.msg());
    let all = host.get("/product-service/sns?pageSize=1", &admin).await;
    assert_eq!(all.ok()["total"], 20_000, "nothing of the overlapping group kept");
    let groups = host.get("/product-service/sn-groups", &admin).await;
    assert_eq!(groups.ok()["total"], 1, "nor the group itself");
    assert_eq!(host.get("/product-service/internal/sns/RV000001", &admin).await.code(), 404, "for plugins only");
}

async fn released_model(host: &TestHost, admin: &str, code: &str) -> String {
    let model = json!({ "name": code.replace('-', ""), "code": code, "aliasPrefix": "RV", "snSuffixDigits": 4 });
    let id = host.post("/product-service/models", admin, model).await.ok()["id"].as_str().expect("id").to_string();
    host.post(&format!("/product-service/models/{id}/release"), admin, json!({})).await.ok();
    id
}

fn sns(prefix: &str, count: usize) -> String {
    (1..=count).map(|i| format!("{prefix}-{i:03}\n")).collect()
}

#[tokio::test]
async fn sns_entered_one_per_line_need_the_risk_confirmed_above_ten_and_stop_at_twenty() {
    let (host, admin) = product_host().await;
    let model_id = released_model(&host, &admin, "RV-30").await;
    let entered = |lines: String, risk: bool| json!({ "label": "Service spares", "modelId": model_id, "sns": lines, "riskConfirmed": risk });
    let ten = host.post("/product-service/sn-groups/entered", &admin, entered(sns("SP", 10), false)).await;
    assert_eq!((ten.ok()["recordCount"].as_u64(), ten.ok()["source"].as_str()), (Some(10), Some("entered")));

    let eleven = host.post("/product-service/sn-groups/entered", &admin, entered(sns("EL", 11), false)).await;
    assert_eq!((eleven.code(), eleven.data()["field"].as_str()), (400, Some("sns")));
    assert_eq!(eleven.msg(), "The number has exceeded 10; confirm the risk to go on.");
    let confirmed = host.post("/product-service/sn-groups/entered", &admin, entered(sns("EL", 11), true)).await;
    assert_eq!(confirmed.ok()["recordCount"], 11);

    let twenty_one = host.post("/product-service/sn-groups/entered", &admin, entered(sns("TW", 21), true)).await;
    assert_eq!((twenty_one.code(), twenty_one.msg()), (400, "The number cannot be greater than 20."));
    let spaced = host.post("/product-service/sn-groups/entered", &admin, entered("OK-1\nNOT OK\n".into(), false)).await;
    assert!(spaced.code() == 400 && spaced.msg().starts_with("NOT OK: an SN is numbers"), "{}", spaced.msg());
    let again = host.post("/product-service/sn-groups/entered", &admin, entered("NEW-1\nSP-003\n".into(), false)).await;
    assert_eq!((again.code(), again.msg()), (400, "The SN SP-003 already exists."));

    let all = host.get("/product-service/sns?pageSize=1", &admin).await;
    assert_eq!(all.ok()["total"], 21, "only the accepted groups' SNs are stored");
}

pub fn read_workbook(file: &Value) -> Vec<Vec<String>> {
    use base64::Engine as _;
    use calamine::Reader as _;
    let bytes =
        base64::engine::general_purpose::STANDARD.decode(file["content"].as_str().expect("content")).expect("b64");
    let mut book: calamine::Xlsx<_> = calamine::Xlsx::new(std::io::Cursor::new(bytes)).expect("an xlsx workbook");
    let range = book.worksheet_range_at(0).expect("a sheet").expect("readable");
    range.rows().map(|row| row.iter().map(ToString::to_string).collect()).collect()
}

async fn upload_workbook(host: &TestHost, admin: &str, bytes: &[u8]) -> String {
    let answer = host.upload(admin, "product-service", "sn-excel", "sns.xlsx", bytes).await;
    answer["data"]["uploadId"].as_str().unwrap_or_else(|| panic!("uploaded: {answer}")).to_string()
}

#[tokio::test]
async fn an_sn_group_exported_to_excel_reads_back_and_imports_again() {
    use base64::Engine as _;
    let (host, admin) = product_host().await;
    let model_id = released_model(&host, &admin, "RV-40").await;
    let generated = host
        .post(
            "/product-service/sn-groups",
            &admin,
            json!({ "label": "Batch 7", "modelId": model_id, "recordCount": 30 }),
        )
        .await;
    let group_id = generated.ok()["id"].as_str().expect("id").to_string();

    let export = host
        .call(
            Method::GET,
            &format!("/product-service/sn-groups/{group_id}/export"),
            Some(&admin),
            &[("lang", "de")],
            None,
        )
        .await;
    assert_eq!(export.ok()["fileName"], "Batch_7-SN.xlsx");
    let rows = read_workbook(export.ok());
    assert_eq!(rows.len(), 31, "a title row and thirty SNs");
    assert_eq!(rows[0][..3], ["SN".to_string(), "Modellcode".into(), "Gruppe".into()]);
    assert_eq!((rows[1][0].as_str(), rows[30][0].as_str(), rows[1][1].as_str()), ("RV0001", "RV0030", "RV-40"));
    assert_eq!(rows[1][3], "nein", "not activated, in the caller's language");
    let bytes =
        base64::engine::general_purpose::STANDARD.decode(export.ok()["content"].as_str().unwrap_or("")).expect("b64");

    // The same SNs again: refused with the first row that exists, nothing kept.
    let import = |upload: String| json!({ "label": "Batch 7 again", "modelId": model_id, "uploadId": upload });
    let upload = upload_workbook(&host, &admin, &bytes).await;
    let refused = host.post("/product-service/sn-groups/import", &admin, import(upload)).await;
    assert_eq!(
        (refused.code(), refused.msg()),
        (400, "Data does not match, please re-enter (row 2: the SN RV0001 already exists).")
    );
    assert_eq!(host.get("/product-service/sn-groups", &admin).await.ok()["total"], 1);

    // Deleted (the label typed again), the group imports from its own export.
    let wrong = send(
        &host,
        &admin,
        Method::DELETE,
        &format!("/product-service/sn-groups/{group_id}"),
        json!({ "confirmName": "Batch" }),
    )
    .await;
    assert_eq!(wrong.code(), 400);
    let deleted = send(
        &host,
        &admin,
        Method::DELETE,
        &format!("/product-service/sn-groups/{group_id}"),
        json!({ "confirmName": "Batch 7" }),
    )
    .await;
    assert_eq!(deleted.ok()["deleted"], 30);
    let upload = upload_workbook(&host, &admin, &bytes).await;
    let imported = host.post("/product-service/sn-groups/import", &admin, import(upload)).await;
    assert_eq!(
        (imported.ok()["source"].as_str(), imported.ok()["recordCount"].as_u64(), imported.ok()["firstSn"].as_str()),
        (Some("imported"), Some(30), Some("RV0001"))
    );
    let new_id = imported.ok()["id"].as_str().expect("id");
    assert_eq!(host.get(&format!("/product-service/sns?groupId={new_id}&pageSize=1"), &admin).await.ok()["total"], 30);

    // Another model's workbook does not match.
    let other_id = released_model(&host, &admin, "TV-1").await;
    let upload = upload_workbook(&host, &admin, &bytes).await;
    let mismatch = host
        .post(
            "/product-service/sn-groups/import",
            &admin,
            json!({ "label": "TV", "modelId": other_id, "uploadId": upload }),
        )
        .await;
    assert_eq!(
        mismatch.msg(),
        "Data does not match, please re-enter (row 2: the model code RV-40 is not the chosen model's)."
    );

    // The import template has the titles only.
    let template = host.get("/product-service/sn-groups/import-template", &admin).await;
    assert_eq!(
        read_workbook(template.ok()),
        vec![vec![
            "SN".to_string(),
            "Model code".into(),
            "Group".into(),
            "Activated".into(),
            "Activated at (UTC)".into()
        ]]
    );

    // Cancelled, the group shows it; renamed, its SNs stay.
    let cancelled = host.post(&format!("/product-service/sn-groups/{new_id}/cancel"), &admin, json!({})).await;
    assert_eq!(cancelled.ok()["state"], "cancelled");
    let renamed = send(
        &host,
        &admin,
        Method::PUT,
        &format!("/product-service/sn-groups/{new_id}"),
        json!({ "label": "Returned batch" }),
    )
    .await;
    assert_eq!((renamed.ok()["label"].as_str(), renamed.ok()["consumed"].as_u64()), (Some("Returned batch"), Some(0)));
}

#[tokio::test]
async fn the_sn_query_page_and_the_sn_groups_page_have_their_own_rights() {
    let (host, admin) = product_host().await;
    let tenant = host.create_tenant(&admin, "Factory", 62).await.to_string();
    let role = host.create_role(&admin, &tenant, "Quality", "ordinary", &["product:sn:query"]).await;
    host.create_account(&admin, &tenant, "quality", &[role]).await;
    let quality = host.login("quality", common::USER_PASSWORD).await;
    assert_eq!(host.get("/product-service/sns", &quality).await.code(), 200);
    assert_eq!(host.get("/product-service/sn-query-models", &quality).await.code(), 200);
    for path in ["/product-service/sn-groups", "/product-service/sn-model-options"] {
        assert_eq!(host.get(path, &quality).await.code(), 403, "{path}");
    }
    let refused = host.post("/product-service/sn-groups/entered", &quality, json!({ "sns": "A-1" })).await;
    assert_eq!(refused.code(), 403);
}

#[tokio::test]
async fn a_model_relates_existing_enterprises_and_a_robot_type_one_only_once_confirmed() {
    let (host, admin) = product_host().await;
    let acme = host.create_tenant(&admin, "Acme", 71).await;
    let robots = host
        .post(
            "/authority-service/tenantInfo/add",
            &admin,
            json!({ "tenantName": "Lab bots", "fullName": "Lab bots Ltd", "abbrEn": "LABBOTS",
                    "creditCode": common::credit_code(72), "kind": "robot" }),
        )
        .await
        .ok()["id"]
        .as_i64()
        .expect("id");
    let bad_kind = host
        .post(
            "/authority-service/tenantInfo/add",
            &admin,
            json!({ "tenantName": "Odd", "fullName": "Odd Ltd", "abbrEn": "ODD", "creditCode": common::credit_code(73), "kind": "android" }),
        )
        .await;
    assert_eq!((bad_kind.code(), bad_kind.data()["field"].as_str()), (400, Some("kind")));
    let options = host.get("/authority-service/tenantInfo/list?pageSize=100", &admin).await;
    let robot_option = options.ok()["list"].as_array().expect("list").iter().find(|t| t["id"] == robots).cloned();
    assert_eq!(robot_option.map(|t| t["kind"].clone()), Some(json!("robot")));

    let model = |ids: Value, confirmed: bool| json!({ "name": "RV50", "code": "RV-50", "aliasPrefix": "RV", "snSuffixDigits": 6, "enterpriseIds": ids, "robotConfirmed": confirmed });
    let unknown = host.post("/product-service/models", &admin, model(json!([acme, 999]), false)).await;
    assert_eq!((unknown.code(), unknown.msg()), (400, "The enterprise 999 does not exist."));
    let warned = host.post("/product-service/models", &admin, model(json!([acme, robots]), false)).await;
    assert_eq!(warned.data()["field"], "enterpriseIds");
    assert!(warned.msg().starts_with("Lab bots is a robot-type enterprise"), "{}", warned.msg());
    let related = host.post("/product-service/models", &admin, model(json!([acme, robots]), true)).await;
    assert_eq!(related.ok()["enterpriseIds"], json!([acme, robots]));

    // A platform user acting for an enterprise still sees every enterprise.
    let acting = host
        .post_as(
            "/product-service/models",
            &admin,
            &acme.to_string(),
            json!({ "name": "RV52", "code": "RV-52",
            "aliasPrefix": "RV", "snSuffixDigits": 6, "enterpriseIds": [robots], "robotConfirmed": true }),
        )
        .await;
    assert_eq!(acting.ok()["enterpriseIds"], json!([robots]));

    // An enterprise's own user sees only their enterprise through the platform interface.
    let tenant = acme.to_string();
    let role =
        host.create_role(&admin, &tenant, "Models", "ordinary", &["product:model:view", "product:model:add"]).await;
    host.create_account(&admin, &tenant, "modeller", &[role]).await;
    let modeller = host.login("modeller", common::USER_PASSWORD).await;
    let own = host.post("/product-service/models", &modeller, model(json!([acme]), false)).await;
    assert_eq!(own.code(), 200, "{:?}", own.body);
    let other = host
        .post(
            "/product-service/models",
            &modeller,
            json!({ "name": "RV51", "code": "RV-51", "aliasPrefix": "RV", "snSuffixDigits": 6, "enterpriseIds": [robots] }),
        )
        .await;
    assert_eq!(other.msg(), format!("The enterprise {robots} does not exist."));
}

#[tokio::test]
async fn a_thing_model_imports_only_where_the_platform_has_its_languages() {
    let (host, admin) = product_host().await;
    let fans = category(&host, &admin, "Fans", "").await;
    let template = json!({ "name": "Fan", "versionName": "1", "description": "d", "remark": "r",
        "developmentMethod": "custom", "transportProtocol": "mqtt", "cleaningExpiryDays": 90, "categoryId": fans["id"],
        "content": { "properties": [{ "identifier": "speed", "name": "Speed", "accessMode": "rw",
            "dataType": { "type": "bool", "specs": {} } }] } });
    let id =
        host.post("/product-service/templates", &admin, template).await.ok()["id"].as_str().expect("id").to_string();
    let exported = host.get(&format!("/product-service/templates/{id}/export"), &admin).await;
    let mut document = exported.ok()["document"].clone();
    let languages = host.get("/authority-service/language/list", &admin).await;
    let list = languages.ok().get("list").unwrap_or(languages.ok());
    let codes: Vec<Value> = list.as_array().expect("languages").iter().map(|l| l["code"].clone()).collect();
    assert_eq!(document["languages"], json!(codes), "the platform's languages, in its order");

    let import = |document: &Value| json!({ "document": document.to_string() });
    let back = host.post(&format!("/product-service/templates/{id}/import"), &admin, import(&document)).await;
    assert_eq!(back.code(), 200, "{:?}", back.body);
    document["languages"] = json!(["zhCn", "en"]);
    let refused = host.post(&format!("/product-service/templates/{id}/import"), &admin, import(&document)).await;
    assert_eq!(refused.data()["field"], "document");
    assert!(
        refused.msg().starts_with("The thing model's languages (en, zhCn) do not match the platform's"),
        "{}",
        refused.msg()
    );

    // The guide screens: three until set; a document made for three imports only where it is three.
    document["languages"] = json!(codes);
    assert_eq!(document["guideScreens"], 3);
    assert_eq!(host.get("/product-service/guide-screens", &admin).await.ok()["screens"], 3);
    for wrong in [json!(0), json!(11), json!(2.5), json!("four")] {
        let answer = host.put("/product-service/guide-screens", &admin, json!({ "screens": wrong })).await;
        assert_eq!((answer.code(), answer.data()["field"].as_str()), (400, Some("screens")), "{wrong}");
    }
    host.put("/product-service/guide-screens", &admin, json!({ "screens": 4 })).await.ok();
    let refused = host.post(&format!("/product-service/templates/{id}/import"), &admin, import(&document)).await;
    assert_eq!(refused.data()["field"], "document");
    assert_eq!(
        refused.msg(),
        "The thing model was made for 3 guide screens and this platform has 4; change the number of guide screens first."
    );
    let exported = host.get(&format!("/product-service/templates/{id}/export"), &admin).await;
    assert_eq!(exported.ok()["document"]["guideScreens"], 4, "what it is made for now");
}

/// A product model, or an app's internal beta users, relate only products of their own
/// enterprise: another enterprise's product id was kept as a dangling link (the app-product form
/// already refused it).
#[tokio::test]
async fn models_and_beta_users_relate_only_products_of_their_own_enterprise() {
    let app = common::Install::plugin("app", "uses = [\"product-service\"]\nfiles = true");
    let fleet = common::fleet::fleet_with("RV-XT", 1, vec![app]).await;
    let (host, admin) = (&fleet.host, &fleet.admin);
    let tenant = host.create_tenant(admin, "Rival", 41).await.to_string();
    let role = host.create_role(admin, &tenant, "Rival admins", "administrator", &[]).await;
    host.create_account(admin, &tenant, "rival-admin", &[role]).await;
    let rival = host.login("rival-admin", common::USER_PASSWORD).await;
    let theirs = json!([fleet.product_id]);

    let model =
        json!({ "name": "RX1", "code": "RX-1", "aliasPrefix": "RX", "snSuffixDigits": 4, "productIds": theirs });
    let refused = host.post("/product-service/models", &rival, model.clone()).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("productIds")), "{:?}", refused.body);
    let beta = json!({ "usernames": "ann@example.com", "productIds": theirs });
    let refused = host.post("/app-service/beta-users", &rival, beta.clone()).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("productIds")), "{:?}", refused.body);
    assert_eq!(host.get("/app-service/beta-users", &rival).await.ok()["total"], 0, "nothing kept");

    // In the product's own enterprise both are taken.
    host.post("/product-service/models", admin, model).await.ok();
    host.post("/app-service/beta-users", admin, beta).await.ok();
}

/// A picture is uploaded with the right of the form it sits in: an editor who may not add
/// categories replaces a category's picture (before, the upload asked for *add*, and its 403
/// signed him out); a user who may only look uploads nothing.
#[tokio::test]
async fn an_editor_replaces_a_picture_without_the_right_to_add() {
    let (host, admin) = product_host().await;
    let created = category(&host, &admin, "Vacuums", "").await;
    let id = created["id"].as_str().expect("id").to_string();
    let editor_role = host
        .create_role(&admin, "ALL", "Editor", "ordinary", &["product:category:view", "product:category:edit"])
        .await;
    let viewer_role = host.create_role(&admin, "ALL", "Viewer", "ordinary", &["product:category:view"]).await;
    host.create_account(&admin, "ALL", "editor", &[editor_role]).await;
    host.create_account(&admin, "ALL", "viewer", &[viewer_role]).await;
    let editor = host.login("editor", common::USER_PASSWORD).await;
    let viewer = host.login("viewer", common::USER_PASSWORD).await;

    let bytes = png(168, 168, true);
    let refused = host.upload(&viewer, "product-service", "category-picture", "p.png", &bytes).await;
    assert_eq!(refused["code"], 403, "{refused}");
    let upload = picture(&host, &editor, &bytes).await;
    let body = json!({ "name": "Vacuums", "identifier": "vacuums", "region": "europe", "picture": upload });
    let edited =
        host.call(Method::PUT, &format!("/product-service/categories/{id}"), Some(&editor), &[], Some(body)).await;
    let url = edited.ok()["pictureUrl"].as_str().expect("a picture link").to_string();
    assert_ne!(Some(url.as_str()), created["pictureUrl"].as_str(), "a new picture");
    assert_eq!(host.fetch_url(&url).await, bytes);
    let add = json!({ "name": "Robots", "identifier": "robots", "region": "europe", "picture": "x" });
    assert_eq!(host.post("/product-service/categories", &editor, add).await.code(), 403, "adding is still not his");
}
