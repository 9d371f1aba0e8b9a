//! The cost estimate asked before large runs (issue 21 item 4, `wakelab_sim::cost`): the
//! gallery runs without a question, the largest accepted experiment does not, and the
//! estimate's event rate is not below what the gallery's workloads really do.

use wakelab_sim::cost::{EVENTS_PER_CPU_SECOND, estimate, estimate_experiment};
use wakelab_sim::engine::sim::Sim;
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::presets;
use wakelab_sim::scenario::{Experiment, MAX_DURATION_NS, MAX_POINTS};

#[test]
fn no_gallery_preset_needs_a_confirmation() {
    for g in presets::gallery() {
        let e = presets::experiment(g.id).unwrap();
        let c = estimate_experiment(&e);
        eprintln!("{}: {}", g.id, c.describe());
        assert!(!c.needs_confirmation(), "{}: {}", g.id, c.describe());
        assert!(c.events <= c.bound_events);
    }
}

#[test]
fn the_largest_accepted_experiment_needs_one() {
    let mut v = serde_json::to_value(presets::experiment("default").unwrap()).unwrap();
    let s = &mut v["scenario"];
    s["machine"]["shape"]["sockets"] = 8.into();
    s["machine"]["shape"]["cores_per_llc"] = 32.into();
    s["run"]["duration_ms"] = (MAX_DURATION_NS / 1_000_000).into();
    s["engine"]["max_events"] = 2_000_000_000u64.into();
    v["iterations"] = 64.into();
    v["clients"] = serde_json::json!([4096]);
    let e = Experiment::from_json(&v.to_string()).expect("accepted");
    let c = estimate(&e, MAX_POINTS);
    assert!(c.needs_confirmation());
    // each run is capped by its event budget
    assert_eq!(c.events, 2_000_000_000 * MAX_POINTS as u64);
    let d = c.describe();
    assert!(d.starts_with("4096 runs, ~8.2 T events, ~"), "{d}");
    assert!(d.contains(" h of CPU on one core"), "{d}");
}

/// The estimate's rate is an upper-side figure: the gallery's busiest runs (largest client
/// count, every variant, the preset's own run length) do no more events than CPUs x run length
/// x `EVENTS_PER_CPU_SECOND`. (A run that ends early, hackbench's, does fewer: the estimate
/// takes its whole run-length limit.) Until 7 December 2026 this ran 20 ms, whose start-up
/// undercounts a steady run (t3 at 320 clients: 257 000 events per CPU-second in 20 ms,
/// 322 900 over its 500 ms, with the tbench costs of then).
#[test]
fn the_estimated_rate_covers_the_gallery() {
    let mut worst = (0.0, String::new());
    for g in presets::gallery() {
        let e = presets::experiment(g.id).unwrap();
        for v in 0..e.variants.len() {
            let sc = e.variant_scenario(v);
            let c = *e.client_counts().last().unwrap();
            let (i, _, _) = build_input(&sc, c, 1, DetailOptions::default()).unwrap();
            let cpus = i.topology.nr_cpus() as f64;
            let mut sim = Sim::new(i).unwrap();
            sim.run(None);
            let rate = sim.stats().events as f64 / cpus / (sc.run.duration_ms as f64 / 1e3);
            if rate > worst.0 {
                worst = (rate, format!("{} variant {v} at {c} clients", g.id));
            }
        }
    }
    eprintln!(
        "busiest: {:.0} events per CPU-second of run length ({})",
        worst.0, worst.1
    );
    assert!(
        worst.0 <= EVENTS_PER_CPU_SECOND as f64,
        "{:.0} events per CPU-second ({}) exceed the estimate's {EVENTS_PER_CPU_SECOND}",
        worst.0,
        worst.1
    );
}
