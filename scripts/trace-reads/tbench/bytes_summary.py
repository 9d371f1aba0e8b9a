#!/usr/bin/env python3
"""Summarise scripts/trace-reads/tbench/bytes.bt runs as JSON on stdout.

Usage: bytes_summary.py RUN.bpftrace.txt...   Per run (the file name before the first dot),
call (send / recv), role (client / server) and size bucket (0 < 64 B, 1 < 256 B, 2 < 1 KiB,
3 < 4 KiB, 4 < 16 KiB, 5 < 64 KiB, 6 the rest): the calls that stayed on the CPU, their mean bytes,
p50 (lower edge of its 500 ns bucket) and mean duration (bucket middles). Stdlib only.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from bpfmaps import counts, hist, quantile  # noqa: E402


def main():
    out = {}
    for path in sys.argv[1:]:
        txt = open(path).read()
        run = {}
        for kind in ('send', 'recv'):
            sums = counts(txt, kind + '_bytes')
            for r, role in enumerate(('client', 'server')):
                rows = []
                for b in range(7):
                    h = hist(txt, kind + '_ns', (r, b))
                    n = sum(c for _, c in h)
                    if n == 0:
                        continue
                    rows.append({'bucket': b, 'n': n, 'mean_bytes': round(sums.get((r, b), 0) / n),
                                 'p50_ns': quantile(h, 0.5),
                                 'mean_ns': round(sum((e + 250) * c for e, c in h) / n)})
                run['%s.%s' % (kind, role)] = rows
        out[os.path.basename(path).split('.')[0]] = run
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == '__main__':
    main()
