//! Engine and placement benchmarks (docs/performance.md). Run with `cargo bench -p wakelab-sim`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use wakelab_sim::engine::Sim;
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::presets;
use wakelab_sim::scenario::derive_seed;

/// tbench on the 80-CPU preset at a given client count, 100 ms simulated.
fn tbench_80(c: &mut Criterion, clients: u32) {
    let mut exp = presets::experiment("t3").expect("t3 preset");
    exp.scenario.run.duration_ms = 100;
    exp.scenario.run.warmup_ms = 0;
    let sc = exp.variant_scenario(0);
    // measure events once to report events/s
    let (input, _, _) = build_input(
        &sc,
        clients,
        derive_seed(1, clients, 0),
        DetailOptions::default(),
    )
    .unwrap();
    let mut sim = Sim::new(input).unwrap();
    sim.run(None);
    let events = sim.stats().events;
    let mut g = c.benchmark_group("engine");
    g.sample_size(10);
    g.throughput(Throughput::Elements(events));
    g.bench_function(format!("tbench-clx-80t-{clients}clients-100ms"), |b| {
        b.iter(|| {
            let (input, _, _) = build_input(
                &sc,
                clients,
                derive_seed(1, clients, 0),
                DetailOptions::default(),
            )
            .unwrap();
            let mut sim = Sim::new(input).unwrap();
            sim.run(None);
            sim.stats().events
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    for clients in [8, 64, 320] {
        tbench_80(c, clients);
    }
}

criterion_group!(engine, benches);
criterion_main!(engine);
