#!/usr/bin/env python3
"""Usage: wake_interval.py TRACE.trace.txt.gz | MODEL.trace.json
The time between two consecutive wake-ups (sched_waking of a hackbench thread) that one hackbench
thread issues within one stay on the CPU (no switch-out of the waker between them): how often a
running sender wakes a receiver. Reads rec.sh's tracefs text (x86-tsc clock, 1996.249 MHz) or the
model's Chrome trace JSON (`wakelab trace`; the waker is the task running on waker_cpu). Stdlib only."""
import gzip, re, sys, json, bisect, collections
MHZ = 1996.249
def q(iv):
    iv.sort(); n = len(iv)
    return {'n': n, **{f'p{int(x*100)}': round(iv[int(x * (n - 1))], 2) for x in (0.1, 0.5, 0.9)}} if n else {'n': 0}
p = sys.argv[1]
if p.endswith('.json'):
    d = json.load(open(p)); segs = []; wakes = []
    for e in d['traceEvents']:
        if e.get('cat') == 'sched' and e.get('ph') == 'X':
            a = e['args']; segs.append((e['ts'], e['ts'] + e['dur'], a['task_id'], a['cpu']))
        elif e.get('cat') in ('wakeup', 'plain-wakeup') and e.get('ph') == 'i':
            a = e['args']; wakes.append((e['ts'], a['task_id'], a['waker_cpu']))
    segs.sort(); wakes.sort(); by = collections.defaultdict(list)
    for s in segs: by[s[3]].append(s)
    st = {c: [s[0] for s in v] for c, v in by.items()}
    def waker(cpu, ts):
        v = by[cpu]; i = bisect.bisect_left(st[cpu], ts) - 1
        if i >= 0 and v[i][0] < ts <= v[i][1] + 1e-6: return v[i]
        i = bisect.bisect_right(st[cpu], ts) - 1
        return v[i] if i >= 0 and v[i][0] <= ts <= v[i][1] else None
    last = {}; iv = []
    for ts, t, wc in wakes:
        s = waker(wc, ts)
        if s is None: continue
        k = (s[2], s[0])
        if k in last: iv.append(ts - last[k])
        last[k] = ts
else:
    line_re = re.compile(r'^\s*(.*?)-(\d+)\s+\[(\d+)\]\s+(\S{4,5})\s+(\d+): (\w+): (.*)$')
    last = {}; iv = []
    for raw in gzip.open(p, 'rt', errors='replace'):
        m = line_re.match(raw)
        if not m: continue
        comm, pid, cpu, fl, ts, name, a = m.groups(); pid = int(pid); ts = int(ts)
        if name == 'sched_switch':
            last.pop(int(re.search(r'prev_pid=(\d+)', a).group(1)), None)
        elif name == 'sched_waking' and comm == 'hackbench' and a.startswith('comm=hackbench'):
            if pid in last: iv.append((ts - last[pid]) / MHZ)
            last[pid] = ts
print(json.dumps({'trace': p, 'wake_to_wake_us_within_a_run': q(iv)}))
