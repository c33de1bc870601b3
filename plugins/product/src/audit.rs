//! Product status audit (product-audit): an application for a new status goes to the process
//! centre; another user decides it there, and an approval moves the product. One application per
//! product is open at a time ("Please wait for the audit").

use console_plugin_sdk::approvals::{self, Decision};
use console_plugin_sdk::validate::{self, LONG_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::products::{PRODUCTS, STATUSES};

pub const KIND: &str = "product-status";
/// Audit states: unmoderated, approved, approval failed.
pub const UNMODERATED: &str = "unmoderated";
pub const APPROVED: &str = "approved";
pub const REJECTED: &str = "rejected";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusApplication {
    pub product_id: String,
    pub product_name: String,
    pub from_status: String,
    pub to_status: String,
    pub reason: String,
    pub applicant: String,
    pub applied_at: i64,
    pub audit_state: String,
    pub approval_id: String,
    pub auditor: String,
    pub audited_at: Option<i64>,
    pub comment: String,
}

pub const APPLICATIONS: Collection<StatusApplication> = Collection::new("status_applications");

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ApplicationInput {
    /// The status applied for.
    status: String,
    reason: String,
}

/// Applies for a new status of the product (the process centre decides).
pub fn apply(call: &mut Call<'_>) -> PluginResult<Value> {
    let id = call.param("id")?.to_string();
    let input: ApplicationInput = call.body()?;
    let product = PRODUCTS.find(call.host, &id)?;
    let to_status = validate::one_of("status", &input.status, &STATUSES)?;
    if to_status == product.data.status {
        return Err(PluginError::localized(
            400,
            Some("status"),
            [
                "产品已是该状态".into(),
                "The product already has this status.".into(),
                "Das Produkt hat diesen Status bereits.".into(),
                "El producto ya tiene este estado.".into(),
                "Le produit a déjà ce statut.".into(),
                "O produto já tem este estado.".into(),
                "У продукта уже этот статус.".into(),
            ],
        ));
    }
    let open =
        APPLICATIONS.count(call.host, &Query::new().eq("productId", id.as_str()).eq("auditState", UNMODERATED))?;
    if open > 0 {
        // "Please wait for the audit."
        return Err(PluginError::localized(
            409,
            None,
            [
                "请等待审核".into(),
                "Please wait for the audit.".into(),
                "Bitte warten Sie die Prüfung ab.".into(),
                "Espere a la revisión.".into(),
                "Veuillez attendre l’audit.".into(),
                "Aguarde a auditoria.".into(),
                "Дождитесь проверки.".into(),
            ],
        ));
    }
    let reason = validate::optional("reason", &input.reason, LONG_TEXT)?;
    let title = format!("{}: {} → {}", product.data.name, product.data.status, to_status);
    let detail = json!({ "productId": id, "productName": product.data.name, "fromStatus": product.data.status, "toStatus": to_status, "reason": reason });
    let approval_id = approvals::submit(call.host, KIND, &title, &id, &detail)?;
    let application = StatusApplication {
        product_id: id,
        product_name: product.data.name,
        from_status: product.data.status,
        to_status,
        reason,
        applicant: call.context.user_name.clone(),
        applied_at: call.host.now_ms(),
        audit_state: UNMODERATED.into(),
        approval_id,
        auditor: String::new(),
        audited_at: None,
        comment: String::new(),
    };
    let saved = APPLICATIONS.insert(call.host, &application)?;
    call.host.audit("Apply for a product status", &title);
    Ok(json!(saved))
}

/// The process centre's decision (`caller = "host"`), in the transaction that records it.
pub fn decided(call: &mut Call<'_>) -> PluginResult<Value> {
    let decision: Decision = call.body()?;
    let found =
        APPLICATIONS.query(call.host, &Query::new().eq("approvalId", decision.approval_id.as_str()).page(1, 1))?;
    let Some(application) = found.list.into_iter().next() else { return Err(PluginError::not_found()) };
    let mut updated = application.data.clone();
    updated.audit_state = if decision.approved { APPROVED } else { REJECTED }.into();
    updated.auditor = decision.decided_by.clone();
    updated.audited_at = Some(call.host.now_ms());
    updated.comment = decision.comment.clone();
    APPLICATIONS.update(call.host, &application.id, &updated, Some(application.version))?;
    if decision.approved
        && let Some(product) = PRODUCTS.get(call.host, &updated.product_id)?
    {
        let mut data = product.data;
        data.status = updated.to_status.clone();
        let saved = PRODUCTS.update(call.host, &product.id, &data, Some(product.version))?;
        crate::synced::product_saved(call, &saved.data)?;
    }
    Ok(Value::Null)
}

/// The audit list: by application time, audit time, audit state, applicant and auditor.
pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let number = |call: &Call<'_>, name: &str| call.query(name).and_then(|v| v.parse::<i64>().ok());
    let mut query = Query::new()
        .eq_opt("auditState", call.query("auditState"))
        .eq_opt("productId", call.query("productId"))
        .search("applicant", call.query("applicant"), call.search_mode())
        .search("auditor", call.query("auditor"), call.search_mode());
    for (field, from, to) in [("appliedAt", "appliedFrom", "appliedTo"), ("auditedAt", "auditedFrom", "auditedTo")] {
        if let Some(from) = number(call, from) {
            query = query.gte(field, from);
        }
        if let Some(to) = number(call, to) {
            query = query.lte(field, to);
        }
    }
    let query = query.sort("appliedAt", true).paged_by(call)?;
    let page = APPLICATIONS.query(call.host, &query)?;
    let list: Vec<&Doc<StatusApplication>> = page.list.iter().collect();
    Ok(json!({ "list": list, "total": page.total, "page": page.page, "pageSize": page.page_size }))
}
