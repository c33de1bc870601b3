//! `audit` (operation records, in the call's transaction) and `log` (tagged with the plugin).
//! Both are bounded per call, both have the request's secrets masked as its record has
//! (`redact`), and log messages have their control characters escaped so that a plugin cannot
//! forge a line.

use crate::db::records::{NewOperationRecord, insert_operation_record};
use crate::plugins::bindings::console::plugin::{audit, log};
use crate::plugins::runtime::CallState;

impl CallState {
    /// Says once in the log that this call reached its limit of records or log output.
    fn say_budget_exhausted(&mut self) {
        if !self.records_budget.exhausted_said {
            self.records_budget.exhausted_said = true;
            let plugin = &self.plugin.manifest.id;
            tracing::warn!(plugin, tenant = self.call.tenant_id, "plugin call reached its limit of records and log");
        }
    }
}

/// The message with control characters (newlines included) written as escapes: one line.
pub fn one_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| if c.is_control() { c.escape_default().collect::<Vec<_>>() } else { vec![c] })
        .collect()
}

impl audit::Host for CallState {
    async fn add(&mut self, operation: String, detail: String) -> wasmtime::Result<()> {
        if !self.records_budget.take_audit_record() {
            self.say_budget_exhausted();
            return Ok(());
        }
        let plugin = self.plugin.manifest.id.clone();
        let call = self.call.clone();
        let operation: String = one_line(&operation.chars().take(200).collect::<String>());
        let detail = crate::redact::for_record(detail.as_bytes(), &Default::default(), &call.sealed);
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
        let tx = self.write_conn().await?;
        crate::db::with_call!(tx, |conn| insert_operation_record(conn, record).await)?;
        Ok(())
    }
}

impl log::Host for CallState {
    async fn write(&mut self, level: log::Level, message: String) -> wasmtime::Result<()> {
        let message = one_line(&self.call.sealed.mask_in(&message.chars().take(4096).collect::<String>()));
        if !self.records_budget.take_log(message.len()) {
            self.say_budget_exhausted();
            return Ok(());
        }
        let plugin = &self.plugin.manifest.id;
        let tenant = self.call.tenant_id;
        match level {
            log::Level::Debug => tracing::debug!(plugin, tenant, "{message}"),
            log::Level::Info => tracing::info!(plugin, tenant, "{message}"),
            log::Level::Warn => tracing::warn!(plugin, tenant, "{message}"),
            log::Level::Error => tracing::error!(plugin, tenant, "{message}"),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::one_line;
    use crate::plugins::runtime::RecordsBudget;

    #[test]
    fn a_message_cannot_forge_a_log_line() {
        let forged = one_line("done\n2026-01-01T00:00:00Z ERROR console_host: admin signed in\r\x1b[2J");
        assert!(!forged.contains(['\n', '\r', '\x1b']), "{forged:?}");
        assert!(forged.starts_with("done\\n2026"), "{forged:?}");
        assert_eq!(one_line("设备 SN-1 上报"), "设备 SN-1 上报");
    }

    #[test]
    fn the_log_budget_stops_a_flood() {
        let mut budget = RecordsBudget::new();
        let line = "x".repeat(4096);
        let written = (0..1000).take_while(|_| budget.take_log(line.len())).count();
        assert_eq!(written, RecordsBudget::LOG_BYTES / 4096);
        let records = (0..1000).take_while(|_| budget.take_audit_record()).count();
        assert_eq!(records, RecordsBudget::AUDIT_RECORDS as usize);
    }
}
