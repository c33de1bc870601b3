#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL: initdb into a temporary folder, a server on a
# free loopback port, CONSOLE_TEST_POSTGRES naming it; stopped and removed when the command ends.
#   scripts/with-postgres.sh cargo test -p console-host --test auth
# POSTGRES_OPTIONS adds server settings (`-c shared_buffers=1GB`, as `make bench` does).
set -euo pipefail

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$PG_BIN/initdb" ] || { echo "PostgreSQL is missing: make setup-postgres installs it" >&2; exit 1; }

dir=$(mktemp -d /tmp/console-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# initdb and postgres refuse to run as root: they run as the postgres user then.
as_owner=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
stop() {
  "${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_owner[@]}" "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
# fsync off: the tests kill hosts, never this server; a machine crash only loses a throwaway.
"${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-h 127.0.0.1 -p $port -k $dir -c max_connections=300 -c fsync=off -c full_page_writes=off ${POSTGRES_OPTIONS:-}" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }

export CONSOLE_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port"
"$@"
