#!/usr/bin/env bash
# Measure the wasm / native time ratio and the worker pool's scaling (docs/performance.md).
# Builds the release CLI and the release page if needed; prints markdown tables.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$ROOT"
"$ROOT/scripts/bootstrap.sh"
cargo build --locked --release -p wakelab-cli
trunk build --release
target_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
node tests/perf/wasm-vs-native.mjs "$target_dir/release/wakelab"
