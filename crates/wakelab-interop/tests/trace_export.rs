//! Trace export of a short preset run, validated against the Chrome trace-event format.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::Value;
use wakelab_interop::trace::{TraceError, TraceOptions, chrome_trace, chrome_trace_with};
use wakelab_sim::experiment::{DetailOptions, PointDetail, run_point_detailed};
use wakelab_sim::presets;

const RUN_MS: u64 = 40;

fn run(window: (u64, u64)) -> PointDetail {
    let mut exp = presets::experiment("default").unwrap();
    exp.scenario.run.duration_ms = RUN_MS;
    exp.scenario.run.warmup_ms = 5;
    exp.scenario.engine.max_wakeup_records = 1_000_000;
    run_point_detailed(
        &exp,
        0,
        2,
        0,
        DetailOptions {
            window: Some(window),
            explain_decision: None,
            shadow_kernel: None,
        },
        None,
    )
    .unwrap()
}

fn ts(e: &Value) -> f64 {
    e["ts"].as_f64().expect("numeric ts")
}

/// Check one event against the trace-event format; panics with the event on failure.
fn check_event(e: &Value) {
    let ph = e["ph"].as_str().unwrap_or_else(|| panic!("no ph: {e}"));
    assert!(e["name"].is_string(), "no name: {e}");
    assert!(e["pid"].is_u64(), "pid must be an integer: {e}");
    assert!(e["tid"].is_u64(), "tid must be an integer: {e}");
    match ph {
        "M" => {
            let n = e["name"].as_str().unwrap();
            assert!(
                matches!(
                    n,
                    "process_name" | "thread_name" | "process_sort_index" | "thread_sort_index"
                ),
                "{e}"
            );
            assert!(e["args"].is_object(), "{e}");
        }
        "X" => {
            assert!(ts(e) >= 0.0, "{e}");
            assert!(e["dur"].as_f64().is_some_and(|d| d > 0.0), "dur: {e}");
            assert!(e["cat"].is_string(), "{e}");
        }
        "i" => {
            assert!(ts(e) >= 0.0, "{e}");
            assert!(
                matches!(e["s"].as_str(), Some("t" | "p" | "g")),
                "scope: {e}"
            );
        }
        "C" => {
            assert!(ts(e) >= 0.0, "{e}");
            let args = e["args"].as_object().unwrap_or_else(|| panic!("args: {e}"));
            assert!(!args.is_empty(), "{e}");
            assert!(args.values().all(Value::is_number), "counter values: {e}");
        }
        "s" | "f" => {
            assert!(ts(e) >= 0.0, "{e}");
            assert!(e["id"].is_u64(), "flow id: {e}");
            assert!(e["cat"].is_string(), "{e}");
        }
        other => panic!("unexpected phase {other}: {e}"),
    }
    // ts written as µs with at most three decimals (ns precision)
    if let Some(n) = e.get("ts") {
        let s = n.to_string();
        let dec = s.split_once('.').map_or(0, |(_, d)| d.len());
        assert!(dec <= 3, "ts {s} has more than ns precision");
    }
}

