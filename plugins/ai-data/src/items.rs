//! Collected items (/AI-data-manage/data-collection): what whitelisted devices upload
//! for model training through the device-facing large-file upload, each with its product, SN,
//! firmware, time, the device's label and confidence, and a thumbnail the host makes; filtered,
//! shown as a gallery, deleted with their files, and erased for a device on request.

use console_plugin_sdk::describe::{PAGING, QueryParam};
use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, Host, PageOf, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::messages;
use crate::whitelists::{self, KINDS};

/// An item's way through annotation: collected → annotated → approved or rejected (a rejected
/// one is annotated again).
pub const STATUSES: [&str; 4] = ["collected", "annotated", "approved", "rejected"];
/// What an annotator says is wrong with what the device saw.
pub const BUG_TYPES: [&str; 6] =
    ["missed-obstacle", "false-detection", "wrong-label", "poor-image", "map-error", "other"];
pub const UPLOAD_PURPOSE: &str = "collected-image";
pub const ANNOTATION_PURPOSE: &str = "annotation-image";
/// The gallery's thumbnails, longer side in pixels.
pub const THUMB_SIDE: u32 = 320;
/// How long a signed image URL lives.
pub const URL_SECONDS: u32 = 900;
/// Pictures one device may hand over in an hour: a stolen device key cannot flood a batch.
pub const PER_HOUR: u64 = 120;
/// Items erased per call (each with up to four files); the rest by the `erasures` schedule.
pub const ERASE_BATCH: u32 = 200;

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Annotation {
    pub bug_type: String,
    /// The annotator's label of what is in the picture.
    pub label: String,
    pub remark: String,
    /// An image the annotator uploaded beside the original (a corrected crop, a photo).
    pub user_image: Option<StoredFile>,
    pub user_thumb: String,
    pub annotator_id: i64,
    pub annotator: String,
    pub annotated_at: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Review {
    pub approved: bool,
    pub comment: String,
    pub reviewer_id: i64,
    pub reviewer: String,
    pub reviewed_at: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Item {
    pub sn: String,
    pub product_key: String,
    pub firmware_version: String,
    /// Of [`KINDS`].
    pub kind: String,
    /// What the device thinks it saw, and how sure it was (0 to 1).
    pub label: String,
    pub confidence: Option<f64>,
    /// When the device took it, and when it arrived.
    pub taken_at: i64,
    pub collected_at: i64,
    pub whitelist_id: String,
    pub image: StoredFile,
    pub thumb: String,
    pub width: u32,
    pub height: u32,
    /// Of [`STATUSES`].
    pub status: String,
    pub annotation: Option<Annotation>,
    pub review: Option<Review>,
}

pub const ITEMS: Collection<Item> = Collection::new("items");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Collected {
    sn: String,
    /// The id `/api/device-files/upload/ai-data-service/collected-image` answered.
    upload_id: String,
    kind: String,
    product_key: String,
    firmware_version: String,
    label: String,
    confidence: Option<f64>,
    /// Unix ms; the arrival time when not given.
    taken_at: Option<i64>,
}

/// `POST /device/items`: a whitelisted device hands over an uploaded picture. Anything else is
/// refused and its upload, never claimed, is swept by the host within the hour.
pub fn collect(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: Collected = call.body()?;
    let sn = validate::required("sn", &input.sn, 64)?;
    // Only the device's own key: a fleet's key is in every device of the product.
    if !call.context.is_device(&sn) {
        return Err(PluginError::forbidden());
    }
    let now = call.host.now_ms();
    let lately = Query::new().eq("sn", sn.as_str()).gte("collectedAt", now - 3_600_000);
    if ITEMS.count(call.host, &lately)? >= PER_HOUR {
        return Err(messages::too_many());
    }
    let kind =
        validate::one_of("kind", &input.kind, &KINDS).map_err(|_| PluginError::format("kind", messages::KINDS))?;
    let Some(entry) = whitelists::collecting(call, &sn, &kind)? else { return Err(messages::not_collected()) };
    let confidence = match input.confidence {
        Some(c) if !(0.0..=1.0).contains(&c) || !c.is_finite() => {
            return Err(PluginError::format("confidence", messages::CONFIDENCE));
        }
        other => other,
    };
    let file = upload::claim(call.host, "uploadId", &input.upload_id, UPLOAD_PURPOSE)?;
    let thumb = format!("thumbs/{}.img", file.name.rsplit('/').next().unwrap_or_default());
    upload::thumbnail(call.host, &file.name, &thumb, THUMB_SIDE).map_err(|_| messages::not_an_image())?;
    let facts =
        file.image.clone().unwrap_or(upload::ImageFacts { format: String::new(), width: 0, height: 0, alpha: false });
    let now = call.host.now_ms();
    let item = Item {
        sn,
        product_key: validate::optional("productKey", &input.product_key, SHORT_TEXT)?,
        firmware_version: validate::optional("firmwareVersion", &input.firmware_version, SHORT_TEXT)?,
        kind,
        label: validate::optional("label", &input.label, SHORT_TEXT)?,
        confidence,
        taken_at: input.taken_at.filter(|t| *t > 0 && *t <= now + 60_000).unwrap_or(now),
        collected_at: now,
        whitelist_id: entry.id,
        image: StoredFile::from(&file),
        thumb,
        width: facts.width,
        height: facts.height,
        status: STATUSES[0].into(),
        annotation: None,
        review: None,
    };
    let saved = ITEMS.insert(call.host, &item)?;
    Ok(json!({ "id": saved.id }))
}

pub const LIST_QUERY: [QueryParam; 10] = [
    QueryParam::text("sn", "Exact SN."),
    QueryParam::text("productKey", "Exact product key."),
    QueryParam::text("kind", "obstacle or map."),
    QueryParam::text("label", "The device's label, exact."),
    QueryParam::text("status", "collected, annotated, approved or rejected."),
    QueryParam::text("whitelistId", "The whitelist entry (batch) that collected it."),
    QueryParam::integer("from", "Taken at or after (Unix ms)."),
    QueryParam::integer("to", "Taken at or before (Unix ms)."),
    PAGING[0],
    PAGING[1],
];

/// The filters of the list, also the export's.
pub fn filtered(call: &Call<'_>) -> Query {
    let mut query = Query::new();
    for field in ["sn", "productKey", "kind", "label", "status", "whitelistId"] {
        if let Some(value) = call.query(field).map(str::trim).filter(|v| !v.is_empty()) {
            query = query.eq(field, value);
        }
    }
    if let Some(from) = call.query("from").and_then(|v| v.parse::<i64>().ok()) {
        query = query.gte("takenAt", from);
    }
    if let Some(to) = call.query("to").and_then(|v| v.parse::<i64>().ok()) {
        query = query.lte("takenAt", to);
    }
    query.sort("takenAt", true)
}

/// An item as the console gets it: with signed URLs of its thumbnail and images.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shown {
    #[serde(flatten)]
    pub item: Doc<Item>,
    pub thumb_url: String,
    pub image_url: String,
    pub user_image_url: Option<String>,
    pub user_thumb_url: Option<String>,
}

fn url(host: &mut dyn Host, object: &str, file_name: &str) -> String {
    host.file_access_url(object, file_name, URL_SECONDS).unwrap_or_default()
}

pub fn shown(host: &mut dyn Host, item: Doc<Item>) -> Shown {
    let thumb_url = url(host, &item.data.thumb, "thumbnail");
    let image_url = url(host, &item.data.image.object, &item.data.image.file_name);
    let annotation = item.data.annotation.clone().unwrap_or_default();
    let user_image_url = annotation.user_image.as_ref().map(|f| url(host, &f.object, &f.file_name));
    let user_thumb_url = annotation.user_image.as_ref().map(|_| url(host, &annotation.user_thumb, "thumbnail"));
    Shown { item, thumb_url, image_url, user_image_url, user_thumb_url }
}

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = filtered(call).paged_by(call)?;
    let page = ITEMS.query(call.host, &query)?;
    let list: Vec<Shown> = page.list.into_iter().map(|item| shown(call.host, item)).collect();
    Ok(json!(PageOf { list, total: page.total, page: page.page, page_size: page.page_size }))
}

