#!/usr/bin/env bash
# Usage: pipe.sh OUTDIR [RUNS]
# The CPU cost of one wake-up plus one switch on this machine, untraced: `perf bench sched pipe`
# with both tasks pinned to one CPU (taskset -c 0), so every wake-up is local and no CPU idles:
# one op = two half-cycles, each a pipe write that wakes the peer, the writer's blocking read
# (it sleeps, the peer runs) and the peer's resumed read. The same under `perf sched record`
# gives what that observer adds per op (the validation recordings were made under it).
set -euo pipefail
OUT=$1; RUNS=${2:-7}; mkdir -p "$OUT"
{ echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "nproc: $(nproc)"; echo "before: $(uptime)"; } > "$OUT/env.txt"
for i in $(seq "$RUNS"); do
  taskset -c 0 perf bench sched pipe -l 100000 2>&1 | awk '/usecs\/op/ {print "untraced", $1}'
  perf sched record -o /tmp/switch-cost.perf.data -- taskset -c 0 perf bench sched pipe -l 100000 2>&1 | awk '/usecs\/op/ {print "perf_sched_record", $1}'
done > "$OUT/pipe-pinned.txt"
rm -f /tmp/switch-cost.perf.data /tmp/switch-cost.perf.data.old
echo "after: $(uptime)" >> "$OUT/env.txt"
cat "$OUT/pipe-pinned.txt"
