//! The voice plugin's logic, natively, against the SDK's in-memory host.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use voice::Voice;

fn host() -> MemoryHost {
    MemoryHost::new()
        .unique("assistants", &["platform", "externalId", "lang"])
        .unique("modes", &["assistantId", "modeName"])
        .unique("commands", &["modeId", "commandName"])
        .unique("intents", &["field", "intent"])
        .unique("corpus", &["intentId", "text"])
}

fn ok(answer: (u16, Value)) -> Value {
    assert_eq!(answer.0, 200, "{}", answer.1);
    answer.1
}

fn field_of(answer: (u16, Value)) -> (u16, String) {
    (answer.0, answer.1["field"].as_str().unwrap_or_default().to_string())
}

fn skill(name: &str, product: &str, id: &str, default: bool) -> Value {
    json!({ "name": name, "productId": product, "externalId": format!("amzn1.ask.skill.{id}"), "lang": "en-US", "defaultController": default })
}

const GOOGLE_CREDENTIALS: &str = r#"{"type":"service_account","project_id":"smart-home-42","client_email":"bot@smart-home-42.iam.gserviceaccount.com","private_key":"-----BEGIN PRIVATE KEY-----\nMIIEv\n-----END PRIVATE KEY-----\n"}"#;

#[test]
fn only_one_alexa_skill_is_the_default_controller_of_a_product() {
    let mut host = host();
    let first = ok(host.call::<Voice>("POST", "/alexa/assistants", skill("Vacuum EN", "P1", "0001", true)));
    let second = ok(host.call::<Voice>("POST", "/alexa/assistants", skill("Vacuum EN 2", "P1", "0002", true)));
    assert_eq!(second["replacedDefault"], "Vacuum EN");
    ok(host.call::<Voice>("POST", "/alexa/assistants", skill("Litter box", "P2", "0003", true)));
    let list = ok(host.call_with::<Voice>("GET", "/alexa/assistants", &[("productId", "P1")], Value::Null, "en"));
    let defaults: Vec<&str> = list["list"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|a| a["defaultController"] == true)
        .filter_map(|a| a["name"].as_str())
        .collect();
    assert_eq!(defaults, vec!["Vacuum EN 2"]);
    assert_ne!(first["id"], second["id"]);

    assert_eq!(
        field_of(host.call::<Voice>("POST", "/alexa/assistants", skill("Dup", "P3", "0001", false))).0,
        400,
        "same skill and locale"
    );
    let mut bad = skill("Bad", "P1", "0009", false);
    bad["externalId"] = json!("skill-9");
    assert_eq!(field_of(host.call::<Voice>("POST", "/alexa/assistants", bad)), (400, "externalId".into()));
    let mut bad = skill("Bad", "P1", "0010", false);
    bad["lang"] = json!("english");
    assert_eq!(field_of(host.call::<Voice>("POST", "/alexa/assistants", bad)), (400, "lang".into()));
}

#[test]
fn google_credentials_are_json_of_the_project_sealed_and_never_answered() {
    let mut host = host();
    let project = |credentials: &str| json!({ "name": "Home", "productId": "P1", "externalId": "smart-home-42", "lang": "en", "credentials": credentials });
    assert_eq!(field_of(host.call::<Voice>("POST", "/google/assistants", project(""))), (400, "credentials".into()));
    assert_eq!(
        field_of(host.call::<Voice>("POST", "/google/assistants", project("{not json"))),
        (400, "credentials".into())
    );
    let other = GOOGLE_CREDENTIALS.replace("\"project_id\":\"smart-home-42\"", "\"project_id\":\"elsewhere-1\"");
    let refused = host.call::<Voice>("POST", "/google/assistants", project(&other));
    assert_eq!(field_of(refused.clone()), (400, "credentials".into()));
    assert!(refused.1["msg"].as_str().unwrap_or("").contains("smart-home-42"), "{}", refused.1);

    let created = ok(host.call::<Voice>("POST", "/google/assistants", project(GOOGLE_CREDENTIALS)));
    assert_eq!(created["credentialsHint"], "bot@smart-home-42.iam.gserviceaccount.com");
    assert_eq!(created["hasCredentials"], true);
    assert!(created.get("credentials").is_none() && !created.to_string().contains("PRIVATE KEY"));
    assert!(!host.stored_text("assistants").contains("PRIVATE KEY"), "sealed at rest");

    // Editing without new credentials keeps them.
    let id = created["id"].as_str().expect("id").to_string();
    let mut edit = project("");
    edit["name"] = json!("Home 2");
    let edited = ok(host.call::<Voice>("PUT", &format!("/google/assistants/{id}"), edit));
    assert_eq!((edited["name"].as_str(), edited["hasCredentials"].as_bool()), (Some("Home 2"), Some(true)));
    // Another platform's routes do not see it.
    assert_eq!(host.call::<Voice>("PUT", &format!("/alexa/assistants/{id}"), skill("x", "P", "1", false)).0, 404);
}

