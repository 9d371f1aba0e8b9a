//! The engine's own guards and work bounds (issue 21 follow-ups and item 4): `Sim::new`
//! refuses what validation refuses even for inputs built by hand (no silent clamping), the
//! placement arithmetic cannot overflow on extreme state, and a run's work is bounded by its
//! budgets (events, interpreter steps, tasks) with messages naming the limit.

use serde_json::{Value, json};
use wakelab_sim::engine::MAX_TASKS;
use wakelab_sim::engine::behaviour::{IrqRoute, Op};
use wakelab_sim::engine::params::STEPS_PER_EVENT;
use wakelab_sim::engine::sim::{Sim, SimInput};
use wakelab_sim::experiment::{DetailOptions, build_input, run_point};
use wakelab_sim::placement::snapshot::Snapshot;
use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;

/// The default preset (8 CPUs) with `edit` applied to its JSON.
fn experiment(edit: impl FnOnce(&mut Value)) -> Experiment {
    let mut v = serde_json::to_value(presets::experiment("default").unwrap()).unwrap();
    edit(&mut v);
    Experiment::from_json(&v.to_string()).expect("a valid experiment")
}

fn custom(tasks: Value, templates: Value) -> impl FnOnce(&mut Value) {
    move |v: &mut Value| {
        v["scenario"]["workload"] =
            json!({"kind": "custom", "tasks": tasks, "templates": templates});
    }
}

/// The engine input of the default preset at 4 clients.
fn input() -> SimInput {
    let e = experiment(|_| {});
    build_input(&e.scenario, 4, 1, DetailOptions::default())
        .unwrap()
        .0
}

fn refused_by_sim_new(input: SimInput, wants: &str) {
    match Sim::new(input) {
        Ok(_) => panic!("Sim::new accepted the input; wanted {wants:?}"),
        Err(m) => assert!(m.to_string().contains(wants), "{m:?} lacks {wants:?}"),
    }
}

#[test]
fn sim_new_checks_the_placement_costs() {
    let mut i = input();
    i.placement.rq_scan_cost_ns = u64::MAX;
    refused_by_sim_new(
        i,
        "placement.rq_scan_cost_ns: must be between 0 and 1000000 (got 18446744073709551615)",
    );
    let mut i = input();
    i.placement.scan_overhead_ns = 1_000_001;
    refused_by_sim_new(i, "placement.scan_overhead_ns");
    Sim::new(input()).expect("the preset's own input is accepted");
}

#[test]
fn sim_new_refuses_cpus_beyond_the_machine_instead_of_clamping() {
    let mut i = input();
    i.tasks[0].start_cpu = Some(999);
    refused_by_sim_new(
        i,
        ".start_cpu: CPU 999 does not exist: the machine has 8 CPUs (0 to 7)",
    );

    let mut i = input();
    i.tasks[1].affinity = Some(wakelab_sim::cpumask::CpuMask::from_cpus([3, 8]));
    refused_by_sim_new(i, "tasks[1] (");
    let mut i = input();
    i.tasks[1].affinity = Some(wakelab_sim::cpumask::CpuMask::from_cpus([3, 8]));
    refused_by_sim_new(i, ".affinity: CPU 8 does not exist");

    // an IO completion routed to a fixed CPU
    let e = experiment(custom(
        json!([{"name": "io", "program": [{"loop": {"count": null, "body": [
            {"run": {"cycles": 1000}}, {"io": {"ns": 10000, "irq": {"cpu": 7}}}]}}]}]),
        json!([]),
    ));
    let (mut i, _, _) = build_input(&e.scenario, 1, 1, DetailOptions::default()).unwrap();
    let (p, k) = i
        .programs
        .iter()
        .enumerate()
        .find_map(|(p, prog)| {
            prog.iter()
                .position(|op| matches!(op, Op::Io { .. }))
                .map(|k| (p, k))
        })
        .expect("an io op");
    if let Op::Io { irq, .. } = &mut i.programs[p][k] {
        *irq = IrqRoute::Cpu(8);
    }
    refused_by_sim_new(
        i,
        &format!("programs[{p}][{k}].io.irq.cpu: CPU 8 does not exist"),
    );

    // an interrupt source (interference `irq`)
    let e = experiment(|v| v["scenario"]["interference"] = json!([{"kind": "irq", "cpus": "7"}]));
    let (mut i, _, _) = build_input(&e.scenario, 1, 1, DetailOptions::default()).unwrap();
    assert!(!i.irqs.is_empty());
    i.irqs[0].cpu = 8;
    refused_by_sim_new(i, "irqs[0].cpu: CPU 8 does not exist");
}

