//! The installed plugins: loaded (verified, compiled, pre-instantiated) at start, swapped
//! atomically on reload, called through [`Plugins::call`] with metrics and event delivery.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, RwLock};
use std::time::Instant;

use tokio::sync::Semaphore;
use wasmtime::Engine;
use wasmtime::component::Linker;

use super::bindings::PluginPre;
use super::bindings::console::plugin::types;
use super::engine::{self, EpochTicker};
use super::installation::{Installation, Installed, sha256_hex};
use super::manifest::{CONTRACT, Manifest, RouteCaller, RouteSpec, contract_compatible};
use super::metrics::PluginMetrics;
use super::runtime::{
    self, Audience, CallContext, EventBudget, Failure, Finished, Invocation, Outgoing, Returned, Services,
};
use super::{capabilities, runtime::CallState};
use crate::db::{ButtonFields, Db, MenuFields, now_ms};
use crate::redact::SealedFields;
use crate::sealing::MasterKey;

pub struct LoadedPlugin {
    pub installed: Installed,
    /// The pinned remote, when the installation has one.
    pub remote: Option<super::remote::RemoteFiles>,
    pub manifest: Manifest,
    pub sha256: String,
    pub pre: PluginPre<CallState>,
    pub loaded_at: i64,
    pub from_cache: bool,
    routes: HashMap<(RouteCaller, String), matchit::Router<usize>>,
    /// What its routes take and answer, asked once (see `describe`).
    api: tokio::sync::OnceCell<Option<serde_json::Value>>,
    /// The fields each manifest route's body declares sealed, by (method, path), read once
    /// from `api`.
    sealed: std::sync::OnceLock<HashMap<(String, String), Arc<SealedFields>>>,
}

impl LoadedPlugin {
    /// The button actions the manifest defines.
    pub fn actions(&self) -> impl Iterator<Item = &str> {
        self.manifest.menus.iter().flat_map(|m| m.buttons.iter().map(|b| b.action.as_str()))
    }

    /// The manifest route a request matches, with its required action.
    /// A plugin hears its own topics (`<id>.…`) and those the operator granted it
    /// (`subscribe = ["pet.created", "device.*"]` in plugins.toml).
    pub fn may_hear(&self, topic: &str) -> bool {
        topic.strip_prefix(self.manifest.id.as_str()).is_some_and(|rest| rest.starts_with('.'))
            || self.installed.grants.subscribe.iter().any(|grant| match grant.strip_suffix('*') {
                Some(prefix) => topic.starts_with(prefix),
                None => grant == topic,
            })
    }

    pub fn route(&self, caller: RouteCaller, method: &str, path: &str) -> Option<&RouteSpec> {
        let index = *self.routes.get(&(caller, method.to_string()))?.at(path).ok()?.value;
        self.manifest.routes.get(index)
    }

    /// The methods `path` has for `caller`, for a 405's `Allow` (empty: no such path).
    pub fn methods_at(&self, caller: RouteCaller, path: &str) -> Vec<&'static str> {
        ["GET", "POST", "PUT", "PATCH", "DELETE"]
            .into_iter()
            .filter(|m| self.route(caller, m, path).is_some())
            .collect()
    }
}

/// An event as the shell receives it over the websocket.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveEvent {
    pub tenant_id: i64,
    pub plugin: String,
    pub topic: String,
    pub payload: serde_json::Value,
    /// A live message to the sockets listening to this channel of the plugin (contract 0.1.10):
    /// never to the shell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channel: Option<String>,
    /// A live message to this console user alone (contract 0.1.10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<i64>,
    /// Published on another host and relayed here (`cluster`): not relayed again.
    #[serde(skip)]
    pub relayed: bool,
}

/// How deep events may trigger events before delivery to plugins stops.
const MAX_EVENT_DEPTH: u8 = 3;
const MAX_DELIVERIES_UNDER_WAY: usize = 256;

