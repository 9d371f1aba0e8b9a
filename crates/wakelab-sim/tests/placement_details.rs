//! Spec §15 off-by-ones and bookkeeping details, and each patch toggle at the exact place it
//! changes behaviour.

mod placement_support;

use placement_support::*;
use wakelab_sim::cpumask::Cpu;
use wakelab_sim::kernel::KernelVersion::{self, *};
use wakelab_sim::kernel::{PatchId, TopologyFlags};
use wakelab_sim::placement::snapshot::LoadedSnapshot;
use wakelab_sim::placement::{Rule, SdFlag, Verdict, update_idle_core, update_idle_cpu_scan};
use wakelab_sim::topology::{MachineShape, Numbering};

/// 8 CPUs, one LLC, p woken on CPU 2 by a task running there (target = prev = 2), small budget.
fn budget_case(v: KernelVersion, patches: &[PatchId], busy: &[Cpu]) -> LoadedSnapshot {
    let mut l = snap(shape(1, 1, 8, 1), cfg(v, patches), 2, 2);
    task_waker(&mut l);
    set_busy(&mut l, busy);
    for s in l.cpus.iter_mut() {
        s.avg_idle = 50_000;
        s.wake_avg_idle = 97;
    }
    l.state.avg_scan_cost.iter_mut().for_each(|x| *x = 200);
    l
}

#[test]
fn nr_formula_worked_example_40_cpu_llc() {
    // §7.3: avg_idle at the 1 ms cap → 1953; 40 CPUs → 78120; avg_scan_cost 999 (+1) → nr 78.
    let mut l = snap(shape(1, 1, 40, 1), cfg(V5_10, &[]), 2, 2);
    task_waker(&mut l);
    l.state.avg_scan_cost.iter_mut().for_each(|x| *x = 999);
    set_busy(&mut l, &(0..40).filter(|&c| c != 39).collect::<Vec<_>>());
    let o = run(&l);
    assert_eq!(o.value("nr"), Some(78));
    assert_eq!(o.d.cpu, 39, "whole LLC within budget");
}

#[test]
fn budget_examines_nr_minus_one_cpus() {
    // nr = 4 → 3 CPUs examined, the 4th iteration gives up.
    let o = run(&budget_case(V5_10, &[], &[0, 1, 3, 4, 6, 7]));
    let scan = o.idle_cpu_scan();
    assert_eq!(scan.len(), 4);
    assert_eq!(
        scan.iter()
            .filter(|x| x.1 != Verdict::BudgetExhausted)
            .count(),
        3
    );
    // With CPU 4 idle the third examined CPU is taken.
    let o = run(&budget_case(V5_10, &[], &[0, 1, 3, 6, 7]));
    assert_eq!(o.d.cpu, 4);
}

#[test]
fn cost_updated_only_when_scan_completes() {
    // Found: avg = 200 + (50 + 3*25 - 200)/8 = 200 - 9 (toward zero) = 191.
    let o = run(&budget_case(V5_10, &[], &[0, 1, 3, 6, 7]));
    assert_eq!(o.st.avg_scan_cost[2], 191);
    // Exhausted: unchanged (checked in scenario C); whole mask walked without SIS_PROP: updated.
    let mut c = cfg(V5_10, &[]);
    c.features.sis_prop = Some(false);
    let l = budget_case(V5_10, &[], &[0, 1, 3, 4, 5, 6, 7]);
    let o = rerun_with(&l, c);
    assert_eq!(o.d.rule, Rule::FallbackTarget);
    assert_eq!(o.idle_cpu_scan().len(), 8);
    assert_eq!(o.st.avg_scan_cost[2] as i64, 200 + (250 - 200) / 8);
}

#[test]
fn disallowed_cpus_consume_budget_in_4x_only() {
    let mut l = budget_case(V4_15, &[], &[0, 1, 6, 7]);
    l.task.allowed = mask(&[0, 1, 2, 5, 6, 7]);
    // CPUs 3 and 4 idle but not allowed; 5 idle and allowed.
    let o = run(&l);
    assert_eq!(
        o.idle_cpu_scan(),
        vec![
            (2, Verdict::Busy),
            (3, Verdict::NotAllowed),
            (4, Verdict::NotAllowed),
            (5, Verdict::BudgetExhausted)
        ]
    );
    assert_eq!(o.d.cpu, 2);
    let o = rerun_with(&l, cfg(V4_16, &[]));
    assert_eq!(o.d.cpu, 2);
    // 5.10: cpus = span ∩ allowed, so 3 and 4 are not in the loop.
    let o = rerun_with(&l, cfg(V5_10, &[]));
    assert_eq!(
        o.idle_cpu_scan(),
        vec![(2, Verdict::Busy), (5, Verdict::Idle)]
    );
    assert_eq!(o.d.cpu, 5);
}

