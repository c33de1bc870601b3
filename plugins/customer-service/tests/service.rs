//! Work orders, seats, the queue and chats against the in-memory host: every status × action pair
//! of the work-order table, the rules and their messages (summary, rating, empty message), SLA
//! breaches, seat periods across time zones, and the queue handing waiting users to seats with
//! room while telling the others how many wait ahead.

use console_plugin_sdk::host::Account;
use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use customer_service::CustomerService;
use customer_service::order_flow::{self, ACTIONS, Action, STATUSES, Status};
use customer_service::periods::{self, Period};
use customer_service::work_orders::WORK_ORDERS;

/// 2026-11-26 (a Thursday) 02:00 UTC: 10:00 in Shanghai, 03:00 in Berlin.
const THURSDAY_2_UTC: i64 = 1_795_658_400_000;
const MINUTE: i64 = 60_000;

const ANN: (i64, &str) = (11, "ann");
const BOB: (i64, &str) = (12, "bob");
const CID: (i64, &str) = (13, "cid");

fn host() -> MemoryHost {
    let mut host = MemoryHost::new().unique("chats", &["openKey"]);
    host.now_ms = THURSDAY_2_UTC;
    host.plugins.insert("product-service".into(), |_, path, _| match path {
        "/internal/products/p1" => (200, json!({ "id": "p1", "name": "RV20" })),
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
    host.plugins.insert("device-service".into(), |_, path, _| match path {
        "/internal/devices/SN001" => (200, json!({ "sn": "SN001", "productId": "p1", "productName": "RV20" })),
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
    host.plugins.insert("app-service".into(), |_, _, body| {
        let token = body["token"].as_str().unwrap_or_default();
        match token.strip_suffix("-session") {
            Some(user) => (200, json!({ "username": format!("{user}@example.com") })),
            None => (400, json!({ "field": "userToken", "msg": "The sign-in has expired; please sign in again." })),
        }
    });
    host.accounts = [ANN, BOB, CID]
        .iter()
        .map(|(id, name)| Account { id: *id, user_name: name.to_string(), name: name.to_uppercase(), disabled: false })
        .collect();
    host
}

/// A console user's call.
fn as_agent(host: &mut MemoryHost, agent: (i64, &str), method: &str, path: &str, body: Value) -> (u16, Value) {
    host.user_id = agent.0;
    host.user_name = agent.1.into();
    host.call::<CustomerService>(method, path, body)
}

fn ok(host: &mut MemoryHost, agent: (i64, &str), method: &str, path: &str, body: Value) -> Value {
    let (status, answer) = as_agent(host, agent, method, path, body);
    assert_eq!(status, 200, "{method} {path}: {answer}");
    answer
}

/// An app user's call, with the app's key and the user's session.
fn as_user(host: &mut MemoryHost, user: &str, path: &str, mut body: Value) -> (u16, Value) {
    host.as_device("robot-home-app");
    body["userToken"] = json!(format!("{user}-session"));
    host.call::<CustomerService>("POST", path, body)
}

fn user_ok(host: &mut MemoryHost, user: &str, path: &str, body: Value) -> Value {
    let (status, answer) = as_user(host, user, path, body);
    assert_eq!(status, 200, "{user} {path}: {answer}");
    answer
}

/// A schedule of the manifest, as the host runs it for the enterprise.
fn run_job(host: &mut MemoryHost, name: &str) {
    let context = console_plugin_sdk::Context { tenant_id: 1, lang: "en".into(), ..Default::default() };
    <CustomerService as console_plugin_sdk::Plugin>::run_job(host, name, &context).expect("the job ran");
}

fn id(answer: &Value) -> String {
    answer["id"].as_str().expect("an id").to_string()
}

/// Every day, all day.
fn always() -> Value {
    json!([{ "days": "everyday", "start": "00:00", "end": "24:00" }])
}

fn seat(host: &mut MemoryHost, number: &str, agent: (i64, &str), max_users: u32, periods: Value, zone: &str) -> String {
    let body =
        json!({ "number": number, "userName": agent.1, "maxUsers": max_users, "timeZone": zone, "periods": periods });
    id(&ok(host, ANN, "POST", "/seats", body))
}

/// The agent opens the workspace: his seat is online.
fn online(host: &mut MemoryHost, agent: (i64, &str)) -> Value {
    ok(host, agent, "POST", "/workspace/presence", json!({}))
}

fn question_type(host: &mut MemoryHost) -> String {
    id(&ok(host, ANN, "POST", "/question-types", json!({ "name": "Cleaning" })))
}

// The work-order table.

/// An order of `user` in `status`, handled by Ann's seat unless unassigned.
fn order_in(host: &mut MemoryHost, user: &str, status: Status, type_id: &str, ann_seat: &str) -> String {
    let body = json!({ "description": "It stopped", "questionTypeId": type_id, "deviceSn": "SN001" });
    let order = user_ok(host, user, "/app/work-orders", body);
    let order_id = id(&order);
    let mut doc = WORK_ORDERS.get(host, &order_id).expect("read").expect("stored");
    doc.data.status = status;
    if status != Status::Unassigned {
        doc.data.handler_seat_id = ann_seat.into();
        doc.data.handler_id = ANN.0;
        doc.data.handler_name = "ANN".into();
    }
    if status == Status::Handled || status == Status::Closed {
        doc.data.summary_content = "Reset the brush.".into();
    }
    WORK_ORDERS.update(host, &order_id, &doc.data, None).expect("set");
    // One order a minute per user.
    host.now_ms += MINUTE;
    order_id
}

/// Does `action` to an order as who would: the user rates and urges, Ann does the rest.
fn act(host: &mut MemoryHost, user: &str, order_id: &str, action: Action, bob_seat: &str) -> (u16, Value) {
    match action {
        Action::Rate => as_user(
            host,
            user,
            "/app/work-orders/rate",
            json!({ "workOrderId": order_id, "score": "satisfied", "solved": true }),
        ),
        Action::Urge => as_user(host, user, &format!("/app/work-orders/{order_id}/urge"), json!({})),
        other => {
            let body = json!({ "seatId": bob_seat, "engineer": "Eve", "summaryContent": "Reset the brush." });
            let path = format!("/work-orders/{order_id}/{}", order_flow::action_code(other));
            as_agent(host, ANN, "POST", &path, body)
        }
    }
}

#[test]
fn every_status_and_action_pair_follows_the_work_order_table() {
    let mut host = host();
    let ann_seat = seat(&mut host, "A01", ANN, 5, always(), "UTC");
    let bob_seat = seat(&mut host, "B01", BOB, 5, always(), "UTC");
    let type_id = question_type(&mut host);
    let mut tried = 0;
    for (n, status) in STATUSES.into_iter().enumerate() {
        for (m, action) in ACTIONS.into_iter().enumerate() {
            let user = format!("u{n}{m}");
            let order_id = order_in(&mut host, &user, status, &type_id, &ann_seat);
            let (code, answer) = act(&mut host, &user, &order_id, action, &bob_seat);
            let now = WORK_ORDERS.get(&mut host, &order_id).expect("read").expect("kept").data;
            match order_flow::next(status, action) {
                Some(to) => {
                    assert_eq!(code, 200, "{status:?} × {action:?}: {answer}");
                    assert_eq!(now.status, to, "{status:?} × {action:?}");
                    assert_eq!(now.history.last().map(|s| s.action.as_str()), Some(order_flow::action_code(action)));
                }
                None => {
                    assert_eq!(code, 409, "{status:?} × {action:?} must be refused: {answer}");
                    let msg = answer["msg"].as_str().unwrap_or_default();
                    let (s, a) = (order_flow::status_code(status), order_flow::action_code(action));
                    let expected = format!(
                        "A work order that is {} cannot be given “{}”.",
                        order_flow::status_name(s, 1),
                        order_flow::action_name(a, 1)
                    );
                    assert_eq!(msg, expected);
                    assert_eq!(now.status, status, "{status:?} × {action:?} changed nothing");
                }
            }
            tried += 1;
        }
    }
    assert_eq!(tried, STATUSES.len() * ACTIONS.len());
}

#[test]
fn only_the_handler_acts_on_an_order_but_anyone_handling_orders_may_transfer_it() {
    let mut host = host();
    let ann_seat = seat(&mut host, "A01", ANN, 5, always(), "UTC");
    let bob_seat = seat(&mut host, "B01", BOB, 5, always(), "UTC");
    let type_id = question_type(&mut host);
    let order_id = order_in(&mut host, "dan", Status::Unassigned, &type_id, &ann_seat);
    ok(&mut host, ANN, "POST", &format!("/work-orders/{order_id}/assign"), json!({}));
    let (code, refused) = as_agent(&mut host, BOB, "POST", &format!("/work-orders/{order_id}/process"), json!({}));
    assert_eq!((code, refused["msg"].as_str()), (409, Some("Another seat handles this work order.")));
    // Bob dispatches it to himself; it is his now, and Ann's console hears nothing of it.
    let moved = ok(&mut host, BOB, "POST", &format!("/work-orders/{order_id}/transfer"), json!({ "seatId": bob_seat }));
    assert_eq!((moved["handlerId"].as_i64(), moved["status"].as_str()), (Some(BOB.0), Some("assigned")));
    assert!(host.notified.iter().any(|(user, topic, _)| *user == BOB.0 && topic == "customer-service.order"));
    let mine = ok(&mut host, BOB, "GET", "/work-orders/mine", Value::Null);
    assert_eq!(mine["total"], 1);
    assert_eq!(ok(&mut host, ANN, "GET", "/work-orders/mine", Value::Null)["total"], 0);
}

/// "A work-order summary is required", and it is sent to the user, into the chat.
#[test]
fn closing_needs_a_summary_which_reaches_the_users_chat() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 5, always(), "UTC");
    online(&mut host, ANN);
    let chat = user_ok(&mut host, "dan", "/app/chats", json!({ "language": "en" }));
    let chat_id = id(&chat);
    user_ok(&mut host, "dan", &format!("/app/chats/{chat_id}/send"), json!({ "text": "My robot is stuck" }));
    user_ok(&mut host, "dan", &format!("/app/chats/{chat_id}/human"), json!({}));
    let (code, refused) = as_agent(
        &mut host,
        ANN,
        "POST",
        &format!("/workspace/chats/{chat_id}/end"),
        json!({ "workOrder": true, "summaryContent": "  " }),
    );
    assert_eq!(
        (code, refused["field"].as_str(), refused["msg"].as_str()),
        (400, Some("summaryContent"), Some("A work-order summary is required."))
    );
    host.live.clear();
    let body = json!({ "workOrder": true, "summaryTitle": "Stuck", "summaryContent": "Cleaned the wheel." });
    let ended = ok(&mut host, ANN, "POST", &format!("/workspace/chats/{chat_id}/end"), body);
    assert_eq!(ended["state"], "disconnected");
    let order_id = ended["workOrderId"].as_str().expect("an order").to_string();
    let order = WORK_ORDERS.get(&mut host, &order_id).expect("read").expect("kept").data;
    assert_eq!(
        (order.status, order.kind.as_str(), order.description.as_str()),
        (Status::Closed, "online", "My robot is stuck")
    );
    let told = host.live.iter().find(|(c, m)| *c == format!("chat:{chat_id}") && m["message"]["event"] == "workOrder");
    let told = told.expect("the summary went into the chat");
    assert_eq!(told.1["message"]["detail"]["summaryContent"], "Cleaned the wheel.");
}

/// "Please select a work order to rate", "please select whether the problem is solved".
#[test]
fn rating_needs_an_order_and_whether_the_problem_is_solved_and_happens_once() {
    let mut host = host();
    let ann_seat = seat(&mut host, "A01", ANN, 5, always(), "UTC");
    let type_id = question_type(&mut host);
    let order_id = order_in(&mut host, "dan", Status::Handled, &type_id, &ann_seat);
    let (code, refused) =
        as_user(&mut host, "dan", "/app/work-orders/rate", json!({ "score": "average", "solved": true }));
    assert_eq!((code, refused["msg"].as_str()), (400, Some("Please select a work order to rate.")));
    let (code, refused) =
        as_user(&mut host, "dan", "/app/work-orders/rate", json!({ "workOrderId": order_id, "score": "average" }));
    assert_eq!((code, refused["msg"].as_str()), (400, Some("Please select whether the problem is solved.")));
    let (code, _) = as_user(
        &mut host,
        "eve",
        "/app/work-orders/rate",
        json!({ "workOrderId": order_id, "score": "average", "solved": true }),
    );
    assert_eq!(code, 400, "another user's order is not his to rate");
    let rated = user_ok(
        &mut host,
        "dan",
        "/app/work-orders/rate",
        json!({ "workOrderId": order_id, "score": "unsatisfied", "solved": false, "comment": "Still stuck" }),
    );
    assert_eq!((rated["status"].as_str(), rated["resolved"].as_bool()), (Some("closed"), Some(false)));
    assert_eq!(rated["rating"]["score"], "unsatisfied");
    let (code, refused) = as_user(
        &mut host,
        "dan",
        "/app/work-orders/rate",
        json!({ "workOrderId": order_id, "score": "satisfied", "solved": true }),
    );
    assert_eq!((code, refused["msg"].as_str()), (409, Some("This work order has already been rated.")));
}

#[test]
fn an_order_past_its_sla_targets_is_marked_breached_and_listed() {
    let mut host = host();
    let body = json!({ "firstResponseMinutes": 30, "resolutionHours": 2, "queueLimit": 100 });
    ok(&mut host, ANN, "PUT", "/settings", body);
    let type_id = question_type(&mut host);
    let late =
        user_ok(&mut host, "dan", "/app/work-orders", json!({ "description": "Noisy", "questionTypeId": type_id }));
    let stored = WORK_ORDERS.get(&mut host, late["id"].as_str().expect("id")).expect("read").expect("kept").data;
    assert_eq!(stored.due_first_response, THURSDAY_2_UTC + 30 * MINUTE);
    assert!(late.get("history").is_none() && late.get("handlerId").is_none(), "the user sees no staff fields: {late}");
    host.now_ms += 20 * MINUTE;
    let on_time =
        user_ok(&mut host, "eve", "/app/work-orders", json!({ "description": "Loud", "questionTypeId": type_id }));
    let list = ok(&mut host, ANN, "GET", "/work-orders", Value::Null);
    let left: Vec<i64> = list["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|o| o["firstResponseLeftMs"].as_i64().expect("left"))
        .collect();
    assert_eq!(left, [30 * MINUTE, 10 * MINUTE], "the time left shown on each, newest first");

    host.now_ms += 11 * MINUTE;
    run_job(&mut host, "sla");
    host.user_id = ANN.0;
    let (code, breached) =
        host.call_with::<CustomerService>("GET", "/work-orders", &[("breached", "true")], Value::Null, "en");
    assert_eq!(code, 200, "{breached}");
    let numbers: Vec<&str> =
        breached["list"].as_array().expect("list").iter().filter_map(|o| o["number"].as_str()).collect();
    assert_eq!(numbers, [late["number"].as_str().expect("number")]);
    assert_ne!(numbers[0], on_time["number"].as_str().expect("number"));
}

// Seats and their periods.

fn period(days: &str, start: &str, end: &str) -> Period {
    Period { days: days.into(), start: start.into(), end: end.into() }
}

#[test]
fn a_seat_is_on_duty_only_within_its_periods_read_in_its_own_time_zone() {
    let weekdays = [period("weekdays", "09:00", "18:00")];
    // 10:00 on Thursday in Shanghai, 03:00 in Berlin, 21:00 on Wednesday in New York.
    assert!(periods::on_duty(&weekdays, "Asia/Shanghai", THURSDAY_2_UTC));
    assert!(!periods::on_duty(&weekdays, "Europe/Berlin", THURSDAY_2_UTC));
    assert!(!periods::on_duty(&weekdays, "America/New_York", THURSDAY_2_UTC));
    // 18:00 is the end: not included.
    assert!(!periods::on_duty(&weekdays, "Asia/Shanghai", THURSDAY_2_UTC + 8 * 60 * MINUTE));
    // The weekend, and a single weekday.
    let saturday_noon_utc = THURSDAY_2_UTC + 2 * 24 * 60 * MINUTE + 10 * 60 * MINUTE;
    assert!(periods::on_duty(&[period("weekend", "08:00", "20:00")], "Europe/London", saturday_noon_utc));
    assert!(!periods::on_duty(&weekdays, "Europe/London", saturday_noon_utc));
    assert!(periods::on_duty(&[period("thu", "09:00", "11:00")], "Asia/Shanghai", THURSDAY_2_UTC));
    assert!(!periods::on_duty(&[period("fri", "09:00", "11:00")], "Asia/Shanghai", THURSDAY_2_UTC));
    // A night shift of Wednesday runs into Thursday morning: 03:00 in Berlin.
    let night = [period("wed", "22:00", "06:00")];
    assert!(periods::on_duty(&night, "Europe/Berlin", THURSDAY_2_UTC));
    assert!(!periods::on_duty(&night, "Asia/Shanghai", THURSDAY_2_UTC));
    // Summer time: 2026-03-30 07:30 UTC is 09:30 in Berlin (UTC+2), not 08:30.
    let after_the_change = 1_774_855_800_000;
    assert!(periods::on_duty(&[period("mon", "09:00", "10:00")], "Europe/Berlin", after_the_change));
}

#[test]
fn a_seats_periods_time_zone_and_account_are_checked() {
    let mut host = host();
    let body = |periods: Value, zone: &str, user: &str| json!({ "number": "A01", "userName": user, "maxUsers": 3, "timeZone": zone, "periods": periods });
    let refusals = [
        (body(json!([{ "days": "weekdays", "start": "9:00", "end": "18:00" }]), "UTC", "ann"), "periods"),
        (body(json!([{ "days": "weekdays", "start": "09:00", "end": "09:00" }]), "UTC", "ann"), "periods"),
        (body(json!([{ "days": "someday", "start": "09:00", "end": "18:00" }]), "UTC", "ann"), "periods"),
        (body(json!([]), "UTC", "ann"), "periods"),
        (body(always(), "Mars/Olympus", "ann"), "timeZone"),
        (body(always(), "UTC", "nobody"), "userName"),
    ];
    for (input, field) in refusals {
        let (code, refused) = as_agent(&mut host, ANN, "POST", "/seats", input.clone());
        assert_eq!((code, refused["field"].as_str()), (400, Some(field)), "{input}: {refused}");
    }
    seat(&mut host, "A01", ANN, 3, always(), "Asia/Shanghai");
    let again = json!({ "number": "A02", "userName": "ann", "maxUsers": 3, "timeZone": "UTC", "periods": always() });
    let (code, refused) = as_agent(&mut host, ANN, "POST", "/seats", again);
    assert_eq!((code, refused["msg"].as_str()), (400, Some("This account already has a seat.")));
}

// The queue.

fn ask_for_a_person(host: &mut MemoryHost, user: &str) -> Value {
    let chat = user_ok(host, user, "/app/chats", json!({ "language": "en" }));
    user_ok(host, user, &format!("/app/chats/{}/human", id(&chat)), json!({}))
}

#[test]
fn waiting_users_go_to_the_seat_with_room_and_the_rest_wait_seeing_how_many_are_ahead() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 1, always(), "UTC");
    seat(&mut host, "B01", BOB, 2, always(), "UTC");
    // Cid works Fridays only: on this Thursday his seat is off duty, online or not.
    seat(&mut host, "C01", CID, 5, json!([{ "days": "fri", "start": "00:00", "end": "24:00" }]), "UTC");
    for agent in [ANN, BOB, CID] {
        online(&mut host, agent);
    }
    let first: Vec<Value> = ["u1", "u2", "u3"].iter().map(|u| ask_for_a_person(&mut host, u)).collect();
    let seats: Vec<&str> = first.iter().map(|c| c["seatNumber"].as_str().unwrap_or("")).collect();
    assert!(first.iter().all(|c| c["state"] == "connected"), "{first:?}");
    let on_bob = seats.iter().filter(|s| **s == "B01").count();
    assert_eq!((seats.iter().filter(|s| **s == "A01").count(), on_bob), (1, 2), "by room: {seats:?}");

    // Every seat with room is full (Cid's is off duty): the next two wait, and see it.
    let u4 = ask_for_a_person(&mut host, "u4");
    let u5 = ask_for_a_person(&mut host, "u5");
    assert_eq!(
        (u4["state"].as_str(), u4["ahead"].as_u64(), u4["waiting"].as_u64()),
        (Some("queued"), Some(0), Some(1))
    );
    assert_eq!(
        (u5["state"].as_str(), u5["ahead"].as_u64(), u5["waiting"].as_u64()),
        (Some("queued"), Some(1), Some(2))
    );
    let told = host.live.iter().rev().find(|(c, m)| *c == format!("chat:{}", id(&u5)) && m["type"] == "state");
    assert_eq!(told.expect("u5's app was told").1["chat"]["ahead"], 1);

    // Ann ends her chat: u4 gets her place at once, and the apps in the queue hear it leave.
    let anns = first.iter().find(|c| c["seatNumber"] == "A01").expect("Ann's chat");
    host.live.clear();
    ok(&mut host, ANN, "POST", &format!("/workspace/chats/{}/end", id(anns)), json!({}));
    let u4_now = user_ok(&mut host, "u4", &format!("/app/chats/{}/state", id(&u4)), json!({}));
    assert_eq!((u4_now["state"].as_str(), u4_now["seatNumber"].as_str()), (Some("connected"), Some("A01")));
    let left = host.live.iter().find(|(c, m)| c == "queue" && m["type"] == "queue").expect("the queue moved");
    assert_eq!(left.1["left"], u4["ticket"]);
    let u5_now = user_ok(&mut host, "u5", &format!("/app/chats/{}/state", id(&u5)), json!({}));
    assert_eq!((u5_now["ahead"].as_u64(), u5_now["waiting"].as_u64()), (Some(0), Some(1)));

    // Bob switches to busy and ends a chat: nobody is handed to him. Back from busy, u5 is.
    ok(&mut host, BOB, "POST", "/workspace/busy", json!({ "busy": true }));
    let bobs = first.iter().find(|c| c["seatNumber"] == "B01").expect("Bob's chat");
    ok(&mut host, BOB, "POST", &format!("/workspace/chats/{}/end", id(bobs)), json!({}));
    let u5_now = user_ok(&mut host, "u5", &format!("/app/chats/{}/state", id(&u5)), json!({}));
    assert_eq!(u5_now["state"], "queued", "a busy seat takes no chat");
    ok(&mut host, BOB, "POST", "/workspace/busy", json!({ "busy": false }));
    let u5_now = user_ok(&mut host, "u5", &format!("/app/chats/{}/state", id(&u5)), json!({}));
    assert_eq!((u5_now["state"].as_str(), u5_now["seatNumber"].as_str()), (Some("connected"), Some("B01")));
    assert!(
        host.notified.iter().any(|(user, _, m)| *user == BOB.0 && m["type"] == "assigned" && m["chatId"] == id(&u5))
    );
}

#[test]
fn an_agent_who_left_is_not_given_chats_and_his_chats_go_back_to_the_head_of_the_queue() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 2, always(), "UTC");
    online(&mut host, ANN);
    let early = ask_for_a_person(&mut host, "u1");
    assert_eq!(early["seatNumber"], "A01");
    // Ann's page stops saying she is there.
    host.now_ms += customer_service::seats::ONLINE_MS + 1;
    let late = ask_for_a_person(&mut host, "u2");
    assert_eq!(late["state"], "queued", "an offline seat takes no chat");
    host.now_ms += customer_service::queue::AGENT_GONE_MS;
    // The users' apps are still there.
    user_ok(&mut host, "u1", &format!("/app/chats/{}/state", id(&early)), json!({}));
    user_ok(&mut host, "u2", &format!("/app/chats/{}/state", id(&late)), json!({}));
    run_job(&mut host, "queue");
    let back = user_ok(&mut host, "u1", &format!("/app/chats/{}/state", id(&early)), json!({}));
    assert_eq!((back["state"].as_str(), back["ahead"].as_u64()), (Some("queued"), Some(0)), "first again: {back}");
    // She is back: both are hers, the requeued one first.
    online(&mut host, ANN);
    let chats = ok(&mut host, ANN, "POST", "/workspace/presence", json!({}));
    assert_eq!(chats["chats"].as_array().map(Vec::len), Some(2));
}

