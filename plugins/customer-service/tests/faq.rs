//! The customer-service plugin against the in-memory host: question types of two levels, one
//! default service language, FAQs written to the index while it exists and found in Chinese and
//! English, the index actions, what apps are answered (their language, no FAQ meant for
//! agents), and one vote per signed-in user.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use customer_service::CustomerService;

fn host() -> MemoryHost {
    let mut host = MemoryHost::new();
    host.plugins.insert("product-service".into(), |_, path, _| match path {
        "/internal/products/p1" => (200, json!({ "id": "p1", "name": "RV20" })),
        _ => (404, json!({ "msg": "Data does not exist." })),
    });
    host.plugins.insert("app-service".into(), |_, _, body| match body["token"].as_str() {
        Some("ann-session") => (200, json!({ "username": "ann@example.com" })),
        Some("bob-session") => (200, json!({ "username": "bob@example.com" })),
        _ => (400, json!({ "field": "userToken", "msg": "The sign-in has expired; please sign in again." })),
    });
    host
}

fn call(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> (u16, Value) {
    host.as_user();
    host.call::<CustomerService>(method, path, body)
}

fn ok(host: &mut MemoryHost, method: &str, path: &str, body: Value) -> Value {
    let (status, answer) = call(host, method, path, body);
    assert_eq!(status, 200, "{method} {path}: {answer}");
    answer
}

fn id(answer: &Value) -> String {
    answer["id"].as_str().expect("an id").to_string()
}

#[test]
fn question_types_have_two_levels_unique_names_per_category_and_stay_while_used() {
    let mut host = host();
    let cleaning = id(&ok(&mut host, "POST", "/question-types", json!({ "name": "Cleaning" })));
    let brushes = id(&ok(&mut host, "POST", "/question-types", json!({ "name": "Brushes", "parentId": cleaning })));
    let (status, refused) =
        call(&mut host, "POST", "/question-types", json!({ "name": "Bristles", "parentId": brushes }));
    assert_eq!((status, refused["field"].as_str()), (400, Some("parentId")), "no third level");
    let (status, refused) =
        call(&mut host, "POST", "/question-types", json!({ "name": "Brushes", "parentId": cleaning }));
    assert_eq!((status, refused["field"].as_str()), (400, Some("name")), "{refused}");
    ok(&mut host, "POST", "/question-types", json!({ "name": "Brushes" }));
    let tree = ok(&mut host, "GET", "/question-types/tree", Value::Null);
    let cleaning_node = tree.as_array().expect("tree").iter().find(|n| n["name"] == "Cleaning").expect("category");
    assert_eq!(cleaning_node["children"][0]["name"], "Brushes");
    let (status, refused) =
        call(&mut host, "DELETE", &format!("/question-types/{cleaning}"), json!({ "confirmName": "Cleaning" }));
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["msg"], "This question type still has subcategories or FAQs and cannot be deleted.");
}

#[test]
fn one_service_language_is_the_default() {
    let mut host = host();
    let zh = id(&ok(
        &mut host,
        "POST",
        "/languages",
        json!({ "name": "简体中文", "englishName": "Chinese", "code": "zhCn" }),
    ));
    assert_eq!(ok(&mut host, "GET", &format!("/languages/{zh}"), Value::Null)["isDefault"], true, "the first");
    let body = json!({ "name": "English", "englishName": "English", "code": "en", "isDefault": true });
    let en = id(&ok(&mut host, "POST", "/languages", body));
    assert_eq!(ok(&mut host, "GET", &format!("/languages/{zh}"), Value::Null)["isDefault"], false, "handed over");
    let (status, refused) = call(&mut host, "DELETE", &format!("/languages/{en}"), json!({ "confirmName": "English" }));
    assert_eq!(
        (status, refused["msg"].as_str()),
        (409, Some("One language must stay the default: make another language the default first."))
    );
    let body = json!({ "name": "Deutsch", "englishName": "German", "code": "de_DE" });
    assert_eq!(call(&mut host, "POST", "/languages", body).1["field"], "code");
}

