# CPU time per comm (from sched_switch pairs) over a `perf script --ns` trace (gz), in CPUs.
# Usage: cpu.py TRACE.gz
import gzip, re, sys, collections
path = sys.argv[1]
line_re = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\w+:\w+):\s*(.*)$')
kv = re.compile(r'(\w+)=(\S+)')
on = {}; cpu_t = collections.Counter(); first = last = None
for raw in gzip.open(path, 'rt', errors='replace'):
    m = line_re.match(raw)
    if not m: continue
    t = float(m.group(4)); first = first or t; last = t
    if m.group(5) != 'sched:sched_switch': continue
    c = int(m.group(3)); a, b = m.group(6).split(' ==> ')
    pc = a.split(' prev_pid=')[0].replace('prev_comm=', ''); nc = b.split(' next_pid=')[0].replace('next_comm=', '')
    if c in on:
        cm, t0 = on[c]; cpu_t[cm] += t - t0
    on[c] = (nc, t)
span = last - first
for k, v in cpu_t.most_common(6): print(f'{k:<20} {v/span:6.3f} CPUs')
