//! Engine-level tests through the public experiment API: determinism, presets, limits.

use wakelab_sim::experiment::{DetailOptions, RunError, run_point, run_point_detailed};
use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;

fn short(id: &str, ms: u64) -> Experiment {
    let mut e = presets::experiment(id).expect("preset exists");
    e.scenario.run.duration_ms = ms;
    e.scenario.run.warmup_ms = ms / 5;
    e
}

#[test]
fn same_seed_same_result_byte_for_byte() {
    let e = short("default", 60);
    let a = serde_json::to_string(&run_point(&e, 0, 2, 0, None).unwrap()).unwrap();
    let b = serde_json::to_string(&run_point(&e, 0, 2, 0, None).unwrap()).unwrap();
    assert_eq!(a, b);
    // a different iteration draws a different seed
    let c = serde_json::to_string(&run_point(&e, 0, 2, 1, None).unwrap()).unwrap();
    assert_ne!(a, c);
}

#[test]
fn a_shadow_kernel_counts_disagreements_and_changes_nothing() {
    use wakelab_sim::kernel::{KernelConfig, KernelVersion, PatchId};
    let mut e = short("t3", 30);
    let without = KernelConfig::baseline(KernelVersion::V5_10);
    let with = without.with(PatchId::IdleCandidate);
    e.variants.truncate(1);
    e.variants[0].kernel = Some(with);
    let plain = run_point(&e, 0, 32, 0, None).unwrap();
    let run = |shadow| {
        run_point_detailed(
            &e,
            0,
            32,
            0,
            DetailOptions {
                shadow_kernel: Some(shadow),
                ..DetailOptions::default()
            },
            None,
        )
        .unwrap()
    };
    // the run follows its own kernel: the same bytes with a shadow
    let d = run(without);
    assert_eq!(d.result, plain);
    let s = d.shadow.unwrap();
    assert!(s.decisions > 1000, "{s:?}");
    assert!(s.differ_state + s.differ_cost + s.differ_cpu > 0, "{s:?}");
    // the same kernel as its own shadow never disagrees
    let s = run(with).shadow.unwrap();
    assert_eq!(
        (s.differ_cpu, s.differ_state, s.differ_cost),
        (0, 0, 0),
        "{s:?}"
    );
    assert!(
        run_point_detailed(&e, 0, 32, 0, DetailOptions::default(), None)
            .unwrap()
            .shadow
            .is_none()
    );
}

#[test]
fn every_preset_runs_its_smallest_point() {
    for g in presets::gallery() {
        let e = short(g.id, 40);
        let c = *e.client_counts().first().unwrap();
        for v in 0..e.variants.len() {
            let r = run_point(&e, v, c, 0, None).unwrap_or_else(|m| panic!("{} v{v}: {m}", g.id));
            assert!(r.events > 0, "{}: no events", g.id);
            assert!(r.value.is_finite(), "{}: value {}", g.id, r.value);
            assert!(
                r.cpu_busy_pct.iter().all(|&b| (0.0..=100.5).contains(&b)),
                "{}: busy {:?}",
                g.id,
                r.cpu_busy_pct
            );
        }
    }
}

#[test]
fn timeline_segments_never_overlap_on_a_cpu_and_a_task_runs_on_one_cpu_at_a_time() {
    let e = short("default", 50);
    let d = run_point_detailed(
        &e,
        0,
        4,
        0,
        DetailOptions {
            window: Some((0, 50_000_000)),
            explain_decision: Some(10),
            shadow_kernel: None,
        },
        None,
    )
    .unwrap();
    assert!(!d.timeline.is_empty());
    let mut by_cpu = std::collections::BTreeMap::<u16, Vec<(u64, u64)>>::new();
    for s in &d.timeline {
        assert!(s.end > s.start);
        by_cpu.entry(s.cpu).or_default().push((s.start, s.end));
    }
    for (cpu, mut v) in by_cpu {
        v.sort();
        for w in v.windows(2) {
            assert!(
                w[0].1 <= w[1].0,
                "cpu {cpu}: {:?} overlaps {:?}",
                w[0],
                w[1]
            );
        }
    }
    let mut by_task = std::collections::BTreeMap::<u32, Vec<(u64, u64)>>::new();
    for s in d.timeline.iter().filter(|s| s.task.is_some()) {
        by_task
            .entry(s.task.unwrap())
            .or_default()
            .push((s.start, s.end));
    }
    for (t, mut v) in by_task {
        v.sort();
        for w in v.windows(2) {
            assert!(
                w[0].1 <= w[1].0,
                "task {t} on two CPUs at once: {:?} {:?}",
                w[0],
                w[1]
            );
        }
    }
    assert!(
        d.explanation.as_ref().is_some_and(|x| !x.is_empty()),
        "explanation of decision 10 recorded"
    );
}

#[test]
fn event_budget_stops_cleanly_with_a_message() {
    let mut e = short("default", 200);
    e.scenario.engine.max_events = 1000;
    let err = run_point(&e, 0, 4, 0, None).unwrap_err();
    assert!(
        matches!(err, RunError::EventBudget { events, .. } if events >= 1000),
        "{err}"
    );
    assert!(err.to_string().contains("event budget"), "{err}");
}

