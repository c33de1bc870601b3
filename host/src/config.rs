//! Configuration from flags and environment variables (flags win).

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;

#[derive(Debug, Clone, Parser)]
#[command(name = "console-host", about = "Device Console core host", version)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "CONSOLE_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// `json` writes the log as one JSON object a line (for a log collector); anything else,
    /// text.
    #[arg(long, env = "CONSOLE_LOG_FORMAT", default_value = "text")]
    pub log_format: String,

    /// An OpenTelemetry collector's OTLP/HTTP base address (`http://127.0.0.1:4318`): each
    /// request's trace (its plugin calls and SQL statements) is sent there as JSON. Off when
    /// unset; `OTEL_BSP_*` tune the batches.
    #[arg(long, env = "CONSOLE_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,

    /// On SIGTERM or SIGINT, how long in-flight requests and device sessions get to finish
    /// before the host exits all the same.
    #[arg(long, env = "CONSOLE_SHUTDOWN_GRACE_SECS", default_value_t = 25)]
    pub shutdown_grace_secs: u64,

    /// Database URL; the embedded SQLite file is created on first start.
    #[arg(long, env = "CONSOLE_DATABASE_URL", default_value = "sqlite://data/console.db")]
    pub database_url: String,

    /// Folder for the host's files (initial admin password, object storage, compile cache).
    #[arg(long, env = "CONSOLE_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,

    /// The key that seals plugins' secrets at rest: 64 hex digits. When unset, one is generated
    /// into `<data>/master.key` (mode 0600) on first start; keep that file with the database.
    #[arg(long, env = "CONSOLE_MASTER_KEY", hide_env_values = true)]
    pub master_key: Option<String>,

    /// Password of the first platform administrator; generated and printed once when unset.
    #[arg(long, env = "CONSOLE_ADMIN_PASSWORD", hide_env_values = true)]
    pub admin_password: Option<String>,

    /// Session lifetime in seconds.
    #[arg(long, env = "CONSOLE_SESSION_TTL_SECS", default_value_t = 12 * 3600)]
    pub session_ttl_secs: i64,

    /// One session per account: a new sign-in ends the older one (code 507).
    #[arg(long, env = "CONSOLE_SINGLE_SESSION", default_value_t = true, action = clap::ArgAction::Set)]
    pub single_session: bool,

    /// Failed sign-ins of one account before it is locked.
    #[arg(long, env = "CONSOLE_LOGIN_MAX_FAILURES", default_value_t = 5)]
    pub login_max_failures: i64,

    /// Failed sign-ins from one address (any account) before the address is locked.
    #[arg(long, env = "CONSOLE_LOGIN_MAX_FAILURES_PER_IP", default_value_t = 20)]
    pub login_max_failures_per_ip: i64,

    /// Length of the lock, and of the window in which failures are counted, in minutes.
    #[arg(long, env = "CONSOLE_LOGIN_LOCK_MINUTES", default_value_t = 15)]
    pub login_lock_minutes: i64,

    /// Object storage for plugin files and uploads: `s3://bucket/prefix` (credentials, region and
    /// endpoint from `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, `AWS_ENDPOINT`);
    /// unset, the local folder `<data>/objects`.
    #[arg(long, env = "CONSOLE_OBJECT_STORE")]
    pub object_store: Option<String>,

    /// The installation's plugins and the operator's grants.
    #[arg(long, env = "CONSOLE_PLUGINS", default_value = "plugins.toml")]
    pub plugins: PathBuf,

    /// Where compiled plugins are cached (default: `<data>/cache`).
    #[arg(long, env = "CONSOLE_CACHE_DIR")]
    pub cache_dir: Option<PathBuf>,

    /// The built console shell, served at `/`.
    #[arg(long, env = "CONSOLE_SHELL_DIR", default_value = "shell/dist")]
    pub shell_dir: PathBuf,

    /// Development: reload a plugin when its artefact changes on disk, trusting the new build.
    #[arg(long, env = "CONSOLE_DEV", default_value_t = false)]
    pub dev: bool,

    /// Write the sha-256 of every artefact into plugins.toml, then exit (after building plugins).
    #[arg(long)]
    pub pin_plugins: bool,

    /// With `--pin-plugins`: leave plugins.toml as it is and write the pinned copy here.
    #[arg(long, requires = "pin_plugins")]
    pub pin_into: Option<PathBuf>,

    /// Memory all plugin calls under way may take together, in MiB: a call waits for its grant's
    /// `memory_mib` to fit (each call is also capped alone).
    #[arg(long, env = "CONSOLE_PLUGIN_MEMORY_MIB", default_value_t = 1024)]
    pub plugin_memory_mib: u32,

    /// The bearer token a Prometheus scraper sends to `/metrics`; unset, `/metrics` is off (404).
    #[arg(long, env = "CONSOLE_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,

    /// The address devices and services reach this console at (`https://console.example.com`),
    /// written in the certificates the enterprises' CAs sign as where their revocation list is.
    /// Unset: `http://` and the listening address.
    #[arg(long, env = "CONSOLE_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Where devices are told to reach MQTT (`mqtt://mqtt.example.com:1883`), as the fleet-key
    /// page says. Unset: the console's host name with the embedded gateway's ports (and nothing
    /// with an external broker, whose address is the operator's to give).
    #[arg(long, env = "CONSOLE_DEVICE_MQTT_URL")]
    pub device_mqtt_url: Option<String>,

    /// The portals (`https://` origins, comma-separated) a user who signed in from one is sent
    /// back to when the session ends; a `from` naming any other address is ignored.
    #[arg(long, env = "CONSOLE_PORTAL_ORIGINS", value_delimiter = ',')]
    pub portal_origins: Vec<String>,

    /// The workflow service the /process-manage menu opens, per environment (comma-separated
    /// `env=url`, env one of local, dev, test, prod, told by the prefix of the host name the
    /// console is reached at; a bare url for the others). Unset: the menu entry is not shown.
    #[arg(long, env = "CONSOLE_PROCESS_MANAGE_LINKS", value_delimiter = ',')]
    pub process_manage_links: Vec<crate::links::EnvLink>,

    /// The big-data site the /data-analysis menu opens, per environment, as above.
    #[arg(long, env = "CONSOLE_DATA_ANALYSIS_LINKS", value_delimiter = ',')]
    pub data_analysis_links: Vec<crate::links::EnvLink>,

    /// The proxies in front of the host (comma-separated addresses or networks, `10.0.0.0/8`,
    /// `::1`): a request from one of them names its client in `x-forwarded-for`, the last hop
    /// there that is not itself one of them. Unset, no header is believed: the client is the peer.
    #[arg(long, env = "CONSOLE_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_network)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    /// How often an app's or device's websocket is authorised again (its key, its plugin, the
    /// route's answer), in seconds: a revoked key or a refused user is cut off within this.
    #[arg(long, env = "CONSOLE_SOCKET_RECHECK_SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub socket_recheck_secs: u64,

    /// Where the embedded MQTT gateway listens for devices (MQTT 3.1.1 over TCP; `docs/mqtt.md`),
    /// or `off`. The address taken already, the host serves HTTP without it and says so.
    #[arg(long, env = "CONSOLE_MQTT_LISTEN", default_value = "127.0.0.1:1883")]
    pub mqtt_listen: String,

    /// Where devices' MQTT goes: `embedded` (the host's own gateway on the listeners below) or
    /// `external` (a broker cluster, EMQX or Mosquitto, the hosts its clients sharing the
    /// devices' traffic through a shared subscription; `docs/mqtt.md`).
    #[arg(long, env = "CONSOLE_MQTT", value_enum, default_value_t = MqttMode::Embedded)]
    pub mqtt: MqttMode,

    /// The external broker, `host:port` (MQTT 5 over TCP).
    #[arg(long, env = "CONSOLE_MQTT_BROKER", default_value = "127.0.0.1:1883")]
    pub mqtt_broker: String,

    /// The host's user name and password at the external broker.
    #[arg(long, env = "CONSOLE_MQTT_BROKER_USER", default_value = "")]
    pub mqtt_broker_user: String,
    #[arg(long, env = "CONSOLE_MQTT_BROKER_PASSWORD", default_value = "", hide_env_values = true)]
    pub mqtt_broker_password: String,

    /// The bearer the external broker's HTTP authentication presents at `/api/mqtt/authenticate`
    /// (EMQX 5); unset, that route answers 404.
    #[arg(long, env = "CONSOLE_MQTT_HOOK_TOKEN", hide_env_values = true)]
    pub mqtt_hook_token: Option<String>,

    /// The shared subscription group the hosts split the devices' messages in.
    #[arg(long, env = "CONSOLE_MQTT_SHARE_GROUP", default_value = "console")]
    pub mqtt_share_group: String,

    /// Where the external broker tells of devices connecting and leaving: `{prefix}/connected`
    /// and `{prefix}/disconnected`, EMQX's client events (`{username, clientid, reason}`), or
    /// `off`. Only the broker and the hosts may publish there.
    #[arg(long, env = "CONSOLE_MQTT_PRESENCE_TOPIC", default_value = "$SYS/brokers/+/clients/+")]
    pub mqtt_presence_topic: String,

    /// Where the gateway takes MQTT over TLS with the devices' client certificates (issued by
    /// their enterprises' CAs on the device-access pages), or `off`.
    #[arg(long, env = "CONSOLE_MQTTS_LISTEN", default_value = "127.0.0.1:8883")]
    pub mqtts_listen: String,

    /// The MQTT TLS server's certificate chain (PEM); unset, the host makes one for the loopback
    /// names under `{data_dir}/mqtt/`, signed by a CA of its own served at `/pki/mqtt-ca.pem`.
    #[arg(long, env = "CONSOLE_MQTTS_CERT")]
    pub mqtts_cert: Option<PathBuf>,

    /// The key of `CONSOLE_MQTTS_CERT` (PEM).
    #[arg(long, env = "CONSOLE_MQTTS_KEY")]
    pub mqtts_key: Option<PathBuf>,

    /// How often the gateway asks, for each MQTT device that told its version and listens on
    /// its upgrade topic, whether an upgrade waits for it (seconds): a rollout started while it
    /// is connected reaches it within this.
    #[arg(long, env = "CONSOLE_MQTT_OTA_RECHECK_SECS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub mqtt_ota_recheck_secs: u64,

    /// What one enterprise keeps in the task centre's files (MiB): past it the oldest ended
    /// exports' files go first, and an export larger than it all is refused.
    #[arg(long, env = "CONSOLE_TASK_FILES_MIB", default_value_t = 2048, value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    pub task_files_mib: u64,

    /// How often a standing session on the embedded gateway keeps its device online in the
    /// device plugin (seconds), whatever the device's keep-alive, so a device pinging every 5
    /// minutes stays online while its session stands. The plugin writes "last seen" when it was
    /// written over a minute before, and takes a device silent for two minutes as offline: a
    /// beat a little over a minute apart writes each time, and one that comes late still comes
    /// in time.
    #[arg(long, env = "CONSOLE_MQTT_HEARTBEAT_SECS", default_value_t = 70, value_parser = clap::value_parser!(u64).range(1..=90))]
    pub mqtt_heartbeat_secs: u64,

    /// How long a host's lease on its MQTT sessions lasts without being renewed (seconds; it is
    /// renewed every third of it): once it lapses (the host was killed or lost the database),
    /// another host logs out the devices it held (`mqtt::holdings`).
    #[arg(long, env = "CONSOLE_HOST_LEASE_SECS", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub host_lease_secs: u64,

    /// Device reports that may wait for their batch on one host (`plugins::ingest`): past it, an
    /// HTTP device is answered 503 with `Retry-After` and an MQTT session stops reading until
    /// there is room.
    #[arg(long, env = "CONSOLE_INGEST_QUEUE", default_value_t = 2048, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub ingest_queue: u64,

    /// The most device reports one batch call carries (`plugins::ingest`).
    #[arg(long, env = "CONSOLE_INGEST_BATCH", default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub ingest_batch: u64,

    /// How many days of time series (contract 0.1.17 `series`: devices' reported numbers) are
    /// kept; older days are dropped whole, once an hour. At least two: a device's reading may be
    /// a day old.
    #[arg(long, env = "CONSOLE_SERIES_DAYS", default_value_t = 90, value_parser = clap::value_parser!(i64).range(2..=3650))]
    pub series_days: i64,

    /// The program the template render workers run (as `<program> render-worker`); unset, this
    /// host's own executable. Embedders whose executable is not the console host name it.
    #[arg(long, env = "CONSOLE_RENDER_PROGRAM")]
    pub render_program: Option<PathBuf>,

    /// Something to do instead of serving.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Where devices' MQTT goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MqttMode {
    Embedded,
    External,
}

