# Usage: runs-on-after-wake.py TRACE.gz WAKER_GLOB WAKEE_GLOB
# What a waker does after it wakes a task: for every `sched_waking` issued by a task matching
# WAKER_GLOB (the event's own comm) of a task matching WAKEE_GLOB, the time from that event to
# the waker's next switch-out (its on-CPU time and whether it blocked or was preempted), where
# the wakee went relative to the waker's CPU (the CPU of the wakee's next switch-in), and, when
# the waker was preempted, by whom. Reads `perf script` text (scripts/record-benchmarks.sh).
# Prints percentiles in µs. A wake-up issued while a previous one of the same waker is still
# open (two in one run) is counted once, from the first.
import collections
import fnmatch
import gzip
import re
import sys

path, waker_glob, wakee_glob = sys.argv[1], sys.argv[2], sys.argv[3]
line_re = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\w+:\w+):\s*(.*)$')
kv = re.compile(r'(\w+)=(\S+)')


def pct(v, q):
    v = sorted(v)
    return v[min(len(v) - 1, int(q * len(v)))] if v else float('nan')


open_wake = {}  # waker pid -> (t, waker cpu, wakee pid)
wakee_cpu_pending = {}  # wakee pid -> waker cpu (to see where it went)
same_cpu = collections.Counter()
runs_on = {'blocked': [], 'preempted': []}
preempted_by = collections.Counter()
wakes = 0
for raw in gzip.open(path, 'rt', errors='replace'):
    m = line_re.match(raw)
    if not m:
        continue
    comm, pid, cpu, ts, ev, rest = m.groups()
    pid, cpu, t = int(pid), int(cpu), float(ts)
    if ev == 'sched:sched_waking':
        d = dict(kv.findall(rest))
        wc = rest.split(' pid=')[0].replace('comm=', '')
        if fnmatch.fnmatch(comm, waker_glob) and fnmatch.fnmatch(wc, wakee_glob):
            wakes += 1
            if pid not in open_wake:
                open_wake[pid] = (t, cpu, int(d['pid']))
            wakee_cpu_pending[int(d['pid'])] = cpu
    elif ev == 'sched:sched_switch':
        a, b = rest.split(' ==> ')
        pd = dict(kv.findall(a))
        nd = dict(kv.findall(b))
        ppid, npid = int(pd['prev_pid']), int(nd['next_pid'])
        if npid in wakee_cpu_pending:
            same_cpu['same' if wakee_cpu_pending.pop(npid) == cpu else 'other'] += 1
        if ppid in open_wake:
            t0, c0, _ = open_wake.pop(ppid)
            us = (t - t0) * 1e6
            if pd['prev_state'].startswith('R'):
                runs_on['preempted'].append(us)
                nc = b.split(' next_pid=')[0].replace('next_comm=', '').strip()
                preempted_by[re.sub(r'[0-9]+', 'N', nc)] += 1
            else:
                runs_on['blocked'].append(us)

n = sum(len(v) for v in runs_on.values())
print(f'{wakes} wake-ups of {wakee_glob} by {waker_glob}; {n} counted (one per waker run)')
print(f'wakee switched in on the waker\'s CPU: {same_cpu["same"]}, on another: {same_cpu["other"]}')
for k, v in runs_on.items():
    print(f'waker {k} next: {len(v)} ({100 * len(v) / max(n, 1):.1f}%); waking to switch-out '
          f'p10 / p50 / p90 {pct(v, .1):.1f} / {pct(v, .5):.1f} / {pct(v, .9):.1f} µs')
tot = sum(preempted_by.values())
for k, v in preempted_by.most_common(5):
    print(f'  preempted by {k}: {100 * v / tot:.1f}%')
