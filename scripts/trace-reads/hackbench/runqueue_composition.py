#!/usr/bin/env python3
"""What the crowded CPU holds when a hackbench run's two runqueues are unequal (host traces).

    runqueue_composition.py TRACE.txt.gz THRESHOLD

TRACE is a raw tracefs text trace of `hackbench -T -g 1` (raw TSC timestamps, as in
recordings/hackbench-preemption/raw). Roles: a hackbench thread that wakes other hackbench
threads more than 100 times and more often than it is woken is a sender; one woken more than
100 times a receiver (analyze.py's fallback rule). Each task's CPU is rebuilt as
runqueue_imbalance.py does (wake-up target_cpu, switch-out in state R, migrations). Every 50 us
over the middle 80% of the hackbench span, when |nr(CPU 0) - nr(CPU 1)| >= THRESHOLD, it counts
per side (crowded / sparse) the senders (S), receivers (R) and other tasks (O), running or
waiting, and prints their means over those samples, then the stretches of consecutive samples
at or above THRESHOLD (how many, and their lengths).
"""
import gzip, re, sys, collections
LINE = re.compile(r'^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+(\d+): (\w+): (.*)$')
KV = re.compile(r'(\w+)=(\S+)')
TSC=1996.249e6
path=sys.argv[1]; thr=int(sys.argv[2])
ev=[]
wk=collections.Counter(); wd=collections.Counter(); hbp=set()
with gzip.open(path,'rt') as f:
    for line in f:
        m=LINE.match(line)
        if not m: continue
        comm,pid,cpu,ts,name,rest=m.groups()
        kv=dict(KV.findall(rest))
        ev.append((int(ts),name,int(pid),int(cpu),comm,kv,rest))
        if comm=='hackbench': hbp.add(int(pid))
        if name=='sched_waking' and comm=='hackbench' and kv.get('comm')=='hackbench':
            wk[int(pid)]+=1; wd[int(kv['pid'])]+=1
senders={p for p in hbp if wk[p]>100 and wk[p]>wd[p]}
receivers={p for p in hbp if wd[p]>100 and p not in senders}
hb_ts=[e[0] for e in ev if e[4]=='hackbench']
a,b=min(hb_ts),max(hb_ts); lo,hi=a+(b-a)//10, b-(b-a)//10
where={}; running={}  # pid -> cpu runnable ; cpu -> pid running
st={}  # pid -> 'wait'/'run'
step=int(50e-6*TSC); t=lo
acc=collections.Counter(); m=0; allimb=[]
def role(p): return 'S' if p in senders else ('R' if p in receivers else 'O')
for ts,name,pid,cpu,comm,kv,rest in ev:
    while t<ts and t<hi:
        if t>=lo:
            nr=collections.Counter(where.values())
            d=nr[0]-nr[1]; allimb.append(abs(d))
            if abs(d)>=thr:
                cr=0 if d>0 else 1; m+=1
                for p,c in where.items():
                    acc[('crowded' if c==cr else 'sparse', role(p), 'run' if running.get(c)==p else 'wait')]+=1
        t+=step
    if name=='sched_switch':
        pp=int(kv['prev_pid']); np_=int(kv['next_pid']); s=kv.get('prev_state','R')
        if s.startswith('R'): where[pp]=cpu
        else: where.pop(pp,None)
        if np_!=0: where[np_]=cpu
        running[cpu]=np_
    elif name in ('sched_wakeup','sched_wakeup_new'):
        where[int(kv['pid'])]=int(kv['target_cpu'])
    elif name=='sched_migrate_task':
        p=int(kv['pid'])
        if p in where: where[p]=int(kv['dest_cpu'])
where.pop(0,None)
print(path.split('/')[-1], 'senders',len(senders),'receivers',len(receivers),'samples',len(allimb),'mean|d| %.1f'%(sum(allimb)/len(allimb)),'imbalanced(>=%d)'%thr,m)
for k in sorted(acc): print('  ',k,'%.1f'%(acc[k]/max(m,1)))
# stretches: consecutive samples at or above the threshold
runs=[]; cur=0
for d in allimb + [0]:
    if d>=thr: cur+=1
    elif cur: runs.append(cur); cur=0
runs.sort()
if runs:
    print('   stretches %d, length p50 %.2f ms, mean %.2f ms, p90 %.2f ms' % (len(runs), runs[len(runs)//2]*0.05, sum(runs)/len(runs)*0.05, runs[int(0.9*(len(runs)-1))]*0.05))
