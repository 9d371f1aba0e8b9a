#!/usr/bin/env python3
"""Usage: analyze.py NAME.trace.txt.gz [--json OUT.json] [--tsc-mhz 1996.249]

Reads a tracefs text trace of `hackbench -p -T -g N -l 1000` recorded by rec.sh (clock x86-tsc:
raw TSC cycles in the timestamp column) and measures, for senders and receivers separately, what
ends their bursts and what preempts them. Standard library only.

Conventions (see recordings/hackbench-preemption/REPORT.md):
  * roles: a hackbench thread with > 100 write() calls is a sender, > 100 read() calls a receiver.
  * need-resched: the flags column's 2nd character ('N' or 'n': TIF_NEED_RESCHED of the CPU's
    current task) at each event. The first event of a CPU that shows it set after one that showed
    it clear tells when it was set; irq entry events (local_timer_entry, reschedule_entry) show the
    state *before* their handler, so they are kept as candidates ("the tick", "a resched IPI"),
    and a remote wake-up (a sched_wakeup emitted on the other CPU with target_cpu = this CPU) or an
    ipi_send_cpu to this CPU is a candidate on this CPU too. The cause of a preemption is the first
    candidate after the CPU's last event that showed need-resched clear.
  * a wake-up is "local" when sched_wakeup's target_cpu is the CPU that emitted sched_waking
    (the waker's CPU).
"""
import gzip, re, sys, json, collections, argparse

ap = argparse.ArgumentParser()
ap.add_argument('trace'); ap.add_argument('--json'); ap.add_argument('--tsc-mhz', type=float, default=1996.249)
ap.add_argument('--text')
args = ap.parse_args()
CYC_PER_US = args.tsc_mhz

line_re = re.compile(r'^\s*(.*?)-(\d+)\s+\[(\d+)\]\s+(\S{4,5})\s+(\d+): (.*)$')
kv_re = re.compile(r'(\w+)=(\S+)')
sys_enter_re = re.compile(r'^sys_(read|write)\(fd: (\w+)')
sys_exit_re = re.compile(r'^sys_(read|write) -> (0x[0-9a-f]+|-?\d+)')

def need(flags):
    return flags[1] in 'Nn'

# ---------------- pass 0: load the events
ev = []   # (ts, cpu, pid, flags, kind, data)
for raw in (gzip.open(args.trace, 'rt', errors='replace') if args.trace.endswith('.gz') else open(args.trace, errors='replace')):
    if raw.startswith('#'):
        continue
    m = line_re.match(raw)
    if not m:
        continue
    comm, pid, cpu, flags, ts, rest = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), int(m.group(5)), m.group(6)
    if rest.startswith('sys_'):
        m2 = sys_enter_re.match(rest)
        if m2:
            ev.append((ts, cpu, pid, flags, 'enter_' + m2.group(1), int(m2.group(2), 16)))
            continue
        m2 = sys_exit_re.match(rest)
        if m2:
            v = m2.group(2); r = int(v, 16) if v.startswith('0x') else int(v)
            if r >= 1 << 63: r -= 1 << 64
            ev.append((ts, cpu, pid, flags, 'exit_' + m2.group(1), r))
        continue
    name, _, a = rest.partition(': ')
    if name == 'sched_switch':
        left, right = a.split(' ==> ')
        pc = left.split(' prev_pid=')[0][len('prev_comm='):]
        d = dict(kv_re.findall(' prev_pid=' + left.split(' prev_pid=')[1]))
        nc = right.split(' next_pid=')[0][len('next_comm='):]
        dn = dict(kv_re.findall(' next_pid=' + right.split(' next_pid=')[1]))
        ev.append((ts, cpu, pid, flags, 'switch', (int(d['prev_pid']), d['prev_state'], int(dn['next_pid']), pc, nc)))
    elif name in ('sched_waking', 'sched_wakeup', 'sched_wakeup_new'):
        c2 = a.split(' pid=')[0][len('comm='):]
        d = dict(kv_re.findall(' pid=' + a.split(' pid=')[1]))
        ev.append((ts, cpu, pid, flags, name, (int(d['pid']), int(d['target_cpu']), c2)))
    elif name == 'sched_migrate_task':
        d = dict(kv_re.findall(a.split(' pid=')[1] and ' pid=' + a.split(' pid=')[1]))
        ev.append((ts, cpu, pid, flags, name, (int(d['pid']), int(d['orig_cpu']), int(d['dest_cpu']))))
    elif name == 'ipi_send_cpu':
        d = dict(kv_re.findall(a))
        ev.append((ts, cpu, pid, flags, name, (int(d['cpu']), d['callsite'].split('+')[0])))
    elif name in ('local_timer_entry', 'reschedule_entry'):
        ev.append((ts, cpu, pid, flags, name, None))
    elif name in ('sched_process_fork', 'sched_process_exit'):
        ev.append((ts, cpu, pid, flags, name, a))

