#!/usr/bin/env bash
# Summarise the raw recorded traces into the committed summaries that `wakelab validate`
# compares the model with: for every recording listed in OUT_DIR/status.tsv (its NAME.json is
# the recording's metadata), write OUT_DIR/NAME.summary.json (`wakelab trace-import --json`,
# the trace summary's JSON form).
#
# Usage: scripts/summarise-recordings.sh [RAW_DIR [OUT_DIR]]
#        RAW_DIR default recordings/raw (where scripts/record-benchmarks.sh puts the traces),
#        OUT_DIR default recordings/host-2vcpu; the emulated 6.1 guest's set (scripts/record-in-vm.sh):
#        scripts/summarise-recordings.sh recordings/raw-vm61 recordings/tcg61-2vcpu
# Then regenerate the tables: wakelab validate --write-doc docs/calibration.md
set -euo pipefail
cd "$(dirname "$0")/.."

RAW="${1:-recordings/raw}"
OUT="${2:-recordings/host-2vcpu}"
BIN="${WAKELAB:-target/release/wakelab}"
if [ ! -x "$BIN" ]; then
  nice -n 19 cargo build --release -p wakelab-cli
fi
n=0
# status.tsv lists the recordings (the folder also holds other measurements' JSON)
for name in $(cut -f1 "$OUT/status.tsv"); do
  trace="$RAW/$name.perf-script.txt.gz"
  if [ ! -f "$trace" ]; then
    echo "summarise-recordings: $trace missing (run scripts/record-benchmarks.sh)" >&2
    exit 1
  fi
  nice -n 19 "$BIN" trace-import --json "$trace" > "$OUT/$name.summary.json.tmp"
  mv "$OUT/$name.summary.json.tmp" "$OUT/$name.summary.json"
  n=$((n + 1))
done
echo "summarise-recordings: $n summaries in $OUT" >&2
