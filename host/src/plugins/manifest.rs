//! `plugins/<id>/plugin.toml`: everything the host knows about a plugin without running it.
//! Validated at load; every error names the file and the field.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::i18n::Lang;

/// The contract this host implements (`wit/plugin.wit`).
pub const CONTRACT: semver::Version = semver::Version::new(0, 1, 20);

/// Mounts the core owns; a plugin cannot take them.
const RESERVED_MOUNTS: [&str; 13] = [
    "authority-service",
    "region-service-admin",
    "sync-service",
    "plugin-admin",
    "events",
    "openapi.json",
    "device",
    "files",
    "process-center",
    "pki",
    "oauth",
    "oauth-service",
    "tasks",
];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub id: String,
    pub name: String,
    pub version: semver::Version,
    pub contract: semver::Version,
    pub mount: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub collections: Vec<CollectionSpec>,
    #[serde(default)]
    pub routes: Vec<RouteSpec>,
    #[serde(default)]
    pub menus: Vec<MenuSpec>,
    #[serde(default)]
    pub capabilities: Capabilities,
    #[serde(default)]
    pub schedules: Vec<ScheduleSpec>,
    #[serde(default)]
    pub subscriptions: Vec<SubscriptionSpec>,
    /// The mounts of the plugins this one calls (contract 0.1.3); the operator grants each too.
    #[serde(default)]
    pub uses: Vec<String>,
    /// The plugins (by id) whose device keys may call this plugin's device routes too: an
    /// upgrade plugin serves the devices the device plugin activated. Its own keys always may.
    #[serde(default)]
    pub device_keys_from: Vec<String>,
    /// The kinds of approval the plugin submits (contract 0.1.4).
    #[serde(default)]
    pub approvals: Vec<ApprovalSpec>,
    /// What users may upload for the plugin to claim (contract 0.1.4), by purpose.
    #[serde(default)]
    pub uploads: Vec<UploadSpec>,
    #[serde(default)]
    pub translations: BTreeMap<String, BTreeMap<String, String>>,
    pub remote: Option<RemoteSpec>,
}

/// A kind of approval request: who may decide it, and where the decision goes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApprovalSpec {
    /// `product-audit`: lower-case letters, digits and hyphens.
    pub kind: String,
    /// What the process centre calls it, a key of the manifest's translations.
    pub name: String,
    /// The button action a user must hold to decide.
    pub action: String,
    /// The `caller = "host"` POST route that applies a decision.
    pub route: String,
}

/// One purpose of upload: `/api/files/upload/<mount>/<purpose>` takes files for it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UploadSpec {
    /// `excel`, `media`, `firmware`: lower-case letters, digits and hyphens.
    pub purpose: String,
    /// Who uploads: `user` (the console) or `device` (a device or app with a key the plugin
    /// serves, at `/api/device-files/upload/<mount>/<purpose>`, with no action).
    #[serde(default)]
    pub caller: RouteCaller,
    /// Before contract 0.1.18, the one button action a user must hold to upload. From 0.1.18 the
    /// routes that claim the purpose say so (`uploads` of a route) and a user may upload holding
    /// the action of any of them: the edit form's upload asks for *edit*, the add form's for
    /// *add*, from the one declaration the claim is checked against.
    #[serde(default)]
    pub action: String,
    /// The largest file, in MiB; the operator's `max_upload_mib` caps it.
    pub max_mib: u64,
    /// The kinds taken, told from the content (`image`, `video`, `excel`, `archive`, ...; see
    /// `objects::sniff::KINDS`); empty or `any`: every kind.
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Encrypted files are refused unless this says otherwise.
    #[serde(default)]
    pub allow_encrypted: bool,
}

