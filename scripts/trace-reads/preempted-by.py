# Usage: preempted-by.py TRACE.gz GLOB
# Switch-outs of PATTERN in state R (preempted): which task was switched in instead.
import gzip, re, sys, collections, fnmatch
path, pattern = sys.argv[1], sys.argv[2]
line_re = re.compile(r'^\s*(.+?)\s+(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\w+:\w+):\s*(.*)$')
kv = re.compile(r'(\w+)=(\S+)')
st = collections.Counter(); outs = 0
for raw in gzip.open(path, 'rt', errors='replace'):
    m = line_re.match(raw)
    if not m or m.group(5) != 'sched:sched_switch': continue
    a, b = m.group(6).split(' ==> ')
    pc = a.split(' prev_pid=')[0].replace('prev_comm=', '')
    if not fnmatch.fnmatch(pc, pattern): continue
    outs += 1
    pd = dict(kv.findall(a))
    if pd['prev_state'].startswith('R'):
        nc = b.split(' next_pid=')[0].replace('next_comm=', '')
        st[re.sub(r'[0-9]+', 'N', nc)] += 1
tot = sum(st.values())
print(f'{outs} switch-outs of {pattern}, {tot} preempted ({100*tot/max(outs,1):.1f}%); preempted by:')
for k, v in st.most_common(6):
    print(f'  {100*v/tot:5.1f}% {k}')
