//! The embedded MQTT gateway: MQTT 3.1.1 and 5 (`packets`) over TCP on `CONSOLE_MQTT_LISTEN`,
//! and over TLS with client certificates on `CONSOLE_MQTTS_LISTEN` (`docs/mqtt.md`).
//! A connection is one device's session. Its CONNECT is signed with the SN's key; after that
//! each publish is handed to the device plugin's device route its topic names, as a call of that
//! device, and the answer goes back on the reply topic. Commands go down when the plugin wakes
//! the device, once it listens on its command topics (on connecting, what was kept for it while
//! it was offline). Connecting is a heartbeat; the session's end, however it ends, a logout with
//! its cause, and a broken or silent end hands the device's last will to its route.
//!
//! The OTA topics go to the plugin upgrading the device plugin's devices: the device tells its
//! version on `/ota/device/inform/...` (answered with the offer), reports on
//! `/ota/device/progress/...`, and hears offers found later on `/ota/device/upgrade/...`.
//!
//! Over TLS (`tls`), the client certificate signs the device in instead of the password.
//!
//! An MQTT 5 device is told why the gateway closes its session (a DISCONNECT with the reason),
//! gets its request's correlation data back on the answer, and may ask for its will on goodbye.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_util::codec::Framed;
use tokio_util::sync::CancellationToken;

use super::holdings::Hold;
use super::limits::{self, Allowance};
use super::packets::{Closing, Codec, Hello, Inbound, Message, Outbound, QoS, Refusal, Unreadable, Will};
use super::presence::{HEARTBEAT, Presence};
use super::tls::{CertifiedDevice, Tls};
use super::topics::{self, Device, Service, Uplink};
use crate::AppState;
use crate::auth::throttle::Keys;
use crate::db::device_keys::DeviceKey;
use crate::i18n::{Lang, Msg};
use crate::plugins::bindings::console::plugin::types;
use crate::plugins::ingest::Sender;
use crate::plugins::manifest::RouteCaller;
use crate::plugins::registry::LoadedPlugin;
use crate::plugins::runtime::{CallContext, EventBudget, Invocation, Returned};
use crate::plugins::wakes::RECHECK;

/// The host route of the plugin that signs devices in.
const AUTHENTICATE: &str = "/internal/mqtt/authenticate";
/// A connection that has not sent its CONNECT by then is closed.
const CONNECT_WITHIN: Duration = Duration::from_secs(5);
/// A connection that has sent nothing by then (not a byte of its TLS handshake or CONNECT) is
/// closed: a stranger's idle socket holds its place for no longer.
const FIRST_BYTE_WITHIN: Duration = Duration::from_secs(2);
/// Sessions one process holds at once; past this a connection is closed at once.
pub const MAX_SESSIONS: usize = 100_000;
/// Connections not signed in yet on one listener, at once: a fleet reconnecting after an outage
/// signs in by the thousand; one address holds at most [`limits::CONNECTING_PER_ADDRESS`].
const MAX_CONNECTING: usize = 4096;
/// The largest packet read or written once signed in: a payload and its topic.
const MAX_PACKET: usize = limits::MAX_PAYLOAD + 1024;
/// What a session's read and write buffers hold to start with.
const SESSION_BUFFER: usize = 1024;
/// The largest CONNECT: nobody reserves a payload's memory before signing in.
const MAX_CONNECT: usize = 2048;
/// User names, client ids and passwords longer than this are refused.
const MAX_NAME: usize = 256;
/// How long one packet may take to be written: a device that stops reading is gone.
const SEND_WAIT: Duration = Duration::from_secs(10);
/// How long a session that took a device's place waits for the one before to give back the
/// commands it never had acknowledged, so that they go down again before newer ones.
const HANDOVER_WAIT: Duration = Duration::from_secs(5);
/// Filters one SUBSCRIBE may name: a device has a handful of topics.
const MAX_FILTERS: usize = 8;
/// MQTT carries no language: refusals go to devices in English, as their logs read.
const DEVICE_LANG: Lang = Lang::En;

/// A device's connection: TCP, or TLS over it.
pub trait Wire: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Wire for T {}

type Io<S> = Framed<S, Codec>;

/// Starts the gateway on the configured addresses (MQTT, and MQTT over TLS with client
/// certificates), each unless it is `off`. An address that cannot be bound leaves the host
/// serving HTTP, with a warning (a second console on one machine).
pub async fn spawn(app: AppState) {
    // With an external broker, devices connect there (`external`).
    if app.config.mqtt == crate::config::MqttMode::External {
        return;
    }
    super::holdings::spawn(app.clone()).await;
    let gateway = Arc::new(Gateway {
        live: Default::default(),
        generation: Default::default(),
        strangers: Default::default(),
        sessions: Arc::new(Semaphore::new(MAX_SESSIONS)),
        reconnects: Default::default(),
        presence: Arc::new(Presence::new(Duration::from_secs(app.config.mqtt_heartbeat_secs))),
    });
    tokio::spawn(super::presence::keep(app.clone(), gateway.presence.clone()));
    if let Some(listener) = bind(&app.config.mqtt_listen, "CONSOLE_MQTT_LISTEN").await {
        tokio::spawn(serve(app.clone(), gateway.clone(), listener, None));
    }
    if let Some(listener) = bind(&app.config.mqtts_listen, "CONSOLE_MQTTS_LISTEN").await {
        match Tls::load(&app) {
            Ok(tls) => {
                let tls = Arc::new(tls);
                tokio::spawn(tls.clone().keep_current(app.clone()));
                tokio::spawn(serve(app, gateway, listener, Some(tls)));
            }
            Err(err) => tracing::warn!(%err, "MQTT over TLS not started"),
        }
    }
}

async fn bind(listen: &str, setting: &str) -> Option<TcpListener> {
    let listen = listen.trim();
    if listen.eq_ignore_ascii_case("off") {
        return None;
    }
    let addr: SocketAddr = match listen.parse() {
        Ok(addr) => addr,
        Err(err) => {
            tracing::warn!(%listen, %err, setting, "not an address: this MQTT listener is not started");
            return None;
        }
    };
    match TcpListener::bind(addr).await {
        Ok(listener) => {
            tracing::info!(%addr, setting, "MQTT gateway listening");
            Some(listener)
        }
        Err(err) => {
            tracing::warn!(%addr, %err, setting, "MQTT gateway not started");
            None
        }
    }
}

