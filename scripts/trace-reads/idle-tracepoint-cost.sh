#!/usr/bin/env bash
# What `power:cpu_idle` adds to `perf sched record`'s cost: an unpinned `perf bench sched pipe`
# (the two sides on the two vCPUs, so each CPU idles once per round trip) recorded alternately
# with the validation recordings' events and with the same events less `power:cpu_idle`, N times
# each, and the idle events of one recording counted (recordings/observer, "cpu_idle").
# Usage: idle-tracepoint-cost.sh OUT_DIR [N] [LOOPS]   (root; needs perf)
set -euo pipefail
OUT="${1:?out dir}"; N="${2:-10}"; LOOPS="${3:-100000}"
mkdir -p "$OUT"
BASE=(-e sched:sched_wakeup -e sched:sched_process_exec -e sched:sched_process_exit
      -e power:cpu_frequency)
DATA="$(mktemp -d /tmp/idlecost.XXXXXX)"
trap 'rm -rf "$DATA"' EXIT
uname -r > "$OUT/env.txt"; cat /proc/loadavg >> "$OUT/env.txt"; nproc >> "$OUT/env.txt"
RES="$OUT/runs.tsv"
printf 'mode\trun\tusecs_per_op\n' > "$RES"
for i in $(seq 1 "$N"); do
  for mode in without_cpu_idle with_cpu_idle; do
    ev=("${BASE[@]}")
    [[ $mode == with_cpu_idle ]] && ev+=(-e power:cpu_idle)
    out="$(perf sched record -o "$DATA/p.data" "${ev[@]}" -- perf bench sched pipe -l "$LOOPS" 2>&1)"
    us="$(grep -E 'usecs/op' <<<"$out" | awk '{print $1}')"
    if [[ $mode == with_cpu_idle && $i == 1 ]]; then
      # events per round trip, from this recording
      perf script -i "$DATA/p.data" -F event 2>/dev/null | sort | uniq -c > "$OUT/events-run1.txt"
    fi
    rm -f "$DATA/p.data"
    printf '%s\t%s\t%s\n' "$mode" "$i" "$us" | tee -a "$RES"
  done
done