pub struct Plugins {
    engine: Engine,
    linker: Linker<CallState>,
    _ticker: EpochTicker,
    services: Arc<Services>,
    plugins_file: PathBuf,
    cache_dir: PathBuf,
    loaded: RwLock<BTreeMap<String, Arc<LoadedPlugin>>>,
    /// Counts the builds swapped in: what the guard cached about menus and actions is stale then.
    builds: std::sync::atomic::AtomicU64,
    failed: RwLock<BTreeMap<String, String>>,
    pub metrics: PluginMetrics,
    /// Instance slots and guest memory, per host and per tenant (`budget`).
    budget: Arc<super::budget::Budget>,
    /// Event deliveries under way; past it, a delivery is dropped (and logged), never queued
    /// without end.
    deliveries: Arc<Semaphore>,
    /// Committed events and live messages, to the consoles and the cluster's relay.
    pub live: super::live_hub::LiveHub,
    /// Websockets of apps and devices open in this process (contract 0.1.10).
    pub sockets: Arc<super::sockets::Sockets>,
}

/// Whether a plugin runs; named for the OpenAPI document (the status is text).
#[derive(Debug, Clone, Copy, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PluginState {
    Loaded,
    Failed,
}

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PluginStatus {
    pub id: String,
    pub name: String,
    pub version: String,
    pub contract: String,
    pub mount: String,
    /// `loaded` or `failed`.
    #[schema(value_type = PluginState)]
    pub status: String,
    pub error: Option<String>,
    pub enabled_by_default: bool,
    pub loaded_at: Option<i64>,
    pub calls: u64,
    pub errors: u64,
    pub traps: u64,
    pub timeouts: u64,
    pub memory_peak_bytes: i64,
}

impl Plugins {
    /// Loads every plugin of `plugins_file`. A plugin that fails to load is reported and left
    /// out; the host starts anyway.
    pub async fn start(
        db: Db,
        config: &crate::Config,
        objects: Arc<crate::objects::Objects>,
        cache_dir: PathBuf,
        master_key: MasterKey,
        throttle: Arc<crate::auth::throttle::Throttle>,
    ) -> wasmtime::Result<Arc<Plugins>> {
        let plugins_file = config.plugins.clone();
        let budget = Arc::new(super::budget::Budget::new(config.plugin_memory_mib));
        let public_url = config.public_url.clone().unwrap_or_else(|| format!("http://{}", config.listen));
        let render_program = match &config.render_program {
            Some(program) => program.clone(),
            None => std::env::current_exe().map_err(|e| wasmtime::Error::msg(format!("this program's path: {e}")))?,
        };
        let engine = engine::new_engine()?;
        let mut linker = Linker::new(&engine);
        capabilities::add_to_linker(&mut linker)?;
        let http = super::outbound::client().map_err(|e| wasmtime::Error::msg(e.to_string()))?;
        objects.clear_staging().await;
        let plugins = Arc::new(Plugins {
            _ticker: EpochTicker::start(engine.clone()),
            engine,
            linker,
            services: Arc::new(Services {
                db,
                http,
                objects,
                master_key,
                cpu: super::cpu::CpuGate::for_this_machine(),
                registry: std::sync::OnceLock::new(),
                wakes: Default::default(),
                public_url: public_url.trim_end_matches('/').to_string(),
                throttle,
                renderers: crate::renderers::Renderers::new(render_program),
                budget: budget.clone(),
                series_days: config.series_days,
            }),
            plugins_file,
            cache_dir,
            loaded: RwLock::default(),
            builds: Default::default(),
            failed: RwLock::default(),
            metrics: PluginMetrics::default(),
            budget,
            deliveries: Arc::new(Semaphore::new(MAX_DELIVERIES_UNDER_WAY)),
            live: Default::default(),
            sockets: Default::default(),
        });
        let _ = plugins.services.registry.set(Arc::downgrade(&plugins));
        match Installation::load(&plugins.plugins_file) {
            Ok(installation) => {
                for installed in installation.plugins {
                    let id = installed.id.clone();
                    if let Err(err) = plugins.install(installed).await {
                        tracing::error!(plugin = %id, "plugin refused: {err}");
                        plugins.failed.write().map(|mut f| f.insert(id, err)).ok();
                    }
                }
            }
            Err(err) => tracing::error!("plugins not loaded: {err}"),
        }
        Ok(plugins)
    }