/// Accepts devices on `listener` (over TLS when `tls` is given) for as long as the process runs.
async fn serve(app: AppState, gateway: Arc<Gateway>, listener: TcpListener, tls: Option<Arc<Tls>>) {
    // Each listener has its own places for connections still signing in.
    let connecting = Arc::new(Semaphore::new(MAX_CONNECTING));
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            // Stopping: no new sessions (the listener closes as it is dropped).
            () = app.lifecycle.stopping.cancelled() => return,
        };
        match accepted {
            Ok((stream, peer)) => {
                let Ok(permit) = gateway.sessions.clone().try_acquire_owned() else { continue };
                let _ = stream.set_nodelay(true);
                let sessions = app.lifecycle.sessions.clone();
                let (app, gateway, tls, connecting) = (app.clone(), gateway.clone(), tls.clone(), connecting.clone());
                sessions.spawn(async move {
                    session(app, &gateway, (stream, peer), tls, connecting).await;
                    drop(permit);
                });
            }
            Err(err) => {
                tracing::warn!(%err, "MQTT accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// A device signed in: its key (enterprise, SN), the plugin its routes are, its topics' names.
pub(super) struct SignedIn {
    pub(super) key: DeviceKey,
    pub(super) plugin: Arc<LoadedPlugin>,
    pub(super) product_key: String,
    pub(super) sn: String,
    pub(super) peer: SocketAddr,
    /// Its last will, on one of its own uplink topics: handed to that topic's route when the
    /// session breaks or falls silent (MQTT 3.1.1 §3.1.2.5), not after a DISCONNECT unless an
    /// MQTT 5 device asks for it there.
    pub(super) will: Option<Will>,
    /// The client certificate it signed in with over TLS: (enterprise, serial), checked again
    /// with its key.
    pub(super) certificate: Option<(i64, String)>,
}

impl SignedIn {
    pub(super) fn device(&self) -> Device<'_> {
        Device { product_key: &self.product_key, sn: &self.sn }
    }

    fn context(&self) -> CallContext {
        device_context(self.key.tenant_id, &self.sn, self.peer.ip().to_string())
    }

    /// Calls one of the device's routes as the device: (status, body) as the plugin answered.
    pub(super) async fn call(&self, app: &AppState, method: &str, path: &str, body: &str) -> (u16, String) {
        call(app, &self.plugin, self.context(), method, path, body).await
    }

    /// POSTs to one of the device's routes as the device ([`post_as`]).
    pub(super) async fn post(&self, app: &AppState, path: &str, body: &str) -> (u16, String) {
        post_as(app, &self.plugin, self.key.tenant_id, &self.sn, self.peer.ip().to_string(), path, body).await
    }
}

/// POSTs to one of `plugin`'s device routes as the device `sn` of `tenant`: in a batch when the
/// plugin takes that route's calls in batches (`plugins::ingest`), waiting for room in the queue
/// (the session reads nothing more meanwhile), then for the verdict, given after the batch
/// committed.
pub(super) async fn post_as(
    app: &AppState,
    plugin: &Arc<LoadedPlugin>,
    tenant: i64,
    sn: &str,
    client_address: String,
    path: &str,
    body: &str,
) -> (u16, String) {
    let Some(batch) = plugin.route(RouteCaller::Device, "POST", path).and_then(|r| r.batch.clone()) else {
        return call(app, plugin, device_context(tenant, sn, client_address), "POST", path, body).await;
    };
    let sent = serde_json::from_str(body).unwrap_or(Value::Null);
    let sender = Sender { tenant, sn: sn.to_string(), lang: DEVICE_LANG.code().to_string() };
    match Box::pin(app.ingest.send(plugin.clone(), batch, sender, path.to_string(), (sent, body.len()))).await {
        Ok((status, answered)) => (status, answered.to_string()),
        Err(_) => (503, json!({ "msg": Msg::Busy.render(DEVICE_LANG) }).to_string()),
    }
}

/// A call as the device `sn` of `tenant`, by its own key.
pub(super) fn device_context(tenant_id: i64, sn: &str, client_address: String) -> CallContext {
    CallContext {
        tenant_id,
        user_id: 0,
        platform_user: false,
        user_name: format!("device-sn:{sn}"),
        lang: DEVICE_LANG.code().to_string(),
        actions: Vec::new(),
        request_id: crate::auth::session::new_token()[..16].to_string(),
        cascade: EventBudget::new(),
        decision: None,
        client_address,
        sealed: Default::default(),
        user_actions: None,
    }
}

/// A device as its sessions are keyed: enterprise, plugin, SN.
pub(super) type DeviceId = (i64, String, String);

/// What the process's sessions share: the one live session of each device (MQTT 3.1.1
/// §3.1.4: a new CONNECT of the same client ends the old session), and the connections still
/// signing in.
struct Gateway {
    live: std::sync::Mutex<std::collections::HashMap<DeviceId, Place>>,
    generation: std::sync::atomic::AtomicU64,
    /// Connections not signed in yet, per address, on both listeners.
    strangers: Arc<limits::Strangers>,
    /// Sessions of both listeners at once.
    sessions: Arc<Semaphore>,
    /// Recent sign-ins of each client certificate.
    reconnects: limits::Reconnects,
    /// The devices of the sessions standing here, beaten by one keeper.
    presence: Arc<Presence>,
}

/// A session's hold on its device: which session, how it is told to end, when it has given
/// its device back (ended, its unacknowledged commands pending again), and the sessions before
/// it that had not yet given it back when it took the place.
#[derive(Clone)]
struct Place {
    generation: u64,
    ended: CancellationToken,
    given_back: CancellationToken,
    waits_on: Vec<CancellationToken>,
}

impl Gateway {
    /// Takes the device's place: the session there before is told to end. The new place waits
    /// on that session, and on those it was itself still waiting on (one superseded while it
    /// waited leaves at once: what it waited on is the newer session's to wait on).
    fn take_over(&self, device: &DeviceId) -> Place {
        let generation = self.generation.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        let mut waits_on = Vec::new();
        if let Some(before) = live.get(device) {
            before.ended.cancel();
            waits_on.extend(before.waits_on.iter().chain([&before.given_back]).filter(|t| !t.is_cancelled()).cloned());
        }
        let mine =
            Place { generation, ended: CancellationToken::new(), given_back: CancellationToken::new(), waits_on };
        live.insert(device.clone(), mine.clone());
        mine
    }

    /// Whether a session holds the device's place now.
    fn holds(&self, device: &DeviceId) -> bool {
        self.live.lock().unwrap_or_else(|e| e.into_inner()).contains_key(device)
    }

    /// Leaves the device's place; whether it was still this session's (so its end is the
    /// device's end, not a newer session's).
    fn leave(&self, device: &DeviceId, generation: u64) -> bool {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        if live.get(device).is_some_and(|held| held.generation == generation) {
            live.remove(device);
            return true;
        }
        false
    }
}

/// Why a session cannot go on: the connection is gone, or the device broke a rule (it is told
/// which, in MQTT 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    Gone,
    Broke(Closing),
}

/// Writes one packet, within [`SEND_WAIT`].
async fn send<S: Wire>(io: &mut Io<S>, packet: Outbound) -> Result<(), Fault> {
    match tokio::time::timeout(SEND_WAIT, io.send(packet)).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(Fault::Gone),
    }
}

/// Tells an MQTT 5 device why its session ends (nothing in MQTT 3.1.1), briefly: it may be
/// gone already.
async fn close<S: Wire>(io: &mut Io<S>, closing: Closing) {
    let _ = tokio::time::timeout(Duration::from_secs(1), io.send(Outbound::Disconnect(closing))).await;
}