#[test]
fn preset_run_exports_a_valid_trace() {
    let d = run((0, RUN_MS * 1_000_000));
    let cpus = d.result.cpu_busy_pct.len();
    assert!(cpus >= 2);
    let json = chrome_trace(&d, cpus).unwrap();
    let v: Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(v["displayTimeUnit"], "ns");
    assert_eq!(v["otherData"]["generator"], "wakelab");
    let events = v["traceEvents"].as_array().expect("traceEvents array");
    for e in events {
        check_event(e);
    }

    // one thread track per CPU, named "CPU N", in the "CPUs" process
    let mut thread_names: BTreeMap<u64, String> = BTreeMap::new();
    let mut process_names = Vec::new();
    for e in events.iter().filter(|e| e["ph"] == "M") {
        match e["name"].as_str().unwrap() {
            "thread_name" => {
                let old = thread_names.insert(
                    e["tid"].as_u64().unwrap(),
                    e["args"]["name"].as_str().unwrap().to_string(),
                );
                assert!(old.is_none(), "thread named twice: {e}");
            }
            "process_name" => process_names.push(e["args"]["name"].as_str().unwrap().to_string()),
            _ => {}
        }
    }
    assert_eq!(process_names, vec!["CPUs".to_string()]);
    assert_eq!(thread_names.len(), cpus);
    let want: BTreeSet<String> = (0..cpus).map(|c| format!("CPU {c}")).collect();
    let got: BTreeSet<String> = thread_names.values().cloned().collect();
    assert_eq!(got, want);
    let tid_cpu: HashMap<u64, usize> = thread_names
        .iter()
        .map(|(t, n)| (*t, n[4..].parse().unwrap()))
        .collect();

    // every non-metadata event sits on a CPU track; timestamps monotonic per track
    let mut last_thread: HashMap<u64, f64> = HashMap::new();
    let mut last_counter: HashMap<String, f64> = HashMap::new();
    for e in events.iter().filter(|e| e["ph"] != "M") {
        let tid = e["tid"].as_u64().unwrap();
        assert!(tid_cpu.contains_key(&tid), "event on an unknown track: {e}");
        let t = ts(e);
        if e["ph"] == "C" {
            let k = e["name"].as_str().unwrap().to_string();
            let l = last_counter.entry(k).or_insert(f64::MIN);
            assert!(t > *l, "counter not strictly monotonic: {e}");
            *l = t;
        } else {
            let l = last_thread.entry(tid).or_insert(f64::MIN);
            assert!(t >= *l, "track {tid} not monotonic at {e}");
            *l = t;
        }
    }

    // slices: one per task segment, not overlapping on a CPU, named by the task
    let slices: Vec<&Value> = events.iter().filter(|e| e["ph"] == "X").collect();
    let task_segs = d.timeline.iter().filter(|s| s.task.is_some()).count();
    assert_eq!(slices.len(), task_segs);
    let mut end_by_tid: HashMap<u64, f64> = HashMap::new();
    for s in &slices {
        let tid = s["tid"].as_u64().unwrap();
        let (a, b) = (ts(s), ts(s) + s["dur"].as_f64().unwrap());
        let prev_end = end_by_tid.insert(tid, b).unwrap_or(f64::MIN);
        assert!(a >= prev_end - 1e-6, "overlapping slices on tid {tid}: {s}");
        assert!(d.task_names.iter().any(|n| s["name"] == n.as_str()), "{s}");
        assert!(b <= RUN_MS as f64 * 1000.0 + 1e-6);
    }
    // busy time per CPU matches the timeline
    for (c, _) in (0..cpus).enumerate() {
        let want: u64 = d
            .timeline
            .iter()
            .filter(|s| s.cpu as usize == c && s.task.is_some())
            .map(|s| s.end - s.start)
            .sum();
        let got: f64 = slices
            .iter()
            .filter(|s| tid_cpu[&s["tid"].as_u64().unwrap()] == c)
            .map(|s| s["dur"].as_f64().unwrap())
            .sum();
        assert!((got * 1000.0 - want as f64).abs() < 1.0 + slices.len() as f64 * 1e-3);
    }

    // wake-ups: instants with waker, prev, chosen CPU and rule, one per record, and flows
    let wakes: Vec<&Value> = events
        .iter()
        .filter(|e| e["ph"] == "i" && e["cat"] == "wakeup")
        .collect();
    assert_eq!(wakes.len(), d.wake_records.len());
    // the wake-ups without a decision (the pinned log workers): instants of their own
    let plain = events
        .iter()
        .filter(|e| e["ph"] == "i" && e["cat"] == "plain-wakeup")
        .count();
    assert_eq!(plain, d.plain_wakes.len());
    assert!(plain > 0);
    assert!(!wakes.is_empty());
    for w in &wakes {
        let a = &w["args"];
        for k in ["waker_cpu", "prev_cpu", "cpu", "decision", "task_id"] {
            assert!(a[k].is_u64(), "{k} in {w}");
        }
        assert!(a["rule"].as_str().is_some_and(|r| !r.is_empty()), "{w}");
        // the task that ran the wake-up, never the wakee itself
        let waker = a["waker"]
            .as_str()
            .unwrap_or_else(|| panic!("waker in {w}"));
        assert!(!waker.is_empty() && waker != a["task"], "{w}");
        assert_eq!(
            tid_cpu[&w["tid"].as_u64().unwrap()],
            a["cpu"].as_u64().unwrap() as usize
        );
    }
    let starts: BTreeSet<u64> = events
        .iter()
        .filter(|e| e["ph"] == "s")
        .map(|e| e["id"].as_u64().unwrap())
        .collect();
    let finishes: BTreeSet<u64> = events
        .iter()
        .filter(|e| e["ph"] == "f")
        .map(|e| e["id"].as_u64().unwrap())
        .collect();
    assert_eq!(starts, finishes);
    assert_eq!(starts.len(), wakes.len());

    // migrations are reported; wake-up migrations carry the rule
    let migr: Vec<&Value> = events.iter().filter(|e| e["cat"] == "migration").collect();
    let wake_migr = d
        .wake_records
        .iter()
        .filter(|w| w.prev_cpu != w.cpu)
        .count();
    assert!(migr.len() >= wake_migr);
    for m in &migr {
        assert_ne!(m["args"]["from_cpu"], m["args"]["to_cpu"], "{m}");
    }

    // counters: a frequency track and a busy/idle track per CPU, numeric, plausible
    for c in 0..cpus {
        let f: Vec<f64> = events
            .iter()
            .filter(|e| e["ph"] == "C" && e["name"] == format!("CPU {c} freq").as_str())
            .map(|e| e["args"]["MHz"].as_f64().unwrap())
            .collect();
        assert!(
            f.iter().all(|&m| (100.0..10_000.0).contains(&m)),
            "CPU {c}: {f:?}"
        );
        let busy: Vec<f64> = events
            .iter()
            .filter(|e| e["ph"] == "C" && e["name"] == format!("CPU {c} state").as_str())
            .map(|e| e["args"]["busy"].as_f64().unwrap())
            .collect();
        assert!(!busy.is_empty(), "CPU {c} has no state track");
        assert!(busy.iter().all(|&b| b == 0.0 || b == 1.0));
        assert!(
            busy.windows(2).all(|w| w[0] != w[1]),
            "repeated state values"
        );
    }
    assert!(
        events
            .iter()
            .any(|e| e["ph"] == "C" && e["args"]["MHz"].is_number())
    );
}

