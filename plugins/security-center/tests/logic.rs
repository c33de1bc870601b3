//! The security centre's rules, natively, against the SDK's in-memory host: who sees which
//! report, who moves its status and along which edges.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use security_center::SecurityCenter;

const TEAM: &str = "security:report:handle";

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

fn as_user(host: &mut MemoryHost, id: i64, team: bool) {
    host.user_id = id;
    host.user_name = format!("user{id}");
    host.actions = if team { vec![TEAM.to_string()] } else { Vec::new() };
}

fn report(host: &mut MemoryHost, title: &str) -> String {
    let body = json!({ "title": title, "severity": "high", "product": "Litter box",
        "description": "The pairing endpoint accepts any token after a reboot.", "contact": "finder@example.com" });
    ok(host.call::<SecurityCenter>("POST", "/reports", body))["id"].as_str().unwrap().to_string()
}

#[test]
fn reporters_see_only_their_own_reports_and_the_team_sees_all() {
    let mut host = MemoryHost::new();
    as_user(&mut host, 7, false);
    let mine = report(&mut host, "Token reuse");
    as_user(&mut host, 8, false);
    let theirs = report(&mut host, "Open debug port");
    let listed = ok(host.call::<SecurityCenter>("GET", "/reports", Value::Null));
    assert_eq!(listed["total"], 1);
    assert_eq!(listed["list"][0]["title"], "Open debug port");
    assert_eq!(
        host.call::<SecurityCenter>("GET", &format!("/reports/{mine}"), Value::Null).0,
        404,
        "another's is not found"
    );
    let reply = json!({ "text": "me too" });
    assert_eq!(host.call::<SecurityCenter>("POST", &format!("/reports/{mine}/replies"), reply).0, 404);
    as_user(&mut host, 1, true);
    assert_eq!(ok(host.call::<SecurityCenter>("GET", "/reports", Value::Null))["total"], 2);
    let detail = ok(host.call::<SecurityCenter>("GET", &format!("/reports/{theirs}"), Value::Null));
    assert_eq!((detail["reporterId"].as_i64(), detail["team"].as_bool()), (Some(8), Some(true)));
}

#[test]
fn only_the_team_moves_the_status_along_the_workflow() {
    let mut host = MemoryHost::new();
    as_user(&mut host, 7, false);
    let id = report(&mut host, "Token reuse");
    let path = format!("/reports/{id}/replies");
    let forged = host.call::<SecurityCenter>("POST", &path, json!({ "text": "fixed it myself", "status": "fixed" }));
    assert_eq!(forged.0, 403, "a reporter cannot move the status");
    ok(host.call::<SecurityCenter>("POST", &path, json!({ "text": "Any news?" })));

    as_user(&mut host, 1, true);
    let skip = host.call::<SecurityCenter>("POST", &path, json!({ "text": "done", "status": "fixed" }));
    assert_eq!((skip.0, skip.1["field"].as_str()), (409, Some("status")), "submitted cannot jump to fixed");
    ok(host.call::<SecurityCenter>("POST", &path, json!({ "text": "Reproduced.", "status": "confirmed" })));
    let fixed = ok(host.call::<SecurityCenter>("POST", &path, json!({ "text": "Fixed in 2.4.1.", "status": "fixed" })));
    assert_eq!(fixed["status"], "fixed");
    let replies = fixed["replies"].as_array().unwrap();
    assert_eq!(replies.len(), 3);
    assert_eq!((replies[0]["fromTeam"].as_bool(), replies[2]["fromTeam"].as_bool()), (Some(false), Some(true)));
    let reopen = host.call::<SecurityCenter>("POST", &path, json!({ "text": "again", "status": "rejected" }));
    assert_eq!(reopen.0, 409, "a fixed report stays fixed");
}

#[test]
fn a_report_is_checked_field_by_field() {
    let mut host = MemoryHost::new();
    as_user(&mut host, 7, false);
    for (field, change) in [
        ("title", json!({ "title": "xs" })),
        ("severity", json!({ "severity": "urgent" })),
        ("description", json!({ "description": "too short" })),
        ("contact", json!({ "contact": "call me" })),
        ("uploadId", json!({ "uploadId": "up404" })),
    ] {
        let mut body = json!({ "title": "Token reuse", "severity": "low",
            "description": "The pairing endpoint accepts any token after a reboot.", "contact": "+49 30 1234567" });
        for (key, value) in change.as_object().unwrap() {
            body[key] = value.clone();
        }
        let refused = host.call::<SecurityCenter>("POST", "/reports", body);
        assert_eq!((refused.0, refused.1["field"].as_str()), (400, Some(field)), "{}", refused.1);
    }
    assert_eq!(ok(host.call::<SecurityCenter>("GET", "/reports", Value::Null))["total"], 0);
}
