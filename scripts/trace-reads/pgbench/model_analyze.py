#!/usr/bin/env python3
"""Usage: model_analyze.py TRACE.json > model.analysis.json

Reads a `wakelab trace` export of a pgbench run under 6.18 and prints, for the backend's wake-ups
of its client on the backend's own CPU (the `wakeup-preempt` instants joined to their wake-up by
time and wakee), what eevdf_summary.py gives for the host's eevdf.bt maps: local wake-ups, the
shares with the backend eligible, eligible and protected, no reschedule pending after the check,
the client delayed, and the backend next blocking (it is woken again before its next slice);
for the delayed clients, the share with a lag > 0 after the check and their backend-next-blocks
share; the client's lag after the check (p10 / p50 / p90, µs, exact rather than 5 µs buckets) for
delayed and non-delayed clients. The model's export gives the state after the check only, so
the lag at `sched_waking` (before the requeue) has no model figure. Stdlib only.
"""
import bisect, json, sys
from collections import Counter, defaultdict


def role(name):
    return 'client' if name.startswith('pgbench/') else 'backend' if name.startswith('postgres/') else None


ev = json.load(open(sys.argv[1]))
ev = ev['traceEvents'] if isinstance(ev, dict) else ev
waker_cpu = {}
wakes_of = defaultdict(list)
slices_of = defaultdict(list)
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
    i = bisect.bisect_right(xs, t)
    return xs[i] if i < len(xs) else None


n = Counter()
lag_after = {True: [], False: []}
for e in ev:
    if e.get('cat') != 'wakeup-preempt':
        continue
    a = e['args']
    if role(a['curr']) != 'backend' or role(a['wakee']) != 'client':
        continue
    if waker_cpu.get((e['ts'], a['wakee_id'])) != e['tid'] - 1:
        continue  # not issued on this CPU: the running task is not the waker
    d = bool(a['wakee_delayed'])
    s = next_after(slices_of[a['curr_id']], e['ts'])
    w = next_after(wakes_of[a['curr_id']], e['ts'])
    if s is None:
        continue  # the run ends before the backend runs again
    blocked = w is not None and w <= s
    n['local'] += 1
    n['eligible'] += a['curr_eligible']
    n['eligible_protected'] += a['curr_eligible'] and a['curr_protected']
    n['no_resched'] += not a['need_resched']
    n['blocked'] += blocked
    lag_after[d].append(a['wakee_lag_us'])
    if d:
        n['delayed'] += 1
        n['delayed_lag_pos_after'] += a['wakee_lag_us'] > 0
        n['delayed_no_resched'] += not a['need_resched']
        n['delayed_blocked'] += blocked


def q(xs):
    xs = sorted(xs)
    return [xs[int(len(xs) * p)] for p in (0.1, 0.5, 0.9)] if xs else None


r = lambda a, b: round(n[a] / max(1, n[b]), 5)
print(json.dumps({'backend': {
    'local_wakes': n['local'],
    'waker_eligible_share': r('eligible', 'local'),
    'waker_eligible_protected_share': r('eligible_protected', 'local'),
    'no_resched_share': r('no_resched', 'local'),
    'wakee_delayed_share': r('delayed', 'local'),
    'waker_blocks_next_share': r('blocked', 'local'),
    'delayed_wakee': {
        'n': n['delayed'],
        'lag_pos_after_share': r('delayed_lag_pos_after', 'delayed'),
        'no_resched_share': r('delayed_no_resched', 'delayed'),
        'waker_blocks_next_share': r('delayed_blocked', 'delayed'),
        'lag_after_us_p10_p50_p90': q(lag_after[True]),
    },
    'non_delayed_wakee_lag_after_us_p10_p50_p90': q(lag_after[False]),
}}, indent=1))
