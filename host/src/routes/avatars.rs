//! Account avatars (200 × 200 pixels, PNG, JPEG or GIF, at most 500 KB, told from
//! the file, not its name). A signed-in user uploads one; it is kept under the enterprise's prefix
//! by its SHA-256 (so it goes with the enterprise) and served without a session: an `<img>` cannot
//! send the session marker, and the name is the image's hash. An account names its avatar by that
//! address, which must be one of its enterprise's avatars.

use axum::extract::State;
use axum::http::{HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use object_store::path::Path;
use serde::{Deserialize, Serialize};
use sha2::Digest as _;
use utoipa::ToSchema;

use crate::AppState;
use crate::api::{
    ApiError, ApiJson, ApiPath, ApiResult, ApiRouter, Caller, Envelope, Perm, RecordBody, RouteSpec, done,
};
use crate::i18n::Msg;

/// An avatar is at most 500 KB.
pub const MAX_BYTES: usize = 500_000;
/// Avatars one account may upload in an hour: a few tries at a picture, not a file store.
pub const UPLOADS_PER_HOUR: i64 = 10;
/// How long an upload no account names is kept: the form that uploaded it is saved by then.
pub const UNNAMED_KEPT_MS: i64 = 3_600_000;
pub const SIDE: u32 = 200;
const RULE: &str = "a PNG, JPEG or GIF image of 200×200 pixels, at most 500 KB";
const SERVED: &str = "/api/authority-service/avatars/";

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::write("/authority-service/avatar/upload", Perm::SignedIn, "Upload an avatar image")
            // Base64 of a little more than the limit, so that a larger file hears the rule.
            .max_body(MAX_BYTES * 2)
            .body::<AvatarUpload>()
            .data::<Avatar>(),
        upload,
    )
    .route(
        RouteSpec::write("/authority-service/authority/avatar", Perm::SignedIn, "Change one's own avatar")
            .body::<Avatar>(),
        set_own,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/authority-service/avatars/{tenant}/{file}",
            Perm::Public,
            "An avatar image (its name is its SHA-256)",
        ),
        serve,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AvatarUpload {
    /// The image file, in Base64.
    content: String,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Avatar {
    /// The avatar's address (`/api/authority-service/avatars/<enterprise>/<sha256>.<png|jpg|gif>`);
    /// empty for none.
    avatar: String,
}

fn refused() -> ApiError {
    ApiError::invalid("avatar", Msg::Format { field: "avatar".into(), expected: RULE })
}

/// The extension of an image that follows the rule, read from its bytes.
pub fn checked_image(bytes: &[u8]) -> Option<&'static str> {
    if bytes.len() > MAX_BYTES {
        return None;
    }
    let facts = crate::objects::sniff::sniff(bytes).image?;
    let extension = match facts.format.as_str() {
        "png" => "png",
        "jpg" | "jpeg" => "jpg",
        "gif" => "gif",
        _ => return None,
    };
    (facts.width == SIDE && facts.height == SIDE).then_some(extension)
}

fn object(tenant: i64, file: &str) -> Path {
    Path::from(format!("{tenant}/avatars/{file}"))
}

/// `<64 hex>.<png|jpg|gif>`: the only names avatars have.
fn is_avatar_file(file: &str) -> bool {
    file.split_once('.').is_some_and(|(hash, ext)| {
        hash.len() == 64
            && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            && ["png", "jpg", "gif"].contains(&ext)
    })
}

async fn upload(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<AvatarUpload>,
) -> ApiResult<Response> {
    let bytes = base64::engine::general_purpose::STANDARD.decode(input.content.trim()).map_err(|_| refused())?;
    let extension = checked_image(&bytes).ok_or_else(refused)?;
    // Any signed-in account may upload: bounded per account, and what no account names is
    // swept (`sweep`).
    let door = format!("avatar:{}", caller.account_id);
    if !app.throttle.take(&door, UPLOADS_PER_HOUR, 3_600_000).await? {
        return Err(ApiError::Client { code: 429, msg: Msg::Busy });
    }
    let hash = hex::encode(sha2::Sha256::digest(&bytes));
    let file = format!("{hash}.{extension}");
    let tenant = caller.scope.owner();
    app.plugins
        .objects()
        .store
        .put(&object(tenant, &file), bytes.into())
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let avatar = format!("{SERVED}{tenant}/{file}");
    // The operation record keeps the address, not the image.
    let recorded = serde_json::json!({ "avatar": avatar }).to_string();
    let mut response = Envelope(Avatar { avatar }).into_response();
    response.extensions_mut().insert(RecordBody(recorded.into()));
    Ok(response)
}

