//! Device Console core host: auth, tenancy, menus and button permissions, storage.

pub mod api;
pub mod auth;
pub mod backup;
pub mod bootstrap;
pub mod catalog;
pub mod clock;
pub mod cluster;
pub mod config;
pub mod db;
pub mod guide;
pub mod health;
pub mod i18n;
pub mod links;
pub mod mqtt;
pub mod oauth;
pub mod objects;
pub mod openapi;
pub mod pki;
pub mod plugins;
pub mod redact;
pub mod renderers;
pub mod routes;
pub mod sealing;
pub mod telemetry;
pub mod tenancy;
pub mod tools;
pub mod validate;
pub mod web;

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::middleware;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;

pub use config::Config;
use db::Db;

/// Largest request body the API accepts.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Plugin routes take uploads (a file as base64 in the JSON body): about 6 MiB of file.
pub const MAX_UPLOAD_BYTES: usize = 8 * 1024 * 1024;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub plugins: Arc<plugins::Plugins>,
    /// The guard's memory of sessions, enabled plugins and actions (`auth::cache`).
    pub auth_cache: Arc<auth::cache::AuthCache>,
    /// The other hosts on the same PostgreSQL (`cluster`).
    pub cluster: Arc<cluster::Cluster>,
    /// Failed passwords and signatures, per subject and per address, for every door.
    pub throttle: Arc<auth::throttle::Throttle>,
    /// The console's event sockets open now (`api::live`).
    pub event_sockets: Arc<api::live::OpenSockets>,
    /// Devices' reports on their way to their plugins in batches (`plugins::ingest`).
    pub ingest: Arc<plugins::ingest::Ingest>,
    /// The last answer of `/readyz` (`health`).
    pub readiness: Arc<health::Readiness>,
    /// The host's stopping: cancelled on SIGTERM; device sessions track themselves here so the
    /// shutdown can wait for them to close.
    pub lifecycle: Lifecycle,
}

/// See [`AppState::lifecycle`].
#[derive(Clone, Default)]
pub struct Lifecycle {
    pub stopping: tokio_util::sync::CancellationToken,
    pub sessions: tokio_util::task::TaskTracker,
}

impl Lifecycle {
    /// Stops the gateways: listeners close, each device session tells its device the server is
    /// shutting down (MQTT 5: DISCONNECT 0x8B) once what it was handling is committed and
    /// answered, gives back its commands not acknowledged and its hold. Waits for them, at most
    /// `grace`.
    pub async fn stop(&self, grace: std::time::Duration) {
        self.stopping.cancel();
        self.sessions.close();
        if tokio::time::timeout(grace, self.sessions.wait()).await.is_err() {
            tracing::warn!(left = self.sessions.len(), "shutdown: device sessions still open after the grace");
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("creating the data folder {0}: {1}")]
    DataDir(std::path::PathBuf, std::io::Error),
    #[error("opening the database {0}: {1}")]
    Database(String, sqlx::Error),
    #[error("syncing the menu catalogue: {0}")]
    Catalog(sqlx::Error),
    #[error(transparent)]
    Bootstrap(#[from] bootstrap::BootstrapError),
    #[error("starting the plugin runtime: {0}")]
    Plugins(String),
    #[error("CONSOLE_OBJECT_STORE: {0}")]
    ObjectStore(String),
    #[error("master key: {0}")]
    MasterKey(String),
    #[error("CONSOLE_PORTAL_ORIGINS: `{0}` is not an https:// origin (scheme, host and port only)")]
    PortalOrigin(String),
}

/// Opens and migrates the database, syncs the catalogue, creates the first administrator and
/// returns the application ready to serve.
pub async fn start(config: Config) -> Result<Router, StartError> {
    Ok(app(prepare(config).await?))
}

/// Everything `start` does but building the router.
pub async fn prepare(config: Config) -> Result<AppState, StartError> {
    if let Some(bad) = config.portal_origins.iter().find(|o| !config::is_https_origin(o)) {
        return Err(StartError::PortalOrigin(bad.clone()));
    }
    std::fs::create_dir_all(&config.data_dir).map_err(|e| StartError::DataDir(config.data_dir.clone(), e))?;
    if let Some(path) = config.database_url.strip_prefix("sqlite://")
        && let Some(parent) = std::path::Path::new(path).parent().filter(|p| !p.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent).map_err(|e| StartError::DataDir(parent.to_path_buf(), e))?;
    }
    let db = Db::open(&config.database_url).await.map_err(|e| StartError::Database(config.database_url.clone(), e))?;
    catalog::sync(&db).await.map_err(StartError::Catalog)?;
    bootstrap::ensure_admin(&db, &config).await?;
    let cache_dir = config.cache_dir.clone().unwrap_or_else(|| config.data_dir.join("cache"));
    let master_key =
        sealing::MasterKey::load(config.master_key.as_deref(), &config.data_dir).map_err(StartError::MasterKey)?;
    let objects = objects::Objects::open(config.object_store.as_deref(), &config.data_dir.join("objects"), &master_key)
        .map_err(StartError::ObjectStore)?;
    let throttle = Arc::new(auth::throttle::Throttle::new(db.clone(), auth::throttle::Limits::of(&config)));
    let plugins =
        plugins::Plugins::start(db.clone(), &config, Arc::new(objects), cache_dir, master_key, throttle.clone())
            .await
            .map_err(|e| StartError::Plugins(format!("{e:#}")))?;
    plugins::scheduler::spawn(plugins.clone());
    routes::files::spawn_sweeper(db.clone(), plugins.objects().clone());
    routes::avatars::spawn_sweeper(db.clone(), plugins.objects().clone());
    spawn_forgetting(db.clone(), throttle.clone());
    if let Some(pool) = db.postgres() {
        db::plugin_store::spawn_key_count_settler(pool.clone());
    }
    // The series' days in place before the first write, then kept every hour (a write makes a
    // missing day itself: a failure here is not fatal).
    if let Err(err) = db.keep_series_days(db::series::day_of(db::now_ms()), config.series_days).await {
        tracing::warn!(%err, "series: making the days at start");
    }
    db::series::spawn_keeper(db.clone(), config.series_days);
    if config.dev {
        plugins.spawn_dev_watch();
    }
    let auth_cache = Arc::new(auth::cache::AuthCache::default());
    let cluster = Arc::new(cluster::Cluster::new(&db));
    cluster::spawn(cluster.clone(), plugins.clone(), auth_cache.clone());
    let event_sockets = Arc::default();
    let (queue, batch) = (config.ingest_queue as usize, config.ingest_batch as usize);
    let ingest = Arc::new(plugins::ingest::Ingest::start(plugins.clone(), queue, batch));
    let state = AppState {
        db,
        config: Arc::new(config),
        plugins,
        auth_cache,
        cluster,
        throttle,
        event_sockets,
        ingest,
        readiness: Arc::default(),
        lifecycle: Lifecycle::default(),
    };
    mqtt::gateway::spawn(state.clone()).await;
    mqtt::external::spawn(state.clone()).await;
    Ok(state)
}

/// Forgets, every ten minutes, the failure counters whose window is over and the spent proofs
/// whose time is over: strangers' attempts leave nothing for good.
fn spawn_forgetting(db: Db, throttle: Arc<auth::throttle::Throttle>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
        loop {
            every.tick().await;
            if let Err(err) = throttle.purge().await {
                tracing::warn!(%err, "forgetting old failure counters");
            }
            if let Err(err) = db.purge_spent_proofs().await {
                tracing::warn!(%err, "forgetting spent proofs");
            }
        }
    });
}

