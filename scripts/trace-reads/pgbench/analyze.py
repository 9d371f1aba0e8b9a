#!/usr/bin/env python3
# Usage: analyze.py NAME [DIR]   (DIR default /tmp/pgbench-rec; reads DIR/NAME.trace.txt.gz (tracefs
# text, scripts/trace-reads/pgbench/rec.sh), NAME.ps.txt, NAME.bench.log, NAME.stats-{before,after}.txt;
# writes DIR/NAME.analysis.json and prints a summary).
#
# Roles of postgres pids come from `ps` (taken 1 s into the run): backend ("postgres: postgres bench
# [local] ..."), walwriter, checkpointer, bgwriter, autovacuum (launcher), logrep (logical replication
# launcher), postmaster; a postgres pid not in the snapshot is "other" (e.g. an autovacuum worker).
#
# Per postgres task it follows: the open syscall (enter/exit tracepoints, filtered to comm postgres),
# the statement (uprobe on PostgreSQL's SDT query__start / query__done), the PostgreSQL wait it is
# in (SDT lwlock__wait__start/done with the LWLock tranche name; lock__wait__start/done =
# heavyweight lock, with the lock tag type; a PGSemaphoreLock uprobe hit outside an LWLock wait =
# a semaphore wait of a group update: ProcArray group XID clear or CLOG group update, told apart
# by the commit phase), and the commit phase (uprobes XLogFlush, TransactionIdCommitTree,
# ProcArrayEndTransaction, SDT transaction__commit). Each switch-out in S or D opens a sleep that
# snapshots those; the next sched_waking of the task closes it with the waker (task, role,
# irq context from the trace flags, kind from the waker's kernel stack).
import collections, gzip, json, re, statistics, sys

name = sys.argv[1]
D = sys.argv[2] if len(sys.argv) > 2 else '/tmp/pgbench-rec'
base = f'{D}/{name}'

# ---------------------------------------------------------------- roles
role = {}
for l in open(base + '.ps.txt'):
    m_ = re.match(r'^\s*(\d+)\s+(\d+)\s+(?:(-?\d+)\s+)?(.*)$', l)   # pid tid [ni] cmd
    if not m_: continue
    pid, cmd = m_.group(1), m_.group(4).strip()
    if cmd.startswith('postgres: '):
        r = cmd[len('postgres: '):]
        if r.startswith('checkpointer'): role[pid] = 'checkpointer'
        elif r.startswith('background writer'): role[pid] = 'bgwriter'
        elif r.startswith('walwriter'): role[pid] = 'walwriter'
        elif r.startswith('autovacuum launcher'): role[pid] = 'autovacuum'
        elif r.startswith('autovacuum worker'): role[pid] = 'autovacuum'
        elif r.startswith('logical replication'): role[pid] = 'other'
        elif '[local]' in r or 'bench' in r: role[pid] = 'backend'
        else: role[pid] = 'other'
    elif '/bin/postgres ' in cmd: role[pid] = 'postmaster'
    elif '/bin/pgbench ' in cmd and not cmd.startswith('runuser'): role[pid] = 'pgbench'
def prole(pid, comm):
    if pid in role: return role[pid]
    if comm == 'pgbench': return 'pgbench'
    if comm == 'postgres': return 'other'
    if pid == '0': return 'idle'
    if comm.startswith('kworker') and comm.endswith('H') or 'kblockd' in comm: return 'kworker-H'
    if comm.startswith('kworker'): return 'kworker'
    if comm.startswith('ksoftirqd'): return 'ksoftirqd'
    if comm.startswith('jbd2'): return 'jbd2'
    return 'task:' + re.sub(r'\d+', 'N', comm)
backends = {p for p, r in role.items() if r == 'backend'}

# ---------------------------------------------------------------- parse
line_re = re.compile(r'^\s*(.*?)-(\d+)\s+\[(\d+)\]\s+(\S+)\s+([\d.]+):\s(.*)$')
kv = re.compile(r'(\w+)=("[^"]*"|\S+)')
sys_enter = re.compile(r'^sys_(\w+)\((.*)\)$')
sys_exit = re.compile(r'^sys_(\w+) -> (0x[0-9a-f]+)$')
evn = re.compile(r'^(\w+): (.*)$')

