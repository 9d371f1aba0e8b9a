#!/usr/bin/env python3
"""Usage: model_analyze.py TRACE.json > model.analysis.json

Reads a `wakelab trace` export of a tbench run under 6.18 and prints, per waker role (client
`tbench/k`, server `tbench_srv/k`), the state after each wake-up's preemption check on the
waker's own CPU (the `wakeup-preempt` instants joined to their wake-up by time and wakee), in
the form summary.py gives for the host's eevdf.bt histograms: local wake-ups, the waker
eligible / protected, the wakee eligible / delayed, a reschedule pending, and how the waker next
left its CPU (blocked: it was woken again before its next slice; else preempted). Stdlib only.
"""
import json, sys
from collections import Counter, defaultdict


def role(name):
    return 'client' if name.startswith('tbench/') else 'server' if name.startswith('tbench_srv/') else None


ev = json.load(open(sys.argv[1]))
ev = ev['traceEvents'] if isinstance(ev, dict) else ev
waker_cpu = {}  # (ts, wakee id) -> waker cpu
wakes_of = defaultdict(list)  # task id -> wake-up times
slices_of = defaultdict(list)  # task id -> slice start times
for e in ev:
    a = e.get('args', {})
    if e.get('cat') in ('wakeup', 'plain-wakeup') and e.get('ph') == 'i':
        waker_cpu[(e['ts'], a['task_id'])] = a['waker_cpu']
        wakes_of[a['task_id']].append(e['ts'])
    elif e.get('ph') == 'X' and 'task_id' in a:
        slices_of[a['task_id']].append(e['ts'])
for v in list(wakes_of.values()) + list(slices_of.values()):
    v.sort()


def next_after(xs, t):
    lo, hi = 0, len(xs)
    while lo < hi:
        m = (lo + hi) // 2
        if xs[m] <= t:
            lo = m + 1
        else:
            hi = m
    return xs[lo] if lo < len(xs) else None


out = {}
keys = defaultdict(Counter)
nxt = defaultdict(Counter)
lags = defaultdict(list)
for e in ev:
    if e.get('cat') != 'wakeup-preempt':
        continue
    a = e['args']
    r = role(a['curr'])
    if r is None or role(a['wakee']) is None:
        continue
    if waker_cpu.get((e['ts'], a['wakee_id'])) != e['tid'] - 1:
        continue  # not issued on this CPU: the running task is not the waker
    k = (a['curr_eligible'], a['curr_protected'], a['wakee_eligible'], a['need_resched'], a['wakee_delayed'])
    keys[r][tuple(int(x) for x in k)] += 1
    lags[r].append(a['curr_lag_us'])
    # how the waker next leaves: woken again before its next slice starts = it blocked
    c = a['curr_id']
    s = next_after(slices_of[c], e['ts'])
    w = next_after(wakes_of[c], e['ts'])
    if s is not None:
        nxt[r]['blocked' if (w is not None and w <= s) else 'preempted'] += 1


def summary(k, n, lag):
    tot = sum(k.values())
    share = lambda f: sum(v for kk, v in k.items() if f(*kk)) / tot
    lag.sort()
    return {
        'local_wakes': tot,
        'waker_eligible_share': share(lambda ce, cp, we, nr, d: ce),
        'no_resched_share': share(lambda ce, cp, we, nr, d: not nr),
        'waker_eligible_wakee_not_share': share(lambda ce, cp, we, nr, d: ce and not we),
        'wakee_delayed_share': share(lambda ce, cp, we, nr, d: d),
        'waker_blocks_next_share': n['blocked'] / max(1, n['blocked'] + n['preempted']),
        'waker_lag_us_p10_p50_p90': [lag[int(len(lag) * q)] for q in (0.1, 0.5, 0.9)],
        'keys': {','.join(map(str, kk)): v for kk, v in sorted(k.items(), key=lambda x: -x[1])},
    }


print(json.dumps({r: summary(keys[r], nxt[r], lags[r]) for r in ('client', 'server') if keys[r]}, indent=1))
