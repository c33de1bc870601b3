//! Sign-in, throttling, the session codes and the login log, over HTTP.

use crate::common;

use common::{ADMIN_PASSWORD, TestHost, USER_PASSWORD};
use reqwest::Method;
use serde_json::json;

const MENU: &str = "/authority-service/authority/getUserMenu";

#[tokio::test]
async fn login_succeeds_and_returns_user_info_with_menus() {
    let host = TestHost::start().await;
    let answer = host.try_login("admin", ADMIN_PASSWORD).await;
    let data = answer.ok();
    assert_eq!(data["userName"], "admin");
    assert_eq!(data["tenantId"], 0);
    assert_eq!(data["token"].as_str().map(str::len), Some(64));
    let groups = data["userMenuVoList"].as_array().expect("menu tree");
    let system = groups.iter().find(|m| m["id"] == "/system").expect("system group");
    let tenant_page = system["userMenuVoList"]
        .as_array()
        .expect("children")
        .iter()
        .find(|m| m["menuId"] == 101)
        .expect("tenant page");
    assert!(tenant_page["buttonVoList"].as_array().expect("buttons").iter().any(|b| b["action"] == "tenant:add"));

    let token = data["token"].as_str().expect("token");
    let menu = host.post(MENU, token, json!({})).await;
    assert_eq!(menu.ok()["userMenuVoList"], data["userMenuVoList"]);
}

#[tokio::test]
async fn wrong_password_is_refused_in_the_callers_language() {
    let host = TestHost::start().await;
    let answer = host.try_login("admin", "Wrong#123").await;
    assert_eq!(answer.code(), 400);
    assert_eq!(answer.msg(), "Wrong user name or password.");
    let unknown = host.try_login("nobody", "Wrong#123").await;
    assert_eq!(unknown.msg(), answer.msg(), "unknown user and wrong password look alike");

    let zh = host
        .call(
            Method::POST,
            "/authority-service/authority/login",
            None,
            &[("lang", "zhCn")],
            Some(json!({"userName": "admin", "password": "x"})),
        )
        .await;
    assert_eq!(zh.msg(), "用户名或密码错误");
}

#[tokio::test]
async fn five_failures_lock_the_account_even_for_the_right_password() {
    let host = TestHost::start().await;
    for _ in 0..5 {
        assert_eq!(host.try_login("admin", "Wrong#123").await.code(), 400);
    }
    let locked = host.try_login("admin", ADMIN_PASSWORD).await;
    assert_eq!(locked.code(), 429);
    assert!(locked.msg().contains("15 minutes"), "{}", locked.msg());
}

#[tokio::test]
async fn failures_from_one_address_lock_the_address() {
    let host = TestHost::start_with(|c| c.login_max_failures_per_ip = 3).await;
    for user in ["ann", "bob", "cid"] {
        assert_eq!(host.try_login(user, "Wrong#123").await.code(), 400);
    }
    assert_eq!(host.try_login("admin", ADMIN_PASSWORD).await.code(), 429, "address is locked for every account");
}

#[tokio::test]
async fn missing_or_unknown_token_is_401() {
    let host = TestHost::start().await;
    let none = host.call(Method::POST, MENU, None, &[], Some(json!({}))).await;
    assert_eq!((none.status, none.code()), (401, 401));
    let unknown = host.post(MENU, "0123456789abcdef", json!({})).await;
    assert_eq!(unknown.code(), 401);
}

#[tokio::test]
async fn expired_session_is_506() {
    let host = TestHost::start_with(|c| c.session_ttl_secs = 1).await;
    let token = host.admin().await;
    assert_eq!(host.post(MENU, &token, json!({})).await.code(), 200);
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_eq!(host.post(MENU, &token, json!({})).await.code(), 506);
}

#[tokio::test]
async fn signing_in_elsewhere_ends_the_older_session_with_507() {
    let host = TestHost::start().await;
    let first = host.admin().await;
    let second = host.admin().await;
    assert_eq!(host.post(MENU, &first, json!({})).await.code(), 507);
    assert_eq!(host.post(MENU, &second, json!({})).await.code(), 200);
}

#[tokio::test]
async fn password_reset_by_an_administrator_revokes_sessions_with_507() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let user_id = host.create_account(&admin, "ALL", "ann", &[]).await;
    let ann = host.login("ann", USER_PASSWORD).await;
    let reset = json!({ "id": user_id, "password": "New#pass1", "confirmPassword": "New#pass1" });
    host.post("/authority-service/account/resetPassword", &admin, reset).await.ok();
    assert_eq!(host.post(MENU, &ann, json!({})).await.code(), 507);
    assert_eq!(host.try_login(&host.sign_in_name("ann"), USER_PASSWORD).await.code(), 400);
    host.login("ann", "New#pass1").await;
}