SPECIFIC = [  # (frame, kind), matched from the innermost frame (next to try_to_wake_up) outwards
    ('futex_wake', 'futex_wake'), ('futex_wake_op', 'futex_wake'), ('futex_requeue', 'futex_wake'),
    ('flush_end_io', 'io:flush-complete'), ('folio_end_writeback', 'io:folio-writeback-end'),
    ('end_buffer_write_sync', 'io:buffer-write-sync'), ('end_buffer_read_sync', 'io:buffer-read-sync'),
    ('blk_update_request', 'io:other'), ('blk_mq_end_request', 'io:other'),
    ('wake_page_function', 'page-bit'), ('wake_bit_function', 'wait-bit'),
    ('do_notify_parent', 'child-exit'), ('__send_signal_locked', 'kill(signal)'),
    ('sock_def_readable', 'unix-socket'), ('unix_stream_sendmsg', 'unix-socket'),
    ('pipe_write', 'pipe'), ('eventfd_write', 'eventfd'), ('hrtimer_wakeup', 'timer'),
    ('rwsem_wake', 'kernel-lock'), ('__mutex_unlock_slowpath', 'kernel-lock'),
    ('blk_insert_flush', 'queue_work:blk_insert_flush'), ('kick_pool', 'queue_work')]
SPEC = {}
for f_, k_ in SPECIFIC: SPEC.setdefault(f_, k_)
GENERIC = {'page-bit', 'wait-bit', 'queue_work', 'io:other'}
def stack_kind(frames):
    # innermost specific frame wins; a generic one (wake_page_function, blk_update_request, kick_pool)
    # is refined by a more specific io:* / queue_work:* frame further out (flush_end_io, folio_end_writeback,
    # end_buffer_write_sync, blk_insert_flush), never by the interrupted context's frames
    kind = None
    for f_ in frames[2:]:
        k_ = SPEC.get(f_)
        if k_ is None: continue
        if kind is None:
            kind = k_
            if kind not in GENERIC: return kind
        elif (k_.startswith('io:') and k_ != 'io:other') or k_.startswith('queue_work:'):
            return k_
    if kind: return kind
    return 'other:' + '<'.join(frames[2:5])

cur = {}                       # cpu -> pid running
T = collections.defaultdict(lambda: {'sys': None, 'stmt': None, 'wait': None, 'phase': None, 'sleep': None,
                                     'semlock': False})
comms = {}
sleeps = []                    # closed sleeps of postgres tasks
wakes = []                     # sched_waking of postgres tasks (any waker)
kw_wakes = []                  # postgres -> kworker wakes
last_wake_on_cpu = {}
syscalls = []                  # (pid, name, t0, t1) for io syscalls
txns = []                      # per END of a backend: events list
open_end = {}                  # pid -> current END record
commits = collections.Counter()
n_lines = 0
t_first = t_last = None
pending_stack = None
IO_SYS = {'fdatasync', 'fsync', 'pwrite64', 'pread64', 'write', 'read', 'sync_file_range'}

def tev(pid, t, what):
    e = open_end.get(pid)
    if e is not None: e['ev'].append((t, what))

