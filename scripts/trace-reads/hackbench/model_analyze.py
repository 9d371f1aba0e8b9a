#!/usr/bin/env python3
"""Usage: model_analyze.py MODEL.trace.json [--json OUT.json]

The model's side of analyze.py: reads the Chrome trace JSON that `wakelab trace` exports for the
model's hackbench (pipe, thread, 1 group, 1000 loops, epyc-kvm-2vcpu, 6.18 baseline; the
experiment file that `wakelab validate` builds, written out by hand: model-experiment.json beside
the report) and computes the quantities analyze.py reads in the real trace where the export has
them: where receivers are woken (waker's CPU or the other), which role runs on which CPU, how
senders' runs end and who preempts them, the receivers' wake-up-to-block bursts.
Under 6.18 each slice carries the EEVDF lag its task was picked with (`lag_at_pick_us`).
The export has no syscalls (no read/write counts) and no switch states: a run that ends without
the task being woken before its next run is counted as preempted, one followed by a wake-up as a
block. The waker of a wake-up is the task running on waker_cpu at that instant. Stdlib only.
"""
import json, sys, collections, argparse

ap = argparse.ArgumentParser(); ap.add_argument('trace'); ap.add_argument('--json')
args = ap.parse_args()
d = json.load(open(args.trace))
segs = []; wakes = []
for e in d['traceEvents']:
    if e.get('cat') == 'sched' and e.get('ph') == 'X':
        a = e['args']; segs.append((e['ts'], e['ts'] + e['dur'], a['task_id'], a['cpu'], a['task'], a.get('lag_at_pick_us')))
    elif e.get('cat') in ('wakeup', 'plain-wakeup') and e.get('ph') == 'i':
        a = e['args']; wakes.append((e['ts'], a['task_id'], a['waker_cpu'], a['cpu'], a.get('rule'), a['task']))
segs.sort(); wakes.sort()
# waker = task running on waker_cpu at the wake-up
by_cpu = collections.defaultdict(list)
for s in segs: by_cpu[s[3]].append(s)
import bisect
starts = {c: [s[0] for s in v] for c, v in by_cpu.items()}
def running(cpu, ts):
    v = by_cpu[cpu]; i = bisect.bisect_right(starts[cpu], ts) - 1
    if i >= 0 and v[i][0] <= ts <= v[i][1] + 1e-6: return v[i][2]
    return None
names = {s[2]: s[4] for s in segs}
segs_of = collections.defaultdict(list)
for s in segs: segs_of[s[2]].append(s)
seg_starts = {t: [s[0] for s in v] for t, v in segs_of.items()}
def waker_at(cpu, ts):
    # the run that contains ts, a wake-up at a run's last instant belonging to that run
    v = by_cpu[cpu]; i = bisect.bisect_left(starts[cpu], ts) - 1
    if i >= 0 and v[i][0] < ts <= v[i][1] + 1e-6: return v[i][2]
    return running(cpu, ts)
W = []
for ts, wakee, wcpu, tcpu, rule, nm in wakes:
    W.append((ts, wakee, waker_at(wcpu, ts), wcpu, tcpu, rule))
issued = collections.Counter(w[2] for w in W); received = collections.Counter(w[1] for w in W)
hb = {t for t, n in names.items() if not n.startswith('noise:') and t != 0}
senders = {t for t in hb if issued[t] > 100 and issued[t] > received[t]}
receivers = {t for t in hb if received[t] > 100 and t not in senders}
def pct(xs, q):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))] if xs else None
def role(t): return 'sender' if t in senders else 'receiver' if t in receivers else 'other' if t is not None else 'idle'
# per-task timeline: segments and wake-ups
tl = collections.defaultdict(list)
for s in segs: tl[s[2]].append(('seg', s[0], s))
for w in W: tl[w[1]].append(('wake', w[0], w))
for t in tl: tl[t].sort(key=lambda x: (x[1], 0 if x[0] == 'wake' else 1))
R = {'trace': args.trace, 'senders': len(senders), 'receivers': len(receivers)}
span0 = min(s[0] for s in segs); span1 = max(s[1] for s in segs)
busy = collections.Counter()
for s in segs: busy[(s[3], role(s[2]))] += s[1] - s[0]
R['cpu_share_per_cpu'] = {f'cpu{c}:{r}': v / (span1 - span0) for (c, r), v in sorted(busy.items())}
rw = [w for w in W if w[1] in receivers and w[2] in senders]
allr = [w for w in W if w[1] in receivers]
R['receiver_wakes_all'] = {'n': len(allr), 'local_share': sum(1 for w in allr if w[3] == w[4]) / len(allr),
    'waker_role': dict(collections.Counter(role(w[2]) for w in allr))}
