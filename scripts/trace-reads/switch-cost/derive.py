#!/usr/bin/env python3
"""The engine's hop costs from the measurements (recordings/switch-cost/README.md, "3. The
pieces of a hop"): reads recordings/switch-cost/hop/{syscalls,sockets,pipe-modes}.txt and
recordings/switch-ring/summary.json, writes recordings/switch-cost/hop/derived.json.

One hop of a ring of pipes (a write that wakes the next task, the writer's read that finds its
pipe empty and sleeps, the switches) costs, per hop with b blocks (= wake-ups) and p
preemptions:  W + R + b (wake + E) + (b + p) S,
W, R: a 100-byte pipe write and read that find room / data (syscalls.c), E: the first pass of a
read that finds its pipe empty (the EAGAIN read, syscalls.c), wake: ttwu on the waker, S: one
context switch. A traced hackbench run (reading 2) finds the waker's extra cost of a waking write
equal to the sleeper's extra cost of a blocking read: wake = E + S. So each ring size gives
    S_N = (hop_N - W - R - 2 b_N E) / (2 b_N + p_N)
and the engine takes the median over the six ring sizes (threads). The recorder's cost per
wake-up and per switch (equal: each fires two of its tracepoints, sched_waking + sched_wakeup,
sched_switch + sched_stat_runtime) is what a traced pinned `perf bench sched pipe` half-cycle
adds over an untraced one, less what its different counts of wake-ups and switches cost.
"""
import json
import statistics as st
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
hop = f"{root}/recordings/switch-cost/hop"


def table(path):
    rows = [line.split() for line in open(path) if line.strip()]
    return rows[0], rows[1:]


def medians(path):
    head, rows = table(path)
    return {h: st.median(float(r[i]) for r in rows) for i, h in enumerate(head)}


sc = medians(f"{hop}/syscalls.txt")
so = medians(f"{hop}/sockets.txt")
w, r, e = sc["write_ns"] / 1e3, sc["read_ns"] / 1e3, sc["read_empty_ns"] / 1e3

ring = json.load(open(f"{root}/recordings/switch-ring/summary.json"))["runs"]
per_n = {}
for n in (2, 3, 4, 8, 16, 40):
    x = ring[f"thread-n{n}"]
    h = x["ns_per_hop"]["median"] / 1e3
    b = x["blocks_per_hop"]["median"]
    p = x["preempted_per_hop"]["median"]
    per_n[n] = round((h - w - r - 2 * b * e) / (2 * b + p), 3)
s = st.median(per_n.values())
wake = e + s

head, rows = table(f"{hop}/pipe-modes.txt")
col = {h: i for i, h in enumerate(head)}


def mode(m, field):
    return st.median(float(x[col[field]]) for x in rows if x[0] == m)


half = 200_000  # 100 000 ops of two half-cycles
un_hc = mode("untraced", "usecs_per_op") / 2
tr_hc = mode("perf_sched_record", "usecs_per_op") / 2
b_un = mode("counted", "wakeups") / half
s_un = mode("counted", "switches") / half
b_tr = mode("perf_sched_record", "wakeups") / half
s_tr = mode("perf_sched_record", "switches") / half


def observer(untraced_hc, traced_hc):
    """The recorder's cost per wake-up and per switch from a traced and an untraced half-cycle."""
    return (traced_hc - untraced_hc - (b_tr - b_un) * (wake + e) - (s_tr - s_un) * s) / (b_tr + s_tr)


obs_today = observer(un_hc, tr_hc)
# The validation recordings were made on builds v782-v1147; the recorder's cost was measured on
# v1147 (recordings/switch-cost/pipe-pinned.txt, 2026-12-04: medians of 7, µs per op) and is
# what the validation runs charge; the counts are today's (the same kernel, 6.18.44).
old_rows = [line.split() for line in open(f"{root}/recordings/switch-cost/pipe-pinned.txt")]
v1147 = {m: st.median(float(x[1]) for x in old_rows if x[0] == m) / 2
         for m in ("untraced", "perf_sched_record")}
obs = observer(v1147["untraced"], v1147["perf_sched_record"])

out = {
    "inputs_us": {"write": w, "read": r, "pipe_read_empty": e,
                  "unix_read_empty": so["unix_read_empty_ns"] / 1e3,
                  "tcp_read_empty": so["tcp_read_empty_ns"] / 1e3,
                  "null_syscall": sc["null_ns"] / 1e3},
    "switch_us_per_ring_size": per_n,
    "pipe_bench": {"untraced_half_cycle_us": un_hc, "traced_half_cycle_us": tr_hc,
                   "untraced_wakeups": b_un, "untraced_switches": s_un,
                   "traced_wakeups": b_tr, "traced_switches": s_tr},
    "v1147_pipe_bench": {"untraced_half_cycle_us": v1147["untraced"],
                         "traced_half_cycle_us": v1147["perf_sched_record"]},
    "perf_sched_record_ns_today": round(obs_today * 1e3, -1),
    "engine_ns": {"context_switch_ns": round(s * 1e3, -1), "wakeup_cost_ns": round(wake * 1e3, -1),
                  "perf_sched_record_ns": round(obs * 1e3, -1)},
}
json.dump(out, open(f"{hop}/derived.json", "w"), indent=1, sort_keys=True)
json.dump(out, sys.stdout, indent=1, sort_keys=True)
print()
