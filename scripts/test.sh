#!/usr/bin/env bash
# Runs every check: formatting, lints on both targets, the native tests (one optimised test build, whose
# `reversi` the browser tests also use), the release web build, and the browser tests against that build in
# headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
bash scripts/setup.sh
source scripts/env.sh
step() { printf '\n\033[1m== %s\033[0m (at %d s)\n' "$*" "$(( $(date +%s) - started ))"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "clippy (native: every crate, all targets)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "clippy (wasm32: the engine, and the web crate's app and worker)"
cargo clippy --target wasm32-unknown-unknown -p reversi-engine -p reversi-web --lib --bins --locked -- -D warnings

step "the engine crate's manual (cargo doc, no warning)"
RUSTDOCFLAGS="-D warnings" cargo doc -p reversi-engine --no-deps --locked

step "native tests (every crate; the test profile is optimised)"
cargo test --workspace --locked

step "deep perft (the same test build, its ignored depths included)"
cargo test --locked -p reversi-engine --test perft -- --include-ignored

step "release web build (trunk)"
trunk build --release

step "browser tests (Playwright + Debian Chromium)"
node --test --test-concurrency=1 tests/e2e/

echo
echo "All checks passed in $(( $(date +%s) - started )) s."