// Chats.

#[test]
fn the_bot_answers_from_the_faq_in_the_users_language_and_offers_a_person() {
    let mut host = host();
    ok(&mut host, ANN, "POST", "/faq-index/create", json!({}));
    let type_id = question_type(&mut host);
    let faq = json!({ "question": "How do I reset the robot?", "answer": "Hold the power button for 10 seconds.",
                      "questionTypeId": type_id, "language": "en" });
    ok(&mut host, ANN, "POST", "/faqs", faq);
    let chat = user_ok(&mut host, "dan", "/app/chats", json!({ "language": "en" }));
    let chat_id = id(&chat);
    let greeting = host.live.iter().find(|(_, m)| m["message"]["from"] == "bot").expect("greeted");
    assert!(greeting.1["message"]["text"].as_str().unwrap_or("").starts_with("Hello, I am the service assistant."));
    user_ok(&mut host, "dan", &format!("/app/chats/{chat_id}/send"), json!({ "text": "reset robot" }));
    let history = user_ok(&mut host, "dan", &format!("/app/chats/{chat_id}/messages"), json!({ "after": 0 }));
    let list = history.as_array().expect("messages");
    let senders: Vec<&str> = list.iter().filter_map(|m| m["from"].as_str()).collect();
    assert_eq!(senders, ["bot", "user", "bot"], "in order");
    let answer = &list[2];
    assert_eq!(answer["answers"][0]["answer"], "Hold the power button for 10 seconds.");
    assert_eq!(
        (answer["offerHuman"].as_bool(), answer["text"].as_str()),
        (Some(true), Some("Here is what I found. If it does not solve your problem, a person can help you."))
    );
    user_ok(&mut host, "dan", &format!("/app/chats/{chat_id}/send"), json!({ "text": "zzzz qqqq" }));
    let history = user_ok(&mut host, "dan", &format!("/app/chats/{chat_id}/messages"), json!({ "after": 0 }));
    let last = history.as_array().and_then(|l| l.last()).cloned().unwrap_or_default();
    assert_eq!(last["text"], "Sorry, I found no answer to that. Try other words, or ask for a person.");
}

