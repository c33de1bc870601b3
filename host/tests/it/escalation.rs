//! Privilege escalation, tried as an attacker would: a user with a few rights must not make himself
//! (or anyone) an administrator, take rights from those above him, or take over an account whose
//! rights exceed his own.

use crate::common;

use common::{ADMIN_PASSWORD, TestHost, USER_PASSWORD};
use serde_json::{Value, json};

/// How many button actions the signed-in user holds, from their own menu tree.
async fn action_count(host: &TestHost, token: &str) -> usize {
    fn count(nodes: &Value) -> usize {
        nodes.as_array().map_or(0, |list| {
            list.iter().map(|n| n["buttonVoList"].as_array().map_or(0, Vec::len) + count(&n["userMenuVoList"])).sum()
        })
    }
    let info = host.post("/authority-service/authority/getUserMenu", token, json!({})).await;
    count(&info.ok()["userMenuVoList"])
}

async fn role(host: &TestHost, token: &str, tenant: &str, id: i64) -> Value {
    host.post_as("/authority-service/role/detail", token, tenant, json!({ "id": id })).await.ok().clone()
}

fn role_update(id: i64, name: &str, role_type: &str) -> Value {
    json!({ "id": id, "name": name, "roleType": role_type })
}

#[tokio::test]
async fn a_role_editor_cannot_make_anyone_administrator_or_demote_one() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "acme", 1).await.to_string();
    let enterprise_admin_role = host.create_role(&admin, &tenant, "Enterprise admin", "administrator", &[]).await;
    host.create_account(&admin, &tenant, "boss", &[enterprise_admin_role]).await;
    // With the page's view: a page shows only to whoever may view it.
    let editor_role =
        host.create_role(&admin, &tenant, "Role editor", "ordinary", &["role:view", "role:edit", "role:add"]).await;
    let other_role = host.create_role(&admin, &tenant, "Support", "ordinary", &[]).await;
    host.create_account(&admin, &tenant, "mallory", &[editor_role]).await;
    let mallory = host.login("mallory", USER_PASSWORD).await;
    let boss = host.login("boss", USER_PASSWORD).await;
    let before = action_count(&host, &mallory).await;
    let boss_before = action_count(&host, &boss).await;
    assert_eq!(before, 3);
    assert!(boss_before > 20, "the enterprise administrator holds every tenant action");

    // Promote the role he holds, promote another role, create an administrator role.
    let own = host
        .post("/authority-service/role/update", &mallory, role_update(editor_role, "Role editor", "administrator"))
        .await;
    assert_eq!(own.code(), 400, "{:?}", own.body);
    let other = host
        .post("/authority-service/role/update", &mallory, role_update(other_role, "Support", "administrator"))
        .await;
    assert_eq!(other.code(), 400, "{:?}", other.body);
    assert_eq!(other.data()["field"], "roleType");
    let created = host
        .post("/authority-service/role/add", &mallory, json!({ "name": "Mine", "roleType": "administrator" }))
        .await;
    assert_eq!(created.code(), 400, "{:?}", created.body);
    // Demote the enterprise administrator's role; delete it is covered by role:delete below.
    let demote = host
        .post(
            "/authority-service/role/update",
            &mallory,
            role_update(enterprise_admin_role, "Enterprise admin", "ordinary"),
        )
        .await;
    assert_eq!(demote.code(), 400, "{:?}", demote.body);
    // Renaming the administrator role is a change to it too.
    let rename = host
        .post("/authority-service/role/update", &mallory, role_update(enterprise_admin_role, "Pwned", "administrator"))
        .await;
    assert_eq!(rename.code(), 400, "{:?}", rename.body);

    assert_eq!(action_count(&host, &mallory).await, before, "mallory gained nothing");
    assert_eq!(action_count(&host, &boss).await, boss_before, "the administrator lost nothing");
    assert_eq!(role(&host, &admin, &tenant, enterprise_admin_role).await["roleType"], "administrator");
    assert_eq!(role(&host, &admin, &tenant, enterprise_admin_role).await["name"], "Enterprise admin");
    assert_eq!(role(&host, &admin, &tenant, other_role).await["roleType"], "ordinary");

    // What he may do still works: rename an ordinary role he does not hold, add an ordinary one.
    host.post("/authority-service/role/update", &mallory, role_update(other_role, "Support desk", "ordinary"))
        .await
        .ok();
    host.post("/authority-service/role/add", &mallory, json!({ "name": "Helpers", "roleType": "ordinary" })).await.ok();

    // An administrator may promote and demote.
    host.post("/authority-service/role/update", &boss, role_update(other_role, "Support desk", "administrator"))
        .await
        .ok();
    host.post("/authority-service/role/update", &boss, role_update(other_role, "Support desk", "ordinary")).await.ok();
}