#[test]
fn schedstat_increment_points_5_10_vs_forward_port() {
    // Same situation as scenario C on 5.12 (non-core mode): the forward port counts after the
    // budget test, so the exhausting iteration is not counted.
    let o = run(&budget_case(V5_12, &[], &[0, 1, 3, 4, 6, 7]));
    let s = o.this_stats(2);
    assert_eq!(
        (
            s.sis_search,
            s.sis_scanned,
            s.sis_domain_search,
            s.sis_failed
        ),
        (1, 4, 1, 1)
    );
    let o = run(&budget_case(V5_11, &[], &[0, 1, 3, 4, 6, 7]));
    assert_eq!(o.this_stats(2).sis_scanned, 5);
}

// ---- has_idle_cores

fn smt_machine(v: KernelVersion) -> LoadedSnapshot {
    snap(shape(1, 1, 4, 2), cfg(v, &[]), 1, 1)
}

#[test]
fn update_idle_core_sets_only_when_all_siblings_idle() {
    let mut l = smt_machine(V5_10);
    set_busy(&mut l, &[4]);
    let b = l.behaviour;
    let mut st = l.state.clone();
    update_idle_core(&l, &mut st, &b, 0); // sibling 4 busy
    assert!(!st.has_idle_cores[0]);
    update_idle_core(&l, &mut st, &b, 1); // sibling 5 idle
    assert!(st.has_idle_cores[0]);
    // No SMT: never set.
    let l = snap(shape(1, 1, 8, 1), cfg(V5_10, &[]), 1, 1);
    let mut st = l.state.clone();
    update_idle_core(&l, &mut st, &b, 1);
    assert!(!st.has_idle_cores[0]);
}

#[test]
fn failed_core_scan_clears_flag_and_success_keeps_it() {
    let mut l = smt_machine(V4_16);
    task_waker(&mut l);
    l.state.has_idle_cores[0] = true;
    let o = run(&l);
    // Core {2,6} is idle: select_idle_core returns 2 (first CPU of the core in wrap order).
    assert_eq!((o.d.cpu, o.d.rule), (2, Rule::IdleCore));
    assert!(o.st.has_idle_cores[0]);
    set_busy(&mut l, &[2, 3, 0]);
    let o = run(&l);
    assert!(!o.st.has_idle_cores[0]);
}

#[test]
fn four_x_core_scan_examines_every_sibling() {
    // 4.x has no early break: the sibling after a busy one is still examined (and counted).
    let mut l = smt_machine(V4_16);
    task_waker(&mut l);
    set_busy(&mut l, &[0, 2, 3]);
    l.state.has_idle_cores[0] = true;
    let o = run(&l);
    let o10 = rerun_with(&l, cfg(V5_10, &[]));
    assert_eq!(o.d.cpu, 4);
    assert_eq!(o10.d.cpu, 4);
    // 4.16: entry 1 + all 8 siblings + select_idle_cpu 1,2,3,4 = 13;
    // 5.10: entry 1 + {1} + {2} + {3} + {0} (early breaks) + 4 = 9.
    assert_eq!(o.this_stats(1).sis_scanned, 13);
    assert_eq!(o10.this_stats(1).sis_scanned, 9);
}

/// Two LLCs with SMT: waker on LLC 0 (CPU 0), p's prev in LLC 1, waker not allowed → target =
/// prev in LLC 1. Both flags set, LLC 1 fully busy.
fn cross_llc_case(v: KernelVersion, patches: &[PatchId]) -> LoadedSnapshot {
    // 1 socket, 2 LLCs x 2 cores x SMT-2: LLC0 = {0,1,4,5}, LLC1 = {2,3,6,7}.
    let mut l = snap(shape(1, 2, 2, 2), cfg(v, patches), 2, 0);
    task_waker(&mut l);
    set_busy(&mut l, &[2, 3, 6, 7]);
    l.task.allowed = mask(&[2, 3, 6, 7]);
    l.state.has_idle_cores = vec![true, true];
    l
}

