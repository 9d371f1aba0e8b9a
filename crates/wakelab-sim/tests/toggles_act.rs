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
            prev-idle-no-migrate 1+0+0/1460
            recent-used-cpu 876+265+298/1452
            idle-candidate 0+1+0/1969
            idle-candidate-v1 0+1+0/1969
            recent-keep-prev 0+21+0/1384
            recent-as-target 0+2+0/1966
            clear-target-from-scan 0+1+0/1973
            vcpu-pack 0+32+103/135
          inert:
            wake-affine-idle-params 0+0+0/1458
            wake-affine-return-cpu 0+0+0/1458
            rt-irq-spare-capacity 0+0+0/1458
            recent-affinity-fix 0+0+0/1384
            account-search-cost 0+0+0/1966
            select-idle-smt-prev 0+0+0/1969
            idle-cores-clear-target 0+0+0/1969
            next-buddy-eevdf 0+0+0/130
            revert-force-wakeup-preemption 0+0+0/130
            wakeup-preempt-delayed 0+0+0/130
            lag-clamp-max-slice 0+0+0/130
        t1 (dbench x4, skl-client-8t):
          acts:
            prev-idle-no-migrate 1+0+0/1460
            recent-used-cpu 876+265+298/1452
            idle-candidate 0+1+0/1969
            idle-candidate-v1 0+1+0/1969
            recent-keep-prev 0+21+0/1384
            recent-as-target 0+2+0/1966
            clear-target-from-scan 0+1+0/1973
            vcpu-pack 0+32+103/135
          inert:
            wake-affine-idle-params 0+0+0/1458
            wake-affine-return-cpu 0+0+0/1458
            rt-irq-spare-capacity 0+0+0/1458
            recent-affinity-fix 0+0+0/1384
            account-search-cost 0+0+0/1966
            select-idle-smt-prev 0+0+0/1969
            idle-cores-clear-target 0+0+0/1969
            next-buddy-eevdf 0+0+0/130
            revert-force-wakeup-preemption 0+0+0/130
            wakeup-preempt-delayed 0+0+0/130
            lag-clamp-max-slice 0+0+0/130
        t2 (dbench x4, skl-client-8c-nosmt):
          acts:
            prev-idle-no-migrate 483+0+2/1659
            recent-used-cpu 17+126+9/1180
            recent-keep-prev 0+263+0/1073
            clear-target-from-scan 0+1+0/1580
            vcpu-pack 425+70+438/933
          inert:
            wake-affine-idle-params 0+0+0/1167
            wake-affine-return-cpu 0+0+0/1167
            rt-irq-spare-capacity 0+0+0/1167
            idle-candidate 0+0+0/1580
            idle-candidate-v1 0+0+0/1580
            recent-affinity-fix 0+0+0/1073
            recent-as-target 0+317+0/1580
            account-search-cost 0+0+0/1580
            select-idle-smt-prev 0+0+0/1583
            idle-cores-clear-target 0+0+0/1583
            next-buddy-eevdf 0+0+0/1623
            revert-force-wakeup-preemption 0+0+0/1623
            wakeup-preempt-delayed 0+0+0/1623
            lag-clamp-max-slice 0+0+0/1623
        t2-pgbench (pgbench x4, skl-client-8t):
          acts:
            prev-idle-no-migrate 1+0+0/10124
            recent-used-cpu 0+20+0/9188
            idle-candidate 7+4+4/9945
            idle-candidate-v1 18+3+18/10810
            recent-keep-prev 0+9234+0/9254
            recent-as-target 3+9181+0/10110
            clear-target-from-scan 0+23+7/10771
            select-idle-smt-prev 1+2+7/9404
            vcpu-pack 2183+4+5037/7224
          inert:
            wake-affine-idle-params 0+0+0/9188
            wake-affine-return-cpu 0+0+0/9188
            rt-irq-spare-capacity 0+0+0/9188
            recent-affinity-fix 0+0+0/9254
            account-search-cost 0+11+0/10194
            idle-cores-clear-target 0+0+0/10023
            next-buddy-eevdf 0+0+0/8641
            revert-force-wakeup-preemption 0+0+0/8641
            wakeup-preempt-delayed 0+0+0/8641
            lag-clamp-max-slice 0+0+0/8641
        t3 (tbench x32, clx-2s-80t):
          acts:
            prev-idle-no-migrate 1+0+0/213520
            recent-used-cpu 2+86+0/213308
            idle-candidate 37+33+3/217426
            idle-candidate-v1 69+0+134/221964
            recent-keep-prev 0+214613+0/214683
            recent-as-target 17+215593+0/215704
            clear-target-from-scan 17+913+158/216911
            account-search-cost 0+283+0/215802
            select-idle-smt-prev 5+0+19/218801
            vcpu-pack 18518+1+93410/111929
          inert:
            wake-affine-idle-params 0+0+0/213864
            wake-affine-return-cpu 0+0+0/213864
            rt-irq-spare-capacity 0+0+0/213864
            recent-affinity-fix 0+0+0/214683
            idle-cores-clear-target 0+0+0/219803
            next-buddy-eevdf 0+0+0/213301
            revert-force-wakeup-preemption 0+0+0/213301
            wakeup-preempt-delayed 0+0+0/213301
            lag-clamp-max-slice 0+0+0/213301
        t4 (tbench x32, clx-2s-80t):
          acts:
            prev-idle-no-migrate 1+0+0/213520
            recent-used-cpu 2+86+0/213308
            idle-candidate 37+33+3/217426
            idle-candidate-v1 69+0+134/221964
            recent-keep-prev 0+214613+0/214683
            recent-as-target 17+215593+0/215704
            clear-target-from-scan 17+913+158/216911
            account-search-cost 0+283+0/215802
            select-idle-smt-prev 5+0+19/218801
            vcpu-pack 18518+1+93410/111929
          inert:
            wake-affine-idle-params 0+0+0/213864
            wake-affine-return-cpu 0+0+0/213864
            rt-irq-spare-capacity 0+0+0/213864
            recent-affinity-fix 0+0+0/214683
            idle-cores-clear-target 0+0+0/219803
            next-buddy-eevdf 0+0+0/213301
            revert-force-wakeup-preemption 0+0+0/213301
            wakeup-preempt-delayed 0+0+0/213301
            lag-clamp-max-slice 0+0+0/213301
        t5 (hackbench x4, pixel2):
          acts:
            recent-used-cpu 0+317+501/2825
            rt-irq-spare-capacity 6+0+0/3068
            recent-keep-prev 0+1441+0/3748
            recent-as-target 0+1641+0/3407
            vcpu-pack 28+193+5404/5625
            next-buddy-eevdf 0+0+0/7232
            revert-force-wakeup-preemption 0+0+0/5125
          inert:
            wake-affine-idle-params 0+0+0/2918
            wake-affine-return-cpu 0+0+0/2918
            prev-idle-no-migrate 0+0+0/2918
            idle-candidate 0+0+0/5214
            idle-candidate-v1 0+0+0/5214
            recent-affinity-fix 0+0+0/3748
            clear-target-from-scan 0+0+0/5214
            account-search-cost 0+0+0/5214
            select-idle-smt-prev 0+0+0/4569
            idle-cores-clear-target 0+0+0/4569
            wakeup-preempt-delayed 0+0+0/7232
            lag-clamp-max-slice 0+0+0/5125
    "#]]
    .assert_eq(&rows.concat());
}
