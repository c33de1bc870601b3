//! The messaging plugin's mail logic, natively, against the SDK's in-memory host.

use console_plugin_sdk::host::Security;
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use messaging::Messaging;

fn host() -> MemoryHost {
    MemoryHost::new()
        .unique("servers", &["serverName"])
        .unique("templates", &["templateName", "lang"])
        .unique("sms_signatures", &["signature"])
}

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

fn server(host: &mut MemoryHost) -> String {
    let body = json!({ "serverName": "Aliyun", "mailType": "aliyun", "domain": "smtpdm.aliyun.com", "port": 465, "ssl": true,
                       "senderAddress": "noreply@example.com", "senderName": "Device Console", "password": "mail-secret-1" });
    let created = ok(host.call::<Messaging>("POST", "/mail/servers", body));
    assert!(created.get("password").is_none() && created["passwordHint"] == "••••••et-1");
    assert!(!host.stored_text("servers").contains("mail-secret-1"), "sealed at rest");
    created["id"].as_str().expect("id").to_string()
}

#[test]
fn servers_need_every_field_the_spec_lists() {
    let mut host = host();
    for field in ["serverName", "mailType", "domain", "port", "senderAddress", "password"] {
        let mut body = json!({ "serverName": "S", "mailType": "163", "domain": "smtp.163.com", "port": 465, "senderAddress": "a@b.cn", "password": "pw" });
        body.as_object_mut().expect("object").remove(field);
        let (status, answer) = host.call::<Messaging>("POST", "/mail/servers", body);
        assert_eq!((status, answer["field"].as_str()), (400, Some(field)), "{answer}");
    }
}

#[test]
fn templates_declare_their_placeholders_and_render_per_language() {
    let mut host = host();
    let unknown = host.call::<Messaging>("POST", "/mail/templates", json!({ "templateName": "welcome", "lang": "en", "subject": "Hi {{ name }}", "content": "Your code is {{ code }}", "placeholders": ["name"] }));
    assert_eq!((unknown.0, unknown.1["field"].as_str()), (400, Some("content")));
    assert!(unknown.1["msg"].as_str().unwrap_or("").contains("code"), "names the placeholder: {}", unknown.1);
    ok(host.call::<Messaging>("POST", "/mail/templates", json!({ "templateName": "welcome", "lang": "en", "subject": "Hi {{ name }}", "content": "Your code is {{ code }}", "placeholders": ["name", "code"] })));
    ok(host.call::<Messaging>("POST", "/mail/templates", json!({ "templateName": "welcome", "lang": "zhCn", "subject": "{{ name }}，你好", "content": "验证码 {{ code }}", "headerSignature": "设备控制台", "placeholders": ["name", "code"] })));
    let zh = ok(host.call::<Messaging>(
        "POST",
        "/mail/templates/preview",
        json!({ "templateName": "welcome", "lang": "zhCn", "values": { "name": "小明", "code": "4821" } }),
    ));
    assert_eq!(
        (zh["subject"].as_str(), zh["html"].as_str()),
        (Some("小明，你好"), Some("验证码 4821<br><br>设备控制台"))
    );
    let fallback = ok(host.call::<Messaging>(
        "POST",
        "/mail/templates/preview",
        json!({ "templateName": "welcome", "lang": "de", "values": { "name": "Max", "code": "1" } }),
    ));
    assert_eq!(
        (fallback["lang"].as_str(), fallback["subject"].as_str()),
        (Some("en"), Some("Hi Max")),
        "English when the language has none"
    );
    let missing = host.call::<Messaging>(
        "POST",
        "/mail/templates/preview",
        json!({ "templateName": "welcome", "lang": "en", "values": { "name": "Max" } }),
    );
    assert_eq!(missing.1["field"], "values.code");
}

#[test]
fn a_test_mail_is_sent_through_the_server_and_a_failure_is_kept_for_retry() {
    let mut host = host();
    let id = server(&mut host);
    let sent = ok(host.call::<Messaging>(
        "POST",
        &format!("/mail/servers/{id}/test"),
        json!({ "to": "ops@example.com\nqa@example.com" }),
    ));
    assert_eq!((sent["status"].as_str(), sent["attempts"].as_u64()), (Some("sent"), Some(1)));
    let (smtp, mail) = host.mails.last().expect("sent").clone();
    assert_eq!(
        (smtp.host.as_str(), smtp.port, smtp.security, smtp.password.as_str()),
        ("smtpdm.aliyun.com", 465, Security::Tls, "mail-secret-1")
    );
    assert_eq!(mail.to, vec!["ops@example.com", "qa@example.com"]);

    host.mail_error = Some("connection refused".into());
    let failed =
        ok(host.call::<Messaging>("POST", &format!("/mail/servers/{id}/test"), json!({ "to": "ops@example.com" })));
    assert_eq!((failed["status"].as_str(), failed["error"].as_str()), (Some("failed"), Some("connection refused")));
    let records = ok(host.call_with::<Messaging>("GET", "/mail/records", &[("status", "failed")], Value::Null, "en"));
    assert_eq!(records["total"], 1, "kept with its error");
    host.mail_error = None;
    let record = failed["id"].as_str().expect("id");
    let retried = ok(host.call::<Messaging>("POST", &format!("/mail/records/{record}/retry"), Value::Null));
    assert_eq!((retried["status"].as_str(), retried["attempts"].as_u64()), (Some("sent"), Some(2)));
    assert_eq!(host.mails.len(), 2);
}