/// `avg_scan_cost + 1` and `4 * avg_cost` in `select_idle_cpu` / SIS_PROP, and the
/// `update_avg` of the scan cost, on a state no validated input can reach: no overflow.
#[test]
fn placement_arithmetic_saturates_on_extreme_scan_costs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/decide");
    let mut n = 0;
    for f in std::fs::read_dir(dir).unwrap() {
        let path = f.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut l = Snapshot::from_json(&text).unwrap().load().unwrap();
        for cost in [u64::MAX, u64::MAX - 1, i64::MAX as u64 + 1] {
            l.state.avg_scan_cost.iter_mut().for_each(|c| *c = cost);
            l.state.params.rq_scan_cost_ns = u64::MAX;
            l.state.params.scan_overhead_ns = u64::MAX;
            let _ = l.decide();
        }
        n += 1;
    }
    assert!(n >= 5, "the decide examples are there ({n})");
}

#[test]
fn zero_time_programs_stop_at_the_interpreter_step_budget() {
    // `loop forever { ops 1 }` never runs: before the step budget it did 10 000 steps per
    // event until the event budget, 10^7 steps here (2x10^12 at the default budget).
    let mut e = experiment(custom(
        json!([{"name": "spin", "program": [{"loop": {"count": null, "body": [{"ops": {"n": 1}}]}}]}]),
        json!([]),
    ));
    e.scenario.engine.max_events = 1000;
    // the background noise's tasks take interpreter steps too; the count below is the spin's
    e.scenario.noise = wakelab_sim::workload::SystemNoise::off();
    let m = run_point(&e, 0, 1, 0, None).unwrap_err().to_string();
    // 16 000 steps, checked after each event: the second event's 10 000 cross it
    assert!(
        m.contains(&format!(
            "interpreter step budget (20000 steps: {STEPS_PER_EVENT} x engine.max_events)"
        )),
        "{m}"
    );
    assert!(m.contains("raise engine.max_events"), "{m}");
}

#[test]
fn a_fork_bomb_stops_at_the_task_limit() {
    // A template that forks itself forever: forks beyond MAX_TASKS used to fail silently
    // while every task went on forking (44 s of CPU per 50 ms simulated).
    let bomb = json!([{"loop": {"count": null, "body": [{"fork": {"template": 0}}, {"run": {"cycles": 1000}}]}}]);
    let mut e = experiment(custom(
        json!([{"name": "root", "program": bomb.clone()}]),
        json!([{"name": "child", "program": bomb}]),
    ));
    e.scenario.run.duration_ms = 50;
    e.scenario.run.warmup_ms = 0;
    let m = run_point(&e, 0, 1, 0, None).unwrap_err().to_string();
    assert!(
        m.contains(&format!(
            "the run stopped at the task limit ({MAX_TASKS} tasks"
        )),
        "{m}"
    );
}

#[test]
fn normal_runs_stay_far_below_the_step_budget() {
    // The gallery's workloads execute a few steps per event; the budget allows 16.
    for name in ["default", "t1", "t2", "t2-pgbench", "t3", "t4", "t5"] {
        let e = presets::experiment(name).unwrap();
        let mut sc = e.variant_scenario(0);
        sc.run.duration_ms = 10;
        sc.run.warmup_ms = 0;
        let c = *e.client_counts().last().unwrap();
        let (i, _, _) = build_input(&sc, c, 1, DetailOptions::default()).unwrap();
        let mut sim = Sim::new(i).unwrap();
        sim.run(None);
        let st = sim.stats();
        eprintln!(
            "{name} at {c} clients: {} steps, {} events",
            st.steps, st.events
        );
        assert!(
            st.steps <= STEPS_PER_EVENT / 4 * st.events,
            "{name}: {} steps for {} events",
            st.steps,
            st.events
        );
    }
}
