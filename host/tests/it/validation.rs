//! The validation rules, enforced on the server: bad input gets a clear message in the
//! caller's language, a 4xx envelope (never a 500) and changes nothing.

use crate::common;

use common::{TestHost, credit_code};
use reqwest::Method;
use serde_json::{Value, json};

const ACCOUNTS: &str = "/authority-service/account/list";

async fn account_total(host: &TestHost, admin: &str) -> i64 {
    host.post(ACCOUNTS, admin, json!({})).await.ok()["total"].as_i64().expect("total")
}

fn account(password: &str, confirm: &str) -> Value {
    json!({ "userName": "ann", "name": "Ann", "accountType": "test", "phone": "+86-13800000000", "email": "ann@example.com", "password": password, "confirmPassword": confirm })
}

#[tokio::test]
async fn account_passwords_follow_the_policy_and_must_match() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let before = account_total(&host, &admin).await;
    for weak in ["abcdef", "123456", "abc123", "a1!", "abcdefghij12345!@#x", "abc 12!"] {
        let answer = host.post("/authority-service/account/add", &admin, account(weak, weak)).await;
        assert_eq!((answer.code(), answer.data()["field"].as_str()), (400, Some("password")), "{weak}");
        assert!(answer.msg().contains("6 to 18"), "{}", answer.msg());
    }
    let differ = host.post("/authority-service/account/add", &admin, account("abc12!", "abc12?")).await;
    assert_eq!((differ.code(), differ.msg()), (400, "The two passwords do not match."));
    assert_eq!(account_total(&host, &admin).await, before, "nothing was created");
    host.post("/authority-service/account/add", &admin, account("abc12!", "abc12!")).await.ok();
    assert_eq!(account_total(&host, &admin).await, before + 1);
}

#[tokio::test]
async fn required_fields_and_formats_name_the_field() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let cases = [
        (
            "/authority-service/tenantInfo/add",
            json!({ "fullName": "X", "abbrEn": "X", "creditCode": credit_code(1) }),
            "tenantName",
        ),
        (
            "/authority-service/tenantInfo/add",
            json!({ "tenantName": "X", "abbrEn": "X", "creditCode": credit_code(1) }),
            "fullName",
        ),
        (
            "/authority-service/tenantInfo/add",
            json!({ "tenantName": "X", "fullName": "X", "abbrEn": "X", "creditCode": "91350100M000100Y44" }),
            "creditCode",
        ),
        (
            "/authority-service/tenantInfo/add",
            json!({ "tenantName": "X".repeat(81), "fullName": "X", "abbrEn": "X", "creditCode": credit_code(1) }),
            "tenantName",
        ),
        ("/authority-service/role/add", json!({ "name": "r" }), "roleType"),
        ("/authority-service/role/add", json!({ "name": "r", "roleType": "superuser" }), "roleType"),
        ("/authority-service/department/add", json!({ "name": "Ops" }), "code"),
        (
            "/authority-service/account/add",
            json!({ "userName": "ann", "name": "Ann", "accountType": "test", "phone": "+86-13800000000", "email": "ann@", "password": "abc12!", "confirmPassword": "abc12!" }),
            "email",
        ),
        (
            "/authority-service/account/add",
            json!({ "userName": "ann", "name": "Ann", "accountType": "test", "phone": "call me", "email": "ann@example.com", "password": "abc12!", "confirmPassword": "abc12!" }),
            "phone",
        ),
        // An account's phone and e-mail are required.
        (
            "/authority-service/account/add",
            json!({ "userName": "ann", "name": "Ann", "accountType": "test", "email": "ann@example.com", "password": "abc12!", "confirmPassword": "abc12!" }),
            "phone",
        ),
        (
            "/authority-service/account/add",
            json!({ "userName": "ann", "name": "Ann", "accountType": "test", "phone": "+86-13800000000", "password": "abc12!", "confirmPassword": "abc12!" }),
            "email",
        ),
        (
            "/authority-service/menu/add",
            json!({ "menuId": 900, "name": "m", "menuType": "page", "sortWeight": 1, "routePath": "/m", "scope": "tenant" }),
            "icon",
        ),
        (
            "/authority-service/button/add",
            json!({ "menuId": 102, "buttonType": "add", "name": "b", "action": "x:y" }),
            "requestUrl",
        ),
    ];
    for (path, body, field) in cases {
        let answer = host.post(path, &admin, body).await;
        assert_eq!(answer.code(), 400, "{path}: {:?}", answer.body);
        assert_eq!(answer.data()["field"], field, "{path}: {:?}", answer.body);
        assert!(answer.msg().starts_with(field), "the message names the field: {}", answer.msg());
    }
    let zh = host
        .call(
            Method::POST,
            "/authority-service/role/add",
            Some(&admin),
            &[("lang", "zhCn")],
            Some(json!({ "roleType": "ordinary" })),
        )
        .await;
    assert_eq!(zh.msg(), "name：请填写必填信息");
    let roles = host.post("/authority-service/role/list", &admin, json!({})).await;
    assert_eq!(roles.ok()["total"], 1, "no role was created by the failed calls");
}

