#!/usr/bin/env bash
# Run each fuzz target briefly (default 20 s each) on top of the committed corpus.
# Usage: scripts/fuzz-smoke.sh [seconds-per-target] [target...]
#
# cargo-fuzz needs nightly-only rustc flags (-Zsanitizer=address, SanitizerCoverage);
# RUSTC_BOOTSTRAP=1 lets the stable 1.95 toolchain accept them (docs/limits.md, "Fuzzing").
# New inputs go to a temporary directory, so the committed corpus (fuzz/corpus/<target>) is
# only read; a crash leaves its input in fuzz/artifacts/<target>/ and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."

SECS="${1:-20}"
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  TARGETS=(link_decode experiment_json rtapp_import sched_trace sim_run decide_snapshot balance_snapshot)
fi
CARGO_FUZZ_VERSION=0.13.2

if ! cargo fuzz --version 2>/dev/null | grep -q "$CARGO_FUZZ_VERSION"; then
  echo "fuzz-smoke: installing cargo-fuzz $CARGO_FUZZ_VERSION" >&2
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi

export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/fuzz"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for t in "${TARGETS[@]}"; do
  mkdir -p "$work/$t" "fuzz/artifacts/$t"
  echo "fuzz-smoke: $t for ${SECS}s" >&2
  if ! cargo fuzz run -O -a "$t" "$work/$t" "fuzz/corpus/$t" -- \
      -max_total_time="$SECS" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="fuzz/artifacts/$t/" >"$work/$t.log" 2>&1; then
    tail -n 40 "$work/$t.log" >&2
    if grep -q "^Error: failed to build fuzz script" "$work/$t.log"; then
      echo "fuzz-smoke: $t did not build (see above); nothing was fuzzed" >&2
    else
      echo "fuzz-smoke: $t FAILED; the input is in fuzz/artifacts/$t/" >&2
    fi
    exit 1
  fi
  grep -E "^Done [0-9]+ runs" "$work/$t.log" | sed "s/^/fuzz-smoke: $t: /" >&2 || true
done
echo "fuzz-smoke: ok" >&2
