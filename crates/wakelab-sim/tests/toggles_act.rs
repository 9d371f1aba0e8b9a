//! Which seed patch changes decisions on which gallery benchmark (issue 19: "a test fails if a
//! toggle becomes inert again on a benchmark where it acted").
//!
//! Every gallery preset's scenario (machine, workload, governor, noise as the preset has them)
//! runs under each patch's first baseline (with the preset's topology flags) with and without the patch (plus the patches it
//! requires, on both sides), at the preset's client count nearest half its CPUs for 100 ms, one seed. A patch
//! *acts* when the placement outcome differs: the select_idle_sibling counters, migrations or
//! per-CPU busy time. The table is a snapshot: a patch that stops acting, or starts, changes it
//! (bless with `UPDATE_EXPECT=1` only for a change you understand). Patches marked "no
//! functional change" must give byte-identical point results.

use std::collections::BTreeMap;

use wakelab_sim::experiment::{PointResult, run_point};
use wakelab_sim::kernel::{KernelConfig, PatchId, TopologyFlags};
use wakelab_sim::presets;
use wakelab_sim::scenario::{Experiment, Variant};

/// The patches `p` requires (`KernelConfig::validate`), where they apply to the baseline.
fn with_deps(mut k: KernelConfig, p: PatchId) -> KernelConfig {
    let deps: &[PatchId] = match p {
        PatchId::PrevIdleNoMigrate => &[PatchId::WakeAffineReturnCpu],
        PatchId::RecentKeepPrev => &[PatchId::RecentUsedCpu],
        PatchId::RecentAffinityFix => &[PatchId::RecentUsedCpu, PatchId::RecentKeepPrev],
        _ => &[],
    };
    for &d in deps {
        if d.info().applies_to.contains(&k.version) {
            k = k.with(d);
        }
    }
    k
}

fn run(e: &Experiment, kernel: &KernelConfig, clients: u32) -> PointResult {
    let mut e = e.clone();
    e.variants = vec![Variant {
        name: "v".into(),
        kernel: Some(*kernel),
        freq: None,
    }];
    run_point(&e, 0, clients, 0, None).expect("runs")
}

fn acts(a: &PointResult, b: &PointResult) -> bool {
    a.sis != b.sis || a.migrations != b.migrations || a.cpu_busy_pct != b.cpu_busy_pct
}

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
                    let mut baselines: BTreeMap<String, PointResult> = BTreeMap::new();
                    let (mut on, mut off) = (vec![], vec![]);
                    for p in PatchId::ALL {
                        let info = p.info();
                        let base =
                            KernelConfig::baseline(info.applies_to[0]).with_topology_flags(flags);
                        let without = with_deps(base, p);
                        let with = without.with(p);
                        assert!(
                            with.validate().is_ok(),
                            "{id} {}: {:?}",
                            p.key(),
                            with.validate()
                        );
                        let key = serde_json::to_string(&without).unwrap();
                        let a = baselines
                            .entry(key)
                            .or_insert_with(|| run(&e, &without, clients))
                            .clone();
                        let b = run(&e, &with, clients);
                        if info.nfc {
                            assert_eq!(a, b, "{id}: {} is no functional change", p.key());
                        }
                        if acts(&a, &b) { &mut on } else { &mut off }.push(p.key());
                    }
                    let w = e.scenario.workload.kind();
                    format!(
                        "{id} ({w} x{clients}, {}):\n  acts:  {}\n  inert: {}\n",
                        e.scenario.machine.preset.as_deref().unwrap_or("custom"),
                        on.join(" "),
                        off.join(" ")
                    )
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    expect_test::expect![[r#"
        default (dbench x4, skl-client-8t):
          acts:  recent-used-cpu idle-candidate idle-candidate-v1 recent-keep-prev recent-as-target clear-target-from-scan
          inert: wake-affine-idle-params wake-affine-return-cpu prev-idle-no-migrate rt-irq-spare-capacity recent-affinity-fix account-search-cost select-idle-smt-prev idle-cores-clear-target
        t1 (dbench x4, skl-client-8t):
          acts:  recent-used-cpu idle-candidate idle-candidate-v1 recent-keep-prev recent-as-target clear-target-from-scan
          inert: wake-affine-idle-params wake-affine-return-cpu prev-idle-no-migrate rt-irq-spare-capacity recent-affinity-fix account-search-cost select-idle-smt-prev idle-cores-clear-target
        t2 (dbench x4, skl-client-8c-nosmt):
          acts:  prev-idle-no-migrate recent-keep-prev
          inert: wake-affine-idle-params wake-affine-return-cpu recent-used-cpu rt-irq-spare-capacity idle-candidate idle-candidate-v1 recent-affinity-fix recent-as-target clear-target-from-scan account-search-cost select-idle-smt-prev idle-cores-clear-target
        t2-pgbench (pgbench x4, skl-client-8t):
          acts:  idle-candidate idle-candidate-v1 recent-keep-prev recent-as-target clear-target-from-scan select-idle-smt-prev
          inert: wake-affine-idle-params wake-affine-return-cpu prev-idle-no-migrate recent-used-cpu rt-irq-spare-capacity recent-affinity-fix account-search-cost idle-cores-clear-target
        t3 (tbench x32, clx-2s-80t):
          acts:  recent-used-cpu idle-candidate idle-candidate-v1 recent-keep-prev recent-as-target clear-target-from-scan account-search-cost select-idle-smt-prev
          inert: wake-affine-idle-params wake-affine-return-cpu prev-idle-no-migrate rt-irq-spare-capacity recent-affinity-fix idle-cores-clear-target
        t4 (tbench x32, clx-2s-80t):
          acts:  recent-used-cpu idle-candidate idle-candidate-v1 recent-keep-prev recent-as-target clear-target-from-scan account-search-cost select-idle-smt-prev
          inert: wake-affine-idle-params wake-affine-return-cpu prev-idle-no-migrate rt-irq-spare-capacity recent-affinity-fix idle-cores-clear-target
        t5 (hackbench x4, pixel2):
          acts:  recent-used-cpu rt-irq-spare-capacity recent-keep-prev recent-as-target
          inert: wake-affine-idle-params wake-affine-return-cpu prev-idle-no-migrate idle-candidate idle-candidate-v1 recent-affinity-fix clear-target-from-scan account-search-cost select-idle-smt-prev idle-cores-clear-target
    "#]].assert_eq(&rows.concat());
}