# ---------------- pass 1: roles
nw = collections.Counter(); nr = collections.Counter(); comm_of = {}
for e in ev:
    if e[4] == 'enter_write': nw[e[2]] += 1
    elif e[4] == 'enter_read': nr[e[2]] += 1
senders = {p for p, n in nw.items() if n > 100}
receivers = {p for p, n in nr.items() if n > 100 and p not in senders}
HAVE_SYSCALLS = bool(senders)
if not HAVE_SYSCALLS:
    # a trace without syscall events (rec.sh MODE=sched): roles from who wakes whom among the
    # threads named hackbench (senders wake receivers; a receiver seldom wakes anyone)
    hbp = set()
    for e in ev:
        if e[4] == 'switch':
            if e[5][3] == 'hackbench': hbp.add(e[5][0])
            if e[5][4] == 'hackbench': hbp.add(e[5][2])
    wk = collections.Counter(); wd = collections.Counter(); cur0 = {}
    for e in ev:
        if e[4] == 'switch': cur0[e[1]] = e[5][2]
        elif e[4] == 'sched_waking' and e[5][0] in hbp:
            w = cur0.get(e[1], e[2])
            if w in hbp: wk[w] += 1; wd[e[5][0]] += 1
    senders = {p for p in hbp if wk[p] > 100 and wk[p] > wd[p]}
    receivers = {p for p in hbp if wd[p] > 100 and p not in senders}
hb = senders | receivers
if HAVE_SYSCALLS:
    first_data = min(e[0] for e in ev if e[4] == 'enter_write' and e[2] in senders)
    last_data = max(e[0] for e in ev if e[4] == 'exit_read' and e[2] in receivers)
else:
    first_data = min(e[0] for e in ev if e[4] == 'sched_waking' and e[5][0] in receivers)
    last_data = max(e[0] for e in ev if e[4] == 'switch' and e[5][0] in receivers)

def us(c):
    return c / CYC_PER_US

def pct(xs, q):
    if not xs: return None
    xs = sorted(xs); i = min(len(xs) - 1, max(0, int(round(q / 100 * (len(xs) - 1)))))
    return xs[i]

def dist(xs):
    xs = list(xs)
    if not xs: return {'n': 0}
    return {'n': len(xs), 'p10': pct(xs, 10), 'p50': pct(xs, 50), 'p90': pct(xs, 90), 'p99': pct(xs, 99), 'mean': sum(xs) / len(xs)}

def hist(xs, cap=12):
    c = collections.Counter(min(x, cap) for x in xs)
    return {('%d+' % cap if k == cap else str(k)): c[k] for k in sorted(c)}

# ---------------- pass 2: walk
cur = {}                    # cpu -> running pid
last_tick = {}              # cpu -> ts of the last local_timer_entry
cand = collections.defaultdict(list)   # cpu -> candidate causes since need-resched last seen clear
need_seen = {}              # cpu -> need-resched state at its last event (None unknown)
sysc = {}                   # pid -> (kind, ts_enter) while inside read/write
last_exit = {}              # pid -> (kind, ts) of last syscall exit
seg = {}                    # pid -> dict of the current on-CPU segment
pending_wake = {}           # receiver pid -> wake record (until it runs)
cycle = {}                  # receiver pid -> wake-cycle record (from wake-up until it blocks)
waking_info = {}            # wakee pid -> (ts, cpu, waker pid, need at waking)
local_wakes_open = collections.defaultdict(list)  # sender pid -> local wake records waiting for its next write
out = collections.defaultdict(list)
migrated_now = set()        # wakees migrated between their sched_waking and sched_wakeup
remote_open = collections.defaultdict(list)   # cpu -> remote wake records whose wakee has not run yet
busy = collections.Counter(); last_sw = {}; busy_cpu = collections.Counter()    # CPU time per role in the data span
C = collections.Counter()

def role(p):
    return 'sender' if p in senders else 'receiver' if p in receivers else 'other'

def steady(ts):
    return first_data <= ts <= last_data

