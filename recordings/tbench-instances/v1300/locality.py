#!/usr/bin/env python3
"""Placement of tbench's message wake-ups and the loopback receive-path cost by placement.

Usage: locality.py DIR [DIR ...]   (python3, stdlib only)

For every DIR/tbench-*.perf-script.txt.gz (`perf script --ns` text of a `perf sched record`,
scripts/record-benchmarks.sh) it reads the message wake-ups: sched_waking lines whose waker
(the line's comm) is tbench and wakee tbench_srv, or the reverse. For each:
  waker CPU  = the CPU in brackets of the sched_waking line
  prev CPU   = sched_waking's target_cpu (the kernel emits sched_waking before select_task_rq,
               so this is task_cpu(p): where the wakee last ran); checked against the CPU of
               the wakee's last sched_switch
  placed CPU = target_cpu of the wakee's next sched_wakeup (after select_task_rq); a waking
               without a sched_wakeup (wakee still runnable) counts as placed on its prev CPU
and prints f_place = share with waker CPU != placed CPU, f_prev = share with waker CPU != prev
CPU. Per pair (a client and the tbench_srv child it exchanges wake-ups with) it prints each
side's CPU time per vCPU (sched_stat_runtime) and its f_place.

With DIR/NAME.bench.log, NAME.summary.json and NAME.json next to the trace it also prints the
cost split of crates/wakelab-cli/tests/workload_costs.rs
(`the_loopback_cost_by_placement_is_the_recordings`): ops = tbench's op table, cpu_us =
(cpu_ns of groups tbench + tbench_srv) / ops / 1000, wakes = their wakes_issued / ops,
share = softirq / (user + system + softirq) of /proc/stat's delta ticks,
rx per message = (share * cpu_us - wakes * 2.71) / 2, rest per op = (1 - share) * cpu_us.
With two or more recordings: R and L (rx at f = 1 and f = 0) from each pair of recordings by
the line rx = f*R + (1-f)*L, and the prediction for the others (same for rest).
"""
import glob
import gzip
import json
import os
import re
import sys
from collections import Counter, defaultdict

WAKE_US = 1.45 + 1.26  # engine wake-up + perf sched record's wake-up cost (EngineParams, validate::bench)

HEAD = re.compile(r"^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+(\d+\.\d+):\s+(\S+):\s*(.*)$")
WAKE = re.compile(r"comm=(.+?) pid=(\d+) prio=(-?\d+) target_cpu=(\d+)")
SWITCH = re.compile(
    r"prev_comm=(.+?) prev_pid=(\d+) prev_prio=(-?\d+) prev_state=(\S+) ==> "
    r"next_comm=(.+?) next_pid=(\d+) next_prio=(-?\d+)"
)
RUNTIME = re.compile(r"comm=(.+?) pid=(\d+) runtime=(\d+)")
MSG = {("tbench", "tbench_srv"), ("tbench_srv", "tbench")}


def read_trace(path):
    comm = {}
    last_out_cpu = {}  # pid -> CPU of its last switch-out
    pending = {}  # wakee pid -> index into wakes, waiting for its sched_wakeup
    wakes = []  # [waker_pid, wakee_pid, waker_cpu, prev_cpu, last_switch_cpu, placed_cpu]
    runtime = defaultdict(Counter)  # pid -> cpu -> ns
    other_wakers = Counter()  # message-like wake-ups of tbench/tbench_srv by other comms
    with gzip.open(path, "rt", errors="replace") as f:
        for line in f:
            m = HEAD.match(line)
            if not m:
                continue
            hcomm, hpid, cpu, _ts, ev, rest = m.groups()
            hpid, cpu = int(hpid), int(cpu)
            comm[hpid] = hcomm
            if ev == "sched:sched_stat_runtime":
                r = RUNTIME.search(rest)
                if r:
                    pid = int(r.group(2))
                    comm[pid] = r.group(1)
                    runtime[pid][cpu] += int(r.group(3))
            elif ev == "sched:sched_switch":
                s = SWITCH.search(rest)
                if s:
                    pp, np_ = int(s.group(2)), int(s.group(6))
                    comm[pp], comm[np_] = s.group(1), s.group(5)
                    last_out_cpu[pp] = cpu
            elif ev == "sched:sched_waking":
                w = WAKE.search(rest)
                if not w:
                    continue
                wcomm, wpid, tcpu = w.group(1), int(w.group(2)), int(w.group(4))
                comm[wpid] = wcomm
                if (hcomm, wcomm) in MSG:
                    if wpid in pending:  # the previous waking got no sched_wakeup
                        rec = wakes[pending.pop(wpid)]
                        rec[5] = rec[3]
                    pending[wpid] = len(wakes)
                    wakes.append([hpid, wpid, cpu, tcpu, last_out_cpu.get(wpid), None])
                elif wcomm in ("tbench", "tbench_srv"):
                    other_wakers[hcomm] += 1
            elif ev == "sched:sched_wakeup":
                w = WAKE.search(rest)
                if not w:
                    continue
                wpid = int(w.group(2))
                if wpid in pending:
                    wakes[pending.pop(wpid)][5] = int(w.group(4))
    for i in pending.values():
        wakes[i][5] = wakes[i][3]
    return comm, wakes, runtime, other_wakers


