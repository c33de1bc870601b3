//! The pet plugin over HTTP with real images: the avatar rule (200 × 200 pixels,
//! PNG, JPEG or GIF, at most 500 KB) is read from the uploaded file by the host, not from its name.

use crate::common;

use common::{Install, TestHost, png};
use serde_json::{Value, json};

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    use image::ImageEncoder as _;
    let pixels = vec![120u8; (width * height * 3) as usize];
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new(&mut out)
        .write_image(&pixels, width, height, image::ExtendedColorType::Rgb8)
        .expect("jpeg");
    out
}

#[tokio::test]
async fn a_pet_avatar_must_be_a_200_pixel_square_image_of_at_most_500_kb() {
    let host = TestHost::start_with_plugins(&[Install::pet()], |_| {}).await;
    let admin = host.admin().await;
    let breed = host.post("/pet-service/breeds", &admin, json!({ "breedName": "Siamese" })).await;
    let breed_id = breed.ok()["id"].clone();
    let pet = |name: &str, avatar: &str| json!({ "petName": name, "breedId": breed_id, "birthday": "2021-03-04", "weightKg": 4.2, "avatar": avatar });
    let upload = |name: &'static str, bytes: Vec<u8>| {
        let (host, admin) = (&host, admin.clone());
        async move {
            let answer: Value = host.upload(&admin, "pet-service", "pet-avatar", name, &bytes).await;
            answer["data"]["uploadId"].as_str().unwrap_or_else(|| panic!("uploaded: {answer}")).to_string()
        }
    };

    // Too large a square, and a PNG padded past 500 KB: refused on the avatar, nothing stored.
    let mut padded = png(200, 200, false);
    padded.resize(500_001, 0);
    for (why, bytes) in [("300 × 300", png(300, 300, false)), ("over 500 KB", padded)] {
        let id = upload("cat.png", bytes).await;
        let refused = host.post("/pet-service/pets", &admin, pet("Tom", &id)).await;
        assert_eq!(
            (refused.code(), refused.data()["field"].as_str()),
            (400, Some("avatar")),
            "{why}: {:?}",
            refused.body
        );
        assert!(refused.msg().contains("200×200") && refused.msg().contains("500 KB"), "{}", refused.msg());
    }
    assert_eq!(host.get("/pet-service/pets", &admin).await.ok()["total"], 0);

    // A JPEG named .gif is still a 200 × 200 JPEG: taken, and shown through a link.
    let id = upload("cat.gif", jpeg(200, 200)).await;
    let created = host.post("/pet-service/pets", &admin, pet("Tom", &id)).await;
    let created = created.ok().clone();
    let url = created["avatarUrl"].as_str().expect("a link to the avatar");
    assert_eq!(host.fetch_url(url).await, jpeg(200, 200), "the stored avatar is the uploaded one");
}

/// A breed saved from its page, whose form shows no picture, keeps the picture it has; sent
/// empty, the picture is removed.
#[tokio::test]
async fn a_breed_edited_without_its_picture_keeps_it() {
    let host = TestHost::start_with_plugins(&[Install::pet()], |_| {}).await;
    let admin = host.admin().await;
    let avatar = "https://cdn.example.com/breeds/siamese.png";
    let breed = host.post("/pet-service/breeds", &admin, json!({ "breedName": "Siamese", "avatar": avatar })).await;
    let id = breed.ok()["id"].as_str().expect("id").to_string();
    // What the page's form sends: its four fields.
    let form = json!({ "breedName": "Siamese cat", "initial": "S", "hot": true, "sortWeight": 3 });
    let path = format!("/pet-service/breeds/{id}");
    let put = |body: Value| host.call(reqwest::Method::PUT, &path, Some(&admin), &[("lang", "en")], Some(body));
    let saved = put(form).await;
    assert_eq!((saved.ok()["breedName"].as_str(), saved.ok()["avatar"].as_str()), (Some("Siamese cat"), Some(avatar)));
    let cleared = put(json!({ "breedName": "Siamese cat", "avatar": "" })).await;
    assert_eq!(cleared.ok()["avatar"], "", "{:?}", cleared.body);
}