for i, (ts, cpu, pid, flags, kind, d) in enumerate(ev):
    running = cur.get(cpu)
    # need-resched bookkeeping (state of the current task of `cpu`)
    if kind in ('local_timer_entry', 'reschedule_entry'):
        cand[cpu].append((kind, ts, None))
        if kind == 'local_timer_entry': last_tick[cpu] = ts
    elif kind == 'switch':
        pass
    else:
        n = need(flags)
        if not n:
            cand[cpu] = []
        elif need_seen.get(cpu) is not True:
            # first event showing need-resched set: it is a candidate itself
            cand[cpu].append(('first_set', ts, (kind, d if kind in ('sched_wakeup', 'sched_waking') else None)))
        need_seen[cpu] = n
    if kind == 'ipi_send_cpu' and d[0] != cpu:
        cand[d[0]].append(('ipi_from_other:' + d[1], ts, None))

    if kind == 'sched_migrate_task' and d[0] in waking_info:
        migrated_now.add(d[0])
    if kind == 'ipi_send_cpu' and d[0] != cpu:
        for r in remote_open.get(d[0], []):
            if r['wcpu'] == cpu and 'ipi' not in r and ts - r['ts'] < 20 * CYC_PER_US:
                r['ipi'] = d[1]
    if kind == 'sched_waking':
        wakee = d[0]
        waking_info[wakee] = (ts, cpu, running if running is not None else pid, need(flags))
    elif kind == 'sched_wakeup':
        wakee, tcpu = d[0], d[1]
        wi = waking_info.pop(wakee, None)
        if wi is None:
            continue
        wts, wcpu, waker, need_before = wi
        local = (tcpu == wcpu)
        rec = {'ts': wts, 'wcpu': wcpu, 'tcpu': tcpu, 'waker': waker, 'local': local,
               'target_idle': cur.get(tcpu, 0) == 0, 'set_need': None, 'wakee': wakee,
               'wakeup_emitted_on': 'waker_cpu' if cpu == wcpu else 'target_cpu' if cpu == tcpu else 'other',
               'target_curr': cur.get(tcpu), 'target_curr_role': role(cur.get(tcpu)) if cur.get(tcpu) else 'idle',
               'target_need_at_wakeup': need(flags) if cpu == tcpu else None,
               'migrated': wakee in migrated_now}
        migrated_now.discard(wakee)
        if not local:
            remote_open[tcpu].append(rec)
        if local and cpu == wcpu:
            rec['set_need'] = (not need_before) and need(flags)
            rec['need_before'] = need_before
        if wakee in receivers:
            pending_wake[wakee] = rec
            if wakee not in cycle:
                cycle[wakee] = {'wake': rec, 'reads': 0, 'slices': 0, 'preempted': 0, 'first_end': None, 'first_reads': None}
        if waker in seg and waker in hb:
            seg[waker]['wakes'].append(rec)
        if waker in senders and wakee in receivers and local:
            local_wakes_open[waker].append(rec)
    elif kind in ('enter_read', 'enter_write'):
        sysc[pid] = (kind[6:], ts, d)
        if kind == 'enter_write' and pid in senders:
            for rec in local_wakes_open.pop(pid, []):
                out['local_wake_outcome'].append((rec, 'next_write_without_preemption', None))
            if pid in seg: seg[pid]['writes_entered'] += 1
    elif kind in ('exit_read', 'exit_write'):
        sysc.pop(pid, None)
        last_exit[pid] = (kind[5:], ts, d)
        if pid in seg:
            if kind == 'exit_read' and d > 0: seg[pid]['reads'] += 1
            if kind == 'exit_write' and d > 0: seg[pid]['writes'] += 1
        if kind == 'exit_read' and d > 0 and pid in cycle:
            cycle[pid]['reads'] += 1
    elif kind == 'switch':
        prev, pstate, nxt = d[0], d[1], d[2]
        cur[cpu] = nxt
        if cpu in last_sw:
            a = max(last_sw[cpu], first_data); b = min(ts, last_data)
            if b > a:
                busy[role(prev) if prev else 'idle'] += b - a
                busy_cpu[(cpu, role(prev) if prev else 'idle')] += b - a
        last_sw[cpu] = ts
        # remote wake-ups waiting on this CPU: how did their wakee get the CPU?
        if remote_open.get(cpu):
            keep = []
            for r in remote_open[cpu]:
                if r['wakee'] == nxt:
                    r['got_cpu_from'] = (role(prev) if prev else 'idle', pstate.rstrip('+'), prev == r['target_curr'])
                    out['remote_wakes'].append(r)
                elif r['wakee'] == prev or ts - r['ts'] > 100000 * CYC_PER_US:
                    pass
                else:
                    keep.append(r)
            remote_open[cpu] = keep
        # ---- the task switched out
        if prev in hb:
            s = seg.pop(prev, None)
            insys = sysc.get(prev)
            st = pstate.rstrip('+')
            kind_out = 'preempted' if st == 'R' else ('blocked_' + st)
            where = None
            cause = None
            if st == 'R':
                if insys is not None:
                    where = 'inside_' + insys[0]
                else:
                    le = last_exit.get(prev)
                    where = 'user_after_' + (le[0] if le else 'none')
                cs = cand[cpu]
                cause = cs[0] if cs else ('none', ts, None)
            steady_ok = steady(ts)
            C[(role(prev), 'switch_out', kind_out, steady_ok)] += 1
            if s is not None:
                rec = {'role': role(prev), 'cpu': cpu, 'start': s['start'], 'end': ts, 'end_kind': kind_out,
                       'in_syscall': insys[0] if insys else None, 'writes': s['writes'], 'reads': s['reads'],
                       'where': where, 'next': nxt, 'next_role': role(nxt), 'steady': steady_ok}
                if st == 'R':
                    ckind, cts, cdat = cause
                    rec['cause'] = ckind if ckind != 'first_set' else 'first_set:' + cdat[0]
                    rec['cause_dt_us'] = us(ts - cts)
                    if ckind == 'first_set' and cdat[0] == 'sched_wakeup' and cdat[1][1] == cpu:
                        rec['cause'] = 'wakeup_on_this_cpu'
                        rec['cause_wakee'] = cdat[1][0]
                    le = last_exit.get(prev)
                    rec['since_last_exit_us'] = us(ts - le[1]) if le else None
                    lt = last_tick.get(cpu)
                    rec['since_tick_us'] = us(ts - lt) if lt else None
                    # by whom: a receiver this task woke during this segment?
                    woke = [w for w in s['wakes'] if w['wakee'] == nxt]
                    if woke:
                        w = woke[-1]
                        rec['next_woken_by_me_this_segment'] = True
                        rec['next_woken_local'] = w['local']
                        rec['wake_to_preempt_us'] = us(ts - w['ts'])
                        rec['wake_set_need'] = w['set_need']
                    else:
                        rec['next_woken_by_me_this_segment'] = False
                out['segments'].append(rec)
            if prev in senders and local_wakes_open.get(prev):
                for w in local_wakes_open.pop(prev):
                    out['local_wake_outcome'].append((w, kind_out, {'next': nxt, 'where': where, 'dt_us': us(ts - w['ts'])}))
            if prev in cycle:
                cy = cycle[prev]
                cy['slices'] += 1
                if cy['first_end'] is None:
                    cy['first_end'] = kind_out; cy['first_reads'] = cy['reads']
                if st == 'R':
                    cy['preempted'] += 1
                else:
                    cy['end'] = kind_out; cy['end_ts'] = ts; cy['in_syscall'] = insys[0] if insys else None
                    out['cycles'].append(cy)
                    del cycle[prev]
        # ---- the task switched in
        cand[cpu] = []; need_seen[cpu] = None
        if nxt in hb:
            seg[nxt] = {'start': ts, 'writes': 0, 'reads': 0, 'writes_entered': 0, 'wakes': []}
            w = pending_wake.pop(nxt, None)
            if w is not None:
                out['wake_latency'].append((w, us(ts - w['ts']), cpu))
            if nxt in cycle and 'run_ts' not in cycle[nxt]:
                cycle[nxt]['run_ts'] = ts