#[tokio::test]
async fn disable_time_cannot_be_earlier_than_now() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 3).await;
    let past = console_host::db::now_ms() - 60_000;
    let answer = host
        .post("/authority-service/tenantInfo/disable", &admin, json!({ "id": tenant, "disabledUntil": past }))
        .await;
    assert_eq!((answer.code(), answer.msg()), (400, "Disable time cannot be earlier than the current time."));
    let page = host.post("/authority-service/tenantInfo/page", &admin, json!({})).await;
    assert_eq!(page.ok()["list"][0]["disabled"], false, "still enabled");
}

#[tokio::test]
async fn unique_keys_are_refused_with_the_value() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let menu = json!({ "menuId": 1, "name": "dup", "menuType": "page", "sortWeight": 1, "routePath": "/dup", "icon": "X", "scope": "tenant" });
    let answer = host.post("/authority-service/menu/add", &admin, menu).await;
    assert_eq!((answer.code(), answer.data()["field"].as_str()), (400, Some("menuId")));
    assert!(answer.msg().contains("\"1\" already exists"), "{}", answer.msg());

    host.create_tenant(&admin, "Acme", 4).await;
    let same_name = json!({ "tenantName": "Acme", "fullName": "Other", "abbrEn": "O", "creditCode": credit_code(5) });
    assert_eq!(host.post("/authority-service/tenantInfo/add", &admin, same_name).await.data()["field"], "tenantName");
    let same_code = json!({ "tenantName": "Other", "fullName": "Other", "abbrEn": "O", "creditCode": credit_code(4) });
    assert_eq!(host.post("/authority-service/tenantInfo/add", &admin, same_code).await.data()["field"], "creditCode");
    let same_user = host.post("/authority-service/account/add", &admin, json!({ "userName": "ADMIN", "name": "x", "accountType": "test", "phone": "+86-13800000000", "email": "ann@example.com", "password": "abc12!", "confirmPassword": "abc12!" })).await;
    assert_eq!(same_user.data()["field"], "userName", "user names are unique regardless of case");
}

#[tokio::test]
async fn delete_needs_the_exact_name_typed_again() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 6).await;
    for typed in ["acme", "Acme ", ""] {
        let answer = host
            .post("/authority-service/tenantInfo/delete", &admin, json!({ "id": tenant, "confirmName": typed }))
            .await;
        assert_eq!((answer.code(), answer.msg()), (400, "The input does not match the name to delete."), "{typed:?}");
    }
    let zh = host
        .call(
            Method::POST,
            "/authority-service/tenantInfo/delete",
            Some(&admin),
            &[("lang", "zhCn")],
            Some(json!({ "id": tenant, "confirmName": "x" })),
        )
        .await;
    assert_eq!(zh.msg(), "输入的内容与要删除的名称不一致");
    assert_eq!(host.get("/authority-service/tenantInfo/list", &admin).await.ok()["total"], 1, "still there");
    host.post("/authority-service/tenantInfo/delete", &admin, json!({ "id": tenant, "confirmName": "Acme" }))
        .await
        .ok();
    assert_eq!(host.get("/authority-service/tenantInfo/list", &admin).await.ok()["total"], 0);

    let role = host.create_role(&admin, "ALL", "auditors", "ordinary", &[]).await;
    let wrong =
        host.post("/authority-service/role/delete", &admin, json!({ "id": role, "confirmName": "auditor" })).await;
    assert_eq!(wrong.code(), 400);
    host.post("/authority-service/role/delete", &admin, json!({ "id": role, "confirmName": "auditors" })).await.ok();
}

