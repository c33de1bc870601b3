//! Large files: uploads streamed into object storage for a plugin to claim, and
//! downloads through signed, short-lived URLs with HTTP Range.
//!
//! Upload: `POST /api/files/upload/<mount>/<purpose>` with the file as the body
//! (`application/octet-stream`, name in `?fileName=`) or as a `multipart/form-data` file field.
//! The purpose is declared in the plugin's manifest (limit, kinds, the action it needs) and capped
//! by the operator's grant. The answer is an upload id with what the host measured; the browser
//! sends the id in the plugin's own JSON route, where the plugin claims it (`files.claim`).
//!
//! Devices and apps upload the same way at `POST /api/device-files/upload/<mount>/<purpose>` with
//! their key, for purposes the manifest marks `caller = "device"`, and send the id in the plugin's
//! device route. One key has at most [`WAITING_PER_CLIENT`] uploads ([`WAITING_MIB_PER_CLIENT`]
//! MiB) waiting for their claim from one address, and [`WAITING_PER_KEY`]
//! ([`WAITING_MIB_PER_KEY`] MiB) from all.

use std::time::Duration;
use utoipa::ToSchema;

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::TryStreamExt as _;
use object_store::{GetOptions, GetRange, ObjectStore as _};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::AppState;
use crate::api::{
    Answer, ApiError, ApiPath, ApiQuery, ApiResult, ApiRouter, Caller, DeviceCaller, Envelope, Perm, RecordBody,
    RouteSpec,
};
use crate::db::Db;
use crate::db::uploads::UploadRow;
use crate::i18n::Msg;
use crate::objects::Objects;
use crate::objects::ingest::{IngestError, ingest};
use crate::objects::signed::Refused;
use crate::objects::sniff::{ImageFacts, sniff};
use crate::objects::zip_directory;
use crate::plugins::capabilities::CLAIMABLE_MS;
use crate::plugins::manifest::{RouteCaller, UploadSpec};
use crate::plugins::registry::LoadedPlugin;

/// How long after the claim window an unclaimed upload is removed: a claim committed at its last
/// moment has moved its object by then.
const SWEEP_GRACE_MS: i64 = 10 * 60 * 1000;
const SWEEP_EVERY: Duration = Duration::from_secs(5 * 60);
/// Uploads one device key may have waiting: a key shipped in every copy of an app is anyone's,
/// so what it can park in storage before a plugin claims it is bounded, per address first, so
/// that one client cannot use up what the key's other users need. An app claims its upload right
/// after it finishes, so honest apps keep few waiting at any moment. One client's bytes leave
/// room for one video of a chat (customer service takes 200 MB).
pub const WAITING_PER_CLIENT: i64 = 8;
pub const WAITING_MIB_PER_CLIENT: i64 = 256;
pub const WAITING_PER_KEY: i64 = 1024;
pub const WAITING_MIB_PER_KEY: i64 = 4096;

/// Whether the key may have one more upload waiting from `client` (`counted`: this one is among
/// those waiting already).
async fn key_may_upload(app: &AppState, key: i64, client: &str, counted: bool) -> ApiResult<()> {
    let [(all, all_bytes), (mine, my_bytes)] = app.db.device_uploads_waiting(key, client).await?;
    let more = i64::from(!counted);
    let over = mine + more > WAITING_PER_CLIENT
        || my_bytes > WAITING_MIB_PER_CLIENT << 20
        || all + more > WAITING_PER_KEY
        || all_bytes > WAITING_MIB_PER_KEY << 20;
    if over {
        return Err(ApiError::Client { code: 429, msg: Msg::UploadsWaiting });
    }
    Ok(())
}

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::stream(
            "/files/upload/{mount}/{purpose}",
            Perm::SignedIn,
            "Upload a file for a plugin to claim (its manifest names the purpose's action)",
        )
        .before_body(|app, caller, _, path| {
            let mut parts = path.trim_start_matches("/files/upload/").splitn(2, '/');
            let (mount, purpose) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            target(app, caller, mount, purpose).map(drop)
        })
        .query::<UploadQuery>()
        .data::<Uploaded>(),
        upload,
    )
    .route(
        RouteSpec::stream(
            "/device-files/upload/{mount}/{purpose}",
            Perm::Device,
            "Upload a file from a device or app, with its key, for a plugin to claim",
        )
        .query::<UploadQuery>()
        .data::<Uploaded>(),
        device_upload,
    )
    .route(
        RouteSpec::read(
            Method::GET,
            "/files/download",
            Perm::Public,
            "Download an object through a signed URL (its token is the permission; HTTP Range)",
        )
        .answers(Answer::File)
        .query::<DownloadQuery>(),
        download,
    )
}

