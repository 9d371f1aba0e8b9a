#!/usr/bin/env bash
# Run ring.c's token ring on the recording host, untraced, and under ring.bt (bpftrace), into
# OUT (recordings/switch-ring): OUT/runs/MODE-nN.txt (one line per repetition) and
# OUT/bpf/MODE-nN.bpftrace.txt. Root (bpftrace, sched_setaffinity on vCPU 0); gcc.
# Usage: scripts/trace-reads/switch-ring/ring.sh OUT [REPS] [HOPS]
set -euo pipefail
out=$1 reps=${2:-5} hops=${3:-200000}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/runs" "$out/bpf"
bin=$(mktemp -d)/ring   # the comm is the binary's name: ring.bt matches "ring"
gcc -O2 -Wall -pthread -o "$bin" "$here/ring.c"
{ uname -r; nproc; cat /proc/loadavg; date -u +%FT%TZ; } > "$out/env.txt"
for mode in thread process; do
  for n in 2 3 4 8 16 40; do
    : > "$out/runs/$mode-n$n.txt"
    for _ in $(seq "$reps"); do "$bin" "$mode" "$n" "$hops" 0 >> "$out/runs/$mode-n$n.txt"; done
  done
done
for n in 4 8; do
  bpftrace "$here/ring.bt" -c "$bin thread $n $hops 0" > "$out/bpf/thread-n$n.bpftrace.txt" 2>&1
done
cat /proc/loadavg >> "$out/env.txt"
