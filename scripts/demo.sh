#!/usr/bin/env bash
# `make demo`: the console on a fresh demo database of its own (data-demo/, removed at each
# start), with a robot-vacuum product set up through the console's API and a few hundred
# simulated devices (tools/devsim) reporting to it over MQTT (the host's embedded gateway on
# 127.0.0.1:1883; DEMO_MQTT=off for HTTP only), going offline and online, answering commands.
set -euo pipefail
target=${CARGO_TARGET_DIR:-target}
devices=${DEMO_DEVICES:-300}
mqtt=${DEMO_MQTT:-127.0.0.1:1883}
dir=data-demo
rm -rf "$dir" && mkdir -p "$dir"
password="Demo#$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$password" > "$dir/admin-password"
CONSOLE_MQTT_LISTEN=$mqtt CONSOLE_DATA_DIR=$dir CONSOLE_DATABASE_URL="sqlite://$dir/console.db" CONSOLE_ADMIN_PASSWORD=$password \
  CONSOLE_PLUGINS=data/plugins.pinned.toml "$target/release/console-host" &
host=$!
trap 'kill $host 2>/dev/null || true' EXIT
until curl -sf http://127.0.0.1:8080/api/openapi.json >/dev/null; do
  kill -0 $host 2>/dev/null || { echo "the console did not start"; exit 1; }
  sleep 0.5
done
echo ""
echo "  Demo console on http://127.0.0.1:8080 with $devices simulated devices (MQTT: $mqtt)."
echo "  Sign in as admin with the password in $dir/admin-password: $password"
echo "  (devsim signs in first to set up the product; the browser's sign-in then takes over.)"
echo ""
over=(); [ "$mqtt" = off ] || over=(--mqtt "$mqtt")
"$target/release/devsim" --url http://127.0.0.1:8080 --password "$password" --devices "$devices" --interval-ms 5000 "${over[@]}"
