#!/usr/bin/env bash
# Runs every check: formatting, the native tests (one optimised test build, whose `reversi` the browser tests
# also use), the release web build, and the browser tests against that build in headless Chromium.
#
# The lints ride on the builds: clippy-driver compiles the workspace's own crates in the native test build and
# in Trunk's wasm build, so that no separate lint-only pass compiles every dependency once more. The threaded
# worker's build (scripts/build-threads.sh, Debian's compiler) is not linted: it is the plain worker's code.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
bash scripts/setup.sh
source scripts/env.sh
step() { printf '\n\033[1m== %s\033[0m (at %d s)\n' "$*" "$(( $(date +%s) - started ))"; }

export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver)
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

step "cargo fmt --check"
cargo fmt --all -- --check

step "the engine crate's manual (cargo doc, no warning)"
RUSTDOCFLAGS="-D warnings" cargo doc -p reversi-engine --no-deps --locked

step "native tests, linted (every crate, every target; the test profile is optimised)"
cargo test --workspace --locked

step "deep perft (the same test build, its ignored depths included)"
cargo test --locked -p reversi-engine --test perft -- --include-ignored

step "release web build, linted (trunk; wasm32: the engine, and the web crate's app and worker)"
trunk build --release

step "browser tests (Playwright + Debian Chromium)"
# One file at a time: the workers' tests time real searches, and a second file beside them makes those
# timings flaky.
node --test --test-concurrency=1 tests/e2e/

echo
echo "All checks passed in $(( $(date +%s) - started )) s."
