#!/usr/bin/env bash
# What a busy neighbour on the other CPU of the same LLC costs a benchmark (issue 19, "cache and
# memory costs that grow with load"): the benchmark pinned to CPU 0, (a) alone, (b) with the same
# benchmark pinned to CPU 1, (c) with `stress-ng --stream` (64 MiB, an LLC and memory-bandwidth
# thrasher) pinned to CPU 1. Everything of the measured instance runs on CPU 0, so its rate is
# the inverse of its CPU time per operation. Root not needed; dbench (tbench, tbench_srv),
# rt-tests (hackbench) and stress-ng must be installed (scripts/record-benchmarks.sh installs
# them). Run on a quiet machine. Prints JSON; median of REPS runs.
# Usage: scripts/measure-neighbour-cost.sh [REPS] > recordings/host-2vcpu/neighbour-cost.json
set -euo pipefail
reps=${1:-3}
work=$(mktemp -d)
cleanup() { pkill -f "tbench_srv" 2>/dev/null || true; pkill -f "stress-ng --stream" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
# One server; each connection's server process (tbench_srv forks one per client) is pinned to
# its client's CPU right after the client connects.
tbench_srv >/dev/null 2>&1 &
srv=$!
sleep 1
tb() { # cpu [seconds] -> MB/sec of one client pinned there, its server process pinned there too
  local out=$work/tb.$1 child=""
  taskset -c "$1" tbench -t "${2:-3}" 1 127.0.0.1 >"$out" 2>/dev/null &
  local client=$!
  for _ in $(seq 50); do
    child=$(pgrep -n -P "$srv" || true)
    [[ -n $child && ! -e $work/seen.$child ]] && break
    child=""
    sleep 0.02
  done
  [[ -n $child ]] && { touch "$work/seen.$child"; taskset -p -c "$1" "$child" >/dev/null; }
  wait "$client"
  sed -n 's/^Throughput \([0-9.]*\) MB.*/\1/p' "$out" | tail -1
}
hb() { taskset -c "$1" hackbench -p -g 1 -l "${2:-3000}" 2>/dev/null | sed -n 's/^Time: //p'; }
stream_on_cpu1() { stress-ng --stream 1 --stream-l3-size 64M --taskset 1 -t 30 >/dev/null 2>&1 & sleep 1; }
run_case() { # bench mode -> one number
  local bench=$1 mode=$2 v
  case $mode in
    alone) v=$($bench 0) ;;
    same) # the neighbour starts first and ends last
          if [[ $bench == tb ]]; then tb 1 6 >/dev/null & else hb 1 6000 >/dev/null & fi
          local nb=$!
          sleep 0.5; v=$($bench 0); wait "$nb" ;;
    stream) stream_on_cpu1; v=$($bench 0); pkill -f "stress-ng --stream" || true ;;
  esac
  echo "$v"
}
printf '{\n  "what": "benchmark pinned to CPU 0, median of %s runs: tbench 1 client (MB/sec, higher is faster; tbench_srv on CPU 0 too), hackbench -p -g 1 -l 3000 (seconds, lower is faster); alone, with the same benchmark on CPU 1, or with stress-ng --stream (64 MiB) on CPU 1",\n' "$reps"
printf '  "host": "%s, %s CPUs, %s",\n  "date_utc": "%s",\n  "loadavg_before": "%s",\n  "rows": [\n' "$(uname -r)" "$(nproc)" "$(lscpu | sed -n 's/^Model name: *//p')" "$(date -u +%FT%TZ)" "$(cut -d' ' -f1-3 /proc/loadavg)"
first=1
for bench in tb hb; do
  row=()
  for mode in alone same stream; do
    row+=("$(for _ in $(seq "$reps"); do run_case $bench $mode; done | median)")
  done
  [[ $first == 1 ]] || printf ',\n'
  first=0
  name=$([[ $bench == tb ]] && echo "tbench 1 client, MB/sec" || echo "hackbench pipe 1 group, s")
  printf '    {"benchmark": "%s", "alone": %s, "same_on_cpu1": %s, "stream_on_cpu1": %s}' "$name" "${row[@]}"
done
printf '\n  ],\n  "loadavg_after": "%s"\n}\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
