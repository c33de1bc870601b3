# Device Console: the two commands a user needs are `make run` and `make test`.
# Everything else is installed on demand. Tests build in debug into the one target/ folder.

SHELL := /bin/bash
CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)

.PHONY: run test build test-rust lint fmt setup-rust clean

## make run: build what is needed and start the console on http://127.0.0.1:8080 (embedded SQLite)
run: setup-rust
	$(CARGO) build --release -p console-host
	@mkdir -p data
	@if [ -f data/initial-admin-password ]; then \
	  echo ""; echo "  Sign in as admin with the password in data/initial-admin-password:"; \
	  echo "    $$(cat data/initial-admin-password)"; echo ""; fi
	$(TARGET_DIR)/release/console-host

## make test: build everything and run every test
test: setup-rust lint test-rust

build: setup-rust
	$(CARGO) build --workspace --all-targets

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

clean:
	$(CARGO) clean
