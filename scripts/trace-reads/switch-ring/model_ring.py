#!/usr/bin/env python3
"""The token ring of ring.c as a Wakelab experiment: N tasks pinned to CPU 0 of the recording
host's shape (epyc-kvm-2vcpu), each `recv` 100 bytes from its pipe then `send` 100 bytes to the
next, each a system call with hackbench's pipe read / write costs, as hackbench's tasks are
(crates/wakelab-sim/src/workload/generators.rs). Writes the experiment JSON to stdout (run from the
repository root, after `cargo build --release -p wakelab-cli`).

usage: model_ring.py N HOPS [perf]   (perf: add perf sched record's costs, as `wakelab validate`)
"""
import json
import subprocess
import sys

n, hops = int(sys.argv[1]), int(sys.argv[2])
laps = hops // n
READ = {"lo": 465, "hi": 1395}   # hackbench pipe read_cycles: around(930)
WRITE = {"lo": 460, "hi": 1380}  # hackbench pipe write_cycles: around(920)
PIPE = {"kind": "pipe"}


def recv():
    return {"syscall": {"body": [{"recv": {"bytes": 100, "inbox": PIPE}}, {"run": {"cycles": READ}}]}}


def send(i):
    return {"syscall": {"body": [{"run": {"cycles": WRITE}},
                                 {"send": {"task": {"task": (i + 1) % n}, "bytes": 100}}]}}


tasks = []
for i in range(n):
    if i == 0:
        prog = [send(0), {"loop": {"count": laps - 1, "body": [recv(), send(0)]}}, recv()]
    else:
        prog = [{"loop": {"count": laps, "body": [recv(), send(i)]}}]
    prog.append({"exit": None})
    tasks.append({"name": f"ring/{i}", "affinity": "0", "start_cpu": 0, "program": prog})

exp = {
    "scenario": {
        "format": 1,
        "title": f"token ring of {n} tasks pinned to CPU 0",
        "machine": json.loads(subprocess.check_output(
            ["target/release/wakelab", "show", "epyc-kvm-2vcpu"])),
        "kernel": {"version": "6.18", "patches": []},
        "freq": {"governor": "performance"},
        "workload": {"kind": "custom", "tasks": tasks, "stop_when_all_exited": True,
                     "metric": {"kind": "completion_time"}},
        "run": {"duration_ms": 60000, "warmup_ms": 0, "seed": 1},
    },
    # the host's build: 6.18 with its vCPU packing rules and 6.18.y's wake-up preemption check
    # (as `wakelab validate` runs it)
    "variants": [{"name": "6.18", "kernel": {"version": "6.18", "patches": ["vcpu-pack", "next-buddy-eevdf",
        "revert-force-wakeup-preemption", "wakeup-preempt-delayed"]}}],
    "clients": [1],
    "iterations": 1,
}
if len(sys.argv) > 3 and sys.argv[3] == "perf":
    exp["scenario"]["engine"] = {"wakeup_cost_ns": 850 + 900, "context_switch_ns": 850 + 900}
json.dump(exp, sys.stdout, indent=1)