/// "Cannot send an empty message", on both sides.
#[test]
fn an_empty_message_cannot_be_sent_and_only_images_or_videos_are_shared() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 2, always(), "UTC");
    online(&mut host, ANN);
    let chat = ask_for_a_person(&mut host, "dan");
    let chat_id = id(&chat);
    let (code, refused) = as_user(&mut host, "dan", &format!("/app/chats/{chat_id}/send"), json!({ "text": " \n " }));
    assert_eq!((code, refused["msg"].as_str()), (400, Some("Cannot send an empty message.")));
    let (code, refused) =
        as_agent(&mut host, ANN, "POST", &format!("/workspace/chats/{chat_id}/send"), json!({ "text": "" }));
    assert_eq!((code, refused["msg"].as_str()), (400, Some("Cannot send an empty message.")));
    // A photo of the robot, then a text file where only images and videos go.
    let photo = host.add_upload("chat-file-app", "robot.png", vec![1; 100]);
    host.uploads.get_mut(&photo).expect("upload").1.kind = "image".into();
    let sent = user_ok(&mut host, "dan", &format!("/app/chats/{chat_id}/send"), json!({ "uploadId": photo }));
    assert_eq!(sent["attachment"]["fileName"], "robot.png");
    assert!(sent["url"].as_str().is_some_and(|u| !u.is_empty()), "a link that opens it: {sent}");
    assert!(host.notified.iter().any(|(user, _, m)| *user == ANN.0 && m["message"]["attachment"]["kind"] == "image"));
    let notes = host.add_upload("chat-file-app", "notes.txt", vec![1; 10]);
    host.uploads.get_mut(&notes).expect("upload").1.kind = "text".into();
    let (code, refused) =
        as_user(&mut host, "dan", &format!("/app/chats/{chat_id}/send"), json!({ "uploadId": notes }));
    assert_eq!((code, refused["field"].as_str()), (400, Some("uploadId")));
    // Another user's chat is not found.
    let (code, _) = as_user(&mut host, "eve", &format!("/app/chats/{chat_id}/send"), json!({ "text": "hi" }));
    assert_eq!(code, 404);
}

