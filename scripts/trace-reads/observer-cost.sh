#!/usr/bin/env bash
# What `perf sched record` (as scripts/record-benchmarks.sh runs it) costs the benchmarks it
# records: each benchmark run alternately untraced and traced, N times each, on this machine.
# Usage: observer-cost.sh OUT_DIR [N]   (root; needs hackbench, tbench/tbench_srv, perf)
set -euo pipefail
OUT="${1:?out dir}"; N="${2:-5}"
mkdir -p "$OUT"
EV=(-e sched:sched_wakeup -e sched:sched_process_exec -e sched:sched_process_exit
    -e power:cpu_frequency -e power:cpu_idle)
DATA="$(mktemp -d /tmp/observer.XXXXXX)"
tbench_srv >/dev/null 2>&1 & SRV=$!
trap 'kill $SRV 2>/dev/null; rm -rf "$DATA"' EXIT
sleep 1
uname -r > "$OUT/env.txt"; cat /proc/loadavg >> "$OUT/env.txt"; nproc >> "$OUT/env.txt"
# name<TAB>command: the validation recordings' commands (recordings/README.md)
BENCH=(
  "hackbench-pipe-process-g1	hackbench -p -g 1 -l 1000"
  "hackbench-pipe-process-g4	hackbench -p -g 4 -l 1000"
  "hackbench-pipe-thread-g1	hackbench -p -T -g 1 -l 1000"
  "hackbench-socket-process-g1	hackbench -g 1 -l 1000"
  "hackbench-socket-process-g4	hackbench -g 4 -l 1000"
  "perf-bench-sched-messaging	perf bench sched messaging -g 2 -l 500"
  "perf-bench-sched-pipe	perf bench sched pipe -l 100000"
  "tbench-c1	tbench -t 3 1 127.0.0.1"
  "tbench-c2	tbench -t 3 2 127.0.0.1"
)
RES="$OUT/runs.tsv"
printf 'bench\tmode\trun\tresult_line\n' > "$RES"
for i in $(seq 1 "$N"); do
  for b in "${BENCH[@]}"; do
    name="${b%%	*}"; cmd="${b#*	}"
    for mode in untraced traced; do
      if [[ $mode == traced ]]; then
        out="$(perf sched record -o "$DATA/p.data" "${EV[@]}" -- $cmd 2>&1)"
        rm -f "$DATA/p.data"
      else
        out="$($cmd 2>&1)"
      fi
      line="$(grep -E '^Time:|Throughput|Total time|usecs/op|^ *[0-9.]+ usecs' <<<"$out" | tail -n1)"
      printf '%s\t%s\t%s\t%s\n' "$name" "$mode" "$i" "$line" | tee -a "$RES"
    done
  done
done
