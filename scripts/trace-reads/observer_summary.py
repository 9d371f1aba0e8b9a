#!/usr/bin/env python3
"""Summarise observer-cost.sh runs: per benchmark, the median result untraced and under
`perf sched record`, and the traced run's cost relative to the untraced one (time per unit
of work: hackbench/messaging time, pipe usecs/op, tbench 1/throughput).

Usage: observer_summary.py RUNS.tsv [RUNS.tsv ...] > summary.json
"""
import json
import re
import statistics
import sys
from collections import defaultdict

runs = defaultdict(list)
for path in sys.argv[1:]:
    for line in open(path):
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 4 or parts[0] == "bench":
            continue
        bench, mode, _, text = parts[:4]
        m = re.search(r"(Time:|Total time:|Throughput)\s*([0-9.]+)|([0-9.]+) usecs/op", text)
        if not m:
            continue
        value = float(m.group(2) or m.group(3))
        runs[(bench, mode)].append(value)

out = {}
for bench in sorted({b for b, _ in runs}):
    u, t = runs[(bench, "untraced")], runs[(bench, "traced")]
    if not u or not t:
        continue
    mu, mt = statistics.median(u), statistics.median(t)
    # tbench reports throughput; every other benchmark a time
    per_work = mu / mt if bench.startswith("tbench") else mt / mu
    out[bench] = {
        "unit": "MB/sec" if bench.startswith("tbench") else
        ("usecs/op" if bench.endswith("pipe") else "s"),
        "untraced": sorted(u),
        "traced": sorted(t),
        "untraced_median": round(mu, 4),
        "traced_median": round(mt, 4),
        "traced_time_per_work": round(per_work, 3),
    }
json.dump(out, sys.stdout, indent=1)
print()
