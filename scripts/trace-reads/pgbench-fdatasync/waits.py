#!/usr/bin/env python3
"""The IO waits inside pgbench backends' fdatasync, from a `perf script --ns` text (gzip) of
rec.sh's events. Usage: waits.py rw-cN.txt.gz TRANSACTIONS (pgbench's "actually processed").

Prints: fdatasyncs per transaction; D-state blocks per fdatasync (their distribution and mean);
the IO each D block waits for (the backend's last block_rq_issue before it: WS = the WAL page
write, WSM = a metadata write; a D block after a WS with nothing issued by the backend in
between is the cache flush, FF, which kblockd issues); device latencies (issue -> complete, only
where the completion is traced); per D block (by its index in the fdatasync and the IO before
it) the off-CPU time to the backend's next own event (an upper bound) and, where the wake-up is
traced, the time from the block to the completion's sched_waking (the model's `io_ns`).
Events on an idle vCPU 1 are not in the trace (recordings/README.md, "Caveats"), so the
wake-ups seen are those that came while vCPU 1 ran a task.
"""
import gzip, re, sys, statistics as st, collections as C
fn, ntx = sys.argv[1], int(sys.argv[2])
hdr = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\S+):\s*(.*)$')
ev=[]
for line in gzip.open(fn,'rt',errors='replace'):
    m=hdr.match(line)
    if not m: continue
    comm,pid,cpu,ts,name,rest=m.groups()
    ev.append((float(ts),comm,int(pid),int(cpu),name,rest))
ev.sort(key=lambda e:e[0])
bk={e[2] for e in ev if e[4]=='syscalls:sys_enter_fdatasync' and e[1]=='postgres'}
def q(v):
    v=sorted(v); n=len(v)
    if not n: return 'n=0'
    p=lambda x: v[min(n-1,int(x*n))]*1e6
    return f'n={n} p10={p(.1):.0f} p25={p(.25):.0f} p50={p(.5):.0f} p75={p(.75):.0f} p90={p(.9):.0f} mean={st.mean(v)*1e6:.0f}'
cur={}; fds=[]; pendD={}; offcpu=C.defaultdict(list); vis=C.defaultdict(list); wakercpu=C.Counter()
issue={}; lastff=None; dev=C.defaultdict(list); kind_by_idx=C.defaultdict(C.Counter)
lastio={}
for t,comm,pid,cpu,name,rest in ev:
    # close pending D on the task's next own event
    if pid in pendD and pid in bk:
        d=pendD.pop(pid); offcpu[(d[1],d[3])].append(t-d[0])
    if name=='syscalls:sys_enter_fdatasync' and pid in bk:
        cur[pid]=[t,0,[]]
    elif name=='syscalls:sys_exit_fdatasync' and pid in bk and pid in cur:
        s=cur.pop(pid); fds.append((pid,s[0],t,s[1],tuple(s[2])))
    elif name=='sched:sched_switch':
        pp=int(re.search(r'prev_pid=(\d+)',rest).group(1)); s_=re.search(r'prev_state=(\S+)',rest).group(1)
        if pp in bk and s_.startswith('D'):
            idx=0
            if pp in cur: cur[pp][1]+=1; idx=cur[pp][1]
            k=lastio.get(pp,'?')
            pendD[pp]=(t,idx,cpu,k)
            kind_by_idx[idx][k]+=1
    elif name=='sched:sched_waking':
        wp=int(re.search(r' pid=(\d+)',rest).group(1))
        if wp in pendD:
            d=pendD[wp]; vis[(d[1],d[3])].append(t-d[0]); wakercpu[(cpu,comm.split('/')[0])]+=1
    elif name=='block:block_rq_issue':
        f=rest.split(); rw=f[1]
        if rw=='FF':
            lastff=t
            for p in cur: lastio[p]='FF'
        else:
            issue[(rw,f[4])]=t
            if pid in bk: lastio[pid]=rw
            if pid in cur: cur[pid][2].append(rw)
    elif name=='block:block_rq_complete':
        f=rest.split(); rw=f[1]
        if rw=='FF':
            if lastff is not None: dev['FF'].append(t-lastff); lastff=None
        else:
            k=(rw,f[3])
            if k in issue: dev[rw].append(t-issue.pop(k))
print(fn,'txns',ntx,'backends',len(bk))
print('fdatasyncs per txn %.3f'%(len(fds)/ntx))
dc=C.Counter(f[3] for f in fds); n=len(fds)
print('D per fdatasync', {k:'%.1f%%'%(100*v/n) for k,v in sorted(dc.items())}, 'mean %.3f'%(sum(k*v for k,v in dc.items())/n))
print('D in fdatasync per txn %.3f'%(sum(k*v for k,v in dc.items())/ntx))
print('fdatasync duration', q([f[2]-f[1] for f in fds]))
print('kind before each D by idx', {i:dict(c) for i,c in kind_by_idx.items()})
for k in sorted(dev): print('device',k,q(dev[k]))
for k in sorted(offcpu): print('offcpu->next own event idx,io',k,q(offcpu[k]))
for k in sorted(vis): print('visible waking idx,io',k,q(vis[k]))
allv=sorted(v for k in vis for v in vis[k] if k[0]>0)
print('visible waking, every D block inside fdatasync', q(allv))
print('waker', wakercpu.most_common(8))