fn faq(question: &str, answer: &str, type_id: &str, language: &str, role: &str) -> Value {
    json!({ "question": question, "answer": answer, "questionTypeId": type_id, "productId": "p1",
            "role": role, "sortWeight": 10, "language": language })
}

fn search(host: &mut MemoryHost, question: &str, language: &str) -> (u16, Value) {
    host.as_user();
    host.call_with::<CustomerService>(
        "GET",
        "/faqs/search",
        &[("q", question), ("language", language)],
        Value::Null,
        "en",
    )
}

fn found(host: &mut MemoryHost, question: &str, language: &str) -> Vec<String> {
    let (status, hits) = search(host, question, language);
    assert_eq!(status, 200, "{hits}");
    hits.as_array().expect("hits").iter().map(|h| h["question"].as_str().expect("question").to_string()).collect()
}

#[test]
fn faqs_go_into_the_index_while_it_exists_and_are_found_in_chinese_and_english() {
    let mut host = host();
    let reset = id(&ok(&mut host, "POST", "/question-types", json!({ "name": "Reset" })));
    ok(&mut host, "POST", "/faqs", faq("扫地机器人如何重置", "长按电源键十秒即可恢复出厂设置。", &reset, "zhCn", ""));
    let en = ok(
        &mut host,
        "POST",
        "/faqs",
        faq("How do I reset the robot?", "Hold the power button for ten seconds.", &reset, "en", ""),
    );
    assert_eq!((en["productName"].as_str(), en["questionTypeName"].as_str()), (Some("RV20"), Some("Reset")));

    // Before the index exists a search is refused; created and filled from the database.
    let (status, refused) = search(&mut host, "reset", "en");
    assert_eq!(
        (status, refused["msg"].as_str()),
        (409, Some("The search index has not been created yet; please create it first."))
    );
    assert_eq!(ok(&mut host, "POST", "/faq-index/create", json!({}))["created"], true);
    assert_eq!(ok(&mut host, "POST", "/faq-index/import", json!({}))["imported"], 2);
    assert_eq!(found(&mut host, "机器人怎么重置", "zhCn"), ["扫地机器人如何重置"]);
    assert_eq!(found(&mut host, "resetting", "en"), ["How do I reset the robot?"]);

    // Written while the index exists: in it at once, and out of it when deleted.
    let wifi = id(&ok(
        &mut host,
        "POST",
        "/faqs",
        faq("Connecting to Wi-Fi", "Open the app and add the robot.", &reset, "en", ""),
    ));
    assert_eq!(found(&mut host, "wifi", "en"), ["Connecting to Wi-Fi"]);
    ok(&mut host, "DELETE", &format!("/faqs/{wifi}"), json!({ "confirmName": "Connecting to Wi-Fi" }));
    assert!(found(&mut host, "wifi", "en").is_empty());
    let state = ok(&mut host, "GET", "/faq-index", Value::Null);
    assert_eq!(
        (state["exists"].clone(), state["documents"].clone(), state["faqs"].clone()),
        (json!(true), json!(2), json!(2))
    );

    assert_eq!(ok(&mut host, "POST", "/faq-index/clear", json!({}))["removed"], 2);
    assert!(found(&mut host, "reset", "en").is_empty());
    assert_eq!(ok(&mut host, "POST", "/faq-index/delete", json!({}))["deleted"], true);
    assert_eq!(ok(&mut host, "GET", "/faq-index", Value::Null)["exists"], false);
}

