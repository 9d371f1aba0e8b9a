#!/usr/bin/env python3
"""Summarise cycle.bt outputs (recordings/hackbench-preemption/cycle/) as JSON.

    cycle_summary.py OUT.bpftrace.txt... > summary.json

Per run: the lags at wake-up (L0), first pick (L1) and block (L2), the change while waiting
(L1 - L0) and while running (L2 - L1), the wait and run lengths, and the share of blocks that
were delayed dequeues. Quantiles are lower bucket edges (50 us buckets for the lags, 5 us for
the changes; a negative value's bucket [a, a+w) becomes -(a+w)); means use bucket middles.
"""
import json, re, sys

def parse(path):
    maps, cur = {}, None
    for line in open(path):
        s = line.strip()
        m = re.match(r'^@(\w+)(\[[^\]]*\])?:\s*(\d+)?$', s)
        if m:
            name, key, val = m.groups()
            if key is not None and val is not None:
                maps.setdefault(name, {})[key] = int(val)
                cur = None
            else:
                cur = name
                maps.setdefault(name, {})
            continue
        m = re.match(r'^\[(\d+)(?:,\s*(?:\d+|\.\.\.)\))?\s+(\d+)', s)
        if cur and m:
            maps[cur][int(m.group(1))] = int(m.group(2))
    return maps

def quantiles(items, w):
    n = sum(v for _, v in items)
    def q(f):
        c = 0
        for k, v in items:
            c += v
            if c >= f * n:
                return k
    return {'n': n, 'mean': round(sum((k + w / 2) * v for k, v in items) / n, 1),
            'p10': q(0.1), 'p50': q(0.5), 'p90': q(0.9)}

def signed(M, name, w):
    pos, neg = M.get(name + '_pos', {}), M.get(name + '_neg', {})
    return quantiles(sorted([(-k - w, v) for k, v in neg.items()] + list(pos.items())), w)

out = {}
for p in sys.argv[1:]:
    M = parse(p)
    time = [l.split()[1] for l in open(p) if l.startswith('Time:')]
    blocks = M.get('blocks', {})
    out[p.split('/')[-1].split('.')[0]] = {
        'time_s': float(time[0]) if time else None,
        'delayed_block_share': round(blocks.get('[1]', 0) / sum(blocks.values()), 3),
        'l0_us': signed(M, 'l0_us', 50), 'l1_us': signed(M, 'l1_us', 50),
        'l2_us': signed(M, 'l2_us', 50),
        'wait_gain_us': signed(M, 'wait_gain_us', 5),
        'run_change_us': signed(M, 'run_change_us', 5),
        'wait_us': quantiles(sorted(M['wait_us'].items()), 2),
        'run_us': quantiles(sorted(M['run_us'].items()), 1),
    }
json.dump(out, sys.stdout, indent=1)
print()