op = gzip.open(base + '.trace.txt.gz', 'rt', errors='replace')
for raw in op:
    if raw.startswith(' => '):
        if pending_stack is not None:
            pending_stack['frames'].append(raw[4:].strip().split('+')[0])
        continue
    if raw.startswith('#'): continue
    m = line_re.match(raw)
    if not m: continue
    n_lines += 1
    comm, pid, cpu, flags, ts, rest = m.groups()
    t = float(ts); cpu = int(cpu)
    if t_first is None: t_first = t
    t_last = t
    if rest.startswith('<stack trace>'):
        pending_stack = last_wake_on_cpu.pop(cpu, None)
        if pending_stack is not None: pending_stack['frames'] = []
        continue
    pending_stack = None
    me = m2 = None
    if rest.startswith('sys_'):
        me = sys_enter.match(rest); m2 = None if me else sys_exit.match(rest)
    if me or m2:
        st = T[pid]; comms[pid] = comm
        if me:
            sname = me.group(1); st['sys'] = (sname, t, me.group(2))
            if sname != 'futex': st['semlock'] = False
            if sname in ('sendto', 'recvfrom', 'epoll_wait', 'fdatasync', 'fsync', 'pwrite64', 'pread64', 'kill', 'futex'):
                tev(pid, t, ('enter', sname, me.group(2)[:60]))
            if sname == 'sendto' and pid in open_end:
                e = open_end[pid]; e['reply'] = t
        else:
            sname = m2.group(1)
            if st['sys'] and st['sys'][0] == sname:
                if sname in IO_SYS:
                    syscalls.append({'pid': pid, 'sys': sname, 't0': st['sys'][1], 't1': t, 'args': st['sys'][2][:40],
                                     'phase': st['phase'], 'stmt': st['stmt']})
                st['sys'] = None
            if sname == 'fdatasync': st['last_fds_exit'] = t
            if sname in ('sendto', 'fdatasync', 'fsync', 'pwrite64', 'pread64', 'epoll_wait', 'recvfrom'):
                tev(pid, t, ('exit', sname))
            if sname == 'sendto' and pid in open_end:
                e = open_end.pop(pid); e['t_reply_done'] = t; txns.append(e)
        continue
    me = evn.match(rest)
    if not me: continue
    ev, body = me.groups()
    if ev == 'sched_switch':
        a, b = body.split(' ==> ')
        pd = dict(kv.findall(a)); nd = dict(kv.findall(b))
        pp, np_ = pd['prev_pid'], nd['next_pid']
        comms.setdefault(np_, nd['next_comm'])
        ps = pd['prev_state'][0]
        if pd['prev_comm'] == 'postgres' and ps in 'SD':
            st = T[pp]
            st['sleep'] = {'pid': pp, 'out': t, 'state': ps, 'sys': st['sys'][0] if st['sys'] else None,
                           'wait': st['wait'] or ('sem:' + (st['phase'] or 'none') if st['semlock'] else None),
                           'stmt': st['stmt'], 'phase': st['phase'], 'wake': None, 'in': None, 'cpu': cpu}
            tev(pp, t, ('sleep', ps))
        if np_ in T and T[np_]['sleep'] is not None:
            s = T[np_]['sleep']
            s['in'] = t; sleeps.append(s); T[np_]['sleep'] = None
            tev(np_, t, ('run', cpu))
        cur[cpu] = np_
        continue
    if ev == 'sched_wakeup':
        d = dict(kv.findall(body)); w = d['pid']
        if w in T and T[w]['sleep'] is not None and T[w]['sleep']['wake'] is not None and 'resched' not in T[w]['sleep']['wake']:
            tc = int(d.get('target_cpu', cpu))
            T[w]['sleep']['wake']['resched'] = flags[1] == 'N'
            T[w]['sleep']['wake']['target_cpu_idle'] = cur.get(tc) == '0'
            T[w]['sleep']['wake']['remote'] = tc != T[w]['sleep']['wake']['cpu']
        continue
    if ev == 'sched_waking':
        d = dict(kv.findall(body)); w = d['pid']; wcomm = d['comm']
        ctx = 'hardirq' if flags[2] in 'hH' else ('softirq' if flags[2] == 's' else 'task')
        rec = {'t': t, 'waker': pid, 'waker_comm': comm, 'ctx': ctx, 'wakee': w, 'frames': None, 'cpu': cpu,
               'waker_sys': T[pid]['sys'][0] if pid in T and T[pid]['sys'] else None,
               'waker_phase': T[pid]['phase'] if pid in T else None,
               'waker_stmt': T[pid]['stmt'] if pid in T else None,
               'waker_last_fds_exit': T[pid].get('last_fds_exit') if pid in T else None}
        if wcomm == 'postgres':
            st = T[w]; comms[w] = 'postgres'
            rec['sleep'] = st['sleep']
            if st['sleep'] is not None and st['sleep']['wake'] is None:
                st['sleep']['wake'] = rec
            rec['wakee_wait'] = st['wait'] or ('sem:' + (st['phase'] or 'none') if st['semlock'] else None)
            rec['wakee_stmt'] = st['stmt']; rec['wakee_phase'] = st['phase']
            rec['wakee_sys'] = st['sys'][0] if st['sys'] else None
            wakes.append(rec); last_wake_on_cpu[cpu] = rec
            tev(w, t, ('woken-by', prole(pid, comm), ctx))
            if comm == 'postgres': tev(pid, t, ('wakes', prole(w, 'postgres')))
        elif wcomm.startswith('kworker') and comm == 'postgres':
            rec['wakee_comm'] = wcomm; kw_wakes.append(rec); last_wake_on_cpu[cpu] = rec
            tev(pid, t, ('wakes', wcomm))
        continue
    if comm != 'postgres': continue
    st = T[pid]
    if ev == 'query_start':
        q = dict(kv.findall(body)).get('q', '""').strip('"')
        st['stmt'] = q; st['phase'] = None; st['wait'] = None; st['semlock'] = False
        if q.startswith('END'):
            open_end[pid] = {'pid': pid, 't0': t, 'ev': [(t, ('END',))]}
    elif ev == 'query_done':
        st['stmt'] = None; tev(pid, t, ('query_done',))
    elif ev == 'lwlock_wait_start':
        nm_ = dict(kv.findall(body)).get('name', '?').strip('"')
        st['wait'] = 'LWLock:' + nm_; tev(pid, t, ('lwlock_wait', nm_))
    elif ev == 'lwlock_wait_done':
        st['wait'] = None; st['semlock'] = False; tev(pid, t, ('lwlock_done',))
    elif ev == 'lwlock_acqorwait':
        tev(pid, t, ('acqorwait_ok',))
    elif ev == 'lwlock_acqorwait_fail':
        tev(pid, t, ('acqorwait_fail',))
    elif ev == 'lock_wait_start':
        d = dict(kv.findall(body))
        ty = {'0': 'relation', '1': 'extend', '3': 'page', '4': 'tuple', '5': 'transactionid',
              '6': 'virtualxid'}.get(d.get('type'), 'type' + str(d.get('type')))
        st['wait'] = 'lock:' + ty; tev(pid, t, ('lock_wait', ty))
    elif ev == 'lock_wait_done':
        st['wait'] = None; st['semlock'] = False; tev(pid, t, ('lock_done',))
    elif ev == 'PGSemaphoreLock':
        st['semlock'] = True; tev(pid, t, ('sem_wait',))
    elif ev == 'XLogFlush':
        st['phase'] = st['phase'] or 'xlogflush'
        if st['phase'] == 'xlogflush': st['phase'] = 'xlogflush'
        tev(pid, t, ('XLogFlush',))
    elif ev == 'TransactionIdCommitTree':
        st['phase'] = 'clog'; st['semlock'] = False; tev(pid, t, ('clog',))
    elif ev == 'ProcArrayEndTransaction':
        st['phase'] = 'procarray'; st['semlock'] = False; tev(pid, t, ('procarray',))
    elif ev == 'txn_commit':
        st['phase'] = 'committed'; commits[pid] += 1; tev(pid, t, ('commit',))

