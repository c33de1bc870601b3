//! `make run` must leave a checkout clean: it pins what it built with `--pin-plugins --pin-into
//! data/plugins.pinned.toml`, the same command this test runs.

use std::path::Path;
use std::process::Command;

use console_host::plugins::installation::{Installation, sha256_hex};

#[test]
fn pinning_for_make_run_leaves_the_tracked_plugins_toml_untouched() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let tracked = repo.join("plugins.toml");
    let before = std::fs::read(&tracked).expect("plugins.toml");
    let dir = tempfile::tempdir().expect("dir");
    let pinned = dir.path().join("data/plugins.pinned.toml");

    let status = Command::new(env!("CARGO_BIN_EXE_console-host"))
        .arg("--plugins")
        .arg(&tracked)
        .args(["--pin-plugins", "--pin-into"])
        .arg(&pinned)
        .status()
        .expect("console-host runs");
    assert!(status.success());
    assert_eq!(std::fs::read(&tracked).expect("plugins.toml"), before, "plugins.toml was not rewritten");

    // The pinned copy loads from another folder: its paths are absolute and its hashes match.
    let installation = Installation::load(&pinned).expect("pinned copy loads");
    assert!(!installation.plugins.is_empty());
    for plugin in &installation.plugins {
        assert!(plugin.artefact.is_absolute() && plugin.manifest.exists(), "{}", plugin.id);
        let bytes = std::fs::read(&plugin.artefact).expect("artefact");
        assert_eq!(plugin.sha256, sha256_hex(&bytes), "{}", plugin.id);
        if let Some(remote) = &plugin.remote_dir {
            let digest = console_host::plugins::remote::RemoteFiles::read(remote).expect("remote").digest;
            assert_eq!(plugin.remote_sha256, digest, "{}: the remote is pinned too", plugin.id);
        }
    }
}
