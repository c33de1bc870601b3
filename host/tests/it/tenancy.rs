//! Tenant isolation: the tenant comes from the session; only platform users choose another.

use crate::common;

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
    assert_eq!(names(own.ok()), vec!["Enterprise administrator", "alpha ops"]);
    let implicit = t.host.post(ROLES, &t.a_user, json!({})).await;
    assert_eq!(names(implicit.ok()), vec!["Enterprise administrator", "alpha ops"], "no header: the user's own tenant");
}

#[tokio::test]
async fn a_tenant_user_cannot_touch_another_tenants_rows_by_id() {
    let t = two_tenants().await;
    let beta_roles = t.host.post_as(ROLES, &t.admin, &t.b.to_string(), json!({ "name": "beta ops" })).await;
    let beta_role = beta_roles.ok()["list"][0]["id"].as_i64().expect("id");
    let update = json!({ "id": beta_role, "name": "hijacked", "roleType": "ordinary" });
    assert_eq!(t.host.post("/authority-service/role/update", &t.a_user, update).await.code(), 404);
    let delete = json!({ "id": beta_role, "confirmName": "beta ops" });
    assert_eq!(t.host.post("/authority-service/role/delete", &t.a_user, delete).await.code(), 404);
    let after = t.host.post_as(ROLES, &t.admin, &t.b.to_string(), json!({})).await;
    assert_eq!(names(after.ok()), vec!["Enterprise administrator", "beta ops"], "untouched");

    let selector = t.host.get("/authority-service/tenantInfo/list", &t.a_user).await;
    let tenants: Vec<_> =
        selector.ok()["list"].as_array().expect("list").iter().map(|t| t["tenantName"].clone()).collect();
    assert_eq!(tenants, vec![json!("Alpha")], "a tenant user sees only their enterprise");
}

