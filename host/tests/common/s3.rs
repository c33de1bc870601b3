//! A real S3-protocol server, `s3s-fs` (`make setup-s3` installs it), on loopback with a bucket
//! in a temporary folder: objects are its files.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub const ACCESS_KEY: &str = "console-test";
pub const SECRET_KEY: &str = "console-test-secret-key";
pub const BUCKET: &str = "console";

/// `s3s-fs` serving a temporary folder (one sub-folder per bucket) on a loopback port.
pub struct S3Server {
    child: Child,
    pub endpoint: String,
    pub root: tempfile::TempDir,
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl S3Server {
    pub async fn start() -> S3Server {
        let root = tempfile::tempdir().expect("dir");
        std::fs::create_dir_all(root.path().join(BUCKET)).expect("bucket");
        let port = super::listen_port();
        let child = Command::new("s3s-fs")
            .args(["--host", "127.0.0.1", "--port", &port.to_string()])
            .args(["--access-key", ACCESS_KEY, "--secret-key", SECRET_KEY])
            .arg(root.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("s3s-fs is missing: `make setup-s3` installs it");
        // Owned at once: killed and reaped on drop, also when it never answers.
        let server = S3Server { child, endpoint: format!("http://127.0.0.1:{port}"), root };
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("s3s-fs did not start");
    }

    /// Every object file the server holds, with its size.
    pub fn objects(&self) -> Vec<(String, u64)> {
        fn walk(dir: &Path, out: &mut Vec<(String, u64)>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else {
                    let size = entry.metadata().map_or(0, |m| m.len());
                    out.push((path.display().to_string(), size));
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.root.path().join(BUCKET), &mut out);
        out
    }
}
