#!/bin/bash
# Usage: scripts/trace-reads/vcpu-pack/measure.sh N GAP_S (root; tracefs)
# Runs pingpong.py N GAP_S under tracefs (sched_waking + sched_wakeup) and prints how many of
# its wake-ups were placed on the waker's CPU (sched_wakeup target_cpu = the CPU that issued
# sched_waking). recordings/host-kernel/README.md reads it.
T=/sys/kernel/tracing; I=$T/instances/wl_pp; mkdir -p $I; echo 0 > $I/tracing_on; echo > $I/trace
echo 'sched:sched_wakeup sched:sched_waking' > $I/set_event; echo 1 > $I/tracing_on
python3 "$(dirname "$0")/pingpong.py" $1 $2; echo 0 > $I/tracing_on
python3 - $I/trace <<'EOP'
import re,sys
same=diff=0; waking={}
for l in open(sys.argv[1]):
    m=re.search(r'\[(\d+)\].*?(sched_waking|sched_wakeup): comm=python3 pid=(\d+).*target_cpu=(\d+)', l)
    if not m: continue
    cpu,ev,pid,tgt=int(m.group(1)),m.group(2),m.group(3),int(m.group(4))
    if ev=='sched_waking': waking[pid]=cpu
    elif pid in waking:
        if waking.pop(pid)==tgt: same+=1
        else: diff+=1
print(f"wakee on the waker's CPU: {same}, elsewhere: {diff}")
EOP
rmdir $I
