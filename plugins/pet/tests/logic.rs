//! The pet plugin's logic, natively, against the SDK's in-memory host.

use console_plugin_sdk::testing::MemoryHost;
use console_plugin_sdk::{Value, json};
use pet::Pet;

fn host() -> MemoryHost {
    MemoryHost::new().unique("breeds", &["breedName"]).unique("pets", &["deviceSn", "catId"])
}

fn breed(host: &mut MemoryHost, name: &str) -> String {
    let (status, body) = host.call::<Pet>("POST", "/breeds", json!({ "breedName": name, "hot": true }));
    assert_eq!(status, 200, "{body}");
    body["id"].as_str().expect("id").to_string()
}

fn pet_body(breed_id: &str, name: &str) -> Value {
    json!({ "petName": name, "breedId": breed_id, "birthday": "2021-03-04", "weightKg": 4.2, "deviceSn": "LB100", "catId": name })
}

#[test]
fn breed_initial_is_derived_and_names_are_unique() {
    let mut host = host();
    let (_, created) = host.call::<Pet>("POST", "/breeds", json!({ "breedName": "ragdoll" }));
    assert_eq!(created["initial"], "R");
    let (status, body) = host.call::<Pet>("POST", "/breeds", json!({ "breedName": "ragdoll" }));
    assert_eq!((status, body["field"].as_str()), (400, Some("breedName")));
    let (status, body) = host.call::<Pet>("POST", "/breeds", json!({ "breedName": "x", "initial": "12" }));
    assert_eq!((status, body["field"].as_str()), (400, Some("initial")));
}

#[test]
fn pets_need_a_known_breed_a_past_birthday_and_a_sane_weight() {
    let mut host = host();
    let breed_id = breed(&mut host, "Siamese");
    let mut body = pet_body(&breed_id, "Tom");
    body["birthday"] = json!("2999-01-01");
    assert_eq!(host.call::<Pet>("POST", "/pets", body).1["field"], "birthday");
    let mut body = pet_body(&breed_id, "Tom");
    body["weightKg"] = json!(80);
    assert_eq!(host.call::<Pet>("POST", "/pets", body).1["field"], "weightKg");
    assert_eq!(host.call::<Pet>("POST", "/pets", pet_body("999", "Tom")).1["field"], "breedId");

    let (status, created) = host.call::<Pet>("POST", "/pets", pet_body(&breed_id, "Tom"));
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["breedName"], "Siamese");
    assert!(created["age"].as_i64().is_some_and(|age| age >= 4));
    assert_eq!(host.events.len(), 1, "pet.created published");
}

#[test]
fn unbound_pets_do_not_collide_but_one_cat_id_per_box() {
    let mut host = host();
    let breed_id = breed(&mut host, "Siamese");
    for name in ["Tom", "Jerry"] {
        let body = json!({ "petName": name, "breedId": breed_id, "birthday": "2021-03-04", "weightKg": 4.2 });
        assert_eq!(host.call::<Pet>("POST", "/pets", body).0, 200, "unbound {name}");
    }
    assert_eq!(host.call::<Pet>("POST", "/pets", pet_body(&breed_id, "Tom")).0, 200);
    let (status, body) = host.call::<Pet>("POST", "/pets", pet_body(&breed_id, "Tom"));
    assert_eq!((status, body["field"].as_str()), (400, Some("deviceSn")), "same cat id on the same box");
}

#[test]
fn search_is_fuzzy_or_precise() {
    let mut host = host();
    let breed_id = breed(&mut host, "Siamese");
    for name in ["Tom", "Tomcat", "Jerry"] {
        let mut body = pet_body(&breed_id, name);
        body["catId"] = json!(name);
        assert_eq!(host.call::<Pet>("POST", "/pets", body).0, 200);
    }
    let (_, fuzzy) = host.call_with::<Pet>("GET", "/pets", &[("petName", "tom")], Value::Null, "en");
    assert_eq!(fuzzy["total"], 2);
    let (_, precise) =
        host.call_with::<Pet>("GET", "/pets", &[("petName", "Tom"), ("mode", "precise")], Value::Null, "en");
    assert_eq!(precise["total"], 1);
}

