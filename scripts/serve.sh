#!/usr/bin/env bash
# Builds the game (release) and serves it with `reversi serve` on http://127.0.0.1:8080: the page as a static
# host would give it, plus games between people on two screens, the bots' socket and their tournaments, every
# move kept in SQLite (default file: $XDG_DATA_HOME/reversi/reversi.db, else ~/.local/share/reversi/reversi.db;
# pass `--db FILE` or any other `reversi serve` option after the command).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
trunk build --release
cargo build --release --locked -p reversi-tools
echo
echo "Reversi is served at http://127.0.0.1:8080 (Ctrl-C to stop); bots connect to ws://127.0.0.1:8080/ws?name=NAME."
echo
exec target/release/reversi serve --listen 127.0.0.1:8080 --dist dist "$@"