#[test]
fn a_chat_is_transferred_only_to_a_seat_that_takes_chats() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 2, always(), "UTC");
    let bob_seat = seat(&mut host, "B01", BOB, 1, always(), "UTC");
    online(&mut host, ANN);
    let chat = ask_for_a_person(&mut host, "dan");
    let chat_id = id(&chat);
    assert_eq!(chat["seatNumber"], "A01");
    let (code, refused) = as_agent(
        &mut host,
        ANN,
        "POST",
        &format!("/workspace/chats/{chat_id}/transfer"),
        json!({ "seatId": bob_seat }),
    );
    assert_eq!((code, refused["field"].as_str()), (409, Some("seatId")), "Bob is offline: {refused}");
    online(&mut host, BOB);
    let moved =
        ok(&mut host, ANN, "POST", &format!("/workspace/chats/{chat_id}/transfer"), json!({ "seatId": bob_seat }));
    assert_eq!((moved["state"].as_str(), moved["seatNumber"].as_str()), (Some("transferred"), Some("B01")));
    let (code, _) =
        as_agent(&mut host, ANN, "POST", &format!("/workspace/chats/{chat_id}/send"), json!({ "text": "hi" }));
    assert_eq!(code, 404, "no longer Ann's");
    ok(&mut host, BOB, "POST", &format!("/workspace/chats/{chat_id}/send"), json!({ "text": "Bob here." }));
}

