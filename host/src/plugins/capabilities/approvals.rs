//! `approvals` (contract 0.1.4): a plugin submits a request for another user's decision. The
//! request is written in the call's transaction; the kind must be the manifest's, and the
//! applicant is the call's user (a device or a schedule cannot ask).

use crate::db::approvals::{NewApproval, submit};
use crate::plugins::bindings::console::plugin::approvals;
use crate::plugins::runtime::CallState;

const MAX_TITLE_CHARS: usize = 200;
const MAX_SUBJECT_CHARS: usize = 128;
const MAX_DETAIL_BYTES: usize = 16 * 1024;

impl approvals::Host for CallState {
    async fn submit(
        &mut self,
        kind: String,
        title: String,
        subject_id: String,
        detail: String,
    ) -> wasmtime::Result<Result<String, String>> {
        if self.plugin.manifest.approval(&kind).is_none() {
            return Ok(Err(format!("`{kind}` is not an approval kind of the plugin's manifest")));
        }
        if self.call.user_id <= 0 {
            return Ok(Err("only a signed-in user can submit a request (the applicant)".into()));
        }
        let title = title.trim();
        if title.is_empty() || title.chars().count() > MAX_TITLE_CHARS {
            return Ok(Err(format!("the title must have 1 to {MAX_TITLE_CHARS} characters")));
        }
        if subject_id.chars().count() > MAX_SUBJECT_CHARS {
            return Ok(Err(format!("the subject id has at most {MAX_SUBJECT_CHARS} characters")));
        }
        let detail_is_object = serde_json::from_str::<serde_json::Value>(&detail).is_ok_and(|d| d.is_object());
        if detail.len() > MAX_DETAIL_BYTES || !detail_is_object {
            return Ok(Err(format!("the detail must be a JSON object of at most {MAX_DETAIL_BYTES} bytes")));
        }
        if let Err(refused) = self.charge(&[(crate::plugins::quota::Quota::WaitingRequests, 1)]).await? {
            return Ok(Err(refused));
        }
        let (tenant, user, name, plugin) =
            (self.call.tenant_id, self.call.user_id, self.call.user_name.clone(), self.plugin.manifest.id.clone());
        let conn = self.write_conn().await?;
        let new = NewApproval {
            tenant_id: tenant,
            plugin_id: &plugin,
            kind: &kind,
            title,
            subject_id: &subject_id,
            detail: &detail,
            applicant_id: user,
            applicant_name: &name,
        };
        Ok(Ok(submit(conn, new).await?.to_string()))
    }
}
