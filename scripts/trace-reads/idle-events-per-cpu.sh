#!/usr/bin/env bash
# Which vCPUs fire `power:cpu_idle` (recordings/observer/README.md, "Which vCPU fires it"):
# scripts/wake-cost.c's pipe ping-pong split over CPUs 0 and 1 (LOOPS round trips; each side
# idles between messages, so each vCPU enters and leaves idle once per round trip) recorded with `power:cpu_idle` and `sched_switch` on every CPU; per CPU, the
# cpuidle driver's entries (sum of /sys/devices/system/cpu/cpuN/cpuidle/state*/usage over the
# recording), the switches to the idle task, and the idle entry and exit events. Needs root.
# Usage: idle-events-per-cpu.sh [LOOPS] [RUNS]
set -euo pipefail
loops=${1:-20000}
runs=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -pthread -o "$tmp/wake-cost" "$(dirname "$0")/../wake-cost.c"
echo "# $(uname -r); cpuidle driver $(cat /sys/devices/system/cpu/cpuidle/current_driver); governor $(cat /sys/devices/system/cpu/cpuidle/current_governor)"
echo "# run cpu cpuidle_entries switches_to_idle idle_enter_events idle_exit_events"
usage() {
  for c in /sys/devices/system/cpu/cpu[0-9]*; do
    s=0
    for u in "$c"/cpuidle/state*/usage; do s=$((s + $(cat "$u"))); done
    echo "${c##*cpu} $s"
  done
}
for r in $(seq 1 "$runs"); do
  usage > "$tmp/before"
  perf record -a -q -o "$tmp/p.data" -e power:cpu_idle -e sched:sched_switch -- \
    "$tmp/wake-cost" 0 1 1 "$loops" > /dev/null 2>&1
  usage > "$tmp/after"
  perf script -i "$tmp/p.data" -F cpu,event,trace 2>/dev/null | awk -v run="$r" '
    FNR == NR && FILENAME ~ /before$/ { b[$1] = $2; next }
    FILENAME ~ /after$/ { a[$1] = $2; next }
    /cpu_idle/ { c = substr($1, 2, 3) + 0; if ($0 ~ /state=4294967295/) ex[c]++; else en[c]++ }
    /sched_switch/ { c = substr($1, 2, 3) + 0; if ($0 ~ /next_pid=0 /) idle[c]++ }
    END { for (c in a) printf "%d %d %d %d %d %d\n", run, c, a[c] - b[c], idle[c] + 0, en[c] + 0, ex[c] + 0 }
  ' "$tmp/before" "$tmp/after" - | sort -n -k1 -k2
done
