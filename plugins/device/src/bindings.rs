//! Binding relations (userDevice): a device belongs to at most one family at a time, bound by one
//! of its members who may bind (the administrator or an ordinary member). Bind and unbind take a
//! reason and are written in the device's logs; a device that answers a reset successfully is
//! unbound by it.

use console_plugin_sdk::describe::{MODE, PAGING, QueryParam};
use console_plugin_sdk::validate::{self, LONG_TEXT};
use console_plugin_sdk::{Call, Collection, Doc, PluginError, PluginResult, Query, Value, json};
use serde::{Deserialize, Serialize};

use crate::commands::{self, Command, RESET, SUCCEEDED};
use crate::devices;
use crate::families::{self, FAMILIES};
use crate::logs::{self, DeviceLog};

/// Made in the console.
pub const CONSOLE: &str = "console";
/// Made by the app.
pub const APP: &str = "app";
/// Made by a third party through the open platform (its client ID is kept).
pub const OPEN_PLATFORM: &str = "open-platform";
pub const SOURCES: [&str; 3] = [CONSOLE, APP, OPEN_PLATFORM];

#[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Binding {
    pub sn: String,
    pub product_name: String,
    /// The app user who bound it.
    pub account: String,
    pub family_id: String,
    pub family_name: String,
    /// Empty: in no room.
    pub room_id: String,
    /// One of [`SOURCES`].
    pub source: String,
    /// The open platform's client, for [`OPEN_PLATFORM`].
    pub client_id: String,
    pub reason: String,
    pub bound_at: i64,
    /// The console user, or empty.
    pub by: String,
    /// What the family calls the device ("Kitchen robot"), given when it was bound.
    #[serde(default)]
    pub nickname: String,
}

/// The longest nickname a family gives its device, in characters.
pub const NICKNAME_MAX: usize = 32;

pub const BINDINGS: Collection<Binding> = Collection::new("bindings");

fn texts(texts: [&str; 7]) -> [String; 7] {
    texts.map(str::to_string)
}

fn already_bound() -> PluginError {
    PluginError::localized(
        409,
        Some("sn"),
        texts([
            "设备已绑定到其他家庭，请先解绑",
            "The device is bound to a family already: unbind it first.",
            "Das Gerät ist bereits an eine Familie gebunden: Heben Sie die Bindung zuerst auf.",
            "El dispositivo ya está vinculado a una familia: desvincúlelo primero.",
            "L’appareil est déjà lié à une famille : dissociez-le d’abord.",
            "O dispositivo já está associado a uma família: desassocie-o primeiro.",
            "Устройство уже привязано к семье: сначала отвяжите его.",
        ]),
    )
}

fn may_not_bind() -> PluginError {
    PluginError::localized(
        403,
        Some("account"),
        texts([
            "只有家庭管理员和普通成员可以绑定设备",
            "Only the family's administrator and ordinary members may bind devices.",
            "Nur der Administrator und normale Mitglieder der Familie dürfen Geräte binden.",
            "Solo el administrador y los miembros ordinarios de la familia pueden vincular dispositivos.",
            "Seuls l’administrateur et les membres ordinaires de la famille peuvent lier des appareils.",
            "Só o administrador e os membros comuns da família podem associar dispositivos.",
            "Привязывать устройства могут только администратор и обычные участники семьи.",
        ]),
    )
}

pub fn binding_of(call: &mut Call<'_>, sn: &str) -> PluginResult<Option<Doc<Binding>>> {
    Ok(BINDINGS.query(call.host, &Query::new().eq("sn", sn).page(1, 1))?.list.into_iter().next())
}

pub const LIST_QUERY: [QueryParam; 7] = [
    QueryParam::text("sn", "Searched in the search mode."),
    QueryParam::text("account", "One app user."),
    QueryParam::text("familyId", "One family."),
    QueryParam::text("source", "console, app or open-platform."),
    PAGING[0],
    PAGING[1],
    MODE,
];

pub fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let mut query = Query::new()
        .search("sn", call.query("sn"), call.search_mode())
        .eq_opt("account", call.query("account"))
        .eq_opt("familyId", call.query("familyId"));
    if let Some(source) = call.query("source") {
        query = query.eq("source", validate::one_of("source", source, &SOURCES)?);
    }
    let query = query.sort("boundAt", true).paged_by(call)?;
    Ok(json!(BINDINGS.query(call.host, &query)?))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BindInput {
    pub sn: String,
    pub account: String,
    pub family_id: String,
    pub room_id: String,
    pub reason: String,
    /// What the family calls the device; optional.
    pub nickname: String,
}

