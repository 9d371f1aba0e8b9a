#!/usr/bin/env python3
"""Usage: pick_summary.py RUN.bpftrace.txt... > summary.json

Reads pick.bt's histograms (the EEVDF lag each hackbench thread was picked with, 10 µs buckets
from 0 to 400 µs, by how the thread last left a CPU) and prints, per run and per kind
(`preempted`: the senders, `blocked`: the receivers), the number of picks, the shares with a
negative lag, below 10 µs, at 100 µs or more and at 400 µs or more, and the bucket holding the
median. Stdlib only.
"""
import json, os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from bpfmaps import hist  # noqa: E402

KINDS = {0: 'preempted', 1: 'blocked'}




out = {}
for path in sys.argv[1:]:
    txt = open(path).read()
    run = {'time_s': float(re.search(r'Time: ([\d.]+)', txt).group(1))}
    for key, kind in KINDS.items():
        pos, neg = hist(txt, 'lag_pos', key), hist(txt, 'lag_neg', key)
        n = sum(c for _, c in pos) + sum(c for _, c in neg)
        acc, median = sum(c for _, c in neg), None
        for lo, c in pos:
            acc += c
            if median is None and acc >= n / 2:
                median = lo
        run[kind] = {
            'picks': n,
            'negative_share': sum(c for _, c in neg) / n,
            'below_10us_share': sum(c for lo, c in pos if lo < 10) / n,
            'ge_100us_share': sum(c for lo, c in pos if lo >= 100) / n,
            'ge_400us_share': sum(c for lo, c in pos if lo >= 400) / n,
            'median_bucket_us': median,
        }
    out[path.rsplit('/', 1)[-1].split('.')[0]] = run
print(json.dumps(out, indent=1))
