# Per-task CPU time of hackbench's children (equal work each): the task-to-task spread of the
# cost of the same work within one run. Roles from fork order (per group: 20 receivers, then
# 20 senders; hackbench.c).
# Usage: python3 scripts/noise/task-spread.py hackbench-...perf-script.txt.gz (one JSON line).
import gzip, re, sys, json, statistics
sw = re.compile(r'\[(\d+)\]\s+([\d.]+):\s+sched:sched_switch:\s+prev_comm=(.+?) prev_pid=(\d+) .*?==> next_comm=(.+?) next_pid=(\d+) ')
fk = re.compile(r'sched:sched_process_fork: comm=hackbench pid=(\d+) child_comm=hackbench child_pid=(\d+)')
on = {}; cpu_ns = {}; forks = []
for line in gzip.open(sys.argv[1], 'rt', errors='replace'):
    if 'sched_switch' in line:
        m = sw.search(line)
        if not m: continue
        ts = float(m.group(2)); pp = int(m.group(4)); np_ = int(m.group(6))
        if pp in on: cpu_ns[pp] = cpu_ns.get(pp, 0) + (ts - on.pop(pp)) * 1e9
        if np_: on[np_] = ts
    elif 'sched_process_fork' in line:
        m = fk.search(line)
        if m: forks.append(int(m.group(2)))
groups = len(forks) // 40
res = {}
for role, off in (('receiver', 0), ('sender', 20)):
    v = [cpu_ns.get(forks[g*40+off+i], 0)/1e6 for g in range(groups) for i in range(20)]
    m = statistics.mean(v); s = statistics.pstdev(v)
    res[role] = {'tasks': len(v), 'cpu_ms_mean': round(m, 2), 'cpu_ms_stddev': round(s, 2), 'coeff_var': round(s/m, 4)}
print(json.dumps({'trace': sys.argv[1].split('/')[-1], 'groups': groups, **res}))