#[test]
fn vanilla_5_12_clears_the_wakers_llc_flag() {
    let o = run(&cross_llc_case(V5_12, &[]));
    assert_eq!(
        o.st.has_idle_cores,
        vec![false, true],
        "bug: waker's LLC cleared"
    );
    let o = run(&cross_llc_case(V5_12, &[PatchId::IdleCoresClearTarget]));
    assert_eq!(o.st.has_idle_cores, vec![true, false]);
    let o = run(&cross_llc_case(V5_15, &[]));
    assert_eq!(o.st.has_idle_cores, vec![true, false]);
    let o = run(&cross_llc_case(V5_10, &[]));
    assert_eq!(o.st.has_idle_cores, vec![true, false]);
}

// ---- wake_affine details

/// Waker on CPU 4 (LLC 1) with 2 tasks, prev 1 (LLC 0) busy, equal loads, no WA_BIAS.
fn weight_case(v: KernelVersion, sync: bool) -> LoadedSnapshot {
    let mut c = cfg(v, &[]);
    c.features.wa_bias = Some(false);
    let mut l = snap(shape(1, 2, 4, 1), c, 1, 4);
    task_waker(&mut l);
    set_busy(&mut l, &[1]);
    l.cpus[4].nr_running = 2;
    for cpu in [1usize, 4] {
        l.cpus[cpu].load_avg = 1024;
        l.cpus[cpu].runnable_load_avg = 1024;
    }
    l.current.load_avg = 0;
    l.request.sync = sync;
    l
}

#[test]
fn wake_affine_weight_le_in_4x_strict_in_5x_sync_plus_one() {
    assert!(
        run(&weight_case(V4_15, false)).d.affine,
        "4.15 '<=' ties pull"
    );
    assert!(
        run(&weight_case(V4_16, false)).d.affine,
        "4.16 '<=' ties pull"
    );
    assert!(!run(&weight_case(V5_10, false)).d.affine, "5.10 strict '<'");
    assert!(
        run(&weight_case(V5_10, true)).d.affine,
        "5.10 sync +1 breaks the tie"
    );
}

#[test]
fn wake_affine_weight_sync_current_load_exceeds_this_load() {
    let mut l = weight_case(V4_16, true);
    l.current.load_avg = 5000;
    l.task.load_avg = 4000; // would otherwise lose
    assert!(run(&l).d.affine);
    // 5.x: an exiting waker's sync is ignored.
    let mut l = weight_case(V5_10, true);
    l.current.exiting = true;
    assert!(!run(&l).d.affine);
}

#[test]
fn wake_affine_idle_5_11_prev_idle_rule_3() {
    let mut l = weight_case(V5_10, false);
    l.cpus[1].nr_running = 0; // prev idle, other LLC
    let o = run(&l);
    // 5.10: rule 3 absent; weights: this 1024+0 vs prev (1024 load left)...: prev wins, prev idle.
    assert_eq!(o.d.cpu, 1);
    assert!(!o.d.affine);
    let o = rerun_with(&l, cfg(V5_11, &[]));
    assert_eq!(o.d.cpu, 1);
    assert!(
        o.d.affine,
        "returned by wake_affine_idle rule 3 (counted as move_affine)"
    );
    assert_eq!(o.this_stats(4).nr_wakeups_affine, 1);
}

#[test]
fn wake_wide_disables_affine() {
    let mut l = snap(shape(1, 1, 8, 1), cfg(V5_10, &[]), 1, 4);
    task_waker(&mut l);
    l.current.wakee_flips = 63; // master (64 after record_wakee)
    l.current.wakee_flip_decay_ts = l.snapshot.now_ns; // no decay
    l.task.wakee_flips = 8; // slave >= llc size 8, master >= 8*8
    let o = run(&l);
    assert!(!o.d.want_affine);
    l.task.wakee_flips = 7;
    assert!(run(&l).d.want_affine);
}

#[test]
fn record_wakee_halves_once_after_a_second() {
    let mut l = snap(shape(1, 1, 8, 1), cfg(V5_10, &[]), 1, 4);
    task_waker(&mut l);
    l.current.wakee_flips = 40;
    l.current.wakee_flip_decay_ts = 0; // now = 10 s: 10 seconds elapsed, still one halving
    l.current.last_wakee = Some(1);
    let o = run(&l);
    assert_eq!(o.cur.wakee_flips, 20);
    l.current.last_wakee = Some(9);
    l.current.wakee_flip_decay_ts = l.snapshot.now_ns - 1;
    assert_eq!(run(&l).cur.wakee_flips, 41);
}