/// The whole HTTP application.
pub fn app(state: AppState) -> Router {
    app_with(state, |api| api)
}

/// The application with extra routes under `/api` (benchmarks compare a native route).
pub fn app_with(state: AppState, extra: impl FnOnce(api::ApiRouter) -> api::ApiRouter) -> Router {
    let (api, catalog) = routes::api(state.clone(), extra);
    let document = Arc::new(openapi::ServedDocument::new(openapi::document(&catalog)));
    let api = api
        .layer(axum::Extension(document))
        .fallback(api::no_such_route)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(api::localize))
        .layer(CatchPanicLayer::custom(|_| {
            axum::response::IntoResponse::into_response(api::ApiError::Internal("handler panicked".into()))
        }))
        .layer(api::compression());
    Router::new()
        .nest("/api", api)
        .route("/metrics", axum::routing::get(metrics))
        .route("/healthz", axum::routing::get(health::healthz))
        .route("/readyz", axum::routing::get(health::readyz))
        .route("/.well-known/oauth-authorization-server", axum::routing::get(oauth::metadata))
        .route("/remotes/{plugin}/{*file}", axum::routing::get(web::remote))
        .merge(web::shell(state.config.shell_dir.clone()))
        .layer(middleware::map_response(web::security_headers))
        .layer(TraceLayer::new_for_http())
        .layer(middleware::from_fn_with_state(state.clone(), api::request_id::assign))
        .with_state(state)
}

/// Serves the application on `listener` until `shutdown` completes.
///
/// Every accepted connection gets `TCP_NODELAY`: hyper writes a response's headers and body as
/// separate segments, and with Nagle's algorithm on, the body waited for the client's delayed
/// ACK of the headers (12-40 ms per static file on a kept-alive connection).
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|connection| {
        if let Err(err) = connection.set_nodelay(true) {
            tracing::warn!(%err, "TCP_NODELAY not set");
        }
    });
    axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
}

/// Prometheus text for a scraper holding `CONSOLE_METRICS_TOKEN`; off when no token is set.
/// Plugin names, call counts and memory peaks are nobody else's business.
async fn metrics(State(app): State<AppState>, headers: axum::http::HeaderMap) -> axum::response::Response {
    use axum::http::StatusCode;
    use axum::response::IntoResponse;
    let Some(expected) = app.config.metrics_token.as_deref().filter(|t| !t.is_empty()) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let offered = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    // Compared as hashes: equal length, and no early exit that times the prefix.
    if auth::session::token_hash(offered) != auth::session::token_hash(expected) {
        return (StatusCode::UNAUTHORIZED, [(axum::http::header::WWW_AUTHENTICATE, "Bearer")]).into_response();
    }
    let mut text = app.plugins.metrics.encode();
    if let Some(cache) = app.plugins.db().read_cache() {
        // Before OpenMetrics' closing line.
        let end = text.rfind("# EOF").unwrap_or(text.len());
        text.insert_str(end, &cache.encode_metrics());
    }
    text.into_response()
}