#[tokio::test]
async fn disabled_account_and_disabled_enterprise_are_508() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 1).await;
    let tenant_header = tenant.to_string();
    let ann_id = host.create_account(&admin, &tenant_header, "ann", &[]).await;
    host.create_account(&admin, &tenant_header, "bob", &[]).await;
    let ann = host.login("ann", USER_PASSWORD).await;
    let bob = host.login("bob", USER_PASSWORD).await;

    host.post("/authority-service/account/disable", &admin, json!({ "id": ann_id })).await.ok();
    assert_eq!(host.post(MENU, &ann, json!({})).await.code(), 508);
    assert_eq!(host.try_login(&host.sign_in_name("ann"), USER_PASSWORD).await.code(), 508);
    assert_eq!(host.post(MENU, &bob, json!({})).await.code(), 200, "only ann is disabled");

    host.post("/authority-service/tenantInfo/disable", &admin, json!({ "id": tenant })).await.ok();
    assert_eq!(host.post(MENU, &bob, json!({})).await.code(), 508, "the whole enterprise is disabled");
    host.post("/authority-service/tenantInfo/enable", &admin, json!({ "id": tenant })).await.ok();
    assert_eq!(host.post(MENU, &bob, json!({})).await.code(), 200);
}

#[tokio::test]
async fn enterprise_disabled_until_a_time_comes_back_by_itself() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 1).await;
    host.create_account(&admin, &tenant.to_string(), "ann", &[]).await;
    let until = console_host::db::now_ms() + 1500;
    host.post("/authority-service/tenantInfo/disable", &admin, json!({ "id": tenant, "disabledUntil": until }))
        .await
        .ok();
    assert_eq!(host.try_login(&host.sign_in_name("ann"), USER_PASSWORD).await.code(), 508);
    tokio::time::sleep(std::time::Duration::from_millis(1600)).await;
    host.login("ann", USER_PASSWORD).await;
}

#[tokio::test]
async fn logout_ends_the_session_and_stamps_the_login_log() {
    let host = TestHost::start().await;
    let token = host.admin().await;
    host.post("/authority-service/authority/loginOut", &token, json!({})).await.ok();
    assert_eq!(host.post(MENU, &token, json!({})).await.code(), 401);

    let admin = host.admin().await;
    let log = host.post("/authority-service/authority/list", &admin, json!({ "userName": "admin" })).await;
    let rows = log.ok()["list"].as_array().expect("rows").clone();
    let first = rows.last().expect("the first login");
    assert_eq!(first["result"], "success");
    assert!(first["logoutAt"].as_i64().is_some(), "logout time recorded: {first}");
}

#[tokio::test]
async fn every_login_attempt_is_in_the_login_log() {
    let host = TestHost::start().await;
    host.try_login("admin", "Wrong#123").await;
    host.try_login("ghost", "Wrong#123").await;
    let admin = host.admin().await;
    let log = host.post("/authority-service/authority/list", &admin, json!({})).await;
    let data = log.ok();
    assert_eq!(data["total"], 3);
    let rows = data["list"].as_array().expect("rows");
    let results: Vec<_> =
        rows.iter().map(|r| (r["username"].as_str().unwrap_or(""), r["result"].as_str().unwrap_or(""))).collect();
    assert_eq!(results, vec![("admin", "success"), ("ghost", "bad_credentials"), ("admin", "bad_credentials")]);
    assert!(
        rows.iter()
            .all(|r| r["ip"] == "127.0.0.1" && r["userAgent"] == "integration-test" && r["loginAt"].as_i64().is_some())
    );

    let only_failures =
        host.post("/authority-service/authority/list", &admin, json!({ "result": "bad_credentials" })).await;
    assert_eq!(only_failures.ok()["total"], 2);
}

#[tokio::test]
async fn changing_ones_password_needs_the_old_one_and_signs_out() {
    let host = TestHost::start().await;
    let token = host.admin().await;
    let path = "/authority-service/authority/changePassword";
    let wrong = host
        .post(path, &token, json!({ "oldPassword": "nope", "password": "Next#2027", "confirmPassword": "Next#2027" }))
        .await;
    assert_eq!((wrong.code(), wrong.data()["field"].as_str()), (400, Some("oldPassword")));
    host.post(
        path,
        &token,
        json!({ "oldPassword": ADMIN_PASSWORD, "password": "Next#2027", "confirmPassword": "Next#2027" }),
    )
    .await
    .ok();
    assert_eq!(host.post(MENU, &token, json!({})).await.code(), 507, "sign in again after a change");
    host.login("admin", "Next#2027").await;
}