for w in wakes + kw_wakes:
    w['kind'] = stack_kind(w['frames']) if w['frames'] else 'no-stack'

# ---------------------------------------------------------------- helpers
def q(xs, p):
    xs = sorted(xs)
    if not xs: return None
    return xs[min(len(xs) - 1, int(p * len(xs)))]
def us(x): return None if x is None else round(x * 1e6, 1)
def dist(xs):
    return {'n': len(xs), 'median_us': us(q(xs, .5)), 'p10_us': us(q(xs, .1)), 'p90_us': us(q(xs, .9))} if xs else {'n': 0}

bench = open(base + '.bench.log').read()
processed = int(re.search(r'actually processed: (\d+)', bench).group(1))
tps = float(re.search(r'tps = ([\d.]+)', bench).group(1))
def stats(fn):
    out = {}
    for l in open(fn):
        f = l.strip().split('|')
        if f[0] in ('wal', 'db', 'bgw'): out[f[0]] = f[1:]
    return out
sb, sa = stats(base + '.stats-before.txt'), stats(base + '.stats-after.txt')
wal_cols = ['wal_records', 'wal_fpi', 'wal_bytes', 'wal_buffers_full', 'wal_write', 'wal_sync', 'wal_write_time_ms', 'wal_sync_time_ms']
pgstat = {c: round(float(sa['wal'][i]) - float(sb['wal'][i]), 3) for i, c in enumerate(wal_cols)}
pgstat['xact_commit'] = int(sa['db'][0]) - int(sb['db'][0])
bg_cols = ['checkpoints_timed', 'checkpoints_req', 'buffers_checkpoint', 'buffers_clean', 'buffers_backend', 'buffers_backend_fsync']
pgstat.update({c: int(sa['bgw'][i]) - int(sb['bgw'][i]) for i, c in enumerate(bg_cols)})
pgstat['wal_sync_per_commit'] = round(pgstat['wal_sync'] / max(1, pgstat['xact_commit']), 3)
pgstat['wal_write_per_commit'] = round(pgstat['wal_write'] / max(1, pgstat['xact_commit']), 3)
pgstat['wal_sync_time_ms_mean'] = round(pgstat['wal_sync_time_ms'] / max(1, pgstat['wal_sync']), 4)

ncommit = sum(commits[p] for p in backends)   # transactions committed by the benchmark's backends in the trace
N = max(1, ncommit)
def per(x): return round(x / N, 4)

