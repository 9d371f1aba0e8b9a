#!/usr/bin/env bash
# What a busy neighbour CPU costs on this host (issue 19, "cache and memory costs that grow
# with load"): builds scripts/mem-sharing.c and prints JSON with the median of REPS runs of
# each (loop, working set, neighbour) case. Needs gcc and CPUs 0 and 1; run it on a quiet
# machine (it measures wall time per iteration: anything else running on CPU 0 or 1 inflates
# the figures). Usage: scripts/measure-mem-sharing.sh [REPS] > recordings/host-2vcpu/mem-sharing.json
set -euo pipefail
reps=${1:-5}
here=$(cd "$(dirname "$0")" && pwd)
bin=$(mktemp -d)/mem-sharing
trap 'rm -rf "$(dirname "$bin")"' EXIT
gcc -O2 -Wall -pthread -o "$bin" "$here/mem-sharing.c"
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
cases=("alu 0" "chase 256" "chase 768" "chase 2048" "chase 4096" "chase 6144" "chase 16384" "chase 65536")
printf '{\n  "what": "ns per iteration on CPU 0 (median of %s runs): a dependent ALU loop, or a random pointer chase over kib KiB; alone, with CPU 1 running the same loop, or with CPU 1 streaming over 64 MiB",\n' "$reps"
printf '  "host": "%s, %s CPUs, %s",\n' "$(uname -r)" "$(nproc)" "$(lscpu | sed -n 's/^Model name: *//p')"
printf '  "date_utc": "%s",\n  "loadavg_before": "%s",\n  "rows": [\n' "$(date -u +%FT%TZ)" "$(cut -d' ' -f1-3 /proc/loadavg)"
first=1
for c in "${cases[@]}"; do
  set -- $c
  row=()
  for mode in alone same stream; do
    row+=("$(for _ in $(seq "$reps"); do "$bin" "$1" "$2" "$mode"; done | median)")
  done
  [[ $first == 1 ]] || printf ',\n'
  first=0
  printf '    {"loop": "%s", "kib": %s, "alone_ns": %s, "same_on_cpu1_ns": %s, "stream_on_cpu1_ns": %s}' "$1" "$2" "${row[@]}"
done
printf '\n  ],\n  "loadavg_after": "%s"\n}\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
