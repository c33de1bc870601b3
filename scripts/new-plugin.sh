#!/usr/bin/env bash
# Creates a plugin that builds and serves a list page: crate, manifest, native logic test.
#   scripts/new-plugin.sh NAME [DEST]
# DEST defaults to plugins/NAME (a workspace member); anywhere else the crate is standalone.
set -euo pipefail
name=${1:?usage: scripts/new-plugin.sh NAME [DEST]}
[[ $name =~ ^[a-z][a-z0-9-]{1,31}$ ]] || { echo "NAME: lower-case letters, digits and hyphens, starting with a letter"; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
dest=${2:-$root/plugins/$name}
[ -e "$dest" ] && { echo "$dest already exists"; exit 2; }
mkdir -p "$dest/src" "$dest/tests"
dest=$(cd "$dest" && pwd)
sdk=$(python3 -c "import os,sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))" "$root/sdk/rust" "$dest")
crate=${name//-/_}
# Plugin menu ids start at 10000; spread by name so that two new plugins rarely collide.
menu=$(( 10000 + $(printf "%s" "$name" | cksum | cut -d" " -f1) % 8000 * 10 ))

cat > "$dest/Cargo.toml" <<TOML
[package]
name = "$name"
version = "0.1.0"
edition = "2024"
publish = false

[lib]
crate-type = ["cdylib", "rlib"]

[dependencies]
console-plugin-sdk = { path = "$sdk" }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
TOML
case "$dest" in "$root"/plugins/*) ;; *) printf '\n[workspace]\n' >> "$dest/Cargo.toml" ;; esac

cat > "$dest/src/lib.rs" <<RUST
//! The $name plugin.

use console_plugin_sdk::validate::{self, SHORT_TEXT};
use console_plugin_sdk::{Call, Collection, Plugin, PluginResult, Query, Router, SearchMode, Value, export_plugin, json};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Item {
    pub name: String,
}

const ITEMS: Collection<Item> = Collection::new("items");

fn list(call: &mut Call<'_>) -> PluginResult<Value> {
    let query = Query::new().search("name", call.query("name"), SearchMode::Fuzzy).paged_by(call)?;
    Ok(json!(ITEMS.query(call.host, &query)?))
}

fn create(call: &mut Call<'_>) -> PluginResult<Value> {
    let input: Item = call.body()?;
    let item = Item { name: validate::required("name", &input.name, SHORT_TEXT)? };
    Ok(json!(ITEMS.insert(call.host, &item)?))
}

pub struct Main;

impl Plugin for Main {
    fn router() -> Router {
        Router::new().get("/items", list).post("/items", create)
    }
}

export_plugin!(Main);
RUST

cat > "$dest/tests/logic.rs" <<RUST
use console_plugin_sdk::json;
use console_plugin_sdk::testing::MemoryHost;

#[test]
fn items_need_a_name() {
    let mut host = MemoryHost::new();
    assert_eq!(host.call::<${crate}::Main>("POST", "/items", json!({})).0, 400);
    assert_eq!(host.call::<${crate}::Main>("POST", "/items", json!({ "name": "first" })).0, 200);
    assert_eq!(host.call::<${crate}::Main>("GET", "/items", json!(null)).1["total"], 1);
}
RUST

{
cat <<TOML
id = "$name"
name = "$name"
version = "0.1.0"
contract = "0.1.1"
mount = "$name"

[[collections]]
name = "items"
indexes = ["name"]

[[routes]]
method = "GET"
path = "/items"
action = "$name:view"
summary = "List items"

[[routes]]
method = "POST"
path = "/items"
action = "$name:add"
summary = "Add an item"

[[menus]]
menu_id = $menu
name = "$name"
kind = "group"
path = "/$name"

[[menus]]
menu_id = $((menu + 1))
parent = $menu
name = "$name"
kind = "page"
path = "/$name/items"
buttons = [
    { action = "$name:view", type = "view", name = "View" },
    { action = "$name:add", type = "add", name = "Add" },
]

[remote]
entry = "remoteEntry.js"
exposes = ["./routes"]
TOML
for lang in zhCn en de es fr pt ru; do printf '\n[translations.%s]\n"menu.%s" = "%s"\n' "$lang" "$menu" "$name"; done
} > "$dest/plugin.toml"

echo "created $dest"
echo "next: cargo build --release --target wasm32-wasip2 --manifest-path $dest/Cargo.toml"
echo "      then add it to plugins.toml and run make run"
