#!/usr/bin/env python3
"""What a hackbench thread's read and write cost on the CPU, by kind (full-mode rec.sh traces).

    syscall_costs.py TRACE.txt.gz

Receivers: hackbench threads with > 100 read() calls (analyze.py's rule). For each read:
  * "data, not blocked": sys_read enter -> exit with a positive return, no switch of the thread
    in between: the whole call (us);
  * "blocked": enter -> the thread's switch-out in state S with no exit in between: the part
    before it sleeps (the call's entry, pipe_read's checks, prepare_to_wait, schedule());
  * "resumed": the switch-in after such a block -> the call's exit: the part after the wake-up.
Senders: hackbench threads with > 100 write() calls. For each write not interrupted by a
switch of the thread: "plain" (no sched_waking emitted by the thread inside it) or "waking one"
(one sched_waking inside: the wake-up of a receiver).
Times are TSC cycles at 1996.249 MHz, and each includes the tracepoints' own cost (two to three
events per interval), which the figures do not remove.
"""
import gzip, re, sys, collections
LINE = re.compile(r'^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+(\d+): (\w+): (.*)$')
SYS = re.compile(r'^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+(\d+): (sys_(?:read|write)(?:\(| ->).*)$')
KV = re.compile(r'(\w+)=(\S+)')
TSC = 1996.249
ev = []
nread = collections.Counter()
nwrite = collections.Counter()
with gzip.open(sys.argv[1], 'rt') as f:
    for line in f:
        m = SYS.match(line)
        if m:
            comm, pid, cpu, ts, rest = m.groups()
            ev.append((int(ts), 'sys', int(pid), comm, rest))
            if rest.startswith('sys_read('):
                nread[int(pid)] += 1
            elif rest.startswith('sys_write('):
                nwrite[int(pid)] += 1
            continue
        m = LINE.match(line)
        if m:
            comm, pid, cpu, ts, name, rest = m.groups()
            if name in ('sched_switch', 'sched_waking'):
                ev.append((int(ts), name, int(pid), comm, rest))
recv = {p for p, n in nread.items() if n > 100}
send = {p for p, n in nwrite.items() if n > 100 and p not in recv}
wst = {}   # sender pid -> [ts_enter, wakings, switched]
plain, waking = [], []
state = {}   # pid -> ('in', ts) | ('blocked',) | ('resumed', ts)
data, blocked, resumed = [], [], []
for ts, name, pid, comm, rest in ev:
    if name == 'sched_waking':
        if pid in wst:
            wst[pid][1] += 1
        continue
    if pid in send and comm == 'hackbench' and name == 'sys':
        if rest.startswith('sys_write('):
            wst[pid] = [ts, 0, False]
        elif rest.startswith('sys_write ->') and pid in wst:
            t0, n, switched = wst.pop(pid)
            if not switched and n <= 1:
                (plain if n == 0 else waking).append((ts - t0) / TSC)
        continue
    if name == 'sched_switch':
        kv = dict(KV.findall(rest))
        pp, np_ = int(kv['prev_pid']), int(kv['next_pid'])
        if pp in wst:
            wst[pp][2] = True
        if pp in recv and pp in state and state[pp][0] == 'in':
            if kv.get('prev_state', 'R').startswith('S'):
                blocked.append((ts - state[pp][1]) / TSC)
                state[pp] = ('blocked',)
            else:
                state[pp] = ('preempted',)
        if np_ in recv and np_ in state and state[np_][0] == 'blocked':
            state[np_] = ('resumed', ts)
        continue
    if pid not in recv or comm != 'hackbench':
        continue
    if rest.startswith('sys_read('):
        state[pid] = ('in', ts)
    elif rest.startswith('sys_read ->'):
        ret = int(rest.split('->')[1].strip(), 16) if '0x' in rest else int(rest.split('->')[1])
        s = state.get(pid)
        if s and s[0] == 'in' and ret > 0:
            data.append((ts - s[1]) / TSC)
        elif s and s[0] == 'resumed':
            resumed.append((ts - s[1]) / TSC)
        state.pop(pid, None)
def dist(xs):
    xs = sorted(xs)
    n = len(xs)
    return {'n': n, 'p10': round(xs[n // 10], 2), 'p50': round(xs[n // 2], 2),
            'p90': round(xs[9 * n // 10], 2), 'mean': round(sum(xs) / n, 2)}
import json
print(json.dumps({'receivers': len(recv), 'senders': len(send),
                  'read_data_not_blocked_us': dist(data),
                  'read_blocked_before_sleep_us': dist(blocked),
                  'read_resumed_to_exit_us': dist(resumed),
                  'write_plain_us': dist(plain), 'write_waking_one_us': dist(waking)}, indent=1))
