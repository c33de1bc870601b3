//! What devices say (the device routes, `/api/device/device-service/thing/...`), in the
//! thing-model messages an MQTT gateway can carry unchanged (README "Device messages"). A device
//! activates with its product's fleet key and its SN's signature and gets a key of its own; every
//! later message names the device by that key, never by what it sends.

use std::collections::HashMap;

use console_plugin_sdk::proofs::{self, Proof};
use console_plugin_sdk::thing_model::{self, Direction};
use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Doc, PluginError, PluginResult, Value, devices as device_keys, json, services};
use serde::{Deserialize, Serialize};

use crate::devices::{self, DEVICES, Device, SHADOWS, Shadow, WORK_STATES};
use crate::logs::{self, AppContext, DeviceLog};
use crate::model::{self, PRODUCT_SERVICE, ProductFacts};
use crate::presence::{HEARTBEAT_MS, is_online};
use crate::reports::{EVENT, PROPERTY, REPORTS, Report, expiry};

/// How far the signed time of an activation may be from the platform's clock: a captured
/// activation cannot be replayed later.
pub const SIGNED_TIME_WINDOW_MS: i64 = 10 * 60_000;
/// How long a spent activation signature is kept: its signed time may stand that far on either
/// side of now.
const SPENT_FOR_SECONDS: u32 = 2 * 10 * 60;
/// How stale a device's "last seen" may be written: once a minute at most, however often it
/// reports (the presence rule allows for it, see `presence::TIMEOUT_MS`).
pub const SEEN_RESOLUTION_MS: i64 = 60_000;

fn texts(texts: [&str; 7]) -> [String; 7] {
    texts.map(str::to_string)
}

fn signature_refused() -> PluginError {
    PluginError::localized(
        401,
        Some("signature"),
        texts([
            "签名与 SN 的密钥不符",
            "The signature does not match the SN's key.",
            "Die Signatur passt nicht zum Schlüssel der SN.",
            "La firma no coincide con la clave del SN.",
            "La signature ne correspond pas à la clé du SN.",
            "A assinatura não corresponde à chave do SN.",
            "Подпись не соответствует ключу SN.",
        ]),
    )
}

fn signature_replayed() -> PluginError {
    PluginError::localized(
        401,
        Some("signature"),
        texts([
            "该激活签名已使用过，请重新签名",
            "This activation signature was used already: sign the activation anew.",
            "Diese Aktivierungssignatur wurde bereits verwendet: Signieren Sie die Aktivierung neu.",
            "Esta firma de activación ya se usó: vuelva a firmar la activación.",
            "Cette signature d’activation a déjà servi : signez à nouveau l’activation.",
            "Esta assinatura de ativação já foi usada: assine a ativação de novo.",
            "Эта подпись активации уже использована: подпишите активацию заново.",
        ]),
    )
}

fn stale_signature() -> PluginError {
    PluginError::localized(
        401,
        Some("message"),
        texts([
            "签名内容须为 activate:<SN>:<毫秒时间>，且与平台时间相差不超过 10 分钟",
            "The signed message must be activate:<SN>:<Unix ms>, within 10 minutes of the platform's clock.",
            "Die signierte Nachricht muss activate:<SN>:<Unix-ms> lauten und höchstens 10 Minuten von der Plattformzeit abweichen.",
            "El mensaje firmado debe ser activate:<SN>:<ms Unix>, a menos de 10 minutos del reloj de la plataforma.",
            "Le message signé doit être activate:<SN>:<ms Unix>, à moins de 10 minutes de l’horloge de la plateforme.",
            "A mensagem assinada deve ser activate:<SN>:<ms Unix>, a menos de 10 minutos do relógio da plataforma.",
            "Подписанное сообщение должно иметь вид activate:<SN>:<мс Unix> и расходиться с часами платформы не более чем на 10 минут.",
        ]),
    )
}

fn not_of_product() -> PluginError {
    PluginError::localized(
        400,
        Some("sn"),
        texts([
            "该 SN 不属于此产品",
            "The SN does not belong to this product.",
            "Die SN gehört nicht zu diesem Produkt.",
            "El SN no pertenece a este producto.",
            "Le SN n’appartient pas à ce produit.",
            "O SN não pertence a este produto.",
            "SN не относится к этому продукту.",
        ]),
    )
}

