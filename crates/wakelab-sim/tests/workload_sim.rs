//! Short simulations of the generated workloads through the engine (the real pipeline:
//! preset scenario -> workload::build -> Sim).

use wakelab_sim::engine::StopReason;
use wakelab_sim::experiment::run_point;
use wakelab_sim::presets::experiment;
use wakelab_sim::scenario::{Experiment, RunConfig};
use wakelab_sim::workload::WorkloadConfig;

fn short(id: &str, workload: Option<serde_json::Value>, ms: u64) -> Experiment {
    let mut e = experiment(id).unwrap();
    if let Some(w) = workload {
        e.scenario.workload = serde_json::from_value::<WorkloadConfig>(w).unwrap();
    }
    e.scenario.run = RunConfig {
        duration_ms: ms,
        warmup_ms: ms / 5,
        seed: 1,
    };
    e
}

#[test]
fn tbench_pair_exchanges_messages() {
    let e = short("default", Some(serde_json::json!({"kind": "tbench"})), 40);
    let r = run_point(&e, 0, 1, 0, None).unwrap();
    assert_eq!(r.stop, StopReason::Duration);
    assert!(
        r.ops > 100,
        "a pair makes thousands of round trips in 32 ms, got {}",
        r.ops
    );
    // every op is two wake-ups (request and reply)
    assert!(
        r.wakeups >= 2 * r.ops,
        "{} wakeups for {} ops",
        r.wakeups,
        r.ops
    );
    assert!(r.value > 0.0);
}

#[test]
fn dbench_variants_make_progress() {
    for id in ["t1", "t2"] {
        let e = short(id, None, 40);
        let r = run_point(&e, 0, 2, 0, None).unwrap();
        assert!(r.ops > 50, "{id}: {} ops", r.ops);
        assert!(r.value > 0.0, "{id}");
    }
}

#[test]
fn hackbench_with_rt_interference_finishes_and_stops() {
    // T5 shape with few loops so it ends quickly; RT tasks on 4-7 never exit and must not
    // keep the run going.
    let e = short(
        "t5",
        Some(serde_json::json!({"kind": "hackbench", "tasks_per_group": 8, "loops": 20})),
        2000,
    );
    let r = run_point(&e, 0, 1, 0, None).unwrap();
    assert_eq!(r.stop, StopReason::AllExited, "{r:?}");
    assert!(
        r.value > 0.0 && r.value < 2.0,
        "completion time {} s",
        r.value
    );
    assert!(r.wakeups > 0);
}

#[test]
fn schbench_and_pgbench_run() {
    let e = short(
        "default",
        Some(serde_json::json!({"kind": "schbench", "sleep_ns": 1000000, "work_cycles": 1000000})),
        40,
    );
    let r = run_point(&e, 0, 4, 0, None).unwrap();
    assert!(r.value > 0.0, "p99 wake-up latency in µs");
    let e = short("default", Some(serde_json::json!({"kind": "pgbench"})), 40);
    let r = run_point(&e, 0, 2, 0, None).unwrap();
    assert!(r.ops > 10, "{} transactions", r.ops);
    let e = short("default", Some(serde_json::json!({"kind": "barrier"})), 20);
    let r = run_point(&e, 0, 4, 0, None).unwrap();
    assert!(r.ops > 40, "{} thread iterations", r.ops);
}

#[test]
#[ignore = "prints calibration numbers"]
fn probe() {
    for (id, c) in [("default", 1), ("t1", 1), ("t3", 1), ("t2", 4)] {
        let e = short(id, None, 200);
        for v in 0..2 {
            let r = run_point(&e, v, c, 0, None).unwrap();
            println!(
                "{id} v{v} c{c}: {:.1} {} ops={} mhz={:?}",
                r.value,
                r.metric.unit(),
                r.ops,
                r.cpu_avg_mhz
            );
        }
    }
}