/// The plugin and purpose an upload is for, if the tenant enabled the plugin and the caller
/// holds the action of a route that claims it (or the purpose's own, before contract 0.1.18).
fn target(
    app: &AppState,
    caller: &Caller,
    mount: &str,
    purpose: &str,
) -> ApiResult<(std::sync::Arc<LoadedPlugin>, UploadSpec)> {
    let no_route = || ApiError::Client { code: 404, msg: Msg::NoSuchRoute };
    let plugin = app.plugins.by_mount(mount).ok_or_else(no_route)?;
    if !caller.plugins.contains(&plugin.manifest.id) {
        return Err(ApiError::Client { code: 404, msg: Msg::PluginDisabled });
    }
    let spec = plugin.manifest.upload(purpose).filter(|u| u.caller == RouteCaller::User).ok_or_else(no_route)?.clone();
    if !plugin.manifest.upload_actions(purpose).into_iter().any(|action| caller.may(action)) {
        return Err(ApiError::Forbidden(Msg::NotPermitted));
    }
    Ok((plugin, spec))
}

/// The plugin and purpose a device's upload is for: a `caller = "device"` purpose of a plugin
/// that serves the key (its own, or `device_keys_from`), both on for the key's enterprise.
async fn device_target(
    app: &AppState,
    device: &DeviceCaller,
    mount: &str,
    purpose: &str,
) -> ApiResult<(std::sync::Arc<LoadedPlugin>, UploadSpec)> {
    let no_route = || ApiError::Client { code: 404, msg: Msg::NoSuchRoute };
    let key = &device.key;
    let plugin = app
        .plugins
        .by_mount(mount)
        .filter(|p| p.manifest.id == key.plugin_id || p.manifest.device_keys_from.contains(&key.plugin_id))
        .ok_or_else(no_route)?;
    let enabled = app.plugins.enabled_for(key.tenant_id).await?;
    if !enabled.contains(&plugin.manifest.id) || !enabled.contains(&key.plugin_id) {
        return Err(ApiError::Client { code: 404, msg: Msg::PluginDisabled });
    }
    let spec = plugin.manifest.upload(purpose).filter(|u| u.caller == RouteCaller::Device).ok_or_else(no_route)?;
    Ok((plugin.clone(), spec.clone()))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
struct UploadQuery {
    /// The file's name, for an `application/octet-stream` body.
    file_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Uploaded {
    upload_id: String,
    file_name: String,
    size: u64,
    md5: String,
    sha256: String,
    kind: &'static str,
    content_type: String,
    image: Option<ImageFacts>,
}

/// The last path segment, without control characters, at most 255 characters.
fn clean_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or("");
    let clean: String = last.chars().filter(|c| !c.is_control()).take(255).collect();
    match clean.trim() {
        "" | "." | ".." => "file".into(),
        name => name.to_string(),
    }
}

/// Who uploads, as the waiting row records it.
struct Uploader {
    tenant: i64,
    account_id: i64,
    device_key_id: Option<i64>,
    client_ip: Option<String>,
}

async fn upload(
    State(app): State<AppState>,
    caller: Caller,
    ApiPath((mount, purpose)): ApiPath<(String, String)>,
    ApiQuery(query): ApiQuery<UploadQuery>,
    request: Request,
) -> ApiResult<Response> {
    let (plugin, spec) = target(&app, &caller, &mount, &purpose)?;
    let uploader =
        Uploader { tenant: caller.scope.owner(), account_id: caller.account_id, device_key_id: None, client_ip: None };
    receive(&app, &plugin, &spec, uploader, &query.file_name, request).await
}

async fn device_upload(
    State(app): State<AppState>,
    device: DeviceCaller,
    ApiPath((mount, purpose)): ApiPath<(String, String)>,
    ApiQuery(query): ApiQuery<UploadQuery>,
    request: Request,
) -> ApiResult<Response> {
    let (plugin, spec) = device_target(&app, &device, &mount, &purpose).await?;
    key_may_upload(&app, device.key.id, &device.client.ip, false).await?;
    let uploader = Uploader {
        tenant: device.key.tenant_id,
        account_id: 0,
        device_key_id: Some(device.key.id),
        client_ip: Some(device.client.ip.clone()),
    };
    receive(&app, &plugin, &spec, uploader, &query.file_name, request).await
}

/// Streams the body (or its multipart file) into storage under a new upload id, measures and
/// checks it against the purpose, and records it for the plugin's claim.
async fn receive(
    app: &AppState,
    plugin: &LoadedPlugin,
    spec: &UploadSpec,
    uploader: Uploader,
    query_file_name: &str,
    request: Request,
) -> ApiResult<Response> {
    let limit_mib = spec.max_mib.min(plugin.installed.grants.max_upload_mib);
    let limit = limit_mib << 20;
    let too_large = || ApiError::Client { code: 413, msg: Msg::FileTooLarge { max_mib: limit_mib } };
    let declared = content_length(request.headers());
    // Multipart framing adds a little to the file; more than that is refused before reading.
    if declared.is_some_and(|length| length > limit + 64 * 1024) {
        return Err(too_large());
    }
    let objects = app.plugins.objects().clone();
    let id = crate::auth::session::new_token()[..24].to_string();
    let path = Objects::upload(&id);
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"));
    let (file_name, ingested) = if multipart {
        let mut form = Multipart::from_request(request, app)
            .await
            .map_err(|e| ApiError::Client { code: 400, msg: Msg::BadJson { detail: e.body_text() } })?;
        loop {
            let field = form
                .next_field()
                .await
                .map_err(|e| ApiError::Client { code: 400, msg: Msg::BadJson { detail: e.body_text() } })?
                .ok_or_else(|| ApiError::invalid("file", Msg::FileMissing))?;
            if let Some(name) = field.file_name().map(clean_file_name) {
                break (name, ingest(objects.store.as_ref(), &path, field, limit).await);
            }
        }
    } else {
        let body = request.into_body().into_data_stream();
        (clean_file_name(query_file_name), ingest(objects.store.as_ref(), &path, body, limit).await)
    };
    let ingested = match ingested {
        Ok(ingested) => ingested,
        Err(IngestError::TooLarge(_)) => return Err(too_large()),
        Err(IngestError::Body(why)) => return Err(ApiError::Client { code: 400, msg: Msg::BadJson { detail: why } }),
        Err(IngestError::Store(err)) => return Err(ApiError::Internal(err.to_string())),
    };
    let mut facts = sniff(&ingested.head);
    // A zip tells of every entry in its central directory, at its end, whatever precedes it (a
    // self-extractor's stub, a spanning marker): an encrypted entry may follow plain ones past
    // the head sniffed. What starts as a zip and has no readable directory is refused too.
    let mut unreadable_zip = false;
    if facts.encrypted.is_none() && !spec.allow_encrypted && ingested.size > 0 {
        match zip_directory::verdict(objects.store.as_ref(), &path, ingested.size).await {
            Ok(zip_directory::Verdict::NotZip | zip_directory::Verdict::Plain) => {}
            Ok(zip_directory::Verdict::Encrypted) => facts.encrypted = Some("zip"),
            Ok(zip_directory::Verdict::Unreadable) => unreadable_zip = ingested.head.starts_with(b"PK"),
            Err(err) => {
                objects.delete(&path).await.map_err(|e| ApiError::Internal(e.to_string()))?;
                return Err(ApiError::Internal(err.to_string()));
            }
        }
    }
    let refusal = if ingested.size == 0 {
        Some(Msg::FileMissing)
    } else if let Some(how) = facts.encrypted.filter(|_| !spec.allow_encrypted) {
        Some(Msg::FileEncrypted { file: file_name.clone(), how })
    } else if unreadable_zip {
        Some(Msg::ZipUnreadable { file: file_name.clone() })
    } else if !spec.takes(facts.kind) {
        Some(Msg::FileKindRefused { file: file_name.clone(), kind: facts.kind, expected: spec.kinds.clone() })
    } else {
        None
    };
    if let Some(msg) = refusal {
        objects.delete(&path).await.map_err(|e| ApiError::Internal(e.to_string()))?;
        return Err(ApiError::invalid("file", msg));
    }
    let row = UploadRow {
        id: id.clone(),
        tenant_id: uploader.tenant,
        plugin_id: plugin.manifest.id.clone(),
        purpose: spec.purpose.clone(),
        account_id: uploader.account_id,
        file_name: file_name.clone(),
        size: i64::try_from(ingested.size).unwrap_or(i64::MAX),
        md5: ingested.md5.clone(),
        sha256: ingested.sha256.clone(),
        facts: serde_json::to_string(&facts).unwrap_or_default(),
        created_at: crate::db::now_ms(),
        device_key_id: uploader.device_key_id,
        client_ip: uploader.client_ip.clone(),
    };
    if let Err(err) = app.db.add_upload(&row).await {
        let _ = objects.delete(&path).await;
        return Err(err.into());
    }
    // Uploads of one key that ran side by side all passed the check before they began: the
    // check after, with this one counted, keeps the bound (each that exceeds it takes itself back).
    if let (Some(key), Some(client)) = (uploader.device_key_id, uploader.client_ip.as_deref())
        && let Err(refused) = key_may_upload(app, key, client, true).await
    {
        app.db.delete_upload(&id).await?;
        objects.delete(&path).await.map_err(|e| ApiError::Internal(e.to_string()))?;
        return Err(refused);
    }
    let recorded = json!({ "plugin": row.plugin_id, "purpose": row.purpose, "fileName": file_name, "size": ingested.size, "sha256": ingested.sha256 });
    let mut response = Envelope(Uploaded {
        upload_id: id,
        file_name,
        size: ingested.size,
        md5: ingested.md5,
        sha256: ingested.sha256,
        kind: facts.kind,
        content_type: facts.content_type,
        image: facts.image,
    })
    .into_response();
    response.extensions_mut().insert(RecordBody(recorded.to_string().into()));
    Ok(response)
}

fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers.get(header::CONTENT_LENGTH)?.to_str().ok()?.parse().ok()
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
struct DownloadQuery {
    /// The signed token of `files.access-url`.
    #[param(required)]
    token: String,
}

/// `attachment; filename="ascii"; filename*=UTF-8''percent-encoded`.
fn disposition(file_name: &str) -> HeaderValue {
    let ascii: String = file_name
        .chars()
        .map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' })
        .collect();
    let encoded: String = file_name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b".-_~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    HeaderValue::from_str(&format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"))
        .unwrap_or(HeaderValue::from_static("attachment"))
}

