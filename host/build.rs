// `sqlx::migrate!` embeds ../migrations at compile time, but cargo does not know the macro reads
// that folder: without this, a new migration is left out of an incremental build.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
