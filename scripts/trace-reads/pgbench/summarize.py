#!/usr/bin/env python3
# Usage: summarize.py DIR...   compact per-run figures from DIR/rw-c{1,2,4}.analysis.json (analyze.py)
import json, os, sys
def g(lst, **kw):
    return sum(x['n'] for x in lst if all(str(x.get(k, '')).startswith(v) for k, v in kw.items()))
for d in sys.argv[1:]:
    print(f'#### {d}')
    for c in (1, 2, 4):
        fn = f'{d}/rw-c{c}.analysis.json'
        if not os.path.exists(fn): continue
        r = json.load(open(fn)); N = r['backend_commits_in_trace']; ps = r['pg_stats_delta']
        f = lambda n: f'{n / N:.3f}'
        a = r['a_pg_to_pg']['by_wakee_wait']
        print(f"== c{c}: tps {r['tps']:.1f}, processed {r['pgbench_processed']}, backend commits in trace {N}")
        print(f"  pg_stat: xact_commit {ps['xact_commit']}, wal_write {ps['wal_write']} ({ps['wal_write_per_commit']}/commit), "
              f"wal_sync {ps['wal_sync']} ({ps['wal_sync_per_commit']}/commit), mean wal_sync_time {ps['wal_sync_time_ms_mean']} ms, "
              f"wal_fpi {ps['wal_fpi']:.0f}, checkpoints {ps['checkpoints_timed'] + ps['checkpoints_req']}, buffers_backend_fsync {ps['buffers_backend_fsync']}")
        pst = r['a_perf_style_count']
        irq = sum(x['n'] for x in pst['by_ctx'] if x['ctx'] != 'task' and x['current'] == 'backend' and x['wakee'] == 'backend')
        print(f"  (a) comm-based postgres->postgres count {pst['per_txn']}/txn, of which IO completions in softirq on a backend's time {f(irq)}; "
              f"task-context postgres->postgres {r['a_pg_to_pg']['per_txn']}/txn:")
        for lbl, kw in [('backend->backend futex_wake, wakee in LWLock:WALWrite (commit)', dict(waker='backend', wakee='backend', wakee_wait='LWLock:WALWrite')),
                        ('backend->backend kill/SetLatch, wakee in heavyweight lock:transactionid', dict(waker='backend', wakee='backend', wakee_wait='lock:transactionid')),
                        ('backend->backend kill/SetLatch, wakee in heavyweight lock:tuple', dict(waker='backend', wakee='backend', wakee_wait='lock:tuple')),
                        ('backend->backend futex_wake, wakee in LWLock:LockManager', dict(waker='backend', wakee='backend', wakee_wait='LWLock:LockManager')),
                        ('backend->backend futex_wake, other LWLocks', dict(waker='backend', wakee='backend', kind='futex_wake')),
                        ('backend->walwriter', dict(waker='backend', wakee='walwriter')),
                        ('walwriter->backend', dict(waker='walwriter', wakee='backend'))]:
            n = g(a, **kw)
            if lbl.endswith('other LWLocks'):
                n -= g(a, waker='backend', wakee='backend', wakee_wait='LWLock:WALWrite') + g(a, waker='backend', wakee='backend', wakee_wait='LWLock:LockManager')
            print(f"      {f(n)}  {lbl}")
        bt = {x['kind'] + ' ' + x['wakee_wait']: x for x in r['a_pg_to_pg']['gap_from_wakers_fdatasync_exit']}
        for k in ('futex_wake LWLock:WALWrite', 'kill(signal) lock:transactionid'):
            if k in bt: print(f"      waker's fdatasync exit -> wake ({k}): median {bt[k]['median_us']} us, p90 {bt[k]['p90_us']} us")
        print("  (b) sync calls per commit: " + '; '.join(f"{x['role']} {x['sys']} {x['per_txn']} (median {x['median_us']} us, p90 {x['p90_us']} us)" for x in r['b_sync_calls']))
        for x in r['b_commits']['classes']:
            print(f"      {x['share']*100:5.1f}%  {x['class']}  (END->reply median {x['END_to_reply'].get('median_us')} us)")
        seq = r['b_fdatasync_sleep_sequences'][:3]
        print("      sleeps inside a backend fdatasync: " + '; '.join(f"{x['share']*100:.0f}% {'+'.join(s.split(':',1)[1] for s in x['seq'])}" for x in seq))
        cd = r['c_D_blocks']
        print(f"  (c) backend D blocks {cd['per_txn']}/txn: " + ', '.join(f"{x['sys']} {x['per_txn']}" for x in cd['by_syscall']))
        for x in cd['by_syscall_context_kind'][:5]:
            print(f"      {x['per_txn']:.3f}/txn {x['sys']} woken by {x['waker_context']} {x['kind']}: sleep->waking median {x['out_to_waking'].get('median_us')} us "
                  f"(p90 {x['out_to_waking'].get('p90_us')}), sleep->run median {x['out_to_switch_in'].get('median_us')} us")
        it = cd['irq_wakes_interrupted_task']; tot = sum(x['n'] for x in it)
        print("      irq-context wakes ran on the time of: " + ', '.join(f"{x['interrupted']} {x['n']*100/max(1,tot):.0f}%" for x in it[:4]))
        print("  (d) kworker wakes by postgres: " + '; '.join(f"{x['per_txn']}/txn {x['waker']}->{x['kworker']} in {x['waker_syscall']} ({x['ctx']}, {x['kind']})" for x in r['d_kworker_wakes'][:3]))
        t = r['e_END_timelines'][0]
        print(f"  (e) END->reply all: median {r['e_END_to_reply_all']['median_us']} us; most common sequence ({t['share']*100:.0f}%):")
        for s in t['steps']: print('      ' + s)
