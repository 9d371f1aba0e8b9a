#!/usr/bin/env bash
# What a wake-up to the other CPU costs on this machine (issue 19): scripts/wake-cost.c's pipe
# ping-pong with both threads on CPU 0 ("packed") and one per CPU ("split"), the other CPU idle
# or kept busy by a SCHED_IDLE spinner on each CPU ("split_busy": the wakee's CPU is running,
# not halted), with 1-byte and 5700-byte messages (tbench's payload per operation). Prints JSON:
# per case the median of REPS runs of the wall time and each thread's CPU time per round trip
# (two wake-ups). Needs cc; run on a quiet machine.
# Usage: scripts/measure-wake-cost.sh [REPS] [ROUNDS] > FILE.json
set -euo pipefail
reps=${1:-3}; rounds=${2:-100000}
work=$(mktemp -d)
spin=()
cleanup() { for p in "${spin[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
cc -O2 -pthread -o "$work/wake-cost" "$(dirname "$0")/wake-cost.c"
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
case_json() { # name cpu_a cpu_b bytes
  local out=$work/$1
  for _ in $(seq "$reps"); do "$work/wake-cost" "$2" "$3" "$4" "$rounds"; done > "$out"
  local wall a b
  wall=$(grep -o '"wall_ns_per_round": [0-9.]*' "$out" | awk '{print $2}' | median)
  a=$(grep -o '"cpu_a_ns_per_round": [0-9.]*' "$out" | awk '{print $2}' | median)
  b=$(grep -o '"cpu_b_ns_per_round": [0-9.]*' "$out" | awk '{print $2}' | median)
  printf '  "%s": {"cpus": [%s, %s], "bytes": %s, "wall_ns_per_round": %s, "cpu_a_ns_per_round": %s, "cpu_b_ns_per_round": %s}' "$1" "$2" "$3" "$4" "$wall" "$a" "$b"
}
echo "{"
echo "  \"date_utc\": \"$(date -u +%FT%TZ)\", \"kernel\": \"$(uname -r)\", \"reps\": $reps, \"rounds\": $rounds,"
case_json packed_1 0 0 1; echo ","
case_json split_1 0 1 1; echo ","
case_json packed_5700 0 0 5700; echo ","
case_json split_5700 0 1 5700; echo ","
for c in 0 1; do chrt -i 0 taskset -c $c sh -c 'while :; do :; done' & spin+=($!); done
sleep 0.2
case_json split_busy_1 0 1 1; echo
echo "}"