/// Binds a device to a family in the name of one of its members.
pub fn bind(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: BindInput = call.body()?;
    let reason = validate::required("reason", &input.reason, LONG_TEXT)?;
    let nickname = validate::optional("nickname", &input.nickname, NICKNAME_MAX)?;
    let account = families::account_of("account", &input.account)?;
    let family_id = validate::required("familyId", &input.family_id, 64)?;
    let device = devices::find(call, input.sn.trim())?;
    let family = FAMILIES
        .get(call.host, &family_id)?
        .ok_or_else(|| PluginError::invalid("familyId", console_plugin_sdk::Message::NotFound))?;
    if !family.data.may_bind(&account) {
        return Err(may_not_bind());
    }
    let room_id = input.room_id.trim();
    if !room_id.is_empty() && !family.data.rooms.iter().any(|r| r.room_id == room_id) {
        return Err(PluginError::invalid("roomId", console_plugin_sdk::Message::NotFound));
    }
    if binding_of(call, &device.data.sn)?.is_some() {
        return Err(already_bound());
    }
    // Saved again at the version read: a family deleted or its members changed meanwhile
    // refuses this binding instead of leaving it to a family that is gone.
    FAMILIES.update(call.host, &family.id, &family.data, Some(family.version))?;
    let binding = Binding {
        sn: device.data.sn.clone(),
        product_name: device.data.product_name.clone(),
        account: account.clone(),
        family_id: family.id.clone(),
        family_name: family.data.name.clone(),
        room_id: room_id.to_string(),
        source: CONSOLE.into(),
        client_id: String::new(),
        reason: reason.clone(),
        bound_at: call.host.now_ms(),
        by: call.context.user_name.clone(),
        nickname: nickname.clone(),
    };
    // The store's unique SN refuses a binding made at the same moment by another call.
    let saved = BINDINGS.insert(call.host, &binding)?;
    devices::name(call, &device, &nickname)?;
    let log = DeviceLog {
        sn: device.data.sn.clone(),
        kind: logs::BIND.into(),
        account,
        firmware_version: device.data.firmware_version.clone(),
        software_version: device.data.software_version.clone(),
        result: logs::SUCCESS.into(),
        detail: reason,
        by: call.context.user_name.clone(),
        ..DeviceLog::default()
    };
    logs::write(call, log)?;
    call.host.audit("Device bound", &format!("{} → {}", device.data.sn, family.id));
    Ok(json!(saved))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct ReasonInput {
    pub reason: String,
}

/// Removes the device's binding and writes it down; `by` is the console user, or empty for the device.
/// `cause` is one of [`logs::CAUSES`] when the platform unbinds it (a reset, an initialisation).
pub fn unbind_device(
    call: &mut Call<'_>,
    binding: Doc<Binding>,
    reason: String,
    cause: &str,
    by: String,
) -> PluginResult<()> {
    BINDINGS.delete(call.host, &binding.id)?;
    let device = devices::find(call, &binding.data.sn).ok();
    // The next family names it anew.
    if let Some(device) = &device {
        devices::name(call, device, "")?;
    }
    let (firmware_version, software_version) =
        device.map(|d| (d.data.firmware_version, d.data.software_version)).unwrap_or_default();
    let log = DeviceLog {
        sn: binding.data.sn.clone(),
        kind: logs::UNBIND.into(),
        account: binding.data.account.clone(),
        firmware_version,
        software_version,
        result: logs::SUCCESS.into(),
        detail: reason,
        cause: cause.to_string(),
        by,
        ..DeviceLog::default()
    };
    logs::write(call, log)
}

pub fn unbind(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let input: ReasonInput = call.body()?;
    let reason = validate::required("reason", &input.reason, LONG_TEXT)?;
    let binding = binding_of(call, &sn)?.ok_or_else(PluginError::not_found)?;
    let by = call.context.user_name.clone();
    unbind_device(call, binding, reason, "", by)?;
    call.host.audit("Device unbound", &sn);
    Ok(Value::Null)
}

/// The devices of a deleted room stay in the family, in no room.
pub fn leave_room(call: &mut Call<'_>, family_id: &str, room_id: &str) -> PluginResult<()> {
    loop {
        let in_room = Query::new().eq("familyId", family_id).eq("roomId", room_id).page(1, 500);
        let page = BINDINGS.query(call.host, &in_room)?.list;
        for doc in &page {
            let binding = Binding { room_id: String::new(), ..doc.data.clone() };
            BINDINGS.update(call.host, &doc.id, &binding, Some(doc.version))?;
        }
        if page.len() < 500 {
            return Ok(());
        }
    }
}

/// Sends a reset to an online device (deviceReset): its answer is the reset's result.
pub fn reset(call: &mut Call<'_>) -> PluginResult<Value> {
    let sn = call.param("sn")?.to_string();
    let input: ReasonInput = call.body()?;
    let reason = validate::required("reason", &input.reason, LONG_TEXT)?;
    commands::online_device(call, &sn)?;
    commands::send(call, &sn, RESET, "reset", Default::default(), reason, commands::ANSWER_TIMEOUT_MS)
}

/// A device answered its reset: written down, and on success it leaves its family.
pub fn reset_answered(call: &mut Call<'_>, command: &Command) -> PluginResult<()> {
    let succeeded = command.state == SUCCEEDED;
    let device = devices::find(call, &command.sn)?;
    let log = DeviceLog {
        sn: command.sn.clone(),
        kind: logs::RESET.into(),
        firmware_version: device.data.firmware_version.clone(),
        software_version: device.data.software_version.clone(),
        result: if succeeded { logs::SUCCESS } else { logs::FAILURE }.into(),
        detail: if succeeded { command.reason.clone() } else { command.message.clone() },
        by: command.by.clone(),
        ..DeviceLog::default()
    };
    logs::write(call, log)?;
    // Only the binding the reset was sent to: one made after it stays.
    let binding = binding_of(call, &command.sn)?.filter(|b| b.data.bound_at <= command.sent_at);
    if succeeded && let Some(binding) = binding {
        unbind_device(call, binding, command.reason.clone(), logs::BY_RESET, command.by.clone())?;
    }
    Ok(())
}

/// The reset requests (deviceReset): resets sent, newest first, with their results.
pub fn resets(call: &mut Call<'_>) -> PluginResult<Value> {
    let now = call.host.now_ms();
    let query = Query::new()
        .eq("kind", RESET)
        .search("sn", call.query("sn"), call.search_mode())
        .sort("sentAt", true)
        .paged_by(call)?;
    let page = commands::COMMANDS.query(call.host, &query)?;
    Ok(json!(console_plugin_sdk::PageOf {
        list: page.list.into_iter().map(|c| commands::shown(c, now)).collect::<Vec<_>>(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    }))
}
