#!/usr/bin/env python3
"""The backend's runs inside fdatasync between its D blocks (switch-in to the next D block),
where the switch-in is traced (not on an idle vCPU 1). Usage: runs.py rw-cN.txt.gz."""
import gzip, re, sys, statistics as st, collections as C
fn = sys.argv[1]
hdr = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\S+):\s*(.*)$')
ev=[]
for line in gzip.open(fn,'rt',errors='replace'):
    m=hdr.match(line)
    if m: ev.append((float(m.group(4)),int(m.group(2)),int(m.group(3)),m.group(5),m.group(6)))
ev.sort()
bk={e[1] for e in ev if e[3]=='syscalls:sys_enter_fdatasync'}
infd={}; lastin={}; runs=C.defaultdict(list); enter2d=[]; d2exit=[]
for t,pid,cpu,name,rest in ev:
    if name=='syscalls:sys_enter_fdatasync' and pid in bk: infd[pid]=[t,0,None]
    elif name=='syscalls:sys_exit_fdatasync' and pid in infd:
        s=infd.pop(pid)
        if pid in lastin and lastin[pid][1]==s[1] and s[1]>0: runs['last->exit'].append(t-lastin[pid][0])
    elif name=='sched:sched_switch':
        pp=int(re.search(r'prev_pid=(\d+)',rest).group(1)); s_=re.search(r'prev_state=(\S+)',rest).group(1)
        np_=int(re.search(r'next_pid=(\d+)',rest).group(1))
        if pp in infd and s_.startswith('D'):
            f=infd[pp]
            if f[1]==0: runs['enter->D1'].append(t-f[0])
            elif pp in lastin and lastin[pp][1]==f[1]: runs['run before D%d'%(f[1]+1)].append(t-lastin[pp][0])
            f[1]+=1
        if np_ in infd: lastin[np_]=(t,infd[np_][1])
def q(v):
    v=sorted(v); n=len(v); p=lambda x: v[min(n-1,int(x*n))]*1e6
    return f'n={n} p10={p(.1):.1f} p50={p(.5):.1f} p90={p(.9):.1f} mean={st.mean(v)*1e6:.1f}'
for k in sorted(runs): print(k, q(runs[k]))
