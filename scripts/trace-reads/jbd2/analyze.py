#!/usr/bin/env python3
# Usage: analyze.py NAME   (reads /tmp/dbench-rec/NAME.perf-script.txt.gz and NAME.bench.log,
# writes NAME.analysis.json and prints a summary). Measures, for the dbench clients (dbench pids that
# entered ext4_sync_file on the loop ext4) and the loop ext4's jbd2 thread:
#  - client switch-outs by prev_state; D/S sleeps: waker class + sleep length (switch-out -> sched_waking)
#  - waker class: hardirq:<name> if the waking happened inside irq_handler_entry/exit on that CPU,
#    softirq(...) inside softirq_entry/exit (ksoftirqd/N if that is the current task), else the
#    waker comm class (jbd2/loop, kworker, dbench-self/dbench-other, idle (pid 0, no irq event), other)
#  - jbd2 commits (jbd2_start_commit..jbd2_end_commit), client wakes per commit and their timing,
#    jbd2 sleeps and their wakers, client->jbd2 wakes, per-fsync sleep sequences, spurious wakes.
import gzip, re, sys, json, collections, statistics
name = sys.argv[1]; base = '/tmp/dbench-rec/' + name
line_re = re.compile(r'^\s*(.+?)\s+(-?\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\w+:\w+):\s*(.*)$')
kv = re.compile(r'(\w+)=(\S+)')
ev_list = []
for raw in gzip.open(base + '.perf-script.txt.gz', 'rt', errors='replace'):
    m = line_re.match(raw)
    if m: ev_list.append(m.groups())
# loop ext4 device: the dev of dbench's sync_file_enter
loopdev = None; clients = set(); jbd2pid = None
for comm, pid, cpu, ts, ev, rest in ev_list:
    if ev == 'ext4:ext4_sync_file_enter' and comm == 'dbench':
        clients.add(pid); loopdev = loopdev or rest.split()[1]
    if comm.startswith('jbd2/loop') and jbd2pid is None and pid != '0': jbd2pid = pid; jbd2comm = comm
# jbd2 pid also via sched_switch prev_comm
for comm, pid, cpu, ts, ev, rest in ev_list:
    if ev == 'sched:sched_switch' and 'prev_comm=jbd2/loop' in rest:
        jbd2pid = dict(kv.findall(rest.split(' ==> ')[0]))['prev_pid']; break
_mj, _mn = map(int, loopdev.split(',')); loopdev_num = (_mj << 20) | _mn
def cls_comm(c, pid):
    if pid == '0': return 'idle'
    if c == 'kthreadd' and pid != '2': return 'kworker'   # kworker forked during the trace: perf shows the parent's comm
    if c.startswith('jbd2/loop'): return 'jbd2/loop'
    if c.startswith('jbd2/'): return 'jbd2/vda(root fs)'
    if c.startswith('ksoftirqd'): return 'ksoftirqd'
    if c.startswith('kworker'): return 'kworker'
    if c == 'dbench': return 'dbench'
    return 'other:' + re.sub(r'[0-9]+', 'N', c)
irq = collections.defaultdict(list); sirq = collections.defaultdict(int)
def waker_class(comm, pid, cpu, target):
    if irq[cpu]: return 'hardirq:' + irq[cpu][-1]
    if sirq[cpu]:
        return 'ksoftirqd' if comm.startswith('ksoftirqd') else 'softirq(in %s)' % cls_comm(comm, pid)
    c = cls_comm(comm, pid)
    if c == 'dbench': return 'dbench(self?)' if pid == target else ('dbench-client' if pid in clients else 'dbench-parent')
    return c
