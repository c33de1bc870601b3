//! `plugins.toml`: which plugins this installation has, where their artefacts are, the sha-256
//! each must have, and what the operator grants each (the second key to every capability).

use std::path::{Path, PathBuf};

use serde::Deserialize;
use sha2::{Digest, Sha256};

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Installation {
    #[serde(default, rename = "plugin")]
    pub plugins: Vec<Installed>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Installed {
    pub id: String,
    /// Paths are relative to the folder of plugins.toml.
    pub manifest: PathBuf,
    pub artefact: PathBuf,
    /// Hex sha-256 of the artefact; a different artefact is refused.
    pub sha256: String,
    #[serde(default)]
    pub enabled_by_default: bool,
    #[serde(default)]
    pub grants: Grants,
    /// Built remote (module federation) served at /remotes/<id>/.
    pub remote_dir: Option<PathBuf>,
    /// Digest of the remote's files (see `plugins::remote`); a modified remote is refused.
    #[serde(default)]
    pub remote_sha256: String,
}

/// What the operator allows; every capability is denied unless granted here and requested.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grants {
    #[serde(default)]
    pub template: bool,
    #[serde(default)]
    pub events: bool,
    #[serde(default)]
    pub files: bool,
    /// Certificates signed by the enterprise's CA (contract 0.1.12).
    #[serde(default)]
    pub certificates: bool,
    /// `host` or `host:port` the plugin may call; empty: none.
    #[serde(default)]
    pub outbound_hosts: Vec<String>,
    /// SMTP servers (`host:port`) the plugin may send mail through; empty: none.
    #[serde(default)]
    pub mail_servers: Vec<String>,
    /// Other plugins' event topics the plugin may hear (`pet.created`, or `pet.*`); its own
    /// (`<id>.…`) need no grant.
    #[serde(default)]
    pub subscribe: Vec<String>,
    /// Mounts of the plugins it may call (it declares them in its manifest's `uses` too).
    #[serde(default)]
    pub uses: Vec<String>,
    #[serde(default = "default_timeout_ms")]
    pub timeout_ms: u64,
    #[serde(default = "default_memory_mib")]
    pub memory_mib: u64,
    #[serde(default = "default_response_kib")]
    pub max_response_kib: u64,
    #[serde(default = "default_file_kib")]
    pub max_file_kib: u64,
    /// All the files the plugin keeps for one tenant, together.
    #[serde(default = "default_files_mib")]
    pub max_files_mib: u64,
    /// The largest upload, in MiB, whatever the manifest's purposes ask.
    #[serde(default = "default_upload_mib")]
    pub max_upload_mib: u64,
    /// The documents the plugin's search indexes hold for one tenant, together.
    #[serde(default = "default_search_documents")]
    pub max_search_documents: u64,
    /// The bytes of those documents' text, in MiB.
    #[serde(default = "default_search_mib")]
    pub max_search_mib: u64,
    /// The records the plugin keeps for one tenant, together (`plugins::quota`).
    #[serde(default = "default_records")]
    pub max_records: u64,
    /// Their bytes as stored, in MiB.
    #[serde(default = "default_records_mib")]
    pub max_records_mib: u64,
    /// Its counters for one tenant.
    #[serde(default = "default_counters")]
    pub max_counters: u64,
    /// The device keys it has issued for one tenant.
    #[serde(default = "default_device_keys")]
    pub max_device_keys: u64,
    /// Its approval requests of one tenant waiting for a decision.
    #[serde(default = "default_waiting_requests")]
    pub max_waiting_requests: u64,
}

impl Default for Grants {
    fn default() -> Self {
        Grants {
            template: false,
            events: false,
            files: false,
            certificates: false,
            outbound_hosts: Vec::new(),
            mail_servers: Vec::new(),
            subscribe: Vec::new(),
            uses: Vec::new(),
            timeout_ms: default_timeout_ms(),
            memory_mib: default_memory_mib(),
            max_response_kib: default_response_kib(),
            max_file_kib: default_file_kib(),
            max_files_mib: default_files_mib(),
            max_upload_mib: default_upload_mib(),
            max_search_documents: default_search_documents(),
            max_search_mib: default_search_mib(),
            max_records: default_records(),
            max_records_mib: default_records_mib(),
            max_counters: default_counters(),
            max_device_keys: default_device_keys(),
            max_waiting_requests: default_waiting_requests(),
        }
    }
}

fn default_timeout_ms() -> u64 {
    2000
}
fn default_memory_mib() -> u64 {
    64
}
fn default_response_kib() -> u64 {
    4096
}
fn default_file_kib() -> u64 {
    20 * 1024
}
fn default_files_mib() -> u64 {
    1024
}
/// Media uploads go up to 200 MB.
fn default_upload_mib() -> u64 {
    200
}