async fn download(
    State(app): State<AppState>,
    ApiQuery(query): ApiQuery<DownloadQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let objects = app.plugins.objects();
    let grant = match objects.url_key.verify(&query.token, crate::db::now_ms()) {
        Ok(grant) => grant,
        Err(Refused::Expired) => return Err(ApiError::Client { code: 410, msg: Msg::DownloadExpired }),
        Err(Refused::Invalid) => return Err(ApiError::Client { code: 403, msg: Msg::DownloadInvalid }),
    };
    if grant.archive {
        return archive(objects, grant).await;
    }
    let path = Objects::plugin_object(grant.tenant, &grant.plugin, &grant.name);
    let meta = match objects.store.head(&path).await {
        Ok(meta) => meta,
        Err(object_store::Error::NotFound { .. }) => return Err(ApiError::NotFound),
        Err(err) => return Err(ApiError::Internal(err.to_string())),
    };
    let size = meta.size;
    let etag = meta.e_tag.as_deref().map(|t| format!("\"{}\"", t.trim_matches('"')));
    // If-Range: a resumed download of a file that changed meanwhile gets the whole new file.
    let unchanged =
        headers.get(header::IF_RANGE).and_then(|v| v.to_str().ok()).is_none_or(|v| etag.as_deref() == Some(v));
    let range = match headers.get(header::RANGE).and_then(|v| v.to_str().ok()).filter(|_| unchanged) {
        // A Range that does not parse is ignored (RFC 9110 §14.2); several ranges get the whole file.
        Some(text) => match http_range_header::parse_range_header(text).map(|r| r.validate(size)) {
            Ok(Ok(ranges)) if ranges.len() == 1 => Some(ranges[0].clone()),
            Ok(Err(_)) => {
                let mut refused = ApiError::Client { code: 416, msg: Msg::RangeNotSatisfiable }.into_response();
                refused
                    .headers_mut()
                    .insert(header::CONTENT_RANGE, HeaderValue::from_str(&format!("bytes */{size}")).expect("ascii"));
                return Ok(refused);
            }
            _ => None,
        },
        None => None,
    };
    let options = GetOptions {
        range: range.clone().map(|r| GetRange::Bounded(*r.start()..r.end() + 1)),
        ..GetOptions::default()
    };
    let found = objects.store.get_opts(&path, options).await.map_err(|e| ApiError::Internal(e.to_string()))?;
    let body = Body::from_stream(found.into_stream().map_err(std::io::Error::other));
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/octet-stream"));
    headers.insert(header::CONTENT_DISPOSITION, disposition(&grant.file_name));
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    if let Some(etag) = etag.and_then(|t| HeaderValue::from_str(&t).ok()) {
        headers.insert(header::ETAG, etag);
    }
    let length = match &range {
        Some(r) => {
            let value = format!("bytes {}-{}/{size}", r.start(), r.end());
            headers.insert(header::CONTENT_RANGE, HeaderValue::from_str(&value).expect("ascii"));
            *response.status_mut() = StatusCode::PARTIAL_CONTENT;
            r.end() - r.start() + 1
        }
        None => size,
    };
    response.headers_mut().insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    Ok(response)
}