#[test]
fn windowed_export_stays_in_its_window() {
    let w = (10_000_000, 20_000_000);
    let d = run(w);
    let cpus = d.result.cpu_busy_pct.len();
    let opts = TraceOptions {
        window: Some(w),
        ..TraceOptions::default()
    };
    let json = chrome_trace_with(&d, cpus, &opts).unwrap();
    let v: Value = serde_json::from_str(&json).unwrap();
    let events = v["traceEvents"].as_array().unwrap();
    let mut n = 0;
    for e in events.iter().filter(|e| e["ph"] != "M") {
        check_event(e);
        let t = ts(e);
        assert!(
            (10_000.0..=20_000.0).contains(&t),
            "outside the window: {e}"
        );
        if e["ph"] == "X" {
            assert!(t + e["dur"].as_f64().unwrap() <= 20_000.0 + 1e-6, "{e}");
            n += 1;
        }
    }
    assert!(n > 0);
    assert_eq!(v["otherData"]["window_ns"], serde_json::json!([w.0, w.1]));
}

#[test]
fn too_long_runs_are_refused_with_a_window_suggestion() {
    let d = run((0, RUN_MS * 1_000_000));
    let cpus = d.result.cpu_busy_pct.len();
    let segs = d.timeline.len();
    let opts = TraceOptions {
        max_segments: segs / 4,
        ..TraceOptions::default()
    };
    let err = chrome_trace_with(&d, cpus, &opts).unwrap_err();
    let TraceError::TooLong {
        suggested_window_ns,
        ..
    } = err
    else {
        panic!("{err:?}")
    };
    let msg = err.to_string();
    assert!(msg.contains("too long") && msg.contains("window"), "{msg}");
    assert!(
        msg.contains(&format!(
            "ms hold {segs} timeline segments, more than the {} a trace may hold",
            segs / 4
        )),
        "{msg}"
    );
    assert!(suggested_window_ns < RUN_MS * 1_000_000 / 2, "{msg}");
    // the suggested window does fit
    let w = (5_000_000, 5_000_000 + suggested_window_ns);
    let d2 = run(w);
    let opts2 = TraceOptions {
        window: Some(w),
        max_segments: segs / 4,
        ..TraceOptions::default()
    };
    assert!(chrome_trace_with(&d2, cpus, &opts2).is_ok());
}