res = {'name': name, 'trace_lines': n_lines, 'trace_span_s': round(t_last - t_first, 3), 'pgbench_processed': processed,
       'tps': tps, 'backend_commits_in_trace': ncommit, 'roles': role, 'pg_stats_delta': pgstat}

# (a) postgres -> postgres wake-ups
perf_style = [w for w in wakes if w['waker_comm'] == 'postgres' and w['waker'] != w['wakee']]
pp = [w for w in perf_style if w['ctx'] == 'task']   # the waker task itself issued the wake-up
ps_ctx = collections.Counter((w['ctx'], prole(w['waker'], 'postgres'), prole(w['wakee'], 'postgres'), w['kind']) for w in perf_style)
res['a_perf_style_count'] = {'note': 'every sched_waking of a postgres task while another postgres task is current (what a comm-based reading of a perf trace counts), split by context',
    'total': len(perf_style), 'per_txn': per(len(perf_style)),
    'by_ctx': [{'ctx': k[0], 'current': k[1], 'wakee': k[2], 'kind': k[3], 'n': v, 'per_txn': per(v)} for k, v in ps_ctx.most_common(20)]}
def wctx(w):
    x = w['wakee_wait']
    if x is None:
        if w['wakee_sys'] == 'epoll_wait': x = 'epoll_wait(latch/socket)'
        elif w['wakee_sys']: x = 'in ' + w['wakee_sys']
        else: x = 'none'
    return x
a_role = collections.Counter((prole(w['waker'], 'postgres'), prole(w['wakee'], 'postgres')) for w in pp)
a_kind = collections.Counter((prole(w['waker'], 'postgres'), prole(w['wakee'], 'postgres'), w['kind']) for w in pp)
a_wait = collections.Counter((prole(w['waker'], 'postgres'), prole(w['wakee'], 'postgres'), w['kind'], wctx(w),
                              (w['wakee_stmt'] or '-')[:24], w['wakee_phase'] or '-') for w in pp)
a_waker_ctx = collections.Counter((w['kind'], wctx(w), w['waker_sys'] or '-', w['waker_phase'] or '-',
                                   (w['waker_stmt'] or '-')[:24]) for w in pp)
gaps = collections.defaultdict(list)
for w in pp:
    if w['waker_last_fds_exit'] is not None and w['t'] - w['waker_last_fds_exit'] < 0.05:
        gaps[(w['kind'], wctx(w))].append(w['t'] - w['waker_last_fds_exit'])
res['a_pg_to_pg'] = {
    'total': len(pp), 'per_txn': per(len(pp)),
    'by_roles': [{'waker': k[0], 'wakee': k[1], 'n': v, 'per_txn': per(v)} for k, v in a_role.most_common()],
    'by_roles_kind': [{'waker': k[0], 'wakee': k[1], 'kind': k[2], 'n': v, 'per_txn': per(v)} for k, v in a_kind.most_common()],
    'by_wakee_wait': [{'waker': k[0], 'wakee': k[1], 'kind': k[2], 'wakee_wait': k[3], 'wakee_stmt': k[4],
                       'wakee_commit_phase': k[5], 'n': v, 'per_txn': per(v)} for k, v in a_wait.most_common(40)],
    'gap_from_wakers_fdatasync_exit': [{'kind': k_[0], 'wakee_wait': k_[1], **dist(v_)} for k_, v_ in sorted(gaps.items(), key=lambda kv_: -len(kv_[1]))],
    'by_waker_context': [{'kind': k[0], 'wakee_wait': k[1], 'waker_syscall': k[2], 'waker_commit_phase': k[3],
                          'waker_stmt': k[4], 'n': v, 'per_txn': per(v)} for k, v in a_waker_ctx.most_common(30)],
}
# all wakers of backends (any comm), by kind
allw = collections.Counter((prole(w['waker'], w['waker_comm']), w['ctx'], w['kind']) for w in wakes if w['wakee'] in backends)
res['wakes_of_backends_by_waker'] = [{'waker': k[0], 'ctx': k[1], 'kind': k[2], 'n': v, 'per_txn': per(v)} for k, v in allw.most_common(25)]

