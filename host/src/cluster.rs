//! Several hosts on one PostgreSQL behave as one.
//!
//! Everything durable is in the database already: sessions, login failures, schedule leases,
//! approvals. What a host keeps in memory is announced on one PostgreSQL channel
//! (`LISTEN/NOTIFY`), and every other host acts on it:
//! - a core change (sign-in, logout, a role edited, a plugin enabled, ...): the guard's cache is
//!   dropped (`auth::cache`), so a session ended on one host is refused by all;
//! - a plugin reloaded from `plugins.toml`: every host reloads it from its own;
//! - a plugin event: the shells connected to every host receive it. Subscribed plugins hear it
//!   once, on the host that published it: their effects are in the shared database, and a second
//!   delivery per host would repeat them.
//!
//! A notification is delivered at most once and only to hosts listening then. A host whose
//! listening connection was lost drops its cache when it is back (it may have missed a change);
//! the cache's TTL bounds anything else. SQLite runs one host: nothing here starts.

use std::sync::Arc;
use std::time::Duration;

use rand::RngCore;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use sqlx::postgres::PgListener;
use tokio::sync::broadcast::error::RecvError;

use crate::auth::cache::AuthCache;
use crate::db::{Db, now_ms};
use crate::plugins::{LiveEvent, Plugins};

const CHANNEL: &str = "console_cluster";
/// PostgreSQL refuses a notification of 8,000 bytes or more: a larger event is handed over
/// through the `cluster_events` table, and the notification names its row.
const MAX_INLINE_BYTES: usize = 7_000;
/// How long a handed-over event is kept for the other hosts to read.
const KEEP_HANDED_OVER_MS: i64 = 60_000;

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
enum Note {
    /// State outside the plugins changed: forget what the guard cached.
    Changed,
    /// The plugin was reloaded from plugins.toml.
    Reload {
        plugin: String,
    },
    Event {
        event: LiveEvent,
    },
    /// An event too large to travel in the notification, in `cluster_events`.
    HandedOver {
        id: i64,
    },
}

#[derive(Debug, Serialize, Deserialize)]
struct Notification {
    /// The host that sent it: a host ignores its own.
    origin: String,
    #[serde(flatten)]
    note: Note,
}

/// This host's place among the hosts sharing its database.
pub struct Cluster {
    origin: String,
    pool: Option<PgPool>,
}

impl Cluster {
    pub fn new(db: &Db) -> Cluster {
        let mut id = [0u8; 8];
        rand::rng().fill_bytes(&mut id);
        Cluster { origin: hex::encode(id), pool: db.postgres().cloned() }
    }

    /// This host's name among the hosts: new at each start.
    pub fn host(&self) -> &str {
        &self.origin
    }

    /// Tells the other hosts that `plugin` was reloaded here.
    pub async fn announce_reload(&self, plugin: &str) {
        self.announce(Note::Reload { plugin: plugin.to_string() }).await;
    }

    async fn announce(&self, note: Note) {
        let Some(pool) = &self.pool else { return };
        if let Err(err) = self.send(pool, note).await {
            tracing::warn!("not announced to the other hosts: {err}");
        }
    }

    async fn send(&self, pool: &PgPool, note: Note) -> Result<(), sqlx::Error> {
        let mut text = serde_json::to_string(&Notification { origin: self.origin.clone(), note })
            .map_err(|e| sqlx::Error::Encode(e.into()))?;
        if text.len() > MAX_INLINE_BYTES {
            let now = now_ms();
            let id: i64 =
                sqlx::query_scalar("INSERT INTO cluster_events (body, created_at) VALUES ($1, $2) RETURNING id")
                    .bind(&text)
                    .bind(now)
                    .fetch_one(pool)
                    .await?;
            sqlx::query("DELETE FROM cluster_events WHERE created_at < $1")
                .bind(now - KEEP_HANDED_OVER_MS)
                .execute(pool)
                .await?;
            text = serde_json::to_string(&Notification { origin: self.origin.clone(), note: Note::HandedOver { id } })
                .map_err(|e| sqlx::Error::Encode(e.into()))?;
        }
        sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(text).execute(pool).await?;
        Ok(())
    }
}

/// Starts announcing this host's changes and events, and listening to the others'.
pub fn spawn(cluster: Arc<Cluster>, plugins: Arc<Plugins>, cache: Arc<AuthCache>) {
    let Some(pool) = cluster.pool.clone() else { return };
    {
        let (cluster, cache) = (cluster.clone(), cache.clone());
        tokio::spawn(async move {
            loop {
                // Changes made while one announcement is sent are covered by the next one.
                cache.changed.notified().await;
                cluster.announce(Note::Changed).await;
            }
        });
    }
    {
        let (cluster, mut events) = (cluster.clone(), plugins.live.for_relay());
        tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(event) if !event.relayed => cluster.announce(Note::Event { event }).await,
                    Ok(_) => {}
                    Err(RecvError::Lagged(missed)) => tracing::warn!(missed, "events not relayed to the other hosts"),
                    Err(RecvError::Closed) => return,
                }
            }
        });
    }
    tokio::spawn(listen(cluster, pool, plugins, cache));
}

async fn listen(cluster: Arc<Cluster>, pool: PgPool, plugins: Arc<Plugins>, cache: Arc<AuthCache>) {
    let mut listener = loop {
        match connect(&pool).await {
            Ok(listener) => break listener,
            Err(err) => {
                tracing::warn!("cannot listen to the other hosts yet: {err}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    };
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => match serde_json::from_str::<Notification>(notification.payload()) {
                Ok(heard) if heard.origin != cluster.origin => act(&pool, &plugins, &cache, heard.note).await,
                Ok(_) => {}
                Err(err) => tracing::warn!("a notification this host does not understand: {err}"),
            },
            // The connection was lost (the listener reconnects on the next call): what was
            // announced meanwhile is unknown.
            Ok(None) => cache.forget_all(),
            Err(err) => {
                tracing::warn!("listening to the other hosts: {err}");
                cache.forget_all();
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

async fn connect(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

async fn act(pool: &PgPool, plugins: &Arc<Plugins>, cache: &AuthCache, note: Note) {
    match note {
        Note::Changed => cache.forget_all(),
        Note::Reload { plugin } => {
            if let Err(err) = plugins.reload(&plugin).await {
                tracing::error!(%plugin, "another host reloaded the plugin, this one could not: {err}");
            }
        }
        Note::Event { event } => relay(plugins, event),
        Note::HandedOver { id } => {
            let body: Result<Option<String>, _> =
                sqlx::query_scalar("SELECT body FROM cluster_events WHERE id = $1").bind(id).fetch_optional(pool).await;
            match body.map(|b| b.map(|b| serde_json::from_str::<Notification>(&b))) {
                Ok(Some(Ok(Notification { note: Note::Event { event }, .. }))) => relay(plugins, event),
                other => tracing::warn!(id, "a handed-over event could not be read: {other:?}"),
            }
        }
    }
}

fn relay(plugins: &Plugins, mut event: LiveEvent) {
    event.relayed = true;
    plugins.sockets.deliver(&event);
    plugins.live.publish(event);
}