state = {}        # pid -> dict for the current sleep
sleeps = collections.defaultdict(list)   # pid -> list of sleeps {out, st, wake, waker, wcpu, in}
outs = collections.defaultdict(collections.Counter)
commits = []; cur = None
jwakes_client = []   # (t, client pid) wakes of clients issued by jbd2 (any context on jbd2's cpu while jbd2 current & not in irq)
c2j = []             # (t, client pid) client -> jbd2 wakes
fsyncs = collections.defaultdict(list)  # pid -> [enter, exit]
open_fs = {}
jswitch = []         # jbd2 switch-outs (t, state)
curr = {}
swapper_cpu1 = 0
for comm, pid, cpu, ts, ev, rest in ev_list:
    t = float(ts); cpu = int(cpu)
    if ev == 'irq:irq_handler_entry': irq[cpu].append(dict(kv.findall(rest)).get('name', '?')); continue
    if ev == 'irq:irq_handler_exit':
        if irq[cpu]: irq[cpu].pop()
        continue
    if ev == 'irq:softirq_entry': sirq[cpu] += 1; continue
    if ev == 'irq:softirq_exit': sirq[cpu] = max(0, sirq[cpu] - 1); continue
    if ev == 'sched:sched_switch':
        a, b = rest.split(' ==> '); pd = dict(kv.findall(a)); nd = dict(kv.findall(b))
        if cpu == 1 and pd['prev_pid'] == '0': swapper_cpu1 += 1
        pp, npid = pd['prev_pid'], nd['next_pid']; st = pd['prev_state']
        if pp in clients or pp == jbd2pid:
            outs[pp][st[0]] += 1
            if st[0] in 'DS':
                s = {'out': t, 'st': st[0], 'wake': None, 'waker': None, 'in': None, 'fs': pp in open_fs,
                     'endcommit_before_wake': None}
                sleeps[pp].append(s); state[pp] = s
            if pp == jbd2pid: jswitch.append((t, st[0], cls_comm(b.split(' next_pid=')[0].replace('next_comm=', ''), npid)))
        if npid in state and state[npid]['in'] is None and state[npid]['wake'] is not None:
            state[npid]['in'] = t
        curr[cpu] = npid
        continue
    if ev == 'sched:sched_waking':
        d = dict(kv.findall(rest)); tp = d['pid']
        if tp in state and state[tp]['wake'] is None:
            s = state[tp]; s['wake'] = t; s['waker'] = waker_class(comm, pid, cpu, tp); s['wpid'] = pid
            s['wcpu'] = cpu; s['wcomm'] = comm
        if pid == jbd2pid and tp in clients and not irq[cpu] and not sirq[cpu]:
            jwakes_client.append((t, tp))
        if tp == jbd2pid and pid in clients and not irq[cpu] and not sirq[cpu]:
            c2j.append((t, pid))
        continue
    if ev == 'sched:sched_wakeup':   # fallback switch-in estimate if the switch-in is missing
        continue
    if ev == 'ext4:ext4_sync_file_enter' and pid in clients and rest.split()[1] == loopdev:
        open_fs[pid] = t; continue
    if ev == 'ext4:ext4_sync_file_exit' and pid in open_fs and rest.split()[1] == loopdev:
        fsyncs[pid].append((open_fs.pop(pid), t)); continue
    if ev.startswith('jbd2:') and (rest.split()[1] == loopdev or ('dev=%d ' % loopdev_num) in rest):
        e = ev.split(':')[1]
        if e == 'jbd2_start_commit': cur = {'start': t}; commits.append(cur)
        elif cur is not None and e in ('jbd2_commit_locking', 'jbd2_commit_flushing', 'jbd2_commit_logging', 'jbd2_end_commit'):
            cur[e.replace('jbd2_', '')] = t
        elif cur is not None and e == 'jbd2_run_stats':
            cur['stats'] = dict(kv.findall(rest))
bench = open(base + '.bench.log').read()
ops = {m.group(1): int(m.group(2)) for m in re.finditer(r'^\s*(\w+)\s+(\d+)\s+[\d.]+\s+[\d.]+\s*$', bench, re.M)}
tp_m = re.search(r'Throughput ([\d.]+) MB/sec', bench)
def q(xs, p):
    xs = sorted(xs); return None if not xs else xs[min(len(xs) - 1, int(p * len(xs)))]
def us(x): return None if x is None else round(x * 1e6, 1)
R = {'name': name, 'clients': sorted(clients), 'jbd2': [jbd2pid], 'loopdev': loopdev,
     'swapper_switch_outs_on_cpu1': swapper_cpu1,
     'dbench_ops_total': sum(ops.values()), 'dbench_flush_ops': ops.get('Flush'), 'dbench_ops': ops,
     'throughput_MBps': float(tp_m.group(1)) if tp_m else None}