#[derive(Debug, Clone, clap::Subcommand)]
pub enum Command {
    /// Copy the running installation (the SQLite database, the local object folder and the
    /// master key) into a new folder; start on it with `--data-dir FOLDER --database-url
    /// sqlite://FOLDER/console.db`.
    Backup {
        /// The folder to create (it must not exist, or be empty).
        into: PathBuf,
    },
    /// Copy an installation's SQLite database into a new, empty PostgreSQL database; then start
    /// on it with `--database-url postgres://...` (same data folder: objects and master key stay).
    MigrateToPostgres {
        /// The SQLite database, e.g. sqlite://data/console.db (stop the host first).
        #[arg(long)]
        from: String,
        /// The PostgreSQL database, e.g. postgres://console@db/console.
        #[arg(long)]
        to: String,
    },
    /// Ask a running host whether it is ready (`/readyz`): exit 0 when it is, 1 when it is not
    /// or does not answer. A container's health check, with no other tool in the image.
    Probe {
        /// The address to ask.
        #[arg(default_value = "http://127.0.0.1:8080/readyz")]
        url: String,
    },
}

/// A network (`10.0.0.0/8`) or one address (`192.0.2.7`, `::1`).
fn parse_network(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("`{text}` is neither an address nor a network (10.0.0.0/8)"))
}

