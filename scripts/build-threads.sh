#!/usr/bin/env bash
# Builds the threaded engine worker (worker-threads.js and worker-threads_bg.wasm) into the folder Trunk is
# building (TRUNK_STAGING_DIR; Trunk runs this after every build, see Trunk.toml), or into the folder given.
# Its instances share one WebAssembly.Memory, which needs the standard library rebuilt with atomics: Debian's
# rustc-web and its library source do that with a stable compiler (scripts/setup.sh installs them). The page
# loads this build where it is cross-origin isolated, and the plain worker.js otherwise.
#
#   build-threads.sh [FOLDER]      compile (release, or debug under `trunk build` without --release), then
#                                  wasm-bindgen and wasm-opt into FOLDER
#   build-threads.sh --compile     only the release compile, nothing written but target/threads: what
#                                  scripts/test.sh runs early, so that Trunk's hook then finds it done
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
compile_only=false
if [ "${1:-}" = --compile ]; then
  compile_only=true
else
  out=${1:-${TRUNK_STAGING_DIR:?give the output folder, or run from Trunk}}
fi
profile=release
[ "${TRUNK_PROFILE:-release}" = debug ] && profile=dev

for tool in /usr/bin/rustc /usr/bin/cargo /usr/bin/rust-lld /usr/lib/rustlib/src/rust/library; do
  if [ ! -e "$tool" ]; then
    echo "build-threads: $tool is missing: run scripts/setup.sh (Debian's rustc-web, cargo-web, rust-web-src, lld-22)" >&2
    exit 1
  fi
done

# Debian's compiler, its own target folder and these flags: nothing of the other builds is touched.
# RUSTC_BOOTSTRAP lets this stable compiler take -Z build-std. No lints here (rustup's clippy-driver is
# another compiler's): scripts/test.sh lints the same code in Trunk's build. No view either (`page` off).
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=target/threads \
  /usr/bin/cargo build --quiet --locked --profile "$profile" --target wasm32-unknown-unknown \
  -p reversi-web --no-default-features --bin worker --config scripts/threads.toml
$compile_only && exit 0

dir=release
[ "$profile" = dev ] && dir=debug
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" --out-name worker-threads \
  "target/threads/wasm32-unknown-unknown/$dir/worker.wasm"
if [ "$profile" = release ]; then
  wasm-opt -O3 --enable-threads --enable-bulk-memory --enable-simd --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-reference-types --enable-multivalue \
    "$out/worker-threads_bg.wasm" -o "$out/worker-threads_bg.wasm"
fi
