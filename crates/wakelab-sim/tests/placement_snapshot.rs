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

/// Issue 20: recent-keep-prev as posted (and merged in 5.15) tests `p->recent_used_cpu`, which it
/// has just set to prev; recent-affinity-fix (ae2ad293d6be) tests the candidate.
#[test]
fn recent_keep_prev_tests_prevs_affinity_until_the_fix() {
    let fix = |s: &str| {
        s.replace(
            "[\"recent-keep-prev\"]",
            "[\"recent-keep-prev\", \"recent-affinity-fix\"]",
        )
    };
    // prev 1 disallowed, recent 3 allowed and idle: the kernel refuses 3 and scans to 2.
    let e = example("e-recent-keep-prev-affinity-5.10.json");
    let o = decide_json(&e).unwrap();
    assert_eq!(
        (o.cpu, o.rule, o.task.recent_used_cpu),
        (2, Rule::IdleCpu, 1)
    );
    assert!(
        render_text(&o)
            .contains("cpumask_test_cpu(p->recent_used_cpu = prev, p->cpus_ptr) [CPU 1]: no")
    );
    let o = decide_json(&fix(&e)).unwrap();
    assert_eq!((o.cpu, o.rule), (3, Rule::RecentUsed));
    // prev 1 allowed, recent 3 disallowed and idle: the class returns 3, select_fallback_rq
    // (task_cpu 1, node 0 = CPUs 0-3) takes the first allowed CPU of the node, 0.
    let f = example("f-recent-keep-prev-fallback-5.10.json");
    let o = decide_json(&f).unwrap();
    assert_eq!((o.cpu, o.rule), (0, Rule::Fallback));
    let t = render_text(&o);
    assert!(t.contains("is_cpu_allowed(p, cpu) [CPU 3]: no"), "{t}");
    assert!(t.contains("select_fallback_rq()"), "{t}");
    let o = decide_json(&fix(&f)).unwrap();
    assert_eq!((o.cpu, o.rule), (2, Rule::IdleCpu));
    // 5.15 contains keep-prev as merged: the same answers, and the fix applies without it.
    let v515 = |s: &str| s.replace("\"5.10\", \"patches\": [\"recent-keep-prev\"]", "\"5.15\"");
    assert_eq!(decide_json(&v515(&e)).unwrap().cpu, 2);
    assert_eq!(decide_json(&v515(&f)).unwrap().cpu, 0);
    let fixed515 = |s: &str| {
        s.replace(
            "\"5.10\", \"patches\": [\"recent-keep-prev\"]",
            "\"5.15\", \"patches\": [\"recent-affinity-fix\"]",
        )
    };
    assert_eq!(decide_json(&fixed515(&e)).unwrap().cpu, 3);
    assert_eq!(decide_json(&fixed515(&f)).unwrap().cpu, 2);
    // Before keep-prev the field is the candidate: plain 5.10 gives the fixed answers.
    let plain = |s: &str| s.replace(", \"patches\": [\"recent-keep-prev\"]", "");
    assert_eq!(decide_json(&plain(&e)).unwrap().cpu, 3);
    assert_eq!(decide_json(&plain(&f)).unwrap().cpu, 2);
    // The fix needs the patch it fixes.
    let err = decide_json(&plain(&e).replace(
        "\"5.10\"",
        "\"5.10\", \"patches\": [\"recent-affinity-fix\"]",
    ))
    .unwrap_err()
    .to_string();
    assert!(err.contains("requires \"recent-keep-prev\""), "{err}");
}

/// Issue 24 item 1: 5.10's update_sg_wakeup_stats counts the exec'ing task's CPU idle only if
/// idle_cpu_without(i, p), which is 0 while a remote wake-up is queued (rq->ttwu_pending).
#[test]
fn exec_does_not_count_a_cpu_with_a_queued_wakeup_idle() {
    let g = example("g-exec-ttwu-pending-5.10.json");
    let o = decide_json(&g).unwrap();
    assert_eq!((o.cpu, o.rule), (1, Rule::SlowPath));
    // Without the queued wake-up the local group (CPU 0) has as many idle CPUs: stay.
    let o = decide_json(&g.replace(", \"wakeup_pending\": true", "")).unwrap();
    assert_eq!((o.cpu, o.rule), (0, Rule::SlowPath));
}