#[tokio::test]
async fn a_platform_user_acts_for_one_tenant_or_all() {
    let t = two_tenants().await;
    let alpha = t.host.post_as(ROLES, &t.admin, &t.a.to_string(), json!({})).await;
    assert_eq!(names(alpha.ok()), vec!["Enterprise administrator", "alpha ops"]);
    let beta = t.host.post_as(ROLES, &t.admin, &t.b.to_string(), json!({})).await;
    assert_eq!(names(beta.ok()), vec!["Enterprise administrator", "beta ops"]);
    for all in ["ALL", "0"] {
        let everything = t.host.post_as(ROLES, &t.admin, all, json!({})).await;
        let everything = names(everything.ok());
        assert_eq!(
            everything,
            vec!["Enterprise administrator", "Enterprise administrator", "alpha ops", "beta ops", "平台管理员"]
        );
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
    assert_eq!(
        names(beta.ok()),
        vec!["Enterprise administrator", "beta ops", "beta qa"],
        "created in the chosen tenant"
    );
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

/// Account names are an enterprise's own. Creating "alice" in one enterprise tells nothing about
/// another's alice (a globally unique name refused it, and so revealed her); each signs in as
/// `name@ABBREVIATION`, platform accounts by name.
#[tokio::test]
async fn an_account_name_in_another_enterprise_is_not_revealed() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let acme = host.create_tenant(&admin, "Acme", 1).await;
    let bolt = host.create_tenant(&admin, "Bolt", 2).await;
    let acme_admins = host.create_role(&admin, &acme.to_string(), "Acme admins", "administrator", &[]).await;
    host.create_account(&admin, &acme.to_string(), "alice", &[]).await;
    host.create_account(&admin, &acme.to_string(), "acme-admin", &[acme_admins]).await;
    let acme_admin = host.login("acme-admin", USER_PASSWORD).await;

    // Bolt's administrator makes an alice, and an admin: both accepted, nothing said of others.
    let bolt_admins = host.create_role(&admin, &bolt.to_string(), "Bolt admins", "administrator", &[]).await;
    host.create_account(&admin, &bolt.to_string(), "bolt-admin", &[bolt_admins]).await;
    let bolt_admin = host.login("bolt-admin", USER_PASSWORD).await;
    for name in ["alice", "ADMIN"] {
        let body = json!({
            "userName": name, "name": name, "accountType": "operation", "phone": "+86-13800000000", "email": "staff@example.com", "roleIds": [],
            "password": "Bolt#2026x", "confirmPassword": "Bolt#2026x",
        });
        let made = host.post("/authority-service/account/add", &bolt_admin, body.clone()).await;
        assert_eq!(made.code(), 200, "{name} in Bolt: {:?}", made.body);
        let again = host.post("/authority-service/account/add", &bolt_admin, body).await;
        assert_eq!(again.code(), 400, "a name is still unique within its enterprise");
        assert_eq!(again.data()["field"], "userName");
    }

    // Each alice signs in to her own enterprise; a bare name is a platform account's.
    let tenant_of = |answer: common::Answer| answer.ok()["tenantId"].as_i64();
    assert_eq!(tenant_of(host.try_login("alice@ACME", USER_PASSWORD).await), Some(acme));
    assert_eq!(tenant_of(host.try_login("alice@bolt", "Bolt#2026x").await), Some(bolt), "any case");
    assert_eq!(host.try_login("alice@BOLT", USER_PASSWORD).await.code(), 400, "Acme's password is not Bolt's");
    assert_eq!(host.try_login("alice", USER_PASSWORD).await.code(), 400, "no platform account alice");
    assert_eq!(tenant_of(host.try_login("admin", common::ADMIN_PASSWORD).await), Some(0), "the platform's admin");
    assert_eq!(tenant_of(host.try_login("ADMIN@BOLT", "Bolt#2026x").await), Some(bolt));
    assert_eq!(host.post("/authority-service/authority/getUserMenu", &acme_admin, json!({})).await.code(), 200);

    // One enterprise per abbreviation: it is part of every sign-in name.
    let admin = host.admin().await; // the sign-in above ended the earlier session
    let body = json!({ "tenantName": "Acme Two", "fullName": "Acme Two Ltd", "abbrEn": "acme", "creditCode": common::credit_code(3) });
    let taken = host.post("/authority-service/tenantInfo/add", &admin, body).await;
    assert_eq!((taken.code(), taken.data()["field"].as_str()), (400, Some("abbrEn")), "{:?}", taken.body);
}

#[tokio::test]
async fn a_role_shows_its_bound_users_to_its_own_enterprise_only() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let acme = host.create_tenant(&admin, "Acme", 61).await.to_string();
    let globex = host.create_tenant(&admin, "Globex", 62).await.to_string();
    let role = host.create_role(&admin, &acme, "Support", "ordinary", &["role:view"]).await;
    host.create_account(&admin, &acme, "zoe", &[role]).await;
    host.create_account(&admin, &acme, "adam", &[role]).await;
    host.create_account(&admin, &acme, "nobody", &[]).await;

    let listed = host.post_as("/authority-service/role/list", &admin, &acme, json!({ "name": "Support" })).await;
    assert_eq!(listed.ok()["list"][0]["boundUsers"], 2);
    let users = host.post_as("/authority-service/role/users", &admin, &acme, json!({ "id": role })).await;
    let names: Vec<&str> = users.ok().as_array().unwrap().iter().map(|u| u["username"].as_str().unwrap()).collect();
    assert_eq!(names, ["adam", "zoe"]);

    // From inside: an account of Acme with the role sees them; Globex's scope does not reach it.
    let zoe = host.login("zoe", USER_PASSWORD).await;
    assert_eq!(
        host.post("/authority-service/role/users", &zoe, json!({ "id": role })).await.ok().as_array().unwrap().len(),
        2
    );
    let elsewhere = host.post_as("/authority-service/role/users", &admin, &globex, json!({ "id": role })).await;
    assert_eq!(elsewhere.code(), 404);
}

/// A new enterprise comes with its administrator's role, named in its creator's language: an
/// account given it can manage the enterprise's roles at once.
#[tokio::test]
async fn a_new_enterprise_starts_with_an_administrator_role() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let acme = host.create_tenant(&admin, "Acme", 71).await.to_string();
    let roles = host.post_as(ROLES, &admin, &acme, json!({})).await;
    assert_eq!(roles.ok()["total"], 1);
    let role = &roles.ok()["list"][0];
    assert_eq!(
        (role["name"].as_str(), role["roleType"].as_str()),
        (Some("Enterprise administrator"), Some("administrator"))
    );
    let id = role["id"].as_i64().expect("id");
    host.create_account(&admin, &acme, "boss", &[id]).await;
    let boss = host.login("boss", USER_PASSWORD).await;
    assert_eq!(names(host.post(ROLES, &boss, json!({})).await.ok()), vec!["Enterprise administrator"]);
    let created =
        host.post("/authority-service/role/add", &boss, json!({ "name": "Support", "roleType": "ordinary" })).await;
    created.ok();
    // Nothing of the platform's: the enterprise list shows his enterprise alone.
    let seen = host.get("/authority-service/tenantInfo/list", &boss).await;
    assert_eq!(seen.ok()["total"], 1);
}

