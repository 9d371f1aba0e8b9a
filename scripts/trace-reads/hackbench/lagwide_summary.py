#!/usr/bin/env python3
"""Summarise lagwide.bt outputs (recordings/hackbench-preemption/lagwide/).

    lagwide_summary.py OUT.bpftrace.txt... > summary.json

Per run: the wakee's stored lag at sched_waking (`wakee_vlag`), and at remote wake-ups the
wakee's lag after placement, the running entity's lag, the cfs_rq's nr_queued, and the running
entity's eligibility by nr_queued. Quantiles are the lower edges of lagwide.bt's 50 us buckets
(signed: a negative lag's bucket [a, a+50) becomes -(a+50)); shares are exact counts.
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

def lag(M, name):
    pos, neg = M.get(name + '_pos', {}), M.get(name + '_neg', {})
    n = sum(pos.values()) + sum(neg.values())
    items = sorted([(-k - 50, v) for k, v in neg.items()] + list(pos.items()))
    def q(f):
        c = 0
        for k, v in items:
            c += v
            if c >= f * n:
                return k
    return {
        'n': n,
        'negative_share': round(sum(neg.values()) / n, 4),
        'p10_bucket_us': q(0.1), 'p50_bucket_us': q(0.5), 'p90_bucket_us': q(0.9),
        'ge_400us_share': round(sum(v for k, v in pos.items() if k >= 400) / n, 4),
        'ge_1000us_share': round(sum(v for k, v in pos.items() if k >= 1000) / n, 4),
    }

out = {}
for p in sys.argv[1:]:
    M = parse(p)
    name = p.split('/')[-1].split('.')[0]
    time = [l.split()[1] for l in open(p) if l.startswith('Time:')]
    nq = M['remote_nr_queued']
    n = sum(nq.values())
    el = {}
    for k, v in M['remote_curr_eligible_by_nr'].items():
        a, b = (int(x) for x in k.strip('[]').split(','))
        el.setdefault(a, [0, 0])[b] += v
    mid = [el[k] for k in el if 5 <= k <= 12]
    out[name] = {
        'time_s': float(time[0]) if time else None,
        'wakee_vlag': lag(M, 'wakee_vlag_us'),
        'remote_wakee_lag': lag(M, 'remote_wakee_lag_us'),
        'remote_curr_lag': lag(M, 'remote_curr_lag_us'),
        'remote_nr_queued_mean': round(sum(k * v for k, v in nq.items()) / n, 2),
        'remote_curr_eligible_share_nr_queued_5_to_12': round(
            sum(e[1] for e in mid) / sum(e[0] + e[1] for e in mid), 3),
        'remote_curr_eligible_by_nr_queued': {
            str(k): {'n': sum(v), 'eligible_share': round(v[1] / sum(v), 3)}
            for k, v in sorted(el.items())},
    }
json.dump(out, sys.stdout, indent=1)
print()
