//! Bulk export of a filtered set (data-collection): a zip of the images with a JSON
//! manifest, streamed by the host whatever its size (contract 0.1.15 `files.archive-url`). The
//! plugin only writes the listing and the manifest; the bytes never pass through it.

use console_plugin_sdk::upload::{self, ArchiveEntry};
use console_plugin_sdk::{Call, Collection, Host, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::items::{ITEMS, Item, filtered};
use crate::messages;

/// Items read per page while the listing is made, and in one export at most.
const PAGE: u32 = 500;
/// Two entries at most per item (the original, the annotator's image) and a compact manifest of
/// about 700 bytes per item: within the host's 100,000 entries and 20 MiB per object.
pub const MAX_ITEMS: u64 = 10_000;
const URL_SECONDS: u32 = 3600;

/// An export's objects, deleted once its URL has expired (`sweep`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Export {
    pub objects: Vec<String>,
    pub expires_at: i64,
}

pub const EXPORTS: Collection<Export> = Collection::new("exports");

/// The `sweep-exports` schedule: the manifest and listing of every expired export deleted.
pub fn sweep(host: &mut dyn Host) -> PluginResult<u64> {
    let now = host.now_ms();
    let expired = EXPORTS.query(host, &Query::new().lte("expiresAt", now).page(1, 200))?.list;
    for export in &expired {
        for object in &export.data.objects {
            host.file_delete(object).map_err(PluginError::internal)?;
        }
        EXPORTS.delete(host, &export.id)?;
    }
    Ok(expired.len() as u64)
}

/// One item as the manifest describes it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Described<'a> {
    id: &'a str,
    file: String,
    user_file: Option<String>,
    #[serde(flatten)]
    item: &'a Item,
}

/// A file's extension as a zip path may carry it: letters and digits, at most five, else `img`.
fn extension(file_name: &str) -> &str {
    match file_name.rsplit_once('.') {
        Some((_, ext)) if (1..=5).contains(&ext.len()) && ext.bytes().all(|b| b.is_ascii_alphanumeric()) => ext,
        _ => "img",
    }
}

/// A device's words in a zip path: letters, digits, `.`, `-` and `_` only (others become `_`).
fn safe(text: &str) -> String {
    let safe: String =
        text.chars().take(64).map(|c| if c.is_ascii_alphanumeric() || "-_".contains(c) { c } else { '_' }).collect();
    if safe.is_empty() { "_".into() } else { safe }
}

/// `POST /items/export` with the list's filters as query: the URL of the zip.
pub fn export(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = filtered(call);
    let total = ITEMS.count(call.host, &query)?;
    if total == 0 {
        return Err(messages::nothing_to_export());
    }
    if total > MAX_ITEMS {
        return Err(PluginError::format_values("filters", &format!("≤ {MAX_ITEMS}")));
    }
    let mut entries = Vec::new();
    let mut described = Vec::new();
    let pages = total.div_ceil(u64::from(PAGE));
    for page in 1..=pages {
        let items = ITEMS.query(call.host, &query.clone().page(page as u32, PAGE))?.list;
        for item in items {
            let ext = extension(&item.data.image.file_name);
            let file = format!("images/{}-{}.{ext}", safe(&item.data.sn), item.id);
            entries.push(ArchiveEntry { path: file.clone(), object: item.data.image.object.clone() });
            let user_file = item.data.annotation.as_ref().and_then(|a| a.user_image.as_ref()).map(|image| {
                let path = format!("annotations/{}-{}.{}", safe(&item.data.sn), item.id, extension(&image.file_name));
                entries.push(ArchiveEntry { path: path.clone(), object: image.object.clone() });
                path
            });
            described.push(json!(Described { id: &item.id, file, user_file, item: &item.data }));
        }
    }
    let stamp = call.host.now_ms();
    // Two exports of the same millisecond keep their own files.
    let id = format!("{stamp}-{}", console_plugin_sdk::random::token(8)?.to_lowercase());
    let manifest = format!("exports/{id}-manifest.json");
    let body = serde_json::to_vec(&json!({ "exportedAt": stamp, "items": described }))
        .map_err(|e| PluginError::internal(e.to_string()))?;
    call.host.file_put(&manifest, &body).map_err(PluginError::internal)?;
    entries.insert(0, ArchiveEntry { path: "manifest.json".into(), object: manifest });
    let listing = format!("exports/{id}-listing.json");
    let url = upload::archive_url(call.host, &listing, &entries, &format!("ai-data-{stamp}.zip"), URL_SECONDS)?;
    let expires_at = stamp + i64::from(URL_SECONDS) * 1000;
    EXPORTS.insert(call.host, &Export { objects: vec![entries[0].object.clone(), listing], expires_at })?;
    call.host.audit("Export AI data", &format!("{total} items"));
    Ok(json!({ "url": url, "items": total }))
}
