//! Device keys, issued by the platform for one enterprise (or the platform itself, tenant 0)
//! and one plugin. The key is shown once, when issued; only its hash is kept.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::api::{ApiError, ApiJson, ApiResult, ApiRouter, Caller, Envelope, Perm, RouteSpec, done};
use crate::auth::session;
use crate::db::device_keys::{DeviceKey, names_a_device};

/// The rule of a key's name: those of single devices' keys are the host's.
const NOT_A_DEVICE_NAME: &str = "a name not beginning with sn:";
use crate::i18n::Msg;
use crate::validate;

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            axum::http::Method::POST,
            "/plugin-admin/device-keys/list",
            Perm::Action("plugin:device-key"),
            "Device keys of a plugin for an enterprise",
        )
        .body::<KeyScope>()
        .data_list::<DeviceKey>(),
        list,
    )
    .route(
        RouteSpec::write("/plugin-admin/device-keys/add", Perm::Action("plugin:device-key"), "Issue a device key")
            .body::<NewKey>()
            .data::<IssuedKey>(),
        add,
    )
    .route(
        RouteSpec::read(
            axum::http::Method::GET,
            "/plugin-admin/device-endpoints",
            Perm::SignedIn,
            "Where devices reach this console: its address and its MQTT ports, for the pages that say how a device connects",
        )
        .data::<DeviceEndpoints>(),
        endpoints,
    )
    .route(
        RouteSpec::write("/plugin-admin/device-keys/delete", Perm::Action("plugin:device-key"), "Revoke a device key")
            .body::<RevokeKey>(),
        delete,
    )
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct KeyScope {
    plugin_id: String,
    /// The enterprise whose devices use the key; 0 for the platform's own.
    tenant_id: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NewKey {
    plugin_id: String,
    tenant_id: i64,
    name: String,
    /// Binds the key to one device: only it then gets what is meant for that SN alone.
    sn: String,
    /// Every request with the key must be signed (the README's "Signed requests").
    require_signature: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct RevokeKey {
    tenant_id: i64,
    id: i64,
    /// The key's name, typed again.
    confirm_name: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct IssuedKey {
    id: i64,
    /// Shown this once.
    key: String,
}

/// Where devices reach the console. Absent parts are the page's to fill from its own address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceEndpoints {
    /// The console's public address (`CONSOLE_PUBLIC_URL`), if the operator set one.
    public_url: Option<String>,
    /// Where devices reach MQTT, if the operator set it (`CONSOLE_DEVICE_MQTT_URL`).
    mqtt_url: Option<String>,
    /// The embedded gateway's MQTT port, on the console's host name.
    mqtt_port: Option<u16>,
    /// The embedded gateway's MQTT-over-TLS port.
    mqtts_port: Option<u16>,
}

/// The port of an embedded listener's setting (`127.0.0.1:1883`); none when it is off or took
/// whatever port was free.
fn listener_port(app: &AppState, listen: &str) -> Option<u16> {
    if app.config.mqtt != crate::config::MqttMode::Embedded {
        return None;
    }
    listen.trim().parse::<std::net::SocketAddr>().ok().map(|addr| addr.port()).filter(|port| *port != 0)
}

async fn endpoints(State(app): State<AppState>) -> ApiResult<Envelope<DeviceEndpoints>> {
    Ok(Envelope(DeviceEndpoints {
        public_url: app.config.public_url.clone(),
        mqtt_url: app.config.device_mqtt_url.clone(),
        mqtt_port: listener_port(&app, &app.config.mqtt_listen),
        mqtts_port: listener_port(&app, &app.config.mqtts_listen),
    }))
}

async fn check_scope(app: &AppState, plugin_id: &str, tenant_id: i64) -> Result<(), ApiError> {
    if app.plugins.get(plugin_id).is_none() {
        return Err(ApiError::invalid("pluginId", Msg::NotFound));
    }
    if tenant_id != 0 && !app.db.tenant_exists(tenant_id).await? {
        return Err(ApiError::invalid("tenantId", Msg::NotFound));
    }
    Ok(())
}

async fn list(State(app): State<AppState>, ApiJson(req): ApiJson<KeyScope>) -> ApiResult<Envelope<Vec<DeviceKey>>> {
    check_scope(&app, &req.plugin_id, req.tenant_id).await?;
    Ok(Envelope(app.db.device_keys(req.tenant_id, &req.plugin_id).await?))
}

async fn add(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<NewKey>,
) -> ApiResult<Envelope<IssuedKey>> {
    check_scope(&app, &req.plugin_id, req.tenant_id).await?;
    let name = validate::required("name", &req.name, 64)?;
    if names_a_device(&name) {
        return Err(ApiError::invalid("name", Msg::Format { field: "name".into(), expected: NOT_A_DEVICE_NAME }));
    }
    let sn = if req.sn.trim().is_empty() { None } else { Some(validate::code("sn", &req.sn, 64)?) };
    let fresh = session::new_device_key();
    let new =
        fresh.row((req.tenant_id, &req.plugin_id), &name, caller.account_id, sn.as_deref(), req.require_signature);
    let id = app.db.insert_device_key(new).await?.ok_or(ApiError::invalid("name", Msg::DeviceKeyNameTaken))?;
    Ok(Envelope(IssuedKey { id, key: fresh.key }))
}

async fn delete(State(app): State<AppState>, ApiJson(req): ApiJson<RevokeKey>) -> ApiResult<Envelope<()>> {
    let key = app.db.device_key(req.tenant_id, req.id).await?.ok_or(ApiError::NotFound)?;
    validate::confirm_name(&key.name, &req.confirm_name)?;
    app.db.delete_device_key(req.tenant_id, key.id).await?;
    Ok(done())
}
