//! Which seed patch (and the recording host's `vcpu-pack`) changes decisions on which gallery benchmark (issue 19: "a test fails if a
//! toggle becomes inert again on a benchmark where it acted").
//!
//! Every gallery preset's scenario (machine, workload, governor, noise as the preset has them)
//! runs under each patch's first baseline (with the preset's topology flags) with and without the patch (plus the patches it
//! requires, on both sides), at the preset's client count nearest half its CPUs for 100 ms, one seed. A patch
//! *acts* when the placement outcome differs: the select_idle_sibling counters, migrations or
//! per-CPU busy time. The table is a snapshot: a patch that stops acting, or starts, changes it
//! (bless with `UPDATE_EXPECT=1` only for a change you understand). Patches marked "no
//! functional change" must give byte-identical point results.
//!
//! Beside each patch, the decision counts behind the verdict: the run with the patch takes
//! every placement decision again without it, on the same state (`DetailOptions::
//! shadow_kernel`), and the table shows `cpu+state+cost/decisions`, the decisions where the
//! kernel without the patch would pick another CPU; the same CPU but leave other placement
//! state different; or the same CPU and state at another search cost (runqueues scanned,
//! which the waker pays for). An inert patch with `0+0+0` never decides differently on this
//! benchmark's states; one with `0+N+0` reaches its code but only writes state that does not
//! change a CPU choice in this run (recent-used-cpu's `recent_used_cpu` bookkeeping, say). A
//! patch that picks another CPU must act (checked), and a no-functional-change patch must
//! never decide differently (checked).

use wakelab_sim::kernel::TopologyFlags;
use wakelab_sim::patch_effects::patch_effects;
use wakelab_sim::presets;

