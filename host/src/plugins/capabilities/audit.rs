//! `audit` (operation records, in the call's transaction) and `log` (tagged with the plugin).

use crate::db::records::{NewOperationRecord, insert_operation_record};
use crate::plugins::bindings::console::plugin::{audit, log};
use crate::plugins::runtime::CallState;

impl audit::Host for CallState {
    async fn add(&mut self, operation: String, detail: String) -> wasmtime::Result<()> {
        let plugin = self.plugin.manifest.id.clone();
        let call = self.call.clone();
        let operation: String = operation.chars().take(200).collect();
        let detail: String = detail.chars().take(4096).collect();
        let path = format!("plugin:{plugin}");
        let record = NewOperationRecord {
            tenant_id: call.tenant_id,
            account_id: call.user_id,
            username: &call.user_name,
            operation: &operation,
            action: "",
            method: "PLUGIN",
            path: &path,
            ip: "",
            request_data: &detail,
            result_code: 200,
        };
        insert_operation_record(self.conn().await?, record).await?;
        Ok(())
    }
}

impl log::Host for CallState {
    async fn write(&mut self, level: log::Level, message: String) -> wasmtime::Result<()> {
        let plugin = &self.plugin.manifest.id;
        let tenant = self.call.tenant_id;
        let message: String = message.chars().take(4096).collect();
        match level {
            log::Level::Debug => tracing::debug!(plugin, tenant, "{message}"),
            log::Level::Info => tracing::info!(plugin, tenant, "{message}"),
            log::Level::Warn => tracing::warn!(plugin, tenant, "{message}"),
            log::Level::Error => tracing::error!(plugin, tenant, "{message}"),
        }
        Ok(())
    }
}