R['receiver_wakes_by_senders'] = {'n': len(rw), 'local_share': sum(1 for w in rw if w[3] == w[4]) / len(rw),
    'rules': dict(collections.Counter(w[5] for w in rw)),
    # just before the wake-up (at its instant a wakee that preempts at once is already running;
    # analysis files written before 3 December 2026 counted that instant, so the wakee itself)
    'target_curr_role': dict(collections.Counter(role(running(w[4], w[0] - 1e-3)) for w in rw if w[3] != w[4]))}
# wake-to-run latency and what the wakee found running on its CPU
lat = collections.defaultdict(list); found = collections.Counter()
for ts, wakee, waker, wcpu, tcpu, rule in rw:
    k = bisect.bisect_left(seg_starts[wakee], ts - 1e-6)
    if k >= len(segs_of[wakee]): continue
    l = segs_of[wakee][k][0] - ts
    cr = role(running(tcpu, ts - 1e-3)) if wcpu != tcpu else 'waker'
    lat[('local' if wcpu == tcpu else 'other_cpu')].append(l)
    if wcpu != tcpu:
        found[(cr, 'runs within 5 us' if l < 5 else 'queued >= 5 us')] += 1
R['receiver_wake_latency_us'] = {k: {'n': len(v), 'p50': pct(v, 50), 'p90': pct(v, 90)} for k, v in lat.items()}
R['remote_wakes_target_curr_and_outcome'] = {str(k): v for k, v in found.most_common()}
# segment ends: preempted (next item of the task is a segment) or blocked (a wake-up comes first)
ends = collections.Counter(); pre_by = collections.Counter(); wr = collections.Counter()
for t in senders | receivers:
    items = tl[t]
    for i, it in enumerate(items):
        if it[0] != 'seg': continue
        nxt = items[i + 1] if i + 1 < len(items) else None
        kind = 'end' if nxt is None else 'preempted' if nxt[0] == 'seg' else 'blocked'
        ends[(role(t), kind)] += 1
        if kind == 'preempted' and role(t) == 'sender':
            s = it[2]; succ = running(s[3], s[1] + 1e-3)
            # was the successor woken by this sender during this run, on this CPU?
            woke = [w for w in W if False]
            pre_by[role(succ)] += 1
for r in ('sender', 'receiver'):
    tot = sum(v for k, v in ends.items() if k[0] == r)
    R[f'{r}_run_ends'] = {k[1]: v for k, v in ends.items() if k[0] == r}
    R[f'{r}_preempted_share'] = ends[(r, 'preempted')] / tot if tot else None
tot = sum(ends.values()); R['preempted_share_all'] = sum(v for k, v in ends.items() if k[1] == 'preempted') / tot
R['sender_preempted_by_role'] = dict(pre_by)
# each sender preemption: the successor, its last wake-up before the switch (local to this CPU's
# waker or from the other CPU), and the time from that wake-up to the switch
wakes_of = collections.defaultdict(list)
for w in W: wakes_of[w[1]].append(w)
wstarts = {t: [w[0] for w in v] for t, v in wakes_of.items()}
def successors(group):
    cls = collections.Counter()
    for t in group:
        items = tl[t]
        for i, it in enumerate(items):
            if it[0] != 'seg': continue
            nxt = items[i + 1] if i + 1 < len(items) else None
            if nxt is None or nxt[0] != 'seg': continue
            s = it[2]; succ = running(s[3], s[1] + 1e-3)
            if succ is None: cls['idle/none'] += 1; continue
            j = bisect.bisect_right(wstarts.get(succ, []), s[1] + 1e-6) - 1
            if j < 0: cls['successor never woken'] += 1; continue
            w = wakes_of[succ][j]; dt = s[1] - w[0]
            # successor ran since that wake-up? then it was preempted itself earlier and is queued
            k0 = bisect.bisect_left(seg_starts[succ], w[0] - 1e-6)
            ran_since = k0 < len(segs_of[succ]) and segs_of[succ][k0][1] <= s[1]
            if ran_since: k = 'successor queued after being preempted itself'
            elif w[2] == t: k = 'woken by this task here' if w[4] == s[3] else 'woken by this task elsewhere'
            elif w[3] == s[3]: k = 'woken on this CPU by another task'
            else: k = 'woken from the other CPU'
            k = role(succ) + ' ' + k + ', wake-to-switch ' + ('< 5 us' if dt < 5 else '5-100 us' if dt < 100 else '>= 100 us')
            cls[k] += 1
    return dict(cls.most_common())
