//! Every route declares its permission and the server enforces it. The route table is read from
//! the served OpenAPI document (built from the same catalogue the router is built from).

use crate::common;

use common::{Install, TestHost, USER_PASSWORD};
use reqwest::Method;
use serde_json::{Value, json};

struct Route {
    method: Method,
    path: String,
    permission: String,
}

async fn route_table(host: &TestHost) -> Vec<Route> {
    let doc = host.call(Method::GET, "/openapi.json", None, &[], None).await.body;
    let paths = doc["paths"].as_object().expect("paths");
    let mut routes = Vec::new();
    for (path, item) in paths {
        for (method, operation) in item.as_object().expect("path item") {
            let permission =
                operation["x-permission"].as_str().unwrap_or_else(|| panic!("{method} {path} declares no permission"));
            routes.push(Route {
                method: method.to_uppercase().parse().expect("method"),
                path: path.trim_start_matches("/api").to_string(),
                permission: permission.to_string(),
            });
        }
    }
    routes
}

async fn call(host: &TestHost, route: &Route, token: Option<&str>) -> i64 {
    let body = (route.method == Method::POST).then(|| json!({}));
    host.call(route.method.clone(), &route.path, token, &[("lang", "en")], body).await.code()
}

#[tokio::test]
async fn the_route_table_is_complete_and_every_action_is_a_grantable_button() {
    let host = TestHost::start().await;
    let routes = route_table(&host).await;
    assert!(routes.len() >= 40, "only {} routes", routes.len());
    let public: Vec<_> = routes.iter().filter(|r| r.permission == "public").map(|r| r.path.as_str()).collect();
    assert_eq!(
        public,
        vec![
            "/authority-service/authority/login",
            // An <img> sends no session; the name is the image's SHA-256 (tests/it/avatars.rs).
            "/authority-service/avatars/{tenant}/{file}",
            "/authority-service/portal/origins",
            // Its signed, expiring token is its permission (tests/uploads.rs).
            "/files/download",
            // The external broker's HTTP authentication and authorisation: its bearer
            // CONSOLE_MQTT_HOOK_TOKEN is the permission, and without one set the routes answer 404
            // (tests/it/mqtt.rs).
            "/mqtt/authenticate",
            "/mqtt/authorize",
            // The OAuth protocol: the client's secret, the code's verifier, the app user's
            // password or the bearer token is the permission (tests/it/oauth.rs).
            "/oauth/authorize",
            "/oauth/consent",
            "/oauth/consent/info",
            "/oauth/introspect",
            "/oauth/revoke",
            "/oauth/token",
            "/oauth/userinfo",
            "/openapi.json",
            // What TLS stacks and devices fetch to verify a certificate (tests/it/certificates.rs,
            // tests/it/mqtt.rs).
            "/pki/mqtt-ca.pem",
            "/pki/{tenant}/ca.pem",
            "/pki/{tenant}/crl"
        ],
        "the only public routes"
    );

    let admin = host.admin().await;
    let buttons = host.post("/authority-service/button/list", &admin, json!({ "pageSize": 500 })).await;
    let actions: Vec<&str> =
        buttons.ok()["list"].as_array().expect("buttons").iter().filter_map(|b| b["action"].as_str()).collect();
    for route in &routes {
        if let Some(action) = route.permission.strip_prefix("action:") {
            assert!(actions.contains(&action), "{} requires {action}, which no button defines", route.path);
        }
    }
}

#[tokio::test]
async fn without_a_session_every_non_public_route_is_401() {
    let host = TestHost::start().await;
    for route in route_table(&host).await.iter().filter(|r| r.permission != "public") {
        assert_eq!(call(&host, route, None).await, 401, "{} {}", route.method, route.path);
    }
}

