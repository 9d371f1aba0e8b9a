#!/usr/bin/env python3
"""How unequal the two CPUs' runqueues are, in a real trace and in a Wakelab run.

    runqueue_imbalance.py [--json OUT] TRACE [TRACE ...]

TRACE is either a tracefs / trace-cmd text trace (plain or .gz; `sched_switch`,
`sched_wakeup`/`sched_wakeup_new`, `sched_migrate_task` are used), or a Wakelab Chrome trace
(`wakelab trace ... -o run.json`), whose "CPU N runnable" counters are the model's own counts.

Counts every task (not only the benchmark's): runnable = running or waiting, as the trace shows
it (a real trace cannot see 6.18's delayed-dequeue sleepers; the model's counters leave them out
too). For a text trace the count is rebuilt: a task is runnable on CPU c from its wake-up with
target_cpu=c (or a switch-out in state R on c) until it switches out in another state; a
`sched_migrate_task` of a runnable task moves it. The counts are sampled every 50 us over the
middle 80% of the span in which `hackbench` (or any task, for a Wakelab trace) runs, and the
script prints the distribution of |nr(CPU 0) - nr(CPU 1)| and of the total.
"""
import gzip
import json
import re
import sys
from collections import Counter

STEP_NS = 50_000
TSC_HZ = 1996.249e6  # the recording host's TSC (raw x86-tsc clock in the text traces)
LINE = re.compile(r'^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+(\d+(?:\.\d+)?): (\w+): (.*)$')
KV = re.compile(r'(\w+)=(\S+)')


def text_changes(path):
    """[(t_ns, cpu, nr)] rebuilt from a text trace, and the hackbench span."""
    op = gzip.open if path.endswith('.gz') else open
    where = {}  # pid -> CPU it is runnable on
    nr = Counter()
    out = []
    hb = []
    with op(path, 'rt') as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            comm, _pid, _cpu, ts, ev, rest = m.groups()
            t = int(float(ts) * 1e9) if '.' in ts else int(int(ts) / TSC_HZ * 1e9)
            a = dict(KV.findall(rest))
            touched = set()

            def put(pid, cpu):
                old = where.pop(pid, None)
                if old is not None:
                    nr[old] -= 1
                    touched.add(old)
                if cpu is not None:
                    where[pid] = cpu
                    nr[cpu] += 1
                    touched.add(cpu)

            if ev == 'sched_switch':
                cpu = int(_cpu)
                prev, nxt = int(a['prev_pid']), int(a['next_pid'])
                if prev != 0:
                    put(prev, cpu if a['prev_state'].startswith('R') else None)
                if nxt != 0:
                    put(nxt, cpu)
                if 'hackbench' in (a['prev_comm'], a['next_comm']):
                    hb.append(t)
            elif ev in ('sched_wakeup', 'sched_wakeup_new'):
                put(int(a['pid']), int(a['target_cpu']))
            elif ev == 'sched_migrate_task':
                pid = int(a['pid'])
                if pid in where:
                    put(pid, int(a['dest_cpu']))
            for c in sorted(touched):
                out.append((t, c, nr[c]))
    return out, (min(hb), max(hb)) if hb else None


def json_changes(path):
    with open(path) as f:
        d = json.load(f)
    out = []
    seg = []
    for e in d['traceEvents']:
        name = e.get('name', '')
        if e.get('ph') == 'C' and name.endswith(' runnable'):
            out.append((round(e['ts'] * 1000), int(name.split()[1]), e['args']['tasks']))
        elif e.get('ph') == 'X':
            seg.append(round(e['ts'] * 1000))
    out.sort()
    return out, (min(seg), max(seg)) if seg else None


def summarise(path):
    changes, span = (json_changes if path.endswith('.json') else text_changes)(path)
    if not span:
        print(f'{path}: nothing ran')
        return None
    a, b = span
    lo, hi = a + (b - a) // 10, b - (b - a) // 10
    nr = [0, 0]
    diff, total = Counter(), Counter()
    i = 0
    for t in range(lo, hi, STEP_NS):
        while i < len(changes) and changes[i][0] <= t:
            _, c, n = changes[i]
            if c < 2:
                nr[c] = n
            i += 1
        diff[abs(nr[0] - nr[1])] += 1
        total[nr[0] + nr[1]] += 1
    n = sum(diff.values())

    def quant(cnt, q):
        acc = 0
        for k in sorted(cnt):
            acc += cnt[k]
            if acc >= q * n:
                return k
        return None

    r = {
        'trace': path.split('/')[-1],
        'samples': n,
        'span_ms': round((hi - lo) / 1e6, 1),
        'diff_p50': quant(diff, .5),
        'diff_p90': quant(diff, .9),
        'diff_mean': round(sum(k * v for k, v in diff.items()) / n, 1),
        'total_p50': quant(total, .5),
    }
    print(f"{r['trace']}: {n} samples over {r['span_ms']} ms; |nr0 - nr1| p50 {r['diff_p50']} "
          f"p90 {r['diff_p90']} mean {r['diff_mean']}; runnable in all p50 {r['total_p50']}")
    return r


if __name__ == '__main__':
    args = sys.argv[1:]
    out = None
    if args[:1] == ['--json']:
        out, args = args[1], args[2:]
    if not args:
        sys.exit(__doc__)
    rows = [r for r in map(summarise, args) if r]
    if out:
        with open(out, 'w') as f:
            json.dump(rows, f, indent=1)
            f.write('\n')
