#!/usr/bin/env bash
# The request path under wrk, side by side in one run: a release host with every
# plugin of the project (pinned as `make run` pins them, in a throwaway folder) and a bare axum
# route answering the same bytes as the breeds list (host/examples/bare_route.rs).
#   scripts/wrk.sh            (make bench runs it last; WRK_SECONDS=10 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
seconds=${WRK_SECONDS:-10}
host_bin=$target/release/console-host
bare_bin=$target/release/examples/bare_route
[ -x "$host_bin" ] && [ -x "$bare_bin" ] || { echo "build first: cargo build --release -p console-host --bins --examples" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 1; }

dir=$(mktemp -d /tmp/console-wrk.XXXXXX)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
bare_port=$(free_port)
pids=()
stop() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$dir"; }
trap stop EXIT

"$host_bin" --pin-plugins --pin-into "$dir/plugins.toml" >/dev/null
password='Wrk-Bench-Pass1!'
start_host() {
  CONSOLE_PLUGINS="$dir/plugins.toml" CONSOLE_LISTEN="127.0.0.1:$port" CONSOLE_MQTT_LISTEN=off CONSOLE_MQTTS_LISTEN=off CONSOLE_DATA_DIR="$dir" \
    CONSOLE_DATABASE_URL="sqlite://$dir/console.db" CONSOLE_ADMIN_PASSWORD="$password" RUST_LOG=warn \
    "$host_bin" >>"$dir/host.log" 2>&1 &
  host_pid=$!
  pids+=("$host_pid")
  for _ in $(seq 1 240); do curl -sf "$api/openapi.json" -o /dev/null && break; sleep 0.5; done
}
api="http://127.0.0.1:$port/api"
# The first start compiles every plugin (its RSS stays high: see the README); measured is a
# start with the compile cache, as every start after the first.
start_host
cold_rss=$(awk '/^VmRSS/ {printf "%.1f MiB", $2 / 1024}' "/proc/$host_pid/status")
kill "$host_pid"; wait "$host_pid" 2>/dev/null || true
start_host
token=$(curl -sf -X POST "$api/authority-service/authority/login" -H 'content-type: application/json' \
  -d "{\"userName\":\"admin\",\"password\":\"$password\"}" | python3 -c 'import sys, json; print(json.load(sys.stdin)["data"]["token"])')
for n in $(seq 0 9); do
  curl -sf -X POST "$api/pet-service/breeds" -H "authorization: $token" -H 'content-type: application/json' \
    -d "{\"breedName\":\"Breed $n\"}" -o /dev/null
done
breeds="$api/pet-service/breeds?page=1&pageSize=10"
curl -sf "$breeds" -H "authorization: $token" -o "$dir/answer.json"
"$bare_bin" "$dir/answer.json" "127.0.0.1:$bare_port" &
pids+=("$!")
sleep 1
echo 'wrk.method = "POST"' >"$dir/post.lua"

# requests/s and p50 of one wrk run: run NAME URL [wrk options]
declare -A rps p50
run() {
  local name=$1 url=$2; shift 2
  local out
  out=$(wrk -t2 -c16 -d"${seconds}s" --latency "$@" "$url")
  rps[$name]=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p50[$name]=$(awk '$1 == "50%" {print $2}' <<<"$out")
}
run bare "http://127.0.0.1:$bare_port/bare"
run breeds "$breeds" -H "authorization: $token"
run menu "$api/authority-service/authority/getUserMenu" -H "authorization: $token" -s "$dir/post.lua"
rss=$(awk '/^VmRSS/ {printf "%.1f MiB", $2 / 1024}' "/proc/$host_pid/status")

echo
echo "request path under wrk (16 connections, ${seconds} s each, one after another; $(wc -c <"$dir/answer.json") B list)"
for name in bare breeds menu; do
  ratio=$(python3 -c "print(f'{float(\"${rps[$name]}\") / float(\"${rps[bare]}\"):.3f}')")
  printf '  %-44s %12s requests/s  p50 %8s  %sx\n' \
    "$(case $name in bare) echo 'bare axum route, same JSON as the list';; breeds) echo 'pet breeds list (plugin, signed in)';;
       menu) echo 'getUserMenu (signed in)';; esac)" \
    "${rps[$name]}" "${p50[$name]}" "$ratio"
done
echo "  host RSS after the load, $(grep -c '^\[\[plugin\]\]' "$dir/plugins.toml") plugins: $rss (after the first start, which compiled them: $cold_rss)"