#[test]
fn an_app_is_answered_in_its_language_without_faqs_meant_for_agents_and_a_user_votes_once() {
    let mut host = host();
    let reset = id(&ok(&mut host, "POST", "/question-types", json!({ "name": "Reset" })));
    ok(&mut host, "POST", "/faq-index/create", json!({}));
    let public = id(&ok(
        &mut host,
        "POST",
        "/faqs",
        faq("How do I reset the robot?", "Hold the power button.", &reset, "en", "endUser"),
    ));
    ok(
        &mut host,
        "POST",
        "/faqs",
        faq("Reset a robot remotely", "Use the console's device drawer.", &reset, "en", "agent"),
    );
    ok(&mut host, "POST", "/faqs", faq("Roboter zurücksetzen", "Halten Sie die Ein-Taste gedrückt.", &reset, "de", ""));
    let ask = |host: &mut MemoryHost, language: &str| {
        host.as_device("robot home app");
        let body = json!({ "question": "reset robot", "language": language });
        let (status, answer) = host.call::<CustomerService>("POST", "/app/faq/search", body);
        assert_eq!(status, 200, "{answer}");
        answer
            .as_array()
            .expect("answers")
            .iter()
            .map(|a| a["question"].as_str().expect("q").to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(ask(&mut host, "en"), ["How do I reset the robot?"], "the agents' FAQ is not an end user's");
    assert!(ask(&mut host, "fr").is_empty());

    let vote = |host: &mut MemoryHost, token: &str, solved: bool| {
        host.as_device("robot home app");
        let body = json!({ "userToken": token, "solved": solved });
        host.call::<CustomerService>("POST", &format!("/app/faq/{public}/vote"), body)
    };
    assert_eq!(vote(&mut host, "ann-session", true), (200, json!({ "solved": 1, "unsolved": 0 })));
    assert_eq!(vote(&mut host, "ann-session", false).1["msg"], "You have already rated this answer.");
    assert_eq!(vote(&mut host, "bob-session", false), (200, json!({ "solved": 1, "unsolved": 1 })));
    assert_eq!(vote(&mut host, "forged", true).1["field"], "userToken");
}

#[test]
fn an_faq_needs_an_existing_type_a_known_language_and_a_role_of_the_spec() {
    let mut host = host();
    let reset = id(&ok(&mut host, "POST", "/question-types", json!({ "name": "Reset" })));
    for (body, field) in [
        (faq("Q", "A", "nope", "en", ""), "questionTypeId"),
        (faq("Q", "A", &reset, "xx", ""), "language"),
        (faq("Q", "A", &reset, "en", "boss"), "role"),
        (faq("", "A", &reset, "en", ""), "question"),
    ] {
        let (status, refused) = call(&mut host, "POST", "/faqs", body);
        assert_eq!((status, refused["field"].as_str()), (400, Some(field)), "{refused}");
    }
    let mut unknown_product = faq("Q", "A", &reset, "en", "");
    unknown_product["productId"] = json!("p9");
    assert_eq!(call(&mut host, "POST", "/faqs", unknown_product).1["field"], "productId");
}

#[test]
fn the_faq_page_reads_its_options_with_its_own_right_the_platforms_languages_until_some_are_configured() {
    let mut host = host();
    let device = id(&ok(&mut host, "POST", "/question-types", json!({ "name": "Device" })));
    ok(&mut host, "POST", "/question-types", json!({ "name": "Reset", "parentId": device }));
    let options = ok(&mut host, "GET", "/faq-options", Value::Null);
    assert_eq!(options["questionTypes"][0]["children"][0]["name"], "Reset");
    let codes: Vec<&str> =
        options["languages"].as_array().expect("languages").iter().filter_map(|l| l["code"].as_str()).collect();
    assert_eq!(codes, ["zhCn", "en", "de", "es", "fr", "pt", "ru"], "the platform's, while none is configured");
    ok(&mut host, "POST", "/languages", json!({ "name": "English", "englishName": "English", "code": "en" }));
    let options = ok(&mut host, "GET", "/faq-options", Value::Null);
    assert_eq!(options["languages"], json!([{ "code": "en", "name": "English", "isDefault": true }]));
}