fn default_search_documents() -> u64 {
    200_000
}
fn default_search_mib() -> u64 {
    1024
}
fn default_records() -> u64 {
    5_000_000
}
fn default_records_mib() -> u64 {
    4096
}
fn default_counters() -> u64 {
    1_000_000
}
/// A fleet of two million devices per enterprise and plugin.
fn default_device_keys() -> u64 {
    2_000_000
}
fn default_waiting_requests() -> u64 {
    10_000
}

/// The largest memory a grant may give: the pooling allocator's slot size.
pub const MAX_MEMORY_MIB: u64 = 256;

#[derive(Debug, thiserror::Error)]
pub enum InstallationError {
    #[error("{0}: {1}")]
    Read(PathBuf, std::io::Error),
    #[error("{0}: {1}")]
    Parse(PathBuf, String),
    #[error("{file}: plugin `{id}`: field `{field}`: {problem}")]
    Field { file: PathBuf, id: String, field: &'static str, problem: String },
}

impl Installation {
    /// Reads plugins.toml; a missing file is an installation without plugins.
    pub fn load(path: &Path) -> Result<Installation, InstallationError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Installation::default()),
            Err(e) => return Err(InstallationError::Read(path.to_path_buf(), e)),
        };
        let mut installation: Installation =
            toml::from_str(&text).map_err(|e| InstallationError::Parse(path.to_path_buf(), e.message().to_string()))?;
        let base = path.parent().unwrap_or(Path::new("."));
        for plugin in &mut installation.plugins {
            let field = |field, problem: &str| InstallationError::Field {
                file: path.to_path_buf(),
                id: plugin.id.clone(),
                field,
                problem: problem.to_string(),
            };
            if plugin.grants.memory_mib == 0 || plugin.grants.memory_mib > MAX_MEMORY_MIB {
                return Err(field("grants.memory_mib", "from 1 to 256"));
            }
            if plugin.grants.timeout_ms == 0 || plugin.grants.timeout_ms > 600_000 {
                return Err(field("grants.timeout_ms", "from 1 to 600000"));
            }
            plugin.manifest = base.join(&plugin.manifest);
            plugin.artefact = base.join(&plugin.artefact);
            plugin.remote_dir = plugin.remote_dir.as_ref().map(|dir| base.join(dir));
        }
        Ok(installation)
    }
}

/// Writes the sha-256 of each installed artefact into plugins.toml, keeping its comments: what an
/// operator does after building or receiving plugins they trust.
///
/// With `into`, plugins.toml is left as it is and the pinned copy is written there, its paths
/// made absolute: `make run` pins what it just built into the data folder, so a checkout's
/// tracked plugins.toml never changes.
pub fn pin(path: &Path, into: Option<&Path>) -> Result<Vec<(String, String)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut document: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{}: {e}", path.display()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut pinned = Vec::new();
    if let Some(plugins) = document.get_mut("plugin").and_then(|p| p.as_array_of_tables_mut()) {
        for table in plugins.iter_mut() {
            let id = table.get("id").and_then(|v| v.as_str()).unwrap_or("?").to_string();
            let artefact =
                table.get("artefact").and_then(|v| v.as_str()).ok_or_else(|| format!("plugin `{id}`: no artefact"))?;
            let artefact = base.join(artefact);
            let bytes = std::fs::read(&artefact).map_err(|e| format!("{}: {e}", artefact.display()))?;
            let sha = sha256_hex(&bytes);
            table.insert("sha256", toml_edit::value(sha.clone()));
            if let Some(remote) = table.get("remote_dir").and_then(|v| v.as_str()).map(|dir| base.join(dir)) {
                let files =
                    super::remote::RemoteFiles::read(&remote).map_err(|e| format!("{}: {e}", remote.display()))?;
                table.insert("remote_sha256", toml_edit::value(files.digest));
            }
            if into.is_some() {
                for key in ["manifest", "artefact", "remote_dir"] {
                    if let Some(relative) = table.get(key).and_then(|v| v.as_str()).map(str::to_string) {
                        let absolute = std::path::absolute(base.join(relative)).map_err(|e| e.to_string())?;
                        table.insert(key, toml_edit::value(absolute.display().to_string()));
                    }
                }
            }
            pinned.push((id, sha));
        }
    }
    let out = into.unwrap_or(path);
    if let Some(folder) = out.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    }
    std::fs::write(out, document.to_string()).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(pinned)
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}
