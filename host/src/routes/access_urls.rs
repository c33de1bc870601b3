//! Renewing a download link the console gave (`files.access-url`): a page that kept a picture's
//! or a file's link past its hour asks for the same object again. Only the host's own signed
//! links are renewed (an object store's presigned URL is the store's to issue), and only for a
//! caller who acts for the link's enterprise with its plugin on: the link itself proves the
//! object was shown, not who may see it now.

use axum::extract::State;
use axum::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec};
use crate::i18n::Msg;

/// How long a renewed link lives.
const RENEWED_FOR_MS: i64 = 60 * 60 * 1000;
/// How long after its end a link may still be renewed: a page left open overnight renews its
/// pictures; a link found in an old log or mail does not come back to life.
const RENEWABLE_FOR_MS: i64 = 24 * 60 * 60 * 1000;
/// Where the host serves its signed links.
const DOWNLOAD_PATH: &str = "/api/files/download";

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::POST,
            "/region-service-admin/storage/oss/getAccessUrl",
            Perm::SignedIn,
            "Renew a download link the console gave, expired or not: the same object for an hour",
        )
        .body::<AccessUrlInput>()
        .data::<AccessUrl>(),
        renew,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AccessUrlInput {
    /// A link of this console (`/api/files/download?token=…`, with or without the host).
    url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccessUrl {
    url: String,
}

/// The token of a host-signed link, if `url` is one.
fn token_of(url: &str) -> Option<&str> {
    let at = url.find(DOWNLOAD_PATH)?;
    let query = url[at + DOWNLOAD_PATH.len()..].strip_prefix('?')?;
    query.split('&').find_map(|pair| pair.strip_prefix("token=")).filter(|token| !token.is_empty())
}

async fn renew(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<AccessUrlInput>,
) -> ApiResult<Envelope<AccessUrl>> {
    let url = crate::validate::required("url", &input.url, 8192)?;
    let not_ours =
        || ApiError::invalid("url", Msg::Format { field: "url".into(), expected: "a download link of this console" });
    let objects = app.plugins.objects();
    let mut grant = token_of(&url).and_then(|token| objects.url_key.signed(token).ok()).ok_or_else(not_ours)?;
    let now = crate::db::now_ms();
    if grant.expires_at + RENEWABLE_FOR_MS < now {
        return Err(ApiError::Client { code: 410, msg: Msg::DownloadExpired });
    }
    // Another enterprise's object, or one of a plugin now off there, is as good as none.
    if !caller.scope.covers(grant.tenant) || !app.plugins.enabled_for(grant.tenant).await?.contains(&grant.plugin) {
        return Err(ApiError::NotFound);
    }
    grant.expires_at = now + RENEWED_FOR_MS;
    Ok(Envelope(AccessUrl { url: format!("{DOWNLOAD_PATH}?token={}", objects.url_key.sign(&grant)) }))
}

#[cfg(test)]
mod tests {
    use super::token_of;

    #[test]
    fn the_token_is_read_from_the_hosts_own_links_only() {
        assert_eq!(token_of("/api/files/download?token=abc.def"), Some("abc.def"));
        assert_eq!(token_of("https://console.example.com/api/files/download?x=1&token=abc.def"), Some("abc.def"));
        assert_eq!(token_of("https://bucket.s3.example.com/a.png?X-Amz-Signature=1"), None);
        assert_eq!(token_of("/api/files/download?token="), None);
    }
}