/// An archive's download (contract 0.1.15): the zip of its listing's objects, streamed.
async fn archive(objects: &Objects, grant: crate::objects::signed::Grant) -> ApiResult<Response> {
    let listing_path = Objects::plugin_object(grant.tenant, &grant.plugin, &grant.name);
    let size = match objects.store.head(&listing_path).await {
        Ok(meta) => meta.size,
        Err(object_store::Error::NotFound { .. }) => return Err(ApiError::NotFound),
        Err(err) => return Err(ApiError::Internal(err.to_string())),
    };
    if size > crate::plugins::capabilities::files::LISTING_BYTES {
        return Err(ApiError::Internal(format!("an archive's listing of {size} bytes")));
    }
    let listing = match objects.store.get(&listing_path).await {
        Ok(found) => found.bytes().await.map_err(|e| ApiError::Internal(e.to_string()))?,
        Err(object_store::Error::NotFound { .. }) => return Err(ApiError::NotFound),
        Err(err) => return Err(ApiError::Internal(err.to_string())),
    };
    let entries = crate::plugins::capabilities::files::parse_listing(&listing).map_err(ApiError::Internal)?;
    let chunks = crate::objects::archive::stream(objects.store.clone(), grant.tenant, grant.plugin, entries)
        .ok_or(ApiError::Client { code: 503, msg: Msg::Busy })?;
    let body =
        futures_util::stream::unfold(chunks, |mut chunks| async move { chunks.recv().await.map(|c| (c, chunks)) });
    let mut response = Response::new(Body::from_stream(body));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/zip"));
    headers.insert(header::CONTENT_DISPOSITION, disposition(&grant.file_name));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(response)
}

