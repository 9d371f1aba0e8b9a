#!/usr/bin/env python3
"""Usage: resched_summary.py RUN.bpftrace.txt... > summary.json

Reads resched.bt's maps for each tbench run and prints, per waker role (client `tbench`, server
`tbench_srv`): the local wake-ups (to tbench tasks), the share with TIF_NEED_RESCHED already set on
the waker at sched_waking; of the wake-ups with the flag pending at sched_wakeup while the waker
is eligible and protected ("ep_pending"), the share already set at sched_waking and, among
those, the shares with a tick, a reschedule IPI (received or sent to this CPU) and earlier local
wake-ups by the waker since its switch-in; where resched.bt first saw the flag go up in the run
for those set before (@src); and, from @grp, how often the waker's group entity (autogroup) was
reweighted between sched_waking and sched_wakeup, for the wake-ups that set the flag (0 -> 1)
with the waker eligible and protected and for those that left it clear. Stdlib only.
"""
import json, os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from bpfmaps import counts, hist, quantile  # noqa: E402

ROLES = {0: 'client', 1: 'server'}
SRC = {0: 'not seen', 1: 'tick', 2: 'resched IPI', 3: 'earlier local wake-up',
       4: 'call_function_single', 5: 'set at a tick entry'}


def r4(x):
    return round(x, 4) if x is not None else None


out = {}
for path in sys.argv[1:]:
    txt = open(path).read()
    run = {'throughput_mb_s': float(re.search(r'Throughput ([\d.]+) MB/sec', txt).group(1))}
    local = counts(txt, 'local')   # role, before, after, el, prot, tick, ipi, prior
    grp = counts(txt, 'grp')       # role, before, after, el&prot, nq, reweight, gprot, gel
    src = counts(txt, 'src')       # role, src, el&prot
    queued = counts(txt, 'queued_local')
    for key, r in ROLES.items():
        k = {kk[1:]: v for kk, v in local.items() if kk[0] == key}
        tot = sum(k.values())
        if not tot:
            continue
        s = lambda f: sum(v for kk, v in k.items() if f(*kk))
        before = s(lambda b, a, e, p, t, i, n: b)
        ep = s(lambda b, a, e, p, t, i, n: a and e and p)
        ep_b = s(lambda b, a, e, p, t, i, n: a and e and p and b)
        div = lambda x, y: x / y if y else None
        g = {kk[1:]: v for kk, v in grp.items() if kk[0] == key}
        gs = lambda f: sum(v for kk, v in g.items() if f(*kk))
        set_ep = gs(lambda b, a, ep_, nq, rw, gp, ge: not b and a and ep_)
        clr_ep = gs(lambda b, a, ep_, nq, rw, gp, ge: not a and ep_)
        tk = hist(txt, 'tick_to_waking_us', key)
        run[r] = {
            'local_wakes': tot,
            'before_set_share': r4(before / tot),
            'after_set_share': r4(s(lambda b, a, e, p, t, i, n: a) / tot),
            'ep_pending_share_of_local': r4(ep / tot),
            'ep_pending_before_set_share': r4(div(ep_b, ep)),
            'ep_pending_before_set_n': ep_b,
            'ep_before_set_tick_share': r4(div(s(lambda b, a, e, p, t, i, n: a and e and p and b and t), ep_b)),
            'ep_before_set_ipi_share': r4(div(s(lambda b, a, e, p, t, i, n: a and e and p and b and i), ep_b)),
            'ep_before_set_prior_wakes_share': r4(div(s(lambda b, a, e, p, t, i, n: a and e and p and b and n), ep_b)),
            'before_set_first_seen': {SRC[kk[1]]: v for kk, v in sorted(src.items()) if kk[0] == key},
            'before_set_tick_to_waking_us_p50_bucket': quantile(tk, 0.5),
            'ep_set_during_wake_n': set_ep,
            'ep_set_during_wake_group_reweighted_share': r4(div(gs(lambda b, a, ep_, nq, rw, gp, ge: not b and a and ep_ and rw == 1), set_ep)),
            'ep_clear_after_group_reweighted_share': r4(div(gs(lambda b, a, ep_, nq, rw, gp, ge: not a and ep_ and rw == 1), clr_ep)),
            'group_protected_share': r4(div(gs(lambda b, a, ep_, nq, rw, gp, ge: gp), sum(g.values()))),
            'group_cfs_rq_nr_queued_ge2_share': r4(div(gs(lambda b, a, ep_, nq, rw, gp, ge: nq >= 2), sum(g.values()))),
            'queued_local': queued.get((key,), 0),
        }
    out[path.rsplit('/', 1)[-1].split('.')[0]] = run
print(json.dumps(out, indent=1))