#[test]
fn statuses_and_actions_have_names_in_every_language() {
    for status in STATUSES {
        let names: Vec<&str> = (0..7).map(|l| order_flow::status_name(order_flow::status_code(status), l)).collect();
        assert!(names.iter().all(|n| !n.is_empty()), "{status:?}");
    }
    for action in ACTIONS {
        let names: Vec<&str> = (0..7).map(|l| order_flow::action_name(order_flow::action_code(action), l)).collect();
        assert_eq!(names.len(), 7);
        assert_ne!(names[0], names[1], "{action:?} is translated");
    }
}

#[test]
fn an_order_nobody_handles_is_assigned_before_it_is_worked_on() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 5, always(), "UTC");
    let type_id = question_type(&mut host);
    let order =
        user_ok(&mut host, "dan", "/app/work-orders", json!({ "description": "Loud", "questionTypeId": type_id }));
    let id = id(&order);
    // Urged while nobody handles it, it is urgent; still nobody may process it before taking it.
    assert_eq!(user_ok(&mut host, "dan", &format!("/app/work-orders/{id}/urge"), json!({}))["status"], "urgent");
    let (code, refused) = as_agent(&mut host, ANN, "POST", &format!("/work-orders/{id}/process"), json!({}));
    assert_eq!((code, refused["msg"].as_str()), (409, Some("Assign this work order to a seat before working on it.")));
    ok(&mut host, ANN, "POST", &format!("/work-orders/{id}/assign"), json!({}));
    let taken = WORK_ORDERS.get(&mut host, &id).expect("read").expect("kept").data;
    assert_eq!(taken.first_response_at, 0, "taking an order is no response to the user");
    ok(&mut host, ANN, "POST", &format!("/work-orders/{id}/process"), json!({}));
    let worked = WORK_ORDERS.get(&mut host, &id).expect("read").expect("kept").data;
    assert!(worked.first_response_at > 0 && worked.urged);
}

