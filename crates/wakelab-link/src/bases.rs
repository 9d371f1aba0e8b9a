//! Frozen base documents that links are written against (docs/share-links.md, "Bases").
//!
//! A link names a base experiment (and optionally a base machine) and carries only a merge
//! patch against it. The bases are copies of the gallery presets and machine presets *as they
//! were when link format v1 was defined*, kept in `bases/v1/` and compiled in: later changes to
//! the presets (calibration, new defaults) do not change what an existing link decodes to.
//! Never edit a file there; add a new id instead (`examples/freeze_bases.rs` writes missing
//! ones only, and a new generation `ID@N` of a gallery preset that drifted from its newest).

use serde_json::Value;

/// Base experiments: (id, JSON of the `Experiment`).
pub const EXPERIMENTS: &[(&str, &str)] = &[
    (
        "default",
        include_str!("../bases/v1/experiments/default.json"),
    ),
    ("t1", include_str!("../bases/v1/experiments/t1.json")),
    ("t2", include_str!("../bases/v1/experiments/t2.json")),
    (
        "t2-pgbench",
        include_str!("../bases/v1/experiments/t2-pgbench.json"),
    ),
    ("t3", include_str!("../bases/v1/experiments/t3.json")),
    ("t4", include_str!("../bases/v1/experiments/t4.json")),
    ("t5", include_str!("../bases/v1/experiments/t5.json")),
    // generation 2 (2026-12): the presets with system noise, the fair balancer, blocking IPC
    (
        "default@2",
        include_str!("../bases/v1/experiments/default@2.json"),
    ),
    ("t1@2", include_str!("../bases/v1/experiments/t1@2.json")),
    ("t2@2", include_str!("../bases/v1/experiments/t2@2.json")),
    (
        "t2-pgbench@2",
        include_str!("../bases/v1/experiments/t2-pgbench@2.json"),
    ),
    ("t3@2", include_str!("../bases/v1/experiments/t3@2.json")),
    ("t4@2", include_str!("../bases/v1/experiments/t4@2.json")),
    ("t5@2", include_str!("../bases/v1/experiments/t5@2.json")),
    // generation 3 (2026-12-04): measured wake-up and context-switch costs (engine defaults)
    (
        "default@3",
        include_str!("../bases/v1/experiments/default@3.json"),
    ),
    ("t1@3", include_str!("../bases/v1/experiments/t1@3.json")),
    ("t2@3", include_str!("../bases/v1/experiments/t2@3.json")),
    (
        "t2-pgbench@3",
        include_str!("../bases/v1/experiments/t2-pgbench@3.json"),
    ),
    ("t3@3", include_str!("../bases/v1/experiments/t3@3.json")),
    ("t4@3", include_str!("../bases/v1/experiments/t4@3.json")),
    ("t5@3", include_str!("../bases/v1/experiments/t5@3.json")),
    // generation 4 (2026-12-04, later): the recorder's cost out of the workload costs derived
    // from the recordings (tbench, pgbench), and T5's 20 iterations
    (
        "t2-pgbench@4",
        include_str!("../bases/v1/experiments/t2-pgbench@4.json"),
    ),
    ("t3@4", include_str!("../bases/v1/experiments/t3@4.json")),
    ("t4@4", include_str!("../bases/v1/experiments/t4@4.json")),
    ("t5@4", include_str!("../bases/v1/experiments/t5@4.json")),
    // generation 5 (2026-12-04, later): pgbench's server processes (the background writer and
    // the WAL writer, `aux_processes`)
    (
        "t2-pgbench@5",
        include_str!("../bases/v1/experiments/t2-pgbench@5.json"),
    ),
    // generation 6 (2026-12-04, last): pgbench's WAL flush as the recorded IO waits
    // (`ios_per_flush`, `metadata_io_permille`, a wait's `io_ns`)
    (
        "t2-pgbench@6",
        include_str!("../bases/v1/experiments/t2-pgbench@6.json"),
    ),
    // generation 4 of the dbench presets (2026-12-06): dbench's CPU per operation measured
    // (`op_cycles` uniform 11k-33k, was 20k-60k)
    (
        "default@4",
        include_str!("../bases/v1/experiments/default@4.json"),
    ),
    ("t1@4", include_str!("../bases/v1/experiments/t1@4.json")),
    ("t2@4", include_str!("../bases/v1/experiments/t2@4.json")),
    // generation 5 (2026-12-07): the hop costs measured apart (engine: wake-up 1.45 µs, switch
    // 1.18 µs; the workload costs derived from the recordings re-derived with them and the
    // recorder's 1.26 µs; recordings/switch-cost, "3. The pieces of a hop")
    (
        "default@5",
        include_str!("../bases/v1/experiments/default@5.json"),
    ),
    ("t1@5", include_str!("../bases/v1/experiments/t1@5.json")),
    ("t2@5", include_str!("../bases/v1/experiments/t2@5.json")),
    (
        "t2-pgbench@7",
        include_str!("../bases/v1/experiments/t2-pgbench@7.json"),
    ),
    ("t3@5", include_str!("../bases/v1/experiments/t3@5.json")),
    ("t4@5", include_str!("../bases/v1/experiments/t4@5.json")),
    ("t5@5", include_str!("../bases/v1/experiments/t5@5.json")),
    // generation 6 of the tbench presets (2026-12-07, later): tbench's costs from the committed
    // tbench-c1 recording and its work per operation exponential (`client_cycles`,
    // `server_cycles` as `{"mean": ...}`)
    ("t3@6", include_str!("../bases/v1/experiments/t3@6.json")),
    ("t4@6", include_str!("../bases/v1/experiments/t4@6.json")),
];