# 2. client switch-outs and D/S sleeps by waker
co = collections.Counter(); dby = collections.defaultdict(list); sby = collections.defaultdict(list)
for p in clients:
    co.update(outs[p])
    for s in sleeps[p]:
        if s['wake'] is None: continue
        (dby if s['st'] == 'D' else sby)[s['waker']].append(s['wake'] - s['out'])
R['client_switch_outs'] = dict(co)
R['client_D_by_waker'] = {k: {'n': len(v), 'med_us': us(q(v, .5)), 'p90_us': us(q(v, .9))} for k, v in sorted(dby.items(), key=lambda kv: -len(kv[1]))}
rawc = collections.Counter(s.get('wcomm', '?') + ('/pid0' if s.get('wpid') == '0' else '') for p in clients for s in sleeps[p] if s['st'] == 'D' and s['wake'] is not None)
R['client_D_waker_raw_comm'] = dict(rawc.most_common(10))
R['client_S_by_waker'] = {k: {'n': len(v), 'med_us': us(q(v, .5)), 'p90_us': us(q(v, .9))} for k, v in sorted(sby.items(), key=lambda kv: -len(kv[1]))}
# 3. commits
commits = [c for c in commits if 'end_commit' in c]
starts = [c['start'] for c in commits] + [float('inf')]
preempt_by = collections.Counter(); gap_next_start_idle = []; gap_next_start_busy = []
wpc = collections.Counter(); pos = collections.Counter(); gap_to_out = []; gap_end = []; after_state = collections.Counter()
jsw_t = [x[0] for x in jswitch]
import bisect
js_sleeps = sleeps[jbd2pid]
for i, c in enumerate(commits):
    ws = [w for w in jwakes_client if starts[i] <= w[0] < starts[i + 1]]
    c['client_wakes'] = len(ws); wpc[len(ws)] += 1
    for (t, p) in ws:
        ph = 'after end_commit' if t >= c['end_commit'] else ('logging phase' if t >= c.get('logging', 1e18) else ('flushing phase' if t >= c.get('flushing', 1e18) else 'locking/running'))
        pos[ph] += 1
        k = bisect.bisect_right(jsw_t, t)
        if k < len(jswitch):
            gap_to_out.append(jswitch[k][0] - t); after_state[jswitch[k][1] + ('(before next start_commit)' if jswitch[k][0] < starts[i + 1] else '(after next start_commit)')] += 1
        if t >= c['end_commit']: gap_end.append(t - c['end_commit'])
        if k < len(jswitch) and jswitch[k][1] == 'R': preempt_by[jswitch[k][2]] += 1
        if starts[i + 1] < float('inf'):
            slept = any(t < x[0] < starts[i + 1] and x[1] == 'S' for x in jswitch[k:k + 6])
            (gap_next_start_idle if slept else gap_next_start_busy).append(starts[i + 1] - t)
    # jbd2 sleeps inside the commit (start..end) and the one after end (idle)
    mid = [s for s in js_sleeps if c['start'] <= s['out'] <= c['end_commit']]
    c['mid_D'] = sum(s['st'] == 'D' for s in mid); c['mid_S'] = sum(s['st'] == 'S' for s in mid)
    c['mid_wakers'] = collections.Counter(s['waker'] for s in mid)
    idle = [s for s in js_sleeps if c['end_commit'] < s['out'] < starts[i + 1]]
    c['idle_sleeps'] = [(s['st'], s['waker']) for s in idle]
    c['mid_seq'] = [(s['st'], s['waker'], round((s['wake'] or s['out']) - s['out'], 7), round(s['out'] - c['start'], 7)) for s in mid]
    c['dur'] = c['end_commit'] - c['start']
