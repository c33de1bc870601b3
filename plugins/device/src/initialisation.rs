//! Factory-initialisation review (auditList): an applicant asks to return a device's SN to its
//! factory state; another user approves or rejects it, in one click on the review list or in the
//! process centre (both decide the same request). Rejection leaves the SN as it was; approval
//! initialises it — the SN may activate again as if new, the device's key is revoked, its record
//! and shadow go (its history stays until it expires) — and deletes the review entry.

use console_plugin_sdk::approvals::{self, Decision};
use console_plugin_sdk::validate::{self, LONG_TEXT};
use console_plugin_sdk::{
    Call, Collection, Doc, PluginError, PluginResult, Query, Value, devices as device_keys, json, services,
};
use serde::{Deserialize, Serialize};

use crate::devices::{self, DEVICES, SHADOWS};
use crate::model::PRODUCT_SERVICE;

pub const KIND: &str = "factory-init";
pub const WAITING: &str = "waiting";
pub const REJECTED: &str = "rejected";

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct InitReview {
    pub sn: String,
    pub product_name: String,
    pub reason: String,
    pub applicant: String,
    pub applied_at: i64,
    /// [`WAITING`] or [`REJECTED`]; an approved review is deleted.
    pub state: String,
    /// The process centre's request.
    pub approval_id: String,
    pub auditor: String,
    pub audited_at: Option<i64>,
    pub comment: String,
}

pub const REVIEWS: Collection<InitReview> = Collection::new("init_reviews");

fn texts(texts: [&str; 7]) -> [String; 7] {
    texts.map(str::to_string)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct ApplyInput {
    pub reason: String,
}

/// Asks for the initialisation of a device's SN; one waiting request per SN.
pub fn apply(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let input: ApplyInput = call.body()?;
    let device = devices::find(call, &sn)?;
    let reason = validate::required("reason", &input.reason, LONG_TEXT)?;
    let waiting = REVIEWS.count(call.host, &Query::new().eq("sn", sn.as_str()).eq("state", WAITING))?;
    if waiting > 0 {
        return Err(PluginError::localized(
            409,
            None,
            texts([
                "请等待审核",
                "Please wait for the audit.",
                "Bitte warten Sie die Prüfung ab.",
                "Espere a la revisión.",
                "Veuillez attendre l’audit.",
                "Aguarde a auditoria.",
                "Дождитесь проверки.",
            ]),
        ));
    }
    let title = format!("{sn} ({})", device.data.product_name);
    let detail = json!({ "sn": sn, "productName": device.data.product_name, "reason": reason });
    let approval_id = approvals::submit(call.host, KIND, &title, &sn, &detail)?;
    let review = InitReview {
        sn: sn.clone(),
        product_name: device.data.product_name,
        reason,
        applicant: call.context.user_name.clone(),
        applied_at: call.host.now_ms(),
        state: WAITING.into(),
        approval_id,
        ..InitReview::default()
    };
    let saved = REVIEWS.insert(call.host, &review)?;
    call.host.audit("Apply for a factory initialisation", &sn);
    Ok(json!(saved))
}

/// Returns the SN to its factory state: the product plugin clears its activation, the device's
/// key is revoked, it leaves its family, its record and shadow are deleted.
fn initialise(call: &mut Call<'_>, sn: &str, auditor: &str) -> PluginResult<()> {
    let _: Value = services::post(call.host, PRODUCT_SERVICE, &format!("/internal/sns/{sn}/initialise"), &json!({}))?;
    device_keys::revoke_key(call.host, sn)?;
    if let Some(binding) = crate::bindings::binding_of(call, sn)? {
        let cause = crate::logs::BY_INITIALISATION;
        crate::bindings::unbind_device(call, binding, String::new(), cause, auditor.to_string())?;
    }
    if let Some(device) = DEVICES.query(call.host, &Query::new().eq("sn", sn).page(1, 1))?.list.into_iter().next() {
        DEVICES.delete(call.host, &device.id)?;
    }
    if let Some(shadow) = devices::shadow_of(call, sn)? {
        SHADOWS.delete(call.host, &shadow.id)?;
    }
    // Other domains delete what they keep of the device (the AI data plugin its pictures).
    call.host.publish("device.initialised", &json!({ "sn": sn }).to_string()).map_err(PluginError::internal)?;
    Ok(())
}

/// The decision (`caller = "host"`), from the review list's one click or the process centre, in
/// the transaction that records it.
pub fn decided(call: &mut Call<'_>) -> PluginResult<Value> {
    let decision: Decision = call.body()?;
    let found = REVIEWS.query(call.host, &Query::new().eq("approvalId", decision.approval_id.as_str()).page(1, 1))?;
    let review: Doc<InitReview> = found.list.into_iter().next().ok_or_else(PluginError::not_found)?;
    if decision.approved {
        initialise(call, &review.data.sn, &decision.decided_by)?;
        REVIEWS.delete(call.host, &review.id)?;
        call.host.audit("Factory initialisation approved", &review.data.sn);
    } else {
        let mut rejected = review.data.clone();
        rejected.state = REJECTED.into();
        rejected.auditor = decision.decided_by;
        rejected.audited_at = Some(call.host.now_ms());
        rejected.comment = decision.comment;
        REVIEWS.update(call.host, &review.id, &rejected, Some(review.version))?;
        call.host.audit("Factory initialisation rejected (SN not initialised)", &review.data.sn);
    }
    Ok(Value::Null)
}

/// The review list (auditList): waiting first, newest first; by SN and state.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new()
        .search("sn", call.query("sn"), call.search_mode())
        .eq_opt("state", call.query("state"))
        .sort("appliedAt", true)
        .paged_by(call)?;
    Ok(json!(REVIEWS.query(call.host, &query)?))
}