# (b) fdatasync / fsync
fs = [s for s in syscalls if s['sys'] in ('fdatasync', 'fsync')]
b_by = collections.defaultdict(list)
for s in fs: b_by[(prole(s['pid'], 'postgres'), s['sys'])].append(s['t1'] - s['t0'])
res['b_sync_calls'] = [{'role': k[0], 'sys': k[1], 'per_txn': per(len(v)), **dist(v)} for k, v in sorted(b_by.items(), key=lambda kv_: -len(kv_[1]))]
wr_by = collections.defaultdict(list)
for s in syscalls:
    if s['sys'] in ('pwrite64', 'pread64', 'write', 'read', 'sync_file_range'):
        wr_by[(prole(s['pid'], 'postgres'), s['sys'], s['phase'] if s['sys'] == 'pwrite64' else '')].append(s['t1'] - s['t0'])
res['b_other_io_calls'] = [{'role': k[0], 'sys': k[1], 'phase': k[2], 'per_txn': per(len(v)), **dist(v)} for k, v in sorted(wr_by.items(), key=lambda kv_: -len(kv_[1]))]
# per committed transaction (END ... reply of a backend)
cls = collections.Counter(); end_dur = collections.defaultdict(list)
for e in txns:
    if e['pid'] not in backends: continue
    kinds = [x[1] for x in e['ev']]
    own = sum(1 for k in kinds if k[:2] == ('enter', 'fdatasync'))
    waited_wal = any(k[0] == 'lwlock_wait' and k[1] == 'WALWrite' for k in kinds)
    fail = any(k[0] == 'acqorwait_fail' for k in kinds)
    c = 'own fdatasync' if own else ('no fdatasync: waited for WALWriteLock, then found its WAL flushed (group flush)'
                                     if (waited_wal or fail) else 'no fdatasync, no wait: WAL already flushed by another process')
    if own and (waited_wal or fail): c = 'own fdatasync after waiting for WALWriteLock'
    cls[c] += 1
    end_dur[c].append(e['t_reply_done'] - e['t0'])
fsq = collections.Counter()
slp_by_pid = collections.defaultdict(list)
for s_ in sleeps: slp_by_pid[s_['pid']].append(s_)
for s_ in fs:
    if s_['pid'] not in backends: continue
    seq = tuple(x['state'] + ':' + (x['wake']['kind'] if x['wake'] else 'no-waking-seen') for x in slp_by_pid[s_['pid']]
                if s_['t0'] <= x['out'] <= s_['t1'])
    fsq[seq] += 1
res['b_fdatasync_sleep_sequences'] = [{'seq': list(k), 'n': v, 'share': round(v / max(1, sum(fsq.values())), 4)} for k, v in fsq.most_common(8)]
res['b_commits'] = {'ends_seen': sum(cls.values()),
                    'classes': [{'class': k, 'n': v, 'share': round(v / max(1, sum(cls.values())), 4),
                                 'END_to_reply': dist(end_dur[k])} for k, v in cls.most_common()]}

# (c) D-state blocks of backends
dsl = [s for s in sleeps if s['state'] == 'D' and s['pid'] in backends]
def wk(s):
    w = s['wake']
    if w is None: return 'no sched_waking seen (woken from a context the trace misses)'
    r = prole(w['waker'], w['waker_comm'])
    if w['ctx'] != 'task': return f"{w['ctx']} (interrupted task: {r})"
    return r + ('(self)' if w['waker'] == s['pid'] else '')
c_by = collections.defaultdict(lambda: {'sleep': [], 'offcpu': []})
for s in dsl:
    k = (s['sys'] or 'none(page fault?)', wk(s), s['wake']['kind'] if s['wake'] else '-')
    if s['wake']: c_by[k]['sleep'].append(s['wake']['t'] - s['out'])
    c_by[k]['offcpu'].append(s['in'] - s['out'])
c_by2 = collections.defaultdict(lambda: {'sleep': [], 'offcpu': []})
c_int = collections.Counter()
for s in dsl:
    w = s['wake']
    if w is None: k = (s['sys'] or 'none', 'no sched_waking seen', '-')
    elif w['ctx'] != 'task':
        k = (s['sys'] or 'none', w['ctx'], w['kind'])
        c_int[(w['ctx'], prole(w['waker'], w['waker_comm']))] += 1
    else: k = (s['sys'] or 'none', 'task:' + prole(w['waker'], w['waker_comm']), w['kind'])
    if w: c_by2[k]['sleep'].append(w['t'] - s['out'])
    c_by2[k]['offcpu'].append(s['in'] - s['out'])
c_sys = collections.Counter(s['sys'] or 'none' for s in dsl)
rs = collections.defaultdict(lambda: [0, 0, 0, [], 0, []])
for s_ in dsl:
    w = s_['wake']
    if not w or 'resched' not in w: continue
    x = rs[w['kind']]; x[0] += 1; x[1] += w['resched']; x[2] += w['target_cpu_idle']; x[3].append(s_['in'] - w['t'])
    x[4] += w['remote']
    if w['remote']: x[5].append(s_['in'] - w['t'])
