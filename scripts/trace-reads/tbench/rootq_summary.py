#!/usr/bin/env python3
"""Summarise rootq.bt recordings: rootq_summary.py DIR RUN... -> DIR/summary.json (and stdout).
Shares are of the role's local wake-ups (role 0 client tbench, 1 server tbench_srv)."""
import json, re, sys, collections
D = sys.argv[1]; runs = sys.argv[2:]
KEY = re.compile(r'^@(\w+)\[(.*)\]: (\d+)$')
def parse(path):
    m = collections.defaultdict(dict); hist = None
    for line in open(path):
        line = line.rstrip('\n')
        if re.match(r'^@nrq\[(\d)\]:', line):
            hist = int(line[5]); m['nrq'][hist] = {}; continue
        h = re.match(r'^\[(\d+), (\d+)\)\s+(\d+)', line)
        if h and hist is not None:
            m['nrq'][hist][int(h.group(1))] = int(h.group(3)); continue
        k = KEY.match(line)
        if k:
            hist = None
            m[k.group(1)][tuple(x.strip() for x in k.group(2).split(', '))] = int(k.group(3))
    return m
out = {}
for run in runs:
    m = parse(f'{D}/c4-rq-{run}.bpftrace.txt'); o = {}
    for r in (0, 1):
        R = str(r)
        n = sum(v for k, v in m['curr'].items() if k[0] == R)
        sh = lambda x: round(100.0 * x / n, 1)
        nrq = m['nrq'][r]
        mix = {k: v for k, v in m['mix'].items() if k[0] == R}
        walk = {k: v for k, v in m['walk'].items() if k[0] == R}
        pres = collections.Counter()
        for k, v in m['ent_task'].items():
            if k[0] == R: pres[k[1]] += v
        left = collections.Counter()
        for k, v in m['left_task'].items():
            if k[0] == R: left['task ' + k[1]] += v
        for k, v in m['left_grp'].items():
            if k[0] == R: left['group (' + k[1] + ')'] += v
        for k, v in m['left'].items():
            if k[0] == R and k[1] == '0': left['empty tree'] += v
        o['client' if r == 0 else 'server'] = {
            'local_wakeups': n,
            'root_nr_queued_ge2': sh(sum(v for q, v in nrq.items() if q >= 2)),
            'root_nr_queued': {str(q): sh(nrq.get(q, 0)) for q in range(1, 5)} | {'5+': sh(sum(v for q, v in nrq.items() if q >= 5))},
            'curr_is_waker_group': sh(sum(v for k, v in m['curr'].items() if k[0] == R and k[1] == '1')),
            'next_is_waker_group': sh(sum(v for k, v in m['next'].items() if k[0] == R and k[1] == '1')),
            'walk_complete': sh(sum(v for k, v in walk.items() if k[3] == '1')),
            'ge1_root_task': sh(sum(v for k, v in mix.items() if int(k[3]) >= 1)),
            'mean_root_tasks_walked': round(sum(int(k[3]) * v for k, v in mix.items()) / n, 2),
            'other_group_entity': sh(sum(v for k, v in mix.items() if int(k[2]) >= 1)),
            'delayed_root_entity': sh(sum(v for k, v in mix.items() if int(k[4]) >= 1)),
            'leftmost_delayed': sh(sum(v for k, v in m['left'].items() if k[0] == R and k[2] == '1')),
            'leftmost': {c: sh(v) for c, v in left.most_common(6)},
            'root_task_present': {c: sh(v) for c, v in pres.most_common()},
            'other_group': {f'{k[1]} delayed={k[2]} h_nr_queued={k[3]}': sh(v) for k, v in m['ent_grp'].items() if k[0] == R},
        }
    o['root_run_ms'] = {f'cpu{k[0]} {k[2]}': round(v / 1000, 2) for k, v in sorted(m['run_us'].items(), key=lambda kv: -kv[1]) if k[1] == '1'}
    o['group_run_ms'] = {f'cpu{k[0]} {k[2]}': round(v / 1000, 2) for k, v in sorted(m['run_us'].items(), key=lambda kv: -kv[1]) if k[1] == '0'}
    o['se_off_ok'] = m['se_off_ok']; o['waker_in_root'] = sum(m['waker_in_root'].values())
    o['se_off_ok'] = {k[0]: v for k, v in m['se_off_ok'].items()}
    out[run] = o
json.dump(out, open(f'{D}/summary.json', 'w'), indent=1)
print(json.dumps(out, indent=1))