#[test]
fn kthread_stacking_5_10_and_5_15_in_task() {
    let mut l = snap(shape(1, 1, 8, 1), cfg(V5_10, &[]), 3, 3);
    set_busy(&mut l, &[3]);
    l.cpus[3].per_cpu_kthread = true;
    l.current = wakelab_sim::placement::TaskPlacement::new(2, 3, mask(&[3]));
    let o = run(&l);
    assert_eq!((o.d.cpu, o.d.rule), (3, Rule::KthreadStack));
    assert_eq!(rerun_with(&l, cfg(V4_16, &[])).d.rule, Rule::IdleCpu);
    let mut l15 = with_kernel(&l, cfg(V5_15, &[]));
    assert_eq!(run(&l15).d.rule, Rule::KthreadStack);
    l15.request.in_task = false;
    assert_ne!(
        run(&l15).d.rule,
        Rule::KthreadStack,
        "5.15 requires in_task()"
    );
}

// ---- SIS_UTIL

#[test]
fn sis_util_nr_idle_scan_formula_and_early_exit() {
    let mut l = snap(shape(1, 1, 8, 1), cfg(V5_15, &[]), 2, 2);
    task_waker(&mut l);
    let mut st = l.state.clone();
    // 50 % average util: x = 512; tmp = 512²·117²/(10000·1024) = 350; y = 674; 674·8/1024 = 5.
    update_idle_cpu_scan(&l, &mut st, 0, 8 * 512);
    assert_eq!(st.nr_idle_scan[0], 5);
    update_idle_cpu_scan(&l, &mut st, 0, 8 * 1024);
    assert_eq!(st.nr_idle_scan[0], 0, "≈85 % and above: no scan");
    update_idle_cpu_scan(&l, &mut st, 0, 0);
    assert_eq!(st.nr_idle_scan[0], 8);
    // nr_idle_scan = 0 → select_idle_cpu returns at once.
    l.state.nr_idle_scan[0] = 0;
    set_busy(&mut l, &[3]);
    let o = run(&l);
    assert!(o.idle_cpu_scan().is_empty());
    assert_eq!(o.d.rule, Rule::FallbackTarget);
    // nr_idle_scan = 1 → exactly one CPU examined (target+1 = 3, busy) then give up.
    l.state.nr_idle_scan[0] = 1;
    let o = run(&l);
    assert_eq!(
        o.idle_cpu_scan(),
        vec![(3, Verdict::Busy), (4, Verdict::BudgetExhausted)]
    );
}

// ---- slow path

/// 1 socket x 3 LLCs x 2 cores, 4.15: DIE groups {0,1} (local), {2,3}, {4,5}. Fork on CPU 0.
#[test]
fn find_idlest_group_min_runnable_quirk() {
    let mut l = snap(shape(1, 3, 2, 1), cfg(V4_15, &[]), 0, 0);
    task_waker(&mut l);
    l.request.kind = SdFlag::Fork;
    l.task.is_new = true;
    set_busy(&mut l, &[0, 1, 2, 3, 4, 5]);
    // runnable per group (normalised by 2048 capacity): local 300, B 500, C 700 (imbalance 256).
    // avg: local 2000, B 2000, C 100.
    let set = |l: &mut LoadedSnapshot, cpus: [usize; 2], runnable: u64, avg: u64| {
        for c in cpus {
            l.cpus[c].runnable_load_avg = runnable;
            l.cpus[c].load_avg = avg;
        }
    };
    set(&mut l, [0, 1], 300, 2000);
    set(&mut l, [2, 3], 500, 2000);
    set(&mut l, [4, 5], 700, 100);
    let o = run(&l);
    assert_eq!(o.d.rule, Rule::SlowPath);
    // C wins on blocked load while min_runnable keeps B's 500 ≤ 300 + 256, so the final "clearly
    // more runnable than local" test passes; with C's own 700 it would have stayed local.
    assert!([4, 5].contains(&o.d.cpu), "chose CPU {}", o.d.cpu);
    assert_eq!(o.value("min_runnable_load"), Some(500));
}