#[tokio::test]
async fn a_platform_role_editor_cannot_reach_everything() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let editor_role = host
        .create_role(&admin, "ALL", "Platform role editor", "ordinary", &["role:view", "role:edit", "role:add"])
        .await;
    host.create_account(&admin, "ALL", "eve", &[editor_role]).await;
    let eve = host.login("eve", USER_PASSWORD).await;
    let answer = host
        .post("/authority-service/role/update", &eve, role_update(editor_role, "Platform role editor", "administrator"))
        .await;
    assert_eq!(answer.code(), 400, "{:?}", answer.body);
    assert_eq!(action_count(&host, &eve).await, 3);
    let enterprises = host.post("/authority-service/tenantInfo/page", &eve, json!({})).await;
    assert_eq!(enterprises.code(), 403, "still no enterprise list");
}

#[tokio::test]
async fn grants_and_deletes_stay_within_the_callers_rights_and_off_his_own_roles() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "globex", 2).await.to_string();
    let granter =
        host.create_role(&admin, &tenant, "Granter", "ordinary", &["role:grant", "role:delete", "role:view"]).await;
    // A role holding an action the granter does not hold.
    let operators = host.create_role(&admin, &tenant, "Operators", "ordinary", &["account:add", "role:view"]).await;
    let admins = host.create_role(&admin, &tenant, "Admins", "administrator", &[]).await;
    host.create_account(&admin, &tenant, "gus", &[granter]).await;
    let gus = host.login("gus", USER_PASSWORD).await;
    let mine = host.button_ids(&admin, &["role:grant", "role:delete", "role:view", "account:edit"]).await;

    // He cannot widen the role he holds, even with actions he already has.
    let widen =
        host.post("/authority-service/role/grant", &gus, json!({ "id": granter, "buttonIds": mine[..2] })).await;
    assert_eq!(widen.code(), 400, "{:?}", widen.body);
    // He cannot take from a role an action he does not hold himself.
    let strip =
        host.post("/authority-service/role/grant", &gus, json!({ "id": operators, "buttonIds": [mine[2]] })).await;
    assert_eq!(strip.code(), 400, "{:?}", strip.body);
    let detail = role(&host, &admin, &tenant, operators).await;
    assert_eq!(detail["buttonIds"].as_array().map(Vec::len), Some(2), "account:add was kept");
    // Within his rights, grants work: add role:view alongside what is there.
    let keep: Vec<i64> =
        detail["buttonIds"].as_array().expect("ids").iter().filter_map(Value::as_i64).chain([mine[1]]).collect();
    host.post("/authority-service/role/grant", &gus, json!({ "id": operators, "buttonIds": keep })).await.ok();
    // Grants of an administrator role, and deleting one, need an administrator.
    let admin_grant = host.post("/authority-service/role/grant", &gus, json!({ "id": admins, "buttonIds": [] })).await;
    assert_eq!(admin_grant.code(), 400, "{:?}", admin_grant.body);
    let delete =
        host.post("/authority-service/role/delete", &gus, json!({ "id": admins, "confirmName": "Admins" })).await;
    assert_eq!(delete.code(), 400, "{:?}", delete.body);
    let own =
        host.post("/authority-service/role/delete", &gus, json!({ "id": granter, "confirmName": "Granter" })).await;
    assert_eq!(own.code(), 400, "{:?}", own.body);
    assert_eq!(role(&host, &admin, &tenant, admins).await["roleType"], "administrator");
}

