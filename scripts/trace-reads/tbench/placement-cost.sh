#!/usr/bin/env bash
# Usage: placement-cost.sh OUT.tsv [N]   (root; needs tbench and tbench_srv from dbench)
# The tbench counterpart of scripts/trace-reads/pgbench/placement-cost.sh: N rounds of
# `tbench -t 3 1 127.0.0.1` (one client), untraced, with tbench_srv and tbench pinned (taskset):
#   same        both on vCPU 0;   split  server on vCPU 1, client on vCPU 0;
#   split-spin  as split, with a SCHED_IDLE spinner on each vCPU (no vCPU halts);   free  unpinned.
# Between 0.5 s and 2.5 s into each run it reads the CPU time (/proc/PID/schedstat) of the client
# process and of the server's child serving it; per line: MB/sec (tbench's Throughput line) and
# the CPU per MB of each side (µs).
set -euo pipefail
OUT=${1:?out tsv}; N=${2:-3}
[[ $(id -u) -eq 0 ]] || { echo "needs root" >&2; exit 1; }
WORK=$(mktemp -d /tmp/tbench-place.XXXXXX); SRV=""; SPIN=()
cleanup() { set +e; for p in "${SPIN[@]}"; do kill $p 2>/dev/null; done; [[ -n $SRV ]] && kill $SRV 2>/dev/null; rm -rf $WORK; }
trap cleanup EXIT
cpu_ns() { awk '{print $1}' /proc/$1/schedstat 2>/dev/null || echo 0; }
printf 'mode\tround\tmb_per_s\tserver_us_per_mb\tclient_us_per_mb\tload1\n' > $OUT
for i in $(seq 1 $N); do
  for m in same split split-spin free; do
    case $m in same) srv=0; cli=0;; split|split-spin) srv=1; cli=0;; free) srv=0,1; cli=0,1;; esac
    taskset -c $srv tbench_srv >/dev/null 2>&1 & SRV=$!
    sleep 0.5
    if [[ $m == split-spin ]]; then
      for c in 0 1; do taskset -c $c chrt -i 0 sh -c 'while :; do :; done' & SPIN+=($!); done
    fi
    load=$(cut -d' ' -f1 /proc/loadavg)
    taskset -c $cli tbench -t 3 1 127.0.0.1 > $WORK/out 2>&1 &
    TB=$!
    sleep 0.5
    cli_pid=$(pgrep -n -x tbench); srv_pid=$(pgrep -n -x tbench_srv)
    b0=$(cpu_ns $srv_pid); c0=$(cpu_ns $cli_pid); sleep 2; b1=$(cpu_ns $srv_pid); c1=$(cpu_ns $cli_pid)
    wait $TB || true
    for p in "${SPIN[@]}"; do kill $p 2>/dev/null || true; done; SPIN=()
    kill $SRV 2>/dev/null || true; wait $SRV 2>/dev/null || true; SRV=""
    mb=$(awk '/^Throughput/{print $2}' $WORK/out | tail -1)
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' $m $i $mb \
      $(awk -v d=$((b1-b0)) -v t=$mb 'BEGIN{printf "%.1f", d/1000/(t*2)}') \
      $(awk -v d=$((c1-c0)) -v t=$mb 'BEGIN{printf "%.1f", d/1000/(t*2)}') $load >> $OUT
  done
done
cat $OUT
