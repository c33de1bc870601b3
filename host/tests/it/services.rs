//! Plugin-to-plugin calls (contract 0.1.3): the probe calls the peer's `caller = "plugin"` routes
//! through `services`, over HTTP with real built components.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{Install, TestHost, USER_PASSWORD};
use serde_json::{Value, json};

const PROBE: &str = "events = true\nfiles = true\ntemplate = true\ntimeout_ms = 1000\nuses = [\"peer\"]";
const PEER: &str = "events = true\nfiles = true\ntimeout_ms = 5000\nuses = [\"probe\"]";

async fn host_with(probe: &str, peer: Install) -> (TestHost, String) {
    let host = TestHost::start_with_plugins(&[Install::probe(probe), peer], |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

/// `probe /peer/raw`: any call, the host's refusal as a 400 text.
async fn raw(host: &TestHost, token: &str, mount: &str, method: &str, path: &str, body: Value) -> common::Answer {
    let call = json!({ "mount": mount, "method": method, "path": path, "body": body });
    host.post("/probe/peer/raw", token, call).await
}

fn total(answer: &common::Answer) -> i64 {
    answer.ok()["total"].as_i64().expect("total")
}

fn peer_file(host: &TestHost, tenant: i64, name: &str) -> bool {
    host.dir.path().join("objects").join(tenant.to_string()).join("peer/items").join(name).exists()
}

#[tokio::test]
async fn the_callee_writes_inside_the_callers_transaction() {
    let (host, admin) = host_with(PROBE, Install::fixture("peer", PEER)).await;

    let added = host.post("/probe/peer/add", &admin, json!({ "name": "one" })).await;
    assert_eq!(added.ok()["name"], "one", "the peer's record comes back: {:?}", added.body);
    assert_eq!(total(&host.get("/probe/peer/items", &admin).await), 1);
    assert_eq!(total(&host.get("/probe/notes", &admin).await), 1);
    assert!(peer_file(&host, 0, "one"), "the peer's file follows the caller's commit");

    // The caller fails after the peer wrote: the peer's record and file go with it.
    let failed = host.post("/probe/peer/add", &admin, json!({ "name": "two", "failAfter": true })).await;
    assert_eq!(failed.code(), 400);
    assert_eq!(total(&host.get("/probe/peer/items", &admin).await), 1, "the peer's write was rolled back");
    assert_eq!(total(&host.get("/probe/notes", &admin).await), 1);
    assert!(!peer_file(&host, 0, "two"), "nor is its file kept");

    // The peer refuses after writing: only its own write is undone; the caller goes on.
    let refused = host.post("/probe/peer/add-failing", &admin, json!({})).await;
    assert_eq!(refused.ok(), &json!({ "status": 409, "field": "name" }), "its status and field reach the caller");
    assert_eq!(total(&host.get("/probe/peer/items", &admin).await), 1, "the peer's write behind its savepoint");
    assert_eq!(total(&host.get("/probe/notes", &admin).await), 2, "the caller's own write is kept");

    // The callee knows who called, for which user.
    let whoami = raw(&host, &admin, "peer", "GET", "/whoami", Value::Null).await;
    let seen: Value = serde_json::from_str(whoami.ok()["body"].as_str().expect("body")).expect("json");
    assert_eq!((seen["caller"].as_str(), seen["user"].as_str()), (Some("probe"), Some("admin")));
}

/// A caller past its free CPU ticks calls a callee that needs turns too: the caller gives its
/// turn up while it waits, or the callee (same tenant) would wait for it until the deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_caller_lets_its_busy_callee_run() {
    let (host, admin) = host_with(PROBE, Install::fixture("peer", PEER)).await;
    let started = Instant::now();
    let answer = host.get("/probe/peer/busy", &admin).await;
    assert_eq!(answer.ok()["worked"], 60, "{:?}", answer.body);
    assert!(started.elapsed() < Duration::from_millis(900), "took {:?}", started.elapsed());
}

#[tokio::test]
async fn plugin_routes_are_not_reachable_over_http() {
    let (host, admin) = host_with(PROBE, Install::fixture("peer", PEER)).await;
    assert_eq!(host.get("/peer/items", &admin).await.code(), 404);
    assert_eq!(host.post("/peer/items", &admin, json!({ "name": "x" })).await.code(), 404);
    assert_eq!(host.post("/probe/from-peer", &admin, json!({})).await.code(), 404);
    assert_eq!(total(&host.get("/probe/peer/items", &admin).await), 0);
}

#[tokio::test]
async fn refusals_name_their_reason() {
    let (host, admin) = host_with(PROBE, Install::fixture("peer", PEER)).await;
    let refused = |answer: common::Answer| {
        assert_eq!(answer.code(), 400, "{:?}", answer.body);
        answer.msg().to_string()
    };
    let undeclared = refused(raw(&host, &admin, "pet-service", "GET", "/breeds", Value::Null).await);
    assert!(undeclared.contains("not in the plugin manifest's `uses`"), "{undeclared}");
    let no_route = refused(raw(&host, &admin, "peer", "GET", "/nope", Value::Null).await);
    assert!(no_route.contains("has no plugin route GET /nope"), "{no_route}");
    // The peer calls the probe back: the probe is already in the chain (the peer passes the
    // host's refusal on as its own 400).
    let cycle = raw(&host, &admin, "peer", "POST", "/call-back", json!({})).await;
    assert_eq!(cycle.ok()["status"], 400);
    assert!(cycle.ok()["body"].as_str().unwrap_or("").contains("cycles are refused"), "{:?}", cycle.body);

    // Declared in the manifest but not granted by the operator.
    let ungranted = PROBE.replace("\nuses = [\"peer\"]", "");
    let (host, admin) = host_with(&ungranted, Install::fixture("peer", PEER)).await;
    let ungranted = refused(raw(&host, &admin, "peer", "GET", "/whoami", Value::Null).await);
    assert!(ungranted.contains("not granted to this plugin by the operator"), "{ungranted}");
}

#[tokio::test]
async fn a_callee_disabled_for_the_enterprise_answers_a_message_the_caller_can_show() {
    let mut peer = Install::fixture("peer", PEER);
    peer.enabled_by_default = false;
    let (host, admin) = host_with(PROBE, peer).await;
    let tenant = host.create_tenant(&admin, "Acme", 1).await;
    let role = host.create_role(&admin, &tenant.to_string(), "Acme admins", "administrator", &[]).await;
    host.create_account(&admin, &tenant.to_string(), "acme-admin", &[role]).await;
    let acme = host.login("acme-admin", USER_PASSWORD).await;
    let answer = raw(&host, &acme, "peer", "GET", "/whoami", Value::Null).await;
    assert_eq!(answer.ok()["status"], 409);
    let body: Value = serde_json::from_str(answer.ok()["body"].as_str().expect("body")).expect("json");
    assert_eq!(body["msg"], "This feature is not enabled for your enterprise.");
    // Typed through the SDK: the refusal is the caller's answer, as it is.
    let typed = host.get("/probe/peer/items", &acme).await;
    assert_eq!((typed.code(), typed.msg()), (409, "This feature is not enabled for your enterprise."));
}

/// The peer's manifest under another id and mount, using `next` (same component).
fn relay_install(dir: &Path, id: &str, next: Option<&str>) -> Install {
    let manifest = std::fs::read_to_string(Install::fixture("peer", "").manifest).expect("peer manifest");
    let uses = next.map_or("uses = []".to_string(), |n| format!("uses = [\"{n}\"]"));
    let manifest = manifest
        .replace("id = \"peer\"", &format!("id = \"{id}\""))
        .replace("mount = \"peer\"", &format!("mount = \"{id}\""))
        .replace("uses = [\"probe\"]", &uses);
    let path = dir.join(format!("{id}.toml"));
    std::fs::write(&path, manifest).expect("manifest");
    let mut install = Install::fixture("peer", &format!("timeout_ms = 5000\n{}", uses));
    install.id = id.into();
    install.manifest = path;
    install
}

#[tokio::test]
async fn plugins_call_plugins_at_most_four_deep_within_the_first_callers_deadline() {
    let dir = tempfile::tempdir().expect("dir");
    let plugins = [
        Install::probe(PROBE),
        relay_install(dir.path(), "peer", Some("relay2")),
        relay_install(dir.path(), "relay2", Some("relay3")),
        relay_install(dir.path(), "relay3", Some("relay4")),
        relay_install(dir.path(), "relay4", None),
    ];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    // probe → peer → relay2 → relay3: four plugins.
    let four = raw(&host, &admin, "peer", "POST", "/relay", json!({ "chain": ["relay2", "relay3"] })).await;
    assert_eq!(four.ok()["status"], 200, "{:?}", four.body);
    // relay3 → relay4 would be the fifth.
    let five = raw(&host, &admin, "peer", "POST", "/relay", json!({ "chain": ["relay2", "relay3", "relay4"] })).await;
    let refusal: Value = serde_json::from_str(five.ok()["body"].as_str().expect("body")).expect("json");
    assert_eq!(five.ok()["status"], 400);
    assert!(refusal["msg"].as_str().unwrap_or("").contains("at most 4 deep"), "{refusal}");

    // The callee runs under the caller's deadline (1 s), not its own grant (5 s).
    let started = Instant::now();
    let spun = raw(&host, &admin, "peer", "GET", "/spin", Value::Null).await;
    let took = started.elapsed();
    assert!([400, 504].contains(&spun.code()), "{:?}", spun.body);
    assert!(took < Duration::from_millis(2500), "stopped at the caller's deadline: {took:?}");
}

/// A user reaches through one plugin only what he may read himself: a plugin route that names an
/// action answers the calling plugin only for a user who holds it (before, holding the probe's
/// actions was enough to read whatever the peer answers). What broke inside a callee stays its
/// own: the caller hears that it failed, not its trap and backtrace.
#[tokio::test]
async fn a_callee_route_that_names_an_action_answers_only_users_holding_it_and_keeps_its_internals() {
    let dir = tempfile::tempdir().expect("dir");
    let manifest = std::fs::read_to_string(Install::fixture("peer", "").manifest).expect("peer manifest");
    let manifest = manifest.replace(
        "summary = \"Items, for other plugins\"",
        "summary = \"Items, for other plugins\"\naction = \"peer:read\"",
    ) + "\n[[menus]]\nmenu_id = 9100\nname = \"Peer\"\nkind = \"page\"\npath = \"/peer/page\"\nbuttons = [{ action = \"peer:read\", type = \"view\", name = \"Read the peer\" }]\n";
    let path = dir.path().join("peer.toml");
    std::fs::write(&path, manifest).expect("manifest");
    let mut peer = Install::fixture("peer", PEER);
    peer.manifest = path;
    let (host, admin) = host_with(PROBE, peer).await;
    let role = host.create_role(&admin, "ALL", "Probe only", "ordinary", &["probe:write"]).await;
    host.create_account(&admin, "ALL", "prober", &[role]).await;
    let prober = host.login("prober", common::USER_PASSWORD).await;

    let read = raw(&host, &admin, "peer", "GET", "/items", Value::Null).await;
    assert_eq!(read.ok()["status"], 200, "who holds peer:read reads: {:?}", read.body);
    let refused = raw(&host, &prober, "peer", "GET", "/items", Value::Null).await;
    assert_eq!(refused.ok()["status"], 403, "{:?}", refused.body);
    let open = raw(&host, &prober, "peer", "GET", "/whoami", Value::Null).await;
    assert_eq!(open.ok()["status"], 200, "a route naming no action is open to the plugins that use it");

    let trapped = raw(&host, &admin, "peer", "GET", "/trap", Value::Null).await;
    assert_eq!(trapped.code(), 400, "{:?}", trapped.body);
    assert!(!trapped.msg().contains("vault") && !trapped.msg().contains("backtrace"), "{}", trapped.msg());
    assert!(trapped.msg().contains("failed"), "{}", trapped.msg());
}
