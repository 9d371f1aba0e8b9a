#!/usr/bin/env python3
"""Usage: summary.py RUN.bpftrace.txt... > summary.json

Reads eevdf.bt's maps for each tbench run and prints, per waker role (client `tbench`, server
`tbench_srv`), what model_analyze.py gives for a model trace: local wake-ups (issued on the
wakee's CPU), the shares with the waker eligible, with no reschedule pending afterwards (the
wake-up did not preempt), with the waker eligible and the wakee not, with the wakee still
delayed, and the share of local wake-ups after which the waker next blocked (rather than being
preempted); the waker's lag at the wake-up as the 5 µs buckets holding its p10 / p50 / p90
(lower edge, signed: [-5, 0) is -5). Stdlib only.
"""
import json, os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from bpfmaps import hist  # noqa: E402

ROLES = {0: 'client', 1: 'server'}




def quantiles(txt, key):
    # signed buckets, ascending: negative lags from the largest magnitude down, then positive
    neg = [(-lo - 5, c) for lo, c in hist(txt, 'waker_lag_us_neg', key)]
    pos = hist(txt, 'waker_lag_us_pos', key)
    rows = sorted(neg) + pos
    n = sum(c for _, c in rows)
    out = []
    for q in (0.1, 0.5, 0.9):
        acc = 0
        for lo, c in rows:
            acc += c
            if acc > q * n:
                out.append(lo)
                break
    return out


out = {}
for path in sys.argv[1:]:
    txt = open(path).read()
    run = {'throughput_mb_s': float(re.search(r'Throughput ([\d.]+) MB/sec', txt).group(1))}
    local = [(tuple(map(int, m.group(1).split(', '))), int(m.group(2)))
             for m in re.finditer(r'@local\[([\d, ]+)\]: (\d+)', txt)]
    nxt = {tuple(map(int, m.group(1).split(', '))): int(m.group(2))
           for m in re.finditer(r'@waker_next\[([\d, ]+)\]: (\d+)', txt)}
    for key, r in ROLES.items():
        k = [(kk[1:], v) for kk, v in local if kk[0] == key]
        tot = sum(v for _, v in k)
        if not tot:
            continue
        share = lambda f: sum(v for kk, v in k if f(*kk)) / tot
        blocked, preempted = nxt.get((key, 1, 1), 0), nxt.get((key, 1, 0), 0)
        run[r] = {
            'local_wakes': tot,
            'waker_eligible_share': share(lambda ce, cp, we, nr, d: ce),
            'no_resched_share': share(lambda ce, cp, we, nr, d: not nr),
            'waker_eligible_wakee_not_share': share(lambda ce, cp, we, nr, d: ce and not we),
            'wakee_delayed_share': share(lambda ce, cp, we, nr, d: d),
            'waker_blocks_next_share': blocked / max(1, blocked + preempted),
            'waker_lag_us_p10_p50_p90_bucket': quantiles(txt, key),
            'keys': {','.join(map(str, kk)): v for kk, v in sorted(k, key=lambda x: -x[1])},
        }
    out[path.rsplit('/', 1)[-1].split('.')[0]] = run
print(json.dumps(out, indent=1))
