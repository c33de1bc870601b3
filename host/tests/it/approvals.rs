//! The process centre with the real probe plugin: a note submitted for review by one
//! user is decided by another, the decision reaches the plugin in the transaction that records
//! it, and nobody decides their own request or sees kinds they may not decide.

use crate::common;

use common::{Install, TestHost, USER_PASSWORD};
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn a_request_is_decided_by_another_user_and_the_plugin_applies_it() {
    let host = TestHost::start_with_plugins(&[Install::probe("files = true")], |_| {}).await;
    let admin = host.admin().await;
    let tenant = host.create_tenant(&admin, "Acme", 41).await.to_string();
    let author_role = host.create_role(&admin, &tenant, "Author", "ordinary", &["probe:use", "probe:write"]).await;
    let reviewer_role = host.create_role(&admin, &tenant, "Reviewer", "ordinary", &["probe:use", "probe:review"]).await;
    host.create_account(&admin, &tenant, "author", &[author_role]).await;
    host.create_account(&admin, &tenant, "reviewer", &[reviewer_role]).await;
    host.create_account(&admin, &tenant, "both", &[author_role, reviewer_role]).await;
    let author = host.login("author", USER_PASSWORD).await;
    let reviewer = host.login("reviewer", USER_PASSWORD).await;
    let both = host.login("both", USER_PASSWORD).await;

    let note = host.post("/probe/notes", &author, json!({ "text": "firmware 2.1 notes" })).await;
    let note = note.ok()["id"].as_str().expect("note id").to_string();
    let submitted = host.post(&format!("/probe/notes/{note}/submit"), &author, json!({})).await;
    let approval: i64 = submitted.ok()["approvalId"].as_str().expect("id").parse().expect("a number");

    // The author holds no review action: nothing to decide, no kind to filter by.
    let waiting = |token: String| {
        let host = &host;
        async move { host.post("/process-center/task-waiting/list", &token, json!({})).await }
    };
    assert_eq!(waiting(author.clone()).await.ok()["total"], 0);
    assert_eq!(host.get("/process-center/kinds", &author).await.ok(), &json!([]));
    let by_author =
        host.post("/process-center/task/decide", &author, json!({ "id": approval, "approved": true })).await;
    assert_eq!(by_author.code(), 403);

    // The reviewer sees it, named in their language, with what was submitted.
    let listed = host
        .call(Method::POST, "/process-center/task-waiting/list", Some(&reviewer), &[("lang", "de")], Some(json!({})))
        .await;
    let item = listed.ok()["list"][0].clone();
    assert_eq!(listed.ok()["total"], 1);
    assert_eq!(item["kindName"], "Notizprüfung");
    assert_eq!(item["applicantName"], "author");
    assert_eq!(item["detail"]["text"], "firmware 2.1 notes");
    assert_eq!(item["status"], "waiting");
    let kinds = host.get("/process-center/kinds", &reviewer).await;
    assert_eq!(kinds.ok()[0]["key"], "probe/note-review");
    let filtered = host.post("/process-center/task-waiting/list", &reviewer, json!({ "applicant": "nobody" })).await;
    assert_eq!(filtered.ok()["total"], 0);

    // Rejecting needs a comment; a plugin that refuses the decision leaves the request waiting.
    let bare = host.post("/process-center/task/decide", &reviewer, json!({ "id": approval, "approved": false })).await;
    assert_eq!((bare.code(), bare.data()["field"].as_str()), (400, Some("comment")));
    let refused = host
        .post(
            "/process-center/task/decide",
            &reviewer,
            json!({ "id": approval, "approved": true, "comment": "refuse" }),
        )
        .await;
    assert_eq!(refused.code(), 409, "{:?}", refused.body);
    assert_eq!(waiting(reviewer.clone()).await.ok()["list"][0]["status"], "waiting");
    assert_eq!(host.get(&format!("/probe/notes/{note}"), &author).await.ok()["review"], "waiting");

    // Decided: the plugin applied it, the request moved to the reviewer's finished list.
    let rejected = host
        .post(
            "/process-center/task/decide",
            &reviewer,
            json!({ "id": approval, "approved": false, "comment": "needs sources" }),
        )
        .await;
    rejected.ok();
    let applied = host.get(&format!("/probe/notes/{note}"), &author).await;
    assert_eq!(applied.ok()["review"], "rejected");
    assert_eq!(applied.ok()["comment"], "needs sources");
    assert_eq!(applied.ok()["by"], "reviewer");
    assert_eq!(waiting(reviewer.clone()).await.ok()["total"], 0);
    let finished = host.post("/process-center/task-finish/list", &reviewer, json!({})).await;
    assert_eq!(finished.ok()["list"][0]["status"], "rejected");
    assert_eq!(finished.ok()["list"][0]["comment"], "needs sources");
    let twice = host.post("/process-center/task/decide", &reviewer, json!({ "id": approval, "approved": true })).await;
    assert_eq!(twice.code(), 409, "decided once");

    // One's own request: not listed, and refused.
    let own_note = host.post("/probe/notes", &both, json!({ "text": "mine" })).await;
    let own_note = own_note.ok()["id"].as_str().expect("id").to_string();
    let own = host.post(&format!("/probe/notes/{own_note}/submit"), &both, json!({})).await;
    let own: i64 = own.ok()["approvalId"].as_str().expect("id").parse().expect("a number");
    assert_eq!(waiting(both.clone()).await.ok()["total"], 0, "one's own request is not one's to decide");
    let self_approval = host.post("/process-center/task/decide", &both, json!({ "id": own, "approved": true })).await;
    assert_eq!(self_approval.code(), 403);
    assert!(self_approval.msg().contains("yourself"), "{}", self_approval.msg());
    // The reviewer approves it; another enterprise cannot even see it.
    host.post("/process-center/task/decide", &reviewer, json!({ "id": own, "approved": true })).await.ok();
    let other_tenant = host.create_tenant(&admin, "Other", 42).await.to_string();
    let elsewhere = host
        .post_as("/process-center/task/decide", &admin, &other_tenant, json!({ "id": own, "approved": true }))
        .await;
    assert_eq!(elsewhere.code(), 404);
}

