//! Property tests over random machines, kernels (baselines and toggle sets), governors and
//! workloads: no panic, runs end within their budget, timelines are consistent and every
//! wake-up lands on a CPU the task may use.

use proptest::prelude::*;
use wakelab_sim::cpumask::CpuMask;
use wakelab_sim::engine::Sim;
use wakelab_sim::experiment::{DetailOptions, RunError, build_input, run_point_detailed};
use wakelab_sim::freq::Governor;
use wakelab_sim::kernel::{KernelVersion, PatchId};
use wakelab_sim::presets;
use wakelab_sim::topology::Numbering;

fn workload(kind: usize, variant: bool) -> serde_json::Value {
    match kind {
        0 => serde_json::json!({"kind": "tbench"}),
        1 => serde_json::json!({"kind": "dbench", "variant": if variant { "xfs" } else { "ext4" }}),
        2 => serde_json::json!({"kind": "hackbench", "tasks_per_group": 4, "loops": 20,
                                 "mode": if variant { "process" } else { "thread" }}),
        3 => serde_json::json!({"kind": "pgbench"}),
        4 => serde_json::json!({"kind": "netperf"}),
        5 => serde_json::json!({"kind": "schbench"}),
        _ => serde_json::json!({"kind": "barrier"}),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_scenarios_run_cleanly(
        sockets in 1u16..=2, llcs in 1u16..=2, cores in 1u16..=4, smt_i in 0usize..3,
        linear in any::<bool>(), version_i in 0usize..KernelVersion::ALL.len(), patch_bits in any::<u32>(),
        gov_i in 0usize..4, kind in 0usize..7, variant in any::<bool>(), clients in 1u32..=6,
        seed in any::<u32>(),
    ) {
        let mut e = presets::experiment("default").unwrap();
        e.variants.truncate(1);
        let version = KernelVersion::ALL[version_i];
        let mut k = wakelab_sim::kernel::KernelConfig::baseline(version);
        for (i, p) in PatchId::ALL.iter().enumerate() {
            if patch_bits & (1u32 << i) != 0 && p.info().applies_to.contains(&version) {
                k = k.with(*p);
            }
        }
        // invalid combinations (e.g. both idle-candidate versions) are refused, not run
        if k.validate().is_err() {
            return Ok(());
        }
        e.variants[0].kernel = Some(k);
        let sh = &mut e.scenario.machine.shape;
        sh.sockets = sockets;
        sh.llcs_per_socket = llcs;
        sh.cores_per_llc = cores;
        sh.smt = [1, 2, 4][smt_i];
        sh.numbering = if linear { Numbering::Linear } else { Numbering::X86 };
        e.scenario.freq.governor = [Governor::Performance, Governor::Powersave, Governor::Schedutil, Governor::Hwp][gov_i];
        e.scenario.workload = serde_json::from_value(workload(kind, variant)).unwrap();
        e.scenario.run.duration_ms = 20;
        e.scenario.run.warmup_ms = 2;
        e.scenario.run.seed = seed;
        e.scenario.engine.max_events = 3_000_000;
        e.clients = vec![clients];
        if e.validate().is_err() {
            return Ok(());
        }
        let sc = e.variant_scenario(0);
        let (input, _, _) = match build_input(&sc, clients, 1, DetailOptions::default()) {
            Ok(x) => x,
            // a clear refusal (e.g. a workload that needs more CPUs) is fine; a panic is not
            Err(_) => return Ok(()),
        };
        let affinity: Vec<CpuMask> = input.tasks.iter()
            .map(|t| t.affinity.unwrap_or(*input.topology.all()).and(input.topology.all()))
            .collect();
        let n = input.topology.nr_cpus();
        // engine invariants after the run (no runnable task lost, counts match the queues)
        let (again, _, _) = build_input(&sc, clients, 1, DetailOptions::default()).unwrap();
        let mut sim = Sim::new(again).unwrap();
        sim.run(None);
        if let Err(m) = sim.check_invariants() {
            prop_assert!(false, "invariant: {m}");
        }
        let d = run_point_detailed(&e, 0, clients, 0,
            DetailOptions { window: Some((0, 20_000_000)), explain_decision: None, shadow_kernel: None }, None);
        let d = match d {
            Ok(d) => d,
            Err(m) => { prop_assert!(matches!(m, RunError::EventBudget { .. }), "{m}"); return Ok(()); }
        };
        prop_assert!(d.result.events <= 3_000_000);
        prop_assert!(d.result.sim_ns <= 20_000_000);
        for w in &d.wake_records {
            prop_assert!((w.cpu as usize) < n);
            if let Some(a) = affinity.get(w.task as usize) {
                prop_assert!(a.test(w.cpu), "task {} woken on {} outside {:?}", w.task, w.cpu, a);
            }
        }
        for w in &d.plain_wakes {
            prop_assert!((w.cpu as usize) < n);
            if let Some(a) = affinity.get(w.task as usize) {
                prop_assert!(a.test(w.cpu), "task {} woken on {} outside {:?}", w.task, w.cpu, a);
            }
        }
        for s in &d.timeline {
            prop_assert!(s.start < s.end && s.end <= 20_000_000 && (s.cpu as usize) < n);
        }
        for b in &d.result.cpu_busy_pct {
            prop_assert!((0.0..=100.01).contains(b));
        }
    }
}