#[test]
fn the_capacity_alarm_fires_past_the_threshold_once_per_interval() {
    let mut host = host();
    let id = server(&mut host);
    let refused = host.call::<Messaging>("POST", "/mail/alarms", json!({ "serverId": id, "threshold": 150, "capacity": 4, "alarmCount": 3, "intervalMinutes": 30, "alarmTime": "00:00", "recipients": "admin@example.com" }));
    assert_eq!(refused.1["field"], "threshold");
    // Every field of an alarm is required, its time of day too (00:00 lets it go out at any time).
    let untimed = host.call::<Messaging>("POST", "/mail/alarms", json!({ "serverId": id, "threshold": 50, "capacity": 4, "alarmCount": 3, "intervalMinutes": 30, "recipients": "admin@example.com" }));
    assert_eq!(untimed.1["field"], "alarmTime");
    ok(host.call::<Messaging>("POST", "/mail/alarms", json!({ "serverId": id, "threshold": 50, "capacity": 4, "alarmCount": 3, "intervalMinutes": 30, "alarmTime": "00:00", "recipients": "admin@example.com" })));
    let alarms =
        |host: &MemoryHost| host.mails.iter().filter(|(_, m)| m.subject.starts_with("Mailbox capacity alarm")).count();
    ok(host.call::<Messaging>("POST", &format!("/mail/servers/{id}/test"), json!({ "to": "a@example.com" })));
    assert_eq!(alarms(&host), 0, "1 of 4 is under 50 %");
    ok(host.call::<Messaging>("POST", &format!("/mail/servers/{id}/test"), json!({ "to": "a@example.com" })));
    assert_eq!(alarms(&host), 1, "2 of 4 reaches 50 %");
    ok(host.call::<Messaging>("POST", &format!("/mail/servers/{id}/test"), json!({ "to": "a@example.com" })));
    assert_eq!(alarms(&host), 1, "not again within 30 minutes");
    host.now_ms += 30 * 60_000;
    ok(host.call::<Messaging>("POST", &format!("/mail/servers/{id}/test"), json!({ "to": "a@example.com" })));
    assert_eq!(alarms(&host), 2, "again after the interval");
    assert_eq!(host.mails.last().map(|(_, m)| m.to.clone()), Some(vec!["admin@example.com".to_string()]));
}

#[test]
fn the_capacity_alarm_waits_for_its_time_of_day() {
    let mut host = host();
    host.now_ms = 1_767_225_600_000 + 7 * 3_600_000; // 2026-01-01 07:00 UTC
    let id = server(&mut host);
    let alarm = |time: &str| json!({ "serverId": id, "threshold": 50, "capacity": 2, "alarmCount": 3, "intervalMinutes": 30, "recipients": "admin@example.com", "alarmTime": time });
    let refused = host.call::<Messaging>("POST", "/mail/alarms", alarm("9:00"));
    assert_eq!(refused.1["field"], "alarmTime");
    ok(host.call::<Messaging>("POST", "/mail/alarms", alarm("09:00")));
    let alarms =
        |host: &MemoryHost| host.mails.iter().filter(|(_, m)| m.subject.starts_with("Mailbox capacity alarm")).count();
    ok(host.call::<Messaging>("POST", &format!("/mail/servers/{id}/test"), json!({ "to": "a@example.com" })));
    assert_eq!(alarms(&host), 0, "past the threshold at 07:00, before the alarm time");
    host.now_ms += 2 * 3_600_000;
    ok(host.call::<Messaging>("POST", &format!("/mail/servers/{id}/test"), json!({ "to": "a@example.com" })));
    assert_eq!(alarms(&host), 1, "at 09:00 it goes out");
}