#[test]
fn modes_and_commands_take_json_parameters_and_stay_in_their_platform() {
    let mut host = host();
    let alexa = ok(host.call::<Voice>("POST", "/alexa/assistants", skill("Vacuum", "P1", "0001", false)))["id"].clone();
    let baidu = ok(host.call::<Voice>("POST", "/baidu/assistants", json!({ "name": "Xiaodu", "productId": "P1", "externalId": "bot-1", "lang": "zh-CN", "credentials": "baidu-secret-123" })))["id"].clone();
    assert_eq!(
        field_of(host.call::<Voice>(
            "POST",
            "/alexa/modes",
            json!({ "assistantId": alexa, "modeName": "Suction", "parameters": "{level:" })
        )),
        (400, "parameters".into())
    );
    let mode = ok(host.call::<Voice>(
        "POST",
        "/alexa/modes",
        json!({ "assistantId": alexa, "modeName": "Suction", "parameters": r#"{"levels":["quiet","max"]}"# }),
    ));
    assert_eq!(mode["parameters"]["levels"][1], "max");
    assert_eq!(
        field_of(host.call::<Voice>("POST", "/alexa/modes", json!({ "assistantId": baidu, "modeName": "X" }))),
        (400, "assistantId".into())
    );
    let command = ok(host.call::<Voice>(
        "POST",
        "/alexa/commands",
        json!({ "modeId": mode["id"], "commandName": "Set max", "parameters": r#"{"level":"max"}"# }),
    ));
    assert_eq!(command["parameters"]["level"], "max");
    let mode_id = mode["id"].as_str().expect("id").to_string();
    let across = host.call_with::<Voice>("GET", "/baidu/commands", &[("modeId", &mode_id)], Value::Null, "en");
    assert_eq!(across.0, 404, "an Alexa mode is not found through the Baidu routes");

    // Deleting goes from the leaves: a mode with commands, an assistant with modes, are refused.
    let mode_id = mode["id"].as_str().expect("id");
    assert_eq!(
        host.call::<Voice>("DELETE", &format!("/alexa/modes/{mode_id}"), json!({ "confirmName": "Suction" })).0,
        409
    );
    assert_eq!(
        host.call::<Voice>(
            "DELETE",
            &format!("/alexa/assistants/{}", alexa.as_str().unwrap_or("")),
            json!({ "confirmName": "Vacuum" })
        )
        .0,
        409
    );
    let command_id = command["id"].as_str().expect("id");
    assert_eq!(
        host.call::<Voice>("DELETE", &format!("/alexa/commands/{command_id}"), json!({ "confirmName": "Set" })).0,
        400
    );
    ok(host.call::<Voice>("DELETE", &format!("/alexa/commands/{command_id}"), json!({ "confirmName": "Set max" })));
    ok(host.call::<Voice>("DELETE", &format!("/alexa/modes/{mode_id}"), json!({ "confirmName": "Suction" })));
}

fn intent(host: &mut MemoryHost, body: Value) -> String {
    ok(host.call::<Voice>("POST", "/intents", body))["id"].as_str().expect("id").to_string()
}

#[test]
fn intents_check_slots_conditions_and_reply_placeholders() {
    let mut host = host();
    let base = json!({ "field": "climate", "intent": "set_temperature", "slots": ["room", "temperature"], "priority": 10,
                       "condition": "temperature >= 16 && temperature <= 30", "reply": "Setting the {{ room }} to {{ temperature }} degrees" });
    let mut bad = base.clone();
    bad["condition"] = json!("humidity > 3");
    let refused = host.call::<Voice>("POST", "/intents", bad);
    assert_eq!(field_of(refused.clone()), (400, "condition".into()));
    assert!(refused.1["msg"].as_str().unwrap_or("").contains("humidity"), "{}", refused.1);
    let mut bad = base.clone();
    bad["condition"] = json!("temperature = 3");
    assert_eq!(field_of(host.call::<Voice>("POST", "/intents", bad)).1, "condition");
    let mut bad = base.clone();
    bad["reply"] = json!("It is {{ weather }}");
    let refused = host.call::<Voice>("POST", "/intents", bad);
    assert_eq!(field_of(refused.clone()).1, "reply");
    assert!(refused.1["msg"].as_str().unwrap_or("").contains("weather"), "{}", refused.1);
    let mut bad = base.clone();
    bad["priority"] = json!(5000);
    assert_eq!(field_of(host.call::<Voice>("POST", "/intents", bad)).1, "priority");

    let id = intent(&mut host, base);
    let refused =
        host.call::<Voice>("POST", &format!("/intents/{id}/corpus"), json!({ "texts": "set {place} warmer" }));
    assert_eq!(field_of(refused.clone()).1, "texts");
    let added = ok(host.call::<Voice>(
        "POST",
        &format!("/intents/{id}/corpus"),
        json!({ "texts": "Set the {room} to {temperature} degrees\nset the {room} to {temperature} degrees." }),
    ));
    assert_eq!(added["added"].as_array().map(Vec::len), Some(1), "normalized duplicates count once: {added}");
    let many: String = (0..21).map(|i| format!("phrase {i}\n")).collect();
    assert_eq!(
        field_of(host.call::<Voice>("POST", &format!("/intents/{id}/corpus"), json!({ "texts": many }))),
        (400, "texts".into())
    );
}

#[test]
fn trying_an_utterance_picks_by_corpus_priority_and_condition_and_renders_the_reply() {
    let mut host = host();
    let precise = intent(
        &mut host,
        json!({ "field": "climate", "intent": "set_temperature", "slots": ["room", "temperature"], "priority": 10,
        "condition": "temperature >= 16 && temperature <= 30", "reply": "Setting the {{ room }} to {{ temperature }} degrees", "ttsReply": "OK, {{ temperature }} degrees" }),
    );
    let fallback = intent(
        &mut host,
        json!({ "field": "climate", "intent": "out_of_range", "slots": ["room", "temperature"], "priority": 1,
        "reply": "Sorry, {{ temperature }} is out of range" }),
    );
    for (id, text) in
        [(&precise, "set the {room} to {temperature} degrees"), (&fallback, "set the {room} to {temperature} degrees")]
    {
        ok(host.call::<Voice>("POST", &format!("/intents/{id}/corpus"), json!({ "texts": text })));
    }

    let hit = ok(host.call::<Voice>("POST", "/intents/try", json!({ "utterance": "Set the bedroom to 22 degrees" })));
    assert_eq!(
        (hit["intent"].as_str(), hit["reply"].as_str()),
        (Some("set_temperature"), Some("Setting the bedroom to 22 degrees"))
    );
    assert_eq!(hit["ttsReply"], "OK, 22 degrees");

    let out = ok(host.call::<Voice>("POST", "/intents/try", json!({ "utterance": "set the bedroom to 40 degrees" })));
    assert_eq!(out["intent"], "out_of_range", "the higher priority's condition failed: {out}");
    assert_eq!(out["tried"][0]["outcome"], "conditionFalse");

    let overridden = ok(host.call::<Voice>(
        "POST",
        "/intents/try",
        json!({ "utterance": "set the bedroom to 40 degrees", "slots": { "temperature": 18 } }),
    ));
    assert_eq!(overridden["reply"], "Setting the bedroom to 18 degrees");

    let none = ok(host.call::<Voice>("POST", "/intents/try", json!({ "utterance": "sing a song" })));
    assert_eq!(none["matched"], false);

    let text = ok(host.call_with::<Voice>(
        "POST",
        "/intents/try",
        &[],
        json!({ "utterance": "set the bedroom to warm degrees" }),
        "de",
    ));
    // "warm" is text: the condition cannot compare it, so that intent does not apply, and says why.
    assert_eq!(
        (text["intent"].as_str(), text["tried"][0]["outcome"].as_str()),
        (Some("out_of_range"), Some("conditionError"))
    );
    assert!(text["tried"][0]["message"].as_str().unwrap_or("").starts_with("Die Bedingung"), "{text}");
    assert_eq!(
        field_of(host.call::<Voice>("POST", "/intents/try", json!({ "utterance": "" }))),
        (400, "utterance".into())
    );
}
