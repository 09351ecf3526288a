# EduHub: `make run` serves the demo on http://127.0.0.1:8080; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm
WEB := web

.PHONY: help run serve web web-deps build release test nginx lint-rust test-rust test-types lint-web test-web test-e2e services chromium fonts types coverage bench soak fuzz-api fuzz clean

help:
	@echo "make run    build everything, seed the demo on first start, serve on http://127.0.0.1:8080"
	@echo "make test   every test: Rust on SQLite and PostgreSQL/Redis, web unit tests, browser end-to-end"
	@echo "make types  regenerate the web app's TypeScript wire types from the protocol crate"
	@echo "make coverage  per area, the spec's calls (docs/spec/calls.tsv) implemented and missing"
	@echo "make bench  EduHub vs @y/websocket-server under eduhub-load; figures into docs/benchmarks.md"
	@echo "make soak   30 minutes of mixed load at half capacity: RSS, open files, database size into docs/reliability.md"
	@echo "make fuzz-api  Schemathesis against /api/openapi.json as each demo role (FUZZ_API_SECONDS per role)"
	@echo "make fuzz   cargo-fuzz over every decoder a client feeds (nightly; FUZZ_SECONDS per target)"

# ---------------------------------------------------------------- running

run: release web
	./target/release/eduhub serve --demo

release:
	@command -v $(CARGO) >/dev/null || { echo "cargo is required: https://rustup.rs" >&2; exit 1; }
	$(CARGO) build --release --bin eduhub

build:
	$(CARGO) build --bin eduhub

web-deps: $(WEB)/node_modules/.package-lock.json

$(WEB)/node_modules/.package-lock.json: $(WEB)/package.json $(WEB)/package-lock.json
	@command -v $(NPM) >/dev/null || { echo "Node.js 20 and npm are required" >&2; exit 1; }
	cd $(WEB) && $(NPM) ci --no-audit --no-fund

web: web-deps
	cd $(WEB) && $(NPM) run build

# ---------------------------------------------------------------- tests

# The lint gates of both sides run side by side: clippy's build leaves a core idle while it
# checks one crate at a time (protocol, storage, api), and the web's lint fills it. The tests come
# after both: `cargo test` rewrites web/src/generated, which tsc must not read half-written.
test: services fonts nginx
	$(MAKE) --no-print-directory -j2 lint-rust lint-web
	$(MAKE) --no-print-directory test-rust test-types test-web test-e2e

services:
	./scripts/services.sh

chromium:
	./scripts/chromium.sh

# The proxy of the rolling-restart and kill -9 tests.
nginx:
	./scripts/nginx.sh

# The CJK font of PDF papers (the render tests need it).
fonts:
	./scripts/fonts.sh

# Formatting and lints are gates: a warning fails the build.
lint-rust:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Every Rust test; the API suite runs each case on SQLite and on PostgreSQL, and the scale-out
# case on PostgreSQL + Redis. Its cases wait on sockets and PostgreSQL as much as they compute:
# four at a time keep both cores busy (two left a core idle).
test-rust: services
	RUST_TEST_THREADS=4 $(CARGO) test --workspace

# The generated TypeScript must match the Rust types (cargo test rewrites it).
test-types: test-rust
	@if git rev-parse --git-dir >/dev/null 2>&1 && [ -n "$$(git status --porcelain -- $(WEB)/src/generated)" ]; then \
	  echo "web/src/generated is stale: run 'make types' and commit it" >&2; git status --short -- $(WEB)/src/generated >&2; exit 1; fi

types:
	$(CARGO) test -p protocol --lib export_bindings

# The web gates: TypeScript (tsc --noEmit through the project references), ESLint, Prettier.
lint-web: web-deps
	cd $(WEB) && $(NPM) run typecheck && $(NPM) run lint && $(NPM) run format:check

test-web: web
	cd $(WEB) && $(NPM) test

# The browser tests start the server `cargo test` builds: after test-rust that is no work, where
# `cargo build` would resolve the crates' features without the dev-dependencies and rebuild them all.
test-e2e: chromium web
	$(CARGO) test --workspace --no-run
	cd $(WEB) && EDUHUB_E2E_REQUIRED=1 EDUHUB_BIN=$(CURDIR)/target/debug/eduhub $(NPM) run e2e

coverage: build
	./target/debug/eduhub coverage

# Load benchmarks (release build, minutes): not part of `make test`. BENCH_QUICK=1 for a short run.
bench:
	./scripts/bench.sh

# Mixed load at half the measured capacity for SOAK_MINUTES (default 30): RSS, open files and the
# database sampled; figures and chart in docs/reliability.md. Not part of `make test`.
soak:
	./scripts/soak.sh

# Schemathesis as each demo role, FUZZ_API_SECONDS (default 120) per role: no 5xx, no answer
# outside its schema. Not part of `make test`; CI runs it on a short budget.
fuzz-api:
	./scripts/fuzz-api.sh

# Coverage-guided fuzzing of the decoders clients feed (nightly, cargo-fuzz), FUZZ_SECONDS (default
# 60) per target. Not part of `make test`.
fuzz:
	./scripts/fuzz.sh

clean:
	$(CARGO) clean
	rm -rf $(WEB)/dist $(WEB)/node_modules data