/// Issue 24 item 2: on 4.15 only the Android/EAS topology flags send a wake-up that wake_cap
/// refuses to the slow path; mainline 4.15 sets no SD_ASYM_CPUCAPACITY (nor SD_BALANCE_WAKE).
#[test]
fn asym_wake_takes_the_slow_path_only_with_android_eas_flags_on_4_15() {
    let h = example("h-asym-wake-4.15-android-eas.json");
    let o = decide_json(&h).unwrap();
    assert_eq!(o.rule, Rule::SlowPath);
    assert!(
        o.cpu >= 4,
        "spare capacity from capacity_orig: a big CPU, got {}",
        o.cpu
    );
    let patched = h.replace(
        "\"topology_flags\"",
        "\"patches\": [\"rt-irq-spare-capacity\"], \"topology_flags\"",
    );
    assert!(decide_json(&patched).unwrap().cpu < 4);
    let mainline = h.replace(", \"topology_flags\": \"android-eas\"", "");
    let o = decide_json(&mainline).unwrap();
    assert_eq!((o.cpu, o.rule, o.want_affine), (1, Rule::TargetIdle, false));
    // 5.10 detects the flag itself (4.20+): the same domains either way, no SD_BALANCE_WAKE.
    let v510 = |s: &str| s.replace("\"4.15\"", "\"5.10\"");
    assert_eq!(
        decide_json(&v510(&h)).unwrap().cpu,
        decide_json(&v510(&mainline)).unwrap().cpu
    );
    let e = decide_json(&h.replace("\"android-eas\"", "\"eas\""))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("unknown variant") && e.contains("android-eas"),
        "{e}"
    );
}

/// Issue 24 item 3: a task's runnable_avg apart from its util_avg (5.10 cpu_runnable_without),
/// and `is_new` inferred for forks.
#[test]
fn task_runnable_avg_and_fork_is_new() {
    let i = example("i-exec-runnable-avg-5.10.json");
    let o = decide_json(&i).unwrap();
    assert_eq!((o.cpu, o.rule), (0, Rule::SlowPath));
    let o = decide_json(&i.replace(", \"runnable_avg\": 600", "")).unwrap();
    assert_eq!(
        o.cpu, 1,
        "util_avg as the stand-in: CPU 0's group is fully busy"
    );
    // A fork is new unless said otherwise; is_new false with util is refused by its path.
    let fork = example("a-prev-idle-4.16.json")
        .replace("\"this_cpu\": 5", "\"this_cpu\": 5, \"kind\": \"fork\"");
    let l = wakelab_sim::placement::Snapshot::from_json(&fork)
        .unwrap()
        .load()
        .unwrap();
    assert!(l.task.is_new);
    let bad = fork.replace(
        "\"prev_cpu\": 2",
        "\"prev_cpu\": 2, \"is_new\": false, \"util_avg\": 300",
    );
    let e = decide_json(&bad).unwrap_err().to_string();
    assert!(e.starts_with("task.is_new:"), "{e}");
    let wake = example("a-prev-idle-4.16.json");
    let l = wakelab_sim::placement::Snapshot::from_json(&wake)
        .unwrap()
        .load()
        .unwrap();
    assert!(!l.task.is_new);
}

#[test]
fn validation_messages_name_the_field() {
    let base = example("a-prev-idle-4.16.json");
    let e = decide_json(&base.replace("\"format\": 1", "\"format\": 2"))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("format:"), "{e}");
    let e = decide_json(&base.replace("\"prev_cpu\": 2", "\"prev_cpu\": 9"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("task.prev_cpu"), "{e}");
    let e = decide_json(&base.replace("\"this_cpu\": 5", "\"this_cpu\": 5, \"bogus\": 1"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("unknown field `bogus`"), "{e}");
    let e = decide_json(&base.replace(
        "\"4.16\" }",
        "\"4.16\", \"features\": {\"SIS_UTIL\": true} }",
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("SIS_UTIL"), "{e}");
    let e = decide_json(&base.replace("\"cores_per_llc\": 8", "\"cores_per_llc\": 600"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("machine.cores_per_llc"), "{e}");
    let e = decide_json(&base.replace(
        "\"4.16\" }",
        "\"4.16\", \"patches\": [\"recent-used-cpu\"] }",
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("cannot be applied to 4.16"), "{e}");
    let big = format!("{}{}", base, " ".repeat(MAX_SNAPSHOT_BYTES));
    assert!(decide_json(&big).unwrap_err().to_string().contains("limit"));
    let e = decide_json(&base.replace(
        "\"request\"",
        "\"has_idle_cores\": [true, false], \"request\"",
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("has_idle_cores"), "{e}");
}