/// The system-configuration pages of the platform's own organisation, roles and accounts ask with
/// `tenantId: platform`: tenant 0 alone (not every enterprise, as `ALL` is), under actions of
/// their own. Holding an enterprise page's action does not reach the platform's records that way,
/// holding the platform page's does not reach an enterprise's, and an enterprise user cannot ask.
#[tokio::test]
async fn the_platforms_own_records_are_a_scope_of_their_own() {
    let t = two_tenants().await;
    let own = t.host.post_as(ROLES, &t.admin, "platform", json!({})).await;
    assert_eq!(names(own.ok()), vec!["平台管理员"], "the platform's roles only, no enterprise's");
    let made = t
        .host
        .post_as(
            "/authority-service/role/add",
            &t.admin,
            "platform",
            json!({ "name": "platform qa", "roleType": "ordinary" }),
        )
        .await;
    made.ok();
    assert_eq!(
        names(t.host.post_as(ROLES, &t.admin, "platform", json!({})).await.ok()),
        vec!["platform qa", "平台管理员"]
    );
    let alpha = t.host.post_as(ROLES, &t.admin, &t.a.to_string(), json!({})).await;
    assert_eq!(names(alpha.ok()), vec!["Enterprise administrator", "alpha ops"], "created for the platform, not Alpha");

    // A platform account holding the enterprise pages' role actions only, and one holding the
    // system-configuration page's only.
    let enterprise_pages =
        t.host.create_role(&t.admin, "ALL", "enterprise roles", "ordinary", &["role:view", "role:add"]).await;
    let platform_page = t
        .host
        .create_role(&t.admin, "ALL", "platform roles", "ordinary", &["platform-role:view", "platform-role:add"])
        .await;
    t.host.create_account(&t.admin, "ALL", "erin", &[enterprise_pages]).await;
    t.host.create_account(&t.admin, "ALL", "paul", &[platform_page]).await;
    let erin = t.host.login("erin", USER_PASSWORD).await;
    let paul = t.host.login("paul", USER_PASSWORD).await;
    assert_eq!(t.host.post_as(ROLES, &erin, &t.a.to_string(), json!({})).await.code(), 200);
    assert_eq!(t.host.post_as(ROLES, &erin, "platform", json!({})).await.code(), 403, "not the platform page's right");
    let erin = t.host.login("erin", USER_PASSWORD).await;
    assert_eq!(names(t.host.post_as(ROLES, &paul, "platform", json!({})).await.ok()).len(), 4);
    assert_eq!(
        t.host.post_as(ROLES, &paul, &t.a.to_string(), json!({})).await.code(),
        403,
        "not an enterprise page's right"
    );
    let paul = t.host.login("paul", USER_PASSWORD).await;
    let added = t
        .host
        .post_as("/authority-service/role/add", &paul, "platform", json!({ "name": "paul's", "roleType": "ordinary" }))
        .await;
    assert_eq!(added.code(), 200, "{:?}", added.body);
    // The operation record names the right used: the platform page's.
    let records = t.host.post("/authority-service/authority/operateRecord/list", &t.admin, json!({})).await;
    let rows = records.ok()["list"].as_array().expect("records").clone();
    let paul_added =
        rows.iter().find(|r| r["username"] == "paul" && r["path"].as_str().is_some_and(|p| p.ends_with("/role/add")));
    assert_eq!(paul_added.map(|r| r["action"].clone()), Some(json!("platform-role:add")), "{rows:?}");
    assert_eq!(
        t.host
            .post_as("/authority-service/role/delete", &paul, "platform", json!({ "id": 1, "confirmName": "x" }))
            .await
            .code(),
        403,
        "an action the platform page did not give"
    );
    assert_eq!(t.host.post_as(ROLES, &erin, "ALL", json!({})).await.code(), 200);

    // An enterprise user cannot ask for the platform's records.
    let asked = t.host.post_as(ROLES, &t.a_user, "platform", json!({})).await;
    assert_eq!((asked.status, asked.code()), (403, 403));
}
