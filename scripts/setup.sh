#!/usr/bin/env bash
# Installs everything the build and the tests need, only what is missing, at pinned versions, from the package
# registries only (crates.io, npm, Debian). Safe to run again: a second run installs nothing.
#
#   setup.sh         everything
#   setup.sh base    all but the web build's two cargo tools (the native build and the tests need no more)
#   setup.sh tools   only those tools, Trunk and wasm-bindgen (scripts/test.sh builds them beside the native tests)
set -euo pipefail
cd "$(dirname "$0")/.."
part=${1:-all}
case "$part" in
  all | base | tools) ;;
  *)
    echo "setup.sh: unknown part '$part' (all, base or tools)" >&2
    exit 2
    ;;
esac

TRUNK_VERSION=0.21.14
# wasm-bindgen-cli must be exactly the wasm-bindgen crate of Cargo.lock, or the generated glue will not load.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

base() {
  # Rust: the wasm target and the lint tools.
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding rustup target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  for component in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$component"; then
      say "adding rustup component $component"
      rustup component add "$component"
    fi
  done

  # Chromium and its driver from Debian, for the browser tests (never a browser download).
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "installing Debian chromium and chromium-driver"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  fi

  # The threaded engine worker (scripts/build-threads.sh): Debian's rustc and cargo 1.96 with the standard
  # library's source (so that -Z build-std rebuilds it with atomics, offline) and the wasm linker. They live in
  # /usr/bin beside rustup's proxies, which stay first on PATH: only build-threads.sh calls them, by path.
  # Pinned to the upstream versions; Debian's own revision may move with security updates.
  if [ ! -x /usr/bin/rustc ] || [ ! -x /usr/bin/cargo ] || [ ! -e /usr/bin/rust-lld ] \
    || [ ! -d /usr/lib/rustlib/src/rust/library ]; then
    say "installing Debian rustc-web, cargo-web, rust-web-src, rust-web-llvm 1.96 and lld-22 (the threaded worker build)"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      'rustc-web=1.96.0+dfsg1-*' 'cargo-web=1.96.0+dfsg1-*' 'rust-web-src=1.96.0+dfsg1-*' \
      'rust-web-llvm=1.96.0+dfsg1-*' 'lld-22=1:22.1.*' >/dev/null
  fi

  # npm packages from the lockfile: binaryen (wasm-opt for Trunk) and playwright-core.
  if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.setup-lock; then
    say "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.setup-lock
  fi

  # Crates, so that the offline Trunk build finds them.
  cargo fetch --quiet
  cargo fetch --quiet --target wasm32-unknown-unknown
}

# The web build's cargo tools, one after the other (side by side they compete for the same cores and take
# longer). A debug build of the tools is minutes instead of a quarter of an hour, and fast enough. Never linted:
# a clippy wrapper that scripts/test.sh set for the project's own crates is not passed on to them.
install_tool() { # crate version binary [cargo install options…]
  local crate=$1 version=$2 binary=$3
  shift 3
  if command -v "$binary" >/dev/null && "$binary" --version 2>/dev/null | grep -q " $version\b"; then
    return
  fi
  say "installing $crate $version (cargo install --debug; a few minutes)"
  local log
  log=$(mktemp)
  if ! env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS CARGO_PROFILE_DEV_DEBUG=0 cargo install "$crate" --version "$version" --debug --force "$@" >"$log" 2>&1; then
    cat "$log" >&2
    say "installing $crate $version failed (its output above)"
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
  say "installed $crate $version"
}

tools() {
  # Trunk without its default features: no TLS and no update check, since it runs offline (Trunk.toml).
  install_tool trunk "$TRUNK_VERSION" trunk --locked --no-default-features
  # No --locked: wasm-bindgen-cli's own lockfile pins a crate version the registry no longer serves. No
  # default features: they are TLS for its test runner's downloads (ring's C code and rustls to compile),
  # which wasm-bindgen itself never makes.
  install_tool wasm-bindgen-cli "$WASM_BINDGEN_VERSION" wasm-bindgen --no-default-features
}

case "$part" in
  base)
    base
    exit 0
    ;;
  tools) tools ;;
  all)
    base
    tools
    ;;
esac

say "ready: trunk $(trunk --version | awk '{print $2}'), $(/usr/bin/rustc --version | awk '{print "Debian rustc " $2}'), wasm-bindgen $(wasm-bindgen --version | awk '{print $2}'), wasm-opt $(node_modules/.bin/wasm-opt --version | awk '{print $3}'), $(/usr/bin/chromium --version)"