# ---------------- summaries
R = {'trace': args.trace, 'have_syscall_events': HAVE_SYSCALLS, 'senders': len(senders), 'receivers': len(receivers),
     'span_ms': us(ev[-1][0] - ev[0][0]) / 1000, 'data_span_ms': us(last_data - first_data) / 1000,
     'events': len(ev)}

# switch-outs
so = {}
for r in ('sender', 'receiver'):
    tot = sum(v for k, v in C.items() if k[0] == r and k[1] == 'switch_out')
    kinds = collections.Counter()
    for k, v in C.items():
        if k[0] == r and k[1] == 'switch_out': kinds[k[2]] += v
    so[r] = {'total': tot, **{k: v for k, v in kinds.items()}, 'preempted_share': kinds['preempted'] / tot if tot else None}
allt = sum(so[r]['total'] for r in so); allp = sum(so[r].get('preempted', 0) for r in so)
so['all_hackbench_threads'] = {'total': allt, 'preempted': allp, 'preempted_share': allp / allt if allt else None}
R['switch_outs'] = so

# receiver wake-ups
wl = out['wake_latency']
def wsum(items):
    n = len(items)
    loc = sum(1 for w, _, _ in items if w['local'])
    return {'n': n, 'local_share': loc / n if n else None,
            'target_idle_share': sum(1 for w, _, _ in items if w['target_idle']) / n if n else None,
            'latency_us_all': dist(l for _, l, _ in items),
            'latency_us_local': dist(l for w, l, _ in items if w['local']),
            'latency_us_other_cpu': dist(l for w, l, _ in items if not w['local']),
            'waker_role': dict(collections.Counter(role(w['waker']) for w, _, _ in items))}
