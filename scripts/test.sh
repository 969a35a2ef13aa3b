#!/usr/bin/env bash
# Runs every check: formatting, the native tests (one test build, the engine optimised, whose `reversi` the
# browser tests also use), the release web build, and the browser tests against that build in headless Chromium.
#
# The lints ride on the builds: clippy-driver compiles the workspace's own crates in the native test build and
# in Trunk's wasm build, so that no separate lint-only pass compiles every dependency once more. The threaded
# worker's build (scripts/build-threads.sh, Debian's compiler) is not linted: it is the plain worker's code.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
# All but the web build's cargo tools, which are built beside the native tests (below).
bash scripts/setup.sh base
source scripts/env.sh
step() { printf '\n\033[1m== %s\033[0m (at %d s)\n' "$*" "$(( $(date +%s) - started ))"; }

# A build from nothing (a fresh clone) has no incremental state to reuse: writing it is work for nothing.
[ -d target/debug ] || export CARGO_INCREMENTAL=0

export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver)
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

step "cargo fmt --check"
cargo fmt --all -- --check

step "the engine crate's manual (cargo doc, no warning)"
RUSTDOCFLAGS="-D warnings" cargo doc -p reversi-engine --no-deps --locked

# The web build's tools (scripts/setup.sh tools: Trunk and wasm-bindgen from crates.io source) and then the
# web build itself run beside the native tests. Each of them has long stretches on one core (a tool's crate of
# generated tables, the engine's optimised build and the tests themselves, the wasm link-time optimisation),
# which the other fills. They lock no build folder of the other's: the tools build in cargo install's own
# folders, the native tests in target/debug, Trunk in target/release and target/wasm32-unknown-unknown, the
# threaded worker in target/threads. Their output is printed once the native tests are done.
step "the web build's tools, then the release web build, linted, started beside the native tests (trunk; wasm32: the engine, and the web crate's app and worker)"
web_log=$(mktemp)
# The threaded worker's compile (its own compiler and target folder) starts at once in the same job, at the
# lowest priority: it takes what the other builds leave idle (the tools' and Trunk's links and wasm-opt run on
# one core), and Trunk's hook then finds it compiled, or waits for it (the target folder's lock).
setsid bash -c '
  nice -n 19 bash scripts/build-threads.sh --compile >"$0.threads" 2>&1 &
  bash scripts/setup.sh tools && trunk build --release && date +%s >"$0.done"' "$web_log" >"$web_log" 2>&1 &
web=$!
trap 'kill -- -"$web" 2>/dev/null || true' EXIT

step "native tests, linted (every crate, every target; the engine optimised in the test build, the rest not)"
cargo test --workspace --locked

step "deep perft (the same test build, its ignored depths included)"
cargo test --locked -p reversi-engine --test perft -- --include-ignored

step "release web build: waiting for it"
if ! wait "$web"; then
  cat "$web_log"
  echo "The web build's tools or the release web build failed (the output above)." >&2
  exit 1
fi
trap - EXIT
grep -a 'setup\]' "$web_log" || true
grep -v '^\s*$' "$web_log" | grep -av 'setup\]' | tail -n 20
echo "(the web build ended at $(( $(cat "$web_log.done") - started )) s)"
rm -f "$web_log" "$web_log.done" "$web_log.threads"

step "the page's size: the app's wasm within its budget (gzip -9)"
# What a first visit downloads before the page can run: the app's wasm (the workers' load after it, beside the
# board). The budget is the figure of the build that set it with a little room (docs/benchmarks.md); a change
# that passes it says why in its commit, or makes the page smaller elsewhere.
APP_WASM_BUDGET=545000
app_wasm=$(ls dist/app-*_bg.wasm)
app_gz=$(gzip -9 -c "$app_wasm" | wc -c)
echo "app wasm: $(wc -c <"$app_wasm") bytes, $app_gz gzipped (budget $APP_WASM_BUDGET)"
if [ "$app_gz" -gt "$APP_WASM_BUDGET" ]; then
  echo "The app's wasm is $app_gz bytes gzipped, over its budget of $APP_WASM_BUDGET." >&2
  exit 1
fi

step "browser tests (Playwright + Debian Chromium)"
# Two files at a time: one file at a time left the cores idle for long stretches (its pages wait on the AI's paced
# replies, animations and the workers' answers). The workers' file alone afterwards: it times real searches,
# and a file beside it would make those timings flaky.
mapfile -t files < <(ls tests/e2e/*.test.mjs | grep -v '/workers\.test\.mjs$')
node --test --test-concurrency=2 "${files[@]}"
node --test tests/e2e/workers.test.mjs

echo
echo "All checks passed in $(( $(date +%s) - started )) s."
