#!/usr/bin/env python3
"""cycle.bt's reading of a Wakelab trace export (wakelab trace ... -o T.json) of hackbench.

    model_cycle.py T.json

Per role (receiver, sender): the lag a wakee brings (L0, its `wakeup_preempt` instant's
`wakee_lag_us`, not a delayed requeue), the lag its next slice was picked with (L1,
`lag_at_pick_us`), and, when that slice is followed by the task's next such wake-up, the lag
that wake-up brings (L2, what the block stored); the changes L1 - L0 and L2 - L1, the wait
(wake-up to pick) and the slice's length. Wake-ups onto an idle CPU have no instant and are
not counted.
"""
import json,sys,collections
d=json.load(open(sys.argv[1]))
ev=d['traceEvents'] if isinstance(d,dict) else d
per=collections.defaultdict(list)
for e in ev:
    if e.get('cat')=='wakeup-preempt':
        a=e['args']; per[a['wakee']].append((e['ts'],0,'w',a['wakee_lag_us'],a['wakee_delayed']))
    elif e.get('cat')=='sched' and e.get('ph')=='X' and 'lag_at_pick_us' in e.get('args',{}):
        per[e['name']].append((e['ts'],1,'s',e['args']['lag_at_pick_us'],e['dur']))
def stats(xs):
    xs=sorted(xs); n=len(xs)
    return 'n=%d mean %.1f p10/50/90 %.1f/%.1f/%.1f'%(n,sum(xs)/n,xs[n//10],xs[n//2],xs[9*n//10])
for role in ('receiver','sender'):
    L0=[];L1=[];L2=[];gain=[];wait=[];chg=[];run=[]
    for task,evs in per.items():
        if role not in task: continue
        evs.sort()
        for i,x in enumerate(evs):
            if x[2]=='w' and not x[4] and i+1<len(evs) and evs[i+1][2]=='s':
                s=evs[i+1]
                L0.append(x[3]); L1.append(s[3]); gain.append(s[3]-x[3]); wait.append(s[0]-x[0])
                if i+2<len(evs) and evs[i+2][2]=='w' and not evs[i+2][4]:
                    L2.append(evs[i+2][3]); chg.append(evs[i+2][3]-s[3]); run.append(s[4])
    if not L0: continue
    print(role)
    print('  L0',stats(L0)); print('  L1',stats(L1)); print('  L2',stats(L2))
    print('  wait gain',stats(gain)); print('  wait us',stats(wait))
    print('  run change',stats(chg)); print('  run us (slice dur)',stats(run))
