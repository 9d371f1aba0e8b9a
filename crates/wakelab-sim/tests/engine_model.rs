//! Engine behaviours of issue 3 measured through small custom workloads on the skl-client-8t
//! preset (4 cores x SMT-2, x86 numbering: CPU n and n+4 are siblings; turbo 4.0/3.9/3.8/3.7
//! GHz by active cores, base 3.4 GHz; C-states from the freq presets).

use serde_json::json;
use wakelab_sim::experiment::{DetailOptions, PointResult, run_point_detailed};
use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;

fn custom(tasks: serde_json::Value, governor: &str, no_turbo: bool, ms: u64) -> Experiment {
    let mut e = presets::experiment("default").unwrap();
    e.variants.truncate(1);
    e.clients = vec![1];
    e.scenario.workload =
        serde_json::from_value(json!({"kind": "custom", "tasks": tasks})).unwrap();
    e.scenario.freq.governor = serde_json::from_value(json!(governor)).unwrap();
    e.scenario.freq.no_turbo = no_turbo;
    e.scenario.run.duration_ms = ms;
    e.scenario.run.warmup_ms = ms / 10;
    e.validate().unwrap();
    e
}

fn run(e: &Experiment) -> PointResult {
    run_point_detailed(e, 0, 1, 0, DetailOptions::default(), None)
        .unwrap()
        .result
}

fn spinner(name: &str, cpu: u16, cycles: u64) -> serde_json::Value {
    json!({"name": name, "affinity": cpu.to_string(), "start_cpu": cpu,
           "program": [{"loop": {"count": null, "body": [{"run": {"cycles": cycles}}, {"ops": {"n": 1}}]}}]})
}

/// A run phase of W cycles takes W / f: 4M cycles at the 1-core turbo (4.0 GHz) take 1 ms; at
/// the base frequency (no_turbo, 3.4 GHz) 1.18 ms.
#[test]
fn run_phases_take_cycles_over_frequency() {
    let turbo = run(&custom(
        json!([spinner("spin", 1, 4_000_000)]),
        "performance",
        false,
        200,
    ));
    let base = run(&custom(
        json!([spinner("spin", 1, 4_000_000)]),
        "performance",
        true,
        200,
    ));
    eprintln!(
        "turbo {} ops/s, base {} ops/s; {:?}",
        turbo.value, base.value, turbo
    );
    assert!((turbo.value - 1000.0).abs() < 20.0, "{}", turbo.value);
    assert!((base.value - 850.0).abs() < 20.0, "{}", base.value);
}

/// Two busy SMT siblings each progress at smt_throughput[1] / 2 (default 1280/2048 = 62.5%)
/// of a lone thread, versus two tasks on different cores.
#[test]
fn smt_siblings_share_the_core_throughput() {
    let siblings = run(&custom(
        json!([spinner("a", 0, 1_000_000), spinner("b", 4, 1_000_000)]),
        "performance",
        true,
        100,
    ));
    let cores = run(&custom(
        json!([spinner("a", 0, 1_000_000), spinner("b", 1, 1_000_000)]),
        "performance",
        true,
        100,
    ));
    let ratio = siblings.value / cores.value;
    eprintln!(
        "siblings {} cores {} ratio {ratio}",
        siblings.value, cores.value
    );
    assert!((ratio - 0.625).abs() < 0.02, "ratio {ratio}");
}

/// A task woken on a CPU in a deep C-state starts after that state's exit latency: a task that
/// sleeps 20 ms at a time sees wake-up latencies of tens of µs (C6); one that sleeps 20 µs at a
/// time (shallow states) of a few µs.
#[test]
fn wakeups_from_deep_idle_pay_the_exit_latency() {
    let sleeper = |ns: u64| {
        json!([{"name": "sleeper", "affinity": "2", "start_cpu": 2, "program": [{"loop": {"count": null,
            "body": [{"run": {"cycles": 100000}}, {"sleep": {"ns": ns}}, {"ops": {"n": 1}}]}}]}])
    };
    let deep = run(&custom(sleeper(20_000_000), "performance", true, 400));
    let shallow = run(&custom(sleeper(20_000), "performance", true, 100));
    eprintln!(
        "deep p50 {} ns, shallow p50 {} ns",
        deep.latency_p50_ns, shallow.latency_p50_ns
    );
    assert!(
        deep.latency_p50_ns >= 20_000,
        "deep p50 {}",
        deep.latency_p50_ns
    );
    assert!(
        shallow.latency_p50_ns < deep.latency_p50_ns / 4,
        "shallow p50 {}",
        shallow.latency_p50_ns
    );
}

