#!/usr/bin/env python3
"""Usage: eevdf_summary.py RUN.bpftrace.txt... > summary.json

Reads scripts/trace-reads/pgbench/eevdf.bt's maps for each pgbench run and prints, per waker role
(client `pgbench`, backend `postgres`): the local wake-ups (issued on the wakee's CPU) and the
shares with the waker eligible, eligible and protected, no reschedule pending afterwards, the wakee
delayed, and the waker next blocking (rather than being preempted; per switch-out after a local
wake-up, as tbench/summary.py). For the local wake-ups of a delayed wakee: the shares with the
wakee's lag > 0 at sched_waking (what requeue_delayed_entity's DELAY_ZERO test sees: re-placed at
lag 0), with its lag > 0 at sched_wakeup (after wakeup_preempt's update_curr), with no reschedule
pending, with the waker next blocking; where the delayed entity was (task se / group se); for the
other local wake-ups the waker-next-blocks share by difference (all blocks after a local wake-up
less those after a delayed wakee's, over the local wake-ups less the delayed ones). The
wakee's lags as the 5 µs buckets holding p10 / p50 / p90 (signed lower edges: [-5, 0) is -5;
beyond ±100 µs the 100 µs buckets, lower edge likewise). Stdlib only.
"""
import json, os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from bpfmaps import counts, hist  # noqa: E402

ROLES = {0: 'client', 1: 'backend'}


def signed_rows(txt, name, key):
    """Signed (lower edge, count) rows of the pos/neg lhist pair `name`, the 5 µs buckets up to
    100 µs and the coarse `_c` maps' 100 µs buckets beyond (when present)."""
    rows = []
    for sign, m in ((1, '_pos'), (-1, '_neg')):
        fine = hist(txt, name + m, key)
        coarse = hist(txt, name + m + '_c', key)
        for lo, c in fine:
            if lo >= 100:  # the fine map's overflow bucket
                if coarse:
                    continue
                rows.append((100 if sign > 0 else -100 - 5, c))
            else:
                rows.append((lo if sign > 0 else -lo - 5, c))
        for lo, c in coarse:
            if lo >= 100:
                rows.append((lo if sign > 0 else -lo - 100, c))
    return sorted(rows)


def quantiles(rows):
    n = sum(c for _, c in rows)
    out = []
    for q in (0.1, 0.5, 0.9):
        acc = 0
        for lo, c in rows:
            acc += c
            if acc > q * n:
                out.append(lo)
                break
    return out if n else None


def share(items, f):
    tot = sum(v for _, v in items)
    return round(sum(v for k, v in items if f(*k)) / tot, 5) if tot else None


out = {}
for path in sys.argv[1:]:
    txt = open(path).read()
    run = {'tps': float(re.search(r'tps = ([\d.]+)', txt).group(1))}
    local = counts(txt, 'local')
    nxt = counts(txt, 'waker_next')
    dl = counts(txt, 'dl')
    where = counts(txt, 'dl_where')
    run['same_cfs_rq_share'] = share(list(counts(txt, 'same_cfs_rq').items()), lambda s: s)
    run['match_depth'] = {str(k[0]): v for k, v in counts(txt, 'match_depth').items()}
    run['curr_is_waker_share'] = share(list(counts(txt, 'curr_is_waker').items()), lambda s: s)
    run['unmatched'] = sum(counts(txt, 'unmatched').values())
    for key, r in ROLES.items():
        k = [(kk[1:], v) for kk, v in local.items() if kk[0] == key]
        tot = sum(v for _, v in k)
        if not tot:
            continue
        blocked, preempted = nxt.get((key, 1, 1), 0), nxt.get((key, 1, 0), 0)
        d = [(kk[1:], v) for kk, v in dl.items() if kk[0] == key]
        dtot = sum(v for _, v in d)
        run[r] = {
            'local_wakes': tot,
            'waker_eligible_share': share(k, lambda ce, cp, we, nr, dd: ce),
            'waker_eligible_protected_share': share(k, lambda ce, cp, we, nr, dd: ce and cp),
            'no_resched_share': share(k, lambda ce, cp, we, nr, dd: not nr),
            'wakee_delayed_share': share(k, lambda ce, cp, we, nr, dd: dd),
            'waker_blocks_next_share': round(blocked / max(1, blocked + preempted), 5),
            'waker_next_after_local': {'blocked': blocked, 'preempted': preempted},
            'delayed_wakee': {
                'n': dtot,
                'delayed_entity': {('task_se' if kk[1] == 1 else 'group_se' if kk[1] == 2 else
                                    'not_on_waker_cpu_at_waking' if kk[1] == 9 else str(kk[1]))
                                   + ('' if kk[1] == 9 else ',matching_level' if kk[2] else ',lower_level'): v
                                   for kk, v in where.items() if kk[0] == key},
                'lag_pos_at_waking_share': share(d, lambda a, b, nr, nx: a),
                'lag_pos_after_share': share(d, lambda a, b, nr, nx: b),
                'no_resched_share': share(d, lambda a, b, nr, nx: not nr),
                'waker_blocks_next_share': share(d, lambda a, b, nr, nx: nx),
                'keys_a_b_resched_next': {','.join(map(str, kk)): v
                                          for kk, v in sorted(d, key=lambda x: -x[1])},
                'lag_at_waking_us_p10_p50_p90_bucket': quantiles(signed_rows(txt, 'dly_a_us', key)),
                'lag_after_us_p10_p50_p90_bucket': quantiles(signed_rows(txt, 'dly_b_us', key)),
            },
            'non_delayed_wakee_waker_blocks_next_share': round(
                (blocked - sum(v for kk, v in d if kk[3])) / max(1, tot - dtot), 5),
            'non_delayed_wakee_lag_after_us_p10_p50_p90_bucket': quantiles(signed_rows(txt, 'nd_b_us', key)),
            'waker_lag_us_p10_p50_p90_bucket': quantiles(signed_rows(txt, 'waker_lag_us', key)),
            'keys': {','.join(map(str, kk)): v for kk, v in sorted(k, key=lambda x: -x[1])},
        }
    out[path.rsplit('/', 1)[-1].split('.')[0]] = run
print(json.dumps(out, indent=1))
