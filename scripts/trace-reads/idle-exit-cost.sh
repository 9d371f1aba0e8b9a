#!/usr/bin/env bash
# Which vCPU pays `power:cpu_idle` (recordings/observer/README.md, "Which vCPU pays it"):
# scripts/idle-exit-cost.c wakes a thread asleep on one CPU from a thread that never sleeps on
# the other, so only the sleeper's CPU leaves idle; each run is recorded by `perf record -a`
# with a rare event (`sched:sched_process_exit`) alone ("without") or with `power:cpu_idle`
# too ("with"), alternately, for the sleeper on CPU 1 and on CPU 0. Prints TSV: rep,
# sleep_cpu, mode, mean and median wake latency (ns). Needs root.
# Usage: idle-exit-cost.sh [REPS] [ROUNDS] [GAP_US]
set -euo pipefail
reps=${1:-5}
rounds=${2:-10000}
gap=${3:-30}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -pthread -o "$tmp/iec" "$(dirname "$0")/../idle-exit-cost.c"
echo "# $(uname -r); cpuidle driver $(cat /sys/devices/system/cpu/cpuidle/current_driver); $rounds rounds, gap $gap us"
printf 'rep\tsleep_cpu\tmode\tmean_ns\tmedian_ns\n'
for rep in $(seq 1 "$reps"); do
  for sleep_cpu in 1 0; do
    poll_cpu=$((1 - sleep_cpu))
    for mode in without with; do
      events=(-e sched:sched_process_exit)
      [[ $mode == with ]] && events+=(-e power:cpu_idle)
      out=$(perf record -a -q -o "$tmp/p.data" "${events[@]}" -- \
        "$tmp/iec" "$poll_cpu" "$sleep_cpu" "$rounds" "$gap" 2>/dev/null)
      mean=$(sed -E 's/.*"mean_ns": ([0-9.]+).*/\1/' <<<"$out")
      median=$(sed -E 's/.*"median_ns": ([0-9.]+).*/\1/' <<<"$out")
      printf '%s\t%s\t%s\t%s\t%s\n' "$rep" "$sleep_cpu" "$mode" "$mean" "$median"
    done
  done
done
