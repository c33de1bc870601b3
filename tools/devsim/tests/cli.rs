//! The simulator as its users start it. Also makes `cargo test --workspace` build the binary the
//! end-to-end tests run, with the features of that build (a separate `cargo build -p devsim`
//! unified them differently and rebuilt its dependencies: 2 min 38 s in CI).

use std::process::Command;

#[test]
fn a_missing_key_file_is_named_and_nothing_runs() {
    let out = Command::new(env!("CARGO_BIN_EXE_devsim"))
        .args(["--url", "http://127.0.0.1:9", "--fleet-key", "fk", "--product-key", "pk"])
        .args(["--keys", "/nonexistent/keys.csv"])
        .output()
        .expect("devsim starts");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("/nonexistent/keys.csv"), "{said}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("devices running"));
}

#[test]
fn an_unknown_option_is_refused_with_the_usage() {
    let out = Command::new(env!("CARGO_BIN_EXE_devsim")).arg("--devises").arg("3").output().expect("devsim starts");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--devices") || said.contains("Usage"), "{said}");
}
