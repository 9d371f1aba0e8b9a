#!/usr/bin/env bash
# Usage: hop.sh OUTDIR [RUNS]   (root: perf sched record)
# The pieces of one pipe hop on this machine, untraced unless named:
#  1. syscalls.c / sockets.c: a null system call, a read of an empty pipe / AF_UNIX / TCP socket
#     (EAGAIN), a 100-byte pipe write nobody waits on, a 100-byte read that finds data;
#  2. `perf bench sched pipe -l 100000` pinned to vCPU 0, RUNS times in each of three modes:
#     untraced (µs per op only), counted (`perf stat` of sched_wakeup and sched_switch: how many
#     wake-ups and switches a half-cycle has; the counting slows it), and under `perf sched
#     record` with the validation recordings' extra events (scripts/record-benchmarks.sh), the
#     recorded events counted with `perf script`.
set -euo pipefail
OUT=$1; RUNS=${2:-7}; mkdir -p "$OUT"
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=$(mktemp -d /tmp/hop.XXXXXX); trap 'rm -rf "$BIN"' EXIT
gcc -O2 -Wall -o "$BIN/syscalls" "$HERE/syscalls.c"
gcc -O2 -Wall -o "$BIN/sockets" "$HERE/sockets.c"
{ echo "date: $(date -u +%FT%TZ)"; echo "uname: $(uname -r)"; echo "nproc: $(nproc)"; echo "before: $(cat /proc/loadavg)"; } > "$OUT/env.txt"
"$BIN/syscalls" 1000000 "$RUNS" > "$OUT/syscalls.txt"
"$BIN/sockets" 1000000 "$RUNS" > "$OUT/sockets.txt"
EV=(-e sched:sched_wakeup -e sched:sched_process_exec -e sched:sched_process_exit
    -e power:cpu_frequency -e power:cpu_idle)
echo "mode usecs_per_op wakeups switches wakings stat_runtimes" > "$OUT/pipe-modes.txt"
for i in $(seq "$RUNS"); do
  u=$(taskset -c 0 perf bench sched pipe -l 100000 2>&1 | awk '/usecs\/op/ {print $1}')
  echo "untraced $u - - - -" >> "$OUT/pipe-modes.txt"
  c=$(perf stat -x, -e sched:sched_wakeup,sched:sched_switch -- taskset -c 0 perf bench sched pipe -l 100000 2>&1)
  echo "counted $(awk '/usecs\/op/ {print $1}' <<<"$c") $(awk -F, '/sched_wakeup/ {print $1}' <<<"$c") $(awk -F, '/sched_switch/ {print $1}' <<<"$c") - -" >> "$OUT/pipe-modes.txt"
  r=$(perf sched record -o "$BIN/p.data" "${EV[@]}" -- taskset -c 0 perf bench sched pipe -l 100000 2>&1 | awk '/usecs\/op/ {print $1}')
  ev=$(perf script -i "$BIN/p.data" -F event 2>/dev/null | sed 's/: *$//; s/^ *//' | sort | uniq -c)
  n() { awk -v e="$1" '$2 == e {print $1}' <<<"$ev"; }
  echo "perf_sched_record $r $(n sched:sched_wakeup) $(n sched:sched_switch) $(n sched:sched_waking) $(n sched:sched_stat_runtime)" >> "$OUT/pipe-modes.txt"
done
echo "after: $(cat /proc/loadavg)" >> "$OUT/env.txt"
cat "$OUT/syscalls.txt" "$OUT/sockets.txt" "$OUT/pipe-modes.txt"
