//! `decide_json` on the documented examples (docs/examples/decide) and input validation.

use wakelab_sim::placement::Rule;
use wakelab_sim::placement::snapshot::{MAX_SNAPSHOT_BYTES, decide_json, render_text};

fn example(name: &str) -> String {
    let path = format!(
        "{}/../../docs/examples/decide/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn documented_examples_decide_as_described() {
    let a = decide_json(&example("a-prev-idle-4.16.json")).unwrap();
    assert_eq!((a.cpu, a.current.recent_used_cpu), (2, 5));
    let a415 =
        decide_json(&example("a-prev-idle-4.16.json").replace("\"4.16\"", "\"4.15\"")).unwrap();
    assert_eq!(a415.cpu, 5);
    let b = decide_json(&example("b-recent-used-cpu-5.10.json")).unwrap();
    assert_eq!(
        (b.cpu, b.rule, b.task.recent_used_cpu),
        (3, Rule::RecentUsed, 1)
    );
    let c = decide_json(&example("c-sis-prop-budget-5.10.json")).unwrap();
    assert_eq!((c.cpu, c.rule), (2, Rule::FallbackTarget));
    assert_eq!(
        (c.stats_delta.sis_scanned, c.stats_delta.sis_failed),
        (5, 1)
    );
    let d = decide_json(&example("d-idle-core-5.10.json")).unwrap();
    assert_eq!((d.cpu, d.rule), (4, Rule::IdleCpu));
    assert!(
        d.changes
            .iter()
            .any(|c| c.what == "has_idle_cores[llc 0]" && c.after == "false")
    );
    let d12 =
        decide_json(&example("d-idle-core-5.10.json").replace("\"5.10\"", "\"5.12\"")).unwrap();
    assert_eq!(d12.cpu, 5);
    assert!(render_text(&d).contains("select_idle_core()"));
    // JSON output is serialisable.
    assert!(
        serde_json::to_string(&d)
            .unwrap()
            .contains("\"rule\":\"idle_cpu\"")
    );
}

#[test]
fn validation_messages_name_the_field() {
    let base = example("a-prev-idle-4.16.json");
    let e = decide_json(&base.replace("\"format\": 1", "\"format\": 2")).unwrap_err();
    assert!(e.starts_with("format:"), "{e}");
    let e = decide_json(&base.replace("\"prev_cpu\": 2", "\"prev_cpu\": 9")).unwrap_err();
    assert!(e.contains("task.prev_cpu"), "{e}");
    let e =
        decide_json(&base.replace("\"this_cpu\": 5", "\"this_cpu\": 5, \"bogus\": 1")).unwrap_err();
    assert!(e.contains("unknown field `bogus`"), "{e}");
    let e = decide_json(&base.replace(
        "\"4.16\" }",
        "\"4.16\", \"features\": {\"SIS_UTIL\": true} }",
    ))
    .unwrap_err();
    assert!(e.contains("SIS_UTIL"), "{e}");
    let e =
        decide_json(&base.replace("\"cores_per_llc\": 8", "\"cores_per_llc\": 600")).unwrap_err();
    assert!(e.contains("machine.cores_per_llc"), "{e}");
    let e = decide_json(&base.replace(
        "\"4.16\" }",
        "\"4.16\", \"patches\": [\"recent-used-cpu\"] }",
    ))
    .unwrap_err();
    assert!(e.contains("cannot be applied to 4.16"), "{e}");
    let big = format!("{}{}", base, " ".repeat(MAX_SNAPSHOT_BYTES));
    assert!(decide_json(&big).unwrap_err().contains("limit"));
    let e = decide_json(&base.replace(
        "\"request\"",
        "\"has_idle_cores\": [true, false], \"request\"",
    ))
    .unwrap_err();
    assert!(e.contains("has_idle_cores"), "{e}");
}
