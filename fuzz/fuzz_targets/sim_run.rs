//! A few milliseconds of simulation on any accepted experiment (issue 21 item 10): the
//! experiment_json target stops before the engine, so it cannot find a crash in a run. Each
//! accepted input is shortened to at most 5 ms simulated and 50 000 events (the interpreter
//! step budget follows: 16 per event), one variant and one client count picked by the input's
//! length, so an input costs milliseconds even on 512 CPUs; every other input also runs the
//! shadow kernel (the first variant's). The run must end with a result or a clean error, and
//! the engine's invariants must hold at its end.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wakelab_sim::engine::sim::Sim;
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::scenario::{Experiment, derive_seed};

fuzz_target!(|data: &[u8]| {
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
    // every other input also takes each decision again under the first variant's kernel
    let shadow_kernel = (data.len() % 2 == 0).then(|| e.variant_scenario(0).kernel);
    let detail = DetailOptions {
        window: Some((0, sc.run.duration_ms * 1_000_000)),
        explain_decision: Some(data.len() as u64 % 16),
        shadow_kernel,
    };
    let seed = derive_seed(sc.run.seed, clients, 0);
    // Errors are fine (the workload may not fit the machine); panics are not.
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
});