#[test]
fn a_breed_in_use_cannot_be_deleted_and_deletion_needs_the_name() {
    let mut host = host();
    let breed_id = breed(&mut host, "Siamese");
    let (_, pet) = host.call::<Pet>("POST", "/pets", pet_body(&breed_id, "Tom"));
    let path = format!("/breeds/{breed_id}");
    assert_eq!(host.call::<Pet>("DELETE", &path, json!({ "confirmName": "siamese" })).1["field"], "confirmName");
    assert_eq!(host.call::<Pet>("DELETE", &path, json!({ "confirmName": "Siamese" })).0, 409);

    let pet_id = pet["id"].as_str().expect("id");
    let record = json!({ "petId": pet_id, "kind": "usage", "startTime": 1_700_000_000_000_i64, "durationS": 90, "weightG": 4200 });
    assert_eq!(host.call::<Pet>("POST", "/records", record).0, 200);
    assert_eq!(host.call::<Pet>("DELETE", &format!("/pets/{pet_id}"), json!({ "confirmName": "Tom" })).0, 200);
    let (_, records) = host.call_with::<Pet>("GET", "/records", &[("petId", pet_id)], Value::Null, "en");
    assert_eq!(records["total"], 0, "the pet's records went with it");
    assert_eq!(host.call::<Pet>("DELETE", &path, json!({ "confirmName": "Siamese" })).0, 200);
}

#[test]
fn records_are_checked() {
    let mut host = host();
    let breed_id = breed(&mut host, "Siamese");
    let (_, pet) = host.call::<Pet>("POST", "/pets", pet_body(&breed_id, "Tom"));
    let pet_id = pet["id"].as_str().expect("id");
    let bad_kind = json!({ "petId": pet_id, "kind": "nap", "startTime": 1 });
    assert_eq!(host.call::<Pet>("POST", "/records", bad_kind).1["field"], "kind");
    let clearing = json!({ "petId": pet_id, "kind": "clearing", "startTime": 1 });
    assert_eq!(host.call::<Pet>("POST", "/records", clearing).1["field"], "clearType");
    let long = json!({ "petId": pet_id, "kind": "usage", "startTime": 1, "durationS": 100_000 });
    assert_eq!(host.call::<Pet>("POST", "/records", long).1["field"], "durationS");
}

#[test]
fn stale_versions_are_refused() {
    let mut host = host();
    let breed_id = breed(&mut host, "Siamese");
    let path = format!("/breeds/{breed_id}");
    assert_eq!(host.call::<Pet>("PUT", &path, json!({ "breedName": "Siamese cat", "version": 1 })).0, 200);
    assert_eq!(host.call::<Pet>("PUT", &path, json!({ "breedName": "Siamese", "version": 1 })).0, 409);
}

/// An uploaded avatar as the host measured it: `format`, `side` × `side` pixels, `bytes` long.
fn avatar(host: &mut MemoryHost, format: &str, side: u32, bytes: usize) -> String {
    let id = host.add_upload("pet-avatar", "cat.img", vec![0; bytes]);
    host.uploads.get_mut(&id).expect("upload").1.image =
        Some(console_plugin_sdk::upload::ImageFacts { format: format.into(), width: side, height: side, alpha: false });
    id
}

/// A pet's avatar is 200 × 200 pixels, PNG, JPEG or GIF, at most 500 KB, told from
/// the file; an edit without a new avatar keeps the one it has.
#[test]
fn a_pet_avatar_is_200_pixels_square_png_jpeg_or_gif_and_at_most_500_kb() {
    let mut host = host();
    let breed_id = breed(&mut host, "Siamese");
    for (format, side, bytes, why) in
        [("png", 100, 10_000, "100 × 100"), ("webp", 200, 10_000, "WebP"), ("jpeg", 200, 500_001, "over 500 KB")]
    {
        let mut body = pet_body(&breed_id, "Tom");
        body["avatar"] = json!(avatar(&mut host, format, side, bytes));
        let (status, refused) = host.call::<Pet>("POST", "/pets", body);
        assert_eq!((status, refused["field"].as_str()), (400, Some("avatar")), "{why}: {refused}");
    }
    assert_eq!(host.call::<Pet>("GET", "/pets", json!({})).1["total"], 0, "nothing stored");

    for (n, format) in ["png", "jpg", "gif"].into_iter().enumerate() {
        let mut body = pet_body(&breed_id, &format!("Tom{n}"));
        body["avatar"] = json!(avatar(&mut host, format, 200, 500_000));
        let (status, created) = host.call::<Pet>("POST", "/pets", body);
        assert_eq!(status, 200, "{format}: {created}");
        assert!(created["avatarUrl"].as_str().is_some_and(|url| !url.is_empty()), "{created}");
    }
    let list = host.call::<Pet>("GET", "/pets", json!({})).1;
    let pet = list["list"][0].clone();
    let id = pet["id"].as_str().expect("id");
    let kept = json!({ "petName": pet["petName"], "breedId": breed_id, "birthday": "2021-03-04", "weightKg": 5.0,
                       "deviceSn": pet["deviceSn"], "catId": pet["catId"], "version": pet["version"] });
    let (status, edited) = host.call::<Pet>("PUT", &format!("/pets/{id}"), kept);
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["avatar"], pet["avatar"], "the avatar is kept");
}