/// A platform account holding exactly one action may call that action's routes and gets 403 on
/// every other action's routes; with no action at all, every action route is 403.
#[tokio::test]
async fn each_action_route_needs_exactly_its_action() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let role = host.create_role(&admin, "ALL", "probe role", "ordinary", &[]).await;
    host.create_account(&admin, "ALL", "probe", &[role]).await;
    let probe = host.login("probe", USER_PASSWORD).await;
    let routes = route_table(&host).await;
    let action_routes: Vec<&Route> = routes.iter().filter(|r| r.permission.starts_with("action:")).collect();

    for route in &action_routes {
        assert_eq!(call(&host, route, Some(&probe)).await, 403, "no grant: {} {}", route.method, route.path);
    }
    for route in &action_routes {
        let action = route.permission.trim_start_matches("action:");
        let buttons = host.button_ids(&admin, &[action]).await;
        host.post("/authority-service/role/grant", &admin, json!({ "id": role, "buttonIds": buttons })).await.ok();
        for other in &action_routes {
            let code = call(&host, other, Some(&probe)).await;
            if other.permission == route.permission {
                assert_ne!(code, 403, "{action} grants {} {}", other.method, other.path);
            } else {
                assert_eq!(code, 403, "{action} must not grant {} {} ({})", other.method, other.path, other.permission);
            }
        }
    }
}

/// Enterprise users never reach platform routes, even as their tenant's administrator.
#[tokio::test]
async fn tenant_administrators_cannot_reach_platform_routes_nor_be_granted_them() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 7).await.to_string();
    let role = host.create_role(&admin, &tenant, "acme admin", "administrator", &[]).await;
    host.create_account(&admin, &tenant, "boss", &[role]).await;
    let boss = host.login("boss", USER_PASSWORD).await;

    let user = host.post("/authority-service/authority/getUserMenu", &boss, json!({})).await;
    let menus = user.ok()["userMenuVoList"].to_string();
    assert!(
        menus.contains("/system/role") && !menus.contains("tenantInfo") && !menus.contains("/system-config"),
        "{menus}"
    );

    for (path, body) in [
        ("/authority-service/tenantInfo/page", json!({})),
        ("/authority-service/menu/list", json!({})),
        ("/authority-service/button/list", json!({})),
        ("/region-service-admin/common/region/add", json!({})),
    ] {
        assert_eq!(host.post(path, &boss, body).await.code(), 403, "{path}");
    }
    assert_eq!(host.post("/authority-service/role/list", &boss, json!({})).await.code(), 200);

    let platform_buttons = host.button_ids(&admin, &["tenant:add"]).await;
    let grant = host
        .post_as("/authority-service/role/grant", &admin, &tenant, json!({ "id": role, "buttonIds": platform_buttons }))
        .await;
    assert_eq!((grant.code(), grant.data()["field"].as_str()), (400, Some("menuIds")), "{:?}", grant.body);
    assert!(grant.msg().contains("platform"), "{}", grant.msg());
}

#[tokio::test]
async fn a_user_cannot_grant_actions_they_do_not_hold() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let granter = host.create_role(&admin, "ALL", "granter", "ordinary", &["role:grant", "role:view"]).await;
    let target = host.create_role(&admin, "ALL", "target", "ordinary", &[]).await;
    host.create_account(&admin, "ALL", "lead", &[granter]).await;
    let lead = host.login("lead", USER_PASSWORD).await;
    let allowed = host.button_ids(&admin, &["role:view"]).await;
    host.post("/authority-service/role/grant", &lead, json!({ "id": target, "buttonIds": allowed })).await.ok();
    let beyond = host.button_ids(&admin, &["account:delete"]).await;
    let refused = host.post("/authority-service/role/grant", &lead, json!({ "id": target, "buttonIds": beyond })).await;
    assert_eq!((refused.code(), refused.msg()), (400, "You cannot give roles or permissions beyond your own."));
    let detail = host.post("/authority-service/role/detail", &admin, json!({ "id": target })).await;
    assert_eq!(detail.ok()["buttonIds"], Value::from(allowed), "the refused grant changed nothing");
}

