//! Every explicit limit (docs/limits.md) refuses input beyond it with a message that names
//! the field and the limit, through the public entry points (`Experiment::from_json`,
//! `build_input`, `import_rtapp`, `decide_json`). One test per limit; the value just inside
//! the limit is accepted where that is cheap to check.

use serde_json::{Value, json};
use wakelab_sim::cpumask::MAX_CPUS;
use wakelab_sim::engine::MAX_TASKS;
use wakelab_sim::engine::behaviour::{MAX_LOOP_DEPTH, MAX_PROGRAM_OPS};
use wakelab_sim::experiment::{DetailOptions, RunError, build_input};
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
    build_input(&e.scenario, clients, 1, DetailOptions::default())
        .map(|_| ())
        .map_err(|e| e.to_string())
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
        &[
            "scenario.machine.shape.sockets",
            "must be between 1 and 8 (got 9)",
        ],
    );
}

#[test]
fn simulated_time() {
    let max_ms = MAX_DURATION_NS / 1_000_000;
    read(|v| v["scenario"]["run"]["duration_ms"] = json!(max_ms)).expect("120 s is accepted");
    refused(
        |v| v["scenario"]["run"]["duration_ms"] = json!(max_ms + 1),
        &[
            "scenario.run.duration_ms",
            "must be between 1 and 120000 ms",
        ],
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
        .to_string()
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
    let m = wakelab_sim::experiment::run_point(&e, 0, 8, 0, None)
        .unwrap_err()
        .to_string();
    assert!(m.contains("event budget (1000 events)"), "{m}");
    assert!(m.contains("raise engine.max_events"), "{m}");
}

#[test]
fn clients_per_build() {
    let m = build(json!({"kind": "tbench"}), MAX_CLIENTS + 1)
        .unwrap_err()
        .to_string();
    assert!(
        m.contains("clients: must be between 1 and 4096 (got 4097)"),
        "{m}"
    );
}

#[test]
fn tasks_per_run() {
    // A replicated custom workload of 17 tasks at 4096 clients needs 69632 tasks.
    let tasks: Vec<Value> = (0..17)
        .map(|i| json!({"name": format!("t{i}"), "program": [{"run": {"cycles": 1000}}]}))
        .collect();
    let w = json!({"kind": "custom", "replicate": true, "tasks": tasks});
    let m = build(w.clone(), MAX_CLIENTS).unwrap_err().to_string();
    assert!(m.contains(&MAX_TASKS.to_string()), "{m}");
    // 16 x 4096 = 65536 fit exactly, without the background noise's tasks (they count too).
    let w16 = json!({"kind": "custom", "replicate": true, "tasks": &w["tasks"].as_array().unwrap()[..16]});
    let e = read(|v| {
        v["scenario"]["workload"] = w16;
        v["scenario"]["noise"]["background"] = json!(false);
    })
    .expect("valid experiment");
    build_input(&e.scenario, MAX_CLIENTS, 1, DetailOptions::default())
        .expect("exactly MAX_TASKS tasks");
}

#[test]
fn barrier_parties() {
    // hackbench starts every task on one barrier of at most 65534 parties (u16).
    let m = build(json!({"kind": "hackbench"}), MAX_CLIENTS)
        .unwrap_err()
        .to_string();
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
    let m = build(task(Value::Array(long)), 1).unwrap_err().to_string();
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
    let m = build(task(nest(MAX_LOOP_DEPTH + 1)), 1)
        .unwrap_err()
        .to_string();
    assert!(m.contains("loops nest deeper than 4"), "{m}");
}

#[test]
fn rtapp_limits() {
    let opts = RtAppOptions::default();
    let big = format!("{{\"tasks\": {{}}}}{}", " ".repeat(MAX_INPUT_BYTES));
    let m = import_rtapp(&big, &opts).unwrap_err().to_string();
    assert!(m.contains("the limit is 1048576"), "{m}");
    let deep = format!(
        "{{\"tasks\": {{\"a\": {{\"run\": 10, \"x\": {}1{}}}}}}}",
        "[".repeat(MAX_DEPTH + 2),
        "]".repeat(MAX_DEPTH + 2)
    );
    let m = import_rtapp(&deep, &opts).unwrap_err().to_string();
    assert!(m.contains("deeper than 16 levels"), "{m}");
    let many = json!({"tasks": {"a": {"instance": MAX_IMPORT_TASKS + 1, "run": 10}}});
    let m = import_rtapp(&many.to_string(), &opts)
        .unwrap_err()
        .to_string();
    assert!(m.contains("4096"), "{m}");
}

#[test]
fn snapshot_size() {
    let big = " ".repeat(wakelab_sim::placement::snapshot::MAX_SNAPSHOT_BYTES + 1);
    let m = wakelab_sim::placement::decide_json(&big)
        .unwrap_err()
        .to_string();
    assert!(m.contains("1048576"), "{m}");
}

// ---- issue 21: every numeric field has a range, checked with its path ----------------------

/// `engine.min_granularity_ns: 0` used to pass validation and divide by zero in `sched_slice`.
#[test]
fn zero_min_granularity_is_refused_before_any_run() {
    refused(
        |v| v["scenario"]["engine"]["min_granularity_ns"] = json!(0),
        &["scenario.engine.min_granularity_ns: must be between 100000 and 1000000000 (got 0)"],
    );
    // the engine's own entry point refuses it too (a hand-built experiment skips from_json)
    let mut e = read(|_| {}).unwrap();
    e.scenario.engine.min_granularity_ns = 0;
    let Err(m) = build_input(&e.scenario, 2, 1, DetailOptions::default()) else {
        panic!("a zero minimum granularity was accepted");
    };
    let RunError::Scenario(e) = m else {
        panic!("not a scenario error: {m}");
    };
    assert_eq!(e.field, "engine.min_granularity_ns", "{e}");
}

/// Fields that overflowed u64 arithmetic at 2^64-1 (issue 21 item 2), with their upper bound:
/// the bound is accepted, one more is refused with the field's full path.
const BOUNDED: &[(&str, u64)] = &[
    ("/scenario/engine/sched_latency_ns", 1_000_000_000),
    ("/scenario/engine/min_granularity_ns", 1_000_000_000),
    ("/scenario/engine/wakeup_granularity_ns", 1_000_000_000),
    ("/scenario/engine/migration_cost_ns", 2_147_483_647),
    ("/scenario/engine/cold_llc_cycles", 100_000_000),
    ("/scenario/engine/cold_core_cycles", 100_000_000),
    ("/scenario/engine/wakeup_cost_ns", 10_000_000),
    ("/scenario/engine/irq_cost_ns", 10_000_000),
    ("/scenario/engine/ipi_latency_ns", 10_000_000),
    ("/scenario/engine/context_switch_ns", 10_000_000),
    ("/scenario/placement/rq_scan_cost_ns", 1_000_000),
    ("/scenario/placement/scan_overhead_ns", 1_000_000),
    (
        "/scenario/machine/hw/idle/states/2/exit_latency_ns",
        100_000_000,
    ),
    (
        "/scenario/machine/hw/idle/states/2/target_residency_ns",
        1_000_000_000,
    ),
    ("/scenario/machine/hw/power/cores/0/static_mw", 100_000),
    (
        "/scenario/machine/hw/power/cores/0/smt_extra_permille",
        1000,
    ),
    ("/scenario/machine/hw/power/cores/0/idle_mw/0", 100_000),
    ("/scenario/machine/hw/power/package_mw", 1_000_000),
    (
        "/scenario/freq/hwp/controller/anchors/2/window_ns",
        10_000_000_000,
    ),
    (
        "/scenario/freq/hwp/controller/anchors/0/ramp_up_per_ms",
        65_536,
    ),
    ("/scenario/freq/timeline/bucket_ns", 1_000_000_000),
    ("/scenario/freq/timeline/max_buckets", 4096),
];

/// `/scenario/engine/hz` -> `scenario.engine.hz`, `/a/states/2/x` -> `a.states[2].x`.
fn dotted(pointer: &str) -> String {
    let mut s = String::new();
    for seg in pointer.trim_start_matches('/').split('/') {
        if seg.parse::<usize>().is_ok() {
            s.push_str(&format!("[{seg}]"));
        } else {
            if !s.is_empty() {
                s.push('.');
            }
            s.push_str(seg);
        }
    }
    s
}

#[test]
fn every_overflowing_field_has_a_range_named_by_its_path() {
    for &(ptr, hi) in BOUNDED {
        let set = |x: Value| move |v: &mut Value| *v.pointer_mut(ptr).expect(ptr) = x;
        read(set(json!(hi))).unwrap_or_else(|m| panic!("{ptr} = {hi} should be accepted: {m}"));
        let path = dotted(ptr);
        for bad in [hi + 1, u64::MAX] {
            if bad > u32::MAX as u64
                && (ptr.ends_with("_mw")
                    || ptr.contains("/idle_mw/")
                    || ptr.ends_with("permille")
                    || ptr.ends_with("per_ms"))
            {
                continue; // a u32 field: serde refuses it already
            }
            let m = read(set(json!(bad))).expect_err(ptr);
            assert!(
                m.contains(&format!("{path}: must be")) && m.contains(&format!("(got {bad})")),
                "{ptr} = {bad}: {m:?}"
            );
        }
    }
}

/// `engine.idle_exit_ns` (not written to a scenario while 0, so not in `BOUNDED`): bounded as
/// the other path costs are.
#[test]
fn the_idle_exit_cost_is_bounded() {
    read(|v| v["scenario"]["engine"]["idle_exit_ns"] = json!(10_000_000u64))
        .unwrap_or_else(|m| panic!("10 ms should be accepted: {m}"));
    for bad in [10_000_001u64, u64::MAX] {
        refused(
            |v| v["scenario"]["engine"]["idle_exit_ns"] = json!(bad),
            &["engine.idle_exit_ns: must be", &format!("(got {bad})")],
        );
    }
}

/// `engine.idle_exit_cpus` names CPUs of the machine only (the default machine has 8).
#[test]
fn the_idle_exit_cpus_exist() {
    read(|v| v["scenario"]["engine"]["idle_exit_cpus"] = json!("0,7"))
        .unwrap_or_else(|m| panic!("CPUs 0 and 7 exist: {m}"));
    refused(
        |v| v["scenario"]["engine"]["idle_exit_cpus"] = json!("0,8"),
        &["engine.idle_exit_cpus: CPU 8 does not exist (8 CPUs)"],
    );
}

#[test]
fn the_largest_accepted_costs_run_without_overflow() {
    // Every engine and placement cost at its upper bound, on the default machine, with overflow
    // checks on (test builds): the run must end normally.
    let mut e = read(|v| {
        for &(ptr, hi) in BOUNDED {
            if ptr.starts_with("/scenario/engine/") || ptr.starts_with("/scenario/placement/") {
                *v.pointer_mut(ptr).unwrap() = json!(hi);
            }
        }
        // absent from a scenario while 0 (not in `BOUNDED`, whose pointers must exist)
        v["scenario"]["engine"]["idle_exit_ns"] = json!(10_000_000u64);
        let deepest = &mut v["scenario"]["machine"]["hw"]["idle"]["states"][2];
        deepest["exit_latency_ns"] = json!(100_000_000u64);
        deepest["target_residency_ns"] = json!(1_000_000_000u64);
        v["scenario"]["run"]["duration_ms"] = json!(20);
        v["scenario"]["run"]["warmup_ms"] = json!(0);
    })
    .unwrap();
    e.clients = vec![4];
    let r = wakelab_sim::experiment::run_point(&e, 0, 4, 0, None).unwrap();
    assert!(r.sim_ns > 0);
}

#[test]
fn ranges_are_phrased_in_words_not_rust_syntax() {
    for (edit, want) in [
        (
            json!({"/scenario/engine/hz": 99}),
            "scenario.engine.hz: must be between 100 and 1000 (got 99)",
        ),
        (
            json!({"/scenario/engine/smt_throughput/1": 0}),
            "scenario.engine.smt_throughput[1]: must be between 1 and 8192 (got 0)",
        ),
        (
            json!({"/scenario/freq/idle/ewma_shift": 9}),
            "scenario.freq.idle.ewma_shift: must be at most 8 (got 9)",
        ),
        (
            json!({"/scenario/freq/hwp/controller/sample_ns": 1}),
            "scenario.freq.hwp.controller.sample_ns: must be between 10000 and 100000000 (got 1)",
        ),
        (
            json!({"/scenario/machine/shape/numa_socket_distance": 9}),
            "scenario.machine.shape.numa_socket_distance: must be between 10 and 254 (got 9)",
        ),
    ] {
        let (ptr, x) = edit.as_object().unwrap().iter().next().unwrap();
        let m = read(|v| *v.pointer_mut(ptr).unwrap() = x.clone())
            .unwrap_err()
            .to_string();
        assert!(m.contains(want), "{m:?} lacks {want:?}");
        assert!(!m.contains("..="), "{m}");
    }
}

// ---- issue 21 item 8: messages ---------------------------------------------------------------

#[test]
fn type_errors_name_the_field_path_line_and_column() {
    let mut v = default_json();
    v["scenario"]["run"]["duration_ms"] = json!("long");
    let text = serde_json::to_string_pretty(&v).unwrap();
    let line = 1 + text[..text.find("\"long\"").unwrap()].matches('\n').count();
    let m = Experiment::from_json(&text).unwrap_err().to_string();
    assert!(
        m.starts_with("scenario.run.duration_ms: invalid type: string \"long\""),
        "{m}"
    );
    assert!(m.contains(&format!("at line {line} column")), "{m}");
    // a variant's field inside a list
    let mut v = default_json();
    v["variants"][1]["name"] = json!(5);
    let m = Experiment::from_json(&v.to_string())
        .unwrap_err()
        .to_string()
        .to_string();
    assert!(
        m.starts_with("variants[1].name: invalid type: integer `5`"),
        "{m}"
    );
    assert!(m.contains("at line 1 column"), "{m}");
}

#[test]
fn the_title_limit_counts_characters_not_bytes() {
    // 200 two-byte characters are 400 bytes: within the limit of 200 characters
    read(|v| v["scenario"]["title"] = json!("é".repeat(200))).expect("200 characters");
    refused(
        |v| v["scenario"]["title"] = json!("é".repeat(201)),
        &["scenario.title: must be between 0 and 200 characters long (got 201)"],
    );
    read(|v| v["variants"][0]["name"] = json!("ü".repeat(60))).expect("60 characters");
}

// ---- issue 21 item 9: accepted without a check -----------------------------------------------

fn custom(task: Value) -> impl FnOnce(&mut Value) {
    move |v: &mut Value| {
        v["scenario"]["workload"] = json!({"kind": "custom", "tasks": [task]});
    }
}

fn spinner() -> Value {
    json!({"name": "t", "program": [{"run": {"cycles": 1000}}]})
}

#[test]
fn scheduling_classes_use_the_kernels_ranges() {
    let with = |class: Value| {
        let mut t = spinner();
        t["class"] = class;
        custom(t)
    };
    read(with(json!({"fifo": {"prio": 99}}))).expect("SCHED_FIFO 99");
    read(with(json!({"fair": {"nice": -20}}))).expect("nice -20");
    refused(
        with(json!({"fifo": {"prio": 0}})),
        &["scenario.workload.tasks[0].class.fifo.prio: must be between 1 and 99 (got 0)"],
    );
    refused(
        with(json!({"fair": {"nice": 20}})),
        &["scenario.workload.tasks[0].class.fair.nice: must be between -20 and 19 (got 20)"],
    );
    refused(
        |v| v["scenario"]["interference"] = json!([{"kind": "rt", "prio": 0}]),
        &["scenario.interference[0].prio: must be between 1 and 99 (got 0)"],
    );
    refused(
        |v| v["scenario"]["interference"] = json!([{"kind": "hog", "nice": 20}]),
        &["scenario.interference[0].nice: must be between -20 and 19 (got 20)"],
    );
}

#[test]
fn cpus_beyond_the_machine_are_refused_not_clamped() {
    // the default machine has 8 CPUs
    let mut t = spinner();
    t["start_cpu"] = json!(999);
    refused(
        custom(t),
        &[
            "scenario.workload.tasks[0].start_cpu: CPU 999 does not exist: the machine has 8 CPUs (0 to 7)",
        ],
    );
    let io = json!({"name": "t", "program": [{"io": {"ns": 1000, "irq": {"cpu": 999}}}]});
    refused(
        custom(io),
        &["scenario.workload.tasks[0].program[0].io.irq.cpu: CPU 999 does not exist"],
    );
    let nested = json!({"name": "t", "program": [{"loop": {"count": 2, "body": [
        {"run": {"cycles": 10}}, {"io": {"ns": 1000, "irq": {"cpu": 8}}}]}}]});
    refused(
        custom(nested),
        &["scenario.workload.tasks[0].program[0].loop.body[1].io.irq.cpu: CPU 8 does not exist"],
    );
    refused(
        |v| v["scenario"]["workload"] = json!({"kind": "dbench", "irq": {"cpu": 8}}),
        &["scenario.workload.irq.cpu: CPU 8 does not exist"],
    );
    refused(
        |v| {
            v["scenario"]["workload"] =
                json!({"kind": "tbench", "start": {"launcher": {"cpu": 8, "stagger_ns": 0}}})
        },
        &["scenario.workload.start.launcher.cpu: CPU 8 does not exist"],
    );
    refused(
        |v| v["scenario"]["interference"] = json!([{"kind": "irq", "cpus": "7-9"}]),
        &["scenario.interference[0].cpus: 7-9 names CPU 8, but the machine has 8 CPUs"],
    );
    let mut t = spinner();
    t["start_cpu"] = json!(7);
    read(custom(t)).expect("the last CPU exists");
}

#[test]
fn an_empty_affinity_is_refused() {
    let mut t = spinner();
    t["affinity"] = json!("");
    refused(
        custom(t),
        &["scenario.workload.tasks[0].affinity: the set is empty"],
    );
    refused(
        |v| v["scenario"]["interference"] = json!([{"kind": "hog", "cpus": ""}]),
        &["scenario.interference[0].cpus: the set is empty"],
    );
}

#[test]
fn duplicate_json_keys_are_refused_with_the_key_and_path() {
    let text = default_json().to_string();
    // repeat the engine's first key, with another value
    let doubled = text.replacen("\"engine\":{", "\"engine\":{\"hz\":1000,", 1);
    assert_ne!(doubled, text);
    let m = Experiment::from_json(&doubled).unwrap_err().to_string();
    assert!(
        m.starts_with("scenario.engine.hz: the key \"hz\" appears twice (line 1, column"),
        "{m}"
    );
    let top = format!("{{\"iterations\": 2, {}", &text[1..]);
    let m = Experiment::from_json(&top).unwrap_err().to_string();
    assert!(
        m.contains("iterations: the key \"iterations\" appears twice"),
        "{m}"
    );
}

#[test]
fn duplicate_variant_and_task_names_are_refused() {
    refused(
        |v| v["variants"][1]["name"] = v["variants"][0]["name"].clone(),
        &["variants[1].name:", "is already the name of variants[0]"],
    );
    refused(
        |v| {
            v["scenario"]["workload"] = json!({"kind": "custom", "tasks": [spinner(), spinner()]});
        },
        &["scenario.workload.tasks[1].name: \"t\" is already the name of task 0"],
    );
}

#[test]
fn negative_rtapp_durations_are_refused() {
    let opts = RtAppOptions::default();
    let doc = |global: Value, run: Value| {
        json!({"global": global, "tasks": {"a": {"run": run, "sleep": 1000}}}).to_string()
    };
    let m = import_rtapp(&doc(json!({"duration": -5}), json!(1000)), &opts)
        .unwrap_err()
        .to_string();
    assert!(
        m.contains(
            "global.duration: must be -1 (no limit) or between 0 and 86400 seconds (got -5)"
        ),
        "{m}"
    );
    // -1 is rt-app's default: run until every thread ends
    import_rtapp(&doc(json!({"duration": -1}), json!(1000)), &opts).expect("-1 = no limit");
    let m = import_rtapp(&doc(json!({}), json!(-1000)), &opts)
        .unwrap_err()
        .to_string();
    assert!(
        m.contains("tasks.a.run: must be between 0 and 3600000000 (got -1000)"),
        "{m}"
    );
}

#[test]
fn snapshot_costs_use_the_placement_ranges() {
    let text = include_str!("../../../docs/examples/decide/a-prev-idle-4.16.json");
    let mut v: Value = serde_json::from_str(text).unwrap();
    v["params"] = json!({"rq_scan_cost_ns": u64::MAX, "scan_overhead_ns": 50});
    let m = wakelab_sim::placement::decide_json(&v.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        m.contains(
            "params.rq_scan_cost_ns: must be between 0 and 1000000 (got 18446744073709551615)"
        ),
        "{m}"
    );
    v["params"] = json!({});
    v["avg_scan_cost"] = json!([u64::MAX]);
    let m = wakelab_sim::placement::decide_json(&v.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        m.contains("avg_scan_cost[0]: must be at most 1000000000"),
        "{m}"
    );
}

#[test]
fn every_gallery_preset_is_within_every_range() {
    // The new ranges must not touch a preset: each reads back through the file reader
    // (duplicate keys, types, every range) unchanged.
    for g in presets::gallery() {
        let e = presets::experiment(g.id).unwrap();
        let text = serde_json::to_string_pretty(&e).unwrap();
        let back = Experiment::from_json(&text).unwrap_or_else(|m| panic!("{}: {m}", g.id));
        assert_eq!(back, e, "{}", g.id);
    }
}

#[test]
fn dbench_ios_per_log_is_bounded_and_named() {
    for bad in [0, 17] {
        refused(
            |v| v["scenario"]["workload"]["ios_per_log"] = json!(bad),
            &["scenario.workload.ios_per_log"],
        );
    }
    read(|v| v["scenario"]["workload"]["ios_per_log"] = json!(16)).expect("16 is accepted");
    // ext4 with 16 IO waits per commit builds at many clients: jbd2's program no longer names
    // each client (group commit), so its size does not grow with them
    build(
        json!({"kind": "dbench", "variant": "ext4", "ios_per_log": 16, "logs_per_io": 7}),
        4000,
    )
    .expect("ext4 builds at 4000 clients");
}

#[test]
fn io_completion_shares_are_bounded_and_named() {
    let io = |permille: u64| {
        json!({"name": "t", "program": [{"io": {"ns": 1000, "completion":
            {"ksoftirqd": 0, "softirq_permille": permille}}}]})
    };
    refused(
        custom(io(1001)),
        &["program[0].io.completion.softirq_permille", "1000", "1001"],
    );
    read(custom(io(1000))).expect("1000 is accepted");
    let loop_device = |data: u64, log: u64| {
        move |v: &mut Value| {
            v["scenario"]["workload"] = json!({"kind": "dbench", "variant": "ext4",
                "loop_device": {"data_softirq_permille": data, "log_softirq_permille": log,
                    "worker_cycles": 1000, "softirq_cycles": 1000}});
        }
    };
    refused(
        loop_device(1001, 0),
        &[
            "scenario.workload.loop_device.data_softirq_permille",
            "1000",
        ],
    );
    refused(
        loop_device(0, 1001),
        &["scenario.workload.loop_device.log_softirq_permille", "1000"],
    );
    read(loop_device(1000, 0)).expect("0 and 1000 are accepted");
    // blk-flush's longest sequence is three requests: at most two requeues, and only with a
    // worker to dispatch them to
    let requeues = |n: u64| {
        json!({"name": "t", "program": [{"io": {"ns": 1000, "completion":
            {"worker": 0, "work": 0, "requeues": n}}}]})
    };
    refused(
        custom(requeues(3)),
        &["program[0].io.completion.requeues", "2", "3"],
    );
    read(custom(requeues(2))).expect("2 is accepted");
    // xfs's log force chain needs the bound per-CPU log workers
    let fsync = |v: &mut Value| {
        v["scenario"]["workload"] = json!({"kind": "dbench", "variant": "xfs",
            "kworkers": "unbound", "xfs_fsync": "log_force"});
    };
    let m = match read(fsync) {
        Err(m) => m,
        Ok(e) => build_input(&e.scenario, 1, 1, DetailOptions::default())
            .err()
            .expect("log_force with unbound kworkers is refused")
            .to_string(),
    };
    assert!(m.contains("xfs_fsync"), "{m}");
}