def op_table_count(text):
    n = 0
    for l in text.splitlines():
        w = l.split()
        if len(w) == 4 and w[0].isalpha() and w[0].isascii():
            try:
                float(w[2]), float(w[3])
                n += int(w[1])
            except ValueError:
                pass
    return n


def costs(d, name):
    try:
        log = open(os.path.join(d, name + ".bench.log")).read()
        summ = json.load(open(os.path.join(d, name + ".summary.json")))
        meta = json.load(open(os.path.join(d, name + ".json")))
    except OSError:
        return None
    g = {x["group"]: x for x in summ["groups"]}
    ops = op_table_count(log)
    cl, sv = g["tbench"], g["tbench_srv"]
    t = meta["background_load"]["proc_stat_delta_ticks"]
    share = t["softirq"] / (t["user"] + t["system"] + t["softirq"])
    cpu_us = (cl["cpu_ns"] + sv["cpu_ns"]) / ops / 1000
    wakes = (cl["wakes_issued"] + sv["wakes_issued"]) / ops
    mb = re.search(r"Throughput ([\d.]+) MB/sec", log)
    return dict(
        ops=ops,
        mb=float(mb.group(1)) if mb else None,
        client_us=cl["cpu_ns"] / ops / 1000,
        server_us=sv["cpu_ns"] / ops / 1000,
        wakes=wakes,
        share=share,
        nice_ticks=t.get("nice", 0),
        rx=(share * cpu_us - wakes * WAKE_US) / 2,
        rest=(1 - share) * cpu_us,
    )


def pct(a, b):
    return 100.0 * a / b if b else float("nan")