#[tokio::test]
async fn account_actions_need_the_targets_rights_within_the_callers() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let actions = ["account:view", "account:reset-password", "account:edit", "account:disable", "account:delete"];
    let helpdesk_role = host.create_role(&admin, "ALL", "Helpdesk", "ordinary", &actions).await;
    let helpdesk_id = host.create_account(&admin, "ALL", "helpdesk", &[helpdesk_role]).await;
    let intern_role = host.create_role(&admin, "ALL", "Intern", "ordinary", &["account:view"]).await;
    let intern = host.create_account(&admin, "ALL", "intern", &[intern_role]).await;
    let lead_role = host.create_role(&admin, "ALL", "Lead", "ordinary", &["account:view", "role:add"]).await;
    let lead = host.create_account(&admin, "ALL", "lead", &[lead_role]).await;
    let helpdesk = host.login("helpdesk", USER_PASSWORD).await;
    let admin_id =
        host.post("/authority-service/account/list", &admin, json!({ "keyword": "admin" })).await.ok()["list"]
            .as_array()
            .and_then(|l| l.iter().find(|a| a["username"] == "admin"))
            .and_then(|a| a["id"].as_i64())
            .expect("admin id");
    let new_password = "Pwned#2026";
    let reset = |id: i64| json!({ "id": id, "password": new_password, "confirmPassword": new_password });

    for target in [admin_id, lead] {
        let answer = host.post("/authority-service/account/resetPassword", &helpdesk, reset(target)).await;
        assert_eq!(answer.code(), 400, "reset {target}: {:?}", answer.body);
        let edit = json!({ "id": target, "userName": if target == lead { "lead" } else { "admin" }, "name": "x",
                           "accountType": "operation", "phone": "+86-13800000000", "email": "staff@example.com", "roleIds": [] });
        let answer = host.post("/authority-service/account/update", &helpdesk, edit).await;
        assert_eq!(answer.code(), 400, "strip roles of {target}: {:?}", answer.body);
        let answer = host.post("/authority-service/account/disable", &helpdesk, json!({ "id": target })).await;
        assert_eq!(answer.code(), 400, "disable {target}: {:?}", answer.body);
        let name = if target == lead { "lead" } else { "admin" };
        let answer = host
            .post("/authority-service/account/delete", &helpdesk, json!({ "id": target, "confirmName": name }))
            .await;
        assert_eq!(answer.code(), 400, "delete {target}: {:?}", answer.body);
    }
    // Nothing happened to them.
    assert_eq!(host.try_login("admin", new_password).await.code(), 400);
    let admin_again = host.login("admin", ADMIN_PASSWORD).await;
    host.post(
        "/authority-service/role/add",
        &admin_again,
        json!({ "name": "Still admin", "roleType": "administrator" }),
    )
    .await
    .ok();
    host.login("lead", USER_PASSWORD).await;

    // Resetting one's own password goes through the old-password change only.
    let own = host.post("/authority-service/account/resetPassword", &helpdesk, reset(helpdesk_id)).await;
    assert_eq!(own.code(), 400, "{:?}", own.body);

    // Within his rights it works.
    host.post("/authority-service/account/resetPassword", &helpdesk, reset(intern)).await.ok();
    host.login("intern", new_password).await;
    host.post("/authority-service/account/disable", &helpdesk, json!({ "id": intern })).await.ok();
}

#[tokio::test]
async fn old_password_guesses_count_on_the_sign_in_throttle() {
    let host = TestHost::start_with(|c| c.login_max_failures = 3).await;
    let admin = host.admin().await;
    let role = host.create_role(&admin, "ALL", "Nobody", "ordinary", &[]).await;
    host.create_account(&admin, "ALL", "victim", &[role]).await;
    // A stolen session guesses the password behind it.
    let stolen = host.login("victim", USER_PASSWORD).await;
    let guess = |old: &str| json!({ "oldPassword": old, "password": "New#2026a", "confirmPassword": "New#2026a" });
    for attempt in 0..3 {
        let answer =
            host.post("/authority-service/authority/changePassword", &stolen, guess(&format!("Guess#{attempt}"))).await;
        assert_eq!(answer.code(), 400, "{:?}", answer.body);
    }
    // The account is locked now: even the right old password, and a sign-in, wait.
    let locked = host.post("/authority-service/authority/changePassword", &stolen, guess(USER_PASSWORD)).await;
    assert_eq!(locked.code(), 429, "{:?}", locked.body);
    assert_eq!(host.try_login("victim", USER_PASSWORD).await.code(), 429);
}