    /// Verifies, compiles and registers one plugin, replacing an older load of it.
    async fn install(&self, installed: Installed) -> Result<(), String> {
        let loaded = Arc::new(self.load(installed).await?);
        let id = loaded.manifest.id.clone();
        self.loaded.write().map_err(|_| "lock poisoned")?.insert(id.clone(), loaded.clone());
        self.builds.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.failed.write().map_err(|_| "lock poisoned")?.remove(&id);
        tracing::info!(plugin = %id, version = %loaded.manifest.version, cached = loaded.from_cache, "plugin loaded");
        Ok(())
    }

    async fn load(&self, installed: Installed) -> Result<LoadedPlugin, String> {
        let manifest = Manifest::load(&installed.manifest).map_err(|e| e.to_string())?;
        if manifest.id != installed.id {
            return Err(format!(
                "plugins.toml names `{}` but {} is `{}`",
                installed.id,
                installed.manifest.display(),
                manifest.id
            ));
        }
        let bytes = tokio::fs::read(&installed.artefact)
            .await
            .map_err(|e| format!("{}: {e} (build the plugins with `make plugins`)", installed.artefact.display()))?;
        let sha256 = sha256_hex(&bytes);
        if !sha256.eq_ignore_ascii_case(installed.sha256.trim()) {
            return Err(format!(
                "{} has sha-256 {sha256} but plugins.toml pins {}: a modified artefact is refused",
                installed.artefact.display(),
                installed.sha256
            ));
        }
        let remote = match &installed.remote_dir {
            Some(dir) => {
                let files = super::remote::RemoteFiles::read(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                if !files.digest.eq_ignore_ascii_case(installed.remote_sha256.trim()) {
                    return Err(format!(
                        "the remote in {} has digest {} but plugins.toml pins `{}`: a modified remote is refused",
                        dir.display(),
                        files.digest,
                        installed.remote_sha256
                    ));
                }
                Some(files)
            }
            None => None,
        };
        let (engine, cache_dir, hash) = (self.engine.clone(), self.cache_dir.clone(), sha256.clone());
        let (component, from_cache) =
            tokio::task::spawn_blocking(move || engine::compile(&engine, &bytes, &hash, &cache_dir))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| format!("{}: not a valid component: {e:#}", installed.artefact.display()))?;

        // The contract the component was built for, from the interface it exports.
        let built_for = component
            .component_type()
            .exports(&self.engine)
            .find_map(|(name, _)| name.strip_prefix("console:plugin/handler@").map(str::to_string))
            .ok_or_else(|| "does not export console:plugin/handler".to_string())?;
        match semver::Version::parse(&built_for) {
            Ok(version) if contract_compatible(&version) => {}
            _ => {
                return Err(format!(
                    "built for contract console:plugin@{built_for}, this host implements {CONTRACT}: refused"
                ));
            }
        }
        let pre = self.linker.instantiate_pre(&component).map_err(|e| format!("cannot link: {e:#}"))?;
        let pre = PluginPre::new(pre).map_err(|e| format!("cannot link: {e:#}"))?;

        self.check_collisions(&manifest)?;
        self.services
            .db
            .ensure_collection_indexes(&manifest.id, &manifest.collections)
            .await
            .map_err(|e| format!("indexes: {e}"))?;
        self.register_menus(&manifest).await?;

        let mut routes: HashMap<(RouteCaller, String), matchit::Router<usize>> = HashMap::new();
        for (i, route) in manifest.routes.iter().enumerate() {
            routes
                .entry((route.caller, route.method.clone()))
                .or_default()
                .insert(route.path.clone(), i)
                .map_err(|e| format!("routes[{i}]: {e}"))?;
        }
        let api = tokio::sync::OnceCell::new();
        Ok(LoadedPlugin {
            installed,
            remote,
            manifest,
            sha256,
            pre,
            loaded_at: now_ms(),
            from_cache,
            routes,
            api,
            sealed: std::sync::OnceLock::new(),
        })
    }

