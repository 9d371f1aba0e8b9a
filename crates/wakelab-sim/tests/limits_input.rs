//! Every explicit limit (docs/limits.md) refuses input beyond it with a message that names
//! the field and the limit, through the public entry points (`Experiment::from_json`,
//! `build_input`, `import_rtapp`, `decide_json`). One test per limit; the value just inside
//! the limit is accepted where that is cheap to check.

use serde_json::{Value, json};
use wakelab_sim::cpumask::MAX_CPUS;
use wakelab_sim::engine::MAX_TASKS;
use wakelab_sim::engine::behaviour::{MAX_LOOP_DEPTH, MAX_PROGRAM_OPS};
use wakelab_sim::experiment::{DetailOptions, build_input};
use wakelab_sim::presets;
use wakelab_sim::scenario::{
    Experiment, MAX_DURATION_NS, MAX_POINTS, MAX_SCENARIO_BYTES, read_json,
};
use wakelab_sim::topology::MAX_SOCKETS;
use wakelab_sim::workload::MAX_CLIENTS;
use wakelab_sim::workload::rtapp::{
    MAX_DEPTH, MAX_IMPORT_TASKS, MAX_INPUT_BYTES, RtAppOptions, import_rtapp,
};

fn default_json() -> Value {
    serde_json::to_value(presets::experiment("default").unwrap()).unwrap()
}

/// `Experiment::from_json` of the default preset after `edit`; the error text on failure.
fn read(edit: impl FnOnce(&mut Value)) -> Result<Experiment, String> {
    let mut v = default_json();
    edit(&mut v);
    Experiment::from_json(&v.to_string()).map_err(|e| e.to_string())
}

fn refused(edit: impl FnOnce(&mut Value), wants: &[&str]) {
    let m = read(edit).expect_err("should be refused");
    for w in wants {
        assert!(m.contains(w), "{m:?} lacks {w:?}");
    }
}

/// Build the engine input of the default preset with `workload` at `clients`.
fn build(workload: Value, clients: u32) -> Result<(), String> {
    let e = read(|v| v["scenario"]["workload"] = workload).expect("valid experiment");
    build_input(&e.scenario, clients, 1, DetailOptions::default()).map(|_| ())
}

#[test]
fn cpus() {
    // 8 sockets x 32 cores x 2 threads = 512 is the largest machine.
    let shape = |cores: u32| {
        move |v: &mut Value| {
            let s = &mut v["scenario"]["machine"]["shape"];
            s["sockets"] = json!(8);
            s["cores_per_llc"] = json!(cores);
        }
    };
    assert_eq!(MAX_CPUS, 512);
    read(shape(32)).expect("512 CPUs are accepted");
    refused(
        shape(33),
        &[
            "scenario.machine.shape.cores_per_llc",
            "528 CPUs",
            "the limit is 512",
        ],
    );
}

#[test]
fn sockets() {
    refused(
        |v| v["scenario"]["machine"]["shape"]["sockets"] = json!(MAX_SOCKETS + 1),
        &["scenario.machine.shape.sockets", "must be between 1 and 8 (got 9)"],
    );
}

#[test]
fn simulated_time() {
    let max_ms = MAX_DURATION_NS / 1_000_000;
    read(|v| v["scenario"]["run"]["duration_ms"] = json!(max_ms)).expect("120 s is accepted");
    refused(
        |v| v["scenario"]["run"]["duration_ms"] = json!(max_ms + 1),
        &["scenario.run.duration_ms", "must be between 1 and 120000 ms"],
    );
    // Large enough to overflow ns if multiplied naively.
    refused(
        |v| v["scenario"]["run"]["duration_ms"] = json!(u64::MAX / 1000),
        &["scenario.run.duration_ms"],
    );
}