/// pixel2-like: little CPUs 0-3 (446), big 4-7 (1024) with RT pressure (capacity_of 300).
fn rt_pressure_case(v: KernelVersion, patches: &[PatchId]) -> LoadedSnapshot {
    let m = MachineShape {
        sockets: 1,
        nodes_per_socket: 1,
        llcs_per_socket: 2,
        cores_per_llc: 4,
        smt: 1,
        numbering: Numbering::Linear,
        cluster_capacity: vec![446, 1024],
        numa_remote_distance: 21,
        numa_socket_distance: 11,
    };
    // Android/EAS topology flags: SD_ASYM_CPUCAPACITY at DIE, 4.x SD_BALANCE_WAKE below.
    let k = cfg(v, patches).with_topology_flags(TopologyFlags::AndroidEas);
    let mut l = snap(m, k, 1, 0);
    task_waker(&mut l);
    l.current.load_avg = 0;
    for c in 0..4 {
        l.cpus[c].util_avg = 100;
    }
    l.cpus[0].util_avg = 100;
    for c in 4..8 {
        l.cpus[c].capacity = 300;
        l.cpus[c].util_avg = 0;
    }
    // High-util task: wake_cap (446*1024 < 600*1280) → no affine → 4.x BALANCE_WAKE slow path.
    l.task.util_avg = 600;
    l
}

#[test]
fn capacity_spare_wake_ignores_rt_pressure_in_4_15_only() {
    let o = run(&rt_pressure_case(V4_15, &[]));
    assert_eq!(o.d.rule, Rule::SlowPath);
    assert!(
        o.d.cpu >= 4,
        "4.15 sees 1024 spare on the RT-busy big CPUs: {}",
        o.d.cpu
    );
    let o = run(&rt_pressure_case(V4_15, &[PatchId::RtIrqSpareCapacity]));
    assert!(
        o.d.cpu < 4,
        "patched: big spare is 300 - 0, local 446 - 100 wins: {}",
        o.d.cpu
    );
    let o = run(&rt_pressure_case(V4_16, &[]));
    assert!(o.d.cpu < 4);
    // Mainline 4.15 sets SD_ASYM_CPUCAPACITY nowhere (issue 24): wake_cap still refuses the
    // affine wake-up, but no level has SD_BALANCE_WAKE, so the fast path runs from prev and
    // the patch cannot change the answer.
    let l = rt_pressure_case(V4_15, &[]);
    let k = l
        .snapshot
        .kernel
        .with_topology_flags(TopologyFlags::Mainline);
    let o = rerun_with(&l, k);
    assert!(!o.d.want_affine);
    assert_eq!((o.d.cpu, o.d.rule), (1, Rule::TargetIdle));
    let o = rerun_with(&l, k.with(PatchId::RtIrqSpareCapacity));
    assert_eq!((o.d.cpu, o.d.rule), (1, Rule::TargetIdle));
}

#[test]
fn fork_takes_slow_path_to_an_idle_cpu_5x() {
    for v in [V4_16, V5_10, V5_15] {
        let mut l = snap(shape(2, 1, 4, 1), cfg(v, &[]), 0, 0);
        task_waker(&mut l);
        l.request.kind = SdFlag::Fork;
        l.task.is_new = true;
        set_busy(&mut l, &[1, 2, 3]);
        let o = run(&l);
        assert_eq!(o.d.rule, Rule::SlowPath, "{v}");
        assert!(o.d.cpu >= 4, "{v}: the idle socket: {}", o.d.cpu);
    }
}

// ---- patches at their footprint

#[test]
fn recent_used_cpu_patch_on_4_15() {
    let mut l = snap(shape(1, 1, 8, 1), cfg(V4_15, &[]), 1, 0);
    task_waker(&mut l);
    set_busy(&mut l, &[1, 2]);
    l.task.recent_used_cpu = 5;
    l.request.sync = true;
    let o = run(&l);
    assert_eq!(o.d.cpu, 3, "4.15: LLC scan from 0");
    let o = rerun_with(&l, cfg(V4_15, &[PatchId::RecentUsedCpu]));
    assert_eq!((o.d.cpu, o.d.rule), (5, Rule::RecentUsed));
    assert_eq!(o.p.recent_used_cpu, 1);
    assert_eq!(o.cur.recent_used_cpu, 0, "waker bookkeeping");
}

#[test]
fn recent_keep_prev_on_5_10() {
    let mut l = snap(shape(1, 1, 8, 1), cfg(V5_10, &[]), 1, 0);
    task_waker(&mut l);
    set_busy(&mut l, &[1, 5]);
    l.task.recent_used_cpu = 5; // busy → miss
    l.current.recent_used_cpu = 7;
    l.request.sync = true;
    let o = run(&l);
    assert_eq!((o.p.recent_used_cpu, o.cur.recent_used_cpu), (5, 0));
    let o = rerun_with(&l, cfg(V5_10, &[PatchId::RecentKeepPrev]));
    assert_eq!((o.p.recent_used_cpu, o.cur.recent_used_cpu), (1, 7));
}