R['commits'] = len(commits)
R['commit_dur_us'] = {'med': us(q([c['dur'] for c in commits], .5)), 'p90': us(q([c['dur'] for c in commits], .9))}
R['client_wakes_per_commit_hist'] = dict(sorted(wpc.items()))
R['jbd2_client_wake_phase'] = dict(pos)
R['jbd2_client_wake_to_jbd2_next_switchout_us'] = {'med': us(q(gap_to_out, .5)), 'p90': us(q(gap_to_out, .9)), 'max': us(max(gap_to_out) if gap_to_out else None), 'n': len(gap_to_out)}
R['jbd2_next_switchout_after_client_wake_state'] = dict(after_state)
R['jbd2_R_switchout_after_client_wake_next_task'] = dict(preempt_by)
R['client_wake_to_next_start_commit_us_no_S_sleep_between'] = {'n': len(gap_next_start_busy), 'med': us(q(gap_next_start_busy, .5)), 'p90': us(q(gap_next_start_busy, .9))}
R['client_wake_to_next_start_commit_us_S_sleep_between'] = {'n': len(gap_next_start_idle), 'med': us(q(gap_next_start_idle, .5)), 'p90': us(q(gap_next_start_idle, .9))}
R['end_commit_to_client_wake_us'] = {'med': us(q(gap_end, .5)), 'p90': us(q(gap_end, .9))}
R['jbd2_switch_outs'] = dict(outs[jbd2pid])
R['jbd2_mid_commit_D_per_commit_hist'] = dict(sorted(collections.Counter(c['mid_D'] for c in commits).items()))
R['jbd2_mid_commit_S_per_commit_hist'] = dict(sorted(collections.Counter(c['mid_S'] for c in commits).items()))
mw = collections.Counter();  [mw.update(c['mid_wakers']) for c in commits]
R['jbd2_mid_commit_sleep_wakers_total'] = dict(mw.most_common())
byk = collections.defaultdict(list)
for c in commits:
    for k, (st, w, d, off) in enumerate(c['mid_seq']): byk[k].append((d, off))
R['jbd2_mid_commit_sleep_k'] = {f'#{k+1}': {'n': len(v), 'sleep_med_us': us(q([x[0] for x in v], .5)), 'sleep_p90_us': us(q([x[0] for x in v], .9)), 'starts_after_commit_start_med_us': us(q([x[1] for x in v], .5))} for k, v in byk.items()}
R['jbd2_idle_sleeps_per_commit_hist'] = dict(sorted(collections.Counter(len(c['idle_sleeps']) for c in commits).items()))
R['jbd2_idle_sleep_wakers_total'] = dict(collections.Counter(f'{st}:{w}' for c in commits for st, w in c['idle_sleeps']).most_common())
jd = collections.defaultdict(list)
for s in js_sleeps:
    if s['wake'] is not None: jd[f"{s['st']}:{s['waker']}"].append(s['wake'] - s['out'])
R['jbd2_all_sleeps_by_state_waker'] = {k: {'n': len(v), 'med_us': us(q(v, .5)), 'p90_us': us(q(v, .9))} for k, v in sorted(jd.items(), key=lambda kv: -len(kv[1]))}
if commits and 'stats' in commits[0]:
    R['jbd2_run_stats_handle_count_med'] = q([int(c['stats']['handle_count']) for c in commits if 'stats' in c], .5)
    R['jbd2_run_stats_blocks_logged_med'] = q([int(c['stats']['blocks_logged']) for c in commits if 'stats' in c], .5)
# 4/6. per-fsync sleep sequences, spurious wakes, client->jbd2 wakes
nfs = sum(len(v) for v in fsyncs.values())
seqs = collections.Counter(); spurious = 0; spur_next = collections.Counter(); woke_j = collections.Counter(); fs_dur = []
jb_before = collections.Counter()
short_runs_any = 0
for p in clients:
    ss = sleeps[p]; k = 0
    for (a, b) in fsyncs[p]:
        fs_dur.append(b - a)
        inside = [s for s in ss if a <= s['out'] <= b]
        wj = [t for (t, q_) in c2j if q_ == p and a <= t <= b]
        woke_j[len(wj)] += 1
        seq = []
        for s in inside:
            tag = s['st'] + ':' + (s['waker'] or '?')
            if wj and wj[0] < s['out'] and 'J' not in seq: seq.append('J')
            seq.append(tag)
        if wj and 'J' not in seq: seq.append('J')
        seqs[' '.join(seq) if seq else '(no sleep)'] += 1
        for x, y in zip(inside, inside[1:]):
            if x['waker'] == 'jbd2/loop' and x['st'] == 'D':
                run_start = x['in'] if x['in'] is not None else x['wake']
                if y['out'] - run_start < 20e-6:
                    spurious += 1; spur_next[f"{y['st']}:{y['waker']}"] += 1