pub(super) async fn call(
    app: &AppState,
    plugin: &Arc<LoadedPlugin>,
    context: CallContext,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let query = query.split('&').filter_map(|pair| pair.split_once('=')).map(|(k, v)| (k.into(), v.into())).collect();
    let request = types::Request {
        method: method.into(),
        path: path.into(),
        query,
        body: if body.trim().is_empty() { "null".into() } else { body.into() },
        context: context.to_wit(),
    };
    match Box::pin(app.plugins.call(plugin.clone(), context, Invocation::Handle(request), 0)).await {
        Ok(finished) => match finished.returned {
            Returned::Response(answer) => (answer.status, answer.body),
            Returned::Unit(_) => (500, json!({ "msg": "no answer" }).to_string()),
        },
        // What failed inside is the host's log, not the device's business.
        Err(failure) => {
            tracing::warn!(?failure, path, "an MQTT device's call failed");
            (500, json!({ "msg": Msg::PluginFailed.render(DEVICE_LANG) }).to_string())
        }
    }
}

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// DISCONNECT: the device said goodbye (in MQTT 5 it may ask for its will all the same).
    Goodbye { will: bool },
    /// Silent past one and a half keep-alives.
    Silent,
    /// The connection broke, or the device broke the rules (its will applies).
    Broken,
    /// Its key no longer speaks for it, or its plugin is off for the enterprise.
    Refused,
    /// A newer session of the same device took over.
    TakenOver,
    /// The host is stopping: the device connects again elsewhere, and is not logged out (a
    /// rolling restart would write a logout for every device of the fleet).
    ShuttingDown,
}

impl Ended {
    /// The cause the device's logout names (the device plugin's logout causes), or `None` when
    /// the end is no logout: a newer session is the device, or the key no longer speaks for it.
    fn logout_cause(self) -> Option<&'static str> {
        match self {
            Ended::Goodbye { .. } => Some("goodbye"),
            Ended::Silent => Some("keep-alive-timeout"),
            Ended::Broken => Some("connection-lost"),
            Ended::Refused | Ended::TakenOver | Ended::ShuttingDown => None,
        }
    }

    /// Whether the device's last will applies.
    fn wills(self) -> bool {
        matches!(self, Ended::Silent | Ended::Broken | Ended::Goodbye { will: true })
    }
}

/// What a connection holds until it is signed in: a place of its listener's and one of its
/// address's.
struct SigningIn {
    _place: tokio::sync::OwnedSemaphorePermit,
    _stranger: limits::Stranger,
}

/// A connection: its TLS handshake first when it came to the TLS listener (the client
/// certificate names the device), then the session.
async fn session(
    app: AppState,
    gateway: &Gateway,
    (stream, peer): (TcpStream, SocketAddr),
    tls: Option<Arc<Tls>>,
    connecting: Arc<Semaphore>,
) {
    // A stranger holds one of the listener's places and one of its address's until signed in,
    // the handshake included, with one deadline for both; it must say something at once.
    let Ok(place) = connecting.try_acquire_owned() else { return };
    let Some(stranger) = gateway.strangers.enter(peer.ip()) else { return };
    let signing_in = SigningIn { _place: place, _stranger: stranger };
    let deadline = tokio::time::Instant::now() + CONNECT_WITHIN;
    if !matches!(tokio::time::timeout(FIRST_BYTE_WITHIN, stream.peek(&mut [0u8; 1])).await, Ok(Ok(1..))) {
        return;
    }
    let Some(tls) = tls else { return conversation(app, gateway, stream, peer, None, (signing_in, deadline)).await };
    let Ok(Some((stream, certified))) = tokio::time::timeout_at(deadline, tls.accept(stream)).await else {
        return;
    };
    conversation(app, gateway, stream, peer, Some(certified), (signing_in, deadline)).await
}

async fn conversation<S: Wire>(
    app: AppState,
    gateway: &Gateway,
    stream: S,
    peer: SocketAddr,
    certified: Option<CertifiedDevice>,
    (signing_in, deadline): (SigningIn, tokio::time::Instant),
) {
    // Small buffers to start with (a device's packets are a few hundred bytes; they grow for a
    // larger one): 8 KiB each way would be most of an idle session's memory.
    let mut io = Framed::with_capacity(stream, Codec::new(MAX_CONNECT, MAX_PACKET), SESSION_BUFFER);
    let (connect, device) = {
        let _signing_in = signing_in;
        let Ok(Some(Ok(Inbound::Connect(connect)))) = tokio::time::timeout_at(deadline, io.next()).await else {
            return;
        };
        let signed_in = match &certified {
            // A retained or QoS 2 will: refused before any other work, with the reason.
            _ if let Some(unoffered) = connect.unoffered => Err(unoffered),
            Some(certified) if !gateway.reconnects.admit((certified.tenant, &certified.serial), Instant::now()) => {
                Err(Refusal::ConnectionRateExceeded)
            }
            // Boxed, as every plugin call of a session: a future is as large as the largest
            // thing it may wait for, and an idle session should not carry that.
            Some(certified) => Box::pin(sign_in_by_certificate(&app, &connect, peer, certified)).await,
            None => Box::pin(sign_in_throttled(&app, &connect, peer)).await,
        };
        match signed_in {
            Ok(device) => (connect, device),
            Err(refusal) => {
                let _ = send(&mut io, Outbound::ConnAck(Err(refusal))).await;
                return;
            }
        }
    };
    // The largest packet either way: ours, or less if an MQTT 5 device takes less.
    let codec = io.codec_mut();
    codec.max_incoming = MAX_PACKET;
    codec.max_outgoing = connect.max_packet.map_or(MAX_PACKET, |max| MAX_PACKET.min(max as usize));
    let id = (device.key.tenant_id, device.plugin.manifest.id.clone(), device.sn.clone());
    let mine = gateway.take_over(&id);
    // However this session ends, a newer one waits no longer for it.
    let _given_back = mine.given_back.clone().drop_guard();
    // The commands the sessions before never had acknowledged go down first: each gives them
    // back as it ends, told to at once (one stuck sending to a dead connection may take longer:
    // the order is then best effort). Before the CONNACK, so the device's first packets are
    // answered as they come. A device connecting again meanwhile: this session is no more.
    let handed_over = futures_util::future::join_all(mine.waits_on.iter().map(CancellationToken::cancelled));
    tokio::select! {
        () = mine.ended.cancelled() => return,
        _ = tokio::time::timeout(HANDOVER_WAIT, handed_over) => {}
    }
    let mut hold = None;
    let ended = if send(&mut io, Outbound::ConnAck(Ok(()))).await.is_err() {
        Ended::Broken
    } else {
        hold = Hold::take(&app, id.clone(), mine.generation).await;
        device.post(&app, HEARTBEAT, "{}").await;
        let refused = gateway.presence.held(&id, mine.generation, device.key.clone());
        let mut heard = Heard::new(connect.receive_max);
        let ends = Ends { taken_over: &mine.ended, refused: &refused };
        let ended = converse(&app, &device, &mut io, &mut heard, connect.keep_alive, ends).await;
        gateway.presence.let_go(&id, mine.generation);
        give_back(&app, &device, heard).await;
        ended
    };
    tracing::debug!(sn = %device.sn, ?ended, "MQTT session ended");
    // Offline, unless a newer session is the device now or the key no longer speaks for it.
    if !gateway.leave(&id, mine.generation) {
        return;
    }
    // A session of the device on another host holds it now.
    if let Some(hold) = hold
        && !hold.let_go(&app).await
    {
        return;
    }
    let Some(cause) = ended.logout_cause() else { return };
    if let Some(will) = device.will.as_ref().filter(|_| ended.wills())
        && let Ok(kind) = topics::uplink(&will.topic, device.device())
        && still_speaks(&app, &device.key, &device.plugin).await
    {
        handed(&app, &device, &kind, &will.message).await;
    }
    device.call(&app, "POST", "/thing/logout", &json!({ "cause": cause }).to_string()).await;
    // A new session that signed in meanwhile may have said its heartbeat before this logout.
    if gateway.holds(&id) {
        device.post(&app, HEARTBEAT, "{}").await;
    }
}

