//! The `sim_run`, `decide_snapshot` and `balance_snapshot` fuzz targets' bodies
//! (fuzz/fuzz_targets/) over every file of their committed corpora, so what the fuzzer found stays covered by `cargo test`
//! without cargo-fuzz (docs/limits.md, "Fuzzing"; the other targets' fallback is
//! crates/wakelab-link/tests/robustness.rs).

use std::path::PathBuf;

use wakelab_sim::engine::sim::Sim;
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::placement::snapshot::{decide_json, render_text};
use wakelab_sim::scenario::{Experiment, derive_seed};

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| {
            let p = f.unwrap().path();
            let b = std::fs::read(&p).unwrap();
            (p, b)
        })
        .collect();
    v.sort();
    assert!(!v.is_empty(), "{dir:?} is empty");
    v
}

/// fuzz/fuzz_targets/sim_run.rs
fn sim_run(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut e) = Experiment::from_json(s) else {
        return;
    };
    let run = &mut e.scenario.run;
    run.duration_ms = run.duration_ms.min(5);
    run.warmup_ms = run.warmup_ms.min(run.duration_ms - 1);
    e.scenario.engine.max_events = e.scenario.engine.max_events.min(50_000);
    let counts = e.client_counts();
    if counts.is_empty() {
        return;
    }
    let clients = counts[data.len() / 7 % counts.len()];
    let variant = data.len() % e.variants.len();
    let sc = e.variant_scenario(variant);
    let detail = DetailOptions {
        window: Some((0, sc.run.duration_ms * 1_000_000)),
        explain_decision: Some(data.len() as u64 % 16),
        shadow_kernel: None,
    };
    let seed = derive_seed(sc.run.seed, clients, 0);
    let Ok((input, _, _)) = build_input(&sc, clients, seed, detail) else {
        return;
    };
    let Ok(mut sim) = Sim::new(input) else {
        return;
    };
    sim.run(None);
    if let Err(m) = sim.check_invariants() {
        panic!("invariant broken after the run: {m}");
    }
    let _ = sim.residency();
    let _ = sim.energy_mj();
}

#[test]
fn sim_run_corpus() {
    for (p, data) in corpus("sim_run") {
        eprintln!("{}", p.display());
        sim_run(&data);
    }
}

#[test]
fn decide_snapshot_corpus() {
    for (p, data) in corpus("decide_snapshot") {
        let Ok(s) = std::str::from_utf8(&data) else {
            continue;
        };
        if let Ok(o) = decide_json(s) {
            assert!(!render_text(&o).is_empty(), "{}", p.display());
            serde_json::to_string(&o).expect("a decision serializes");
        }
    }
}

#[test]
fn balance_snapshot_corpus() {
    use wakelab_sim::engine::balance::snapshot as lb;
    let mut accepted = 0;
    for (p, data) in corpus("balance_snapshot") {
        let Ok(s) = std::str::from_utf8(&data) else {
            continue;
        };
        if let Ok(o) = lb::balance_json(s) {
            assert!(!lb::render_text(&o).is_empty(), "{}", p.display());
            serde_json::to_string(&o).expect("a balance decision serializes");
            accepted += 1;
        }
    }
    assert!(
        accepted >= 5,
        "the seeds from docs/examples/balance are accepted ({accepted})"
    );
}
