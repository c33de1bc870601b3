# Device Console: the two commands a user needs are `make run` and `make test`.
# Everything else is installed on demand. Tests build in debug into the one target/ folder;
# plugins are built for wasm32-wasip2 in release (small and fast, no wasmtime rebuild).

SHELL := /bin/bash
CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
WASM_TARGET := wasm32-wasip2
# Product plugins (every crate under plugins/), and the fixtures the host's integration tests load.
PLUGINS := $(notdir $(patsubst %/Cargo.toml,%,$(wildcard plugins/*/Cargo.toml)))
TEST_PLUGINS := probe probe-next peer contract-future contract-0-1-0
SCAFFOLD := $(TARGET_DIR)/scaffold/scaffold-demo
# plugins.toml with the hashes of this build, written by `make run` (never the tracked file).
PINNED := data/plugins.pinned.toml
# A fresh clone gains nothing from incremental builds: they only cost time and disk.
ifdef CI
export CARGO_INCREMENTAL := 0
endif

.PHONY: demo soak run run-host test build plugins test-plugins test-rust test-web test-openapi test-e2e web lint fmt setup-rust setup-wasm setup-node setup-s3 setup-postgres setup-chromium bench new-plugin clean

## make run: build what is needed and start the console on http://127.0.0.1:8080 (embedded SQLite)
# The host in the build profile `make test` uses (dependencies optimised, the project's crates
# not): a fresh clone runs in about half the time of a release build (docs/operations.md has the
# release build for production). The web build runs beside the Rust builds: each has long
# single-threaded stretches the other fills.
run: setup-rust setup-wasm setup-node
	@$(MAKE) --no-print-directory -j2 web run-host
	@# Pins what was just built into the data folder: the tracked plugins.toml stays untouched.
	$(TARGET_DIR)/debug/console-host --pin-plugins --pin-into $(PINNED)
	@mkdir -p data
	@if [ -f data/initial-admin-password ]; then \
	  echo ""; echo "  Sign in as admin with the password in data/initial-admin-password:"; \
	  echo "    $$(cat data/initial-admin-password)"; echo ""; fi
	CONSOLE_PLUGINS=$(PINNED) $(TARGET_DIR)/debug/console-host

run-host: plugins
	$(CARGO) build -p console-host

## make demo: the console with a demo product and a few hundred simulated devices (data-demo/)
demo: setup-rust plugins web
	$(CARGO) build --release -p console-host -p devsim
	$(TARGET_DIR)/release/console-host --pin-plugins --pin-into $(PINNED)
	scripts/demo.sh

# The test build lints as it compiles: clippy's driver compiles the workspace's own crates, as
# `cargo clippy` has it do for its check-only build, so that the workspace is built once rather
# than once more only to be checked (that second build took 7 to 8 of CI's minutes).
test: export RUSTC_WORKSPACE_WRAPPER := $(shell command -v clippy-driver)
test: export CLIPPY_ARGS := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
## make test: build everything and run every test
test: setup-rust lint test-plugins web test-rust test-web test-openapi test-e2e
	@echo "== done $$(date +%T)"

build: setup-rust plugins
	$(CARGO) build --workspace --all-targets

plugins: setup-wasm
	$(CARGO) build --release --target $(WASM_TARGET) $(foreach p,$(PLUGINS),-p $(p))

# Plugins are linted for the host's target with the workspace; their wasm build is not linted again.
test-plugins: export RUSTC_WORKSPACE_WRAPPER :=
test-plugins: setup-wasm
	@echo "== $@ $$(date +%T)"
	$(CARGO) build --release --target $(WASM_TARGET) $(foreach p,$(PLUGINS) $(TEST_PLUGINS),-p $(p))
	@# The scaffold must produce a plugin that builds on its own: a test loads this one.
	rm -rf $(SCAFFOLD) && scripts/new-plugin.sh scaffold-demo $(SCAFFOLD) >/dev/null
	CARGO_TARGET_DIR=$(abspath $(TARGET_DIR)) $(CARGO) build -q --release --target $(WASM_TARGET) --manifest-path $(SCAFFOLD)/Cargo.toml

## make new-plugin NAME=x: a new plugin under plugins/x that builds and serves a list page
new-plugin:
	@scripts/new-plugin.sh $(NAME)

## The host's integration tests run twice: on SQLite, then on a PostgreSQL the run starts itself
## (scripts/with-postgres.sh: initdb into a temporary folder, a loopback port, removed after).
# Twice as many test threads as cores: the integration tests wait on their hosts half the time
# (the SQLite pass of tests/it: 120 s on 2 threads, 76 s on 4, no faster on 6).
test-rust: export RUST_TEST_THREADS ?= $(shell echo $$(( $$(nproc) * 2 )))
test-rust: setup-s3 setup-postgres
	@echo "== $@ $$(date +%T)"
	@# Every target built (and, under `make test`, linted) first: benches and examples too.
	$(CARGO) test --workspace --all-targets --no-run
	$(CARGO) test --workspace --no-fail-fast
	@# The same package selection as the pass before, so that nothing is built twice.
	scripts/with-postgres.sh $(CARGO) test --workspace --no-fail-fast --test '*'

## The shell and the remotes: type-checked and built for production (the host serves them).
web: setup-node
	@echo "== $@ $$(date +%T)"
	npm run build --workspaces --if-present

test-web: setup-node
	@echo "== $@ $$(date +%T)"
	npx vitest run

## The OpenAPI document as clients use it: openapi-spec-validator, then a Schemathesis pass
## against the debug host with the product plugins (Python tools pinned in target/openapi-venv).
test-openapi:
	@echo "== $@ $$(date +%T)"
	scripts/openapi-check.sh

## End to end: the debug host (built by test-rust) serving the production build, in Chromium.
## Screenshots: test-artifacts/screenshots/.
E2E_FIRST := e2e/rights.e2e.mjs e2e/every-page.e2e.mjs e2e/journey.e2e.mjs
test-e2e: setup-chromium
	@echo "== $@ $$(date +%T)"
	@# The host and the device simulator the tests run: built by test-rust (a no-op then), with the
	@# features of the test build (a lone `cargo build -p devsim` rebuilt dependencies).
	$(CARGO) test --workspace --no-run -q
	@# Two files at once: each has its own host and browser, and mostly waits on them
	@# (8 min 14 s one at a time in CI, 3 min 53 s two at a time on this machine).
	@# The longest files first (the rights crawler, every page), so that none is left running alone.
	node --test --test-concurrency=2 $(E2E_FIRST) $(filter-out $(E2E_FIRST),$(wildcard e2e/*.e2e.mjs))

setup-node:
	@command -v npm >/dev/null || { echo "npm is missing: install Node.js 20"; exit 1; }
	@[ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund

## s3s-fs: a real S3-protocol server on a folder, which host/tests/s3.rs starts on loopback.
## A debug build: it serves a test, and compiles in a third of the time.
S3S_FS_VERSION := 0.14.1
setup-s3: setup-rust
	@command -v s3s-fs >/dev/null && s3s-fs --version | grep -q $(S3S_FS_VERSION) || \
	  $(CARGO) install --locked --debug --quiet s3s-fs@$(S3S_FS_VERSION) --features binary

## PostgreSQL's server binaries (Debian's package); the tests start their own throwaway server.
## The OpenSSL command line checks the encryption tool's ciphers against another implementation;
## Mosquitto is the real broker the external MQTT mode is tested against (host/tests/it/mqtt_external.rs).
setup-postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }
	@command -v openssl >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl; }
	@command -v mosquitto_passwd >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mosquitto; }

setup-chromium:
	@[ -x /usr/bin/chromium ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk; }

TS_SOURCES := "shell/src/**/*.{ts,tsx}" "sdk/ts/src/**/*.{ts,tsx}" "remotes/*/src/**/*.{ts,tsx}"
lint: setup-node
	@echo "== $@ $$(date +%T)"
	$(CARGO) fmt --all -- --check
	@# TypeScript: Prettier's layout, typescript-eslint and the rules of hooks, no warning.
	npx prettier --check --log-level warn $(TS_SOURCES)
	npx eslint --max-warnings 0 shell/src sdk/ts/src remotes
	@# Under `make test` clippy lints while test-rust builds; alone, it checks everything now.
	@if [ -z "$$RUSTC_WORKSPACE_WRAPPER" ]; then $(CARGO) clippy --workspace --all-targets -- -D warnings; fi
	@# The container file (hadolint) and the systemd unit (systemd-analyze verify).
	scripts/check-packaging.sh
	@# Comments state their rule, citing no document or issue outside the repository.
	scripts/check-comments.sh

fmt: setup-node
	$(CARGO) fmt --all
	npx prettier --write --log-level warn $(TS_SOURCES)

setup-rust:
	@command -v cargo >/dev/null || { echo "cargo is missing: install Rust with rustup"; exit 1; }
	@rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt

setup-wasm: setup-rust
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)

## make soak: 10 minutes of mixed reads and writes from 16 clients that hang up at random;
## prints errors (must be 0) and p50/p99 per minute (must stay flat). `make test` runs 20 s of it.
soak: test-plugins
	CONSOLE_SOAK_SECONDS=600 $(CARGO) test -p console-host --test soak -- --nocapture

## make bench: the platform's figures, side by side (release build; takes a few minutes)
bench: test-plugins setup-postgres
	@command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
	@# paho-mqtt, the outside MQTT client of the MQTT section, pinned in its own environment.
	@[ -x target/bench-venv/bin/python ] && target/bench-venv/bin/python -c 'import paho.mqtt' 2>/dev/null || { \
	  python3 -m venv target/bench-venv || { apt-get install -y -qq python3-venv && python3 -m venv target/bench-venv; }; \
	  target/bench-venv/bin/pip install -q --disable-pip-version-check paho-mqtt==2.1.0; }
	BENCH_PYTHON=$(CURDIR)/target/bench-venv/bin/python POSTGRES_OPTIONS="-c shared_buffers=1GB" \
	  scripts/with-postgres.sh $(CARGO) bench -p console-host --bench platform
	@# The request path under wrk, last (not with BENCH_ONLY, which asks for one section).
	@[ -n "$$BENCH_ONLY" ] || { $(CARGO) build --release -p console-host --bins --example bare_route && scripts/wrk.sh; }

clean:
	$(CARGO) clean