/// No privilege escalation through accounts: a user gives only roles whose actions they hold,
/// an administrator role only if they are one, and never changes their own roles. Refused as
/// input (400 on the field), since a 403 would sign the user out.
#[tokio::test]
async fn a_user_cannot_give_roles_beyond_their_own_rights() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 8).await.to_string();
    let admins = host.create_role(&admin, &tenant, "acme admins", "administrator", &[]).await;
    let staff = host
        .create_role(&admin, &tenant, "hr staff", "ordinary", &["account:view", "account:add", "account:edit"])
        .await;
    let wider = host.create_role(&admin, &tenant, "role managers", "ordinary", &["account:view", "role:delete"]).await;
    let hr_id = host.create_account(&admin, &tenant, "hr", &[staff]).await;
    host.create_account(&admin, &tenant, "boss", &[admins]).await;
    let hr = host.login("hr", USER_PASSWORD).await;
    let boss = host.login("boss", USER_PASSWORD).await;

    let account = |name: &str, roles: &[i64]| {
        json!({ "userName": name, "name": name, "accountType": "operation", "phone": "+86-13800000000", "email": "staff@example.com", "roleIds": roles,
                "password": USER_PASSWORD, "confirmPassword": USER_PASSWORD })
    };
    let add = "/authority-service/account/add";
    let sneaky = host.post(add, &hr, account("sneaky", &[admins])).await;
    assert_eq!(
        (sneaky.code(), sneaky.data()["field"].as_str()),
        (400, Some("roleIds")),
        "an administrator role needs an administrator"
    );
    assert_eq!(sneaky.msg(), "You cannot give roles or permissions beyond your own.");
    assert_eq!(host.post(add, &hr, account("wide", &[wider])).await.code(), 400, "role:delete is not hr's to give");
    host.post(add, &hr, account("clerk", &[staff])).await.ok();

    let promote = json!({ "id": hr_id, "userName": "hr", "name": "hr", "accountType": "operation", "phone": "+86-13800000000", "email": "staff@example.com", "roleIds": [staff, admins] });
    let own = host.post("/authority-service/account/update", &hr, promote.clone()).await;
    assert_eq!((own.code(), own.msg()), (400, "You cannot change your own roles."));
    let keep = json!({ "id": hr_id, "userName": "hr", "name": "HR desk", "accountType": "operation", "phone": "+86-13800000000", "email": "staff@example.com", "roleIds": [staff] });
    host.post("/authority-service/account/update", &hr, keep).await.ok();
    host.post("/authority-service/account/update", &boss, promote).await.ok();

    let listed = host.post("/authority-service/account/list", &admin, json!({ "keyword": "sneaky" })).await;
    assert_eq!(listed.ok()["total"], 0, "the refused account was not created");
}

/// Every operation, core and plugin, declares its path parameters and its answer (the envelope), so
/// a generated client gets a usable call for each.
#[tokio::test]
async fn every_operation_declares_its_path_parameters_and_its_answer() {
    let host = TestHost::start().await;
    let doc = host.call(Method::GET, "/openapi.json", None, &[], None).await.body;
    assert_eq!(doc["components"]["schemas"]["Envelope"]["required"], json!(["code", "msg"]));
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let named: Vec<&str> = path.split('/').filter_map(|s| s.strip_prefix('{')?.strip_suffix('}')).collect();
        for (method, operation) in item.as_object().expect("path item") {
            operations += 1;
            let success = &operation["responses"]["200"]["content"];
            assert!(
                success["application/json"].is_object() || success["application/octet-stream"].is_object(),
                "{method} {path}: no answer"
            );
            // Refusals come with any status, always the envelope; the OAuth protocol's are its
            // own error objects (RFC 6749 §5.2), as its clients expect; the consent page and the
            // app's linked accounts are the console's own calls.
            let refusal = &operation["responses"]["default"]["content"]["application/json"]["schema"];
            let console_call =
                path.starts_with("/api/oauth/consent") || path.starts_with("/api/oauth/linked-accounts/");
            if path.starts_with("/api/oauth/") && !console_call {
                assert_eq!(refusal["type"], "object", "{method} {path}: no OAuth error object");
            } else {
                assert_eq!(refusal["$ref"], "#/components/schemas/Envelope", "{method} {path}: no refusal");
            }
            let declared: Vec<&str> = operation["parameters"]
                .as_array()
                .map(|p| p.iter().filter(|p| p["in"] == "path").filter_map(|p| p["name"].as_str()).collect())
                .unwrap_or_default();
            assert_eq!(declared, named, "{method} {path}: path parameters");
        }
    }
    assert!(operations > 50, "{operations} operations");
    // Every schema a type refers to is in the components (a generated client needs them all).
    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    for reference in refs {
        let name = reference.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{reference}"));
        assert!(doc["components"]["schemas"][name].is_object(), "{reference} is not in the components");
    }
}

