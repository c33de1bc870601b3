//! What the platform around the plugin holds (contract 0.1.6): the enterprises records relate to
//! and the languages the platform offers. Read only; the caller's tenant bounds what is seen.

use crate::error::{PluginError, PluginResult};
use crate::host::Host;
pub use crate::host::{Account, Enterprise};

/// The robot kind of enterprise: for internal management only.
pub const ROBOT: &str = "robot";

/// Those of `ids` that are enterprises the caller may see, in the order asked.
pub fn enterprises(host: &mut dyn Host, ids: &[i64]) -> PluginResult<Vec<Enterprise>> {
    host.enterprises(ids).map_err(PluginError::internal)
}

/// The enterprises of `ids`, each of which must exist for the caller: otherwise a refusal on
/// `field` naming the first unknown id.
pub fn existing_enterprises(host: &mut dyn Host, field: &str, ids: &[i64]) -> PluginResult<Vec<Enterprise>> {
    let found = enterprises(host, ids)?;
    if let Some(missing) = ids.iter().find(|id| !found.iter().any(|e| e.id == **id)) {
        return Err(PluginError::localized(
            400,
            Some(field),
            [
                format!("企业 {missing} 不存在"),
                format!("The enterprise {missing} does not exist."),
                format!("Das Unternehmen {missing} existiert nicht."),
                format!("La empresa {missing} no existe."),
                format!("L’entreprise {missing} n’existe pas."),
                format!("A empresa {missing} não existe."),
                format!("Предприятие {missing} не существует."),
            ],
        ));
    }
    Ok(found)
}

/// The codes of the platform's languages (`zhCn`, `en`, ...).
pub fn languages(host: &mut dyn Host) -> PluginResult<Vec<String>> {
    host.languages().map_err(PluginError::internal)
}

/// Accounts of the call's enterprise whose user name or name contains `text` (all when empty), by
/// user name, at most `limit` (1 to 100) (contract 0.1.10).
pub fn accounts(host: &mut dyn Host, text: &str, limit: u32) -> PluginResult<Vec<Account>> {
    host.accounts(text, limit.clamp(1, 100)).map_err(PluginError::internal)
}

/// The enabled account of the call's enterprise named `user_name` exactly, or a refusal on `field`.
pub fn account(host: &mut dyn Host, field: &str, user_name: &str) -> PluginResult<Account> {
    let name = user_name.trim();
    accounts(host, name, 100)?.into_iter().find(|a| a.user_name == name && !a.disabled).ok_or_else(|| {
        PluginError::localized(
            400,
            Some(field),
            [
                format!("账号 {name} 不存在或已停用"),
                format!("The account {name} does not exist or is disabled."),
                format!("Das Konto {name} existiert nicht oder ist deaktiviert."),
                format!("La cuenta {name} no existe o está desactivada."),
                format!("Le compte {name} n’existe pas ou est désactivé."),
                format!("A conta {name} não existe ou está desativada."),
                format!("Учётная запись {name} не существует или отключена."),
            ],
        )
    })
}