#[test]
fn orders_met_on_time_never_hide_a_later_breach() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 5, always(), "UTC");
    ok(
        &mut host,
        ANN,
        "PUT",
        "/settings",
        json!({ "firstResponseMinutes": 10, "resolutionHours": 1, "queueLimit": 100 }),
    );
    let type_id = question_type(&mut host);
    // Fifty orders answered and closed at once: past their due times, but met.
    for n in 0..50 {
        let order = user_ok(
            &mut host,
            &format!("u{n}"),
            "/app/work-orders",
            json!({ "description": "Fine", "questionTypeId": type_id }),
        );
        let id = id(&order);
        ok(&mut host, ANN, "POST", &format!("/work-orders/{id}/assign"), json!({}));
        ok(&mut host, ANN, "POST", &format!("/work-orders/{id}/close"), json!({ "summaryContent": "Done." }));
        host.now_ms += MINUTE;
    }
    let late =
        user_ok(&mut host, "late", "/app/work-orders", json!({ "description": "Waiting", "questionTypeId": type_id }));
    host.now_ms += 2 * 60 * MINUTE;
    run_job(&mut host, "sla");
    let order = WORK_ORDERS.get(&mut host, late["id"].as_str().expect("id")).expect("read").expect("kept").data;
    assert!(order.breached_first_response && order.breached_resolution, "both targets missed, both marked");
    host.user_id = ANN.0;
    let (_, breached) =
        host.call_with::<CustomerService>("GET", "/work-orders", &[("breached", "true")], Value::Null, "en");
    assert_eq!(breached["total"], 1, "only the late one: {breached}");
}

