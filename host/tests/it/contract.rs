//! Contract 0.1.1 over HTTP with real components: plugins built for 0.1.0 still run, sealed
//! secrets open only in their own (tenant, plugin) scope, and device-facing routes are reached
//! only with a device key, for the key's tenant. Contract 0.1.5: `insert-many` keeps every
//! record or none.

use crate::common;

use common::{Install, TestHost, wasm};
use reqwest::Method;
use serde_json::{Value, json};

const PROBE: &str = "template = true\nevents = true\nfiles = true";

fn manifest(id: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/probe/plugin.toml"))
        .expect("probe manifest")
        .replace("id = \"probe\"", &format!("id = \"{id}\""))
        .replace("mount = \"probe\"", &format!("mount = \"{id}\""))
        .replace("menu_id = 9000", "menu_id = 9200")
        .replace("menu_id = 9001\nparent = 9000", "menu_id = 9201\nparent = 9200")
        .replace("probe:", &format!("{id}:"))
        // The probe is built for 0.1.10, calls the peer, takes uploads, searches and has a
        // socket; these tests are about older contracts.
        .replace("contract = \"0.1.10\"", "contract = \"0.1.1\"")
        .replace("search = true\n", "")
        .replace("uses = [\"peer\"]\n", "")
        .split("# uploads (0.1.4)")
        .enumerate()
        .map(|(i, part)| if i == 0 { part } else { part.split_once("# end uploads").map_or(part, |(_, rest)| rest) })
        .collect::<String>()
        .split("# live (0.1.10)")
        .enumerate()
        .map(|(i, part)| if i == 0 { part } else { part.split_once("# end live").map_or(part, |(_, rest)| rest) })
        .collect()
}

#[tokio::test]
async fn a_plugin_built_for_contract_0_1_0_links_and_runs() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("old.toml");
    let text = manifest("old").replace("contract = \"0.1.1\"", "contract = \"0.1.0\"").replace("secrets = true\n", "");
    std::fs::write(&path, text).expect("manifest");
    let old = Install {
        id: "old".into(),
        wasm: wasm("contract_0_1_0"),
        manifest: path,
        enabled_by_default: true,
        grants: String::new(),
        sha256: None,
        remote: None,
    };
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE), old], |_| {}).await;
    let admin = host.admin().await;
    let list = host.post("/plugin-admin/plugins/list", &admin, json!({})).await;
    let old = list.ok().as_array().expect("list").iter().find(|p| p["id"] == "old").cloned().expect("listed");
    assert_eq!(old["status"], "loaded", "{old}");
    let answer = host.post("/old/notes", &admin, json!({ "text": "from an old plugin" })).await;
    assert_eq!(answer.ok()["contract"], "0.1.0");
    assert!(!answer.ok()["id"].as_str().unwrap_or("").is_empty(), "its 0.1.0 store import works");

    // It cannot describe its routes (its SDK predates `DESCRIBE`): its operations are still in
    // the document, answering any JSON, beside the typed ones of newer plugins.
    let doc = host.call(Method::GET, "/openapi.json", None, &[], None).await.body;
    let data = &doc["paths"]["/api/old/notes"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]["properties"]
        ["data"];
    assert_eq!(data, &json!({}), "an old plugin's answer is any JSON");
}

#[tokio::test]
async fn a_manifest_asking_for_secrets_needs_contract_0_1_1() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("plugin.toml");
    std::fs::write(&path, manifest("early").replace("contract = \"0.1.1\"", "contract = \"0.1.0\"")).expect("write");
    let err = console_host::plugins::manifest::Manifest::load(&path).expect_err("refused").to_string();
    assert!(err.contains("capabilities.secrets") && err.contains("0.1.1"), "{err}");
}

#[tokio::test]
async fn a_manifest_using_other_plugins_needs_contract_0_1_3() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("plugin.toml");
    let text = manifest("early").replace("mount = \"early\"\n", "mount = \"early\"\nuses = [\"peer\"]\n");
    std::fs::write(&path, text).expect("write");
    let err = console_host::plugins::manifest::Manifest::load(&path).expect_err("refused").to_string();
    assert!(err.contains("uses") && err.contains("0.1.3"), "{err}");
}