#[test]
fn bad_inputs_are_errors_not_panics() {
    let d = run((0, RUN_MS * 1_000_000));
    let cpus = d.result.cpu_busy_pct.len();
    assert!(matches!(
        chrome_trace(&d, 1),
        Err(TraceError::BadCpu {
            machine_cpus: 1,
            ..
        })
    ));
    let opts = TraceOptions {
        window: Some((5, 5)),
        ..TraceOptions::default()
    };
    assert!(matches!(
        chrome_trace_with(&d, cpus, &opts),
        Err(TraceError::BadWindow { .. })
    ));
    let mut none = d.clone();
    none.timeline.clear();
    let e = chrome_trace(&none, cpus).unwrap_err();
    assert!(e.to_string().contains("DetailOptions.window"), "{e}");
}

/// The default preset's xfs log workers (`kworker/c:1H`) are pinned: their wake-ups make no
/// placement decision, so they are kept as `plain_wakes`, and the run's event stream (the
/// validation's summaries) sees them block and wake instead of only ever being preempted.
#[test]
fn pinned_kworkers_wake_ups_reach_the_model_summary() {
    use wakelab_interop::sched_trace::{stream_of_point, summarise};
    let d = run((0, u64::MAX));
    assert!(!d.plain_wakes.is_empty(), "no wake-up without a decision");
    let kworker = |t: u32| {
        d.task_names
            .get(t as usize)
            .is_some_and(|n| n.ends_with(":1H"))
    };
    let names: BTreeSet<&str> = d
        .plain_wakes
        .iter()
        .map(|w| d.task_names[w.task as usize].as_str())
        .collect();
    // the per-CPU workers: the log workers and the system noise's kworkers
    assert!(names.iter().all(|n| n.contains("kworker/")), "{names:?}");
    assert!(names.iter().any(|n| n.ends_with(":1H")), "{names:?}");
    assert!(d.wake_records.iter().all(|w| !kworker(w.task)));
    let s = summarise(&stream_of_point(&d));
    let g = s
        .groups
        .iter()
        .find(|g| g.group.starts_with("kworker") && g.group.ends_with('H'))
        .unwrap_or_else(|| panic!("no kworker group: {:?}", s.groups));
    let a = &g.activity;
    assert!(a.wakeups > 0 && a.blocks > 0, "{a:?}");
    // each wake-up is followed by a block (the worker runs its work item and sleeps again)
    assert!(a.preemptions * 10 < a.blocks, "{a:?}");
    assert!(a.blocks.abs_diff(a.wakeups) <= 2, "{a:?}");
}