pub fn detail(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let item = ITEMS.find(call.host, &id)?;
    Ok(json!(shown(call.host, item)))
}

/// Deletes an item and every file of it.
pub fn remove(host: &mut dyn Host, item: &Doc<Item>) -> PluginResult<()> {
    let mut objects = vec![item.data.image.object.clone(), item.data.thumb.clone()];
    if let Some(annotation) = &item.data.annotation
        && let Some(image) = &annotation.user_image
    {
        objects.push(image.object.clone());
        objects.push(annotation.user_thumb.clone());
    }
    for object in objects.iter().filter(|o| !o.is_empty()) {
        host.file_delete(object).map_err(PluginError::internal)?;
    }
    ITEMS.delete(host, &item.id).map(drop)
}

pub fn delete(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let item = ITEMS.find(call.host, &id)?;
    remove(call.host, &item)?;
    call.host.audit("Delete a collected AI data item", &format!("{} {}", item.data.sn, item.id));
    Ok(json!({ "deleted": true }))
}

/// A device's erasure still under way: the `erasures` schedule goes on with it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Erasure {
    pub sn: String,
    pub requested_at: i64,
}

pub const ERASURES: Collection<Erasure> = Collection::new("erasures");

/// Deletes up to [`ERASE_BATCH`] of a device's items with their files: how many, and whether
/// none is left.
fn erase_batch(host: &mut dyn Host, sn: &str) -> PluginResult<(u64, bool)> {
    let batch = ITEMS.query(host, &Query::new().eq("sn", sn).page(1, ERASE_BATCH))?;
    for item in &batch.list {
        remove(host, item)?;
    }
    Ok((batch.list.len() as u64, batch.total <= u64::from(ERASE_BATCH)))
}