/// `https://host` or `https://host:port` exactly as a browser prints an origin (lower case, no
/// default port), since the shell compares them as text: what a portal may be.
pub fn is_https_origin(text: &str) -> bool {
    let Some(authority) = text.strip_prefix("https://") else { return false };
    let (host, port) = authority.rsplit_once(':').map_or((authority, None), |(h, p)| (h, Some(p)));
    !host.is_empty()
        && host.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
        && port.is_none_or(|p| p.parse::<u16>().is_ok_and(|p| p != 0 && p != 443) && !p.starts_with('0'))
}

impl Config {
    /// Defaults with everything placed under `data_dir`: for tests and embedding.
    pub fn with_data_dir(data_dir: PathBuf) -> Config {
        let mut config = Config::parse_from(["console-host"]);
        config.database_url = format!("sqlite://{}", data_dir.join("console.db").display());
        config.data_dir = data_dir;
        // Tests and embedders ask for the gateway on an address of their own.
        config.mqtt_listen = "off".into();
        config.mqtts_listen = "off".into();
        config
    }
}

#[cfg(test)]
mod tests {
    use super::is_https_origin;

    #[test]
    fn portal_origins_are_https_origins_only() {
        assert!(is_https_origin("https://portal.example.com"));
        assert!(is_https_origin("https://portal.example.com:8443"));
        for bad in [
            "http://portal.example.com",
            "https://portal.example.com/",
            "javascript:alert(1)",
            "https://",
            "https://a.b:x",
            "https://Portal.example.com",
            "https://portal.example.com:443",
        ] {
            assert!(!is_https_origin(bad), "{bad}");
        }
    }
}
