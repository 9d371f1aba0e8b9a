# CPU time per comm over a `perf script --ns` trace (gz), in CPUs, from sched_stat_runtime (the
# kernel's own accounting: unaffected by the missing vCPU 1 idle events of the 2026-12 host's
# traces, recordings/README.md, Caveats, which make sched_switch pairs undercount tasks that
# start a run on vCPU 1 after idle).
# Usage: cpu.py TRACE.gz
import gzip, re, sys, collections
path = sys.argv[1]
line_re = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\w+:\w+):\s*(.*)$')
cpu_t = collections.Counter(); first = last = None
for raw in gzip.open(path, 'rt', errors='replace'):
    m = line_re.match(raw)
    if not m: continue
    t = float(m.group(4)); first = first or t; last = t
    if m.group(5) != 'sched:sched_stat_runtime': continue
    rest = m.group(6)
    comm = rest.split(' pid=')[0].replace('comm=', '')
    rt = re.search(r'runtime=(\d+)', rest)
    if rt: cpu_t[re.sub(r'[0-9]+', 'N', comm)] += int(rt.group(1)) / 1e9
span = last - first
for k, v in cpu_t.most_common(8): print(f'{k:<20} {v/span:6.3f} CPUs')
