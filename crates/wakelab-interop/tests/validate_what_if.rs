//! What-if runs behind docs/calibration.md, "hackbench and sched-messaging: why the rows are
//! off": the validate model of a hackbench recording changed in one thing (the recording's 1000
//! loops instead of 100, then also no wake-up preemption), its rows printed next to the real
//! ones. Not a check (the figures are quoted by hand); run with
//!
//! ```sh
//! cargo test --release -p wakelab-interop --test validate_what_if -- --ignored --nocapture
//! WHAT_IF=hackbench-pipe-process-g4 cargo test ...   # other recordings (comma-separated)
//! ```

use std::path::PathBuf;

use serde_json::Value;
use wakelab_interop::sched_trace::TraceSummary;
use wakelab_interop::validate::{Recording, compare, fmt_value, model_bench, model_summary};

fn recordings() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../recordings/host-2vcpu")
}

/// Set every `key` of an object inside `v` (the workload's `loops`, the engine's
/// `wakeup_granularity_ns`) to `to`.
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

fn what_if(name: &str, loops: u64, wakeup_granularity_ns: Option<u64>) {
    let dir = recordings();
    let read = |f: String| std::fs::read_to_string(dir.join(f)).unwrap();
    let rec = Recording::from_json(&read(format!("{name}.json"))).unwrap();
    let real = TraceSummary::from_json(&read(format!("{name}.summary.json"))).unwrap();
    // long enough for the 1000-loop runs to complete (2.3 s at most)
    let mut b = model_bench(&rec, 5_000).unwrap();
    let mut v = serde_json::to_value(&b.experiment).unwrap();
    set_all(&mut v, "loops", loops);
    if let Some(g) = wakeup_granularity_ns {
        set_all(&mut v, "wakeup_granularity_ns", g);
    }
    // the most a detailed run may record
    set_all(&mut v, "max_timeline_segments", 2_000_000);
    set_all(&mut v, "max_wakeup_records", 1_000_000);
    b.experiment = serde_json::from_value(v).unwrap();
    let model = model_summary(&b).unwrap();
    println!(
        "{name}: loops {loops}, wakeup_granularity_ns {}, model run {:.1} ms",
        wakeup_granularity_ns.map_or("default".into(), |g| g.to_string()),
        model.span_ns as f64 / 1e6
    );
    for l in compare(&real, &model, &b.roles) {
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
fn hackbench_at_1000_loops_and_without_wakeup_preemption() {
    let names = std::env::var("WHAT_IF").unwrap_or_else(|_| {
        "hackbench-pipe-process-g1,hackbench-socket-process-g1,perf-bench-sched-messaging".into()
    });
    for name in names.split(',') {
        what_if(name, 1000, None);
        what_if(name, 1000, Some(1_000_000_000));
    }
}