#[test]
fn a_daily_email_task_runs_when_due_and_moves_to_the_next_day() {
    use console_plugin_sdk::{Context, Plugin};
    let mut host = host();
    let id = server(&mut host);
    ok(host.call::<Messaging>("POST", "/mail/templates", json!({ "templateName": "report", "lang": "en", "subject": "Daily report for {{ site }}", "content": "All good", "placeholders": ["site"] })));
    let now = host.now_ms;
    let task = json!({ "taskName": "Morning", "serverId": id, "templateName": "report", "lang": "en", "values": { "site": "Lab" },
                       "recipients": "boss@example.com", "cycle": "daily", "firstRunAt": now + 1000 });
    let created = ok(host.call::<Messaging>("POST", "/mail/tasks", task));
    Messaging::run_job(&mut host, "email-tasks", &Context::default()).expect("job");
    assert!(host.mails.is_empty(), "not due yet");
    host.now_ms += 1000;
    Messaging::run_job(&mut host, "email-tasks", &Context::default()).expect("job");
    assert_eq!(host.mails.last().map(|(_, m)| m.subject.clone()), Some("Daily report for Lab".to_string()));
    let listed = ok(host.call_with::<Messaging>("GET", "/mail/tasks", &[], Value::Null, "en"));
    assert_eq!(listed["list"][0]["nextRunAt"], created["nextRunAt"].as_i64().unwrap_or(0) + 86_400_000);
    assert_eq!(listed["list"][0]["lastStatus"], "sent");
    Messaging::run_job(&mut host, "email-tasks", &Context::default()).expect("job");
    assert_eq!(host.mails.len(), 1, "once a day");
}

#[test]
fn editing_sms_and_push_settings_keeps_secrets_left_empty() {
    let mut host = host();
    let platform = ok(host.call::<Messaging>(
        "POST",
        "/sms/platforms",
        json!({ "platformName": "P", "endpoint": "https://sms.example.com/send", "apiKey": "key-000000000001" }),
    ));
    let id = platform["id"].as_str().expect("id").to_string();
    let edited = ok(host.call::<Messaging>(
        "PUT",
        &format!("/sms/platforms/{id}"),
        json!({ "platformName": "P2", "endpoint": "https://sms.example.com/v2", "apiKey": "" }),
    ));
    assert_eq!((edited["platformName"].as_str(), edited["apiKeyHint"].as_str()), (Some("P2"), Some("••••••0001")));
    assert!(host.stored_text("sms_platforms").contains("sealed:"), "still sealed");

    let config = ok(host.call::<Messaging>("POST", "/push/configs", json!({ "configName": "A", "pushType": "fcm", "endpoint": "https://fcm.example.com", "appKey": "k", "secret": "s-000000000001", "active": true })));
    let second = ok(host.call::<Messaging>("POST", "/push/configs", json!({ "configName": "B", "pushType": "fcm", "endpoint": "https://fcm.example.com", "appKey": "k", "secret": "s-000000000002", "active": true })));
    let first = ok(host.call_with::<Messaging>("GET", "/push/configs", &[], Value::Null, "en"))["list"]
        .as_array()
        .expect("list")
        .iter()
        .find(|c| c["configName"] == "A")
        .cloned()
        .expect("A");
    assert_eq!(first["active"], false, "one active configuration per type");
    let id = config["id"].as_str().expect("id");
    let reactivated = ok(host.call::<Messaging>("PUT", &format!("/push/configs/{id}"), json!({ "configName": "A", "pushType": "fcm", "endpoint": "https://fcm.example.com", "appKey": "k", "secret": "", "active": true })));
    assert_eq!((reactivated["active"].as_bool(), reactivated["secretHint"].as_str()), (Some(true), Some("••••••0001")));
    let listed = ok(host.call_with::<Messaging>("GET", "/push/configs", &[], Value::Null, "en"));
    let b = listed["list"].as_array().expect("list").iter().find(|c| c["id"] == second["id"]).cloned().expect("B");
    assert_eq!(b["active"], false);

    // An APNs configuration's folder and its file's verification password: sealed, never answered.
    let apns = json!({ "configName": "APNs", "pushType": "apns", "endpoint": "https://api.push.apple.com", "appKey": "team", "secret": "s-000000000003", "folderPath": "certs/apns/prod", "verificationPassword": "p12-pass-4242" });
    let saved = ok(host.call::<Messaging>("POST", "/push/configs", apns));
    assert_eq!(
        (saved["folderPath"].as_str(), saved["hasVerificationPassword"].as_bool()),
        (Some("certs/apns/prod"), Some(true))
    );
    assert!(saved.get("verificationPassword").is_none() && !host.stored_text("push_configs").contains("p12-pass-4242"));
    let kept = ok(host.call::<Messaging>("PUT", &format!("/push/configs/{}", saved["id"].as_str().expect("id")), json!({ "configName": "APNs", "pushType": "apns", "endpoint": "https://api.push.apple.com", "appKey": "team", "secret": "", "folderPath": "certs/apns/prod" })));
    assert_eq!(kept["hasVerificationPassword"], true, "left empty, kept");
    // A notice's template carries the code it is for: required, as the rest of the template.
    let uncoded = host.call::<Messaging>(
        "POST",
        "/push/templates",
        json!({ "templateName": "bin-full", "lang": "en", "title": "Bin full", "content": "Empty the dust bin." }),
    );
    assert_eq!(uncoded.1["field"], "errorCode");
    let template = ok(host.call::<Messaging>("POST", "/push/templates", json!({ "templateName": "bin-full", "errorCode": "E1024", "lang": "en", "title": "Bin full", "content": "Empty the dust bin." })));
    assert_eq!(template["errorCode"], "E1024");
}
