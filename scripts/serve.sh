#!/usr/bin/env bash
# Builds the game (release) and serves it on http://127.0.0.1:8080, rebuilding when sources change.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
echo
echo "Reversi will be served at http://127.0.0.1:8080 once the build below finishes (Ctrl-C to stop)."
echo
exec trunk serve --release --address 127.0.0.1 --port 8080