/// Erases what a device uploaded and stops collecting from it: its SN leaves every whitelist
/// entry, a first batch of items goes now, the rest by the schedule. How many went now, and
/// whether that was all.
pub fn erase_device(host: &mut dyn Host, sn: &str) -> PluginResult<(u64, bool)> {
    whitelists::unlist(host, sn)?;
    let (erased, done) = erase_batch(host, sn)?;
    let pending = ERASURES.query(host, &Query::new().eq("sn", sn).page(1, 1))?.total > 0;
    if !done && !pending {
        let requested_at = host.now_ms();
        ERASURES.insert(host, &Erasure { sn: sn.to_string(), requested_at })?;
    }
    Ok((erased, done))
}

/// The `erasures` schedule: each erasure under way moves on by a batch, and is done when its
/// device has nothing left.
pub fn continue_erasures(host: &mut dyn Host) -> PluginResult<u64> {
    let pending = ERASURES.query(host, &Query::new().sort("requestedAt", false).page(1, 10))?.list;
    let mut erased = 0;
    for erasure in pending {
        let (n, done) = erase_batch(host, &erasure.data.sn)?;
        erased += n;
        if done {
            ERASURES.delete(host, &erasure.id)?;
        }
    }
    Ok(erased)
}

/// `POST /devices/{sn}/erase`: a device's data deleted on request (the user's or the law's).
pub fn erase(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = validate::required("sn", call.param("sn")?, 64)?;
    let (erased, done) = erase_device(call.host, &sn)?;
    call.host.audit("Erase a device's AI data", &format!("{sn}: {erased}{}", if done { "" } else { ", more to come" }));
    Ok(json!({ "erased": erased, "done": done }))
}