/// `avatar` as an account of `tenant` may hold it: empty, or the address of one of the
/// enterprise's stored avatars.
pub async fn checked_address(app: &AppState, tenant: i64, avatar: &str) -> ApiResult<String> {
    let avatar = avatar.trim();
    if avatar.is_empty() {
        return Ok(String::new());
    }
    let file = avatar
        .strip_prefix(SERVED)
        .and_then(|rest| rest.split_once('/'))
        .filter(|(owner, file)| *owner == tenant.to_string() && is_avatar_file(file))
        .map(|(_, file)| file)
        .ok_or_else(refused)?;
    let stored =
        app.plugins.objects().size(&object(tenant, file)).await.map_err(|e| ApiError::Internal(e.to_string()))?;
    stored.map(|_| avatar.to_string()).ok_or_else(refused)
}

/// The personal centre: one's own avatar, by the address an upload answered.
async fn set_own(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<Avatar>,
) -> ApiResult<Envelope<()>> {
    let account = app.db.account(caller.account_id).await?.ok_or(ApiError::NotSignedIn)?;
    let avatar = checked_address(&app, account.tenant_id, &input.avatar).await?;
    app.db.set_account_avatar(account.id, &avatar).await?;
    Ok(done())
}

async fn serve(State(app): State<AppState>, ApiPath((tenant, file)): ApiPath<(i64, String)>) -> ApiResult<Response> {
    if !is_avatar_file(&file) {
        return Err(ApiError::NotFound);
    }
    let found = match app.plugins.objects().store.get(&object(tenant, &file)).await {
        Ok(found) => found.bytes().await.map_err(|e| ApiError::Internal(e.to_string()))?,
        Err(object_store::Error::NotFound { .. }) => return Err(ApiError::NotFound),
        Err(err) => return Err(ApiError::Internal(err.to_string())),
    };
    let content_type = match file.rsplit_once('.').map(|(_, ext)| ext) {
        Some("png") => "image/png",
        Some("jpg") => "image/jpeg",
        _ => "image/gif",
    };
    let mut response = found.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // The name is the content's hash: it never changes.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    Ok(response)
}

/// Removes the avatars no account of their enterprise names, once they are older than
/// [`UNNAMED_KEPT_MS`] at `now_ms`; how many.
pub async fn sweep(db: &crate::db::Db, objects: &crate::objects::Objects, now_ms: i64) -> Result<usize, String> {
    use futures_util::StreamExt as _;
    let cutoff = now_ms - UNNAMED_KEPT_MS;
    let mut removed = 0;
    let tenants: Vec<i64> = std::iter::once(0).chain(db.tenant_ids().await.map_err(|e| e.to_string())?).collect();
    for tenant in tenants {
        let prefix = Path::from(format!("{tenant}/avatars"));
        let mut listed = objects.store.list(Some(&prefix));
        let mut old = Vec::new();
        while let Some(meta) = listed.next().await {
            let meta = meta.map_err(|e| e.to_string())?;
            if meta.last_modified.timestamp_millis() < cutoff {
                old.push(meta.location);
            }
        }
        if old.is_empty() {
            continue;
        }
        for location in old {
            // Read again for each: an account may have named it since the listing.
            let named = db.account_avatars(tenant).await.map_err(|e| e.to_string())?;
            let file = location.filename().unwrap_or_default();
            if !named.iter().any(|avatar| avatar.ends_with(&format!("/{tenant}/{file}"))) {
                objects.delete(&location).await.map_err(|e| e.to_string())?;
                removed += 1;
            }
        }
    }
    Ok(removed)
}

/// Sweeps unnamed avatars every ten minutes.
pub fn spawn_sweeper(db: crate::db::Db, objects: std::sync::Arc<crate::objects::Objects>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
        loop {
            every.tick().await;
            match sweep(&db, &objects, crate::db::now_ms()).await {
                Ok(0) => {}
                Ok(removed) => tracing::info!(removed, "avatars no account names swept"),
                Err(err) => tracing::warn!(%err, "sweeping avatars"),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(side: u32) -> Vec<u8> {
        use image::ImageEncoder as _;
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(&vec![7u8; (side * side * 3) as usize], side, side, image::ExtendedColorType::Rgb8)
            .expect("png");
        out
    }

    #[test]
    fn the_avatar_rule_is_read_from_the_bytes() {
        assert_eq!(checked_image(&png(200)), Some("png"));
        assert_eq!(checked_image(&png(201)), None, "not 200 × 200");
        let mut padded = png(200);
        padded.resize(MAX_BYTES + 1, 0);
        assert_eq!(checked_image(&padded), None, "over 500 KB");
        assert_eq!(checked_image(b"GIF89a but not really"), None);
        assert!(is_avatar_file(&format!("{}.gif", "a".repeat(64))));
        assert!(!is_avatar_file(&format!("{}.svg", "a".repeat(64))), "no SVG: it can carry script");
        assert!(!is_avatar_file("../../etc/passwd.png"));
    }
}