R['receiver_wakeups'] = wsum([x for x in wl if x[0]['wakee'] in receivers])
R['receiver_wakeups_by_senders'] = wsum([x for x in wl if x[0]['wakee'] in receivers and x[0]['waker'] in senders])

span = sum(busy.values())
R['cpu_share_in_data_span'] = {k: v / span for k, v in busy.items()} if span else {}
R['cpu_share_in_data_span_per_cpu'] = {f'cpu{c}:{r}': v / (span / 2) for (c, r), v in sorted(busy_cpu.items())} if span else {}
rw = out['remote_wakes']
def rsum(items):
    n = len(items)
    return {'n': n,
            'target_curr_role_at_wake': dict(collections.Counter(r['target_curr_role'] for r in items)),
            'wakeup_emitted_on': dict(collections.Counter(r['wakeup_emitted_on'] for r in items)),
            'migrated_share': sum(1 for r in items if r['migrated']) / n if n else None,
            'resched_ipi_sent_by_waker_cpu': dict(collections.Counter(r.get('ipi', 'none') for r in items)),
            'wakee_got_cpu_from_(role,state,was_curr_at_wake)': {str(k): v for k, v in collections.Counter(r['got_cpu_from'] for r in items).items()}}
R['receiver_wakes_onto_other_cpu_by_senders'] = rsum([r for r in rw if r['wakee'] in receivers and r['waker'] in senders])
lr = [x[0] for x in out['wake_latency'] if x[0]['wakee'] in receivers and x[0]['waker'] in senders]
R['receiver_wakes_by_senders_placement'] = {
    'n': len(lr), 'local': sum(1 for r in lr if r['local']),
    'other_cpu_migrated': sum(1 for r in lr if not r['local'] and r['migrated']),
    'other_cpu_stayed_on_prev': sum(1 for r in lr if not r['local'] and not r['migrated']),
    'local_migrated': sum(1 for r in lr if r['local'] and r['migrated']),
    'local_stayed_on_prev': sum(1 for r in lr if r['local'] and not r['migrated'])}
cys = out['cycles']
R['receiver_wake_cycles'] = {
    'n': len(cys),
    'reads_until_block': dist(c['reads'] for c in cys),
    'reads_until_block_hist': hist([c['reads'] for c in cys]),
    'reads_in_first_slice': dist(c['first_reads'] for c in cys),
    'first_run_to_block_us': dist(us(c['end_ts'] - c['run_ts']) for c in cys if c.get('run_ts') and 'end_ts' in c),
    'first_run_to_block_us_one_read': dist(us(c['end_ts'] - c['run_ts']) for c in cys if c.get('run_ts') and 'end_ts' in c and c['reads'] == 1),
    'first_run_to_block_us_2_to_5_reads': dist(us(c['end_ts'] - c['run_ts']) for c in cys if c.get('run_ts') and 'end_ts' in c and 2 <= c['reads'] <= 5),
    'one_read_share': (sum(1 for c in cys if c['reads'] == 1) / len(cys)) if cys and HAVE_SYSCALLS else None,
    'reads_ge_12_share': (sum(1 for c in cys if c['reads'] >= 12) / len(cys)) if cys and HAVE_SYSCALLS else None,
    'messages_read_in_cycles_of_ge_12_reads_share': (sum(c['reads'] for c in cys if c['reads'] >= 12) / max(1, sum(c['reads'] for c in cys))) if HAVE_SYSCALLS else None,
    'first_slice_end': dict(collections.Counter(c['first_end'] for c in cys)),
    'cycle_end': dict(collections.Counter(c['end'] for c in cys)),
    'cycles_with_a_preemption_share': sum(1 for c in cys if c['preempted']) / len(cys) if cys else None,
    'reads_until_block_local_wake': dist(c['reads'] for c in cys if c['wake']['local']),
    'reads_until_block_other_cpu_wake': dist(c['reads'] for c in cys if not c['wake']['local']),
    'block_in_syscall': dict(collections.Counter(c.get('in_syscall') for c in cys)),
}