/// Removes uploads nobody claimed within the hour (with a grace period), and objects a crash left
/// under `uploads/` without their row. Returns how many were removed.
pub async fn sweep(db: &Db, objects: &Objects, now_ms: i64) -> Result<usize, String> {
    let cutoff = now_ms - CLAIMABLE_MS - SWEEP_GRACE_MS;
    let mut removed = 0;
    for id in db.sweep_uploads(cutoff).await.map_err(|e| e.to_string())? {
        objects.delete(&Objects::upload(&id)).await.map_err(|e| e.to_string())?;
        removed += 1;
    }
    for id in objects.old_uploads(cutoff).await.map_err(|e| e.to_string())? {
        if !db.upload_waiting(&id).await.map_err(|e| e.to_string())? {
            objects.delete(&Objects::upload(&id)).await.map_err(|e| e.to_string())?;
            removed += 1;
        }
    }
    Ok(removed)
}

pub fn spawn_sweeper(db: Db, objects: std::sync::Arc<Objects>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SWEEP_EVERY);
        loop {
            every.tick().await;
            match sweep(&db, &objects, crate::db::now_ms()).await {
                Ok(0) => {}
                Ok(removed) => tracing::info!(removed, "unclaimed uploads swept"),
                Err(err) => tracing::warn!(%err, "sweeping unclaimed uploads"),
            }
            super::tasks::expire(&db, &objects).await;
        }
    });
}