#[tokio::test]
async fn sealed_secrets_open_only_for_their_tenant() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 11).await.to_string();
    let sealed = host.post_as("/probe/seal", &admin, &tenant, json!({ "plain": "app-certificate-0001" })).await;
    let sealed = sealed.ok()["sealed"].as_str().expect("sealed").to_string();
    assert!(sealed.starts_with("sealed:v1:") && !sealed.contains("certificate"), "{sealed}");

    let opened = host.post_as("/probe/open", &admin, &tenant, json!({ "sealed": sealed })).await;
    assert_eq!(opened.ok()["plain"], "app-certificate-0001");
    let elsewhere = host.post_as("/probe/open", &admin, "ALL", json!({ "sealed": sealed })).await;
    assert_eq!(elsewhere.code(), 400, "another tenant's key cannot open it: {:?}", elsewhere.body);
}

async fn device_call(host: &TestHost, path: &str, key: Option<&str>, body: Value) -> common::Answer {
    let auth = key.map(|k| format!("Device {k}"));
    host.call(Method::POST, path, auth.as_deref(), &[("lang", "en")], Some(body)).await
}

#[tokio::test]
async fn device_routes_need_a_device_key_and_run_for_its_tenant() {
    let host = TestHost::start_with_plugins(&[Install::pet(), Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 12).await;

    let issued = host
        .post(
            "/plugin-admin/device-keys/add",
            &admin,
            json!({ "pluginId": "probe", "tenantId": tenant, "name": "line 1" }),
        )
        .await;
    let key = issued.ok()["key"].as_str().expect("shown once").to_string();
    let again = host
        .post(
            "/plugin-admin/device-keys/add",
            &admin,
            json!({ "pluginId": "probe", "tenantId": tenant, "name": "line 1" }),
        )
        .await;
    assert_eq!((again.code(), again.data()["field"].as_str()), (400, Some("name")), "{:?}", again.body);

    let report = device_call(&host, "/device/probe/device/report", Some(&key), json!({ "sn": "SN1" })).await;
    assert_eq!(report.ok()["tenantId"], tenant, "the key's tenant, not one the device names");
    assert_eq!(report.ok()["device"], "line 1");

    assert_eq!(device_call(&host, "/device/probe/device/report", None, json!({})).await.code(), 401);
    assert_eq!(device_call(&host, "/device/probe/device/report", Some("dk_guess"), json!({})).await.code(), 401);
    let session_token = device_call(&host, "/device/probe/device/report", Some(&admin), json!({})).await;
    assert_eq!(session_token.code(), 401, "a console session is not a device key");
    assert_eq!(host.post("/probe/device/report", &admin, json!({})).await.code(), 404, "not a user route");
    assert_eq!(device_call(&host, "/device/probe/seal", Some(&key), json!({})).await.code(), 404, "not a device route");
    assert_eq!(
        device_call(&host, "/device/pet-service/breeds", Some(&key), json!({})).await.code(),
        404,
        "other plugin"
    );

    let listed =
        host.post("/plugin-admin/device-keys/list", &admin, json!({ "pluginId": "probe", "tenantId": tenant })).await;
    let listed = listed.ok().as_array().expect("keys").clone();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["keyHint"], &key[key.len() - 4..]);
    assert!(listed[0]["lastUsedAt"].is_i64() && !listed[0].to_string().contains(&key), "never shown again");

    let id = listed[0]["id"].clone();
    let wrong = host
        .post(
            "/plugin-admin/device-keys/delete",
            &admin,
            json!({ "tenantId": tenant, "id": id, "confirmName": "line" }),
        )
        .await;
    assert_eq!(wrong.code(), 400);
    host.post(
        "/plugin-admin/device-keys/delete",
        &admin,
        json!({ "tenantId": tenant, "id": id, "confirmName": "line 1" }),
    )
    .await
    .ok();
    assert_eq!(device_call(&host, "/device/probe/device/report", Some(&key), json!({})).await.code(), 401, "revoked");
}