#[test]
fn recent_as_target_moves_the_search_start() {
    // 5.10, no SMT: target 0 busy, prev 1 busy, recent 5 idle, CPU 2 idle too.
    let mut l = snap(shape(1, 1, 8, 1), cfg(V5_10, &[]), 1, 0);
    task_waker(&mut l);
    set_busy(&mut l, &[1]);
    l.task.recent_used_cpu = 5;
    l.request.sync = true;
    let o = rerun_with(&l, cfg(V5_10, &[PatchId::RecentAsTarget]));
    // r = 5 becomes target; select_idle_cpu starts at 5 and takes it.
    assert_eq!((o.d.cpu, o.d.rule), (5, Rule::IdleCpu));
    assert_eq!(o.p.recent_used_cpu, 1);
    // With SMT and an idle core elsewhere, the idle core still wins.
    let mut l = snap(
        shape(1, 1, 4, 2),
        cfg(V5_10, &[PatchId::RecentAsTarget]),
        1,
        0,
    );
    task_waker(&mut l);
    set_busy(&mut l, &[1, 6]); // cores {0,4} busy(0), {1,5} busy(1), {2,6} busy(6), {3,7} idle
    l.task.recent_used_cpu = 2; // idle thread of a busy core
    l.state.has_idle_cores[0] = true;
    l.request.sync = true;
    let o = run(&l);
    assert_eq!((o.d.cpu, o.d.rule), (3, Rule::IdleCore));
}

#[test]
fn clear_target_from_scan_saves_one_budget_unit() {
    let l = budget_case(V5_10, &[], &[0, 1, 3, 4, 6, 7]);
    let o = rerun_with(&l, cfg(V5_10, &[PatchId::ClearTargetFromScan]));
    assert_eq!(
        o.idle_cpu_scan(),
        vec![(3, Verdict::Busy), (4, Verdict::Busy), (5, Verdict::Idle)]
    );
    assert_eq!(o.d.cpu, 5);
}

#[test]
fn account_search_cost_updates_cost_on_failure() {
    let l = budget_case(V5_10, &[], &[0, 1, 3, 4, 6, 7]);
    let o = rerun_with(&l, cfg(V5_10, &[PatchId::AccountSearchCost]));
    assert_eq!(o.d.rule, Rule::FallbackTarget);
    // 3 runqueues examined before exhaustion (no SMT scan): 50 + 75 = 125.
    assert_eq!(o.st.avg_scan_cost[2] as i64, 200 + (125 - 200) / 8);
}

#[test]
fn idle_candidate_skips_the_second_scan() {
    // 5.10 SMT-2: target 0 busy; core {1,5}: 1 idle, 5 busy → candidate 1.
    let mut l = snap(shape(1, 1, 4, 2), cfg(V5_10, &[]), 0, 0);
    task_waker(&mut l);
    set_busy(&mut l, &[4, 5, 2, 3, 7]);
    l.state.has_idle_cores[0] = true;
    let base = run(&l);
    let o = rerun_with(&l, cfg(V5_10, &[PatchId::IdleCandidate]));
    assert_eq!((o.d.cpu, o.d.rule), (1, Rule::IdleCandidate));
    assert!(o.idle_cpu_scan().is_empty());
    assert_eq!(base.d.cpu, 1);
    assert_eq!(base.d.rule, Rule::IdleCpu);
    assert!(o.this_stats(0).sis_scanned < base.this_stats(0).sis_scanned);
}

/// The T5 preset (Pixel 2) keeps the Android/EAS topology flags it ran with before the option
/// existed: SD_ASYM_CPUCAPACITY at DIE, SD_BALANCE_WAKE on DIE and MC (docs/placement.md).
#[test]
fn t5_preset_runs_with_android_eas_topology_flags() {
    use wakelab_sim::topology::{SchedDomains, SdFlags, Topology};
    let exp = wakelab_sim::presets::experiment("t5").unwrap();
    for var in &exp.variants {
        let k = var.kernel.unwrap_or(exp.scenario.kernel);
        assert_eq!(k.topology_flags, TopologyFlags::AndroidEas);
        let t = Topology::new(&exp.scenario.machine.shape).unwrap();
        let sd = SchedDomains::build(&t, k.version, k.topology_flags);
        assert_eq!(sd.asym_level, Some(1));
        assert!(sd.levels.iter().all(|l| l.flags.has(SdFlags::BALANCE_WAKE)));
    }
}
