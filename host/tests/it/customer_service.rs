//! The customer-service plugin over HTTP with its built `.wasm`, on SQLite and PostgreSQL: the
//! FAQ index actions (create, import from the database, empty, delete), ranked Chinese and
//! English search in the console, an app (devsim) asking the FAQ in its user's language and its
//! signed-in user voting once; and chats over websockets: an end user and an agent writing and
//! sharing an image, the chat closed into a work order the user rates, and users waiting while
//! every seat is full, each told live how many are ahead.

use crate::common;

use std::time::Duration;

use common::{Install, TestHost, USER_PASSWORD};
use devsim::chat::ChatUser;
use reqwest::Method;
use serde_json::{Value, json};

const PRODUCT_GRANTS: &str = "files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384";
const APP_GRANTS: &str = "uses = [\"product-service\"]\nfiles = true";
const SERVICE_GRANTS: &str = "uses = [\"product-service\", \"app-service\", \"device-service\"]\nfiles = true\nevents = true\ntimeout_ms = 30000";
/// What a live message may take to arrive.
const LIVE: Duration = Duration::from_secs(5);
/// The console's topic of what an agent hears about his chats.
const AGENT_TOPIC: &str = "customer-service.chat";

async fn start() -> (TestHost, String) {
    let plugins = [
        Install::plugin("product", PRODUCT_GRANTS),
        Install::plugin("app", APP_GRANTS),
        Install::plugin("customer-service", SERVICE_GRANTS),
    ];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

async fn faq(
    host: &TestHost,
    admin: &str,
    type_id: &str,
    question: &str,
    answer: &str,
    language: &str,
    role: &str,
) -> String {
    let body = json!({ "question": question, "answer": answer, "questionTypeId": type_id, "role": role,
                       "sortWeight": 1, "language": language });
    host.post("/customer-service/faqs", admin, body).await.ok()["id"].as_str().expect("an id").to_string()
}

/// The questions a console search finds, best first.
async fn search(host: &TestHost, admin: &str, q: &str, language: &str) -> Found {
    let path = format!("/customer-service/faqs/search?q={}&language={language}", urlencode(q));
    let answer = host.call(Method::GET, &path, Some(admin), &[("lang", "en")], None).await;
    Found { code: answer.code(), msg: answer.msg().to_string(), data: answer.body["data"].clone() }
}

struct Found {
    code: i64,
    msg: String,
    data: Value,
}

impl Found {
    fn questions(&self) -> Vec<String> {
        assert_eq!(self.code, 200, "{}", self.msg);
        self.data.as_array().expect("hits").iter().map(|h| h["question"].as_str().expect("q").to_string()).collect()
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

#[tokio::test]
async fn the_faq_index_is_created_filled_emptied_and_deleted_and_searched_in_chinese_and_english() {
    let (host, admin) = start().await;
    let reset = host.post("/customer-service/question-types", &admin, json!({ "name": "Reset" })).await;
    let reset = reset.ok()["id"].as_str().expect("a type").to_string();
    faq(&host, &admin, &reset, "扫地机器人如何重置", "长按电源键十秒即可恢复出厂设置。", "zhCn", "").await;
    faq(&host, &admin, &reset, "如何连接无线网络", "打开应用，选择添加设备，按提示连接 Wi-Fi。", "zhCn", "").await;
    faq(&host, &admin, &reset, "How do I reset the robot?", "Hold the power button for ten seconds.", "en", "").await;
    faq(
        &host,
        &admin,
        &reset,
        "Connecting to Wi-Fi",
        "Open the app, add the robot and follow the steps to reset the network.",
        "en",
        "",
    )
    .await;

    let before = search(&host, &admin, "reset", "en").await;
    assert_eq!(
        (before.code, before.msg.as_str()),
        (409, "The search index has not been created yet; please create it first.")
    );
    assert_eq!(host.post("/customer-service/faq-index/create", &admin, json!({})).await.ok()["created"], true);
    assert_eq!(host.post("/customer-service/faq-index/import", &admin, json!({})).await.ok()["imported"], 4);
    let state = host.get("/customer-service/faq-index", &admin).await;
    assert_eq!((state.ok()["documents"].clone(), state.ok()["faqs"].clone()), (json!(4), json!(4)));

    assert_eq!(search(&host, &admin, "机器人怎么重置", "zhCn").await.questions(), ["扫地机器人如何重置"]);
    // The question's words in the title rank above the same word in an answer.
    assert_eq!(
        search(&host, &admin, "resetting", "en").await.questions(),
        ["How do I reset the robot?", "Connecting to Wi-Fi"]
    );
    assert_eq!(search(&host, &admin, "wifi", "en").await.questions(), ["Connecting to Wi-Fi"]);

    assert_eq!(host.post("/customer-service/faq-index/clear", &admin, json!({})).await.ok()["removed"], 4);
    assert!(search(&host, &admin, "reset", "en").await.questions().is_empty());
    assert_eq!(host.post("/customer-service/faq-index/delete", &admin, json!({})).await.ok()["deleted"], true);
    assert_eq!(host.get("/customer-service/faq-index", &admin).await.ok()["exists"], false);
}

#[tokio::test]
async fn an_app_asks_the_faq_in_its_language_and_its_signed_in_user_votes_once() {
    let (host, admin) = start().await;
    let reset = host.post("/customer-service/question-types", &admin, json!({ "name": "Reset" })).await;
    let reset = reset.ok()["id"].as_str().expect("a type").to_string();
    host.post("/customer-service/faq-index/create", &admin, json!({})).await.ok();
    let public =
        faq(&host, &admin, &reset, "How do I reset the robot?", "Hold the power button.", "en", "endUser").await;
    faq(&host, &admin, &reset, "Reset a robot remotely", "Use the console's device drawer.", "en", "agent").await;

    let key = host.post(
        "/plugin-admin/device-keys/add",
        &admin,
        json!({ "pluginId": "app", "tenantId": 0, "name": "Robot Home app" }),
    );
    let key = key.await.ok()["key"].as_str().expect("a key").to_string();
    let app = devsim::app::App::new(host.base.trim_end_matches("/api"), &key, "Robot Home", "android", 310);
    let answers = app.ask_faq("reset robot", "en").await.expect("answered");
    let questions: Vec<&str> =
        answers.as_array().expect("answers").iter().filter_map(|a| a["question"].as_str()).collect();
    assert_eq!(questions, ["How do I reset the robot?"], "the agents' FAQ is not an end user's");

    app.report_user("ann@example.com").await.expect("reported");
    let users = host.get("/app-service/app-users", &admin).await.ok().clone();
    let id = users["list"][0]["id"].as_str().expect("a user");
    let password = json!({ "password": "robot#2026", "confirmPassword": "robot#2026" });
    host.post(&format!("/app-service/app-users/{id}/password"), &admin, password).await.ok();
    let token = app.sign_in("ann@example.com", "robot#2026").await.expect("signed in");
    assert_eq!(app.vote_faq(&token, &public, true).await.expect("voted"), json!({ "solved": 1, "unsolved": 0 }));
    let again = app.vote_faq(&token, &public, false).await.expect_err("once");
    assert_eq!(again.msg, "You have already rated this answer.");
    let listed = host.get(&format!("/customer-service/faqs/{public}"), &admin).await;
    assert_eq!((listed.ok()["solved"].clone(), listed.ok()["unsolved"].clone()), (json!(1), json!(0)));
}

/// An enterprise with the customer-service plugin, an agent with a seat of `max_users` working
/// all day, and an app key: (tenant, agent's token, app key).
async fn service_desk(host: &TestHost, admin: &str, agents: &[(&str, u32)]) -> (String, Vec<String>, String) {
    let tenant = host.create_tenant(admin, "Robotics", 27).await.to_string();
    let actions = ["cs:chat:serve", "cs:order:mine", "cs:order:handle", "cs:seat:view"];
    let role = host.create_role(admin, &tenant, "Agents", "ordinary", &actions).await;
    let mut tokens = Vec::new();
    for (agent, max_users) in agents {
        host.create_account(admin, &tenant, agent, &[role]).await;
        let seat = json!({ "number": agent.to_uppercase(), "userName": agent, "maxUsers": max_users,
                           "timeZone": "Asia/Shanghai",
                           "periods": [{ "days": "everyday", "start": "00:00", "end": "24:00" }] });
        host.post_as("/customer-service/seats", admin, &tenant, seat).await.ok();
        tokens.push(host.login(agent, USER_PASSWORD).await);
    }
    let key = host.post(
        "/plugin-admin/device-keys/add",
        admin,
        json!({ "pluginId": "app", "tenantId": tenant.parse::<i64>().expect("id"), "name": "Robot Home app" }),
    );
    (tenant, tokens, key.await.ok()["key"].as_str().expect("a key").to_string())
}

/// A signed-in app user of the enterprise's app.
async fn end_user(host: &TestHost, admin: &str, tenant: &str, key: &str, username: &str) -> ChatUser {
    let app = devsim::app::App::new(host.base.trim_end_matches("/api"), key, "Robot Home", "android", 310);
    app.report_user(username).await.expect("reported");
    let users = host.get_as(&format!("/app-service/app-users?username={username}"), admin, tenant).await;
    let id = users.ok()["list"][0]["id"].as_str().expect("the user").to_string();
    let password = json!({ "password": "robot2026", "confirmPassword": "robot2026" });
    host.post_as(&format!("/app-service/app-users/{id}/password"), admin, tenant, password).await.ok();
    let token = app.sign_in(username, "robot2026").await.expect("signed in");
    ChatUser::new(app, &token)
}

fn png() -> Vec<u8> {
    use image::ImageEncoder as _;
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&[200u8; 16 * 16 * 3], 16, 16, image::ExtendedColorType::Rgb8)
        .expect("png");
    out
}

#[tokio::test]
async fn an_end_user_and_an_agent_chat_over_websockets_and_the_user_rates_the_work_order_it_closed_into() {
    let (host, admin) = start_with_devices().await;
    let (tenant, agents, key) = service_desk(&host, &admin, &[("ann", 3)]).await;
    let ann = &agents[0];
    let mut ann_console = host.console_socket(ann).await;
    host.post("/customer-service/workspace/presence", ann, json!({})).await.ok();

    let mut dan = end_user(&host, &admin, &tenant, &key, "dan@example.com").await;
    let chat = dan.start("en").await.expect("a chat");
    assert_eq!(chat["state"], "bot");
    let mut dan_socket = dan.listen().await.expect("the chat's socket");
    assert_eq!(dan_socket.hello["channels"], json!([format!("chat:{}", dan.chat_id), "queue"]));

    let connected = dan.ask_for_a_person().await.expect("asked");
    assert_eq!((connected["state"].as_str(), connected["seatNumber"].as_str()), (Some("connected"), Some("ANN")));
    let assigned = ann_console.next_of(AGENT_TOPIC, "assigned", LIVE).await.expect("Ann hears of her chat");
    assert_eq!(assigned["chatId"], dan.chat_id.as_str());

    // The user writes; the agent's console has it. The agent answers; the user's socket has it.
    dan.send("My robot stops after a minute.", "").await.expect("sent");
    let heard = ann_console.next_of(AGENT_TOPIC, "message", LIVE).await.expect("Ann hears it");
    assert_eq!(heard["message"]["text"], "My robot stops after a minute.");
    let chat_path = format!("/customer-service/workspace/chats/{}", dan.chat_id);
    host.post(&format!("{chat_path}/send"), ann, json!({ "text": "Please send a photo of the brush." })).await.ok();
    let reply = loop {
        // Before it, the system's notes that he was queued and connected, and his own words.
        let message = dan_socket.next_of("message", LIVE).await.expect("Dan hears the reply");
        if message["message"]["from"] == "agent" {
            break message;
        }
    };
    assert_eq!(
        (reply["message"]["from"].as_str(), reply["message"]["text"].as_str()),
        (Some("agent"), Some("Please send a photo of the brush."))
    );

    // An image from the user, opened by its link; a text file is not an image.
    let photo = png();
    let upload = dan.upload("brush.png", photo.clone()).await.expect("uploaded");
    dan.send("", &upload).await.expect("shared");
    let shared = loop {
        // Her own reply first: her other tabs see what she writes too.
        let message = ann_console.next_of(AGENT_TOPIC, "message", LIVE).await.expect("Ann gets the photo");
        if message["message"]["from"] == "user" {
            break message;
        }
    };
    assert_eq!(shared["message"]["attachment"]["kind"], "image");
    let url = shared["message"]["url"].as_str().expect("a link");
    assert_eq!(host.fetch_url(url).await, photo);
    let refused = dan.upload("notes.txt", b"not a picture".to_vec()).await.expect_err("only images and videos");
    assert_eq!(refused.code, 400, "{refused}");

    // Ann ends the chat into a work order with its summary; Dan gets it in the chat and rates it.
    let end = json!({ "workOrder": true, "summaryTitle": "Brush", "summaryContent": "Replace the side brush." });
    let ended = host.post(&format!("{chat_path}/end"), ann, end).await;
    assert_eq!(ended.ok()["state"], "disconnected");
    let summary = loop {
        let message = dan_socket.next_of("message", LIVE).await.expect("the summary arrives");
        if message["message"]["event"] == "workOrder" {
            break message["message"]["detail"].clone();
        }
    };
    assert_eq!(summary["summaryContent"], "Replace the side brush.");
    let orders = dan.work_orders().await.expect("his orders");
    assert_eq!(orders[0]["number"], summary["number"]);
    assert_eq!((orders[0]["status"].as_str(), orders[0]["type"].as_str()), (Some("closed"), Some("online")));
    let rated = dan.rate(summary["id"].as_str().expect("id"), "satisfied", true).await.expect("rated");
    assert_eq!((rated["rating"]["score"].as_str(), rated["resolved"].as_bool()), (Some("satisfied"), Some(true)));
    assert_eq!(dan.send("Thanks!", "").await.expect_err("ended").msg, "The chat has been disconnected.");
}

#[tokio::test]
async fn while_every_seat_is_full_users_wait_and_see_how_many_are_ahead_move_live() {
    let (host, admin) = start_with_devices().await;
    let (tenant, agents, key) = service_desk(&host, &admin, &[("ann", 1)]).await;
    let ann = &agents[0];
    host.post("/customer-service/workspace/presence", ann, json!({})).await.ok();

    let mut users = Vec::new();
    for name in ["u1@example.com", "u2@example.com", "u3@example.com"] {
        let mut user = end_user(&host, &admin, &tenant, &key, name).await;
        user.start("en").await.expect("a chat");
        users.push(user);
    }
    let first = users[0].ask_for_a_person().await.expect("asked");
    assert_eq!(first["state"], "connected");
    let second = users[1].ask_for_a_person().await.expect("asked");
    let third = users[2].ask_for_a_person().await.expect("asked");
    // Told the customer service is busy, please wait, with the queue count.
    assert_eq!(
        (second["state"].as_str(), second["ahead"].as_u64(), second["waiting"].as_u64()),
        (Some("queued"), Some(0), Some(1))
    );
    assert_eq!((third["ahead"].as_u64(), third["waiting"].as_u64()), (Some(1), Some(2)));
    let mut second_socket = users[1].listen().await.expect("socket");
    let mut third_socket = users[2].listen().await.expect("socket");
    assert_eq!(third_socket.hello["chat"]["ahead"], 1);

    // The first user leaves: the second is connected at once, and the third hears the queue move.
    users[0].leave().await.expect("left");
    let moved = third_socket.next_of("queue", LIVE).await.expect("the third hears the queue move");
    assert_eq!((moved["left"].clone(), moved["waiting"].as_u64()), (second["ticket"].clone(), Some(1)));
    assert!(moved["left"].as_i64() < third["ticket"].as_i64(), "one fewer ahead of him");
    let connected = loop {
        let state = second_socket.next_of("state", LIVE).await.expect("the second hears he is connected");
        if state["chat"]["state"] == "connected" {
            break state;
        }
    };
    assert_eq!(connected["chat"]["seatNumber"], "ANN");
    let now = users[2].state().await.expect("state");
    assert_eq!((now["state"].as_str(), now["ahead"].as_u64()), (Some("queued"), Some(0)));
}

/// The product, app, device and customer-service plugins (a work order names a device).
async fn start_with_devices() -> (TestHost, String) {
    let plugins = [
        Install::plugin("product", PRODUCT_GRANTS),
        Install::plugin("app", APP_GRANTS),
        Install::plugin("device", "uses = [\"product-service\"]\nfiles = true\nevents = true"),
        Install::plugin("customer-service", SERVICE_GRANTS),
    ];
    let host = TestHost::start_with_plugins(&plugins, |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}