/// RT tasks preempt fair tasks on their CPU: a hog sharing CPU 3 with a 50%-duty FIFO task gets
/// about half the CPU.
#[test]
fn rt_tasks_preempt_fair_tasks() {
    let alone = run(&custom(
        json!([spinner("hog", 3, 1_000_000)]),
        "performance",
        true,
        200,
    ));
    let rt = json!({"name": "rt", "class": {"fifo": {"prio": 50}}, "affinity": "3", "start_cpu": 3,
        "program": [{"loop": {"count": null, "body": [{"run": {"cycles": 3_400_000}}, {"sleep": {"ns": 1_000_000}}]}}]});
    let shared = run(&custom(
        json!([spinner("hog", 3, 1_000_000), rt]),
        "performance",
        true,
        200,
    ));
    let share = shared.value / alone.value;
    eprintln!(
        "hog alone {} with rt {} share {share}",
        alone.value, shared.value
    );
    assert!((0.40..=0.60).contains(&share), "share {share}");
}

/// `engine.idle_exit_cpus`: an exit from idle costs `idle_exit_ns` on the CPUs it names only
/// (the validation runs charge `power:cpu_idle` on the vCPU that fires it,
/// recordings/observer). A ping-pong between CPU 0 and CPU 2 exits idle once on each per round
/// trip: charged on both it slows most, on CPU 0 alone about half as much; a mask of CPUs the
/// pair never uses is no charge at all, and one of every CPU is the default.
#[test]
fn the_idle_exit_cost_falls_on_the_cpus_named() {
    let pair = json!([
        {"name": "a", "affinity": "0", "start_cpu": 0, "program": [{"loop": {"count": null, "body": [
            {"run": {"cycles": 20000}}, {"ops": {"n": 1}}, {"wake": {"task": {"task": 1}}}, {"wait": null}]}}]},
        {"name": "b", "affinity": "2", "start_cpu": 2, "program": [{"loop": {"count": null, "body": [
            {"wait": null}, {"run": {"cycles": 20000}}, {"wake": {"task": {"task": 0}}}]}}]}
    ]);
    let with = |ns: u64, cpus: Option<&str>| {
        let mut e = custom(pair.clone(), "performance", false, 100);
        e.scenario.noise = wakelab_sim::workload::SystemNoise::off();
        e.scenario.engine.idle_exit_ns = ns;
        e.scenario.engine.idle_exit_cpus = cpus.map(|c| serde_json::from_value(json!(c)).unwrap());
        e.validate().unwrap();
        run(&e).value
    };
    let none = with(0, None);
    let all = with(20_000, None);
    let cpu0 = with(20_000, Some("0"));
    eprintln!("ops/s: no charge {none}, every CPU {all}, CPU 0 alone {cpu0}");
    assert!(all < cpu0 && cpu0 < none, "{all} {cpu0} {none}");
    // each round trip: 2 x 20k cycles of work plus two exits (20 µs each) or one
    let (t_none, t_all, t_cpu0) = (1.0 / none, 1.0 / all, 1.0 / cpu0);
    let half = (t_cpu0 - t_none) / (t_all - t_none);
    assert!(
        (0.4..0.6).contains(&half),
        "CPU 0's share of the slowdown {half}"
    );
    assert_eq!(with(20_000, Some("5")), none);
    assert_eq!(with(20_000, Some("0-7")), all);
}