#[tokio::test]
async fn first_start_generates_a_password_when_none_is_configured() {
    let host = TestHost::start_with(|c| c.admin_password = None).await;
    let file = host.dir.path().join("initial-admin-password");
    let generated = std::fs::read_to_string(&file).expect("password file");
    let generated = generated.trim();
    assert!(generated.len() >= 12);
    assert_eq!(host.try_login("admin", ADMIN_PASSWORD).await.code(), 400, "no fixed default password");
    let token = host.login("admin", generated).await;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&file).expect("meta").permissions().mode() & 0o777, 0o600);
    }
    let change = json!({ "oldPassword": generated, "password": "Next#2027", "confirmPassword": "Next#2027" });
    host.post("/authority-service/authority/changePassword", &token, change).await.ok();
    assert!(!file.exists(), "the generated password is removed once changed");
}

/// The shell's session is an HttpOnly, SameSite=Strict cookie that script cannot read; it
/// authenticates only requests that carry the shell's marker header (no other site can make a
/// browser send it), and sign-out removes it. API clients keep the header token.
#[tokio::test]
async fn the_shell_session_is_an_http_only_cookie_that_counts_only_with_the_marker() {
    let host = TestHost::start().await;
    let client = reqwest::Client::new();
    let url = |path: &str| format!("{}{path}", host.base);
    let signed_in = client
        .post(url("/authority-service/authority/login"))
        .header("x-console-session", "cookie")
        .json(&json!({ "userName": "admin", "password": ADMIN_PASSWORD }))
        .send()
        .await
        .expect("login");
    let set_cookie = signed_in.headers()["set-cookie"].to_str().expect("cookie").to_string();
    let body: serde_json::Value = signed_in.json().await.expect("envelope");
    assert_eq!(body["data"]["token"], "", "the shell never sees the token");
    assert_eq!(body["data"]["userName"], "admin");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/api"] {
        assert!(set_cookie.contains(attribute), "{attribute} in {set_cookie}");
    }
    let cookie = set_cookie.split(';').next().expect("name=value").to_string();

    let menu = |marked: bool, cookie: String| {
        let mut request = client.post(url(MENU)).header("cookie", cookie).json(&json!({}));
        if marked {
            request = request.header("x-console-session", "cookie");
        }
        async move { request.send().await.expect("menu").json::<serde_json::Value>().await.expect("envelope") }
    };
    assert_eq!(menu(true, cookie.clone()).await["code"], 200, "the cookie with the marker");
    assert_eq!(
        menu(false, cookie.clone()).await["code"],
        401,
        "a cross-site request carries the cookie, never the marker"
    );

    let out = client
        .post(url("/authority-service/authority/loginOut"))
        .header("cookie", &cookie)
        .header("x-console-session", "cookie")
        .json(&json!({}))
        .send()
        .await
        .expect("logout");
    assert!(out.headers()["set-cookie"].to_str().expect("cookie").contains("Max-Age=0"), "sign-out removes the cookie");
    assert_eq!(menu(true, cookie).await["code"], 401, "the session ended with it");

    // Entry from a portal: the token in the header once, the cookie from then on.
    let token = host.admin().await;
    let kept = client
        .post(url("/authority-service/authority/keepSession"))
        .header("authorization", &token)
        .header("x-console-session", "cookie")
        .json(&json!({}))
        .send()
        .await
        .expect("keep");
    let kept_cookie =
        kept.headers()["set-cookie"].to_str().expect("cookie").split(';').next().expect("pair").to_string();
    assert_eq!(kept.json::<serde_json::Value>().await.expect("envelope")["data"]["userName"], "admin");
    assert_eq!(kept_cookie, format!("console_session={token}"));
    assert_eq!(menu(true, kept_cookie).await["code"], 200);
    assert_eq!(host.post(MENU, &token, json!({})).await.code(), 200, "API clients keep the header");
}