# spurious wake-ups outside fsync windows too (any jbd2-woken D sleep followed by a <20us run and a D sleep)
for p in clients:
    ss = sleeps[p]
    for x, y in zip(ss, ss[1:]):
        if x['waker'] == 'jbd2/loop' and x['st'] == 'D':
            rs = x['in'] if x['in'] is not None else x['wake']
            if y['out'] - rs < 20e-6 and y['st'] == 'D': short_runs_any += 1
R['fsyncs_traced'] = nfs
R['fsync_dur_us'] = {'med': us(q(fs_dur, .5)), 'p90': us(q(fs_dur, .9))}
R['fsync_sleep_sequences_top'] = dict(seqs.most_common(12))
R['fsync_sleep_sequence_kinds'] = len(seqs)
R['client_to_jbd2_wakes_total'] = len(c2j)
R['client_to_jbd2_wakes_per_fsync_hist'] = dict(sorted(woke_j.items()))
R['client_to_jbd2_wakes_per_flush'] = round(len(c2j) / max(nfs, 1), 3)
R['client_to_jbd2_wakes_per_commit'] = round(len(c2j) / max(len(commits), 1), 3)
R['spurious_in_fsync'] = spurious; R['spurious_next_sleep'] = dict(spur_next)
R['jbd2_woken_D_then_D_within_20us_anywhere'] = short_runs_any
# every jbd2 -> client wake: was the client in an fsync, did that fsync end right after (commit done) or block again?
fs_after = collections.Counter(); spur_run = []; spur_lat = []
per_commit = collections.defaultdict(collections.Counter)
for p in clients:
    ss = sleeps[p]
    for i, x in enumerate(ss):
        if x['waker'] != 'jbd2/loop': continue
        nxt = ss[i + 1] if i + 1 < len(ss) else None
        ex = [b for (a, b) in fsyncs[p] if a <= x['out'] <= b]
        ci = bisect.bisect_right(starts, x['wake']) - 1
        if not ex: fs_after['not in fsync (%s)' % x['st']] += 1; kind = 'other'
        elif nxt is None or nxt['out'] > ex[0]: fs_after['fsync returned before next sleep (%s)' % x['st']] += 1; kind = 'real'
        else:
            fs_after['slept again in same fsync: %s:%s' % (nxt['st'], nxt['waker'])] += 1; kind = 'spurious'
            rs = x['in'] if x['in'] is not None else x['wake']
            spur_run.append(nxt['out'] - rs); spur_lat.append(rs - x['wake'])
        per_commit[ci][kind] += 1
R['jbd2_woken_client_sleeps_outcome'] = dict(fs_after.most_common())
R['spurious_run_before_reblock_us'] = {'n': len(spur_run), 'med': us(q(spur_run, .5)), 'p90': us(q(spur_run, .9)), 'max': us(max(spur_run) if spur_run else None)}
R['spurious_wake_to_switch_in_us'] = {'med': us(q(spur_lat, .5)), 'p90': us(q(spur_lat, .9))}
R['per_commit_real_spurious_hist'] = dict(collections.Counter('real=%d spurious=%d other=%d' % (per_commit[i]['real'], per_commit[i]['spurious'], per_commit[i]['other']) for i in range(len(commits))).most_common())
# span / load from the trace
ts0 = float(ev_list[0][3]); ts1 = float(ev_list[-1][3]); R['trace_span_s'] = round(ts1 - ts0, 3)
json.dump(R, open(base + '.analysis.json', 'w'), indent=1)
json.dump([{k: (v if not isinstance(v, collections.Counter) else dict(v)) for k, v in c.items()} for c in commits], open(base + '.commits.json', 'w'), indent=0)
print(json.dumps(R, indent=1))