res['c_D_wake_to_run'] = [{'kind': k, 'n': v[0], 'target_cpu_idle': round(v[2] / v[0], 3), 'waking_to_switch_in': dist(v[3]),
                           'woken_onto_the_other_cpu': round(v[4] / v[0], 3), 'waking_to_switch_in_other_cpu': dist(v[5])}
                          for k, v in sorted(rs.items(), key=lambda kv_: -kv_[1][0])[:6]]
res['c_D_blocks'] = {'total': len(dsl), 'per_txn': per(len(dsl)),
                     'by_syscall': [{'sys': k, 'n': v, 'per_txn': per(v)} for k, v in c_sys.most_common()],
                     'by_syscall_context_kind': [{'sys': k[0], 'waker_context': k[1], 'kind': k[2], 'n': len(v['offcpu']), 'per_txn': per(len(v['offcpu'])),
                                           'out_to_waking': dist(v['sleep']), 'out_to_switch_in': dist(v['offcpu'])}
                                          for k, v in sorted(c_by2.items(), key=lambda kv_: -len(kv_[1]['offcpu']))],
                     'irq_wakes_interrupted_task': [{'ctx': k[0], 'interrupted': k[1], 'n': v} for k, v in c_int.most_common(12)],
                     'by_syscall_waker': [{'sys': k[0], 'waker': k[1], 'kind': k[2], 'n': len(v['offcpu']), 'per_txn': per(len(v['offcpu'])),
                                           'out_to_waking': dist(v['sleep']), 'out_to_switch_in': dist(v['offcpu'])}
                                          for k, v in sorted(c_by.items(), key=lambda kv_: -len(kv_[1]['offcpu']))]}
# S sleeps of backends by what they wait for
s_by = collections.defaultdict(list)
for s in sleeps:
    if s['state'] != 'S' or s['pid'] not in backends: continue
    w = s['wake']
    k = (s['sys'] or '-', s['wait'] or '-', prole(w['waker'], w['waker_comm']) if w else 'none', w['kind'] if w else '-')
    s_by[k].append(s['in'] - s['out'])
res['S_sleeps_of_backends'] = [{'sys': k[0], 'pg_wait': k[1], 'waker': k[2], 'kind': k[3], 'n': len(v), 'per_txn': per(len(v)),
                                'off_cpu': dist(v)} for k, v in sorted(s_by.items(), key=lambda kv_: -len(kv_[1]))[:20]]
# other postgres roles' sleeps (walwriter etc.)
o_by = collections.defaultdict(list)
for s in sleeps:
    if s['pid'] in backends: continue
    w = s['wake']
    o_by[(prole(s['pid'], 'postgres'), s['state'], s['sys'] or '-', prole(w['waker'], w['waker_comm']) if w else 'none',
          w['kind'] if w else '-')].append(s['in'] - s['out'])
res['sleeps_of_other_postgres'] = [{'role': k[0], 'state': k[1], 'sys': k[2], 'waker': k[3], 'kind': k[4], 'n': len(v),
                                    'off_cpu': dist(v)} for k, v in sorted(o_by.items(), key=lambda kv_: -len(kv_[1]))[:15]]

# (d) postgres -> kworker wakes
d_by = collections.Counter((prole(w['waker'], 'postgres'), re.sub(r'\d+', 'N', w['wakee_comm']), w['waker_sys'] or '-', w['ctx'], w['kind'])
                           for w in kw_wakes)
res['d_kworker_wakes'] = [{'waker': k[0], 'kworker': k[1], 'waker_syscall': k[2], 'ctx': k[3], 'kind': k[4], 'n': v, 'per_txn': per(v)}
                          for k, v in d_by.most_common(15)]
kwst = collections.Counter(' < '.join(w['frames'][2:9]) for w in kw_wakes if w['frames'] and w['waker'] in backends)
res['d_kworker_stacks_top'] = [{'n': v, 'frames': k} for k, v in kwst.most_common(4)]
# example stacks for each pg->pg kind
ex = {}
for w in pp:
    ex.setdefault(w['kind'], w['frames'])
res['a_example_stacks'] = ex