/// A review reaches the platform whatever enterprise its header shows: with every enterprise in
/// view, the platform's reviewer lists and decides an enterprise's request (before, only after
/// switching the header to that enterprise); another enterprise's reviewer never sees it.
#[tokio::test]
async fn the_platform_decides_an_enterprise_s_request_with_every_enterprise_in_view() {
    let host = TestHost::start_with_plugins(&[Install::probe("files = true")], |_| {}).await;
    let admin = host.admin().await;
    let acme = host.create_tenant(&admin, "Acme", 42).await.to_string();
    let globex = host.create_tenant(&admin, "Globex", 43).await.to_string();
    let author_role = host.create_role(&admin, &acme, "Author", "ordinary", &["probe:use", "probe:write"]).await;
    let rival_role = host.create_role(&admin, &globex, "Reviewer", "ordinary", &["probe:use", "probe:review"]).await;
    host.create_account(&admin, &acme, "author", &[author_role]).await;
    host.create_account(&admin, &globex, "rival", &[rival_role]).await;
    let author = host.login("author", USER_PASSWORD).await;
    let rival = host.login("rival", USER_PASSWORD).await;
    let note = host.post("/probe/notes", &author, json!({ "text": "release notes" })).await.ok()["id"].clone();
    let submitted = host.post(&format!("/probe/notes/{}/submit", note.as_str().expect("id")), &author, json!({})).await;
    let approval: i64 = submitted.ok()["approvalId"].as_str().expect("id").parse().expect("a number");

    let waiting = |token: String, tenant: &'static str| {
        let host = &host;
        async move { host.post_as("/process-center/task-waiting/list", &token, tenant, json!({})).await }
    };
    let seen = waiting(admin.clone(), "ALL").await;
    assert_eq!(seen.ok()["total"], 1, "{:?}", seen.body);
    assert_eq!(seen.ok()["list"][0]["tenantId"].to_string(), acme);
    assert_eq!(seen.ok()["list"][0]["tenantName"], "Acme", "named with its enterprise");
    let by_rival = host.post("/process-center/task-waiting/list", &rival, json!({})).await;
    assert_eq!(by_rival.ok()["total"], 0, "another enterprise's reviewer");
    let by_rival = host.post("/process-center/task/decide", &rival, json!({ "id": approval, "approved": true })).await;
    assert_eq!(by_rival.code(), 404);
    let decided =
        host.post_as("/process-center/task/decide", &admin, "ALL", json!({ "id": approval, "approved": true })).await;
    decided.ok();
    let note = host.get(&format!("/probe/notes/{}", note.as_str().expect("id")), &author).await;
    assert_eq!(
        (note.ok()["review"].as_str(), note.ok()["by"].as_str()),
        (Some("approved"), Some("admin")),
        "{:?}",
        note.body
    );
}
