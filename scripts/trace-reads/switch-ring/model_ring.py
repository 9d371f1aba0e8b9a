#!/usr/bin/env python3
"""The token ring of ring.c as a Wakelab experiment: N tasks pinned to CPU 0 of the recording
host's shape (epyc-kvm-2vcpu), each `recv` 100 bytes from its pipe then `send` 100 bytes to the
next, each a system call with the read / write costs measured alone on the host
(recordings/switch-cost, "3. The pieces of a hop": 0.322 / 0.303 µs, each drawn within +-50% as
the workloads' costs are, at 2.0 GHz). Writes the experiment JSON to stdout (run from the
repository root, after `cargo build --release -p wakelab-cli`).

usage: model_ring.py N HOPS [perf]   (perf: add perf sched record's costs, as `wakelab validate`)
"""
import json
import subprocess
import sys

n, hops = int(sys.argv[1]), int(sys.argv[2])
laps = hops // n
READ = {"lo": 322, "hi": 966}   # a 100-byte read that finds data: 0.322 µs at 2.0 GHz, +-50%
WRITE = {"lo": 303, "hi": 909}  # a 100-byte write nobody waits on: 0.303 µs, +-50%
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
    exp["scenario"]["engine"] = {"wakeup_cost_ns": 1450 + 1260, "context_switch_ns": 1180 + 1260}
json.dump(exp, sys.stdout, indent=1)
