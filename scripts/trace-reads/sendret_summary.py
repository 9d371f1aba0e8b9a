#!/usr/bin/env python3
"""Summarise sendret.bt runs (scripts/trace-reads/sendret.bt) as JSON on stdout.

Usage: sendret_summary.py DIR...   (each DIR holds RUN.bpftrace.txt files: pgbench/rec-bpf.sh,
or tbench/rec-bpf.sh with BT=../sendret.bt). Per run, role (0 the client, 1 the server) and where
the wakee went (0 the waker's CPU, 1 another CPU activated from the waker's context, 2 queued on
the other CPU's wake list): the wake-up count, p10 / p50 / p90 (the lower edge of the 250 ns, or
500 ns, bucket) of sched_waking -> sys_exit, sched_wakeup -> sys_exit, and sys_exit -> switch-out
split by how the waker left (preempted / blocked), and the share of wake-ups whose waker had a
reschedule pending at sys_exit (bit 4 of thread_info.flags, as tbench/eevdf.bt reads it).
Stdlib only.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bpfmaps import counts, hist, quantile  # noqa: E402

WHERE = ['local', 'remote', 'queued']


def dist(rows):
    n = sum(c for _, c in rows)
    return {'n': n, **{'p%d' % int(q * 100): quantile(rows, q) for q in (0.1, 0.5, 0.9)}}


def run(txt):
    need = counts(txt, 'need')
    out = {}
    m = re.search(r'^tps = ([\d.]+)', txt, re.M) or re.search(r'Throughput ([\d.]+) MB/sec', txt)
    out['throughput'] = float(m.group(1)) if m else None
    out['syscalls'] = {'%d:%d' % k: v for k, v in sorted(counts(txt, 'syscall').items())}
    for r in (0, 1):
        for w in range(3):
            d = dist(hist(txt, 'waking_to_exit_ns', (r, w)))
            if d['n'] == 0:
                continue
            pending = sum(v for (rr, ww, f), v in need.items() if rr == r and ww == w and f & 2)
            out['role%d.%s' % (r, WHERE[w])] = {
                'waking_to_exit_ns': d,
                'wakeup_to_exit_ns': dist(hist(txt, 'wakeup_to_exit_ns', (r, w))),
                'exit_to_switch_preempted_ns': dist(hist(txt, 'exit_to_switch_ns', (r, w, 0))),
                'exit_to_switch_blocked_ns': dist(hist(txt, 'exit_to_switch_ns', (r, w, 1))),
                'resched_pending_share': round(pending / d['n'], 4),
            }
    return out


def main():
    res = {}
    for d in sys.argv[1:]:
        for f in sorted(os.listdir(d)):
            if f.endswith('.bpftrace.txt'):
                res[f[:-len('.bpftrace.txt')]] = run(open(os.path.join(d, f)).read())
    json.dump(res, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == '__main__':
    main()