/// Core routes say what their success answers: the `data` of each is a typed schema or `null`
/// (a write that answers nothing), never any JSON.
#[tokio::test]
async fn core_operations_type_the_data_they_answer() {
    let host = TestHost::start().await;
    let doc = host.call(Method::GET, "/openapi.json", None, &[], None).await.body;
    let mut typed = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let data = &operation["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["data"];
            // A plugin's route, a file or a document; a decision answers what the plugin's route did.
            if operation.get("x-plugin").is_some() || data.is_null() || path == "/api/process-center/task/decide" {
                continue;
            }
            assert!(data.as_object().is_some_and(|d| !d.is_empty()), "{method} {path}: data is any JSON");
            typed += usize::from(data["type"] != "null");
        }
    }
    assert!(typed >= 30, "only {typed} core operations answer typed data");
}

/// Plugins type their operations from their Rust types through the SDK (the pet plugin's breeds
/// are a `Resource`): the list's query parameters, the body it takes, the record it answers.
#[tokio::test]
async fn plugin_operations_are_typed_from_their_rust_types() {
    let host = TestHost::start().await;
    let doc = host.call(Method::GET, "/openapi.json", None, &[], None).await.body;
    let breeds = &doc["paths"]["/api/pet-service/breeds"];
    let query: Vec<&str> = breeds["get"]["parameters"]
        .as_array()
        .expect("parameters")
        .iter()
        .filter(|p| p["in"] == "query")
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert!(query.contains(&"breedName") && query.contains(&"page") && query.contains(&"mode"), "{query:?}");
    let data =
        |op: &Value| op["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["data"].clone();
    let listed = data(&breeds["get"])["properties"]["list"]["items"]["$ref"].clone();
    let record = listed.as_str().and_then(|r| r.strip_prefix("#/components/schemas/")).expect("a typed list");
    assert!(record.starts_with("pet."), "plugin schemas are named after their plugin: {record}");
    let fields = &doc["components"]["schemas"][record]["properties"];
    for field in ["id", "version", "createdAt", "breedName", "initial", "hot"] {
        assert!(fields[field].is_object(), "{field} in {record}: {fields}");
    }
    let body = &breeds["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"];
    assert_eq!(body, "#/components/schemas/pet.BreedInput");
    assert_eq!(data(&doc["paths"]["/api/pet-service/breeds/{id}"]["delete"]), json!({ "type": "null" }));
}

/// Every operation of the six product plugins answers typed data (their SDK describes each
/// route), and every schema it refers to is in the document.
#[tokio::test]
async fn every_product_plugin_operation_is_typed() {
    let plugins: Vec<Install> = ["pet", "rtc", "voice", "hot-update", "ota-test", "messaging"]
        .iter()
        .map(|id| Install::plugin(id, "files = true\ntemplate = true"))
        .collect();
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let doc = host.call(Method::GET, "/openapi.json", None, &[], None).await.body;
    let mut typed = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in
            item.as_object().expect("path item").iter().filter(|(_, o)| o.get("x-plugin").is_some())
        {
            let data = &operation["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["data"];
            assert!(data.as_object().is_some_and(|d| !d.is_empty()), "{method} {path}: data is any JSON");
            typed += 1;
        }
    }
    assert!(typed >= 170, "{typed} plugin operations");
    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    for reference in refs {
        let name = reference.trim_start_matches("#/components/schemas/");
        assert!(doc["components"]["schemas"][name].is_object(), "{reference} is not in the components");
    }
}

fn collect_refs<'a>(value: &'a Value, refs: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref") {
                refs.push(reference);
            }
            map.values().for_each(|v| collect_refs(v, refs));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_refs(v, refs)),
        _ => {}
    }
}

