//! A real Mosquitto (Debian's package, which `make test` installs) on a loopback port, with a
//! generated password file and ACL: the external broker of `CONSOLE_MQTT=external`.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Mosquitto {
    child: Child,
    pub port: u16,
    _dir: tempfile::TempDir,
}

/// The host's account at the broker: it reads and writes every device topic.
pub const HOST_USER: &str = "console";
pub const HOST_PASSWORD: &str = "console-broker-secret";
/// Where the tests publish the client events a broker like EMQX publishes under `$SYS` (which
/// Mosquitto keeps its own): only the hosts' account may.
pub const PRESENCE_PREFIX: &str = "broker-events";

impl Mosquitto {
    /// Starts a broker on `port` where `devices` (user name, password, topic filters it may use)
    /// sign in, each to its own topics only, and the host's account to all.
    pub async fn start(port: u16, devices: &[(String, String, Vec<String>)]) -> Mosquitto {
        let dir = tempfile::tempdir().expect("a folder");
        let passwords = dir.path().join("passwd");
        // Written in plain text, then hashed in place by one `mosquitto_passwd -U` (the bench
        // signs 10,000 devices in).
        let mut plain = format!("{HOST_USER}:{HOST_PASSWORD}\n");
        for (user, password, _) in devices {
            plain.push_str(&format!("{user}:{password}\n"));
        }
        std::fs::write(&passwords, plain).expect("password file");
        let hashed = Command::new("mosquitto_passwd").arg("-U").arg(&passwords).output();
        let hashed = hashed.expect("mosquitto_passwd runs (apt-get install mosquitto; make test does)");
        assert!(hashed.status.success(), "{}", String::from_utf8_lossy(&hashed.stderr));
        let mut acl = format!(
            "user {HOST_USER}\ntopic readwrite /sys/#\ntopic readwrite /ota/#\ntopic readwrite {PRESENCE_PREFIX}/#\n"
        );
        for (user, _, prefixes) in devices {
            acl.push_str(&format!("\nuser {user}\n"));
            for prefix in prefixes {
                acl.push_str(&format!("topic readwrite {prefix}\n"));
            }
        }
        std::fs::write(dir.path().join("acl"), acl).expect("acl");
        let config = format!(
            "listener {port} 127.0.0.1\nallow_anonymous false\npassword_file {}\nacl_file {}\npersistence false\n\
             set_tcp_nodelay true\n\
             log_type error\n",
            passwords.display(),
            dir.path().join("acl").display()
        );
        let config_path = dir.path().join("mosquitto.conf");
        std::fs::write(&config_path, config).expect("config");
        // Started as root, Mosquitto runs as its own user: it reads the folder's files as such.
        #[cfg(unix)]
        for path in [dir.path(), &passwords, &dir.path().join("acl"), &config_path] {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = if path.is_dir() { 0o755 } else { 0o644 };
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("readable");
        }
        let mut child = Command::new("mosquitto")
            .arg("-c")
            .arg(&config_path)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("mosquitto starts (apt-get install mosquitto; make test does)");
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return Mosquitto { child, port, _dir: dir };
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("mosquitto did not listen on {port}");
    }
}

impl Mosquitto {
    /// The broker's process, for its memory.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Mosquitto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A free loopback port, for a broker the hosts are told of before it starts.
pub fn free_port() -> u16 {
    super::ports::listen_port()
}

/// A device's account at the broker: `{sn}&{productKey}`, a password, its own topics.
pub fn device_account(product_key: &str, sn: &str) -> (String, String, Vec<String>) {
    let topics = vec![
        format!("/sys/{product_key}/{sn}/#"),
        format!("/ota/device/+/{product_key}/{sn}"),
        format!("/ota/device/+/{product_key}/{sn}_reply"),
    ];
    (format!("{sn}&{product_key}"), format!("pw-{sn}"), topics)
}