#[test]
fn points_per_experiment() {
    let variant = |v: &Value, i: usize| {
        let mut x = v["variants"][0].clone();
        x["name"] = json!(format!("v{i}"));
        x
    };
    // 8 variants x 64 client counts x 64 iterations = 32768 runs.
    refused(
        |v| {
            v["variants"] = Value::Array((0..8).map(|i| variant(v, i)).collect());
            v["clients"] = json!((1..=64).collect::<Vec<u32>>());
            v["iterations"] = json!(64);
        },
        &["32768 runs exceed the limit of 4096"],
    );
    assert_eq!(MAX_POINTS, 4096);
    // 8 x 8 x 64 = 4096 is accepted.
    read(|v| {
        v["variants"] = Value::Array((0..8).map(|i| variant(v, i)).collect());
        v["clients"] = json!((1..=8).collect::<Vec<u32>>());
        v["iterations"] = json!(64);
    })
    .expect("exactly MAX_POINTS runs");
}

#[test]
fn experiment_shape_limits() {
    refused(
        |v| v["variants"] = json!([]),
        &["variants: the number of variants must be between 1 and 8 (got 0)"],
    );
    refused(
        |v| v["variants"][0]["name"] = json!("x".repeat(61)),
        &["variants[0].name: must be between 1 and 60 characters long (got 61)"],
    );
    refused(
        |v| v["clients"] = json!([MAX_CLIENTS + 1]),
        &["clients[0]: must be between 1 and 4096 (got 4097)"],
    );
    refused(
        |v| v["clients"] = json!((1..=65).collect::<Vec<u32>>()),
        &["clients: the number of client counts must be at most 64 (got 65)"],
    );
    refused(
        |v| v["iterations"] = json!(65),
        &["iterations: must be between 1 and 64 (got 65)"],
    );
    refused(
        |v| v["scenario"]["title"] = json!("x".repeat(201)),
        &["scenario.title: must be between 0 and 200 characters long (got 201)"],
    );
}

#[test]
fn scenario_json_size_and_depth() {
    let big = format!("{}{}", " ".repeat(MAX_SCENARIO_BYTES), "{}");
    let m = Experiment::from_json(&big).unwrap_err().to_string();
    assert!(m.contains("exceed the limit of 1048576"), "{m}");
    // serde_json's recursion limit is 128: 127 nested arrays parse, 200 do not.
    read_json(&("[".repeat(127) + &"]".repeat(127))).expect("127 levels parse");
    let m = Experiment::from_json(&("[".repeat(200) + &"]".repeat(200)))
        .unwrap_err()
        .to_string();
    assert!(m.contains("JSON nests deeper than 128 levels"), "{m}");
}

#[test]
fn event_budget_and_record_bounds() {
    refused(
        |v| v["scenario"]["engine"]["max_events"] = json!(0),
        &["scenario.engine.max_events: must be between 1 and 2000000000 (got 0)"],
    );
    refused(
        |v| v["scenario"]["engine"]["max_events"] = json!(2_000_000_001u64),
        &["scenario.engine.max_events: must be between 1 and 2000000000 (got 2000000001)"],
    );
    refused(
        |v| v["scenario"]["engine"]["max_timeline_segments"] = json!(2_000_001),
        &["scenario.engine.max_timeline_segments: must be at most 2000000 (got 2000001)"],
    );
    refused(
        |v| v["scenario"]["engine"]["max_wakeup_records"] = json!(1_000_001),
        &["scenario.engine.max_wakeup_records: must be at most 1000000 (got 1000001)"],
    );
}

#[test]
fn event_budget_stops_a_run_with_a_message() {
    let mut e = read(|v| v["scenario"]["engine"]["max_events"] = json!(1000)).unwrap();
    e.clients = vec![8];
    let m = wakelab_sim::experiment::run_point(&e, 0, 8, 0, None).unwrap_err();
    assert!(m.contains("event budget (1000 events)"), "{m}");
    assert!(m.contains("raise engine.max_events"), "{m}");
}

