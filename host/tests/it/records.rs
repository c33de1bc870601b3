//! Every write through the API lands in the operation records, with secrets masked.

use crate::common;

use common::TestHost;
use serde_json::json;

#[tokio::test]
async fn a_write_is_recorded_with_user_tenant_operation_ip_method_and_data() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 9).await;
    host.post_as("/authority-service/account/add", &admin, &tenant.to_string(), json!({
        "userName": "ann", "name": "Ann", "accountType": "test", "phone": "+86-13800000000", "email": "staff@example.com", "password": "Secret#1", "confirmPassword": "Secret#1"
    }))
    .await
    .ok();

    let records = host.post("/authority-service/authority/operateRecord/list", &admin, json!({})).await;
    let data = records.ok();
    assert_eq!(data["total"], 2, "the two writes, no reads: {data}");
    let latest = &data["list"][0];
    assert_eq!(latest["operation"], "Add an account");
    assert_eq!(latest["action"], "account:add");
    assert_eq!(latest["username"], "admin");
    assert_eq!(latest["tenantId"], tenant);
    assert_eq!(latest["method"], "POST");
    assert_eq!(latest["path"], "/authority-service/account/add");
    assert_eq!(latest["ip"], "127.0.0.1");
    assert_eq!(latest["resultCode"], 200);
    let stored = latest["requestData"].as_str().expect("data");
    assert!(stored.contains("\"userName\":\"ann\""), "{stored}");
    assert!(!stored.contains("Secret#1"), "passwords are masked: {stored}");

    let tenant_add = &data["list"][1];
    assert_eq!(
        (tenant_add["operation"].as_str(), tenant_add["tenantId"].as_i64()),
        (Some("Add an enterprise"), Some(0))
    );
}

#[tokio::test]
async fn refused_writes_are_recorded_with_their_code_and_searchable() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    host.post("/authority-service/role/add", &admin, json!({ "name": "" })).await;
    let records =
        host.post("/authority-service/authority/operateRecord/list", &admin, json!({ "keyword": "role" })).await;
    let data = records.ok();
    assert_eq!(data["total"], 1);
    assert_eq!(data["list"][0]["resultCode"], 400);
    let none =
        host.post("/authority-service/authority/operateRecord/list", &admin, json!({ "userName": "nobody" })).await;
    assert_eq!(none.ok()["total"], 0);
    let future = console_host::db::now_ms() + 60_000;
    let later =
        host.post("/authority-service/authority/operateRecord/list", &admin, json!({ "startTime": future })).await;
    assert_eq!(later.ok()["total"], 0);
}