#[test]
fn cancellation_is_honoured() {
    let e = short("default", 2000);
    let mut calls = 0;
    let mut cb = |_: u64, _: u64| {
        calls += 1;
        false
    };
    let err = run_point(&e, 0, 8, 0, Some(&mut cb)).unwrap_err();
    assert_eq!(err, RunError::Cancelled);
    assert_eq!(err.to_string(), "cancelled");
    assert_eq!(calls, 1);
}

#[test]
fn experiment_json_round_trips_and_bad_input_names_the_field() {
    let e = presets::experiment("t3").unwrap();
    let j = serde_json::to_string(&e).unwrap();
    let back = Experiment::from_json(&j).unwrap();
    assert_eq!(back, e);
    let mut bad: serde_json::Value = serde_json::from_str(&j).unwrap();
    bad["scenario"]["machine"]["shape"]["smt"] = serde_json::json!(3);
    let err = Experiment::from_json(&bad.to_string()).unwrap_err();
    assert!(err.to_string().contains("smt"), "{err}");
    bad["scenario"]["machine"]["shape"]["smt"] = serde_json::json!(2);
    bad["scenario"]["format"] = serde_json::json!(99);
    let err = Experiment::from_json(&bad.to_string()).unwrap_err();
    assert!(err.to_string().contains("version 99"), "{err}");
}

#[test]
fn sharded_and_reordered_points_give_the_same_report() {
    use wakelab_sim::experiment::points;
    use wakelab_sim::report::build_report;
    let mut e = short("default", 30);
    e.clients = vec![1, 2];
    e.iterations = 2;
    let pts = points(&e);
    let all: Vec<_> = pts
        .iter()
        .map(|&(v, c, i)| run_point(&e, v, c, i, None).unwrap())
        .collect();
    let one = serde_json::to_string(&build_report(&e, &all)).unwrap();
    // shard 1/3, 2/3, 3/3 computed separately (as on three machines), merged in another order
    let mut merged = Vec::new();
    for shard in (0..3).rev() {
        for (k, &(v, c, i)) in pts.iter().enumerate() {
            if k % 3 == shard {
                merged.push(run_point(&e, v, c, i, None).unwrap());
            }
        }
    }
    assert_eq!(
        serde_json::to_string(&build_report(&e, &merged)).unwrap(),
        one
    );
}

/// Every reproduction target (t1-t5) tells what Wakelab shows against the published result
/// (issue 9: "what the patch does, what the authors saw, what Wakelab shows and why").
#[test]
fn every_target_preset_says_what_wakelab_shows() {
    for g in presets::gallery()
        .into_iter()
        .filter(|g| g.id.starts_with('t'))
    {
        assert!(!g.summary.is_empty(), "{}: no summary", g.id);
        assert!(
            g.model.starts_with("Wakelab "),
            "{}: the model text should say what Wakelab shows: {:?}",
            g.id,
            g.model
        );
    }
}

/// T4's published schedstats are transcribed as raw counters; the rates derived from them
/// (kernel-model.md §11.3) must be the posting's own derived rows (targets.md T4).
#[test]
fn t4_published_sis_counters_give_the_postings_derived_rates() {
    let t4 = presets::gallery()
        .into_iter()
        .find(|g| g.id == "t4")
        .unwrap();
    let text = t4.published_ops_text(["base", "patched"]).unwrap();
    let words = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "Ops SIS Domain Scanned 109885472517.00 96787575342.00",
        "Ops SIS Recent Attempts 1590955797.00 473007707.00",
        "Ops SIS Search Efficiency 5.04 5.77",
        "Ops SIS Domain Search Eff 3.06 3.43",
        "Ops SIS Fast Success Rate 40.47 42.03",
        "Ops SIS Success Rate 48.29 48.48",
        "Ops SIS Recent Success Rate 0.00 24.96",
    ] {
        assert!(
            text.lines().any(|l| words(l) == want),
            "{want:?} not in\n{text}"
        );
    }
    let others = presets::gallery().into_iter().filter(|g| g.id != "t4");
    assert!(others.into_iter().all(|g| g.published_sis.is_none()));
}

/// Forked tasks carry their fork template's name and their number among its forks in the
/// detail (hackbench's children are forked): every task that ran has a name of its own, and the
/// receivers and senders are called so.
#[test]
fn forked_tasks_are_named_by_their_template() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../recordings/hackbench-preemption/model/model-experiment.json"
    );
    let mut e = Experiment::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    e.scenario.run.duration_ms = 30;
    let d = run_point_detailed(
        &e,
        0,
        1,
        0,
        DetailOptions {
            window: Some((0, 30_000_000)),
            explain_decision: None,
            shadow_kernel: None,
        },
        None,
    )
    .unwrap();
    let ran: std::collections::BTreeSet<u32> = d.timeline.iter().filter_map(|s| s.task).collect();
    assert!(
        ran.iter().all(|&t| (t as usize) < d.task_names.len()),
        "{ran:?}"
    );
    let named = |part: &str| {
        ran.iter()
            .filter(|&&t| d.task_names[t as usize].contains(part))
            .count()
    };
    assert_eq!(
        (named("/receiver/"), named("/sender/")),
        (20, 20),
        "{:?}",
        d.task_names
    );
    // numbered among their template's forks, so each name is one task's
    let names: std::collections::BTreeSet<&str> = ran
        .iter()
        .map(|&t| d.task_names[t as usize].as_str())
        .collect();
    assert_eq!(names.len(), ran.len(), "{names:?}");
}
