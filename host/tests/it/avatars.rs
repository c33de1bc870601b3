//! Account avatars (200 × 200 pixels, PNG, JPEG or GIF, at most 500 KB), checked by
//! the host from the file's bytes, on the accounts page and in the personal centre.

use crate::common;

use base64::Engine as _;
use common::{TestHost, USER_PASSWORD, png};
use serde_json::{Value, json};

const UPLOAD: &str = "/authority-service/avatar/upload";
const MENU: &str = "/authority-service/authority/getUserMenu";

fn encoded(bytes: &[u8]) -> Value {
    json!({ "content": base64::engine::general_purpose::STANDARD.encode(bytes) })
}

#[tokio::test]
async fn an_avatar_is_a_200_pixel_square_image_of_at_most_500_kb_of_the_accounts_enterprise() {
    let host = TestHost::start().await;
    let admin = host.admin().await;

    // The rule, read from the bytes: size, side, and a format an <img> shows safely.
    let mut padded = png(200, 200, false);
    padded.resize(500_001, 0);
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script></svg>"#;
    for (why, bytes) in [("150 × 150", png(150, 150, false)), ("over 500 KB", padded), ("SVG", svg.to_vec())] {
        let refused = host.post(UPLOAD, &admin, encoded(&bytes)).await;
        assert_eq!((refused.code(), refused.data()["field"].as_str()), (400, Some("avatar")), "{why}");
        assert!(refused.msg().contains("200×200"), "{why}: {}", refused.msg());
    }

    let image = png(200, 200, true);
    let answer = host.post(UPLOAD, &admin, encoded(&image)).await;
    let avatar = answer.ok()["avatar"].as_str().expect("an address").to_string();
    assert!(avatar.starts_with("/api/authority-service/avatars/0/") && avatar.ends_with(".png"), "{avatar}");
    // Served without a session (an <img> sends none), as what was uploaded, typed as an image.
    let served = reqwest::get(format!("{}{avatar}", host.base.trim_end_matches("/api"))).await.expect("served");
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.bytes().await.expect("bytes").as_ref(), image.as_slice());

    // An account takes it; one of another enterprise, or a made-up address, it refuses.
    let id = host.create_account(&admin, "0", "ann", &[]).await;
    let edit = |avatar: &str| {
        json!({ "id": id, "userName": "ann", "name": "Ann", "accountType": "operation", "phone": "+86-13800000000",
                "email": "ann@example.com", "roleIds": [], "avatar": avatar })
    };
    let tenant = host.create_tenant(&admin, "Acme", 3).await;
    let theirs = host.post_as(UPLOAD, &admin, &tenant.to_string(), encoded(&png(200, 200, false))).await;
    let theirs = theirs.ok()["avatar"].as_str().expect("address").to_string();
    assert!(theirs.contains(&format!("/avatars/{tenant}/")), "{theirs}");
    let made_up = format!("/api/authority-service/avatars/0/{}.png", "0".repeat(64));
    for wrong in [theirs.as_str(), made_up.as_str(), "https://evil.example.com/a.png"] {
        let refused = host.post("/authority-service/account/update", &admin, edit(wrong)).await;
        assert_eq!(refused.data()["field"], "avatar", "{wrong}");
    }
    host.post("/authority-service/account/update", &admin, edit(&avatar)).await.ok();
    let listed = host.post("/authority-service/account/list", &admin, json!({ "keyword": "ann" })).await;
    assert_eq!(listed.ok()["list"][0]["avatar"], avatar.as_str());

    // The personal centre: one's own avatar, shown in the user info the shell reads.
    let ann = host.login("ann", USER_PASSWORD).await;
    let own = host.post(UPLOAD, &ann, encoded(&png(200, 200, false))).await.ok()["avatar"].clone();
    host.post("/authority-service/authority/avatar", &ann, json!({ "avatar": own })).await.ok();
    let menu = host.post(MENU, &ann, json!({})).await;
    assert_eq!(menu.ok()["headImageUrl"], own);
    let cleared = host.post("/authority-service/authority/avatar", &ann, json!({ "avatar": "" })).await;
    cleared.ok();
    assert_eq!(host.post(MENU, &ann, json!({})).await.ok()["headImageUrl"], "");
}

/// A 200-pixel PNG of one grey `shade`: distinct images, distinct objects.
fn shaded(shade: u8) -> Vec<u8> {
    use image::ImageEncoder as _;
    let pixels = vec![shade; 200 * 200 * 3];
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&pixels, 200, 200, image::ExtendedColorType::Rgb8)
        .expect("png");
    out
}

/// Any signed-in account may upload an avatar, so uploads are bounded per account, and the
/// images no account names are removed once their form had time to be saved. Before, an account
/// with no role stored forty images in seconds, kept for ever.
#[tokio::test]
async fn avatars_are_bounded_per_account_and_those_nobody_names_are_swept() {
    let host = TestHost::start().await;
    let admin = host.admin().await;
    host.create_account(&admin, "0", "bob", &[]).await;
    let bob = host.login("bob", USER_PASSWORD).await;
    let mut uploaded = Vec::new();
    for shade in 0..console_host::routes::avatars::UPLOADS_PER_HOUR as u8 {
        let answer = host.post(UPLOAD, &bob, encoded(&shaded(shade))).await;
        uploaded.push(answer.ok()["avatar"].as_str().expect("an address").to_string());
    }
    let refused = host.post(UPLOAD, &bob, encoded(&shaded(200))).await;
    assert_eq!(refused.code(), 429, "{:?}", refused.body);
    host.post("/authority-service/authority/avatar", &bob, json!({ "avatar": uploaded[3] })).await.ok();

    let db = console_host::db::Db::open(&host.database_url).await.expect("db");
    let key = console_host::sealing::MasterKey::load(None, host.dir.path()).expect("key");
    let objects = console_host::objects::Objects::open(None, &host.dir.path().join("objects"), &key).expect("objects");
    let sweep = console_host::routes::avatars::sweep;
    let now = console_host::db::now_ms();
    assert_eq!(sweep(&db, &objects, now).await, Ok(0), "nothing is old enough yet");
    assert_eq!(sweep(&db, &objects, now + 2 * 3_600_000).await, Ok(uploaded.len() - 1), "all but Bob's");
    let origin = host.base.trim_end_matches("/api").to_string();
    assert_eq!(reqwest::get(format!("{origin}{}", uploaded[3])).await.expect("sent").status(), 200, "named: kept");
    assert_eq!(reqwest::get(format!("{origin}{}", uploaded[0])).await.expect("sent").status(), 404, "unnamed: gone");
}
