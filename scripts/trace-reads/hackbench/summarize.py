#!/usr/bin/env python3
"""Usage: summarize.py DIR   -- one line per NAME.analysis.json (analyze.py's output) in DIR or
DIR/runs, the model's line from DIR[/model]/model-*.analysis.json (model_analyze.py), and one line per
bpftrace output DIR/bpf/*.bpftrace.txt (rec-bpf.sh). Stdlib only. Column notes:
  senders on their CPU: the share of the senders' CPU time spent on the CPU where they run most;
  local wake -> waker preempted: with syscall events, the sender is preempted before its next write();
    without, its next switch-out is a preemption;
  snd preempt cause: what set need-resched before the sender's preemption (analyze.py's docstring)."""
import json, sys, glob, os

d = sys.argv[1]

def f(x, n=1, pct=False):
    if x is None: return '-'
    return f'{100 * x:.{n}f}%' if pct else f'{x:.{n}f}'

def sep(R):
    # partition: the share of the senders' CPU time spent on the CPU where senders run most
    c = R['cpu_share_in_data_span_per_cpu']
    s0, s1 = c.get('cpu0:sender', 0), c.get('cpu1:sender', 0)
    r0, r1 = c.get('cpu0:receiver', 0), c.get('cpu1:receiver', 0)
    return max(s0, s1) / (s0 + s1) if s0 + s1 else None, (s0, r0, s1, r1)

rows = []
hdr = ('run', 'syscalls', 'preempted', 'snd preempted', 'rcv woken local', 'senders on their CPU',
       'cpu0 snd/rcv', 'cpu1 snd/rcv', 'rcv lat p50 local/other us', 'rcv burst p50/p90 us', 'reads/wake p50/p90/mean',
       'local wake -> waker preempted', 'local wake set N', 'snd preempt cause wake-here/other-cpu/tick', 'foreign')
print('| ' + ' | '.join(hdr) + ' |'); print('|' + '---|' * len(hdr))
for p in sorted(glob.glob(os.path.join(d, '*.analysis.json')) + glob.glob(os.path.join(d, 'runs', '*.analysis.json'))):
    if os.path.basename(p).startswith('model-'): continue
    R = json.load(open(p)); n = os.path.basename(p).replace('.analysis.json', '')
    so = R['switch_outs']; rw = R['receiver_wakeups_by_senders']; cy = R['receiver_wake_cycles']
    sp, (s0, r0, s1, r1) = sep(R)
    lw = R['sender_local_receiver_wakes']
    # with syscalls: "preempted before its next write"; without: "its next switch-out is a preemption"
    lwp = lw['preempted_before_next_write_share'] if R['have_syscall_events'] else (lw['outcome'].get('preempted', 0) / lw['n'] if lw['n'] else None)
    cause = R['sender_segments']['preempted']['cause']; np_ = R['sender_segments']['preempted']['n']
    here = cause.get('wakeup_on_this_cpu', 0); other = sum(v for k, v in cause.items() if k.startswith('ipi_from_other') or k == 'reschedule_entry')
    tick = cause.get('local_timer_entry', 0)
    rb = cy.get('first_run_to_block_us', {})
    reads = cy['reads_until_block'] if R['have_syscall_events'] else None
    foreign = R['cpu_share_in_data_span'].get('other', 0)
    print('| ' + ' | '.join([
        n, 'yes' if R['have_syscall_events'] else 'no',
        f(so['all_hackbench_threads']['preempted_share'], 1, True), f(so['sender']['preempted_share'], 1, True),
        f(rw['local_share'], 1, True), f(sp, 1, True), f'{100*s0:.0f}/{100*r0:.0f}%', f'{100*s1:.0f}/{100*r1:.0f}%',
        f"{f(rw['latency_us_local'].get('p50'))} / {f(rw['latency_us_other_cpu'].get('p50'))}",
        f"{f(rb.get('p50'))} / {f(rb.get('p90'))}",
        f"{reads['p50']} / {reads['p90']} / {reads['mean']:.1f}" if reads else '-',
        f(lwp, 1, True), f(lw['wake_set_need_resched_share'], 1, True),
        f'{100*here/np_:.0f} / {100*other/np_:.0f} / {100*tick/np_:.1f}%' if np_ else '-',
        f(foreign, 1, True)]) + ' |')
for p in sorted(glob.glob(os.path.join(d, 'model-*.analysis.json')) + glob.glob(os.path.join(d, 'model', 'model-*.analysis.json'))):
    M = json.load(open(p)); c = M['cpu_share_per_cpu']
    s0, s1 = c.get('cpu0:sender', 0), c.get('cpu1:sender', 0); r0, r1 = c.get('cpu0:receiver', 0), c.get('cpu1:receiver', 0)
    b = M['receiver_burst_us_cpu_time_wake_to_block']
    print('| ' + ' | '.join([os.path.basename(p).replace('.analysis.json', ''), 'model', f(M['preempted_share_all'], 1, True),
        f(M['sender_preempted_share'], 1, True), f(M['receiver_wakes_by_senders']['local_share'], 1, True),
        f(max(s0, s1) / (s0 + s1), 1, True), f'{100*s0:.0f}/{100*r0:.0f}%', f'{100*s1:.0f}/{100*r1:.0f}%', '-',
        f"{f(b['p50'])} / {f(b['p90'])} (CPU time)", '-', '-', '-', '-', '-']) + ' |')

