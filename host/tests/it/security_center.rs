//! The security centre over HTTP with its built `.wasm`: reporters of one enterprise see and
//! answer only their own reports, an attachment travels through object storage and comes back
//! by its link, the team moves the status along the workflow, and another enterprise sees none.

use crate::common;

use common::{Install, TestHost, USER_PASSWORD};
use serde_json::json;

const GRANTS: &str = "files = true\nevents = true\nmax_upload_mib = 200";
const REPORTER: [&str; 3] = ["security:report:view", "security:report:submit", "security:report:reply"];

#[tokio::test]
async fn reporters_see_their_own_and_the_team_moves_the_status() {
    let host = TestHost::start_with_plugins(&[Install::plugin("security-center", GRANTS)], |_| {}).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 51).await.to_string();
    let reporters = host.create_role(&admin, &tenant, "Reporters", "ordinary", &REPORTER).await;
    let mut team_actions = REPORTER.to_vec();
    team_actions.push("security:report:handle");
    let team_role = host.create_role(&admin, &tenant, "Security team", "ordinary", &team_actions).await;
    host.create_account(&admin, &tenant, "finder", &[reporters]).await;
    host.create_account(&admin, &tenant, "other", &[reporters]).await;
    host.create_account(&admin, &tenant, "psirt", &[team_role]).await;
    let finder = host.login("finder", USER_PASSWORD).await;
    let other = host.login("other", USER_PASSWORD).await;
    let psirt = host.login("psirt", USER_PASSWORD).await;

    let proof = b"curl -X POST http://device/pair -d token=anything\n".repeat(100);
    let uploaded = host.upload(&finder, "security-center-service", "report-attachment", "poc.txt", &proof).await;
    let upload_id = uploaded["data"]["uploadId"].as_str().unwrap_or_else(|| panic!("{uploaded}")).to_string();
    let body = json!({
        "title": "Pairing accepts any token", "severity": "critical", "product": "Litter box",
        "description": "After a reboot the pairing endpoint accepts any token for 60 seconds.",
        "contact": "finder@example.com", "uploadId": upload_id, "reporterId": 999,
    });
    let created = host.post("/security-center-service/reports", &finder, body).await;
    let report = created.ok().clone();
    assert_eq!((report["status"].as_str(), report["reporterName"].as_str()), (Some("submitted"), Some("finder")));
    assert_ne!(report["reporterId"], 999, "the reporter is the session's, never the body's");
    let id = report["id"].as_str().unwrap().to_string();

    // Another reporter of the same enterprise neither lists nor opens it.
    assert_eq!(host.get("/security-center-service/reports", &other).await.ok()["total"], 0);
    let peek = host.get(&format!("/security-center-service/reports/{id}"), &other).await;
    assert_eq!(peek.code(), 404);
    let meddle =
        host.post(&format!("/security-center-service/reports/{id}/replies"), &other, json!({ "text": "hi" })).await;
    assert_eq!(meddle.code(), 404);

    // The team sees it, and the attachment comes back whole through its link.
    assert_eq!(host.get("/security-center-service/reports", &psirt).await.ok()["total"], 1);
    let detail = host.get(&format!("/security-center-service/reports/{id}"), &psirt).await;
    let detail = detail.ok().clone();
    let object = detail["attachment"]["object"].as_str().expect("object");
    let link = detail["links"][object].as_str().expect("a link");
    assert_eq!(host.fetch_url(link.trim_start_matches(host.base.trim_end_matches("/api"))).await, proof);

    // Only the team moves the status, one edge at a time.
    let path = format!("/security-center-service/reports/{id}/replies");
    let forged = host.post(&path, &finder, json!({ "text": "fixed", "status": "fixed" })).await;
    assert_eq!(forged.code(), 400, "{:?}", forged.body);
    assert!(forged.msg().contains("permission") || forged.msg().contains("allowed"), "{}", forged.msg());
    let skipped = host.post(&path, &psirt, json!({ "text": "done", "status": "fixed" })).await;
    assert_eq!(skipped.data()["field"], "status", "{:?}", skipped.body);
    host.post(&path, &psirt, json!({ "text": "Reproduced on 2.3.9.", "status": "confirmed" })).await.ok();
    host.post(&path, &finder, json!({ "text": "Thanks!" })).await.ok();
    let fixed = host.post(&path, &psirt, json!({ "text": "Fixed in 2.4.1.", "status": "fixed" })).await;
    assert_eq!(fixed.ok()["status"], "fixed");
    let seen = host.get(&format!("/security-center-service/reports/{id}"), &finder).await;
    let replies = seen.ok()["replies"].as_array().expect("replies").clone();
    assert_eq!(replies.len(), 3);
    assert_eq!((replies[0]["fromTeam"].as_bool(), replies[1]["fromTeam"].as_bool()), (Some(true), Some(false)));

    // Another enterprise's administrator sees nothing of it.
    let globex = host.create_tenant(&admin, "Globex", 52).await.to_string();
    assert_eq!(host.get_as("/security-center-service/reports", &admin, &globex).await.ok()["total"], 0);
}
