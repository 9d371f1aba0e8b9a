#!/usr/bin/env python3
# Prints a compact per-run table from NAME.analysis.json (all runs) and the load during each.
import json, sys, glob, os
names = sys.argv[1:] or sorted(os.path.basename(p)[:-14] for p in glob.glob('/tmp/dbench-rec/dbench-ext4-*.analysis.json'))
for n in names:
    R = json.load(open(f'/tmp/dbench-rec/{n}.analysis.json'))
    a = open(f'/tmp/dbench-rec/{n}.stat-before').read().split(); b = open(f'/tmp/dbench-rec/{n}.stat-after').read().split()
    d = [int(y) - int(x) for x, y in zip(a[1:9], b[1:9])]
    busy = 100 * (d[0] + d[1] + d[2] + d[5] + d[6]) / sum(d)
    print(f'## {n}: clients={len(R["clients"])} ops={R["dbench_ops_total"]} Flush={R["dbench_flush_ops"]} MB/s={R["throughput_MBps"]} busy(all CPU, incl. dbench)={busy:.0f}%')
    for k in ['client_switch_outs', 'client_D_by_waker', 'client_S_by_waker', 'commits', 'commit_dur_us',
              'client_wakes_per_commit_hist', 'per_commit_real_spurious_hist', 'jbd2_client_wake_phase', 'end_commit_to_client_wake_us',
              'jbd2_client_wake_to_jbd2_next_switchout_us', 'jbd2_next_switchout_after_client_wake_state',
              'jbd2_R_switchout_after_client_wake_next_task', 'client_wake_to_next_start_commit_us_no_S_sleep_between',
              'client_wake_to_next_start_commit_us_S_sleep_between', 'jbd2_switch_outs', 'jbd2_mid_commit_D_per_commit_hist',
              'jbd2_mid_commit_S_per_commit_hist', 'jbd2_mid_commit_sleep_k', 'jbd2_mid_commit_sleep_wakers_total',
              'jbd2_idle_sleeps_per_commit_hist', 'jbd2_idle_sleep_wakers_total', 'fsyncs_traced', 'fsync_dur_us',
              'fsync_sleep_sequences_top', 'client_to_jbd2_wakes_total', 'client_to_jbd2_wakes_per_flush',
              'client_to_jbd2_wakes_per_commit', 'spurious_in_fsync', 'jbd2_woken_client_sleeps_outcome',
              'spurious_run_before_reblock_us', 'spurious_wake_to_switch_in_us', 'jbd2_run_stats_handle_count_med',
              'jbd2_run_stats_blocks_logged_med', 'swapper_switch_outs_on_cpu1']:
        print(f'  {k}: {json.dumps(R.get(k))}')
