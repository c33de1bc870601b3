//! Tenant isolation: the tenant comes from the session; only platform users choose another.

mod common;

use common::{TestHost, USER_PASSWORD};
use serde_json::json;

const ROLES: &str = "/authority-service/role/list";

fn names(list: &serde_json::Value) -> Vec<String> {
    let mut names: Vec<String> =
        list["list"].as_array().expect("list").iter().filter_map(|r| r["name"].as_str().map(String::from)).collect();
    names.sort();
    names
}

struct TwoTenants {
    host: TestHost,
    admin: String,
    a: i64,
    b: i64,
    a_user: String,
}

async fn two_tenants() -> TwoTenants {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let a = host.create_tenant(&admin, "Alpha", 1).await;
    let b = host.create_tenant(&admin, "Beta", 2).await;
    let a_role = host.create_role(&admin, &a.to_string(), "alpha ops", "administrator", &[]).await;
    host.create_role(&admin, &b.to_string(), "beta ops", "administrator", &[]).await;
    host.create_account(&admin, &a.to_string(), "alice", &[a_role]).await;
    let a_user = host.login("alice", USER_PASSWORD).await;
    TwoTenants { host, admin, a, b, a_user }
}

#[tokio::test]
async fn a_tenant_user_naming_another_tenant_gets_403() {
    let t = two_tenants().await;
    let other = t.host.post_as(ROLES, &t.a_user, &t.b.to_string(), json!({})).await;
    assert_eq!((other.status, other.code()), (403, 403));
    assert_eq!(other.msg(), "You may not act for another enterprise.");
    assert_eq!(t.host.post_as(ROLES, &t.a_user, "ALL", json!({})).await.code(), 403);
    assert_eq!(t.host.post_as(ROLES, &t.a_user, "0", json!({})).await.code(), 403);

    let own = t.host.post_as(ROLES, &t.a_user, &t.a.to_string(), json!({})).await;
    assert_eq!(names(own.ok()), vec!["alpha ops"]);
    let implicit = t.host.post(ROLES, &t.a_user, json!({})).await;
    assert_eq!(names(implicit.ok()), vec!["alpha ops"], "no header: the user's own tenant");
}

#[tokio::test]
async fn a_tenant_user_cannot_touch_another_tenants_rows_by_id() {
    let t = two_tenants().await;
    let beta_roles = t.host.post_as(ROLES, &t.admin, &t.b.to_string(), json!({})).await;
    let beta_role = beta_roles.ok()["list"][0]["id"].as_i64().expect("id");
    let update = json!({ "id": beta_role, "name": "hijacked", "roleType": "ordinary" });
    assert_eq!(t.host.post("/authority-service/role/update", &t.a_user, update).await.code(), 404);
    let delete = json!({ "id": beta_role, "confirmName": "beta ops" });
    assert_eq!(t.host.post("/authority-service/role/delete", &t.a_user, delete).await.code(), 404);
    let after = t.host.post_as(ROLES, &t.admin, &t.b.to_string(), json!({})).await;
    assert_eq!(names(after.ok()), vec!["beta ops"], "untouched");

    let selector = t.host.get("/authority-service/tenantInfo/list", &t.a_user).await;
    let tenants: Vec<_> =
        selector.ok()["list"].as_array().expect("list").iter().map(|t| t["tenantName"].clone()).collect();
    assert_eq!(tenants, vec![json!("Alpha")], "a tenant user sees only their enterprise");
}

#[tokio::test]
async fn a_platform_user_acts_for_one_tenant_or_all() {
    let t = two_tenants().await;
    let alpha = t.host.post_as(ROLES, &t.admin, &t.a.to_string(), json!({})).await;
    assert_eq!(names(alpha.ok()), vec!["alpha ops"]);
    let beta = t.host.post_as(ROLES, &t.admin, &t.b.to_string(), json!({})).await;
    assert_eq!(names(beta.ok()), vec!["beta ops"]);
    for all in ["ALL", "0"] {
        let everything = t.host.post_as(ROLES, &t.admin, all, json!({})).await;
        assert_eq!(names(everything.ok()), vec!["alpha ops", "beta ops", "平台管理员"]);
    }
    let unknown = t.host.post_as(ROLES, &t.admin, "999", json!({})).await;
    assert_eq!((unknown.code(), unknown.data()["field"].as_str()), (400, Some("tenantId")));

    let created = t
        .host
        .post_as(
            "/authority-service/role/add",
            &t.admin,
            &t.b.to_string(),
            json!({ "name": "beta qa", "roleType": "ordinary" }),
        )
        .await;
    created.ok();
    let beta = t.host.post_as(ROLES, &t.admin, &t.b.to_string(), json!({})).await;
    assert_eq!(names(beta.ok()), vec!["beta ops", "beta qa"], "created in the chosen tenant");
    let selector = t.host.get("/authority-service/tenantInfo/list", &t.admin).await;
    assert_eq!(selector.ok()["total"], 2);
}

#[tokio::test]
async fn logs_are_scoped_to_the_tenant() {
    let t = two_tenants().await;
    t.host
        .post("/authority-service/role/add", &t.a_user, json!({ "name": "alpha qa", "roleType": "ordinary" }))
        .await
        .ok();
    let records = t.host.post("/authority-service/authority/operateRecord/list", &t.a_user, json!({})).await;
    let rows = records.ok()["list"].as_array().expect("rows").clone();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r["tenantId"] == t.a), "only Alpha's records: {rows:?}");
    let logins = t.host.post("/authority-service/authority/list", &t.a_user, json!({})).await;
    let rows = logins.ok()["list"].as_array().expect("rows").clone();
    assert!(rows.iter().all(|r| r["tenantId"] == t.a) && rows.iter().all(|r| r["username"] == "alice"), "{rows:?}");
}
