//! The voice plugin over HTTP with its built `.wasm`: replies rendered by the host's minijinja,
//! placeholders checked against the slots, conditions evaluated safely, Google credentials sealed
//! at rest, one Alexa default per product, each platform behind its own actions.

use crate::common;

use common::{Install, TestHost, USER_PASSWORD};
use reqwest::Method;
use serde_json::{Value, json};

async fn voice_host() -> (TestHost, String) {
    let host = TestHost::start_with_plugins(&[Install::plugin("voice", "template = true")], |_| {}).await;
    let admin = host.admin().await;
    (host, admin)
}

#[tokio::test]
async fn an_utterance_finds_its_intent_and_the_host_renders_the_replies() {
    let (host, admin) = voice_host().await;
    let intent = json!({
        "field": "climate", "intent": "set_temperature", "slots": ["room", "temperature"], "priority": 10,
        "condition": "temperature >= 16 && temperature <= 30",
        "reply": "Setting the {{ room | title }} to {{ temperature }}°{% if temperature|int > 25 %} (warm){% endif %}",
        "ttsReply": "OK, {{ temperature }} degrees",
    });
    let mut unknown = intent.clone();
    unknown["reply"] = json!("It is {{ weather }} today");
    let refused = host.post("/voice-service/intents", &admin, unknown).await;
    assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("reply")), "{:?}", refused.body);
    assert!(refused.msg().contains("weather"), "names the placeholder: {}", refused.msg());
    let mut syntax = intent.clone();
    syntax["ttsReply"] = json!("{% if %}");
    assert_eq!(host.post("/voice-service/intents", &admin, syntax).await.data()["field"], "ttsReply");

    let created = host.post("/voice-service/intents", &admin, intent).await;
    let id = created.ok()["id"].as_str().expect("id").to_string();
    let corpus = host
        .post(
            &format!("/voice-service/intents/{id}/corpus"),
            &admin,
            json!({ "texts": "set the {room} to {temperature} degrees\n把{room}调到{temperature}度" }),
        )
        .await;
    assert_eq!(corpus.ok()["added"].as_array().map(Vec::len), Some(2));

    let english = host
        .post("/voice-service/intents/try", &admin, json!({ "utterance": "Set the living room to 27 degrees." }))
        .await;
    assert_eq!(english.ok()["reply"], "Setting the Living Room to 27° (warm)", "{:?}", english.body);
    assert_eq!(english.ok()["ttsReply"], "OK, 27 degrees");
    let chinese = host.post("/voice-service/intents/try", &admin, json!({ "utterance": "把卧室调到20度" })).await;
    assert_eq!(chinese.ok()["reply"], "Setting the 卧室 to 20°");
    let outside =
        host.post("/voice-service/intents/try", &admin, json!({ "utterance": "set the hall to 45 degrees" })).await;
    assert_eq!(
        (outside.ok()["matched"].as_bool(), outside.ok()["tried"][0]["outcome"].as_str()),
        (Some(false), Some("conditionFalse"))
    );

    let bad_condition = host
        .call(
            Method::POST,
            "/voice-service/intents",
            Some(&admin),
            &[("lang", "zhCn")],
            Some(json!({
            "field": "x", "intent": "y", "slots": ["a"], "condition": "a = 1; true", "reply": "ok" })),
        )
        .await;
    assert_eq!(bad_condition.data()["field"], "condition");
    assert!(bad_condition.msg().starts_with("意图 y 的条件表达式无效"), "{}", bad_condition.msg());
}

#[tokio::test]
async fn google_credentials_are_sealed_and_alexa_has_one_default_per_product() {
    let (host, admin) = voice_host().await;
    let credentials = json!({ "type": "service_account", "project_id": "smart-home-42", "client_email": "bot@smart-home-42.iam.gserviceaccount.com",
                              "private_key": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n" });
    let project = host
        .post("/voice-service/google/assistants", &admin, json!({ "name": "Home", "productId": "P1", "externalId": "smart-home-42", "lang": "en", "credentials": credentials.to_string() }))
        .await;
    assert_eq!(project.ok()["credentialsHint"], "bot@smart-home-42.iam.gserviceaccount.com");
    let needle = b"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC";
    assert!(
        !host.database_bytes().await.windows(needle.len()).any(|w| w == needle),
        "the private key is not stored in clear"
    );
    let listed = host.get("/voice-service/google/assistants", &admin).await;
    assert!(!listed.ok().to_string().contains("PRIVATE KEY"));
    let records = host.post("/authority-service/authority/operateRecord/list", &admin, json!({})).await;
    assert!(!records.ok().to_string().contains("MIIEvQ"), "masked in the operation records");

    for (name, id) in [("Vacuum", "0001"), ("Vacuum 2", "0002")] {
        host.post("/voice-service/alexa/assistants", &admin, json!({ "name": name, "productId": "P1", "externalId": format!("amzn1.ask.skill.{id}"), "lang": "en-US", "defaultController": true }))
            .await
            .ok();
    }
    let skills = host.get("/voice-service/alexa/assistants", &admin).await;
    let defaults: Vec<Value> = skills.ok()["list"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|s| s["defaultController"] == true)
        .map(|s| s["name"].clone())
        .collect();
    assert_eq!(defaults, vec![json!("Vacuum 2")]);
}

#[tokio::test]
async fn each_platform_is_behind_its_own_actions_and_deletes_need_the_name() {
    let (host, admin) = voice_host().await;
    let role = host
        .create_role(
            &admin,
            "ALL",
            "alexa editors",
            "ordinary",
            &["voice:alexa:view", "voice:alexa:add", "voice:alexa:delete"],
        )
        .await;
    host.create_account(&admin, "ALL", "alexa", &[role]).await;
    let editor = host.login("alexa", USER_PASSWORD).await;
    let skill = host
        .post(
            "/voice-service/alexa/assistants",
            &editor,
            json!({ "name": "Vacuum", "productId": "P1", "externalId": "amzn1.ask.skill.00aa", "lang": "en-US" }),
        )
        .await;
    let id = skill.ok()["id"].as_str().expect("id").to_string();
    assert_eq!(host.get("/voice-service/google/assistants", &editor).await.code(), 403);
    assert_eq!(
        host.post("/voice-service/alexa/modes", &editor, json!({ "assistantId": id, "modeName": "Power" }))
            .await
            .code(),
        403,
        "modes need edit"
    );

    let wrong = host
        .call(
            Method::DELETE,
            &format!("/voice-service/alexa/assistants/{id}"),
            Some(&editor),
            &[("lang", "en")],
            Some(json!({ "confirmName": "vacuum" })),
        )
        .await;
    assert_eq!((wrong.code(), wrong.data()["field"].as_str()), (400, Some("confirmName")));
    let deleted = host
        .call(
            Method::DELETE,
            &format!("/voice-service/alexa/assistants/{id}"),
            Some(&editor),
            &[("lang", "en")],
            Some(json!({ "confirmName": "Vacuum" })),
        )
        .await;
    assert_eq!(deleted.code(), 200);
    let records = host.post("/authority-service/authority/operateRecord/list", &admin, json!({})).await;
    let operations: Vec<&str> =
        records.ok()["list"].as_array().expect("list").iter().filter_map(|r| r["operation"].as_str()).collect();
    assert!(
        operations.contains(&"Delete an Alexa skill") && operations.contains(&"Add an Alexa skill"),
        "{operations:?}"
    );
}