#[test]
fn closing_the_workspace_is_offline_at_once_but_keeps_the_chats_until_the_agent_has_been_gone_two_minutes() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 2, always(), "UTC");
    online(&mut host, ANN);
    let chat = ask_for_a_person(&mut host, "dan");
    ok(&mut host, ANN, "POST", "/workspace/away", json!({}));
    let waiting = ask_for_a_person(&mut host, "eve");
    assert_eq!(waiting["state"], "queued", "an agent who closed the workspace takes no new chat");
    // A reload: the schedule runs before the page says it is back.
    host.now_ms += 10_000;
    run_job(&mut host, "queue");
    let still = user_ok(&mut host, "dan", &format!("/app/chats/{}/state", id(&chat)), json!({}));
    assert_eq!(still["state"], "connected", "his chat stays his");
    online(&mut host, ANN);
    let eve = user_ok(&mut host, "eve", &format!("/app/chats/{}/state", id(&waiting)), json!({}));
    assert_eq!(eve["state"], "connected", "back, he takes the waiting user");
}

#[test]
fn a_user_has_one_open_chat_and_a_chat_without_a_person_ends_after_half_an_hour() {
    let mut host = host();
    let first = user_ok(&mut host, "dan", "/app/chats", json!({ "language": "en", "deviceSn": "NOT-A-DEVICE" }));
    assert_eq!(first["deviceSn"], "", "a device the device plugin does not know is not kept");
    let again = user_ok(&mut host, "dan", "/app/chats", json!({ "language": "en", "deviceSn": "SN001" }));
    assert_eq!(id(&again), id(&first), "his open chat, not a second one");
    host.now_ms += customer_service::queue::BOT_IDLE_MS + 1;
    run_job(&mut host, "queue");
    let ended = user_ok(&mut host, "dan", &format!("/app/chats/{}/state", id(&first)), json!({}));
    assert_eq!(ended["state"], "disconnected");
    let next = user_ok(&mut host, "dan", "/app/chats", json!({ "language": "en", "deviceSn": "SN001" }));
    assert_ne!(id(&next), id(&first), "a new chat once the last ended");
    assert_eq!(next["deviceSn"], "SN001");
}

#[test]
fn a_chat_files_one_work_order_and_only_while_it_is_on() {
    let mut host = host();
    seat(&mut host, "A01", ANN, 2, always(), "UTC");
    online(&mut host, ANN);
    let chat = ask_for_a_person(&mut host, "dan");
    let path = format!("/workspace/chats/{}/work-order", id(&chat));
    let order = ok(&mut host, ANN, "POST", &path, json!({ "description": "Loud brush" }));
    let (code, refused) = as_agent(&mut host, ANN, "POST", &path, json!({ "description": "Again" }));
    let expected = format!("This chat already has work order {}.", order["number"].as_str().expect("number"));
    assert_eq!((code, refused["msg"].as_str()), (409, Some(expected.as_str())));
    ok(&mut host, ANN, "POST", &format!("/workspace/chats/{}/end", id(&chat)), json!({}));
    let (code, _) = as_agent(&mut host, ANN, "POST", &path, json!({ "description": "After" }));
    assert_eq!(code, 409, "an ended chat files nothing");
}