def analyse(path):
    name = os.path.basename(path).replace(".perf-script.txt.gz", "")
    comm, wakes, runtime, other = read_trace(path)
    n = len(wakes)
    cross_place = sum(1 for w in wakes if w[2] != w[5])
    cross_prev = sum(1 for w in wakes if w[2] != w[3])
    known_sw = [w for w in wakes if w[4] is not None]
    cross_sw = sum(1 for w in known_sw if w[2] != w[4])
    prev_vs_sw = sum(1 for w in known_sw if w[3] != w[4])
    res = dict(name=name, n=n, f_place=cross_place / n, f_prev=cross_prev / n,
               f_lastswitch=cross_sw / len(known_sw) if known_sw else float("nan"))
    print(f"== {name}  ({path})")
    print(f"  message wake-ups (sched_waking, tbench <-> tbench_srv): {n}; "
          f"wakings of tbench/tbench_srv by other comms: {dict(other)}")
    print(f"  f_place  (waker CPU != placed CPU, sched_wakeup target_cpu): {pct(cross_place, n):6.2f}%")
    print(f"  f_prev   (waker CPU != wakee's prev CPU, sched_waking target_cpu): {pct(cross_prev, n):6.2f}%")
    print(f"  f_lastsw (waker CPU != CPU of wakee's last switch-out): {pct(cross_sw, len(known_sw)):6.2f}% "
          f"(prev CPU != last switch-out CPU in {prev_vs_sw} of {len(known_sw)})")
    for d in (("tbench", "tbench_srv"), ("tbench_srv", "tbench")):
        sel = [w for w in wakes if comm.get(w[0]) == d[0]]
        if sel:
            print(f"    {d[0]:>10} -> {d[1]:<10} {len(sel):7d}  f_place {pct(sum(w[2] != w[5] for w in sel), len(sel)):6.2f}%"
                  f"  f_prev {pct(sum(w[2] != w[3] for w in sel), len(sel)):6.2f}%"
                  f"  migrated (placed != prev) {pct(sum(w[3] != w[5] for w in sel), len(sel)):5.2f}%")
    # pairs: each client with the tbench_srv it exchanges most wake-ups with
    partner = defaultdict(Counter)
    for w in wakes:
        a, b = w[0], w[1]
        cl, sv = (a, b) if comm.get(a) == "tbench" else (b, a)
        partner[cl][sv] += 1
    print("  pairs: client/server pid, wake-ups, f_place, CPU time per vCPU (ms) and CPU0 share")
    pairs = []
    for cl in sorted(partner):
        sv, cnt = partner[cl].most_common(1)[0]
        if cnt < 100:
            continue
        sel = [w for w in wakes if {w[0], w[1]} == {cl, sv}]
        fp = sum(w[2] != w[5] for w in sel) / len(sel)

        def where(pid):
            rt = runtime[pid]
            tot = sum(rt.values())
            cpus = " ".join(f"cpu{c}:{rt[c] / 1e6:7.1f}" for c in sorted(rt))
            return tot, f"{cpus} (cpu0 {pct(rt.get(0, 0), tot):5.1f}%)"

        ct, cs = where(cl)
        st, ss = where(sv)
        kind = "split" if fp > 0.5 else "packed"
        pairs.append((cl, sv, len(sel), fp, kind))
        print(f"    {cl}/{sv} {len(sel):7d} f_place {100 * fp:6.2f}% [{kind}]  client {cs}  server {ss}")
    res["pairs"] = pairs
    return res


def main():
    dirs = sys.argv[1:] or ["."]
    rows = []
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "tbench-*.perf-script.txt.gz"))):
            r = analyse(path)
            r["costs"] = costs(d, r["name"])
            rows.append(r)
    print()
    print("recording   MB/sec    ops  client/server us/op  wakes/op  softirq  rx/msg  rest/op  f_place  f_prev  pairs")
    for r in rows:
        c = r["costs"]
        kinds = Counter(p[4] for p in r["pairs"])
        kinds = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items()))
        if c:
            print(f"{r['name']:<11} {c['mb']:7.2f} {c['ops']:6d}  {c['client_us']:7.2f} / {c['server_us']:6.2f}"
                  f"  {c['wakes']:8.2f}  {100 * c['share']:5.1f}%  {c['rx']:6.2f}  {c['rest']:7.2f}"
                  f"  {100 * r['f_place']:6.1f}%  {100 * r['f_prev']:5.1f}%  {kinds}")
        else:
            print(f"{r['name']:<11} (no bench.log/summary.json/json)  f_place {100 * r['f_place']:.1f}%"
                  f"  f_prev {100 * r['f_prev']:.1f}%  {kinds}")
    have = [r for r in rows if r["costs"]]
    if len(have) >= 2:
        print()
        print("linear in f (f_place): value = f*R + (1-f)*L, R and L from two recordings, the others predicted")
        for key in ("rx", "rest"):
            for i in range(len(have)):
                for j in range(i + 1, len(have)):
                    a, b = have[i], have[j]
                    fa, fb = a["f_place"], b["f_place"]
                    if abs(fa - fb) < 0.2:
                        continue
                    va, vb = a["costs"][key], b["costs"][key]
                    R = va + (1 - fa) * (va - vb) / (fa - fb)
                    L = va - fa * (va - vb) / (fa - fb)
                    preds = []
                    for k in have:
                        if k is a or k is b:
                            continue
                        p = k["f_place"] * R + (1 - k["f_place"]) * L
                        preds.append(f"{k['name']}: predicted {p:.2f}, measured {k['costs'][key]:.2f}"
                                     f" ({100 * (k['costs'][key] - p) / p:+.0f}%)")
                    print(f"  {key:>4} from {a['name']} + {b['name']}: R = {R:.2f} us, L = {L:.2f} us;  "
                          + "; ".join(preds))


if __name__ == "__main__":
    main()