/// Commands a session never had acknowledged, or never got, wait again (a newer session, or
/// the next, gets them).
async fn give_back(app: &AppState, device: &SignedIn, mut heard: Heard) {
    for given_back in heard.given_back().chunks(COMMANDS_AT_ONCE) {
        let ids: Vec<&str> = given_back.iter().map(String::as_str).collect();
        let body = json!({ "ids": ids }).to_string();
        let (status, _) = device.call(app, "POST", "/thing/commands/unacknowledged", &body).await;
        if status != 200 {
            tracing::warn!(sn = %device.sn, status, "unacknowledged commands not given back");
        }
    }
}

/// The device a CONNECT names: user name `{sn}&{productKey}`, and a last will, if any, on one
/// of its own topics (a will speaks for the device like any of its publishes).
fn named(connect: &Hello) -> Result<(&str, &str), Refusal> {
    let bad = Refusal::BadUserNamePassword;
    let (username, password) = connect.login.as_ref().ok_or(Refusal::NotAuthorized)?;
    if username.len() > MAX_NAME || connect.client_id.len() > MAX_NAME || password.len() > MAX_NAME {
        return Err(bad);
    }
    let (sn, product_key) = username.split_once('&').ok_or(bad)?;
    if let Some(will) = &connect.will
        && topics::uplink(&will.topic, Device { product_key, sn }).is_err()
    {
        return Err(Refusal::NotAuthorized);
    }
    Ok((sn, product_key))
}

/// A password sign-in, unless its address failed too often lately: each failure costs a key
/// lookup and two plugin calls, so a locked address is refused before any of them (MQTT 5:
/// connection rate exceeded). The SN is not locked: its signature cannot be guessed, and a lock
/// would let anyone who read an SN off a label keep its device out.
async fn sign_in_throttled(app: &AppState, connect: &Hello, peer: SocketAddr) -> Result<SignedIn, Refusal> {
    let keys = Keys::mqtt(&peer.ip().to_string());
    if app.throttle.check_remembered(&keys).is_err() {
        return Err(Refusal::ConnectionRateExceeded);
    }
    let signed_in = sign_in(app, connect, peer).await;
    if matches!(signed_in, Err(Refusal::BadUserNamePassword | Refusal::NotAuthorized))
        && let Err(err) = app.throttle.failed(&keys).await
        && !matches!(err, crate::api::ApiError::Locked { .. })
    {
        tracing::warn!(%err, "a failed MQTT sign-in was not counted");
    }
    signed_in
}

/// The sign-in: user name `{sn}&{productKey}`, the signing time in the client id
/// (`…|timestamp=<ms>|` or `…|securemode=3,timestamp=<ms>|`), the password the SN's signature.
pub(super) async fn sign_in(app: &AppState, connect: &Hello, peer: SocketAddr) -> Result<SignedIn, Refusal> {
    let bad = Refusal::BadUserNamePassword;
    let (sn, product_key) = named(connect)?;
    let password = connect.login.as_ref().map(|(_, password)| password.as_str()).unwrap_or_default();
    let timestamp = signing_time(&connect.client_id).ok_or(bad)?;
    // Cheap before any call: the time within the signed requests' window, a SHA-256 in hex.
    let fresh = crate::db::now_ms().abs_diff(timestamp) <= crate::api::signature::WINDOW_MS.unsigned_abs();
    if !fresh || password.len() != 64 || !password.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad);
    }
    let body = json!({ "sn": sn, "productKey": product_key, "clientId": connect.client_id, "timestamp": timestamp,
                       "signature": password });
    // A key that must sign every request has no MQTT until it comes over TLS: a sign-in on
    // plain TCP can be overheard (docs/mqtt.md). Each signature signs in once: an overheard
    // CONNECT cannot be replayed within its window.
    let usable = |key: &DeviceKey| !key.require_signature;
    let signed_in = signed_in_as(app, connect, peer, &body, usable).await?.ok_or(bad)?;
    // The signature in other letters' case verifies the same: it is spent as one.
    let spent_as = format!("mqtt:{}", password.to_ascii_lowercase());
    let first_use = app.db.remember_nonce(signed_in.key.id, &spent_as).await.unwrap_or(false);
    if first_use { Ok(signed_in) } else { Err(bad) }
}

/// The sign-in over TLS: the client certificate, verified in the handshake against its
/// enterprise's CA and CRL, names the SN; the user name names the same SN and its product.
async fn sign_in_by_certificate(
    app: &AppState,
    connect: &Hello,
    peer: SocketAddr,
    certified: &CertifiedDevice,
) -> Result<SignedIn, Refusal> {
    let (sn, product_key) = named(connect)?;
    if sn != certified.sn {
        return Err(Refusal::NotAuthorized);
    }
    // Issued through the platform for this SN and still in force (the CRL says the same, and
    // rustls checked it; this also holds for a certificate revoked a moment ago).
    let in_force = app.db.mqtt_certificate_in_force(certified.tenant, &certified.serial, sn).await;
    if !in_force.map_err(|_| Refusal::ServiceUnavailable)? {
        return Err(Refusal::NotAuthorized);
    }
    let body = json!({ "sn": sn, "productKey": product_key, "certificate": true });
    let of_the_enterprise = |key: &DeviceKey| key.tenant_id == certified.tenant;
    let signed_in = signed_in_as(app, connect, peer, &body, of_the_enterprise).await?;
    let signed_in = signed_in.ok_or(Refusal::NotAuthorized)?;
    Ok(SignedIn { certificate: Some((certified.tenant, certified.serial.clone())), ..signed_in })
}

/// The plugin that signs devices in (the device plugin): the one with the host route
/// [`AUTHENTICATE`].
pub(super) fn signing_plugin(app: &AppState) -> Option<Arc<LoadedPlugin>> {
    app.plugins.all().into_iter().find(|p| p.route(RouteCaller::Host, "POST", AUTHENTICATE).is_some())
}

/// The device's session, if one of its keys that `usable` allows still speaks for it and the
/// plugin that signs devices in accepts `body` for it.
async fn signed_in_as(
    app: &AppState,
    connect: &Hello,
    peer: SocketAddr,
    body: &Value,
    usable: impl Fn(&DeviceKey) -> bool,
) -> Result<Option<SignedIn>, Refusal> {
    let (sn, product_key) = named(connect)?;
    let found = authenticated(app, (product_key, sn), peer, body, usable).await;
    let signed_in = found.map_err(|()| Refusal::ServiceUnavailable)?;
    Ok(signed_in.map(|device| SignedIn { will: connect.will.clone(), ..device }))
}