/// Under 6.18 every wake-up onto a CPU running a fair task carries what the preemption check
/// saw (`wakeup-preempt` instants, docs/interop.md): one per engine record, with the lags and
/// flags a `sched_wakeup` tracepoint would read. Other versions have none.
#[test]
fn a_6_18_trace_carries_each_wake_up_preemption_check() {
    use wakelab_sim::kernel::{KernelConfig, KernelVersion};
    let mut exp = presets::experiment("default").unwrap();
    exp.scenario.run.duration_ms = RUN_MS;
    exp.scenario.run.warmup_ms = 5;
    exp.scenario.engine.max_wakeup_records = 1_000_000;
    exp.variants[0].kernel = Some(KernelConfig::baseline(KernelVersion::V6_18));
    let window = (0, RUN_MS * 1_000_000);
    let opts = DetailOptions {
        window: Some(window),
        explain_decision: None,
        shadow_kernel: None,
    };
    let d = run_point_detailed(&exp, 0, 2, 0, opts, None).unwrap();
    assert!(
        d.wake_preempts.len() > 10,
        "{} records",
        d.wake_preempts.len()
    );
    let cpus = d.result.cpu_busy_pct.len();
    let v: Value = serde_json::from_str(&chrome_trace(&d, cpus).unwrap()).unwrap();
    let checks: Vec<&Value> = v["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["cat"] == "wakeup-preempt")
        .collect();
    assert_eq!(checks.len(), d.wake_preempts.len());
    for (e, w) in checks.iter().zip(&d.wake_preempts) {
        check_event(e);
        let a = &e["args"];
        assert_eq!(a["wakee_id"], w.wakee, "{e}");
        assert_eq!(a["need_resched"], w.resched, "{e}");
        assert_eq!(a["curr_eligible"], w.curr_eligible, "{e}");
        let lag_us = a["curr_lag_us"].as_f64().unwrap();
        assert!((lag_us * 1000.0 - w.curr_lag_ns as f64).abs() < 1.0, "{e}");
    }
    // the default preset's own kernel (CFS) records none
    assert!(run(window).wake_preempts.is_empty());
}

/// A window within the segment bound but over the event bound (wake-ups and their preemption
/// checks add events of their own) is refused naming the event bound, and the suggested window
/// fits it.
#[test]
fn the_event_bound_is_named_when_it_is_the_one_exceeded() {
    let d = run((0, RUN_MS * 1_000_000));
    let cpus = d.result.cpu_busy_pct.len();
    let segs = d.timeline.len();
    let all = chrome_trace(&d, cpus).unwrap();
    let events = serde_json::from_str::<Value>(&all).unwrap()["traceEvents"]
        .as_array()
        .unwrap()
        .len();
    let opts = TraceOptions {
        max_segments: segs * 2,
        max_events: events / 4,
        ..TraceOptions::default()
    };
    let err = chrome_trace_with(&d, cpus, &opts).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("ms hold about")
            && msg.contains(&format!("trace events (timeline segments, wake-ups and their preemption checks, frequency and runqueue-length samples), more than the {} a trace may hold", events / 4)),
        "{msg}"
    );
    let TraceError::TooLong {
        suggested_window_ns,
        ..
    } = err
    else {
        panic!("{err:?}")
    };
    assert!(suggested_window_ns < RUN_MS * 1_000_000 / 2, "{msg}");
    let w = (5_000_000, 5_000_000 + suggested_window_ns);
    let d2 = run(w);
    let opts2 = TraceOptions {
        window: Some(w),
        ..opts
    };
    assert!(chrome_trace_with(&d2, cpus, &opts2).is_ok());
}

/// The runqueue-length counters ("CPU N runnable") follow the timeline: a CPU running a task
/// has at least that task runnable, counts stay within the run's tasks, and every CPU that ran
/// something in the window has a track.
#[test]
fn runnable_counters_follow_the_timeline() {
    let w = (10_000_000, 30_000_000);
    let d = run(w);
    let cpus = d.result.cpu_busy_pct.len();
    let opts = TraceOptions {
        window: Some(w),
        ..TraceOptions::default()
    };
    let json = chrome_trace_with(&d, cpus, &opts).unwrap();
    let v: Value = serde_json::from_str(&json).unwrap();
    let mut counters: BTreeMap<usize, Vec<(u64, u64)>> = BTreeMap::new();
    for e in v["traceEvents"].as_array().unwrap() {
        let Some(name) = e["name"].as_str() else {
            continue;
        };
        if let Some(c) = name
            .strip_prefix("CPU ")
            .and_then(|r| r.strip_suffix(" runnable"))
        {
            let t_ns = (ts(e) * 1000.0).round() as u64;
            let nr = e["args"]["tasks"].as_u64().expect("integer count");
            counters
                .entry(c.parse().unwrap())
                .or_default()
                .push((t_ns, nr));
        }
    }
    let busy: BTreeSet<usize> = d
        .timeline
        .iter()
        .filter(|s| s.task.is_some())
        .map(|s| s.cpu as usize)
        .collect();
    assert_eq!(counters.keys().copied().collect::<BTreeSet<_>>(), busy);
    let count_at = |c: usize, t: u64| -> Option<u64> {
        counters[&c]
            .iter()
            .take_while(|p| p.0 <= t)
            .last()
            .map(|p| p.1)
    };
    let mut checked = 0;
    for s in d.timeline.iter().filter(|s| s.task.is_some()) {
        let c = s.cpu as usize;
        // mid-segment: the running task is counted
        let mid = s.start + (s.end - s.start) / 2;
        if let Some(nr) = count_at(c, mid) {
            assert!(nr >= 1, "CPU {c} runs a task at {mid} ns but counts {nr}");
            assert!(nr as usize <= d.task_names.len());
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}