/// The guard keeps what it learnt about a caller for a few seconds, yet every change
/// reaches the very next request: each token below is used, and so cached, right before the
/// change that must end or narrow it.
#[tokio::test]
async fn a_cached_caller_sees_every_change_at_once() {
    const ROLES: &str = "/authority-service/role/list";
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 1).await.to_string();
    let viewer = host.create_role(&admin, &tenant, "Viewer", "ordinary", &["role:view"]).await;
    let ann_id = host.create_account(&admin, &tenant, "ann", &[viewer]).await;
    host.create_account(&admin, &tenant, "bob", &[viewer]).await;

    // A right taken away: the next call is refused (the grant also revokes the session).
    let ann = host.login("ann", USER_PASSWORD).await;
    assert_eq!(host.post(ROLES, &ann, json!({})).await.code(), 200);
    host.post_as("/authority-service/role/grant", &admin, &tenant, json!({ "id": viewer, "buttonIds": [] })).await.ok();
    assert_ne!(host.post(ROLES, &ann, json!({})).await.code(), 200, "the role no longer grants role:view");
    let role_view = host.button_ids(&admin, &["role:view"]).await;
    host.post_as("/authority-service/role/grant", &admin, &tenant, json!({ "id": viewer, "buttonIds": role_view }))
        .await
        .ok();

    // Logout.
    let ann = host.login("ann", USER_PASSWORD).await;
    assert_eq!(host.post(ROLES, &ann, json!({})).await.code(), 200);
    host.post("/authority-service/authority/loginOut", &ann, json!({})).await.ok();
    assert_eq!(host.post(MENU, &ann, json!({})).await.code(), 401);

    // A sign-in elsewhere.
    let first = host.login("ann", USER_PASSWORD).await;
    assert_eq!(host.post(MENU, &first, json!({})).await.code(), 200);
    let second = host.login("ann", USER_PASSWORD).await;
    assert_eq!(host.post(MENU, &first, json!({})).await.code(), 507);

    // The account, then its enterprise, disabled.
    let bob = host.login("bob", USER_PASSWORD).await;
    assert_eq!(host.post(MENU, &bob, json!({})).await.code(), 200);
    host.post("/authority-service/account/disable", &admin, json!({ "id": ann_id })).await.ok();
    assert_eq!(host.post(MENU, &second, json!({})).await.code(), 508);
    assert_eq!(host.post(MENU, &bob, json!({})).await.code(), 200);
    host.post("/authority-service/tenantInfo/disable", &admin, json!({ "id": tenant.parse::<i64>().expect("id") }))
        .await
        .ok();
    assert_eq!(host.post(MENU, &bob, json!({})).await.code(), 508);
    // A plugin disabled for an enterprise: plugins.rs,
    // a_disabled_plugins_routes_and_menus_are_unavailable_to_that_tenant (its menus are read first).
}

/// The menu's external links (/process-manage, /data-analysis) open the address configured for
/// the environment the host name's prefix names.
#[tokio::test]
async fn external_links_follow_the_environment_of_the_host_name() {
    let host = TestHost::start_with(|c| {
        c.process_manage_links = ["dev=https://flow.dev.example.com", "https://flow.example.com"]
            .iter()
            .map(|l| l.parse().expect("link"))
            .collect();
        c.data_analysis_links = vec!["prod=https://bi.example.com".parse().expect("link")];
    })
    .await;
    let admin = host.admin().await;
    let links = |name: &'static str| {
        let (host, admin) = (&host, admin.clone());
        async move {
            let answer = host
                .call(Method::GET, "/authority-service/authority/links", Some(&admin), &[("host", name)], None)
                .await;
            answer.ok().clone()
        }
    };
    let dev = links("dev-console.example.com").await;
    assert_eq!(dev["environment"], "dev");
    assert_eq!(dev["links"], json!({ "/process-manage": "https://flow.dev.example.com" }), "no dev big-data site");
    let prod = links("console.example.com").await;
    assert_eq!(
        prod["links"],
        json!({ "/process-manage": "https://flow.example.com", "/data-analysis": "https://bi.example.com" })
    );
    assert_eq!(links("127.0.0.1:8080").await["environment"], "local");

    // Both are entries of the administrator's menu, of type link.
    let menu = host.call(Method::POST, MENU, Some(&admin), &[], None).await;
    let entries = menu.ok()["userMenuVoList"].as_array().expect("menu");
    for path in ["/process-manage", "/data-analysis"] {
        let entry = entries.iter().find(|m| m["id"] == path).unwrap_or_else(|| panic!("{path} in the menu"));
        assert_eq!(entry["menuType"], "link", "{path}");
    }
    // Signed out, nothing.
    let anonymous = host.call(Method::GET, "/authority-service/authority/links", None, &[], None).await;
    assert_ne!(anonymous.code(), 200);
}