/// The device `(product key, SN)` as one of its keys that `usable` allows, if it still speaks
/// for it and the plugin that signs devices in accepts `body` for it; `Err` when the platform
/// cannot tell now.
pub(super) async fn authenticated(
    app: &AppState,
    (product_key, sn): (&str, &str),
    peer: SocketAddr,
    body: &Value,
    usable: impl Fn(&DeviceKey) -> bool,
) -> Result<Option<SignedIn>, ()> {
    let plugin = signing_plugin(app).ok_or(())?;
    let keys = app.db.device_keys_of_sn(&plugin.manifest.id, sn).await.map_err(drop)?;
    let body = body.to_string();
    for key in keys {
        if !usable(&key) || !still_speaks(app, &key, &plugin).await {
            continue;
        }
        let signed_in = SignedIn {
            key,
            plugin: plugin.clone(),
            product_key: product_key.into(),
            sn: sn.into(),
            peer,
            will: None,
            certificate: None,
        };
        let mut context = signed_in.context();
        context.user_name = "mqtt".into();
        let (status, answer) = call(app, &plugin, context, "POST", AUTHENTICATE, &body).await;
        let answer: Value = serde_json::from_str(&answer).unwrap_or(Value::Null);
        if status == 200 && answer["valid"] == true {
            // Asked without a product key (a wake names only the SN), the plugin names it.
            let product_key = answer["productKey"].as_str().filter(|_| product_key.is_empty()).unwrap_or(product_key);
            return Ok(Some(SignedIn { product_key: product_key.into(), ..signed_in }));
        }
    }
    Ok(None)
}

/// Whether the session's key still speaks for its device and its certificate, if it signed in
/// with one, is still in force.
async fn session_stands(app: &AppState, device: &SignedIn) -> bool {
    let certificate_in_force = match &device.certificate {
        Some((tenant, serial)) => app.db.mqtt_certificate_in_force(*tenant, serial, &device.sn).await.unwrap_or(false),
        None => true,
    };
    certificate_in_force && still_speaks(app, &device.key, &device.plugin).await
}

/// Whether the key still speaks for its device (not revoked or replaced, its enterprise on)
/// and the plugin is on for the enterprise: what the HTTP path checks on every request.
pub(super) async fn still_speaks(app: &AppState, key: &DeviceKey, plugin: &LoadedPlugin) -> bool {
    app.db.device_key_valid(key).await.unwrap_or(false)
        && app.plugins.enabled_for(key.tenant_id).await.is_ok_and(|on| on.contains(&plugin.manifest.id))
}

/// The signing time a client id carries between `|`s, as Alink writes it.
fn signing_time(client_id: &str) -> Option<i64> {
    let params = client_id.split('|').nth(1)?;
    params.split(',').find_map(|p| p.trim().strip_prefix("timestamp=")).and_then(|t| t.parse().ok())
}

/// What a session keeps between packets: what the device listens to, what it told of itself,
/// the downlinks it has not acknowledged or not got yet, and the next packet id of its downlinks.
#[derive(Default)]
struct Heard {
    /// The filters it holds, each with the QoS granted.
    filters: Vec<(String, QoS)>,
    /// They cover its command topics: commands go down (before, one would be lost).
    commands: bool,
    /// They cover its upgrade topic: offers found by the periodic check go down.
    upgrades: bool,
    /// What it last told of its version on the inform topic: the upgrade check's body.
    version: Option<String>,
    /// The upgrade execution last offered to it: not offered twice.
    offered: Option<String>,
    /// Commands published at QoS 1 and not acknowledged yet: (packet id, command id). Given
    /// back to the plugin when the session ends, so they go down again on the next one.
    /// An upgrade offer at QoS 1 takes a place too, with no command.
    unacknowledged: Vec<(u16, Option<String>)>,
    /// How many may be unacknowledged at once: the device's Receive Maximum (MQTT 5
    /// §3.3.4), at most [`MAX_UNACKNOWLEDGED`].
    receive_max: usize,
    /// Commands may be left in the plugin for want of room: fetched on the next PUBACK.
    more_waiting: bool,
    next_id: u16,
}

/// Commands a session holds unacknowledged at most (a device that says nothing, MQTT 3.1.1):
/// past this, the next waits in the plugin for a PUBACK.
const MAX_UNACKNOWLEDGED: usize = 64;
/// Commands the device plugin hands out, and takes back, in one call.
const COMMANDS_AT_ONCE: usize = 20;

impl Heard {
    fn new(receive_max: Option<u16>) -> Self {
        let receive_max = receive_max.map_or(MAX_UNACKNOWLEDGED, |max| usize::from(max.max(1)).min(MAX_UNACKNOWLEDGED));
        Heard { receive_max, ..Heard::default() }
    }

    /// What it hears with the filters it holds now.
    fn listening(&mut self, device: Device<'_>) {
        let filters: Vec<String> = self.filters.iter().map(|(filter, _)| filter.clone()).collect();
        self.commands = topics::hears_commands(&filters, device);
        self.upgrades = filters.iter().any(|f| topics::hears_upgrades(f, device));
    }

    /// The QoS a message on `topic` goes down with: the highest its matching filters were
    /// granted (MQTT 3.1.1 §3.8.4), so a device that asked for QoS 0 owes no acknowledgement.
    fn qos_for(&self, topic: &str) -> QoS {
        let at_least_once =
            self.filters.iter().any(|(filter, qos)| *qos == QoS::AtLeastOnce && topics::matches(filter, topic));
        if at_least_once { QoS::AtLeastOnce } else { QoS::AtMostOnce }
    }

    /// A downlink on `topic` with its QoS and packet id.
    fn downlink(&mut self, topic: String, payload: String) -> Message {
        let mut message = Message::new(topic, QoS::AtMostOnce, payload);
        message.qos = self.qos_for(&message.topic);
        if message.qos == QoS::AtLeastOnce {
            // Never the id of a message still unacknowledged (MQTT 5 §2.2.1), after a wrap too.
            loop {
                self.next_id = self.next_id.wrapping_add(1).max(1);
                if !self.unacknowledged.iter().any(|(pkid, _)| *pkid == self.next_id) {
                    break;
                }
            }
            message.pkid = self.next_id;
        }
        message
    }

    /// How many more QoS 1 messages may go down unacknowledged.
    fn room(&self) -> usize {
        self.receive_max.saturating_sub(self.unacknowledged.len())
    }

    /// The commands the session ends with sent and not acknowledged.
    fn given_back(&mut self) -> Vec<String> {
        self.unacknowledged.drain(..).filter_map(|(_, command)| command).collect()
    }
}

/// What ends a session from outside: a newer session of its device, and its key's check
/// (`presence`: revoked or replaced, its enterprise disabled, its plugin turned off).
struct Ends<'a> {
    taken_over: &'a CancellationToken,
    refused: &'a CancellationToken,
}

