//! Static files: the console shell at `/` (the SPA's routes fall back to index.html) and each
//! plugin's remote at `/remotes/<id>/`. Hashed assets are cached for a year; the entry points
//! (index.html, remoteEntry.js, mf-manifest.json) are revalidated on every load so a deployment
//! or a plugin reload shows at once.

use std::path::PathBuf;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::fs::ServeFileSystemResponseBody;
use tower_http::services::{ServeDir, ServeFile};

use crate::AppState;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Whether a file name carries a content hash (Vite's `name-XXXXXXXX.ext`).
fn hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name);
    stem.rsplit_once('-')
        .is_some_and(|(_, hash)| hash.len() >= 8 && hash.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
}

fn with_cache_headers(path: &str, mut response: Response) -> Response {
    if response.status().is_success() {
        let entry = path.ends_with(".html")
            || path.contains("remoteEntry")
            || path.ends_with("mf-manifest.json")
            || path.ends_with('/');
        let policy = if !entry && hashed(path) { IMMUTABLE } else { REVALIDATE };
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    response
}

async fn serve<S>(dir: S, request: Request) -> Response
where
    S: tower::Service<
            Request,
            Response = axum::http::Response<ServeFileSystemResponseBody>,
            Error = std::convert::Infallible,
        >,
{
    let path = request.uri().path().to_string();
    match dir.oneshot(request).await {
        Ok(response) => {
            let mut response = with_cache_headers(&path, response.map(Body::new));
            // The bytes depend on what the browser takes: a cache keeps one copy per encoding.
            response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            response
        }
        Err(never) => match never {},
    }
}

/// The shell: files of `shell_dir`, the sign-in page (its own small build under `login/`) at
/// `/login`, and index.html for every other path (the console's client-side routes). Each in the
/// brotli or gzip the build wrote beside it (`scripts/precompress.mjs`) when the browser takes it.
pub fn shell(shell_dir: PathBuf) -> Router<AppState> {
    let login = shell_dir.join("login").join("index.html");
    let login = ServeFile::new(login).precompressed_br().precompressed_gzip();
    Router::new().route_service("/login", login).fallback(move |request: Request| {
        let index = ServeFile::new(shell_dir.join("index.html")).precompressed_br().precompressed_gzip();
        let dir = ServeDir::new(shell_dir.clone()).precompressed_br().precompressed_gzip().fallback(index);
        async move {
            let path = request.uri().path().to_string();
            let is_file = path.rsplit('/').next().is_some_and(|name| name.contains('.'));
            let response = serve(dir, request).await;
            // An SPA route answered by index.html must never be cached as if it were a file.
            if !is_file {
                let mut response = response;
                response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
                return response;
            }
            response
        }
    })
}

/// What the browser may do with everything the host serves: scripts and connections only from
/// this origin (remotes included: they are served here), no framing (clickjacking), no MIME
/// sniffing. Styles may be inline: antd writes its CSS-in-JS into `<style>` elements.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Sets [`CONTENT_SECURITY_POLICY`] and its companions on every response that has none.
pub async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "same-origin"),
    ] {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    }
    response
}

/// `/remotes/<plugin>/<file>`: a file of a loaded plugin's remote, served only while it still
/// has the content pinned in plugins.toml. A folder's `index.html` is a page of its own (the
/// customer-service plugin's chat page for apps' web views), at the folder's path with its `/`.
pub async fn remote(
    State(app): State<AppState>,
    Path((plugin, file)): Path<(String, String)>,
    headers: axum::http::HeaderMap,
) -> Response {
    let Some(remote) = app.plugins.get(&plugin).and_then(|p| p.remote.clone()) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    // Development (`CONSOLE_DEV`): a remote rebuilt while the host runs is served as it is now.
    let dev = app.config.dev;
    let read = |name: String| {
        let remote = remote.clone();
        async move { if dev { remote.current(&name).await } else { remote.verified(&name).await } }
    };
    let asked = if file.is_empty() || file.ends_with('/') { format!("{file}index.html") } else { file.clone() };
    // The build's brotli or gzip of the file (pinned with the rest), when the browser takes it:
    // then the plain file is not read (each read is checked against its pin).
    let mut found = None;
    for encoding in accepted_encodings(&headers) {
        if let Some(bytes) = read(format!("{asked}.{}", encoding.suffix())).await {
            found = Some((Some(encoding), bytes));
            break;
        }
    }
    if found.is_none() {
        found = read(asked.clone()).await.map(|bytes| (None, bytes));
    }
    let Some((encoding, bytes)) = found else {
        // A folder asked for without its `/`: its page's relative links need it.
        let folder = !file.rsplit('/').next().unwrap_or("").contains('.');
        if folder && read(format!("{file}/index.html")).await.is_some() {
            return axum::response::Redirect::permanent(&format!("/remotes/{plugin}/{file}/")).into_response();
        }
        return StatusCode::NOT_FOUND.into_response();
    };
    let file = asked;
    let content_type = match file.rsplit('.').next().unwrap_or("") {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "html" => "text/html; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    };
    let mut response = ([(header::CONTENT_TYPE, content_type)], bytes).into_response();
    if let Some(encoding) = encoding {
        response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding.name()));
    }
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    with_cache_headers(&format!("/{file}"), response)
}

/// An encoding the build writes beside a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    fn name(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gz",
        }
    }
}

/// The encodings `accept-encoding` takes (not with `q=0`), brotli first.
fn accepted_encodings(headers: &axum::http::HeaderMap) -> Vec<Encoding> {
    let offered: Vec<(String, bool)> = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|item| {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or("").to_ascii_lowercase();
            let refused = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
            (name, !refused)
        })
        .collect();
    // An encoding named is taken or refused as named; `*` speaks only for those not named.
    let takes = |name: &str| match offered.iter().find(|(n, _)| n == name) {
        Some((_, ok)) => *ok,
        None => offered.iter().any(|(n, ok)| *ok && n == "*"),
    };
    [Encoding::Brotli, Encoding::Gzip].into_iter().filter(|e| takes(e.name())).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn accepted_encodings_brotli_first_and_never_one_refused() {
        use super::{Encoding::*, accepted_encodings};
        let of = |value: &str| {
            let mut headers = axum::http::HeaderMap::new();
            headers.insert(axum::http::header::ACCEPT_ENCODING, value.parse().unwrap());
            accepted_encodings(&headers)
        };
        assert_eq!(of("gzip, deflate, br, zstd"), vec![Brotli, Gzip]);
        assert_eq!(of("gzip"), vec![Gzip]);
        assert_eq!(of("br;q=0, gzip;q=0.5"), vec![Gzip]);
        assert_eq!(of("identity"), vec![]);
        assert_eq!(of("br;q=0, *"), vec![Gzip], "named and refused, whatever `*` says");
        assert_eq!(accepted_encodings(&axum::http::HeaderMap::new()), vec![]);
    }

    #[test]
    fn hashed_names() {
        assert!(super::hashed("/assets/bootstrap-Cp94OEo_.js"));
        assert!(super::hashed("/assets/_virtual_mf-abc-BcmpCEub.js"));
        assert!(!super::hashed("/remoteEntry.js"));
        assert!(!super::hashed("/index.html"));
    }
}
