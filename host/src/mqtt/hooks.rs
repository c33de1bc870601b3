//! The external broker asks the console to sign devices in (`CONSOLE_MQTT=external`,
//! `docs/mqtt.md`): EMQX 5's HTTP authentication calls `POST /api/mqtt/authenticate` at each
//! CONNECT with `{clientid, username, password}` and the bearer `CONSOLE_MQTT_HOOK_TOKEN`. The
//! answer is EMQX's own: `{"result": "allow", "is_superuser": false, "acl": [...]}` with the
//! device's own topics as its only rights (set `authorization.no_match = deny` and
//! `deny_action = disconnect`), or `{"result": "deny"}`. The sign-in is the embedded gateway's:
//! the SN's signature over `clientId + sn + productKey + timestamp`, once, within 5 minutes.
//!
//! Where the broker asks for each publish and subscribe instead (EMQX 5's HTTP authorisation,
//! `POST /api/mqtt/authorize` with `{username, topic, action}`), the answer is the gateway's
//! rule: a device publishes its own uplinks and subscribes its own topics, nothing else.

use std::net::SocketAddr;

use axum::extract::State;
use axum::http::{HeaderMap, Method};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::gateway;
use super::packets::Hello;
use super::topics::{self, Device};
use crate::AppState;
use crate::api::{Answer, ApiError, ApiJson, ApiResult, ApiRouter, Perm, RouteSpec};

pub fn routes(api: ApiRouter) -> ApiRouter {
    api.route(
        RouteSpec::read(
            Method::POST,
            "/mqtt/authenticate",
            Perm::Public,
            "The external broker's HTTP authentication of a device's CONNECT (EMQX 5), with the bearer CONSOLE_MQTT_HOOK_TOKEN",
        )
        .body::<BrokerConnect>()
        .answers(Answer::Document),
        authenticate,
    )
    .route(
        RouteSpec::read(
            Method::POST,
            "/mqtt/authorize",
            Perm::Public,
            "The external broker's HTTP authorisation of a device's publish or subscribe (EMQX 5), with the bearer CONSOLE_MQTT_HOOK_TOKEN",
        )
        .body::<BrokerAccess>()
        .answers(Answer::Document),
        authorize,
    )
}

/// What EMQX's authorisation sends (its `body` set to these placeholders).
#[derive(Debug, Deserialize, ToSchema)]
pub struct BrokerAccess {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub topic: String,
    /// `publish` or `subscribe`.
    #[serde(default)]
    pub action: String,
}

/// Whether the broker presented the hook's bearer; `Err` answers as the route must.
fn broker_presented(app: &AppState, headers: &HeaderMap) -> ApiResult<()> {
    let Some(expected) = app.config.mqtt_hook_token.as_deref().filter(|t| !t.is_empty()) else {
        return Err(ApiError::NotFound);
    };
    let offered = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    // Compared as hashes: equal length, and no early exit that times the prefix.
    if crate::auth::session::token_hash(offered) != crate::auth::session::token_hash(expected) {
        return Err(ApiError::NotSignedIn);
    }
    Ok(())
}

async fn authorize(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiJson(asked): ApiJson<BrokerAccess>,
) -> ApiResult<Response> {
    broker_presented(&app, &headers)?;
    let allowed = asked.username.split_once('&').is_some_and(|(sn, product_key)| {
        let device = Device { product_key, sn };
        match asked.action.as_str() {
            "publish" => topics::uplink(&asked.topic, device).is_ok(),
            "subscribe" => topics::may_subscribe(&asked.topic, device).is_ok(),
            _ => false,
        }
    });
    Ok(axum::Json(json!({ "result": if allowed { "allow" } else { "deny" } })).into_response())
}

/// What EMQX sends (its `body` set to these three placeholders).
#[derive(Debug, Deserialize, ToSchema)]
pub struct BrokerConnect {
    #[serde(default)]
    pub clientid: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    #[schema(write_only)]
    pub password: String,
}

async fn authenticate(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiJson(asked): ApiJson<BrokerConnect>,
) -> ApiResult<Response> {
    broker_presented(&app, &headers)?;
    let connect =
        Hello { client_id: asked.clientid, login: Some((asked.username, asked.password)), ..Hello::default() };
    // The device's address is the broker's to know; the device log shows none.
    let broker = SocketAddr::from(([0, 0, 0, 0], 0));
    let answer = match gateway::sign_in(&app, &connect, broker).await {
        Ok(device) => json!({ "result": "allow", "is_superuser": false, "acl": rights(device.device()) }),
        Err(_) => json!({ "result": "deny" }),
    };
    Ok(axum::Json(answer).into_response())
}

/// The device's rights at the broker: its own topics, nothing else.
fn rights(device: Device<'_>) -> Vec<Value> {
    let ota = |kind: &str| format!("/ota/device/{kind}/{}/{}", device.product_key, device.sn);
    let allow = |action: &str, topic: String| json!({ "permission": "allow", "action": action, "topic": topic });
    vec![
        allow("all", format!("/sys/{}/{}/#", device.product_key, device.sn)),
        allow("subscribe", topics::upgrade_topic(device)),
        allow("publish", ota("inform")),
        allow("publish", ota("progress")),
        allow("subscribe", topics::reply_topic(&ota("inform"))),
        allow("subscribe", topics::reply_topic(&ota("progress"))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_gets_the_rights_to_its_own_topics_only() {
        let device = Device { product_key: "pk1", sn: "SN001" };
        let rights = rights(device);
        let topics: Vec<&str> = rights.iter().filter_map(|r| r["topic"].as_str()).collect();
        assert!(topics.iter().all(|t| t.contains("/pk1/SN001")), "{topics:?}");
        for topic in topics {
            let own = topics::may_subscribe(topic, device).is_ok() || topics::uplink(topic, device).is_ok();
            assert!(own, "{topic} is one the gateway itself allows the device");
        }
    }
}