fn own_key_needed() -> PluginError {
    PluginError::localized(
        403,
        None,
        texts([
            "请先激活：此接口须使用设备自己的密钥",
            "Activate first: this route takes the device's own key.",
            "Zuerst aktivieren: Diese Route verlangt den eigenen Schlüssel des Geräts.",
            "Active primero: esta ruta requiere la clave propia del dispositivo.",
            "Activez d’abord : cette route exige la clé propre de l’appareil.",
            "Ative primeiro: esta rota exige a chave própria do dispositivo.",
            "Сначала активируйте устройство: этот маршрут принимает только собственный ключ устройства.",
        ]),
    )
}

/// A well-formed SN: letters, digits and hyphens, at most 64 (as the product plugin makes them).
pub(crate) fn sn_of(field: &str, text: &str) -> PluginResult<String> {
    let sn = validate::required(field, text, 64)?;
    if !sn.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(PluginError::format_values(field, "A-Z a-z 0-9 -"));
    }
    Ok(sn)
}

/// `activate:<sn>:<unix ms>` within the window of `now`.
pub fn signed_time_fresh(message: &str, sn: &str, now: i64) -> bool {
    let Some(rest) =
        message.strip_prefix("activate:").and_then(|m| m.strip_prefix(sn)).and_then(|m| m.strip_prefix(':'))
    else {
        return false;
    };
    rest.parse::<i64>().is_ok_and(|at| (now - at).abs() <= SIGNED_TIME_WINDOW_MS)
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Activation {
    pub sn: String,
    pub product_key: String,
    /// `activate:<sn>:<unix ms>`.
    pub message: String,
    /// HMAC-SHA256 of `message` under the SN's key, hex.
    #[schemars(transform = console_plugin_sdk::describe::sealed)]
    pub signature: String,
    pub firmware_version: String,
    pub software_version: String,
    /// The app that set the device up, and where: written in the login log.
    pub app: AppContext,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Activated {
    pub sn: String,
    /// The device's own key from now on (`authorization: Device <key>`); shown this once.
    pub device_key: String,
    pub heartbeat_ms: i64,
    pub first_activation: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SnFacts {
    product_ids: Vec<String>,
    /// The product model its SN group was made for.
    #[serde(default)]
    model_code: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Verified {
    valid: bool,
    first_activation: bool,
}

pub fn activate(call: &mut Call<'_>) -> PluginResult<Value> {
    if call.context.device().is_none() {
        return Err(PluginError::forbidden());
    }
    let input: Activation = call.body()?;
    let sn = sn_of("sn", &input.sn)?;
    call.context.check_device(&sn)?;
    let now = call.host.now_ms();
    if !signed_time_fresh(&input.message, &sn, now) {
        return Err(stale_signature());
    }
    // A signature cannot be guessed: the host counts failures by address only, so nobody who
    // knows an SN can lock its device out.
    let subject = format!("sn:{sn}");
    proofs::attempt(call.host, Proof::Signature, &subject)?;
    let product_key = validate::required("productKey", &input.product_key, SHORT_TEXT)?;
    let product = model::product_by_key(call, &product_key).map_err(|e| match e.status {
        404 => PluginError::invalid("productKey", console_plugin_sdk::Message::NotFound),
        _ => e,
    })?;
    let facts: SnFacts = services::get(call.host, PRODUCT_SERVICE, &format!("/internal/sns/{sn}"))
        .map_err(|e| if e.status == 404 { signature_refused() } else { e })?;
    if !facts.product_ids.contains(&product.id) {
        return Err(not_of_product());
    }
    let signed = json!({ "message": input.message, "signature": input.signature });
    let verified: Verified = services::call(
        call.host,
        PRODUCT_SERVICE,
        "POST",
        &format!("/internal/sns/{sn}/verify"),
        &[("activate", "true")],
        &signed,
    )?;
    if !verified.valid {
        return Err(signature_refused());
    }
    proofs::succeeded(call.host, Proof::Signature, &subject);
    // A signed message activates once: the same body sent again within its window (the
    // signature in other letters' case verifies the same) would take the device's key from it.
    if !proofs::spend(call.host, &input.message, SPENT_FOR_SECONDS)? {
        return Err(signature_replayed());
    }
    let versions = (
        validate::optional("firmwareVersion", &input.firmware_version, SHORT_TEXT)?,
        validate::optional("softwareVersion", &input.software_version, SHORT_TEXT)?,
    );
    let existing = DEVICES
        .query(call.host, &console_plugin_sdk::Query::new().eq("sn", sn.as_str()).page(1, 1))?
        .list
        .into_iter()
        .next();
    let address = call.host.client_address();
    let app = input.app.checked()?;
    let activated = |device: &mut Device| {
        device.sn.clone_from(&sn);
        device.product_id.clone_from(&product.id);
        device.product_key.clone_from(&product.product_key);
        device.product_name.clone_from(&product.name);
        device.model_code = facts.model_code.clone().unwrap_or_default();
        device.region = product.regions.first().cloned().unwrap_or_default();
        if !app.country_code.is_empty() {
            device.country.clone_from(&app.country_code);
            device.subdivision.clone_from(&app.subdivision_code);
        }
        device.firmware_version.clone_from(&versions.0);
        device.software_version.clone_from(&versions.1);
        if device.work_state.is_empty() {
            device.work_state = "unknown".into();
        }
        device.registered_at = device.registered_at.or(Some(now));
        device.last_login_ip.clone_from(&address);
        device.activations += 1;
        came_online_at(device, now);
    };
    // Merged into the record as stored now: the `presence` schedule may write it meanwhile.
    let device = match existing {
        Some(doc) => DEVICES.modify(call.host, doc, activated)?.data,
        None => {
            let mut device = Device::default();
            activated(&mut device);
            DEVICES.insert(call.host, &device)?.data
        }
    };
    let device_key = device_keys::issue_key(call.host, &sn)?;
    let login = DeviceLog {
        sn: sn.clone(),
        kind: logs::LOGIN.into(),
        ip: device.last_login_ip.clone(),
        app,
        firmware_version: device.firmware_version.clone(),
        software_version: device.software_version.clone(),
        result: logs::SUCCESS.into(),
        cause: if verified.first_activation { logs::FIRST_ACTIVATION } else { "" }.into(),
        ..DeviceLog::default()
    };
    logs::write(call, login)?;
    call.host.audit("Device activated", &sn);
    Ok(json!(Activated { sn, device_key, heartbeat_ms: HEARTBEAT_MS, first_activation: verified.first_activation }))
}

fn came_online_at(device: &mut Device, now: i64) {
    if !is_online(device.last_seen_at, now) {
        device.last_online_at = Some(now);
    }
    device.online = true;
    device.last_seen_at = Some(now);
}

/// The calling device, by its own key.
fn calling_device(call: &mut Call<'_>) -> PluginResult<Doc<Device>> {
    let sn = call.context.device_sn().ok_or_else(own_key_needed)?.to_string();
    devices::find(call, &sn)
}

/// Whether what the record says of the device's presence is still true enough at `now`: online,
/// and heard within [`SEEN_RESOLUTION_MS`]. Presence is written when it changes, and "last
/// seen" at most once a minute a device, however often it reports.
fn heard_lately(device: &Device, now: i64) -> bool {
    device.online && device.last_seen_at.is_some_and(|seen| now - seen < SEEN_RESOLUTION_MS)
}

/// Writes down that the device was heard, unless it was lately.
fn heard(call: &mut Call<'_>, doc: Doc<Device>) -> PluginResult<Doc<Device>> {
    if heard_lately(&doc.data, call.host.now_ms()) {
        return Ok(doc);
    }
    heard_saying(call, doc, |_| {})
}

/// [`heard`] for a batch's devices, in one statement: each device not heard lately, or whose
/// record `said` changes (a heartbeat's fields, as the batch's beats left them), is written
/// down; the SNs of those that came online, for the batch to tell in one event a page.
pub fn heard_all(
    call: &mut Call<'_>,
    docs: Vec<Doc<Device>>,
    said: &HashMap<String, Device>,
) -> PluginResult<Vec<String>> {
    let now = call.host.now_ms();
    let writing: Vec<Doc<Device>> =
        docs.into_iter().filter(|doc| said.contains_key(&doc.data.sn) || !heard_lately(&doc.data, now)).collect();
    let came_online = writing
        .iter()
        .filter(|doc| !(doc.data.online && is_online(doc.data.last_seen_at, now)))
        .map(|doc| doc.data.sn.clone())
        .collect();
    DEVICES.modify_many(call.host, writing, |stored| {
        if let Some(beat) = said.get(&stored.sn) {
            take_heartbeat(stored, beat);
        }
        came_online_at(stored, now);
    })?;
    Ok(came_online)
}

/// Writes down what the device said of itself, and that it was heard: merged into the record as
/// stored now, since the `presence` schedule may have marked it offline after it was read (a
/// device's word is never refused as someone else's change).
fn heard_saying(call: &mut Call<'_>, doc: Doc<Device>, said: impl Fn(&mut Device)) -> PluginResult<Doc<Device>> {
    let (heard, came_online) = written_heard(call, doc, said)?;
    if came_online {
        crate::presence::announce(call.host, std::slice::from_ref(&heard.data.sn), true, "")?;
    }
    Ok(heard)
}

/// [`heard_saying`] without telling: the record, and whether the device came online (a batch
/// tells all those that did in one event).
fn written_heard(
    call: &mut Call<'_>,
    doc: Doc<Device>,
    said: impl Fn(&mut Device),
) -> PluginResult<(Doc<Device>, bool)> {
    let now = call.host.now_ms();
    let was_online = doc.data.online && is_online(doc.data.last_seen_at, now);
    let heard = DEVICES.modify(call.host, doc, |device| {
        said(device);
        came_online_at(device, now);
    })?;
    Ok((heard, !was_online))
}

/// What a heartbeat reports of the device's state, from `beat` (checked) onto `device`.
fn take_heartbeat(device: &mut Device, beat: &Device) {
    device.work_state.clone_from(&beat.work_state);
    device.firmware_version.clone_from(&beat.firmware_version);
    device.software_version.clone_from(&beat.software_version);
    device.package_version.clone_from(&beat.package_version);
    device.lan_ip.clone_from(&beat.lan_ip);
    device.base_station_id.clone_from(&beat.base_station_id);
    device.base_station_name.clone_from(&beat.base_station_name);
    device.packet_loss = beat.packet_loss;
    device.delay = beat.delay;
    device.signal = beat.signal;
}

pub fn thing_model(call: &mut Call<'_>) -> PluginResult<Value> {
    let device = calling_device(call)?;
    let product = model::product(call, &device.data.product_id)?;
    heard(call, device)?;
    Ok(json!(product.thing_model))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Heartbeat {
    pub work_state: Option<String>,
    pub firmware_version: Option<String>,
    pub software_version: Option<String>,
    pub package_version: Option<String>,
    pub lan_ip: Option<String>,
    /// Percent, 0 to 100.
    pub packet_loss: Option<f64>,
    /// Milliseconds.
    pub delay: Option<i64>,
    /// dBm, -150 to 0.
    pub signal: Option<i64>,
    pub base_station_id: Option<String>,
    pub base_station_name: Option<String>,
}

pub fn heartbeat(call: &mut Call<'_>) -> PluginResult<Value> {
    let doc = calling_device(call)?;
    let beat: Heartbeat = call.body()?;
    let (answer, said) = beat_of(call, &doc.data, &beat)?;
    // Written only when it changes the record or the device was not heard lately: most of an
    // MQTT session's beats write nothing.
    match said {
        Some(said) => {
            heard_saying(call, doc, |stored| take_heartbeat(stored, &said))?;
        }
        None => {
            heard(call, doc)?;
        }
    }
    Ok(answer)
}

/// What a heartbeat says of the device, checked, onto a copy of it.
fn beaten(stored: &Device, beat: &Heartbeat) -> PluginResult<Device> {
    let mut device = stored.clone();
    if let Some(state) = &beat.work_state {
        device.work_state = validate::one_of("workState", state, &WORK_STATES)?;
    }
    for (field, given, kept) in [
        ("firmwareVersion", &beat.firmware_version, &mut device.firmware_version),
        ("softwareVersion", &beat.software_version, &mut device.software_version),
        ("packageVersion", &beat.package_version, &mut device.package_version),
        ("lanIp", &beat.lan_ip, &mut device.lan_ip),
        ("baseStationId", &beat.base_station_id, &mut device.base_station_id),
        ("baseStationName", &beat.base_station_name, &mut device.base_station_name),
    ] {
        if let Some(text) = given {
            *kept = validate::optional(field, text, SHORT_TEXT)?;
        }
    }
    if let Some(loss) = beat.packet_loss {
        device.packet_loss = Some(validate::range("packetLoss", loss, 0.0, 100.0)?);
    }
    if let Some(delay) = beat.delay {
        device.delay = Some(validate::range("delay", delay as f64, 0.0, 600_000.0)? as i64);
    }
    if let Some(signal) = beat.signal {
        device.signal = Some(validate::range("signal", signal as f64, -150.0, 0.0)? as i64);
    }
    Ok(device)
}

/// What a heartbeat came to: its answer, and the device as it says it is now when that differs
/// from `stored` (nothing is written).
pub type Beaten = (Value, Option<Device>);

/// A heartbeat of the device `stored`, checked: what to answer and what it changes. A new base
/// station is recorded at once (rare); the record is the caller's to write.
pub fn beat_of(call: &mut Call<'_>, stored: &Device, beat: &Heartbeat) -> PluginResult<Beaten> {
    let device = beaten(stored, beat)?;
    if device.base_station_id != stored.base_station_id || device.base_station_name != stored.base_station_name {
        let (id, name) = (device.base_station_id.clone(), device.base_station_name.clone());
        crate::stations::reported(call, &device, &id, &name)?;
    }
    let mut said = stored.clone();
    take_heartbeat(&mut said, &device);
    let answer = json!({ "heartbeatMs": HEARTBEAT_MS, "workState": said.work_state });
    Ok((answer, (said != *stored).then_some(said)))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Message {
    /// The device's message id (text or a number), echoed as it came.
    pub id: console_plugin_sdk::thing_model::MessageId,
    pub params: serde_json::Map<String, Value>,
    /// When it happened on the device (Unix ms); arrival time when absent or a day off.
    pub time: Option<i64>,
}

pub fn happened_at(time: Option<i64>, now: i64) -> i64 {
    time.filter(|t| (now - t).abs() <= console_plugin_sdk::time::DAY_MS).unwrap_or(now)
}

fn keep(
    call: &mut Call<'_>,
    device: &Device,
    product: &ProductFacts,
    kind: &str,
    identifier: &str,
    event_type: &str,
    message: &Message,
) -> PluginResult<()> {
    let now = call.host.now_ms();
    let report = Report {
        sn: device.sn.clone(),
        product_id: device.product_id.clone(),
        kind: kind.into(),
        identifier: identifier.into(),
        event_type: event_type.into(),
        params: message.params.clone(),
        at: happened_at(message.time, now),
        expires_at: expiry(now, product.cleaning_expiry_days),
        firmware_version: device.firmware_version.clone(),
    };
    REPORTS.insert(call.host, &report)?;
    Ok(())
}

/// Takes the reported values taken at `at` into a shadow's properties: a property keeps its
/// newest reading, so a late report of an older reading goes to history only (a battery of 20
/// stamped an hour ago does not hide the 80 read now).
pub fn newest_readings(
    properties: &mut serde_json::Map<String, Value>,
    params: &serde_json::Map<String, Value>,
    at: i64,
) {
    for (identifier, value) in params {
        let known = properties.get(identifier).and_then(|p| p.get("time")).and_then(Value::as_i64);
        if known.is_none_or(|time| time <= at) {
            properties.insert(identifier.clone(), json!({ "value": value, "time": at }));
        }
    }
}

pub fn post_properties(call: &mut Call<'_>) -> PluginResult<Value> {
    let device = calling_device(call)?;
    let message: Message = call.body()?;
    let product = model::product(call, &device.data.product_id)?;
    thing_model::check_properties(&product.thing_model, "params", &message.params, Direction::Report)?;
    let at = happened_at(message.time, call.host.now_ms());
    let shadow = devices::shadow_of(call, &device.data.sn)?;
    let mut properties = shadow.as_ref().map(|s| s.data.properties.clone()).unwrap_or_default();
    // A reading stamped ahead of now is the newest now, not for the rest of its day.
    newest_readings(&mut properties, &message.params, at.min(call.host.now_ms()));
    let data = Shadow { sn: device.data.sn.clone(), properties };
    match shadow {
        Some(doc) => SHADOWS.update(call.host, &doc.id, &data, None)?,
        None => SHADOWS.insert(call.host, &data)?,
    };
    keep(call, &device.data, &product, PROPERTY, "", "", &message)?;
    console_plugin_sdk::series::append(call.host, &crate::history::points(&device.data.sn, &message.params, at))?;
    heard(call, device)?;
    Ok(json!({ "id": message.id, "code": 200 }))
}

pub fn post_event(call: &mut Call<'_>) -> PluginResult<Value> {
    let identifier = call.param("identifier")?.to_string();
    let device = calling_device(call)?;
    let message: Message = call.body()?;
    let product = model::product(call, &device.data.product_id)?;
    let event_type =
        thing_model::check_event(&product.thing_model, "identifier", &identifier, &message.params)?.event_type.clone();
    keep(call, &device.data, &product, EVENT, &identifier, &event_type, &message)?;
    heard(call, device)?;
    Ok(json!({ "id": message.id, "code": 200 }))
}

pub fn fetch_commands(call: &mut Call<'_>) -> PluginResult<Value> {
    let device = calling_device(call)?;
    let sn = device.data.sn.clone();
    heard(call, device)?;
    crate::commands::fetch(call, &sn)
}

/// Commands the MQTT gateway published on a session that ended unacknowledged: waiting again.
pub fn requeue_commands(call: &mut Call<'_>) -> PluginResult<Value> {
    let device = calling_device(call)?;
    crate::commands::requeue(call, &device.data.sn)
}

pub fn reply(call: &mut Call<'_>) -> PluginResult<Value> {
    let device = calling_device(call)?;
    let product = model::product(call, &device.data.product_id)?;
    let answered = crate::commands::reply(call, &device, product.cleaning_expiry_days, &product.thing_model)?;
    heard(call, device)?;
    Ok(answered)
}

/// The device says goodbye (it powers off or leaves the network): offline at once, written down.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct LogoutInput {
    /// How the session ended, when the MQTT gateway logs the device out: `goodbye`,
    /// `keep-alive-timeout`, `connection-lost` or `host-lost`; empty for a device's own logout.
    pub cause: String,
}

pub fn logout(call: &mut Call<'_>) -> PluginResult<Value> {
    let cause = call.body::<LogoutInput>()?.cause;
    if !cause.is_empty() {
        validate::one_of("cause", &cause, &logs::LOGOUT_CAUSES)?;
    }
    let doc = calling_device(call)?;
    let now = call.host.now_ms();
    let mut device = doc.data.clone();
    // Its last word counts as older than the timeout, so every reader sees it offline now.
    device.last_seen_at = Some(now - crate::presence::TIMEOUT_MS - 1);
    device.online = false;
    device.last_offline_at = Some(now);
    DEVICES.update(call.host, &doc.id, &device, Some(doc.version))?;
    let log = DeviceLog {
        sn: device.sn.clone(),
        kind: logs::LOGOUT.into(),
        ip: call.host.client_address(),
        firmware_version: device.firmware_version,
        software_version: device.software_version,
        result: logs::SUCCESS.into(),
        cause: cause.clone(),
        ..DeviceLog::default()
    };
    logs::write(call, log)?;
    crate::presence::announce(call.host, std::slice::from_ref(&device.sn), false, &cause)?;
    Ok(json!({ "code": 200 }))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LogUpload {
    pub file_name: String,
    /// The log file in base64; at most 4 MiB.
    pub content: String,
    /// The app and phone the log came through, if any.
    pub app: AppContext,
}

/// A log file from the device, kept under `logs/<sn>/` and listed in the device's logs.
pub fn upload_log(call: &mut Call<'_>) -> PluginResult<Value> {
    use base64::Engine as _;
    let doc = calling_device(call)?;
    let upload: LogUpload = call.body()?;
    let file_name = validate::required("fileName", &upload.file_name, SHORT_TEXT)?;
    if !file_name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)) {
        return Err(PluginError::format_values("fileName", "A-Z a-z 0-9 . _ -"));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(upload.content.as_bytes())
        .map_err(|_| PluginError::format_values("content", "base64"))?;
    if bytes.is_empty() || bytes.len() > logs::MAX_LOG_FILE_BYTES {
        return Err(PluginError::invalid(
            "content",
            console_plugin_sdk::Message::Length { field: "content".into(), min: 1, max: logs::MAX_LOG_FILE_BYTES },
        ));
    }
    let sn = doc.data.sn.clone();
    let uploads = console_plugin_sdk::Query::new().eq("sn", sn.as_str()).eq("kind", logs::LOG_FILE);
    console_plugin_sdk::limits::at_most_every(call, &logs::DEVICE_LOGS, uploads, logs::UPLOAD_EVERY_SECS)?;
    logs::make_room_for_file(call, &sn)?;
    let now = call.host.now_ms();
    let object = format!("logs/{sn}/{now}-{}-{file_name}", console_plugin_sdk::random::token(6)?);
    call.host.file_put(&object, &bytes).map_err(PluginError::internal)?;
    let log = DeviceLog {
        sn: doc.data.sn.clone(),
        kind: logs::LOG_FILE.into(),
        ip: call.host.client_address(),
        app: upload.app.checked()?,
        firmware_version: doc.data.firmware_version.clone(),
        software_version: doc.data.software_version.clone(),
        result: logs::SUCCESS.into(),
        log_file: Some(console_plugin_sdk::upload::StoredFile {
            file_name,
            object,
            size: bytes.len() as u64,
            sha256: hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes)),
            md5: String::new(),
        }),
        ..DeviceLog::default()
    };
    logs::write(call, log)?;
    heard(call, doc)?;
    Ok(json!({ "code": 200 }))
}

pub fn post_station_record(call: &mut Call<'_>) -> PluginResult<Value> {
    let device = calling_device(call)?;
    let product = model::product(call, &device.data.product_id)?;
    let expires_at = expiry(call.host.now_ms(), product.cleaning_expiry_days);
    let answer = crate::stations::keep(call, &device.data, expires_at)?;
    heard(call, device)?;
    Ok(answer)
}

pub fn post_cleaning_record(call: &mut Call<'_>) -> PluginResult<Value> {
    let device = calling_device(call)?;
    let product = model::product(call, &device.data.product_id)?;
    let expires_at = expiry(call.host.now_ms(), product.cleaning_expiry_days);
    let (sn, product_id) = (device.data.sn.clone(), device.data.product_id.clone());
    let answer = crate::cleaning::keep(call, &sn, &product_id, expires_at)?;
    heard(call, device)?;
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_activation_signs_its_sn_and_a_recent_time() {
        let now = 1_800_000_000_000;
        assert!(signed_time_fresh(&format!("activate:RV-1:{now}"), "RV-1", now));
        assert!(signed_time_fresh(&format!("activate:RV-1:{}", now - SIGNED_TIME_WINDOW_MS), "RV-1", now));
        assert!(
            !signed_time_fresh(&format!("activate:RV-1:{}", now - SIGNED_TIME_WINDOW_MS - 1), "RV-1", now),
            "replayed later"
        );
        assert!(!signed_time_fresh(&format!("activate:RV-2:{now}"), "RV-1", now), "another SN's");
        assert!(!signed_time_fresh(&format!("activate:RV-10:{now}"), "RV-1", now), "a longer SN's");
        assert!(!signed_time_fresh("activate:RV-1:soon", "RV-1", now));
    }
}