R['sender_preemptions_successor'] = successors(senders)
R['receiver_preemptions_successor'] = successors(receivers)
# sender preemption right after a local wake of a receiver: for each local wake by a sender, does the
# sender's run end (preempted) before it issues another wake-up or within 5 us?
lw = [w for w in rw if w[3] == w[4]]
pre_after = 0; dts = []
for ts, wakee, waker, wcpu, tcpu, rule in lw:
    v = segs_of[waker]; i = bisect.bisect_right(seg_starts[waker], ts) - 1
    if i < 0: continue
    s = v[i]
    if s[1] - ts < 5.0 and running(tcpu, s[1] + 1e-3) == wakee:
        pre_after += 1; dts.append(s[1] - ts)
R['sender_local_receiver_wakes'] = {'n': len(lw), 'waker_run_ends_within_5us_and_wakee_runs_next': pre_after,
                                    'share': pre_after / len(lw) if lw else None}
# receiver bursts: first run after a wake-up until the next block (sum of runs)
bursts = []; first_run = []
for t in receivers:
    items = tl[t]; cur = None
    for i, it in enumerate(items):
        if it[0] == 'wake': cur = 0.0; nruns = 0
        elif cur is not None:
            cur += it[2][1] - it[2][0]; nruns += 1
            nxt = items[i + 1] if i + 1 < len(items) else None
            if nxt is None or nxt[0] == 'wake':
                bursts.append(cur); cur = None
R['receiver_burst_us_cpu_time_wake_to_block'] = {'n': len(bursts), 'p50': pct(bursts, 50), 'p90': pct(bursts, 90)}
# EEVDF (6.18 traces, whose slices carry lag_at_pick_us): the lag each task was picked with, and
# at the remote wake-ups of receivers by senders, that of the task running on the target CPU
# (the host's figure, read with bpftrace at the wake-up, is the running receiver's lag then:
# its pick lag less the little it has run since).
def lag_summary(xs):
    return {'n': len(xs), 'p50': pct(xs, 50), 'below_10us_share': sum(1 for x in xs if 0 <= x < 10) / len(xs),
            'ge_100us_share': sum(1 for x in xs if x >= 100) / len(xs),
            'negative_share': sum(1 for x in xs if x < 0) / len(xs)} if xs else None
if any(x[5] is not None for x in segs):
    R['lag_at_pick_us'] = {r: lag_summary([x[5] for x in segs if role(x[2]) == r and x[5] is not None])
                           for r in ('sender', 'receiver')}
    def running_seg(cpu, ts):
        v = by_cpu[cpu]; i = bisect.bisect_right(starts[cpu], ts) - 1
        return v[i] if i >= 0 and v[i][0] <= ts <= v[i][1] + 1e-6 else None
    at_remote = collections.defaultdict(list); at_once = collections.Counter()
    for ts, wakee, waker, wcpu, tcpu, rule in rw:
        if wcpu == tcpu: continue
        sg = running_seg(tcpu, ts - 1e-3)
        if sg is not None and sg[5] is not None: at_remote[role(sg[2])].append(sg[5])
        # the running task switched out at the wake-up's instant (its slice ends then)
        if sg is not None: at_once[(role(sg[2]), abs(sg[1] - ts) < 1e-3)] += 1
    R['remote_wakes_target_curr_lag_at_pick_us'] = {r: lag_summary(v) for r, v in sorted(at_remote.items())}
    R['remote_wakes_target_curr_switched_out_at_once'] = {
        r: {'n': at_once[(r, True)] + at_once[(r, False)], 'at_once': at_once[(r, True)]} for r in ('sender', 'receiver')}
txt = json.dumps(R, indent=1)
if args.json: open(args.json, 'w').write(txt)
print(txt)