/// The session after CONNACK: the device's packets, the plugin's wakes, and its silence.
async fn converse<S: Wire>(
    app: &AppState,
    device: &SignedIn,
    io: &mut Io<S>,
    heard: &mut Heard,
    keep_alive: u16,
    Ends { taken_over, refused }: Ends<'_>,
) -> Ended {
    let silent_limit = limits::silent_limit(keep_alive);
    let mut deadline = tokio::time::Instant::now() + silent_limit;
    let mut allowance = Allowance::new(Instant::now());
    // The session is the device's presence while it stands: its beats are the keeper's
    // (`presence`), not a timer here.
    let waits_for = (device.key.tenant_id, device.plugin.manifest.id.clone(), device.sn.clone());
    // Another request of the device may be waiting already (an HTTP long poll): then the
    // recheck alone brings the commands, within RECHECK.
    let waiter = app.plugins.wakes().wait(waits_for);
    let notify = waiter.as_ref().map(|w| w.notify.clone());
    let key_recheck = Duration::from_secs(app.config.socket_recheck_secs);
    let mut key_checked = Instant::now();
    // A session signed in by a client certificate checks it (and its key) itself.
    let own_check = device.certificate.is_some();
    // This process's wakes bring commands at once; a command made on another host comes with
    // the key's recheck (10,000 idle devices asking every 5 s would be 2,000 calls a second).
    let commands_every = if notify.is_some() { key_recheck } else { RECHECK };
    let mut commands_checked = Instant::now();
    let ota_recheck = Duration::from_secs(app.config.mqtt_ota_recheck_secs);
    // Spread over the interval: 10,000 devices connecting after a restart do not ask together.
    let mut ota_checked =
        Instant::now().checked_sub(ota_recheck.mul_f64(rand::random::<f64>())).unwrap_or_else(std::time::Instant::now);
    // The session wakes for the next check that falls due, not on a fixed tick: an idle session
    // costs the host its own packets and little else.
    let next_check = |key: Instant, commands: Instant, ota: Instant| {
        let mut due = (commands + commands_every).min(ota + ota_recheck);
        if own_check {
            due = due.min(key + key_recheck);
        }
        // Never at once again: a check that was not quite due yet waits a moment, not a loop.
        tokio::time::Instant::from_std(due.max(Instant::now() + Duration::from_millis(50)))
    };
    let recheck = tokio::time::sleep_until(next_check(key_checked, commands_checked, ota_checked));
    tokio::pin!(recheck);
    // Listening for a wake for as long as the session lives, re-armed after each: a wake while
    // a packet is handled is not lost.
    let mut woken = Box::pin(wake_of(notify.clone()));
    loop {
        // Taken over while the last packet was handled: nothing more for this connection.
        if taken_over.is_cancelled() {
            close(io, Closing::SessionTakenOver).await;
            return Ended::TakenOver;
        }
        let packet = tokio::select! {
            packet = tokio::time::timeout_at(deadline, io.next()) => packet,
            () = taken_over.cancelled() => continue,
            () = refused.cancelled() => {
                close(io, Closing::AdministrativeAction).await;
                return Ended::Refused;
            }
            () = app.lifecycle.stopping.cancelled() => {
                close(io, Closing::ServerShuttingDown).await;
                return Ended::ShuttingDown;
            }
            () = &mut woken => {
                woken = Box::pin(wake_of(notify.clone()));
                if let Err(fault) = deliver_commands(app, device, io, heard).await {
                    return broken(io, fault).await;
                }
                continue;
            }
            () = &mut recheck => {
                // A revoked client certificate ends the session within the sockets' recheck
                // interval (its key is checked with every session's, by `presence`).
                if own_check && key_checked.elapsed() >= key_recheck {
                    if !session_stands(app, device).await {
                        close(io, Closing::AdministrativeAction).await;
                        return Ended::Refused;
                    }
                    key_checked = Instant::now();
                }
                if commands_checked.elapsed() >= commands_every {
                    commands_checked = Instant::now();
                    if let Err(fault) = deliver_commands(app, device, io, heard).await {
                        return broken(io, fault).await;
                    }
                }
                if ota_checked.elapsed() >= ota_recheck {
                    ota_checked = Instant::now();
                    if let Err(fault) = offer_upgrade(app, device, io, heard).await {
                        return broken(io, fault).await;
                    }
                }
                recheck.as_mut().reset(next_check(key_checked, commands_checked, ota_checked));
                continue;
            }
        };
        let packet = match packet {
            Err(_) => {
                close(io, Closing::KeepAliveTimeout).await;
                return Ended::Silent;
            }
            Ok(None) => return Ended::Broken,
            // Bytes that are no packet of its version, or a packet larger than it may send.
            Ok(Some(Err(Unreadable::TooLarge))) => return broken(io, Fault::Broke(Closing::PacketTooLarge)).await,
            Ok(Some(Err(Unreadable::Malformed(_)))) => return broken(io, Fault::Broke(Closing::ProtocolError)).await,
            Ok(Some(Ok(packet))) => packet,
        };
        deadline = tokio::time::Instant::now() + silent_limit;
        // Every packet takes a token; past the rate the device waits (TCP pushes back), so no
        // message is acknowledged and then dropped.
        while let Some(wait) = allowance.take(Instant::now()).err() {
            tokio::time::sleep(wait).await;
        }
        let outcome = match packet {
            Inbound::PingReq => send(io, Outbound::PingResp).await,
            Inbound::Publish(publish) => uplink(app, device, io, heard, publish).await,
            Inbound::Subscribe { pkid, filters } => subscribed(app, device, io, heard, pkid, filters).await,
            Inbound::Unsubscribe { pkid, filters } => {
                heard.filters.retain(|(held, _)| !filters.contains(held));
                heard.listening(device.device());
                send(io, Outbound::UnsubAck { pkid, filters: filters.len() }).await
            }
            // A command acknowledged is delivered for good, and makes room for the next.
            Inbound::PubAck(pkid) => {
                heard.unacknowledged.retain(|(sent, _)| *sent != pkid);
                if heard.more_waiting { deliver_commands(app, device, io, heard).await } else { Ok(()) }
            }
            Inbound::Disconnect { will } => return Ended::Goodbye { will },
            Inbound::Unoffered(closing) => Err(Fault::Broke(closing)),
            // A second CONNECT, packets only a server sends: against the rules.
            Inbound::Connect(_) | Inbound::Other => Err(Fault::Broke(Closing::ProtocolError)),
        };
        if let Err(fault) = outcome {
            return broken(io, fault).await;
        }
    }
}

/// The session broken: by the device's fault, it is told which rule (MQTT 5).
async fn broken<S: Wire>(io: &mut Io<S>, fault: Fault) -> Ended {
    if let Fault::Broke(closing) = fault {
        close(io, closing).await;
    }
    Ended::Broken
}

/// A wake of the device, or never when another request of it holds the wakes.
async fn wake_of(notify: Option<Arc<tokio::sync::Notify>>) {
    match notify {
        Some(notify) => notify.notified().await,
        None => std::future::pending().await,
    }
}