#[tokio::test]
async fn continents_are_fixed_and_regions_with_sub_regions_stay() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let continent = json!({ "parentId": 0, "regionEn": "Atlantis", "regionCh": "亚特兰蒂斯", "regionAbbrEn": "AT" });
    let answer = host.post("/region-service-admin/common/region/add", &admin, continent).await;
    assert_eq!((answer.code(), answer.msg()), (400, "No right to add or modify continents; parent ID cannot be 0."));
    let modify_asia = json!({ "id": 1, "parentId": 2, "regionEn": "Asia", "regionCh": "亚洲", "regionAbbrEn": "AS" });
    // Refused as a conflict: a 403 would sign the administrator out.
    assert_eq!(host.post("/region-service-admin/common/region/update", &admin, modify_asia).await.code(), 409);

    let province = json!({ "parentId": 8, "regionEn": "Fujian", "regionCh": "福建", "regionAbbrEn": "FJ" });
    let fujian =
        host.post("/region-service-admin/common/region/add", &admin, province).await.ok()["id"].as_i64().expect("id");
    let china = host
        .post("/region-service-admin/common/region/delete", &admin, json!({ "id": 8, "confirmName": "China" }))
        .await;
    assert_eq!(
        (china.code(), china.msg()),
        (409, "The current region has sub-regions and cannot be deleted directly.")
    );
    host.post("/region-service-admin/common/region/delete", &admin, json!({ "id": fujian, "confirmName": "Fujian" }))
        .await
        .ok();
    host.post("/region-service-admin/common/region/delete", &admin, json!({ "id": 8, "confirmName": "China" }))
        .await
        .ok();
}

#[tokio::test]
async fn region_list_filters_and_nests_children() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let all = host.get("/region-service-admin/common/region/listAll?page=1&pageSize=100", &admin).await;
    assert_eq!(all.ok()["total"], 7, "seven continents at the top");
    let found = host.get("/region-service-admin/common/region/listAll?regionAbbrEn=de", &admin).await;
    let data = found.ok();
    assert_eq!(data["total"], 1);
    assert_eq!(data["list"][0]["regionEn"], "Europe");
    let children = data["list"][0]["childList"].as_array().expect("children");
    assert_eq!(children.len(), 1);
    assert_eq!(children[0]["regionCh"], "德国");
    // The initials of the English and the Chinese name (its pinyin), for the lists' A-Z.
    assert_eq!((children[0]["initialEn"].as_str(), children[0]["initialCh"].as_str()), (Some("G"), Some("D")));
}

