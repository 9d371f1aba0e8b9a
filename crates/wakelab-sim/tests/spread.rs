//! Run-to-run spread (issue 19): iterations of every gallery preset differ, by the order real
//! benchmarks do (mmtests' CoeffVar of a few tenths of a percent to a few percent), with the
//! default system noise and cost jitter (docs/workloads.md, "System noise"); and a scenario
//! with noise off runs exactly as the model did before it existed.

use wakelab_sim::experiment::{DetailOptions, build_input, run_point};
use wakelab_sim::presets;
use wakelab_sim::workload::{SystemNoise, WorkloadConfig};

/// Iterations per preset.
const ITERATIONS: u32 = 4;

/// The preset cut short as the golden points cut it (the second client count, short runs; a
/// completion-time hackbench runs fewer loops), with `noise`.
fn short(id: &str, noise: SystemNoise) -> (wakelab_sim::scenario::Experiment, u32) {
    let mut e = presets::experiment(id).unwrap();
    let clients = e.clients.get(1).or(e.clients.first()).copied().unwrap_or(1);
    e.clients = vec![clients];
    e.iterations = ITERATIONS;
    if let WorkloadConfig::Hackbench(h) = &mut e.scenario.workload {
        // a completion time: the run lasts until the groups are done
        h.loops = h.loops.min(2000);
    } else {
        e.scenario.run.duration_ms = 300;
        e.scenario.run.warmup_ms = 60;
    }
    e.scenario.noise = noise;
    (e, clients)
}

/// Coefficient of variation of the baseline's value over the iterations.
fn coeff_var(id: &str, noise: SystemNoise) -> f64 {
    let (e, clients) = short(id, noise);
    let v: Vec<f64> = (0..ITERATIONS)
        .map(|i| run_point(&e, 0, clients, i, None).unwrap().value)
        .collect();
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (v.len() - 1) as f64;
    var.sqrt() / mean
}

#[test]
fn every_gallery_preset_spreads_by_the_real_order() {
    let mut report = vec![];
    for g in presets::gallery() {
        let cv = coeff_var(g.id, SystemNoise::default());
        let off = coeff_var(g.id, SystemNoise::off());
        report.push(format!(
            "{}: {:.3}% (noise off: {:.3}%)",
            g.id,
            100.0 * cv,
            100.0 * off
        ));
        assert!(
            cv > 0.0005 && cv < 0.15,
            "{}: CoeffVar {:.4}% over {ITERATIONS} iterations\n{}",
            g.id,
            100.0 * cv,
            report.join("\n")
        );
    }
    eprintln!("{}", report.join("\n"));
}

#[test]
fn noise_off_draws_nothing_and_runs_no_background() {
    // Off: the background adds no task and the jitter no draw, so two runs that differ only
    // in the (unused) rate give identical results.
    let (mut e, clients) = short("t1", SystemNoise::off());
    e.iterations = 1;
    let a = run_point(&e, 0, clients, 0, None).unwrap();
    e.scenario.noise.rate_permille = 5000;
    let b = run_point(&e, 0, clients, 0, None).unwrap();
    assert_eq!(a.value, b.value);
    assert_eq!(a.events, b.events);
    // On: one kworker per CPU, kcompactd per node and four machine-wide tasks run besides.
    let off = build_input(&e.scenario, clients, 1, DetailOptions::default()).unwrap();
    e.scenario.noise = SystemNoise::default();
    let on = build_input(&e.scenario, clients, 1, DetailOptions::default()).unwrap();
    assert_eq!(on.0.tasks.len(), off.0.tasks.len() + 8 + 1 + 4);
    assert!(on.0.tasks.iter().any(|t| t.name == "noise:net-rx"));
    assert_eq!(on.0.cost_jitter_permille, 19);
}
