//! Spec §16 worked scenarios A-D, each version the spec names.

mod placement_support;

use expect_test::expect;
use placement_support::*;
use wakelab_sim::kernel::KernelVersion::*;
use wakelab_sim::kernel::PatchId;
use wakelab_sim::placement::snapshot::render_text;
use wakelab_sim::placement::{Rule, Verdict};

// ---- A. "Do not migrate if prev is idle" (4.15 vs 4.16)

#[test]
fn a_4_15_idle_waker_pulls_from_idle_prev() {
    let l = snap(shape(1, 1, 8, 1), cfg(V4_15, &[]), 2, 5);
    let o = run(&l);
    assert_eq!(o.d.cpu, 5);
    assert_eq!(o.d.rule, Rule::TargetIdle);
    assert!(o.d.affine);
    // 4.15 has no recent_used_cpu bookkeeping.
    assert_eq!(o.cur.recent_used_cpu, 5, "idle task default, unchanged");
}

#[test]
fn a_4_16_prev_idle_keeps_task_and_waker_records_recent() {
    let mut l = snap(shape(1, 1, 8, 1), cfg(V4_16, &[]), 2, 5);
    l.current.recent_used_cpu = 7;
    let o = run(&l);
    assert_eq!(o.d.cpu, 2);
    assert_eq!(
        o.d.rule,
        Rule::TargetIdle,
        "wake_affine returned prev; SIS finds it idle"
    );
    // Side effect: CPU 5's idle task gets recent_used_cpu = 5.
    assert_eq!(o.cur.recent_used_cpu, 5);
    expect![[r#"
        kernel 4.16
        select_task_rq_fair()
          wake_wide: no
          cpu in p->cpus_allowed [CPU 5]: yes
          want_affine: yes
          affine_sd level = 0
          wake_affine()
            wake_affine_idle()
              idle(this_cpu) [CPU 5]: yes
              cpus_share_cache(this_cpu, prev_cpu): yes
              idle(prev_cpu) [CPU 2]: yes
            <- wake_affine_idle = CPU 2
          <- wake_affine = CPU 2
          select_idle_sibling()
            idle(target) [CPU 2]: yes
            => rule TargetIdle: CPU 2
          <- select_idle_sibling = CPU 2
          current.recent_used_cpu := 5
        <- select_task_rq_fair = CPU 2
        result: CPU 2 (rule TargetIdle, affine true, runqueues read 3)
        changes:
          current.recent_used_cpu: 7 -> 5
          current.wakee_flips: 0 -> 1
          current.wakee_flip_decay_ts: 0 -> 10000000000
          current.last_wakee: None -> Some(1)
        schedstats: search +1 scanned +1 domain_search +0 failed +0 recent_hit +0 recent_miss +0 affine_attempts +1 affine +1
    "#]]
    .assert_eq(&render_text(&l.decide()));
}

#[test]
fn a_4_15_plus_prev_idle_patch_matches_4_16() {
    let l = snap(
        shape(1, 1, 8, 1),
        cfg(
            V4_15,
            &[PatchId::WakeAffineReturnCpu, PatchId::PrevIdleNoMigrate],
        ),
        2,
        5,
    );
    assert_eq!(run(&l).d.cpu, 2);
}

#[test]
fn a_waker_in_another_llc() {
    // CPU 5 in LLC 1 (4-7), prev 2 in LLC 0; both idle. p has some load so that
    // wake_affine_weight does not pull (this_eff = tl*100*cap > prev_eff = -tl*...).
    let mut l = snap(shape(1, 2, 4, 1), cfg(V4_15, &[]), 2, 5);
    l.task.load_avg = 100;
    // 4.15: idle waker wins without a cache test.
    assert_eq!(run(&l).d.cpu, 5);
    // 4.16 and 5.10: fall through to sync/weight: weight says stay → prev (idle) → 2.
    for v in [V4_16, V5_10] {
        let o = rerun_with(&l, cfg(v, &[]));
        assert_eq!(o.d.cpu, 2, "{v}");
        assert!(!o.d.affine, "{v}: weight test keeps prev");
    }
    // 5.11+: rule 3 returns prev before the weights (counted as affine).
    for v in [V5_11, V5_12, V5_15] {
        let o = rerun_with(&l, cfg(v, &[]));
        assert_eq!(o.d.cpu, 2, "{v}");
        assert!(o.d.affine, "{v}: prev returned by wake_affine_idle rule 3");
    }
}

// ---- B. recent_used_cpu bookkeeping

/// p.recent_used_cpu = 3, prev = 1 (busy), target = 0 (busy, via sync wake from a task on 0).
fn scenario_b(v: wakelab_sim::kernel::KernelVersion, recent_idle: bool) -> Out {
    let mut l = snap(shape(1, 1, 8, 1), cfg(v, &[]), 1, 0);
    task_waker(&mut l);
    set_busy(&mut l, &[1]);
    if !recent_idle {
        set_busy(&mut l, &[3]);
    }
    l.task.recent_used_cpu = 3;
    l.current.recent_used_cpu = 6;
    l.request.sync = true;
    run(&l)
}

#[test]
fn b_recent_hit_sets_prev_all_versions() {
    for v in [V4_16, V5_10, V5_11, V5_12, V5_15] {
        let o = scenario_b(v, true);
        assert_eq!(o.d.cpu, 3, "{v}");
        assert_eq!(o.d.rule, Rule::RecentUsed, "{v}");
        assert_eq!(o.p.recent_used_cpu, 1, "{v}");
        assert_eq!(o.this_stats(0).sis_recent_hit, 1, "{v}");
        // The waker (task 2 on CPU 0) records CPU 0 in 4.16-5.12, not in 5.15.
        let expect = if v == V5_15 { 6 } else { 0 };
        assert_eq!(o.cur.recent_used_cpu, expect, "{v}");
    }
    // 4.15 has no recent check: the LLC scan from target 0 finds CPU 2 first.
    let o = scenario_b(V4_15, true);
    assert_eq!(o.d.cpu, 2);
    assert_eq!(o.p.recent_used_cpu, 3);
}

#[test]
fn b_recent_miss_timing_per_version() {
    for v in [V4_16, V5_10, V5_11, V5_12] {
        let o = scenario_b(v, false);
        assert_eq!(o.d.cpu, 2, "{v}: LLC scan from 0: 0 busy, 1 busy, 2 idle");
        assert_eq!(o.p.recent_used_cpu, 3, "{v}: unchanged on a miss");
        assert_eq!(o.this_stats(0).sis_recent_miss, 1, "{v}");
    }
    let o = scenario_b(V5_15, false);
    // 5.15 scans from target+1 = 1 (busy), 2 idle.
    assert_eq!(o.d.cpu, 2);
    assert_eq!(o.p.recent_used_cpu, 1, "5.15 sets prev unconditionally");
}

#[test]
fn b_waker_records_its_cpu_4_16_to_5_12_not_5_15() {
    for v in [V4_16, V5_10, V5_11, V5_12, V5_15] {
        let mut l = snap(shape(1, 1, 8, 1), cfg(v, &[]), 1, 4);
        task_waker(&mut l);
        l.current.recent_used_cpu = 6;
        let o = run(&l);
        assert!(o.d.want_affine);
        let expect = if v == V5_15 { 6 } else { 4 };
        assert_eq!(o.cur.recent_used_cpu, expect, "{v}");
    }
    // Not when want_affine is false (waker CPU not allowed).
    let mut l = snap(shape(1, 1, 8, 1), cfg(V4_16, &[]), 1, 4);
    task_waker(&mut l);
    l.current.recent_used_cpu = 6;
    l.task.allowed = mask(&[0, 1, 2, 3]);
    let o = run(&l);
    assert!(!o.d.want_affine);
    assert_eq!(o.cur.recent_used_cpu, 6);
}

// ---- C. SIS_PROP budget

/// target = prev = 2 busy (woken from CPU 2), CPUs 0-4,6,7 busy, 5 idle, nr = 4:
/// avg_idle 50 µs → 97; span_avg = 8*97 = 776 ≤ 4*(200+1) → nr = 4.
fn scenario_c(
    v: wakelab_sim::kernel::KernelVersion,
    patches: &[PatchId],
) -> placement_support::Out {
    let mut l = snap(shape(1, 1, 8, 1), cfg(v, patches), 2, 2);
    task_waker(&mut l);
    set_busy(&mut l, &[0, 1, 3, 4, 6, 7]);
    for c in 0..8 {
        l.cpus[c].avg_idle = 50_000;
        l.cpus[c].wake_avg_idle = 97;
    }
    l.state.avg_scan_cost.iter_mut().for_each(|x| *x = 200);
    run(&l)
}

#[test]
fn c_budget_exhausted_before_idle_cpu_4_15_to_5_11() {
    for v in [V4_15, V4_16, V5_10, V5_11] {
        let o = scenario_c(v, &[]);
        assert_eq!(o.value("nr"), Some(4), "{v}");
        assert_eq!(
            o.idle_cpu_scan(),
            vec![
                (2, Verdict::Busy),
                (3, Verdict::Busy),
                (4, Verdict::Busy),
                (5, Verdict::BudgetExhausted)
            ],
            "{v}: wasted first check of target, CPU 5 never examined"
        );
        assert_eq!(o.d.cpu, 2, "{v}: stack on target");
        assert_eq!(o.d.rule, Rule::FallbackTarget);
        assert_eq!(
            o.st.avg_scan_cost[2], 200,
            "{v}: cost not updated on exhaustion"
        );
        let s = o.this_stats(2);
        assert_eq!(
            (
                s.sis_search,
                s.sis_scanned,
                s.sis_domain_search,
                s.sis_failed
            ),
            (1, 5, 1, 1),
            "{v}"
        );
    }
}

#[test]
fn c_5_15_scans_from_target_plus_one() {
    let mut c = cfg(V5_15, &[]);
    c.features.sis_prop = Some(true);
    c.features.sis_util = Some(false);
    let mut l = snap(shape(1, 1, 8, 1), c, 2, 2);
    task_waker(&mut l);
    set_busy(&mut l, &[0, 1, 3, 4, 6, 7]);
    for s in l.cpus.iter_mut() {
        s.wake_avg_idle = 97;
    }
    l.state.avg_scan_cost.iter_mut().for_each(|x| *x = 200);
    let o = run(&l);
    assert_eq!(
        o.idle_cpu_scan(),
        vec![(3, Verdict::Busy), (4, Verdict::Busy), (5, Verdict::Idle)]
    );
    assert_eq!(o.d.cpu, 5);
    // Completed scan: cost updated with 3 examined runqueues (50 + 3*25 = 125 ns) and the
    // wake_avg_idle consumption reported to the engine.
    assert_eq!(o.st.avg_scan_cost[2] as i64, 200 + (125 - 200) / 8);
    assert_eq!(o.d.wake_avg_idle_used, 97);
}

// ---- D. Idle-core search vs merged scan (SMT-2)

/// LLC 0-7, cores {0,4},{1,5},{2,6},{3,7}; has_idle_cores stale = 1; busy 0,1,2,3,6,7; idle 4,5;
/// target = prev = 1 (woken from CPU 1 by a task there).
fn scenario_d(v: wakelab_sim::kernel::KernelVersion, patches: &[PatchId]) -> LoadedSnapshotD {
    let mut l = snap(shape(1, 1, 4, 2), cfg(v, patches), 1, 1);
    task_waker(&mut l);
    set_busy(&mut l, &[0, 2, 3, 6, 7]);
    l.state.has_idle_cores[0] = true;
    l
}
type LoadedSnapshotD = wakelab_sim::placement::snapshot::LoadedSnapshot;

#[test]
fn d_5_10_core_scan_fails_then_cpu_scan_finds_4() {
    let l = scenario_d(V5_10, &[]);
    let o = run(&l);
    assert_eq!(o.d.cpu, 4);
    assert_eq!(o.d.rule, Rule::IdleCpu);
    assert!(!o.st.has_idle_cores[0], "cleared by the failed core scan");
    expect![[r#"
        kernel 5.10
        select_task_rq_fair()
          wake_wide: no
          cpu in p->cpus_allowed [CPU 1]: yes
          want_affine: yes
          affine_sd level = 0
          select_idle_sibling()
            idle(target) [CPU 1]: no
            recent_used_cpu != prev && != target && shares cache with target [CPU 1]: no
            has_idle_cores (target's LLC) [CPU 1]: yes
            select_idle_core()
              CPU 1: busy (core not idle)
              CPU 2: busy (core not idle)
              CPU 3: busy (core not idle)
              CPU 0: busy (core not idle)
              has_idle_cores [LLC of CPU 1] := 0
            <- select_idle_core = none
            select_idle_cpu()
              avg_idle/512 = 1953
              avg_cost = 1
              nr = 15624
              CPU 1: busy
              CPU 2: busy
              CPU 3: busy
              CPU 4: idle -> take
              this_sd.avg_scan_cost := 18
            <- select_idle_cpu = CPU 4
            => rule IdleCpu: CPU 4
          <- select_idle_sibling = CPU 4
          current.recent_used_cpu := 1
        <- select_task_rq_fair = CPU 4
        result: CPU 4 (rule IdleCpu, affine false, runqueues read 9)
        changes:
          current.wakee_flips: 0 -> 1
          current.wakee_flip_decay_ts: 0 -> 10000000000
          current.last_wakee: None -> Some(1)
          has_idle_cores[llc 0]: true -> false
          avg_scan_cost[cpu 1]: 0 -> 18
        schedstats: search +1 scanned +9 domain_search +1 failed +0 recent_hit +0 recent_miss +0 affine_attempts +0 affine +0
    "#]]
    .assert_eq(&render_text(&l.decide()));
}

#[test]
fn d_5_10_small_budget_falls_to_select_idle_smt_5() {
    let mut l = scenario_d(V5_10, &[]);
    for s in l.cpus.iter_mut() {
        s.avg_idle = 50_000;
    }
    l.state.avg_scan_cost.iter_mut().for_each(|x| *x = 200);
    let o = run(&l);
    assert_eq!(o.value("nr"), Some(4));
    assert_eq!(o.d.cpu, 5);
    assert_eq!(o.d.rule, Rule::IdleSmt);
}

#[test]
fn d_idle_candidate_v2_same_as_5_10() {
    let o = run(&scenario_d(V5_10, &[PatchId::IdleCandidate]));
    assert_eq!(
        o.d.cpu, 4,
        "no candidate: {{1,5}} breaks at 1, {{0,4}} at 0"
    );
    assert_eq!(o.d.rule, Rule::IdleCpu);
}

#[test]
fn d_idle_candidate_v1_returns_busy_cpu() {
    // v1 bug: the first allowed sibling (busy CPU 1) becomes the candidate.
    let o = run(&scenario_d(V5_10, &[PatchId::IdleCandidateV1]));
    assert_eq!(o.d.rule, Rule::IdleCandidate);
    assert_eq!(o.d.cpu, 1);
}

#[test]
fn d_5_12_merged_scan_returns_5_no_budget() {
    let mut l = scenario_d(V5_12, &[]);
    // A tiny budget would stop a non-core scan; core mode ignores it.
    for s in l.cpus.iter_mut() {
        s.avg_idle = 50_000;
    }
    l.state.avg_scan_cost.iter_mut().for_each(|x| *x = 200);
    let o = run(&l);
    assert_eq!(o.d.cpu, 5);
    assert_eq!(o.d.rule, Rule::IdleCandidate);
    assert!(!o.st.has_idle_cores[0]);
    assert_eq!(
        o.st.avg_scan_cost[1], 200,
        "no cost accounting in core mode"
    );
    // 5.12.y (both backports) agrees.
    let y = [PatchId::SelectIdleSmtPrev, PatchId::IdleCoresClearTarget];
    assert_eq!(rerun_with(&l, cfg(V5_12, &y)).d.cpu, 5);
    // 5.15 starts the core scan at target+1 = 2: {2,6}, {3,7} busy, then core {0,4} offers the
    // idle thread 4 first.
    let o = rerun_with(&l, cfg(V5_15, &[]));
    assert_eq!((o.d.cpu, o.d.rule), (4, Rule::IdleCandidate));
}

#[test]
fn d_no_idle_cores_select_idle_smt_prev_before_llc_scan() {
    let mut l = scenario_d(V5_15, &[]);
    l.state.has_idle_cores[0] = false;
    let o = run(&l);
    assert_eq!(o.d.cpu, 5);
    assert_eq!(o.d.rule, Rule::IdleSmtPrev);
    assert!(o.idle_cpu_scan().is_empty(), "no LLC scan");
    let o = rerun_with(&l, cfg(V5_12, &[PatchId::SelectIdleSmtPrev]));
    assert_eq!((o.d.cpu, o.d.rule), (5, Rule::IdleSmtPrev));
    // Vanilla 5.12 without the flag: plain scan from target 1: 1, 2, 3 busy, 4 idle.
    let o = rerun_with(&l, cfg(V5_12, &[]));
    assert_eq!((o.d.cpu, o.d.rule), (4, Rule::IdleCpu));
}