/// The pages of a user's menu, by route path (groups left out, hidden pages kept).
fn menu_pages(tree: &Value, found: &mut Vec<String>) {
    for node in tree.as_array().into_iter().flatten() {
        if node["menuType"] == "page" {
            found.push(node["id"].as_str().unwrap_or_default().to_string());
        }
        menu_pages(&node["userMenuVoList"], found);
    }
}

/// A page with a view button opens only for a user who holds it: its first request (the list)
/// needs it, and a refusal ends the session. Over every page of the core and of every plugin: a
/// role holding every menu and every action but the views sees none of those pages; one holding
/// the views alone sees all of them.
#[tokio::test]
async fn a_page_shows_only_to_a_user_who_may_view_it() {
    let host = TestHost::start_with_plugins(&crate::sealed_fields::every_plugin(), |_| {}).await;
    let admin = host.admin().await;
    let menus = host.post("/authority-service/menu/list", &admin, json!({})).await.ok().clone();
    let menu_ids: Vec<i64> = menus.as_array().expect("menus").iter().filter_map(|m| m["menuId"].as_i64()).collect();
    let mut buttons = Vec::new();
    for page in 1.. {
        let found = host.post("/authority-service/button/list", &admin, json!({ "page": page, "pageSize": 500 })).await;
        let list = found.ok()["list"].as_array().expect("buttons").clone();
        let done = list.len() < 500;
        buttons.extend(list);
        if done {
            break;
        }
    }
    let path_of = |menu_id: &Value| {
        menus
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["menuId"] == *menu_id)
            .map(|m| m["routePath"].as_str().unwrap_or_default().to_string())
    };
    let mut with_view: Vec<String> =
        buttons.iter().filter(|b| b["buttonType"] == "view").filter_map(|b| path_of(&b["menuId"])).collect();
    with_view.sort();
    with_view.dedup();
    assert!(with_view.len() >= 100, "only {} pages with a view button", with_view.len());

    let ids = |views: bool| -> Vec<i64> {
        buttons.iter().filter(|b| (b["buttonType"] == "view") == views).filter_map(|b| b["id"].as_i64()).collect()
    };
    let mut seen = Vec::new();
    for (name, views) in [("no views", false), ("views only", true)] {
        let role = host.create_role(&admin, "ALL", name, "ordinary", &[]).await;
        let grant = json!({ "id": role, "menuIds": menu_ids, "buttonIds": ids(views) });
        host.post("/authority-service/role/grant", &admin, grant).await.ok();
        let user = name.replace(' ', "-");
        host.create_account(&admin, "ALL", &user, &[role]).await;
        let token = host.login(&user, USER_PASSWORD).await;
        let info = host.post("/authority-service/authority/getUserMenu", &token, json!({})).await;
        let mut pages = Vec::new();
        menu_pages(&info.ok()["userMenuVoList"], &mut pages);
        seen.push(pages);
    }
    let shown_without_view: Vec<_> = with_view.iter().filter(|p| seen[0].contains(p)).collect();
    assert!(shown_without_view.is_empty(), "shown without their view: {shown_without_view:?}");
    let hidden_with_view: Vec<_> = with_view.iter().filter(|p| !seen[1].contains(p)).collect();
    assert!(hidden_with_view.is_empty(), "hidden though viewable: {hidden_with_view:?}");
}