impl UploadSpec {
    pub fn takes(&self, kind: &str) -> bool {
        self.kinds.is_empty() || self.kinds.iter().any(|k| k == kind || k == "any")
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectionSpec {
    pub name: String,
    /// Top-level fields queried often: each gets an expression index.
    #[serde(default)]
    pub indexes: Vec<String>,
    /// Sets of fields unique per tenant.
    #[serde(default)]
    pub unique: Vec<Vec<String>>,
    /// Sets of fields filtered together (equalities on the first, an equality or a range on the
    /// last): one index answers the filter and its count, where an index per field leaves the
    /// others to be read from each record.
    #[serde(default)]
    pub compound: Vec<Vec<String>>,
    /// The indexed fields whose records are counted per value as they are written (choice lists:
    /// a status, a breed), so that a total filtered by one value is read, not counted. Absent:
    /// every field of `indexes` that is not a unique key of its own. Near-unique fields (a name,
    /// a time) gain nothing from it and cost a row per record, and a write of each record its
    /// counts: name the choice fields. Since contract 0.1.11.
    #[serde(default)]
    pub counted: Option<Vec<String>>,
}

impl CollectionSpec {
    /// The fields counted per value: `counted`, or when it is absent every indexed field but
    /// those unique on their own (an SN: a count of one per record, a row kept for each).
    pub fn counted_fields(&self) -> Vec<String> {
        match &self.counted {
            Some(counted) => counted.clone(),
            None => self
                .indexes
                .iter()
                .filter(|field| !self.unique.iter().any(|key| key.len() == 1 && &key[0] == *field))
                .cloned()
                .collect(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteSpec {
    pub method: String,
    /// Relative to the mount; `{name}` segments are parameters.
    pub path: String,
    /// The button action a caller must hold (user routes only).
    #[serde(default)]
    pub action: String,
    #[serde(default)]
    pub summary: String,
    /// Who calls the route: a console user holding `action`, a device or app with one of the
    /// tenant's device keys for this plugin, at `/api/device/<mount><path>`, another plugin
    /// that `uses` this one, or the host itself (an approval's decision); the last two are
    /// never reachable over HTTP.
    #[serde(default)]
    pub caller: RouteCaller,
    /// A device route whose empty list may wait: `?wait=<seconds>` (1 to 30) holds the request
    /// until the plugin wakes the device (`device-keys.wake`) or the time is up.
    #[serde(default)]
    pub long_poll: bool,
    /// A device route that is a websocket (contract 0.1.10): its first text frame is the body
    /// of a call whose answer names the channels the socket listens to (`live.send`).
    #[serde(default)]
    pub socket: bool,
    /// A device's POST whose calls the host gathers into batches (contract 0.1.17): the path of
    /// the plugin's `host` POST route that takes them (see `plugins::ingest`). Devices signed in
    /// with a key of their own only; a fleet key's calls go one by one.
    #[serde(default)]
    pub batch: Option<String>,
    /// The upload purposes the route claims (contract 0.1.18): its callers may upload for them,
    /// and a claim of a purpose that routes declare is refused to any other route.
    #[serde(default)]
    pub uploads: Vec<String>,
    /// A user's GET answering a file that may run as a task of the task centre (`POST
    /// /tasks/exports`), its file kept in the object store for seven days. A route whose file
    /// holds keys or secrets leaves it off: only its caller's browser ever holds that file.
    #[serde(default)]
    pub task: bool,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RouteCaller {
    #[default]
    User,
    Device,
    Plugin,
    Host,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MenuSpec {
    pub menu_id: i64,
    #[serde(default)]
    pub parent: i64,
    pub name: String,
    pub kind: String,
    pub path: String,
    #[serde(default)]
    pub icon: String,
    #[serde(default = "tenant_scope")]
    pub scope: String,
    #[serde(default)]
    pub hidden: bool,
    #[serde(default)]
    pub buttons: Vec<ButtonSpec>,
}

fn tenant_scope() -> String {
    "tenant".into()
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ButtonSpec {
    pub action: String,
    #[serde(rename = "type")]
    pub button_type: String,
    pub name: String,
}

/// What the plugin asks for; the operator grants in plugins.toml. Audit and log need no grant.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Capabilities {
    #[serde(default)]
    pub template: bool,
    #[serde(default)]
    pub events: bool,
    #[serde(default)]
    pub files: bool,
    #[serde(default)]
    pub http: bool,
    /// Since contract 0.1.1.
    #[serde(default)]
    pub secrets: bool,
    /// Since contract 0.1.2.
    #[serde(default)]
    pub mail: bool,
    /// Full-text indexes; since contract 0.1.9.
    #[serde(default)]
    pub search: bool,
    /// The enterprise's certificate authority; since contract 0.1.12.
    #[serde(default)]
    pub certificates: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleSpec {
    pub name: String,
    /// An interval: `30s`, `5m`, `2h`, `1d`; the first run is at start.
    #[serde(default)]
    pub every: Option<String>,
    /// Or a cron expression, five fields or six with seconds (`0 8 * * *`: daily at 08:00).
    #[serde(default)]
    pub cron: Option<String>,
    /// The IANA time zone `cron` is read in (`Asia/Shanghai`); UTC when not given.
    #[serde(default)]
    pub time_zone: Option<String>,
}

impl ScheduleSpec {
    /// When the schedule runs next after `now_ms`; None for a schedule that does not parse
    /// (refused at load, so not seen at run time).
    pub fn next_after(&self, now_ms: i64) -> Option<i64> {
        match (&self.every, &self.cron) {
            (Some(every), None) => Some(now_ms + i64::try_from(parse_interval(every)?).ok()? * 1000),
            (None, Some(cron)) => {
                let cron = croner::parser::CronParser::builder().build().parse(cron).ok()?;
                let zone = match &self.time_zone {
                    Some(name) => jiff::tz::TimeZone::get(name).ok()?,
                    None => jiff::tz::TimeZone::UTC,
                };
                let now = jiff::Timestamp::from_millisecond(now_ms).ok()?.to_zoned(zone);
                Some(cron.find_next_occurrence(&now, false).ok()?.timestamp().as_millisecond())
            }
            _ => None,
        }
    }

    /// When a schedule first runs: an interval at once, a cron expression at its next time.
    pub fn first_run(&self, now_ms: i64) -> Option<i64> {
        if self.cron.is_some() { self.next_after(now_ms) } else { Some(now_ms) }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionSpec {
    pub topic: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoteSpec {
    pub entry: String,
    #[serde(default)]
    pub exposes: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
#[error("{file}: field `{field}`: {problem}")]
pub struct ManifestError {
    pub file: PathBuf,
    pub field: String,
    pub problem: String,
}

/// Whether a plugin built for `contract` can run on this host: same major, and for 0.x the
/// same minor; never newer than the host.
pub fn contract_compatible(contract: &semver::Version) -> bool {
    let same_line = if CONTRACT.major == 0 {
        contract.major == 0 && contract.minor == CONTRACT.minor
    } else {
        contract.major == CONTRACT.major
    };
    same_line && contract <= &CONTRACT
}

fn is_name(text: &str, max: usize) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && text.len() <= max
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// A JSON field the store may index and filter on: also spliced into SQL, so strictly checked.
pub fn is_field_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && text.len() <= 64
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Parses `30s`, `5m`, `2h`, `1d` into seconds.
pub fn parse_interval(text: &str) -> Option<u64> {
    let (number, unit) = text.trim().split_at(text.trim().len().checked_sub(1)?);
    let number: u64 = number.parse().ok().filter(|n| *n > 0)?;
    let unit = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return None,
    };
    number.checked_mul(unit)
}

impl Manifest {
    pub fn load(path: &Path) -> Result<Manifest, ManifestError> {
        let error =
            |field: &str, problem: String| ManifestError { file: path.to_path_buf(), field: field.into(), problem };
        let text = std::fs::read_to_string(path).map_err(|e| error("(file)", e.to_string()))?;
        let manifest: Manifest = toml::from_str(&text).map_err(|e| {
            let field = e.span().map(|span| text[..span.start].lines().count().to_string()).unwrap_or_default();
            error(&format!("(line {field})"), e.message().to_string())
        })?;
        manifest.validate().map_err(|(field, problem)| error(&field, problem))?;
        Ok(manifest)
    }

    /// Checks every rule; `Err((field, problem))`.
    fn validate(&self) -> Result<(), (String, String)> {
        let fail = |field: &str, problem: &str| Err((field.to_string(), problem.to_string()));
        if !is_name(&self.id, 32) {
            return fail("id", "lower-case letters, digits and hyphens, starting with a letter, at most 32");
        }
        if !is_name(&self.mount, 64) || RESERVED_MOUNTS.contains(&self.mount.as_str()) {
            return fail("mount", "lower-case letters, digits and hyphens, and not a core service prefix");
        }
        if self.name.trim().is_empty() {
            return fail("name", "required");
        }
        if !contract_compatible(&self.contract) {
            return Err((
                "contract".into(),
                format!("built for contract {}, this host implements {CONTRACT}", self.contract),
            ));
        }
        if self.capabilities.search && self.contract < semver::Version::new(0, 1, 9) {
            return fail("capabilities.search", "needs contract 0.1.9 or later");
        }
        if self.capabilities.certificates && self.contract < semver::Version::new(0, 1, 12) {
            return fail("capabilities.certificates", "needs contract 0.1.12 or later");
        }
        if self.capabilities.secrets && self.contract < semver::Version::new(0, 1, 1) {
            return fail("capabilities.secrets", "needs contract 0.1.1 or later");
        }
        if self.capabilities.mail && self.contract < semver::Version::new(0, 1, 2) {
            return fail("capabilities.mail", "needs contract 0.1.2 or later");
        }
        if !self.uses.is_empty() && self.contract < semver::Version::new(0, 1, 3) {
            return fail("uses", "needs contract 0.1.3 or later");
        }
        let mut used = HashSet::new();
        for (i, mount) in self.uses.iter().enumerate() {
            if mount.is_empty() || *mount == self.mount || !used.insert(mount.as_str()) {
                return fail(&format!("uses[{i}]"), "the mount of another plugin, once");
            }
        }
        let mut collections = HashSet::new();
        for (i, c) in self.collections.iter().enumerate() {
            if !is_name(&c.name, 64) || !collections.insert(c.name.as_str()) {
                return fail(&format!("collections[{i}].name"), "a unique lower-case name");
            }
            for field in c.indexes.iter().chain(c.unique.iter().flatten()).chain(c.compound.iter().flatten()) {
                if !is_field_name(field) {
                    return Err((format!("collections[{i}]"), format!("`{field}` is not a field name")));
                }
            }
            if c.unique.iter().any(Vec::is_empty) {
                return fail(&format!("collections[{i}].unique"), "a unique key needs at least one field");
            }
            if c.compound.iter().any(|fields| fields.len() < 2) {
                return fail(&format!("collections[{i}].compound"), "a compound index has two fields or more");
            }
            if let Some(counted) = &c.counted {
                if self.contract < semver::Version::new(0, 1, 11) {
                    return fail(&format!("collections[{i}].counted"), "needs contract 0.1.11 or later");
                }
                if let Some(field) = counted.iter().find(|f| !c.indexes.contains(f)) {
                    return Err((
                        format!("collections[{i}].counted"),
                        format!("`{field}` is not one of the collection's indexes"),
                    ));
                }
            }
        }
        let mut actions = HashSet::new();
        let mut menu_ids = HashSet::new();
        for (i, m) in self.menus.iter().enumerate() {
            if m.menu_id < 1000 || !menu_ids.insert(m.menu_id) {
                return fail(&format!("menus[{i}].menu_id"), "unique, and 1000 or more (lower ids are the core's)");
            }
            if !["group", "page", "link"].contains(&m.kind.as_str()) {
                return fail(&format!("menus[{i}].kind"), "group, page or link");
            }
            if !["tenant", "platform"].contains(&m.scope.as_str()) {
                return fail(&format!("menus[{i}].scope"), "tenant or platform");
            }
            if !m.path.starts_with('/') {
                return fail(&format!("menus[{i}].path"), "a route path starting with /");
            }
            if m.parent != 0
                && m.parent >= 1000
                && !self.menus.iter().any(|p| p.menu_id == m.parent && p.kind == "group")
            {
                return fail(&format!("menus[{i}].parent"), "0, a core group, or a group of this manifest");
            }
            for (j, b) in m.buttons.iter().enumerate() {
                if b.action.trim().is_empty() || !actions.insert(b.action.as_str()) {
                    return fail(&format!("menus[{i}].buttons[{j}].action"), "a unique, non-empty action");
                }
            }
        }
        let mut routes = HashSet::new();
        for (i, r) in self.routes.iter().enumerate() {
            if !["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&r.method.as_str()) {
                return fail(&format!("routes[{i}].method"), "GET, POST, PUT, PATCH or DELETE");
            }
            if !r.path.starts_with('/') || !routes.insert((r.caller, r.method.as_str(), r.path.as_str())) {
                return fail(&format!("routes[{i}].path"), "a unique path starting with /");
            }
            if r.long_poll && (r.caller != RouteCaller::Device || r.method != "GET") {
                return fail(&format!("routes[{i}].long_poll"), "a long poll is a device's GET");
            }
            if r.task && (r.caller != RouteCaller::User || r.method != "GET") {
                return fail(&format!("routes[{i}].task"), "a task is a user's GET");
            }
            if r.socket && (r.caller != RouteCaller::Device || r.method != "GET" || r.long_poll) {
                return fail(&format!("routes[{i}].socket"), "a socket is a device's GET, and no long poll");
            }
            if r.socket && self.contract < semver::Version::new(0, 1, 10) {
                return fail(&format!("routes[{i}].socket"), "needs contract 0.1.10 or later");
            }
            if let Some(batch) = &r.batch {
                let field = format!("routes[{i}].batch");
                if self.contract < semver::Version::new(0, 1, 17) {
                    return fail(&field, "needs contract 0.1.17 or later");
                }
                if r.caller != RouteCaller::Device || r.method != "POST" || r.long_poll || r.socket {
                    return fail(&field, "only a device's POST is taken in batches");
                }
                let takes =
                    self.routes.iter().any(|t| t.caller == RouteCaller::Host && t.method == "POST" && t.path == *batch);
                if !takes {
                    return fail(&field, "the path of a POST route of this manifest with caller = \"host\"");
                }
            }
            for (j, purpose) in r.uploads.iter().enumerate() {
                let field = format!("routes[{i}].uploads[{j}]");
                if self.contract < semver::Version::new(0, 1, 18) {
                    return fail(&field, "needs contract 0.1.18 or later");
                }
                if self.upload(purpose).is_none_or(|u| u.caller != r.caller) {
                    return fail(&field, "an upload purpose of this manifest for the route's caller");
                }
            }
            if r.caller == RouteCaller::Device {
                if !r.action.is_empty() {
                    return fail(
                        &format!("routes[{i}].action"),
                        "a device route has no action: its device key is its right",
                    );
                }
            } else if r.caller == RouteCaller::Host {
                if !r.action.is_empty() {
                    return fail(&format!("routes[{i}].action"), "a host route has no action: the host calls it");
                }
            } else if r.caller == RouteCaller::Plugin {
                // Optional: a route that answers what only some users may read names the action
                // a user calling through another plugin must hold; without one it is open to
                // every plugin that uses this one.
                if !r.action.is_empty() && !actions.contains(r.action.as_str()) {
                    return Err((
                        format!("routes[{i}].action"),
                        format!("`{}` is not a button of this manifest's menus", r.action),
                    ));
                }
            } else if !actions.contains(r.action.as_str()) {
                return Err((
                    format!("routes[{i}].action"),
                    format!("`{}` is not a button of this manifest's menus, so no role could be granted it", r.action),
                ));
            }
        }
        for (i, id) in self.device_keys_from.iter().enumerate() {
            if !is_name(id, 64) || *id == self.id {
                return fail(&format!("device_keys_from[{i}]"), "the id of another plugin");
            }
        }
        if !self.uploads.is_empty() && self.contract < semver::Version::new(0, 1, 4) {
            return fail("uploads", "needs contract 0.1.4 or later");
        }
        if !self.approvals.is_empty() && self.contract < semver::Version::new(0, 1, 4) {
            return fail("approvals", "needs contract 0.1.4 or later");
        }
        let mut kinds = HashSet::new();
        for (i, a) in self.approvals.iter().enumerate() {
            if !is_name(&a.kind, 32) || !kinds.insert(a.kind.as_str()) {
                return fail(&format!("approvals[{i}].kind"), "a unique lower-case name");
            }
            if !actions.contains(a.action.as_str()) {
                return fail(&format!("approvals[{i}].action"), "a button of this manifest's menus");
            }
            if !self.routes.iter().any(|r| r.caller == RouteCaller::Host && r.method == "POST" && r.path == a.route) {
                return fail(&format!("approvals[{i}].route"), "a POST route of this manifest with caller = \"host\"");
            }
            if self.translations.get("en").is_none_or(|t| !t.contains_key(&a.name)) {
                return fail(&format!("approvals[{i}].name"), "a key of the manifest's translations");
            }
        }
        let mut purposes = HashSet::new();
        for (i, u) in self.uploads.iter().enumerate() {
            if !is_name(&u.purpose, 32) || !purposes.insert(u.purpose.as_str()) {
                return fail(&format!("uploads[{i}].purpose"), "a unique lower-case name");
            }
            let claimed = self.routes.iter().any(|r| r.uploads.contains(&u.purpose));
            match u.caller {
                RouteCaller::User if claimed && !u.action.is_empty() => {
                    return fail(
                        &format!("uploads[{i}].action"),
                        "none: the routes that claim the purpose give its right (`uploads` of a route)",
                    );
                }
                RouteCaller::User if !claimed && !actions.contains(u.action.as_str()) => {
                    return fail(
                        &format!("uploads[{i}].action"),
                        "a button of this manifest's menus, or routes that claim the purpose",
                    );
                }
                RouteCaller::Device if !u.action.is_empty() => {
                    return fail(&format!("uploads[{i}].action"), "none: a device holds no button action");
                }
                RouteCaller::Plugin | RouteCaller::Host => {
                    return fail(&format!("uploads[{i}].caller"), "`user` or `device`");
                }
                _ => {}
            }
            if u.max_mib == 0 {
                return fail(&format!("uploads[{i}].max_mib"), "1 or more");
            }
            if let Some(kind) =
                u.kinds.iter().find(|k| *k != "any" && !crate::objects::sniff::KINDS.contains(&k.as_str()))
            {
                return Err((format!("uploads[{i}].kinds"), format!("`{kind}` is not a kind of file the host tells")));
            }
            if !self.capabilities.files {
                return fail(&format!("uploads[{i}]"), "claiming an upload needs `capabilities.files`");
            }
        }
        for (i, s) in self.schedules.iter().enumerate() {
            match (&s.every, &s.cron) {
                (Some(every), None) if parse_interval(every).is_none() => {
                    return fail(&format!("schedules[{i}].every"), "an interval such as 30s, 5m, 2h or 1d");
                }
                (None, Some(cron)) if croner::parser::CronParser::builder().build().parse(cron).is_err() => {
                    return fail(&format!("schedules[{i}].cron"), "a cron expression such as `0 8 * * *`");
                }
                (Some(_), Some(_)) | (None, None) => {
                    return fail(&format!("schedules[{i}]"), "either `every` or `cron`");
                }
                _ => {}
            }
            if let Some(zone) = &s.time_zone
                && (s.cron.is_none() || jiff::tz::TimeZone::get(zone).is_err())
            {
                return fail(&format!("schedules[{i}].time_zone"), "an IANA time zone (Asia/Shanghai), with `cron`");
            }
        }
        for lang in Lang::ALL {
            if !self.translations.contains_key(lang.code()) {
                return Err(("translations".into(), format!("missing the `{}` language", lang.code())));
            }
        }
        // Complete: every text English has, in every language (else it would show in English).
        let english = self.translations.get("en").map(|t| t.keys().collect::<Vec<_>>()).unwrap_or_default();
        for (lang, texts) in &self.translations {
            if let Some(key) = english.iter().find(|key| texts.get(key.as_str()).is_none_or(|t| t.trim().is_empty())) {
                return Err((format!("translations.{lang}"), format!("missing `{key}`, which `en` has")));
            }
        }
        if let Some(unknown) = self.translations.keys().find(|k| Lang::parse(k).is_none_or(|l| l.code() != k.as_str()))
        {
            return Err(("translations".into(), format!("unknown language `{unknown}`")));
        }
        Ok(())
    }

    pub fn approval(&self, kind: &str) -> Option<&ApprovalSpec> {
        self.approvals.iter().find(|a| a.kind == kind)
    }

    pub fn upload(&self, purpose: &str) -> Option<&UploadSpec> {
        self.uploads.iter().find(|u| u.purpose == purpose)
    }

    /// The button actions any one of which lets a user upload for `purpose`: those of the user
    /// routes that claim it, or the purpose's own action (before contract 0.1.18).
    pub fn upload_actions(&self, purpose: &str) -> Vec<&str> {
        let mut actions: Vec<&str> = self
            .routes
            .iter()
            .filter(|r| r.caller == RouteCaller::User && r.uploads.iter().any(|p| p == purpose))
            .map(|r| r.action.as_str())
            .collect();
        if let Some(own) = self.upload(purpose).map(|u| u.action.as_str()).filter(|a| !a.is_empty()) {
            actions.push(own);
        }
        actions
    }

    /// Whether a call of `route` may claim an upload for `purpose`: when routes declare the
    /// purpose, only they may (a claim elsewhere would ask its uploader for a right the form
    /// behind it does not need); a purpose no route declares is claimed by any call.
    pub fn may_claim(&self, route: Option<&RouteSpec>, purpose: &str) -> bool {
        let declared = self.routes.iter().any(|r| r.uploads.iter().any(|p| p == purpose));
        !declared || route.is_some_and(|r| r.uploads.iter().any(|p| p == purpose))
    }

    pub fn collection(&self, name: &str) -> Option<&CollectionSpec> {
        self.collections.iter().find(|c| c.name == name)
    }
}

#[cfg(test)]
mod tests {
    /// The product plugins are installed together (`make run`): the host refuses a plugin whose
    /// button action another already defines, so no two of them may share one.
    #[test]
    fn the_product_plugins_share_no_action() {
        let plugins = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins");
        let mut owners: std::collections::HashMap<String, String> = std::collections::HashMap::new();
        for entry in std::fs::read_dir(&plugins).expect("plugins").flatten() {
            let path = entry.path().join("plugin.toml");
            if !path.exists() {
                continue;
            }
            let manifest = super::Manifest::load(&path).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
            for button in manifest.menus.iter().flat_map(|m| m.buttons.iter()) {
                if let Some(other) = owners.insert(button.action.clone(), manifest.id.clone()) {
                    panic!("`{}` is defined by both {other} and {}", button.action, manifest.id);
                }
            }
        }
        assert!(owners.len() > 100, "{} actions", owners.len());
    }

    use super::*;

    #[test]
    fn contract_compatibility_follows_semver() {
        assert!(contract_compatible(&semver::Version::new(0, 1, 0)));
        assert!(!contract_compatible(&semver::Version::new(0, 2, 0)));
        assert!(!contract_compatible(&semver::Version::new(1, 0, 0)));
        for patch in 0..=CONTRACT.patch {
            assert!(contract_compatible(&semver::Version::new(0, 1, patch)), "0.1.{patch}: every older patch runs");
        }
        assert!(!contract_compatible(&semver::Version::new(0, 1, CONTRACT.patch + 1)), "newer than the host");
    }

    #[test]
    fn cron_schedules_run_at_their_wall_clock_time_in_their_zone() {
        let schedule = |cron: &str, zone: Option<&str>| ScheduleSpec {
            name: "report".into(),
            every: None,
            cron: Some(cron.into()),
            time_zone: zone.map(String::from),
        };
        let at = |text: &str| text.parse::<jiff::Timestamp>().expect("time").as_millisecond();
        // Daily at 08:00 in Shanghai (UTC+8) is 00:00 UTC.
        let daily = schedule("0 8 * * *", Some("Asia/Shanghai"));
        assert_eq!(daily.next_after(at("2026-11-23T10:00:00Z")), Some(at("2026-11-24T00:00:00Z")));
        assert_eq!(daily.first_run(at("2026-11-23T10:00:00Z")), Some(at("2026-11-24T00:00:00Z")));
        // 08:00 in New York is 12:00 UTC in summer and 13:00 UTC in winter.
        let new_york = schedule("0 8 * * *", Some("America/New_York"));
        assert_eq!(new_york.next_after(at("2026-10-31T13:00:00Z")), Some(at("2026-11-01T13:00:00Z")));
        assert_eq!(new_york.next_after(at("2026-07-01T13:00:00Z")), Some(at("2026-07-02T12:00:00Z")));
        // Mondays at 09:30 UTC.
        let weekly = schedule("30 9 * * MON", None);
        assert_eq!(weekly.next_after(at("2026-11-23T09:30:00Z")), Some(at("2026-11-30T09:30:00Z")));
        // An interval runs at once, then every period.
        let every = ScheduleSpec { name: "tick".into(), every: Some("5m".into()), cron: None, time_zone: None };
        assert_eq!(every.first_run(1_000), Some(1_000));
        assert_eq!(every.next_after(1_000), Some(301_000));
    }

    #[test]
    fn intervals() {
        assert_eq!(parse_interval("30s"), Some(30));
        assert_eq!(parse_interval("2h"), Some(7200));
        assert_eq!(parse_interval("0s"), None);
        assert_eq!(parse_interval("1w"), None);
    }

    #[test]
    fn every_product_plugin_manifest_is_valid() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins");
        let mut seen = Vec::new();
        for entry in std::fs::read_dir(dir).expect("plugins folder").flatten().filter(|e| e.path().is_dir()) {
            let manifest = Manifest::load(&entry.path().join("plugin.toml")).unwrap_or_else(|e| panic!("{e}"));
            seen.push(manifest.id);
        }
        assert!(seen.contains(&"pet".to_string()) && seen.len() >= 2, "{seen:?}");
    }

    #[test]
    fn an_upload_purpose_names_an_action_for_users_and_none_for_devices() {
        let dir = tempfile::tempdir().expect("dir");
        let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/app/plugin.toml");
        let text = std::fs::read_to_string(app).expect("app manifest");
        let device_purpose = "purpose = \"app-log\"\ncaller = \"device\"\n";
        assert!(text.contains(device_purpose));
        let path = dir.path().join("plugin.toml");
        for (changed, field) in [
            (format!("{device_purpose}action = \"app:product:edit\"\n"), ".action"),
            ("purpose = \"app-log\"\n".to_string(), ".action"),
            ("purpose = \"app-log\"\ncaller = \"plugin\"\n".to_string(), ".caller"),
        ] {
            std::fs::write(&path, text.replace(device_purpose, &changed)).expect("write");
            let err = Manifest::load(&path).expect_err("refused").to_string();
            assert!(err.contains("uploads[") && err.contains(field), "{field}: {err}");
        }
    }

    /// Over every plugin of the product: a route that imports an Excel workbook (it claims an
    /// upload that takes Excel alone) offers the workbook to fill in at `GET <its path>-template`,
    /// under the import's own right, so whoever may import may fetch it.
    #[test]
    fn every_excel_import_offers_its_template() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins");
        let mut imports = 0;
        for entry in std::fs::read_dir(dir).expect("plugins folder").flatten().filter(|e| e.path().is_dir()) {
            let m = Manifest::load(&entry.path().join("plugin.toml")).unwrap_or_else(|e| panic!("{e}"));
            let workbooks: Vec<&str> =
                m.uploads.iter().filter(|u| u.kinds == ["excel"]).map(|u| u.purpose.as_str()).collect();
            for import in m.routes.iter().filter(|r| r.uploads.iter().any(|p| workbooks.contains(&p.as_str()))) {
                imports += 1;
                let template = format!("{}-template", import.path);
                let offered = m.routes.iter().find(|r| r.method == "GET" && r.path == template);
                let offered = offered.unwrap_or_else(|| panic!("{}: {} has no GET {template}", m.id, import.path));
                assert_eq!(offered.action, import.action, "{}: {template} is not under the import's right", m.id);
            }
        }
        assert!(imports >= 6, "{imports} imports");
    }

    fn product_manifest() -> (String, Manifest) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/product/plugin.toml");
        (std::fs::read_to_string(&path).expect("product manifest"), Manifest::load(&path).expect("loads"))
    }

    /// Over every plugin of the product: a user uploads for a purpose holding the right of a
    /// form that claims it, never of a form he may not open; a resource whose add form takes a
    /// file takes it when edited too, so an editor who replaces a picture is not refused (and,
    /// by the 403, signed out) for lacking *add*.
    #[test]
    fn every_upload_is_open_to_the_rights_of_the_forms_that_claim_it() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins");
        let mut purposes = 0;
        for entry in std::fs::read_dir(dir).expect("plugins folder").flatten().filter(|e| e.path().is_dir()) {
            let m = Manifest::load(&entry.path().join("plugin.toml")).unwrap_or_else(|e| panic!("{e}"));
            for upload in m.uploads.iter().filter(|u| u.caller == RouteCaller::User) {
                purposes += 1;
                let at = format!("{}: {}", m.id, upload.purpose);
                assert!(upload.action.is_empty(), "{at} names its own action; its routes give the right");
                let claiming: Vec<&RouteSpec> = m
                    .routes
                    .iter()
                    .filter(|r| r.caller == RouteCaller::User && r.uploads.contains(&upload.purpose))
                    .collect();
                assert!(!claiming.is_empty(), "{at}: no route claims it");
                for add in claiming.iter().filter(|r| r.method == "POST") {
                    let edit = format!("{}/{{id}}", add.path);
                    if let Some(edit) =
                        m.routes.iter().find(|r| r.caller == RouteCaller::User && r.method == "PUT" && r.path == edit)
                    {
                        assert!(
                            edit.uploads.contains(&upload.purpose),
                            "{at}: added at POST {} but not taken by PUT {}",
                            add.path,
                            edit.path
                        );
                    }
                }
                // A right some role can hold: a button of the manifest's menus.
                let buttons: Vec<&str> =
                    m.menus.iter().flat_map(|menu| menu.buttons.iter().map(|b| b.action.as_str())).collect();
                assert!(
                    m.upload_actions(&upload.purpose).iter().all(|action| buttons.contains(action)),
                    "{at}: {:?}",
                    m.upload_actions(&upload.purpose)
                );
            }
        }
        assert!(purposes >= 20, "{purposes} purposes");
    }

    #[test]
    fn only_the_routes_that_claim_a_purpose_may_claim_it() {
        let (_, m) = product_manifest();
        assert_eq!(m.upload_actions("category-picture"), ["product:category:add", "product:category:edit"]);
        let route = |method: &str, path: &str| m.routes.iter().find(|r| r.method == method && r.path == path);
        assert!(m.may_claim(route("PUT", "/categories/{id}"), "category-picture"));
        assert!(!m.may_claim(route("PUT", "/units/{id}"), "category-picture"));
        assert!(!m.may_claim(None, "category-picture"), "a job or an event claims no form's upload");
    }

    #[test]
    fn a_route_s_uploads_are_purposes_of_its_caller_from_contract_0_1_18() {
        let (text, _) = product_manifest();
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("plugin.toml");
        let claimed = "uploads = [\"category-picture\"]";
        for (changed, field, problem) in [
            (text.replace("contract = \"0.1.18\"", "contract = \"0.1.17\""), ".uploads[0]", "0.1.18"),
            (text.replacen(claimed, "uploads = [\"category-pictures\"]", 1), ".uploads[0]", "purpose"),
            (
                text.replace(
                    "purpose = \"category-picture\"\n",
                    "purpose = \"category-picture\"\naction = \"product:category:add\"\n",
                ),
                "uploads[0].action",
                "routes that claim",
            ),
        ] {
            std::fs::write(&path, changed).expect("write");
            let err = Manifest::load(&path).expect_err("refused").to_string();
            assert!(err.contains(field) && err.contains(problem), "{field}: {err}");
        }
    }

    /// `certificates` (contract 0.1.12) is refused to a plugin built for an older contract.
    #[test]
    fn the_certificates_capability_needs_contract_0_1_12() {
        let dir = tempfile::tempdir().expect("dir");
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/device-access/plugin.toml");
        let text = std::fs::read_to_string(&source).expect("device-access manifest");
        assert!(Manifest::load(&source).expect("loads").capabilities.certificates);
        let path = dir.path().join("plugin.toml");
        let older: String = text
            .lines()
            .map(|line| if line.starts_with("contract =") { "contract = \"0.1.11\"" } else { line })
            .collect::<Vec<_>>()
            .join("\n");
        std::fs::write(&path, older).expect("write");
        let err = Manifest::load(&path).expect_err("refused").to_string();
        assert!(err.contains("capabilities.certificates") && err.contains("0.1.12"), "{err}");
    }

    /// A manifest without its uploads, as a plugin built for an older contract would be.
    fn without_uploads(text: &str) -> String {
        let mut kept = Vec::new();
        let mut in_upload = false;
        for line in text.lines() {
            in_upload = line == "[[uploads]]" || (in_upload && !line.trim().is_empty());
            if !in_upload && !line.starts_with("uploads = [") {
                kept.push(line);
            }
        }
        kept.join("\n")
    }

    /// `counted` (contract 0.1.11) names some of the indexes; absent, every index is counted.
    #[test]
    fn counted_fields_are_indexes_and_need_contract_0_1_11() {
        let dir = tempfile::tempdir().expect("dir");
        let pet = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/pet/plugin.toml");
        let text = std::fs::read_to_string(pet).expect("pet manifest");
        let manifest = Manifest::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/pet/plugin.toml"))
            .expect("pet manifest");
        let pets = manifest.collections.iter().find(|c| c.name == "pets").expect("pets");
        assert_eq!(pets.counted_fields(), ["breedId", "sterilized"]);
        let path = dir.path().join("plugin.toml");
        let counted = "counted = [\"breedId\", \"sterilized\"]";
        assert!(text.contains(counted));
        for (changed, problem) in [
            (text.replace(counted, "counted = [\"breedId\", \"nickname\"]"), "`nickname` is not one of"),
            (without_uploads(&text).replace("contract = \"0.1.18\"", "contract = \"0.1.10\""), "needs contract 0.1.11"),
        ] {
            std::fs::write(&path, changed).expect("write");
            let err = Manifest::load(&path).expect_err("refused").to_string();
            assert!(err.contains(".counted") && err.contains(problem), "{err}");
        }
        std::fs::write(&path, text.replace(counted, "")).expect("write");
        let manifest = Manifest::load(&path).expect("without counted");
        let pets = manifest.collections.iter().find(|c| c.name == "pets").expect("pets");
        assert_eq!(pets.counted_fields(), ["petName", "breedId", "deviceSn", "sterilized"], "every index");
    }

    #[test]
    fn a_translation_missing_in_one_language_is_refused() {
        let dir = tempfile::tempdir().expect("dir");
        let pet = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/pet/plugin.toml");
        let text = std::fs::read_to_string(pet).expect("pet manifest");
        let path = dir.path().join("plugin.toml");
        std::fs::write(
            &path,
            text.replace("[translations.de]\n\"menu.5000\" = \"Haustierverwaltung\"\n", "[translations.de]\n"),
        )
        .expect("write");
        let err = Manifest::load(&path).expect_err("refused").to_string();
        assert!(err.contains("translations.de") && err.contains("menu.5000"), "{err}");
    }

    #[test]
    fn errors_name_file_and_field() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("plugin.toml");
        let base = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/pet/plugin.toml"))
            .expect("pet manifest");
        let cases = [
            (base.replace("mount = \"pet-service\"", "mount = \"authority-service\""), "`mount`"),
            (base.replace("contract = \"0.1.18\"", "contract = \"2.0.0\""), "`contract`"),
            (
                base.replace("action = \"pet:record:add\"\nsummary", "action = \"pet:nothing\"\nsummary"),
                "`pet:nothing` is not a button",
            ),
            (base.replace("[translations.ru]", "[translations.xx]"), "`translations`"),
            (base.replace("[capabilities]", "") + "\n[capabilities]\nsockets = true\n", "unknown field"),
        ];
        for (text, needle) in cases {
            std::fs::write(&path, text).expect("write");
            let err = Manifest::load(&path).expect_err("invalid").to_string();
            assert!(err.contains("plugin.toml") && err.contains(needle), "{err}");
        }
    }
}