#[tokio::test]
async fn a_manifest_declaring_uploads_needs_contract_0_1_4() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("plugin.toml");
    let text = manifest("early")
        + "\n[[uploads]]\npurpose = \"media\"\naction = \"early:write\"\nmax_mib = 20\nkinds = [\"image\"]\n";
    std::fs::write(&path, &text).expect("write");
    let err = console_host::plugins::manifest::Manifest::load(&path).expect_err("refused").to_string();
    assert!(err.contains("uploads") && err.contains("0.1.4"), "{err}");
    // On 0.1.4, a kind the host cannot tell is refused by name.
    let text = text.replace("contract = \"0.1.1\"", "contract = \"0.1.4\"").replace("[\"image\"]", "[\"hologram\"]");
    std::fs::write(&path, text).expect("write");
    let err = console_host::plugins::manifest::Manifest::load(&path).expect_err("refused").to_string();
    assert!(err.contains("uploads[0].kinds") && err.contains("hologram"), "{err}");
}

#[tokio::test]
async fn insert_many_keeps_every_record_or_none() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let names: Vec<String> = (0..2500).map(|n| format!("tag-{n}")).collect();
    let added = host.post("/probe/tags/many", &admin, json!({ "names": names })).await;
    let added = added.ok().as_array().expect("the records").clone();
    assert_eq!(added.len(), 2500, "across several statements");
    assert_eq!(added[0]["name"], "tag-0", "in the order given");
    assert_eq!(added[2499]["name"], "tag-2499");
    assert!(
        added.iter().all(|r| r["version"] == 1 && r["createdBy"].as_i64().is_some_and(|by| by > 0)),
        "{}",
        added[0]
    );

    let count = || {
        let host = &host;
        let admin = admin.clone();
        async move { host.get("/probe/tags", &admin).await.ok()["total"].as_u64() }
    };
    // A duplicate with what is stored, or within the batch, keeps none of the batch.
    for names in [json!(["fresh-1", "tag-7", "fresh-2"]), json!(["fresh-1", "fresh-2", "fresh-1"])] {
        let refused = host.post("/probe/tags/many", &admin, json!({ "names": names })).await;
        assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("name")), "{:?}", refused.body);
        assert_eq!(count().await, Some(2500), "nothing of {names} kept");
    }
    // A call that traps after it keeps nothing either (the call's transaction is rolled back).
    let trapped = host.post("/probe/tags/many", &admin, json!({ "names": ["late-1", "late-2"], "trap": true })).await;
    assert_eq!(trapped.code(), 500);
    assert_eq!(count().await, Some(2500));
    // More than one call may write is refused whole.
    let many: Vec<String> = (0..10_001).map(|n| format!("x{n}")).collect();
    assert_ne!(host.post("/probe/tags/many", &admin, json!({ "names": many })).await.code(), 200);
    assert_eq!(count().await, Some(2500));
    // Another enterprise's records are its own: the same names are free there.
    let tenant = host.create_tenant(&admin, "Tagged", 77).await.to_string();
    let theirs = host.post_as("/probe/tags/many", &admin, &tenant, json!({ "names": ["tag-0", "tag-1"] })).await;
    assert_eq!(theirs.ok().as_array().map(Vec::len), Some(2));

    // Contract 0.1.6: what a filter matches goes in one statement, this enterprise's only; no
    // filter at all deletes nothing.
    let unfiltered = host.call(Method::DELETE, "/probe/tags", Some(&admin), &[], None).await;
    assert_ne!(unfiltered.code(), 200, "{:?}", unfiltered.body);
    assert_eq!(count().await, Some(2500));
    let deleted = host.call(Method::DELETE, "/probe/tags?prefix=tag-1", Some(&admin), &[], None).await;
    assert_eq!(deleted.ok()["deleted"], 1111, "tag-1 and tag-10.. tag-1999");
    assert_eq!(count().await, Some(1389));
    let theirs = host.call(Method::GET, "/probe/tags", Some(&admin), &[("tenantId", &tenant)], None).await;
    assert_eq!(theirs.ok()["total"], 2, "another enterprise's tag-1 is still there");
}

