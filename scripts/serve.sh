#!/usr/bin/env bash
# Build the playground (release) and serve it on http://127.0.0.1:${WAKELAB_PORT:-8080}/.
# Installs missing build tools first (scripts/bootstrap.sh --build). Ctrl-C stops the server.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"
port="${WAKELAB_PORT:-8080}"

"$ROOT/scripts/bootstrap.sh" --build

section "build: trunk build --release"
cargo fetch --locked
trunk build --release || die "trunk build failed (see above)"

section "serve"
info "Wakelab (default scenario): http://127.0.0.1:$port/"
exec node "$ROOT/scripts/static-server.mjs" "$ROOT/dist" "$port" 127.0.0.1