    fn check_collisions(&self, manifest: &Manifest) -> Result<(), String> {
        let loaded = self.loaded.read().map_err(|_| "lock poisoned")?;
        for other in loaded.values().filter(|p| p.manifest.id != manifest.id) {
            if other.manifest.mount == manifest.mount {
                return Err(format!("mount `{}` is already used by plugin `{}`", manifest.mount, other.manifest.id));
            }
        }
        Ok(())
    }

    /// Adds the manifest's menus and buttons to the catalogue (source = plugin id).
    async fn register_menus(&self, manifest: &Manifest) -> Result<(), String> {
        let db = &self.services.db;
        let mut actions = Vec::new();
        // Once: the actions other sources already define, to refuse a plugin that reuses one.
        let taken = db.all_buttons().await.map_err(|e| e.to_string())?;
        for (sort, menu) in manifest.menus.iter().enumerate() {
            if let Some(existing) = db.menu_by_menu_id(menu.menu_id).await.map_err(|e| e.to_string())?
                && existing.source != manifest.id
            {
                return Err(format!("menu_id {} is already used by `{}`", menu.menu_id, existing.source));
            }
            let fields = MenuFields {
                menu_id: menu.menu_id,
                name: menu.name.clone(),
                menu_type: menu.kind.clone(),
                sort_weight: 1000 + i64::try_from(sort).unwrap_or(0) * 10,
                route_path: menu.path.clone(),
                icon: menu.icon.clone(),
                parent_menu_id: menu.parent,
                scope: menu.scope.clone(),
                everyone: false,
                hidden: menu.hidden,
            };
            db.upsert_menu(&fields, &manifest.id).await.map_err(|e| e.to_string())?;
            for button in &menu.buttons {
                if let Some(other) = taken.iter().find(|b| b.action == button.action && b.source != manifest.id) {
                    return Err(format!("action `{}` is already defined by `{}`", button.action, other.source));
                }
                let fields = ButtonFields {
                    menu_id: menu.menu_id,
                    button_type: button.button_type.clone(),
                    name: button.name.clone(),
                    description: String::new(),
                    request_url: format!("/api/{}", manifest.mount),
                    action: button.action.clone(),
                };
                db.upsert_button(&fields, &manifest.id).await.map_err(|e| e.to_string())?;
                actions.push(button.action.clone());
            }
        }
        let menu_ids: Vec<i64> = manifest.menus.iter().map(|m| m.menu_id).collect();
        db.prune_plugin_menus(&manifest.id, &menu_ids, &actions).await.map_err(|e| e.to_string())
    }

    /// Development mode: polls the artefacts and reloads a plugin whose file changed, pinning the
    /// new hash in memory only (plugins.toml is left as the operator wrote it).
    pub fn spawn_dev_watch(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        let plugins = self.clone();
        tokio::spawn(async move {
            let mut seen: HashMap<String, std::time::SystemTime> = HashMap::new();
            loop {
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                let Ok(installation) = Installation::load(&plugins.plugins_file) else { continue };
                for mut installed in installation.plugins {
                    let Ok(modified) = std::fs::metadata(&installed.artefact).and_then(|m| m.modified()) else {
                        continue;
                    };
                    let changed = seen.insert(installed.id.clone(), modified).is_some_and(|before| before != modified);
                    if !changed {
                        continue;
                    }
                    let Ok(bytes) = std::fs::read(&installed.artefact) else { continue };
                    installed.sha256 = sha256_hex(&bytes);
                    if let Some(dir) = &installed.remote_dir
                        && let Ok(remote) = super::remote::RemoteFiles::read(dir)
                    {
                        installed.remote_sha256 = remote.digest;
                    }
                    tracing::warn!(plugin = %installed.id, "dev mode: artefact changed, reloading with its new hash");
                    let id = installed.id.clone();
                    if let Err(err) = plugins.install(installed).await {
                        tracing::error!(plugin = %id, "dev reload refused: {err}");
                    }
                }
            }
        })
    }

