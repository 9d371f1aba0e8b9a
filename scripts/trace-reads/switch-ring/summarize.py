#!/usr/bin/env python3
"""Summarise ring.sh's output directory (recordings/switch-ring) into DIR/summary.json: per
mode and ring size, the median and range over the repetitions of ns per hop, blocks per hop and
preemptions per hop; per bpftrace run, the counts of ring.bt's maps.

usage: summarize.py DIR
"""
import json
import re
import statistics
import sys
from pathlib import Path

root = Path(sys.argv[1])
out = {"runs": {}, "bpf": {}}
for f in sorted((root / "runs").glob("*.txt")):
    reps = [dict((k, float(v)) for k, v in re.findall(r"(\w+)=([\d.]+)", line))
            for line in f.read_text().splitlines() if line.strip()]
    out["runs"][f.stem] = {
        key: {"median": round(statistics.median(r[key] for r in reps), 3),
              "min": min(r[key] for r in reps), "max": max(r[key] for r in reps)}
        for key in ("ns_per_hop", "blocks_per_hop", "preempted_per_hop")
    } | {"reps": len(reps)}


def scalar_maps(text):
    """`@name[k1, k2]: n` and `@name: n` lines (the histograms are left out)."""
    maps = {}
    for name, keys, n in re.findall(r"^@(\w+)(?:\[([^\]]*)\])?: (\d+)$", text, re.M):
        maps.setdefault(name, {})[keys.replace(" ", "") or "-"] = int(n)
    return maps


for f in sorted((root / "bpf").glob("*.bpftrace.txt")):
    text = f.read_text()
    m = scalar_maps(text)
    run = re.search(r"ns_per_hop=([\d.]+) blocks_per_hop=([\d.]+) preempted_per_hop=([\d.]+)", text)
    blocks = m["switch_out"].get("1,0", 0) + m["switch_out"].get("1,1", 0)
    wakes = sum(m["queued_at_wakeup"].values())
    out["bpf"][f.name.removesuffix(".bpftrace.txt")] = {
        "ns_per_hop": float(run.group(1)),
        "blocks_per_hop": float(run.group(2)),
        "preempted_per_hop": float(run.group(3)),
        "blocks_left_delayed": round(m["switch_out"].get("1,1", 0) / blocks, 4),
        "wakee_still_delayed": round(m["wake_delayed"]["-"] / (m["wake_delayed"]["-"] + m["wake_placed"]["-"]), 4),
        "waker_eligible_after_check": round(m["curr_eligible"].get("1", 0) / sum(m["curr_eligible"].values()), 4),
        "queued_at_wakeup": {k: round(v / wakes, 4) for k, v in sorted(m["queued_at_wakeup"].items())},
        "wakeups_checked": wakes,
    }
json.dump(out, open(root / "summary.json", "w"), indent=1)
print(json.dumps(out, indent=1))
