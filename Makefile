# Device Console: the two commands a user needs are `make run` and `make test`.
# Everything else is installed on demand. Tests build in debug into the one target/ folder;
# plugins are built for wasm32-wasip2 in release (small and fast, no wasmtime rebuild).

SHELL := /bin/bash
CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
WASM_TARGET := wasm32-wasip2
# Product plugins, and the fixtures the host's integration tests load.
PLUGINS := pet
TEST_PLUGINS := probe probe-next contract-future

.PHONY: run test build plugins test-plugins test-rust lint fmt setup-rust setup-wasm bench new-plugin clean

## make run: build what is needed and start the console on http://127.0.0.1:8080 (embedded SQLite)
run: setup-rust plugins
	$(CARGO) build --release -p console-host
	$(TARGET_DIR)/release/console-host --pin-plugins
	@mkdir -p data
	@if [ -f data/initial-admin-password ]; then \
	  echo ""; echo "  Sign in as admin with the password in data/initial-admin-password:"; \
	  echo "    $$(cat data/initial-admin-password)"; echo ""; fi
	$(TARGET_DIR)/release/console-host

## make test: build everything and run every test
test: setup-rust lint test-plugins test-rust

build: setup-rust plugins
	$(CARGO) build --workspace --all-targets

plugins: setup-wasm
	$(CARGO) build --release --target $(WASM_TARGET) $(foreach p,$(PLUGINS),-p $(p))

test-plugins: setup-wasm
	$(CARGO) build --release --target $(WASM_TARGET) $(foreach p,$(PLUGINS) $(TEST_PLUGINS),-p $(p))

test-rust:
	$(CARGO) test --workspace --no-fail-fast

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

fmt:
	$(CARGO) fmt --all

setup-rust:
	@command -v cargo >/dev/null || { echo "cargo is missing: install Rust with rustup"; exit 1; }
	@rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt

setup-wasm: setup-rust
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)

clean:
	$(CARGO) clean
