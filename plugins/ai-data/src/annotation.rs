//! Annotation and review (SN-whitelist-annotation): an annotator names the bug type
//! and the label, beside the original image may upload one of their own; a second user approves
//! or rejects. The host knows who is calling, so "a second user" is checked on the server.

use console_plugin_sdk::upload::{self, StoredFile};
use console_plugin_sdk::validate::{self, LONG_TEXT, SHORT_TEXT};
use console_plugin_sdk::{Call, PluginResult, Value, json};
use serde::Deserialize;

use crate::items::{ANNOTATION_PURPOSE, Annotation, BUG_TYPES, ITEMS, Review, THUMB_SIDE, shown};
use crate::messages;

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AnnotationInput {
    bug_type: String,
    label: String,
    remark: String,
    /// An image uploaded to `/api/files/upload/ai-data-service/annotation-image`; empty keeps
    /// the one the item has.
    user_upload_id: String,
}

pub fn annotate(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let input: AnnotationInput = call.body()?;
    let bug_type = validate::one_of("bugType", &input.bug_type, &BUG_TYPES)?;
    let label = validate::required("label", &input.label, SHORT_TEXT)?;
    let remark = validate::optional("remark", &input.remark, LONG_TEXT)?;
    let mut item = ITEMS.find(call.host, &id)?;
    let previous = item.data.annotation.clone().unwrap_or_default();
    let (user_image, user_thumb) = if input.user_upload_id.trim().is_empty() {
        (previous.user_image.clone(), previous.user_thumb.clone())
    } else {
        let file = upload::claim(call.host, "userUploadId", &input.user_upload_id, ANNOTATION_PURPOSE)?;
        let thumb = format!("thumbs/{}.img", file.name.rsplit('/').next().unwrap_or_default());
        upload::thumbnail(call.host, &file.name, &thumb, THUMB_SIDE).map_err(|_| messages::not_an_image())?;
        if let Some(old) = &previous.user_image {
            call.host.file_delete(&old.object).map_err(console_plugin_sdk::PluginError::internal)?;
            call.host.file_delete(&previous.user_thumb).map_err(console_plugin_sdk::PluginError::internal)?;
        }
        (Some(StoredFile::from(&file)), thumb)
    };
    item.data.annotation = Some(Annotation {
        bug_type,
        label,
        remark,
        user_image,
        user_thumb,
        annotator_id: call.context.user_id,
        annotator: call.context.user_name.clone(),
        annotated_at: call.host.now_ms(),
    });
    item.data.status = "annotated".into();
    item.data.review = None;
    let saved = ITEMS.update(call.host, &id, &item.data, Some(item.version))?;
    call.host.audit("Annotate an AI data item", &format!("{} {}", saved.data.sn, saved.id));
    Ok(json!(shown(call.host, saved)))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReviewInput {
    approved: bool,
    /// Required when rejecting: what the annotator should change.
    comment: String,
}

pub fn review(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let input: ReviewInput = call.body()?;
    let comment = if input.approved {
        validate::optional("comment", &input.comment, LONG_TEXT)?
    } else {
        validate::required("comment", &input.comment, LONG_TEXT)?
    };
    let mut item = ITEMS.find(call.host, &id)?;
    let annotation = match (&item.data.annotation, item.data.status.as_str()) {
        (Some(annotation), "annotated") => annotation.clone(),
        _ => return Err(messages::not_annotated()),
    };
    if annotation.annotator_id == call.context.user_id {
        return Err(messages::own_annotation());
    }
    item.data.review = Some(Review {
        approved: input.approved,
        comment,
        reviewer_id: call.context.user_id,
        reviewer: call.context.user_name.clone(),
        reviewed_at: call.host.now_ms(),
    });
    item.data.status = if input.approved { "approved" } else { "rejected" }.into();
    let saved = ITEMS.update(call.host, &id, &item.data, Some(item.version))?;
    call.host.audit("Review an AI data annotation", &format!("{} {}: {}", saved.data.sn, saved.id, saved.data.status));
    Ok(json!(shown(call.host, saved)))
}