# ---- bpftrace outputs (rec-bpf.sh / eevdf.bt) in DIR/bpf/*.bpftrace.txt
import re, collections
bp = sorted(glob.glob(os.path.join(d, 'bpf', '*.bpftrace.txt')))
if bp:
    print()
    print('| bpftrace run | Time | local wakes (hackbench->hackbench) | waker ineligible | ... of which N set | waker eligible (protected) | ... of which N set | local wakes with N set | remote wakes | remote: curr eligible+protected | remote: curr ineligible | remote: no curr | wakee eligible after placement (local/remote) | blocks as delayed dequeue | wakee delayed at waking |')
    print('|' + '---|' * 15)
for p in bp:
    t = open(p).read()
    tm = re.search(r'Time: ([\d.]+)', t)
    loc = collections.Counter(); rem = collections.Counter(); blk = collections.Counter(); wk = collections.Counter()
    for m in re.finditer(r'^@(local|remote|block_delayed|waking_wakee_delayed_onrq)\[([^\]]*)\]: (\d+)', t, re.M):
        k = tuple(int(x) for x in m.group(2).split(', ')); v = int(m.group(3))
        {'local': loc, 'remote': rem, 'block_delayed': blk, 'waking_wakee_delayed_onrq': wk}[m.group(1)][k] += v
    nl = sum(loc.values()); nr = sum(rem.values())
    inel = sum(v for k, v in loc.items() if k[0] == 0); inel_n = sum(v for k, v in loc.items() if k[0] == 0 and k[3] == 1)
    el = sum(v for k, v in loc.items() if k[0] == 1); el_n = sum(v for k, v in loc.items() if k[0] == 1 and k[3] == 1)
    elp = sum(v for k, v in loc.items() if k[0] == 1 and k[1] == 1)
    nset = sum(v for k, v in loc.items() if k[3] == 1)
    ce = sum(v for k, v in rem.items() if len(k) == 4 and k[2] == 1 and k[3] == 1)
    ci = sum(v for k, v in rem.items() if len(k) == 4 and k[2] == 0)
    cn = sum(v for k, v in rem.items() if len(k) == 4 and k[2] == 2)
    pl = sum(v for k, v in loc.items() if k[2] == 1); pr = sum(v for k, v in rem.items() if k[0] == 1)
    pc = lambda a, b: f'{100*a/b:.1f}%' if b else '-'
    print('| ' + ' | '.join([os.path.basename(p).replace('.bpftrace.txt', ''), tm.group(1) if tm else '-', f'{nl} ({pc(nl, nl+nr)})',
        pc(inel, nl), pc(inel_n, inel), f'{pc(el, nl)} ({pc(elp, el)})', pc(el_n, el), pc(nset, nl), str(nr),
        pc(ce, nr) if any(len(k) == 4 for k in rem) else 'n/a', pc(ci, nr) if any(len(k) == 4 for k in rem) else 'n/a',
        pc(cn, nr) if any(len(k) == 4 for k in rem) else 'n/a', f'{pc(pl, nl)} / {pc(pr, nr)}',
        pc(blk[(1,)], sum(blk.values())), pc(sum(v for k, v in wk.items() if k[0] == 1), sum(wk.values()))]) + ' |')

# ---- lag histograms (eevdf.bt's lhist maps, 5 us buckets, [100, ...) the last)
def lh(t, name):
    m = re.search(r'^@' + name + r': \n((?:\[.*\n)+)', t, re.M)
    if not m: return None
    c = {}
    for l in m.group(1).splitlines():
        mm = re.match(r'\[(\d+), (\d+|\.\.\.)\)\s+(\d+)', l)
        if mm: c[int(mm.group(1))] = int(mm.group(3))
    return c
rows2 = []
for p in bp:
    t = open(p).read()
    wp, wn = lh(t, 'wakee_vlag_us_pos'), lh(t, 'wakee_vlag_us_neg')
    cp, cn = lh(t, 'remote_curr_lag_us_pos'), lh(t, 'remote_curr_lag_us_neg')
    ran = lh(t, 'remote_curr_ran_us')
    if not wp: continue
    tot = lambda h: sum(h.values()) if h else 0
    nw = tot(wp) + tot(wn); nc = tot(cp) + tot(cn)
    rows2.append('| ' + ' | '.join([os.path.basename(p).replace('.bpftrace.txt', ''),
        f'{100*tot(wp)/nw:.1f}%', f'{100*wp.get(100,0)/nw:.1f}%', f'{100*(wn or {}).get(100,0)/nw:.1f}%',
        f'{100*tot(cp)/nc:.1f}%' if nc else '-', f'{100*cp.get(100,0)/nc:.1f}%' if nc else '-',
        f'{100*ran.get(0,0)/tot(ran):.1f}%' if ran else '-']) + ' |')
if rows2:
    print()
    print('| bpftrace run | wakee vlag >= 0 at sched_waking | wakee vlag >= 100 us | wakee vlag <= -100 us | remote wake-up: running entity lag >= 0 | ... >= 100 us | ... it ran < 5 us since picked |')
    print('|' + '---|' * 7)
    print('\n'.join(rows2))