segs = out['segments']
def segsum(rl):
    ss = [s for s in segs if s['role'] == rl]
    n = len(ss)
    pre = [s for s in ss if s['end_kind'] == 'preempted']
    endk = collections.Counter()
    for s in ss:
        if s['end_kind'] == 'preempted': endk['preempted'] += 1
        else: endk[s['end_kind'] + '_in_' + str(s['in_syscall'])] += 1
    o = {'n': n, 'end': dict(endk),
         'writes_per_segment': dist(s['writes'] for s in ss), 'writes_hist': hist([s['writes'] for s in ss], 30),
         'reads_per_segment': dist(s['reads'] for s in ss),
         'segment_us': dist(us(s['end'] - s['start']) for s in ss),
         'preempted': {
             'n': len(pre),
             'where': dict(collections.Counter(s['where'] for s in pre)),
             'cause': dict(collections.Counter(s['cause'] for s in pre)),
             'by_role': dict(collections.Counter(s['next_role'] for s in pre)),
             'by_receiver_woken_by_me_this_segment': sum(1 for s in pre if s.get('next_woken_by_me_this_segment')),
             'wake_to_preempt_us': dist(s['wake_to_preempt_us'] for s in pre if s.get('next_woken_by_me_this_segment')),
             'since_last_syscall_exit_us': dist(s['since_last_exit_us'] for s in pre if s.get('since_last_exit_us') is not None and s['where'] and s['where'].startswith('user')),
             'cause_to_switch_us': dist(s['cause_dt_us'] for s in pre),
             'since_tick_us': dist(s['since_tick_us'] for s in pre if s.get('since_tick_us') is not None),
             'preempted_within_50us_after_tick_share': (sum(1 for s in pre if s.get('since_tick_us') is not None and s['since_tick_us'] < 50) / len(pre)) if pre else None,
         }}
    return o
R['sender_segments'] = segsum('sender')
R['receiver_segments'] = segsum('receiver')

# local wake-ups of a receiver by a sender: outcome before the sender's next write
lw = out['local_wake_outcome']
def lwsum(items):
    n = len(items)
    c = collections.Counter(o for _, o, _ in items)
    setn = collections.Counter((w.get('set_need'), w.get('need_before'), o) for w, o, _ in items)
    pre_wakee = sum(1 for w, o, x in items if o == 'preempted' and x and x['next'] == w['wakee'])
    return {'n': n, 'outcome': dict(c),
            'preempted_before_next_write_share': c['preempted'] / n if n else None,
            'preempted_by_that_wakee': pre_wakee,
            'wake_set_need_resched_share': sum(1 for w, _, _ in items if w.get('set_need')) / n if n else None,
            'need_resched_already_set_at_waking_share': sum(1 for w, _, _ in items if w.get('need_before')) / n if n else None,
            'by_(set_need,need_before,outcome)': {str(k): v for k, v in setn.items()},
            'dt_wake_to_preempt_us': dist(x['dt_us'] for w, o, x in items if o == 'preempted'),
            'where_preempted': dict(collections.Counter(x['where'] for w, o, x in items if o == 'preempted'))}
R['sender_local_receiver_wakes'] = lwsum(lw)
R['sender_local_receiver_wakes_steady'] = lwsum([x for x in lw if steady(x[0]['ts'])])

# preemptions: inside syscall vs at syscall exit, all hackbench threads
pre_all = [s for s in segs if s['end_kind'] == 'preempted']
R['preemptions_where'] = dict(collections.Counter((s['role'], s['where']) for s in pre_all).items()) and {
    f"{k[0]}:{k[1]}": v for k, v in collections.Counter((s['role'], s['where']) for s in pre_all).items()}
R['preemptions_cause'] = {f"{k[0]}:{k[1]}": v for k, v in collections.Counter((s['role'], s['cause']) for s in pre_all).items()}

txt = json.dumps(R, indent=1, default=str)
if args.json:
    open(args.json, 'w').write(txt)
print(txt)