/// Base machines: (id, JSON of `scenario.machine`).
pub const MACHINES: &[(&str, &str)] = &[
    (
        "skl-client-8t",
        include_str!("../bases/v1/machines/skl-client-8t.json"),
    ),
    (
        "clx-2s-80t",
        include_str!("../bases/v1/machines/clx-2s-80t.json"),
    ),
    (
        "skx-2s-88t",
        include_str!("../bases/v1/machines/skx-2s-88t.json"),
    ),
    ("pixel2", include_str!("../bases/v1/machines/pixel2.json")),
    (
        "skl-client-8c-nosmt",
        include_str!("../bases/v1/machines/skl-client-8c-nosmt.json"),
    ),
    (
        "epyc-kvm-2vcpu",
        include_str!("../bases/v1/machines/epyc-kvm-2vcpu.json"),
    ),
    (
        "tx2-2s-224t",
        include_str!("../bases/v1/machines/tx2-2s-224t.json"),
    ),
    (
        "altra-80c",
        include_str!("../bases/v1/machines/altra-80c.json"),
    ),
    (
        "rome-2s-256t",
        include_str!("../bases/v1/machines/rome-2s-256t.json"),
    ),
    (
        "milan-2s-256t",
        include_str!("../bases/v1/machines/milan-2s-256t.json"),
    ),
    (
        "icx-2s-160t-snc2",
        include_str!("../bases/v1/machines/icx-2s-160t-snc2.json"),
    ),
];

fn parse(table: &[(&str, &str)], id: &str) -> Option<Value> {
    let (_, text) = table.iter().find(|(k, _)| *k == id)?;
    Some(serde_json::from_str(text).expect("frozen bases are valid JSON (tested)"))
}

/// The base experiment `id` as JSON. The v1 bases predate the scenario's `noise` section
/// (issue 19), whose absence now means the measured defaults: a base is read with noise off,
/// as every link written against it ran, so old links keep decoding to what they showed and
/// a new link with the default noise carries it in its patch. Likewise a pgbench workload
/// written before pgbench's `aux_processes` (the server's background writer and WAL writer,
/// on by default since) is read with them off.
pub fn experiment(id: &str) -> Option<Value> {
    let mut v = parse(EXPERIMENTS, id)?;
    if let Some(sc) = v.get_mut("scenario").and_then(Value::as_object_mut) {
        sc.entry("noise").or_insert_with(|| {
            serde_json::json!({"background": false, "rate_permille": 1000, "cost_jitter_permille": 0})
        });
    }
    pgbench_without_aux(&mut v);
    Some(v)
}

/// Every pgbench workload (`"kind": "pgbench"`) in `v` without an `aux_processes` key gets
/// `false`; one without `ios_per_flush` (written before the WAL flush became the recorded IO
/// waits, 2026-12-04) gets one IO wait per flush and no metadata write, its flush then.
fn pgbench_without_aux(v: &mut Value) {
    match v {
        Value::Object(m) => {
            if m.get("kind").and_then(Value::as_str) == Some("pgbench") {
                m.entry("aux_processes").or_insert(Value::Bool(false));
                if !m.contains_key("ios_per_flush") {
                    m.insert("ios_per_flush".into(), Value::from(1));
                    m.insert("metadata_io_permille".into(), Value::from(0));
                }
            }
            m.values_mut().for_each(pgbench_without_aux);
        }
        Value::Array(a) => a.iter_mut().for_each(pgbench_without_aux),
        _ => {}
    }
}

/// The base machine `id` as JSON.
pub fn machine(id: &str) -> Option<Value> {
    parse(MACHINES, id)
}
