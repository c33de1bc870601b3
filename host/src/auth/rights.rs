//! Who may change whom: nobody gives or takes rights beyond their own. Every role and account
//! action goes through these checks after its button check, so holding `role:edit` or
//! `account:reset-password` is never a way to reach above oneself.
//!
//! Refusals are input refusals (400 on a field): a 403 would sign the caller out.

use std::collections::HashSet;

use crate::AppState;
use crate::api::{ApiError, ApiResult, Caller};
use crate::db::{AccountRow, RoleRow};
use crate::i18n::Msg;
use crate::routes::roles::ADMINISTRATOR;

async fn caller_is_admin(app: &AppState, caller: &Caller) -> ApiResult<bool> {
    Ok(app.db.account_is_admin(caller.account_id).await?)
}

async fn caller_holds_role(app: &AppState, caller: &Caller, role_id: i64) -> ApiResult<bool> {
    Ok(app.db.account(caller.account_id).await?.is_some_and(|a| a.role_ids.contains(&role_id)))
}

/// A role the caller may change (rename, retype, regrant) or delete: not one he holds, and an
/// administrator role, before or after the change, only by an administrator.
pub async fn may_change_role(app: &AppState, caller: &Caller, role: &RoleRow, new_type: &str) -> ApiResult<()> {
    if caller_holds_role(app, caller, role.id).await? {
        return Err(ApiError::invalid("id", Msg::OwnRoleUnchangeable));
    }
    may_create_role(app, caller, &role.role_type).await?;
    may_create_role(app, caller, new_type).await
}

/// An administrator role grants everything in its reach: only an administrator creates one.
pub async fn may_create_role(app: &AppState, caller: &Caller, role_type: &str) -> ApiResult<()> {
    if role_type == ADMINISTRATOR && !caller_is_admin(app, caller).await? {
        return Err(ApiError::invalid("roleType", Msg::AdministratorRoleNeedsAdministrator));
    }
    Ok(())
}

/// A change of a role's buttons from `current` to `requested`: every action added or taken
/// away must be one the caller holds.
pub fn may_regrant(caller: &Caller, current: &HashSet<String>, requested: &HashSet<String>) -> ApiResult<()> {
    if current.symmetric_difference(requested).all(|action| caller.may(action)) {
        Ok(())
    } else {
        Err(ApiError::invalid("buttonIds", Msg::BeyondOwnRights))
    }
}

/// An account the caller may edit, disable, enable, reset or delete: its rights lie within the
/// caller's, and an administrator only by an administrator. The caller's own account is the
/// handler's to judge (some actions are allowed on oneself, some are not).
pub async fn may_act_on_account(app: &AppState, caller: &Caller, target: &AccountRow) -> ApiResult<()> {
    if target.id == caller.account_id {
        return Ok(());
    }
    let refused = Err(ApiError::invalid("id", Msg::AccountBeyondOwnRights));
    if app.db.account_is_admin(target.id).await? && !caller_is_admin(app, caller).await? {
        return refused;
    }
    let plugins = app.plugins.enabled_for(target.tenant_id).await?;
    let held = app.db.account_actions(target.id, target.tenant_id == 0, &plugins).await?;
    if held.iter().all(|action| caller.may(action)) { Ok(()) } else { refused }
}