/// Contract 0.1.20: `update-many` replaces every record in one statement a thousand, or none.
#[tokio::test]
async fn update_many_replaces_every_record_or_none() {
    let host = TestHost::start_with_plugins(&[Install::probe(PROBE)], |_| {}).await;
    let admin = host.admin().await;
    let names: Vec<String> = (0..1500).map(|n| format!("tag-{n}")).collect();
    let added = host.post("/probe/tags/many", &admin, json!({ "names": names })).await;
    let added = added.ok().as_array().expect("the records").clone();
    let names_now = || {
        let host = &host;
        let admin = admin.clone();
        async move {
            let page = host.get("/probe/tags", &admin).await.ok().clone();
            let mut names: Vec<String> = page["list"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|t| t["name"].as_str().map(String::from))
                .collect();
            names.sort();
            names
        }
    };
    let before = names_now().await;
    assert_eq!(before.len(), 1000, "the probe lists a page of a thousand");
    let rename = |suffix: &str, version: Option<i64>| -> Vec<Value> {
        added
            .iter()
            .map(|t| json!({ "id": t["id"], "name": format!("{}-{suffix}", t["name"].as_str().unwrap()), "version": version }))
            .collect()
    };

    // Across two statements, in the order given, each version one up.
    let renamed = host.post("/probe/tags/renames", &admin, json!({ "renames": rename("a", Some(1)) })).await;
    let renamed = renamed.ok().as_array().expect("the records").clone();
    assert_eq!(renamed.len(), 1500);
    assert_eq!((renamed[0]["name"].as_str(), renamed[1499]["name"].as_str()), (Some("tag-0-a"), Some("tag-1499-a")));
    assert!(renamed.iter().all(|t| t["version"] == 2), "{}", renamed[0]);
    let renamed_names = names_now().await;
    assert!(renamed_names.iter().all(|n| n.ends_with("-a")), "{:?}", &renamed_names[..3]);

    // A stale version (the last of the batch, in the second statement), a missing record, a
    // name another record holds, and a record named twice: none of the batch is written.
    let mut stale = rename("b", Some(2));
    stale[1499]["version"] = json!(1);
    let refused = host.post("/probe/tags/renames", &admin, json!({ "renames": stale })).await;
    assert_eq!(refused.code(), 409, "{:?}", refused.body);
    let mut missing = rename("b", None);
    missing[3]["id"] = json!("999999999");
    let refused = host.post("/probe/tags/renames", &admin, json!({ "renames": missing })).await;
    assert_eq!(refused.code(), 400, "{:?}", refused.body);
    let mut taken = rename("b", None);
    taken[5]["name"] = json!("tag-1200-a");
    let refused = host.post("/probe/tags/renames", &admin, json!({ "renames": taken })).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("name")), "{:?}", refused.body);
    let mut twice = rename("b", None);
    twice[7]["id"] = twice[8]["id"].clone();
    let refused = host.post("/probe/tags/renames", &admin, json!({ "renames": twice })).await;
    assert_eq!(refused.code(), 400, "{:?}", refused.body);
    assert_eq!(names_now().await, renamed_names, "nothing of a refused batch written");

    // Another enterprise cannot reach these records by their ids.
    let tenant = host.create_tenant(&admin, "Renamed", 78).await.to_string();
    let foreign = host.post_as("/probe/tags/renames", &admin, &tenant, json!({ "renames": rename("c", None) })).await;
    assert_eq!(foreign.code(), 400, "{:?}", foreign.body);
    assert_eq!(names_now().await, renamed_names);
}