#[test]
fn seed_patches_act_where_their_paths_are_exercised() {
    let ids: Vec<&str> = presets::gallery().iter().map(|g| g.id).collect();
    let rows: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = ids
            .iter()
            .map(|&id| {
                s.spawn(move || {
                    let mut e = presets::experiment(id).unwrap();
                    // the preset's client count nearest half the CPUs: busy enough that
                    // wake-ups meet busy CPUs, idle enough that there is a choice
                    let half = (e.scenario.machine.shape.nr_cpus() / 2) as u32;
                    let clients = e
                        .clients
                        .iter()
                        .copied()
                        .min_by_key(|&c| c.abs_diff(half))
                        .unwrap_or(1);
                    e.iterations = 1;
                    // a workload that starts late (t5's hackbench at 1 s, after rt-app has
                    // settled) starts at once here, so the short run sees it
                    let mut w = serde_json::to_value(&e.scenario.workload).unwrap();
                    if w.get("start_ms").is_some() {
                        w["start_ms"] = 0.into();
                        e.scenario.workload = serde_json::from_value(w).unwrap();
                    }
                    e.scenario.run.duration_ms = 100;
                    e.scenario.run.warmup_ms = 20;
                    // the preset's choice of SD_ASYM_CPUCAPACITY source (t5: Android/EAS)
                    let flags = e.variants[0]
                        .kernel
                        .as_ref()
                        .map_or(TopologyFlags::Mainline, |k| k.topology_flags);
                    let (mut on, mut off) = (vec![], vec![]);
                    for fx in patch_effects(&e, clients, flags).expect("runs") {
                        let (p, sh) = (fx.patch, fx.decisions);
                        assert!(
                            fx.without.with(p).validate().is_ok(),
                            "{id} {}: {:?}",
                            p.key(),
                            fx.without.with(p).validate()
                        );
                        if p.info().nfc {
                            assert!(fx.same_result, "{id}: {} is no functional change", p.key());
                            assert_eq!(
                                sh.differ_cpu + sh.differ_state + sh.differ_cost,
                                0,
                                "{id}: {} is no functional change, yet decides differently",
                                p.key()
                            );
                        }
                        // another CPU once is another run; other state alone may be
                        // bookkeeping that nothing without the patch reads
                        assert!(
                            fx.acts || sh.differ_cpu == 0,
                            "{id}: {} picks other CPUs ({sh:?}) but the run is the same",
                            p.key()
                        );
                        let cell = format!(
                            "{} {}+{}+{}/{}",
                            p.key(),
                            sh.differ_cpu,
                            sh.differ_state,
                            sh.differ_cost,
                            sh.decisions
                        );
                        if fx.acts { &mut on } else { &mut off }.push(cell);
                    }
                    let w = e.scenario.workload.kind();
                    format!(
                        "{id} ({w} x{clients}, {}):\n  acts:\n    {}\n  inert:\n    {}\n",
                        e.scenario.machine.preset.as_deref().unwrap_or("custom"),
                        on.join("\n    "),
                        off.join("\n    ")
                    )
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    expect_test::expect![[r#"
        default (dbench x4, skl-client-8t):
          acts:
            recent-used-cpu 351+135+335/833
            idle-candidate 0+1+0/1136
            idle-candidate-v1 0+1+0/1136
            recent-keep-prev 0+14+0/905
            recent-as-target 0+3+0/1137
            clear-target-from-scan 0+1+0/1137
            vcpu-pack 0+17+62/79
          inert:
            wake-affine-idle-params 0+0+0/832
            wake-affine-return-cpu 0+0+0/832
            prev-idle-no-migrate 0+0+0/832
            rt-irq-spare-capacity 0+0+0/832
            recent-affinity-fix 0+0+0/905
            account-search-cost 0+0+0/1137
            select-idle-smt-prev 0+0+0/1136
            idle-cores-clear-target 0+0+0/1136
        t1 (dbench x4, skl-client-8t):
          acts:
            recent-used-cpu 351+135+335/833
            idle-candidate 0+1+0/1136
            idle-candidate-v1 0+1+0/1136
            recent-keep-prev 0+14+0/905
            recent-as-target 0+3+0/1137
            clear-target-from-scan 0+1+0/1137
            vcpu-pack 0+17+62/79
          inert:
            wake-affine-idle-params 0+0+0/832
            wake-affine-return-cpu 0+0+0/832
            prev-idle-no-migrate 0+0+0/832
            rt-irq-spare-capacity 0+0+0/832
            recent-affinity-fix 0+0+0/905
            account-search-cost 0+0+0/1137
            select-idle-smt-prev 0+0+0/1136
            idle-cores-clear-target 0+0+0/1136
        t2 (dbench x4, skl-client-8c-nosmt):
          acts:
            prev-idle-no-migrate 441+0+0/1407
            recent-used-cpu 6+164+5/905
            recent-keep-prev 0+226+0/900
            vcpu-pack 381+42+458/881
          inert:
            wake-affine-idle-params 0+0+0/900
            wake-affine-return-cpu 0+0+0/900
            rt-irq-spare-capacity 0+0+0/900
            idle-candidate 0+0+0/1371
            idle-candidate-v1 0+0+0/1371
            recent-affinity-fix 0+0+0/900
            recent-as-target 0+383+0/1371
            clear-target-from-scan 0+0+0/1371
            account-search-cost 0+0+0/1371
            select-idle-smt-prev 0+0+0/1397
            idle-cores-clear-target 0+0+0/1397
        t2-pgbench (pgbench x4, skl-client-8t):
          acts:
            recent-used-cpu 0+38+1/8103
            idle-candidate 4+1+0/9999
            idle-candidate-v1 10+0+10/10563
            recent-keep-prev 0+8214+0/8228
            recent-as-target 0+10796+0/10810
            clear-target-from-scan 1+17+3/10764
            select-idle-smt-prev 0+2+3/10530
            vcpu-pack 1840+4+6241/8085
          inert:
            wake-affine-idle-params 0+0+0/8464
            wake-affine-return-cpu 0+0+0/8464
            prev-idle-no-migrate 0+0+1/8464
            rt-irq-spare-capacity 0+0+0/8464
            recent-affinity-fix 0+0+0/8228
            account-search-cost 0+7+0/9913
            idle-cores-clear-target 0+0+0/9502
        t3 (tbench x32, clx-2s-80t):
          acts:
            recent-used-cpu 2+100+0/275680
            idle-candidate 27+19+1/273906
            idle-candidate-v1 43+0+87/274708
            recent-keep-prev 0+272221+0/272293
            recent-as-target 13+273497+0/273614
            clear-target-from-scan 10+793+115/273366
            account-search-cost 0+279+0/275266
            select-idle-smt-prev 3+0+13/273569
            vcpu-pack 6535+0+143877/150412
          inert:
            wake-affine-idle-params 0+0+0/272347
            wake-affine-return-cpu 0+0+0/272347
            prev-idle-no-migrate 0+0+0/272347
            rt-irq-spare-capacity 0+0+0/272347
            recent-affinity-fix 0+0+0/272293
            idle-cores-clear-target 0+0+0/276137
        t4 (tbench x32, clx-2s-80t):
          acts:
            recent-used-cpu 2+100+0/275680
            idle-candidate 27+19+1/273906
            idle-candidate-v1 43+0+87/274708
            recent-keep-prev 0+272221+0/272293
            recent-as-target 13+273497+0/273614
            clear-target-from-scan 10+793+115/273366
            account-search-cost 0+279+0/275266
            select-idle-smt-prev 3+0+13/273569
            vcpu-pack 6535+0+143877/150412
          inert:
            wake-affine-idle-params 0+0+0/272347
            wake-affine-return-cpu 0+0+0/272347
            prev-idle-no-migrate 0+0+0/272347
            rt-irq-spare-capacity 0+0+0/272347
            recent-affinity-fix 0+0+0/272293
            idle-cores-clear-target 0+0+0/276137
        t5 (hackbench x4, pixel2):
          acts:
            recent-used-cpu 0+305+969/3283
            rt-irq-spare-capacity 15+0+0/3823
            recent-keep-prev 0+1102+0/3057
            recent-as-target 0+2332+6/5259
            vcpu-pack 12+103+6263/6378
          inert:
            wake-affine-idle-params 0+0+0/2959
            wake-affine-return-cpu 0+0+0/2959
            prev-idle-no-migrate 0+0+0/2959
            idle-candidate 0+0+0/5306
            idle-candidate-v1 0+0+0/5306
            recent-affinity-fix 0+0+0/3057
            clear-target-from-scan 0+0+0/5306
            account-search-cost 0+0+0/5306
            select-idle-smt-prev 0+0+0/3628
            idle-cores-clear-target 0+0+0/3628
    "#]]
    .assert_eq(&rows.concat());
}
