# Background activity per comm class from perf script text: wake-ups, bursts, waker context.
# Usage: python3 scripts/noise/background.py TRACE.perf-script.txt.gz > classes.json
# (perf script --ns text of `perf sched record -a`; comm digits folded to N). recordings/README.md.
import gzip, re, sys, json, collections
EXCL = set(sys.argv[2].split(',')) if len(sys.argv) > 2 else set()
sw = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:sched_switch:\s+prev_comm=(.+?) prev_pid=(\d+) prev_prio=(\d+) prev_state=(\S+) ==> next_comm=(.+?) next_pid=(\d+) next_prio=(\d+)')
wk = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:sched_waking:\s+comm=(.+?) pid=(\d+) prio=(\d+) target_cpu=(\d+)')
def cls(comm):
    c = re.sub(r'\d+', 'N', comm)
    return c
start = {}; on = {}; t0=None; t1=None
stats = collections.defaultdict(lambda: {'wakeups':0,'bursts':[], 'from_idle':0, 'from_same_cpu':0, 'cpus':collections.Counter(), 'run_ns':0, 'wakers':collections.Counter()})
comm_of = {}
burst = {}
for line in gzip.open(sys.argv[1], 'rt', errors='replace'):
    m = sw.match(line)
    if m:
        cpu=int(m.group(3)); ts=float(m.group(4)); t0 = t0 or ts; t1 = ts
        pc, pp, st, nc, np_ = m.group(5), int(m.group(6)), m.group(8), m.group(9), int(m.group(10))
        if pp != 0 and pp in on:
            s = stats[cls(pc)]; d = ts - on.pop(pp); s['run_ns'] += d*1e9
            burst[pp] = burst.get(pp,0) + d
            if st != 'R' and st != 'R+':
                s['bursts'].append(burst.pop(pp)*1e9)
        if np_ != 0: on[np_] = ts; comm_of[np_]=nc
        continue
    m = wk.match(line)
    if m:
        wcomm, wpid, wcpu = m.group(1), int(m.group(2)), int(m.group(3))
        comm, tcpu = m.group(5), int(m.group(8))
        s = stats[cls(comm)]; s['wakeups'] += 1; s['cpus'][tcpu]+=1
        if wpid == 0: s['from_idle'] += 1
        if wcpu == tcpu: s['from_same_cpu'] += 1
        s['wakers'][cls(wcomm)] += 1
span = t1 - t0
out = {'span_s': round(span,3), 'classes': {}}
for k, s in sorted(stats.items(), key=lambda kv: -kv[1]['run_ns']):
    if k in EXCL: continue
    b = sorted(s['bursts'])
    med = b[len(b)//2] if b else 0; p90 = b[int(len(b)*0.9)] if b else 0
    out['classes'][k] = {'wakeups_per_s': round(s['wakeups']/span,1), 'cpu_ms_per_s': round(s['run_ns']/1e6/span,3),
      'burst_us_median': round(med/1e3,1), 'burst_us_p90': round(p90/1e3,1), 'bursts': len(b),
      'woken_from_idle_cpu': s['from_idle'], 'woken_on_waker_cpu': s['from_same_cpu'], 'target_cpus': dict(s['cpus']), 'top_wakers': s['wakers'].most_common(3)}
print(json.dumps(out, indent=1))