/// A device's publish: checked, handed to its route, answered on the reply topic. Another
/// device's topic closes the connection (`Err`).
async fn uplink<S: Wire>(
    app: &AppState,
    device: &SignedIn,
    io: &mut Io<S>,
    heard: &mut Heard,
    publish: Message,
) -> Result<(), Fault> {
    if publish.payload.len() > limits::MAX_PAYLOAD {
        return Err(Fault::Broke(Closing::PacketTooLarge));
    }
    let kind = topics::uplink(&publish.topic, device.device()).map_err(|_| Fault::Broke(Closing::NotAuthorized))?;
    // Not offered (CONNACK says QoS 1 at most in MQTT 5).
    if publish.qos == QoS::ExactlyOnce {
        return Err(Fault::Broke(Closing::QosNotSupported));
    }
    let handled = handed(app, device, &kind, &publish.payload).await;
    // A QoS 1 message is acknowledged once what it carries is committed, or refused for good (its
    // reply says why): a crash before the commit leaves it unacknowledged. A call that failed on
    // the host's side committed nothing: it is not acknowledged, the device is told why on its
    // reply topic, and the session ends ("server busy") so that the device sends it again.
    let settled = handled.as_ref().is_none_or(|(_, status, _)| *status < 500);
    if publish.qos == QoS::AtLeastOnce && settled {
        send(io, Outbound::PubAck(publish.pkid)).await?;
    }
    let Some((id, status, answered)) = handled else { return Ok(()) };
    if !settled {
        answer(io, &publish, &id, status, &answered).await?;
        return Err(Fault::Broke(Closing::ServerBusy));
    }
    if kind == Uplink::OtaInform && status == 200 {
        // Its version, for the periodic check; the execution offered in the answer, not again.
        let params = serde_json::from_slice::<Value>(&publish.payload).ok().map(|m| m["params"].clone());
        heard.version = params.map(|p| p.to_string());
        heard.offered = answered["executionId"].as_str().map(str::to_string);
    }
    if kind == Uplink::OtaProgress {
        // Upgrading, its version changes: asked again only once it tells the new one (the old
        // one would count its upgrade as not installed).
        heard.version = None;
    }
    answer(io, &publish, &id, status, &answered).await
}

/// A device's message of `kind` handed to the route it names, as the device's own call: the
/// answer for its reply topic (the message's id, the status, the route's answer), or `None` when
/// nothing is answered (a command's reply that was taken).
pub(super) async fn handed(
    app: &AppState,
    device: &SignedIn,
    kind: &Uplink,
    payload: &[u8],
) -> Option<(Value, u16, Value)> {
    let parsed = serde_json::from_slice::<Value>(payload);
    let message = parsed.as_ref().cloned().unwrap_or(Value::Null);
    let id = message.get("id").cloned().unwrap_or(Value::Null);
    let command = match &id {
        Value::String(id) => Some(id.clone()),
        Value::Number(id) => Some(id.to_string()),
        _ => None,
    };
    let route = kind.route(command.as_deref())?;
    let body = match kind {
        // Alink's reply `{id, code, data, message}` as the command reply route takes it.
        Uplink::CommandReply { .. } => json!({
            "code": message.get("code").cloned().unwrap_or(json!(200)),
            "params": message.get("data").cloned().unwrap_or(json!({})),
            "message": message.get("message").cloned().unwrap_or(json!("")),
        })
        .to_string(),
        _ if !message.is_object() => {
            let detail = parsed.err().map_or_else(|| "not an object".to_string(), |e| e.to_string());
            let msg = Msg::BadJson { detail }.render(DEVICE_LANG);
            return Some((id, 400, json!({ "msg": msg })));
        }
        // The upgrade routes take the message's `params` as their body.
        Uplink::OtaInform | Uplink::OtaProgress => message.get("params").cloned().unwrap_or(json!({})).to_string(),
        _ => String::from_utf8_lossy(payload).into_owned(),
    };
    let (status, answered) = match kind.service() {
        Service::Device => device.post(app, &route, &body).await,
        Service::Ota => match ota_plugin(app, device).await {
            Some(ota) => call(app, &ota, device.context(), "POST", &route, &body).await,
            None => (404, json!({ "msg": Msg::NoSuchRoute.render(DEVICE_LANG) }).to_string()),
        },
    };
    let answered = serde_json::from_str(&answered).unwrap_or(Value::Null);
    if matches!(kind, Uplink::CommandReply { .. }) {
        if status == 200 {
            return None;
        }
        // A refused reply (the thing model's, or too late) is told to the device on its reply
        // topic, as over HTTP, and logged: the command would read "timeout" with no trace else.
        let reason = answered.get("msg").and_then(Value::as_str).unwrap_or_default();
        tracing::warn!(sn = %device.sn, status, reason, "an MQTT device's command reply was refused");
    }
    Some((id, status, answered))
}

/// The plugin that upgrades the device plugin's devices, on for the device's enterprise: the
/// one serving its keys (as over HTTP) with the upgrade check and progress device routes.
async fn ota_plugin(app: &AppState, device: &SignedIn) -> Option<Arc<LoadedPlugin>> {
    let key_plugin = &device.key.plugin_id;
    let enabled = app.plugins.enabled_for(device.key.tenant_id).await.ok()?;
    app.plugins.all().into_iter().find(|p| {
        enabled.contains(&p.manifest.id)
            && (p.manifest.id == *key_plugin || p.manifest.device_keys_from.contains(key_plugin))
            && p.route(RouteCaller::Device, "POST", topics::OTA_CHECK).is_some()
            && p.route(RouteCaller::Device, "POST", topics::OTA_PROGRESS).is_some()
    })
}

/// What goes on `{topic}_reply`: `{id, code: 200, data}`, or `{id, code, message, field}` refused.
pub(super) fn reply_payload(id: &Value, status: u16, answered: &Value) -> Value {
    if status == 200 {
        json!({ "id": id, "code": 200, "data": answered })
    } else {
        json!({ "id": id, "code": status, "message": answered.get("msg").cloned().unwrap_or(Value::Null),
                "field": answered.get("field").cloned().unwrap_or(Value::Null) })
    }
}

/// The answer to `request` on `{topic}_reply`, with its correlation data (MQTT 5).
async fn answer<S: Wire>(
    io: &mut Io<S>,
    request: &Message,
    id: &Value,
    status: u16,
    answered: &Value,
) -> Result<(), Fault> {
    let payload = reply_payload(id, status, answered);
    let mut reply = Message::new(topics::reply_topic(&request.topic), QoS::AtMostOnce, payload.to_string());
    reply.correlation = request.correlation.clone();
    send(io, Outbound::Publish(reply)).await
}

/// A SUBSCRIBE of the device's own topics is granted (at most QoS 1); any other closes. Once
/// it listens on its command topics, what waits for it (kept while it was offline) goes down.
async fn subscribed<S: Wire>(
    app: &AppState,
    device: &SignedIn,
    io: &mut Io<S>,
    heard: &mut Heard,
    pkid: u16,
    filters: Vec<(String, QoS)>,
) -> Result<(), Fault> {
    let not_authorized = Fault::Broke(Closing::NotAuthorized);
    if filters.len() > MAX_FILTERS {
        return Err(not_authorized);
    }
    let mut granted = Vec::with_capacity(filters.len());
    let heard_commands = heard.commands;
    for (path, qos) in filters {
        topics::may_subscribe(&path, device.device()).map_err(|_| not_authorized)?;
        let qos = if qos == QoS::AtMostOnce { QoS::AtMostOnce } else { QoS::AtLeastOnce };
        let held = heard.filters.len();
        match heard.filters.iter_mut().find(|(held, _)| *held == path) {
            // A filter subscribed again takes the new QoS (MQTT 3.1.1 §3.8.4).
            Some(filter) => filter.1 = qos,
            // Bounded: a device holds at most a few of its own filters.
            None if held >= MAX_FILTERS * 4 => return Err(not_authorized),
            None => heard.filters.push((path, qos)),
        }
        granted.push(qos);
    }
    heard.listening(device.device());
    send(io, Outbound::SubAck { pkid, granted }).await?;
    if heard.commands && !heard_commands {
        deliver_commands(app, device, io, heard).await?;
    }
    Ok(())
}