# (e) END timelines: signature (abstracted events) and median offsets
def abstract(e):
    out = []
    for t, k in e['ev']:
        if k[0] in ('enter', 'exit') and k[1] in ('recvfrom', 'epoll_wait'): continue
        if k[0] == 'enter' and k[1] == 'futex': continue
        if k[0] == 'run': s = 'run'
        elif k[0] == 'sleep': s = 'sleep(' + k[1] + ')'
        elif k[0] == 'woken-by': s = 'woken-by(' + (k[1] if k[2] == 'task' else k[2] + ' (irq)') + ')'
        elif k[0] == 'wakes': s = 'wakes(' + re.sub(r'kworker/\d+:\d+H.*', 'kworker/*H', k[1]) + ')'
        elif k[0] in ('enter', 'exit'): s = k[0] + ' ' + k[1]
        else: s = ' '.join(k)
        out.append((t - e['t0'], s))
    return out
sigs = collections.defaultdict(list)
for e in txns:
    if e['pid'] in backends: sigs[tuple(s for _, s in abstract(e))].append(e)
tl = []
for sig, es in sorted(sigs.items(), key=lambda kv_: -len(kv_[1]))[:6]:
    offs = [[x for x, _ in abstract(e)] for e in es]
    # per step: median of the step's delay after the previous step (medians of absolute offsets
    # would mix different transactions); cumulative = running sum of those medians
    dmed = [0.0] + [statistics.median(o[i] - o[i - 1] for o in offs) for i in range(1, len(sig))]
    cum = 0.0; steps = []
    for d_, s_ in zip(dmed, sig):
        cum += d_; steps.append(f'{us(cum):>9} us  (+{us(d_)})  {s_}')
    tot = [o[-1] for o in offs]; mt = statistics.median(tot)
    exm = min(es, key=lambda e: abs(abstract(e)[-1][0] - mt))
    tl.append({'n': len(es), 'share': round(len(es) / max(1, len(txns)), 4), 'steps': steps,
               'total': dist(tot), 'example_closest_to_median': [f'{us(x):>9} us  {s_}' for x, s_ in abstract(exm)]})
res['e_END_timelines'] = tl
res['e_END_to_reply_all'] = dist([e['t_reply_done'] - e['t0'] for e in txns if e['pid'] in backends])

json.dump(res, open(base + '.analysis.json', 'w'), indent=1)

# ---------------------------------------------------------------- summary
print(f"== {name}: tps {tps}, processed {processed}, backend commits in trace {ncommit}, trace {n_lines} lines")
print(f"pg_stat: {pgstat}")
print(f"(a0) perf-style count {len(perf_style)} = {per(len(perf_style))}/txn")
for x in res['a_perf_style_count']['by_ctx'][:8]: print('   ', x)
print(f"(a) postgres->postgres wakes {len(pp)} = {per(len(pp))}/txn")
for x in res['a_pg_to_pg']['by_roles_kind'][:8]: print('   ', x)
for x in res['a_pg_to_pg']['by_wakee_wait'][:12]: print('   ', x)
print("    gap from the waker's last fdatasync exit:")
for x in res['a_pg_to_pg']['gap_from_wakers_fdatasync_exit'][:4]: print('   ', x)
print("    waker context:")
for x in res['a_pg_to_pg']['by_waker_context'][:10]: print('   ', x)
print("(b) sync calls:")
for x in res['b_sync_calls']: print('   ', x)
for x in res['b_commits']['classes']: print('   ', x)
print("    sleeps inside one backend fdatasync:")
for x in res['b_fdatasync_sleep_sequences'][:6]: print('   ', x)
print("    other io:")
for x in res['b_other_io_calls'][:8]: print('   ', x)
print(f"(c) D blocks of backends {len(dsl)} = {per(len(dsl))}/txn")
for x in res['c_D_blocks']['by_syscall_context_kind'][:10]: print('   ', x)
for x in res['c_D_wake_to_run']: print('    wake->run', x)
print('    interrupted:', res['c_D_blocks']['irq_wakes_interrupted_task'][:6])
print("    S sleeps of backends:")
for x in res['S_sleeps_of_backends'][:10]: print('   ', x)
print("    other postgres sleeps:")
for x in res['sleeps_of_other_postgres'][:8]: print('   ', x)
print("(d) kworker wakes:")
for x in res['d_kworker_wakes'][:6]: print('   ', x)
for x in res['d_kworker_stacks_top']: print('   ', x)
print("(e) END timelines:", res['e_END_to_reply_all'])
for x in res['e_END_timelines'][:3]:
    print(f"   n={x['n']} share={x['share']}")
    for s in x['steps']: print('      ' + s)
