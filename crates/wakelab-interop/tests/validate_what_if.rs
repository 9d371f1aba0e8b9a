//! What-if runs behind docs/calibration.md, "hackbench and sched-messaging: why the rows are
//! off": the validate model of a hackbench recording (the recording's own loops, run to
//! completion), its first 300 ms, and the whole run without wake-up preemption, its rows
//! printed next to the real ones.
//! Not a check (the figures are quoted by hand); run with
//!
//! ```sh
//! cargo test --release -p wakelab-interop --test validate_what_if -- --ignored --nocapture
//! WHAT_IF=hackbench-pipe-process-g4 cargo test ...   # other recordings (comma-separated)
//! ```

use std::path::PathBuf;

use serde_json::Value;
use wakelab_interop::sched_trace::TraceSummary;
use wakelab_interop::validate::{
    KernelChoice, Recording, compare, fmt_value, model_bench, model_summary,
};

fn recordings() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../recordings/host-2vcpu")
}

/// Set every `key` of an object inside `v` (the engine's `wakeup_granularity_ns`, its record
/// limits) to `to`.
fn set_all(v: &mut Value, key: &str, to: u64) {
    match v {
        Value::Object(m) => {
            if m.contains_key(key) {
                m.insert(key.into(), to.into());
            }
            for x in m.values_mut() {
                set_all(x, key, to);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| set_all(x, key, to)),
        _ => {}
    }
}

fn what_if(name: &str, duration_ms: u64, wakeup_granularity_ns: Option<u64>) {
    let dir = recordings();
    let read = |f: String| std::fs::read_to_string(dir.join(f)).unwrap();
    let rec = Recording::from_json(&read(format!("{name}.json"))).unwrap();
    let real = TraceSummary::from_json(&read(format!("{name}.summary.json"))).unwrap();
    let mut b = model_bench(&rec, duration_ms, KernelChoice::default()).unwrap();
    let mut v = serde_json::to_value(&b.experiment).unwrap();
    // model_bench runs hackbench to completion; the first what-if cuts it short
    set_all(&mut v, "duration_ms", duration_ms);
    if let Some(g) = wakeup_granularity_ns {
        set_all(&mut v, "wakeup_granularity_ns", g);
    }
    // the most a detailed run may record
    set_all(&mut v, "max_timeline_segments", 2_000_000);
    set_all(&mut v, "max_wakeup_records", 1_000_000);
    b.experiment = serde_json::from_value(v).unwrap();
    let model = model_summary(&b).unwrap();
    println!(
        "{name}: run limit {duration_ms} ms, wakeup_granularity_ns {}, model run {:.1} ms",
        wakeup_granularity_ns.map_or("default".into(), |g| g.to_string()),
        model.span_ns as f64 / 1e6
    );
    for l in compare(&real, std::slice::from_ref(&model), &b.roles) {
        println!(
            "  {:<52} real {:>9}  model {:>9}  {:?}",
            l.label,
            fmt_value(l.real, l.unit),
            fmt_value(l.model, l.unit),
            l.verdict()
        );
    }
}

#[test]
#[ignore]
fn hackbench_to_completion_and_without_wakeup_preemption() {
    let names = std::env::var("WHAT_IF").unwrap_or_else(|_| {
        "hackbench-pipe-process-g1,hackbench-socket-process-g1,perf-bench-sched-messaging".into()
    });
    for name in names.split(',') {
        // the first 300 ms only (the open-ended benchmarks' run length)
        what_if(name, 300, None);
        // as `wakelab validate` runs it: to completion
        what_if(name, 5_000, None);
        what_if(name, 5_000, Some(1_000_000_000));
    }
}