    /// Re-reads plugins.toml for `id`, verifies and compiles the artefact, and swaps it in.
    /// Calls already running finish on the version they started with.
    pub async fn reload(&self, id: &str) -> Result<(), String> {
        let installation = Installation::load(&self.plugins_file).map_err(|e| e.to_string())?;
        let installed = installation
            .plugins
            .into_iter()
            .find(|p| p.id == id)
            .ok_or_else(|| format!("`{id}` is not in plugins.toml"))?;
        let result = self.install(installed).await;
        if let Err(err) = &result
            && !self.loaded.read().map(|l| l.contains_key(id)).unwrap_or(false)
        {
            self.failed.write().map(|mut f| f.insert(id.to_string(), err.clone())).ok();
        }
        result
    }

    /// How many builds have been swapped in so far (see `auth::cache`).
    pub fn builds(&self) -> u64 {
        self.builds.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    pub fn by_mount(&self, mount: &str) -> Option<Arc<LoadedPlugin>> {
        self.loaded.read().ok()?.values().find(|p| p.manifest.mount == mount).cloned()
    }

    pub fn get(&self, id: &str) -> Option<Arc<LoadedPlugin>> {
        self.loaded.read().ok()?.get(id).cloned()
    }

    /// What `plugin`'s routes take and answer, as its SDK describes them (`{routes, schemas}`),
    /// asked once per loaded build by sending `handle` the method `DESCRIBE`; `None` for a
    /// plugin that does not answer it (built with an older SDK), or when asking failed now.
    pub async fn describe<'p>(self: &Arc<Self>, plugin: &'p Arc<LoadedPlugin>) -> Option<&'p serde_json::Value> {
        self.description(plugin).await.ok().flatten()
    }

    /// The same, telling a plugin that does not describe itself (`Ok(None)`, kept) from one
    /// that could not be asked now (a trap, a deadline, no instance free: `Err`, asked again
    /// next time).
    pub async fn description<'p>(
        self: &Arc<Self>,
        plugin: &'p Arc<LoadedPlugin>,
    ) -> Result<Option<&'p serde_json::Value>, ()> {
        let described = plugin
            .api
            .get_or_try_init(|| async {
                let context = CallContext {
                    tenant_id: 0,
                    user_id: 0,
                    platform_user: false,
                    user_name: "openapi".into(),
                    lang: "en".into(),
                    actions: Vec::new(),
                    request_id: format!("describe:{}", plugin.manifest.id),
                    cascade: super::runtime::EventBudget::new(),
                    decision: None,
                    client_address: String::new(),
                    sealed: Default::default(),
                    user_actions: None,
                };
                let request = types::Request {
                    method: "DESCRIBE".into(),
                    path: "/".into(),
                    query: Vec::new(),
                    body: "null".into(),
                    context: context.to_wit(),
                };
                match self.call(plugin.clone(), context, Invocation::Handle(request), 0).await {
                    Ok(Finished { returned: Returned::Response(r), .. }) if r.status == 200 => {
                        Ok(serde_json::from_str(&r.body).ok())
                    }
                    Ok(_) => Ok(None),
                    Err(err) => {
                        tracing::warn!(plugin = %plugin.manifest.id, ?err, "the plugin did not describe its routes");
                        Err(())
                    }
                }
            })
            .await?;
        Ok(described.as_ref())
    }

    /// The fields `plugin` declares sealed in the body of its manifest route `route`: never
    /// written into a record, a log line or an event.
    pub async fn sealed_fields(self: &Arc<Self>, plugin: &Arc<LoadedPlugin>, route: &RouteSpec) -> Arc<SealedFields> {
        let api = match self.description(plugin).await {
            Ok(Some(api)) => api,
            // Built before plugins declared their secrets: only names tell.
            Ok(None) => return Arc::default(),
            // Not known now: nothing of the body is taken for harmless.
            Err(()) => return Arc::new(SealedFields::everything()),
        };
        let by_route = plugin.sealed.get_or_init(|| {
            let definitions = api["schemas"].as_object().cloned().unwrap_or_default();
            plugin
                .manifest
                .routes
                .iter()
                .filter_map(|declared| {
                    let body = described_route(api, &declared.method, &declared.path)?.get("body")?;
                    let fields = SealedFields::of_schema(body, &definitions);
                    Some(((declared.method.clone(), declared.path.clone()), Arc::new(fields)))
                })
                .collect()
        });
        by_route.get(&(route.method.clone(), route.path.clone())).cloned().unwrap_or_default()
    }

    pub fn all(&self) -> Vec<Arc<LoadedPlugin>> {
        self.loaded.read().map(|l| l.values().cloned().collect()).unwrap_or_default()
    }

    /// The plugins a tenant may use: every loaded one for the platform; for an enterprise its
    /// explicit choice, else the plugin's default.
    pub async fn enabled_for(&self, tenant: i64) -> Result<Vec<String>, sqlx::Error> {
        let loaded = self.all();
        if tenant == 0 {
            return Ok(loaded.iter().map(|p| p.manifest.id.clone()).collect());
        }
        let choices: HashMap<String, bool> =
            self.services.db.plugin_choices_of_tenant(tenant).await?.into_iter().collect();
        Ok(loaded
            .iter()
            .filter(|p| choices.get(&p.manifest.id).copied().unwrap_or(p.installed.enabled_by_default))
            .map(|p| p.manifest.id.clone())
            .collect())
    }

    pub fn statuses(&self) -> Vec<PluginStatus> {
        let mut statuses: Vec<PluginStatus> = self
            .all()
            .iter()
            .map(|p| {
                let id = &p.manifest.id;
                PluginStatus {
                    id: id.clone(),
                    name: p.manifest.name.clone(),
                    version: p.manifest.version.to_string(),
                    contract: p.manifest.contract.to_string(),
                    mount: p.manifest.mount.clone(),
                    status: "loaded".into(),
                    error: None,
                    enabled_by_default: p.installed.enabled_by_default,
                    loaded_at: Some(p.loaded_at),
                    calls: ["ok", "error", "trap", "timeout"].iter().map(|o| self.metrics.count(id, o)).sum(),
                    errors: self.metrics.count(id, "error"),
                    traps: self.metrics.count(id, "trap"),
                    timeouts: self.metrics.count(id, "timeout"),
                    memory_peak_bytes: self.metrics.peak(id),
                }
            })
            .collect();
        if let Ok(failed) = self.failed.read() {
            statuses.extend(failed.iter().map(|(id, error)| PluginStatus {
                id: id.clone(),
                name: id.clone(),
                version: String::new(),
                contract: String::new(),
                mount: String::new(),
                status: "failed".into(),
                error: Some(error.clone()),
                enabled_by_default: false,
                loaded_at: None,
                calls: 0,
                errors: 0,
                traps: 0,
                timeouts: 0,
                memory_peak_bytes: 0,
            }));
        }
        statuses
    }

    /// Runs one invocation with a free instance slot, records metrics, and delivers the events
    /// it published once it committed.
    ///
    /// The call runs to its end in a task of its own: a client that leaves drops this future,
    /// not the call, so no transaction is left half-begun or half-committed.
    pub async fn call(
        self: &Arc<Self>,
        plugin: Arc<LoadedPlugin>,
        call: CallContext,
        invocation: Invocation,
        depth: u8,
    ) -> Result<Finished, Failure> {
        let plugins = self.clone();
        // Under the request's span: what the call logs names the request, and a trace shows the
        // call (and its statements) inside the request. At a level the log leaves out.
        let span = tracing::debug_span!("plugin.call", plugin = %plugin.manifest.id, kind = invocation.kind(), depth);
        let call_to_end = async move { plugins.call_to_end(plugin, call, invocation, depth).await };
        // The request's span outside (on at any log level), the call's inside (on with traces).
        tokio::spawn(tracing::Instrument::in_current_span(tracing::Instrument::instrument(call_to_end, span)))
            .await
            .unwrap_or_else(|panicked| Err(Failure::Trap(format!("the call's task failed: {panicked}"))))
    }

    async fn call_to_end(
        self: &Arc<Self>,
        plugin: Arc<LoadedPlugin>,
        call: CallContext,
        invocation: Invocation,
        depth: u8,
    ) -> Result<Finished, Failure> {
        let kind = invocation.kind();
        let started = Instant::now();
        let (result, peak) = {
            let grants = &plugin.installed.grants;
            let wait = std::time::Duration::from_millis(grants.timeout_ms);
            let Some(_held) = self.budget.enter(call.tenant_id, grants.memory_mib, wait).await else {
                return Err(Failure::Instantiate("semaphore: no slot or memory came free within the deadline".into()));
            };
            runtime::invoke(&self.engine, plugin.clone(), self.services.clone(), call.clone(), invocation).await
        };
        let outcome = match &result {
            Ok(Finished { returned: Returned::Response(r), .. }) if r.status == 200 => "ok",
            Ok(Finished { returned: Returned::Unit(Ok(())), .. }) => "ok",
            Ok(_) => "error",
            Err(Failure::Timeout) => "timeout",
            Err(_) => "trap",
        };
        self.metrics.record(&plugin.manifest.id, kind, outcome, started.elapsed().as_secs_f64(), peak);
        if let Err(failure) = &result {
            tracing::warn!(plugin = %plugin.manifest.id, ?failure, "plugin call failed");
        }
        if let Ok(finished) = &result {
            self.deliver(&plugin.manifest.id, &call, &finished.published, depth);
        }
        result
    }

    /// Sends committed events to the shell and to every subscribed plugin enabled for the tenant.
    fn deliver(self: &Arc<Self>, from: &str, call: &CallContext, outgoing: &[Outgoing], depth: u8) {
        for sent in outgoing {
            let (topic, payload) = match sent {
                Outgoing::Event { topic, payload } => (topic, payload),
                Outgoing::Live { plugin, audience, topic, message } => {
                    let (channel, user) = match audience {
                        Audience::Channel(channel) => (Some(channel.clone()), None),
                        Audience::User(user) => (None, Some(*user)),
                    };
                    let event = LiveEvent {
                        tenant_id: call.tenant_id,
                        plugin: plugin.clone(),
                        topic: topic.clone(),
                        payload: serde_json::from_str(message).unwrap_or(serde_json::Value::Null),
                        channel,
                        user,
                        relayed: false,
                    };
                    // A channel's sockets here at once; every event also goes past the cluster's
                    // relay (and the consoles' sockets, which take only theirs).
                    self.sockets.deliver(&event);
                    self.live.publish(event);
                    continue;
                }
            };
            // A plugin it called published it: topics start with their publisher's id.
            let from = topic.split_once('.').map_or(from, |(publisher, _)| publisher);
            let payload_value = serde_json::from_str(payload).unwrap_or(serde_json::Value::Null);
            self.live.publish(LiveEvent {
                tenant_id: call.tenant_id,
                plugin: from.to_string(),
                topic: topic.clone(),
                payload: payload_value,
                channel: None,
                user: None,
                relayed: false,
            });
            if depth >= MAX_EVENT_DEPTH {
                continue;
            }
            let subscribers: Vec<Arc<LoadedPlugin>> = self
                .all()
                .into_iter()
                .filter(|p| p.manifest.subscriptions.iter().any(|s| &s.topic == topic) && p.may_hear(topic))
                .collect();
            for subscriber in subscribers {
                if !call.cascade.take() {
                    if call.cascade.first_refusal() {
                        tracing::warn!(plugin = from, %topic, "the request's cascade used its budget: its further events are not delivered");
                    }
                    continue;
                }
                let Ok(delivery) = self.deliveries.clone().try_acquire_owned() else {
                    self.metrics.event_dropped(from);
                    if call.cascade.first_refusal() {
                        tracing::warn!(plugin = from, %topic, "too many deliveries under way: this request's events are not all delivered");
                    }
                    continue;
                };
                let plugins = self.clone();
                let (topic, payload) = (topic.clone(), payload.clone());
                // The subscriber acts on its own account: never with the publisher's rights.
                let context = CallContext {
                    actions: Vec::new(),
                    decision: None,
                    client_address: String::new(),
                    sealed: Default::default(),
                    user_actions: None,
                    ..call.clone()
                };
                tokio::spawn(async move {
                    let _delivery = delivery;
                    match plugins.enabled_for(context.tenant_id).await {
                        Ok(enabled) if enabled.contains(&subscriber.manifest.id) => {}
                        _ => return,
                    }
                    let event = types::Event { topic, payload, context: context.to_wit() };
                    let _ = plugins.call(subscriber, context, Invocation::Event(event), depth + 1).await;
                });
            }
        }
    }

    /// Devices waiting on long polls in this process.
    pub fn wakes(&self) -> &super::wakes::DeviceWakes {
        &self.services.wakes
    }

    /// Times `iterations` instantiations of a plugin in fresh stores (for `make bench`).
    pub async fn measure_instantiation(&self, id: &str, iterations: usize) -> Vec<std::time::Duration> {
        let Some(plugin) = self.get(id) else { return Vec::new() };
        let mut times = Vec::with_capacity(iterations);
        for _ in 0..iterations {
            let context = CallContext {
                tenant_id: 0,
                user_id: 0,
                platform_user: false,
                user_name: "bench".into(),
                lang: "en".into(),
                actions: Vec::new(),
                request_id: String::new(),
                cascade: EventBudget::new(),
                decision: None,
                client_address: String::new(),
                sealed: Default::default(),
                user_actions: None,
            };
            if let Some(elapsed) =
                runtime::time_instantiation(&self.engine, plugin.clone(), self.services.clone(), context).await
            {
                times.push(elapsed);
            }
        }
        times
    }

    pub fn master_key(&self) -> &MasterKey {
        &self.services.master_key
    }

    pub fn objects(&self) -> &Arc<crate::objects::Objects> {
        &self.services.objects
    }

    pub fn db(&self) -> &Db {
        &self.services.db
    }
}

/// The route of a plugin's description (`{routes: [{method, path, ...}]}`) that serves the
/// manifest route `method path`: its own pattern when described, else the first that serves it
/// (`/{platform}/modes` serves `/alexa/modes`), a fixed segment preferred as the router does.
pub fn described_route<'a>(api: &'a serde_json::Value, method: &str, path: &str) -> Option<&'a serde_json::Value> {
    let described = api["routes"].as_array()?;
    let same_method = |r: &&serde_json::Value| r["method"] == method;
    described
        .iter()
        .filter(same_method)
        .find(|r| r["path"] == path)
        .or_else(|| described.iter().filter(same_method).find(|r| r["path"].as_str().is_some_and(|p| serves(p, path))))
}

/// Whether a router pattern serves a manifest path: same segments, a `{param}` of the pattern
/// standing for any one.
fn serves(pattern: &str, path: &str) -> bool {
    let (pattern, path): (Vec<&str>, Vec<&str>) =
        (pattern.trim_matches('/').split('/').collect(), path.trim_matches('/').split('/').collect());
    pattern.len() == path.len() && pattern.iter().zip(&path).all(|(p, s)| p.starts_with('{') || p == s)
}
