# Usage: waker-cpu.py TRACE.gz WAKEE-GLOB WAKER-GLOB
# At each wake-up of PATTERN by WAKER-PATTERN: was any other CPU idle at that instant, and
# where did the wakee run? Split by the waker's CPU: the 2026-12 host's traces lack every
# event of vCPU 1's idle task (recordings/README.md, Caveats), so vCPU 1 can look idle when it
# is not; only wake-ups issued on CPU 1 (the other CPU then being CPU 0) are reliable here.
import gzip, re, sys, collections, fnmatch
path, pattern, wpat = sys.argv[1], sys.argv[2], sys.argv[3]
line_re = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\w+:\w+):\s*(.*)$')
kv = re.compile(r'(\w+)=(\S+)')
curr = {}
pending = {}
st = collections.Counter()
for raw in gzip.open(path, 'rt', errors='replace'):
    m = line_re.match(raw)
    if not m: continue
    comm, pid, cpu, ts, ev, rest = m.groups(); cpu = int(cpu)
    if ev == 'sched:sched_waking':
        c = rest.split(' pid=')[0].replace('comm=', '')
        d = dict(kv.findall(rest))
        if fnmatch.fnmatch(c, pattern) and fnmatch.fnmatch(comm, wpat) and pid != '0':
            others = [o for o in curr if o != cpu]
            idle_other = any(curr.get(o) == '0' for o in others)
            pending[d['pid']] = (cpu, idle_other)
    elif ev == 'sched:sched_switch':
        a, b = rest.split(' ==> ')
        nd = dict(kv.findall(b))
        curr[cpu] = nd['next_pid']
        if nd['next_pid'] in pending:
            wcpu, idle_other = pending.pop(nd['next_pid'])
            st[(f'waker on CPU {wcpu}', 'other CPU idle at the wake-up' if idle_other else 'other CPU busy at the wake-up', 'ran on waker CPU' if cpu == wcpu else 'ran on the other CPU')] += 1
tot = sum(st.values())
for k, v in sorted(st.items()):
    print(f'{100*v/tot:5.1f}% ({v})  {k[0]}: {k[1]}, {k[2]}')
