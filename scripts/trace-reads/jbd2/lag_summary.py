#!/usr/bin/env python3
"""Summarise lag.sh's bpftrace outputs (lag.bt's maps) into one JSON: per wakee kind, the
stored lag its wake-ups start from and, at wake-ups onto a CPU running another entity, the
wakee's placed lag and whether the running entity stays eligible (split by whether that entity
is jbd2). Usage: lag_summary.py OUT.json RUN.bpftrace.txt... Stdlib only."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from bpfmaps import counts, hist, quantile  # noqa: E402

KINDS = {1: 'dbench', 2: 'jbd2', 3: 'kworker/u*', 4: 'ksoftirqd/*'}


def signed(txt, pos, neg, key):
    """n, share >= 0, p50 of the positive side and of the negative side's magnitude (us,
    bucket lower edges)."""
    p, m = hist(txt, pos, key), hist(txt, neg, key)
    npos, nneg = sum(c for _, c in p), sum(c for _, c in m)
    n = npos + nneg
    return {
        'n': n,
        'share_nonnegative': round(npos / n, 4) if n else None,
        'p50_positive_us': quantile(p, 0.5),
        'p90_positive_us': quantile(p, 0.9),
        'p50_negative_us': quantile(m, 0.5),
    }


def run(path):
    txt = open(path).read()
    el = counts(txt, 'curr_eligible')
    dl = counts(txt, 'delayed')
    out = {}
    for k, name in KINDS.items():
        d = {'stored_at_waking': signed(txt, 'stored_pos_us', 'stored_neg_us', k),
             'delayed_wakeups': dl.get((k,), 0)}
        for j, where in ((0, 'onto_other'), (1, 'onto_jbd2')):
            yes, no = el.get((k, j, 1), 0), el.get((k, j, 0), 0)
            d['placed_' + where] = signed(txt, 'placed_pos_us', 'placed_neg_us', (k, j))
            d['curr_eligible_' + where] = {
                'n': yes + no, 'share': round(yes / (yes + no), 4) if yes + no else None}
        out[name] = d
    return out


if __name__ == '__main__':
    res = {os.path.basename(p).split('.')[0]: run(p) for p in sys.argv[2:]}
    json.dump(res, open(sys.argv[1], 'w'), indent=1, sort_keys=True)
    print(json.dumps(res, indent=1, sort_keys=True)[:3000])