#[test]
fn clients_per_build() {
    let m = build(json!({"kind": "tbench"}), MAX_CLIENTS + 1).unwrap_err();
    assert!(m.contains("clients: must be between 1 and 4096 (got 4097)"), "{m}");
}

#[test]
fn tasks_per_run() {
    // A replicated custom workload of 17 tasks at 4096 clients needs 69632 tasks.
    let tasks: Vec<Value> = (0..17)
        .map(|i| json!({"name": format!("t{i}"), "program": [{"run": {"cycles": 1000}}]}))
        .collect();
    let w = json!({"kind": "custom", "replicate": true, "tasks": tasks});
    let m = build(w.clone(), MAX_CLIENTS).unwrap_err();
    assert!(m.contains(&MAX_TASKS.to_string()), "{m}");
    // 16 x 4096 = 65536 fit exactly.
    let w16 = json!({"kind": "custom", "replicate": true, "tasks": &w["tasks"].as_array().unwrap()[..16]});
    build(w16, MAX_CLIENTS).expect("exactly MAX_TASKS tasks");
}

#[test]
fn barrier_parties() {
    // hackbench starts every task on one barrier of at most 65534 parties (u16).
    let m = build(json!({"kind": "hackbench"}), MAX_CLIENTS).unwrap_err();
    assert!(m.contains("65534 parties"), "{m}");
}

fn task(program: Value) -> Value {
    json!({"kind": "custom", "tasks": [{"name": "t", "program": program}]})
}

#[test]
fn program_length() {
    let long: Vec<Value> = (0..MAX_PROGRAM_OPS)
        .map(|_| json!({"run": {"cycles": 1000}}))
        .collect();
    let m = build(task(Value::Array(long)), 1).unwrap_err();
    assert!(
        m.contains("the limit is 4096") || m.contains("longer than 4096"),
        "{m}"
    );
    let ok: Vec<Value> = (0..MAX_PROGRAM_OPS - 1)
        .map(|_| json!({"run": {"cycles": 1000}}))
        .collect();
    build(task(Value::Array(ok)), 1).expect("4095 steps + exit fit");
}

#[test]
fn loop_depth() {
    let nest = |depth: usize| {
        let mut p = json!([{"run": {"cycles": 1000}}]);
        for _ in 0..depth {
            p = json!([{"loop": {"count": 2, "body": p}}]);
        }
        p
    };
    build(task(nest(MAX_LOOP_DEPTH)), 1).expect("4 nested loops are accepted");
    let m = build(task(nest(MAX_LOOP_DEPTH + 1)), 1).unwrap_err();
    assert!(m.contains("loops nest deeper than 4"), "{m}");
}

#[test]
fn rtapp_limits() {
    let opts = RtAppOptions::default();
    let big = format!("{{\"tasks\": {{}}}}{}", " ".repeat(MAX_INPUT_BYTES));
    let m = import_rtapp(&big, &opts).unwrap_err();
    assert!(m.contains("the limit is 1048576"), "{m}");
    let deep = format!(
        "{{\"tasks\": {{\"a\": {{\"run\": 10, \"x\": {}1{}}}}}}}",
        "[".repeat(MAX_DEPTH + 2),
        "]".repeat(MAX_DEPTH + 2)
    );
    let m = import_rtapp(&deep, &opts).unwrap_err();
    assert!(m.contains("deeper than 16 levels"), "{m}");
    let many = json!({"tasks": {"a": {"instance": MAX_IMPORT_TASKS + 1, "run": 10}}});
    let m = import_rtapp(&many.to_string(), &opts).unwrap_err();
    assert!(m.contains("4096"), "{m}");
}

#[test]
fn snapshot_size() {
    let big = " ".repeat(wakelab_sim::placement::snapshot::MAX_SNAPSHOT_BYTES + 1);
    let m = wakelab_sim::placement::decide_json(&big).unwrap_err();
    assert!(m.contains("1048576"), "{m}");
}
