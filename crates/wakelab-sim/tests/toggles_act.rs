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
            recent-used-cpu 618+229+658/1516
            idle-candidate 0+1+0/1989
            idle-candidate-v1 0+1+0/1989
            recent-keep-prev 0+17+0/1394
            recent-as-target 0+2+0/1987
            clear-target-from-scan 0+1+0/1985
            vcpu-pack 0+31+101/132
          inert:
            wake-affine-idle-params 0+0+0/1457
            wake-affine-return-cpu 0+0+0/1457
            prev-idle-no-migrate 0+0+0/1457
            rt-irq-spare-capacity 0+0+0/1457
            recent-affinity-fix 0+0+0/1394
            account-search-cost 0+0+0/1987
            select-idle-smt-prev 0+0+0/1989
            idle-cores-clear-target 0+0+0/1989
            next-buddy-eevdf 0+0+0/131
            revert-force-wakeup-preemption 0+0+0/131
            wakeup-preempt-delayed 0+0+0/131
        t1 (dbench x4, skl-client-8t):
          acts:
            recent-used-cpu 618+229+658/1516
            idle-candidate 0+1+0/1989
            idle-candidate-v1 0+1+0/1989
            recent-keep-prev 0+17+0/1394
            recent-as-target 0+2+0/1987
            clear-target-from-scan 0+1+0/1985
            vcpu-pack 0+31+101/132
          inert:
            wake-affine-idle-params 0+0+0/1457
            wake-affine-return-cpu 0+0+0/1457
            prev-idle-no-migrate 0+0+0/1457
            rt-irq-spare-capacity 0+0+0/1457
            recent-affinity-fix 0+0+0/1394
            account-search-cost 0+0+0/1987
            select-idle-smt-prev 0+0+0/1989
            idle-cores-clear-target 0+0+0/1989
            next-buddy-eevdf 0+0+0/131
            revert-force-wakeup-preemption 0+0+0/131
            wakeup-preempt-delayed 0+0+0/131
        t2 (dbench x4, skl-client-8c-nosmt):
          acts:
            prev-idle-no-migrate 465+0+2/1640
            recent-used-cpu 22+118+8/1227
            recent-keep-prev 0+240+0/1201
            clear-target-from-scan 0+1+0/1595
            vcpu-pack 456+87+443/986
          inert:
            wake-affine-idle-params 0+0+0/1176
            wake-affine-return-cpu 0+0+0/1176
            rt-irq-spare-capacity 0+0+0/1176
            idle-candidate 0+0+0/1595
            idle-candidate-v1 0+0+0/1595
            recent-affinity-fix 0+0+0/1201
            recent-as-target 0+241+0/1595
            account-search-cost 0+0+0/1595
            select-idle-smt-prev 0+0+0/1583
            idle-cores-clear-target 0+0+0/1583
            next-buddy-eevdf 0+0+0/1601
            revert-force-wakeup-preemption 0+0+0/1601
            wakeup-preempt-delayed 0+0+0/1601
        t2-pgbench (pgbench x4, skl-client-8t):
          acts:
            recent-used-cpu 1+27+0/9195
            idle-candidate 11+5+1/9400
            idle-candidate-v1 14+1+7/9493
            recent-keep-prev 0+9182+0/9201
            recent-as-target 3+9188+0/9208
            clear-target-from-scan 1+36+25/9635
            select-idle-smt-prev 2+0+6/9757
            vcpu-pack 2069+4+4978/7051
          inert:
            wake-affine-idle-params 0+0+0/9796
            wake-affine-return-cpu 0+0+0/9796
            prev-idle-no-migrate 0+0+0/9796
            rt-irq-spare-capacity 0+0+0/9796
            recent-affinity-fix 0+0+0/9201
            account-search-cost 0+5+0/8482
            idle-cores-clear-target 0+0+0/9285
            next-buddy-eevdf 0+0+0/10665
            revert-force-wakeup-preemption 0+0+0/10665
            wakeup-preempt-delayed 0+0+0/10665
        t3 (tbench x32, clx-2s-80t):
          acts:
            prev-idle-no-migrate 1+0+0/298626
            recent-used-cpu 0+114+0/298268
            idle-candidate 54+47+5/299417
            idle-candidate-v1 62+0+124/302516
            recent-keep-prev 0+297854+0/297925
            recent-as-target 15+298012+0/298216
            clear-target-from-scan 17+794+182/298918
            account-search-cost 0+280+0/297339
            select-idle-smt-prev 1+0+18/297320
            vcpu-pack 15599+42+113105/128746
          inert:
            wake-affine-idle-params 0+0+0/298268
            wake-affine-return-cpu 0+0+0/298268
            rt-irq-spare-capacity 0+0+0/298268
            recent-affinity-fix 0+0+0/297925
            idle-cores-clear-target 0+0+0/297780
            next-buddy-eevdf 0+0+0/298872
            revert-force-wakeup-preemption 0+0+0/298872
            wakeup-preempt-delayed 0+0+0/298872
        t4 (tbench x32, clx-2s-80t):
          acts:
            prev-idle-no-migrate 1+0+0/298626
            recent-used-cpu 0+114+0/298268
            idle-candidate 54+47+5/299417
            idle-candidate-v1 62+0+124/302516
            recent-keep-prev 0+297854+0/297925
            recent-as-target 15+298012+0/298216
            clear-target-from-scan 17+794+182/298918
            account-search-cost 0+280+0/297339
            select-idle-smt-prev 1+0+18/297320
            vcpu-pack 15599+42+113105/128746
          inert:
            wake-affine-idle-params 0+0+0/298268
            wake-affine-return-cpu 0+0+0/298268
            rt-irq-spare-capacity 0+0+0/298268
            recent-affinity-fix 0+0+0/297925
            idle-cores-clear-target 0+0+0/297780
            next-buddy-eevdf 0+0+0/298872
            revert-force-wakeup-preemption 0+0+0/298872
            wakeup-preempt-delayed 0+0+0/298872
        t5 (hackbench x4, pixel2):
          acts:
            recent-used-cpu 1+266+978/4362
            rt-irq-spare-capacity 12+0+0/4713
            recent-keep-prev 0+1289+0/3692
            recent-as-target 0+1340+2/3881
            vcpu-pack 37+174+6325/6536
            next-buddy-eevdf 0+0+0/7762
            revert-force-wakeup-preemption 0+0+0/8015
          inert:
            wake-affine-idle-params 0+0+0/4643
            wake-affine-return-cpu 0+0+0/4643
            prev-idle-no-migrate 0+0+0/4643
            idle-candidate 0+0+0/7696
            idle-candidate-v1 0+0+0/7696
            recent-affinity-fix 0+0+0/3692
            clear-target-from-scan 0+0+0/7696
            account-search-cost 0+0+0/7696
            select-idle-smt-prev 0+0+0/6720
            idle-cores-clear-target 0+0+0/6720
            wakeup-preempt-delayed 0+0+0/7762
    "#]]
    .assert_eq(&rows.concat());
}
