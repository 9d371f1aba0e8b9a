# Usage: wakes.py TRACE.gz GLOB [CPU]
# For wake-ups of tasks whose comm matches PATTERN: who woke them (comm, from which CPU), where
# they were switched in, and what ran on that CPU just before (idle or which task, and how that
# task left: blocked or preempted). Reads `perf script --ns` text (gz).
import gzip, re, sys, collections, fnmatch
path, pattern = sys.argv[1], sys.argv[2]
# optional: only switch-ins on this CPU (the 2026-12 host's traces lack vCPU 1's idle events,
# so its switch-ins from idle are missing: CPU 0's are the complete ones)
only_cpu = int(sys.argv[3]) if len(sys.argv) > 3 else None
line_re = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\w+:\w+):\s*(.*)$')
kv = re.compile(r'(\w+)=(\S+)')
pending = {}   # pid -> (waker comm, waker cpu)
last_cpu = {}
stats = collections.Counter()
for raw in gzip.open(path, 'rt', errors='replace'):
    m = line_re.match(raw)
    if not m: continue
    comm, pid, cpu, ts, ev, rest = m.groups()
    cpu = int(cpu)
    if ev.endswith('sched_waking'):
        d = dict(kv.findall(rest))
        c = rest.split(' pid=')[0].replace('comm=', '')
        if fnmatch.fnmatch(c, pattern):
            waker = 'idle/irq' if pid == '0' else comm
            pending[d['pid']] = (waker, cpu)
    elif ev.endswith('sched_switch'):
        # prev_comm=X prev_pid=N prev_prio=P prev_state=S ==> next_comm=Y next_pid=M next_prio=Q
        a, b = rest.split(' ==> ')
        prev_comm = a.split(' prev_pid=')[0].replace('prev_comm=', '')
        pd = dict(kv.findall(a)); nd = dict(kv.findall(b))
        next_comm = b.split(' next_pid=')[0].replace('next_comm=', '')
        npid = nd['next_pid']
        if npid in pending and only_cpu is not None and cpu != only_cpu:
            pending.pop(npid)
        elif npid in pending:
            waker, wcpu = pending.pop(npid)
            prev = 'idle' if pd['prev_pid'] == '0' else f"{re.sub(r'[0-9]+','N',prev_comm)}({'blocked' if pd['prev_state'] not in ('R','R+') else 'preempted'})"
            where = 'waker cpu' if cpu == wcpu else 'other cpu'
            moved = 'same as last' if last_cpu.get(npid) == cpu else 'moved'
            stats[(re.sub(r'[0-9]+','N',waker), where, moved, prev)] += 1
        last_cpu[npid] = cpu
tot = sum(stats.values())
print(f'{tot} wake-ups of {pattern} followed to their switch-in')
idle = sum(v for k, v in stats.items() if k[3] == "idle")
print(f"{100*idle/max(tot,1):.1f}% switched in after idle")
for k, v in stats.most_common(14):
    print(f'{100*v/tot:5.1f}%  waker={k[0]:<18} switched in on {k[1]:<9} ({k[2]:<12}) after {k[3]}')