#[tokio::test]
async fn malformed_requests_get_a_clear_4xx_envelope_never_a_500() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let client = reqwest::Client::new();
    let url = format!("{}/authority-service/role/add", host.base);
    let send = |body: Vec<u8>, content_type: &'static str| {
        client
            .post(&url)
            .header("authorization", &admin)
            .header("lang", "en")
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let cases: Vec<(Vec<u8>, &str, i64, &str)> = vec![
        (b"{not json".to_vec(), "application/json", 400, "Malformed request"),
        (
            br#"{"name": 5, "roleType": "ordinary"}"#.to_vec(),
            "application/json",
            400,
            "name: wrong format, expected text.",
        ),
        (br#"[1,2]"#.to_vec(), "application/json", 400, "Malformed request"),
        (br#"{"name":"x"}"#.to_vec(), "text/plain", 400, "content-type"),
        (vec![b' '; 2 * 1024 * 1024], "application/json", 413, "too large"),
    ];
    for (body, content_type, code, needle) in cases {
        let res = send(body, content_type).await.expect("sent");
        let status = res.status().as_u16();
        let envelope: Value = res.json().await.expect("an envelope");
        assert_eq!(envelope["code"], code, "{envelope}");
        assert_eq!(status, u16::try_from(code).unwrap_or(0));
        assert!(envelope["msg"].as_str().unwrap_or("").contains(needle), "{envelope}");
    }
    let wrong_method =
        host.call(Method::GET, "/authority-service/role/add", Some(&admin), &[("lang", "en")], None).await;
    assert_eq!(wrong_method.code(), 405);
    let unknown = host.call(Method::GET, "/no/such/thing", Some(&admin), &[("lang", "en")], None).await;
    assert_eq!((unknown.code(), unknown.msg()), (404, "No such API."));
    let bad_page = host.post(ACCOUNTS, &admin, json!({ "page": 0 })).await;
    assert_eq!((bad_page.code(), bad_page.data()["field"].as_str()), (400, Some("page")));
    let bad_tenant = host.call(Method::POST, ACCOUNTS, Some(&admin), &[("tenantId", "abc")], Some(json!({}))).await;
    assert_eq!(bad_tenant.code(), 400);
    // A field of the wrong kind, in a body or a query string, is refused by its path and rule
    // in every language, never in serde's words.
    let wrong_kind = [
        (br#"{"name": 5, "roleType": "ordinary"}"#.to_vec(), "/authority-service/role/add", "name"),
        (br#"{"roleType": "ordinary"}"#.to_vec(), "/authority-service/role/add", "name"),
        (br#"{"name": "R", "roleType": "boss"}"#.to_vec(), "/authority-service/role/add", "roleType"),
        (br#"{"page": 1.5}"#.to_vec(), ACCOUNTS, "page"),
    ];
    for lang in ["zhCn", "en", "de", "es", "fr", "pt", "ru"] {
        for (body, path, field) in &wrong_kind {
            let res = client
                .post(format!("{}{path}", host.base))
                .header("authorization", &admin)
                .header("lang", lang)
                .header("content-type", "application/json")
                .body(body.clone())
                .send()
                .await
                .expect("sent");
            let envelope: Value = res.json().await.expect("an envelope");
            assert_eq!(
                (envelope["code"].as_i64(), envelope["data"]["field"].as_str()),
                (Some(400), Some(*field)),
                "{lang} {envelope}"
            );
            let msg = envelope["msg"].as_str().unwrap_or_default();
            assert!(msg.starts_with(field), "{lang}: {msg}");
            for serde_words in ["invalid type", "expected a string", "u32", "i64", "variant", "`", "line 1"] {
                assert!(!msg.contains(serde_words), "{lang}: {msg}");
            }
        }
        let query = host
            .call(
                Method::GET,
                "/region-service-admin/common/region/listAll?page=abc",
                Some(&admin),
                &[("lang", lang)],
                None,
            )
            .await;
        assert_eq!((query.code(), query.data()["field"].as_str()), (400, Some("page")), "{lang}");
        assert!(query.msg().starts_with("page") && !query.msg().contains("invalid digit"), "{lang}: {}", query.msg());
    }
}

#[tokio::test]
async fn departments_form_a_tree_without_cycles() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let add = |code: &str, parent: i64| json!({ "code": code, "name": code, "parentId": parent });
    let rd =
        host.post("/authority-service/department/add", &admin, add("RD", 0)).await.ok()["id"].as_i64().expect("id");
    let fw =
        host.post("/authority-service/department/add", &admin, add("FW", rd)).await.ok()["id"].as_i64().expect("id");
    let tree = host.post("/authority-service/department/tree", &admin, json!({})).await;
    let tree = tree.ok();
    assert_eq!(tree[0]["children"][0]["code"], "FW");
    assert_eq!(tree[0]["children"][0]["level"], 2);
    let cycle = host
        .post(
            "/authority-service/department/update",
            &admin,
            json!({ "id": rd, "code": "RD", "name": "RD", "parentId": fw }),
        )
        .await;
    assert_eq!((cycle.code(), cycle.data()["field"].as_str()), (400, Some("parentId")));
    let parent =
        host.post("/authority-service/department/delete", &admin, json!({ "id": rd, "confirmName": "RD" })).await;
    assert_eq!(parent.code(), 409, "a department with sub-departments stays");

    // Moving RD under a new top department shifts its whole subtree one level down.
    let hq =
        host.post("/authority-service/department/add", &admin, add("HQ", 0)).await.ok()["id"].as_i64().expect("id");
    let moved = json!({ "id": rd, "code": "RD", "name": "RD", "parentId": hq });
    host.post("/authority-service/department/update", &admin, moved).await.ok();
    let tree = host.post("/authority-service/department/tree", &admin, json!({})).await;
    let hq_node = tree.ok().as_array().expect("tree").iter().find(|d| d["code"] == "HQ").cloned().expect("HQ");
    assert_eq!(hq_node["children"][0]["level"], 2);
    assert_eq!(hq_node["children"][0]["children"][0]["code"], "FW");
    assert_eq!(hq_node["children"][0]["children"][0]["level"], 3, "descendants follow the move");
}

#[tokio::test]
async fn departments_have_a_role_and_accounts_a_corresponding_id() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let add = |role: &str| json!({ "code": format!("D{role}"), "name": "Lab", "parentId": 0, "departmentRole": role });
    let bad = host.post("/authority-service/department/add", &admin, add("marketing")).await;
    assert_eq!((bad.code(), bad.data()["field"].as_str()), (400, Some("departmentRole")));
    host.post("/authority-service/department/add", &admin, add("test")).await.ok();
    host.post("/authority-service/department/add", &admin, add("")).await.ok();
    let tree = host.post("/authority-service/department/tree", &admin, json!({})).await;
    let mut roles: Vec<&str> =
        tree.ok().as_array().unwrap().iter().map(|d| d["departmentRole"].as_str().unwrap()).collect();
    roles.sort_unstable();
    assert_eq!(roles, ["", "test"]);

    let account = |corresponding: &str| {
        json!({ "userName": "hr-linked", "name": "Linked", "accountType": "test", "phone": "+86-13800000000",
                "email": "staff@example.com", "roleIds": [], "password": "User#2026x", "confirmPassword": "User#2026x",
                "correspondingId": corresponding })
    };
    let long = host.post("/authority-service/account/add", &admin, account(&"9".repeat(65))).await;
    assert_eq!((long.code(), long.data()["field"].as_str()), (400, Some("correspondingId")));
    let id =
        host.post("/authority-service/account/add", &admin, account("HR-00042")).await.ok()["id"].as_i64().unwrap();
    let listed = host.post("/authority-service/account/list", &admin, json!({ "userName": "hr-linked" })).await;
    let row = listed.ok()["list"].as_array().unwrap().iter().find(|a| a["id"] == id).cloned().unwrap();
    assert_eq!(row["correspondingId"], "HR-00042");
}

/// The region rule "the server format must be correct": a service area's servers are kept only as
/// addresses an app or a device can be given, each refusal names the field and the format in the
/// caller's language, and a refused save keeps what was there.
#[tokio::test]
async fn service_area_servers_must_be_addresses_of_their_kind() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    const SERVERS: &str = "/sync-service/serviceAreaConfig/servers";
    let europe = europe_of(&host, &admin).await;
    assert_eq!((europe["apiServer"].as_str(), europe["mqttServer"].as_str()), (Some(""), Some("")), "not configured");
    let id = europe["id"].as_i64().expect("id");
    let good = json!({ "id": id, "apiServer": "https://eu.api.example.com", "mqttServer": "mqtts://eu.mqtt.example.com:8883" });
    host.post(SERVERS, &admin, good).await.ok();
    for (field, api_server, mqtt_server) in [
        ("apiServer", "eu.api.example.com", "mqtts://eu.mqtt.example.com:8883"),
        ("apiServer", "https://eu.api.example.com/v1", "mqtts://eu.mqtt.example.com:8883"),
        ("apiServer", "javascript://alert(1)", "mqtts://eu.mqtt.example.com:8883"),
        ("mqttServer", "https://eu.api.example.com", "mqtts://eu.mqtt.example.com"),
        ("mqttServer", "https://eu.api.example.com", "tcp://eu.mqtt.example.com:1883"),
    ] {
        let bad = json!({ "id": id, "apiServer": api_server, "mqttServer": mqtt_server });
        let answer = host.call(Method::POST, SERVERS, Some(&admin), &[("lang", "de")], Some(bad)).await;
        assert_eq!((answer.code(), answer.data()["field"].as_str()), (400, Some(field)), "{api_server} {mqtt_server}");
        assert!(answer.msg().contains("falsches Format, erwartet eine Adresse wie"), "{}", answer.msg());
    }
    let europe = europe_of(&host, &admin).await;
    assert_eq!(europe["apiServer"], "https://eu.api.example.com", "a refused save changed nothing");
    assert_eq!(europe["mqttServer"], "mqtts://eu.mqtt.example.com:8883");
    // Renaming the area (its own page) keeps its servers.
    let rename = json!({ "id": id, "areaCode": "europe", "areaName": "Europe (EU)", "defaultOpen": false });
    host.post("/sync-service/serviceAreaConfig/update", &admin, rename).await.ok();
    let europe = europe_of(&host, &admin).await;
    assert_eq!(
        (europe["areaName"].as_str(), europe["mqttServer"].as_str()),
        (Some("Europe (EU)"), Some("mqtts://eu.mqtt.example.com:8883"))
    );
}

async fn europe_of(host: &TestHost, admin: &str) -> Value {
    let areas = host.get("/sync-service/serviceAreaConfig/simpleList", admin).await;
    areas.ok().as_array().expect("areas").iter().find(|a| a["areaCode"] == "europe").expect("europe").clone()
}