/// The commands waiting for the device, taken from the plugin (marked delivered there) and
/// published on their topics; nothing until the device listens on them. No more are taken than
/// its Receive Maximum leaves room for: the rest wait in the plugin (where the console shows
/// them pending and a newer session may take them) until a PUBACK makes room.
async fn deliver_commands<S: Wire>(
    app: &AppState,
    device: &SignedIn,
    io: &mut Io<S>,
    heard: &mut Heard,
) -> Result<(), Fault> {
    if !heard.commands {
        return Ok(());
    }
    let room = heard.room().min(COMMANDS_AT_ONCE);
    if room == 0 {
        heard.more_waiting = true;
        return Ok(());
    }
    let (status, body) = device.call(app, "GET", &format!("/thing/commands?limit={room}"), "").await;
    if status != 200 {
        return Ok(());
    }
    let publications = command_publications(device, &body);
    // As many as asked for: more may wait behind them.
    heard.more_waiting = publications.len() >= room;
    // Every QoS 1 command awaits its acknowledgement before any is sent: one that cannot be
    // sent (the device stopped reading) is given back with the rest.
    let mut sending = Vec::with_capacity(publications.len());
    for (topic, payload) in publications {
        let command = payload["id"].as_str().map(str::to_string);
        let publish = heard.downlink(topic, payload.to_string());
        if let Some(command) = command.filter(|_| publish.qos == QoS::AtLeastOnce) {
            heard.unacknowledged.push((publish.pkid, Some(command)));
        }
        sending.push(publish);
    }
    for publish in sending {
        send(io, Outbound::Publish(publish)).await?;
    }
    Ok(())
}

/// The commands `GET /thing/commands` answered (`body`), each as (topic, payload): a property
/// set on `…/thing/service/property/set`, a service call on `…/thing/service/{identifier}`.
pub(super) fn command_publications(device: &SignedIn, body: &str) -> Vec<(String, Value)> {
    let commands: Vec<Value> = serde_json::from_str(body).unwrap_or_default();
    commands
        .into_iter()
        .map(|command| {
            let kind = command["kind"].as_str().unwrap_or_default();
            let identifier = command["identifier"].as_str().filter(|i| !i.is_empty());
            let (service, method) = match (kind, identifier) {
                ("set", _) => (None, "thing.service.property.set".to_string()),
                (_, Some(identifier)) => (Some(identifier), format!("thing.service.{identifier}")),
                (kind, None) => (Some(kind), format!("thing.service.{kind}")),
            };
            let payload =
                json!({ "id": command["id"], "version": "1.0", "params": command["params"], "method": method });
            (topics::command_topic(device.device(), service), payload)
        })
        .collect()
}

/// The periodic upgrade check of a device that told its version and listens on its upgrade
/// topic: an execution not offered to it yet goes down there, as `{id, code: 200, data}`.
async fn offer_upgrade<S: Wire>(
    app: &AppState,
    device: &SignedIn,
    io: &mut Io<S>,
    heard: &mut Heard,
) -> Result<(), Fault> {
    let Some(version) = heard.version.clone().filter(|_| heard.upgrades) else { return Ok(()) };
    let Some(ota) = ota_plugin(app, device).await else { return Ok(()) };
    let (status, body) = call(app, &ota, device.context(), "POST", topics::OTA_CHECK, &version).await;
    let offer: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    let Some(execution) = offer["executionId"].as_str().filter(|_| status == 200) else { return Ok(()) };
    if heard.offered.as_deref() == Some(execution) {
        return Ok(());
    }
    // At QoS 1 it takes a place under the device's Receive Maximum: with none free, the next
    // check offers it.
    let topic = topics::upgrade_topic(device.device());
    if heard.qos_for(&topic) == QoS::AtLeastOnce && heard.room() == 0 {
        return Ok(());
    }
    heard.offered = Some(execution.to_string());
    let payload = json!({ "id": execution, "code": 200, "data": offer });
    let publish = heard.downlink(topic, payload.to_string());
    if publish.qos == QoS::AtLeastOnce {
        heard.unacknowledged.push((publish.pkid, None));
    }
    send(io, Outbound::Publish(publish)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gateway() -> Gateway {
        Gateway {
            live: Default::default(),
            generation: Default::default(),
            strangers: Default::default(),
            sessions: Arc::new(Semaphore::new(1)),
            reconnects: Default::default(),
            presence: Arc::new(Presence::new(Duration::from_secs(70))),
        }
    }

    #[test]
    fn a_session_that_takes_over_waits_on_every_session_before_it_that_has_not_given_back() {
        let gateway = gateway();
        let device: DeviceId = (1, "device".into(), "RV-1".into());
        let a = gateway.take_over(&device);
        assert!(a.waits_on.is_empty(), "the first session waits on nobody");
        // B takes over: A is told to end, and B waits on A.
        let b = gateway.take_over(&device);
        assert!(a.ended.is_cancelled() && !b.ended.is_cancelled());
        assert_eq!(b.waits_on.len(), 1);
        // C takes over while B still waits: B leaves at once, C waits on both.
        let c = gateway.take_over(&device);
        assert!(b.ended.is_cancelled());
        assert_eq!(c.waits_on.len(), 2);
        b.given_back.cancel();
        assert!(!c.waits_on.iter().all(CancellationToken::is_cancelled), "B gone, C still waits on A");
        a.given_back.cancel();
        assert!(c.waits_on.iter().all(CancellationToken::is_cancelled), "A has given back: C goes on");
        // D after all before it gave back waits on C alone.
        let d = gateway.take_over(&device);
        assert_eq!(d.waits_on.len(), 1);
        assert!(!d.waits_on[0].is_cancelled());
        c.given_back.cancel();
        assert!(d.waits_on[0].is_cancelled());
        // Only the place's holder leaves it.
        assert!(!gateway.leave(&device, c.generation));
        assert!(gateway.leave(&device, d.generation));
        assert!(!gateway.holds(&device));
    }

    #[test]
    fn the_signing_time_is_read_from_the_client_id_as_alink_writes_it() {
        assert_eq!(super::signing_time("RV-1|timestamp=1767225600000|"), Some(1_767_225_600_000));
        assert_eq!(super::signing_time("RV-1|securemode=3,signmethod=hmacsha256,timestamp=42|"), Some(42));
        assert_eq!(super::signing_time("RV-1"), None);
        assert_eq!(super::signing_time("RV-1|timestamp=soon|"), None);
    }
}
